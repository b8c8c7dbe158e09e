"""The tournament: registration, seat draw, levels, hands at tables,
eliminations, places, prizes, breaking and balancing, and the floor's rulings.

Pure and event-sourced like the hands: every command verifies, then records
events; :meth:`Tournament.replay` folds the log back into the same state.
Time and randomness come in as arguments.  The tournament never deals a
hand itself: it says who plays where with which chips (:meth:`begin_hand`)
and takes the result (:meth:`end_hand`); online the services run the hand
engine in between, live the floor reports chip counts and eliminations.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict

from floorman.engine.cards import RandBelow
from floorman.engine.errors import FloormanError, RuleViolation
from floorman.engine.profile import RuleProfile
from floorman.tournament import balancing
from floorman.tournament.buttons import next_positions
from floorman.tournament.corrections import correction_event
from floorman.tournament.events import (
    Absence,
    CarriedPotAwarded,
    ChipCount,
    Confirmed,
    CorrectionPending,
    Created,
    Disqualified,
    Eliminated,
    Finished,
    HandBegun,
    HandEnded,
    LevelChanged,
    Moved,
    Overridden,
    Paused,
    PrizeAwarded,
    Registered,
    Resumed,
    Seated,
    Started,
    TableBroken,
    TimedOut,
    TimePenalty,
    TournamentEvent,
    Warned,
    Withdrawn,
)
from floorman.tournament.names import clean_name, name_key
from floorman.tournament.prizes import prize_table, shared_prizes
from floorman.tournament.seating import draw_seats
from floorman.tournament.state import ChipView, HandSpec, PlayerState, TournamentState
from floorman.tournament.structure import Structure, check_paid_places


class TournamentError(RuleViolation):
    """A tournament command that the rules or the state do not allow."""


class Tournament(TournamentState):
    """One tournament, folded from its events.  Build it with :meth:`create`
    or :meth:`replay`."""

    # ------------------------------------------------------------ building

    @classmethod
    def create(
        cls,
        tournament_id: str,
        profile: RuleProfile,
        structure: Structure,
        *,
        name: str = "",
        mode: str = "online",
    ) -> Tournament:
        if mode not in ("online", "live"):
            raise FloormanError(f"mode must be 'online' or 'live', not {mode!r}")
        check_paid_places(profile, structure.payout_shares)  # NM-H-19, OQ-39
        tournament = cls()
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

    def _fail(self, reason: str, clause: str, **details: object) -> TournamentError:
        return TournamentError(reason, clause=clause, **details)  # type: ignore[arg-type]

    # ------------------------------------------------------------ registration

    def register(
        self, player: str, name: str | None = None, bot: str | None = None, confirmed: bool = True
    ) -> Registered:
        """Enter ``player``; ``confirmed=False`` enters a running-along stack
        (registered, not yet paid or checked in), withdrawn at the end of the
        profile's ``unconfirmed_withdrawn_after_level`` unless confirmed
        (DE-DEAL-4, OQ-46)."""
        if self.status != "registering" or any(p.table for p in self.players.values()):
            raise self._fail("registration closes at the seat draw", "OQ-41, DE-SEAT-1")
        if not player or player in self.players:
            raise self._fail(f"player id {player!r} is empty or taken", "DE-GEN-2, OQ-64")
        name = self.check_name(player if name is None else name)
        event = Registered(player=player, name=name, bot=bot, confirmed=bool(confirmed))
        self._emit(event)
        return event  # type: ignore[return-value]

    def confirm(self, player: str) -> Confirmed:
        """The entry is confirmed (paid, checked in): a redeemed stack,
        blinded down while away but never withdrawn (DE-DEAL-3, OQ-46).
        Too late once the withdrawal level has ended (DE-DEAL-4)."""
        state = self._player(player)
        last = self.profile.unconfirmed_withdrawn_after_level
        if state.status not in ("registered", "playing"):
            raise self._fail(f"{player} is {state.status}", "DE-DEAL-4, OQ-46")
        if state.confirmed:
            raise self._fail(f"{player} is already confirmed", "DE-DEAL-3, OQ-46")
        if self.level > last:
            raise self._fail(
                f"unconfirmed stacks were withdrawn at the end of level {last}", "DE-DEAL-4, OQ-46"
            )
        return self._emit(Confirmed(player=player))  # type: ignore[return-value]

    def _withdraw_unconfirmed(self, table: int | None = None) -> list[TournamentEvent]:
        """From the start of the level after ``unconfirmed_withdrawn_after_level``
        every still-unconfirmed entry is withdrawn: its chips leave play,
        the entry is cancelled - no elimination, no place, no prize, and it
        no longer counts among the entrants the places are paid to (DE-DEAL-4,
        OQ-46; OQ-39: an entry that never paid fills no paid place).  A
        player dealt into a running hand goes when that hand ends
        (``table``: the table whose hand just ended)."""
        if self.status != "running" or self.level <= self.profile.unconfirmed_withdrawn_after_level:
            return []
        emitted: list[TournamentEvent] = []
        for p in list(self.players.values()):
            if p.confirmed or p.status != "playing":
                continue
            at = self.tables.get(p.table) if p.table is not None else None
            if at is not None and at.in_hand and p.player in at.dealt and at.table != table:
                continue  # at the end of his hand
            emitted.append(
                self._emit(
                    Withdrawn(
                        player=p.player, chips_removed=p.chips, table=p.table, level=self.level
                    )
                )
            )
        return emitted

    def check_name(self, name: str) -> str:
        """The name to register, trimmed; refused when empty, too long, with
        control characters, or already entered under another spelling of the
        same name (case and spaces aside): one person, one entry (DE-GEN-2, OQ-64)."""
        cleaned = clean_name(name)  # MalformedName: no name at all
        if twin := self.names.get(name_key(cleaned)):
            raise self._fail(
                f"{cleaned!r} is already entered (as {twin!r}): one entry per person",
                "DE-GEN-2, OQ-64",
                attempted=cleaned,
            )
        return cleaned

    def draw_seats(self, randbelow: RandBelow) -> list[Seated]:
        """A uniformly random seat draw (NM-D-1A, NM-H-1, DE-SEAT-1)."""
        if self.status != "registering" or any(p.table for p in self.players.values()):
            raise self._fail("seats are drawn once, before the start", "DE-SEAT-1")
        # A player disqualified before the draw stays out (NM-D-1C/1D/1E).
        players = [p for p, state in self.players.items() if state.status == "registered"]
        if len(players) < 2:
            raise self._fail("a tournament needs at least two players", "OQ-41")
        events = [
            Seated(player=p, table=t, seat=s)
            for p, t, s in draw_seats(players, self.struct.table_size, self._min_table(), randbelow)
        ]
        for event in events:
            self._emit(event)
        return events

    def _min_table(self) -> int:
        return min(self.profile.table_min, self.struct.table_size)

    def table_cards(self) -> list[dict[str, object]]:
        """Printable table cards: each player's table and seat (DE-SEAT-1)."""
        return sorted(
            (
                {"player": p.player, "name": p.name, "table": p.table, "seat": p.seat}
                for p in self.players.values()
                if p.table is not None
            ),
            key=lambda card: (card["table"], card["seat"]),  # type: ignore[arg-type,return-value]
        )

    def table_cards_text(self) -> str:
        """The table cards as text to print and cut, one per player: the
        card a player takes to his seat (DE-SEAT-1)."""
        cards = []
        for card in self.table_cards():
            lines = [
                self.name,
                f"{card['name']} ({card['player']})",
                f"Table {card['table']}  -  Seat {card['seat']}",
            ]
            width = max(len(line) for line in lines) + 4
            rule = "+" + "-" * width + "+"
            cards.append("\n".join([rule, *(f"|  {line:<{width - 2}}|" for line in lines), rule]))
        return "\n\n".join(cards) + "\n"

    def start(self, at: float) -> list[TournamentEvent]:
        if self.status != "registering":
            raise self._fail(f"the tournament is {self.status}", "OQ-41")
        if not any(p.table for p in self.players.values()):
            raise self._fail("draw the seats first", "DE-SEAT-1")
        emitted = [self._emit(Started(at=at))]
        emitted.append(self._emit(self._level_event(1, at)))
        return emitted

    # ------------------------------------------------------------ the clock

    def _level_event(self, level: int, at: float) -> LevelChanged:
        lv = self.struct.playing_level(level - 1)
        profile = self.profile
        return LevelChanged(
            level=level,
            ante=lv.ante,
            small_blind=lv.ante * profile.small_blind_antes,
            big_blind=lv.ante * profile.big_blind_antes,
            at=at,
            is_break=lv.is_break,
        )

    def tick(self, now: float, randbelow: RandBelow | None = None) -> list[TournamentEvent]:
        """Advance the level clock to ``now`` (time comes from outside).  At
        the start of the level after ``unconfirmed_withdrawn_after_level``
        unconfirmed stacks are withdrawn (DE-DEAL-4, OQ-46); with
        ``randbelow`` the tables are then broken or balanced."""
        if self.status != "running":
            return []
        target = self.clock.level_at(now)
        emitted: list[TournamentEvent] = []
        while self.level < target:
            emitted.append(self._emit(self._level_event(self.level + 1, now)))
        withdrawn = self._withdraw_unconfirmed()
        if withdrawn:
            emitted += withdrawn
            if randbelow is not None:
                emitted += self.rebalance(randbelow)
            emitted += self._check_finish(now)
        return emitted

    def pause(self, at: float) -> Paused:
        if self.status != "running" or self.clock.paused_at is not None:
            raise self._fail("only a running clock can be paused", "NM-D-1G, OQ-03")
        return self._emit(Paused(at=at))  # type: ignore[return-value]

    def resume(self, at: float) -> Resumed:
        if self.clock.paused_at is None:
            raise self._fail("the clock is not paused", "NM-D-1G, OQ-03")
        return self._emit(Resumed(at=at))  # type: ignore[return-value]

    @property
    def current_level(self) -> LevelChanged | None:
        return self.level_event

    # ------------------------------------------------------------ hands

    def begin_hand(self, table: int, randbelow: RandBelow) -> HandSpec:
        """Decide the next hand at ``table``: who is dealt in, where the
        button and blinds are (OQ-43, OQ-29, OQ-53), the ante of the level,
        dead hands (absent OQ-45, time penalty OQ-62).  A hand is dealt even
        when every hand is dead (DE-DEAL-3, OQ-45, OQ-62)."""
        if self.status != "running":
            raise self._fail(f"the tournament is {self.status}", "OQ-41")
        if self.clock.paused_at is not None:
            raise self._fail("the clock is paused", "NM-D-1G, OQ-03")
        level = self.current_level
        assert level is not None
        if level.is_break:
            raise self._fail("the tournament is on a break", "OQ-09")
        state = self.tables.get(table)
        if state is None or state.in_hand:
            raise self._fail(f"table {table} cannot start a hand now", "NM-D-1G")
        active = {seat: p for seat, p in state.seats.items() if self.players[p].chips > 0}
        if len(active) < 2:
            raise self._fail(f"table {table} has fewer than two players", "NM-D-1B, OQ-04")
        blinds = self.profile.game == "holdem"
        newcomer_seats = [s for s, p in active.items() if p in state.newcomers]
        first_button = None
        if state.positions is None:
            seats = sorted(active)
            if self.profile.break_policy in ("de-holdem", "tda"):
                first_button = 1 if 1 in active else seats[0]  # DE-SEAT-2
            else:
                first_button = seats[randbelow(len(seats))]  # OQ-07: by lot
        positions = next_positions(
            active,
            state.positions,
            first_button=first_button,
            blinds=blinds,
            newcomers=newcomer_seats,
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
            hand_id=f"{self.id}-t{table}-h{event.hand}",
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
        state = self.tables.get(table)
        if state is None or not state.in_hand:
            raise self._fail(f"no hand is running at table {table}", "NM-D-1G")
        if set(stacks) != set(state.dealt):
            raise self._fail("the result must list exactly the players dealt in", "NM-D-1G")
        start_stacks = dict(state.dealt)  # HandEnded clears them; places need them (OQ-06)
        before = sum(start_stacks.values()) + state.carried_pot
        after = sum(stacks.values()) + carried_pot
        if before != after or any(v < 0 for v in stacks.values()):
            raise self._fail(
                f"chips do not add up: {before} went in, {after} came out", "NM-D-1B s2"
            )
        hand = state.hands
        pending = list(state.pending)  # HandEnded clears them
        emitted: list[TournamentEvent] = [
            self._emit(
                HandEnded(
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
        emitted += self._withdraw_unconfirmed(table)  # DE-DEAL-4, OQ-46: after his hand
        busted = [
            p for p in stacks if self.players[p].chips == 0 and self.players[p].status == "playing"
        ]
        emitted += self._place(busted, start_stacks, table=table, hand=hand)
        emitted += self.rebalance(randbelow)
        emitted += self._check_finish(at)
        return emitted

    # ------------------------------------------------------------ places

    def _place(
        self,
        busted: list[str],
        start_stacks: Mapping[str, int],
        *,
        table: int | None,
        hand: int | None,
    ) -> list[TournamentEvent]:
        """Players out in the same hand rank by their stacks at its start;
        equal stacks share the places and their prizes (OQ-06, NM-D-5)."""
        if not busted:
            return []
        emitted: list[TournamentEvent] = []
        ranked = sorted(busted, key=lambda p: -start_stacks.get(p, 0))
        alive_after = self.alive - len(busted)
        place = alive_after + 1
        k = 0
        table_of_prizes = prize_table(self.struct, self.entrants)
        while k < len(ranked):
            group = [p for p in ranked if start_stacks.get(p, 0) == start_stacks.get(ranked[k], 0)]
            for player in group:
                emitted.append(
                    self._emit(
                        Eliminated(
                            player=player, place=place, table=table, hand=hand, shared=len(group)
                        )
                    )
                )
            for player, amount, percent in shared_prizes(table_of_prizes, place, group):
                emitted.append(
                    self._emit(
                        PrizeAwarded(player=player, place=place, amount=amount, percent=percent)
                    )
                )
            place += len(group)
            k += len(group)
        return emitted

    def _check_finish(self, at: float | None) -> list[TournamentEvent]:
        if self.status != "running" or self.alive > 1:
            return []
        if self.alive == 0:
            # Nobody left to win: every entry withdrawn or disqualified (DE-DEAL-4, OQ-46).
            return [self._emit(Finished(winner=None, at=at))]
        winner = next(p.player for p in self.players.values() if p.status == "playing")
        emitted: list[TournamentEvent] = [self._emit(Finished(winner=winner, at=at))]
        for player, amount, percent in shared_prizes(
            prize_table(self.struct, self.entrants), 1, [winner]
        ):
            emitted.append(
                self._emit(PrizeAwarded(player=player, place=1, amount=amount, percent=percent))
            )
        return emitted

    # ------------------------------------------------------------ balancing

    def rebalance(self, randbelow: RandBelow) -> list[TournamentEvent]:
        """Break or balance tables as the profile's policy requires, moving
        players only from tables between hands (NM-D-1B, NM-H-16/17, DE-BREAK-*,
        DE-BALANCE-*, OQ-04, OQ-05, OQ-36, OQ-53, OQ-54)."""
        emitted: list[TournamentEvent] = []
        if self.status != "running" or not self.needs_balance:
            return emitted
        emitted += self._settle_stranded_pots()
        size = self.struct.table_size
        for _ in range(len(self.players) + len(self.tables) + 1):
            counts = [len(t.seats) for t in self.tables.values()]
            if not balancing.may_need_action(self.profile, counts, size):
                if all(not t.in_hand and not t.carried_pot for t in self.tables.values()):
                    self.needs_balance = False
                break
            views = self._table_views()
            idle = {t.table for t in self.tables.values() if not t.in_hand and not t.carried_pot}
            decisions = balancing.plan(self.profile, views, idle, randbelow)
            if not decisions:
                if all(not t.in_hand and not t.carried_pot for t in self.tables.values()):
                    self.needs_balance = False
                break
            for decision in decisions:
                for move in decision.moves:
                    emitted.append(
                        self._emit(
                            Moved(
                                player=move.player,
                                from_table=move.from_table,
                                from_seat=move.from_seat,
                                table=move.table,
                                seat=move.seat,
                                clause=move.clause,
                            )
                        )
                    )
                if decision.kind == "break":
                    emitted.append(
                        self._emit(
                            TableBroken(
                                table=decision.table,
                                clause=decision.clause,
                                chip_totals=decision.chip_totals,
                                spread=decision.spread,
                            )
                        )
                    )
        return emitted

    def _settle_stranded_pots(self) -> list[TournamentEvent]:
        """A check-pot held at a table where fewer than two players with
        chips are left can never be played for: the last player takes it,
        or it leaves play (OQ-10, NM-D-3B)."""
        emitted: list[TournamentEvent] = []
        for number, state in self.tables.items():
            if not state.carried_pot or state.in_hand:
                continue
            left = [p for p in state.seats.values() if self.players[p].chips > 0]
            if len(left) < 2:
                emitted.append(
                    self._emit(
                        CarriedPotAwarded(
                            table=number,
                            player=left[0] if left else None,
                            amount=state.carried_pot,
                        )
                    )
                )
        return emitted

    def _table_views(self) -> list[balancing.TableState]:
        """Seats hold only players with chips (the out and disqualified are
        unseated when they leave), so the views share the seat maps."""
        chips = ChipView(self.players)
        size = self.struct.table_size
        return [
            balancing.TableState(
                table=t.table,
                seats=t.seats,
                chips=chips,
                capacity=size,
                button=t.positions.button if t.positions else None,
                big_blind=t.positions.big_blind if t.positions else None,
            )
            for t in self.tables.values()
            if t.seats
        ]

    # ------------------------------------------------------------ the floor

    def _player(self, player: str) -> PlayerState:
        state = self.players.get(player)
        if state is None:
            raise self._fail(f"no player {player!r}", "NM-D-1G")
        return state

    def warn(self, player: str, clause: str, note: str = "") -> Warned:
        """A warning (DE-PENALTY-3, DE-ETIQ-1)."""
        self._player(player)
        return self._emit(Warned(player=player, clause=clause, note=note))  # type: ignore[return-value]

    def time_penalty(self, player: str, hands: int, clause: str, note: str = "") -> TimePenalty:
        """Sit out ``hands`` hands: blinds posted, hands dealt and killed
        (DE-PENALTY-3/4, OQ-62)."""
        state = self._player(player)
        if state.status != "playing" or hands <= 0:
            raise self._fail(
                "a time penalty needs a playing player and some hands", "DE-PENALTY-3, OQ-62"
            )
        return self._emit(  # type: ignore[return-value]
            TimePenalty(player=player, hands=hands, clause=clause, note=note)
        )

    def timed_out(self, player: str) -> TimedOut:
        """The action clock ran out on ``player`` in his table's running hand
        (DE-TIME-4, OQ-63): a ruling for the log."""
        state = self._player(player)
        table = self.tables.get(state.table) if state.table is not None else None
        if table is None or not table.in_hand:
            raise self._fail(f"{player} is not in a hand", "DE-TIME-4, OQ-63")
        return self._emit(  # type: ignore[return-value]
            TimedOut(player=player, table=table.table, hand=table.hands)
        )

    def set_absent(self, player: str, absent: bool) -> Absence:
        """Away from the seat: dealt in dead, forced bets posted (OQ-45,
        DE-DEAL-3, DE-SEATED-2)."""
        self._player(player)
        return self._emit(Absence(player=player, absent=absent))  # type: ignore[return-value]

    def _pending(
        self, ruling: str, player: str, clause: str, note: str, **fields: int
    ) -> CorrectionPending:
        state = self._player(player)
        assert state.table is not None
        if self.disqualification_pending(player):
            raise self._fail(f"{player} is disqualified when his hand ends", clause)
        event = CorrectionPending(
            ruling=ruling, player=player, table=state.table, clause=clause, note=note, **fields
        )
        return self._emit(event)  # type: ignore[return-value]

    def disqualify(self, player: str, clause: str, note: str = "") -> list[TournamentEvent]:
        """Disqualification (NM-D-1C/1D/1E, DE-PENALTY-3, DE-GEN-5): the
        player's chips leave play.  While his hand runs it is recorded as
        pending: his hand is dead at once (the services kill it), and when
        the hand ends his chips leave play; what he put in stays in the pot."""
        state = self._player(player)
        if state.status not in ("playing", "registered"):
            raise self._fail(f"{player} is not in the tournament", clause)
        if self.in_running_hand(player):
            return [self._pending("disqualify", player, clause, note)]
        emitted: list[TournamentEvent] = [
            self._emit(
                Disqualified(player=player, clause=clause, note=note, chips_removed=state.chips)
            )
        ]
        return emitted + self._check_finish(None)

    def override_chips(self, player: str, chips: int, note: str) -> Overridden | CorrectionPending:
        """The director corrects a stack (NM-D-1G, OQ-03): at once between
        hands, when the hand ends if the player is in one (his stack after
        it becomes ``chips``), and before the start his starting stack."""
        state = self._player(player)
        clause = "NM-D-1G, OQ-03"
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
            raise self._fail("chips are a whole number, never below 0", clause)
        if self.status == "registering":
            if chips == 0 or state.status not in ("registered", "playing"):
                raise self._fail("a starting stack is at least one chip", clause)
            return self._emit(  # type: ignore[return-value]
                Overridden(ruling="chips", clause=clause, note=note, player=player, chips=chips)
            )
        if state.status != "playing":
            raise self._fail(f"{player} is not playing", clause)
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

    def override_seat(
        self, player: str, table: int, seat: int, note: str
    ) -> Overridden | CorrectionPending:
        """The director moves a player (NM-D-1G, OQ-03): at once between his
        hands, when his hand ends if he is in one."""
        clause = "NM-D-1G, OQ-03"
        state = self._player(player)
        if state.status != "playing":
            raise self._fail(f"{player} is not playing", clause)
        target = self.tables.get(table)
        taken = {
            (c.to_table, c.seat)
            for t in self.tables.values()
            for c in t.pending
            if c.ruling == "seat"
        }
        if (
            target is None
            or seat in target.seats
            or (table, seat) in taken
            or not 1 <= seat <= self.struct.table_size
        ):
            raise self._fail(f"table {table} seat {seat} is not free", clause)
        if self.in_running_hand(player):
            return self._pending("seat", player, clause, note, to_table=table, seat=seat)
        return self._emit(  # type: ignore[return-value]
            Overridden(
                ruling="seat", clause=clause, note=note, player=player, table=table, seat=seat
            )
        )

    def override_level(self, level: int, at: float, note: str) -> list[TournamentEvent]:
        """The director sets the level; the clock restarts it at ``at``."""
        if self.status != "running" or not 1 <= level <= len(self.struct.levels):
            raise self._fail(f"there is no level {level} to set now", "NM-D-1G, OQ-03")
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
            self._emit(Overridden(ruling="level", clause="NM-D-1G, OQ-03", note=note, level=level)),
            self._emit(manual),
        ]

    # ------------------------------------------------------------ live events

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
        state = self.tables.get(table)
        if state is None:
            raise self._fail(f"no table {table}", "NM-D-1G")
        if self.mode != "live" or state.in_hand:
            # Online the hands themselves decide the chips.
            raise self._fail("chip counts are entered for live tables between hands", "NM-D-1G")
        seated = {p for p in state.seats.values() if self.players[p].chips > 0}
        if set(counts) - seated:
            raise self._fail("counts may only name players seated at the table", "NM-D-1G")
        if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in counts.values()):
            raise self._fail("chip counts are whole numbers, not negative", "NM-D-1G")
        before = {p: self.players[p].chips for p in counts}
        had, total = sum(before.values()), sum(counts.values())
        emitted: list[TournamentEvent] = []
        if total != had:
            gap = f"{had - total:,} missing" if total < had else f"{total - had:,} too many"
            if not confirm_correction or not note.strip():
                raise self._fail(
                    f"counts total {total:,}, table had {had:,}: {gap} (table {table});"
                    " confirm a correction with a note to record them",
                    "NM-D-1B s2, NM-D-1G, OQ-03",
                    attempted=total,
                )
            emitted.append(
                self._emit(
                    Overridden(
                        ruling="count",
                        clause="NM-D-1G, OQ-03",
                        note=f"{note.strip()} (counts total {total:,}, table had {had:,}: {gap})",
                        table=table,
                        chips=total - had,
                    )
                )
            )
        emitted.append(self._emit(ChipCount(table=table, counts=dict(counts))))
        busted = [p for p, c in counts.items() if c == 0]
        emitted += self._place(busted, before, table=table, hand=None)
        emitted += self.rebalance(randbelow)
        emitted += self._check_finish(at)
        return emitted

    # ------------------------------------------------------------ queries

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
            "clock": self.clock.describe(now, self.struct)
            if (now is not None and self.structure)
            else None,
        }
