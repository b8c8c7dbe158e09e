"""The running hand log: what happened in a hand, line by line, as one seat
(or a spectator) may know it.

Built from the hand's append-only event log, folded again event by event on
a shadow hand of the same game, so every line can say what the state said at
that moment (the round, whether a wager was a bet or a raise, whether it left
the stack at 0) without this module knowing any game's rules: the games give
``_log_round`` (the round an action is filed under) and ``log_carried_in``
(what money carried into the hand is called).  Hand names come from the
evaluator's categories (NM-D-4.1 to 4.9).

Nothing the viewer may not see is written (DE-HOLE-1/2, NM-D-2E): his own
cards only, as dealt; other players' cards once shown; never the deck, burn
cards, discards or drawn cards; draw counts only where the seat view shows
them (NM-D-2D s4-s5, OQ-17).  Cards collected by a misdeal are no longer
named (NM-D-1F, DE-MISDEAL-1).

>>> from floorman.engine.cards import parse_cards
>>> from floorman.engine.evaluator import evaluate
>>> hand_name(evaluate(parse_cards("Kd Kc 7s 7h 2d"))).ranks
('K', '7')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from floorman.engine.cards import CARD_TEXT, RANKS
from floorman.engine.evaluator import HandCategory, evaluate, signature
from floorman.engine.events import (
    AntePosted,
    BetOrRaised,
    BetsCollected,
    BlindPosted,
    BoardDealt,
    Called,
    CardsShown,
    CheckdownProposed,
    CheckdownVoted,
    Checked,
    DeclaredDead,
    Discarded,
    Event,
    Folded,
    HandEnded,
    HandStarted,
    HandVoided,
    HoleDealt,
    Looked,
    Misdealt,
    Mucked,
    PenaltyPosted,
    PotAwarded,
    Shown,
)
from floorman.engine.seat_view import HandName, LogLine

#: the categories named by two ranks (aces and sevens, kings full of sevens)
_TWO_RANKS = frozenset({HandCategory.TWO_PAIR, HandCategory.FULL_HOUSE})


def hand_name(strength: int) -> HandName:
    """The category and the ranks that name a hand of ``strength``: the
    pair, the two pairs high first, trips then pair of a full house, else
    the top card (the Five of A-2-3-4-5, OQ-25)."""
    kind, ranks = signature(strength)
    named = ranks[:2] if kind in _TWO_RANKS else ranks[:1]
    return HandName(kind.name.lower(), tuple([RANKS[r] for r in named]))


@dataclass(frozen=True, slots=True)
class _Dealt:
    """A deal's line, which only its seat reads with the cards."""

    seat: int
    position: int
    cards: tuple[str, ...] | None  #: None: collected by a later misdeal
    round: str | None


@dataclass(frozen=True, slots=True)
class _Drew:
    """A draw's line: the count is the seat's own, or what his view shows."""

    seat: int
    position: int
    count: int
    round: str | None


_Entry = LogLine | _Dealt | _Drew


def hand_log(hand: Any, seat: int | None) -> tuple[LogLine, ...]:
    """The log of ``hand`` as ``seat`` (None: a spectator) may know it.

    What every viewer reads alike is folded once per change of the hand
    (kept on the hand with its event count), each viewer's lines are then
    picked from it: a table of ten seats and its spectators cost one fold."""
    mine: int | None = hand.position.get(seat) if seat is not None else None
    lines: list[LogLine] = []
    deal_logged = False  # a spectator's one "dealt" line per deal
    for entry in _entries(hand):
        if isinstance(entry, LogLine):
            if entry.kind == "misdeal":
                deal_logged = False
            lines.append(entry)
        elif isinstance(entry, _Dealt):
            if mine is not None and entry.position == mine:
                lines.append(LogLine("dealt", entry.seat, cards=entry.cards, round=entry.round))
            elif mine is None and not deal_logged:
                lines.append(LogLine("dealt", round=entry.round))
                deal_logged = True
        else:
            # only a game with a draw logs one: it says whose count is public
            count = (
                entry.count if entry.position == mine else hand._public_draw_count(entry.position)
            )
            kind = "stand_pat" if count == 0 else "draw"
            lines.append(LogLine(kind, entry.seat, count=count, round=entry.round))
    return tuple(lines)


def _entries(hand: Any) -> tuple[_Entry, ...]:
    cached: tuple[int, tuple[_Entry, ...]] | None = getattr(hand, "_log_entries", None)
    if cached is None or cached[0] != len(hand.events):
        cached = (len(hand.events), _fold(hand))
        hand._log_entries = cached
    return cached[1]


def _fold(hand: Any) -> tuple[_Entry, ...]:
    """The hand's log lines before any viewer is chosen."""
    events: list[Event] = hand.events
    started = events[0]
    assert isinstance(started, HandStarted)
    # cards dealt before the last misdeal were collected and dealt again
    redealt = max((k for k, e in enumerate(events) if isinstance(e, Misdealt)), default=0)
    shadow = type(hand)(started)
    position: dict[int, int] = shadow.position
    names: dict[int, HandName | None] = {}

    def shown_name(i: int) -> HandName | None:
        if i not in names:
            final = i in hand.shown and hand._cards_final()
            names[i] = hand_name(evaluate(hand._hand_cards(i))) if final else None
        return names[i]

    lines: list[_Entry] = []
    if started.carried_pot:
        lines.append(LogLine(hand.log_carried_in, amount=started.carried_pot))
    for k in range(1, len(events)):
        event = events[k]
        round_before: str | None = shadow._log_round()
        i = position.get(getattr(event, "seat", -1), -1)
        prior = shadow.bets[i] if i >= 0 else 0
        facing = shadow.max_bet
        voting = shadow.vote_open
        shadow.events.append(event)
        shadow._apply(event)
        round_after: str | None = shadow._log_round()
        broke = i >= 0 and not shadow.stacks[i]
        line: _Entry | None = None
        if isinstance(event, AntePosted):
            line = LogLine("ante", event.seat, event.amount, round=round_before, all_in=broke)
        elif isinstance(event, BlindPosted):
            kind = "small_blind" if event.blind == "small" else "big_blind"
            line = LogLine(kind, event.seat, event.amount, round=round_before, all_in=broke)
        elif isinstance(event, PenaltyPosted):
            line = LogLine("penalty", event.seat, event.amount, round=round_before, all_in=broke)
        elif isinstance(event, HoleDealt):
            cards = tuple([CARD_TEXT[c] for c in event.cards]) if k > redealt else None
            line = _Dealt(event.seat, i, cards, round_before)
        elif isinstance(event, BoardDealt):
            cards = tuple([CARD_TEXT[c] for c in event.cards])
            line = LogLine("board", cards=cards, round=round_after)
        elif isinstance(event, Folded | Checked):
            kind = "fold" if isinstance(event, Folded) else "check"
            line = LogLine(kind, event.seat, round=round_after, reason=event.reason or None)
        elif isinstance(event, Called):
            line = LogLine("call", event.seat, event.amount, round=round_after, all_in=broke)
        elif isinstance(event, BetOrRaised):
            kind = "raise" if facing else "bet"
            line = LogLine(
                kind, event.seat, event.to - prior, event.to, round=round_after, all_in=broke
            )
        elif isinstance(event, BetsCollected):
            if event.returned and event.returned_seat is not None:
                line = LogLine("returned", event.returned_seat, event.returned, round=round_before)
        elif isinstance(event, Discarded):
            line = _Drew(event.seat, i, len(event.cards), round_before)
        elif isinstance(event, Looked):
            line = LogLine("look", event.seat, round=round_after)
        elif isinstance(event, Shown):
            cards = tuple([CARD_TEXT[c] for c in event.cards])
            line = LogLine("show", event.seat, cards=cards, round=round_before, hand=shown_name(i))
        elif isinstance(event, Mucked):
            line = LogLine("muck", event.seat, round=round_before)
        elif isinstance(event, PotAwarded):
            if event.strength:
                name: HandName | None = hand_name(event.strength)
            else:  # one claimant left at a showdown: his shown hand, if any
                name = next((shown_name(position[w]) for w in event.winners), None)
            line = LogLine(
                "award",
                amount=event.amount,
                round=round_before,
                pot=event.pot,
                winners=event.winners,
                shares=event.shares,
                hand=name,
            )
        elif isinstance(event, Misdealt):
            line = LogLine("misdeal", round=round_before, clause=event.clause)
        elif isinstance(event, HandVoided):
            line = LogLine("void", round=round_before, clause=event.clause)
        elif isinstance(event, DeclaredDead):
            line = LogLine("dead_hand", event.seat, round=round_before, clause=event.clause)
        elif isinstance(event, CardsShown):
            cards = tuple([CARD_TEXT[c] for c in event.cards])
            line = LogLine("shown_to_all", event.seat, cards=cards, round=round_before)
        elif isinstance(event, HandEnded):
            if event.carried_pot:
                # everyone checked in the draw (OQ-10), or every hand was dead (DE-SEATED-3)
                kind = "check_pot_out" if hand.check_pot else "carried_out"
                lines.append(LogLine(kind, amount=event.carried_pot, round=round_before))
            line = LogLine("hand_over", round=round_before)
        elif isinstance(event, CheckdownProposed | CheckdownVoted):
            agreed = not shadow.vote_open
            if agreed and (isinstance(event, CheckdownProposed) or event.agree):
                line = LogLine("checkdown", round=round_after)  # NM-H-13
        if line is not None:
            lines.append(line)
        if (
            voting
            and isinstance(event, Folded)
            and not shadow.vote_open
            and shadow.folded.count(False) > 1
        ):
            # the last player yet to agree left: the others had all agreed (NM-H-13)
            lines.append(LogLine("checkdown", round=round_after))
    return tuple(lines)
