"""PokerStars-style text of a finished hold'em hand, for tracker software.

PokerTracker, Hold'em Manager and most replayers read the hand histories
PokerStars writes; this module writes a finished :class:`HoldemHand` in
that layout, from its event log:

- the header (hand number, blinds, date), the table and button, one line
  per seat with its chips, the antes and blinds posted;
- ``*** HOLE CARDS ***`` with ``Dealt to`` for one hero (or nobody), then
  every action as ``folds``, ``checks``, ``calls X``, ``bets X``,
  ``raises X to Y`` (X the raise, Y the total), ``and is all-in`` when the
  stack is emptied, and ``Uncalled bet (X) returned to …``;
- the streets (``*** FLOP *** [..]``, ``*** TURN *** [..] [.]`` …); the
  showdown after the whole board, as PokerStars prints it even when the
  hands were tabled before an all-in run-out;
- ``collected`` lines, the last side pot first as PokerStars resolves
  them, one line per winner of a split pot;
- ``*** SUMMARY ***``: the total with each pot, the board and one line per
  seat (folded on which street, showed and won or lost, mucked, collected).
- a hand in which every hand was dead (all players away: DE-DEAL-3,
  DE-SEATED-3, OQ-45) says that its pot is carried to the next hand, and
  that next hand says what it carries in.  PokerStars has no such lines;
  trackers skip lines they do not know.

Chips are written as whole numbers and the rake is always 0.  The engine has
no clock: the hand number and the date are arguments.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from floorman.engine.cards import Card, format_cards
from floorman.engine.evaluator import describe, evaluate
from floorman.engine.events import (
    BetOrRaised,
    BlindPosted,
    BoardDealt,
    Called,
    Checked,
    Event,
    Folded,
    HandEnded,
    HoleDealt,
    PenaltyPosted,
)
from floorman.engine.holdem import HoldemHand
from floorman.formats import played_events
from floorman.formats.text_common import HistoryTextWriter, SeatRecord

_STREETS = ("Flop", "Turn", "River")


def hand_to_pokerstars(
    hand: HoldemHand,
    *,
    hand_number: int,
    played_at: datetime.datetime,
    hero: int | None = None,
    table_name: str = "floorman",
    max_seats: int = 10,
    time_zone: str = "ET",
) -> str:
    """The finished ``hand`` as PokerStars text.  ``hero`` is the seat whose
    hole cards appear on the ``Dealt to`` line (None: nobody's)."""
    if not hand.is_complete:
        raise ValueError("only a finished hand can be written as a PokerStars hand history")
    started = hand.started
    return _HoldemTextWriter(hand, hero).text(
        f"Hold'em No Limit ({started.small_blind}/{started.big_blind})",
        hand_number=hand_number,
        played_at=played_at,
        time_zone=time_zone,
        table_name=table_name,
        max_seats=max_seats,
    )


@dataclass
class _HoldemSeatRecord(SeatRecord):
    folded_on: int = 0  # 0 before the flop, 1 on the flop, 2 turn, 3 river


class _HoldemTextWriter(HistoryTextWriter[HoldemHand, _HoldemSeatRecord]):
    """The hold'em history: blinds, hole cards, the board's streets."""

    def __init__(self, hand: HoldemHand, hero: int | None) -> None:
        super().__init__(hand, hero, _HoldemSeatRecord)
        self.board: tuple[Card, ...] = ()
        self.street = 0
        self.hole_cards_heading = False
        self.carried = 0

    def _opening_lines(self) -> list[str]:
        carried = self.hand.started.carried_pot
        if not carried:
            return []
        return [f"Dead pot carried from the previous hand: {carried} (DE-SEATED-3, OQ-45)"]

    def _event_lines(self) -> list[str]:
        lines: list[str] = []
        for _, event in played_events(self.hand.events):
            lines.extend(self._lines(event))
        return lines

    def _lines(self, event: Event) -> list[str]:
        match event:
            case BlindPosted(seat=seat, blind=blind, amount=amount):
                self._pay(seat, amount)
                return [f"{self.names[seat]}: posts {blind} blind {amount}{self._all_in(seat)}"]
            case HoleDealt(seat=seat, cards=cards):
                lines = [] if self.hole_cards_heading else ["*** HOLE CARDS ***"]
                self.hole_cards_heading = True
                if seat == self.hero:
                    lines.append(f"Dealt to {self.names[seat]} [{format_cards(cards)}]")
                return lines
            case BoardDealt(cards=cards):
                return [self._street_line(cards)]
            case Folded(seat=seat):
                self.records[seat].folded_on = self.street
                return self._betting_lines(event)
            case Checked() | Called() | BetOrRaised():
                return self._betting_lines(event)
            case PenaltyPosted(seat=seat, clause=clause):
                raise ValueError(
                    f"seat {seat} paid a penalty ({clause}): a PokerStars hand history"
                    " has no line for dead money"
                )
            case HandEnded(carried_pot=carried) if carried:
                self.carried = carried
                return [
                    f"every hand is dead: the pot of {carried} is carried to the next hand"
                    " (DE-SEATED-3, OQ-45)"
                ]
        return self._shared_lines(event)

    def _street_line(self, cards: tuple[Card, ...]) -> str:
        before = self.board
        self.board = before + cards
        self.street = {3: 1, 4: 2, 5: 3}[len(self.board)]
        heading = f"*** {_STREETS[self.street - 1].upper()} ***"
        if not before:
            return f"{heading} [{format_cards(cards)}]"
        return f"{heading} [{format_cards(before)}] [{format_cards(cards)}]"

    def _describe(self, cards: tuple[Card, ...]) -> str:
        return describe_hand((*cards, *self.hand.board))

    def _pot_summary(self) -> list[str]:
        if self.carried:
            return [f"Total pot {self.carried} carried to the next hand (DE-SEATED-3) | Rake 0"]
        lines = [self._total_pot_line()]
        if self.hand.board:
            lines.append(f"Board [{format_cards(self.hand.board)}]")
        return lines

    def _roles(self, seat: int) -> str:
        started = self.hand.started
        roles = super()._roles(seat)
        if seat == started.small_blind_seat:
            roles += " (small blind)"
        if seat == started.big_blind_seat:
            roles += " (big blind)"
        return roles

    def _mucked_fate(self, seat: int) -> str:
        hole = self.hand.hole_cards(seat)
        return f"mucked [{format_cards(hole)}]" if seat == self.hero and hole else "mucked"

    def _folded_fate(self, seat: int) -> str:
        # Folded, or a dead hand killed at the deal (DE-SEATED-2, OQ-45).
        record = self.records[seat]
        where = (
            "before Flop" if not record.folded_on else f"on the {_STREETS[record.folded_on - 1]}"
        )
        return f"folded {where}" + (" (didn't bet)" if record.put_in == 0 else "")


def describe_hand(cards: Sequence[Card]) -> str:
    """The best five-card hand of ``cards`` in PokerStars words.

    >>> from floorman.engine.cards import parse_cards
    >>> describe_hand(parse_cards("KdAc 3c6s9d8dKs"))
    'a pair of Kings'
    """
    return describe(evaluate(cards))
