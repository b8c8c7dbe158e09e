"""The room view of a running tournament, for the director's floor page:
every table with its hand's street, pot and player to act (the spectator's
seat view, DE-HOLE-1/2: no hole card), each seat's stack, who is away and
why (OQ-45), who has no socket open, and what corrections wait (NM-D-1G,
OQ-03); the chips in play, which a chip correction's confirm step shows
changing.  And the move slips and the seating list to print.  Built from
the read side only: the browser computes no rule."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from floorman.services.reports import hand_ruling_clauses
from floorman.services.table_views import seat_entry
from floorman.tournament.core import Tournament
from floorman.tournament.events import Moved, Overridden, Seated, TableBroken, TournamentEvent

if TYPE_CHECKING:
    from floorman.services.runtime import TournamentService


def room_view(service: TournamentService, connected: set[str]) -> dict[str, Any]:
    """``connected``: the players with a socket open to this process (a
    player of an online event without one has lost his connection)."""
    t = service.tournament
    online = t.mode == "online"
    tables = []
    for number, state in sorted(t.tables.items()):
        if not state.seats:
            continue
        runtime = service.tables.get(number)
        hand = runtime.hand if runtime is not None else None
        view = hand.seat_view(None, display=False) if hand is not None else None
        seats = []
        for seat, player in sorted(state.seats.items()):
            entry = seat_entry(t, seat, player)
            # None: nothing to be connected (a bot, a live event's player)
            entry["connected"] = (player in connected) if online and not entry["bot"] else None
            # dealt into the running hand: a correction waits for its end (NM-D-1G, OQ-03)
            entry["in_hand"] = t.in_running_hand(player)
            seats.append(entry)
        tables.append(
            {
                "table": number,
                "button": state.positions.button if state.positions else None,
                "hand": (
                    {
                        "hand_id": view.hand_id,
                        "phase": view.phase,
                        "round": view.round,
                        "round_label": view.round_label,
                        "pot": view.pot,
                        "actor": view.actor,
                    }
                    if view is not None
                    else None
                ),
                "seats": seats,
            }
        )
    level = t.current_level
    return {
        "id": t.id,
        "name": t.name,
        "profile": t.profile.name,
        "mode": t.mode,
        "status": t.status,
        "paused": t.clock.paused_at is not None,
        "level": level.level if level else 0,
        "chips_in_play": sum(p.chips for p in t.players.values() if p.status == "playing"),
        "hand_rulings": hand_ruling_clauses(t),
        "tables": tables,
    }


def move_slips(t: Tournament, logged_at: Sequence[float | None]) -> dict[str, Any]:
    """The slips a floor person hands a player who is moved ("table 2 seat
    4 → table 1 seat 6"), one per move, oldest first: a balancing move
    (DE-BALANCE-*, NM-D-1B, NM-H-16/17), a move out of a table being broken
    (DE-BREAK-*: its table_broken event follows its moves) or the
    director's (NM-D-1G, OQ-03: where from, the fold of the seats says),
    each with its clause and when it was stored; and the whole field's
    seats (DE-SEAT-1), which the page sorts by name in its language."""
    slips: list[dict[str, Any]] = []
    opened: list[dict[str, Any]] = []  # the moves since the last table broken
    where: dict[str, tuple[int, int]] = {}  # each player's table and seat so far
    for k, event in enumerate(t.events):
        if isinstance(event, TableBroken):
            for slip in opened:
                if slip["from_table"] == event.table:
                    slip["kind"], slip["broken_table"] = "break", event.table
            opened = []
        elif isinstance(event, Seated):
            where[event.player] = (event.table, event.seat)
        move = _move(event, where)
        if move is None:
            continue
        player, start, table, seat, clause, kind = move
        where[player] = (table, seat)
        slip = {
            "player": player,
            "name": t.players[player].name if player in t.players else player,
            "from_table": start[0] if start else None,
            "from_seat": start[1] if start else None,
            "table": table,
            "seat": seat,
            "clause": clause,
            "kind": kind,
            "at": logged_at[k] if k < len(logged_at) else None,
        }
        slips.append(slip)
        if kind == "balance":
            opened.append(slip)
    return {"id": t.id, "name": t.name, "moves": slips, "seating": t.table_cards()}


Move = tuple[str, tuple[int, int] | None, int, int, str, str]


def _move(event: TournamentEvent, where: dict[str, tuple[int, int]]) -> Move | None:
    """A move event as (player, from, table, seat, clause, kind): the
    tables' own ("balance"; a break is told by the table_broken after it)
    or the director's ("director", from the seat the player had)."""
    if isinstance(event, Moved):
        moved_from = (event.from_table, event.from_seat)
        return event.player, moved_from, event.table, event.seat, event.clause, "balance"
    if (
        isinstance(event, Overridden)
        and event.ruling == "seat"
        and event.player is not None
        and event.table is not None
        and event.seat is not None
    ):
        had = where.get(event.player)
        return event.player, had, event.table, event.seat, event.clause, "director"
    return None


__all__ = ["move_slips", "room_view"]
