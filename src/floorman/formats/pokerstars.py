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

Chips are written as whole numbers and the rake is always 0.  The engine has
no clock: the hand number and the date are arguments.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field

from floorman.engine.cards import Card, format_cards
from floorman.engine.evaluator import describe, evaluate
from floorman.engine.events import (
    AntePosted,
    BetOrRaised,
    BetsCollected,
    BlindPosted,
    BoardDealt,
    Called,
    Checked,
    Event,
    Folded,
    HoleDealt,
    Mucked,
    PenaltyPosted,
    PotAwarded,
    Shown,
)
from floorman.engine.holdem import HoldemHand
from floorman.formats import voided_deal

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
    if hero is not None and hero not in started.seats:
        raise ValueError(f"hero seat {hero} is not dealt in this hand")
    writer = _Writer(hand, hero)
    blinds = f"{started.small_blind}/{started.big_blind}"
    lines = [
        f"PokerStars Hand #{hand_number}: Hold'em No Limit ({blinds})"
        f" - {played_at:%Y/%m/%d %H:%M:%S} {time_zone}",
        f"Table '{table_name}' {max_seats}-max Seat #{started.button} is the button",
    ]
    for seat in sorted(started.seats):
        lines.append(f"Seat {seat}: {writer.names[seat]} ({writer.stacks[seat]} in chips)")
    lines.extend(writer.body())
    lines.extend(writer.summary())
    return "\n".join(lines) + "\n"


@dataclass
class _SeatRecord:
    """What the summary says about one seat."""

    put_in: int = 0  # blinds and bets, not antes: "(didn't bet)" when 0
    folded_on: int = 0  # 0 before the flop, 1 on the flop, 2 turn, 3 river
    shown: tuple[Card, ...] | None = None
    mucked: bool = False
    won: int = 0


@dataclass
class _Writer:
    """Walks the event log once, keeping the chips each line must show."""

    hand: HoldemHand
    hero: int | None
    names: dict[int, str] = field(init=False)
    stacks: dict[int, int] = field(init=False)
    records: dict[int, _SeatRecord] = field(init=False)
    pots: list[PotAwarded] = field(init=False)

    def __post_init__(self) -> None:
        started = self.hand.started
        self.names = dict(zip(started.seats, started.players, strict=True))
        self.stacks = dict(zip(started.seats, started.stacks, strict=True))
        self.records = {seat: _SeatRecord() for seat in started.seats}
        self.pots = [e for e in self.hand.events if isinstance(e, PotAwarded)]
        self.board: tuple[Card, ...] = ()
        self.street = 0
        self.bets: dict[int, int] = dict.fromkeys(started.seats, 0)
        self.hole_cards_heading = False

    def body(self) -> list[str]:
        lines: list[str] = []
        voided = voided_deal(self.hand.events)
        for k, event in enumerate(self.hand.events):
            if k not in voided:
                lines.extend(self._lines(event))
        showdown = [self._showdown_line(seat) for seat in self._showdown_order()]
        if showdown:
            lines.append("*** SHOW DOWN ***")
            lines.extend(showdown)
        # PokerStars settles the last side pot first and the main pot last.
        for pot in reversed(self.pots):
            for seat, share in zip(pot.winners, pot.shares, strict=True):
                self.records[seat].won += share
                lines.append(f"{self.names[seat]} collected {share} from {self._pot_name(pot.pot)}")
        return lines

    def _lines(self, event: Event) -> list[str]:
        match event:
            case AntePosted(seat=seat, amount=amount):
                self.stacks[seat] -= amount
                return [f"{self.names[seat]}: posts the ante {amount}{self._all_in(seat)}"]
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
            case Folded(seat=seat, reason=reason):
                self.records[seat].folded_on = self.street
                return [*self._timed_out(seat, reason), f"{self.names[seat]}: folds"]
            case Checked(seat=seat, reason=reason):
                return [*self._timed_out(seat, reason), f"{self.names[seat]}: checks"]
            case Called(seat=seat, amount=amount):
                self._pay(seat, amount)
                return [f"{self.names[seat]}: calls {amount}{self._all_in(seat)}"]
            case BetOrRaised(seat=seat, to=to):
                facing = max(self.bets.values())
                self._pay(seat, to - self.bets[seat])
                if facing == 0:
                    return [f"{self.names[seat]}: bets {to}{self._all_in(seat)}"]
                return [f"{self.names[seat]}: raises {to - facing} to {to}{self._all_in(seat)}"]
            case BetsCollected(returned_seat=seat, returned=returned):
                self.bets = dict.fromkeys(self.bets, 0)
                if seat is None or not returned:
                    return []
                self.stacks[seat] += returned
                self.records[seat].put_in -= returned
                return [f"Uncalled bet ({returned}) returned to {self.names[seat]}"]
            case Shown(seat=seat, cards=cards):
                self.records[seat].shown = cards
            case Mucked(seat=seat):
                self.records[seat].mucked = True
            case PenaltyPosted(seat=seat, clause=clause):
                raise ValueError(
                    f"seat {seat} paid a penalty ({clause}): a PokerStars hand history"
                    " has no line for dead money"
                )
        return []

    def _timed_out(self, seat: int, reason: str) -> list[str]:
        return [f"{self.names[seat]} has timed out"] if reason == "timeout" else []

    def _all_in(self, seat: int) -> str:
        return " and is all-in" if self.stacks[seat] == 0 else ""

    def _pay(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.records[seat].put_in += amount

    def _street_line(self, cards: tuple[Card, ...]) -> str:
        before = self.board
        self.board = before + cards
        self.street = {3: 1, 4: 2, 5: 3}[len(self.board)]
        heading = f"*** {_STREETS[self.street - 1].upper()} ***"
        if not before:
            return f"{heading} [{format_cards(cards)}]"
        return f"{heading} [{format_cards(before)}] [{format_cards(cards)}]"

    def _showdown_order(self) -> list[int]:
        """Seats in the order they showed or mucked (the rulebook's order:
        OQ-27, OQ-51), printed after the whole board as PokerStars does."""
        return [e.seat for e in self.hand.events if isinstance(e, Shown | Mucked)]

    def _showdown_line(self, seat: int) -> str:
        shown = self.records[seat].shown
        if shown is None:
            return f"{self.names[seat]}: mucks hand"
        return f"{self.names[seat]}: shows [{format_cards(shown)}] ({self._describe(shown)})"

    def _pot_name(self, index: int) -> str:
        if len(self.pots) == 1:
            return "pot"
        if index == 0:
            return "main pot"
        return "side pot" if len(self.pots) == 2 else f"side pot-{index}"

    def _describe(self, hole: Sequence[Card]) -> str:
        return describe_hand((*hole, *self.hand.board))

    def summary(self) -> list[str]:
        total = sum(pot.amount for pot in self.pots)
        parts = ""
        if len(self.pots) > 1:
            parts = "".join(f" {self._pot_name(p.pot).capitalize()} {p.amount}." for p in self.pots)
        lines = ["*** SUMMARY ***", f"Total pot {total}{parts} | Rake 0"]
        if self.hand.board:
            lines.append(f"Board [{format_cards(self.hand.board)}]")
        for seat in sorted(self.records):
            lines.append(f"Seat {seat}: {self.names[seat]}{self._roles(seat)} {self._fate(seat)}")
        return lines

    def _roles(self, seat: int) -> str:
        started = self.hand.started
        roles = ""
        if seat == started.button:
            roles += " (button)"
        if seat == started.small_blind_seat:
            roles += " (small blind)"
        if seat == started.big_blind_seat:
            roles += " (big blind)"
        return roles

    def _fate(self, seat: int) -> str:
        record = self.records[seat]
        if record.shown is not None:
            shown, described = format_cards(record.shown), self._describe(record.shown)
            if record.won:
                return f"showed [{shown}] and won ({record.won}) with {described}"
            return f"showed [{shown}] and lost with {described}"
        if record.mucked:
            hole = self.hand.hole_cards(seat)
            return f"mucked [{format_cards(hole)}]" if seat == self.hero and hole else "mucked"
        if record.won:
            return f"collected ({record.won})"
        # Folded, or a dead hand killed at the deal (DE-SEATED-2, OQ-45).
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
