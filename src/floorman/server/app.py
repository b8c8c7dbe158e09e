"""The web application: API, websockets, static pages."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from floorman import __version__
from floorman.server import (
    api,
    chart_api,
    collector,
    deals_api,
    entries_api,
    headers,
    i18n,
    limits,
    manage_api,
    rules_api,
    schema_api,
    structures_api,
    ws,
)
from floorman.services import Floor
from floorman.services.auto_start import AutoStarts
from floorman.services.handler import CommandHandler
from floorman.services.lanes import CommandLanes
from floorman.storage import Store

STATIC = Path(__file__).with_name("static")
PAGES = {
    "lobby": "index.html",
    "tournament": "tournament.html",
    "table": "table.html",
    "director": "director.html",
    "clock": "clock.html",
    "hand": "hand.html",
    "cards": "cards.html",
    "results": "results.html",
    "missing": "missing.html",
}
#: addresses of machines, not people: their 404 stays JSON
_NOT_PAGES = ("/api/", "/static/", "/ws")


def render_page(name: str, request: Request) -> HTMLResponse:
    """A page in the request's language: ``<html lang>`` set and the
    language's catalogue inlined for ``static/js/i18n.js`` (see
    :mod:`floorman.server.i18n`).  ``?lang=`` also keeps the choice in a
    cookie, so the switch on every page holds from page to page."""
    asked = request.query_params.get("lang")
    lang = i18n.choose_language(
        asked, request.cookies.get(i18n.COOKIE), request.headers.get("accept-language")
    )
    html = (STATIC / PAGES[name]).read_text(encoding="utf-8")
    html = html.replace('<html lang="en"', f'<html lang="{lang}"', 1)
    html = html.replace(
        "</head>",
        f'<script type="application/json" id="i18n-catalogue">{i18n.catalogue_json(lang)}</script>'
        "\n  </head>",
        1,
    )
    response = HTMLResponse(
        html, headers={"Content-Language": lang, "Vary": "Accept-Language, Cookie"}
    )
    if i18n.known_language(asked) == lang:
        response.set_cookie(i18n.COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax")
    return response


async def page_not_found(request: Request, error: Exception) -> Response:
    """A person who mistypes an address reads, in his language, that the page
    does not exist and how to get back; programs keep FastAPI's JSON."""
    assert isinstance(error, StarletteHTTPException)
    wants_page = "text/html" in request.headers.get("accept", "")
    if (
        error.status_code == 404
        and request.method in ("GET", "HEAD")
        and wants_page
        and not request.url.path.startswith(_NOT_PAGES)
    ):
        response = render_page("missing", request)
        response.status_code = 404
        return response
    return await http_exception_handler(request, error)


def create_app(database_url: str, director_token: str, *, pace_collection: bool = False) -> FastAPI:
    """``pace_collection``: the app owns its process (``floorman serve``, a
    cluster web process) and paces the garbage collector for it
    (:mod:`floorman.server.collector`); an app inside a host such as a
    test run leaves the host's heap alone."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(database_url)
        floor = Floor(store, director_token)
        app.state.floor = floor
        # one process: commands queue per tournament, as a runner reads them
        lanes = CommandLanes(CommandHandler(floor))
        app.state.commands = lanes.execute
        floor.resume_all()
        auto_starts = AutoStarts(floor.listed, lanes.execute).launched()
        pacing = collector.paced_collection() if pace_collection else None  # after the load
        try:
            yield
        finally:
            collector.stop_pacing(pacing)
            auto_starts.cancel()
            await lanes.close()
            await floor.stop_all()
            store.close()

    app = FastAPI(
        title="floorman",
        version=__version__,
        description="Poker tournaments ruled by the NM draw, NM hold'em and German rulebooks.",
        lifespan=lifespan,
    )
    app.add_middleware(limits.BodyGuard)
    app.add_middleware(headers.SecurityHeaders)  # outermost: a 413 gets them too
    app.state.socket_limits = ws.SocketLimits.from_environment()
    app.add_exception_handler(RequestValidationError, limits.validation_error)
    app.add_exception_handler(StarletteHTTPException, page_not_found)
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(chart_api.router)
    app.include_router(structures_api.router)
    app.include_router(manage_api.router)
    app.include_router(entries_api.router)
    app.include_router(deals_api.router)
    app.include_router(rules_api.router)
    app.include_router(schema_api.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def page(name: str, request: Request) -> HTMLResponse:
        return render_page(name, request)

    @app.get("/", include_in_schema=False)
    def lobby(request: Request) -> HTMLResponse:
        return page("lobby", request)

    @app.get("/t/{tournament_id}", include_in_schema=False)
    def tournament(tournament_id: str, request: Request) -> HTMLResponse:
        return page("tournament", request)

    @app.get("/t/{tournament_id}/table/{table}", include_in_schema=False)
    def table(tournament_id: str, table: int, request: Request) -> HTMLResponse:
        return page("table", request)

    @app.get("/t/{tournament_id}/play", include_in_schema=False)
    def play(tournament_id: str, request: Request) -> HTMLResponse:
        return page("table", request)

    @app.get("/t/{tournament_id}/clock", include_in_schema=False)
    def clock(tournament_id: str, request: Request) -> HTMLResponse:
        return page("clock", request)

    @app.get("/t/{tournament_id}/cards", include_in_schema=False)
    def table_cards(tournament_id: str, request: Request) -> HTMLResponse:
        return page("cards", request)

    @app.get("/t/{tournament_id}/results", include_in_schema=False)
    def results_page(tournament_id: str, request: Request) -> HTMLResponse:
        return page("results", request)

    @app.get("/director", include_in_schema=False)
    def director(request: Request) -> HTMLResponse:
        return page("director", request)

    @app.get("/t/{tournament_id}/director", include_in_schema=False)
    def tournament_director(tournament_id: str) -> RedirectResponse:
        # the address people guess from the tournament's own pages
        return RedirectResponse(f"/director?t={quote(tournament_id, safe='')}")

    @app.get("/hands/{hand_id}", include_in_schema=False)
    def hand(hand_id: str, request: Request) -> HTMLResponse:
        return page("hand", request)

    @app.get("/health", include_in_schema=False)
    def health(request: Request) -> dict[str, str]:
        # which process answered (the multi-process deployment names its web processes)
        process = str(getattr(request.app.state, "process", "single"))
        return {"status": "ok", "version": __version__, "process": process}

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> RedirectResponse:
        return RedirectResponse("/static/favicon.svg")

    return app
