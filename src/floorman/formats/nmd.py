"""PHH hand histories of NM five-card draw (variant ``NMD``): strict import and export.

The format is PHH (see :mod:`floorman.formats.phh`) with the variant code
``NMD``, the field ``carried_pot`` and the action ``lk``, exactly as
``docs/rules/NMD-PHH.md`` defines them.  Players are numbered from the
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
from floorman.engine.cards import format_cards
from floorman.engine.draw import DrawHand
from floorman.engine.errors import ProfileError, RuleViolation
from floorman.engine.events import Discarded, DrawDealt, HoleDealt, Looked, Mucked
from floorman.engine.profile import RuleProfile
from floorman.engine.variants import variant_for
from floorman.formats import played_events
from floorman.formats.phh_common import (
    OPTIONAL_FIELDS,
    ActionText,
    HandHistoryError,
    HistoryAction,
    HistoryFields,
    ReplayOutcome,
    check_no_dead_hands,
    fields_after_actions,
    hand_labels,
    load_toml,
    player_numbers,
    read_history_file,
    replay_history,
    shared_action_lines,
    toml_text,
)
from floorman.profiles import load_profile

VARIANT = "NMD"
DEFAULT_PROFILE = "nm-draw"
_REQUIRED = ("variant", "antes", "starting_stacks", "actions")
#: NMD's own optional fields, plus two of NT's accepted when they agree with
#: the draw rules (no blinds, NM-D-2A; minimum bet one ante, OQ-12).
_NMD_OPTIONAL = {"carried_pot": "int", "blinds_or_straddles": "ints", "min_bet": "int"}
_PER_PLAYER = ("antes", "seats", "players", "finishing_stacks", "winnings", "time_banks")
#: NM-D-1A: 4 or 5 at a table; a final is played down to 2 (OQ-05).
_PLAYERS_ALLOWED = range(2, 6)

ActionKind = Literal[
    "deal", "fold", "check_or_call", "bet_or_raise_to", "discard", "look", "show", "muck", "none"
]


@dataclass(frozen=True, slots=True)
class NmdAction(HistoryAction[ActionKind]):
    """One entry of ``actions``.  ``player`` is the PHH player number (1 is
    p1); ``cards`` are the cards dealt, discarded or shown."""


class NmdError(HandHistoryError[NmdAction]):
    """An NMD file that cannot be read or replayed.  As :class:`PhhError`:
    the message names the file, then the field or the action (its index in
    ``actions`` and its text), then the reason; a rule broken by the action
    is the engine's :class:`RuleViolation` (kept as ``violation``) with its
    clause."""


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
    return _hand_from_fields(load_toml(text, source, NmdError), source)


def read_nmd_file(path: str | Path) -> NmdHand:
    """:func:`read_nmd` on a file; errors name the file by its path."""
    return read_nmd(read_history_file(path, NmdError), source=str(path))


def is_nmd_file(path: str | Path) -> bool:
    """True when the file is TOML whose ``variant`` is ``NMD`` (what
    ``floorman phh replay`` dispatches on); False for anything else,
    unreadable files included, which the NT reader then reports."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False
    return data.get("variant") == VARIANT


def _hand_from_fields(data: dict[str, Any], source: str) -> NmdHand:
    fields = HistoryFields(data, source, NmdError)
    fields.check_names(VARIANT, _REQUIRED, {**OPTIONAL_FIELDS, **_NMD_OPTIONAL})
    stacks = fields.chip_list("starting_stacks", minimum=1)
    n = len(stacks)
    if n not in _PLAYERS_ALLOWED:
        raise fields.fail(
            "starting_stacks",
            f"a five-card draw deal has 2 to 5 players, not {n}",
            clause="NM-D-1A, OQ-05",
        )
    antes = fields.chip_list("antes", minimum=0)
    fields.check_entry_counts(_PER_PLAYER, n)
    ante = _check_antes(antes, stacks, source)
    if any(data.get("blinds_or_straddles", ())):
        raise fields.fail(
            "blinds_or_straddles", "five-card draw has antes, no blinds", clause="NM-D-2A"
        )
    if data.get("min_bet", ante) != ante:
        raise fields.fail("min_bet", f"the minimum bet is one ante ({ante})", clause="OQ-12")
    carried = fields.chips("carried_pot", minimum=0, default=0)
    seats = fields.seats(n)
    finishing = fields.finishing_stacks()
    actions = fields.action_texts()
    return NmdHand(
        source=source,
        ante=ante,
        antes=antes,
        starting_stacks=stacks,
        carried_pot=carried,
        actions=tuple(_parse_action(i, a, n, source) for i, a in enumerate(actions)),
        seats=seats,
        players=fields.players(),
        finishing_stacks=finishing,
        fields=data,
    )


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
    line = ActionText(
        index, text, players=players, source=source, error=NmdError, new_action=NmdAction
    )
    shared = line.shared_action(deal_kind="deal")
    if shared is not None:
        return shared
    match line.words:
        case ["d", "db", *_]:
            raise line.fail("five-card draw has no board ('d db')", clause="NM-D-2B")
        case [who, "sd"] if who != "d":
            return line.make("discard", player=line.player(who))
        case [who, "sd", thrown] if who != "d":
            return line.make("discard", player=line.player(who), cards=line.cards(thrown))
        case [who, "lk"] if who != "d":
            return line.make("look", player=line.player(who))
        case [who, "sm", "-"] if who != "d":
            return line.make("muck", player=line.player(who))
        case [who, "sm", shown] if who != "d":
            return line.make("show", player=line.player(who), cards=line.cards(shown))
        case [who, "sm"] if who != "d":
            raise line.fail(f"write '{who} sm -' to muck or '{who} sm CARDS' to show (NMD-PHH)")
        case [_, "pb", *_]:
            raise line.fail(f"'pb' (bring-in) is not an action of variant {VARIANT}")
        case _:
            raise line.fail(
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
    return replay_history(
        table,
        nmd,
        lambda seat, action: _play_own(table, nmd, seat, action),
        error=NmdError,
        how_it_ended="it ended",
        awaited=_awaited,
        check_finishing_stacks=check_finishing_stacks,
        show_whole_chips=False,
    )


def start_draw_hand(nmd: NmdHand, profile: RuleProfile) -> DrawHand:
    """The deal as it stands before the first action: antes posted, no card
    dealt (the cards come from the file's ``d dh`` lines)."""
    hand_id, table_number = hand_labels(nmd.fields)
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
            hand_id=hand_id,
            table=table_number,
            auto_showdown=False,
        )
    except (ProfileError, RuleViolation) as error:
        raise NmdError(nmd.source, f"cannot start the hand: {error}") from None


def _play_own(table: DrawHand, nmd: NmdHand, seat: int, action: NmdAction) -> None:
    """The deals, the draw, the look and the show, which only the draw has
    or writes so (a step of :func:`replay_nmd`)."""
    match action.kind:
        case "deal":
            _deal(table, action, seat)
        case "discard":
            table.draw(seat, action.cards)
        case "look":
            table.look(seat)
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


def _deal(table: DrawHand, action: NmdAction, seat: int) -> None:
    """``d dh``: the five cards of the deal, or a drawer's replacements,
    which come in one line, a 4-card draw as 3 then, once everyone has
    drawn, 1 (the engine refuses anything else, NM-D-2D s7-s8, OQ-16)."""
    if table.phase == Phase.DEALING:
        table.deal_hole(seat, action.cards)
        return
    table.deal_draw(seat, action.cards)


def _awaited(table: DrawHand) -> str:
    """What the deal waits for, in NMD terms."""
    number = player_numbers(table.seats)
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
    rules = profile if profile is not None and variant_for(profile).phh_code == "NMD" else None
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
    check_no_dead_hands(started, NmdError)
    n = len(started.seats)
    number = player_numbers(started.seats)
    values: dict[str, Any] = {
        "variant": VARIANT,
        "antes": [started.ante_unit] * n,
        "starting_stacks": list(started.stacks),
    }
    if started.carried_pot:
        values["carried_pot"] = started.carried_pot
    values["actions"] = _nmd_actions(hand, number)
    values.update(fields_after_actions(started, hand.final_stacks))
    return toml_text(
        values, fields, written_from_the_hand=(*_REQUIRED, *_NMD_OPTIONAL), error=NmdError
    )


def _nmd_actions(hand: DrawHand, number: Mapping[int, int]) -> list[str]:
    lines: list[str] = []
    for _, event in played_events(hand.events):
        match event:
            case HoleDealt(seat=seat, cards=cards) | DrawDealt(seat=seat, cards=cards):
                lines.append(f"d dh p{number[seat]} {format_cards(cards, '')}")
            case Discarded(seat=seat, cards=cards):
                lines.append(f"p{number[seat]} sd {format_cards(cards, '')}".rstrip())
            case Looked(seat=seat):
                lines.append(f"p{number[seat]} lk")
            case Mucked(seat=seat):
                lines.append(f"p{number[seat]} sm -")
            case _:
                lines.extend(shared_action_lines(event, number, NmdError))
    return lines
