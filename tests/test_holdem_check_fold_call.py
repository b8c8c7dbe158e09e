"""The hold'em hand engine, clause by clause: checking, folding and calling.

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

from floorman.engine.actions import Action, apply_action
from floorman.engine.errors import (
    ActionNotAllowed,
)
from floorman.engine.events import (
    Called,
    Checked,
    Folded,
    Shown,
)
from tests.helpers.holdem import (
    rejected,
    start,
    view_cards,
)
from tests.helpers.holdem_rules import (
    BOTH,
    DE,
    check_round,
    final,
    limp_to_flop,
)


@pytest.mark.clause("DE-CHECK-1")
def test_DE_CHECK_1_checking_from_the_second_round_when_no_bet() -> None:
    hand = start(DE, [100] * 3)
    rejected(hand, ActionNotAllowed, "DE-CHECK-1", hand.check, 3)
    limp_to_flop(hand)
    assert hand.legal_actions().can_check
    hand.check(1)
    hand.bet_or_raise_to(2, 4)
    err = rejected(hand, ActionNotAllowed, "DE-CHECK-1", hand.check, 3)
    assert err.seat == 3 and err.allowed == "fold, call or raise"


@pytest.mark.clause("DE-CHECK-2")
def test_DE_CHECK_2_a_checker_may_later_call_or_raise() -> None:
    hand = start(DE, [100] * 3)
    limp_to_flop(hand)
    hand.check(1)
    hand.bet_or_raise_to(2, 4)
    hand.call(3)
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.call_amount == 4 and legal.min_raise_to == 8
    hand.bet_or_raise_to(1, 12)  # check-raise
    assert hand.actor == 2 and hand.legal_actions().call_amount == 8


def test_DE_CHECK_3_a_check_announced_as_data() -> None:
    hand = start(DE, [100] * 3)
    limp_to_flop(hand)
    event = apply_action(hand, 1, Action.from_dict({"action": "check"}, hand.rulings))
    assert event == Checked(seat=1) and hand.actor == 2


@pytest.mark.clause("DE-CHECK-4")
def test_DE_CHECK_4_when_all_check_the_round_is_over() -> None:
    hand = start(DE, [100] * 3)
    limp_to_flop(hand)
    hand.check(1)
    hand.check(2)
    assert hand.street == 1
    hand.check(3)
    assert hand.street == 2 and len(hand.board) == 4 and hand.pot_total == 6


@pytest.mark.clause("OQ-33", "NM-H-13")
@BOTH
def test_OQ_33_a_hand_everyone_checks_is_played_out_not_carried_over(rules: str) -> None:
    # NM-H-13 s2: every hand is decided.
    hand = start(rules, [100] * 3, holes=["AsAd", "KsKd", "2c7h"], board="9h8d4c3s2d")
    limp_to_flop(hand)
    check_round(hand)
    check_round(hand)
    check_round(hand)
    assert hand.is_complete and hand.carried_pot == 0
    assert final(hand) == {1: 104, 2: 98, 3: 98}


@pytest.mark.clause("DE-FOLD-1")
def test_DE_FOLD_1_a_fold_leaves_the_hand() -> None:
    # seat 3 throws away the best hand: he never acts again, wins nothing,
    # and his cards are never shown
    hand = start(DE, [100] * 3, holes=["2c 7d", "3c 8d", "As Ad"], board="Kh Qd 9s 5c 4h")
    event = apply_action(hand, 3, Action.from_dict({"action": "fold"}, hand.rulings))
    assert event == Folded(seat=3) and hand.folded == [False, False, True]
    actors = []
    while not hand.is_complete:
        actors.append(hand.actor)
        hand.check_or_call(hand.actor)
    assert actors and 3 not in actors
    assert not any(isinstance(e, Shown) and e.seat == 3 for e in hand.events)
    for seat in (None, 1, 2):
        assert not view_cards(hand.view(seat)) & {"As", "Ad"}
    assert final(hand)[3] == 100 and hand.awards[0].eligible == (1, 2)


@pytest.mark.clause("OQ-50")
@BOTH
def test_OQ_50_folding_when_a_check_is_possible_is_allowed_and_binding(rules: str) -> None:
    hand = start(rules, [100] * 3)
    limp_to_flop(hand)
    assert hand.legal_actions().can_fold and hand.legal_actions().can_check
    hand.fold(1)
    assert hand.folded[0] and hand.actor == 2
    check_round(hand)
    check_round(hand)
    check_round(hand)
    assert final(hand)[1] == 98


@pytest.mark.clause("DE-CALL-1")
def test_DE_CALL_1_call_the_highest_bet_within_the_table_stake() -> None:
    hand = start(DE, [100, 100, 100, 7])
    hand.bet_or_raise_to(3, 30)
    legal = hand.legal_actions()
    assert legal.seat == 4 and legal.call_amount == 7 and legal.min_raise_to is None
    rejected(hand, ActionNotAllowed, "DE-CALL-1", hand.bet_or_raise_to, 4, 7)
    event = hand.call(4)
    assert event == Called(seat=4, amount=7) and hand.stacks[3] == 0
    assert hand.legal_actions().call_amount == 29


@pytest.mark.clause("DE-CALL-1")
def test_DE_CALL_1_nothing_to_call() -> None:
    hand = start(DE, [100] * 3)
    limp_to_flop(hand)
    err = rejected(hand, ActionNotAllowed, "DE-CALL-1", hand.call, 1)
    assert err.allowed == "check or bet"
