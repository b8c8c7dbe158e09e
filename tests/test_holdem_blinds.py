"""The hold'em hand engine, clause by clause: the blinds and the deal.

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
    BadCards,
    OutOfTurn,
)
from floorman.engine.events import (
    AntePosted,
    BlindPosted,
    BoardDealt,
    Burned,
    HoleDealt,
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
    to_river,
)


@pytest.mark.clause("NM-H-2")
def test_NM_H_2_blinds_are_one_and_two_antes() -> None:
    hand = start(NM, [1000, 1000, 1000, 1000], ante_unit=25)
    posts = [e for e in hand.events if isinstance(e, (BlindPosted, AntePosted))]
    assert posts == [
        BlindPosted(seat=1, blind="small", amount=25),
        BlindPosted(seat=2, blind="big", amount=50),
    ]
    assert hand.stacks == [975, 950, 1000, 1000]
    assert hand.legal_actions().call_amount == 50


@pytest.mark.clause("OQ-28", "NM-H-2")
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


@pytest.mark.clause("DE-BLINDS-1", "DE-ROUND1-1")
def test_DE_BLINDS_1_first_and_second_player_after_the_button_post() -> None:
    hand = start(DE, [100, 100, 100, 100], seats=[2, 5, 7, 9], button=7)
    blinds = [e for e in hand.events if isinstance(e, BlindPosted)]
    assert [(b.seat, b.blind, b.amount) for b in blinds] == [(9, "small", 1), (2, "big", 2)]
    assert hand.actor == 5  # the player after the big blind (DE-ROUND1-1)


@pytest.mark.clause("DE-BLINDS-2")
def test_DE_BLINDS_2_nobody_else_posts() -> None:
    hand = start(DE, [100] * 6)
    assert not any(isinstance(e, AntePosted) for e in hand.events)
    assert hand.stacks == [99, 98, 100, 100, 100, 100]
    assert hand.pot_total == 3


@pytest.mark.clause("OQ-29", "DE-BLINDS-3")
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


@pytest.mark.clause("OQ-29")
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


@pytest.mark.clause("DE-BLINDS-3")
def test_DE_BLINDS_3_heads_up_button_is_small_blind() -> None:
    hand = start(DE, [50, 70], seats=[4, 8], button=8)
    assert [(e.seat, e.blind) for e in hand.events if isinstance(e, BlindPosted)] == [
        (8, "small"),
        (4, "big"),
    ]
    assert hand.actor == 8


@pytest.mark.clause("OQ-43")
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


@pytest.mark.clause("OQ-43")
def test_OQ_43_dead_small_blind_everyone_folds_to_the_big_blind() -> None:
    hand = start(
        NM, [100, 100, 100], seats=[2, 3, 4], button=4, small_blind_seat=None, big_blind_seat=2
    )
    hand.fold(3)
    hand.fold(4)
    assert final(hand) == {2: 100, 3: 100, 4: 100}


@pytest.mark.clause("DE-DEAL-1", "OQ-47", "OQ-30")
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


@pytest.mark.clause("OQ-47", "DE-DEAL-1", "DE-DECK-1")
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


@pytest.mark.clause("DE-BURN-1", "OQ-44")
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


@pytest.mark.clause("OQ-44")
def test_OQ_44_nm_holdem_burns_before_each_board_card() -> None:
    hand = start(NM, [50, 50, 50])
    limp_to_flop(hand)
    assert len(hand.burned) == 1 and len(hand.board) == 3
    check_round(hand)
    assert len(hand.burned) == 2 and len(hand.board) == 4
    assert set(hand.burned).isdisjoint(hand.board)
