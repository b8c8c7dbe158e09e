"""Hand events: the append-only log that is the truth of a hand.

A hand's state is a fold over its events (``Hand.replay``); every action,
every card dealt and every chip moved is one event.  Events are immutable and
serialise to plain JSON-ready dicts (cards as text such as ``"As"``).

>>> from floorman.engine.cards import parse_cards
>>> event = BoardDealt(cards=parse_cards("AsKdQh"))
>>> event_to_dict(event)
{'type': 'BoardDealt', 'cards': ['As', 'Kd', 'Qh']}
>>> event_from_dict(event_to_dict(event)) == event
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, dataclass_transform

from floorman.engine.cards import CARDS, Card, parse_card
from floorman.engine.errors import FloormanError
from floorman.engine.profile import RuleProfile, profile_from_mapping

_E = TypeVar("_E")

#: every hand event class by its ``kind``
_REGISTRY: dict[str, type[Event]] = {}


class Event:
    """Base of every hand event.  ``kind`` names the event in its JSON
    (``{"type": kind, …}``) and in any dispatch; :func:`event` sets it once
    per class.  Hand events keep the names their stored logs, the websocket
    clients and the browser have always read (``"BoardDealt"``)."""

    __slots__ = ()
    kind: ClassVar[str]


@dataclass_transform(frozen_default=True, kw_only_default=True)
def event(cls: type[_E]) -> type[_E]:
    """Declare an event class.  Events are read-only: the type checker sees a
    frozen dataclass and rejects any assignment to a field, while at run time
    the class is a plain slotted dataclass, whose construction costs a third
    of a frozen one's (a hand makes some thirty events).  The class is
    registered under its ``kind`` for :func:`event_from_dict`."""
    made = dataclass(slots=True, kw_only=True, unsafe_hash=True)(cls)
    kind = made.__qualname__
    if kind in _REGISTRY:
        raise TypeError(f"two hand events are named {kind!r}")
    made.kind = kind  # type: ignore[attr-defined]
    _REGISTRY[kind] = made  # type: ignore[assignment]
    return made


@event
class HandStarted(Event):
    """Who plays, with which chips, where the button and blinds are, and the
    amounts of this level.  ``deck`` (the shuffled order) is private: no view
    ever shows it; it lets a live hand be resumed exactly from its log."""

    game: str
    profile: RuleProfile
    hand_id: str
    table: int | None
    seats: tuple[int, ...]
    players: tuple[str, ...]
    stacks: tuple[int, ...]
    button: int
    small_blind_seat: int | None
    big_blind_seat: int | None
    small_blind: int
    big_blind: int
    antes: tuple[int, ...]
    min_bet: int
    ante_unit: int
    dead: tuple[int, ...] = ()
    carried_pot: int = 0
    deck: tuple[Card, ...] | None = None
    auto_showdown: bool = True


@event
class AntePosted(Event):
    seat: int
    amount: int


@event
class BlindPosted(Event):
    seat: int
    blind: str  # "small" or "big"
    amount: int


@event
class HoleDealt(Event):
    seat: int
    cards: tuple[Card, ...]


@event
class Burned(Event):
    card: Card


@event
class BoardDealt(Event):
    cards: tuple[Card, ...]


@event
class Folded(Event):
    """``reason``: "" when chosen; "timeout" (DE-TIME-4, OQ-63), "absent"
    (DE-ABSENT-3, OQ-45) or "dead" (hand killed at the deal: DE-SEATED-2,
    DE-DEAL-2, OQ-45, OQ-62)."""

    seat: int
    reason: str = ""


@event
class Checked(Event):
    seat: int
    reason: str = ""


@event
class Called(Event):
    seat: int
    amount: int


@event
class BetOrRaised(Event):
    """``to`` is the seat's total bet in this betting round."""

    seat: int
    to: int


@event
class CheckdownProposed(Event):
    """NM-H-13: a player proposes that this round's bet be 0."""

    seat: int


@event
class CheckdownVoted(Event):
    seat: int
    agree: bool


@event
class BetsCollected(Event):
    """End of a betting round: bets go to the pot; an uncalled part of the
    largest bet goes back to its owner (NM-D-3B, NM-H-6)."""

    street: int
    returned_seat: int | None = None
    returned: int = 0


@event
class Shown(Event):
    seat: int
    cards: tuple[Card, ...]


@event
class Mucked(Event):
    seat: int


@event
class PotAwarded(Event):
    pot: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    strength: int | None = None


@event
class HandEnded(Event):
    stacks: tuple[int, ...]
    carried_pot: int = 0


@event
class Discarded(Event):
    """NM-D-2D: the cards a player throws in the draw.  Their number is
    public during the draw (OQ-17); the cards themselves are not."""

    seat: int
    cards: tuple[Card, ...]


@event
class DrawDealt(Event):
    """Replacement cards; hidden even from their owner until he looks
    (NM-D-2E, OQ-19)."""

    seat: int
    cards: tuple[Card, ...]


@event
class Looked(Event):
    """The player looks at the cards he drew: from now on he is "seen"."""

    seat: int


@event
class PenaltyPosted(Event):
    """A floor penalty paid into the pot as dead money, with its clause
    (out of turn NM-D-2C s8 / OQ-14, exposed card OQ-18, repeat misdeal
    NM-D-1F / OQ-08)."""

    seat: int
    amount: int
    clause: str
    reason: str = ""


@event
class Misdealt(Event):
    """A misdeal: every card is collected and the same dealer deals again;
    antes and blinds stay (NM-D-1F, OQ-08, DE-MISDEAL-1/2, OQ-59).  ``deck``
    is the new shuffle for a hand that deals itself."""

    reason: str
    clause: str
    deck: tuple[Card, ...] | None = None


@event
class HandVoided(Event):
    """The floor annuls the hand: every chip a player put in goes back to
    him; a pot carried into the hand stays in the middle for the next
    (DE-DECK-5; pots awarded earlier stand, DE-DECK-6; OQ-08, NM-D-1G)."""

    reason: str
    clause: str


@event
class DeclaredDead(Event):
    """The floor declares a hand dead (foul): it cannot win and loses what
    it put in (DE-FOUL-1/2, DE-SDFOUL-1; NM-D-1G, OQ-03)."""

    seat: int
    clause: str
    reason: str = ""


@event
class CardsShown(Event):
    """A player shows his cards of his own will once they are out of play:
    to everyone at the table, never to one (show one, show all, DE-HOLE-4)."""

    seat: int
    cards: tuple[Card, ...]


def event_classes() -> tuple[type[Event], ...]:
    """Every hand event class, in declaration order."""
    return tuple(_REGISTRY.values())


_CARD_FIELDS = frozenset({"card"})
_CARDS_FIELDS = frozenset({"cards", "deck", "kept", "discarded"})


def event_to_dict(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"type": event.kind}
    for f in dataclasses.fields(event):  # type: ignore[arg-type]
        value = getattr(event, f.name)
        if f.name in _CARD_FIELDS and value is not None:
            value = str(CARDS[value])
        elif f.name in _CARDS_FIELDS and value is not None:
            value = [str(CARDS[c]) for c in value]
        elif isinstance(value, RuleProfile):
            value = dataclasses.asdict(value)
        elif isinstance(value, tuple):
            value = list(value)
        data[f.name] = value
    return data


def event_from_dict(data: dict[str, Any]) -> Event:
    try:
        cls = _REGISTRY[data["type"]]
    except KeyError:
        raise FloormanError(f"unknown event type {data.get('type')!r}") from None
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name in _CARD_FIELDS and value is not None:
            value = parse_card(value)
        elif f.name in _CARDS_FIELDS and value is not None:
            value = tuple(parse_card(c) for c in value)
        elif f.name == "profile":
            value = profile_from_mapping(value)
        elif isinstance(value, list):
            value = tuple(value)
        kwargs[f.name] = value
    try:
        return cls(**kwargs)
    except TypeError as error:
        raise FloormanError(f"bad {data['type']} event: {error}") from None


# ----------------------------------------------------------------- hot path
# The events a hand makes by the dozen, made with their fields given in
# order: a keyword call of a class costs a dict of its arguments and an
# __init__ frame, about a third of making the event.  Each is equal to the
# event the keyword call makes (the tests compare them).

_new = object.__new__


def new_checked(seat: int, reason: str) -> Checked:
    event: Any = _new(Checked)
    event.seat = seat
    event.reason = reason
    return event  # type: ignore[no-any-return]


def new_called(seat: int, amount: int) -> Called:
    event: Any = _new(Called)
    event.seat = seat
    event.amount = amount
    return event  # type: ignore[no-any-return]


def new_folded(seat: int, reason: str) -> Folded:
    event: Any = _new(Folded)
    event.seat = seat
    event.reason = reason
    return event  # type: ignore[no-any-return]


def new_raised(seat: int, to: int) -> BetOrRaised:
    event: Any = _new(BetOrRaised)
    event.seat = seat
    event.to = to
    return event  # type: ignore[no-any-return]


def new_hole(seat: int, cards: tuple[Card, ...]) -> HoleDealt:
    event: Any = _new(HoleDealt)
    event.seat = seat
    event.cards = cards
    return event  # type: ignore[no-any-return]


def new_burned(card: Card) -> Burned:
    event: Any = _new(Burned)
    event.card = card
    return event  # type: ignore[no-any-return]


def new_board(cards: tuple[Card, ...]) -> BoardDealt:
    event: Any = _new(BoardDealt)
    event.cards = cards
    return event  # type: ignore[no-any-return]


def new_collected(street: int, returned_seat: int | None, returned: int) -> BetsCollected:
    event: Any = _new(BetsCollected)
    event.street = street
    event.returned_seat = returned_seat
    event.returned = returned
    return event  # type: ignore[no-any-return]


def new_shown(seat: int, cards: tuple[Card, ...]) -> Shown:
    event: Any = _new(Shown)
    event.seat = seat
    event.cards = cards
    return event  # type: ignore[no-any-return]


def new_mucked(seat: int) -> Mucked:
    event: Any = _new(Mucked)
    event.seat = seat
    return event  # type: ignore[no-any-return]


def new_blind(seat: int, blind: str, amount: int) -> BlindPosted:
    event: Any = _new(BlindPosted)
    event.seat = seat
    event.blind = blind
    event.amount = amount
    return event  # type: ignore[no-any-return]


def new_awarded(
    pot: int,
    amount: int,
    eligible: tuple[int, ...],
    winners: tuple[int, ...],
    shares: tuple[int, ...],
    strength: int | None,
) -> PotAwarded:
    event: Any = _new(PotAwarded)
    event.pot = pot
    event.amount = amount
    event.eligible = eligible
    event.winners = winners
    event.shares = shares
    event.strength = strength
    return event  # type: ignore[no-any-return]


def new_ended(stacks: tuple[int, ...], carried_pot: int) -> HandEnded:
    event: Any = _new(HandEnded)
    event.stacks = stacks
    event.carried_pot = carried_pot
    return event  # type: ignore[no-any-return]


def new_started(
    game: str,
    profile: RuleProfile,
    hand_id: str,
    table: int | None,
    seats: tuple[int, ...],
    players: tuple[str, ...],
    stacks: tuple[int, ...],
    button: int,
    small_blind_seat: int | None,
    big_blind_seat: int | None,
    small_blind: int,
    big_blind: int,
    antes: tuple[int, ...],
    min_bet: int,
    ante_unit: int,
    dead: tuple[int, ...],
    carried_pot: int,
    deck: tuple[Card, ...] | None,
    auto_showdown: bool,
) -> HandStarted:
    """A HandStarted with every field in the declared order (one a hand)."""
    event: Any = _new(HandStarted)
    event.game = game
    event.profile = profile
    event.hand_id = hand_id
    event.table = table
    event.seats = seats
    event.players = players
    event.stacks = stacks
    event.button = button
    event.small_blind_seat = small_blind_seat
    event.big_blind_seat = big_blind_seat
    event.small_blind = small_blind
    event.big_blind = big_blind
    event.antes = antes
    event.min_bet = min_bet
    event.ante_unit = ante_unit
    event.dead = dead
    event.carried_pot = carried_pot
    event.deck = deck
    event.auto_showdown = auto_showdown
    return event  # type: ignore[no-any-return]
