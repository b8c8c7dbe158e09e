"""Entries and money: the buy-in, the organiser's fee, the prize pool made
from the paid entries with a guarantee below it, and payout tables chosen
by the number of entries.

The amounts are the organiser's (OQ-39: nothing is invented; OQ-68: the
German rules leave prizes to the organiser).  Only confirmed entries pay
(DE-DEAL-3/4, OQ-46): a running-along stack that is withdrawn paid
nothing and adds nothing to the pool.  The fee is the organiser's and
never in the pool.  A fixed ``prize_pool`` (what a director set before
buy-ins existed) stays the pool, whatever the entries.

>>> prize_pool_for(buy_in=100, guarantee=1000, fixed=0, paid_entries=7)
1000
>>> prize_pool_for(buy_in=100, guarantee=1000, fixed=0, paid_entries=23)
2300
>>> prize_pool_for(buy_in=100, guarantee=0, fixed=5000, paid_entries=23)
5000
>>> ranges = (PayoutRange(2, 10, (65, 35)), PayoutRange(11, None, (50, 30, 20)))
>>> shares_for(ranges, (40, 25, 15, 12, 8), 7), shares_for(ranges, (40, 25, 15, 12, 8), 40)
((65, 35), (50, 30, 20))
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class PayoutRange:
    """The payout table (percent per place) for ``low`` to ``high``
    entries; ``high`` None: and any number above."""

    low: int
    high: int | None
    shares: tuple[int, ...]

    def holds(self, entries: int) -> bool:
        return self.low <= entries and (self.high is None or entries <= self.high)

    def to_dict(self) -> dict[str, Any]:
        return {"min_entries": self.low, "max_entries": self.high, "shares": list(self.shares)}


def payout_ranges_from(data: Iterable[Mapping[str, Any]]) -> tuple[PayoutRange, ...]:
    """The ranges as :meth:`PayoutRange.to_dict` writes them, lowest first."""
    ranges = [
        PayoutRange(
            low=int(item["min_entries"]),
            high=None if item.get("max_entries") is None else int(item["max_entries"]),
            shares=tuple(int(s) for s in item["shares"]),
        )
        for item in data
    ]
    return tuple(sorted(ranges, key=lambda r: r.low))


def check_payout_ranges(ranges: Sequence[PayoutRange], problems: list[str]) -> None:
    """Each range at least one entry wide, none overlapping another; each
    table a proper payout table (:func:`check_payout_shares`)."""
    from floorman.tournament.structure import Problem, check_payout_shares

    if len(ranges) > 100:
        problems.append(Problem("at most 100 payout tables"))
        return
    for payout in ranges:
        if payout.low < 1 or (payout.high is not None and payout.high < payout.low):
            problems.append(
                Problem(
                    "a payout table's entries run from 1 up, low to high: {low}-{high}",
                    low=payout.low,
                    high="" if payout.high is None else payout.high,
                )
            )
        check_payout_shares(payout.shares, problems)
    for lower, upper in itertools.pairwise(ranges):
        if lower.high is None or lower.high >= upper.low:
            problems.append(
                Problem(
                    "payout tables for {first} and {second} entries overlap",
                    first=f"{lower.low}-{lower.high or ''}",
                    second=f"{upper.low}-{upper.high or ''}",
                )
            )


def shares_for(
    ranges: Sequence[PayoutRange], default: tuple[int, ...], entries: int
) -> tuple[int, ...]:
    """The table that applies to ``entries``: the range that holds them;
    below every range the lowest one, above every range the highest; no
    ranges at all: ``default`` (the structure's one table)."""
    if not ranges:
        return default
    for payout in ranges:
        if payout.holds(entries):
            return payout.shares
    return ranges[0].shares if entries < ranges[0].low else ranges[-1].shares


@dataclass(frozen=True, slots=True)
class Accounts:
    """Where the money of the entries goes: ``buy_ins`` (paid entries ×
    buy-in: the pool before the guarantee), ``fees`` (paid entries × fee:
    the organiser's, never in the pool), ``top_up`` (what the guarantee
    adds to the buy-ins; 0 when they cover it or a fixed pool is set) and
    the ``prize_pool`` they make: ``fixed_pool`` when set, else ``buy_ins
    + top_up``.

    >>> accounts_for(buy_in=100, fee=10, guarantee=1000, fixed=0, paid_entries=7).to_dict()
    ... # doctest: +NORMALIZE_WHITESPACE
    {'paid_entries': 7, 'buy_in': 100, 'fee': 10, 'buy_ins': 700, 'fees': 70,
     'guarantee': 1000, 'top_up': 300, 'fixed_pool': 0, 'prize_pool': 1000}
    """

    paid_entries: int
    buy_in: int
    fee: int
    buy_ins: int
    fees: int
    guarantee: int
    top_up: int
    fixed_pool: int
    prize_pool: int

    def to_dict(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in self.__slots__}


def accounts_for(
    *, buy_in: int, fee: int, guarantee: int, fixed: int, paid_entries: int
) -> Accounts:
    """The accounts of ``paid_entries`` entries (only the paid ones pay:
    DE-DEAL-3/4, OQ-46); the pool is :func:`prize_pool_for`'s."""
    paid = max(0, paid_entries)
    buy_ins = buy_in * paid
    pool = prize_pool_for(buy_in=buy_in, guarantee=guarantee, fixed=fixed, paid_entries=paid)
    return Accounts(
        paid_entries=paid,
        buy_in=buy_in,
        fee=fee,
        buy_ins=buy_ins,
        fees=fee * paid,
        guarantee=guarantee,
        top_up=0 if fixed > 0 else pool - buy_ins,
        fixed_pool=fixed if fixed > 0 else 0,
        prize_pool=pool,
    )


def prize_pool_for(*, buy_in: int, guarantee: int, fixed: int, paid_entries: int) -> int:
    """A fixed pool is the pool; otherwise the paid entries' buy-ins, never
    less than the guarantee (the fee is the organiser's, never in it)."""
    if fixed > 0:
        return fixed
    return max(guarantee, buy_in * max(0, paid_entries))


__all__ = [
    "Accounts",
    "PayoutRange",
    "accounts_for",
    "check_payout_ranges",
    "payout_ranges_from",
    "prize_pool_for",
    "shares_for",
]
