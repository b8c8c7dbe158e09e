"""The hold'em hand engine, clause by clause: what each seat sees, rejected actions and replays.

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

import json

import pytest

from floorman.dealing import seeded_randbelow
from floorman.engine.actions import Action, apply_action
from floorman.engine.cards import parse_cards, shuffled_deck
from floorman.engine.errors import (
    ActionNotAllowed,
    AmountOutOfRange,
    HandFinished,
    OutOfTurn,
)
from floorman.engine.events import (
    BetOrRaised,
)
from floorman.engine.holdem import HoldemHand
from tests.helpers.holdem import (
    assert_replays,
    assert_views_private,
    profile,
    rejected,
    secret_cards,
    start,
    total_chips,
    view_cards,
)
from tests.helpers.holdem_rules import DE, NM


@pytest.mark.clause("DE-HOLE-1", "DE-HOLE-2", "DE-BURN-11")
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
        Action.from_dict({"action": "raise", "amount": "lots"}, hand.rulings)
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
