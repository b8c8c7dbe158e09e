"""The table frames a tournament's watchers are sent: what a seat (or a
spectator) may see of a table — the engine's seat view (DE-HOLE-1/2), never
the deck — with the seats, the level, the action clock and the viewer's
standing.  What several viewers share is built once."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from floorman.engine.variants import variant_for
from floorman.services.error_bodies import clause_texts
from floorman.tournament.events import Disqualified, LevelChanged, TimePenalty, Warned

if TYPE_CHECKING:
    from floorman.services.runtime import TournamentService
    from floorman.tournament.core import Tournament


def table_frames(
    service: TournamentService, number: int, viewers: Iterable[str | None]
) -> dict[str | None, dict[str, Any]]:
    """:meth:`table_view` for several viewers at once: what they share
    (seats, level, clock) is built once, each seat's view once."""
    t = service.tournament
    state = t.tables.get(number)
    table = service.tables.get(number)
    hand = table.hand if table is not None else None
    seats = (
        [seat_entry(t, s, p) for s, p in sorted(state.seats.items())] if state is not None else []
    )
    level = t.current_level
    shared = {
        "type": "table",
        "tournament": service.id,
        "table": number,
        "profile": service.profile.name,
        "game": variant_for(service.profile).game,
        "seats": seats,
        "hand_id": table.hand_id if table else None,
        "timer": (
            {
                "seat": hand.actor if hand else None,
                "deadline": table.deadline,
                "remaining": table.remaining,  # held while paused (NM-D-1G, OQ-03)
                # the clock called by a seated player (DE-TIME-2, OQ-63)
                "called": table.clock_called,
                # after this moment a called clock would give no less time
                "call_until": (
                    table.deadline - service.profile.clock_seconds
                    if table.deadline is not None and table.bank_from is None
                    else None
                ),
                "seconds": (
                    service.profile.clock_seconds if table.clock_called else service.action_seconds
                ),
                # the time bank of the player to act (DE-TIME-1, OQ-63)
                "in_bank": table.bank_from is not None or table.bank_elapsed is not None,
                "bank_left": bank_left(service, hand),
            }
            if table is not None and (table.deadline is not None or table.remaining is not None)
            else None
        ),
        "level": level_frame(service, level) if level else None,
        # the director's pause holds the hands; during his break they are
        # played out (NM-D-1G, OQ-03)
        "paused": t.hands_held,
        "procedures": room_frame(service, number),
        "status": t.status,
        "last_result": table.last_result if table else None,
    }
    seat_views: dict[int | None, dict[str, Any]] = {}
    shared_parts: dict[int, tuple[Any, Any]] = {}  # what the seat views share, made plain once
    frames: dict[str | None, dict[str, Any]] = {}
    for player in viewers:
        seat = None
        if hand is not None and player is not None and player in hand.players:
            seat = hand.seats[hand.players.index(player)]
        hand_view = None
        if hand is not None:
            # the engine's typed seat view, serialised once per seat
            hand_view = seat_views.get(seat)
            if hand_view is None:
                hand_view = seat_views[seat] = hand.seat_view(seat).to_json(shared_parts)
        frames[player] = {
            **shared,
            "hand": hand_view,
            "you": you_frame(service, player, seat) if player else None,
            "stats": stats_frame(service, player),
        }
    return frames


def seat_entry(t: Tournament, seat: int, player: str) -> dict[str, Any]:
    """A seat as a table frame and the director's room show it."""
    ps = t.players[player]
    return {
        "seat": seat,
        "player": player,
        "name": ps.name,
        "chips": ps.chips,
        "bot": ps.bot is not None,
        "absent": ps.absent,
        # why: "player" sat out, "timeouts", "director" (OQ-45)
        "away_reason": ps.away_reason if ps.absent else None,
        # corrections waiting for his hand to end (NM-D-1G, OQ-03)
        "pending": [c.ruling for c in t.pending_for(player)],
    }


def you_frame(service: TournamentService, player: str, seat: int | None) -> dict[str, Any]:
    """The viewer's own state at his table: his seat in the hand, whether
    he is away (his hands dealt dead, DE-SEATED-2, OQ-45) and why, and
    whether he may call the clock on the player to act (DE-TIME-2, OQ-63)."""
    t = service.tournament
    state = t.players.get(player)
    away = state is not None and state.absent
    return {
        "player": player,
        "seat": seat,
        "away": away,
        "away_reason": state.away_reason if state is not None and away else None,
        # he asked to sit out from the next hand on (DE-SEATED-1/2, OQ-45)
        "sit_out_next": state is not None and state.sit_out_next,
        # out of the tournament ("out", "disqualified") with his finishing
        # place: his page says so rather than a place among those left
        "status": state.status if state is not None else None,
        "place": state.place if state is not None else None,
        # what he is paid, once his place is in the money (0: none yet)
        "prize": state.prize if state is not None else 0,
        "can_call_clock": service.floor_tools.can_call_clock(player),
        # the director's warnings and time penalties to him: in his own
        # frame only, never another's or a spectator's (issue 20)
        "rulings": floor_notices(service, player),
    }


#: the rulings to one player he reads on his own page (a disqualified
#: player too: the page says why he has no finishing place)
NOTICE_KINDS: dict[type[Warned | TimePenalty | Disqualified], str] = {
    Warned: "warning",
    TimePenalty: "time_penalty",
    Disqualified: "disqualified",
}


def floor_notices(service: TournamentService, player: str) -> list[dict[str, Any]]:
    """The warnings, time penalties and disqualification the director gave
    ``player``, oldest first: ``id`` (the event's place in the tournament's
    log, so the page can keep which he dismissed), ``kind`` ("warning" |
    "time_penalty" | "disqualified"),
    ``clause`` with its texts (``clauses``), the director's ``note`` and a
    penalty's ``hands``."""
    t = service.tournament
    cached = service.floor_notices
    start = 0
    if cached is not None and cached[0] <= len(t.events):
        start, notices = cached
    else:
        notices = {}
    for k in range(start, len(t.events)):
        event = t.events[k]
        if isinstance(event, Warned | TimePenalty | Disqualified):
            notice: dict[str, Any] = {
                "id": k,
                "kind": NOTICE_KINDS[type(event)],
                "clause": event.clause,
                "clauses": clause_texts(event.clause),
                "note": event.note,
                "hands": event.hands if isinstance(event, TimePenalty) else None,
            }
            notices.setdefault(event.player, []).append(notice)
    service.floor_notices = (len(t.events), notices)
    return list(notices.get(player, []))


def room_frame(service: TournamentService, number: int) -> dict[str, Any]:
    """The director's break (its time left) and hand-for-hand (the hand
    being played, and whether this table waits for the others, OQ-71)."""
    t = service.tournament
    until = t.break_until
    return {
        "break_seconds_left": max(0, int(until - service.now())) if until is not None else None,
        "hand_for_hand": t.hand_for_hand_hand if t.hand_for_hand else None,
        "waiting": t.hand_for_hand_wait(number) is not None,
    }


def level_frame(service: TournamentService, level: LevelChanged) -> dict[str, Any]:
    """The level being played and the clock's view of what comes next
    (the same numbers the summary's ``clock`` gives the clock page)."""
    t = service.tournament
    clock = t.clock.describe(service.now(), t.struct, service.profile.blinds_for)
    return {
        "level": level.level,
        "ante": level.ante,
        "blinds": [level.small_blind, level.big_blind],
        "is_break": level.is_break,
        "seconds_left": clock["seconds_left"],
        "next_ante": clock["next_ante"],
        "next_blinds": clock["next_blinds"],
        "seconds_to_break": clock["seconds_to_break"],
        "paused": clock["paused"],
        # False for good once the tournament is over: the page's level
        # clock stands still (issue 26), as the big clock does
        "running": clock["running"],
        # what the page may show bets in instead of chips (issue 20): the big
        # blind where the level has blinds, else the ante; none on a break
        "bet_unit": bet_unit(level),
    }


def bet_unit(level: LevelChanged) -> dict[str, Any] | None:
    """``{"name": "bb" | "ante", "chips": …}``: the unit a bet may be shown
    in, the page only divides by it."""
    if level.is_break:
        return None
    if level.big_blind > 0:
        return {"name": "bb", "chips": level.big_blind}
    if level.ante > 0:
        return {"name": "ante", "chips": level.ante}
    return None


def stats_frame(service: TournamentService, player: str | None) -> dict[str, Any]:
    """Players left, their average stack, the viewer's place by chips
    among them (1: the chip leader; a player out: his finishing place)
    and the prize pool."""
    t = service.tournament
    key = len(t.events)
    cached: tuple[int, list[int]] | None = service.chips_in_play
    if cached is None or cached[0] != key:
        # chips only change by tournament events: sorted once per change,
        # not for every frame of every watcher
        alive = [p.chips for p in t.players.values() if p.status in ("playing", "won")]
        cached = (key, sorted(alive, reverse=True))
        service.chips_in_play = cached
    chips = cached[1]
    place = None
    state = t.players.get(player) if player is not None else None
    if state is not None:
        if state.place is not None:
            place = state.place
        elif state.status in ("playing", "won"):
            place = 1 + bisect_left(chips, -state.chips, key=lambda c: -c)
    return {
        "players_left": len(chips),
        "average_stack": sum(chips) // len(chips) if chips else 0,
        "place": place,
        "prize_pool": t.prize_pool if t.structure else 0,
    }


def bank_left(service: TournamentService, hand: Any) -> int | None:
    """What is left of the time bank of the player to act (None: nobody)."""
    if hand is None or hand.actor is None:
        return None
    return service.tournament.time_bank_left(hand.players[hand.position[hand.actor]])


__all__ = [
    "bank_left",
    "bet_unit",
    "floor_notices",
    "level_frame",
    "stats_frame",
    "table_frames",
    "you_frame",
]
