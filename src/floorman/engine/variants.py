"""The variant contract: everything one game owns, declared, and the one
registry of the games floorman plays, keyed by the profile's ``game``.

Nothing outside the game modules asks which game it is playing
(``tests/test_variant_branching.py`` holds the code to that): it asks the
variant.  A game is a :class:`Variant` subclass with

- its class attributes (:data:`REQUIRED_ATTRIBUTES`): the ``game`` name, the
  hand class (a :class:`~floorman.engine.betting.BettingHand`, whose own
  abstract members give the seat view's game fields, a bot's facts and the
  log's rounds), the seat view part class (a
  :class:`~floorman.engine.seat_view.VariantPart`), how many hole cards and
  players, whether blinds follow the button, its PHH code, the name of the
  in-process bots' strategy that plays it and the browser's metadata
  (:class:`VariantUI`);
- its abstract methods: :meth:`Variant.start`, :meth:`Variant.replay`,
  :meth:`Variant.view_fields` and :meth:`Variant.fuzz_move`; and the
  defaults it may override, :meth:`Variant.time_out` and
  :meth:`Variant.pending_voters`.

A subclass that leaves an attribute out fails when it is created, one that
leaves a method abstract when it is registered (:func:`register`).  The
histories' writers and readers live above the engine, in
:mod:`floorman.formats.variants`, under the same name.

>>> variant_for("draw").phh_code, variant_for("holdem").hole_cards
('NMD', 2)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

from floorman.engine.actions import Action, apply_action
from floorman.engine.betting import BettingHand, Phase
from floorman.engine.cards import Card
from floorman.engine.draw import UNSEEN, DrawHand
from floorman.engine.draw_view import DrawPart
from floorman.engine.errors import ProfileError
from floorman.engine.events import Event, HandStarted
from floorman.engine.holdem import HoldemHand, HoldemPart
from floorman.engine.profile import RuleProfile
from floorman.engine.seat_view import GameFields, VariantPart

#: a hand of any registered game (every game's hand is a BettingHand)
Hand = BettingHand

_T = TypeVar("_T")


class Chance(Protocol):
    """The randomness a fuzz move draws on (a ``random.Random``), passed in:
    the engine holds none of its own."""

    def random(self) -> float: ...

    def randint(self, a: int, b: int) -> int: ...

    def sample(self, population: Sequence[_T], k: int) -> list[_T]: ...


@dataclass(frozen=True, slots=True)
class VariantUI:
    """What the browser needs to know of a game before any hand is dealt
    (GET /api/profiles): which controls and labels to offer."""

    blinds: bool  #: the structure editor shows blinds (else antes only)
    board: bool  #: the felt has a board
    #: the game's own controls beyond betting ("draw", "look", "checkdown")
    controls: tuple[str, ...]
    label: str  #: the game for people ("No-limit hold'em")

    def to_json(self) -> dict[str, Any]:
        return {
            "blinds": self.blinds,
            "board": self.board,
            "controls": list(self.controls),
            "label": self.label,
        }


#: the class attributes every variant declares (checked when it is created)
REQUIRED_ATTRIBUTES = (
    "game",
    "hand_class",
    "part_class",
    "hole_cards",
    "max_players",
    "uses_blinds",
    "phh_code",
    "bot_strategy",
    "ui",
)


class Variant(ABC):
    """What one game owns.  :func:`register` makes it playable."""

    game: ClassVar[str]
    hand_class: ClassVar[type[BettingHand]]
    part_class: ClassVar[type[VariantPart]]  #: its seat view part (``SeatView.variant``)
    hole_cards: ClassVar[int]
    max_players: ClassVar[int]
    uses_blinds: ClassVar[bool]  # blinds follow the button (hold'em), or antes only
    phh_code: ClassVar[str]  # the PHH variant its histories carry
    #: the in-process bots' strategy that plays it (``floorman.bots.sensible``)
    bot_strategy: ClassVar[str]
    ui: ClassVar[VariantUI]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        missing = [name for name in REQUIRED_ATTRIBUTES if not hasattr(cls, name)]
        if missing:
            raise TypeError(f"variant {cls.__name__} does not declare {', '.join(missing)}")
        if not issubclass(cls.hand_class, BettingHand):
            raise TypeError(f"variant {cls.__name__}: its hand_class is no BettingHand")

    @abstractmethod
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
        hand's own default.  :func:`start_hand` does it for most games."""

    @abstractmethod
    def replay(self, events: Iterable[Event]) -> Hand:
        """The hand rebuilt from its log alone."""

    @abstractmethod
    def view_fields(self, hand: Hand, seat: int | None, mine: int | None) -> GameFields:
        """The game's round, board, hints and own part (a ``part_class``)
        of ``seat``'s view (None: a spectator's; ``mine`` its position)."""

    @abstractmethod
    def fuzz_move(self, hand: Hand, seat: int, chance: Chance) -> str | None:
        """A move of the game's own for ``seat`` to act, beyond betting and
        showing (``floorman.sim.fuzz``): made on the hand and described, or
        None to leave the move to the betting."""

    def time_out(self, hand: Hand, seat: int) -> list[Event]:
        """What ``seat`` does when his clock runs out (DE-TIME-4, OQ-63,
        OQ-42): check if he may, else fold."""
        return [hand.time_out(seat)]

    def pending_voters(self, hand: Hand) -> list[int]:
        """Seats with a vote to cast now (NM-H-13); none here."""
        return []


def start_hand(
    hand_class: type[BettingHand],
    profile: RuleProfile,
    *,
    uses_blinds: bool,
    small_blind_seat: int | None = None,
    big_blind_seat: int | None = None,
    auto_showdown: bool | None = None,
    **spec: Any,
) -> Hand:
    """:meth:`Variant.start` by the hand class's own ``start``: the blind
    seats passed where the game has blinds and they are given."""
    options: dict[str, Any] = {}
    if uses_blinds and big_blind_seat is not None:
        options = {"small_blind_seat": small_blind_seat, "big_blind_seat": big_blind_seat}
    if auto_showdown is not None:
        options["auto_showdown"] = auto_showdown
    return hand_class.start(profile, **spec, **options)  # type: ignore[attr-defined,no-any-return]


class HoldemVariant(Variant):
    game = "holdem"
    hand_class = HoldemHand
    part_class = HoldemPart
    hole_cards = HoldemHand.hole_card_count
    max_players = 10  # NM-H-1
    uses_blinds = True
    phh_code = "NT"
    bot_strategy = "equity"
    ui = VariantUI(True, True, ("checkdown",), "No-limit hold'em")

    def start(self, profile: RuleProfile, **spec: Any) -> Hand:
        return start_hand(self.hand_class, profile, uses_blinds=self.uses_blinds, **spec)

    def replay(self, events: Iterable[Event]) -> Hand:
        return self.hand_class.replay(events)

    def view_fields(self, hand: Hand, seat: int | None, mine: int | None) -> GameFields:
        return hand._view_fields(seat, mine)

    def pending_voters(self, hand: Hand) -> list[int]:
        assert isinstance(hand, HoldemHand)
        if hand.checkdown_votes is None:
            return []
        return [s for s in hand.checkdown_voters() if hand.can_vote_checkdown(s)]

    def fuzz_move(self, hand: Hand, seat: int, chance: Chance) -> str | None:
        assert isinstance(hand, HoldemHand)
        if hand.can_propose_checkdown(seat) and chance.random() < 0.05:
            apply_action(hand, seat, Action("propose_checkdown"))  # NM-H-13
            return f"seat {seat} proposes a check-down"
        return None


class DrawVariant(Variant):
    game = "draw"
    hand_class = DrawHand
    part_class = DrawPart
    hole_cards = DrawHand.hole_card_count
    max_players = 5  # NM-D-1A
    uses_blinds = False
    phh_code = "NMD"
    bot_strategy = "made-hand"
    ui = VariantUI(False, False, ("draw", "look"), "NM draw")

    def start(self, profile: RuleProfile, **spec: Any) -> Hand:
        return start_hand(self.hand_class, profile, uses_blinds=self.uses_blinds, **spec)

    def replay(self, events: Iterable[Event]) -> Hand:
        return self.hand_class.replay(events)

    def view_fields(self, hand: Hand, seat: int | None, mine: int | None) -> GameFields:
        return hand._view_fields(seat, mine)

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

    def fuzz_move(self, hand: Hand, seat: int, chance: Chance) -> str | None:
        """The exchange (any legal number of cards), and a look now and then
        (always behind a seen player, NM-D-2E s4)."""
        assert isinstance(hand, DrawHand)
        if hand.phase == Phase.DRAWING:
            i = hand.position[seat]
            held = list(hand.kept[i] if hand.discarded[i] is not None else hand.cards[i])
            cards = chance.sample(held, chance.randint(0, min(len(held), hand.profile.max_draw)))
            apply_action(hand, seat, Action("draw", cards=tuple(cards)))
            return f"seat {seat} draws {len(cards)}"
        if hand.phase == Phase.BETTING and hand.can_look(seat):
            legal = hand.legal_actions()
            if (legal is not None and legal.must_look) or chance.random() < 0.3:
                apply_action(hand, seat, Action("look"))
                return f"seat {seat} looks"
        return None


_BUILT_IN: tuple[Variant, ...] = (HoldemVariant(), DrawVariant())
VARIANTS: dict[str, Variant] = {v.game: v for v in _BUILT_IN}


def register(variant: Variant) -> Variant:
    """Make ``variant`` playable under its ``game`` (a profile naming it
    loads, its hands deal, its views serialise).  Instances only: a class
    with an abstract method left fails here, when it is made."""
    if variant.game in VARIANTS and VARIANTS[variant.game] is not variant:
        raise ProfileError(f"a variant already plays the game {variant.game!r}")
    VARIANTS[variant.game] = variant
    return variant


def unregister(game: str) -> None:
    if any(v.game == game for v in _BUILT_IN):
        raise ProfileError(f"the game {game!r} is built in")
    VARIANTS.pop(game, None)


@contextmanager
def registered(variant: Variant) -> Iterator[Variant]:
    """``variant`` playable for the block only (a test's own game)."""
    register(variant)
    try:
        yield variant
    finally:
        unregister(variant.game)


def registered_variants() -> tuple[Variant, ...]:
    return tuple(VARIANTS.values())


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
