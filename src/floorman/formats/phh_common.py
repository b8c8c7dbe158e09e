"""What the PHH variants floorman reads and writes have in common.

NT hold'em (:mod:`floorman.formats.phh`) and NM five-card draw
(:mod:`floorman.formats.nmd`) are one file format with two sets of rules.
This module holds the format: the TOML fields and their checks, the error
with its file, field, action and clause, the grammar of an ``actions``
string, the loop that replays the actions, the finishing-stack check and
the writing of TOML.  Each variant module keeps its own rules (the fields it
needs, its actions, how a table is started and what it waits for).

Every check takes the variant's error class, so an NT file fails with a
:class:`~floorman.formats.phh.PhhError` and an NMD file with an
:class:`~floorman.formats.nmd.NmdError`, with the same words for the same
fault.
"""

from __future__ import annotations

import datetime
import json
import math
import re
import tomllib
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from floorman.engine.betting import BettingHand
from floorman.engine.cards import Card, format_cards, parse_card
from floorman.engine.errors import FloormanError, RuleViolation
from floorman.engine.events import (
    BetOrRaised,
    Called,
    CardsShown,
    Checked,
    DeclaredDead,
    Event,
    Folded,
    HandStarted,
    HandVoided,
    Misdealt,
    PenaltyPosted,
    Shown,
)

#: Fields of the PHH variants floorman does not play (fixed limit, stud):
#: present in an NT or NMD file they are an error.
OTHER_VARIANTS_FIELDS = ("bring_in", "small_bet", "big_bet")
#: The optional fields of the PHH specification and the TOML types they take
#: (the keys of :data:`FIELD_TYPES`).
OPTIONAL_FIELDS: dict[str, str] = {
    "author": "str",
    "event": "str",
    "url": "str",
    "venue": "str",
    "address": "str",
    "city": "str",
    "region": "str",
    "postal_code": "str",
    "country": "str",
    "time": "time",
    "time_zone": "str",
    "time_zone_abbreviation": "str",
    "day": "int",
    "month": "int",
    "year": "int",
    "hand": "str|int",
    "level": "int",
    "seats": "ints",
    "seat_count": "int",
    "table": "str|int",
    "players": "strs",
    "finishing_stacks": "numbers",
    "winnings": "numbers",
    "currency": "str",
    "currency_symbol": "str",
    "ante_trimming_status": "bool",
    "time_limit": "number",
    "time_banks": "numbers",
}

_PLAYER = re.compile(r"p([1-9][0-9]*)\Z")
_CARDS = re.compile(r"(?:[2-9TJQKA][cdhs])+\Z")
_AMOUNT = re.compile(r"[0-9]+(?:\.0*)?\Z")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


#: Each TOML type of :data:`OPTIONAL_FIELDS`: how to say it, and its test.
FIELD_TYPES: dict[str, tuple[str, Callable[[Any], bool]]] = {
    "str": ("a string", lambda v: isinstance(v, str)),
    "int": ("an integer", _is_int),
    "str|int": ("a string or an integer", lambda v: isinstance(v, str) or _is_int(v)),
    "time": ("a TOML local time", lambda v: isinstance(v, datetime.time)),
    "bool": ("true or false", lambda v: isinstance(v, bool)),
    "number": ("a number", _is_number),
    "ints": ("an array of integers", lambda v: isinstance(v, list) and all(map(_is_int, v))),
    "strs": (
        "an array of strings",
        lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    ),
    "numbers": ("an array of numbers", lambda v: isinstance(v, list) and all(map(_is_number, v))),
}


# ---------------------------------------------------------------- actions and the error


KindT = TypeVar("KindT", bound=str)


@dataclass(frozen=True, slots=True)
class HistoryAction(Generic[KindT]):
    """One entry of ``actions``, of a variant whose action kinds are
    ``KindT``.  ``player`` is the PHH player number (1 is p1); ``cards``
    are the cards the action names; ``comment`` follows a ``#``."""

    index: int
    text: str
    kind: KindT
    player: int | None = None
    cards: tuple[Card, ...] = ()
    amount: int | None = None
    comment: str | None = None


ActionT = TypeVar("ActionT", bound=HistoryAction[Any])
ActionT_co = TypeVar("ActionT_co", bound=HistoryAction[Any], covariant=True)


class HandHistoryError(FloormanError, ValueError, Generic[ActionT]):
    """A PHH file that cannot be read or replayed.  The message names the
    file, then the field or the action (its index in ``actions`` and its
    text), then the reason; a rule broken by the action is the engine's
    :class:`RuleViolation` (kept as ``violation``) with its clause.  Each
    variant raises its own subclass."""

    def __init__(
        self,
        source: str,
        reason: str,
        *,
        field_name: str | None = None,
        action: ActionT | None = None,
        violation: RuleViolation | None = None,
        clause: str | None = None,
    ) -> None:
        self.source = source
        self.reason = reason
        self.field_name = field_name
        self.action = action
        self.violation = violation
        self.clause = violation.clause if violation is not None else clause
        where = ""
        if action is not None:
            where = f"actions[{action.index}] {action.text!r}: "
        elif field_name is not None:
            where = f"field {field_name!r}: "
        # A violation's message already ends with its clause.
        ruling = f" [{clause}]" if clause is not None and violation is None else ""
        super().__init__(f"{source}: {where}{reason}{ruling}")


#: The error class a check raises: the variant's subclass.
ErrorClass = type[HandHistoryError[Any]]


# ---------------------------------------------------------------- reading


def load_toml(text: str, source: str, error: ErrorClass) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as decode_error:
        raise error(source, f"not valid TOML: {decode_error}") from None


def read_history_file(path: str | Path, error: ErrorClass) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as read_error:
        raise error(str(path), f"cannot read the file: {read_error}") from None


class HistoryFields:
    """The fields of one file as read from TOML, with the checks every
    variant makes on them; a fault is the variant's ``error`` naming the
    field."""

    def __init__(self, data: dict[str, Any], source: str, error: ErrorClass) -> None:
        self.data = data
        self.source = source
        self.error = error

    def fail(self, name: str, reason: str, clause: str | None = None) -> HandHistoryError[Any]:
        return self.error(self.source, reason, field_name=name, clause=clause)

    def check_names(
        self, variant: str, required: Collection[str], optional: Mapping[str, str]
    ) -> None:
        """The variant is ``variant``, the ``required`` fields are there,
        every other field is ``optional`` (of the type it names) or
        user-defined (``_name``)."""
        data = self.data
        found = data.get("variant")
        if found is None:
            raise self.fail("variant", "the required field is missing")
        if found != variant:
            raise self.fail(
                "variant", f"variant {found!r} is not replayed here: this reader takes {variant!r}"
            )
        for name in required:
            if name not in data:
                raise self.fail(name, f"the required field is missing (variant {variant} needs it)")
        for name in data:
            if name in OTHER_VARIANTS_FIELDS:
                raise self.fail(
                    name, f"this field belongs to fixed-limit or stud variants, not {variant}"
                )
            if name not in required and name not in optional and not name.startswith("_"):
                raise self.fail(name, "unknown field (user-defined fields start with '_')")
        for name, kind in optional.items():
            words, fits = FIELD_TYPES[kind]
            if name in data and not fits(data[name]):
                raise self.fail(name, f"must be {words}")

    def chips(self, name: str, *, minimum: int, default: int | None = None) -> int:
        """A chip amount: a whole number (``100.0`` is 100; ``100.5`` and
        ``inf`` are refused: floorman counts whole chips and needs every
        stack).  ``default`` stands for a missing optional field."""
        value = self.data[name] if default is None else self.data.get(name, default)
        return self._chips(value, name, minimum)

    def chip_list(self, name: str, *, minimum: int) -> tuple[int, ...]:
        value = self.data[name]
        if not isinstance(value, list):
            raise self.fail(name, "must be an array of numbers")
        return tuple(self._chips(v, name, minimum) for v in value)

    def _chips(self, value: Any, name: str, minimum: int) -> int:
        if not _is_number(value) or (isinstance(value, float) and not value.is_integer()):
            raise self.fail(name, f"{value!r} is not a whole number of chips")
        if value < minimum:
            raise self.fail(name, f"{value!r} is below {minimum}")
        return int(value)

    def check_entry_counts(self, per_player: Iterable[str], players: int) -> None:
        """Fields with one entry per player have ``players`` entries."""
        for name in per_player:
            if name in self.data and len(self.data[name]) != players:
                raise self.fail(
                    name,
                    f"has {len(self.data[name])} entries for {players} players (starting_stacks)",
                )

    def seats(self, players: int) -> tuple[int, ...]:
        """The ``seats`` field (else 1..n).  Seat numbers must run clockwise
        from the first seat left of the button (the last player), as the
        engine deals (DE-DEAL-1, OQ-47)."""
        seats = tuple(self.data.get("seats", range(1, players + 1)))
        seat_count = self.data.get("seat_count")
        top = seat_count if seat_count is not None else 10
        if len(set(seats)) != len(seats) or any(not 1 <= s <= top for s in seats):
            raise self.fail("seats", f"{list(seats)}: distinct seat numbers from 1 to {top}")
        button = seats[-1]
        if list(seats) != sorted(seats, key=lambda s: (s <= button, s)):
            raise self.fail(
                "seats",
                f"{list(seats)} do not run clockwise from the seat left of the button ({button})",
                clause="DE-DEAL-1, OQ-47",
            )
        return seats

    def players(self) -> tuple[str, ...] | None:
        players = self.data.get("players")
        return tuple(players) if players is not None else None

    def finishing_stacks(self) -> tuple[int | float, ...] | None:
        finishing = self.data.get("finishing_stacks")
        if finishing is not None and any(v < 0 for v in finishing):
            raise self.fail("finishing_stacks", f"{finishing}: a stack cannot be negative")
        return tuple(finishing) if finishing is not None else None

    def action_texts(self) -> list[str]:
        actions = self.data["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise self.fail("actions", "must be an array of strings")
        return actions


class ActionText(Generic[ActionT]):
    """One ``actions`` string, ``[actor verb [argument]][ # comment]``,
    split into its words, with the readings of the words every variant
    shares.  ``new_action`` is the variant's action class; a fault is the
    variant's ``error`` naming the action."""

    def __init__(
        self,
        index: int,
        text: str,
        *,
        players: int,
        source: str,
        error: type[HandHistoryError[ActionT]],
        new_action: type[ActionT],
    ) -> None:
        body, hash_sign, comment = text.partition("#")
        self.index = index
        self.text = text
        self.words = body.split()
        self.comment = comment.strip() if hash_sign else None
        self.players = players
        self.source = source
        self.error = error
        self.new_action = new_action

    def fail(self, reason: str, clause: str | None = None) -> HandHistoryError[ActionT]:
        action = self.new_action(self.index, self.text, "none")
        return self.error(self.source, reason, action=action, clause=clause)

    def make(self, kind: str, **values: Any) -> ActionT:
        return self.new_action(self.index, self.text, kind, comment=self.comment, **values)

    def player(self, word: str) -> int:
        match = _PLAYER.match(word)
        if match is None or int(match.group(1)) > self.players:
            raise self.fail(f"{word!r} is not a player of this hand (p1 to p{self.players})")
        return int(match.group(1))

    def cards(self, word: str) -> tuple[Card, ...]:
        if "?" in word:
            raise self.fail(f"unknown cards in {word!r}: every card is needed to replay the hand")
        if _CARDS.match(word) is None:
            raise self.fail(
                f"bad card text {word!r}: cards are written together, rank (23456789TJQKA)"
                " then suit (cdhs), e.g. 'AsTd'"
            )
        return tuple(parse_card(word[i : i + 2]) for i in range(0, len(word), 2))

    def shared_action(self, deal_kind: str) -> ActionT | None:
        """The actions every variant writes alike: a comment alone (kind
        ``none``), cards dealt to a player (``deal_kind``), fold, check or
        call, bet or raise to; None for any other words."""
        match self.words:
            case []:
                return self.make("none")
            case ["d", "dh", who, dealt]:
                return self.make(deal_kind, player=self.player(who), cards=self.cards(dealt))
            case [who, "f"] if who != "d":
                return self.make("fold", player=self.player(who))
            case [who, "cc"] if who != "d":
                return self.make("check_or_call", player=self.player(who))
            case [who, "cbr", amount] if who != "d":
                # The amount is checked before the player: with both wrong,
                # the error names the amount, as it always has.
                if _AMOUNT.match(amount) is None:
                    raise self.fail(f"{amount!r} is not a whole number of chips")
                whole = int(amount.partition(".")[0])
                return self.make("bet_or_raise_to", player=self.player(who), amount=whole)
        return None


# ---------------------------------------------------------------- replaying

TableT = TypeVar("TableT", bound=BettingHand)


def hand_labels(fields: Mapping[str, Any]) -> tuple[str, int | None]:
    """The engine's hand id and table number from the ``hand`` and
    ``table`` fields (a table named by a string has no number)."""
    hand_number = fields.get("hand")
    table_number = fields.get("table")
    return (
        "" if hand_number is None else str(hand_number),
        table_number if isinstance(table_number, int) else None,
    )


class History(Protocol[ActionT_co]):
    """A parsed file of either variant, as the replay reads it."""

    @property
    def source(self) -> str: ...
    @property
    def seats(self) -> tuple[int, ...]: ...
    @property
    def actions(self) -> tuple[ActionT_co, ...]: ...
    @property
    def finishing_stacks(self) -> tuple[int | float, ...] | None: ...


def replay_history(
    table: TableT,
    history: History[ActionT],
    play_own: Callable[[int, ActionT], None],
    *,
    error: type[HandHistoryError[ActionT]],
    how_it_ended: str,
    awaited: Callable[[TableT], str],
    check_finishing_stacks: bool,
    show_whole_chips: bool,
) -> TableT:
    """Play every action but comments; the hand must be complete after the
    last one, nothing may follow its end, and it must end with the file's
    finishing stacks when it gives them and ``check_finishing_stacks``.
    ``play_own(seat, action)`` plays the actions only the variant has (the
    deals, a show, a draw); ``how_it_ended`` words the end (``the pot was
    awarded``) and ``awaited`` says what an unfinished table waits for."""
    ended_at: ActionT | None = None
    for action in history.actions:
        if action.kind == "none":
            continue
        if ended_at is not None:
            raise error(
                history.source,
                f"the hand is over ({how_it_ended} after actions[{ended_at.index}]);"
                " nothing may follow",
                action=action,
            )
        play_history_action(table, history, action, play_own, error)
        if table.is_complete:
            ended_at = action
    if not table.is_complete:
        raise error(history.source, f"the actions end before the hand: {awaited(table)}")
    if check_finishing_stacks and history.finishing_stacks is not None:
        compare_finishing_stacks(
            history.finishing_stacks,
            table.final_stacks,
            history.source,
            error,
            show_whole_chips=show_whole_chips,
        )
    return table


def play_history_action(
    table: BettingHand,
    history: History[ActionT],
    action: ActionT,
    play_own: Callable[[int, ActionT], None],
    error: type[HandHistoryError[ActionT]],
) -> None:
    """Apply one action: the betting actions every variant writes alike,
    the rest (deals, draw, showdown) with ``play_own``.  A rule the action breaks is
    the variant's error, naming the action and the engine's clause."""
    seat = history.seats[action.player - 1] if action.player is not None else 0
    try:
        match action.kind:
            case "fold":
                table.fold(seat)
            case "check_or_call":
                table.check_or_call(seat)
            case "bet_or_raise_to":
                assert action.amount is not None
                table.bet_or_raise_to(seat, action.amount)
            case _:
                play_own(seat, action)
    except RuleViolation as violation:
        raise error(history.source, str(violation), action=action, violation=violation) from None


def whole_chips(recorded: Sequence[int | float], source: str, error: ErrorClass) -> tuple[int, ...]:
    """The recorded finishing stacks in whole chips: the odd chips go to the
    first of the sharing players left of the button (DE-ODDCHIP-1, OQ-24,
    OQ-67); totals that are not whole chips are refused."""
    floors = [math.floor(v) for v in recorded]
    odd = sum(recorded) - sum(floors)
    if abs(odd - round(odd)) > 1e-6:
        raise error(
            source, f"{list(recorded)} do not add up to whole chips", field_name="finishing_stacks"
        )
    sharing = [k for k, v in enumerate(recorded) if v != floors[k]]
    if sharing:
        floors[sharing[0]] += round(odd)
    return tuple(floors)


def compare_finishing_stacks(
    recorded: Sequence[int | float],
    replayed: Sequence[int] | None,
    source: str,
    error: ErrorClass,
    *,
    show_whole_chips: bool,
) -> None:
    """The replay must end with the file's finishing stacks, counted in
    whole chips.  With ``show_whole_chips`` the message also gives the
    whole-chip reading when it is not what the file says (logs that split
    chips, as the Pluribus ones do)."""
    expected = whole_chips(recorded, source, error)
    if replayed == expected:
        return
    extra = ""
    if show_whole_chips and list(expected) != list(recorded):
        extra = f" (whole chips: {list(expected)})"
    raise error(
        source,
        f"the file's finishing stacks {list(recorded)}{extra} differ from the replay's"
        f" {list(replayed or ())}",
        field_name="finishing_stacks",
    )


def player_numbers(seats: Iterable[int]) -> dict[int, int]:
    """PHH player numbers by table seat: p1 is the first seat dealt."""
    return {seat: k + 1 for k, seat in enumerate(seats)}


@dataclass(frozen=True, slots=True)
class ReplayOutcome:
    """One file's result: its finishing stacks, or the error."""

    file: str
    finishing_stacks: tuple[int, ...] | None = None
    error: str | None = None
    carried_pot: int | None = None  # NMD files only: the check-pot carried on (OQ-10)

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_json(self) -> str:
        if self.error is not None:
            return json.dumps({"file": self.file, "error": self.error})
        result: dict[str, Any] = {
            "file": self.file,
            "finishing_stacks": list(self.finishing_stacks or ()),
        }
        if self.carried_pot is not None:
            result["carried_pot"] = self.carried_pot
        return json.dumps(result)


# ---------------------------------------------------------------- writing


def check_no_dead_hands(started: HandStarted, error: ErrorClass) -> None:
    if started.dead:
        raise error("<export>", f"seats {list(started.dead)} had dead hands: PHH cannot say so")


def shared_action_lines(event: Event, number: Mapping[int, int], error: ErrorClass) -> list[str]:
    """The ``actions`` entries every variant writes alike (betting, shows,
    misdeals); nothing for the events PHH does not record (the deal's
    start, posts, collected bets, awards)."""
    match event:
        case Folded(seat=seat, reason=reason):
            return [f"p{number[seat]} f" + (f" # {reason}" if reason else "")]
        case Checked(seat=seat, reason=reason):
            return [f"p{number[seat]} cc" + (f" # {reason}" if reason else "")]
        case Called(seat=seat):
            return [f"p{number[seat]} cc"]
        case BetOrRaised(seat=seat, to=to):
            return [f"p{number[seat]} cbr {to}"]
        case Shown(seat=seat, cards=cards):
            return [f"p{number[seat]} sm {format_cards(cards, '')}"]
        case Misdealt(reason=reason, clause=clause):
            return [f"# misdeal, dealt again: {reason} ({clause})"]
        case PenaltyPosted(seat=seat, clause=clause):
            raise error(
                "<export>",
                f"p{number[seat]} paid a penalty ({clause}): PHH cannot record dead money",
            )
        case HandVoided(clause=clause):
            raise error("<export>", f"the hand was voided ({clause}): PHH cannot record it")
        case DeclaredDead(seat=seat, clause=clause):
            raise error(
                "<export>",
                f"p{number[seat]}'s hand was declared dead ({clause}): PHH cannot record it",
            )
        case CardsShown(seat=seat, cards=cards):
            return [f"# p{number[seat]} shows {format_cards(cards, '')} to everyone"]
    return []


def fields_after_actions(
    started: HandStarted, final_stacks: Sequence[int] | None
) -> dict[str, Any]:
    """The fields written after ``actions``: seats (unless 1..n), players,
    hand and table, and the finishing stacks once the hand is over."""
    values: dict[str, Any] = {}
    if list(started.seats) != list(range(1, len(started.seats) + 1)):
        values["seats"] = list(started.seats)
    values["players"] = list(started.players)
    if started.hand_id:
        values["hand"] = int(started.hand_id) if started.hand_id.isdigit() else started.hand_id
    if started.table is not None:
        values["table"] = started.table
    if final_stacks is not None:
        values["finishing_stacks"] = list(final_stacks)
    return values


def toml_text(
    values: dict[str, Any],
    extra_fields: Mapping[str, Any] | None,
    *,
    written_from_the_hand: Collection[str],
    error: ErrorClass,
) -> str:
    """``values`` and the caller's optional or user-defined
    ``extra_fields`` as TOML lines; a field the hand decides (in ``values``
    or ``written_from_the_hand``) cannot be given."""
    values = dict(values)
    for name, value in (extra_fields or {}).items():
        if name in values or name in written_from_the_hand:
            raise error("<export>", "is written from the hand itself", field_name=name)
        if name not in OPTIONAL_FIELDS and not name.startswith("_"):
            raise error(
                "<export>", "unknown field (user-defined fields start with '_')", field_name=name
            )
        values[name] = value
    return "".join(f"{name} = {toml_value(value)}\n" for name, value in values.items())


def toml_value(value: Any) -> str:
    """A TOML value (the few types PHH uses)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        if "'" not in value and all(c.isprintable() for c in value):
            return f"'{value}'"
        return json.dumps(value, ensure_ascii=False)  # a TOML basic string
    if isinstance(value, datetime.time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"PHH has no value like {value!r}")
