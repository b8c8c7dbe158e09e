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
    """A chip chop ("chip") or an ICM chop ("icm") of the money left.  The
    bots in it agree at once: they fill seats and have no page to answer
    from, so a deal with a bot in it could otherwise never be made."""
    t = service.tournament
    proposal = t.propose_deal(method, note.strip())
    for player in proposal.amounts:
        if player in service.bots and t.deal is not None:
            t.answer_deal(player, True, at=service.now())
    return event_to_dict(proposal)


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
