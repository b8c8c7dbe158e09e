"""The hold'em hand engine, clause by clause: odd chips.

Each test is named after the clause (NM-H-*, DE-*) or open question (OQ-*,
whose default is binding) it checks, and asserts real outcomes: chips, who
acts, legal amounts, pots, and the clause cited by a refused action.  Every
refused action is checked to leave the hand exactly as it was (snapshot and
event count, :func:`tests.helpers.holdem.rejected`).

Unless a test says otherwise the seats are 1..n with the button on seat n,
so seat 1 posts the small blind, seat 2 the big blind and seat 3 acts first
pre-flop; heads-up seat 2 is the button and small blind.  Decks are scripted
with :func:`tests.helpers.holdem.build_deck` (hole cards listed from seat 1).
"""

from __future__ import annotations

import pytest

from floorman.engine.holdem import HoldemHand
from tests.helpers.holdem import (
    build_deck,
    profile,
    start,
)
from tests.helpers.holdem_rules import (
    DE,
    NM,
    check_round,
    final,
)


@pytest.mark.clause("DE-ODDCHIP-1")
def test_DE_ODDCHIP_1_odd_chip_to_the_winner_nearest_the_buttons_left() -> None:
    # seat 1 (small blind) folds his chip into the pot: 2 + 2 + 1 = 5 chips;
    # seats 2 and 3 tie and seat 2 is nearest the button's left.
    hand = start(DE, [100, 100, 100], holes=["5h 6h", "Ac 3d", "Ah 4d"], board="Ts Js Qh Kd 2c")
    hand.call(3)
    hand.fold(1)
    hand.check(2)
    check_round(hand)
    check_round(hand)
    check_round(hand)
    award = hand.awards[0]
    assert (award.amount, award.winners, award.shares) == (5, (2, 3), (3, 2))
    assert final(hand) == {1: 99, 2: 101, 3: 100}


@pytest.mark.clause("DE-ODDCHIP-1")
def test_DE_ODDCHIP_1_nearest_the_button_not_the_lowest_seat_number() -> None:
    # button on seat 7: clockwise from it come seats 9, 2, 5, 7
    deck = build_deck(["Ac 3d", "5h 6h", "Ah 4d", "7h 8h"], "Ts Js Qh Kd 2c")
    hand = HoldemHand.start(
        profile(DE), seats=[2, 5, 7, 9], stacks=[100] * 4, button=7, ante_unit=1, deck=deck
    )
    assert hand.seats == (9, 2, 5, 7)
    hand.call(5)
    hand.call(7)
    hand.call(9)
    hand.check(2)
    hand.bet_or_raise_to(9, 3)
    hand.call(2)
    hand.call(5)
    hand.fold(7)
    check_round(hand)
    check_round(hand)
    award = hand.awards[0]
    assert (award.amount, award.winners, award.shares) == (17, (9, 5), (9, 8))
    assert final(hand) == {9: 104, 2: 95, 5: 103, 7: 98}


@pytest.mark.clause("OQ-67", "OQ-24", "DE-ODDCHIP-1")
@pytest.mark.parametrize("rules", [DE, NM])
def test_OQ_67_odd_chips_fall_pot_by_pot(rules: str) -> None:
    # OQ-24 for NM.  Seat 1 (small blind) folds; seat 4 is all-in for 5;
    # seats 2 and 3 tie.  Main pot 21, side pot 13: each pot's odd chip goes
    # to seat 2, nearest the button's left: 11 + 7 against 10 + 6 (a merged
    # split of 34 would give 17 each).
    hand = start(
        rules,
        [100, 100, 100, 5, 100],
        holes=["5h6h", "Ac3d", "Ah4d", "7c8c", "7d8d"],
        board="TsJsQhKd2c",
    )
    hand.call(3)
    hand.bet_or_raise_to(4, 5)
    hand.call(5)
    hand.fold(1)
    hand.call(2)
    hand.call(3)
    hand.bet_or_raise_to(2, 3)
    hand.call(3)
    hand.call(5)
    hand.bet_or_raise_to(2, 2)
    hand.call(3)
    hand.fold(5)
    check_round(hand)
    pots = [(a.amount, a.eligible, a.winners, a.shares) for a in hand.awards]
    assert pots == [(21, (2, 3, 4), (2, 3), (11, 10)), (13, (2, 3), (2, 3), (7, 6))]
    assert final(hand) == {1: 99, 2: 108, 3: 106, 4: 0, 5: 92}


@pytest.mark.clause("OQ-24")
def test_OQ_24_three_way_split_odd_chips_to_the_first_winner() -> None:
    # the small blind folds his chip in; three players play the board's
    # straight: 7 chips, 3 to seat 2 (first winner left of the button), 2, 2
    hand = start(NM, [100] * 4, holes=["2s 7s", "2c 3c", "2d 3d", "2h 3h"], board="Ts Js Qh Kd Ac")
    hand.call(3)
    hand.call(4)
    hand.fold(1)
    hand.check(2)
    check_round(hand)
    check_round(hand)
    check_round(hand)
    award = hand.awards[0]
    assert (award.amount, award.winners, award.shares) == (7, (2, 3, 4), (3, 2, 2))
    assert final(hand) == {1: 99, 2: 101, 3: 100, 4: 100}
