"""The director takes back his last ruling that can be undone (NM-D-1G,
OQ-03): a chip correction, a move, or a live table's chip count with the
eliminations it made.  Nothing is deleted: a :class:`RulingUndone` event
restores what the ruling changed, and it is refused, saying why, once
anything later depends on it - a hand dealt at the table, another ruling
for the player, the tables balanced, a later elimination.  A mixin of
:class:`floorman.tournament.core.Tournament`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from floorman.tournament.events import (
    ChipCount,
    ChipRace,
    CorrectionPending,
    Disqualified,
    Eliminated,
    Finished,
    HandBegun,
    LateRegistrationClosed,
    Moved,
    Overridden,
    PrizeAwarded,
    ReEntered,
    RulingUndone,
    Seated,
    TableBroken,
    TableHandEnded,
    TournamentEvent,
    Withdrawn,
)
from floorman.tournament.floor import FloorRulings
from floorman.tournament.state import TournamentState

#: what a ruling may bring with it and still be undone with it: the places
#: and prizes of the players it put out (the count's own correction comes
#: before the count)
_CARRIED = (Eliminated, PrizeAwarded)
#: events that change everybody's places: after a revived player's
#: elimination, they forbid taking it back
_PLACES = (Eliminated, Withdrawn, PrizeAwarded, LateRegistrationClosed, ReEntered, Disqualified)


@dataclass(frozen=True)
class _Ruling:
    """The ruling to take back: its kind, where it is in the log, where its
    consequences end, the players and tables it concerns."""

    ruling: str
    index: int
    end: int
    players: frozenset[str]
    tables: frozenset[int]
    player: str | None


class Undo(FloorRulings):
    """Taking back the director's last chip correction, move or count."""

    def _last_ruling(self) -> _Ruling | None:
        """The director's last ruling of a kind that can be undone, after the
        start (before it, a correction is a starting stack), as the fold
        remembered it (:attr:`last_ruling`)."""
        if self.last_ruling is None or self.status != "running" or not self.keep_log:
            return None
        index, players, tables = self.last_ruling
        events = self.events
        event = events[index]
        end = index + 1
        while end < len(events) and isinstance(events[end], _CARRIED):
            end += 1
        ruling = "count" if isinstance(event, ChipCount) else getattr(event, "ruling", "")
        player = event.player if isinstance(event, Overridden) else None
        return _Ruling(ruling, index, end, players, tables, player)

    def _dependent(self, ruling: _Ruling) -> TournamentEvent | None:
        """The first event after ``ruling`` that depends on it; the search
        goes on where the last one stopped (the summary asks after every
        change: the log is never read twice)."""
        events = self.events
        scan = self.undo_scan
        if scan is None or scan[0] != ruling.index:
            scan = (ruling.index, ruling.end, None)
        index, searched, found = scan
        if found is None:
            revives = any(isinstance(e, Eliminated) for e in events[index : ruling.end])
            for k in range(max(searched, ruling.end), len(events)):
                if _depends(events[k], ruling, revives) is not None:
                    found = k
                    break
            searched = len(events)
        self.undo_scan = (index, searched, found)
        return events[found] if found is not None else None

    def verify_undo(self, index: int | None = None) -> None:
        """Refuse when there is no ruling to take back, it was taken back
        already, or later events depend on it (NM-D-1G, OQ-03); ``index``:
        the ruling the console showed the director (its place in the log),
        refused when his last ruling is another one by now (a ruling made
        meanwhile at another page: he confirmed what he read)."""
        clause = self.floor_clause
        ruling = self._last_ruling()
        if ruling is None:
            raise self._fail(
                "there is no ruling to undo (a chip correction, a move or a live chip count)",
                clause,
            )
        if index is not None and index != ruling.index:
            raise self._fail(
                "your last ruling is another one than the console showed:"
                " read it again before you undo it",
                clause,
            )
        if ruling.index in self.undone:
            raise self._fail("your last ruling was undone already", clause)
        event = self._dependent(ruling)
        if event is not None:
            revives = any(isinstance(e, Eliminated) for e in self.events[ruling.index : ruling.end])
            reason = _depends(event, ruling, revives)
            assert reason is not None
            self._refuse_undo(reason, event, clause)

    def _refuse_undo(self, reason: str, event: TournamentEvent, clause: str) -> None:
        """Say what came after the ruling that depends on it."""
        table = getattr(event, "table", None) or 0
        if reason == "hand":
            raise self._fail(
                "table {table} has played a hand since: it can no longer be undone",
                clause,
                values={"table": table},
            )
        if reason == "balanced":
            raise self._fail(
                "the tables were balanced or the tournament ended since:"
                " it can no longer be undone",
                clause,
            )
        if reason == "places":
            raise self._fail("places were given since: it can no longer be undone", clause)
        if reason == "player":
            raise self._fail(
                "another ruling for {player} came since: it can no longer be undone",
                clause,
                values={"player": self.players[str(getattr(event, "player", ""))].name},
            )
        raise self._fail(
            "table {table} has changed since: it can no longer be undone",
            clause,
            values={"table": table},
        )

    def can_undo(self) -> bool:
        return self._can(self.verify_undo)

    def undo_ruling(self, note: str = "", index: int | None = None) -> RulingUndone:
        """Take back the director's last chip correction, move or live count:
        the stacks, seats and players out before it come back, as a ruling
        of its own (NM-D-1G, OQ-03); ``index``: the one he was shown."""
        self.verify_undo(index)
        ruling = self._last_ruling()
        assert ruling is not None
        before = TournamentState()
        for event in self.events[: ruling.index]:
            before.apply(event)
        carried = self.events[ruling.index : ruling.end]
        revived = tuple(e.player for e in carried if isinstance(e, Eliminated))
        moved = revived + ((ruling.player,) if ruling.ruling == "seat" and ruling.player else ())
        stacks = {
            p: before.players[p].chips
            for p in sorted(ruling.players)
            if ruling.ruling != "seat" and before.players[p].chips != self.players[p].chips
        }
        return self._emit(  # type: ignore[return-value]
            RulingUndone(
                ruling=ruling.ruling,
                index=ruling.index,
                clause=self.floor_clause,
                note=note,
                player=ruling.player,
                stacks=stacks,
                tables={p: before.players[p].table or 0 for p in moved},
                seats={p: before.players[p].seat or 0 for p in moved},
                revived=revived,
            )
        )

    def _before(self, ruling: _Ruling) -> dict[str, tuple[int, int, int]]:
        """The stack, table and seat before ``ruling`` of each player it
        concerns (the log folded up to it once, kept for the next ask)."""
        kept = self.undo_before
        if kept is None or kept[0] != ruling.index:
            before = TournamentState()
            for event in self.events[: ruling.index]:
                before.apply(event)
            concerned = ruling.players | ({ruling.player} if ruling.player else set())
            was = {
                p: (
                    before.players[p].chips,
                    before.players[p].table or 0,
                    before.players[p].seat or 0,
                )
                for p in concerned
                if p in before.players
            }
            kept = self.undo_before = (ruling.index, was)
        return kept[1]

    def undoable(self) -> dict[str, object] | None:
        """The ruling the console's Undo would take back now, and what it
        would bring back (the stack or seat before it, the players a count
        put out), or None: the console says it before it asks."""
        ruling = self._last_ruling()
        if ruling is None or not self.can_undo():
            return None
        event = self.events[ruling.index]
        was = self._before(ruling)
        back = was.get(ruling.player or "", (None, None, None))
        carried = self.events[ruling.index : ruling.end]
        return {
            "ruling": ruling.ruling,
            "index": ruling.index,
            "player": ruling.player,
            "name": self.players[ruling.player].name if ruling.player else None,
            "chips": getattr(event, "chips", None),
            "table": getattr(event, "table", None),
            "seat": getattr(event, "seat", None),
            "chips_before": back[0],
            "table_before": back[1],
            "seat_before": back[2],
            # a count's players out come back into play with it
            "revived": [self.players[e.player].name for e in carried if isinstance(e, Eliminated)],
        }


def _depends(event: TournamentEvent, ruling: _Ruling, revives: bool) -> str | None:
    """Why ``event``, recorded after ``ruling``, depends on it (a word
    :meth:`Undo._refuse_undo` says in full); None: it does not."""
    players, tables = ruling.players, ruling.tables
    if isinstance(event, RulingUndone) and event.index == ruling.index:
        return None  # verify_undo says it was undone
    if isinstance(event, (HandBegun, TableHandEnded)) and (
        event.table in tables or players & set(_dealt(event))
    ):
        return "hand"
    if isinstance(event, (Moved, TableBroken, Finished)):
        return "balanced"
    if revives and isinstance(event, _PLACES):
        return "places"
    if isinstance(event, (Overridden, CorrectionPending, Disqualified, Withdrawn, Eliminated)) and (
        event.player in players
    ):
        return "player"
    if isinstance(event, (ChipCount, ChipRace, Seated, Overridden)) and (
        getattr(event, "table", None) in tables
    ):
        return "table"
    return None


def _dealt(event: HandBegun | TableHandEnded) -> Sequence[str]:
    return tuple(event.dealt if isinstance(event, HandBegun) else event.stacks)
