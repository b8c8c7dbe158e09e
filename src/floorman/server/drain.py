"""Stopping without losing anyone (SIGTERM: an upgrade, a restart).

On SIGTERM a server — ``floorman serve``, or a web process of the cluster
— drains before it exits, in this order:

1. it takes no more commands: an HTTP call that would change something is
   answered 503 with ``Retry-After`` (:class:`DrainGuard`), a socket's
   action an error frame saying the server is restarting (:meth:`Drain.guard`);
2. it stops its own work and stores what is in hand (``Drain.stop_work``:
   a single server stops dealing and flushes the writer, so everything
   anyone was told is stored);
3. it closes every socket with code 1012 ("service restart") and a reason,
   after the frames queued for it, so each client knows to come back;
4. it exits (status 0).

A second SIGTERM, or Ctrl-C, stops at once, as before.  The browser shows
"the server is restarting" on 1012 and reconnects by itself
(``static/js/api.js``); its seat, its hand and its pre-action are there
again when the server is.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from types import FrameType
from typing import Any

import uvicorn
from fastapi import FastAPI
from fastapi.responses import JSONResponse

from floorman.services.commands import Command
from floorman.services.error_bodies import message_body
from floorman.services.handler import Answer, Execute

log = logging.getLogger("floorman.server")

#: the websocket close code for "service restart" (RFC 6455 registry)
CLOSE_RESTART = 1012
RESTART_REASON = "server restarting"
RESTART_CLAUSE = "OQ-41"  # no rule: tournament administration
RETRY_AFTER_SECONDS = 5
#: how long the sockets get to take their last frames and close
CLOSE_SECONDS = 5.0
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


def restarting_body() -> dict[str, Any]:
    return message_body(
        "the server is restarting: try again in a moment",
        clause=RESTART_CLAUSE,
        error="ServerRestarting",
    )


class Drain:
    """A server's drain (``app.state.drain``)."""

    def __init__(self) -> None:
        self.draining = False
        #: what the app stops and stores before the sockets close (its lifespan sets it)
        self.stop_work: Callable[[], Awaitable[None]] | None = None

    def guard(self, execute: Execute) -> Execute:
        """``execute`` refusing every command once the drain began."""

        async def guarded(command: Command) -> Answer:
            if self.draining:
                return Answer(503, restarting_body())
            return await execute(command)

        return guarded

    async def run(self, app: FastAPI) -> None:
        """Steps 1-3 of the module doc; the server exits afterwards."""
        started = time.monotonic()
        self.draining = True
        if self.stop_work is not None:
            await self.stop_work()
        floor = getattr(app.state, "floor", None)
        subscribers = (
            [s for service in floor.tournaments.values() for s in service.subscribers]
            if floor is not None
            else []
        )
        for sub in subscribers:
            sub.finish(CLOSE_RESTART, RESTART_REASON)
        deadline = time.monotonic() + CLOSE_SECONDS
        # a session removes its subscriber once its socket has closed
        while floor is not None and any(s in _open(floor) for s in subscribers):
            if time.monotonic() > deadline:
                break
            await asyncio.sleep(0.02)
        log.warning(
            "drained in %.2f s: %d sockets told the server restarts",
            time.monotonic() - started,
            len(subscribers),
        )


def _open(floor: Any) -> set[Any]:
    return {s for service in floor.tournaments.values() for s in service.subscribers}


async def drain_app(app: FastAPI | None) -> None:
    """The app's drain, bounded in time; it never keeps a server from exiting."""
    drain: Drain | None = getattr(app.state, "drain", None) if app is not None else None
    if app is None or drain is None:
        return
    try:
        async with asyncio.timeout(30):
            await drain.run(app)
    except Exception:  # a timeout included
        log.exception("draining failed: stopping anyway")


class DrainGuard:
    """ASGI middleware: while draining, an HTTP call that would change
    something is answered 503 with ``Retry-After``; a new socket is told
    1012 at once."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        drain: Drain | None = getattr(scope["app"].state, "drain", None)
        if drain is not None and drain.draining:
            if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
                response = JSONResponse(
                    restarting_body(),
                    status_code=503,
                    headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
                )
                await response(scope, receive, send)
                return
            if scope["type"] == "websocket":
                await receive()  # the connect
                await send({"type": "websocket.accept"})
                await send({"type": "websocket.close", "code": CLOSE_RESTART})
                return
        await self.app(scope, receive, send)


def _app_of(loaded: Any) -> FastAPI | None:
    """The FastAPI app inside uvicorn's middleware around it."""
    for _ in range(20):
        if isinstance(loaded, FastAPI):
            return loaded
        loaded = getattr(loaded, "app", None)
    return None


class DrainingServer(uvicorn.Server):
    """uvicorn's server, draining on the first SIGTERM (module doc)."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.draining: asyncio.Task[None] | None = None

    async def serve(self, sockets: Any = None) -> None:
        self.loop = asyncio.get_running_loop()
        await super().serve(sockets)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if sig == signal.SIGTERM and self.loop is not None and self.draining is None:
            # not the signal uvicorn raises again after its shutdown: a
            # drained server exits with status 0
            self.loop.call_soon_threadsafe(self.begin_drain)
            return
        super().handle_exit(sig, frame)

    def begin_drain(self) -> None:
        assert self.loop is not None
        if self.draining is None:
            self.draining = self.loop.create_task(self.drain_then_exit())

    async def drain_then_exit(self) -> None:
        try:
            await drain_app(_app_of(self.config.loaded_app))
        finally:
            self.should_exit = True


def drain_on_sigterm(app: FastAPI) -> None:
    """The same drain in a web worker of the cluster, whose uvicorn server
    is made by uvicorn's process supervisor out of this code's reach: the
    first SIGTERM drains, then goes to uvicorn's own handler, which stops
    the worker (and the supervisor starts a fresh one unless it is
    stopping too).  Called in the app's startup, on the main thread."""
    if threading.current_thread() is not threading.main_thread():
        return  # an app served on a thread (tests): signals are its host's
    loop = asyncio.get_running_loop()
    uvicorns = signal.getsignal(signal.SIGTERM)
    started: list[asyncio.Task[None]] = []

    def stop() -> None:
        if callable(uvicorns):
            uvicorns(signal.SIGTERM, None)

    async def drain_then_stop() -> None:
        try:
            await drain_app(app)
        finally:
            stop()

    def begin() -> None:
        started.append(loop.create_task(drain_then_stop()))

    def on_sigterm(sig: int, frame: FrameType | None) -> None:
        if started:
            stop()  # a second SIGTERM: at once
        else:
            loop.call_soon_threadsafe(begin)

    signal.signal(signal.SIGTERM, on_sigterm)


def run_draining(app: Any, **options: Any) -> bool:
    """``uvicorn.run(app, **options)`` with a drain on SIGTERM; False: the
    server never started (the port taken, say)."""
    server = DrainingServer(uvicorn.Config(app, **options))
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C, raised again by uvicorn
        server.run()
    return bool(server.started)


__all__ = [
    "CLOSE_RESTART",
    "RESTART_REASON",
    "Drain",
    "DrainGuard",
    "DrainingServer",
    "drain_on_sigterm",
    "run_draining",
]
