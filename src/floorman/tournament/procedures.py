"""The director's procedures for running the room: hand-for-hand on the
bubble (OQ-71, OQ-06) and the clock at the event - a break now, time added
to or taken off the level, the next level now (NM-D-1G, OQ-03, OQ-09).  A
mixin of :class:`floorman.tournament.core.Tournament`; each command's
``verify_*`` refuses with the clause before anything is recorded.
"""

from __future__ import annotations

import math

from floorman.engine.cards import RandBelow
from floorman.tournament.chip_race import DECK, odd_small_chips, race_table
from floorman.tournament.clock import smallest_chips
from floorman.tournament.events import (
    BreakCalled,
    BreakEnded,
    ChipRace,
    ClockAdjusted,
    HandForHand,
    HandForHandEnding,
    HandForHandPlayed,
    TournamentEvent,
)
from floorman.tournament.floor import FloorRulings

#: what hand-for-hand and its shared places cite, per rulebook: the places
#: paid (NM-D-5, NM-H-19; the German rules leave prizes open, OQ-68), players
#: out in one hand (OQ-06) and hand-for-hand itself (OQ-71)
HAND_FOR_HAND_CLAUSES = {
    "NM-D": "NM-D-5, OQ-06, OQ-71",
    "NM-H": "NM-H-19, OQ-06, OQ-71",
    "DE": "OQ-68, OQ-06, OQ-71",
}

#: the longest break the director may call, and the most time he may add
#: to or take off a level at once (a typing slip of 6,000 minutes is refused)
LONGEST_BREAK = 4 * 3600
LARGEST_CHANGE = 4 * 3600


class Procedures(FloorRulings):
    """Hand-for-hand and the director's clock controls."""

    @property
    def hands_held(self) -> bool:
        """The director's pause holds every hand where it stands; during a
        break he called, the hands being played are played out (no new one
        is dealt) while the level clock stands (NM-D-1G, OQ-03)."""
        return self.clock.paused_at is not None and self.break_until is None

    @property
    def hand_for_hand_clause(self) -> str:
        return HAND_FOR_HAND_CLAUSES[self.profile.rulebook]

    # ------------------------------------------------------------ hand-for-hand

    def verify_hand_for_hand(self, on: bool) -> None:
        """Hand-for-hand is turned on while the tournament runs and it is
        off, and off while it is on and not ending already (OQ-71)."""
        clause = self.hand_for_hand_clause
        if self.status != "running":
            raise self._fail("hand-for-hand is played while the tournament runs", clause)
        if on and self.hand_for_hand:
            raise self._fail("hand-for-hand is on already", clause)
        if not on and not self.hand_for_hand:
            raise self._fail("hand-for-hand is not on", clause)
        if not on and self.hand_for_hand_ending:
            raise self._fail(
                "hand-for-hand ends already when every table has finished hand {hand}",
                clause,
                values={"hand": self.hand_for_hand_hand},
            )

    def can_hand_for_hand(self, on: bool) -> bool:
        return self._can(self.verify_hand_for_hand, on)

    def set_hand_for_hand(
        self,
        on: bool,
        at: float | None = None,
        note: str = "",
        randbelow: RandBelow | None = None,
    ) -> list[TournamentEvent]:
        """The director turns hand-for-hand on or off (OQ-71).  Turned on,
        each table finishes the hand it is playing; then every table deals
        one hand at a time and waits for all the others.  Turned off while
        a table still plays the hand-for-hand hand, it ends when every
        table has finished that hand (those out in it placed together,
        OQ-06).  Turned off between hands before every table has dealt the
        hand, those out in it at the tables that played it are placed now
        (with ``randbelow`` the tables are then balanced)."""
        self.verify_hand_for_hand(on)
        emitted: list[TournamentEvent] = []
        playing = any(t.in_hand and t.hand_for_hand for t in self.tables.values())
        if not on and playing:
            ending = HandForHandEnding(
                hand=self.hand_for_hand_hand, clause=self.hand_for_hand_clause, note=note, at=at
            )
            return [self._emit(ending)]
        if not on:
            emitted += self._close_hand_for_hand_hand(force=True)
        emitted.append(
            self._emit(HandForHand(on=on, clause=self.hand_for_hand_clause, note=note, at=at))
        )
        if emitted[:-1] and randbelow is not None:
            emitted += self.rebalance(randbelow)
            emitted += self._check_finish(at)
        return emitted

    def verify_close_hand_for_hand_hand(self) -> None:
        """At a live event the director says when every table has finished
        the hand-for-hand hand (online the tables say it themselves)."""
        clause = self.hand_for_hand_clause
        if self.status != "running" or not self.hand_for_hand:
            raise self._fail("hand-for-hand is not on", clause)
        if self.mode != "live":
            raise self._fail(
                "online every table's hand-for-hand hand ends when it is played", clause
            )

    def close_hand_for_hand_hand(
        self, randbelow: RandBelow, at: float | None = None
    ) -> list[TournamentEvent]:
        """Live: every table has finished the hand-for-hand hand: the players
        the counts put out in it are placed together by their stacks before
        it, equal stacks sharing (OQ-71, OQ-06); the tables are balanced."""
        self.verify_close_hand_for_hand_hand()
        emitted = self._close_hand_for_hand_hand(force=True)
        if not emitted:  # nobody out: the next hand all the same
            emitted.append(
                self._emit(
                    HandForHandPlayed(
                        hand=self.hand_for_hand_hand, clause=self.hand_for_hand_clause
                    )
                )
            )
        emitted += self.rebalance(randbelow)
        emitted += self._check_finish(at)
        return emitted

    def hand_for_hand_wait(self, table: int) -> tuple[str, dict[str, int]] | None:
        """Why ``table`` may not deal now under hand-for-hand (OQ-71), as a
        reason and its values; None: it may."""
        if not self.hand_for_hand:
            return None
        if table in self.hand_for_hand_dealt:
            return (
                "table {table} waits until every table has finished hand-for-hand hand {hand}",
                {"table": table, "hand": self.hand_for_hand_hand},
            )
        before = sorted(n for n, t in self.tables.items() if t.in_hand and not t.hand_for_hand)
        if before:
            return (
                "table {table} waits until table {other} has finished its hand:"
                " then every table deals hand-for-hand",
                {"table": table, "other": before[0]},
            )
        return None

    def verify_hand_for_hand_deal(self, table: int) -> None:
        wait = self.hand_for_hand_wait(table)
        if wait is not None:
            reason, values = wait
            raise self._fail(reason, self.hand_for_hand_clause, values=values)

    def _hand_for_hand_hand_over(self) -> bool:
        """Every table that can play has dealt the hand-for-hand hand and
        none is still playing it."""
        if not self.hand_for_hand_dealt or any(t.in_hand for t in self.tables.values()):
            return False
        for number, state in self.tables.items():
            with_chips = sum(1 for p in state.seats.values() if self.players[p].chips > 0)
            if with_chips >= 2 and number not in self.hand_for_hand_dealt:
                return False
        return True

    def _close_hand_for_hand_hand(self, *, force: bool = False) -> list[TournamentEvent]:
        """When the last table finishes the hand-for-hand hand: the players
        out in it, at every table, are placed together - the larger stack
        at the start of the hand places higher, equal stacks share the
        places and their prizes (OQ-06, OQ-71); with the profile's
        ``hand_for_hand_busts = "tie"`` they all share them."""
        if not (self.hand_for_hand_start if force else self._hand_for_hand_hand_over()):
            return []
        start = dict(self.hand_for_hand_start)
        emitted: list[TournamentEvent] = [
            self._emit(
                HandForHandPlayed(hand=self.hand_for_hand_hand, clause=self.hand_for_hand_clause)
            )
        ]
        busted = [
            p for p in start if self.players[p].status == "playing" and self.players[p].chips == 0
        ]
        if self.profile.hand_for_hand_busts == "tie":
            # the room's alternative (OQ-71): all out in the hand share
            stacks = dict.fromkeys(busted, 0)
        else:
            stacks = {p: start[p][0] for p in busted}
        where = {p: (start[p][1], start[p][2]) for p in busted}
        emitted += self._place(busted, stacks, table=None, hand=None, where=where)
        if self.hand_for_hand_ending:  # the director ended it during this hand
            emitted.append(self._emit(HandForHand(on=False, clause=self.hand_for_hand_clause)))
        return emitted

    # ------------------------------------------------------------ the clock

    def verify_clock_control(self) -> None:
        """The clock is the director's while the tournament runs (NM-D-1G, OQ-03)."""
        if self.status != "running" or self.level_event is None:
            raise self._fail("the clock runs only while the tournament runs", self.floor_clause)

    def verify_adjust_clock(self, seconds: int, now: float) -> None:
        """Time is added to or taken off the level being played, in whole
        seconds, never more than its time left (taking all of it is the
        next level, :meth:`next_level`) nor more than four hours at once
        (NM-D-1G, OQ-03)."""
        self.verify_clock_control()
        clause = self.floor_clause
        whole = isinstance(seconds, int) and not isinstance(seconds, bool)
        if not whole or seconds == 0 or abs(seconds) > LARGEST_CHANGE:
            raise self._fail(
                "add or take off between 1 second and {most} seconds",
                clause,
                values={"most": LARGEST_CHANGE},
            )
        left = self.clock.seconds_left(now)
        if seconds < 0 and -seconds >= left:
            raise self._fail(
                "only {left} seconds are left of level {level}: start the next level instead",
                clause,
                values={"left": left, "level": self.level},
            )

    def can_adjust_clock(self, seconds: int, now: float) -> bool:
        return self._can(self.verify_adjust_clock, seconds, now)

    def adjust_clock(self, seconds: int, now: float, note: str = "") -> ClockAdjusted:
        """The director adds ``seconds`` to the level being played (below 0:
        takes them off); the levels after it move with it (NM-D-1G, OQ-03)."""
        self.verify_adjust_clock(seconds, now)
        level = self.clock.level_at(now)
        return self._emit(  # type: ignore[return-value]
            ClockAdjusted(level=level, seconds=seconds, clause=self.floor_clause, note=note, at=now)
        )

    def verify_call_break(self, seconds: int) -> None:
        """A break is called while the clock runs, for 1 second to four
        hours (NM-D-1G, OQ-03, OQ-09)."""
        self.verify_clock_control()
        clause = self.break_clause
        if self.clock.paused_at is not None:
            raise self._fail("the clock is stopped already: resume it first", clause)
        whole = isinstance(seconds, int) and not isinstance(seconds, bool)
        if not whole or not 0 < seconds <= LONGEST_BREAK:
            raise self._fail(
                "a break lasts between 1 second and {most} seconds",
                clause,
                values={"most": LONGEST_BREAK},
            )

    @property
    def break_clause(self) -> str:
        return f"{self.floor_clause}, OQ-09"

    def can_call_break(self, seconds: int) -> bool:
        return self._can(self.verify_call_break, seconds)

    def call_break(self, seconds: int, at: float, note: str = "") -> BreakCalled:
        """A break now: the level clock stops, no new hand is dealt (the
        hands being played are played out, :attr:`hands_held`); when
        ``seconds`` have passed the level goes on where it stood
        (:meth:`end_called_break`, called by :meth:`tick`)."""
        self.verify_call_break(seconds)
        return self._emit(  # type: ignore[return-value]
            BreakCalled(seconds=seconds, clause=self.break_clause, note=note, at=at)
        )

    def verify_end_break(self) -> None:
        if self.break_until is None:
            raise self._fail("no break was called", self.break_clause)

    def end_called_break(self, at: float) -> BreakEnded:
        """The director's break is over (its time ran out, or he ends it)."""
        self.verify_end_break()
        assert self.break_until is not None
        return self._emit(BreakEnded(at=min(at, self.break_until)))  # type: ignore[return-value]

    def _break_over(self, now: float) -> list[TournamentEvent]:
        if self.break_until is None or now < self.break_until:
            return []
        return [self.end_called_break(now)]

    def verify_next_level(self) -> None:
        """The next level now: there is one after the level being played
        (NM-D-1G, OQ-03)."""
        self.verify_clock_control()
        if self.level >= len(self.struct.levels):
            raise self._fail(
                "level {level} is the last level", self.floor_clause, values={"level": self.level}
            )

    def can_next_level(self) -> bool:
        return self._can(self.verify_next_level)

    def next_level(self, at: float, note: str = "") -> list[TournamentEvent]:
        """The next level now: the director sets it, logged as his ruling
        with the level (NM-D-1G, OQ-03)."""
        self.verify_next_level()
        return self.override_level(self.level + 1, at, note)

    # ------------------------------------------------------------ the chip race

    def race_chips(self) -> tuple[int, int] | None:
        """The chip that leaves play and the smallest chip that stays
        (OQ-72): the smallest chip the levels need from the next one on,
        and the greatest chip every stack in play is a whole number of.
        None: every stack is a whole number of the chips still needed."""
        units = smallest_chips(self.struct.levels, self.profile.blinds_for)
        unit = units[min(self.level, len(units) - 1)]
        stacks = [p.chips for p in self.players.values() if p.status == "playing" and p.chips]
        if not unit or not stacks:
            return None
        chip = math.gcd(unit, *stacks)
        return (chip, unit) if chip < unit else None

    def _race_stacks(self) -> dict[int, dict[str, int]]:
        """Each table's stacks in play, by seat."""
        return {
            number: {
                p: self.players[p].chips
                for _, p in sorted(state.seats.items())
                if self.players[p].chips > 0
            }
            for number, state in sorted(self.tables.items())
        }

    def verify_race_off(self) -> None:
        """The small chips are raced off (or coloured up) while the
        tournament runs, when a stack holds chips smaller than the levels
        still need, between hands, and a race needs no more cards at a
        table than one deck has (OQ-72)."""
        if self.status != "running":
            raise self._fail("the chips are raced off while the tournament runs", "OQ-72")
        chips = self.race_chips()
        if chips is None:
            raise self._fail(
                "every stack is a whole number of the smallest chip still needed:"
                " nothing to colour up",
                "OQ-72",
            )
        playing = sorted(n for n, t in self.tables.items() if t.in_hand)
        if playing:
            raise self._fail(
                "table {table} is playing a hand: the chips are raced off between hands",
                "OQ-72",
                values={"table": playing[0]},
            )
        if self.profile.colour_up == "race":
            chip, unit = chips
            for number, stacks in self._race_stacks().items():
                if odd_small_chips(stacks, chip, unit) > DECK:
                    raise self._fail(
                        "table {table} holds more odd chips than a deck has cards:"
                        " colour up by rounding instead",
                        "OQ-72",
                        values={"table": number},
                    )

    def can_race_off(self) -> bool:
        return self._can(self.verify_race_off)

    def race_off(self, randbelow: RandBelow, note: str = "") -> list[TournamentEvent]:
        """The smallest chip leaves play: at every table a chip race, or
        each player's odd chips coloured up, as the profile says (OQ-72).
        ``randbelow`` deals the race's cards."""
        self.verify_race_off()
        chips = self.race_chips()
        assert chips is not None
        chip, unit = chips
        method = self.profile.colour_up
        emitted: list[TournamentEvent] = []
        for number, stacks in self._race_stacks().items():
            after, cards = race_table(stacks, chip, unit, method, randbelow)
            if after:
                event = ChipRace(
                    chip=chip,
                    unit=unit,
                    method=method,
                    stacks=after,
                    clause="OQ-72",
                    cards=cards,
                    table=number,
                    note=note,
                )
                emitted.append(self._emit(event))
        return emitted

    def procedures(self, now: float) -> dict[str, object]:
        """Hand-for-hand and the director's break, for the pages: whether it
        is on, the hand being played and the tables that have finished it,
        the break's time left."""
        done = sorted(
            n for n in self.hand_for_hand_dealt if n in self.tables and not self.tables[n].in_hand
        )
        return {
            "hand_for_hand": self.hand_for_hand,
            "hand_for_hand_hand": self.hand_for_hand_hand,
            "hand_for_hand_done": done,
            "hand_for_hand_ending": self.hand_for_hand_ending,
            "hand_for_hand_clause": self.hand_for_hand_clause,
            "hand_for_hand_busts": self.profile.hand_for_hand_busts,
            "floor_clause": self.floor_clause,
            "break_seconds_left": max(0, int(self.break_until - now))
            if self.break_until is not None
            else None,
            # the chip that goes and the one that stays when a race is due (OQ-72)
            "race_chips": list(chips) if (chips := self.race_chips()) else None,
            "colour_up": self.profile.colour_up,
        }
