"""What the PokerStars-style text writers have in common.

Hold'em (:mod:`floorman.formats.pokerstars`) and five-card draw
(:mod:`floorman.formats.draw_text`) histories share PokerStars' frame: the
header with the table and one line per seat, the antes, the betting lines
(``folds``, ``checks``, ``calls X``, ``bets X``, ``raises X to Y``, ``and
is all-in``, ``Uncalled bet (X) returned to …``), the showdown, the
``collected`` lines and the ``*** SUMMARY ***``.  :class:`HistoryTextWriter`
writes that frame and keeps the chips each line must show; each game's
writer adds its own streets or draw, its own roles in the summary and its
own words for a hand that folded or mucked.
"""

from __future__ import annotations

import datetime
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from floorman.engine.cards import Card, format_cards
from floorman.engine.events import (
    AntePosted,
    BetOrRaised,
    BetsCollected,
    Called,
    CardsShown,
    Checked,
    DeclaredDead,
    Event,
    Folded,
    HandStarted,
    HandVoided,
    Mucked,
    PotAwarded,
    Shown,
)


class FinishedHand(Protocol):
    """What the writer reads of a hand: how it started and its event log."""

    @property
    def started(self) -> HandStarted: ...

    @property
    def events(self) -> Sequence[Event]: ...


@dataclass
class SeatRecord:
    """What the summary says about one seat (each game adds where it
    folded)."""

    put_in: int = 0  # blinds and bets, not antes: "(didn't bet)" when 0
    shown: tuple[Card, ...] | None = None
    mucked: bool = False
    won: int = 0


HandT = TypeVar("HandT", bound=FinishedHand)
RecordT = TypeVar("RecordT", bound=SeatRecord)


class HistoryTextWriter(ABC, Generic[HandT, RecordT]):
    """Walks the event log once, keeping the chips each line must show.
    ``hero`` is the seat whose own cards are written (None: nobody's)."""

    def __init__(self, hand: HandT, hero: int | None, new_record: Callable[[], RecordT]) -> None:
        started = hand.started
        if hero is not None and hero not in started.seats:
            raise ValueError(f"hero seat {hero} is not dealt in this hand")
        self.hand = hand
        self.hero = hero
        self.names = dict(zip(started.seats, started.players, strict=True))
        self.stacks = dict(zip(started.seats, started.stacks, strict=True))
        self.records = {seat: new_record() for seat in started.seats}
        self.pots = [e for e in hand.events if isinstance(e, PotAwarded)]
        self.bets: dict[int, int] = dict.fromkeys(started.seats, 0)

    def text(
        self,
        game: str,
        *,
        hand_number: int,
        played_at: datetime.datetime,
        time_zone: str,
        table_name: str,
        max_seats: int,
    ) -> str:
        """The whole history: header, seats, the game's own opening lines,
        the body and the summary."""
        started = self.hand.started
        lines = [
            f"PokerStars Hand #{hand_number}: {game} - {played_at:%Y/%m/%d %H:%M:%S} {time_zone}",
            f"Table '{table_name}' {max_seats}-max Seat #{started.button} is the button",
        ]
        for seat in sorted(started.seats):
            lines.append(f"Seat {seat}: {self.names[seat]} ({self.stacks[seat]} in chips)")
        lines.extend(self._opening_lines())
        lines.extend(self._event_lines())
        lines.extend(self._showdown_and_collections())
        lines.extend(self._summary())
        return "\n".join(lines) + "\n"

    # ------------------------------------------------------------ the game's part

    def _opening_lines(self) -> list[str]:
        """Lines between the seats and the first event (none by default)."""
        return []

    @abstractmethod
    def _event_lines(self) -> list[str]:
        """The lines of the event log, up to the showdown."""

    @abstractmethod
    def _describe(self, cards: tuple[Card, ...]) -> str:
        """The shown ``cards`` as a made hand in PokerStars words."""

    @abstractmethod
    def _pot_summary(self) -> list[str]:
        """The summary's lines about the pot (and board), before the seats."""

    @abstractmethod
    def _mucked_fate(self, seat: int) -> str:
        """The summary of a seat that mucked."""

    @abstractmethod
    def _folded_fate(self, seat: int) -> str:
        """The summary of a seat that neither showed, mucked nor won."""

    def _roles(self, seat: int) -> str:
        """What the summary says the seat was, after its name."""
        return " (button)" if seat == self.hand.started.button else ""

    # ------------------------------------------------------------ shared lines

    def _shared_lines(self, event: Event) -> list[str]:
        """Antes, returned bets, shows and mucks, alike in every game."""
        match event:
            case AntePosted(seat=seat, amount=amount):
                self.stacks[seat] -= amount
                return [f"{self.names[seat]}: posts the ante {amount}{self._all_in(seat)}"]
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
            case HandVoided(reason=reason, clause=clause):
                # every chip goes back (DE-DECK-5): the stacks are as dealt
                for record_seat in self.records:
                    self.records[record_seat].put_in = 0
                started = self.hand.started
                self.stacks = dict(zip(started.seats, started.stacks, strict=True))
                why = f" ({reason})" if reason else ""
                return [f"The hand is voided{why}: every bet is returned [{clause}]"]
            case DeclaredDead(seat=seat, reason=reason, clause=clause):
                why = f" ({reason})" if reason else ""
                return [f"{self.names[seat]}: the hand is declared dead{why} [{clause}]"]
            case CardsShown(seat=seat, cards=cards):
                return [f"{self.names[seat]}: shows [{format_cards(cards)}] to everyone"]
        return []

    def _betting_lines(self, event: Event, mark: str = "") -> list[str]:
        """A fold, check, call, bet or raise; ``mark`` ends the line (the
        draw's ``(unseen)``).  The game records on which street a fold was."""
        match event:
            case Folded(seat=seat, reason=reason):
                return [*self._timed_out(seat, reason), f"{self.names[seat]}: folds{mark}"]
            case Checked(seat=seat, reason=reason):
                return [*self._timed_out(seat, reason), f"{self.names[seat]}: checks{mark}"]
            case Called(seat=seat, amount=amount):
                self._pay(seat, amount)
                return [f"{self.names[seat]}: calls {amount}{self._all_in(seat)}{mark}"]
            case BetOrRaised(seat=seat, to=to):
                facing = max(self.bets.values())
                self._pay(seat, to - self.bets[seat])
                if facing == 0:
                    return [f"{self.names[seat]}: bets {to}{self._all_in(seat)}{mark}"]
                raised = f"raises {to - facing} to {to}"
                return [f"{self.names[seat]}: {raised}{self._all_in(seat)}{mark}"]
        return []

    def _timed_out(self, seat: int, reason: str) -> list[str]:
        return [f"{self.names[seat]} has timed out"] if reason == "timeout" else []

    def _all_in(self, seat: int) -> str:
        return " and is all-in" if self.stacks[seat] == 0 else ""

    def _pay(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.records[seat].put_in += amount

    # ------------------------------------------------------------ showdown and pots

    def _showdown_and_collections(self) -> list[str]:
        lines: list[str] = []
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

    def _showdown_order(self) -> list[int]:
        """Seats in the order they showed or mucked (the rulebooks' order:
        OQ-27, and OQ-51 in hold'em), printed after the last card as
        PokerStars does."""
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

    # ------------------------------------------------------------ the summary

    def _summary(self) -> list[str]:
        lines = ["*** SUMMARY ***", *self._pot_summary()]
        for seat in sorted(self.records):
            lines.append(f"Seat {seat}: {self.names[seat]}{self._roles(seat)} {self._fate(seat)}")
        return lines

    def _total_pot_line(self) -> str:
        total = sum(pot.amount for pot in self.pots)
        parts = ""
        if len(self.pots) > 1:
            parts = "".join(f" {self._pot_name(p.pot).capitalize()} {p.amount}." for p in self.pots)
        return f"Total pot {total}{parts} | Rake 0"

    def _fate(self, seat: int) -> str:
        record = self.records[seat]
        if record.shown is not None:
            shown, described = format_cards(record.shown), self._describe(record.shown)
            if record.won:
                return f"showed [{shown}] and won ({record.won}) with {described}"
            return f"showed [{shown}] and lost with {described}"
        if record.mucked:
            return self._mucked_fate(seat)
        if record.won:
            return f"collected ({record.won})"
        return self._folded_fate(seat)
