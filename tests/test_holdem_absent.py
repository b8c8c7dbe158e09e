"""The hold'em hand engine, clause by clause: absent players, dead blinds and the clock.

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
    HandFinished,
    OutOfTurn,
)
from floorman.engine.events import (
    BlindPosted,
    Checked,
    Folded,
)
from tests.helpers.holdem import (
    rejected,
    start,
)
from tests.helpers.holdem_rules import (
    BOTH,
    DE,
    check_round,
    final,
    limp_to_flop,
)


@pytest.mark.clause("DE-SEATED-2", "DE-DEAL-2", "OQ-45")
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


@pytest.mark.clause("DE-SEATED-3", "DE-ABSENT-2", "OQ-45")
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


@pytest.mark.clause("OQ-45")
def test_OQ_45_heads_up_the_live_small_blind_wins_the_dead_big_blind() -> None:
    hand = start(DE, [100, 100], dead=[1])  # seat 1 is the big blind
    assert hand.is_complete
    assert final(hand) == {1: 98, 2: 102}


@pytest.mark.clause("DE-ABSENT-2")
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


@pytest.mark.clause("OQ-45", "DE-DEAL-3")
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


@pytest.mark.clause("OQ-45")
@BOTH
def test_OQ_45_all_dead_blinds_leaving_one_player_with_chips_go_to_him(rules: str) -> None:
    """DE-DEAL-3, OQ-45, OQ-10: when the forced bets of an all-dead hand
    leave only one player with chips, no hand can follow to play for the
    pot: he takes it (a stranded check-pot), the others are out."""
    hand = start(rules, [1, 2, 50], dead=[1, 2, 3], carried_pot=9)
    assert hand.final_stacks == (0, 0, 62) and hand.carried_pot == 0
    assert [(a.winners, a.amount) for a in hand.awards] == [((3,), 12)]


@pytest.mark.clause("OQ-45", "OQ-06")
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


@pytest.mark.clause("DE-ABSENT-3")
@BOTH
def test_DE_ABSENT_3_absent_facing_a_bet_is_deemed_folded(rules: str) -> None:
    hand = start(rules, [100] * 3)
    event = hand.act_absent(3)
    assert event == Folded(seat=3, reason="absent")
    assert hand.folded[2] and hand.actor == 1


@pytest.mark.clause("DE-ABSENT-4")
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


@pytest.mark.clause("DE-TIME-4", "OQ-63", "OQ-42")
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


@pytest.mark.clause("DE-OOT-1")
def test_OQ_63_time_out_out_of_turn_is_refused() -> None:
    hand = start(DE, [100] * 3)
    rejected(hand, OutOfTurn, "DE-OOT-1", hand.time_out, 1)
    hand.fold(3)
    hand.fold(1)
    rejected(hand, HandFinished, None, hand.time_out, 2)
