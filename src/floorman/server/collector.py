"""Garbage collection paced for a server that holds whole tournaments in memory.

CPython's full (generation 2) collection walks every object it tracks while
the event loop waits.  With a thousand players seated, their hand logs and
their views, that was 94–407 ms at a time in `floorman bench server
--clients 1000` (p99 of action → next frame 160 ms; see docs/benchmarks.md).
Almost nothing that has lived through start-up or ten settled seconds becomes
garbage, so it is frozen (``gc.freeze``: out of the collector's sight) and
the full collections that remain walk only what is newer than the last
freeze.  Each freeze is preceded by a collection, so young cycles do not
get frozen; cycles among frozen objects wait for the thaw, once an hour by
default, which is then the one long pause.
"""

from __future__ import annotations

import asyncio
import gc
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

OFF = {"0", "off", "false", "no"}
ENVIRONMENT = "FLOORMAN_GC_PACING"  # "off" measures the server without it


@dataclass
class CollectorPacing:
    """Freeze what has settled every ``settle_seconds``; thaw and collect
    everything every ``thaw_seconds``.  ``clock`` is injectable for tests."""

    settle_seconds: float = 10.0
    thaw_seconds: float = 3600.0
    clock: Callable[[], float] = time.monotonic
    last_thaw: float = field(default=0.0, init=False)

    @staticmethod
    def wanted() -> bool:
        return os.environ.get(ENVIRONMENT, "on").strip().lower() not in OFF

    def settle(self) -> None:
        """Collect what is young, then freeze everything alive (start-up,
        and after every ``settle_seconds``)."""
        if not self.last_thaw:
            self.last_thaw = self.clock()
        if self.clock() - self.last_thaw >= self.thaw_seconds:
            gc.unfreeze()  # cycles among long-frozen objects are collected now
            self.last_thaw = self.clock()
        gc.collect()
        gc.freeze()

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.settle_seconds)
            self.settle()


def paced_collection() -> asyncio.Task[None] | None:
    """Settle now and every ten seconds after, unless switched off by the
    environment; the caller cancels the task at shutdown."""
    if not CollectorPacing.wanted():
        return None
    pacing = CollectorPacing()
    pacing.settle()
    return asyncio.get_running_loop().create_task(pacing.run(), name="collector pacing")


def stop_pacing(pacing: asyncio.Task[None] | None) -> None:
    """At shutdown: the task ends and the frozen objects go back to the
    collector, so nothing stays frozen in a process that goes on."""
    if pacing is not None:
        pacing.cancel()
        gc.unfreeze()
