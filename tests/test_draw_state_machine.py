"""NM five-card draw as a Hypothesis state machine.

Random deals (2 to 5 players, any seats and dealer, stacks from a fraction
of an ante to deep, a carried check-pot, every profile switch, cards from a
shuffled deck or dealt by hand) are driven by random actions, legal and
illegal: bets and raises of any size, calls, checks, folds, timeouts, looks
by anyone at any time, draws of 0 to 5 cards, out-of-turn actions, shows and
mucks, floor penalties and misdeals.  After every step:

- the chips are all there: stacks + pot (+ the carried check-pot);
- every card is dealt once (hands, discards, burn cards);
- exactly one player is to act, or none;
- replaying the log, after a JSON round trip, rebuilds the same state;
- a card nobody may see appears in no view: others' cards never (until
  shown), and a player's own drawn cards not before he looks (NM-D-2E);
- an illegal action raises a RuleViolation naming its clause and changes
  nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from floorman.engine.betting import Phase
from floorman.engine.cards import CARDS, Card, new_deck
from floorman.engine.draw import DrawHand
from floorman.engine.errors import OutOfTurn, RuleViolation
from floorman.engine.events import event_from_dict, event_to_dict
from floorman.engine.profile import with_changes
from floorman.profiles import load_profile

NM_DRAW = load_profile("nm-draw")
SEEDS = st.integers(0, 2**32)
#: The moves of a step; "play_on" (a legal move onwards) weighs most.
MOVES = [
    *["play_on"] * 5,
    "bet_or_raise",
    "respond",
    "look",
    "out_of_turn",
    "draw",
    "deal_five",
    "deal_replacements",
    "show_or_muck",
    "penalty",
    "misdeal",
]


def shuffled(seed: int) -> list[Card]:
    """A deck shuffled by a seed (one choice for Hypothesis, not 52)."""
    deck = new_deck()
    Random(seed).shuffle(deck)
    return deck


class DrawDeals(RuleBasedStateMachine):
    hand: DrawHand
    total: int

    @initialize(n=st.integers(2, 5), data=st.data())
    def start(self, n: int, data: st.DataObject) -> None:
        seats = sorted(data.draw(st.sets(st.integers(1, 9), min_size=n, max_size=n)))
        ante = data.draw(st.sampled_from([1, 2, 5]))
        short = st.integers(1, 3 * ante)
        stacks = data.draw(st.lists(st.one_of(short, st.integers(10, 400)), min_size=n, max_size=n))
        carried = data.draw(st.sampled_from([0, 0, 7, 40]))
        switches = st.fixed_dictionaries(
            {
                name: st.booleans()
                for name in (
                    "reante_check_pot",
                    "show_all_draw_counts",
                    "strict_unseen",
                    "dealer_fourth_card_last",
                )
            }
        )
        self.profile = with_changes(NM_DRAW, **data.draw(switches))
        self.ante = ante
        self.total = sum(stacks) + carried
        self.deals: list[DrawHand] = []
        self.deal(data, seats, stacks, data.draw(st.sampled_from(seats)), carried)

    def deal(
        self, data: st.DataObject, seats: list[int], stacks: list[int], button: int, carried: int
    ) -> None:
        """A new deal, its cards from a shuffled deck or dealt by hand."""
        self.hand = DrawHand.start(
            self.profile,
            seats=seats,
            stacks=stacks,
            button=button,
            ante_unit=self.ante,
            carried_pot=carried,
            deck=None if data.draw(st.integers(0, 3)) == 0 else shuffled(data.draw(SEEDS)),
            auto_showdown=data.draw(st.booleans()),
        )
        self.deals.append(self.hand)
        self.floor_events = 0  # penalties and misdeals tried: a few a deal

    # ------------------------------------------------------------ attempts

    def attempt(self, action: Callable[[], Any]) -> bool:
        """Try ``action``; a refusal must leave the hand exactly as it was."""
        before, logged = self.hand.snapshot(), len(self.hand.events)
        try:
            action()
        except RuleViolation as error:
            assert error.clause, f"a refusal names its clause: {error}"
            assert self.hand.snapshot() == before
            assert len(self.hand.events) == logged
            return False
        return True

    def betting(self) -> bool:
        return self.hand.phase == Phase.BETTING and self.hand.actor is not None

    def drawing(self) -> bool:
        return self.hand.phase == Phase.DRAWING and self.hand.actor is not None

    def unused(self, data: st.DataObject, count: int) -> list[Card]:
        free = [c for c in CARDS if c not in self.hand.used]
        return data.draw(
            st.lists(st.sampled_from(free), min_size=count, max_size=count, unique=True)
        )

    # ------------------------------------------------------------ the step

    @precondition(lambda self: not self.hand.is_complete)
    @rule(move=st.sampled_from(MOVES), data=st.data())
    def step(self, move: str, data: st.DataObject) -> None:
        """One move: a probe (any action, legal or not) where it applies, else
        a legal move that takes the deal on.  One rule, so that Hypothesis'
        swarm testing cannot switch the progress off half the time."""
        applies = {
            "bet_or_raise": self.betting,
            "respond": self.betting,
            "look": lambda: self.hand.phase == Phase.BETTING,
            "out_of_turn": lambda: self.hand.actor is not None,
            "draw": self.drawing,
            "deal_five": lambda: self.hand.deck is None and self.hand.phase == Phase.DEALING,
            "deal_replacements": lambda: (
                self.hand.deck is None and self.hand.phase == Phase.DRAWING and any(self.hand.owed)
            ),
            "show_or_muck": lambda: (
                self.hand.phase == Phase.SHOWDOWN and self.hand.actor is not None
            ),
            "penalty": self.floor_may_act,
            "misdeal": self.floor_may_act,
        }
        if move in applies and applies[move]():
            getattr(self, move)(data)
        else:
            self.play_on(data)

    # ------------------------------------------------------------ moving on

    def play_on(self, data: st.DataObject) -> None:
        """A legal step that moves the deal on: mostly calls and checks, some
        raises, few folds; a blocked unseen player looks first (NM-D-2E s4)."""
        hand = self.hand
        seat = hand.actor
        if hand.phase == Phase.DEALING:
            due = next(i for i in range(hand.n) if not hand.cards[i])
            hand.deal_hole(hand.seats[due], self.unused(data, 5))
        elif hand.phase == Phase.DRAWING and seat is None:
            due = hand.replacement_due()  # NM-D-2D s7-s8, OQ-16: whose cards come next
            assert due is not None
            i = hand.position[due[0]]
            hand.deal_draw(due[0], self.unused(data, hand.owed_now[i] or hand.owed[i]))
        elif hand.phase == Phase.DRAWING and seat is not None:
            held = hand.cards[hand.position[seat]]
            hand.draw(seat, data.draw(st.lists(st.sampled_from(held), max_size=4, unique=True)))
        elif hand.phase == Phase.SHOWDOWN and seat is not None:
            hand.show(seat)
        elif hand.phase == Phase.BETTING and seat is not None:
            if not hand.can_call(seat) and hand.can_look(seat) and hand.round_kind == "unseen":
                hand.look(seat)
            legal = hand.legal_actions()
            assert legal is not None
            choice = data.draw(st.integers(0, 19))
            if hand.round_kind == "opening" and choice < 10:
                choice = 1  # H bets, unseen unless he looked (OQ-19 step 2)
            if choice == 0 and legal.call_amount:
                hand.fold(seat)
            elif choice <= 4 and legal.min_raise_to is not None and legal.max_raise_to:
                hand.bet_or_raise_to(
                    seat, data.draw(st.integers(legal.min_raise_to, legal.max_raise_to))
                )
            else:
                hand.check_or_call(seat)

    # ------------------------------------------------------------ betting

    def bet_or_raise(self, data: st.DataObject) -> None:
        hand = self.hand
        seat = hand.actor
        assert seat is not None
        legal = hand.legal_actions()
        assert legal is not None
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            amounts = st.one_of(
                st.integers(legal.min_raise_to, legal.max_raise_to),
                st.integers(0, legal.max_raise_to + 10),
            )
        else:
            amounts = st.integers(0, hand.max_bet + 40)
        amount = data.draw(amounts)
        offered = legal.min_raise_to is not None and legal.max_raise_to is not None
        in_range = offered and legal.min_raise_to <= amount <= legal.max_raise_to  # type: ignore[operator]
        if self.attempt(lambda: hand.bet_or_raise_to(seat, amount)):
            assert in_range
        elif in_range:
            assert hand.round_kind == "unseen"  # NM-D-2E s4: he must look first

    def respond(self, data: st.DataObject) -> None:
        kind = data.draw(st.sampled_from(["check_or_call", "check", "call", "fold", "time_out"]))
        seat = self.hand.actor
        if not self.attempt(lambda: getattr(self.hand, kind)(seat)) and kind == "check_or_call":
            assert self.hand.round_kind == "unseen"  # only NM-D-2E s4 stops a call

    def look(self, data: st.DataObject) -> None:
        seat = data.draw(st.sampled_from([*self.hand.seats, 10]))
        self.attempt(lambda: self.hand.look(seat))

    def out_of_turn(self, data: st.DataObject) -> None:
        kind = data.draw(st.sampled_from(["fold", "check", "call", "raise", "draw", "show"]))
        hand = self.hand
        others = [s for s in hand.seats if s != hand.actor]
        seat = data.draw(st.sampled_from(others))
        actions: dict[str, Callable[[], Any]] = {
            "fold": lambda: hand.fold(seat),
            "check": lambda: hand.check(seat),
            "call": lambda: hand.call(seat),
            "raise": lambda: hand.bet_or_raise_to(seat, hand.max_bet + 5),
            "draw": lambda: hand.draw(seat, ()),
            "show": lambda: hand.show(seat),
        }
        before, logged = hand.snapshot(), len(hand.events)
        try:
            actions[kind]()
        except RuleViolation as error:
            assert isinstance(error, OutOfTurn) or hand.phase != Phase.BETTING
        else:
            raise AssertionError(f"seat {seat} acted out of turn: {kind}")
        assert hand.snapshot() == before and len(hand.events) == logged

    # ------------------------------------------------------------ dealing and drawing

    def draw(self, data: st.DataObject) -> None:
        hand = self.hand
        seat = hand.actor
        assert seat is not None
        held = hand.cards[hand.position[seat]]
        discards = data.draw(
            st.one_of(
                st.lists(st.sampled_from(held), max_size=5, unique=True),
                st.lists(st.sampled_from(CARDS), max_size=3),  # often not his own
            )
        )
        self.attempt(lambda: hand.draw(seat, discards))

    def deal_five(self, data: st.DataObject) -> None:
        hand = self.hand
        due = next(i for i in range(hand.n) if not hand.cards[i])
        seat = (
            hand.seats[due]
            if data.draw(st.integers(0, 5))
            else data.draw(st.sampled_from(hand.seats))
        )
        count = data.draw(st.sampled_from([5, 5, 5, 4]))
        cards = self.unused(data, count)
        self.attempt(lambda: hand.deal_hole(seat, cards))

    def deal_replacements(self, data: st.DataObject) -> None:
        hand = self.hand
        now = [i for i in hand.draw_order if hand.owed_now[i]]
        due = now or [i for i in hand.draw_order if hand.owed[i]]
        i = data.draw(st.sampled_from(due))
        count = data.draw(st.sampled_from([hand.owed_now[i] or hand.owed[i], hand.owed[i], 1]))
        cards = self.unused(data, count)
        self.attempt(lambda: hand.deal_draw(hand.seats[i], cards))

    # ------------------------------------------------------------ showdown and the floor

    def show_or_muck(self, data: st.DataObject) -> None:
        muck = data.draw(st.booleans())
        seat = self.hand.actor
        assert seat is not None
        if not muck or not self.attempt(lambda: self.hand.muck(seat)):
            self.hand.show(seat)

    def floor_may_act(self) -> bool:
        return not self.hand.is_complete and self.floor_events < 2

    def penalty(self, data: st.DataObject) -> None:
        self.floor_events += 1
        seat = data.draw(st.sampled_from(self.hand.seats))
        amount = data.draw(st.integers(0, 2 * self.hand.ante_unit))
        self.attempt(lambda: self.hand.penalize(seat, amount, clause="NM-D-2C s8, OQ-14"))

    def misdeal(self, data: st.DataObject) -> None:
        self.floor_events += 1
        redeal = shuffled(data.draw(SEEDS)) if self.hand.deck is not None else None
        self.attempt(lambda: self.hand.misdeal("a card was turned", redeal))

    @precondition(lambda self: self.hand.is_complete)
    @rule(data=st.data())
    def next_deal(self, data: st.DataObject) -> None:
        """Nothing may happen after the end; then the deal passes on with the
        chips left and the check-pot carried (OQ-07, OQ-10), or new players
        sit down when fewer than two have chips."""
        hand = self.hand
        seat = data.draw(st.sampled_from(hand.seats))
        for action in (hand.fold, hand.check_or_call, hand.look, hand.show):
            assert not self.attempt(lambda: action(seat))  # noqa: B023
        assert not self.attempt(lambda: hand.penalize(seat, 1, clause="OQ-14"))
        left = [s for s, chips in zip(hand.seats, hand.stacks, strict=True) if chips]
        if len(left) < 2:
            self.total = 100 * len(hand.seats) + hand.carried_pot
            self.deal(
                data, sorted(hand.seats), [100] * len(hand.seats), hand.button, hand.carried_pot
            )
            return
        after = [s for s in left if s > hand.button] or left  # the next dealer clockwise
        chips = dict(zip(hand.seats, hand.stacks, strict=True))
        self.deal(data, sorted(left), [chips[s] for s in sorted(left)], after[0], hand.carried_pot)

    def teardown(self) -> None:
        """How far the deals got (``--hypothesis-show-statistics``)."""
        event(f"{len(self.deals)} deal(s), the last ended in the {self.hand.phase} phase")
        for hand in self.deals:
            event("check-pot" if hand.check_pot else f"a deal ended in the {hand.round_kind} round")
            if hand.unseen_round_played:
                event("an unseen round was played")

    # ------------------------------------------------------------ invariants

    @invariant()
    def chips_are_conserved(self) -> None:
        hand = self.hand
        middle = hand.carried_pot if hand.is_complete else hand.pot_total
        assert sum(hand.stacks) + middle == self.total
        assert all(stack >= 0 for stack in hand.stacks)
        if hand.is_complete:
            assert hand.final_stacks == tuple(hand.stacks)

    @invariant()
    def every_card_is_dealt_once(self) -> None:
        hand = self.hand
        held = [c for cards in hand.cards for c in cards]
        thrown = [c for cards in hand.discarded if cards for c in cards]
        seen = [*held, *thrown, *hand.burned]
        assert len(seen) == len(set(seen)) == len(hand.used)

    @invariant()
    def one_player_to_act_or_none(self) -> None:
        hand = self.hand
        acting = [s for s in hand.seats if hand.legal_actions(s) is not None]
        drawing = [s for s in hand.seats if hand.view(s)["variant"]["can_draw"]]
        assert len(acting) <= 1 and len(drawing) <= 1 and not (acting and drawing)
        if hand.phase == Phase.BETTING and hand.actor is not None:
            i = hand.position[hand.actor]
            assert acting == [hand.actor] and not hand.folded[i] and hand.stacks[i] > 0
        if hand.is_complete:
            assert hand.actor is None and not acting

    @invariant()
    def the_log_replays_to_the_same_state(self) -> None:
        logged = [
            event_from_dict(json.loads(json.dumps(event_to_dict(e)))) for e in self.hand.events
        ]
        again = DrawHand.replay(logged)
        assert again.snapshot() == self.hand.snapshot()
        assert again.view(None) == self.hand.view(None)

    @invariant()
    def hidden_cards_stay_hidden(self) -> None:
        hand = self.hand
        for viewer in (None, *hand.seats):
            text = json.dumps(hand.view(viewer))
            for i, seat in enumerate(hand.seats):
                if i in hand.shown:
                    continue
                if seat == viewer:
                    secret = [] if hand.looked[i] else list(hand.drawn[i])
                else:
                    secret = [*hand.cards[i], *(hand.discarded[i] or ()), *hand.drawn[i]]
                for card in secret:
                    assert f'"{card}"' not in text, (viewer, seat, card)


DrawDeals.TestCase.settings = settings(
    max_examples=120,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
# NM-D-2E: a player's drawn cards reach no view before he looks; NM-D-2C
# s7: every action out of turn is refused and changes nothing.
test_draw_deals = pytest.mark.clause("NM-D-2E", "NM-D-2C")(DrawDeals.TestCase)
