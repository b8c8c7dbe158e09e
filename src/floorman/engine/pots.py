"""Main and side pots, and splitting a pot with its odd chips.

Side pots follow NM-D-3B (imported into hold'em by NM-H-6): the amount every
player can match goes to the main pot, the rest to side pots, each won by the
best hand among those who paid into it.  Odd chips go to the first winner
clockwise from the button, pot by pot (DE-ODDCHIP-1, OQ-24, OQ-67).

Positions are indices in clockwise order starting left of the button, so
"first clockwise from the button" is simply the lowest index.

>>> build_pots([100, 300, 300, 50], [True, True, True, False])
[Pot(amount=350, eligible=(0, 1, 2)), Pot(amount=400, eligible=(1, 2))]
>>> build_pots([0, 40, 40], [True, True, True], dead_money=30)
[Pot(amount=30, eligible=(0, 1, 2)), Pot(amount=80, eligible=(1, 2))]
>>> split_pot(10, [2, 0, 1])
{0: 4, 1: 3, 2: 3}
>>> split_pot(11, [1, 2, 3])
{1: 5, 2: 3, 3: 3}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Pot(NamedTuple):
    amount: int
    eligible: tuple[int, ...]


_new_pot = tuple.__new__  # a Pot without the namedtuple's Python-level __new__


def build_pots(contributed: Sequence[int], live: Sequence[bool], dead_money: int = 0) -> list[Pot]:
    """Pots from each position's total contribution (NM-D-3B s2-s5).

    Every chip is in exactly one pot.  Chips that folded players put in above
    the largest live contribution join the last pot.  ``dead_money`` (antes
    of a blinds game, a carried check-pot, penalties) belongs to the main
    pot, which every live player contests.
    """
    # Plain loops: every hand's end builds its pots (twice at a showdown).
    n = len(contributed)
    if len(live) != n:
        raise ValueError("one contribution and one live flag per position")
    live_positions: list[int] = []
    contributions: set[int] = set()
    live_without_chips = False
    for i in range(n):
        if live[i]:
            live_positions.append(i)
            c = contributed[i]
            if c:
                contributions.add(c)
            else:
                live_without_chips = True
    everyone = tuple(live_positions)
    if len(everyone) == 1:  # everyone else folded: one pot, every chip in it, as below
        chips = sum(contributed) + dead_money
        return [_new_pot(Pot, (chips, everyone))] if chips else []
    pots: list[Pot] = []
    previous = 0
    if dead_money and live_without_chips:
        pots.append(_new_pot(Pot, (dead_money, everyone)))
        dead_money = 0
    for level in sorted(contributions):
        amount = dead_money
        dead_money = 0
        at_level: list[int] = []
        for i in range(n):
            c = contributed[i]
            if c > previous:
                amount += (level if c > level else c) - previous
            if c >= level and live[i]:
                at_level.append(i)
        eligible = tuple(at_level)
        if pots and pots[-1][1] == eligible:
            pots[-1] = _new_pot(Pot, (pots[-1][0] + amount, eligible))
        else:
            pots.append(_new_pot(Pot, (amount, eligible)))
        previous = level
    leftover = dead_money
    for c in contributed:
        if c > previous:
            leftover += c - previous
    if leftover:
        if pots:
            last_amount, last_eligible = pots[-1]
            pots[-1] = _new_pot(Pot, (last_amount + leftover, last_eligible))
        else:
            pots.append(_new_pot(Pot, (leftover, everyone)))
    return pots


def split_pot(amount: int, winners: Sequence[int]) -> dict[int, int]:
    """Share ``amount`` equally (NM-H-12, NM-D-4.0b s2); the indivisible
    remainder goes to the winner nearest the button's left (DE-ODDCHIP-1:
    "this amount goes to the winning player who sits nearest to the left of
    the dealer button"; OQ-24, OQ-67)."""
    ordered = sorted(winners)
    share, odd = divmod(amount, len(ordered))
    shares = dict.fromkeys(ordered, share)
    shares[ordered[0]] += odd
    return shares


def dead_pot_taker(stacks: Sequence[int], start_stacks: Sequence[int]) -> int | None:
    """Who takes the pot of a hand in which every hand is dead (players
    away or serving a time penalty, forced bets posted: DE-DEAL-2,
    DE-SEATED-2, DE-ABSENT-2, OQ-45, OQ-62); None: nobody, it is carried.

    Nobody holds a live hand and a dead hand never wins a pot - the big
    blind's neither (DE-SEATED-3) - so the forced bets stay in the pot
    (DE-SEATED-3, OQ-45), carried to the table's next hand as a check-pot
    is (OQ-10), for the next live hand to win: the stacks are blinded down
    (DE-DEAL-3, OQ-46) until a player returns or they are gone.  Returning
    the bets to those who posted them, or giving the pot to the big blind,
    would leave the stacks as they were after every orbit and the table
    dealing for ever.

    When the forced bets leave fewer than two players with chips, no hand
    can follow to play for the pot: the one player with chips left takes
    it (a stranded check-pot, OQ-10, NM-D-3B); with nobody left, the one
    ranked highest among those out in the same hand (OQ-06: the biggest
    stack at its start; of equal stacks the first from the button's left,
    the order of DE-ODDCHIP-1), so someone is out and the table ends.

    >>> dead_pot_taker([99, 98, 100], [100, 100, 100]) is None
    True
    >>> dead_pot_taker([0, 0, 48], [1, 2, 50]), dead_pot_taker([0, 0], [1, 1])
    (2, 0)
    """
    with_chips = [i for i, stack in enumerate(stacks) if stack]
    if len(with_chips) >= 2:
        return None
    if with_chips:
        return with_chips[0]
    return list(start_stacks).index(max(start_stacks))
