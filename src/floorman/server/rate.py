"""Rates a client may not exceed: token buckets, one per key (a client's
address, a socket), refilled continuously.

The clock comes in as an argument (``now``), so the limits are tested
without sleeping.  A bucket that has been full for a while is forgotten,
so the table of keys stays as small as the set of busy clients.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass


@dataclass
class Bucket:
    """``capacity`` tokens at most, ``per_second`` new ones each second."""

    capacity: float
    per_second: float
    tokens: float
    stamp: float

    def take(self, now: float, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens if there are that many (True), else spend
        nothing (False)."""
        self.refill(now)
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True

    def refill(self, now: float) -> None:
        elapsed = max(0.0, now - self.stamp)
        self.tokens = min(self.capacity, self.tokens + elapsed * self.per_second)
        self.stamp = now

    def retry_after(self, cost: float = 1.0) -> float:
        """Seconds until ``cost`` tokens are there again."""
        missing = cost - self.tokens
        return max(0.0, missing / self.per_second) if self.per_second > 0 else float("inf")


class RateLimiter:
    """A bucket per key: ``burst`` at once, then ``per_minute`` a minute."""

    def __init__(
        self,
        burst: int,
        per_minute: float,
        *,
        now: Callable[[], float] = time.monotonic,
        max_keys: int = 100_000,
    ) -> None:
        if burst < 1 or per_minute <= 0:
            raise ValueError("a rate limit needs a burst of at least 1 and a positive rate")
        self.burst = burst
        self.per_second = per_minute / 60.0
        self.now = now
        self.max_keys = max_keys
        self.buckets: dict[Hashable, Bucket] = {}

    def allow(self, key: Hashable, cost: float = 1.0) -> bool:
        """Whether ``key`` may do one more (and count it if so)."""
        now = self.now()
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.max_keys:
                self.forget_refilled(now)
            bucket = self.buckets[key] = Bucket(self.burst, self.per_second, self.burst, now)
        return bucket.take(now, cost)

    def retry_after(self, key: Hashable) -> float:
        """Seconds until ``key`` may go on (0: now)."""
        bucket = self.buckets.get(key)
        if bucket is None:
            return 0.0
        bucket.refill(self.now())
        return bucket.retry_after()

    def forget_refilled(self, now: float) -> None:
        """Drop the buckets that have refilled: they hold no memory of use."""
        for key, bucket in list(self.buckets.items()):
            bucket.refill(now)
            if bucket.tokens >= bucket.capacity:
                del self.buckets[key]
        if len(self.buckets) >= self.max_keys:  # every client busy: the oldest go
            for key in list(self.buckets)[: len(self.buckets) // 2]:
                del self.buckets[key]


__all__ = ["Bucket", "RateLimiter"]
