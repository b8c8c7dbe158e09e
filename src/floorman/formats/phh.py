"""PHH hand histories of no-limit hold'em (variant ``NT``): strict import and export.

PHH (the ``phh-std`` format of PokerKit's authors) is TOML: the forced bets
(``antes``, ``blinds_or_straddles``), ``min_bet``, the ``starting_stacks``,
the ``actions`` as short strings and, usually, the ``finishing_stacks``.
Players are numbered from the first seat left of the button (``p1``, the
small blind) to the button (the last player).  Heads-up PHH reverses the
forced bets: the button ``p2`` posts ``blinds_or_straddles[0]``, the small
blind (OQ-29), and ``p1`` the big blind.

========================  =================================================
``d dh p1 AsKd``          hole cards dealt to p1
``d db 7c8d9h``           board cards (flop, turn, river)
``p2 f`` / ``p2 cc``      fold / check or call
``p2 cbr 60``             bet or raise to 60 (p2's total in the round)
``p2 sm AsKd``            show (``sm -``: show the cards dealt);
``p2 sm``                 muck
``# text``                a comment, also after an action
========================  =================================================

Reading is strict: a file that breaks the format or the rules is rejected
with an error naming the file, the action (index and text) and the reason
with its clause; nothing is repaired or guessed.  Every action goes through
:class:`HoldemHand`, so the checks that guard a live table decide whether a
file is legal.

>>> text = '''
... variant = 'NT'
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'd dh p3 QhQd', 'p3 cbr 6', 'p1 f', 'p2 f']
... finishing_stacks = [99, 98, 103]
... '''
>>> replay_phh(text).final_stacks
(99, 98, 103)
>>> try:
...     replay_phh(text.replace("cbr 6", "cbr 3"))
... except PhhError as error:
...     print(error.action.text, "->", error.clause)
p3 cbr 3 -> OQ-31
>>> hand_to_phh(replay_phh(text)).splitlines()[6]
"actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'd dh p3 QhQd', 'p3 cbr 6', 'p1 f', 'p2 f']"
"""

from __future__ import annotations

import datetime
import json
import math
import re
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from floorman.engine.betting import Phase
from floorman.engine.cards import Card, format_cards, parse_card
from floorman.engine.errors import FloormanError, ProfileError, RuleViolation
from floorman.engine.events import (
    BetOrRaised,
    BetsCollected,
    BoardDealt,
    Called,
    CheckdownProposed,
    CheckdownVoted,
    Checked,
    Folded,
    HandStarted,
    HoleDealt,
    Misdealt,
    Mucked,
    PenaltyPosted,
    Shown,
)
from floorman.engine.holdem import HoldemHand
from floorman.engine.profile import RuleProfile
from floorman.formats import voided_deal
from floorman.profiles import load_profile

VARIANT = "NT"
DEFAULT_PROFILE = "phh-nt"
_REQUIRED = ("variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions")
#: Fields of other PHH variants: present in an NT file they are an error.
_OTHER_VARIANTS_FIELDS = ("bring_in", "small_bet", "big_bet")
#: The optional fields of the PHH specification and the TOML types they take.
_OPTIONAL: dict[str, str] = {
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
_PER_PLAYER = (
    "antes",
    "blinds_or_straddles",
    "seats",
    "players",
    "finishing_stacks",
    "winnings",
    "time_banks",
)
_PLAYER = re.compile(r"p([1-9][0-9]*)\Z")
_CARDS = re.compile(r"(?:[2-9TJQKA][cdhs])+\Z")
_AMOUNT = re.compile(r"[0-9]+(?:\.0*)?\Z")
_NEXT_STREET = {0: "flop", 3: "turn", 4: "river"}

ActionKind = Literal[
    "deal_hole", "deal_board", "fold", "check_or_call", "bet_or_raise_to", "show", "muck", "none"
]


class PhhError(FloormanError, ValueError):
    """A PHH file that cannot be read or replayed.  The message names the
    file, then the field or the action (its index in ``actions`` and its
    text), then the reason; a rule broken by the action is the engine's
    :class:`RuleViolation` (kept as ``violation``) with its clause."""

    def __init__(
        self,
        source: str,
        reason: str,
        *,
        field_name: str | None = None,
        action: PhhAction | None = None,
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
        ruling = f" [{clause}]" if clause is not None and violation is None else ""
        super().__init__(f"{source}: {where}{reason}{ruling}")


@dataclass(frozen=True, slots=True)
class PhhAction:
    """One entry of ``actions``.  ``player`` is the PHH player number (1 is
    p1); ``cards`` are the cards dealt or shown (empty for ``sm -``, which
    shows the cards dealt)."""

    index: int
    text: str
    kind: ActionKind
    player: int | None = None
    cards: tuple[Card, ...] = ()
    amount: int | None = None
    comment: str | None = None


@dataclass(frozen=True, slots=True)
class PhhHand:
    """A parsed and checked NT file.  ``seats`` are the table seat numbers of
    p1..pn (the ``seats`` field, else 1..n); the button is the last.
    ``fields`` holds every field as read, optional and user-defined ones
    included."""

    source: str
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    min_bet: int
    starting_stacks: tuple[int, ...]
    actions: tuple[PhhAction, ...]
    seats: tuple[int, ...]
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[int | float, ...] | None = None
    fields: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    @property
    def small_blind(self) -> int:
        return self.blinds_or_straddles[0]

    @property
    def big_blind(self) -> int:
        return self.blinds_or_straddles[1]

    def ante_of(self, player: int) -> int:
        """The ante of PHH player ``player`` (1-based); heads-up PHH lists
        the antes reversed, like the blinds."""
        n = self.player_count
        return self.antes[n - player] if n == 2 else self.antes[player - 1]


# ---------------------------------------------------------------- reading


def read_phh(text: str, *, source: str = "<text>") -> PhhHand:
    """Parse and check a PHH text of variant NT (fields, amounts, card text,
    action grammar); the rules of play are checked by :func:`replay_phh`."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PhhError(source, f"not valid TOML: {error}") from None
    return _hand_from_fields(data, source)


def read_phh_file(path: str | Path) -> PhhHand:
    """:func:`read_phh` on a file; errors name the file by its path."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PhhError(source, f"cannot read the file: {error}") from None
    return read_phh(text, source=source)


def _hand_from_fields(data: dict[str, Any], source: str) -> PhhHand:
    def fail(name: str, reason: str) -> PhhError:
        return PhhError(source, reason, field_name=name)

    variant = data.get("variant")
    if variant is None:
        raise fail("variant", "the required field is missing")
    if variant != VARIANT:
        raise fail(
            "variant", f"variant {variant!r} is not replayed here: this reader takes {VARIANT!r}"
        )
    for name in _REQUIRED:
        if name not in data:
            raise fail(name, f"the required field is missing (variant {VARIANT} needs it)")
    for name in data:
        if name in _OTHER_VARIANTS_FIELDS:
            raise fail(name, f"this field belongs to fixed-limit or stud variants, not {VARIANT}")
        if name not in _REQUIRED and name not in _OPTIONAL and not name.startswith("_"):
            raise fail(name, "unknown field (user-defined fields start with '_')")
    for name, kind in _OPTIONAL.items():
        words, fits = _TYPES[kind]
        if name in data and not fits(data[name]):
            raise fail(name, f"must be {words}")

    stacks = _chip_list(data["starting_stacks"], "starting_stacks", source, minimum=1)
    n = len(stacks)
    if not 2 <= n <= 10:
        raise fail("starting_stacks", f"a hold'em hand has 2 to 10 players, not {n}")
    antes = _chip_list(data["antes"], "antes", source, minimum=0)
    blinds = _chip_list(data["blinds_or_straddles"], "blinds_or_straddles", source, minimum=0)
    for name in _PER_PLAYER:
        if name in data and len(data[name]) != n:
            raise fail(name, f"has {len(data[name])} entries for {n} players (starting_stacks)")
    _check_blinds(blinds, source)
    min_bet = _chips(data["min_bet"], "min_bet", source, minimum=1)
    seats = tuple(data.get("seats", range(1, n + 1)))
    _check_seats(seats, data.get("seat_count"), source)
    players = data.get("players")
    finishing = data.get("finishing_stacks")
    if finishing is not None and any(v < 0 for v in finishing):
        raise fail("finishing_stacks", f"{finishing}: a stack cannot be negative")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise fail("actions", "must be an array of strings")
    return PhhHand(
        source=source,
        antes=antes,
        blinds_or_straddles=blinds,
        min_bet=min_bet,
        starting_stacks=stacks,
        actions=tuple(_parse_action(i, a, n, source) for i, a in enumerate(actions)),
        seats=seats,
        players=tuple(players) if players is not None else None,
        finishing_stacks=tuple(finishing) if finishing is not None else None,
        fields=data,
    )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


#: Each TOML type of :data:`_OPTIONAL`: how to say it, and its test.
_TYPES: dict[str, tuple[str, Callable[[Any], bool]]] = {
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


def _chips(value: Any, name: str, source: str, *, minimum: int) -> int:
    """A chip amount: a whole number (``100.0`` is 100; ``100.5`` and ``inf``
    are refused: floorman counts whole chips and needs every stack)."""
    if not _is_number(value) or (isinstance(value, float) and not value.is_integer()):
        raise PhhError(source, f"{value!r} is not a whole number of chips", field_name=name)
    if value < minimum:
        raise PhhError(source, f"{value!r} is below {minimum}", field_name=name)
    return int(value)


def _chip_list(value: Any, name: str, source: str, *, minimum: int) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise PhhError(source, "must be an array of numbers", field_name=name)
    return tuple(_chips(v, name, source, minimum=minimum) for v in value)


def _check_blinds(blinds: Sequence[int], source: str) -> None:
    """Two blinds, SB then BB, and nothing else: our rulebooks have no
    straddles (NM-H-2, DE-BLINDS-1)."""
    if any(blinds[2:]):
        raise PhhError(
            source,
            "only p1 and p2 may post blinds: straddles are not played",
            field_name="blinds_or_straddles",
            clause="NM-H-2, DE-BLINDS-1",
        )
    if not blinds[1] or blinds[0] > blinds[1]:
        raise PhhError(
            source,
            f"blinds {list(blinds[:2])}: a big blind is needed, at least the small blind",
            field_name="blinds_or_straddles",
            clause="NM-H-2, DE-BLINDS-1",
        )


def _check_seats(seats: tuple[int, ...], seat_count: int | None, source: str) -> None:
    """Seat numbers must run clockwise from the first seat left of the button
    (the last player), as the engine deals (DE-DEAL-1, OQ-47)."""
    top = seat_count if seat_count is not None else 10
    if len(set(seats)) != len(seats) or any(not 1 <= s <= top for s in seats):
        raise PhhError(
            source, f"{list(seats)}: distinct seat numbers from 1 to {top}", field_name="seats"
        )
    button = seats[-1]
    if list(seats) != sorted(seats, key=lambda s: (s <= button, s)):
        raise PhhError(
            source,
            f"{list(seats)} do not run clockwise from the seat left of the button ({button})",
            field_name="seats",
            clause="DE-DEAL-1, OQ-47",
        )


def _parse_action(index: int, text: str, players: int, source: str) -> PhhAction:
    """One action string: ``[actor verb [argument]][ # comment]``."""
    body, hash_sign, comment = text.partition("#")
    words = body.split()
    note = comment.strip() if hash_sign else None

    def fail(reason: str) -> PhhError:
        return PhhError(source, reason, action=PhhAction(index, text, "none"))

    def player(word: str) -> int:
        match = _PLAYER.match(word)
        if match is None or int(match.group(1)) > players:
            raise fail(f"{word!r} is not a player of this hand (p1 to p{players})")
        return int(match.group(1))

    def cards(word: str) -> tuple[Card, ...]:
        if "?" in word:
            raise fail(f"unknown cards in {word!r}: every card is needed to replay the hand")
        if _CARDS.match(word) is None:
            raise fail(
                f"bad card text {word!r}: cards are written together, rank (23456789TJQKA)"
                " then suit (cdhs), e.g. 'AsTd'"
            )
        return tuple(parse_card(word[i : i + 2]) for i in range(0, len(word), 2))

    def make(kind: ActionKind, **values: Any) -> PhhAction:
        return PhhAction(index, text, kind, comment=note, **values)

    match words:
        case []:
            return make("none")
        case ["d", "dh", who, dealt]:
            return make("deal_hole", player=player(who), cards=cards(dealt))
        case ["d", "db", dealt]:
            return make("deal_board", cards=cards(dealt))
        case [who, "f"] if who != "d":
            return make("fold", player=player(who))
        case [who, "cc"] if who != "d":
            return make("check_or_call", player=player(who))
        case [who, "cbr", amount] if who != "d":
            if _AMOUNT.match(amount) is None:
                raise fail(f"{amount!r} is not a whole number of chips")
            whole = int(amount.partition(".")[0])
            return make("bet_or_raise_to", player=player(who), amount=whole)
        case [who, "sm"] if who != "d":
            return make("muck", player=player(who))
        case [who, "sm", "-"] if who != "d":
            return make("show", player=player(who))
        case [who, "sm", shown] if who != "d":
            return make("show", player=player(who), cards=cards(shown))
        case [_, "sd" | "pb", *_]:
            raise fail(f"{words[1]!r} (draw, bring-in) is not an action of variant {VARIANT}")
        case _:
            raise fail(
                "not a PHH action: expected 'd dh pN CARDS', 'd db CARDS', 'pN f', 'pN cc',"
                " 'pN cbr AMOUNT', 'pN sm [CARDS|-]' or a '# comment'"
            )


# ---------------------------------------------------------------- replaying


def replay_phh(
    hand: PhhHand | str,
    *,
    profile: RuleProfile | None = None,
    check_finishing_stacks: bool = True,
) -> HoldemHand:
    """Play the file's actions through a :class:`HoldemHand` under
    ``profile`` (default ``nm-holdem``).  The hand must finish, and end with
    the file's ``finishing_stacks`` when it gives them."""
    phh = hand if isinstance(hand, PhhHand) else read_phh(hand)
    table = start_hand(phh, profile if profile is not None else load_profile(DEFAULT_PROFILE))
    ended_at: PhhAction | None = None
    for action in phh.actions:
        if action.kind == "none":
            continue
        if ended_at is not None:
            raise PhhError(
                phh.source,
                f"the hand is over (the pot was awarded after actions[{ended_at.index}]);"
                " nothing may follow",
                action=action,
            )
        play_action(table, phh, action)
        if table.is_complete:
            ended_at = action
    if not table.is_complete:
        raise PhhError(phh.source, f"the actions end before the hand: {_awaited(table)}")
    if check_finishing_stacks and phh.finishing_stacks is not None:
        expected = whole_chip_stacks(phh.finishing_stacks, phh.source)
        if table.final_stacks != expected:
            recorded = list(phh.finishing_stacks)
            extra = f" (whole chips: {list(expected)})" if list(expected) != recorded else ""
            raise PhhError(
                phh.source,
                f"the file's finishing stacks {recorded}{extra} differ from the replay's"
                f" {list(table.final_stacks or ())}",
                field_name="finishing_stacks",
            )
    return table


def start_hand(phh: PhhHand, profile: RuleProfile) -> HoldemHand:
    """The hand as it stands before the first action: blinds and antes
    posted, nothing dealt (cards come from the file's ``d dh``/``d db``)."""
    n = phh.player_count
    hand_number = phh.fields.get("hand")
    table_number = phh.fields.get("table")
    try:
        return HoldemHand.start(
            profile,
            seats=phh.seats,
            stacks=phh.starting_stacks,
            button=phh.seats[-1],
            players=phh.players,
            small_blind=phh.small_blind,
            big_blind=phh.big_blind,
            antes=[phh.ante_of(k) for k in range(1, n + 1)],
            min_bet=phh.min_bet,
            hand_id="" if hand_number is None else str(hand_number),
            table=table_number if isinstance(table_number, int) else None,
            deck=None,
            auto_showdown=False,
        )
    except (ProfileError, RuleViolation) as error:
        raise PhhError(phh.source, f"cannot start the hand: {error}") from None


def play_action(table: HoldemHand, phh: PhhHand, action: PhhAction) -> None:
    """Apply one action of ``phh`` to ``table`` (a step of :func:`replay_phh`)."""
    seat = phh.seats[action.player - 1] if action.player is not None else 0
    try:
        match action.kind:
            case "deal_hole":
                table.deal_hole(seat, action.cards)
            case "deal_board":
                table.deal_board(action.cards)
            case "fold":
                table.fold(seat)
            case "check_or_call":
                table.check_or_call(seat)
            case "bet_or_raise_to":
                assert action.amount is not None
                table.bet_or_raise_to(seat, action.amount)
            case "show":
                table.verify_show(seat)
                dealt = table.hole_cards(seat) or ()
                if action.cards and sorted(action.cards) != sorted(dealt):
                    raise PhhError(
                        phh.source,
                        f"p{action.player} shows {format_cards(action.cards)}"
                        f" but was dealt {format_cards(dealt)}",
                        action=action,
                    )
                table.show(seat)
            case "muck":
                table.muck(seat)
    except RuleViolation as violation:
        raise PhhError(phh.source, str(violation), action=action, violation=violation) from None


def _awaited(table: HoldemHand) -> str:
    """What the hand waits for, in PHH terms."""
    number = {seat: k + 1 for k, seat in enumerate(table.seats)}
    actor = table.actor
    if table.phase == Phase.BETTING and actor is not None:
        return f"p{number[actor]} is to act"
    if table.phase == Phase.SHOWDOWN and actor is not None:
        return f"p{number[actor]} must show or muck (sm)"
    undealt = [k for k in range(table.n) if table.holes[k] is None]
    if undealt:
        return f"p{undealt[0] + 1} has no hole cards yet (d dh)"
    return f"the {_NEXT_STREET[len(table.board)]} is not dealt (d db)"


def whole_chip_stacks(recorded: Sequence[int | float], source: str = "<text>") -> tuple[int, ...]:
    """The recorded finishing stacks in whole chips.

    Some sources split a pot into fractions of a chip (the Pluribus logs
    write 10112.5).  With whole chips the odd chips go to the first of the
    sharing players left of the button (DE-ODDCHIP-1, OQ-24, OQ-67), as the
    engine splits them; totals that are not whole chips are refused.

    >>> whole_chip_stacks([10112.5, 9775, 10112.5])
    (10113, 9775, 10112)
    """
    floors = [math.floor(v) for v in recorded]
    odd = sum(recorded) - sum(floors)
    if abs(odd - round(odd)) > 1e-6:
        raise PhhError(
            source, f"{list(recorded)} do not add up to whole chips", field_name="finishing_stacks"
        )
    sharing = [k for k, v in enumerate(recorded) if v != floors[k]]
    if sharing:
        floors[sharing[0]] += round(odd)
    return tuple(floors)


# ---------------------------------------------------------------- many files


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


def phh_paths(paths: Iterable[str | Path]) -> list[Path]:
    """The files named, with every ``*.phh`` inside a named directory (sorted)."""
    found: list[Path] = []
    for path in map(Path, paths):
        found.extend(sorted(path.glob("*.phh")) if path.is_dir() else [path])
    return found


def replay_files(
    paths: Iterable[str | Path], *, profile: RuleProfile | None = None
) -> Iterator[ReplayOutcome]:
    """Replay each file (directories expand to their ``*.phh``); a file that
    fails gives its error and the others still run.  Files of variant NMD
    are replayed by :mod:`floorman.formats.nmd` (under ``profile`` if it is a
    draw profile, else ``nm-draw``)."""
    from floorman.formats import nmd  # nmd builds on this module

    for path in phh_paths(paths):
        if nmd.is_nmd_file(path):
            yield nmd.replay_nmd_file(path, profile=profile)
            continue
        try:
            hand = replay_phh(read_phh_file(path), profile=profile)
        except PhhError as error:
            yield ReplayOutcome(str(path), error=str(error))
        else:
            yield ReplayOutcome(str(path), finishing_stacks=hand.final_stacks)


# ---------------------------------------------------------------- writing


def hand_to_phh(hand: HoldemHand, *, fields: Mapping[str, Any] | None = None) -> str:
    """The hand (finished or running) as PHH text of variant NT.

    ``fields`` adds optional or user-defined fields (``event``, ``time``,
    ``_note`` …).  Re-reading the text replays to the same stacks.
    """
    started = hand.started
    header = _forced_bet_fields(started)
    number = {seat: k + 1 for k, seat in enumerate(started.seats)}
    values: dict[str, Any] = {
        "variant": VARIANT,
        # The engine counts an ante as the player's contribution.  For equal
        # antes that is PHH's trimming rule; unequal ones (a big-blind ante)
        # PHH wants untrimmed, as dead money, which agrees unless the ante
        # payer ends up with the largest contribution.
        "ante_trimming_status": len(set(started.antes)) == 1 and started.antes[0] > 0,
        **header,
        "min_bet": started.min_bet,
        "starting_stacks": list(started.stacks),
        "actions": _phh_actions(hand, number),
    }
    if list(started.seats) != list(range(1, len(started.seats) + 1)):
        values["seats"] = list(started.seats)
    values["players"] = list(started.players)
    if started.hand_id:
        values["hand"] = int(started.hand_id) if started.hand_id.isdigit() else started.hand_id
    if started.table is not None:
        values["table"] = started.table
    if hand.final_stacks is not None:
        values["finishing_stacks"] = list(hand.final_stacks)
    for name, value in (fields or {}).items():
        if name in values or name in _REQUIRED:
            raise PhhError("<export>", "is written from the hand itself", field_name=name)
        if name not in _OPTIONAL and not name.startswith("_"):
            raise PhhError(
                "<export>", "unknown field (user-defined fields start with '_')", field_name=name
            )
        values[name] = value
    return "".join(f"{name} = {_toml_value(value)}\n" for name, value in values.items())


def _forced_bet_fields(started: HandStarted) -> dict[str, list[int]]:
    """``antes`` and ``blinds_or_straddles`` in PHH positions.  PHH has the
    small blind on p1 and the big blind on p2, or heads-up the button p2 on
    the small blind (OQ-29), both lists reversed; other blind placements
    (a dead small blind elsewhere, killed hands) have no PHH form."""
    n = len(started.seats)
    if started.dead:
        raise PhhError("<export>", f"seats {list(started.dead)} had dead hands: PHH cannot say so")
    sb_at, bb_at = (1, 0) if n == 2 else (0, 1)
    position = {seat: k for k, seat in enumerate(started.seats)}
    if (
        started.big_blind_seat is None
        or position[started.big_blind_seat] != bb_at
        or (started.small_blind_seat is not None and position[started.small_blind_seat] != sb_at)
    ):
        raise PhhError(
            "<export>",
            f"blinds on seats {started.small_blind_seat} and {started.big_blind_seat}:"
            " PHH puts them on p1 and p2 (heads-up on p2 and p1)",
        )
    blinds = [0] * n
    blinds[0] = started.small_blind if started.small_blind_seat is not None else 0
    blinds[1] = started.big_blind
    antes = list(started.antes)
    return {"antes": antes[::-1] if n == 2 else antes, "blinds_or_straddles": blinds}


def _phh_actions(hand: HoldemHand, number: Mapping[int, int]) -> list[str]:
    voided = voided_deal(hand.events)
    lines: list[str] = []
    for k, event in enumerate(hand.events):
        if k in voided:
            continue
        match event:
            case HoleDealt(seat=seat, cards=cards):
                lines.append(f"d dh p{number[seat]} {format_cards(cards, '')}")
            case BoardDealt(cards=cards):
                lines.append(f"d db {format_cards(cards, '')}")
            case Folded(seat=seat, reason=reason):
                lines.append(f"p{number[seat]} f" + (f" # {reason}" if reason else ""))
            case Checked(seat=seat, reason=reason):
                lines.append(f"p{number[seat]} cc" + (f" # {reason}" if reason else ""))
            case Called(seat=seat):
                lines.append(f"p{number[seat]} cc")
            case BetOrRaised(seat=seat, to=to):
                lines.append(f"p{number[seat]} cbr {to}")
            case Shown(seat=seat, cards=cards):
                lines.append(f"p{number[seat]} sm {format_cards(cards, '')}")
            case Mucked(seat=seat):
                lines.append(f"p{number[seat]} sm")
            case CheckdownProposed(seat=seat):
                lines.append(f"# p{number[seat]} proposes a check-down (NM-H-13)")
                lines.extend(_checked_down(hand, k, number))
            case CheckdownVoted(seat=seat, agree=agree):
                verb = "agrees to" if agree else "declines"
                lines.append(f"# p{number[seat]} {verb} the check-down (NM-H-13)")
                lines.extend(_checked_down(hand, k, number))
            case Misdealt(reason=reason, clause=clause):
                lines.append(f"# misdeal, dealt again: {reason} ({clause})")
            case PenaltyPosted(seat=seat, clause=clause):
                raise PhhError(
                    "<export>",
                    f"p{number[seat]} paid a penalty ({clause}): PHH cannot record dead money",
                )
    return lines


def _checked_down(hand: HoldemHand, k: int, number: Mapping[int, int]) -> list[str]:
    """PHH has no agreed check-down (NM-H-13).  When the vote at event ``k``
    closes the round, the players still to act are written as checking:
    the same chips and the same next round."""
    events = hand.events
    if k + 1 == len(events) or not isinstance(events[k + 1], BetsCollected):
        return []
    before = HoldemHand.replay(events[:k])
    return [f"p{number[hand.seats[i]]} cc # check-down" for i in before.to_act]


def _toml_value(value: Any) -> str:
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
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"PHH has no value like {value!r}")
