"""Text hand histories of NM five-card draw, in the layout of PokerStars'
"5 Card Draw" histories.

A finished :class:`DrawHand` is written from its event log:

- the header (hand number, game, ante, date), the table and the dealer's
  seat (the button), one line per seat with its chips, a carried check-pot
  (OQ-10) and the antes posted;
- ``*** DEALING HANDS ***`` with ``Dealt to`` for one hero (or nobody), then
  the pre-draw betting as ``checks``, ``bets X``, ``calls X``, ``raises X to
  Y``, ``folds`` (``and is all-in`` when the stack is emptied) and
  ``Uncalled bet (X) returned to …``; if everyone checked, the line
  ``everyone checked: the pot of X is carried to the next deal (OQ-10)``
  ends the deal;
- ``*** FIRST DRAW ***``: ``discards N cards`` or ``stands pat`` for every
  drawer, the hero's discards and ``Dealt to hero [kept] [new]`` (his new
  cards only if he looked at them during the hand), the fourth card of a
  4-card draw and the dealer's burn (NM-D-2D s7-s8, OQ-16);
- ``*** UNSEEN ***`` when the highest pre-draw bidder bets before looking
  (NM-D-2E, OQ-19): an action made without looking at the cards drawn ends
  in ``(unseen)``; ``looks at the cards drawn`` when a player looks;
- ``*** SEEN ***``: the betting round after the draw that everyone plays
  seen (NM-D-2F);
- floor events: penalties into the pot with their clause (NM-D-2C s8,
  OQ-14, OQ-18, NM-D-1F s2) and misdeals (NM-D-1F, OQ-08);
- ``*** SHOW DOWN ***`` in the order the hands were shown or mucked (OQ-27),
  ``collected`` lines, the last side pot first (NM-D-3B, OQ-24);
- ``*** SUMMARY ***`` with the pots and one line per seat.

Nobody's hidden cards appear unless they were shown: only the hero's own
cards are written, and of those the cards he drew only if he saw them.
Chips are whole numbers, the rake is 0; the engine has no clock, so the
hand number and the date are arguments.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from floorman.engine.cards import Card, format_cards
from floorman.engine.draw import OPENING, PREDRAW, SEEN, UNSEEN, DrawHand, DrawRound
from floorman.engine.evaluator import describe, evaluate
from floorman.engine.events import (
    BetOrRaised,
    Burned,
    Called,
    Checked,
    Discarded,
    DrawDealt,
    Event,
    Folded,
    HandEnded,
    HoleDealt,
    Looked,
    Misdealt,
    PenaltyPosted,
)
from floorman.formats import voided_deal
from floorman.formats.text_common import HistoryTextWriter, SeatRecord

_BETTING = (Folded, Checked, Called, BetOrRaised)
_SECTION_TITLES = {UNSEEN: "*** UNSEEN ***", SEEN: "*** SEEN ***"}
_FOLDED_WHEN = {
    PREDRAW: "folded before the Draw",
    UNSEEN: "folded after the Draw (unseen round)",
    SEEN: "folded after the Draw",
}


def draw_hand_to_text(
    hand: DrawHand,
    *,
    hand_number: int,
    played_at: datetime.datetime,
    hero: int | None = None,
    table_name: str = "floorman",
    max_seats: int = 5,
    time_zone: str = "ET",
) -> str:
    """The finished ``hand`` as PokerStars-style text.  ``hero`` is the seat
    whose own cards are written (None: nobody's)."""
    if not hand.is_complete:
        raise ValueError("only a finished hand can be written as a hand history")
    started = hand.started
    return _DrawTextWriter(hand, hero).text(
        f"5 Card Draw Half Pot Limit (ante {started.ante_unit})",
        hand_number=hand_number,
        played_at=played_at,
        time_zone=time_zone,
        table_name=table_name,
        max_seats=max_seats,
    )


class _Replayer(DrawHand):
    """A draw hand rebuilt one event at a time, so that the writer knows the
    round and who has looked before each event."""

    def step(self, event: Event) -> None:
        self.events.append(event)
        self._apply(event)


@dataclass
class _DrawSeatRecord(SeatRecord):
    folded_in: DrawRound | None = None  # the round kind he folded in


class _DrawTextWriter(HistoryTextWriter[DrawHand, _DrawSeatRecord]):
    """The draw history: the deal, the draw, the unseen and seen rounds."""

    def __init__(self, hand: DrawHand, hero: int | None) -> None:
        super().__init__(hand, hero, _DrawSeatRecord)
        self.section = ""
        self.carried = 0
        self.state = _Replayer(hand.started)
        hero_at = self.hand.position.get(self.hero) if self.hero is not None else None
        # The hero's drawn cards are written only if he saw them (NM-D-2E).
        self.hero_saw_draw = hero_at is not None and (
            self.hand.looked[hero_at] or hero_at in self.hand.shown
        )

    # ------------------------------------------------------------ the body

    def _opening_lines(self) -> list[str]:
        carried = self.hand.started.carried_pot
        return [f"Check-pot carried from the previous deal: {carried} (OQ-10)"] if carried else []

    def _event_lines(self) -> list[str]:
        lines: list[str] = []
        voided = voided_deal(self.hand.events)
        # Every event goes through the replayer, a voided deal's too: it must
        # follow the whole log to know the round and who has looked.
        for k, event in enumerate(self.hand.events[1:], start=1):
            kind_before = self.state.round_kind
            looked_before = list(self.state.looked)
            self.state.step(event)
            if k in voided:
                continue
            if isinstance(event, _BETTING):
                lines.extend(self._section(_SECTION_TITLES.get(self._round_of(kind_before))))
                if isinstance(event, Folded):
                    self.records[event.seat].folded_in = self._round_of(kind_before)
                unseen = self._acts_unseen(event.seat, kind_before, looked_before)
                lines.extend(self._betting_lines(event, " (unseen)" if unseen else ""))
            else:
                lines.extend(self._lines(event))
        return lines

    def _round_of(self, kind_before: DrawRound) -> DrawRound:
        """The round a betting action belongs to: H's first action after the
        draw opens the unseen round if he bets unseen, else the seen round
        (NM-D-2E s2, OQ-19 steps 2 and 5)."""
        if kind_before == OPENING:
            return UNSEEN if self.state.round_kind == UNSEEN else SEEN
        return kind_before

    def _acts_unseen(self, seat: int, kind_before: DrawRound, looked_before: list[bool]) -> bool:
        """An action after the draw by a player who has not looked at the
        cards he drew; every seen-round action counts as seen (OQ-19 step 4)."""
        i = self.hand.position[seat]
        return self._round_of(kind_before) == UNSEEN and not looked_before[i]

    def _section(self, header: str | None) -> list[str]:
        """The section header, once, when the log enters a new section."""
        if header is None or header == self.section:
            return []
        self.section = header
        return [header]

    def _lines(self, event: Event) -> list[str]:
        match event:
            case HoleDealt(seat=seat, cards=cards):
                lines = self._section("*** DEALING HANDS ***")
                if seat == self.hero:
                    lines.append(f"Dealt to {self.names[seat]} [{format_cards(cards)}]")
                return lines
            case Discarded(seat=seat, cards=cards):
                return [*self._section("*** FIRST DRAW ***"), self._discard_line(seat, cards)]
            case DrawDealt(seat=seat, cards=cards):
                return self._draw_dealt_lines(seat, cards)
            case Burned():
                dealer = self.names[self.hand.started.button]
                return [f"{dealer}: burns a card before his fourth (NM-D-2D s8)"]
            case Looked(seat=seat):
                return [f"{self.names[seat]}: looks at the cards drawn"]
            case PenaltyPosted(seat=seat, amount=amount, clause=clause, reason=reason):
                self.stacks[seat] -= amount
                why = f" for {reason}" if reason else ""
                return [f"{self.names[seat]}: pays a penalty of {amount}{why} [{clause}]"]
            case Misdealt(reason=reason, clause=clause):
                self.section = ""
                return [f"Misdeal ({reason}): the same dealer deals again [{clause}]"]
            case HandEnded(carried_pot=carried) if carried:
                self.carried = carried
                return [
                    f"everyone checked: the pot of {carried} is carried to the next deal (OQ-10)"
                ]
        return self._shared_lines(event)

    def _discard_line(self, seat: int, cards: tuple[Card, ...]) -> str:
        """The count is public (NM-D-2D s2-s4, OQ-17); the cards only the
        hero's own."""
        name = self.names[seat]
        if not cards:
            return f"{name}: stands pat"
        count = f"{len(cards)} card{'s' if len(cards) > 1 else ''}"
        shown = f" [{format_cards(cards)}]" if seat == self.hero else ""
        return f"{name}: discards {count}{shown}"

    def _draw_dealt_lines(self, seat: int, cards: tuple[Card, ...]) -> list[str]:
        name = self.names[seat]
        i = self.hand.position[seat]
        fourth = len(self.state.drawn[i]) > len(cards)  # a 4-card draw's last card
        lines = [f"{name}: is dealt the fourth card (NM-D-2D s7)"] if fourth else []
        if seat == self.hero:
            held = self.state.kept[i]
            if self.hero_saw_draw:
                held += tuple(self.state.drawn[i][: -len(cards)])
                new = f"[{format_cards(cards)}]"
            else:
                new = f"({len(self.state.drawn[i])} unseen)"
            lines.append(f"Dealt to {name} [{format_cards(held)}] {new}")
        return lines

    # ------------------------------------------------------------ the summary

    def _describe(self, cards: tuple[Card, ...]) -> str:
        return describe_draw_hand(cards)

    def _pot_summary(self) -> list[str]:
        if self.carried:
            return [f"Total pot {self.carried} carried to the next deal (OQ-10) | Rake 0"]
        return [self._total_pot_line()]

    def _mucked_fate(self, seat: int) -> str:
        i = self.hand.position[seat]
        if seat == self.hero and self.hero_saw_draw:
            return f"mucked [{format_cards(self.hand.cards[i])}]"
        return "mucked"

    def _folded_fate(self, seat: int) -> str:
        if self.carried:
            return "checked: the pot is carried to the next deal"
        record = self.records[seat]
        where = _FOLDED_WHEN.get(record.folded_in or PREDRAW, "folded")
        return where + (" (didn't bet)" if record.put_in == 0 else "")


def describe_draw_hand(cards: Sequence[Card]) -> str:
    """A five-card hand in PokerStars words (NM-D-4, OQ-25).

    >>> from floorman.engine.cards import parse_cards
    >>> describe_draw_hand(parse_cards("Ah 2c 3d 4s 5h"))
    'a straight, Ace to Five'
    """
    return describe(evaluate(cards))
