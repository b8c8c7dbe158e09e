"""The hold'em hand engine, clause by clause: the pre-flop round and the later rounds.

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

from floorman.dealing import seeded_randbelow
from floorman.engine.cards import parse_cards, shuffled_deck
from floorman.engine.errors import (
    ActionNotAllowed,
    AmountOutOfRange,
    OutOfTurn,
)
from floorman.engine.events import (
    BoardDealt,
)
from floorman.engine.holdem import HoldemHand
from tests.helpers.holdem import (
    profile,
    rejected,
    start,
)
from tests.helpers.holdem_rules import (
    BOTH,
    DE,
    NM,
    check_round,
    final,
    limp_to_flop,
)


@pytest.mark.clause("OQ-30", "NM-H-3")
def test_OQ_30_deal_from_the_small_blind_first_after_the_big_blind_blinds_last() -> None:
    deck = shuffled_deck(seeded_randbelow(30))
    hand = HoldemHand.start(
        profile(NM), seats=[1, 2, 3, 4, 5], stacks=[100] * 5, button=5, ante_unit=1, deck=deck
    )
    # one card at a time clockwise starting with the small blind
    assert [hand.hole_cards(s) for s in (1, 2, 3, 4, 5)] == [
        (deck[i], deck[i + 5]) for i in range(5)
    ]
    order = []
    for _ in range(5):
        order.append(hand.actor)
        hand.check_or_call(hand.actor)
    # the player after the big blind first, the blinds last
    assert order == [3, 4, 5, 1, 2]
    assert hand.street == 1
    # nobody raised: the big blind could check or raise
    hand = HoldemHand.start(
        profile(NM), seats=[1, 2, 3, 4, 5], stacks=[100] * 5, button=5, ante_unit=1, deck=deck
    )
    for seat in (3, 4, 5, 1):
        hand.call(seat)
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.can_check and legal.min_raise_to == 4


@pytest.mark.clause("NM-H-3", "NM-H-18", "DE-OOT-1", "DE-ETIQ-3")
@BOTH
def test_NM_H_3_after_the_blinds_everyone_in_turn_folds_calls_or_raises(rules: str) -> None:
    hand = start(rules, [100] * 5)
    assert hand.actor == 3
    legal = hand.legal_actions()
    assert (legal.can_fold, legal.can_check, legal.call_amount) == (True, False, 2)
    assert (legal.min_raise_to, legal.max_raise_to) == (4, 100)
    clause = "NM-H-18" if rules == NM else "DE-OOT-1"  # act in turn (DE-ETIQ-3)
    for seat in (1, 2, 4, 5):
        rejected(hand, OutOfTurn, clause, hand.call, seat)
    rejected(hand, ActionNotAllowed, None, hand.check, 3)
    hand.fold(3)
    assert hand.actor == 4
    hand.call(4)
    assert hand.actor == 5
    hand.bet_or_raise_to(5, 8)
    assert hand.actor == 1


@pytest.mark.clause("DE-ROUND1-1")
def test_DE_ROUND1_1_player_after_the_big_blind_acts_first() -> None:
    hand = start(DE, [100] * 6, seats=[1, 3, 4, 6, 7, 9], button=4)
    assert (hand.started.small_blind_seat, hand.started.big_blind_seat) == (6, 7)
    assert hand.actor == 9
    legal = hand.legal_actions()
    assert legal.can_fold and not legal.can_check and legal.call_amount == 2
    assert legal.min_raise_to == 4
    rejected(hand, ActionNotAllowed, "DE-CHECK-1", hand.check, 9)


@pytest.mark.clause("DE-ROUND1-2")
def test_DE_ROUND1_2_every_following_player_incl_the_button_has_the_same_options() -> None:
    hand = start(DE, [100] * 4)
    for seat in (3, 4):
        legal = hand.legal_actions()
        assert legal.seat == seat
        assert legal.can_fold and legal.call_amount == 2 and legal.min_raise_to == 4
        hand.call(seat)
    assert hand.actor == 1


@pytest.mark.clause("DE-ROUND1-3")
def test_DE_ROUND1_3_small_blind_pays_the_difference() -> None:
    hand = start(DE, [100] * 4)
    hand.call(3)
    hand.call(4)
    assert hand.actor == 1 and hand.legal_actions().call_amount == 1
    event = hand.call(1)
    assert event.amount == 1 and hand.bets[0] == 2
    # after a raise the difference is to the highest bet so far
    hand = start(DE, [100] * 4)
    hand.bet_or_raise_to(3, 10)
    hand.fold(4)
    assert hand.legal_actions().call_amount == 9
    assert hand.call(1).amount == 9


@pytest.mark.clause("OQ-49")
@pytest.mark.parametrize("rules", [DE, NM])
def test_OQ_49_small_blind_may_fold_call_or_raise(rules: str) -> None:
    for action in ("fold", "call", "raise"):
        hand = start(rules, [100] * 3)
        hand.call(3)
        legal = hand.legal_actions()
        assert legal.seat == 1 and legal.can_fold and legal.call_amount == 1
        assert legal.min_raise_to == 4
        if action == "fold":
            hand.fold(1)
            assert hand.actor == 2 and hand.folded[0]
        elif action == "call":
            hand.call(1)
            assert hand.actor == 2 and hand.legal_actions().can_check
        else:
            hand.bet_or_raise_to(1, 6)
            assert hand.actor == 2 and hand.legal_actions().call_amount == 4


@pytest.mark.clause("OQ-49", "OQ-30")
@pytest.mark.parametrize("rules", [DE, NM])
def test_OQ_49_big_blind_may_check_or_raise_once(rules: str) -> None:
    hand = start(rules, [100] * 3)
    hand.call(3)
    hand.call(1)
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.can_check and legal.call_amount == 0
    assert legal.min_raise_to == 4 and not legal.is_bet
    rejected(hand, ActionNotAllowed, None, hand.call, 2)
    hand.check(2)
    assert hand.street == 1


@pytest.mark.clause("DE-ROUND1-4")
def test_DE_ROUND1_4_big_blind_may_reopen_the_round_with_a_raise() -> None:
    hand = start(DE, [100] * 4)
    for seat in (3, 4, 1):
        hand.call(seat)
    hand.bet_or_raise_to(2, 8)
    assert hand.street == 0 and hand.actor == 3
    assert hand.legal_actions().call_amount == 6
    assert hand.legal_actions().min_raise_to == 14


@pytest.mark.clause("DE-ROUND1-5")
def test_DE_ROUND1_5_the_option_comes_only_once_and_only_pre_flop() -> None:
    hand = start(DE, [100] * 4)
    for seat in (3, 4, 1):
        hand.call(seat)
    hand.bet_or_raise_to(2, 8)
    for seat in (3, 4, 1):
        hand.call(seat)
    # the big blind does not get a second option: the round is over
    assert hand.street == 1 and hand.pot_total == 32
    # after the flop the big blind has no option: the first player acts first
    assert hand.actor == 1


@pytest.mark.clause("DE-ROUND1-6")
def test_DE_ROUND1_6_when_all_have_declared_three_cards_at_once() -> None:
    hand = start(DE, [100] * 3, board="AhKdQc7s2d")
    hand.call(3)
    hand.call(1)
    assert hand.board == ()
    hand.check(2)
    flops = [e for e in hand.events if isinstance(e, BoardDealt)]
    assert len(flops) == 1 and flops[0].cards == parse_cards("AhKdQc")


@pytest.mark.clause("NM-H-4")
def test_NM_H_4_blinds_too_fold_call_or_raise() -> None:
    hand = start(NM, [100] * 4)
    hand.bet_or_raise_to(3, 6)
    hand.call(4)
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.can_fold and legal.call_amount == 5
    hand.bet_or_raise_to(1, 20)
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.can_fold and legal.call_amount == 18
    assert legal.min_raise_to == 34
    hand.fold(2)
    assert hand.actor == 3


@pytest.mark.clause("NM-H-5")
def test_NM_H_5_no_limit_for_raising() -> None:
    hand = start(NM, [1000, 1000, 1000])
    legal = hand.legal_actions()
    assert legal.max_raise_to == 1000
    for amount in (4, 57, 999, 1000):
        assert hand.can_bet_or_raise_to(3, amount)
    err = rejected(hand, AmountOutOfRange, "NM-H-6", hand.bet_or_raise_to, 3, 1001)
    assert err.allowed == (4, 1000)
    hand.bet_or_raise_to(3, 1000)
    assert hand.stacks[2] == 0
    assert hand.legal_actions().call_amount == 999


@pytest.mark.clause("NM-H-6", "NM-D-3B", "DE-CALL-1")
@BOTH
def test_NM_H_6_short_caller_makes_a_side_pot(rules: str) -> None:
    # NM-D-3B: main pot all can call, the rest a side pot, each won by the
    # best hand among those who paid into it.
    hand = start(rules, [50, 200, 200], holes=["AsAd", "KsKd", "2c7h"], board="AhKc9d5s3h")
    hand.bet_or_raise_to(3, 200)
    assert hand.legal_actions().call_amount == 49  # all-in call for less (DE-CALL-1)
    hand.call(1)
    hand.call(2)
    assert hand.is_complete
    pots = [(a.amount, a.eligible, a.winners) for a in hand.awards]
    assert pots == [(150, (1, 2, 3), (1,)), (300, (2, 3), (2,))]
    assert final(hand) == {1: 150, 2: 300, 3: 0}


@pytest.mark.clause("NM-D-3B", "NM-H-6")
def test_NM_D_3B_several_side_pots() -> None:
    hand = start(
        NM,
        [30, 60, 100, 200],
        holes=["AsAd", "KsKd", "QsQd", "2c7h"],
        board="AhKcQh5s3d",
    )
    hand.bet_or_raise_to(3, 100)
    hand.call(4)
    hand.call(1)
    hand.call(2)
    assert hand.is_complete
    pots = [(a.amount, a.eligible, a.winners) for a in hand.awards]
    assert pots == [
        (120, (1, 2, 3, 4), (1,)),
        (90, (2, 3, 4), (2,)),
        (80, (3, 4), (3,)),
    ]
    assert final(hand) == {1: 120, 2: 90, 3: 80, 4: 100}


@pytest.mark.clause("NM-H-7")
def test_NM_H_7_flop_when_everyone_has_called_or_folded() -> None:
    hand = start(NM, [100] * 4, board="9c8c7c6c5c")
    hand.bet_or_raise_to(3, 6)
    hand.fold(4)
    hand.call(1)
    assert hand.board == () and hand.actor == 2
    hand.call(2)
    assert hand.board == parse_cards("9c8c7c") and hand.street == 1


@pytest.mark.clause("NM-H-8", "DE-ROUND2-1")
@BOTH
def test_NM_H_8_flop_round_starts_left_of_the_dealer_whoever_raised(rules: str) -> None:
    hand = start(rules, [100] * 4)
    hand.call(3)
    hand.bet_or_raise_to(4, 10)  # the button raises last
    hand.call(1)
    hand.call(2)
    hand.call(3)
    assert hand.street == 1 and hand.actor == 1


@pytest.mark.clause("DE-ROUND2-1")
def test_DE_ROUND2_1_first_active_player_after_the_button_acts_first() -> None:
    hand = start(DE, [100] * 4)
    hand.call(3)
    hand.call(4)
    hand.fold(1)  # the small blind is out
    hand.check(2)
    assert hand.street == 1 and hand.actor == 2
    check_round(hand)
    assert hand.street == 2 and hand.actor == 2


@pytest.mark.clause("DE-ROUND2-2")
def test_DE_ROUND2_2_first_player_may_check_or_bet() -> None:
    hand = start(DE, [100] * 3)
    limp_to_flop(hand)
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.can_check and legal.call_amount == 0
    assert legal.is_bet and (legal.min_raise_to, legal.max_raise_to) == (2, 98)
    hand.bet_or_raise_to(1, 2)
    assert hand.actor == 2 and hand.legal_actions().call_amount == 2


@pytest.mark.clause("NM-H-9")
def test_NM_H_9_turn_one_card_then_a_round_from_left_of_the_dealer() -> None:
    hand = start(NM, [100] * 3, board="2c3d4h5s6c")
    limp_to_flop(hand)
    hand.check(1)
    hand.bet_or_raise_to(2, 10)
    hand.call(3)
    hand.call(1)
    assert hand.board == parse_cards("2c3d4h5s") and hand.street == 2
    assert hand.actor == 1


@pytest.mark.clause("NM-H-10")
def test_NM_H_10_river_fifth_card_and_the_last_round() -> None:
    hand = start(NM, [100] * 3, board="2c3d4h5s6c", auto_showdown=False)
    limp_to_flop(hand)
    check_round(hand)
    hand.check(1)
    hand.check(2)
    hand.bet_or_raise_to(3, 4)
    hand.call(1)
    hand.call(2)
    assert hand.board == parse_cards("2c3d4h5s6c") and hand.street == 3
    assert hand.actor == 1
    check_round(hand)
    assert hand.phase == "showdown"
