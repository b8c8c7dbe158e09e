"""The tournament: registration, seat draw, levels, hands at tables,
eliminations, places, prizes, breaking and balancing, and the floor's rulings.

Pure and event-sourced like the hands: every command verifies, then records
events; :meth:`Tournament.replay` folds the log back into the same state.
Time and randomness come in as arguments.  The tournament never deals a
hand itself: it says who plays where with which chips (:meth:`begin_hand`)
and takes the result (:meth:`end_hand`); online the services run the hand
engine in between, live the floor reports chip counts and eliminations.

The commands live by subject: the clock and the hands here, registration
and the start in :mod:`~floorman.tournament.registration`, the floor's
rulings in :mod:`~floorman.tournament.floor`, the steps they share in
:mod:`~floorman.tournament.base`.  Each command calls its ``verify_*``
(which refuses with the clause before anything is recorded) and each
``can_*`` says whether the ``verify_*`` would pass.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict

from floorman.engine.cards import RandBelow, pick
from floorman.engine.errors import FloormanError
from floorman.engine.profile import RuleProfile
from floorman.engine.variants import variant_for
from floorman.tournament.buttons import next_positions
from floorman.tournament.corrections import correction_event
from floorman.tournament.deals import DealMaking
from floorman.tournament.errors import TournamentError
from floorman.tournament.events import (
    BreakEnded,
    Created,
    Disqualified,
    HandBegun,
    LevelChanged,
    Paused,
    Resumed,
    TableHandEnded,
    TournamentEvent,
)
from floorman.tournament.procedures import Procedures
from floorman.tournament.registration import Registration
from floorman.tournament.state import HandSpec, hand_id
from floorman.tournament.structure import Structure, check_structure_paid_places
from floorman.tournament.undo import Undo

__all__ = ["Tournament", "TournamentError"]


class Tournament(Registration, Procedures, Undo, DealMaking):
    """One tournament, folded from its events.  Build it with :meth:`create`
    or :meth:`replay`."""

    @classmethod
    def create(
        cls,
        tournament_id: str,
        profile: RuleProfile,
        structure: Structure,
        *,
        name: str = "",
        mode: str = "online",
        keep_log: bool = True,
    ) -> Tournament:
        """``keep_log=False``: the events are folded but not kept (a
        simulation that needs only its outcome; nothing can be replayed or
        stored from it)."""
        if mode not in ("online", "live"):
            raise FloormanError(f"mode must be 'online' or 'live', not {mode!r}")
        check_structure_paid_places(profile, structure)  # NM-H-19, OQ-39, every entry range
        tournament = cls()
        tournament.keep_log = keep_log
        tournament._emit(
            Created(
                tournament=tournament_id,
                name=name or tournament_id,
                profile=asdict(profile),
                structure=structure.to_dict(),
                mode=mode,
            )
        )
        return tournament

    @classmethod
    def replay(cls, events: Iterable[TournamentEvent]) -> Tournament:
        tournament = cls()
        for event in events:
            tournament._emit(event)
        return tournament

    def tick(self, now: float, randbelow: RandBelow | None = None) -> list[TournamentEvent]:
        """Advance the level clock to ``now`` (time comes from outside).  At
        the start of the level after ``unconfirmed_withdrawn_after_level``
        unconfirmed stacks are withdrawn (DE-DEAL-4, OQ-46); with
        ``randbelow`` the tables are then broken or balanced."""
        if self.status != "running":
            return []
        emitted: list[TournamentEvent] = self._break_over(now)  # the director's break (OQ-03)
        target = self.clock.level_at(now)
        while self.level < target:
            emitted.append(self._emit(self._level_event(self.level + 1, now)))
        emitted += self._close_late_registration()  # its level has ended: the field is final
        withdrawn = self._withdraw_unconfirmed()
        if withdrawn:
            emitted += withdrawn
            if randbelow is not None:
                emitted += self.rebalance(randbelow)
            emitted += self._check_finish(now)
        return emitted

    def verify_pause(self) -> None:
        """Only a running clock is paused (the floor: NM-D-1G, OQ-03; DE: OQ-03)."""
        if self.status != "running" or self.clock.paused_at is not None:
            raise self._fail("only a running clock can be paused", self.floor_clause)

    def can_pause(self) -> bool:
        return self._can(self.verify_pause)

    def pause(self, at: float) -> Paused:
        self.verify_pause()
        return self._emit(Paused(at=at))  # type: ignore[return-value]

    def verify_resume(self) -> None:
        """Only a paused clock is resumed (the floor: NM-D-1G, OQ-03; DE: OQ-03)."""
        if self.clock.paused_at is None:
            raise self._fail("the clock is not paused", self.floor_clause)

    def can_resume(self) -> bool:
        return self._can(self.verify_resume)

    def resume(self, at: float) -> Resumed | BreakEnded:
        """The clock runs again; a break the director called ends with it."""
        self.verify_resume()
        if self.break_until is not None:
            return self.end_called_break(at)
        return self._emit(Resumed(at=at))  # type: ignore[return-value]

    @property
    def current_level(self) -> LevelChanged | None:
        return self.level_event

    def verify_begin_hand(self, table: int) -> None:
        """Refuse a hand: the tournament not running (OQ-41), the clock
        paused (NM-D-1G, OQ-03) or on a break (OQ-09), waiting for the
        other tables under hand-for-hand (OQ-71), no such table or its
        hand running (NM-D-1G), fewer than two players with chips there
        (NM-D-1B, OQ-04)."""
        if self.status != "running":
            raise self._fail("the tournament is {status}", "OQ-41", values={"status": self.status})
        if self.break_until is not None:
            raise self._fail("the tournament is on a break", self.break_clause)
        if self.clock.paused_at is not None:
            raise self._fail("the clock is paused", self.floor_clause)
        if self.deal is not None:
            # the deal was computed from the chips as they are (OQ-73)
            raise self._fail("a deal is proposed: no hand is dealt until it is answered", "OQ-73")
        level = self.current_level
        assert level is not None
        if level.is_break:
            raise self._fail("the tournament is on a break", "OQ-09")
        self.verify_hand_for_hand_deal(table)
        state = self.tables.get(table)
        if state is None or state.in_hand:
            raise self._fail(
                "table {table} cannot start a hand now",
                self.floor_clause,
                values={"table": table},
            )
        active = {seat: p for seat, p in state.seats.items() if self.players[p].chips > 0}
        if len(active) < 2:
            raise self._fail(
                "table {table} has fewer than two players",
                self.rulings["short_table"],
                values={"table": table},
            )

    def can_begin_hand(self, table: int) -> bool:
        return self._can(self.verify_begin_hand, table)

    def begin_hand(self, table: int, randbelow: RandBelow) -> HandSpec:
        """Decide the next hand at ``table``: who is dealt in, where the
        button and blinds are (OQ-43, OQ-29, OQ-53), the ante of the level,
        dead hands (absent OQ-45, time penalty OQ-62).  A hand is dealt even
        when every hand is dead (DE-DEAL-3, OQ-45, OQ-62)."""
        self.verify_begin_hand(table)
        self._sit_out_requested(table)
        level = self.current_level
        assert level is not None
        state = self.tables[table]
        active = {seat: p for seat, p in state.seats.items() if self.players[p].chips > 0}
        blinds = variant_for(self.profile).uses_blinds
        newcomer_seats = [s for s, p in active.items() if p in state.newcomers]
        first_button = None
        if state.positions is None:
            seats = sorted(active)
            if self.profile.first_button == "seat-1":
                first_button = 1 if 1 in active else seats[0]  # DE-SEAT-2
            else:
                first_button = pick(seats, randbelow)  # OQ-07: by lot
        positions = next_positions(
            active,
            state.positions,
            first_button=first_button,
            blinds=blinds,
            newcomers=newcomer_seats,
            dead_button=self.profile.dead_button,
            heads_up_button_posts_small_blind=self.profile.heads_up_button_posts_small_blind,
        )
        dealt = {active[s]: self.players[active[s]].chips for s in positions.dealt}
        dead = tuple(
            p for p in dealt if self.players[p].absent or self.players[p].penalty_hands > 0
        )
        # Every hand dead (all away or serving a time penalty) is still a
        # hand: forced bets posted, hands killed, the stacks blinded down
        # until someone returns or they are gone (DE-DEAL-3, OQ-45, OQ-46,
        # OQ-62); the engine carries its pot to the next hand (DE-SEATED-3).
        event = HandBegun(
            table=table,
            hand=state.hands + 1,
            button_seat=positions.button,
            small_blind_seat=positions.small_blind,
            big_blind_seat=positions.big_blind,
            dealt=dealt,
            dead=dead,
            ante=level.ante,
            carried_pot=state.carried_pot,
        )
        self._emit(event)
        seat_of = {p: s for s, p in active.items()}
        ordered = sorted(dealt, key=lambda p: seat_of[p])
        return HandSpec(
            table=table,
            hand=event.hand,
            hand_id=hand_id(self.id, table, event.hand),
            seats=tuple(seat_of[p] for p in ordered),
            players=tuple(ordered),
            stacks=tuple(dealt[p] for p in ordered),
            button=positions.button,
            small_blind_seat=positions.small_blind,
            big_blind_seat=positions.big_blind,
            ante=level.ante,
            dead=tuple(seat_of[p] for p in dead),
            carried_pot=state.carried_pot,
        )

    def verify_end_hand(self, table: int, stacks: Mapping[str, int], carried_pot: int = 0) -> None:
        """Refuse a hand's result: no hand running at ``table``, not exactly
        the players dealt in (NM-D-1G), amounts that are not whole chips or
        below 0, or chips that appear or vanish (NM-D-1B s2)."""
        state = self.tables.get(table)
        if state is None or not state.in_hand:
            raise self._fail(
                "no hand is running at table {table}",
                self.floor_clause,
                values={"table": table},
            )
        if set(stacks) != set(state.dealt):
            raise self._fail("the result must list exactly the players dealt in", self.floor_clause)
        amounts = [*stacks.values(), carried_pot]
        if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in amounts):
            raise self._fail(
                "stacks and the carried pot are whole chips, never below 0", self.count_clause
            )
        before = sum(state.dealt.values()) + state.carried_pot
        after = sum(stacks.values()) + carried_pot
        if before != after:
            raise self._fail(
                "chips do not add up: {before} went in, {after} came out",
                self.count_clause,
                values={"before": before, "after": after},
            )

    def can_end_hand(self, table: int, stacks: Mapping[str, int], carried_pot: int = 0) -> bool:
        return self._can(self.verify_end_hand, table, stacks, carried_pot)

    def end_hand(
        self,
        table: int,
        stacks: Mapping[str, int],
        randbelow: RandBelow,
        *,
        carried_pot: int = 0,
        at: float | None = None,
    ) -> list[TournamentEvent]:
        """Record a finished hand: chips, eliminations and places (OQ-06),
        prizes, then any table to break or balance, and the end."""
        self.verify_end_hand(table, stacks, carried_pot)
        state = self.tables[table]
        start_stacks = dict(state.dealt)  # TableHandEnded clears them; places need them (OQ-06)
        hand = state.hands
        pending = list(state.pending)  # TableHandEnded clears them
        emitted: list[TournamentEvent] = [
            self._emit(
                TableHandEnded(
                    table=table,
                    hand=hand,
                    button_seat=state.positions.button if state.positions else 0,
                    stacks=dict(stacks),
                    carried_pot=carried_pot,
                )
            )
        ]
        for correction in pending:  # made during the hand (NM-D-1G, OQ-03)
            if (event := correction_event(self, correction)) is not None:
                emitted.append(self._emit(event))
                if isinstance(event, Disqualified):  # those out before him move up (OQ-69)
                    emitted += self._pay_places_moved_up()
        emitted += self._withdraw_unconfirmed(table)  # DE-DEAL-4, OQ-46: after his hand
        if state.hand_for_hand and self.hand_for_hand:
            # out in a hand-for-hand hand: placed with those out at the other
            # tables when every table has finished it (OQ-71, OQ-06)
            emitted += self._close_hand_for_hand_hand()
            if self.hand_for_hand_dealt:
                return emitted  # the hand goes on elsewhere: nobody moves meanwhile
        else:
            busted = [
                p
                for p in stacks
                if self.players[p].chips == 0 and self.players[p].status == "playing"
            ]
            emitted += self._place(busted, start_stacks, table=table, hand=hand)
        emitted += self.rebalance(randbelow)
        emitted += self._check_finish(at)
        return emitted

    def standings(self) -> list[dict[str, object]]:
        rows = []
        for p in self.players.values():
            rows.append(
                {
                    "player": p.player,
                    "name": p.name,
                    "chips": p.chips,
                    "place": p.place,
                    "status": p.status,
                    "table": p.table,
                    "seat": p.seat,
                    "prize": p.prize,
                    "shared": p.shared,
                    "confirmed": p.confirmed,
                }
            )
        alive = sorted((r for r in rows if r["place"] is None), key=lambda r: -int(r["chips"]))  # type: ignore[call-overload]
        placed = sorted((r for r in rows if r["place"] is not None), key=lambda r: r["place"])  # type: ignore[arg-type,return-value]
        return alive + placed

    def summary(self, now: float | None = None) -> dict[str, object]:
        level = self.current_level
        alive = [p for p in self.players.values() if p.status in ("playing", "won")]
        return {
            "id": self.id,
            "name": self.name,
            "profile": self.profile.name,
            "status": self.status,
            "mode": self.mode,
            "level": level.level if level else 0,
            "ante": level.ante if level else 0,
            "blinds": [level.small_blind, level.big_blind] if level else [0, 0],
            "players": len(self.players),
            "players_left": len(alive),
            "average_stack": (sum(p.chips for p in alive) // len(alive)) if alive else 0,
            "tables": sum(1 for t in self.tables.values() if t.seats),
            "winner": self.winner,
            "buy_in": self.struct.buy_in if self.structure else 0,
            "fee": self.struct.fee if self.structure else 0,
            "guarantee": self.struct.guarantee if self.structure else 0,
            "prize_pool": self.prize_pool if self.structure else 0,
            "entries": self.entries,
            "starts_at": self.struct.starts_at if self.structure else None,
            "auto_start": self.struct.auto_start if self.structure else False,
            "late_registration_level": self.struct.late_registration_level
            if self.structure
            else None,
            "registration_open": self.registration_is_open(),
            "re_entry": self.profile.re_entry,
            # deals over the prize money left (OQ-34, OQ-73): allowed, and
            # the one proposed or made
            "deals_allowed": self.deals_allowed if self.structure else False,
            "deal": self.deal_view() if self.structure else None,
            "clock": self.clock.describe(now, self.struct, self.profile.blinds_for)
            if (now is not None and self.structure)
            else None,
            # hand-for-hand and the director's break (OQ-71, OQ-03)
            "procedures": {**self.procedures(now), "undo": self.undoable()}
            if now is not None
            else None,
        }
