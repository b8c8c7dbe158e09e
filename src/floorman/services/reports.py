"""Read-only reports of a tournament for the API: its details (standings,
levels, payouts, the seating chart), the ruling log and a player's own
record.  Plain dictionaries, built from the core's state only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from floorman.engine.clauses import clauses_for
from floorman.services.floor_tools import HAND_RULING_CLAUSE
from floorman.tournament.core import Tournament
from floorman.tournament.events import event_to_dict

#: besides every event that cites a clause, the ruling log shows these
RULING_LOG_TYPES = frozenset(
    {
        "absence",
        "eliminated",
        "moved",
        "table_broken",
        "timed_out",
        "time_bank_used",
        "unregistered",
        "cancelled",
    }
)


def details(t: Tournament) -> dict[str, Any]:
    """Standings, levels, payouts, prize pool and the seating chart."""
    # Each row: player, name, chips, place, status, table, seat, prize,
    # shared (how many share his place, OQ-06) and confirmed (False:
    # withdrawn unless confirmed, DE-DEAL-4).
    standings = t.standings()
    structure = t.struct
    return {
        "standings": standings,
        "unconfirmed_withdrawn_after_level": t.profile.unconfirmed_withdrawn_after_level,
        "levels": [
            {
                "level": k + 1,
                "ante": lv.ante,
                "blinds": list(t.profile.blinds_for(lv.ante)),  # NM-H-2, OQ-28
                "seconds": lv.seconds,
                "is_break": lv.is_break,
            }
            for k, lv in enumerate(structure.levels)
        ],
        # the table the entries choose and the pool they make (or the fixed one)
        "payouts": list(t.payout_shares),
        "prize_pool": t.prize_pool,
        "payout_tables": [r.to_dict() for r in structure.payout_tables],
        "buy_in": structure.buy_in,
        "fee": structure.fee,
        "guarantee": structure.guarantee,
        # every prize below 1st rounded down to it, the rest to 1st (OQ-69)
        "payout_unit": structure.payout_unit,
        "entries": t.entries,
        "paid_entries": t.paid_entries,
        # buy-ins, fees, the guarantee's top-up and the pool, as the core has them
        "accounts": t.accounts.to_dict(),
        # what each place pays now, as the core pays it (NM-H-19, OQ-39;
        # OQ-69: the places the entrants can fill share the whole pool)
        "prizes": [
            {"place": k, "amount": amount, "percent": percent}
            for k, (amount, percent) in enumerate(t.prize_table(), 1)
        ],
        "tables": seating_chart(t),
        "hand_rulings": hand_ruling_clauses(t),
        # what a correction and a live count cite, from the event's own
        # rulebook (the console's help and answers name them)
        "floor_clauses": {"correction": t.floor_clause, "count": t.count_clause},
    }


def hand_ruling_clauses(t: Tournament) -> dict[str, str]:
    """What each of the director's hand rulings cites unless he names a
    clause himself (the console shows it before he confirms): the hand's
    own clause (DE-MISDEAL-1/2, DE-DECK-5/6, DE-FOUL-1/2 at a German
    table), online and at a live event alike (there for the log only)."""
    own = clauses_for(t.profile)
    return {ruling: own[key] for ruling, key in HAND_RULING_CLAUSE.items()}


def seating_chart(t: Tournament) -> list[dict[str, Any]]:
    chart = []
    for number, state in sorted(t.tables.items()):
        if not state.seats:
            continue
        chart.append(
            {
                "table": number,
                "in_hand": state.in_hand,
                "button": state.positions.button if state.positions else None,
                "seats": [
                    {
                        "seat": s,
                        "player": p,
                        "name": t.players[p].name,
                        "chips": t.players[p].chips,
                        # corrections waiting for his hand to end (NM-D-1G, OQ-03)
                        "pending": [c.ruling for c in t.pending_for(p)],
                    }
                    for s, p in sorted(state.seats.items())
                ],
            }
        )
    return chart


def ruling_log(t: Tournament, logged_at: Sequence[float | None]) -> list[dict[str, Any]]:
    """Every ruling with its clause, eliminations, time-outs, moves and
    breaks, each with the time it was stored (``at``, Unix seconds) and
    the name of the player it concerns (``name``: as he registered, also
    once his entry was taken back; this tournament's, never a namesake
    id's of another)."""
    entries: list[dict[str, Any] | None] = []
    names: dict[str, str] = {}
    waiting: dict[tuple[str, str], int] = {}  # (player, ruling): its pending entry
    for k, event in enumerate(t.events):
        entry = event_to_dict(event)
        if entry["type"] == "registered":
            names[entry["player"]] = entry["name"]
        if not (entry.get("clause") or entry["type"] in RULING_LOG_TYPES):
            continue
        stamp = logged_at[k] if k < len(logged_at) else None
        player = entry.get("player")
        named = {"name": names.get(player, player)} if isinstance(player, str) else {}
        carried = _carries_out(entry)
        if carried is not None and carried in waiting:
            # one ruling, one line: the correction made at the hand's end
            # stands for the one that waited for it (NM-D-1G, OQ-03)
            entries[waiting.pop(carried)] = None
        if entry["type"] == "correction_pending":
            waiting[(entry["player"], entry["ruling"])] = len(entries)
        entries.append({**entry, **named, "at": stamp})
    return [e for e in entries if e is not None]


def _carries_out(entry: dict[str, Any]) -> tuple[str, str] | None:
    """The (player, ruling) of the pending correction ``entry`` carries
    out or lets lapse, if it can be one (:mod:`floorman.tournament.corrections`)."""
    player = entry.get("player")
    if not isinstance(player, str):
        return None
    if entry["type"] == "disqualified":
        return (player, "disqualify")
    if entry["type"] in ("override", "correction_lapsed"):
        return (player, str(entry["ruling"]))
    return None


def player_record(t: Tournament, player: str) -> dict[str, Any]:
    """A player's own seat, chips and place."""
    state = t.players[player]
    return {
        "player": player,
        "name": state.name,
        "table": state.table,
        "seat": state.seat,
        "chips": state.chips,
        "place": state.place,
        "status": state.status,
        # his prize once his place is paid (his page links the results)
        "prize": state.prize,
        "entries": state.entries,
        # where the profile allows it, a busted player may buy in again now
        "may_re_enter": t.can_re_enter(player),
    }


__all__ = [
    "RULING_LOG_TYPES",
    "details",
    "hand_ruling_clauses",
    "player_record",
    "ruling_log",
    "seating_chart",
]
