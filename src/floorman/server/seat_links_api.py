"""The director shows or reissues a player's seat link, with its QR code
(OQ-74; :mod:`floorman.services.seat_links`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request

from floorman.server.api import Director, IdempotencyKey, director_command, rule_error, service_of
from floorman.services import FloormanError
from floorman.services import commands as c
from floorman.services.error_bodies import message_body

router = APIRouter(prefix="/api")


def page_base(request: Request) -> str:
    """The server's address as the director's browser reached it: the QR
    code's link must open from a phone in the room."""
    return str(request.base_url)


@router.get(
    "/tournaments/{tournament_id}/players/{player}/seat-link",
    dependencies=[Director],
    summary="A player's seat link and its QR code, as last reissued (OQ-74)",
)
async def show_seat_link(request: Request, tournament_id: str, player: str) -> dict[str, Any]:
    service = service_of(request, tournament_id)
    try:
        link = service.seat_link_of(player)
    except FloormanError as error:
        raise rule_error(error) from None
    if link == 0:
        raise HTTPException(
            409,
            message_body(
                "only the player holds the link made at the registration: reissue one to show it",
                clause="OQ-74",
            ),
        )
    return service.seat_link_answer(player, link, page_base(request))


@router.post(
    "/tournaments/{tournament_id}/players/{player}/seat-link",
    dependencies=[Director],
    summary="A new seat link for a player, with its QR code; the old one is closed (OQ-74)",
)
async def reissue_seat_link(
    request: Request, tournament_id: str, player: str, key: IdempotencyKey = None
) -> dict[str, Any]:
    answer = await director_command(request, c.ReissueSeatLink, tournament_id, key, target=player)
    # the runner's count, not this process's replica (which may fold the
    # event a moment later)
    link = int(answer["result"]["link"])
    return service_of(request, tournament_id).seat_link_answer(player, link, page_base(request))
