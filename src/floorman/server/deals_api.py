"""Deals over the prize money left (OQ-34, OQ-73): the director proposes a
chip or an ICM chop, each player answers from his seat (his own token) or,
at a live event, the director records his answer; the director may
withdraw the proposal.  What a deal may be is the core's to say."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field

from floorman.server.api import (
    Director,
    IdempotencyKey,
    bearer,
    carried_out,
    director_command,
    floor_of,
    player_of,
    service_of,
)
from floorman.server.error_bodies import http_error
from floorman.services import commands as c

router = APIRouter(prefix="/api")


class DealProposal(BaseModel):
    method: str = Field(description="chip (a chip chop) or icm (an ICM chop, Malmuth-Harville)")
    note: str = Field("", max_length=500)


class DealAnswer(BaseModel):
    player: str = Field(max_length=40)
    agree: bool


async def own_or_director(
    request: Request, tournament_id: str, token: str | None, player: str
) -> str:
    """The author of a command about ``player``: the director, or the
    player himself by his own token; anyone else is refused."""
    service = service_of(request, tournament_id)
    if token is None:
        raise http_error(401, "player token required")
    if floor_of(request).is_director(token):
        return c.DIRECTOR
    if await player_of(request, service, token) == player:
        return c.player_author(player)
    raise http_error(403, "unknown player token")


@router.post(
    "/tournaments/{tournament_id}/deal",
    dependencies=[Director],
    summary="Propose a deal over the prize money left: a chip or an ICM chop (OQ-34, OQ-73)",
)
async def propose_deal(
    request: Request, tournament_id: str, body: DealProposal, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request, c.ProposeDeal, tournament_id, key, method=body.method, note=body.note
    )


@router.post(
    "/tournaments/{tournament_id}/deal/answer",
    summary="A player agrees to the deal or declines it: his own token, or at a live"
    " event the director's (OQ-73)",
)
async def answer_deal(
    request: Request,
    tournament_id: str,
    body: DealAnswer,
    token: Annotated[str | None, Depends(bearer)] = None,
    key: IdempotencyKey = None,
) -> dict[str, Any]:
    author = await own_or_director(request, tournament_id, token, body.player)
    command = c.AnswerDeal(
        tournament=tournament_id, author=author, key=key or "", target=body.player, agree=body.agree
    )
    return await carried_out(request, command)


@router.post(
    "/tournaments/{tournament_id}/deal/withdraw",
    dependencies=[Director],
    summary="Withdraw the deal proposed: play goes on (OQ-73)",
)
async def withdraw_deal(
    request: Request, tournament_id: str, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(request, c.WithdrawDeal, tournament_id, key)
