"""Prizes from the organiser's payout table (NM-H-19, OQ-39): place k gets
``payout_shares[k-1]`` percent of the pool; rounding leftovers go to first
place.  Players who share places (OQ-06) split those places' prizes.

Fewer entrants than paid places (OQ-39 reading "unfilled places are not
paid"): places 1 to the number of entrants get exactly the percent the
table gives them, and the shares of places nobody can finish in are not
paid to anyone.  Moving them to other places, proportionally or to the
winner, would invent a payout the organiser did not give, and OQ-39 says
nothing may be invented; NM-H-19 pays "the 5 best", and with three
entrants there are three.

>>> from floorman.tournament.structure import Level, Structure
>>> s = Structure(levels=(Level(10, 60),), starting_stack=1000, table_size=9,
...               payout_shares=(50, 30, 20), prize_pool=1001)
>>> prize_table(s, 20)
[(501, 50.0), (300, 30.0), (200, 20.0)]
>>> shared_prizes(prize_table(s, 20), 2, ["a", "b"])
[('a', 250, 25.0), ('b', 250, 25.0)]
>>> prize_table(s, 2)  # the 20% of third place is not paid (OQ-39)
[(501, 50.0), (300, 30.0)]
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
    """(amount, percent) per paid place: the whole table's amounts (odd
    units to first place), cut to the places ``entrants`` players can fill
    (OQ-39: the unfilled places' shares are not paid, never rescaled).
    ``pool`` and ``shares``: the pool and table that apply now (made from
    the entries, :mod:`floorman.tournament.money`); by default the
    structure's fixed pool and its one table."""
    shares = structure.payout_shares if shares is None else shares
    pool = structure.prize_pool if pool is None else pool
    total = sum(shares)
    amounts = [pool * s // total for s in shares]
    if amounts:
        amounts[0] += pool - sum(amounts)
    table = [(a, round(100.0 * s / total, 4)) for a, s in zip(amounts, shares, strict=True)]
    return table[: max(1, entrants)]


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
