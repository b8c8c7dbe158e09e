"""The director's calls on a running tournament: pause and resume, the
floor's rulings (warnings, penalties, disqualification, a hand ruled a
misdeal, void or dead), corrections and the live event's chip counts.

Each is verified by the tournament core (or the engine, for a hand) before
anything changes, and cites its clause; the command handler then calls
:meth:`DirectorCalls.settle`: stored, told, the tables woken.  A mixin of
:class:`~floorman.services.runtime.TournamentService`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from floorman.dealing import secure_randbelow
from floorman.tournament.core import Tournament
from floorman.tournament.events import event_to_dict

if TYPE_CHECKING:
    from floorman.bots import Bot
    from floorman.services.floor_tools import FloorTools
    from floorman.services.tables import TableRuntime
    from floorman.sim.driver import TableDriver


class DirectorCalls:
    tournament: Tournament
    driver: TableDriver
    floor_tools: FloorTools
    bots: dict[str, Bot]
    now: Callable[[], float]

    @property
    def tables(self) -> dict[int, TableRuntime]:
        raise NotImplementedError

    def commit(self, only: TableRuntime | None = None) -> None:
        raise NotImplementedError

    def table(self, number: int) -> TableRuntime:
        raise NotImplementedError

    def broadcast_table(self, number: int) -> None:
        raise NotImplementedError

    def broadcast_summary(self) -> None:
        raise NotImplementedError

    def pause(self) -> None:
        """The director's pause: the level clock and every action clock
        stop where they stand; nobody acts or times out (NM-D-1G, OQ-03)."""
        self.tournament.pause(self.now())
        for table in self.tables.values():
            self.driver.hold_clock(table)

    def resume(self) -> None:
        at = self.now()
        self.tournament.resume(at)
        for table in self.tables.values():
            self.driver.release_clock(table, at)

    def disqualify(self, player: str, clause: str, note: str = "") -> None:
        """Disqualification; during his hand it is dead at once, his chips
        leave play when it ends (NM-D-1C/1D/1E, DE-PENALTY-3, NM-D-1G)."""
        self.tournament.verify_clauses(clause)
        self.tournament.disqualify(player, clause, note)
        state = self.tournament.players[player]
        table = self.tables.get(state.table) if state.table is not None else None
        if table is not None:
            if self.driver.kill_disqualified(table):
                self.commit()
                self.broadcast_table(table.number)
            table.wake.set()

    def warn(self, player: str, clause: str, note: str = "") -> None:
        self.tournament.verify_clauses(clause)
        self.tournament.warn(player, clause, note)

    def time_penalty(self, player: str, hands: int, clause: str, note: str = "") -> None:
        """His next ``hands`` hands are dealt dead (OQ-62)."""
        self.tournament.verify_clauses(clause)
        self.tournament.time_penalty(player, hands, clause, note)

    def rule_hand(
        self,
        ruling: str,
        table: int,
        *,
        player: str | None = None,
        note: str = "",
        clause: str | None = None,
    ) -> dict[str, object]:
        """A misdeal, a void or a dead hand (:class:`FloorTools`)."""
        return self.floor_tools.rule_hand(ruling, table, player=player, note=note, clause=clause)

    def mute_chat(self, player: str, muted: bool, note: str = "") -> None:
        self.tournament.mute_chat(player, muted, note)

    def unregister(self, player: str) -> None:
        """Take an entry back before the seat draw (OQ-41); a bot goes too."""
        self.tournament.unregister(player)
        self.bots.pop(player, None)

    def cancel(self, note: str = "") -> None:
        """Call the tournament off before its start (OQ-41)."""
        self.tournament.cancel(note)

    def confirm(self, player: str) -> None:
        """An unconfirmed entry is paid or checked in (DE-DEAL-3/4, OQ-46)."""
        self.tournament.confirm(player)

    def set_absent(self, player: str, absent: bool) -> None:
        self.tournament.set_absent(player, absent, reason="director")

    def override_chips(self, player: str, chips: int, note: str) -> None:
        """Correct a stack (NM-D-1G, OQ-03): pending while his hand runs."""
        self.tournament.override_chips(player, chips, note)

    def override_seat(self, player: str, table: int, seat: int, note: str) -> None:
        self.tournament.override_seat(player, table, seat, note)

    def override_level(self, level: int, note: str) -> None:
        self.tournament.override_level(level, self.now(), note)

    def set_hand_for_hand(self, on: bool, note: str = "") -> list[dict[str, Any]]:
        """Hand-for-hand on or off (OQ-71); turned off, those out in the
        hand at the tables that played it are placed (as event dictionaries)."""
        events = self.tournament.set_hand_for_hand(on, self.now(), note, secure_randbelow)
        return [event_to_dict(e) for e in events]

    def close_hand_for_hand_hand(self) -> list[dict[str, Any]]:
        """Live: every table has finished the hand-for-hand hand; those out
        in it are placed together (OQ-71, OQ-06), as event dictionaries."""
        events = self.tournament.close_hand_for_hand_hand(secure_randbelow, self.now())
        return [event_to_dict(e) for e in events]

    def call_break(self, seconds: int, note: str = "") -> None:
        """A break now: the level clock stops, the hands being played are
        played out, no new hand is dealt until it is over (NM-D-1G, OQ-03,
        OQ-09)."""
        self.tournament.call_break(seconds, self.now(), note)

    def adjust_clock(self, seconds: int, note: str = "") -> None:
        """Time added to (or taken off) the level being played (NM-D-1G, OQ-03)."""
        self.tournament.adjust_clock(seconds, self.now(), note)

    def next_level(self, note: str = "") -> None:
        """The next level now (NM-D-1G, OQ-03)."""
        self.tournament.next_level(self.now(), note)

    def undo_ruling(self, note: str = "", index: int | None = None) -> dict[str, Any]:
        """The director's last chip correction, move or live count taken
        back (NM-D-1G, OQ-03), as an event dictionary; ``index``: the
        ruling his console showed him (refused if his last is another)."""
        return event_to_dict(self.tournament.undo_ruling(note, index))

    def race_off(self, note: str = "") -> list[dict[str, Any]]:
        """The smallest chip leaves play: a chip race at every table, or a
        colour-up by rounding, as the profile says (OQ-72); each table's
        race as an event dictionary (its cards and the stacks after it)."""
        return [event_to_dict(e) for e in self.tournament.race_off(secure_randbelow, note)]

    def record_chip_counts(
        self,
        table: int,
        counts: Mapping[str, int],
        *,
        confirm_correction: bool = False,
        note: str = "",
    ) -> list[dict[str, Any]]:
        """A live table's chip counts (NM-D-1B s2); the eliminations, moves
        and breaks they lead to, as event dictionaries."""
        events = self.tournament.record_chip_counts(
            table,
            dict(counts),
            secure_randbelow,
            self.now(),
            confirm_correction=confirm_correction,
            note=note,
        )
        return [event_to_dict(e) for e in events]

    def settle(self) -> None:
        """After a director's call: store it, tell everyone, wake the tables."""
        self.commit()
        self.broadcast_summary()
        for number in self.tournament.tables:
            self.broadcast_table(number)
            self.table(number).wake.set()


__all__ = ["DirectorCalls"]
