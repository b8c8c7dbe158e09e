"""Showdown: who shows first, who may muck, and the automatic choice.

Shared by hold'em and draw.  The order is OQ-27 for the NM events (the last
bettor of the final round, else its first player) and OQ-51 for the German
rules (the last bettor of the river, else turn, else flop, else the first
player left of the button); then clockwise.  A player may concede by mucking
(OQ-27, OQ-51, DE-MUCKVIEW-1) unless nobody else claims his pot: the winning
hand must be shown (DE-MUCKVIEW-2).
"""

from __future__ import annotations

from abc import abstractmethod
from collections import deque
from collections.abc import Callable

from floorman.engine.cards import Card
from floorman.engine.common import SHOWDOWN, Phase
from floorman.engine.errors import ActionNotAllowed, OutOfTurn
from floorman.engine.evaluator import evaluate, evaluate7
from floorman.engine.events import Event, Mucked, Shown, new_mucked, new_shown
from floorman.engine.hand_fields import MIXIN_FIELDS
from floorman.engine.pots import build_pots
from floorman.engine.profile import RuleProfile
from floorman.engine.seating import AROUND


class ShowdownMixin:
    """Needs the betting core's fields plus ``_hand_cards`` and
    ``_cards_final`` from the game."""

    # A name, not a literal: the type checker would refuse the fields the
    # hand's slots hold.
    __slots__ = MIXIN_FIELDS  # the hand's fields are slots (BettingHand)

    profile: RuleProfile
    rulings: dict[str, str]
    seats: tuple[int, ...]
    n: int
    folded: list[bool]
    total: list[int]
    carried_pot: int
    phase: Phase
    round_aggressors: list[int | None]
    round_openers: list[int]
    showdown_queue: deque[int]
    shown: dict[int, tuple[Card, ...]]
    mucked: set[int]
    _strength_cache: dict[int, int]
    _pots_cache: list[tuple[int, ...]] | None

    @abstractmethod
    def _hand_cards(self, i: int) -> tuple[Card, ...]:
        """The cards position ``i`` plays at showdown (hole + board; five)."""

    @abstractmethod
    def _shown_cards(self, i: int) -> tuple[Card, ...]:
        """The cards position ``i`` tables when he shows."""

    @abstractmethod
    def _cards_final(self) -> bool:
        """True once no more cards will come (board complete, draw done)."""

    # BettingHand's, after this class in the MRO: declared, not defined, so
    # as not to hide them.
    _position: Callable[[int], int]
    _act: Callable[[Event], None]

    def _claims(self, i: int) -> bool:
        return not self.folded[i] and i not in self.mucked

    def _pots_of(self, i: int) -> list[tuple[int, ...]]:
        return [eligible for eligible in self._showdown_pots() if i in eligible]

    def _showdown_pots(self) -> list[tuple[int, ...]]:
        """Who contests each pot; fixed once the showdown starts (the
        contributions no longer change), so computed once."""
        cached = self._pots_cache  # None until the showdown asks
        if cached is None:
            live = [not f for f in self.folded]
            cached = [p.eligible for p in build_pots(self.total, live, self.carried_pot)]
            self._pots_cache = cached
        return cached

    def _contests_changed(self) -> None:
        self._pots_cache = None

    def _others_claim(self, i: int) -> bool:
        """Whether every pot of position ``i`` has another claimant
        (:meth:`_claims`; loops, as every showdown asks of every hand)."""
        folded, mucked = self.folded, self.mucked
        for pot in self._showdown_pots():
            if i in pot:
                for j in pot:
                    if j != i and not folded[j] and j not in mucked:
                        break
                else:
                    return False
        return True

    def verify_show(self, seat: int) -> None:
        i = self._position(seat)
        if self.phase != SHOWDOWN or not self.showdown_queue:
            raise OutOfTurn(
                "there is no showdown now", clause=self.rulings["showdown_order"], seat=seat
            )
        if self.showdown_queue[0] != i:
            raise OutOfTurn(
                "seat {next} shows or mucks first",
                clause=self.rulings["showdown_order"],
                seat=seat,
                values={"next": self.seats[self.showdown_queue[0]]},
            )

    def verify_muck(self, seat: int) -> None:
        self.verify_show(seat)
        i = self._position(seat)
        if not self._cards_final():
            raise ActionNotAllowed(
                "all hands are shown when players are all-in before the last card",
                clause=self.rulings["all_in_show"],
                seat=seat,
                action="muck",
            )
        if not self._others_claim(i):
            raise ActionNotAllowed(
                "the winning hand must be shown: nobody else claims your pot",
                clause=self.rulings["winner_shows"],
                seat=seat,
                action="muck",
            )

    def show(self, seat: int) -> Shown:
        """Table the whole hand: both hole cards in hold'em (OQ-52,
        DE-SHOWALL-1, DE-PLAYBOARD-1), all five in the draw."""
        self.verify_show(seat)
        event = Shown(seat=seat, cards=self._shown_cards(self._position(seat)))
        self._act(event)
        return event

    def muck(self, seat: int) -> Mucked:
        """Concede without showing (OQ-27, OQ-51, DE-MUCKVIEW-1)."""
        self.verify_muck(seat)
        event = Mucked(seat=seat)
        self._act(event)
        return event

    def can_show(self, seat: int) -> bool:
        if self.phase != SHOWDOWN:
            return False  # every view asks; the common refusal, without building it
        try:
            self.verify_show(seat)
        except (OutOfTurn, ActionNotAllowed):
            return False
        return True

    def can_muck(self, seat: int) -> bool:
        try:
            self.verify_muck(seat)
        except (OutOfTurn, ActionNotAllowed):
            return False
        return True

    def _auto_showdown_event(self) -> Shown | Mucked:
        """Show when the hand can still win or tie a pot, or must be shown;
        otherwise muck.  Cards speak (DE-CARDSPEAK-1)."""
        i = self.showdown_queue[0]
        seat = self.seats[i]
        if not self._cards_final() or not self._others_claim(i):
            return new_shown(seat, self._shown_cards(i))
        mine = self._strength(i)
        shown = self.shown
        for pot in self._showdown_pots():
            if i not in pot:
                continue
            best_shown = 0
            for j in pot:
                if j in shown:
                    strength = self._strength(j)
                    if strength > best_shown:
                        best_shown = strength
            if mine >= best_shown:
                return new_shown(seat, self._shown_cards(i))
        return new_mucked(seat)

    def _showdown_start(self) -> int:
        """Who shows first (OQ-27 or OQ-51, see the module docstring)."""
        last = len(self.round_aggressors) - 1
        if self.profile.showdown_order == "final-round":
            aggressor = self.round_aggressors[last]
            return aggressor if aggressor is not None else self.round_openers[last]
        for street in range(last, 0, -1):
            aggressor = self.round_aggressors[street]
            if aggressor is not None:
                return aggressor
        if last == 0:
            aggressor = self.round_aggressors[0]
            return aggressor if aggressor is not None else self.round_openers[0]
        return 0

    def _strength(self, i: int) -> int:
        """The hand's strength once its cards are final (a hand is evaluated
        once per showdown)."""
        cache = self._strength_cache
        value = cache.get(i)
        if value is None:
            cards = self._hand_cards(i)
            # hold'em's seven need no check: they were checked as they were dealt
            value = cache[i] = evaluate7(*cards) if len(cards) == 7 else evaluate(cards)
        return value

    def _begin_showdown(self) -> None:
        self._pots_cache = None
        self._strength_cache = {}
        start = self._showdown_start()
        folded = self.folded
        self.showdown_queue = deque([i for i in AROUND[self.n][start] if not folded[i]])
        self.phase = SHOWDOWN

    def _strengths(self) -> dict[int, int]:
        """Strength of every hand that still claims (shown, never mucked)."""
        folded = self.folded
        if folded.count(False) == 1:
            return {folded.index(False): 1}
        strengths: dict[int, int] = {}
        for i in self.shown:
            if not folded[i]:
                strengths[i] = self._strength(i)
        return strengths
