"""The hold'em hand engine, clause by clause: misdeals.

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
from floorman.engine.cards import shuffled_deck
from floorman.engine.errors import (
    ActionNotAllowed,
)
from floorman.engine.events import (
    BlindPosted,
    Misdealt,
    PenaltyPosted,
)
from tests.helpers.holdem import (
    assert_replays,
    profile,
    rejected,
    start,
    view_cards,
)
from tests.helpers.holdem_rules import (
    BOTH,
    DE,
    NM,
    final,
)


@pytest.mark.clause("DE-MISDEAL-1", "DE-MISDEAL-2", "NM-D-1F")
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


@pytest.mark.clause("DE-MISDEAL-1", "OQ-59", "OQ-38")
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


@pytest.mark.clause("DE-MISDEAL-1", "OQ-59")
def test_DE_MISDEAL_1_no_misdeal_once_the_showdown_has_begun() -> None:
    # The button's small blind puts him all-in and the big blind covers it,
    # so nobody ever acts; the showdown starts at once and a hand is shown.
    # The initial deal is long over (DE-MISDEAL-1, OQ-59): a misdeal must be
    # refused.  (The engine accepted it and kept the shown cards of the old
    # deal in the views.)
    hand = start(DE, [2, 1], holes=["Kc Kd", "2h 2s"], auto_showdown=False)
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


@pytest.mark.clause("DE-MISDEAL-2")
def test_DE_MISDEAL_2_a_self_dealing_hand_needs_a_new_shuffle() -> None:
    hand = start(DE, [100] * 3)
    rejected(hand, ActionNotAllowed, "DE-MISDEAL-1", hand.misdeal, "no deck")


@pytest.mark.clause("OQ-59")
def test_OQ_59_button_and_blinds_stay_after_a_misdeal() -> None:
    hand = start(DE, [100] * 5, seats=[1, 3, 5, 7, 9], button=5)
    before = (hand.button, hand.started.small_blind_seat, hand.started.big_blind_seat)
    stacks = list(hand.stacks)
    hand.misdeal("deck defective", deck=shuffled_deck(seeded_randbelow(5)))
    assert (hand.button, hand.started.small_blind_seat, hand.started.big_blind_seat) == before
    assert hand.stacks == stacks and hand.actor == 1
    hand.misdeal("again", deck=shuffled_deck(seeded_randbelow(6)))
    assert hand.stacks == stacks  # the German rules have no fine (house dealer)


@pytest.mark.clause("NM-D-1F", "OQ-08", "OQ-38")
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
