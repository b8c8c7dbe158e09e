"""The director's procedures for running the room: hand-for-hand on the
bubble (OQ-71), a break now, time added to or taken off the level, the
next level now (NM-D-1G, OQ-03, OQ-09), the chip race (OQ-72) and taking
back his last ruling (NM-D-1G, OQ-03).  Each is a typed command carried
out by the handler."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from floorman.server.api import Director, IdempotencyKey, director_command
from floorman.services import commands as c

router = APIRouter(prefix="/api")

#: the longest break and the most time added or taken off at once (the
#: core refuses more, with the clause; the edge refuses the absurd)
_FOUR_HOURS = 4 * 3600


class HandForHandBody(BaseModel):
    on: bool
    note: str = Field(default="", max_length=500)


class BreakBody(BaseModel):
    seconds: int = Field(ge=1, le=_FOUR_HOURS)
    note: str = Field(default="", max_length=500)


class ClockBody(BaseModel):
    seconds: int = Field(ge=-_FOUR_HOURS, le=_FOUR_HOURS)
    note: str = Field(default="", max_length=500)


class NoteBody(BaseModel):
    note: str = Field(default="", max_length=500)


class UndoBody(NoteBody):
    #: the ruling the console showed (``procedures.undo.index``): refused if
    #: the last one is another by now; left out, the last one is undone
    index: int | None = Field(default=None, ge=0)


@router.post(
    "/tournaments/{tournament_id}/floor/hand-for-hand",
    dependencies=[Director],
    summary="Hand-for-hand on or off: every table waits for all the others (OQ-71, OQ-06)",
)
async def hand_for_hand(
    request: Request, tournament_id: str, body: HandForHandBody, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request, c.SetHandForHand, tournament_id, key, on=body.on, note=body.note
    )


@router.post(
    "/tournaments/{tournament_id}/floor/hand-for-hand/played",
    dependencies=[Director],
    summary="Live: every table has finished the hand-for-hand hand; those out in it are"
    " placed together (OQ-71, OQ-06)",
)
async def hand_for_hand_played(
    request: Request, tournament_id: str, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(request, c.CloseHandForHandHand, tournament_id, key)


@router.post(
    "/tournaments/{tournament_id}/clock/break",
    dependencies=[Director],
    summary="A break now, of the seconds given (NM-D-1G, OQ-03, OQ-09)",
)
async def call_break(
    request: Request, tournament_id: str, body: BreakBody, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request, c.CallBreak, tournament_id, key, seconds=body.seconds, note=body.note
    )


@router.post(
    "/tournaments/{tournament_id}/clock/adjust",
    dependencies=[Director],
    summary="Add time to the level being played, or take it off (NM-D-1G, OQ-03)",
)
async def adjust_clock(
    request: Request, tournament_id: str, body: ClockBody, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request, c.AdjustClock, tournament_id, key, seconds=body.seconds, note=body.note
    )


@router.post(
    "/tournaments/{tournament_id}/clock/next-level",
    dependencies=[Director],
    summary="The next level now (NM-D-1G, OQ-03)",
)
async def next_level(
    request: Request, tournament_id: str, body: NoteBody, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(request, c.NextLevel, tournament_id, key, note=body.note)


@router.post(
    "/tournaments/{tournament_id}/floor/chip-race",
    dependencies=[Director],
    summary="The smallest chip leaves play: the chip race, or a colour-up by rounding (OQ-72)",
)
async def chip_race(
    request: Request, tournament_id: str, body: NoteBody, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(request, c.RaceOff, tournament_id, key, note=body.note)


@router.post(
    "/tournaments/{tournament_id}/floor/undo",
    dependencies=[Director],
    summary="Take back the director's last chip correction, move or live chip count"
    " while nothing depends on it yet (NM-D-1G, OQ-03)",
)
async def undo_ruling(
    request: Request, tournament_id: str, body: UndoBody, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request, c.UndoRuling, tournament_id, key, note=body.note, index=body.index
    )
