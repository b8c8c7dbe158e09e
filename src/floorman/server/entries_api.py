"""Entries after the start and the results sheet: a busted player's
re-entry (his own token, or the director's), and the results as CSV and
PDF in the reader's language."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from floorman.server import i18n
from floorman.server.api import (
    IdempotencyKey,
    bearer,
    carried_out,
    service_of,
)
from floorman.server.deals_api import own_or_director
from floorman.services import commands as c

if TYPE_CHECKING:
    from floorman.services.view import TournamentView

router = APIRouter(prefix="/api")


@router.post(
    "/tournaments/{tournament_id}/players/{player}/re-enter",
    summary="A busted player's new entry while late registration is open, where the"
    " profile allows re-entry (never in a freeze-out, OQ-41; de-holdem: off, OQ-68);"
    " the player's own token or the director's",
)
async def re_enter(
    request: Request,
    tournament_id: str,
    player: str,
    token: Annotated[str | None, Depends(bearer)] = None,
    key: IdempotencyKey = None,
) -> dict[str, Any]:
    author = await own_or_director(request, tournament_id, token, player)
    command = c.ReEnter(tournament=tournament_id, author=author, key=key or "", target=player)
    return await carried_out(request, command)


def _words(request: Request) -> tuple[str, dict[str, str]]:
    lang = i18n.choose_language(
        request.query_params.get("lang"),
        request.cookies.get(i18n.COOKIE),
        request.headers.get("accept-language"),
    )
    return lang, i18n.catalogue(lang)


def _attachment(service: TournamentView, extension: str, disposition: str) -> str:
    """Content-Disposition with the file named after the tournament
    (``results_file_names``): in ASCII for every browser, and as
    written in ``filename*`` for those that read it."""
    plain, written = service.results_file_names()
    return (
        f'{disposition}; filename="{plain}.{extension}";'
        f" filename*=UTF-8''{quote(written, safe='')}.{extension}"
    )


@router.get(
    "/tournaments/{tournament_id}/results",
    summary="The results with the entries' accounts (buy-ins, fees, top-up, pool)",
)
async def results_as_data(request: Request, tournament_id: str) -> dict[str, Any]:
    return service_of(request, tournament_id).results()


@router.get(
    "/tournaments/{tournament_id}/results.csv",
    summary="The results: place, name, prize, entries (CSV for spreadsheets in Norway and"
    " Germany: semicolons, UTF-8 with BOM; headers in ?lang=; the file named after the"
    " tournament)",
    response_class=Response,
)
async def results_as_csv(request: Request, tournament_id: str) -> Response:
    service = service_of(request, tournament_id)
    lang, words = _words(request)
    return Response(
        service.results_csv(words).encode("utf-8"),
        media_type="text/csv; charset=utf-8",
        headers={
            "Content-Language": lang,
            "Content-Disposition": _attachment(service, "csv", "attachment"),
        },
    )


@router.get(
    "/tournaments/{tournament_id}/results.pdf",
    summary="The results sheet to print (PDF, in ?lang=)",
    response_class=Response,
)
async def results_as_pdf(request: Request, tournament_id: str) -> Response:
    service = service_of(request, tournament_id)
    lang, words = _words(request)
    # drawn off the event loop: the tables play on meanwhile
    pdf = await asyncio.to_thread(service.results_pdf, words)
    return Response(
        pdf,
        media_type="application/pdf",
        headers={
            "Content-Language": lang,
            "Content-Disposition": _attachment(service, "pdf", "inline"),
        },
    )
