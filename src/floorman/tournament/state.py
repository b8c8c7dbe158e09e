"""The tournament's state and how each event changes it (the fold)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from floorman.engine.profile import RuleProfile, profile_from_mapping, upgrade_profile_data
from floorman.tournament.buttons import Positions
from floorman.tournament.clock import LevelClock
from floorman.tournament.events import (
    Absence,
    BreakCalled,
    BreakEnded,
    Cancelled,
    CarriedPotAwarded,
    ChatMuted,
    ChipCount,
    ChipRace,
    ClockAdjusted,
    ClockCalled,
    Confirmed,
    CorrectionLapsed,
    CorrectionPending,
    Created,
    DealAgreed,
    DealMade,
    DealProposed,
    DealWithdrawn,
    Disqualified,
    Eliminated,
    Finished,
    HandBegun,
    HandForHand,
    HandForHandEnding,
    HandForHandPlayed,
    HandRuled,
    LateRegistrationClosed,
    LevelChanged,
    Moved,
    Overridden,
    Paused,
    PenaltyHandServed,
    PrizeAwarded,
    ReEntered,
    Registered,
    Resumed,
    RulingUndone,
    Seated,
    SeatLinkReissued,
    SitOutRequested,
    Started,
    TableBroken,
    TableHandEnded,
    TimeBankUsed,
    TimedOut,
    TimePenalty,
    TournamentEvent,
    Unregistered,
    Warned,
    Withdrawn,
)
from floorman.tournament.names import name_key
from floorman.tournament.structure import Structure
from floorman.tournament.table_index import TableIndex


@dataclass(slots=True)
class PlayerState:
    player: str
    name: str
    bot: str | None = None
    status: str = "registered"  # registered, playing, out, disqualified, withdrawn
    table: int | None = None
    seat: int | None = None
    chips: int = 0
    place: int | None = None
    shared: int = 1
    prize: int = 0
    penalty_hands: int = 0
    absent: bool = False
    #: why he is away: "player" (he sat out), "timeouts", "director", ""
    away_reason: str = ""
    #: he asked to sit out from the next hand on (DE-SEATED-1/2, OQ-45)
    sit_out_next: bool = False
    warnings: int = 0
    starting_stack: int | None = None  # the director's correction before the start
    timeouts: int = 0
    confirmed: bool = True  # False: a running-along stack (DE-DEAL-4, OQ-46)
    time_bank_used: int = 0  # seconds taken from his time bank (DE-TIME-1, OQ-63)
    chat_muted: bool = False  # the director silenced his chat (DE-ETIQ-2)
    entries: int = 1  # his first entry and his re-entries


@dataclass(slots=True)
class TableState:
    table: int
    seats: dict[int, str] = field(default_factory=dict)
    positions: Positions | None = None
    hands: int = 0
    in_hand: bool = False
    newcomers: set[str] = field(default_factory=set)
    carried_pot: int = 0
    dealt: dict[str, int] = field(default_factory=dict)
    pending: list[CorrectionPending] = field(default_factory=list)  # until the hand ends
    hand_for_hand: bool = False  # its running (or last) hand was dealt hand-for-hand (OQ-71)


def hand_id(tournament_id: str, table: int, hand: int) -> str:
    """A hand's id: its tournament, its table and its number there."""
    return f"{tournament_id}-t{table}-h{hand}"


def table_of_hand(hand_id: str) -> int:
    """The table in a :func:`hand_id`."""
    return int(hand_id.rsplit("-t", 1)[1].split("-h", 1)[0])


@dataclass(frozen=True, slots=True)
class HandSpec:
    """What the services need to start the engine hand at a table."""

    table: int
    hand: int
    hand_id: str
    seats: tuple[int, ...]
    players: tuple[str, ...]
    stacks: tuple[int, ...]
    button: int
    small_blind_seat: int | None
    big_blind_seat: int | None
    ante: int
    dead: tuple[int, ...]
    carried_pot: int


@dataclass(slots=True)
class OpenDeal:
    """A deal proposed and not yet made or withdrawn (OQ-73)."""

    proposal: DealProposed
    agreed: set[str] = field(default_factory=set)


class TournamentState:
    """Everything folded from the events; :class:`Tournament` adds commands."""

    def __init__(self) -> None:
        self.events: list[TournamentEvent] = []
        # False: the events are folded and dropped, ``events`` stays empty.
        # For a simulation only, whose log nobody reads: a huge field's log
        # (every break records every table's chips) outgrows the memory.
        self.keep_log = True
        self.id = ""
        self.name = ""
        self.mode = "online"
        self.profile = RuleProfile()
        self.structure: Structure | None = None
        self.players: dict[str, PlayerState] = {}
        self.names: dict[str, str] = {}  # name_key -> the name entered (DE-GEN-2, OQ-64)
        self.tables: dict[int, TableState] = {}
        # seats, chips and running hands by table, for balancing without
        # scanning every table after every hand
        self.index = TableIndex()
        self.clock = LevelClock(())
        self.level = 0  # 1-based once started
        self.level_event: LevelChanged | None = None
        self.status = "registering"
        self.winner: str | None = None
        self.alive = 0
        self.chips_in_play = 0
        self.needs_balance = False
        # Entries still unconfirmed, in registration order: what the
        # withdrawal at the end of each hand looks at, not the whole field
        # (DE-DEAL-4, OQ-46).
        self.unconfirmed: dict[str, None] = {}
        self.withdrawn = 0  # entries withdrawn (DE-DEAL-4): counted, not scanned per bust
        # entries disqualified (NM-D-1C/1D/1E): they fill no place (OQ-69)
        self.disqualified_entries = 0
        # every entry ever made, those taken back included: a new player's
        # number is never one given before
        self.entries_made = 0
        # entries paid for (confirmed, DE-DEAL-3/4, OQ-46): what the pool is made of
        self.paid_entries = 0
        self.re_entries = 0
        # players out while late registration is open, in the order they went
        # out, with the place they had then: their places wait for the final field
        self.late_busts: dict[str, int] = {}
        self.late_registration_closed = False
        # the players whose seat link the director reissued: how many times
        # (the token is derived from it; OQ-74)
        self.seat_links: dict[str, int] = {}
        # Hand-for-hand (OQ-71): on or off, the number of the hand-for-hand
        # hand being played, the tables that have dealt it, and the players
        # dealt into it with (stack at its start, table, hand): those out in
        # it are placed together when every table has finished it (OQ-06).
        self.hand_for_hand = False
        self.hand_for_hand_hand = 0
        self.hand_for_hand_dealt: set[int] = set()
        self.hand_for_hand_start: dict[str, tuple[int, int, int]] = {}
        # the director ended it while its hand was played: off when it is over
        self.hand_for_hand_ending = False
        # the director's break (NM-D-1G, OQ-03): when it ends, None: none
        self.break_until: float | None = None
        # log indices of the rulings taken back (NM-D-1G, OQ-03), and the
        # last ruling Undo may take back: its index in the log, the players
        # and the tables it concerns (:mod:`floorman.tournament.undo`)
        self.undone: set[int] = set()
        self.last_ruling: tuple[int, frozenset[str], frozenset[int]] | None = None
        # how far the log after it was searched for what depends on it:
        # (its index, searched up to, the first dependent event's index or None)
        self.undo_scan: tuple[int, int, int | None] | None = None
        # what the ruling Undo would take back changed, as the console
        # says it before it asks: (its index, the stacks, tables and seats
        # before it); folded once per ruling, not after every change
        self.undo_before: tuple[int, dict[str, tuple[int, int, int]]] | None = None
        # the deal proposed and who has agreed to it so far (OQ-73), and
        # the deal made, which ended play
        self.deal: OpenDeal | None = None
        self.deal_made: DealMade | None = None

    @property
    def struct(self) -> Structure:
        assert self.structure is not None
        return self.structure

    def _emit(self, event: TournamentEvent) -> TournamentEvent:
        if self.keep_log:
            self.events.append(event)
        APPLY[type(event)](self, event)
        return event

    def apply(self, event: TournamentEvent) -> None:
        """Fold one recorded event, as a replay does (for folds that look
        at the state between events, e.g. the chip history)."""
        self._emit(event)

    # ------------------------------------------------------------ applying

    def _apply_created(self, e: Created) -> None:
        self.id = e.tournament
        self.name = e.name
        self.mode = e.mode
        self.profile = profile_from_mapping(upgrade_profile_data(e.profile))
        self.structure = Structure.from_dict(e.structure)
        self.clock = LevelClock(self.structure.levels)

    def _apply_registered(self, e: Registered) -> None:
        self.entries_made += 1
        self.players[e.player] = PlayerState(e.player, e.name, e.bot, confirmed=e.confirmed)
        self.names.setdefault(name_key(e.name), e.name)
        if not e.confirmed:
            self.unconfirmed[e.player] = None
        else:
            self.paid_entries += 1

    def _apply_unregistered(self, e: Unregistered) -> None:
        state = self.players.pop(e.player)
        if self.names.get(name_key(state.name)) == state.name:
            del self.names[name_key(state.name)]
        self.unconfirmed.pop(e.player, None)
        if state.confirmed:
            self.paid_entries -= 1

    def _apply_cancelled(self, e: Cancelled) -> None:
        self.status = "cancelled"

    def _apply_chat_muted(self, e: ChatMuted) -> None:
        self.players[e.player].chat_muted = e.muted

    def _apply_seat_link_reissued(self, e: SeatLinkReissued) -> None:
        self.seat_links[e.player] = e.link

    def _apply_time_bank_used(self, e: TimeBankUsed) -> None:
        self.players[e.player].time_bank_used += e.seconds

    def _apply_confirmed(self, e: Confirmed) -> None:
        self.players[e.player].confirmed = True
        self.paid_entries += 1
        self.unconfirmed.pop(e.player, None)

    def _apply_withdrawn(self, e: Withdrawn) -> None:
        """The entry is cancelled: out of play with no place (DE-DEAL-4,
        OQ-46).  It fills no place either (OQ-39), so everyone already out,
        placed while it still counted, moves up one: the places stay 1..n
        with no gap."""
        was_in_play = self.players[e.player].status == "playing"
        self._leave_play(e.player, "withdrawn", e.chips_removed)
        self.unconfirmed.pop(e.player, None)
        self.withdrawn += 1
        if was_in_play:
            self._placed_move_up()

    def _placed_move_up(self) -> None:
        """An entry that leaves play with no place fills none: everyone
        already out, placed while it still counted, moves up one, so the
        places stay 1..n with no gap (OQ-39, OQ-69)."""
        for p in self.players.values():
            if p.status == "out" and p.place is not None:
                p.place -= 1
        for player in self.late_busts:
            self.late_busts[player] -= 1

    def _leave_play(self, player: str, status: str, chips_removed: int) -> None:
        """Out with no place: his chips leave play and his seat is freed."""
        p = self.players[player]
        if p.status == "playing":
            self.alive -= 1
        p.status = status
        p.chips = 0
        self.index.touch(p.table)
        self.chips_in_play -= chips_removed
        self._unseat(p)
        self.needs_balance = True

    def _table(self, number: int) -> TableState:
        table = self.tables.get(number)
        if table is None:
            table = self.tables[number] = TableState(number)
        return table

    def _seat(self, number: int, seat: int, player: str) -> TableState:
        table = self._table(number)
        before = len(table.seats)
        table.seats[seat] = player
        self.index.reseated(self.tables, number, before)
        return table

    def _unseat(self, p: PlayerState) -> None:
        """Free his seat, if he still holds it."""
        table = self.tables.get(p.table) if p.table is not None else None
        if table is not None and p.seat is not None and table.seats.get(p.seat) == p.player:
            before = len(table.seats)
            del table.seats[p.seat]
            self.index.reseated(self.tables, table.table, before)

    @property
    def entrants(self) -> int:
        """Entries that can finish in a place: a withdrawn entry was
        cancelled (DE-DEAL-4, OQ-46) and fills none (OQ-39)."""
        return len(self.players) - self.withdrawn

    @property
    def places_to_fill(self) -> int:
        """The places the entrants can finish in: a disqualified entry
        finishes in none (NM-D-1C/1D/1E), so it is paid no share (OQ-69)."""
        return self.entrants - self.disqualified_entries

    @property
    def entries(self) -> int:
        """Every entry that stands, re-entries included: what chooses the
        payout table (a withdrawn entry was cancelled, DE-DEAL-4, OQ-46)."""
        return self.entrants + self.re_entries

    @property
    def late_registration_pending(self) -> bool:
        """Late registration set and not yet closed (its level may have
        ended a moment ago: the close follows before anything else)."""
        late = self.structure.late_registration_level if self.structure else None
        return late is not None and not self.late_registration_closed

    def _apply_re_entered(self, e: ReEntered) -> None:
        p = self.players[e.player]
        p.status, p.place, p.shared, p.prize = "registered", None, 1, 0
        self.index.touch(p.table)
        p.chips, p.table, p.seat = 0, None, None
        p.absent, p.away_reason, p.penalty_hands, p.timeouts = False, "", 0, 0
        p.sit_out_next = False
        p.entries = e.entry
        self.re_entries += 1
        self.paid_entries += 1
        self.late_busts.pop(e.player, None)

    def _apply_late_closed(self, e: LateRegistrationClosed) -> None:
        self.late_registration_closed = True
        self.late_busts = {}
        for player, place in e.places.items():
            self.players[player].place = place
            self.players[player].shared = e.shared.get(player, 1)

    def _apply_seated(self, e: Seated) -> None:
        p = self.players[e.player]
        p.table, p.seat, p.status = e.table, e.seat, "playing"
        p.chips = p.starting_stack or self.struct.starting_stack
        self._seat(e.table, e.seat, e.player)
        if self.status == "running":  # a late entry: he waits as a moved player would
            self.tables[e.table].newcomers.add(e.player)
        self.alive += 1
        self.chips_in_play += p.chips

    def _apply_started(self, e: Started) -> None:
        self.status = "running"
        self.clock.start(e.at)
        self.needs_balance = True

    def _apply_level(self, e: LevelChanged) -> None:
        self.level = e.level
        self.level_event = e
        if e.manual:
            self.clock.set_level(e.level, e.at)

    def _apply_paused(self, e: Paused) -> None:
        self.clock.pause(e.at)

    def _apply_resumed(self, e: Resumed) -> None:
        self.clock.resume(e.at)

    def _apply_hand_begun(self, e: HandBegun) -> None:
        t = self.tables[e.table]
        t.hands = e.hand
        t.in_hand = True
        self.index.hand_begun(e.table)
        t.dealt = dict(e.dealt)
        nominal = e.small_blind_seat
        if nominal is None and t.positions is not None and t.positions.big_blind is not None:
            nominal = t.positions.big_blind
        seat_of = {p: s for s, p in t.seats.items()}
        t.positions = Positions(
            e.button_seat,
            e.small_blind_seat,
            e.big_blind_seat,
            nominal if nominal is not None else e.button_seat,
            tuple(sorted(seat_of[p] for p in e.dealt)),
            (),
        )
        t.newcomers -= set(e.dealt)
        t.hand_for_hand = self.hand_for_hand
        if self.hand_for_hand:
            self.hand_for_hand_dealt.add(e.table)
            for player, chips in e.dealt.items():
                self.hand_for_hand_start[player] = (chips, e.table, e.hand)
        for player in e.dealt:
            state = self.players[player]
            if state.penalty_hands > 0:
                state.penalty_hands -= 1

    def _apply_hand_ended(self, e: TableHandEnded) -> None:
        t = self.tables[e.table]
        t.in_hand = False
        t.carried_pot = e.carried_pot
        self.index.hand_ended(e.table, e.carried_pot)
        for player, chips in e.stacks.items():
            state = self.players[player]
            state.chips = chips
            if state.table != e.table:
                self.index.touch(state.table)
        t.dealt = {}
        t.pending = []  # end_hand records what each one became

    def _apply_moved(self, e: Moved) -> None:
        p = self.players[e.player]
        old = self.tables[e.from_table]
        if old.seats.get(e.from_seat) == e.player:
            before = len(old.seats)
            del old.seats[e.from_seat]
            self.index.reseated(self.tables, e.from_table, before)
        new = self._seat(e.table, e.seat, e.player)
        new.newcomers.add(e.player)
        p.table, p.seat = e.table, e.seat

    def _apply_broken(self, e: TableBroken) -> None:
        t = self.tables[e.table]
        before = len(t.seats)
        t.seats = {s: p for s, p in t.seats.items() if self.players[p].chips > 0}
        self.index.reseated(self.tables, e.table, before)

    def _apply_eliminated(self, e: Eliminated) -> None:
        p = self.players[e.player]
        p.status, p.place, p.shared = "out", e.place, e.shared
        self._unseat(p)  # the eliminated leave the table (DE-GEN-3)
        self.alive -= 1
        self.needs_balance = True
        if self.late_registration_pending and self.status == "running":
            self.late_busts[e.player] = e.place  # his place waits for the final field

    def _apply_prize(self, e: PrizeAwarded) -> None:
        self.players[e.player].prize = e.amount

    def _apply_warned(self, e: Warned) -> None:
        self.players[e.player].warnings += 1

    def _apply_penalty(self, e: TimePenalty) -> None:
        self.players[e.player].penalty_hands += e.hands

    def _apply_absence(self, e: Absence) -> None:
        p = self.players[e.player]
        p.absent = e.absent
        p.away_reason = e.reason if e.absent else ""
        p.sit_out_next = False  # away now, or back: the request is spent

    def _apply_sit_out_requested(self, e: SitOutRequested) -> None:
        self.players[e.player].sit_out_next = e.requested

    def _apply_disqualified(self, e: Disqualified) -> None:
        """Out with no place and no prize (NM-D-1C/1D/1E): he fills no place,
        so, as after a withdrawal, those already out move up one and the
        places nobody can fill are one more (OQ-69: the pool is paid whole)."""
        was_in_play = self.players[e.player].status == "playing"
        self._leave_play(e.player, "disqualified", e.chips_removed)
        self.disqualified_entries += 1
        if was_in_play:
            self._placed_move_up()

    def _apply_override(self, e: Overridden) -> None:
        p = self.players.get(e.player) if e.player is not None else None
        if p is not None and p.status == "playing" and e.ruling in ("chips", "seat"):
            tables = frozenset(t for t in (p.table, e.table) if t is not None)
            self._remember_ruling(frozenset({p.player}), tables)
        if e.ruling == "chips" and e.player is not None and e.chips is not None:
            p = self.players[e.player]
            if p.status == "registered":  # before the seat draw: his starting stack
                p.starting_stack = e.chips
                return
            self.chips_in_play += e.chips - p.chips
            p.chips = e.chips
            self.index.touch(p.table)
            self.needs_balance = True
        elif e.ruling == "seat" and e.player is not None and e.table is not None:
            p = self.players[e.player]
            if p.table is not None:
                old = self.tables[p.table]
                before = len(old.seats)
                old.seats.pop(p.seat or 0, None)
                self.index.reseated(self.tables, p.table, before)
                self.index.touch(p.table)
            self._seat(e.table, e.seat or 0, e.player).newcomers.add(e.player)
            p.table, p.seat = e.table, e.seat
            self.needs_balance = True

    def _apply_penalty_served(self, e: PenaltyHandServed) -> None:
        player = self.players[e.player]
        player.penalty_hands = max(0, player.penalty_hands - 1)

    def _apply_carried_awarded(self, e: CarriedPotAwarded) -> None:
        table = self.tables[e.table]
        table.carried_pot = 0
        self.index.pot_taken(e.table, table.in_hand)
        if e.player is not None:
            self.players[e.player].chips += e.amount
            self.index.touch(self.players[e.player].table)
        else:
            self.chips_in_play -= e.amount
        self.needs_balance = True

    def _remember_ruling(self, players: frozenset[str], tables: frozenset[int]) -> None:
        """The event being folded is a ruling Undo may take back (the last
        one in the log: :meth:`_emit` has appended it)."""
        if self.keep_log:
            self.last_ruling = (len(self.events) - 1, players, tables)

    def _apply_chip_count(self, e: ChipCount) -> None:
        self._remember_ruling(frozenset(e.counts), frozenset({e.table}))
        if self.hand_for_hand:  # live: this table's hand-for-hand hand (OQ-71)
            self.hand_for_hand_dealt.add(e.table)
            for player, chips in e.counts.items():
                if chips == 0:
                    before = self.players[player].chips
                    self.hand_for_hand_start.setdefault(player, (before, e.table, 0))
        for player, chips in e.counts.items():
            self.chips_in_play += chips - self.players[player].chips
            self.players[player].chips = chips
            self.index.touch(self.players[player].table)
        self.needs_balance = True

    def _apply_correction_pending(self, e: CorrectionPending) -> None:
        self.tables[e.table].pending.append(e)

    def _apply_nothing(self, e: TournamentEvent) -> None:
        """An event for the log only."""

    def _apply_hand_for_hand(self, e: HandForHand) -> None:
        self.hand_for_hand = e.on
        self.hand_for_hand_ending = False
        self.hand_for_hand_hand = 1 if e.on else 0
        self.hand_for_hand_dealt = set()
        self.hand_for_hand_start = {}

    def _apply_hand_for_hand_ending(self, e: HandForHandEnding) -> None:
        self.hand_for_hand_ending = True

    def _apply_hand_for_hand_played(self, e: HandForHandPlayed) -> None:
        self.hand_for_hand_hand = e.hand + 1
        self.hand_for_hand_dealt = set()
        self.hand_for_hand_start = {}

    def _apply_clock_adjusted(self, e: ClockAdjusted) -> None:
        self.clock.lengthen(e.level, e.seconds)

    def _apply_break_called(self, e: BreakCalled) -> None:
        self.clock.pause(e.at)
        self.break_until = e.at + e.seconds

    def _apply_break_ended(self, e: BreakEnded) -> None:
        self.clock.resume(e.at)
        self.break_until = None

    def _apply_chip_race(self, e: ChipRace) -> None:
        self._set_stacks(e.stacks)

    def _set_stacks(self, stacks: Mapping[str, int]) -> None:
        for player, chips in stacks.items():
            p = self.players[player]
            self.chips_in_play += chips - p.chips
            p.chips = chips
            self.index.touch(p.table)
        self.needs_balance = True

    def _apply_ruling_undone(self, e: RulingUndone) -> None:
        """Back to what the ruling found: the revived players first (in
        play again, no place, no prize), then their stacks and seats."""
        self.undone.add(e.index)
        for player in e.revived:
            p = self.players[player]
            p.status, p.place, p.shared, p.prize = "playing", None, 1, 0
            self.alive += 1
            self.late_busts.pop(player, None)
        for player, table in e.tables.items():
            seat = e.seats[player]
            p = self.players[player]
            if p.table in self.tables:  # he was moved there: he goes back, no newcomer
                self.tables[p.table].newcomers.discard(player)
            self._unseat(p)
            self.index.touch(p.table)
            self._seat(table, seat, player)
            p.table, p.seat = table, seat
        self._set_stacks(e.stacks)

    def _apply_timed_out(self, e: TimedOut) -> None:
        self.players[e.player].timeouts += 1

    def in_running_hand(self, player: str) -> bool:
        """Dealt into the hand now running at his table."""
        state = self.players.get(player)
        table = self.tables.get(state.table) if state and state.table is not None else None
        return table is not None and table.in_hand and player in table.dealt

    def pending_for(self, player: str) -> list[CorrectionPending]:
        """The corrections waiting for ``player``'s hand to end (NM-D-1G)."""
        state = self.players.get(player)
        table = self.tables.get(state.table) if state and state.table is not None else None
        return [c for c in table.pending if c.player == player] if table else []

    def disqualification_pending(self, player: str) -> bool:
        """Disqualified during his hand: it is dead, his chips go when it ends."""
        return any(c.ruling == "disqualify" for c in self.pending_for(player))

    def _apply_deal_proposed(self, e: DealProposed) -> None:
        self.deal = OpenDeal(e)

    def _apply_deal_agreed(self, e: DealAgreed) -> None:
        assert self.deal is not None
        self.deal.agreed.add(e.player)

    def _apply_deal_withdrawn(self, e: DealWithdrawn) -> None:
        self.deal = None

    def _apply_deal_made(self, e: DealMade) -> None:
        """Play ends: each player of the deal has his place (by chips, for
        the record) and his share as his prize (OQ-73)."""
        self.deal, self.deal_made = None, e
        winner = next(p for p, place in e.places.items() if place == 1)
        for player, place in e.places.items():
            p = self.players[player]
            p.place, p.prize = place, e.amounts[player]
            p.shared = sum(1 for other in e.places.values() if other == place)
            if player != winner:
                p.status = "out"
                self._unseat(p)
                self.alive -= 1
        self._apply_finished(Finished(winner=winner, at=e.at))

    def _apply_finished(self, e: Finished) -> None:
        self.status = "finished"
        self.clock.stop(e.at, self.level)  # it ended in the level of its last hand
        self.winner = e.winner
        if e.winner is not None:
            p = self.players[e.winner]
            p.place = 1
            p.status = "won"


class ChipView(Mapping[str, int]):
    """Players' chips as a read-only mapping, without copying."""

    __slots__ = ("_players",)

    def __init__(self, players: dict[str, PlayerState]) -> None:
        self._players = players

    def __getitem__(self, player: str) -> int:
        return self._players[player].chips

    def __iter__(self) -> Iterator[str]:
        return iter(self._players)

    def __len__(self) -> int:
        return len(self._players)


# Each event type's fold (the functions take their own event type).
APPLY: dict[type[TournamentEvent], Callable[[TournamentState, Any], None]] = {
    Created: TournamentState._apply_created,
    Registered: TournamentState._apply_registered,
    Unregistered: TournamentState._apply_unregistered,
    Cancelled: TournamentState._apply_cancelled,
    TimeBankUsed: TournamentState._apply_time_bank_used,
    ChatMuted: TournamentState._apply_chat_muted,
    Confirmed: TournamentState._apply_confirmed,
    Withdrawn: TournamentState._apply_withdrawn,
    Seated: TournamentState._apply_seated,
    Started: TournamentState._apply_started,
    LevelChanged: TournamentState._apply_level,
    Paused: TournamentState._apply_paused,
    Resumed: TournamentState._apply_resumed,
    HandBegun: TournamentState._apply_hand_begun,
    TableHandEnded: TournamentState._apply_hand_ended,
    Moved: TournamentState._apply_moved,
    TableBroken: TournamentState._apply_broken,
    Eliminated: TournamentState._apply_eliminated,
    PrizeAwarded: TournamentState._apply_prize,
    Warned: TournamentState._apply_warned,
    TimePenalty: TournamentState._apply_penalty,
    Absence: TournamentState._apply_absence,
    SitOutRequested: TournamentState._apply_sit_out_requested,
    Disqualified: TournamentState._apply_disqualified,
    Overridden: TournamentState._apply_override,
    ChipCount: TournamentState._apply_chip_count,
    PenaltyHandServed: TournamentState._apply_penalty_served,
    CarriedPotAwarded: TournamentState._apply_carried_awarded,
    CorrectionPending: TournamentState._apply_correction_pending,
    CorrectionLapsed: TournamentState._apply_nothing,
    TimedOut: TournamentState._apply_timed_out,
    Finished: TournamentState._apply_finished,
    ReEntered: TournamentState._apply_re_entered,
    LateRegistrationClosed: TournamentState._apply_late_closed,
    HandRuled: TournamentState._apply_nothing,
    HandForHand: TournamentState._apply_hand_for_hand,
    HandForHandPlayed: TournamentState._apply_hand_for_hand_played,
    HandForHandEnding: TournamentState._apply_hand_for_hand_ending,
    ClockAdjusted: TournamentState._apply_clock_adjusted,
    BreakCalled: TournamentState._apply_break_called,
    BreakEnded: TournamentState._apply_break_ended,
    ChipRace: TournamentState._apply_chip_race,
    RulingUndone: TournamentState._apply_ruling_undone,
    ClockCalled: TournamentState._apply_nothing,
    SeatLinkReissued: TournamentState._apply_seat_link_reissued,
    DealProposed: TournamentState._apply_deal_proposed,
    DealAgreed: TournamentState._apply_deal_agreed,
    DealWithdrawn: TournamentState._apply_deal_withdrawn,
    DealMade: TournamentState._apply_deal_made,
}
