"""The director's corrections made while a player's hand runs
(:class:`CorrectionPending`): what each one becomes when that hand ends, in
the order they were made (NM-D-1G, OQ-03)."""

from __future__ import annotations

from floorman.tournament.events import (
    CorrectionLapsed,
    CorrectionPending,
    Disqualified,
    Overridden,
    TournamentEvent,
)
from floorman.tournament.state import TournamentState


def correction_event(t: TournamentState, c: CorrectionPending) -> TournamentEvent | None:
    """The event carrying out ``c`` now that the hand is over, or a
    :class:`CorrectionLapsed` when it no longer applies (the player is out,
    or the seat he was to take was filled meanwhile: the director rules
    again)."""
    state = t.players[c.player]
    if state.status != "playing":
        return CorrectionLapsed(
            ruling=c.ruling, player=c.player, reason=f"{c.player} is {state.status}"
        )
    if c.ruling == "disqualify":
        # What he put in stays in the pot; what is left leaves play
        # (NM-D-1C/1D/1E, DE-PENALTY-3).
        return Disqualified(
            player=c.player, clause=c.clause, note=c.note, chips_removed=state.chips
        )
    if c.ruling == "chips" and c.chips is not None:
        return Overridden(
            ruling="chips", clause=c.clause, note=c.note, player=c.player, chips=c.chips
        )
    if c.ruling == "seat" and c.to_table is not None and c.seat is not None:
        target = t.tables.get(c.to_table)
        if target is None or c.seat in target.seats:
            return CorrectionLapsed(
                ruling=c.ruling,
                player=c.player,
                reason=f"table {c.to_table} seat {c.seat} was filled before the hand ended",
            )
        return Overridden(
            ruling="seat",
            clause=c.clause,
            note=c.note,
            player=c.player,
            table=c.to_table,
            seat=c.seat,
        )
    return None
