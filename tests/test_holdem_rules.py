"""The hold'em hand engine, clause by clause.

Each test is named after the clause (NM-H-*, DE-*) or open question (OQ-*,
whose default is binding) it checks, and asserts real outcomes: chips, who
acts, legal amounts, pots, and the clause cited by a refused action.  Every
refused action is checked to leave the hand exactly as it was (snapshot and
event count, :func:`holdem_helpers.rejected`).

Unless a test says otherwise the seats are 1..n with the button on seat n,
so seat 1 posts the small blind, seat 2 the big blind and seat 3 acts first
pre-flop; heads-up seat 2 is the button and small blind.  Decks are scripted
with :func:`holdem_helpers.build_deck` (hole cards listed from seat 1).
"""

from __future__ import annotations

import json

import pytest

from floorman.dealing import seeded_randbelow
from floorman.engine.actions import KINDS, Action, apply_action
from floorman.engine.cards import parse_cards, shuffled_deck
from floorman.engine.errors import (
    ActionNotAllowed,
    AmountOutOfRange,
    BadCards,
    HandFinished,
    OutOfTurn,
)
from floorman.engine.evaluator import evaluate
from floorman.engine.events import (
    AntePosted,
    BetOrRaised,
    BlindPosted,
    BoardDealt,
    Burned,
    Called,
    Checked,
    Folded,
    HoleDealt,
    Misdealt,
    Mucked,
    PenaltyPosted,
    Shown,
)
from floorman.engine.holdem import HoldemHand
from holdem_helpers import (
    assert_replays,
    assert_views_private,
    build_deck,
    profile,
    rejected,
    secret_cards,
    start,
    total_chips,
    view_cards,
)

NM, DE, TDA = "nm-holdem", "de-holdem", "tda"
BOTH = pytest.mark.parametrize("rules", [NM, DE])


# --------------------------------------------------------------------- helpers


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


def showdown_order(hand: HoldemHand) -> list[int]:
    """Show every hand in the order the engine asks for (auto_showdown off)."""
    order = []
    while hand.phase == "showdown" and hand.actor is not None:
        order.append(hand.actor)
        hand.show(hand.actor)
    return order


def started_with(hand: HoldemHand) -> int:
    return sum(hand.starting_stacks)


def final(hand: HoldemHand) -> dict[int, int]:
    assert hand.is_complete and hand.final_stacks is not None
    assert sum(hand.final_stacks) == started_with(hand)
    return dict(zip(hand.seats, hand.final_stacks, strict=True))


# --------------------------------------------------------------------- blinds


def test_NM_H_2_blinds_are_one_and_two_antes() -> None:
    hand = start(NM, [1000, 1000, 1000, 1000], ante_unit=25)
    posts = [e for e in hand.events if isinstance(e, (BlindPosted, AntePosted))]
    assert posts == [
        BlindPosted(seat=1, blind="small", amount=25),
        BlindPosted(seat=2, blind="big", amount=50),
    ]
    assert hand.stacks == [975, 950, 1000, 1000]
    assert hand.legal_actions().call_amount == 50


@pytest.mark.parametrize("unit", [1, 5, 40])
def test_OQ_28_the_ante_is_the_blind_unit(unit: int) -> None:
    hand = start(NM, [10_000] * 5, ante_unit=unit)
    assert (hand.started.small_blind, hand.started.big_blind) == (unit, 2 * unit)
    assert hand.started.min_bet == 2 * unit
    assert not any(isinstance(e, AntePosted) for e in hand.events)
    # the out-of-turn penalty of NM-H-18 -> NM-D-2C s8 is one ante: the small blind
    rules = profile(NM)
    assert rules.out_of_turn_penalty_antes * hand.ante_unit == hand.started.small_blind
    assert hand.legal_actions().min_raise_to == 4 * unit


def test_DE_BLINDS_1_first_and_second_player_after_the_button_post() -> None:
    hand = start(DE, [100, 100, 100, 100], seats=[2, 5, 7, 9], button=7)
    blinds = [e for e in hand.events if isinstance(e, BlindPosted)]
    assert [(b.seat, b.blind, b.amount) for b in blinds] == [(9, "small", 1), (2, "big", 2)]
    assert hand.actor == 5  # the player after the big blind (DE-ROUND1-1)


def test_DE_BLINDS_2_nobody_else_posts() -> None:
    hand = start(DE, [100] * 6)
    assert not any(isinstance(e, AntePosted) for e in hand.events)
    assert hand.stacks == [99, 98, 100, 100, 100, 100]
    assert hand.pot_total == 3


@pytest.mark.parametrize("rules", [NM, DE])
def test_OQ_29_heads_up_button_posts_small_blind_and_acts_first(rules: str) -> None:
    # DE-BLINDS-3 for the German rules, OQ-29 for NM
    hand = start(rules, [100, 100])  # seat 2 is the button
    assert (hand.started.small_blind_seat, hand.started.big_blind_seat) == (2, 1)
    assert hand.bets == [2, 1]  # positions: seat 1 (big blind), seat 2 (button)
    assert hand.actor == 2
    assert hand.legal_actions().call_amount == 1
    hand.call(2)
    legal = hand.legal_actions()
    assert (hand.actor, legal.can_check, legal.min_raise_to) == (1, True, 4)
    hand.check(1)
    assert hand.street == 1 and hand.actor == 1  # the big blind acts first after the flop


def test_OQ_29_two_players_dealt_with_a_dead_button_big_blind_acts_first_after_the_flop() -> None:
    # Only two players are dealt in and the button is on an empty seat
    # (between them): it is a heads-up hand all the same, so the small
    # blind acts first pre-flop and the big blind first after the flop.
    hand = start(NM, [100, 100], seats=[2, 4], button=3)
    assert (hand.started.small_blind_seat, hand.started.big_blind_seat) == (4, 2)
    assert hand.actor == 4
    hand.call(4)
    hand.check(2)
    assert hand.street == 1
    assert hand.actor == 2


def test_DE_BLINDS_3_heads_up_button_is_small_blind() -> None:
    hand = start(DE, [50, 70], seats=[4, 8], button=8)
    assert [(e.seat, e.blind) for e in hand.events if isinstance(e, BlindPosted)] == [
        (8, "small"),
        (4, "big"),
    ]
    assert hand.actor == 8


def test_OQ_43_dead_small_blind() -> None:
    # The small blind's player busted: only the big blind is posted, the button
    # is dead (seat 1 is empty).
    hand = start(
        NM, [100, 100, 100], seats=[2, 3, 4], button=1, small_blind_seat=None, big_blind_seat=2
    )
    assert [(e.seat, e.blind) for e in hand.events if isinstance(e, BlindPosted)] == [(2, "big")]
    assert hand.pot_total == 2
    assert hand.actor == 3
    assert hand.legal_actions().call_amount == 2
    hand.call(3)
    hand.call(4)
    assert hand.actor == 2 and hand.legal_actions().can_check  # the big blind's option
    hand.check(2)
    assert hand.street == 1 and hand.actor == 2 and hand.pot_total == 6


def test_OQ_43_dead_small_blind_everyone_folds_to_the_big_blind() -> None:
    hand = start(
        NM, [100, 100, 100], seats=[2, 3, 4], button=4, small_blind_seat=None, big_blind_seat=2
    )
    hand.fold(3)
    hand.fold(4)
    assert final(hand) == {2: 100, 3: 100, 4: 100}


# --------------------------------------------------------------------- dealing


@BOTH
def test_DE_DEAL_1_two_cards_each_one_at_a_time_from_left_of_the_button(rules: str) -> None:
    deck = shuffled_deck(seeded_randbelow(11))
    hand = HoldemHand.start(
        profile(rules), seats=[3, 6, 8, 9], stacks=[50] * 4, button=6, ante_unit=1, deck=deck
    )
    # dealing order from the button's left: 8, 9, 3, 6 (OQ-47)
    assert hand.seats == (8, 9, 3, 6)
    dealt = [e for e in hand.events if isinstance(e, HoleDealt)]
    assert [e.seat for e in dealt] == [8, 9, 3, 6]
    for i, seat in enumerate(hand.seats):
        assert hand.hole_cards(seat) == (deck[i], deck[i + 4])
    assert not any(isinstance(e, Burned) for e in hand.events[: hand.events.index(dealt[-1])])


def test_OQ_47_hole_cards_are_dealt_in_order_one_player_after_another() -> None:
    hand = HoldemHand.start(
        profile(DE), seats=[1, 2, 3], stacks=[50] * 3, button=3, ante_unit=1, auto_showdown=False
    )
    assert hand.phase == "dealing" and hand.actor is None
    err = rejected(hand, OutOfTurn, "OQ-47", hand.deal_hole, 2, parse_cards("AsKs"))
    assert "seat 1" in err.reason
    hand.deal_hole(1, parse_cards("AsKs"))
    rejected(hand, BadCards, "DE-DECK-1", hand.deal_hole, 2, parse_cards("AsQs"))
    rejected(hand, BadCards, "DE-MISDEAL-6", hand.deal_hole, 2, parse_cards("QsJsTs"))
    rejected(hand, BadCards, "DE-MISDEAL-5", hand.deal_hole, 2, parse_cards("Qs"))
    rejected(hand, OutOfTurn, "DE-ROUND1-6", hand.deal_board, parse_cards("2c3c4c"))
    hand.deal_hole(2, parse_cards("QsJs"))
    hand.deal_hole(3, parse_cards("2h7d"))
    assert hand.actor == 3 and hand.phase == "betting"
    rejected(hand, OutOfTurn, "DE-DEAL-1", hand.deal_hole, 1, parse_cards("5c6c"))
    hand.call(3)
    hand.call(1)
    hand.check(2)
    rejected(hand, BadCards, "DE-MISDEAL-5", hand.deal_board, parse_cards("2c3c"))
    rejected(hand, BadCards, "DE-DECK-5", hand.deal_board, parse_cards("2c3cAs"))
    hand.deal_board(parse_cards("2c3c4c"))
    assert hand.actor == 1 and hand.board == parse_cards("2c3c4c")


@pytest.mark.parametrize("rules", [DE, NM])
def test_DE_BURN_1_one_burn_before_flop_turn_and_river(rules: str) -> None:
    # OQ-44 makes the NM events burn the same way.
    deck = shuffled_deck(seeded_randbelow(3))
    n = 4
    hand = HoldemHand.start(
        profile(rules), seats=[1, 2, 3, 4], stacks=[50] * n, button=4, ante_unit=1, deck=deck
    )
    to_river(hand)
    base = 2 * n
    assert hand.burned == [deck[base], deck[base + 4], deck[base + 6]]
    assert hand.board == (*deck[base + 1 : base + 4], deck[base + 5], deck[base + 7])
    kinds = [type(e).__name__ for e in hand.events if isinstance(e, (Burned, BoardDealt))]
    assert kinds == ["Burned", "BoardDealt"] * 3
    assert [len(e.cards) for e in hand.events if isinstance(e, BoardDealt)] == [3, 1, 1]


def test_OQ_44_nm_holdem_burns_before_each_board_card() -> None:
    hand = start(NM, [50, 50, 50])
    limp_to_flop(hand)
    assert len(hand.burned) == 1 and len(hand.board) == 3
    check_round(hand)
    assert len(hand.burned) == 2 and len(hand.board) == 4
    assert set(hand.burned).isdisjoint(hand.board)


# --------------------------------------------------------------------- pre-flop


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


def test_DE_ROUND1_1_player_after_the_big_blind_acts_first() -> None:
    hand = start(DE, [100] * 6, seats=[1, 3, 4, 6, 7, 9], button=4)
    assert (hand.started.small_blind_seat, hand.started.big_blind_seat) == (6, 7)
    assert hand.actor == 9
    legal = hand.legal_actions()
    assert legal.can_fold and not legal.can_check and legal.call_amount == 2
    assert legal.min_raise_to == 4
    rejected(hand, ActionNotAllowed, "DE-CHECK-1", hand.check, 9)


def test_DE_ROUND1_2_every_following_player_incl_the_button_has_the_same_options() -> None:
    hand = start(DE, [100] * 4)
    for seat in (3, 4):
        legal = hand.legal_actions()
        assert legal.seat == seat
        assert legal.can_fold and legal.call_amount == 2 and legal.min_raise_to == 4
        hand.call(seat)
    assert hand.actor == 1


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


def test_DE_ROUND1_4_big_blind_may_reopen_the_round_with_a_raise() -> None:
    hand = start(DE, [100] * 4)
    for seat in (3, 4, 1):
        hand.call(seat)
    hand.bet_or_raise_to(2, 8)
    assert hand.street == 0 and hand.actor == 3
    assert hand.legal_actions().call_amount == 6
    assert hand.legal_actions().min_raise_to == 14


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


def test_DE_ROUND1_6_when_all_have_declared_three_cards_at_once() -> None:
    hand = start(DE, [100] * 3, board="AhKdQc7s2d")
    hand.call(3)
    hand.call(1)
    assert hand.board == ()
    hand.check(2)
    flops = [e for e in hand.events if isinstance(e, BoardDealt)]
    assert len(flops) == 1 and flops[0].cards == parse_cards("AhKdQc")


# --------------------------------------------------------------------- later rounds


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


def test_NM_H_7_flop_when_everyone_has_called_or_folded() -> None:
    hand = start(NM, [100] * 4, board="9c8c7c6c5c")
    hand.bet_or_raise_to(3, 6)
    hand.fold(4)
    hand.call(1)
    assert hand.board == () and hand.actor == 2
    hand.call(2)
    assert hand.board == parse_cards("9c8c7c") and hand.street == 1


@BOTH
def test_NM_H_8_flop_round_starts_left_of_the_dealer_whoever_raised(rules: str) -> None:
    hand = start(rules, [100] * 4)
    hand.call(3)
    hand.bet_or_raise_to(4, 10)  # the button raises last
    hand.call(1)
    hand.call(2)
    hand.call(3)
    assert hand.street == 1 and hand.actor == 1


def test_DE_ROUND2_1_first_active_player_after_the_button_acts_first() -> None:
    hand = start(DE, [100] * 4)
    hand.call(3)
    hand.call(4)
    hand.fold(1)  # the small blind is out
    hand.check(2)
    assert hand.street == 1 and hand.actor == 2
    check_round(hand)
    assert hand.street == 2 and hand.actor == 2


def test_DE_ROUND2_2_first_player_may_check_or_bet() -> None:
    hand = start(DE, [100] * 3)
    limp_to_flop(hand)
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.can_check and legal.call_amount == 0
    assert legal.is_bet and (legal.min_raise_to, legal.max_raise_to) == (2, 98)
    hand.bet_or_raise_to(1, 2)
    assert hand.actor == 2 and hand.legal_actions().call_amount == 2


def test_NM_H_9_turn_one_card_then_a_round_from_left_of_the_dealer() -> None:
    hand = start(NM, [100] * 3, board="2c3d4h5s6c")
    limp_to_flop(hand)
    hand.check(1)
    hand.bet_or_raise_to(2, 10)
    hand.call(3)
    hand.call(1)
    assert hand.board == parse_cards("2c3d4h5s") and hand.street == 2
    assert hand.actor == 1


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


# --------------------------------------------------------------------- checking, folding, calling


def test_DE_CHECK_1_checking_from_the_second_round_when_no_bet() -> None:
    hand = start(DE, [100] * 3)
    rejected(hand, ActionNotAllowed, "DE-CHECK-1", hand.check, 3)
    limp_to_flop(hand)
    assert hand.legal_actions().can_check
    hand.check(1)
    hand.bet_or_raise_to(2, 4)
    err = rejected(hand, ActionNotAllowed, "DE-CHECK-1", hand.check, 3)
    assert err.seat == 3 and err.allowed == "fold, call or raise"


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
    event = apply_action(hand, 1, Action.from_dict({"action": "check"}))
    assert event == Checked(seat=1) and hand.actor == 2


def test_DE_CHECK_4_when_all_check_the_round_is_over() -> None:
    hand = start(DE, [100] * 3)
    limp_to_flop(hand)
    hand.check(1)
    hand.check(2)
    assert hand.street == 1
    hand.check(3)
    assert hand.street == 2 and len(hand.board) == 4 and hand.pot_total == 6


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


def test_DE_FOLD_1_a_fold_leaves_the_hand() -> None:
    # seat 3 throws away the best hand: he never acts again, wins nothing,
    # and his cards are never shown
    hand = start(DE, [100] * 3, holes=["2c 7d", "3c 8d", "As Ad"], board="Kh Qd 9s 5c 4h")
    event = apply_action(hand, 3, Action.from_dict({"action": "fold"}))
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


def test_DE_CALL_1_call_the_highest_bet_within_the_table_stake() -> None:
    hand = start(DE, [100, 100, 100, 7])
    hand.bet_or_raise_to(3, 30)
    legal = hand.legal_actions()
    assert legal.seat == 4 and legal.call_amount == 7 and legal.min_raise_to is None
    rejected(hand, ActionNotAllowed, "DE-CALL-1", hand.bet_or_raise_to, 4, 7)
    event = hand.call(4)
    assert event == Called(seat=4, amount=7) and hand.stacks[3] == 0
    assert hand.legal_actions().call_amount == 29


def test_DE_CALL_1_nothing_to_call() -> None:
    hand = start(DE, [100] * 3)
    limp_to_flop(hand)
    err = rejected(hand, ActionNotAllowed, "DE-CALL-1", hand.call, 1)
    assert err.allowed == "check or bet"


# --------------------------------------------------------------------- raising


def test_DE_RAISE_1_any_player_may_raise_the_bets_before_him() -> None:
    hand = start(DE, [200] * 5)
    hand.bet_or_raise_to(3, 6)
    hand.bet_or_raise_to(4, 10)
    hand.bet_or_raise_to(5, 20)
    hand.bet_or_raise_to(1, 40)
    hand.bet_or_raise_to(2, 60)
    assert hand.actor == 3 and hand.legal_actions().min_raise_to == 80


@BOTH
def test_DE_RAISE_5_no_raising_ones_own_bet(rules: str) -> None:
    hand = start(rules, [100] * 3)
    limp_to_flop(hand)
    hand.bet_or_raise_to(1, 10)
    hand.call(2)
    hand.call(3)
    # the bettor gets no turn to raise his own bet: the round is over
    assert hand.street == 2 and hand.actor == 1
    hand.bet_or_raise_to(1, 10)
    hand.bet_or_raise_to(2, 20)  # raised by another player: he may raise again
    hand.call(3)
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.min_raise_to == 30


@BOTH
def test_DE_RAISE_6_a_raise_is_at_least_the_previous_raise(rules: str) -> None:
    hand = start(rules, [500] * 4)
    limp_to_flop(hand)
    hand.bet_or_raise_to(1, 10)
    legal = hand.legal_actions()
    assert legal.min_raise_to == 20  # at least the bet
    err = rejected(
        hand,
        AmountOutOfRange,
        "OQ-31" if rules == NM else "DE-RAISE-6",
        hand.bet_or_raise_to,
        2,
        19,
    )
    assert err.allowed == (20, 498) and err.attempted == 19
    hand.bet_or_raise_to(2, 35)  # a raise of 25
    assert hand.legal_actions().min_raise_to == 60
    rejected(hand, AmountOutOfRange, None, hand.bet_or_raise_to, 3, 59)
    hand.bet_or_raise_to(3, 60)
    assert hand.legal_actions().min_raise_to == 85


def test_OQ_56_pre_flop_the_big_blind_is_the_first_bet() -> None:
    hand = start(DE, [500] * 4, ante_unit=5)
    assert hand.legal_actions().min_raise_to == 20
    err = rejected(hand, AmountOutOfRange, "OQ-56", hand.bet_or_raise_to, 3, 19)
    assert err.allowed == (20, 500)
    hand.bet_or_raise_to(3, 45)
    assert hand.legal_actions().min_raise_to == 80


def test_OQ_31_minimum_bet_is_the_big_blind_and_maximum_all_chips() -> None:
    hand = start(NM, [500, 500, 500], ante_unit=5)
    limp_to_flop(hand)
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (10, 490)
    err = rejected(hand, AmountOutOfRange, "OQ-31", hand.bet_or_raise_to, 1, 9)
    assert err.allowed == (10, 490)
    rejected(hand, AmountOutOfRange, "NM-H-6", hand.bet_or_raise_to, 1, 491)
    rejected(hand, AmountOutOfRange, "OQ-31", hand.bet_or_raise_to, 1, 10.5)
    rejected(hand, AmountOutOfRange, "OQ-31", hand.bet_or_raise_to, 1, True)
    rejected(hand, AmountOutOfRange, "OQ-31", hand.bet_or_raise_to, 1, 0)
    hand.bet_or_raise_to(1, 10)
    assert hand.legal_actions().min_raise_to == 20


def test_OQ_31_a_player_short_of_the_minimum_bets_all_in() -> None:
    hand = start(NM, [100, 100, 3])
    limp_to_flop(hand)
    hand.check(1)
    hand.check(2)
    legal = hand.legal_actions()
    assert legal.seat == 3 and (legal.min_raise_to, legal.max_raise_to) == (1, 1)
    rejected(hand, AmountOutOfRange, "NM-H-6", hand.bet_or_raise_to, 3, 2)
    hand.bet_or_raise_to(3, 1)
    assert hand.stacks[2] == 0 and hand.actor == 1


def test_DE_RAISE_7_all_in_for_less_than_a_raise_but_more_than_a_call() -> None:
    hand = start(DE, [500, 500, 500, 35])
    hand.bet_or_raise_to(3, 20)  # a raise of 18: a full raise is to 38
    legal = hand.legal_actions()
    assert legal.seat == 4 and legal.call_amount == 20
    assert (legal.min_raise_to, legal.max_raise_to) == (35, 35)
    rejected(hand, AmountOutOfRange, "DE-RAISE-6", hand.bet_or_raise_to, 4, 30)
    hand.bet_or_raise_to(4, 35)
    assert hand.stacks[3] == 0 and hand.max_bet == 35


def test_DE_RAISE_8_the_short_all_in_must_be_called_in_full() -> None:
    hand = start(DE, [500, 500, 500, 35, 500])
    hand.bet_or_raise_to(3, 20)
    hand.bet_or_raise_to(4, 35)
    legal = hand.legal_actions()
    # the next player has not acted: he calls the full all-in, or raises by
    # at least the last full raise (18), or folds (OQ-56)
    assert legal.seat == 5 and legal.call_amount == 35 and legal.min_raise_to == 53
    hand.call(5)
    assert hand.legal_actions().call_amount == 34


@BOTH
def test_DE_RAISE_9_a_player_who_acted_may_only_call_a_short_all_in(rules: str) -> None:
    hand = start(rules, [500, 500, 500, 35, 500])
    hand.bet_or_raise_to(3, 20)
    hand.bet_or_raise_to(4, 35)
    hand.call(5)
    hand.call(1)
    hand.call(2)
    legal = hand.legal_actions()
    assert legal.seat == 3 and legal.call_amount == 15
    assert (legal.min_raise_to, legal.max_raise_to) == (None, None)
    clause = "NM-H-15" if rules == NM else "DE-RAISE-9"
    err = rejected(hand, ActionNotAllowed, clause, hand.bet_or_raise_to, 3, 100)
    assert err.allowed == "fold or call"
    hand.call(3)
    assert hand.street == 1


@BOTH
def test_NM_H_15_all_in_below_twice_the_bid_does_not_reopen(rules: str) -> None:
    hand = start(rules, [1000, 1000, 152, 1000])
    limp_to_flop(hand)
    hand.bet_or_raise_to(1, 100)
    hand.call(2)  # calls in between
    hand.bet_or_raise_to(3, 150)  # all-in for less than 2 x 100
    hand.call(4)
    for seat in (1, 2):
        legal = hand.legal_actions()
        assert legal.seat == seat and legal.call_amount == 50 and legal.min_raise_to is None
        err = rejected(
            hand,
            ActionNotAllowed,
            "OQ-32" if rules == NM else "OQ-56",
            hand.bet_or_raise_to,
            seat,
            250,
        )
        assert err.seat == seat
        hand.call(seat)
    assert hand.street == 2


@BOTH
def test_NM_H_15_all_in_of_twice_the_bid_reopens(rules: str) -> None:
    hand = start(rules, [1000, 1000, 202, 1000])
    limp_to_flop(hand)
    hand.bet_or_raise_to(1, 100)
    hand.call(2)
    hand.bet_or_raise_to(3, 200)  # exactly 2 x the bid: a full raise
    hand.call(4)
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.call_amount == 100 and legal.min_raise_to == 300
    hand.bet_or_raise_to(1, 300)
    assert hand.actor == 2


@BOTH
def test_OQ_32_threshold_is_the_last_full_raise_not_twice_the_first_bid(rules: str) -> None:
    # A bets 100, B raises to 300, C all-in for 450 (a raise of 150 < 200):
    # only A, who faces B's full raise, may raise again; B may not.
    hand = start(rules, [1000, 1000, 452, 1000])
    limp_to_flop(hand)
    hand.bet_or_raise_to(1, 100)
    hand.bet_or_raise_to(2, 300)
    hand.bet_or_raise_to(3, 450)
    legal = hand.legal_actions()
    assert legal.seat == 4 and legal.min_raise_to == 650  # not yet acted: may raise
    hand.call(4)
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.min_raise_to == 650
    hand.call(1)
    assert hand.legal_actions().seat == 2 and hand.legal_actions().min_raise_to is None
    rejected(hand, ActionNotAllowed, "OQ-", hand.bet_or_raise_to, 2, 650)


@pytest.mark.parametrize(("rules", "reopens"), [(NM, False), (DE, False), (TDA, True)])
def test_OQ_32_short_all_ins_adding_up_to_a_full_raise_switch(rules: str, reopens: bool) -> None:
    # A bets 100, B all-in 150, C all-in 220: together a raise of 120 >= 100.
    hand = start(rules, [1000, 1000, 152, 222, 1000])
    limp_to_flop(hand)
    hand.bet_or_raise_to(1, 100)
    hand.call(2)
    hand.bet_or_raise_to(3, 150)
    hand.bet_or_raise_to(4, 220)
    legal = hand.legal_actions()
    assert legal.seat == 5 and legal.min_raise_to == 320  # yet to act: may raise
    hand.call(5)
    for seat in (1, 2):
        legal = hand.legal_actions()
        assert legal.seat == seat and legal.call_amount == 120
        if reopens:
            assert (legal.min_raise_to, legal.max_raise_to) == (320, 998)
        else:
            assert legal.min_raise_to is None
            rejected(hand, ActionNotAllowed, "OQ-", hand.bet_or_raise_to, seat, 320)
        hand.call(seat)
    assert hand.street == 2


def test_OQ_32_short_all_ins_below_a_full_raise_never_reopen_even_with_the_switch() -> None:
    hand = start(TDA, [1000, 1000, 132, 162, 1000])
    limp_to_flop(hand)
    hand.bet_or_raise_to(1, 100)
    hand.call(2)
    hand.bet_or_raise_to(3, 130)
    hand.bet_or_raise_to(4, 160)  # together 60 < 100
    hand.call(5)
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.min_raise_to is None
    # the tda profile cites the German clauses: OQ-56 ("as OQ-32")
    rejected(hand, ActionNotAllowed, "OQ-56", hand.bet_or_raise_to, 1, 260)


def test_OQ_56_german_short_all_in_rules() -> None:
    # as OQ-32: a short all-in does not reopen for those who acted; players
    # yet to act may raise, measured from the last full raise
    hand = start(DE, [500, 500, 500, 500, 25])
    hand.bet_or_raise_to(3, 10)  # full raise of 8
    hand.call(4)
    hand.bet_or_raise_to(5, 25)  # all-in, a raise of 15: full (>= 8)
    hand.call(1)
    hand.call(2)
    legal = hand.legal_actions()
    assert legal.seat == 3 and legal.min_raise_to == 40
    hand = start(DE, [500, 500, 500, 500, 15])
    hand.bet_or_raise_to(3, 10)
    hand.call(4)
    hand.bet_or_raise_to(5, 15)  # a raise of 5 < 8: not full
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.min_raise_to == 23
    hand.call(1)
    hand.call(2)
    assert hand.legal_actions().seat == 3 and hand.legal_actions().min_raise_to is None
    rejected(hand, ActionNotAllowed, "OQ-56", hand.bet_or_raise_to, 3, 30)


def test_no_raise_when_nobody_is_left_to_call_it() -> None:
    hand = start(NM, [100, 100, 40])
    hand.bet_or_raise_to(3, 40)
    hand.fold(1)
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.call_amount == 38 and legal.min_raise_to is None
    rejected(hand, ActionNotAllowed, "OQ-22", hand.bet_or_raise_to, 2, 100)


# --------------------------------------------------------------------- check-down (NM-H-13)


def test_NM_H_13_agreed_check_down_makes_the_round_zero() -> None:
    hand = start(NM, [100] * 4, board="2c3d4h5s9c")
    limp_to_flop(hand)
    # preflop or facing a bet no proposal; any player in the pot may propose
    hand.propose_checkdown(3)
    assert hand.view(1)["checkdown_vote"] == [3]
    rejected(hand, ActionNotAllowed, "NM-H-13", hand.propose_checkdown, 1)
    rejected(hand, ActionNotAllowed, "NM-H-13", hand.vote_checkdown, 3, True)
    hand.vote_checkdown(1, True)
    hand.vote_checkdown(4, True)
    assert hand.street == 1
    hand.vote_checkdown(2, True)
    assert hand.street == 2 and hand.board == parse_cards("2c3d4h5s")
    assert hand.actor == 1 and hand.checkdown_votes is None
    assert hand.pot_total == 8


def test_NM_H_13_one_refusal_and_play_goes_on() -> None:
    hand = start(NM, [100] * 3)
    limp_to_flop(hand)
    hand.propose_checkdown(2)
    hand.vote_checkdown(3, False)
    assert hand.checkdown_votes is None and hand.street == 1 and hand.actor == 1
    rejected(hand, ActionNotAllowed, "NM-H-13", hand.vote_checkdown, 1, True)
    hand.bet_or_raise_to(1, 6)
    rejected(hand, ActionNotAllowed, "NM-H-13", hand.propose_checkdown, 2)


def test_NM_H_13_a_bet_ends_the_vote() -> None:
    hand = start(NM, [100] * 3)
    limp_to_flop(hand)
    hand.propose_checkdown(3)
    hand.vote_checkdown(2, True)
    hand.bet_or_raise_to(1, 4)
    assert hand.checkdown_votes is None
    rejected(hand, ActionNotAllowed, "NM-H-13", hand.vote_checkdown, 1, True)
    assert hand.actor == 2 and hand.legal_actions().call_amount == 4


def test_NM_H_13_not_before_the_flop_and_all_in_players_have_no_vote() -> None:
    hand = start(NM, [100, 100, 2, 100])
    rejected(hand, ActionNotAllowed, "NM-H-13", hand.propose_checkdown, 3)
    limp_to_flop(hand)
    assert hand.stacks[2] == 0
    rejected(hand, ActionNotAllowed, "NM-H-13", hand.propose_checkdown, 3)
    hand.propose_checkdown(1)
    hand.vote_checkdown(2, True)
    rejected(hand, ActionNotAllowed, "NM-H-13", hand.vote_checkdown, 3, True)
    hand.vote_checkdown(4, True)
    assert hand.street == 2


def test_NM_H_13_a_check_down_on_the_river_goes_to_the_showdown() -> None:
    hand = start(NM, [100] * 3, holes=["AsAd", "KsKd", "2c7h"], board="9h8d4c3s2d")
    to_river(hand)
    hand.propose_checkdown(1)
    hand.vote_checkdown(2, True)
    hand.vote_checkdown(3, True)
    assert final(hand) == {1: 104, 2: 98, 3: 98}


def test_NM_H_13_when_the_only_dissenter_folds_all_in_the_pot_have_agreed() -> None:
    # Seats 2 and 3 agree; seat 1, who has not voted, folds (OQ-50).  All
    # the players left in the pot have agreed: the round's bid is 0 and the
    # turn comes.  (The engine keeps the vote open and lets seat 2 bet.)
    hand = start(NM, [100] * 3)
    limp_to_flop(hand)
    hand.propose_checkdown(2)
    hand.vote_checkdown(3, True)
    hand.fold(1)
    assert hand.street == 2 and len(hand.board) == 4
    assert hand.checkdown_votes is None
    assert hand.actor == 2


@pytest.mark.parametrize("rules", [DE, TDA])
def test_NM_H_13_no_check_down_agreement_in_other_rulebooks(rules: str) -> None:
    hand = start(rules, [100] * 3)
    limp_to_flop(hand)
    rejected(hand, ActionNotAllowed, "NM-H-13", hand.propose_checkdown, 1)
    rejected(hand, ActionNotAllowed, "NM-H-13", hand.vote_checkdown, 1, True)


def test_NM_H_14_no_agreed_split_a_pot_is_only_divided_by_equal_hands() -> None:
    for kind in ("chop", "split", "deal"):
        assert kind not in KINDS
        with pytest.raises(ActionNotAllowed):
            Action.from_dict({"action": kind})
    assert not any(hasattr(HoldemHand, name) for name in ("chop", "split_pot", "agree_split"))
    hand = start(NM, [100, 100], holes=["AsKs", "AhKd"], board="2c7d9hTs3c")
    hand.bet_or_raise_to(2, 100)
    hand.call(1)
    # played to the end, two equally high combinations: divided
    assert final(hand) == {1: 100, 2: 100}
    hand = start(NM, [100, 100], holes=["AsKs", "AhQd"], board="2c7d9hTs3c")
    hand.bet_or_raise_to(2, 100)
    hand.call(1)
    assert final(hand) == {1: 200, 2: 0}


# --------------------------------------------------------------------- showdown


def test_NM_H_11_best_five_of_seven_any_number_of_hole_cards() -> None:
    # both hole cards: a straight A-K-Q-J-T beats trip kings
    hand = start(NM, [100, 100], holes=["KsKd", "AhTh"], board="Kh Qd Jc 4s 2h")
    hand.bet_or_raise_to(2, 100)
    hand.call(1)
    assert final(hand) == {1: 0, 2: 200}
    # one hole card: a flush with the ace
    hand = start(NM, [100, 100], holes=["Ac 2d", "Kh Kd"], board="Qc 9c 5c 3c Ks")
    hand.bet_or_raise_to(2, 100)
    hand.call(1)
    assert final(hand) == {1: 200, 2: 0}
    # no hole card: the board's straight ties the player who has nothing better
    hand = start(NM, [100, 100], holes=["2c 2d", "3h 4h"], board="9s Td Jc Qh Ks")
    hand.bet_or_raise_to(2, 100)
    hand.call(1)
    assert final(hand) == {1: 100, 2: 100}
    award = hand.awards[0]
    assert award.strength == evaluate(parse_cards("9s Td Jc Qh Ks"))


def test_NM_H_12_equal_hands_divide_the_pot() -> None:
    hand = start(NM, [100, 100, 100], holes=["As Td", "Ad Tc", "Kh Kd"], board="Ks Qd Jc 4h 2h")
    hand.bet_or_raise_to(3, 100)
    hand.call(1)
    hand.call(2)
    assert hand.awards[0].winners == (1, 2) and hand.awards[0].shares == (150, 150)
    assert final(hand) == {1: 150, 2: 150, 3: 0}


def test_OQ_25_ace_low_straight_and_no_wrap_around() -> None:
    # A-2-3-4-5 beats trips and loses to 2-3-4-5-6
    hand = start(NM, [100, 100, 100], holes=["As 5d", "Kd Kh", "9c 8c"], board="2c 3d 4h 9s Kc")
    hand.bet_or_raise_to(3, 100)
    hand.call(1)
    hand.call(2)
    assert final(hand) == {1: 300, 2: 0, 3: 0}
    hand = start(NM, [100, 100], holes=["As 5d", "5c 6c"], board="2c 3d 4h 9s Kd")
    hand.bet_or_raise_to(2, 100)
    hand.call(1)
    assert final(hand) == {1: 0, 2: 200}
    # Q-K-A-2-3 is no straight: a pair of eights wins
    hand = start(NM, [100, 100], holes=["Ah 9d", "8d 7h"], board="Qc Kd 2h 3s 8c")
    hand.bet_or_raise_to(2, 100)
    hand.call(1)
    assert final(hand) == {1: 0, 2: 200}


def test_DE_CARDSPEAK_1_cards_speak() -> None:
    # nobody declares anything: the engine reads the hands (a hidden flush wins)
    hand = start(
        DE,
        [100, 100, 100],
        holes=["Jh 2h", "As Ad", "Kc Qd"],
        board="3h 7h Ac 9h 4s",
        auto_showdown=False,
    )
    hand.bet_or_raise_to(3, 100)
    hand.call(1)
    hand.call(2)
    assert showdown_order(hand) == [3, 1, 2]
    assert final(hand) == {1: 300, 2: 0, 3: 0}
    assert hand.awards[0].strength == evaluate(parse_cards("Jh 2h 3h 7h Ac 9h 4s"))


@pytest.mark.parametrize("rules", [DE, NM])
def test_DE_SHOWDOWN_1_last_aggressor_shows_first_then_clockwise(rules: str) -> None:
    hand = start(rules, [100] * 4, auto_showdown=False)
    to_river(hand)
    hand.check(1)
    hand.bet_or_raise_to(2, 4)
    hand.bet_or_raise_to(3, 10)
    hand.call(4)
    hand.call(1)
    hand.call(2)
    assert hand.phase == "showdown" and hand.actor == 3
    clause = "DE-SHOWDOWN-1" if rules == DE else "OQ-27"
    rejected(hand, OutOfTurn, clause, hand.show, 4)
    rejected(hand, OutOfTurn, clause, hand.muck, 1)
    assert showdown_order(hand) == [3, 4, 1, 2]


def _aggression_on(rules: str, street: int | None) -> HoldemHand:
    """Four players to the river; one bet (by seat 3, called) on ``street``."""
    hand = start(rules, [100] * 4, auto_showdown=False)
    if street == 0:
        hand.bet_or_raise_to(3, 6)
        for seat in (4, 1, 2):
            hand.call(seat)
    else:
        limp_to_flop(hand)
    for s in (1, 2, 3):
        if s == street:
            hand.check(1)
            hand.check(2)
            hand.bet_or_raise_to(3, 4)
            for seat in (4, 1, 2):
                hand.call(seat)
        else:
            check_round(hand)
    assert hand.phase == "showdown"
    return hand


@pytest.mark.parametrize("street", [1, 2])
def test_DE_SHOWDOWN_2_no_river_bet_the_last_aggressor_of_turn_or_flop(street: int) -> None:
    hand = _aggression_on(DE, street)
    assert showdown_order(hand) == [3, 4, 1, 2]


def test_DE_SHOWDOWN_2_turn_aggressor_before_flop_aggressor() -> None:
    hand = start(DE, [100] * 4, auto_showdown=False)
    limp_to_flop(hand)
    hand.bet_or_raise_to(1, 4)  # flop: seat 1 bets
    for seat in (2, 3, 4):
        hand.call(seat)
    hand.check(1)
    hand.check(2)
    hand.check(3)
    hand.bet_or_raise_to(4, 4)  # turn: seat 4 bets
    for seat in (1, 2, 3):
        hand.call(seat)
    check_round(hand)
    assert showdown_order(hand) == [4, 1, 2, 3]


@pytest.mark.parametrize("street", [None, 0])
def test_OQ_51_nobody_bet_after_the_flop_first_left_of_the_button_shows(
    street: int | None,
) -> None:
    hand = _aggression_on(DE, street)
    assert showdown_order(hand) == [1, 2, 3, 4]


@pytest.mark.parametrize("street", [None, 0, 1, 2])
def test_OQ_27_nm_final_round_without_a_bet_its_first_player_shows(street: int | None) -> None:
    # turn or flop aggression does not count in the NM events
    hand = _aggression_on(NM, street)
    assert showdown_order(hand) == [1, 2, 3, 4]


def test_OQ_27_nm_final_round_aggressor_shows_first() -> None:
    hand = _aggression_on(NM, 3)
    assert showdown_order(hand) == [3, 4, 1, 2]


def test_OQ_27_first_player_of_the_final_round_when_the_small_blind_folded() -> None:
    hand = start(NM, [100] * 4, auto_showdown=False)
    limp_to_flop(hand)
    hand.fold(1)
    check_round(hand)
    check_round(hand)
    check_round(hand)
    assert showdown_order(hand) == [2, 3, 4]


def test_OQ_51_de_aggressor_who_folded_later_next_player_clockwise_shows() -> None:
    hand = start(DE, [100] * 4, auto_showdown=False)
    limp_to_flop(hand)
    hand.check(1)
    hand.bet_or_raise_to(2, 4)  # flop aggressor: seat 2
    for seat in (3, 4, 1):
        hand.call(seat)
    check_round(hand)
    hand.check(1)
    hand.fold(2)  # folds on the river although he could check (OQ-50)
    hand.check(3)
    hand.check(4)
    assert showdown_order(hand) == [3, 4, 1]


@BOTH
def test_DE_SHOWDOWN_3_both_hole_cards_are_shown(rules: str) -> None:
    # OQ-52: at every table, both cards
    hand = start(
        rules, [100, 100], holes=["As 2d", "Kh Qh"], board="Ac Ad Ah 7s 8s", auto_showdown=False
    )
    hand.bet_or_raise_to(2, 100)
    hand.call(1)
    shows = []
    while hand.actor is not None:
        shows.append(hand.show(hand.actor))
    assert {(e.seat, e.cards) for e in shows} == {
        (1, parse_cards("As 2d")),
        (2, parse_cards("Kh Qh")),
    }
    assert final(hand) == {1: 200, 2: 0}


def test_OQ_52_auto_showdown_shows_both_hole_cards() -> None:
    hand = start(NM, [100, 100, 100], holes=["As 2d", "Kh Qh", "Jc Tc"], board="Ac Ad 3h 7s 8s")
    hand.bet_or_raise_to(3, 100)
    hand.call(1)
    hand.call(2)
    assert all(len(e.cards) == 2 for e in hand.events if isinstance(e, Shown))
    assert {e.seat for e in hand.events if isinstance(e, Shown)} == {1, 2, 3}


def test_DE_SHOWALL_1_all_cards_face_up_even_those_not_used() -> None:
    # the board plays for seat 1; his two unused cards are tabled all the same
    hand = start(
        DE, [100, 100], holes=["2c 3d", "2h 3s"], board="Ts Js Qs Ks As", auto_showdown=False
    )
    to_river(hand)
    check_round(hand)
    first = hand.show(hand.actor)
    assert first.cards == hand.hole_cards(first.seat)
    assert set(view_cards(hand.view(None))) >= {str(c) for c in first.cards}


def test_DE_PLAYBOARD_1_playing_the_board_needs_both_cards_shown() -> None:
    holes = ["2c 3d", "2h 3s", "4c 5d"]
    board = "Ts Js Qs Ks As"
    hand = start(DE, [100] * 3, holes=holes, board=board, auto_showdown=False)
    to_river(hand)
    check_round(hand)
    assert hand.actor == 1
    hand.show(1)
    hand.muck(2)  # concedes: no share
    hand.show(3)
    assert final(hand) == {1: 101, 2: 98, 3: 101}
    assert hand.awards[0].winners == (1, 3) and hand.awards[0].shares == (3, 3)


def test_DE_MUCKVIEW_1_mucked_cards_are_seen_by_nobody() -> None:
    hand = start(
        DE,
        [100] * 3,
        holes=["As Ad", "7c 2d", "8h 3s"],
        board="Kc Qd 9h 5s 4c",
        auto_showdown=False,
    )
    to_river(hand)
    hand.bet_or_raise_to(1, 10)
    hand.call(2)
    hand.call(3)
    hand.show(1)
    hand.muck(2)
    hand.muck(3)
    assert hand.is_complete
    for seat in (None, 1, 3):
        cards = view_cards(hand.view(seat))
        assert not cards & {"7c", "2d"}
    assert hand.view(2)["players"][1]["mucked"] is True
    assert {"As", "Ad"} <= view_cards(hand.view(None))
    assert final(hand) == {1: 124, 2: 88, 3: 88}


@BOTH
def test_DE_MUCKVIEW_2_the_winning_hand_must_be_shown(rules: str) -> None:
    hand = start(
        rules,
        [100, 100, 100],
        holes=["7c 2d", "8h 3s", "As Ad"],
        board="Kc Qd 9h 5s 4c",
        auto_showdown=False,
    )
    to_river(hand)
    check_round(hand)  # checked down: the winner still shows
    assert hand.actor == 1
    hand.muck(1)
    hand.muck(2)
    clause = "DE-MUCKVIEW-2" if rules == DE else "OQ-27"
    err = rejected(hand, ActionNotAllowed, clause, hand.muck, 3)  # the last claimant
    assert err.seat == 3
    hand.show(3)
    assert final(hand) == {1: 98, 2: 98, 3: 104}


def test_DE_MUCKVIEW_2_auto_showdown_shows_the_winner_and_mucks_losers() -> None:
    hand = start(DE, [100, 100, 100], holes=["7c 2d", "As Ad", "8h 3s"], board="Kc Qd 9h 5s 4c")
    to_river(hand)
    check_round(hand)
    shown = {e.seat for e in hand.events if isinstance(e, Shown)}
    mucked = {e.seat for e in hand.events if isinstance(e, Mucked)}
    assert 2 in shown and shown | mucked == {1, 2, 3}
    assert final(hand) == {1: 98, 2: 104, 3: 98}


def test_OQ_52_no_mucking_before_all_cards_are_out() -> None:
    hand = start(DE, [100, 100, 100], holes=["7c 2d", "As Ad", "8h 3s"], auto_showdown=False)
    hand.bet_or_raise_to(3, 100)
    hand.call(1)
    hand.call(2)
    assert hand.phase == "showdown" and len(hand.board) == 0
    rejected(hand, ActionNotAllowed, "DE-SHOWALL-1", hand.muck, 3)
    showdown_order(hand)
    assert hand.is_complete and len(hand.board) == 5


# --------------------------------------------------------------------- odd chips


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


# --------------------------------------------------------------------- absent, dead, time


@BOTH
def test_DE_SEATED_2_absent_at_the_deal_the_hand_is_killed(rules: str) -> None:
    # OQ-45: absent when the last card is dealt: dead hand, never acts or shows
    hand = start(rules, [100] * 4, dead=[3])
    assert hand.folded[2] and hand.actor == 4
    assert not any(isinstance(e, Folded) and e.seat == 3 for e in hand.events)
    view = hand.view(None)["players"][2]
    assert view["dead"] and view["folded"] and not view["has_cards"] and view["cards"] is None
    to_river_with = start(
        rules, [100] * 4, dead=[3], holes=["2c2d", "3c3d", "AsAd", "4c4d"], board="9h 8d Kc Js 5d"
    )
    limp_to_flop(to_river_with)
    check_round(to_river_with)
    check_round(to_river_with)
    check_round(to_river_with)
    assert final(to_river_with) == {1: 98, 2: 98, 3: 100, 4: 104}


@BOTH
def test_DE_SEATED_3_absent_big_blind_is_dead_and_his_blind_stays_in_the_pot(rules: str) -> None:
    # DE-SEATED-3, DE-ABSENT-2 and OQ-45: the absent big blind's 2 chips are
    # posted from his stack and stay in the pot; his hand is killed.
    hand = start(rules, [100, 100, 100], dead=[2])
    assert [e.seat for e in hand.events if isinstance(e, BlindPosted)] == [1, 2]
    assert hand.actor == 3 and hand.legal_actions().call_amount == 2
    hand.fold(3)
    # the small blind alone is left: he wins the pot, the big blind included
    assert final(hand) == {1: 102, 2: 98, 3: 100}


def test_OQ_45_heads_up_the_live_small_blind_wins_the_dead_big_blind() -> None:
    hand = start(DE, [100, 100], dead=[1])  # seat 1 is the big blind
    assert hand.is_complete
    assert final(hand) == {1: 98, 2: 102}


def test_DE_ABSENT_2_forced_bets_are_posted_for_the_absent_player() -> None:
    hand = start(DE, [100, 100, 100, 100], dead=[1, 2])
    assert [(e.seat, e.amount) for e in hand.events if isinstance(e, BlindPosted)] == [
        (1, 1),
        (2, 2),
    ]
    assert hand.stacks[:2] == [99, 98]
    hand.call(3)
    hand.call(4)
    assert hand.street == 1 and hand.pot_total == 7


@pytest.mark.timeout(3, method="signal")
@BOTH
def test_OQ_45_every_player_absent_the_hand_still_ends(rules: str) -> None:
    """A table of no-shows (DE-DEAL-3: redeemed stacks are blinded down):
    the blinds are posted (DE-ABSENT-2), every hand is dead, the big
    blind's too (DE-SEATED-3), so nobody wins: the pot is carried to the
    next hand (OQ-45), never returned to those who posted it."""
    hand = start(rules, [100, 100, 100], dead=[1, 2, 3])
    assert hand.is_complete and not hand.awards and all(hand.folded)
    assert hand.final_stacks == (99, 98, 100) and hand.carried_pot == 3
    # The next hand starts with that pot; a live hand wins it.
    nxt = start(rules, [98, 100, 99], dead=[2, 3], carried_pot=3)
    assert nxt.is_complete and nxt.pot_total == 0
    assert nxt.final_stacks == (103, 98, 99) and nxt.carried_pot == 0
    assert [(a.winners, a.amount) for a in nxt.awards] == [((1,), 6)]


@BOTH
def test_OQ_45_all_dead_blinds_leaving_one_player_with_chips_go_to_him(rules: str) -> None:
    """DE-DEAL-3, OQ-45, OQ-10: when the forced bets of an all-dead hand
    leave only one player with chips, no hand can follow to play for the
    pot: he takes it (a stranded check-pot), the others are out."""
    hand = start(rules, [1, 2, 50], dead=[1, 2, 3], carried_pot=9)
    assert hand.final_stacks == (0, 0, 62) and hand.carried_pot == 0
    assert [(a.winners, a.amount) for a in hand.awards] == [((3,), 12)]


@BOTH
def test_OQ_45_all_dead_and_nobody_left_with_chips_the_biggest_stack_takes_the_pot(
    rules: str,
) -> None:
    """OQ-06, DE-ODDCHIP-1: both blinded all-in at once in a dead hand.
    The one ranked higher among those out in the same hand (the bigger
    stack at its start; of equal stacks the first left of the button)
    takes the pot, so the heads-up ends."""
    hand = start(rules, [2, 1], dead=[1, 2], carried_pot=4)  # seat 2 button/SB
    assert hand.final_stacks == (7, 0) and hand.carried_pot == 0
    even = start(rules, [1, 1], dead=[1, 2])
    assert even.final_stacks == (2, 0)  # seat 1 is first left of the button
    assert sum(even.final_stacks or ()) == 2


@BOTH
def test_DE_ABSENT_3_absent_facing_a_bet_is_deemed_folded(rules: str) -> None:
    hand = start(rules, [100] * 3)
    event = hand.act_absent(3)
    assert event == Folded(seat=3, reason="absent")
    assert hand.folded[2] and hand.actor == 1


@BOTH
def test_DE_ABSENT_4_absent_who_could_check_is_deemed_checked(rules: str) -> None:
    hand = start(rules, [100] * 3)
    hand.call(3)
    hand.call(1)
    event = hand.act_absent(2)  # the big blind's option
    assert event == Checked(seat=2, reason="absent")
    assert hand.street == 1 and not hand.folded[1]
    assert hand.act_absent(1) == Checked(seat=1, reason="absent")
    rejected(hand, OutOfTurn, None, hand.act_absent, 1)


@BOTH
def test_DE_TIME_4_out_of_time_checks_if_possible_else_folds(rules: str) -> None:
    # OQ-63 (and OQ-42 for the NM events)
    hand = start(rules, [100] * 3)
    assert hand.time_out(3) == Folded(seat=3, reason="timeout")
    hand.call(1)
    assert hand.time_out(2) == Checked(seat=2, reason="timeout")
    assert hand.street == 1
    hand.bet_or_raise_to(1, 10)
    assert hand.time_out(2) == Folded(seat=2, reason="timeout")
    assert final(hand) == {1: 102, 2: 98, 3: 100}


def test_OQ_63_time_out_out_of_turn_is_refused() -> None:
    hand = start(DE, [100] * 3)
    rejected(hand, OutOfTurn, "DE-OOT-1", hand.time_out, 1)
    hand.fold(3)
    hand.fold(1)
    rejected(hand, HandFinished, None, hand.time_out, 2)


# --------------------------------------------------------------------- misdeals


@BOTH
def test_DE_MISDEAL_1_misdeal_before_anyone_acted_cards_are_redealt(rules: str) -> None:
    hand = start(rules, [100] * 4)
    old = [hand.hole_cards(s) for s in hand.seats]
    deck = shuffled_deck(seeded_randbelow(99))
    events = hand.misdeal("two hole cards exposed", deck=deck)
    assert isinstance(events[0], Misdealt)
    clause = "DE-MISDEAL-1" if rules == DE else "NM-D-1F"
    assert clause in events[0].clause
    # DE-MISDEAL-2: reshuffled and dealt again; forced bets stay
    assert [hand.hole_cards(s) for s in hand.seats] == [(deck[i], deck[i + 4]) for i in range(4)]
    assert [hand.hole_cards(s) for s in hand.seats] != old
    assert hand.bets == [1, 2, 0, 0] and hand.actor == 3
    assert sum(isinstance(e, BlindPosted) for e in hand.events) == 2
    assert_replays(hand)


@BOTH
def test_DE_MISDEAL_1_no_misdeal_once_someone_has_acted(rules: str) -> None:
    # OQ-59: a bet, call, check or fold (posting the blinds excluded)
    for act in ("fold", "call", "raise"):
        hand = start(rules, [100] * 4)
        if act == "fold":
            hand.fold(3)
        elif act == "call":
            hand.call(3)
        else:
            hand.bet_or_raise_to(3, 6)
        clause = "OQ-59" if rules == DE else "OQ-38"
        rejected(
            hand, ActionNotAllowed, clause, hand.misdeal, "late", shuffled_deck(seeded_randbelow(1))
        )


def test_DE_MISDEAL_1_no_misdeal_once_the_showdown_has_begun() -> None:
    # Both players are all-in from the blinds, so nobody ever acts; the
    # showdown starts at once and a hand is shown.  The initial deal is long
    # over (DE-MISDEAL-1, OQ-59): a misdeal must be refused.  (The engine
    # accepts it and keeps the shown cards of the old deal in the views.)
    hand = start(DE, [1, 2], holes=["Kc Kd", "2h 2s"], auto_showdown=False)
    assert hand.phase == "showdown" and hand.actor == 2
    hand.show(2)
    assert {"2h", "2s"} <= view_cards(hand.view(None))
    rejected(
        hand,
        ActionNotAllowed,
        "DE-MISDEAL-1",
        hand.misdeal,
        "late",
        shuffled_deck(seeded_randbelow(3)),
    )


def test_DE_MISDEAL_2_a_self_dealing_hand_needs_a_new_shuffle() -> None:
    hand = start(DE, [100] * 3)
    rejected(hand, ActionNotAllowed, "DE-MISDEAL-1", hand.misdeal, "no deck")


def test_OQ_59_button_and_blinds_stay_after_a_misdeal() -> None:
    hand = start(DE, [100] * 5, seats=[1, 3, 5, 7, 9], button=5)
    before = (hand.button, hand.started.small_blind_seat, hand.started.big_blind_seat)
    stacks = list(hand.stacks)
    hand.misdeal("deck defective", deck=shuffled_deck(seeded_randbelow(5)))
    assert (hand.button, hand.started.small_blind_seat, hand.started.big_blind_seat) == before
    assert hand.stacks == stacks and hand.actor == 1
    hand.misdeal("again", deck=shuffled_deck(seeded_randbelow(6)))
    assert hand.stacks == stacks  # the German rules have no fine (house dealer)


def test_NM_D_1F_OQ_08_second_misdeal_in_a_row_costs_the_dealer_five_antes() -> None:
    # OQ-08, applied to hold'em by analogy (OQ-38)
    hand = start(NM, [100] * 4, ante_unit=2)
    hand.misdeal("card exposed", deck=shuffled_deck(seeded_randbelow(1)))
    assert hand.stacks == [98, 96, 100, 100]
    events = hand.misdeal("card exposed again", deck=shuffled_deck(seeded_randbelow(2)))
    fines = [e for e in events if isinstance(e, PenaltyPosted)]
    assert len(fines) == 1 and fines[0].seat == 4 and fines[0].amount == 10
    assert "NM-D-1F" in fines[0].clause and "OQ-08" in fines[0].clause
    assert hand.stacks == [98, 96, 100, 90] and hand.pot_total == 16
    # the fine goes to the pot of this hand
    hand.fold(3)
    hand.fold(4)
    hand.fold(1)
    assert final(hand) == {1: 98, 2: 112, 3: 100, 4: 90}


def test_OQ_38_misdeal_fine_is_an_nm_rule_only() -> None:
    assert profile(NM).repeat_misdeal_fine_antes == 5
    assert profile(DE).repeat_misdeal_fine_antes == 0


# --------------------------------------------------------------------- views and replays


def test_views_never_show_unshown_hole_cards_burns_or_the_deck() -> None:
    for seed in range(8):
        deck = shuffled_deck(seeded_randbelow(seed))
        hand = HoldemHand.start(
            profile(NM if seed % 2 else DE),
            seats=[1, 2, 3, 4, 5],
            stacks=[60, 100, 30, 100, 100],
            button=5,
            ante_unit=1,
            deck=deck,
            auto_showdown=seed % 3 == 0,
        )
        assert_views_private(hand)
        # own cards are visible (the check is not vacuous)
        assert {str(c) for c in hand.hole_cards(1)} <= view_cards(hand.view(1))
        assert not view_cards(hand.view(None))
        steps = 0
        while not hand.is_complete:
            seat = hand.actor
            assert seat is not None
            if hand.phase == "showdown":
                if steps % 2 == 0 and hand.can_muck(seat):
                    hand.muck(seat)
                else:
                    hand.show(seat)
            elif steps % 5 == 4 and hand.legal_actions().min_raise_to is not None:
                hand.bet_or_raise_to(seat, hand.legal_actions().max_raise_to)
            else:
                hand.check_or_call(seat)
            steps += 1
            assert_views_private(hand)
            text = json.dumps(hand.view(None))
            for burned in hand.burned:
                assert f'"{burned}"' not in text
        shown = {str(c) for cards in hand.shown.values() for c in cards}
        assert shown <= view_cards(hand.view(None))
        assert view_cards(hand.view(None)) == shown | {str(c) for c in hand.board}
        assert secret_cards(hand, None) >= {str(c) for c in hand.burned}


def test_view_of_a_seat_not_to_act_has_no_legal_actions() -> None:
    hand = start(DE, [100] * 3)
    assert hand.view(3)["legal"]["call_amount"] == 2
    assert hand.view(1)["legal"] is None and hand.view(None)["legal"] is None
    assert hand.view(None)["actor"] == 3


def test_rejected_actions_change_nothing() -> None:
    hand = start(NM, [100, 100, 100, 100])
    rejected(hand, OutOfTurn, None, hand.fold, 1)
    rejected(hand, OutOfTurn, None, hand.fold, 99)
    rejected(hand, ActionNotAllowed, None, hand.check, 3)
    rejected(hand, AmountOutOfRange, None, hand.bet_or_raise_to, 3, 3)
    rejected(hand, AmountOutOfRange, None, hand.bet_or_raise_to, 3, 101)
    rejected(hand, AmountOutOfRange, None, hand.bet_or_raise_to, 3, "10")
    rejected(hand, OutOfTurn, None, hand.show, 3)
    rejected(hand, OutOfTurn, None, hand.deal_board, parse_cards("2c3c4c"))
    rejected(hand, OutOfTurn, None, hand.deal_hole, 1, parse_cards("2c3c"))
    rejected(hand, ActionNotAllowed, None, hand.vote_checkdown, 3, True)
    rejected(hand, AmountOutOfRange, None, lambda: hand.penalize(3, 0, clause="NM-H-18"))
    rejected(hand, ActionNotAllowed, None, apply_action, hand, 3, Action("draw"))
    with pytest.raises(ActionNotAllowed):
        Action.from_dict({"action": "raise", "amount": "lots"})
    hand.fold(3)
    hand.fold(4)
    hand.fold(1)
    assert hand.is_complete
    for act, args in ((hand.fold, (2,)), (hand.check, (2,)), (hand.call, (2,))):
        rejected(hand, HandFinished, None, act, *args)
    rejected(hand, HandFinished, None, hand.bet_or_raise_to, 2, 10)
    rejected(hand, HandFinished, None, lambda: hand.penalize(2, 1, clause="NM-H-18"))
    assert total_chips(hand) == 400


def test_a_hand_replays_from_its_log_and_from_json() -> None:
    hand = start(NM, [100, 50, 100, 30], auto_showdown=False)
    hand.bet_or_raise_to(3, 10)
    assert_replays(hand)
    hand.call(4)
    hand.call(1)
    hand.call(2)
    hand.propose_checkdown(1)
    hand.vote_checkdown(2, True)
    assert_replays(hand)
    hand.vote_checkdown(3, False)
    hand.bet_or_raise_to(1, 90)
    hand.call(2)
    hand.call(3)
    hand.call(4)
    while hand.actor is not None:
        if hand.can_muck(hand.actor):
            hand.muck(hand.actor)
        else:
            hand.show(hand.actor)
    assert hand.is_complete
    assert_replays(hand)
    assert total_chips(hand) == 280
    assert sum(isinstance(e, BetOrRaised) for e in hand.events) == 2
