"""The hold'em hand engine, clause by clause: bets, raises and short all-ins.

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

from floorman.engine.errors import (
    ActionNotAllowed,
    AmountOutOfRange,
)
from tests.helpers.holdem import (
    rejected,
    start,
)
from tests.helpers.holdem_rules import (
    BOTH,
    DE,
    NM,
    TDA,
    limp_to_flop,
)


@pytest.mark.clause("DE-RAISE-1")
def test_DE_RAISE_1_any_player_may_raise_the_bets_before_him() -> None:
    hand = start(DE, [200] * 5)
    hand.bet_or_raise_to(3, 6)
    hand.bet_or_raise_to(4, 10)
    hand.bet_or_raise_to(5, 20)
    hand.bet_or_raise_to(1, 40)
    hand.bet_or_raise_to(2, 60)
    assert hand.actor == 3 and hand.legal_actions().min_raise_to == 80


@pytest.mark.clause("DE-RAISE-5")
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


@pytest.mark.clause("DE-RAISE-6", "OQ-31", "OQ-56")
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


@pytest.mark.clause("OQ-56", "DE-RAISE-6")
def test_OQ_56_pre_flop_the_big_blind_is_the_first_bet() -> None:
    hand = start(DE, [500] * 4, ante_unit=5)
    assert hand.legal_actions().min_raise_to == 20
    err = rejected(hand, AmountOutOfRange, "OQ-56", hand.bet_or_raise_to, 3, 19)
    assert err.allowed == (20, 500)
    hand.bet_or_raise_to(3, 45)
    assert hand.legal_actions().min_raise_to == 80


@pytest.mark.clause("OQ-31", "NM-H-5")
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


@pytest.mark.clause("OQ-31", "NM-H-6")
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


@pytest.mark.clause("DE-RAISE-7")
def test_DE_RAISE_7_all_in_for_less_than_a_raise_but_more_than_a_call() -> None:
    hand = start(DE, [500, 500, 500, 35])
    hand.bet_or_raise_to(3, 20)  # a raise of 18: a full raise is to 38
    legal = hand.legal_actions()
    assert legal.seat == 4 and legal.call_amount == 20
    assert (legal.min_raise_to, legal.max_raise_to) == (35, 35)
    rejected(hand, AmountOutOfRange, "DE-RAISE-6", hand.bet_or_raise_to, 4, 30)
    hand.bet_or_raise_to(4, 35)
    assert hand.stacks[3] == 0 and hand.max_bet == 35


@pytest.mark.clause("DE-RAISE-8", "OQ-56")
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


@pytest.mark.clause("DE-RAISE-9", "NM-H-15")
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


@pytest.mark.clause("NM-H-15", "OQ-32", "OQ-56")
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


@pytest.mark.clause("NM-H-15", "OQ-32")
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


@pytest.mark.clause("OQ-32", "OQ-56")
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


@pytest.mark.clause("OQ-32")
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


@pytest.mark.clause("OQ-32", "OQ-56")
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


@pytest.mark.clause("OQ-56", "DE-RAISE-9")
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


@pytest.mark.clause("OQ-22", "NM-D-2G")
def test_no_raise_when_nobody_is_left_to_call_it() -> None:
    hand = start(NM, [100, 100, 40])
    hand.bet_or_raise_to(3, 40)
    hand.fold(1)
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.call_amount == 38 and legal.min_raise_to is None
    rejected(hand, ActionNotAllowed, "OQ-22", hand.bet_or_raise_to, 2, 100)
