"""Prizes from the organiser's payout table (NM-H-19, OQ-39): place k gets
``payout_shares[k-1]`` percent of the pool; rounding leftovers go to first
place.  Players who share places (OQ-06) split those places' prizes.

>>> from floorman.tournament.structure import Level, Structure
>>> s = Structure(levels=(Level(10, 60),), starting_stack=1000, table_size=9,
...               payout_shares=(50, 30, 20), prize_pool=1001)
>>> prize_table(s, 20)
[(501, 50.0), (300, 30.0), (200, 20.0)]
>>> shared_prizes(prize_table(s, 20), 2, ["a", "b"])
[('a', 250, 25.0), ('b', 250, 25.0)]
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.tournament.structure import Structure


def prize_table(structure: Structure, entrants: int) -> list[tuple[int, float]]:
    """(amount, percent) per paid place; never more places than entrants."""
    shares = structure.payout_shares[: max(1, entrants)]
    total = sum(shares)
    amounts = [structure.prize_pool * s // total for s in shares]
    if amounts:
        amounts[0] += structure.prize_pool - sum(amounts)
    return [(a, round(100.0 * s / total, 4)) for a, s in zip(amounts, shares, strict=True)]


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
