"""Prizes from the organiser's payout table (NM-H-19, OQ-39): place k gets
``payout_shares[k-1]`` percent of the pool; rounding leftovers go to first
place.  Players who share places (OQ-06) split those places' prizes.

Fewer entrants than paid places (OQ-69): the places nobody can finish in
are not paid, and their shares are shared out among the places that can
be, in proportion to those places' own shares (three entrants under
40/25/15/12/8 are paid 40:25:15 of the whole pool: 50, 31.25 and 18.75 %).
The announced prizes always add up to the pool, to the unit; the units
left by the division go to first place, as every remainder of a prize
does (OQ-39's odd unit).  The organiser's proportions between the places
he named stay his (nothing invented, OQ-39); only the money of places
that cannot exist moves.

>>> from floorman.tournament.structure import Level, Structure
>>> s = Structure(levels=(Level(10, 60),), starting_stack=1000, table_size=9,
...               payout_shares=(50, 30, 20), prize_pool=1001)
>>> prize_table(s, 20)
[(501, 50.0), (300, 30.0), (200, 20.0)]
>>> shared_prizes(prize_table(s, 20), 2, ["a", "b"])
[('a', 250, 25.0), ('b', 250, 25.0)]
>>> prize_table(s, 2)  # third place's 20 % goes 50:30 to the first two (OQ-69)
[(626, 62.5), (375, 37.5)]
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.tournament.structure import Structure


def prize_table(
    structure: Structure,
    entrants: int,
    *,
    pool: int | None = None,
    shares: Sequence[int] | None = None,
) -> list[tuple[int, float]]:
    """(amount, percent) per place ``entrants`` players can fill: the
    table cut to those places and the whole pool shared among them in
    proportion to their shares (OQ-69), the units left by the division
    to first place.  ``pool`` and ``shares``: the pool and table that
    apply now (made from the entries, :mod:`floorman.tournament.money`);
    by default the structure's fixed pool and its one table."""
    shares = structure.payout_shares if shares is None else shares
    pool = structure.prize_pool if pool is None else pool
    paid = list(shares[: max(1, entrants)])
    total = sum(paid)
    amounts = [pool * s // total for s in paid]
    amounts[0] += pool - sum(amounts)
    return [(a, round(100.0 * s / total, 4)) for a, s in zip(amounts, paid, strict=True)]


def shared_prizes(
    table: Sequence[tuple[int, float]], place: int, players: Sequence[str]
) -> list[tuple[str, int, float]]:
    """The prizes of places ``place`` .. ``place + len(players) - 1`` split
    equally among ``players``; the first named takes any odd unit."""
    covered = table[place - 1 : place - 1 + len(players)]
    if not covered:
        return []
    amount = sum(a for a, _ in covered)
    percent = sum(p for _, p in covered)
    each, odd = divmod(amount, len(players))
    return [
        (player, each + (odd if k == 0 else 0), round(percent / len(players), 4))
        for k, player in enumerate(players)
    ]
