"""PHH hand histories of NM five-card draw (variant ``NMD``): strict import and export.

The format is PHH (see :mod:`floorman.formats.phh`) with the variant code
``NMD``, the field ``carried_pot`` and the action ``lk``, exactly as
``shared/rules/NMD-PHH.md`` defines them.  Players are numbered from the
first seat left of the dealer (``p1``) to the dealer (the last player).

==========================  ===============================================
``antes = [a, a, a]``       one entry per player, equal; the ante level is
                            the largest (a shorter stack posts all it has)
``starting_stacks``         chips before the antes
``carried_pot = 30``        optional: a check-pot from earlier deals (OQ-10)
``finishing_stacks``        chips after the hand
``d dh p1 AsKdQh7c2s``      five cards dealt to p1 (NM-D-2B); after p1's
                            discard, his replacements (a 4-card draw as one
                            line of 4, or 3 then 1, NM-D-2D s7)
``p1 cc`` / ``p1 f``        check (*jekk*) or call / fold
``p1 cbr 40``               bet or raise to 40, p1's total in the round
``p1 sd 7c2s`` / ``p1 sd``  discard those cards / stand pat (OQ-15)
``p1 lk``                   p1 looks at the cards he drew: until then he is
                            *unseen* (NM-D-2E, OQ-19)
``p1 sm AsKdQh7c2s``        show at showdown (any order)
``p1 sm -``                 muck (NB: in NT files ``sm -`` shows)
``# text``                  a comment, also after an action
==========================  ===============================================

Reading is strict: every action goes through :class:`DrawHand` with the
cards dealt by hand, so the checks that guard a live table decide whether a
file is legal, and an illegal action is an :class:`NmdError` naming the file,
the action and the clause (``NM-D-3A`` for a bet above the half-pot limit,
``NM-D-2E s4`` for a call unseen behind a seen player …).

>>> text = '''
... variant = 'NMD'
... antes = [2, 2, 2]
... starting_stacks = [100, 100, 100]
... actions = [
...   'd dh p1 AsAcAd2c3d', 'd dh p2 KhKsKd2d3h', 'd dh p3 4c4d5h6s8h',
...   'p1 cbr 6', 'p2 cc', 'p3 f',
...   'p1 sd 2c3d', 'd dh p1 QsQh', 'p2 sd 2d3h', 'd dh p2 QdQc',
...   'p1 cbr 10', 'p2 lk', 'p2 cc', 'p1 cc', 'p2 cc',
...   'p1 sm AsAcAdQsQh', 'p2 sm -',
... ]
... finishing_stacks = [120, 82, 98]
... '''
>>> replay_nmd(text).final_stacks
(120, 82, 98)
>>> try:
...     replay_nmd(text.replace("'p1 cbr 6'", "'p1 cbr 21'"))
... except NmdError as error:
...     print(error.action.text, "->", error.clause)
p1 cbr 21 -> NM-D-3A, OQ-23
>>> draw_hand_to_phh(replay_nmd(text)).splitlines()[0]
"variant = 'NMD'"
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from floorman.engine.betting import Phase
from floorman.engine.cards import Card, format_cards, parse_card
from floorman.engine.draw import DrawHand
from floorman.engine.errors import FloormanError, ProfileError, RuleViolation
from floorman.engine.events import (
    BetOrRaised,
    Called,
    Checked,
    Discarded,
    DrawDealt,
    Folded,
    HoleDealt,
    Looked,
    Misdealt,
    Mucked,
    PenaltyPosted,
    Shown,
)
from floorman.engine.profile import RuleProfile
from floorman.formats import voided_deal
from floorman.formats.phh import (
    _AMOUNT,
    _CARDS,
    _OPTIONAL,
    _PLAYER,
    _TYPES,
    PhhError,
    ReplayOutcome,
    _check_seats,
    _toml_value,
    whole_chip_stacks,
)
from floorman.profiles import load_profile

VARIANT = "NMD"
DEFAULT_PROFILE = "nm-draw"
_REQUIRED = ("variant", "antes", "starting_stacks", "actions")
#: Fields of other PHH variants: present in an NMD file they are an error.
_OTHER_VARIANTS_FIELDS = ("bring_in", "small_bet", "big_bet")
#: NMD's own optional fields, plus two of NT's accepted when they agree with
#: the draw rules (no blinds, NM-D-2A; minimum bet one ante, OQ-12).
_NMD_OPTIONAL = {"carried_pot": "int", "blinds_or_straddles": "ints", "min_bet": "int"}
_PER_PLAYER = ("antes", "seats", "players", "finishing_stacks", "winnings", "time_banks")
#: NM-D-1A: 4 or 5 at a table; a final is played down to 2 (OQ-05).
_PLAYERS_ALLOWED = range(2, 6)

ActionKind = Literal[
    "deal", "fold", "check_or_call", "bet_or_raise_to", "discard", "look", "show", "muck", "none"
]


class NmdError(FloormanError, ValueError):
    """An NMD file that cannot be read or replayed.  As :class:`PhhError`:
    the message names the file, then the field or the action (its index in
    ``actions`` and its text), then the reason; a rule broken by the action
    is the engine's :class:`RuleViolation` (kept as ``violation``) with its
    clause."""

    def __init__(
        self,
        source: str,
        reason: str,
        *,
        field_name: str | None = None,
        action: NmdAction | None = None,
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
class NmdAction:
    """One entry of ``actions``.  ``player`` is the PHH player number (1 is
    p1); ``cards`` are the cards dealt, discarded or shown."""

    index: int
    text: str
    kind: ActionKind
    player: int | None = None
    cards: tuple[Card, ...] = ()
    amount: int | None = None
    comment: str | None = None


@dataclass(frozen=True, slots=True)
class NmdHand:
    """A parsed and checked NMD file.  ``ante`` is the ante level (the
    largest ``antes`` entry); ``seats`` are the table seats of p1..pn (the
    ``seats`` field, else 1..n), the dealer last.  ``fields`` holds every
    field as read."""

    source: str
    ante: int
    antes: tuple[int, ...]
    starting_stacks: tuple[int, ...]
    carried_pot: int
    actions: tuple[NmdAction, ...]
    seats: tuple[int, ...]
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[int | float, ...] | None = None
    fields: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)


# ---------------------------------------------------------------- reading


def read_nmd(text: str, *, source: str = "<text>") -> NmdHand:
    """Parse and check an NMD text (fields, amounts, card text, action
    grammar); the rules of play are checked by :func:`replay_nmd`."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise NmdError(source, f"not valid TOML: {error}") from None
    return _hand_from_fields(data, source)


def read_nmd_file(path: str | Path) -> NmdHand:
    """:func:`read_nmd` on a file; errors name the file by its path."""
    return read_nmd(_file_text(path), source=str(path))


def is_nmd_file(path: str | Path) -> bool:
    """True when the file is TOML whose ``variant`` is ``NMD`` (what
    ``floorman phh replay`` dispatches on); False for anything else,
    unreadable files included, which the NT reader then reports."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False
    return data.get("variant") == VARIANT


def _file_text(path: str | Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise NmdError(str(path), f"cannot read the file: {error}") from None


def _hand_from_fields(data: dict[str, Any], source: str) -> NmdHand:
    def fail(name: str, reason: str, clause: str | None = None) -> NmdError:
        return NmdError(source, reason, field_name=name, clause=clause)

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
    optional = {**_OPTIONAL, **_NMD_OPTIONAL}
    for name in data:
        if name in _OTHER_VARIANTS_FIELDS:
            raise fail(name, f"this field belongs to fixed-limit or stud variants, not {VARIANT}")
        if name not in _REQUIRED and name not in optional and not name.startswith("_"):
            raise fail(name, "unknown field (user-defined fields start with '_')")
    for name, kind in optional.items():
        words, fits = _TYPES[kind]
        if name in data and not fits(data[name]):
            raise fail(name, f"must be {words}")

    stacks = _chip_list(data["starting_stacks"], "starting_stacks", source, minimum=1)
    n = len(stacks)
    if n not in _PLAYERS_ALLOWED:
        raise fail(
            "starting_stacks",
            f"a five-card draw deal has 2 to 5 players, not {n}",
            clause="NM-D-1A, OQ-05",
        )
    antes = _chip_list(data["antes"], "antes", source, minimum=0)
    for name in _PER_PLAYER:
        if name in data and len(data[name]) != n:
            raise fail(name, f"has {len(data[name])} entries for {n} players (starting_stacks)")
    ante = _check_antes(antes, stacks, source)
    if any(data.get("blinds_or_straddles", ())):
        raise fail("blinds_or_straddles", "five-card draw has antes, no blinds", clause="NM-D-2A")
    if data.get("min_bet", ante) != ante:
        raise fail("min_bet", f"the minimum bet is one ante ({ante})", clause="OQ-12")
    carried = _chips(data.get("carried_pot", 0), "carried_pot", source, minimum=0)
    seats = tuple(data.get("seats", range(1, n + 1)))
    try:
        _check_seats(seats, data.get("seat_count"), source)
    except PhhError as error:
        raise fail("seats", error.reason, clause=error.clause) from None
    finishing = data.get("finishing_stacks")
    if finishing is not None and any(v < 0 for v in finishing):
        raise fail("finishing_stacks", f"{finishing}: a stack cannot be negative")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise fail("actions", "must be an array of strings")
    players = data.get("players")
    return NmdHand(
        source=source,
        ante=ante,
        antes=antes,
        starting_stacks=stacks,
        carried_pot=carried,
        actions=tuple(_parse_action(i, a, n, source) for i, a in enumerate(actions)),
        seats=seats,
        players=tuple(players) if players is not None else None,
        finishing_stacks=tuple(finishing) if finishing is not None else None,
        fields=data,
    )


def _chips(value: Any, name: str, source: str, *, minimum: int) -> int:
    """A whole number of chips (``100.0`` is 100; ``100.5`` is refused)."""
    whole = isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    if isinstance(value, bool) or not whole:
        raise NmdError(source, f"{value!r} is not a whole number of chips", field_name=name)
    if value < minimum:
        raise NmdError(source, f"{value!r} is below {minimum}", field_name=name)
    return int(value)


def _chip_list(value: Any, name: str, source: str, *, minimum: int) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise NmdError(source, "must be an array of numbers", field_name=name)
    return tuple(_chips(v, name, source, minimum=minimum) for v in value)


def _check_antes(antes: tuple[int, ...], stacks: tuple[int, ...], source: str) -> int:
    """The ante level: everyone antes the same (NM-D-2A); only a stack
    smaller than the ante posts less, all it has (NM-D-3B)."""
    ante = max(antes)
    if ante < 1:
        raise NmdError(source, "the ante must be positive", field_name="antes", clause="NM-D-2A")
    for k, (entry, stack) in enumerate(zip(antes, stacks, strict=True)):
        if entry != ante and not entry == stack < ante:
            raise NmdError(
                source,
                f"p{k + 1} antes {entry}, not {ante}: every player antes the same, a shorter"
                " stack all it has",
                field_name="antes",
                clause="NM-D-2A, NM-D-3B",
            )
    return ante


def _parse_action(index: int, text: str, players: int, source: str) -> NmdAction:
    """One action string: ``[actor verb [argument]][ # comment]``."""
    body, hash_sign, comment = text.partition("#")
    words = body.split()
    note = comment.strip() if hash_sign else None

    def fail(reason: str, clause: str | None = None) -> NmdError:
        return NmdError(source, reason, action=NmdAction(index, text, "none"), clause=clause)

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

    def make(kind: ActionKind, **values: Any) -> NmdAction:
        return NmdAction(index, text, kind, comment=note, **values)

    match words:
        case []:
            return make("none")
        case ["d", "dh", who, dealt]:
            return make("deal", player=player(who), cards=cards(dealt))
        case ["d", "db", *_]:
            raise fail("five-card draw has no board ('d db')", clause="NM-D-2B")
        case [who, "f"] if who != "d":
            return make("fold", player=player(who))
        case [who, "cc"] if who != "d":
            return make("check_or_call", player=player(who))
        case [who, "cbr", amount] if who != "d":
            if _AMOUNT.match(amount) is None:
                raise fail(f"{amount!r} is not a whole number of chips")
            return make("bet_or_raise_to", player=player(who), amount=int(amount.partition(".")[0]))
        case [who, "sd"] if who != "d":
            return make("discard", player=player(who))
        case [who, "sd", thrown] if who != "d":
            return make("discard", player=player(who), cards=cards(thrown))
        case [who, "lk"] if who != "d":
            return make("look", player=player(who))
        case [who, "sm", "-"] if who != "d":
            return make("muck", player=player(who))
        case [who, "sm", shown] if who != "d":
            return make("show", player=player(who), cards=cards(shown))
        case [who, "sm"] if who != "d":
            raise fail(f"write '{who} sm -' to muck or '{who} sm CARDS' to show (NMD-PHH)")
        case [_, "pb", *_]:
            raise fail(f"'pb' (bring-in) is not an action of variant {VARIANT}")
        case _:
            raise fail(
                "not an NMD action: expected 'd dh pN CARDS', 'pN f', 'pN cc', 'pN cbr AMOUNT',"
                " 'pN sd [CARDS]', 'pN lk', 'pN sm CARDS|-' or a '# comment'"
            )


# ---------------------------------------------------------------- replaying


def replay_nmd(
    hand: NmdHand | str,
    *,
    profile: RuleProfile | None = None,
    check_finishing_stacks: bool = True,
) -> DrawHand:
    """Play the file's actions through a :class:`DrawHand` under ``profile``
    (default ``nm-draw``).  The hand must finish, and end with the file's
    ``finishing_stacks`` when it gives them.  A deal in which everyone
    checked ends with its pot in ``carried_pot`` (OQ-10)."""
    nmd = hand if isinstance(hand, NmdHand) else read_nmd(hand)
    table = start_draw_hand(nmd, profile if profile is not None else load_profile(DEFAULT_PROFILE))
    ended_at: NmdAction | None = None
    for action in nmd.actions:
        if action.kind == "none":
            continue
        if ended_at is not None:
            raise NmdError(
                nmd.source,
                f"the hand is over (it ended after actions[{ended_at.index}]); nothing may follow",
                action=action,
            )
        play_nmd_action(table, nmd, action)
        if table.is_complete:
            ended_at = action
    if not table.is_complete:
        raise NmdError(nmd.source, f"the actions end before the hand: {_awaited(table)}")
    if check_finishing_stacks and nmd.finishing_stacks is not None:
        try:
            expected = whole_chip_stacks(nmd.finishing_stacks, nmd.source)
        except PhhError as error:
            raise NmdError(nmd.source, error.reason, field_name="finishing_stacks") from None
        if table.final_stacks != expected:
            raise NmdError(
                nmd.source,
                f"the file's finishing stacks {list(nmd.finishing_stacks)} differ from the"
                f" replay's {list(table.final_stacks or ())}",
                field_name="finishing_stacks",
            )
    return table


def start_draw_hand(nmd: NmdHand, profile: RuleProfile) -> DrawHand:
    """The deal as it stands before the first action: antes posted, no card
    dealt (the cards come from the file's ``d dh`` lines)."""
    hand_number = nmd.fields.get("hand")
    table_number = nmd.fields.get("table")
    try:
        return DrawHand.start(
            profile,
            seats=nmd.seats,
            stacks=nmd.starting_stacks,
            button=nmd.seats[-1],
            ante_unit=nmd.ante,
            players=nmd.players,
            carried_pot=nmd.carried_pot,
            deck=None,
            hand_id="" if hand_number is None else str(hand_number),
            table=table_number if isinstance(table_number, int) else None,
            auto_showdown=False,
        )
    except (ProfileError, RuleViolation) as error:
        raise NmdError(nmd.source, f"cannot start the hand: {error}") from None


def play_nmd_action(table: DrawHand, nmd: NmdHand, action: NmdAction) -> None:
    """Apply one action of ``nmd`` to ``table`` (a step of :func:`replay_nmd`)."""
    seat = nmd.seats[action.player - 1] if action.player is not None else 0
    try:
        match action.kind:
            case "deal":
                _deal(table, nmd, action, seat)
            case "discard":
                table.draw(seat, action.cards)
            case "look":
                table.look(seat)
            case "fold":
                table.fold(seat)
            case "check_or_call":
                table.check_or_call(seat)
            case "bet_or_raise_to":
                assert action.amount is not None
                table.bet_or_raise_to(seat, action.amount)
            case "show":
                table.verify_show(seat)
                held = table.cards[table.position[seat]]
                if sorted(action.cards) != sorted(held):
                    raise NmdError(
                        nmd.source,
                        f"p{action.player} shows {format_cards(action.cards)}"
                        f" but holds {format_cards(held)}",
                        action=action,
                        clause="OQ-27",
                    )
                table.show(seat)
            case "muck":
                table.muck(seat)
    except RuleViolation as violation:
        raise NmdError(nmd.source, str(violation), action=action, violation=violation) from None


def _deal(table: DrawHand, nmd: NmdHand, action: NmdAction, seat: int) -> None:
    """``d dh``: the five cards of the deal, or a drawer's replacements,
    which come in one line, a 4-card draw possibly as 3 then 1 (NM-D-2D s7)."""
    if table.phase == Phase.DEALING:
        table.deal_hole(seat, action.cards)
        return
    if table.phase == Phase.DRAWING and seat in table.position:
        i = table.position[seat]
        owed = table.owed[i]
        drew = len(table.discarded[i] or ())
        three_of_four = drew == 4 and owed == 4 and len(action.cards) == 3
        if owed and len(action.cards) != owed and not three_of_four:
            raise NmdError(
                nmd.source,
                f"p{action.player} is owed {owed} card(s) and gets them in one line"
                " (a 4-card draw: 4, or 3 then 1)",
                action=action,
                clause="NM-D-2D s7, OQ-16",
            )
    table.deal_draw(seat, action.cards)


def _awaited(table: DrawHand) -> str:
    """What the deal waits for, in NMD terms."""
    number = {seat: k + 1 for k, seat in enumerate(table.seats)}
    actor = table.actor
    if table.phase == Phase.DEALING:
        undealt = next(k for k in range(table.n) if not table.cards[k])
        return f"p{undealt + 1} has no cards yet (d dh)"
    if table.phase == Phase.DRAWING:
        if actor is not None:
            return f"p{number[actor]} must discard or stand pat (sd)"
        owed = [i for i in table.draw_order if table.owed_now[i]]
        owed = owed or [i for i in table.draw_order if table.owed[i]]
        return f"p{owed[0] + 1} is owed {table.owed[owed[0]]} card(s) (d dh)"
    if table.phase == Phase.SHOWDOWN and actor is not None:
        return f"p{number[actor]} must show or muck (sm CARDS / sm -)"
    return f"p{number[actor]} is to act" if actor is not None else f"the {table.phase} phase"


# ---------------------------------------------------------------- many files


def replay_nmd_file(path: str | Path, *, profile: RuleProfile | None = None) -> ReplayOutcome:
    """One file's outcome for ``floorman phh replay``: its finishing stacks
    and the pot carried to the next deal, or its error.  ``profile`` is used
    when it is a draw profile, else ``nm-draw``."""
    rules = profile if profile is not None and profile.game == "draw" else None
    try:
        hand = replay_nmd(read_nmd_file(path), profile=rules)
    except NmdError as error:
        return ReplayOutcome(str(path), error=str(error))
    return ReplayOutcome(
        str(path), finishing_stacks=hand.final_stacks, carried_pot=hand.carried_pot
    )


# ---------------------------------------------------------------- writing


def draw_hand_to_phh(hand: DrawHand, *, fields: Mapping[str, Any] | None = None) -> str:
    """The deal (finished or running) as PHH text of variant NMD.

    ``fields`` adds optional or user-defined fields (``event``, ``_note`` …).
    Re-reading the text under the same rule profile replays to the same
    stacks and the same carried pot.
    """
    started = hand.started
    if started.dead:
        raise NmdError("<export>", f"seats {list(started.dead)} had dead hands: PHH cannot say so")
    n = len(started.seats)
    number = {seat: k + 1 for k, seat in enumerate(started.seats)}
    values: dict[str, Any] = {
        "variant": VARIANT,
        "antes": [started.ante_unit] * n,
        "starting_stacks": list(started.stacks),
    }
    if started.carried_pot:
        values["carried_pot"] = started.carried_pot
    values["actions"] = _nmd_actions(hand, number)
    if list(started.seats) != list(range(1, n + 1)):
        values["seats"] = list(started.seats)
    values["players"] = list(started.players)
    if started.hand_id:
        values["hand"] = int(started.hand_id) if started.hand_id.isdigit() else started.hand_id
    if started.table is not None:
        values["table"] = started.table
    if hand.final_stacks is not None:
        values["finishing_stacks"] = list(hand.final_stacks)
    for name, value in (fields or {}).items():
        if name in values or name in _REQUIRED or name in _NMD_OPTIONAL:
            raise NmdError("<export>", "is written from the hand itself", field_name=name)
        if name not in _OPTIONAL and not name.startswith("_"):
            raise NmdError(
                "<export>", "unknown field (user-defined fields start with '_')", field_name=name
            )
        values[name] = value
    return "".join(f"{name} = {_toml_value(value)}\n" for name, value in values.items())


def _nmd_actions(hand: DrawHand, number: Mapping[int, int]) -> list[str]:
    voided = voided_deal(hand.events)
    lines: list[str] = []
    for k, event in enumerate(hand.events):
        if k in voided:
            continue
        match event:
            case HoleDealt(seat=seat, cards=cards) | DrawDealt(seat=seat, cards=cards):
                lines.append(f"d dh p{number[seat]} {format_cards(cards, '')}")
            case Discarded(seat=seat, cards=cards):
                lines.append(f"p{number[seat]} sd {format_cards(cards, '')}".rstrip())
            case Looked(seat=seat):
                lines.append(f"p{number[seat]} lk")
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
                lines.append(f"p{number[seat]} sm -")
            case Misdealt(reason=reason, clause=clause):
                lines.append(f"# misdeal, dealt again: {reason} ({clause})")
            case PenaltyPosted(seat=seat, clause=clause):
                raise NmdError(
                    "<export>",
                    f"p{number[seat]} paid a penalty ({clause}): PHH cannot record dead money",
                )
    return lines
