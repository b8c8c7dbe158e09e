"""Deals over the prize money left (OQ-34, OQ-73): the chip chop and the
ICM chop (Malmuth–Harville), in whole units that add up to the money left.

Pure arithmetic on exact fractions: no float decides who gets a unit.

- **Chip chop**: every player is sure of the smallest prize still to be
  paid (the last place among them); that much each, and the rest in
  proportion to the chips.
- **ICM chop** (Malmuth–Harville): a player finishes first with the
  chance his chips are of all chips; given who went before, each next
  place likewise among the players left.  His share is what he expects to
  win over the prizes still to be paid.

Whole units (OQ-73): each share is rounded down; the units left over (fewer
than the players) go one each to the largest fractions cut off, equal
fractions to the larger stack, then in the order the players are given.

>>> chip_chop({"a": 5000, "b": 3000, "c": 2000}, (5000, 3000, 2000))
{'a': 4000, 'b': 3200, 'c': 2800}
>>> icm_chop({"a": 5000, "b": 3000, "c": 2000}, (5000, 3000, 2000))
{'a': 3839, 'b': 3275, 'c': 2886}
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from fractions import Fraction

#: the methods a deal may use (OQ-73)
METHODS = ("chip", "icm")

#: the most players a deal is made among: a final table (OQ-73); the ICM's
#: exact sum runs over every subset of them
MAX_DEAL_PLAYERS = 10


def chip_chop(chips: Mapping[str, int], prizes: Sequence[int]) -> dict[str, int]:
    """Each player the smallest prize of ``prizes`` (the places 1..n still
    to be paid, n the players), the rest in proportion to his chips."""
    floor = min(prizes)
    rest = sum(prizes) - floor * len(chips)
    total = sum(chips.values())
    shares = {p: floor + Fraction(rest * c, total) for p, c in chips.items()}
    return whole_units(shares, chips)


def icm_equities(chips: Mapping[str, int], prizes: Sequence[int]) -> dict[str, Fraction]:
    """Each player's expected prize under Malmuth–Harville, exactly."""
    players = tuple(chips)

    @functools.cache
    def expect(left: frozenset[str], place: int) -> dict[str, Fraction]:
        # what each player in ``left`` expects from places ``place`` onwards
        if place >= len(prizes) or not left:
            return dict.fromkeys(left, Fraction(0))
        total = sum(chips[p] for p in left)
        out = dict.fromkeys(left, Fraction(0))
        for first in left:
            chance = Fraction(chips[first], total)
            out[first] += chance * prizes[place]
            for p, value in expect(left - {first}, place + 1).items():
                out[p] += chance * value
        return out

    found = expect(frozenset(players), 0)
    return {p: found[p] for p in players}


def icm_chop(chips: Mapping[str, int], prizes: Sequence[int]) -> dict[str, int]:
    """The ICM chop (Malmuth–Harville) of ``prizes`` in whole units."""
    return whole_units(icm_equities(chips, prizes), chips)


def whole_units(shares: Mapping[str, Fraction], chips: Mapping[str, int]) -> dict[str, int]:
    """Whole units adding up to the shares' sum (a whole number): each share
    rounded down, the units left one each to the largest fractions cut off
    (equal ones: the larger stack, then the order given)."""
    amounts = {p: int(share) for p, share in shares.items()}  # shares are never negative
    left = int(sum(shares.values())) - sum(amounts.values())
    order = sorted(
        shares, key=lambda p: (-(shares[p] - amounts[p]), -chips[p], list(shares).index(p))
    )
    for player in order[:left]:
        amounts[player] += 1
    return amounts


def chop(
    method: str, chips: Mapping[str, int], prizes: Sequence[int], unit: int = 1
) -> dict[str, int]:
    """The deal ``method`` ("chip" or "icm") makes of ``prizes``; with the
    organiser's payout ``unit`` (OQ-69) every share is rounded down to it
    and the biggest stack takes the rest, as 1st does of the prizes (OQ-75)."""
    amounts = chip_chop(chips, prizes) if method == "chip" else icm_chop(chips, prizes)
    return in_payout_units(amounts, chips, unit)


def in_payout_units(
    amounts: Mapping[str, int], chips: Mapping[str, int], unit: int
) -> dict[str, int]:
    """Each amount rounded down to ``unit``; what that leaves goes to the
    player with the most chips (equal stacks: the first given), so the sum
    stays and a bigger stack never gets less (OQ-75)."""
    rounded = {p: a - a % unit for p, a in amounts.items()} if unit > 1 else dict(amounts)
    biggest = min(chips, key=lambda p: (-chips[p], list(chips).index(p)))
    rounded[biggest] += sum(amounts.values()) - sum(rounded.values())
    return rounded


__all__ = [
    "MAX_DEAL_PLAYERS",
    "METHODS",
    "chip_chop",
    "chop",
    "icm_chop",
    "icm_equities",
    "in_payout_units",
    "whole_units",
]
