"""The director's room view of a running tournament (services/room.py):
every table's street, pot and player to act, who is away or has lost his
connection, and the chips in play; the move slips and seating list to print."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from floorman.server.api import Director, service_of

router = APIRouter(prefix="/api")


@router.get(
    "/tournaments/{tournament_id}/room",
    dependencies=[Director],
    summary="The room: every table's hand (street, pot, player to act) and seats"
    " (stack, away and why, connected), the chips in play (director)",
)
async def room(request: Request, tournament_id: str) -> dict[str, Any]:
    return service_of(request, tournament_id).room()


@router.get(
    "/tournaments/{tournament_id}/slips",
    summary="The move and balancing slips (table and seat from, table and seat to, with"
    " the clause) and every seated player's table and seat, to print (DE-SEAT-1)",
)
async def slips(request: Request, tournament_id: str) -> dict[str, Any]:
    return service_of(request, tournament_id).move_slips()
