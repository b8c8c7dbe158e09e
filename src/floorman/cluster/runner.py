"""A table runner: a process that plays tournaments, those whose lease
(:mod:`floorman.cluster.lease`) it holds, and carries out the commands the
web processes send it (:mod:`floorman.cluster.streams`).

Every second it looks for tournaments being registered or played that no
runner holds — a new one, or one whose runner died — and takes them over
from their event logs, as a restarted single server does: a hand
interrupted goes on from its stored events, with the same deck.

It serves no port: the web processes send it typed commands
(:mod:`floorman.services.commands`), which the one command handler carries
out, as in a single process.  What changes is stored, then published for
the web processes (:mod:`floorman.cluster.relay`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import signal
import time
from typing import Any

from floorman.bots import make_bot
from floorman.cluster import streams
from floorman.cluster.lease import Leases
from floorman.cluster.relay import Relay
from floorman.cluster.runner_port import RunnerPort
from floorman.server import logs
from floorman.server.collector import paced_collection, stop_pacing
from floorman.server.metrics import Metrics, Readiness, observed
from floorman.services import Floor, FloormanError, TournamentService
from floorman.services.commands import Archive, Cancel, CreateTournament, command_from_dict
from floorman.services.error_bodies import error_body
from floorman.services.handler import Answer, CommandHandler
from floorman.storage import Store

log = logging.getLogger("floorman.cluster")

#: the tournaments a runner takes: those with players to seat or hands to deal
LIVE = ("registering", "running")
POLL_SECONDS = 1.0
#: a runner stopping (SIGTERM) says here that it let its leases go: the
#: others look for its tournaments at once instead of at their next poll
RELEASED_CHANNEL = f"{streams.PREFIX}leases-released"


class Runner:
    def __init__(
        self,
        database_url: str,
        redis_url: str,
        director_token: str,
        metrics_port: int | None = None,
    ) -> None:
        """``metrics_port``: where it serves its metrics and probes (:mod:`runner_port`)."""
        self.database_url = database_url
        self.redis_url = redis_url
        self.director_token = director_token
        self.id = f"runner-{os.getpid()}-{secrets.token_hex(3)}"
        self.stopping = asyncio.Event()
        self.relays: dict[str, Relay] = {}
        self._outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.visits = 0  # messages about tournaments nobody plays
        self.releasing: set[str] = set()  # given up, their last writes not yet stored
        self.released = asyncio.Event()  # another runner let its leases go
        self._background: set[asyncio.Task[None]] = set()
        self.metrics = Metrics()
        self.metrics_port = metrics_port

    # ------------------------------------------------------------ running

    async def run(self) -> None:
        self.store = Store(self.database_url, on_write=self.metrics.write_seconds.observe)
        self.leases = Leases(self.database_url)
        self.client = streams.connect(self.redis_url)
        self.changes = streams.ChangePublisher(self.client)
        self.commands = streams.CommandServer(self.client, consumer=self.id)
        # a new tournament is ours (its lease) before it is stored, and its
        # changes go to the web processes through a relay
        self.floor = Floor(
            self.store, self.director_token, claim=self.leases.try_acquire, fanout=self._relay_for
        )
        self.handler = CommandHandler(self.floor, on_seat_opened=self._seat_opened)
        self.execute = observed(self.handler.execute, self.metrics)
        port = self._watched()
        self._keep(asyncio.create_task(self._warm_up()))
        tasks = [
            asyncio.create_task(self._hear_releases()),
            asyncio.create_task(self._publish()),
            asyncio.create_task(
                self.commands.serve(self._command_streams, self.handle, self.stopping)
            ),
        ]
        log.info("%s runs", self.id)
        try:
            while not self.stopping.is_set():
                if any(task.done() for task in tasks):  # publishing or commands stopped
                    log.error("%s lost a task of its own: it stops", self.id)
                    break
                self.released.clear()  # a release from now on wakes the next look
                try:
                    await asyncio.to_thread(self._check_leases)
                    await self._take_over()
                except Exception:  # a database failing over: try again next time
                    log.exception("%s could not look for tournaments", self.id)
                await self._pause()
        finally:
            self.metrics.stop()
            if port is not None:
                port.close()
            stopping_at = time.monotonic()
            for service in list(self.floor.tournaments.values()):
                await service.shutdown()
            # every write stored before any lease goes: the next owner reads it all
            await asyncio.to_thread(self.store.close)
            self.leases.close()
            log.info("%s let its leases go (%.2f s)", self.id, time.monotonic() - stopping_at)
            with contextlib.suppress(Exception):  # Redis away: the others poll anyway
                await self.client.publish(RELEASED_CHANNEL, self.id)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await self.client.aclose()

    def _watched(self) -> RunnerPort | None:
        """This runner's metrics, and its own port for them and its probes."""
        self.metrics.watch_floor(self.floor)
        self.metrics.leases.set_function(lambda: len(self.leases.held))
        self.metrics.start()
        if self.metrics_port is None:
            return None
        readiness = Readiness()
        readiness.add("database", lambda: asyncio.to_thread(self.store.ping))
        readiness.add("redis", self.client.ping)
        readiness.add("leases", self._leases_ready)
        loop = asyncio.get_running_loop()
        port = RunnerPort(self.metrics_port, self.id, self.metrics, readiness, loop)
        port.start()
        return port

    async def _leases_ready(self) -> None:
        """The last look at the lease connection (every second), not a new one."""
        if not getattr(self, "_alive", True):
            raise ConnectionError("the lease connection is lost: every tournament was given up")

    async def _pause(self) -> None:
        """Until the next look for tournaments nobody plays: POLL_SECONDS,
        or less when this runner stops or another lets its leases go."""
        waits = [
            asyncio.ensure_future(self.stopping.wait()),
            asyncio.ensure_future(self.released.wait()),
        ]
        try:
            await asyncio.wait(waits, timeout=POLL_SECONDS, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in waits:
                waiting.cancel()

    async def _hear_releases(self) -> None:
        """Another runner stopping says it let its leases go: look now."""
        while True:
            pubsub = self.client.pubsub()
            try:
                await pubsub.subscribe(RELEASED_CHANNEL)
                async for message in pubsub.listen():
                    if message.get("type") == "message" and message.get("data") != self.id:
                        self.released.set()
            except Exception as error:  # Redis away: the poll goes on meanwhile
                log.debug("%s hears no releases for now: %r", self.id, error)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            await asyncio.sleep(POLL_SECONDS)

    async def _warm_up(self) -> None:
        """Load the sensible bot (numba, half a second) before a takeover
        needs it, off the event loop: taking a tournament over is then its
        replay only."""
        with contextlib.suppress(Exception):
            await asyncio.to_thread(make_bot, "sensible")

    def _command_streams(self) -> list[str]:
        """The shared stream and those of the tournaments this runner plays
        (a tournament it only visits for one command is not among them)."""
        return [streams.command_stream(None), *map(streams.command_stream, self.relays)]

    def _check_leases(self) -> None:
        """Runs in a thread: the lease connection's round trip stays off the loop."""
        self._alive = self.leases.alive()

    async def _take_over(self) -> None:
        """Give up what no longer needs playing; take what nobody plays.
        Every database round trip and every replay runs in a thread: the
        tables of the tournaments already held play on meanwhile."""
        if not getattr(self, "_alive", True):
            for tid in list(self.floor.tournaments):
                self._give_up(tid)
            return
        for tid, service in list(self.floor.tournaments.items()):
            if service.store_error is not None or not service.live:
                self._give_up(tid)  # finished, cancelled, or its writes refused
        for record in await asyncio.to_thread(self.store.tournaments):
            owned = set(self.floor.tournaments) | self.releasing
            if record.id in owned or record.status not in LIVE:
                continue
            if not await asyncio.to_thread(self.leases.try_acquire, record.id):
                continue
            try:
                service = await asyncio.to_thread(self._load, record.id, record.config)
            except FloormanError:
                log.exception("cannot load tournament %s", record.id)
                await asyncio.to_thread(self.leases.release, record.id)
                continue
            if record.id in self.floor.tournaments or record.id in self.releasing:
                # made (or given up) by a command while this copy was read:
                # the lease is re-entrant, so only this look keeps a second
                # service, with a log older than the first's, from replacing it
                await service.shutdown()
                continue
            self._own(service, archived=record.archived)
            log.info("%s took tournament %s over", self.id, record.id)

    def _load(self, tid: str, config: dict[str, Any]) -> TournamentService:
        """A tournament this runner plays: its changes go to the web
        processes through a :class:`Relay` instead of to sockets."""
        return TournamentService.load(self.store, tid, config, fanout=self._relay_for)

    def _relay_for(self, service: TournamentService) -> Relay:
        return Relay(service, self.id, self._outbox.put_nowait)

    def _own(self, service: TournamentService, *, archived: bool = False) -> None:
        relay = service.broadcaster
        if not isinstance(relay, Relay):
            raise RuntimeError(f"tournament {service.id} was not made to be played here")
        self.relays[service.id] = relay
        self.floor.tournaments[service.id] = service
        if archived:
            self.floor.archived.add(service.id)
        if service.status == "running":
            service.launch()
        for number in service.table_numbers():
            relay.broadcast_table(number)
        relay.broadcast_summary()
        self._keep(asyncio.get_running_loop().create_task(self._claim(service.id)))

    async def _claim(self, tid: str) -> None:
        with contextlib.suppress(Exception):
            await self.client.set(streams.owner_key(tid), self.id)

    def _give_up(self, tid: str) -> None:
        """Stop playing ``tid``; the lease goes only once its last writes
        are stored, or the next owner would load a log without them."""
        service = self.floor.tournaments.pop(tid, None)
        self.relays.pop(tid, None)
        self.releasing.add(tid)

        async def release() -> None:
            try:
                if service is not None:
                    await service.shutdown()
                await asyncio.to_thread(self.store.flush)
            finally:
                await asyncio.to_thread(self.leases.release, tid)
                self.releasing.discard(tid)

        self._keep(asyncio.get_running_loop().create_task(release()))

    def _keep(self, task: asyncio.Task[None]) -> None:
        self._background.add(task)  # the loop holds tasks only weakly
        task.add_done_callback(self._background.discard)

    async def _publish(self) -> None:
        """The relays' messages, in order, to every web process."""
        while True:
            message = await self._outbox.get()
            try:
                await self.changes.publish(message)
            except Exception as error:  # the web processes read the gap from the database
                log.warning("a change was not published (%r)", error)

    # ------------------------------------------------------------ commands

    async def _visit(self, tid: str) -> TournamentService | None:
        record = await asyncio.to_thread(self.store.tournament, tid)
        if record is None or record.status in LIVE:
            return None  # none (404 below), or some runner's: it was sent there
        try:
            service = await asyncio.to_thread(
                TournamentService.load, self.store, tid, record.config
            )
        except FloormanError:
            log.exception("cannot load tournament %s", tid)
            return None
        self.floor.tournaments[tid] = service
        if record.archived:
            self.floor.archived.add(tid)
        return service

    async def handle(self, message: dict[str, Any]) -> dict[str, Any]:
        """A command from a web process: carried out by the one handler,
        answered with the number of the change message that shows what it
        changed (the web process waits for its replica to fold it)."""
        try:
            command = command_from_dict(message.get("command"))
        except FloormanError as error:
            return {"answer": Answer(422, error_body(error)).to_dict()}
        tid = command.tournament or None
        relay_before = self.relays.get(tid) if tid else None
        seq_before = relay_before.seq if relay_before is not None else 0
        visited = None
        if tid is not None and tid not in self.floor.tournaments:
            visited = await self._visit(tid)  # one nobody plays: for this command only
        try:
            answer = await self.execute(command)
        finally:
            if visited is not None and self.floor.tournaments.get(str(tid)) is visited:
                del self.floor.tournaments[str(tid)]
        reply: dict[str, Any] = {"answer": answer.to_dict()}
        if visited is not None:
            # archived or deleted: every web process reads the list again
            self.visits += 1
            self._outbox.put_nowait(
                {
                    "tournament": tid,
                    "runner": f"{self.id}/visits",
                    "seq": self.visits,
                    "batches": [],
                    "tables": {},
                    "listing": True,
                }
            )
            return {**reply, "tournament": tid, "runner": f"{self.id}/visits", "seq": self.visits}
        if isinstance(command, CreateTournament) and answer.ok:
            # made by this command, its lease taken first: owned by its id
            # (never by looking for tournaments without a relay, which would
            # adopt one another command is visiting meanwhile)
            tid = str(answer.body.get("id"))
            created = self.floor.tournaments.get(tid)
            if created is not None and tid not in self.relays:
                self._own(created)
        relay = self.relays.get(tid) if tid else None
        owner = self.floor.tournaments.get(tid) if tid else None
        if relay is None or tid is None:
            return reply
        if isinstance(command, (CreateTournament, Archive, Cancel)) or owner is None:
            relay.listing_changed()  # the lobby's list changed
        if owner is None:  # deleted
            self.relays.pop(tid, None)
            await asyncio.to_thread(self.leases.release, tid)
        # the message this command's changes went out in (0: none, nobody waits)
        seq = relay.flush() or (relay.seq if relay.seq > seq_before else 0)
        return {**reply, "tournament": tid, "runner": self.id, "seq": seq}

    def _seat_opened(self, service: TournamentService, player: str, socket: str) -> None:
        """The newest socket of a seat keeps it: the newest by the order in
        which this runner carries out the tournament's commands (one stream,
        one order), never by any host's clock."""
        relay = self.relays.get(service.id)
        if relay is not None:
            relay.seat_opened(player, socket)


def tournament_of(path: str) -> str | None:
    """The tournament a request's path names (``/api/tournaments/<id>/…``,
    ``/ws/tournaments/<id>``)."""
    parts = path.strip("/").split("/")
    if len(parts) >= 3 and parts[0] in ("api", "ws") and parts[1] == "tournaments":
        return parts[2]
    return None


def run_runner(
    database_url: str, redis_url: str, director_token: str, metrics_port: int | None = None
) -> None:
    """``floorman runner``: until SIGTERM or SIGINT; ``metrics_port``: its
    metrics and probes served there, on every address (:mod:`runner_port`)."""
    if os.environ.get(logs.ENV_FORMAT) == "json":
        logs.configure("json", "info")
    else:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    runner = Runner(database_url, redis_url, director_token, metrics_port)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, runner.stopping.set)
        pacing = paced_collection()  # a runner holds the tournaments: the long pauses were its
        try:
            await runner.run()
        finally:
            stop_pacing(pacing)

    asyncio.run(main())


__all__ = ["LIVE", "Runner", "run_runner"]
