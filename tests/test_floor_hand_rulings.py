"""The director's rulings on a running hand, in the engine: a hand voided,
a hand declared dead, and cards shown to everyone of a player's own will.

- Void (DE-DECK-5: "the coup is annulled and the bets are returned to the
  players"; DE-DECK-6: a pot already pushed stands; OQ-08 and NM-D-1G for
  the NM events): every chip each player put in goes back to him, a pot
  carried into the hand stays in the middle.
- Dead hand (DE-FOUL-1: "a foul hand cannot win"; DE-FOUL-2: its bets are
  not returned; DE-SDFOUL-1 at the showdown; NM-D-1G, OQ-03): the hand
  leaves the play and keeps nothing it put in.
- Show one, show all (DE-HOLE-3/4): once the hand is over a player may
  show his cards, and then to everyone; never while the hand is played,
  folded or not (OQ-27 for the NM events).

Every refusal changes nothing (:func:`tests.helpers.holdem.rejected`), and
every hand replays from its log to the same state.
"""

from __future__ import annotations

import pytest

from floorman.dealing import seeded_randbelow
from floorman.engine.betting import Phase
from floorman.engine.cards import parse_cards, shuffled_deck
from floorman.engine.draw import DrawHand
from floorman.engine.errors import ActionNotAllowed, HandFinished
from floorman.engine.events import CardsShown, DeclaredDead, HandEnded, HandVoided
from floorman.engine.holdem import HoldemHand
from floorman.profiles import load_profile
from tests.helpers.holdem import rejected, start
from tests.helpers.holdem_rules import DE, NM


def replays_to_the_same_state(hand: HoldemHand | DrawHand) -> None:
    again = type(hand).replay(hand.events)
    assert again.snapshot() == hand.snapshot()


@pytest.mark.clause("DE-DECK-5")
def test_DE_DECK_5_a_voided_hand_returns_every_chip_to_who_put_it_in() -> None:
    hand = start(DE, [1000, 1000, 1000], ante_unit=50)
    hand.bet_or_raise_to(3, 400)
    hand.call(1)
    hand.fold(2)  # a fold's chips go back too: the hand never happened
    events = hand.void("two aces of spades in the deck")
    assert isinstance(events[0], HandVoided) and events[0].clause.startswith("DE-DECK-5")
    assert isinstance(events[1], HandEnded)
    assert hand.is_complete and hand.voided and not hand.awards
    assert hand.final_stacks == (1000, 1000, 1000)
    assert hand.seat_view(None).log[-2].kind == "void"
    replays_to_the_same_state(hand)


@pytest.mark.clause("DE-DECK-6")
def test_DE_DECK_6_a_hand_whose_pot_was_awarded_stands() -> None:
    hand = start(DE, [1000, 1000, 1000], ante_unit=50)
    hand.bet_or_raise_to(3, 400)
    hand.fold(1)
    hand.fold(2)
    assert hand.is_complete
    error = rejected(hand, HandFinished, "DE-DECK-6", hand.void, "too late")
    assert "pots stand" in str(error)


@pytest.mark.clause("OQ-08", "NM-D-1G")
def test_a_voided_draw_returns_the_antes_and_carries_the_check_pot_on() -> None:
    profile = load_profile("nm-draw")
    hand = DrawHand.start(
        profile,
        seats=[1, 2, 3],
        stacks=[100, 100, 100],
        button=3,
        ante_unit=2,
        carried_pot=30,
        deck=shuffled_deck(seeded_randbelow(1)),
    )
    hand.bet_or_raise_to(1, 10)
    hand.void("the deck had 51 cards")
    # each ante back; the check-pot of 30 stays in the middle for the next deal
    assert hand.final_stacks == (100, 100, 100) and hand.carried_pot == 30
    assert hand.voided and hand.events[-2].clause == "NM-D-1G, OQ-03, OQ-08"  # type: ignore[attr-defined]
    replays_to_the_same_state(hand)


@pytest.mark.clause("DE-FOUL-1", "DE-FOUL-2")
def test_DE_FOUL_a_dead_hand_cannot_win_and_keeps_nothing_it_put_in() -> None:
    hand = start(
        DE, [1000, 1000, 1000], ante_unit=50, holes=["As Ad", "Kc Kd", "2c 7d"],
        board="Ah Ac 9s 4d 3h",
    )  # fmt: skip
    hand.call(3)
    hand.call(1)
    hand.check(2)
    dead = hand.declare_dead(1, "a third hole card")
    assert isinstance(dead, DeclaredDead) and dead.clause == "DE-FOUL-1, DE-FOUL-2"
    assert hand.folded[0] and hand.actor == 2  # the flop goes on without him
    for _ in range(3):
        hand.check(2)
        hand.check(3)
    # four aces cannot win: the kings take the 300 the three put in
    assert [(a.amount, a.winners) for a in hand.awards] == [(300, (2,))]
    assert hand.final_stacks == (900, 1200, 900)
    replays_to_the_same_state(hand)


@pytest.mark.clause("DE-SDFOUL-1", "DE-FOUL-1")
def test_DE_SDFOUL_1_a_hand_declared_dead_at_the_showdown_loses_its_pots() -> None:
    hand = start(
        DE, [300, 1000, 1000], ante_unit=50, holes=["As Ad", "Kc Kd", "Qc Qd"],
        board="Ah 8c 9s 4d 3h", auto_showdown=False,
    )  # fmt: skip
    hand.bet_or_raise_to(3, 300)
    hand.call(1)  # all-in
    hand.call(2)
    while hand.phase == Phase.BETTING:
        hand.check(hand.actor)  # type: ignore[arg-type]
    assert hand.phase == Phase.SHOWDOWN
    hand.declare_dead(1, "five cards at the showdown")
    while not hand.is_complete:
        hand.show(hand.actor)  # type: ignore[arg-type]
    assert [(a.amount, a.winners) for a in hand.awards] == [(900, (2,))]
    assert hand.final_stacks == (0, 1600, 700)
    replays_to_the_same_state(hand)


@pytest.mark.clause("DE-FOUL-1")
def test_the_last_live_hand_cannot_be_declared_dead() -> None:
    hand = start(DE, [1000, 1000], ante_unit=50)
    hand.declare_dead(2)
    assert hand.is_complete  # the big blind takes the pot
    hand = start(DE, [1000, 1000, 1000], ante_unit=50)
    hand.fold(3)
    hand.declare_dead(1)
    assert hand.is_complete
    error = rejected(hand, HandFinished, "DE-FOUL-1", hand.declare_dead, 2)
    assert "over" in str(error)
    hand = start(DE, [1000, 1000, 1000], ante_unit=50)
    hand.fold(3)
    hand.fold(1)
    assert hand.is_complete


@pytest.mark.clause("NM-D-1G", "OQ-03", "NM-D-2D")
def test_a_hand_declared_dead_during_the_draw_leaves_the_exchange() -> None:
    profile = load_profile("nm-draw")
    hand = DrawHand.start(
        profile,
        seats=[1, 2, 3],
        stacks=[100] * 3,
        button=3,
        ante_unit=1,
        deck=shuffled_deck(seeded_randbelow(2)),
    )
    hand.bet_or_raise_to(1, 4)
    hand.call(2)
    hand.call(3)
    assert hand.phase == Phase.DRAWING and hand.actor == 1
    hand.draw(1, list(hand.cards[0][:2]))
    hand.declare_dead(2, "exposed his hand to the next player")
    assert hand.actor == 3  # the exchange goes on without seat 2
    hand.draw(3, [])
    assert hand.phase == Phase.BETTING
    assert 1 not in hand.draw_order and hand.folded[1]
    rejected(hand, ActionNotAllowed, "NM-D-1G", hand.declare_dead, 2)
    replays_to_the_same_state(hand)


@pytest.mark.clause("DE-HOLE-3", "DE-HOLE-4")
def test_DE_HOLE_3_folded_cards_stay_hidden_while_the_hand_is_played() -> None:
    """DE-HOLE-3: a player may not "turn them face up when folding"; with
    two players still in, the folded 2c 7d stay hidden from everyone."""
    hand = start(DE, [1000, 1000, 1000], ante_unit=50, holes=["As Ad", "Kc Kd", "2c 7d"])
    rejected(hand, ActionNotAllowed, "DE-HOLE-3", hand.show_cards, 3)  # in play
    hand.fold(3)
    assert not hand.is_complete  # seats 1 and 2 play on
    assert not hand.can_show_cards(3)
    rejected(hand, ActionNotAllowed, "DE-HOLE-3", hand.show_cards, 3)  # folded, hand live
    assert "show_cards" not in hand.seat_view(3).actions
    for viewer in (None, 1, 2):
        assert hand.seat_view(viewer).players[2].cards is None


@pytest.mark.clause("DE-HOLE-3", "DE-HOLE-4")
def test_DE_HOLE_4_after_the_hand_cards_are_shown_to_everyone_once() -> None:
    hand = start(DE, [1000, 1000, 1000], ante_unit=50, holes=["As Ad", "Kc Kd", "2c 7d"])
    hand.fold(3)
    hand.fold(1)
    assert hand.is_complete
    assert "show_cards" in hand.seat_view(3).actions
    event = hand.show_cards(3)  # show one, show all: to every seat and spectator
    assert isinstance(event, CardsShown) and event.cards == tuple(parse_cards("2c 7d"))
    for viewer in (None, 1, 2):
        assert hand.seat_view(viewer).players[2].cards == ("2c", "7d")
    assert hand.seat_view(None).log[-1].kind == "shown_to_all"
    rejected(hand, ActionNotAllowed, "DE-HOLE-4", hand.show_cards, 3)  # once is all
    hand.show_cards(2)  # the winner shows after the hand: everyone sees it
    assert hand.seat_view(None).players[1].cards == ("Kc", "Kd")
    replays_to_the_same_state(hand)


@pytest.mark.clause("OQ-27", "NM-D-1G", "OQ-03")
def test_OQ_27_a_folded_draw_hand_stays_hidden_from_the_players_still_in() -> None:
    """The NM rules are silent on showing cards outside the showdown; OQ-27
    borrows the German showdown rules, so five folded cards are not shown
    to the two players still drawing."""
    hand = DrawHand.start(
        load_profile("nm-draw"),
        seats=[1, 2, 3],
        stacks=[100] * 3,
        button=3,
        ante_unit=1,
        deck=shuffled_deck(seeded_randbelow(2)),
    )
    hand.bet_or_raise_to(1, 4)
    hand.fold(2)
    assert not hand.is_complete
    rejected(hand, ActionNotAllowed, "OQ-27", hand.show_cards, 2)
    assert "show_cards" not in hand.seat_view(2).actions
    hand.fold(3)
    assert hand.is_complete
    hand.show_cards(2)
    assert hand.seat_view(1).players[1].cards is not None
    replays_to_the_same_state(hand)


@pytest.mark.clause("OQ-03")
def test_a_profile_may_forbid_showing_cards_outside_the_showdown() -> None:
    from floorman.engine.profile import with_changes

    strict = with_changes(load_profile(NM), voluntary_show=False)
    hand = start(strict, [1000, 1000, 1000], ante_unit=50)
    hand.fold(3)
    hand.fold(1)
    rejected(hand, ActionNotAllowed, "OQ-03", hand.show_cards, 3)
