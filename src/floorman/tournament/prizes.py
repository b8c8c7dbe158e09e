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

Payout rounding (OQ-69): with a ``payout_unit`` (e.g. 50 kr) every prize
below first, and each share of places shared, is rounded down to a
multiple of it; first place (or the first named of those sharing) takes
what is left, so the prizes still add up to the pool.

>>> from floorman.tournament.structure import Level, Structure
>>> s = Structure(levels=(Level(10, 60),), starting_stack=1000, table_size=9,
...               payout_shares=(50, 30, 20), prize_pool=1001)
>>> prize_table(s, 20)
[(501, 50.0), (300, 30.0), (200, 20.0)]
>>> shared_prizes(prize_table(s, 20), 2, ["a", "b"])
[('a', 250, 25.0), ('b', 250, 25.0)]
>>> prize_table(s, 2)  # third place's 20 % goes 50:30 to the first two (OQ-69)
[(626, 62.5), (375, 37.5)]
>>> prize_table(s, 20, unit=40)  # each prize below 1st down to 40, the rest to 1st
[(521, 50.0), (280, 30.0), (200, 20.0)]
>>> shared_prizes(prize_table(s, 20, unit=40), 2, ["a", "b"], unit=100)
[('a', 280, 25.0), ('b', 200, 25.0)]
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
    unit: int | None = None,
) -> list[tuple[int, float]]:
    """(amount, percent) per place ``entrants`` players can fill: the
    table cut to those places and the whole pool shared among them in
    proportion to their shares (OQ-69), each amount below first rounded
    down to ``unit`` and what is left to first place.  ``pool``,
    ``shares`` and ``unit``: the pool, table and rounding that apply now
    (made from the entries, :mod:`floorman.tournament.money`); by default
    the structure's fixed pool, its one table and its payout unit."""
    shares = structure.payout_shares if shares is None else shares
    pool = structure.prize_pool if pool is None else pool
    unit = structure.payout_unit if unit is None else unit
    paid = list(shares[: max(1, entrants)])
    total = sum(paid)
    amounts = [pool * s // total // unit * unit for s in paid]
    amounts[0] += pool - sum(amounts)
    return [(a, round(100.0 * s / total, 4)) for a, s in zip(amounts, paid, strict=True)]


def shared_prizes(
    table: Sequence[tuple[int, float]], place: int, players: Sequence[str], unit: int = 1
) -> list[tuple[str, int, float]]:
    """The prizes of places ``place`` .. ``place + len(players) - 1`` split
    equally among ``players``, each share rounded down to ``unit``; the
    first named takes what is left (the odd unit, OQ-39, OQ-69)."""
    covered = table[place - 1 : place - 1 + len(players)]
    if not covered:
        return []
    amount = sum(a for a, _ in covered)
    percent = sum(p for _, p in covered)
    each = amount // len(players) // unit * unit
    odd = amount - each * len(players)
    return [
        (player, each + (odd if k == 0 else 0), round(percent / len(players), 4))
        for k, player in enumerate(players)
    ]
