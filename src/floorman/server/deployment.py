"""How the application is deployed, given to :func:`~floorman.server.app.create_app`.

A deployment provides what differs between one process and a web process
of the cluster: the lifespan (what is opened before serving and closed
after), the view source (``app.state.floor``, a
:class:`~floorman.services.view.FloorView`: the routes read only through
it), the command transport (``app.state.commands``, an
:data:`~floorman.services.handler.Execute`) and any middleware of its own.
The app is composed once, with its deployment, and never patched after.

:class:`SingleProcess` is ``floorman serve``: its own floor and the one
command handler; the cluster's web process is
:class:`floorman.cluster.web.ClusterWeb`.  This module is the single
process's composition root, the one module of the server that builds the
writable side (``tests/test_server_facade.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from typing import Protocol

from fastapi import FastAPI
from starlette.middleware import Middleware

from floorman.server import collector, metrics
from floorman.services.auto_start import AutoStarts
from floorman.services.floor import Floor
from floorman.services.handler import CommandHandler
from floorman.services.lanes import CommandLanes
from floorman.storage import Store
from floorman.storage.backup import PeriodicBackups


class Deployment(Protocol):
    #: names the process answering (``/health``)
    process: str

    def middleware(self) -> Sequence[Middleware]:
        """Middleware of its own, innermost (after the body limits)."""
        ...

    def serving(self, app: FastAPI) -> contextlib.AbstractAsyncContextManager[None]:
        """Open before serving, close after: sets ``app.state.floor`` (the
        views) and ``app.state.commands`` (the transport)."""
        ...


class SingleProcess:
    """One process plays every tournament: the floor is its own, and the
    command handler carries commands out here, queued per tournament as a
    runner reads them.  ``pace_collection``: the app owns its process
    (``floorman serve``) and paces the garbage collector for it
    (:mod:`floorman.server.collector`); an app inside a host such as a test
    run leaves the host's heap alone.  ``backups``: taken while it serves
    (``serve --backup-every``), and once more after the store is closed."""

    process = "single"

    def __init__(
        self,
        database_url: str,
        director_token: str,
        *,
        pace_collection: bool = False,
        backups: PeriodicBackups | None = None,
    ) -> None:
        self.database_url = database_url
        self.director_token = director_token
        self.pace_collection = pace_collection
        self.backups = backups

    def middleware(self) -> Sequence[Middleware]:
        return ()

    @contextlib.asynccontextmanager
    async def serving(self, app: FastAPI) -> AsyncIterator[None]:
        watch: metrics.Metrics = app.state.metrics
        # nothing here holds the loop: the migrations and the replays run
        # in threads, before serving
        store = await asyncio.to_thread(
            Store, self.database_url, on_write=watch.write_seconds.observe
        )
        floor = Floor(store, self.director_token)
        app.state.floor = floor
        # one process: commands queue per tournament, as a runner reads them
        lanes = CommandLanes(CommandHandler(floor))
        app.state.commands = metrics.observed(lanes.execute, watch)
        await floor.resume_all()  # the replays off the loop, before serving
        auto_starts = AutoStarts(floor.listed, app.state.commands).launched()
        watch.watch_floor(floor)
        watch.start()
        app.state.readiness.add("database", lambda: asyncio.to_thread(store.ping))

        async def stop_work() -> None:
            # a restart: no more dealing, and everything anyone was told is stored
            auto_starts.cancel()
            await floor.stop_all()
            await asyncio.to_thread(store.flush)

        app.state.drain.stop_work = stop_work
        pacing = collector.paced_collection() if self.pace_collection else None  # after the load
        if self.backups is not None:
            self.backups.start()
        try:
            yield
        finally:
            watch.stop()
            collector.stop_pacing(pacing)
            auto_starts.cancel()
            await lanes.close()
            await floor.stop_all()
            store.close()
            if self.backups is not None:
                await asyncio.to_thread(self.backups.stop)


__all__ = ["Deployment", "SingleProcess"]
