"""The chip race and the colour-up by rounding (OQ-72): what each stack
becomes when the smallest chip ``chip`` leaves play and every stack must be
a whole number of ``unit`` chips.  Pure: the cards come from ``randbelow``.

>>> stacks = {"a": 1025, "b": 975, "c": 1000, "d": 25}
>>> after, cards = race_table(stacks, 25, 50, "race", lambda n: 0)
>>> after, sorted(cards)
({'a': 1000, 'b': 1000, 'd': 50}, ['a', 'b'])
>>> race_table(stacks, 25, 50, "round-up", lambda n: 0)
({'a': 1050, 'b': 1000, 'd': 50}, {})
"""

from __future__ import annotations

from collections.abc import Mapping

from floorman.engine.cards import CARD_TEXT, RandBelow, shuffled_deck

#: a race deals from one deck
DECK = 52


def odd_small_chips(stacks: Mapping[str, int], chip: int, unit: int) -> int:
    """How many cards a race at a table of ``stacks`` deals: one per odd
    small chip of every player who races (one with only odd chips does not,
    :func:`race_table`)."""
    return sum(-(-(s % unit) // chip) for s in stacks.values() if s >= unit)


def race_table(
    stacks: Mapping[str, int], chip: int, unit: int, method: str, randbelow: RandBelow
) -> tuple[dict[str, int], dict[str, str]]:
    """The changed stacks of one table (by player, in ``stacks``' order, the
    seats') and, in a race, each racer's cards.

    "race": a player whose chips are all odd small chips (less than one
    ``unit``) is given one ``unit`` chip and does not race: nobody is raced
    out.  The others' odd chips are taken; each is dealt one card per odd
    small chip; the odd chips together are worth ``round(total / unit)``
    ``unit`` chips (a half rounded up), which go one each to the players
    with the highest cards (rank, then suit: spades, hearts, diamonds,
    clubs).  "round-up": each player's odd chips become one ``unit``."""
    after: dict[str, int] = {}
    racers: dict[str, int] = {}
    for player, chips in stacks.items():
        odd = chips % unit
        if not odd:
            continue
        if method == "round-up" or chips < unit:
            after[player] = chips - odd + unit
        else:
            racers[player] = odd
    if not racers:
        return after, {}
    deck = shuffled_deck(randbelow)
    dealt: dict[str, list[int]] = {}
    for player, odd in racers.items():
        count = -(-odd // chip)
        dealt[player], deck = [int(c) for c in deck[:count]], deck[count:]
    prizes = (2 * sum(racers.values()) + unit) // (2 * unit)
    order = sorted(racers, key=lambda p: -max(dealt[p]))
    winners = set(order[:prizes])
    for player, odd in racers.items():
        after[player] = stacks[player] - odd + (unit if player in winners else 0)
    cards = {p: " ".join(CARD_TEXT[c] for c in sorted(dealt[p], reverse=True)) for p in dealt}
    return {p: after[p] for p in stacks if p in after}, cards
