"""The web application: API, websockets, static pages."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import AsyncIterator, MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from floorman import __version__
from floorman.server import (
    api,
    chart_api,
    commands_api,
    deals_api,
    drain,
    entries_api,
    headers,
    i18n,
    limits,
    manage_api,
    metrics,
    procedures_api,
    room_api,
    rules_api,
    schema_api,
    seat_links_api,
    structures_api,
    ws,
)
from floorman.server.deployment import Deployment, SingleProcess
from floorman.services.charts import load_drawing
from floorman.storage.backup import PeriodicBackups

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
    "room": "room.html",
    "slips": "slips.html",
    "missing": "missing.html",
}
#: addresses of machines, not people: their 404 stays JSON
_NOT_PAGES = ("/api/", "/static/", "/ws")


@functools.cache
def page_html(name: str) -> str:
    """A page's HTML, read once: the 404 page is answered on the event
    loop, which must not wait for a disk (:func:`create_app` reads every
    page before serving)."""
    return (STATIC / PAGES[name]).read_text(encoding="utf-8")


def render_page(name: str, request: Request) -> HTMLResponse:
    """A page in the request's language: ``<html lang>`` set and the
    language's catalogue inlined for ``static/js/i18n.js`` (see
    :mod:`floorman.server.i18n`).  ``?lang=`` also keeps the choice in a
    cookie, so the switch on every page holds from page to page."""
    asked = request.query_params.get("lang")
    lang = i18n.choose_language(
        asked, request.cookies.get(i18n.COOKIE), request.headers.get("accept-language")
    )
    html = page_html(name)
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


def build_routes(app: FastAPI) -> None:
    """Answer one request for an address no route has, on a loop of this
    thread's own: FastAPI builds every route's state on the first request
    it matches (over half a second for ours), which would hold the serving
    loop of the first client.  Run in a thread before serving."""

    async def nowhere() -> None:
        scope: dict[str, Any] = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": "/.routes-built",
            "raw_path": b"/.routes-built",
            "root_path": "",
            "query_string": b"",
            "headers": [],
            "client": ("127.0.0.1", 0),
            "server": ("127.0.0.1", 0),
        }

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: MutableMapping[str, Any]) -> None:
            return None

        await app(scope, receive, send)

    asyncio.run(nowhere())


def create_app(
    database_url: str = "",
    director_token: str = "",
    *,
    deployment: Deployment | None = None,
    pace_collection: bool = False,
    backups: PeriodicBackups | None = None,
) -> FastAPI:
    """The application, composed with its ``deployment`` (the lifespan,
    the views the routes read, the command transport): by default
    :class:`SingleProcess` on ``database_url`` (``pace_collection`` and
    ``backups`` are its), or a web process of the cluster
    (:class:`floorman.cluster.web.ClusterWeb`).  Nothing is patched
    after: the app is made for its deployment."""
    deployment = deployment or SingleProcess(
        database_url, director_token, pace_collection=pace_collection, backups=backups
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # nothing here holds the loop: FastAPI's first build of the routes
        # and matplotlib's import run in threads, before serving
        await asyncio.to_thread(build_routes, app)
        await asyncio.to_thread(load_drawing)
        async with deployment.serving(app):
            yield

    for name in PAGES:  # read now, not on the loop of a request
        page_html(name)
    app = FastAPI(
        title="floorman",
        version=__version__,
        description="Poker tournaments ruled by the NM draw, NM hold'em and German rulebooks.",
        lifespan=lifespan,
    )
    app.state.process = deployment.process
    app.state.metrics = metrics.Metrics()  # this app's own registry
    app.state.readiness = metrics.Readiness()
    app.state.drain = drain.Drain()
    for middleware in reversed(deployment.middleware()):  # the innermost first
        app.add_middleware(middleware.cls, *middleware.args, **middleware.kwargs)
    app.add_middleware(drain.DrainGuard)
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
    app.include_router(seat_links_api.router)
    app.include_router(room_api.router)
    app.include_router(entries_api.router)
    app.include_router(procedures_api.router)
    app.include_router(deals_api.router)
    app.include_router(rules_api.router)
    app.include_router(schema_api.router)
    app.include_router(commands_api.router)
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

    @app.get("/t/{tournament_id}/room", include_in_schema=False)
    def room(tournament_id: str, request: Request) -> HTMLResponse:
        return page("room", request)

    @app.get("/t/{tournament_id}/slips", include_in_schema=False)
    def slips(tournament_id: str, request: Request) -> HTMLResponse:
        return page("slips", request)

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
        process = str(request.app.state.process)
        return {"status": "ok", "version": __version__, "process": process}

    @app.get("/ready", include_in_schema=False)
    async def ready(request: Request) -> JSONResponse:
        # 503 names what cannot serve yet, so a balancer and an operator both know
        is_ready, checks = await request.app.state.readiness.report()
        body = {"status": "ready" if is_ready else "not ready", "checks": checks}
        return JSONResponse(body, status_code=200 if is_ready else 503)

    @app.get("/metrics", include_in_schema=False)
    def metrics_page(request: Request) -> Response:
        return Response(request.app.state.metrics.render(), media_type=metrics.CONTENT_TYPE)

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> RedirectResponse:
        return RedirectResponse("/static/favicon.svg")

    return app
