"""The tournament's chip history: as data and as a chart (SVG) in the
reader's language."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from floorman.server import i18n
from floorman.server.api import service_of

router = APIRouter(prefix="/api")


@router.get(
    "/tournaments/{tournament_id}/chips",
    summary="Players left, average stack and leaders' stacks at every level",
)
async def chip_history(request: Request, tournament_id: str) -> list[dict[str, Any]]:
    return [asdict(sample) for sample in service_of(request, tournament_id).chip_history()]


#: the chart's own policy: inline styles (matplotlib's), no script, no framing
CHART_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"


@router.get(
    "/tournaments/{tournament_id}/chart.svg",
    summary="The chip-count chart (SVG), labelled in ?lang= or the browser's language",
    response_class=Response,
)
async def chip_chart(request: Request, tournament_id: str) -> Response:
    service = service_of(request, tournament_id)
    lang = i18n.choose_language(
        request.query_params.get("lang"),
        request.cookies.get(i18n.COOKIE),
        request.headers.get("accept-language"),
    )
    svg = await service.chip_chart(i18n.catalogue(lang), lang)
    # matplotlib styles the drawing with inline style attributes: opened
    # on its own (the console's link), the pages' policy would block them
    # and the chart would be drawn black (issue 20).  The SVG holds no
    # script, so its own policy allows inline styles and nothing else.
    return Response(
        svg,
        media_type="image/svg+xml",
        headers={"Content-Language": lang, "Content-Security-Policy": CHART_POLICY},
    )
