"""One object per game, keyed by the profile's ``game``: everything that
differs between hold'em and the NM draw, so nothing outside the game modules
asks which game it is playing.

A variant starts a hand from a tournament's hand spec, replays one from its
log, says how many cards a player holds, what a player who lets his clock
run out does (the time-out policy), who has a check-down vote to cast, and
which PHH variant code its histories carry (the readers and writers live in
:mod:`floorman.formats.variants`, above the engine).

>>> variant_for("draw").phh_code, variant_for("holdem").hole_cards
('NMD', 2)
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from floorman.engine.betting import BettingHand, Phase
from floorman.engine.cards import Card
from floorman.engine.draw import UNSEEN, DrawHand
from floorman.engine.errors import ProfileError
from floorman.engine.events import Event, HandStarted
from floorman.engine.holdem import HoldemHand
from floorman.engine.profile import RuleProfile

Hand = HoldemHand | DrawHand


class Variant(ABC):
    """What one game owns.  Subclasses register themselves by ``game``."""

    game: ClassVar[str]
    hand_class: ClassVar[type[BettingHand]]
    hole_cards: ClassVar[int]
    max_players: ClassVar[int]
    uses_blinds: ClassVar[bool]  # blinds follow the button (hold'em), or antes only
    phh_code: ClassVar[str]  # the PHH variant its histories carry

    def start(
        self,
        profile: RuleProfile,
        *,
        seats: Sequence[int],
        stacks: Sequence[int],
        button: int,
        ante_unit: int,
        players: Sequence[str] | None = None,
        small_blind_seat: int | None = None,
        big_blind_seat: int | None = None,
        carried_pot: int = 0,
        deck: Sequence[Card] | None = None,
        dead: Iterable[int] = (),
        hand_id: str = "",
        table: int | None = None,
        auto_showdown: bool | None = None,
    ) -> Hand:
        """Start a hand (a tournament's HandSpec, a demo table) and run it to
        the first decision.  Blind seats None: the button decides them (a
        game without blinds ignores them).  ``auto_showdown`` None: the
        hand's own default."""
        blinds: dict[str, Any] = {}
        if self.uses_blinds and big_blind_seat is not None:
            blinds = {"small_blind_seat": small_blind_seat, "big_blind_seat": big_blind_seat}
        if auto_showdown is not None:
            blinds["auto_showdown"] = auto_showdown
        return self.hand_class.start(  # type: ignore[attr-defined,no-any-return]
            profile,
            seats=seats,
            stacks=stacks,
            button=button,
            ante_unit=ante_unit,
            players=players,
            carried_pot=carried_pot,
            deck=deck,
            dead=dead,
            hand_id=hand_id,
            table=table,
            **blinds,
        )

    def replay(self, events: Iterable[Event]) -> Hand:
        return self.hand_class.replay(events)  # type: ignore[return-value]

    def time_out(self, hand: Hand, seat: int) -> list[Event]:
        """What ``seat`` does when his clock runs out (DE-TIME-4, OQ-63,
        OQ-42): check if he may, else fold."""
        return [hand.time_out(seat)]

    def pending_voters(self, hand: Hand) -> list[int]:
        """Seats with a check-down vote to cast now (NM-H-13); none here."""
        return []


class HoldemVariant(Variant):
    game = "holdem"
    hand_class = HoldemHand
    hole_cards = HoldemHand.hole_card_count
    max_players = 10  # NM-H-1
    uses_blinds = True
    phh_code = "NT"

    def pending_voters(self, hand: Hand) -> list[int]:
        assert isinstance(hand, HoldemHand)
        if hand.checkdown_votes is None:
            return []
        return [s for s in hand.checkdown_voters() if hand.can_vote_checkdown(s)]


class DrawVariant(Variant):
    game = "draw"
    hand_class = DrawHand
    hole_cards = DrawHand.hole_card_count
    max_players = 5  # NM-D-1A
    uses_blinds = False
    phh_code = "NMD"

    def time_out(self, hand: Hand, seat: int) -> list[Event]:
        """In the draw he stands pat (nothing is exchanged without a
        decision); behind a seen player he looks first, since nobody may
        act unseen there (NM-D-2E s4), then checks or folds."""
        assert isinstance(hand, DrawHand)
        if hand.phase == Phase.DRAWING:
            return [hand.draw(seat, ())]
        if hand.round_kind == UNSEEN and hand.seen_acted and hand.can_look(seat):
            return [hand.look(seat), hand.time_out(seat)]
        return [hand.time_out(seat)]


VARIANTS: dict[str, Variant] = {v.game: v for v in (HoldemVariant(), DrawVariant())}


def variant_for(game: str | RuleProfile) -> Variant:
    """The variant of a game name or of a profile (its ``game``)."""
    name = game if isinstance(game, str) else game.game
    try:
        return VARIANTS[name]
    except KeyError:
        raise ProfileError(f"no variant plays the game {name!r}") from None


def variant_of(hand: BettingHand) -> Variant:
    return variant_for(hand.game)


def replay_any(events: Sequence[Event]) -> Hand:
    """A hand rebuilt from its log, whichever game its first event names."""
    first = events[0]
    if not isinstance(first, HandStarted):
        raise ProfileError("a hand log must begin with HandStarted")
    return variant_for(first.game).replay(events)
