"""A web process of the multi-process deployment: the same application as
``floorman serve``, over replicas (:mod:`floorman.cluster.follower`).

Reads — pages, the API's GETs, every frame to this process's sockets — are
answered here from the replicas.  A request that would change something
(the API's POST, PUT, PATCH and DELETE) is sent whole to the runner playing
its tournament (any runner for a request of no running tournament, such as
creating one) and its answer given back as the runner's application gave
it; the answer waits until this process's replica shows the change, so a
client reads its own writes from any web process.
"""

from __future__ import annotations

import base64
import contextlib
import logging
import os
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from starlette.middleware import Middleware

from floorman.cluster import bus
from floorman.cluster.asgi_call import request_message
from floorman.cluster.follower import Followers
from floorman.cluster.runner import LIVE, tournament_of
from floorman.server.app import create_app
from floorman.server.error_bodies import message_body
from floorman.services import Floor
from floorman.storage import Store

log = logging.getLogger("floorman.cluster")

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: headers this process's own middleware sets on every answer
OWN_HEADERS = frozenset(
    {"content-security-policy", "x-frame-options", "x-content-type-options", "referrer-policy"}
)
NO_RUNNER = "no runner is playing this tournament now: try again in a moment"

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


@dataclass
class WebSide:
    process: str
    commands: bus.Commands
    followers: Followers


class Forwarder:
    """ASGI middleware: changing requests go to the runner (module doc)."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            # a tournament made a moment ago through another web process
            named = tournament_of(str(scope["path"]))
            if named is not None:
                scope["app"].state.cluster.followers.knows(named)
        if (
            scope["type"] != "http"
            or scope["method"] in SAFE_METHODS
            or not str(scope["path"]).startswith("/api/")
        ):
            await self.app(scope, receive, send)
            return
        side: WebSide = scope["app"].state.cluster
        body = b""
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        tid = tournament_of(str(scope["path"]))
        replica = side.followers.floor.get(tid) if tid else None
        live = replica is not None and replica.tournament.status in LIVE
        headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in scope["headers"]]
        client = scope.get("client") or ("unknown", 0)
        request = request_message(
            str(scope["method"]),
            str(scope["path"]),
            bytes(scope.get("query_string", b"")).decode("latin-1"),
            headers,
            body,
            str(client[0]),
        )
        try:
            reply = await side.commands.send(tid if live else None, request)
        except bus.NoRunner:
            response = JSONResponse({"detail": message_body(NO_RUNNER, clause="OQ-41")}, 503)
            await response(scope, receive, send)
            return
        if reply.get("seq") and reply.get("tournament"):
            await side.followers.wait_for(
                str(reply["tournament"]), str(reply["runner"]), int(reply["seq"])
            )
        answer_headers = [
            (k.encode("latin-1"), v.encode("latin-1"))
            for k, v in reply.get("headers", [])
            if k.lower() not in OWN_HEADERS
        ]
        await send(
            {
                "type": "http.response.start",
                "status": int(reply.get("status", 500)),
                "headers": answer_headers,
            }
        )
        await send({"type": "http.response.body", "body": base64.b64decode(reply.get("body", ""))})


def create_web_app(database_url: str, redis_url: str, director_token: str) -> FastAPI:
    app = create_app(database_url, director_token)
    process = f"web-{os.getpid()}-{secrets.token_hex(3)}"
    app.state.process = process

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(database_url)
        floor = Floor(store, director_token)
        app.state.floor = floor
        client = bus.connect(redis_url)
        commands = bus.Commands(client, process)
        await commands.start()

        async def forward(tid: str, command: dict[str, Any]) -> dict[str, Any]:
            return await commands.send(tid, {**command, "tournament": tid})

        followers = Followers(floor, client, forward)
        await followers.start()
        app.state.cluster = WebSide(process, commands, followers)
        log.info("%s serves", process)
        try:
            yield
        finally:
            await followers.stop()
            await commands.stop()
            await client.aclose()
            store.close()

    app.router.lifespan_context = lifespan
    app.user_middleware.append(Middleware(Forwarder))  # innermost: after the body limits
    return app


def app_from_environment() -> FastAPI:
    """uvicorn's factory for each web worker (``floorman serve --workers``)."""
    return create_web_app(
        os.environ["FLOORMAN_DATABASE_URL"],
        os.environ["FLOORMAN_REDIS_URL"],
        os.environ["FLOORMAN_DIRECTOR_TOKEN"],
    )


__all__ = ["Forwarder", "WebSide", "app_from_environment", "create_web_app"]
