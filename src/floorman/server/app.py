"""The web application: API, websockets, static pages."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from floorman import __version__
from floorman.server import api, rules_api, schema_api, ws
from floorman.services import Floor
from floorman.storage import Store

STATIC = Path(__file__).with_name("static")
PAGES = {
    "lobby": "index.html",
    "tournament": "tournament.html",
    "table": "table.html",
    "director": "director.html",
    "clock": "clock.html",
    "hand": "hand.html",
}


def create_app(database_url: str, director_token: str) -> FastAPI:
    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(database_url)
        floor = Floor(store, director_token)
        app.state.floor = floor
        floor.resume_all()
        try:
            yield
        finally:
            await floor.stop_all()
            store.close()

    app = FastAPI(
        title="floorman",
        version=__version__,
        description="Poker tournaments ruled by the NM draw, NM hold'em and German rulebooks.",
        lifespan=lifespan,
    )
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(rules_api.router)
    app.include_router(schema_api.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / PAGES[name], media_type="text/html")

    @app.get("/", include_in_schema=False)
    def lobby() -> FileResponse:
        return page("lobby")

    @app.get("/t/{tournament_id}", include_in_schema=False)
    def tournament(tournament_id: str) -> FileResponse:
        return page("tournament")

    @app.get("/t/{tournament_id}/table/{table}", include_in_schema=False)
    def table(tournament_id: str, table: int) -> FileResponse:
        return page("table")

    @app.get("/t/{tournament_id}/play", include_in_schema=False)
    def play(tournament_id: str) -> FileResponse:
        return page("table")

    @app.get("/t/{tournament_id}/clock", include_in_schema=False)
    def clock(tournament_id: str) -> FileResponse:
        return page("clock")

    @app.get("/director", include_in_schema=False)
    def director() -> FileResponse:
        return page("director")

    @app.get("/hands/{hand_id}", include_in_schema=False)
    def hand(hand_id: str) -> FileResponse:
        return page("hand")

    @app.get("/health", include_in_schema=False)
    def health() -> dict[str, str]:
        return {"status": "ok", "version": __version__}

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> RedirectResponse:
        return RedirectResponse("/static/favicon.svg")

    return app
