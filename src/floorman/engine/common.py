"""What every game's hand does alike besides betting: whose turn it is,
the check that hand-dealt cards are new, and the appliers of burns,
showdown cards and misdeals (one copy for hold'em and the draw)."""

from __future__ import annotations

import enum
from abc import abstractmethod
from collections import deque
from collections.abc import Sequence
from typing import Final

from floorman.engine.cards import CARDS, Card
from floorman.engine.errors import BadCards
from floorman.engine.events import Burned, Event, Misdealt, Mucked, Shown
from floorman.engine.hand_fields import MIXIN_FIELDS


class Phase(enum.StrEnum):
    """Where a hand is.  The members are strings: views and JSON show the
    values ("betting"), and they compare equal to them."""

    POSTING = "posting"
    DEALING = "dealing"
    BETTING = "betting"
    DRAWING = "drawing"
    SHOWDOWN = "showdown"
    AWARDING = "awarding"
    COMPLETE = "complete"


# The members under module names, which the hands use: they ask the phase on
# every action, and on Python 3.11 an attribute of an enum class
# (``Phase.BETTING``) costs five times a module global.
POSTING: Final = Phase.POSTING
DEALING: Final = Phase.DEALING
BETTING: Final = Phase.BETTING
DRAWING: Final = Phase.DRAWING
SHOWDOWN: Final = Phase.SHOWDOWN
AWARDING: Final = Phase.AWARDING
COMPLETE: Final = Phase.COMPLETE


class CommonMixin:
    """Needs the betting core's fields (see :class:`~floorman.engine.betting.BettingHand`)."""

    # A name, not a literal: the type checker would refuse the fields the
    # hand's slots hold.
    __slots__ = MIXIN_FIELDS  # the hand's fields are slots (BettingHand)

    phase: Phase
    seats: tuple[int, ...]
    n: int
    to_act: deque[int]
    showdown_queue: deque[int]
    shown: dict[int, tuple[Card, ...]]
    mucked: set[int]
    used: set[int]
    burned: list[Card]
    deck: tuple[Card, ...] | None
    deck_position: int
    misdeals: int
    folded: list[bool]
    round_openers: list[int]
    round_aggressors: list[int | None]

    @property
    def actor(self) -> int | None:
        """The seat that must act now (betting, the draw, showdown), or None."""
        phase = self.phase
        if phase == BETTING and self.to_act:
            return self.seats[self.to_act[0]]
        if phase == SHOWDOWN and self.showdown_queue:
            return self.seats[self.showdown_queue[0]]
        if phase == DRAWING:
            i = self._next_drawer()
            return self.seats[i] if i is not None else None
        return None

    def _next_drawer(self) -> int | None:  # who exchanges cards next: only the draw has one
        return None

    def _verify_unused(self, cards: Sequence[int], clause: str, what: str = "") -> None:
        """Cards dealt by hand must be new: none twice, none already dealt."""
        if len(set(cards)) != len(cards) or any(c in self.used for c in cards):
            values = {"what": what, "cards": str([str(CARDS[c]) for c in cards])}
            template = "{what} {cards} repeat a card already dealt"
            if not what:
                template = "{cards} repeat a card already dealt"
            raise BadCards(template, clause=clause, values=values)

    # Every game's showdown (ShowdownMixin, before BettingHand in the MRO)
    # gives these.
    @abstractmethod
    def show(self, seat: int) -> Event: ...

    @abstractmethod
    def muck(self, seat: int) -> Event: ...

    @abstractmethod
    def can_show(self, seat: int) -> bool: ...

    @abstractmethod
    def can_muck(self, seat: int) -> bool: ...

    @abstractmethod
    def _reset_cards(self) -> None:
        """Each game's."""

    def _apply_burn(self, event: Burned) -> None:
        self.burned.append(event.card)
        self.used.add(event.card)
        if self.deck is not None:
            self.deck_position += 1

    def _apply_shown(self, event: Shown | Mucked) -> None:
        i = self.showdown_queue.popleft()
        if type(event) is Shown:
            self.shown[i] = event.cards
        else:
            self.mucked.add(i)
        if not self.showdown_queue:
            self._showdown_over()

    def _showdown_over(self) -> None:
        self.phase = AWARDING

    def _apply_misdeal(self, event: Misdealt) -> None:
        """Every card collected, the same dealer deals again (NM-D-1F, OQ-08)."""
        self.misdeals += 1
        self.deck = event.deck
        self.deck_position = 0
        self._reset_cards()
        self.folded = [False] * self.n
        self.to_act.clear()
        self.round_openers = []
        self.round_aggressors = []
        self.phase = DEALING
