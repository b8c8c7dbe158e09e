"""Registration, the seat draw and the start (OQ-41, DE-SEAT-1, DE-GEN-2,
OQ-64, DE-DEAL-3/4, OQ-46): a mixin of
:class:`floorman.tournament.core.Tournament`.  Each command's
``verify_*`` refuses with the clause before anything is recorded; ``can_*``
says whether it would pass.
"""

from __future__ import annotations

from floorman.engine.cards import RandBelow, pick
from floorman.tournament.base import TournamentBase
from floorman.tournament.events import (
    Cancelled,
    Confirmed,
    ReEntered,
    Registered,
    Seated,
    Started,
    TournamentEvent,
    Unregistered,
)
from floorman.tournament.names import clean_name, name_key
from floorman.tournament.seating import draw_seats


class Registration(TournamentBase):
    """Entering players, drawing seats, starting."""

    def verify_register(
        self, player: str, name: str | None = None, *, confirmed: bool = True
    ) -> None:
        """Refuse an entry: registration closed at the seat draw (OQ-41,
        DE-SEAT-1), the id empty or taken, the name no name or entered
        already (DE-GEN-2, OQ-64: :class:`MalformedName` or the
        :class:`TournamentError`), an unconfirmed entry after the start
        where unconfirmed stacks take no seat (OQ-70)."""
        self.verify_registration_open()
        if not confirmed and self.status == "running" and not self._unconfirmed_may_sit():
            raise self._fail(
                "an entry after the start takes a seat at once: confirm it as paid",
                "DE-DEAL-3, OQ-70",
            )
        if not isinstance(player, str) or not player or player in self.players:
            raise self._fail(
                "player id {player} is empty or taken",
                "DE-GEN-2, OQ-64",
                values={"player": repr(player)},
            )
        self.check_name(player if name is None else name)

    def verify_registration_open(self) -> None:
        """Entries are taken until the seat draw, or with late registration
        until the end of its level (an administration limit, OQ-41)."""
        # a seat makes its table: a table at all means seats were given
        # (looking at every player instead made 10,000 entries take minutes)
        if self.status == "registering" and not self.tables:
            return
        if self.late_registration_open():
            return
        late = self.struct.late_registration_level
        if late is not None and self.status == "running":
            raise self._fail(
                "late registration closed at the end of level {level}",
                "OQ-41",
                values={"level": late},
            )
        raise self._fail("registration closes at the seat draw", "OQ-41, DE-SEAT-1")

    def registration_is_open(self) -> bool:
        return self._can(self.verify_registration_open)

    def can_register(self, player: str, name: str | None = None, *, confirmed: bool = True) -> bool:
        return self._can(self.verify_register, player, name, confirmed=confirmed)

    def _unconfirmed_may_sit(self) -> bool:
        """Whether an unconfirmed entry may take a seat: only where the
        profile runs DE-DEAL-4's running-along stacks literally (OQ-46,
        OQ-70)."""
        return self.profile.seat_unconfirmed_at_start

    def verify_all_confirmed(self) -> None:
        """Refuse the seat draw and the start while an entry is unconfirmed
        (not paid or checked in) where unconfirmed stacks take no seat: the
        director confirms or strikes each first, so every seat is a paid one
        and the results agree with the accounts (DE-DEAL-3/4, OQ-46, OQ-70)."""
        if not self.unconfirmed or self._unconfirmed_may_sit():
            return
        names = [self.players[player].name for player in self.unconfirmed]
        raise self._fail(
            "confirm or strike the unconfirmed entries first: {players}",
            "DE-DEAL-3, DE-DEAL-4, OQ-70",
            values={"players": ", ".join(names)},
        )

    def register(
        self, player: str, name: str | None = None, bot: str | None = None, confirmed: bool = True
    ) -> Registered:
        """Enter ``player``; ``confirmed=False`` enters a running-along stack
        (registered, not yet paid or checked in), withdrawn at the end of the
        profile's ``unconfirmed_withdrawn_after_level`` unless confirmed
        (DE-DEAL-4, OQ-46)."""
        # the twin name too (DE-GEN-2, OQ-64)
        self.verify_register(player, name, confirmed=confirmed)
        name = clean_name(player if name is None else name)
        event = Registered(player=player, name=name, bot=bot, confirmed=bool(confirmed))
        self._emit(event)
        return event

    def verify_re_enter(self, player: str) -> None:
        """Refuse a re-entry: the profile has none (a freeze-out: no rebuys,
        OQ-41; the German rules leave it to the organiser, off unless he
        switches it on, OQ-68), the player is not out (or was put out by a
        ruling), or late registration is over (OQ-41)."""
        state = self._player(player)
        if not self.profile.re_entry:
            raise self._fail(
                "{profile} allows no re-entry",
                "OQ-68" if self.profile.rulebook == "DE" else "OQ-41",
                values={"profile": self.profile.name},
            )
        if state.status != "out":
            raise self._fail(
                "only a player out of chips may re-enter; {player} is {status}",
                "OQ-41",
                values={"player": player, "status": state.status},
            )
        self.verify_registration_open()

    def can_re_enter(self, player: str) -> bool:
        return self._can(self.verify_re_enter, player)

    def re_enter(self, player: str, randbelow: RandBelow) -> list[TournamentEvent]:
        """A new entry for a busted player: a new stack at a seat given as
        to any late entry (:meth:`seat_late_entry`), his buy-in in the pool."""
        self.verify_re_enter(player)
        entry = self.players[player].entries + 1
        emitted = [self._emit(ReEntered(player=player, entry=entry))]
        return emitted + self.seat_late_entry(player, randbelow)

    def seat_late_entry(self, player: str, randbelow: RandBelow) -> list[TournamentEvent]:
        """Seat an entry made after the start with the starting stack: a
        free seat by lot at a table with the fewest players (the seat draw's
        lot, DE-SEAT-1, NM-D-1A), a new table when every table is full;
        then the profile's own breaking and balancing (NM-H-16/17, NM-D-1A,
        DE-BALANCE-*)."""
        state = self._player(player)
        if state.status != "registered" or self.status != "running":
            raise self._fail(
                "{player} is {status}",
                "OQ-41",
                values={"player": player, "status": state.status},
            )
        size = self.struct.table_size
        open_tables = [t for t in self.tables.values() if t.seats and len(t.seats) < size]
        if open_tables:
            fewest = min(len(t.seats) for t in open_tables)
            table = pick([t for t in open_tables if len(t.seats) == fewest], randbelow)
            number = table.table
            free = [s for s in range(1, size + 1) if s not in table.seats]
        else:
            number = max(self.tables, default=0) + 1
            free = list(range(1, size + 1))
        seated = self._emit(Seated(player=player, table=number, seat=pick(free, randbelow)))
        return [seated, *self.rebalance(randbelow)]

    def verify_confirm(self, player: str) -> None:
        """Refuse a confirmation: no such player, not in the tournament, confirmed
        already, or too late (DE-DEAL-3/4, OQ-46)."""
        state = self._player(player)
        last = self.profile.unconfirmed_withdrawn_after_level
        if state.status not in ("registered", "playing"):
            raise self._fail(
                "{player} is {status}",
                "DE-DEAL-4, OQ-46",
                values={"player": player, "status": state.status},
            )
        if state.confirmed:
            raise self._fail(
                "{player} is already confirmed", "DE-DEAL-3, OQ-46", values={"player": player}
            )
        if self.level > last:
            raise self._fail(
                "unconfirmed stacks were withdrawn at the end of level {level}",
                "DE-DEAL-4, OQ-46",
                values={"level": last},
            )

    def can_confirm(self, player: str) -> bool:
        return self._can(self.verify_confirm, player)

    def confirm(self, player: str) -> Confirmed:
        """The entry is confirmed (paid, checked in): a redeemed stack,
        blinded down while away but never withdrawn (DE-DEAL-3, OQ-46).
        Too late once the withdrawal level has ended (DE-DEAL-4)."""
        self.verify_confirm(player)
        return self._emit(Confirmed(player=player))  # type: ignore[return-value]

    def check_name(self, name: str) -> str:
        """The name to register, trimmed; refused when empty, too long, with
        control characters, or already entered under another spelling of the
        same name (case and spaces aside): one person, one entry (DE-GEN-2, OQ-64)."""
        cleaned = clean_name(name)  # MalformedName: no name at all
        if twin := self.names.get(name_key(cleaned)):
            raise self._fail(
                "{name} is already entered (as {twin}): one entry per person",
                "DE-GEN-2, OQ-64",
                attempted=cleaned,
                values={"name": repr(cleaned), "twin": repr(twin)},
            )
        return cleaned

    def _drawn(self) -> list[str]:
        # A player disqualified before the draw stays out (NM-D-1C/1D/1E).
        return [p for p, state in self.players.items() if state.status == "registered"]

    def verify_draw_seats(self) -> None:
        """Refuse the seat draw: drawn already or started (DE-SEAT-1), fewer
        than two players (OQ-41), an entry still unconfirmed (OQ-70)."""
        # a seat makes its table: a table at all means seats were given
        # (looking at every player instead made 10,000 entries take minutes)
        if self.status != "registering" or self.tables:
            raise self._fail("seats are drawn once, before the start", "DE-SEAT-1")
        if len(self._drawn()) < 2:
            raise self._fail("a tournament needs at least two players", "OQ-41")
        self.verify_all_confirmed()

    def can_draw_seats(self) -> bool:
        return self._can(self.verify_draw_seats)

    def draw_seats(self, randbelow: RandBelow) -> list[Seated]:
        """A uniformly random seat draw (NM-D-1A, NM-H-1, DE-SEAT-1)."""
        self.verify_draw_seats()
        players = self._drawn()
        events = [
            Seated(player=p, table=t, seat=s)
            for p, t, s in draw_seats(players, self.struct.table_size, self._min_table(), randbelow)
        ]
        for event in events:
            self._emit(event)
        return events

    def table_cards(self) -> list[dict[str, object]]:
        """Printable table cards: each player's table and seat (DE-SEAT-1),
        read from the seating, so a busted player has none (he left the
        table, DE-GEN-3) and no seat has two."""
        return [
            {"player": player, "name": self.players[player].name, "table": number, "seat": seat}
            for number, table in sorted(self.tables.items())
            for seat, player in sorted(table.seats.items())
        ]

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

    def verify_start(self) -> None:
        """Refuse the start: started or over already (OQ-41), seats not
        drawn (DE-SEAT-1), an entry still unconfirmed (OQ-70)."""
        if self.status != "registering":
            raise self._fail("the tournament is {status}", "OQ-41", values={"status": self.status})
        self.verify_all_confirmed()
        if not any(p.table for p in self.players.values()):
            raise self._fail("draw the seats first", "DE-SEAT-1")

    def can_start(self) -> bool:
        return self._can(self.verify_start)

    def start(self, at: float) -> list[TournamentEvent]:
        self.verify_start()
        emitted = [self._emit(Started(at=at))]
        emitted.append(self._emit(self._level_event(1, at)))
        return emitted

    # ------------------------------------------------------------ before the start

    def verify_unregister(self, player: str) -> None:
        """Refuse taking an entry back: no such entry, or the seats are
        drawn (registration closes at the draw, OQ-41, DE-SEAT-1)."""
        self._player(player)
        # a seat makes its table: a table at all means seats were given
        # (looking at every player instead made 10,000 entries take minutes)
        if self.status != "registering" or self.tables:
            raise self._fail("entries are taken back only before the seat draw", "OQ-41, DE-SEAT-1")

    def can_unregister(self, player: str) -> bool:
        return self._can(self.verify_unregister, player)

    def unregister(self, player: str) -> Unregistered:
        """Take ``player``'s entry back, before the seat draw."""
        self.verify_unregister(player)
        return self._emit(Unregistered(player=player))  # type: ignore[return-value]

    def verify_cancel(self) -> None:
        """Refuse calling the tournament off: it has started or ended (OQ-41)."""
        if self.status != "registering":
            raise self._fail(
                "only a tournament that has not started can be cancelled; it is {status}",
                "OQ-41",
                values={"status": self.status},
            )

    def can_cancel(self) -> bool:
        return self._can(self.verify_cancel)

    def cancel(self, note: str = "") -> Cancelled:
        self.verify_cancel()
        return self._emit(Cancelled(note=note))  # type: ignore[return-value]
