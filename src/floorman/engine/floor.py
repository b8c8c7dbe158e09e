"""The floor's and the director's rulings on a running hand, shared by
every game: fines paid into the pot, a misdeal (dealt again), a void
(annulled), a hand declared dead, and cards shown to everyone of a
player's own will.  A mixin of :class:`floorman.engine.betting.BettingHand`:
each ruling has its ``verify_…``/``can_…``/apply triad and refuses with the
clause before anything is recorded."""

from __future__ import annotations

from abc import abstractmethod
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from floorman.engine.cards import CARDS, Card
from floorman.engine.common import BETTING, COMPLETE, DEALING, POSTING, SHOWDOWN, Phase
from floorman.engine.errors import ActionNotAllowed, AmountOutOfRange, HandFinished
from floorman.engine.events import (
    BetOrRaised,
    Called,
    CardsShown,
    Checked,
    DeclaredDead,
    Discarded,
    Event,
    Folded,
    HandEnded,
    HandStarted,
    HandVoided,
    Misdealt,
    PenaltyPosted,
)
from floorman.engine.profile import RuleProfile


class FloorMixin:
    """Needs the betting core's chips, seats, turn and showdown fields."""

    if not TYPE_CHECKING:  # the type checker would refuse the fields the hand's slots hold
        __slots__ = ()  # the hand's fields are slots (BettingHand)

    profile: RuleProfile
    rulings: dict[str, str]
    started: HandStarted
    events: list[Event]
    seats: tuple[int, ...]
    position: dict[int, int]
    n: int
    phase: Phase
    street: int
    stacks: list[int]
    bets: list[int]
    total: list[int]
    folded: list[bool]
    carried_pot: int
    misdeals: int
    ante_unit: int
    button: int
    to_act: deque[int]
    showdown_queue: deque[int]
    shown: dict[int, tuple[Card, ...]]
    revealed: dict[int, tuple[Card, ...]]
    declared_dead: set[int]
    voided: bool
    deck: tuple[Card, ...] | None

    if TYPE_CHECKING:

        def _position(self, seat: int) -> int: ...

        def _act(self, event: Event) -> None: ...

        def _emit(self, event: Event) -> None: ...

        def _advance(self) -> None: ...

        def _showdown_over(self) -> None: ...

        def _can(self, verify: Callable[..., None], *args: Any) -> bool: ...

    # ----------------------------------------------------------------- the floor

    def verify_penalize(self, seat: int, amount: int) -> None:
        self._position(seat)
        if self.phase == COMPLETE:
            raise HandFinished("the hand is over", clause=self.rulings["floor"], seat=seat)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise AmountOutOfRange(
                "a penalty must be a positive whole number of chips, not {amount}",
                clause=self.rulings["floor"],
                seat=seat,
                attempted=amount,
                values={"amount": repr(amount)},
            )

    def penalize(self, seat: int, amount: int, *, clause: str, reason: str = "") -> PenaltyPosted:
        """A floor penalty paid into the pot as dead money (NM-D-2C s8 /
        OQ-14 out of turn, NM-D-2D s2 / OQ-18 exposed card, NM-D-1F /
        OQ-08 repeat misdeal).  A player pays at most what he has."""
        self.verify_penalize(seat, amount)
        paid = min(amount, self.stacks[self.position[seat]])
        event = PenaltyPosted(seat=seat, amount=paid, clause=clause, reason=reason)
        self._act(event)
        return event

    def _apply_penalty(self, event: PenaltyPosted) -> None:
        i = self.position[event.seat]
        self.stacks[i] -= event.amount
        self.carried_pot += event.amount
        if not self.stacks[i] and i in self.to_act:
            self.to_act.remove(i)

    def _voluntary_action_taken(self) -> bool:
        for event in self.events:
            if isinstance(event, (Checked, Called, BetOrRaised, Discarded)):
                return True
            if isinstance(event, Folded) and event.reason != "dead":
                return True
        return False

    def _before_first_round_ends(self) -> bool:
        """Still in the initial deal or its first betting round."""
        return self.phase in (DEALING, BETTING) and self.street == 0

    def verify_misdeal(self) -> None:
        if not self._before_first_round_ends() or self._voluntary_action_taken():
            raise ActionNotAllowed(
                "a misdeal can only be called after the deal and before anyone has acted",
                clause=self.rulings["misdeal"],
            )

    def misdeal(self, reason: str, deck: Sequence[int] | None = None) -> list[Event]:
        """Collect every card and deal again with the same dealer; forced
        bets stay (NM-D-1F, OQ-08, DE-MISDEAL-1/2, OQ-59).  The same dealer's
        second misdeal in a row costs him the fine (NM-D-1F s2, OQ-08)."""
        self.verify_misdeal()
        if (deck is None) != (self.deck is None):
            raise ActionNotAllowed(
                "a hand that deals itself needs a new shuffled deck to redeal",
                clause=self.rulings["misdeal"],
            )
        new_deck = tuple(CARDS[c] for c in deck) if deck is not None else None
        emitted: list[Event] = [
            Misdealt(reason=reason, clause=self.rulings["misdeal"], deck=new_deck)
        ]
        self._emit(emitted[0])
        fine = self.profile.repeat_misdeal_fine_antes * self.ante_unit
        dealer = self.button
        if self.misdeals >= 2 and fine and dealer in self.position:
            paid = min(fine, self.stacks[self.position[dealer]])
            if paid:
                penalty = PenaltyPosted(
                    seat=dealer, amount=paid, clause="NM-D-1F s2, OQ-08", reason="second misdeal"
                )
                self._emit(penalty)
                emitted.append(penalty)
        self._advance()
        return emitted

    # ----------------------------------------------------------------- the director's hand rulings

    def verify_void(self) -> None:
        """A hand is annulled while it runs; once its pots are awarded they
        stand (DE-DECK-6)."""
        if self.phase == COMPLETE:
            raise HandFinished("the hand is over: its pots stand", clause=self.rulings["void"])

    def can_void(self) -> bool:
        return self._can(self.verify_void)

    def void(self, reason: str) -> list[Event]:
        """Annul the hand: every chip a player put in (antes, blinds, bets,
        fines) goes back to him; a pot carried into the hand stays in the
        middle for the next (DE-DECK-5, DE-DECK-6, OQ-08; NM-D-1G, OQ-03)."""
        self.verify_void()
        voided = HandVoided(reason=reason, clause=self.rulings["void"])
        self._emit(voided)
        ended = HandEnded(stacks=tuple(self.stacks), carried_pot=self.carried_pot)
        self._emit(ended)
        return [voided, ended]

    def _apply_void(self, event: HandVoided) -> None:
        n = self.n
        self.voided = True
        self.stacks = list(self.started.stacks)
        self.bets = [0] * n
        self.total = [0] * n
        self.carried_pot = self.started.carried_pot
        self.to_act.clear()
        self.showdown_queue.clear()

    def verify_declare_dead(self, seat: int) -> None:
        """A dealt hand still live may be declared dead, while one other
        stays live to take the pot (DE-FOUL-1/2, DE-SDFOUL-1)."""
        i = self._position(seat)
        clause = self.rulings["foul"]
        if self.phase == COMPLETE:
            raise HandFinished("the hand is over", clause=clause, seat=seat)
        if self.phase in (POSTING, DEALING) and not self._dealt_to(i):
            raise ActionNotAllowed(
                "seat {seat} has not been dealt any cards yet",
                clause=clause,
                seat=seat,
                values={"seat": seat},
            )
        if self.folded[i]:
            raise ActionNotAllowed(
                "seat {seat} holds no live hand", clause=clause, seat=seat, values={"seat": seat}
            )
        if self.folded.count(False) < 2:
            raise ActionNotAllowed(
                "the last live hand takes the pot: void the hand instead",
                clause=clause,
                seat=seat,
            )

    def can_declare_dead(self, seat: int) -> bool:
        return self._can(self.verify_declare_dead, seat)

    def declare_dead(self, seat: int, reason: str = "") -> DeclaredDead:
        """The floor declares ``seat``'s hand dead (foul): it cannot win and
        what he put in stays in the pot (DE-FOUL-1/2, DE-SDFOUL-1; NM-D-1G,
        OQ-03); the play goes on without him."""
        self.verify_declare_dead(seat)
        event = DeclaredDead(seat=seat, clause=self.rulings["foul"], reason=reason)
        self._act(event)
        return event

    def _dealt_to(self, i: int) -> bool:
        """Position ``i`` holds his cards (hold'em: both; draw: all five)."""
        return True

    def _apply_declared_dead(self, event: DeclaredDead) -> None:
        i = self.position[event.seat]
        self.declared_dead.add(i)
        self.folded[i] = True
        to_act = self.to_act
        if i in to_act:
            to_act.remove(i)
        if self.folded.count(False) < 2:
            to_act.clear()
        self.shown.pop(i, None)
        self._fold_out(i)
        if i in self.showdown_queue:
            self.showdown_queue.remove(i)
        if self.phase == SHOWDOWN:
            self._contests_changed()
            if not self.showdown_queue or self.folded.count(False) < 2:
                self.showdown_queue.clear()
                self._showdown_over()

    def _contests_changed(self) -> None:
        """Who contests each pot changed during the showdown (the showdown
        forgets what it worked out)."""

    def _fold_out(self, i: int) -> None:
        """What the game undoes for a hand declared dead (the draw: his
        place in the exchange; hold'em: his check-down vote)."""

    def verify_show_cards(self, seat: int) -> None:
        """A player shows his cards of his own will only once the hand is
        over, and then to everyone (DE-HOLE-3, DE-HOLE-4): folded cards stay
        hidden while the others play on."""
        i = self._position(seat)
        clause = self.rulings["show_cards"]
        if not self.profile.voluntary_show:
            raise ActionNotAllowed(
                "this rulebook lets nobody show cards outside the showdown",
                clause=clause,
                seat=seat,
                action="show",
            )
        if not self._hand_cards_held(i) or i in self.revealed or i in self.shown:
            raise ActionNotAllowed(
                "you have no hidden cards to show", clause=clause, seat=seat, action="show"
            )
        if self.phase != COMPLETE and not self.folded[i]:
            raise ActionNotAllowed(
                "your cards are in play: they are shown at the showdown",
                clause=clause,
                seat=seat,
                action="show",
            )
        if self.phase != COMPLETE:
            # Folded cards turned up while others still play would tell them
            # what is out of the deck: never when folding (DE-HOLE-3), only
            # once the hand is over, and then to everyone (DE-HOLE-4).
            raise ActionNotAllowed(
                "folded cards stay hidden while the hand is played: "
                "show them after the hand, to everyone",
                clause=clause,
                seat=seat,
                action="show",
            )

    def can_show_cards(self, seat: int) -> bool:
        return self._can(self.verify_show_cards, seat)

    def show_cards(self, seat: int) -> CardsShown:
        """Show every card ``seat`` was dealt (and drew) to the whole table:
        show one, show all (DE-HOLE-4)."""
        self.verify_show_cards(seat)
        event = CardsShown(seat=seat, cards=self._hand_cards_held(self.position[seat]))
        self._emit(event)
        return event

    def _apply_cards_shown(self, event: CardsShown) -> None:
        self.revealed[self.position[event.seat]] = event.cards

    @abstractmethod
    def _hand_cards_held(self, i: int) -> tuple[Card, ...]:
        """Every card position ``i`` holds now (none: not dealt yet)."""
