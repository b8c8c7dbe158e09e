"""The floor's rulings: warnings, penalties, disqualification, the
director's overrides of chips, seats and levels (NM-D-1G, OQ-03), and the
live tables' chip counts: a mixin of
:class:`floorman.tournament.core.Tournament`.  Each command's ``verify_*``
refuses with the clause before anything is recorded.
"""

from __future__ import annotations

from collections.abc import Mapping

from floorman.engine.cards import RandBelow
from floorman.engine.clauses import citable
from floorman.tournament.base import TournamentBase
from floorman.tournament.events import (
    Absence,
    ChatMuted,
    ChipCount,
    ClockCalled,
    CorrectionPending,
    Disqualified,
    HandRuled,
    LevelChanged,
    Overridden,
    SeatLinkReissued,
    SitOutRequested,
    TimeBankUsed,
    TimedOut,
    TimePenalty,
    TournamentEvent,
    Warned,
)

#: the director's rulings on a running hand (DE-MISDEAL-1/2, NM-D-1F;
#: DE-DECK-3…6, OQ-08; DE-FOUL-1/2, DE-SDFOUL-1)
HAND_RULINGS = ("misdeal", "void", "dead_hand")


class FloorRulings(TournamentBase):
    """The floor's and the director's rulings."""

    def verify_clauses(self, clauses: str) -> None:
        """A ruling cites clauses of this event's own rulebook or the open
        questions, never another event's (a German table cites no
        Norwegian clause)."""
        foreign = [
            c.strip()
            for c in clauses.split(",")
            if c.strip() and not citable(self.profile, c.strip())
        ]
        if foreign:
            raise self._fail(
                "{clauses} is not a clause of this tournament's rulebook",
                self.floor_clause,
                values={"clauses": ", ".join(foreign)},
            )

    def verify_hand_ruling(self, ruling: str, table: int, player: str | None = None) -> None:
        """A misdeal, a void or a dead hand is ruled at a table in play:
        online while its hand runs (the hand checks the rest), at a live
        event for the log; a dead hand names a player dealt in."""
        clause = self.floor_clause
        if ruling not in HAND_RULINGS:
            raise self._fail(
                "no hand ruling {ruling}: misdeal, void or dead_hand",
                clause,
                values={"ruling": repr(ruling)},
            )
        state = self.tables.get(table)
        if state is None or self.status != "running":
            raise self._fail("no table {table} in play", clause, values={"table": table})
        if self.mode == "online" and not state.in_hand:
            raise self._fail("no hand is running at table {table}", clause, values={"table": table})
        if ruling == "dead_hand":
            dealt = state.dealt if self.mode == "online" else set(state.seats.values())
            if player is None or player not in dealt:
                raise self._fail(
                    "{player} holds no hand at table {table}",
                    clause,
                    values={"player": repr(player), "table": table},
                )

    def rule_hand(
        self, ruling: str, table: int, clause: str, note: str = "", player: str | None = None
    ) -> HandRuled:
        """Record the director's ruling on table ``table``'s hand (the
        services carry it out on the hand itself)."""
        self.verify_hand_ruling(ruling, table, player)
        # a live table's hands are dealt by hand and never counted here
        hand = self.tables[table].hands if self.mode == "online" else None
        return self._emit(  # type: ignore[return-value]
            HandRuled(
                ruling=ruling, table=table, hand=hand, clause=clause, note=note, player=player
            )
        )

    def verify_call_clock(self, by: str, player: str) -> None:
        """A player sitting at the table asks for the clock on another
        player of it, during a hand (DE-TIME-2, OQ-63, OQ-42)."""
        clause = self.rulings["clock"]
        caller = self._player(by)
        state = self.tables.get(caller.table) if caller.table is not None else None
        if caller.status != "playing" or state is None:
            raise self._fail("only a player seated at the table may call the clock", clause)
        if player == by:
            raise self._fail("you cannot call the clock on yourself", clause)
        if player not in state.seats.values() or not state.in_hand:
            raise self._fail(
                "{player} is not in a hand at your table", clause, values={"player": repr(player)}
            )

    def call_clock(self, by: str, player: str, seconds: int) -> ClockCalled:
        """``by`` calls the clock on ``player``: ``seconds`` to act (DE-TIME-2)."""
        self.verify_call_clock(by, player)
        table = self.players[by].table
        assert table is not None
        return self._emit(  # type: ignore[return-value]
            ClockCalled(
                by=by,
                player=player,
                table=table,
                hand=self.tables[table].hands,
                seconds=seconds,
                clause=self.rulings["clock"],
            )
        )

    def verify_warn(self, player: str) -> None:
        """A warning needs a player (DE-PENALTY-3)."""
        self._player(player)

    def warn(self, player: str, clause: str, note: str = "") -> Warned:
        """A warning (DE-PENALTY-3, DE-ETIQ-1)."""
        self.verify_warn(player)
        return self._emit(Warned(player=player, clause=clause, note=note))  # type: ignore[return-value]

    def verify_time_penalty(self, player: str, hands: int) -> None:
        """A time penalty needs a playing player and a positive whole number
        of hands (DE-PENALTY-3, OQ-62)."""
        state = self._player(player)
        whole = isinstance(hands, int) and not isinstance(hands, bool)
        if state.status != "playing" or not whole or hands <= 0:
            raise self._fail(
                "a time penalty needs a playing player and some hands", "DE-PENALTY-3, OQ-62"
            )

    def can_time_penalty(self, player: str, hands: int) -> bool:
        return self._can(self.verify_time_penalty, player, hands)

    def time_penalty(self, player: str, hands: int, clause: str, note: str = "") -> TimePenalty:
        """Sit out ``hands`` hands: blinds posted, hands dealt and killed
        (DE-PENALTY-3/4, OQ-62)."""
        self.verify_time_penalty(player, hands)
        return self._emit(  # type: ignore[return-value]
            TimePenalty(player=player, hands=hands, clause=clause, note=note)
        )

    def verify_timed_out(self, player: str) -> None:
        """Only a player whose table's hand runs can time out (DE-TIME-4, OQ-63)."""
        state = self._player(player)
        table = self.tables.get(state.table) if state.table is not None else None
        if table is None or not table.in_hand:
            raise self._fail(
                "{player} is not in a hand", "DE-TIME-4, OQ-63", values={"player": player}
            )

    def timed_out(self, player: str) -> TimedOut:
        """The action clock ran out on ``player`` in his table's running hand
        (DE-TIME-4, OQ-63): a ruling for the log."""
        self.verify_timed_out(player)
        state = self.players[player]
        assert state.table is not None
        table = self.tables[state.table]
        return self._emit(  # type: ignore[return-value]
            TimedOut(player=player, table=table.table, hand=table.hands)
        )

    @property
    def time_bank_seconds(self) -> int:
        """Each player's time bank: the director's, else the profile's
        (DE-TIME-1, OQ-42, OQ-63)."""
        chosen = self.struct.time_bank_seconds
        return self.profile.time_bank_seconds if chosen is None else chosen

    def time_bank_left(self, player: str) -> int:
        state = self.players.get(player)
        if state is None:
            return 0
        return max(0, self.time_bank_seconds - state.time_bank_used)

    def verify_use_time_bank(self, player: str, seconds: int) -> None:
        """Refuse drawing on a time bank: not in a running hand, or more
        than is left (DE-TIME-1, OQ-63)."""
        self.verify_timed_out(player)  # only a player in a running hand
        left = self.time_bank_left(player)
        if isinstance(seconds, bool) or not isinstance(seconds, int) or not 0 < seconds <= left:
            raise self._fail(
                "{player} has {left} s of time bank left",
                "DE-TIME-1, OQ-63",
                attempted=seconds,
                allowed=(1, left),
                values={"player": player, "left": left},
            )

    def can_use_time_bank(self, player: str, seconds: int) -> bool:
        return self._can(self.verify_use_time_bank, player, seconds)

    def use_time_bank(self, player: str, seconds: int) -> TimeBankUsed:
        """``seconds`` of ``player``'s decision ran past the action clock."""
        self.verify_use_time_bank(player, seconds)
        table = self.players[player].table
        return self._emit(  # type: ignore[return-value]
            TimeBankUsed(player=player, seconds=seconds, table=table)
        )

    def mute_chat(self, player: str, muted: bool = True, note: str = "") -> ChatMuted:
        """Silence (or free) ``player``'s table chat (DE-ETIQ-1/2)."""
        self._player(player)
        return self._emit(  # type: ignore[return-value]
            ChatMuted(
                player=player,
                muted=bool(muted),
                note=note,
                clause=self.rulings["mute"],
            )
        )

    def verify_player(self, player: str) -> None:
        """Refused unless ``player`` is an entry of this tournament."""
        self._player(player)

    def reissue_seat_link(self, player: str) -> SeatLinkReissued:
        """A new seat link for ``player``; the one he had is closed (OQ-74).
        A bot has none: it plays in the server, not from a link."""
        state = self._player(player)
        if state.bot:
            raise self._fail(
                "{player} is a bot: a bot plays in the server and has no seat link",
                "OQ-74",
                values={"player": state.name},
            )
        link = self.seat_links.get(player, 0) + 1
        return self._emit(SeatLinkReissued(player=player, link=link))  # type: ignore[return-value]

    def set_absent(self, player: str, absent: bool, reason: str = "") -> Absence:
        """Away from the seat: dealt in dead, forced bets posted (OQ-45,
        DE-DEAL-3, DE-SEATED-2).  ``reason``: "player", "timeouts" or
        "director"."""
        self._player(player)
        return self._emit(  # type: ignore[return-value]
            Absence(player=player, absent=absent, reason=reason)
        )

    def verify_request_sit_out(self, player: str) -> None:
        """A seated player still in play who is not away already may ask to
        sit out from the next hand on (DE-SEATED-1/2, OQ-45)."""
        clause = self.rulings["dead"]
        state = self._player(player)
        if state.status != "playing" or state.table is None:
            raise self._fail("you are not playing", clause)
        if state.absent:
            raise self._fail("you are sitting out already", clause)

    def can_request_sit_out(self, player: str) -> bool:
        return self._can(self.verify_request_sit_out, player)

    def request_sit_out(self, player: str, requested: bool = True) -> SitOutRequested | None:
        """``player`` asks to sit out from the next hand on (his running
        hand plays on; the next deal at his table makes him absent: his
        hands dealt dead, his forced bets posted, DE-SEATED-1/2, OQ-45), or
        takes the request back (``requested=False``; nothing to record
        when none is open)."""
        if requested:
            self.verify_request_sit_out(player)
        if self._player(player).sit_out_next == requested:
            return None
        return self._emit(  # type: ignore[return-value]
            SitOutRequested(player=player, requested=requested)
        )

    def _sit_out_requested(self, table: int) -> None:
        """Before a deal at ``table``: whoever asked to sit out from the
        next hand is away from this one on (DE-SEATED-1/2, OQ-45)."""
        for player in sorted(self.tables[table].seats.values()):
            if self.players[player].sit_out_next:
                self.set_absent(player, True, reason="player")

    def _verify_correctable(self, player: str, clause: str) -> None:
        """A ruling for a player in a running hand waits for its end; none
        is taken once he is to be disqualified then (NM-D-1G)."""
        if self.in_running_hand(player) and self.disqualification_pending(player):
            raise self._fail(
                "{player} is disqualified when the hand ends", clause, values={"player": player}
            )

    def _pending(
        self, ruling: str, player: str, clause: str, note: str, **fields: int
    ) -> CorrectionPending:
        state = self.players[player]
        assert state.table is not None
        event = CorrectionPending(
            ruling=ruling, player=player, table=state.table, clause=clause, note=note, **fields
        )
        return self._emit(event)  # type: ignore[return-value]

    def verify_disqualify(self, player: str, clause: str) -> None:
        """Only a player still in the tournament, and not already to be
        disqualified at his hand's end, is disqualified (``clause``: the
        ruling's, NM-D-1C/1D/1E, DE-PENALTY-3, DE-GEN-5)."""
        state = self._player(player)
        if state.status not in ("playing", "registered"):
            raise self._fail("{player} is not in the tournament", clause, values={"player": player})
        self._verify_correctable(player, clause)

    def can_disqualify(self, player: str, clause: str) -> bool:
        return self._can(self.verify_disqualify, player, clause)

    def disqualify(self, player: str, clause: str, note: str = "") -> list[TournamentEvent]:
        """Disqualification (NM-D-1C/1D/1E, DE-PENALTY-3, DE-GEN-5): the
        player's chips leave play.  While his hand runs it is recorded as
        pending: his hand is dead at once (the services kill it), and when
        the hand ends his chips leave play; what he put in stays in the pot."""
        self.verify_disqualify(player, clause)
        state = self.players[player]
        if self.in_running_hand(player):
            return [self._pending("disqualify", player, clause, note)]
        emitted: list[TournamentEvent] = [
            self._emit(
                Disqualified(player=player, clause=clause, note=note, chips_removed=state.chips)
            )
        ]
        # those out before him move up: their prizes may change (OQ-69)
        return emitted + self._pay_places_moved_up() + self._check_finish(None)

    def verify_override_chips(self, player: str, chips: int) -> None:
        """A stack is a whole number of chips, never below 0; a starting
        stack at least one; only a playing player's stack is corrected
        (NM-D-1G, OQ-03)."""
        state = self._player(player)
        clause = self.floor_clause
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
            raise self._fail("chips are a whole number, never below 0", clause)
        if self.status == "registering":
            if chips == 0 or state.status not in ("registered", "playing"):
                raise self._fail("a starting stack is at least one chip", clause)
            return
        if state.status != "playing":
            raise self._fail("{player} is not playing", clause, values={"player": player})
        self._verify_correctable(player, clause)

    def can_override_chips(self, player: str, chips: int) -> bool:
        return self._can(self.verify_override_chips, player, chips)

    def override_chips(self, player: str, chips: int, note: str) -> Overridden | CorrectionPending:
        """The director corrects a stack (NM-D-1G, OQ-03): at once between
        hands, when the hand ends if the player is in one (his stack after
        it becomes ``chips``), and before the start his starting stack."""
        self.verify_override_chips(player, chips)
        clause = self.floor_clause
        if self.status == "registering":
            return self._emit(  # type: ignore[return-value]
                Overridden(ruling="chips", clause=clause, note=note, player=player, chips=chips)
            )
        if self.in_running_hand(player):
            return self._pending("chips", player, clause, note, chips=chips)
        return self._correct_chips(player, chips, note, clause)

    def _correct_chips(self, player: str, chips: int, note: str, clause: str) -> Overridden:
        state = self.players[player]
        before = state.chips
        event = self._emit(
            Overridden(ruling="chips", clause=clause, note=note, player=player, chips=chips)
        )
        if chips == 0:
            # No chips, no seat: out of the tournament (NM-D-1B s2).
            self._place([player], {player: before}, table=state.table, hand=None)
            self._check_finish(None)
        return event  # type: ignore[return-value]

    def verify_override_seat(self, player: str, table: int, seat: int) -> None:
        """Only a playing player moves, only to a free seat of a table in
        play that no pending move has taken (NM-D-1G, OQ-03)."""
        clause = self.floor_clause
        state = self._player(player)
        if state.status != "playing":
            raise self._fail("{player} is not playing", clause, values={"player": player})
        target = self.tables.get(table)
        taken = {
            (c.to_table, c.seat)
            for t in self.tables.values()
            for c in t.pending
            if c.ruling == "seat"
        }
        if (
            target is None
            or isinstance(seat, bool)
            or not isinstance(seat, int)
            or seat in target.seats
            or (table, seat) in taken
            or not 1 <= seat <= self.struct.table_size
        ):
            raise self._fail(
                "table {table} seat {seat} is not free",
                clause,
                values={"table": table, "seat": seat},
            )
        self._verify_correctable(player, clause)

    def can_override_seat(self, player: str, table: int, seat: int) -> bool:
        return self._can(self.verify_override_seat, player, table, seat)

    def override_seat(
        self, player: str, table: int, seat: int, note: str
    ) -> Overridden | CorrectionPending:
        """The director moves a player (NM-D-1G, OQ-03): at once between his
        hands, when his hand ends if he is in one."""
        self.verify_override_seat(player, table, seat)
        clause = self.floor_clause
        if self.in_running_hand(player):
            return self._pending("seat", player, clause, note, to_table=table, seat=seat)
        return self._emit(  # type: ignore[return-value]
            Overridden(
                ruling="seat", clause=clause, note=note, player=player, table=table, seat=seat
            )
        )

    def verify_override_level(self, level: int) -> None:
        """The director sets a level of the structure, while the tournament
        runs (NM-D-1G, OQ-03)."""
        whole = isinstance(level, int) and not isinstance(level, bool)
        if self.status != "running" or not whole or not 1 <= level <= len(self.struct.levels):
            raise self._fail(
                "there is no level {level} to set now", self.floor_clause, values={"level": level}
            )

    def can_override_level(self, level: int) -> bool:
        return self._can(self.verify_override_level, level)

    def override_level(self, level: int, at: float, note: str) -> list[TournamentEvent]:
        """The director sets the level; the clock restarts it at ``at``."""
        self.verify_override_level(level)
        changed = self._level_event(level, at)
        manual = LevelChanged(
            level=changed.level,
            ante=changed.ante,
            small_blind=changed.small_blind,
            big_blind=changed.big_blind,
            at=at,
            is_break=changed.is_break,
            manual=True,
        )
        return [
            self._emit(
                Overridden(ruling="level", clause=self.floor_clause, note=note, level=level)
            ),
            self._emit(manual),
        ]

    def verify_record_chip_counts(
        self,
        table: int,
        counts: Mapping[str, int],
        *,
        confirm_correction: bool = False,
        note: str = "",
    ) -> None:
        """Refuse a live chip count: no such table, an online table or one
        in a hand, players not seated there, amounts not whole chips (NM-D-1G),
        or a changed table total not confirmed as a correction with a note
        (NM-D-1B s2, NM-D-1G, OQ-03)."""
        state = self.tables.get(table)
        if state is None:
            raise self._fail("no table {table}", self.floor_clause, values={"table": table})
        if self.mode != "live" or state.in_hand:
            # Online the hands themselves decide the chips.
            raise self._fail(
                "chip counts are entered for live tables between hands", self.floor_clause
            )
        seated = {p for p in state.seats.values() if self.players[p].chips > 0}
        if set(counts) - seated:
            raise self._fail("counts may only name players seated at the table", self.floor_clause)
        if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in counts.values()):
            raise self._fail("chip counts are whole numbers, not negative", self.floor_clause)
        had, total = self._count_totals(counts)
        if total != had and (not confirm_correction or not note.strip()):
            template = (
                "counts total {total:,}, table had {had:,}: {gap:,} too many (table {table});"
                " confirm a correction with a note to record them"
            )
            if total < had:
                template = (
                    "counts total {total:,}, table had {had:,}: {gap:,} missing (table {table});"
                    " confirm a correction with a note to record them"
                )
            raise self._fail(
                template,
                self.count_clause,
                attempted=total,
                values={"total": total, "had": had, "gap": abs(total - had), "table": table},
            )

    def can_record_chip_counts(
        self,
        table: int,
        counts: Mapping[str, int],
        *,
        confirm_correction: bool = False,
        note: str = "",
    ) -> bool:
        return self._can(
            self.verify_record_chip_counts,
            table,
            counts,
            confirm_correction=confirm_correction,
            note=note,
        )

    @property
    def count_clause(self) -> str:
        """Chips change hands, never appear or vanish (NM-D-1B s2, the
        Norwegian books; the German ones leave it to the director, OQ-03)."""
        floor = self.floor_clause
        return floor if self.profile.rulebook == "DE" else f"NM-D-1B s2, {floor}"

    def _count_totals(self, counts: Mapping[str, int]) -> tuple[int, int]:
        return sum(self.players[p].chips for p in counts), sum(counts.values())

    def record_chip_counts(
        self,
        table: int,
        counts: Mapping[str, int],
        randbelow: RandBelow,
        at: float | None = None,
        *,
        confirm_correction: bool = False,
        note: str = "",
    ) -> list[TournamentEvent]:
        """Live play: the floor's chip count of a table; a player at 0 is
        out.  Returns what the core decides: eliminations, places, breaks and
        moves (the floor carries them out).  Chips change hands, never
        appear or vanish (NM-D-1B s2): counts that change the table's total
        are refused, unless the director confirms them as a correction with
        a note (NM-D-1G, OQ-03), which the ruling log records."""
        self.verify_record_chip_counts(
            table, counts, confirm_correction=confirm_correction, note=note
        )
        before = {p: self.players[p].chips for p in counts}
        had, total = self._count_totals(counts)
        emitted: list[TournamentEvent] = []
        if total != had:
            # the note is the director's own words; the change is in
            # ``chips``, which the log says in the reader's language
            emitted.append(
                self._emit(
                    Overridden(
                        ruling="count",
                        clause=self.floor_clause,
                        note=note.strip(),
                        table=table,
                        chips=total - had,
                    )
                )
            )
        emitted.append(self._emit(ChipCount(table=table, counts=dict(counts))))
        if self.hand_for_hand:
            # out in a hand-for-hand hand: placed with those out at the other
            # tables when the director closes the hand (OQ-71, OQ-06)
            return emitted
        busted = [p for p, c in counts.items() if c == 0]
        emitted += self._place(busted, before, table=table, hand=None)
        emitted += self.rebalance(randbelow)
        emitted += self._check_finish(at)
        return emitted
