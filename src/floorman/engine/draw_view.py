"""What a draw seat sees of its deal (a mixin of
:class:`floorman.engine.draw.DrawHand`): each player's cards as the viewer
may know them (drawn cards face down until looked at, NM-D-2E; draw counts
public only as OQ-17 says), the round, the unseen hints (NM-D-2E/2F,
OQ-19), and the same facts for an in-process bot without building a view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from floorman.engine.betting import BotFields
from floorman.engine.cards import CARD_TEXT, Card
from floorman.engine.common import COMPLETE, DEALING, DRAWING, POSTING, Phase
from floorman.engine.draw_hints import PAT_H_HINT, unseen_hints
from floorman.engine.profile import RuleProfile
from floorman.engine.seat_view import (
    BotFacts,
    DrawLimit,
    GameFields,
    PlayerView,
    VariantPart,
    note,
    view_record,
)

if TYPE_CHECKING:
    from floorman.engine.draw import DrawRound

#: the rounds in words (the seat view's ``round_label``)
_ROUND_LABELS = {
    "pre-draw": "before the draw",
    "opening": "after the draw",
    "unseen": "unseen round",
    "seen": "seen round",
}


@view_record
class DrawSeat:
    """What anyone may know of one player's draw."""

    seat: int
    drew: int | None  #: how many he exchanged, where that is public (OQ-17)
    looked: bool | None  #: has he looked at his drawn cards (None: nothing drawn yet)
    in_unseen: bool  #: did he bet or call unseen (NM-D-2E)
    #: replacement cards still to come: a draw of 4 is 3 now and the fourth
    #: once everyone has drawn (NM-D-2D s7-s8, OQ-16)
    to_come: int = 0


@view_record
class DrawPart(VariantPart):
    """The draw's part of a seat view: the exchange and the unseen rounds."""

    draw_limit: DrawLimit
    must_look: bool  #: look before checking, calling or raising (NM-D-2E s4)
    can_look: bool
    can_draw: bool
    unseen_bet: bool  #: a bet or call now leaves this seat in unseen (NM-D-2E)
    high_bidder: int | None  #: the seat of the high bidder H (NM-D-2E)
    check_pot: bool  #: everyone checked: the pot goes to the next deal (OQ-10)
    seats: tuple[DrawSeat, ...]  #: each player's draw, in the order of ``players``
    game: str = "draw"

    def leading_actions(self) -> tuple[str, ...]:
        looks = ("look",) if self.can_look else ()
        return (*looks, "draw") if self.can_draw else looks

    def blocks_betting(self) -> bool:
        return self.must_look

    def awaits_seat(self) -> bool:
        return self.can_draw or self.can_look

    def bot_facts(self, seat: int) -> BotFacts:
        return BotFacts(
            self.can_look, self.must_look, self.high_bidder == seat, self.draw_limit.max_cards
        )


class DrawViews:
    """Needs the draw hand's state (see :class:`floorman.engine.draw.DrawHand`)."""

    if not TYPE_CHECKING:  # the type checker would refuse the fields the hand's slots hold
        __slots__ = ()  # the hand's fields are slots (BettingHand)

    game: str
    profile: RuleProfile
    phase: Phase
    seats: tuple[int, ...]
    n: int
    round_kind: DrawRound
    draw_order: list[int]
    cards: list[list[Card]]
    kept: list[tuple[Card, ...]]
    drawn: list[list[Card]]
    discarded: list[tuple[Card, ...] | None]
    looked: list[bool]
    in_unseen: list[bool]
    owed: list[int]
    shown: dict[int, tuple[Card, ...]]
    revealed: dict[int, tuple[Card, ...]]
    folded: list[bool]
    high_bidder: int | None
    check_pot: bool
    ante_unit: int
    button: int

    if TYPE_CHECKING:

        def dealer_position(self) -> int | None: ...

        def can_look(self, seat: int) -> bool: ...

        def must_look(self, i: int) -> bool: ...

        def _stood_pat(self, i: int) -> bool: ...

        @property
        def actor(self) -> int | None: ...

        def _player_view(
            self, i: int
        ) -> tuple[int, str, int, int, int, bool, bool, bool, bool]: ...

    def _draw_over(self) -> bool:
        return self.phase not in (POSTING, DEALING, DRAWING) and bool(self.draw_order)

    def _seat_player(self, i: int, mine: int | None) -> PlayerView:
        """A player's drawn cards stay face down, even to him, until he
        looks (NM-D-2E, OQ-19)."""
        own: tuple[str | None, ...] | None = None
        if i in self.shown:
            own = tuple([CARD_TEXT[c] for c in self.shown[i]])
        elif i in self.revealed:  # shown to everyone of his own will (DE-HOLE-4)
            own = tuple([CARD_TEXT[c] for c in self.revealed[i]])
        elif i == mine and self.cards[i]:
            hidden = not self.looked[i]
            held = self.kept[i] if self.discarded[i] is not None else self.cards[i]
            own = (
                *[CARD_TEXT[c] for c in held],
                *[None if hidden else CARD_TEXT[c] for c in self.drawn[i]],
            )
        return PlayerView(
            *self._player_view(i),
            bool(self.cards[i]) and not self.folded[i],  # has_cards
            own,  # cards
        )

    def _public_draw_count(self, i: int) -> int | None:
        """How many cards position ``i`` exchanged, where anyone may know:
        during the draw, afterwards only the dealer's unless the profile
        shows all (NM-D-2D s4-s5, OQ-17); None before he drew."""
        discarded = self.discarded[i]
        if discarded is not None and (
            not self._draw_over()
            or i == self.dealer_position()
            or self.profile.show_all_draw_counts
        ):
            return len(discarded)
        return None

    def _draw_seats(self) -> tuple[DrawSeat, ...]:
        return tuple(
            [
                DrawSeat(
                    self.seats[i],
                    self._public_draw_count(i),
                    self.looked[i] if self.discarded[i] is not None else None,
                    self.in_unseen[i],
                    self.owed[i],
                )
                for i in range(self.n)
            ]
        )

    @property
    def bet_unit(self) -> int:
        return self.ante_unit

    def bot_fields(self, i: int) -> BotFields:
        """What an in-process bot at position ``i`` reads, straight from the
        state: the same as its seat view says (a test compares them)."""
        seat = self.seats[i]
        hidden = 0
        if i in self.shown:
            cards = self.shown[i]
        elif i in self.revealed:
            cards = self.revealed[i]
        elif self.discarded[i] is not None and not self.looked[i]:
            cards = self.kept[i]
            hidden = len(self.drawn[i])
        else:
            cards = tuple(self.cards[i])
        return BotFields(
            cards,
            hidden,
            (),
            str(self.round_kind),
            self.can_look(seat),
            self.high_bidder == i,
            self.must_look(i),
            self.profile.max_draw,
        )

    def _view_fields(self, seat: int | None, mine: int | None) -> GameFields:
        can_look = seat is not None and self.can_look(seat)
        must_look = mine is not None and self.must_look(mine)
        # H stood pat: nothing to look at, and his bet is still the unseen bid (NM-D-2E s2)
        pat_h = (
            self.round_kind == "opening"
            and mine is not None
            and mine == self.high_bidder
            and self._stood_pat(mine)
        )
        hidden = 0
        if mine is not None and not self.looked[mine]:
            hidden = len(self.drawn[mine])
        part = DrawPart(
            DrawLimit(self.profile.max_draw, 3, "NM-D-2D s6, OQ-15, OQ-16"),
            must_look,
            can_look,
            seat is not None and self.actor == seat and self.phase == DRAWING,
            (can_look and self.round_kind in ("opening", "unseen")) or pat_h,
            self.seats[self.high_bidder] if self.high_bidder is not None else None,
            self.check_pot,
            self._draw_seats(),
        )
        hints = (
            unseen_hints(
                self.round_kind,
                mine is not None and mine == self.high_bidder,
                hidden,
                must_look,
            )
            if can_look
            else (PAT_H_HINT,)
            if pat_h
            else ()
        )
        notes = (
            (note("Everyone checked: the pot is carried to the next deal", "OQ-10"),)
            if self.check_pot
            else ()
        )
        return GameFields(self.round_kind, self._round_label(), None, hints, notes, part)

    def _round_label(self) -> str:
        if self.phase == DRAWING:
            return "the draw"
        if self.phase == COMPLETE:
            return "hand over"
        return _ROUND_LABELS[self.round_kind]
