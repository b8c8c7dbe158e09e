"""Hold'em's part of a seat view: the blinds and the check-down, a record
the seat-view schema reads by its type hints."""

from __future__ import annotations

from floorman.engine.seat_view import VariantPart, view_record


@view_record
class HoldemPart(VariantPart):
    """Hold'em's part of a seat view: the blinds and the check-down."""

    small_blind_seat: int | None
    big_blind_seat: int | None
    blinds: tuple[int, int]  #: the small and the big blind
    can_propose_checkdown: bool  #: NM-H-13
    can_vote_checkdown: bool
    checkdown_vote: tuple[int, ...] | None  #: who agreed so far while a vote is open
    checkdown_voters: tuple[int, ...]  #: whose agreement a check-down needs (NM-H-13)
    game: str = "holdem"

    def trailing_actions(self) -> tuple[str, ...]:
        offered = ("propose_checkdown",) if self.can_propose_checkdown else ()
        return (*offered, "vote_checkdown") if self.can_vote_checkdown else offered
