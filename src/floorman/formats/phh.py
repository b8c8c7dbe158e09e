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

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from floorman.engine.betting import Phase
from floorman.engine.cards import format_cards
from floorman.engine.errors import ProfileError, RuleViolation
from floorman.engine.events import (
    BetsCollected,
    BoardDealt,
    CheckdownProposed,
    CheckdownVoted,
    HandStarted,
    HoleDealt,
    Mucked,
)
from floorman.engine.holdem import HoldemHand
from floorman.engine.profile import RuleProfile
from floorman.formats import nmd, played_events
from floorman.formats.phh_common import (
    OPTIONAL_FIELDS,
    ActionText,
    HandHistoryError,
    HistoryAction,
    HistoryFields,
    check_no_dead_hands,
    fields_after_actions,
    hand_labels,
    load_toml,
    play_history_action,
    player_numbers,
    read_history_file,
    replay_history,
    shared_action_lines,
    toml_text,
    whole_chips,
)
from floorman.formats.phh_common import ReplayOutcome as ReplayOutcome  # replay_files yields it
from floorman.profiles import load_profile

VARIANT = "NT"
DEFAULT_PROFILE = "phh-nt"
_REQUIRED = ("variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions")
_PER_PLAYER = (
    "antes",
    "blinds_or_straddles",
    "seats",
    "players",
    "finishing_stacks",
    "winnings",
    "time_banks",
)
_NEXT_STREET = {0: "flop", 3: "turn", 4: "river"}

ActionKind = Literal[
    "deal_hole", "deal_board", "fold", "check_or_call", "bet_or_raise_to", "show", "muck", "none"
]


@dataclass(frozen=True, slots=True)
class PhhAction(HistoryAction[ActionKind]):
    """One entry of ``actions``.  ``player`` is the PHH player number (1 is
    p1); ``cards`` are the cards dealt or shown (empty for ``sm -``, which
    shows the cards dealt)."""


class PhhError(HandHistoryError[PhhAction]):
    """A PHH file that cannot be read or replayed.  The message names the
    file, then the field or the action (its index in ``actions`` and its
    text), then the reason; a rule broken by the action is the engine's
    :class:`RuleViolation` (kept as ``violation``) with its clause."""


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
    return _hand_from_fields(load_toml(text, source, PhhError), source)


def read_phh_file(path: str | Path) -> PhhHand:
    """:func:`read_phh` on a file; errors name the file by its path."""
    return read_phh(read_history_file(path, PhhError), source=str(path))


def _hand_from_fields(data: dict[str, Any], source: str) -> PhhHand:
    fields = HistoryFields(data, source, PhhError)
    fields.check_names(VARIANT, _REQUIRED, OPTIONAL_FIELDS)
    stacks = fields.chip_list("starting_stacks", minimum=1)
    n = len(stacks)
    if not 2 <= n <= 10:
        raise fields.fail("starting_stacks", f"a hold'em hand has 2 to 10 players, not {n}")
    antes = fields.chip_list("antes", minimum=0)
    blinds = fields.chip_list("blinds_or_straddles", minimum=0)
    fields.check_entry_counts(_PER_PLAYER, n)
    _check_blinds(blinds, source)
    min_bet = fields.chips("min_bet", minimum=1)
    seats = fields.seats(n)
    players = fields.players()
    finishing = fields.finishing_stacks()
    actions = fields.action_texts()
    return PhhHand(
        source=source,
        antes=antes,
        blinds_or_straddles=blinds,
        min_bet=min_bet,
        starting_stacks=stacks,
        actions=tuple(_parse_action(i, a, n, source) for i, a in enumerate(actions)),
        seats=seats,
        players=players,
        finishing_stacks=finishing,
        fields=data,
    )


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


def _parse_action(index: int, text: str, players: int, source: str) -> PhhAction:
    """One action string: ``[actor verb [argument]][ # comment]``."""
    line = ActionText(
        index, text, players=players, source=source, error=PhhError, new_action=PhhAction
    )
    shared = line.shared_action(deal_kind="deal_hole")
    if shared is not None:
        return shared
    match line.words:
        case ["d", "db", dealt]:
            return line.make("deal_board", cards=line.cards(dealt))
        case [who, "sm"] if who != "d":
            return line.make("muck", player=line.player(who))
        case [who, "sm", "-"] if who != "d":
            return line.make("show", player=line.player(who))
        case [who, "sm", shown] if who != "d":
            return line.make("show", player=line.player(who), cards=line.cards(shown))
        case [_, "sd" | "pb" as verb, *_]:
            raise line.fail(f"{verb!r} (draw, bring-in) is not an action of variant {VARIANT}")
        case _:
            raise line.fail(
                "not a PHH action: expected 'd dh pN CARDS', 'd db CARDS', 'pN f', 'pN cc',"
                " 'pN cbr AMOUNT', 'pN sm [CARDS|-]' or a '# comment'"
            )


# ---------------------------------------------------------------- replaying


def replay_phh(
    hand: PhhHand | str,
    *,
    profile: RuleProfile | None = None,
    check_finishing_stacks: bool = True,
    hand_class: type[HoldemHand] = HoldemHand,
) -> HoldemHand:
    """Play the file's actions through a :class:`HoldemHand` (or a game
    that plays as hold'em, ``hand_class``) under ``profile`` (default
    ``nm-holdem``).  The hand must finish, and end with the file's
    ``finishing_stacks`` when it gives them."""
    phh = hand if isinstance(hand, PhhHand) else read_phh(hand)
    rules = profile if profile is not None else load_profile(DEFAULT_PROFILE)
    table = start_hand(phh, rules, hand_class)
    return replay_history(
        table,
        phh,
        lambda seat, action: _play_own(table, phh, seat, action),
        error=PhhError,
        how_it_ended="the pot was awarded",
        awaited=_awaited,
        check_finishing_stacks=check_finishing_stacks,
        show_whole_chips=True,
    )


def start_hand(
    phh: PhhHand, profile: RuleProfile, hand_class: type[HoldemHand] = HoldemHand
) -> HoldemHand:
    """The hand as it stands before the first action: blinds and antes
    posted, nothing dealt (cards come from the file's ``d dh``/``d db``).
    Under a profile whose forced bets are stated in antes (nm-holdem:
    SB = 1 ante, BB = 2, nobody else antes) a file whose blinds or antes
    break that is refused here, before any action (NM-H-2, OQ-28)."""
    n = phh.player_count
    hand_id, table_number = hand_labels(phh.fields)
    try:
        return hand_class.start(
            profile,
            seats=phh.seats,
            stacks=phh.starting_stacks,
            button=phh.seats[-1],
            players=phh.players,
            small_blind=phh.small_blind,
            big_blind=phh.big_blind,
            antes=[phh.ante_of(k) for k in range(1, n + 1)],
            min_bet=phh.min_bet,
            hand_id=hand_id,
            table=table_number,
            deck=None,
            auto_showdown=False,
        )
    except RuleViolation as violation:
        raise PhhError(
            phh.source, f"cannot start the hand: {violation}", violation=violation
        ) from None
    except ProfileError as error:
        raise PhhError(phh.source, f"cannot start the hand: {error}") from None


def play_action(table: HoldemHand, phh: PhhHand, action: PhhAction) -> None:
    """Apply one action of ``phh`` to ``table`` (a step of :func:`replay_phh`)."""
    play_history_action(
        table, phh, action, lambda seat, own: _play_own(table, phh, seat, own), PhhError
    )


def _play_own(table: HoldemHand, phh: PhhHand, seat: int, action: PhhAction) -> None:
    """The deals and the show, which only hold'em writes so."""
    match action.kind:
        case "deal_hole":
            table.deal_hole(seat, action.cards)
        case "deal_board":
            table.deal_board(action.cards)
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


def _awaited(table: HoldemHand) -> str:
    """What the hand waits for, in PHH terms."""
    number = player_numbers(table.seats)
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
    return whole_chips(recorded, source, PhhError)


# ---------------------------------------------------------------- many files


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
    number = player_numbers(started.seats)
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
    values.update(fields_after_actions(started, hand.final_stacks))
    return toml_text(values, fields, written_from_the_hand=_REQUIRED, error=PhhError)


def _forced_bet_fields(started: HandStarted) -> dict[str, list[int]]:
    """``antes`` and ``blinds_or_straddles`` in PHH positions.  PHH has the
    small blind on p1 and the big blind on p2, or heads-up the button p2 on
    the small blind (OQ-29), both lists reversed; other blind placements
    (a dead small blind elsewhere, killed hands) have no PHH form."""
    n = len(started.seats)
    check_no_dead_hands(started, PhhError)
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
    lines: list[str] = []
    for k, event in played_events(hand.events):
        match event:
            case HoleDealt(seat=seat, cards=cards):
                lines.append(f"d dh p{number[seat]} {format_cards(cards, '')}")
            case BoardDealt(cards=cards):
                lines.append(f"d db {format_cards(cards, '')}")
            case Mucked(seat=seat):
                lines.append(f"p{number[seat]} sm")
            case CheckdownProposed(seat=seat):
                lines.append(f"# p{number[seat]} proposes a check-down (NM-H-13)")
                lines.extend(_checked_down(hand, k, number))
            case CheckdownVoted(seat=seat, agree=agree):
                verb = "agrees to" if agree else "declines"
                lines.append(f"# p{number[seat]} {verb} the check-down (NM-H-13)")
                lines.extend(_checked_down(hand, k, number))
            case _:
                lines.extend(shared_action_lines(event, number, PhhError))
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
