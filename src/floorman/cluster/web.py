"""A web process of the multi-process deployment: the same application as
``floorman serve``, over replicas (:mod:`floorman.cluster.follower`).

Reads — pages, the API's GETs, every frame to this process's sockets — are
answered here from the replicas.  What would change a tournament is a typed
command (:mod:`floorman.services.commands`), built here by the same API
and websocket code as in one process, and carried out by the runner
playing the tournament (:class:`RemoteCommands`): no request, and no
token, travels through Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import os
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from starlette.middleware import Middleware

from floorman.cluster import streams
from floorman.cluster.follower import Followers
from floorman.cluster.runner import tournament_of
from floorman.server.app import create_app
from floorman.server.collector import paced_collection, stop_pacing
from floorman.server.drain import drain_on_sigterm
from floorman.server.metrics import Metrics, Readiness, observed
from floorman.services import Floor
from floorman.services.auto_start import AutoStarts
from floorman.services.commands import Archive, Command, Delete, command_to_dict
from floorman.services.error_bodies import message_body
from floorman.services.handler import Answer, first_answer, over, refused_at_once
from floorman.services.view import TournamentView
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
    commands: streams.CommandSender
    followers: Followers


class Following:
    """ASGI middleware: a request naming a tournament this process does not
    follow yet (made a moment ago through another web process) loads it."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            named = tournament_of(str(scope["path"]))
            if named is not None:
                await scope["app"].state.cluster.followers.knows(named)
        await self.app(scope, receive, send)


class RemoteCommands:
    """A web process's way to carry out a command: sent to the runner that
    plays its tournament (any runner for one no runner plays: creating,
    archiving, deleting), answered once this process's replica shows what
    it changed, so a client reads its own writes from any web process."""

    def __init__(self, commands: streams.CommandSender, followers: Followers) -> None:
        self.commands = commands
        self.followers = followers

    async def execute(self, command: Command) -> Answer:
        tid = command.tournament or None
        replica = self.followers.floor.get(tid) if tid else None
        live = replica is not None and replica.live
        if replica is not None and not live and not isinstance(command, (Archive, Delete)):
            # over (finished or cancelled, which never change back): answered
            # here, from its status and a retry's stored answer, not sent on
            refused = refused_at_once(command)
            if refused is not None:
                return refused
            return await self._stored(command) or over(command, replica.status)
        if not command.key:
            # every command that crosses Redis has a key: one a runner had
            # carried out before it died, claimed again by the next, is
            # answered from its stored batch, never carried out twice
            command = dataclasses.replace(command, key=secrets.token_hex(16))
        try:
            reply = await self.commands.send(
                tid if live else None, {"command": command_to_dict(command)}
            )
        except streams.NoRunner:
            # no reply in time: the runner may still have done it (and died
            # before replying); its answer is then stored with its batch
            found = await self._stored(command)
            return found or Answer(503, message_body(NO_RUNNER, clause="OQ-41"))
        if reply.get("seq") and reply.get("tournament"):
            await self.followers.wait_for(
                str(reply["tournament"]), str(reply["runner"]), int(reply["seq"])
            )
        return Answer.from_dict(reply.get("answer"))

    async def _stored(self, command: Command) -> Answer | None:
        """The stored first answer to the command's key (one lookup of it)."""
        scoped = command.scoped_key()
        if not scoped:
            return None
        stored = await asyncio.to_thread(self.followers.floor.store.answer, scoped)
        return first_answer(command, json.loads(stored) if stored is not None else None)


class ClusterWeb:
    """The deployment of a web process (:class:`~floorman.server.deployment.Deployment`):
    its views are replicas that follow the runners' streams, its commands
    go to the runners (:class:`RemoteCommands`), and a request naming a
    tournament it does not follow yet loads it first (:class:`Following`)."""

    def __init__(self, database_url: str, redis_url: str, director_token: str) -> None:
        self.database_url = database_url
        self.redis_url = redis_url
        self.director_token = director_token
        self.process = f"web-{os.getpid()}-{secrets.token_hex(3)}"

    def middleware(self) -> Sequence[Middleware]:
        return (Middleware(Following),)

    @contextlib.asynccontextmanager
    async def serving(self, app: FastAPI) -> AsyncIterator[None]:
        watch: Metrics = app.state.metrics
        process = self.process
        store = await asyncio.to_thread(
            Store, self.database_url, on_write=watch.write_seconds.observe
        )
        floor = Floor(store, self.director_token)
        app.state.floor = floor  # read-only replicas: the followers load them
        client = streams.connect(self.redis_url)
        commands = streams.CommandSender(client, process)
        await commands.start()

        followers = Followers(floor, client, on_read=watch.stream_read)
        await followers.start()
        app.state.cluster = WebSide(process, commands, followers)
        app.state.commands = observed(RemoteCommands(commands, followers).execute, watch)

        async def find_player(view: TournamentView, token: str) -> str | None:
            """Who a token seats, asked of the database when the replica
            does not know it yet (registered through another web process)."""
            replica = floor.get(view.id)
            return await followers.find_player(replica, token) if replica is not None else None

        app.state.find_player = find_player
        # every web process sends the due starts; their shared key has the runner start once
        auto_starts = AutoStarts(floor.listed, app.state.commands).launched()

        async def stop_work() -> None:  # a runner plays: nothing here is in hand
            auto_starts.cancel()

        app.state.drain.stop_work = stop_work
        drain_on_sigterm(app)
        pacing = paced_collection()
        watch.watch_floor(floor)
        watch.start()
        readiness: Readiness = app.state.readiness
        readiness.add("database", lambda: asyncio.to_thread(store.ping))
        readiness.add("redis", client.ping)
        log.info("%s serves", process)
        try:
            yield
        finally:
            watch.stop()
            stop_pacing(pacing)
            auto_starts.cancel()
            await followers.stop()
            await commands.stop()
            await client.aclose()
            store.close()


def create_web_app(database_url: str, redis_url: str, director_token: str) -> FastAPI:
    """A web process's application: the server's, made for this deployment."""
    return create_app(deployment=ClusterWeb(database_url, redis_url, director_token))


def app_from_environment() -> FastAPI:
    """uvicorn's factory for each web worker (``floorman serve --workers``)."""
    return create_web_app(
        os.environ["FLOORMAN_DATABASE_URL"],
        os.environ["FLOORMAN_REDIS_URL"],
        os.environ["FLOORMAN_DIRECTOR_TOKEN"],
    )


__all__ = [
    "ClusterWeb",
    "Following",
    "RemoteCommands",
    "WebSide",
    "app_from_environment",
    "create_web_app",
]
