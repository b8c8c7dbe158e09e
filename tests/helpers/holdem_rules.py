"""Helpers shared by the hold'em rule tests (``test_holdem_*.py``): play a
hand along to a street or through its showdown, and read its final stacks."""

from __future__ import annotations

import pytest

from floorman.engine.holdem import HoldemHand

#: the profiles the hold'em clause tests play
NM, DE, TDA = "nm-holdem", "de-holdem", "tda"
#: a test that holds under both rulebooks
BOTH = pytest.mark.parametrize("rules", [NM, DE])


def limp_to_flop(hand: HoldemHand) -> None:
    """Everyone calls the big blind, the big blind checks."""
    assert hand.street == 0
    while hand.street == 0 and hand.actor is not None:
        hand.check_or_call(hand.actor)
    assert hand.street == 1 or hand.is_complete


def check_round(hand: HoldemHand) -> None:
    street = hand.street
    while hand.street == street and hand.phase == "betting" and hand.actor is not None:
        hand.check(hand.actor)


def to_river(hand: HoldemHand) -> None:
    limp_to_flop(hand)
    check_round(hand)
    check_round(hand)
    assert hand.street == 3


def started_with(hand: HoldemHand) -> int:
    return sum(hand.starting_stacks)


def final(hand: HoldemHand) -> dict[int, int]:
    assert hand.is_complete and hand.final_stacks is not None
    assert sum(hand.final_stacks) == started_with(hand)
    return dict(zip(hand.seats, hand.final_stacks, strict=True))
