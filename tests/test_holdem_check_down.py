"""The hold'em hand engine, clause by clause: the agreed check-down (NM-H-13).

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

from floorman.engine.actions import KINDS, Action
from floorman.engine.cards import parse_cards
from floorman.engine.clauses import clauses_for
from floorman.engine.errors import (
    ActionNotAllowed,
)
from floorman.engine.holdem import HoldemHand
from floorman.profiles import load_profile
from tests.helpers.holdem import (
    rejected,
    start,
)
from tests.helpers.holdem_rules import (
    DE,
    NM,
    TDA,
    final,
    limp_to_flop,
    to_river,
)


@pytest.mark.clause("NM-H-13")
def test_NM_H_13_agreed_check_down_makes_the_round_zero() -> None:
    hand = start(NM, [100] * 4, board="2c3d4h5s9c")
    limp_to_flop(hand)
    # preflop or facing a bet no proposal; any player in the pot may propose
    hand.propose_checkdown(3)
    assert hand.view(1)["variant"]["checkdown_vote"] == [3]
    rejected(hand, ActionNotAllowed, "NM-H-13", hand.propose_checkdown, 1)
    rejected(hand, ActionNotAllowed, "NM-H-13", hand.vote_checkdown, 3, True)
    hand.vote_checkdown(1, True)
    hand.vote_checkdown(4, True)
    assert hand.street == 1
    hand.vote_checkdown(2, True)
    assert hand.street == 2 and hand.board == parse_cards("2c3d4h5s")
    assert hand.actor == 1 and hand.checkdown_votes is None
    assert hand.pot_total == 8


@pytest.mark.clause("NM-H-13")
def test_NM_H_13_one_refusal_and_play_goes_on() -> None:
    hand = start(NM, [100] * 3)
    limp_to_flop(hand)
    hand.propose_checkdown(2)
    hand.vote_checkdown(3, False)
    assert hand.checkdown_votes is None and hand.street == 1 and hand.actor == 1
    rejected(hand, ActionNotAllowed, "NM-H-13", hand.vote_checkdown, 1, True)
    hand.bet_or_raise_to(1, 6)
    rejected(hand, ActionNotAllowed, "NM-H-13", hand.propose_checkdown, 2)


@pytest.mark.clause("NM-H-13")
def test_NM_H_13_a_bet_ends_the_vote() -> None:
    hand = start(NM, [100] * 3)
    limp_to_flop(hand)
    hand.propose_checkdown(3)
    hand.vote_checkdown(2, True)
    hand.bet_or_raise_to(1, 4)
    assert hand.checkdown_votes is None
    rejected(hand, ActionNotAllowed, "NM-H-13", hand.vote_checkdown, 1, True)
    assert hand.actor == 2 and hand.legal_actions().call_amount == 4


@pytest.mark.clause("NM-H-13")
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


@pytest.mark.clause("NM-H-13")
def test_NM_H_13_a_check_down_on_the_river_goes_to_the_showdown() -> None:
    hand = start(NM, [100] * 3, holes=["AsAd", "KsKd", "2c7h"], board="9h8d4c3s2d")
    to_river(hand)
    hand.propose_checkdown(1)
    hand.vote_checkdown(2, True)
    hand.vote_checkdown(3, True)
    assert final(hand) == {1: 104, 2: 98, 3: 98}


@pytest.mark.clause("NM-H-13")
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
    """The German rulebook (and the TDA profile, which cites it) has no
    agreed check-down: the refusal cites its own checking rule, DE-CHECK-1,
    never the Norwegian NM-H-13 (issue 26: a German page shows no NM clause)."""
    hand = start(rules, [100] * 3)
    limp_to_flop(hand)
    for attempt in (hand.propose_checkdown, lambda seat: hand.vote_checkdown(seat, True)):
        error = rejected(hand, ActionNotAllowed, "DE-CHECK-1", attempt, 1)
        assert "NM-" not in error.clause, error


@pytest.mark.clause("NM-H-14", "OQ-34")
def test_NM_H_14_no_agreed_split_a_pot_is_only_divided_by_equal_hands() -> None:
    for kind in ("chop", "split", "deal"):
        assert kind not in KINDS
        with pytest.raises(ActionNotAllowed):
            Action.from_dict({"action": kind}, clauses_for(load_profile(NM)))
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
