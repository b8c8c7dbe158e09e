"""Typed commands: everything a client may ask of a tournament, as data.

The HTTP API and the websocket build the same command for the same request
(:mod:`floorman.server.api`, :mod:`floorman.server.ws`); one handler
carries it out (:mod:`floorman.services.handler`), in this process or in
the runner that plays the tournament (:mod:`floorman.cluster`).  A command
names its tournament, its author and an idempotency key: the same key from
the same author with the same content again gets the first answer, never a
second registration or a second call; with other content it is refused
(:meth:`Command.fingerprint`), and a key sent without a token must be
unguessable (:func:`key_bits`).

Commands travel as plain dictionaries (:func:`command_to_dict`,
:func:`command_from_dict`); reading one checks every field's type and
refuses anything else, so a malformed message changes nothing.  No command
carries a secret: a registration carries the hash of the token the edge
made, never the token.

>>> command = Register(tournament="t1", author="public", key="k-1", name="Ada")
>>> command_from_dict(command_to_dict(command)) == command
True
>>> command_from_dict({"kind": "register", "tournament": "t1", "author": "public", "name": 7})
Traceback (most recent call last):
...
floorman.services.commands.CommandError: register: name must be a text, not 7
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import string
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from floorman.engine.errors import FloormanError

#: the author of a director's command (the director's token was checked)
DIRECTOR = "director"
#: the author of a command that needs no token (registering, a spectator's chat)
PUBLIC = "public"
#: the longest idempotency key taken (a client's UUID fits many times over)
MAX_KEY = 128
#: the largest number a command field may hold (chips, seconds, a level):
#: the typed routes bound each tighter; a command read from a dictionary
#: (the generic director route, Redis) is held to this at least, so no
#: number past what the database's integers hold reaches the core
MAX_NUMBER = 10**15
#: the longest text a command field may hold (a note, a chat line, a name)
MAX_TEXT = 10_000
#: the random bits a key sent without a token must be able to hold: such a
#: key is all that ties a retry to the first sending, so nobody may guess it
ANONYMOUS_KEY_BITS = 128


class CommandError(FloormanError):
    """A message that is no command (unknown kind, a field of the wrong type)."""


def key_bits(key: str) -> float:
    """The most random bits ``key`` can hold: 4 a character for hex digits
    (a UUID's dashes aside), 6 for any other (base64url's alphabet).  A
    guess at the upper bound, never a proof of randomness: it refuses the
    short and counting keys (``reg-1``) a client library might make.

    >>> key_bits("3f2c9a7e-8d41-4b6a-9c0e-5a7b1d2e3f40"), key_bits("reg-1")
    (128.0, 30.0)
    """
    bare = key.replace("-", "")
    if bare and all(ch in string.hexdigits for ch in bare):
        return 4.0 * len(bare)
    return math.log2(64) * len(key)


def player_author(player: str) -> str:
    """The author of a player's command (his token was checked)."""
    return f"player:{player}"


@dataclass(frozen=True, kw_only=True)
class Command:
    """What every command carries.  ``key`` empty: no idempotency (each
    sending is a new command)."""

    kind: ClassVar[str] = ""
    #: who may send it: "director", "player" or "anyone"
    role: ClassVar[str] = "director"

    tournament: str
    author: str
    key: str = ""

    @property
    def player(self) -> str | None:
        """The player a player's command comes from."""
        prefix = "player:"
        return self.author[len(prefix) :] if self.author.startswith(prefix) else None

    def scoped_key(self) -> str:
        """The key as stored: one author's key never answers another's.
        The kind is no part of it: a key names one command, and the same
        key sent with another command is refused (:meth:`fingerprint`)."""
        if not self.key:
            return ""
        text = f"{self.author}\n{self.tournament}\n{self.key}"
        return hashlib.sha256(text.encode()).hexdigest()

    def log_fields(self) -> dict[str, str]:
        """What a log may say of this command (``--log-format json``): never
        what it carries (a token's hash, an amount, a chat line)."""
        return {"tournament": self.tournament, "command": self.kind, "key": self.key}

    def fingerprint(self) -> str:
        """A digest of everything the command asks: its kind, tournament,
        author and every field but the key (and a registration's token
        hash, which is made from this).  Stored with the first answer; the
        same key sent with another fingerprint is refused, never answered."""
        data = command_to_dict(self)
        data.pop("key", None)
        data.pop("token_hash", None)
        text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    def key_too_weak(self) -> bool:
        """A key sent without a token (a registration, a spectator's chat)
        that cannot hold :data:`ANONYMOUS_KEY_BITS` random bits: anyone
        who guessed it could claim the first sending's answer."""
        return bool(self.key) and self.author == PUBLIC and key_bits(self.key) < ANONYMOUS_KEY_BITS

    def may_be_sent_by_author(self) -> bool:
        if self.role == "director":
            return self.author == DIRECTOR
        if self.role == "player":
            return self.player is not None
        return self.author == DIRECTOR or self.author == PUBLIC or self.player is not None


# ---------------------------------------------------------------- the floor's


@dataclass(frozen=True, kw_only=True)
class CreateTournament(Command):
    """A new tournament; ``settings``: the API's creation body (its own
    model checks it at the edge, :class:`floorman.services.floor.Floor`
    again)."""

    kind = "create_tournament"
    settings: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class Archive(Command):
    kind = "archive"
    archived: bool = True


@dataclass(frozen=True, kw_only=True)
class Delete(Command):
    kind = "delete"


# ---------------------------------------------------------------- entries


@dataclass(frozen=True, kw_only=True)
class Register(Command):
    """An entry; ``token_hash``: the SHA-256 of the token the edge made and
    gives the player (empty: the handler makes one, in tests)."""

    kind = "register"
    role = "anyone"
    name: str
    confirmed: bool = True
    token_hash: str = ""


@dataclass(frozen=True, kw_only=True)
class AddBots(Command):
    kind = "add_bots"
    count: int
    bot_kind: str = "sensible"


@dataclass(frozen=True, kw_only=True)
class Unregister(Command):
    kind = "unregister"
    target: str


@dataclass(frozen=True, kw_only=True)
class ReEnter(Command):
    """A busted player's new entry: sent by the player himself or the
    director (the desk takes the money)."""

    kind = "re_enter"
    role = "anyone"
    target: str

    def may_be_sent_by_author(self) -> bool:
        return self.author == DIRECTOR or self.player == self.target


@dataclass(frozen=True, kw_only=True)
class ReissueSeatLink(Command):
    """A new seat link for ``target``; his older ones are closed (OQ-74).
    It carries no token: the runner derives it from the server's key."""

    kind = "reissue_seat_link"
    target: str


@dataclass(frozen=True, kw_only=True)
class Confirm(Command):
    kind = "confirm"
    target: str


@dataclass(frozen=True, kw_only=True)
class Cancel(Command):
    kind = "cancel"
    note: str = ""


# ---------------------------------------------------------------- the clock


@dataclass(frozen=True, kw_only=True)
class Start(Command):
    kind = "start"


@dataclass(frozen=True, kw_only=True)
class Pause(Command):
    kind = "pause"


@dataclass(frozen=True, kw_only=True)
class Resume(Command):
    kind = "resume"


# ---------------------------------------------------------------- rulings


@dataclass(frozen=True, kw_only=True)
class Warn(Command):
    kind = "warn"
    target: str
    clause: str
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class PenalizeTime(Command):
    kind = "time_penalty"
    target: str
    clause: str
    hands: int = 1
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class Disqualify(Command):
    kind = "disqualify"
    target: str
    clause: str
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class RuleHand(Command):
    """A misdeal, a void or a dead hand at a table."""

    kind = "rule_hand"
    ruling: str
    table: int
    target: str | None = None
    note: str = ""
    clause: str | None = None


@dataclass(frozen=True, kw_only=True)
class SetAbsent(Command):
    kind = "set_absent"
    target: str
    absent: bool


@dataclass(frozen=True, kw_only=True)
class MuteChat(Command):
    kind = "mute_chat"
    target: str
    muted: bool = True
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class OverrideChips(Command):
    kind = "override_chips"
    target: str
    chips: int
    note: str


@dataclass(frozen=True, kw_only=True)
class OverrideSeat(Command):
    kind = "override_seat"
    target: str
    table: int
    seat: int
    note: str


@dataclass(frozen=True, kw_only=True)
class OverrideLevel(Command):
    kind = "override_level"
    level: int
    note: str


@dataclass(frozen=True, kw_only=True)
class SetHandForHand(Command):
    """Hand-for-hand on or off (OQ-71)."""

    kind = "hand_for_hand"
    on: bool
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class CloseHandForHandHand(Command):
    """Live: every table has finished the hand-for-hand hand (OQ-71)."""

    kind = "close_hand_for_hand_hand"


@dataclass(frozen=True, kw_only=True)
class CallBreak(Command):
    """A break now, of ``seconds`` (NM-D-1G, OQ-03, OQ-09)."""

    kind = "call_break"
    seconds: int
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class AdjustClock(Command):
    """Time added to the level being played (``seconds`` below 0: taken off;
    NM-D-1G, OQ-03)."""

    kind = "adjust_clock"
    seconds: int
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class NextLevel(Command):
    """The next level now (NM-D-1G, OQ-03)."""

    kind = "next_level"
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class RaceOff(Command):
    """The smallest chip goes: a chip race or colour-up at every table (OQ-72)."""

    kind = "chip_race"
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class UndoRuling(Command):
    """The director's last ruling that can be undone is taken back (NM-D-1G, OQ-03)."""

    kind = "undo_ruling"
    note: str = ""
    #: the ruling the console showed (its place in the log): refused if the
    #: last one is another by now
    index: int | None = None


@dataclass(frozen=True, kw_only=True)
class RecordChipCounts(Command):
    kind = "record_chip_counts"
    table: int
    counts: Mapping[str, int] = field(default_factory=dict)
    confirm_correction: bool = False
    note: str = ""


# ---------------------------------------------------------------- deals


@dataclass(frozen=True, kw_only=True)
class ProposeDeal(Command):
    """The director proposes a chip or an ICM chop (OQ-34, OQ-73)."""

    kind = "propose_deal"
    method: str
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class AnswerDeal(Command):
    """A player's answer to the deal proposed: his own, or at a live event
    recorded by the director (OQ-73)."""

    kind = "answer_deal"
    role = "anyone"
    target: str
    agree: bool

    def may_be_sent_by_author(self) -> bool:
        return self.author == DIRECTOR or self.player == self.target


@dataclass(frozen=True, kw_only=True)
class WithdrawDeal(Command):
    kind = "withdraw_deal"


# ---------------------------------------------------------------- players


@dataclass(frozen=True, kw_only=True)
class Act(Command):
    """A player's message to his hand: an action (fold, bet 40, draw 2 …),
    or ``sit_out``/``sit_out_next``/``back``/``call_clock``; the engine
    reads ``data``."""

    kind = "act"
    role = "player"
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class Chat(Command):
    kind = "chat"
    role = "anyone"
    table: int | None
    text: str


@dataclass(frozen=True, kw_only=True)
class SeatOpened(Command):
    """The player opened his seat (a socket's hello): he is back if his
    clock had made him absent, and this socket keeps the seat."""

    kind = "seat_opened"
    role = "player"
    socket: str = ""


def act_command(
    tournament_id: str, player: str, message: Mapping[str, Any], key: str | None = None
) -> Act:
    """The command of a player's message, over HTTP or the websocket alike:
    the message's ``id`` is the command's key (a double click, a retry:
    done once) unless the request names one."""
    data = dict(message)
    sent_as = data.pop("id", None)
    if key is None and isinstance(sent_as, str) and 0 < len(sent_as) <= MAX_KEY:
        key = sent_as
    return Act(tournament=tournament_id, author=player_author(player), key=key or "", data=data)


COMMANDS: dict[str, type[Command]] = {
    cls.kind: cls
    for cls in (
        CreateTournament,
        Archive,
        Delete,
        Register,
        AddBots,
        Unregister,
        ReEnter,
        ReissueSeatLink,
        Confirm,
        Cancel,
        Start,
        Pause,
        Resume,
        Warn,
        PenalizeTime,
        Disqualify,
        RuleHand,
        SetAbsent,
        MuteChat,
        OverrideChips,
        OverrideSeat,
        OverrideLevel,
        SetHandForHand,
        CloseHandForHandHand,
        CallBreak,
        AdjustClock,
        NextLevel,
        RaceOff,
        UndoRuling,
        RecordChipCounts,
        ProposeDeal,
        AnswerDeal,
        WithdrawDeal,
        Act,
        Chat,
        SeatOpened,
    )
}


#: the tournament's director commands by kind, which the generic route
#: ``POST /api/tournaments/{id}/commands/{kind}`` takes: a new director
#: command needs no route of its own (creating, archiving and deleting a
#: tournament are the floor's, with theirs)
DIRECTOR_COMMANDS = {
    kind: cls
    for kind, cls in COMMANDS.items()
    if cls.role == "director" and cls not in (CreateTournament, Archive, Delete)
}


def command_to_dict(command: Command) -> dict[str, Any]:
    data = {"kind": command.kind, **dataclasses.asdict(command)}
    for name, value in data.items():
        if isinstance(value, Mapping):
            data[name] = dict(value)
    return data


def _accepts(annotation: Any, value: Any) -> bool:
    """Does ``value`` fit the field's type (the few types commands use)?"""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return any(_accepts(arm, value) for arm in typing.get_args(annotation))
    if annotation is type(None):
        return value is None
    if annotation is bool:
        return isinstance(value, bool)
    if annotation is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if annotation is str:
        return isinstance(value, str)
    if origin is Mapping or annotation is Mapping:
        arms = typing.get_args(annotation)
        if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
            return False
        return not arms or arms[1] is Any or all(_accepts(arms[1], v) for v in value.values())
    return False


def _bounded(value: Any) -> bool:
    """A number within :data:`MAX_NUMBER`, a text within :data:`MAX_TEXT`
    (a mapping's values each)."""
    if isinstance(value, bool) or value is None:
        return True
    if isinstance(value, int):
        return -MAX_NUMBER <= value <= MAX_NUMBER
    if isinstance(value, str):
        return len(value) <= MAX_TEXT
    if isinstance(value, Mapping):
        return all(_bounded(v) for v in value.values())
    return True


_TYPE_WORDS = {str: "a text", int: "a whole number", bool: "true or false"}


def _hints(cls: type[Command]) -> dict[str, Any]:
    cached = _HINTS.get(cls)
    if cached is None:
        cached = _HINTS[cls] = typing.get_type_hints(cls)
    return cached


_HINTS: dict[type[Command], dict[str, Any]] = {}


def command_from_dict(data: Any) -> Command:
    """The command ``data`` describes; :class:`CommandError` naming the
    first thing wrong otherwise."""
    if not isinstance(data, Mapping):
        raise CommandError("a command is an object with a kind")
    kind = data.get("kind")
    cls = COMMANDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise CommandError("unknown command {kind}", values={"kind": repr(kind)[:40]})
    hints = _hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = set(data) - set(fields) - {"kind"}
    if unknown:
        raise CommandError(
            "{kind}: unknown field {field}", values={"kind": kind, "field": sorted(unknown)[0]}
        )
    values: dict[str, Any] = {}
    for name, spec in fields.items():
        if name not in data:
            if spec.default is dataclasses.MISSING and spec.default_factory is dataclasses.MISSING:
                raise CommandError(
                    "{kind}: {field} is missing", values={"kind": kind, "field": name}
                )
            continue
        value = data[name]
        if not _accepts(hints[name], value):
            word = _TYPE_WORDS.get(hints[name], "of another type")
            raise CommandError(
                "{kind}: {field} must be {word}, not {value}",
                values={"kind": kind, "field": name, "word": word, "value": repr(value)[:40]},
            )
        if not _bounded(value):
            raise CommandError(
                "{kind}: {field} is out of bounds (numbers up to {limit}, texts up to {chars}"
                " characters)",
                values={"kind": kind, "field": name, "limit": MAX_NUMBER, "chars": MAX_TEXT},
            )
        values[name] = value
    if len(values.get("key", "")) > MAX_KEY:
        raise CommandError("the idempotency key is longer than {limit}", values={"limit": MAX_KEY})
    return cls(**values)


__all__ = [
    "ANONYMOUS_KEY_BITS",
    "COMMANDS",
    "DIRECTOR",
    "DIRECTOR_COMMANDS",
    "MAX_KEY",
    "MAX_NUMBER",
    "MAX_TEXT",
    "PUBLIC",
    "Act",
    "AddBots",
    "AdjustClock",
    "AnswerDeal",
    "Archive",
    "CallBreak",
    "Cancel",
    "Chat",
    "CloseHandForHandHand",
    "Command",
    "CommandError",
    "Confirm",
    "CreateTournament",
    "Delete",
    "Disqualify",
    "MuteChat",
    "NextLevel",
    "OverrideChips",
    "OverrideLevel",
    "OverrideSeat",
    "Pause",
    "PenalizeTime",
    "ProposeDeal",
    "RaceOff",
    "ReEnter",
    "RecordChipCounts",
    "Register",
    "ReissueSeatLink",
    "Resume",
    "RuleHand",
    "SeatOpened",
    "SetAbsent",
    "SetHandForHand",
    "Start",
    "UndoRuling",
    "Unregister",
    "Warn",
    "WithdrawDeal",
    "act_command",
    "command_from_dict",
    "command_to_dict",
    "key_bits",
    "player_author",
]
