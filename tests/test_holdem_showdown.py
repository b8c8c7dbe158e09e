"""The hold'em hand engine, clause by clause: the showdown: hand values, showing order, mucking.

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

from floorman.engine.cards import parse_cards
from floorman.engine.errors import (
    ActionNotAllowed,
    OutOfTurn,
)
from floorman.engine.evaluator import evaluate
from floorman.engine.events import (
    Mucked,
    Shown,
)
from floorman.engine.holdem import HoldemHand
from tests.helpers.holdem import (
    rejected,
    start,
    view_cards,
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


def showdown_order(hand: HoldemHand) -> list[int]:
    """Show every hand in the order the engine asks for (auto_showdown off)."""
    order = []
    while hand.phase == "showdown" and hand.actor is not None:
        order.append(hand.actor)
        hand.show(hand.actor)
    return order


@pytest.mark.clause("NM-H-11", "OQ-35")
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


@pytest.mark.clause("NM-H-12")
def test_NM_H_12_equal_hands_divide_the_pot() -> None:
    hand = start(NM, [100, 100, 100], holes=["As Td", "Ad Tc", "Kh Kd"], board="Ks Qd Jc 4h 2h")
    hand.bet_or_raise_to(3, 100)
    hand.call(1)
    hand.call(2)
    assert hand.awards[0].winners == (1, 2) and hand.awards[0].shares == (150, 150)
    assert final(hand) == {1: 150, 2: 150, 3: 0}


@pytest.mark.clause("OQ-25", "OQ-35")
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


@pytest.mark.clause("DE-CARDSPEAK-1")
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


@pytest.mark.clause("DE-SHOWDOWN-1", "OQ-27", "OQ-51")
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


@pytest.mark.clause("DE-SHOWDOWN-2")
@pytest.mark.parametrize("street", [1, 2])
def test_DE_SHOWDOWN_2_no_river_bet_the_last_aggressor_of_turn_or_flop(street: int) -> None:
    hand = _aggression_on(DE, street)
    assert showdown_order(hand) == [3, 4, 1, 2]


@pytest.mark.clause("DE-SHOWDOWN-2")
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


@pytest.mark.clause("OQ-51")
@pytest.mark.parametrize("street", [None, 0])
def test_OQ_51_nobody_bet_after_the_flop_first_left_of_the_button_shows(
    street: int | None,
) -> None:
    hand = _aggression_on(DE, street)
    assert showdown_order(hand) == [1, 2, 3, 4]


@pytest.mark.clause("OQ-27")
@pytest.mark.parametrize("street", [None, 0, 1, 2])
def test_OQ_27_nm_final_round_without_a_bet_its_first_player_shows(street: int | None) -> None:
    # turn or flop aggression does not count in the NM events
    hand = _aggression_on(NM, street)
    assert showdown_order(hand) == [1, 2, 3, 4]


@pytest.mark.clause("OQ-27")
def test_OQ_27_nm_final_round_aggressor_shows_first() -> None:
    hand = _aggression_on(NM, 3)
    assert showdown_order(hand) == [3, 4, 1, 2]


@pytest.mark.clause("OQ-27")
def test_OQ_27_first_player_of_the_final_round_when_the_small_blind_folded() -> None:
    hand = start(NM, [100] * 4, auto_showdown=False)
    limp_to_flop(hand)
    hand.fold(1)
    check_round(hand)
    check_round(hand)
    check_round(hand)
    assert showdown_order(hand) == [2, 3, 4]


@pytest.mark.clause("OQ-51")
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


@pytest.mark.clause("DE-SHOWDOWN-3", "OQ-52")
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


@pytest.mark.clause("OQ-52")
def test_OQ_52_auto_showdown_shows_both_hole_cards() -> None:
    hand = start(NM, [100, 100, 100], holes=["As 2d", "Kh Qh", "Jc Tc"], board="Ac Ad 3h 7s 8s")
    hand.bet_or_raise_to(3, 100)
    hand.call(1)
    hand.call(2)
    assert all(len(e.cards) == 2 for e in hand.events if isinstance(e, Shown))
    assert {e.seat for e in hand.events if isinstance(e, Shown)} == {1, 2, 3}


@pytest.mark.clause("DE-SHOWALL-1")
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


@pytest.mark.clause("DE-PLAYBOARD-1")
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


@pytest.mark.clause("DE-MUCKVIEW-1", "OQ-51")
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


@pytest.mark.clause("DE-MUCKVIEW-2", "OQ-27")
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


@pytest.mark.clause("DE-MUCKVIEW-2")
def test_DE_MUCKVIEW_2_auto_showdown_shows_the_winner_and_mucks_losers() -> None:
    hand = start(DE, [100, 100, 100], holes=["7c 2d", "As Ad", "8h 3s"], board="Kc Qd 9h 5s 4c")
    to_river(hand)
    check_round(hand)
    shown = {e.seat for e in hand.events if isinstance(e, Shown)}
    mucked = {e.seat for e in hand.events if isinstance(e, Mucked)}
    assert 2 in shown and shown | mucked == {1, 2, 3}
    assert final(hand) == {1: 98, 2: 104, 3: 98}


@pytest.mark.clause("DE-SHOWALL-1")
def test_OQ_52_no_mucking_before_all_cards_are_out() -> None:
    hand = start(DE, [100, 100, 100], holes=["7c 2d", "As Ad", "8h 3s"], auto_showdown=False)
    hand.bet_or_raise_to(3, 100)
    hand.call(1)
    hand.call(2)
    assert hand.phase == "showdown" and len(hand.board) == 0
    rejected(hand, ActionNotAllowed, "DE-SHOWALL-1", hand.muck, 3)
    showdown_order(hand)
    assert hand.is_complete and len(hand.board) == 5
