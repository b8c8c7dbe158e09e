"""Saved structures (director): list, read, save under a name, delete.

Structures are no tournament's events: each process reads and writes
them in the database itself, by a thread (never on the event loop)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from floorman.server.api import Director, LevelIn, PayoutTableIn, floor_of, rule_error
from floorman.server.error_bodies import http_error
from floorman.services import FloormanError
from floorman.services.structures import wizard_levels

router = APIRouter(prefix="/api")


class StructureIn(BaseModel):
    profile: str = Field(max_length=40)
    levels: list[LevelIn] = Field(min_length=1, max_length=200)
    starting_stack: int = Field(ge=1, le=10**12)
    table_size: int = Field(ge=2, le=10)
    payout_shares: list[int] = Field(min_length=1, max_length=1000)
    prize_pool: int = Field(0, ge=0, le=10**15)
    time_bank_seconds: int | None = Field(None, ge=0, le=3600)
    buy_in: int = Field(0, ge=0, le=10**15)
    fee: int = Field(0, ge=0, le=10**15)
    guarantee: int = Field(0, ge=0, le=10**15)
    payout_tables: list[PayoutTableIn] = Field(default_factory=list, max_length=100)
    late_registration_level: int | None = Field(None, ge=1, le=1000)
    payout_unit: int = Field(1, ge=-(10**15), le=10**15, description="OQ-69; 1: no rounding")


class Wizard(BaseModel):
    profile: str = Field(max_length=40)
    first_ante: int = Field(ge=1, le=10**9)
    rise_percent: float = Field(gt=0, le=400)
    count: int = Field(ge=1, le=100)
    minutes: float = Field(gt=0, le=600)
    break_every: int = Field(0, ge=0, le=100, description="a break after every so many levels")
    break_minutes: float = Field(0, ge=0, le=600)


@router.post(
    "/structures/wizard",
    summary="Levels from a first ante, a rise per level, a count and a length (an editor's draft)",
)
async def wizard(body: Wizard) -> dict[str, Any]:
    """Nothing is saved: the levels come back for the editor to change."""
    try:
        return {"levels": wizard_levels(**body.model_dump())}
    except FloormanError as error:
        raise rule_error(error) from None


@router.get("/structures", summary="The saved structures")
async def structures(request: Request) -> list[dict[str, Any]]:
    return await asyncio.to_thread(floor_of(request).structures.all)


@router.get("/structures/{name}", summary="One saved structure")
async def structure(request: Request, name: str) -> dict[str, Any]:
    found = await asyncio.to_thread(floor_of(request).structures.get, name)
    if found is None:
        raise http_error(404, "no saved structure {name}", {"name": repr(name)})
    return found


@router.put("/structures/{name}", dependencies=[Director], summary="Save a structure")
async def save_structure(request: Request, name: str, body: StructureIn) -> dict[str, Any]:
    data = body.model_dump()
    profile = data.pop("profile")
    try:
        return await asyncio.to_thread(floor_of(request).structures.save, name, profile, data)
    except FloormanError as error:
        raise rule_error(error) from None


@router.delete("/structures/{name}", dependencies=[Director], summary="Delete a structure")
async def delete_structure(request: Request, name: str) -> dict[str, bool]:
    if not await asyncio.to_thread(floor_of(request).structures.delete, name):
        raise http_error(404, "no saved structure {name}", {"name": repr(name)})
    return {"deleted": True}
