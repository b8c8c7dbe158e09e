"""Forced bets posted short: a big blind, a small blind or an ante that puts
its poster all-in for less than it is.

The rule is written from the rulebooks, not from a peer engine (PokerKit
lets a short big blind set the bet to call; see test_holdem_pokerkit.py):

- DE-ROUND1-1: the first player "puts in a bet in the amount of the big
  blind" to call; OQ-31: the minimum bet is the big blind and the minimum
  raise the last full bet or raise.  So everyone calls the full big blind
  even when its poster had less, the small blind completes to it
  (DE-ROUND1-3), and the minimum raise is to two big blinds.
- NM-D-3B (imported into hold'em by NM-H-6): "the sum that everyone can
  call is placed in the main pot and the rest in a side pot": the short
  poster's chips make the main pot, the rest a side pot he cannot win.

Seats are 1..n with the button on seat n (seat 1 small blind, seat 2 big
blind); heads-up seat 2 is the button and small blind, seat 1 the big blind.
"""

from __future__ import annotations

import pytest

from floorman.engine.errors import ActionNotAllowed, AmountOutOfRange
from floorman.formats.phh import replay_phh
from floorman.profiles import load_profile
from tests.helpers.holdem import rejected, start
from tests.helpers.holdem_rules import BOTH, DE


def pots(hand: object) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    return [(a.amount, a.eligible, a.winners) for a in hand.awards]  # type: ignore[attr-defined]


@pytest.mark.clause("DE-ROUND1-1", "OQ-31", "NM-H-3")
@BOTH
def test_everyone_calls_the_full_big_blind_when_its_poster_is_short(rules: str) -> None:
    # 100/200 (ante unit 100): the big blind has 150 and posts it all
    hand = start(rules, [1000, 150, 1000], ante_unit=100)
    assert hand.bets == [100, 150, 0] and hand.stacks[1] == 0
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 3
    assert legal.call_amount == 200  # the big blind, not the 150 posted
    assert legal.min_raise_to == 400  # two big blinds (OQ-31)
    rejected(hand, AmountOutOfRange, "DE-RAISE-6" if rules == DE else "OQ-31",
             hand.bet_or_raise_to, 3, 350)  # fmt: skip
    hand.call(3)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 1
    assert legal.call_amount == 100  # the small blind completes to the big blind (DE-ROUND1-3)
    hand.call(1)
    assert hand.total == [200, 150, 200] and hand.street == 1


@pytest.mark.clause("NM-D-3B", "NM-H-6", "DE-ROUND1-1")
@BOTH
def test_the_short_big_blinds_chips_make_the_main_pot(rules: str) -> None:
    # the short big blind holds the best hand: he wins 150 from each player,
    # the side pot of the other two goes to the better of them
    hand = start(
        rules, [1000, 150, 1000], ante_unit=100, holes=["Kc Kd", "Ac Ad", "Qc Qd"],
        board="2h 7s 9d Jc 3s",
    )  # fmt: skip
    hand.call(3)
    hand.call(1)
    for _ in range(3):  # flop, turn, river: both check
        hand.check(1)
        hand.check(3)
    assert pots(hand) == [(450, (1, 2, 3), (2,)), (100, (1, 3), (1,))]
    assert hand.final_stacks == (900, 450, 800)


@pytest.mark.clause("DE-ROUND1-1", "DE-ROUND1-3", "OQ-31", "OQ-29")
@BOTH
def test_heads_up_the_small_blind_cannot_check_against_a_short_big_blind(rules: str) -> None:
    # 1/2: the big blind (seat 1) has one chip, the button's small blind is 1
    hand = start(rules, [1, 100], holes=["Ac Ad", "Kc Kd"])
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 2
    assert not legal.can_check and legal.call_amount == 1
    assert legal.min_raise_to is None  # nobody has chips to call a raise
    rejected(hand, ActionNotAllowed, "DE-CHECK" if rules == DE else "NM-H", hand.check, 2)
    # folding gives up the small blind to the big blind
    hand.fold(2)
    assert hand.final_stacks == (2, 99)


@pytest.mark.clause("DE-ROUND1-3", "NM-D-3B")
def test_heads_up_the_completed_small_blind_gets_back_what_nobody_could_call() -> None:
    hand = start(DE, [1, 100], holes=["Kc Kd", "Ac Ad"], board="2h 7s 9d Jc 3s")
    hand.call(2)  # completes to 2; the big blind's 1 is all he can match
    assert hand.is_complete
    assert pots(hand) == [(2, (1, 2), (2,))]
    assert hand.final_stacks == (0, 101)


@pytest.mark.clause("DE-BLINDS-3", "OQ-29", "NM-D-3B")
@BOTH
def test_heads_up_a_short_small_blind_is_all_in_and_the_rest_of_the_big_blind_returns(
    rules: str,
) -> None:
    # 100/200: the button (seat 2) has 50 for his small blind
    hand = start(rules, [1000, 50], ante_unit=100, holes=["Kc Kd", "Ac Ad"], board="2h 7s 9d Jc 3s")
    assert hand.is_complete  # nobody had a decision to make
    assert pots(hand) == [(100, (1, 2), (2,))]
    assert hand.final_stacks == (950, 100)


@pytest.mark.clause("DE-RAISE-6", "DE-RAISE-9", "OQ-32", "OQ-31")
def test_a_raise_short_of_two_big_blinds_over_a_short_blind_does_not_reopen() -> None:
    # UTG calls the full 200; the button goes all-in to 300, short of the
    # minimum raise to 400: UTG, who has acted, may only call or fold
    hand = start(DE, [1000, 150, 1000, 300], ante_unit=100)
    hand.call(3)
    hand.bet_or_raise_to(4, 300)
    hand.call(1)  # the small blind had not acted: he may call (or raise)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 3
    assert legal.call_amount == 100 and legal.min_raise_to is None
    rejected(hand, ActionNotAllowed, "DE-RAISE-9", hand.bet_or_raise_to, 3, 800)


@pytest.mark.clause("DE-ROUND1-4", "DE-ROUND1-1")
def test_a_short_big_blind_all_in_has_no_option() -> None:
    hand = start(DE, [1000, 150, 1000], ante_unit=100)
    hand.call(3)
    hand.call(1)
    assert hand.street == 1  # the round ended without asking the big blind


@pytest.mark.clause("NM-D-3B", "NM-H-6")
def test_an_ante_posted_short_wins_only_as_much_from_each_player() -> None:
    # antes of 10, blinds 10/20: the button has 6, all of it his ante
    hand = start(
        DE, [500, 500, 6], ante_unit=10, small_blind=10, big_blind=20, antes=[10, 10, 10],
        holes=["Kc Kd", "Qc Qd", "Ac Ad"], board="2h 7s 9d Jc 3s",
    )  # fmt: skip
    assert hand.stacks[2] == 0
    hand.call(1)
    hand.check(2)
    for _ in range(3):
        hand.check(1)
        hand.check(2)
    # the main pot: 6 from each; the side pot: the other antes' 4 and the blinds' 20 each
    assert pots(hand) == [(18, (1, 2, 3), (3,)), (48, (1, 2), (1,))]
    assert hand.final_stacks == (518, 470, 18)


@pytest.mark.clause("DE-ROUND1-1", "OQ-31", "NM-D-3B")
def test_a_hand_history_with_a_short_big_blind_replays_by_the_rule() -> None:
    text = """
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [100, 200, 0]
min_bet = 200
starting_stacks = [1000, 150, 1000]
actions = ['d dh p1 KcKd', 'd dh p2 AcAd', 'd dh p3 QcQd', 'p3 cc', 'p1 cc',
  'd db 2h7s9d', 'p1 cc', 'p3 cc', 'd db Jc', 'p1 cc', 'p3 cc', 'd db 3s', 'p1 cc', 'p3 cc',
  'p1 sm KcKd', 'p2 sm AcAd', 'p3 sm QcQd']
finishing_stacks = [900, 450, 800]
"""
    for name in ("nm-holdem", "de-holdem", "phh-nt"):
        hand = replay_phh(text, profile=load_profile(name))
        assert hand.final_stacks == (900, 450, 800)
