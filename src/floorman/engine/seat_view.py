"""One typed view of a hand for one seat (or a spectator, seat None).

The engine builds it; every client reads it: the in-process bots
(:func:`floorman.bots.base.situation`), external bots over the websocket
(``floorman bot``) and the browser.  It carries everything a client needs
to show the hand and offer only legal actions, so no client computes a rule:
the pots with their eligible seats and the money carried into them, the
limits of the next bet, the actions open to the seat now, the check-down
voters, the limits of the draw.  It never holds a card the seat may not see
(DE-HOLE-1/2, NM-D-2E): other players' cards only once shown, drawn cards
face down (None) until their owner looks, never the deck or burn cards.

It is built on demand (a view, a bot's turn), never inside the hot path of
legal actions and applying events.  :meth:`SeatView.to_json` is the frame
the server sends; :func:`seat_view_schema` its JSON Schema, made from these
dataclasses (served at ``GET /api/schema/seat-view``).
"""

from __future__ import annotations

import dataclasses
import operator
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar, Union, dataclass_transform

from floorman.engine.common import COMPLETE
from floorman.engine.pots import build_pots

_V = TypeVar("_V")


@dataclass_transform(frozen_default=True)
def view_record(cls: type[_V]) -> type[_V]:
    """A view record: frozen to the type checker, a plain slotted dataclass
    at run time (as the engine's events), because a bot builds one view per
    decision and a frozen dataclass costs several times as much to build."""
    return dataclass(slots=True)(cls)


@view_record
class PotLine:
    """A pot being played for (main pot first, then side pots, NM-D-3B)."""

    amount: int  #: every chip in it, carried money included (bets of this round excluded)
    eligible: tuple[int, ...]  #: the seats that contest it
    #: dead money in it: antes of a blinds game, a check-pot carried (OQ-10), penalties
    carried: int


@view_record
class Award:
    """A pot awarded at the end of the hand."""

    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]


@view_record
class PlayerView:
    seat: int
    player: str
    stack: int
    bet: int  #: this round's bet
    in_pot: int  #: everything he has put in, this round's bet included
    folded: bool
    all_in: bool
    mucked: bool
    dead: bool
    has_cards: bool
    #: the cards the viewer may see (None: face down to him), or None: none
    cards: tuple[str | None, ...] | None


@view_record
class Legal:
    """The betting options of the seat to act (the engine's LegalActions)."""

    seat: int
    can_fold: bool
    can_check: bool
    call_amount: int
    min_raise_to: int | None
    max_raise_to: int | None
    is_bet: bool
    must_look: bool  #: draw: look before checking, calling or raising (NM-D-2E s4)


@view_record
class BetLimit:
    """The betting structure, for the client to name (the numbers are in
    :class:`Legal`)."""

    kind: str  #: "no-limit" or "half-pot"
    floor: int | None  #: half-pot: a bet or raise may always reach this (10 antes, NM-D-3A)
    text: str  #: the limit for people
    clause: str


@view_record
class DrawLimit:
    """How many cards a player may exchange (NM-D-2D s6, OQ-15)."""

    max_cards: int
    dealt_at_once: int  #: the rest comes after everyone has drawn (OQ-16)
    clause: str


@view_record
class BetSize:
    """A suggested amount inside the legal range (the pot sizes)."""

    name: str  #: "min", "half", "pot", "max"
    amount: int


@view_record
class Note:
    """A line for people, with the clause behind it."""

    text: str
    clause: str
    #: the text's message template and its values, for a client to say it in
    #: its language (catalogue key ``errors.msg.<template>``, as for errors)
    template: str = ""
    values: dict[str, int | str] = dataclasses.field(default_factory=dict)


def note(template: str, clause: str, **values: int | str) -> Note:
    """A :class:`Note` from its template: ``note("{n} left", "OQ-10", n=2)``."""
    return Note(template.format(**values) if values else template, clause, template, values)


@view_record
class HandName:
    """A made hand, for the client to name in its own language."""

    #: "high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush",
    #: "full_house", "four_of_a_kind" or "straight_flush" (NM-D-4.1 to 4.9)
    category: str
    #: the ranks that name it ("2".."9", "T", "J", "Q", "K", "A"): a pair of
    #: kings ("K",), aces and sevens ("A", "7"), kings full of sevens ("K", "7"),
    #: a straight, flush or high card its top card ("A",)
    ranks: tuple[str, ...]


@view_record
class LogLine:
    """One line of the running hand log (:mod:`floorman.engine.hand_log`)."""

    #: "ante", "small_blind", "big_blind", "penalty", "carried_in",
    #: "check_pot_in", "dealt", "board", "fold", "check", "call", "bet",
    #: "raise", "returned", "checkdown", "draw", "stand_pat", "look", "show",
    #: "muck", "misdeal", "award", "check_pot_out", "carried_out", "hand_over",
    #: the floor's "void" and "dead_hand", and "shown_to_all" (DE-HOLE-4)
    kind: str
    seat: int | None = None
    amount: int | None = None  #: chips: posted, put in now, returned, won, carried
    to: int | None = None  #: a bet's or raise's total this round
    cards: tuple[str | None, ...] | None = None  #: only cards the viewer may see
    count: int | None = None  #: draw: cards exchanged, where public (OQ-17)
    round: str | None = None  #: the betting round it happened in (as ``SeatView.round``)
    pot: int | None = None  #: award: 0 the main pot, 1.. the side pots (NM-D-3B)
    winners: tuple[int, ...] | None = None
    shares: tuple[int, ...] | None = None
    hand: HandName | None = None  #: show: the hand; award: the winning hand at a showdown
    all_in: bool = False  #: the chips left the stack at 0
    reason: str | None = None  #: fold/check not chosen: "timeout", "absent", "disqualified"
    clause: str | None = None  #: a floor ruling's clause (misdeal, void, dead hand)


#: the parts of a view several views of one moment share (the log lines
#: every seat reads alike): made plain once for all of them
_SHARED: frozenset[type] = frozenset({LogLine})


class BotFacts(NamedTuple):
    """What a bot reads of the game's part of its view (``bots.base``): the
    same four facts whichever game, so a bot client never asks which."""

    can_look: bool = False  #: drawn cards to look at (NM-D-2E)
    must_look: bool = False  #: look before checking, calling or raising (NM-D-2E s4)
    is_high_bidder: bool = False
    max_draw: int = 0  #: the most cards he may exchange


_NO_FACTS = BotFacts()


class VariantPart:
    """The game's own part of a seat view (``SeatView.variant``): one
    slotted dataclass per game, tagged by its ``game`` field (declared last
    by each part, defaulting to the game's name), registered with its
    variant (:mod:`floorman.engine.variants`).  What every client needs of
    it whichever the game is asked through these methods, never by its
    type or tag."""

    __slots__ = ()
    game: str

    def leading_actions(self) -> tuple[str, ...]:
        """The game's actions offered after the betting ones (look, draw)."""
        return ()

    def trailing_actions(self) -> tuple[str, ...]:
        """The game's actions offered last (the check-down's, NM-H-13)."""
        return ()

    def blocks_betting(self) -> bool:
        """Whether the seat must do something of the game's before it may
        check, call or raise (the draw's look behind a seen player)."""
        return False

    def awaits_seat(self) -> bool:
        """Whether the seat has something to do though not to bet (a bot
        client answers then too: the draw's exchange, a look)."""
        return False

    def bot_facts(self, seat: int) -> BotFacts:
        return _NO_FACTS


class GameFields(NamedTuple):
    """What a game gives the seat view besides the core it shares with
    every game (:func:`build_seat_view`)."""

    round: str
    round_label: str
    board: tuple[str, ...] | None
    hints: tuple[Note, ...]
    notes: tuple[Note, ...]
    variant: VariantPart


@view_record
class SeatView:
    """What one seat (or a spectator, ``you`` None) may see of a hand."""

    game: str
    hand_id: str
    profile: str
    phase: str
    round: str  #: hold'em street or draw round ("pre-draw", "opening", "unseen", "seen")
    round_label: str  #: the round for people ("flop", "the draw", "unseen round")
    button: int
    actor: int | None
    you: int | None
    hole_cards: int  #: how many cards each player is dealt
    board: tuple[str, ...] | None  #: None: the game has no board
    pot: int  #: every chip in the middle
    pot_lines: tuple[PotLine, ...]
    pots: tuple[Award, ...]  #: the awards, once made
    carried_pot: int  #: brought in from the previous deal (a check-pot, a dead hand's pot)
    ante: int
    bet_unit: int  #: the big blind, or the ante where there are no blinds
    players: tuple[PlayerView, ...]
    legal: Legal | None
    #: every action this seat may send now (fold, check, call, bet, raise,
    #: look, draw, show, muck, propose_checkdown, vote_checkdown, show_cards)
    actions: tuple[str, ...]
    bet_limit: BetLimit
    bet_sizes: tuple[BetSize, ...]
    hints: tuple[Note, ...]  #: for this seat: what its options mean now
    notes: tuple[Note, ...]  #: for everyone at the table
    #: the game's own part, tagged by its ``game`` (HoldemPart, DrawPart, ...)
    variant: VariantPart
    #: the running hand log, oldest first (display views only)
    log: tuple[LogLine, ...] = ()

    def as_dict(self, memo: dict[int, tuple[Any, Any]] | None = None) -> dict[str, Any]:
        """Plain data: lists, dicts, numbers, strings, booleans and None.
        ``memo`` (one dict for the views of one moment of a table): the
        parts the views share — the log lines every seat reads alike — are
        made plain once, and the results share them (never change them)."""
        result = _plain(self, memo)
        assert isinstance(result, dict)
        return result

    to_json = as_dict

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatView:
        """The view back from a frame (``floorman bot`` reads its seat so)."""
        value = _typed(cls, data)
        assert isinstance(value, SeatView)
        return value


#: how each class met in a view is made plain (:class:`_Shape`): every
#: frame of every table goes through :func:`_plain`, so each dataclass is
#: looked at once — its fields read by one C call, and only the fields whose
#: type can hold more than a number, a string or None looked into.
_AS_LIST = "list"
_AS_IS = "as is"
#: values that are already plain: returned as they are, without a call
_PLAIN_TYPES = frozenset({int, str, bool, float, type(None)})
_SCALAR_HINTS = frozenset({int, str, bool, float, type(None)})


@dataclasses.dataclass(frozen=True, slots=True)
class _Shape:
    names: tuple[str, ...]
    read: Callable[[Any], tuple[Any, ...]]  # the fields' values, in order
    nested: tuple[str, ...]  # the fields that may need making plain


_SHAPES: dict[type, _Shape | str] = {}


def _scalar(hint: Any) -> bool:
    """Whether a field of this type can only hold plain values."""
    if hint in _SCALAR_HINTS:
        return True
    if typing.get_origin(hint) in (Union, types.UnionType):
        return all(_scalar(arg) for arg in typing.get_args(hint))
    return False


def _shape(cls: type) -> _Shape | str:
    shape: _Shape | str
    if dataclasses.is_dataclass(cls):
        names = tuple(f.name for f in dataclasses.fields(cls))
        hints = _hints(cls)
        getter = operator.attrgetter(*names)
        read: Callable[[Any], tuple[Any, ...]] = (
            getter if len(names) > 1 else (lambda value: (getter(value),))
        )
        nested = tuple(n for n in names if not _scalar(hints[n]))
        shape = _Shape(names, read, nested)
    elif issubclass(cls, tuple | list):
        shape = _AS_LIST
    else:
        shape = _AS_IS
    _SHAPES[cls] = shape
    return shape


def _plain(value: Any, memo: dict[int, tuple[Any, Any]] | None = None) -> Any:
    cls = type(value)
    shape = _SHAPES.get(cls) or _shape(cls)
    if shape is _AS_IS:
        return value
    if shape is _AS_LIST:
        return [v if type(v) in _PLAIN_TYPES else _plain(v, memo) for v in value]
    assert isinstance(shape, _Shape)
    shared = memo is not None and cls in _SHARED
    if shared:
        assert memo is not None
        known = memo.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
    plain = dict(zip(shape.names, shape.read(value), strict=True))
    for name in shape.nested:
        field = plain[name]
        if type(field) not in _PLAIN_TYPES:
            plain[name] = _plain(field, memo)
    if shared:
        assert memo is not None
        memo[id(value)] = (value, plain)  # the value kept: its id is not given to another
    return plain


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _part_classes() -> dict[str, type[VariantPart]]:
    """The registered games' view parts, by tag (the one registry:
    :mod:`floorman.engine.variants`)."""
    # imported here: the variants import the games, which import this module
    from floorman.engine.variants import registered_variants

    return {part_tag(v.part_class): v.part_class for v in registered_variants()}


def part_tag(part_class: type[VariantPart]) -> str:
    """The tag a view part carries in its ``game`` field (a variant may
    reuse another game's part: the tag names the part, not the game)."""
    tag = next(f.default for f in dataclasses.fields(part_class) if f.name == "game")  # type: ignore[arg-type]
    assert isinstance(tag, str), f"{part_class.__name__} has no game tag"
    return tag


def _typed(kind: Any, data: Any) -> Any:
    if kind is VariantPart:
        return _typed(_part_classes()[data["game"]], data)
    origin = typing.get_origin(kind)
    if origin in (Union, types.UnionType):
        if data is None:
            return None
        (inner,) = [a for a in typing.get_args(kind) if a is not type(None)]
        return _typed(inner, data)
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_typed(args[0], v) for v in data)
        return tuple(_typed(a, v) for a, v in zip(args, data, strict=True))
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = _hints(kind)
        return kind(
            **{f.name: _typed(hints[f.name], data[f.name]) for f in dataclasses.fields(kind)}
        )
    return data


_SCALARS = {int: "integer", str: "string", bool: "boolean"}


def _schema(kind: Any, definitions: dict[str, Any]) -> dict[str, Any]:
    if kind is VariantPart:  # a tagged union: the part whose ``game`` the tag names
        return {"oneOf": [_schema(c, definitions) for c in _part_classes().values()]}
    origin = typing.get_origin(kind)
    if origin in (Union, types.UnionType):
        options = [_schema(a, definitions) for a in typing.get_args(kind) if a is not type(None)]
        return {"anyOf": [*options, {"type": "null"}]}
    if origin is dict:  # a note's values: names to numbers or words
        (_, value) = typing.get_args(kind)
        return {"type": "object", "additionalProperties": _schema(value, definitions)}
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _schema(args[0], definitions)}
        return {
            "type": "array",
            "prefixItems": [_schema(a, definitions) for a in args],
            "minItems": len(args),
            "maxItems": len(args),
        }
    if kind is type(None):
        return {"type": "null"}
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        name = kind.__name__
        if name not in definitions:
            definitions[name] = {}  # placeholder against recursion
            hints = _hints(kind)
            fields = dataclasses.fields(kind)
            definitions[name] = {
                "type": "object",
                "description": (kind.__doc__ or name).strip().splitlines()[0],
                "properties": {
                    f.name: (
                        {"const": f.default}  # a view part's tag
                        if f.name == "game" and issubclass(kind, VariantPart)
                        else _schema(hints[f.name], definitions)
                    )
                    for f in fields
                },
                "required": [f.name for f in fields],
                "additionalProperties": False,
            }
        return {"$ref": f"#/$defs/{name}"}
    return {"type": _SCALARS[kind]}


def seat_view_schema() -> dict[str, Any]:
    """The JSON Schema (2020-12) of :meth:`SeatView.to_json`, made from the
    dataclasses above so it cannot drift from them."""
    definitions: dict[str, Any] = {}
    _schema(SeatView, definitions)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "/api/schema/seat-view",
        "title": "floorman seat view",
        "description": "What one seat (or a spectator, you = null) may see of a hand.",
        **definitions["SeatView"],
        "$defs": {k: v for k, v in definitions.items() if k != "SeatView"},
    }


def build_seat_view(hand: Any, seat: int | None, *, display: bool = True) -> SeatView:
    """The core every game shares: players, pots, legal actions and bet
    sizes; the game (its variant's ``view_fields``, ``hand._seat_player``) gives
    its round, board, hints and its own part, and decides which cards the
    viewer sees."""
    # imported here: the log builder makes this module's LogLine records, the
    # variants' games import this module
    from floorman.engine.hand_log import hand_log
    from floorman.engine.variants import variant_for

    mine = hand.position.get(seat) if seat is not None else None
    fields = variant_for(hand.game).view_fields(hand, seat, mine)
    part = fields.variant
    raw = hand.legal_actions(seat) if seat is not None else None
    legal = Legal(*raw) if raw is not None else None
    players = tuple([hand._seat_player(i, mine) for i in range(hand.n)])
    lines: tuple[PotLine, ...] = ()
    if display and hand.phase != COMPLETE:
        live = [not f for f in hand.folded]
        lines = tuple(
            PotLine(
                pot.amount,
                tuple(hand.seats[i] for i in pot.eligible),
                hand.carried_pot if k == 0 else 0,
            )
            for k, pot in enumerate(build_pots(hand.total, live, hand.carried_pot))
        )
    actions: list[str] = []
    sizes: list[BetSize] = []
    if legal is not None:
        if legal.can_fold:
            actions.append("fold")
        if not part.blocks_betting():
            if legal.can_check:
                actions.append("check")
            if legal.call_amount > 0:
                actions.append("call")
            lo, hi = legal.min_raise_to, legal.max_raise_to
            if lo is not None and hi is not None:
                actions.append("bet" if legal.is_bet else "raise")
                if display:
                    sizes = _bet_sizes(lo, hi, max(hand.bets), hand.pot_total, legal.call_amount)
    actions.extend(part.leading_actions())
    if seat is not None and mine is not None and hand.can_show(seat):
        actions.append("show")
        if hand.can_muck(seat):
            actions.append("muck")
    if display and mine is not None and hand.phase == COMPLETE and hand.can_show_cards(seat):
        actions.append("show_cards")  # the hand is over: shown to everyone (DE-HOLE-3/4)
    actions.extend(part.trailing_actions())
    return SeatView(
        hand.game,
        hand.started.hand_id,
        hand.profile.name,
        hand.phase,
        fields.round,
        fields.round_label,
        hand.button,
        hand.actor,
        seat,
        hand.hole_card_count,
        fields.board,
        hand.pot_total,
        lines,
        tuple(Award(a.amount, a.winners, a.shares) for a in hand.awards),
        hand.started.carried_pot,
        hand.ante_unit,
        hand.bet_unit,
        players,
        legal,
        tuple(actions),
        hand.bet_limit_view(),
        tuple(sizes),
        fields.hints,
        fields.notes,
        part,
        hand_log(hand, seat) if display else (),
    )


def profile_bet_limit(hand: Any) -> BetLimit:
    """The profile's betting structure (NM-H-5, NM-D-3A, OQ-48)."""
    if hand.profile.betting == "half-pot-limit":
        floor: int = hand.profile.half_pot_floor_antes * hand.ante_unit
        return BetLimit(
            "half-pot",
            floor,
            f"Half-pot limit: half the pot, or always {floor}",
            hand.rulings.get("half_pot", "NM-D-3A"),
        )
    return BetLimit("no-limit", None, "No limit", hand.rulings["no_limit"])


def _bet_sizes(lo: int, hi: int, highest: int, pot: int, call: int) -> list[BetSize]:
    """The minimum, half the pot, the pot and the maximum, those legal."""
    sizes: list[BetSize] = []
    for name, amount in (
        ("min", lo),
        ("half", highest + (pot + call) // 2),
        ("pot", highest + pot + call),
        ("max", hi),
    ):
        if lo <= amount <= hi and all(s.amount != amount for s in sizes):
            sizes.append(BetSize(name, amount))
    return sizes
