"""The director's housekeeping before a start: take an entry back, call a
tournament off, archive it out of the lobby, delete one that never started."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

from floorman.server.api import Director, IdempotencyKey, director_command, service_of
from floorman.services import commands as c

router = APIRouter(prefix="/api")


class CallingOff(BaseModel):
    note: str = Field("", max_length=500)


class ArchiveChoice(BaseModel):
    archived: bool = True


@router.post(
    "/tournaments/{tournament_id}/players/{player}/unregister",
    dependencies=[Director],
    summary="Take an entry back before the seat draw (OQ-41)",
)
async def unregister(
    request: Request, tournament_id: str, player: str, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(request, c.Unregister, tournament_id, key, target=player)


@router.post(
    "/tournaments/{tournament_id}/cancel",
    dependencies=[Director],
    summary="Call off a tournament that has not started (OQ-41)",
)
async def cancel(
    request: Request, tournament_id: str, body: CallingOff, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(request, c.Cancel, tournament_id, key, note=body.note)


@router.post(
    "/tournaments/{tournament_id}/archive",
    dependencies=[Director],
    summary="Take a tournament out of the lobby's list (or back in)",
)
async def archive(
    request: Request, tournament_id: str, body: ArchiveChoice, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(request, c.Archive, tournament_id, key, archived=body.archived)


@router.delete(
    "/tournaments/{tournament_id}",
    dependencies=[Director],
    summary="Delete a tournament that never started, with all stored of it",
)
async def delete(
    request: Request, tournament_id: str, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(request, c.Delete, tournament_id, key)


class ChatMute(BaseModel):
    player: str = Field(max_length=64)
    muted: bool = True
    note: str = Field("", max_length=500)


@router.post(
    "/tournaments/{tournament_id}/floor/mute-chat",
    dependencies=[Director],
    summary="Mute a player's table chat, or let him speak again (DE-ETIQ-1/2)",
)
async def mute_chat(
    request: Request, tournament_id: str, body: ChatMute, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request,
        c.MuteChat,
        tournament_id,
        key,
        target=body.player,
        muted=body.muted,
        note=body.note,
    )


@router.get(
    "/tournaments/{tournament_id}/chat",
    dependencies=[Director],
    summary="The table chat, every table or one (director's log)",
)
async def chat_log(
    request: Request,
    tournament_id: str,
    # bounded: a table number past SQLite's 64 bits once answered 500 (test_api_fuzz)
    table: Annotated[int | None, Query(ge=1, le=100_000)] = None,
) -> list[dict[str, Any]]:
    return await service_of(request, tournament_id).read_chat(table)


@router.get(
    "/director/token",
    dependencies=[Director],
    summary="Check a director token before the console keeps it (401/403 if wrong)",
)
async def check_director_token() -> dict[str, bool]:
    # the console asks at once, so a wrong token fails where it was typed,
    # not at the director's next action
    return {"ok": True}
