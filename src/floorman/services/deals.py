"""Deals over the prize money left (OQ-34, OQ-73), as the handler carries
them out: the director's proposal, each player's answer (his own, or at a
live event the director's record of it) and the director's withdrawal.
The core decides everything (:mod:`floorman.tournament.deals`); the
answer is the event it recorded."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from floorman.tournament.events import event_to_dict

if TYPE_CHECKING:
    from floorman.services.runtime import TournamentService


def propose(service: TournamentService, method: str, note: str) -> dict[str, Any]:
    """A chip chop ("chip") or an ICM chop ("icm") of the money left."""
    return event_to_dict(service.tournament.propose_deal(method, note.strip()))


def answer(
    service: TournamentService, player: str, agree: bool, *, by_director: bool
) -> dict[str, Any]:
    """``player`` agrees or declines; with the last agreement play ends."""
    by = "director" if by_director else "player"
    event = service.tournament.answer_deal(player, agree, by=by, at=service.now())
    return event_to_dict(event)


def withdraw(service: TournamentService) -> dict[str, Any]:
    return event_to_dict(service.tournament.withdraw_deal())


__all__ = ["answer", "propose", "withdraw"]
