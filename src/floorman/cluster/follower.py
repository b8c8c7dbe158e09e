"""A web process's replicas: every tournament loaded from the database and
kept up to date by the runners' messages (:mod:`floorman.cluster.relay`),
so the views and the frames are built here, by the same code as in one
process, for the sockets connected here.

A replica never changes anything itself (``read_only``): what would —
an action, a chat line, a player coming back — is sent to the runner
(``forward``).  A message whose first event number is not the next one
(a message missed, a runner taking over) makes the replica read what it
lacks from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from floorman.cluster import bus
from floorman.cluster.relay import RUNTIME_FIELDS
from floorman.engine.errors import FloormanError
from floorman.engine.events import event_from_dict as hand_event_from_dict
from floorman.services import Floor, TournamentService
from floorman.services.auth import token_hash
from floorman.tournament.events import event_from_dict
from floorman.tournament.hands import replay_hand
from floorman.tournament.state import table_of_hand

log = logging.getLogger("floorman.cluster")


RECONCILE_SECONDS = 5.0


class Followers:
    """Keeps ``floor``'s tournaments as replicas of the runners'."""

    def __init__(self, floor: Floor, client: Any) -> None:
        self.floor = floor
        self.client = client
        self.seen: dict[str, tuple[str, int]] = {}  # tournament -> (runner, message number)
        self._seen_changed = asyncio.Condition()
        self._task: asyncio.Task[None] | None = None
        self._subscribed = asyncio.Event()
        self._unknown: dict[str, float] = {}  # ids asked for but not stored, and when
        self._notifying: set[asyncio.Task[None]] = set()
        self._reconciler: asyncio.Task[None] | None = None

    # ------------------------------------------------------------ loading

    def load_all(self) -> None:
        records = {r.id: r for r in self.floor.store.tournaments()}
        for tid in list(self.floor.tournaments):
            if tid not in records:  # deleted
                self.close_sockets(self.floor.tournaments.pop(tid), 4404, "no such tournament")
        for tid, record in records.items():
            if tid not in self.floor.tournaments:
                self.load(tid, record.config)
        self.floor.archived = {tid for tid, r in records.items() if r.archived}

    def load(self, tournament_id: str, config: dict[str, Any] | None = None) -> TournamentService:
        if config is None:
            record = self.floor.store.tournament(tournament_id)
            if record is None:
                raise FloormanError("no tournament {id}", values={"id": repr(tournament_id)})
            config = record.config
        service = TournamentService.load(self.floor.store, tournament_id, config)
        service.read_only = True
        old = self.floor.tournaments.get(tournament_id)
        if old is not None:  # read again: its sockets connect again, to this one
            self.close_sockets(old, 1012, "the tournament was read again: connect again")
        self.floor.tournaments[tournament_id] = service
        return service

    @staticmethod
    def close_sockets(service: TournamentService, code: int, reason: str) -> None:
        for sub in list(service.sockets.subscribers):
            service.sockets.unsubscribe(sub)
            sub.finish(code, reason)

    async def knows(self, tournament_id: str) -> None:
        """Load ``tournament_id`` if it is stored but not followed yet (made
        through another web process a moment ago); off the event loop, and
        an id asked for a moment ago and not found costs no second query."""
        if tournament_id in self.floor.tournaments or len(tournament_id) > 64:
            return
        now = time.monotonic()
        if now - self._unknown.get(tournament_id, -60.0) < 2.0:
            return  # asked a moment ago: a made-up id costs one query, not one per request
        if len(self._unknown) > 10_000:
            self._unknown.clear()
        self._unknown[tournament_id] = now
        record = await asyncio.to_thread(self.floor.store.tournament, tournament_id)
        if record is None or tournament_id in self.floor.tournaments:
            return
        with contextlib.suppress(FloormanError):
            loaded = await asyncio.to_thread(
                TournamentService.load, self.floor.store, tournament_id, record.config
            )
            if tournament_id not in self.floor.tournaments:  # not loaded meanwhile
                loaded.read_only = True
                self.floor.tournaments[tournament_id] = loaded
            self._unknown.pop(tournament_id, None)

    async def find_player(self, service: TournamentService, token: str) -> str | None:
        """The player a token seats, asked of the database when the replica
        does not know it yet (registered a moment ago through another web
        process): one query for that token's hash, off the loop; an unknown
        token is not asked again for a while."""
        player = service.player_for(token)
        if player is not None or not token or len(token) > 200:
            return player
        digest = token_hash(token)
        now = time.monotonic()
        if now - self._unknown.get(digest, -60.0) < 2.0:
            return None
        if len(self._unknown) > 10_000:
            self._unknown.clear()
        self._unknown[digest] = now
        player = await asyncio.to_thread(self.floor.store.player_by_token, service.id, digest)
        if player is not None:
            service.auth.by_hash[digest] = player
            self._unknown.pop(digest, None)
        return player

    def catch_up(self, service: TournamentService) -> None:
        """Read from the database what the replica lacks."""
        store = service.store
        for stored in store.tournament_events(service.id, start=service.saved):
            service.tournament.apply(event_from_dict(stored))
            service.logged_at.append(stored.get("logged_at"))
        service.saved = len(service.tournament.events)
        service.auth.load(store.players(service.id))
        service.load_running_hands(missing_is_error=False)

    # ------------------------------------------------------------ following

    async def start(self) -> None:
        self._task = asyncio.create_task(self._listen())
        await asyncio.wait_for(self._subscribed.wait(), 10)
        self.load_all()  # after subscribing: nothing falls between the two
        self._reconciler = asyncio.create_task(self._reconcile())

    async def stop(self) -> None:
        for task in (self._task, self._reconciler):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)

    async def _reconcile(self) -> None:
        """Every few seconds, what the database holds beyond a live replica
        (the last message of a tournament lost: nothing after it shows the gap)."""
        while True:
            await asyncio.sleep(RECONCILE_SECONDS)
            for service in list(self.floor.tournaments.values()):
                if service.tournament.status not in ("registering", "running"):
                    continue
                try:
                    if service.store.tournament_events(service.id, start=service.saved):
                        self.catch_up(service)
                        for number in service.tournament.tables:
                            service.broadcast_table(number)
                        service.broadcast_summary()
                except Exception:
                    log.exception("reconciling %s failed", service.id)

    async def _listen(self) -> None:
        while True:
            try:
                async with self.client.pubsub() as pubsub:
                    await pubsub.subscribe(bus.CHANGES)
                    if self._subscribed.is_set():  # again after a loss: catch up
                        self.load_all()
                        for service in self.floor.tournaments.values():
                            self.catch_up(service)
                    self._subscribed.set()
                    async for message in pubsub.listen():
                        if message.get("type") == "message":
                            await self.apply(json.loads(message["data"]))
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("changes channel lost (%r); subscribing again", error)
                await asyncio.sleep(0.5)

    async def apply(self, message: dict[str, Any]) -> None:
        tid = str(message["tournament"])
        if message.get("listing"):  # created, archived or deleted
            self.load_all()
        service = self.floor.get(tid)
        if service is None:
            try:
                service = self.load(tid)
            except FloormanError:  # deleted meanwhile
                self._seen(tid, message)
                return
        try:
            self._fold(service, message["batches"])
        except Exception:  # a replica must never stop following
            log.exception("replica of %s out of step: reading it again", tid)
            service = self.load(tid)
        for number, runtime in message["tables"].items():
            table = service.table(int(number))
            for name in RUNTIME_FIELDS:
                if name != "hand_id" or runtime.get(name) == table.hand_id:
                    setattr(table, name, runtime.get(name))
        if service.saved < int(message.get("saved", 0)):  # a message missed: the database has it
            self.catch_up(service)
        self._seen(tid, message)
        self._tell(service, message)

    def _fold(self, service: TournamentService, batches: list[dict[str, Any]]) -> None:
        for batch in batches:
            if batch["start"] != service.saved:
                self.catch_up(service)  # a gap: the database has it all
                return
            for stored in batch["events"]:
                service.tournament.apply(event_from_dict(stored))
                service.logged_at.append(stored.get("logged_at"))
            service.saved = len(service.tournament.events)
            for player, _name, _kind, digest in batch["players"]:
                service.auth.by_hash[digest] = player
            seal = service.store.seal
            for hand_id, start, events, _finished in batch["hands"]:
                table = service.table(table_of_hand(hand_id))
                decoded = [
                    hand_event_from_dict(seal.open(hand_id, start + k, text))
                    for k, text in enumerate(events)
                ]
                if table.hand_id == hand_id and table.hand is not None and start == table.saved:
                    table.hand.extend(decoded)
                elif start == 0 and decoded:
                    table.hand, table.hand_id = replay_hand(decoded), hand_id
                else:
                    stored = [hand_event_from_dict(e) for e in service.store.hand_events(hand_id)]
                    table.hand, table.hand_id = replay_hand(stored), hand_id
                assert table.hand is not None
                table.saved = len(table.hand.events)

    def _tell(self, service: TournamentService, message: dict[str, Any]) -> None:
        """Frames to this process's sockets, built here."""
        for number in message["tables"]:
            service.broadcast_table(int(number))
        if message.get("summary"):
            service.broadcast_summary()
        for number, line in message.get("chat", ()):
            service.sockets.broadcast_chat(int(number), line)
        for player, socket in message.get("seats", ()):
            service.sockets.close_others(player, socket)

    # ------------------------------------------------------------ reading one's writes

    def _seen(self, tid: str, message: dict[str, Any]) -> None:
        self.seen[tid] = (str(message["runner"]), int(message["seq"]))
        task = asyncio.get_running_loop().create_task(self._notify())
        self._notifying.add(task)  # the loop holds tasks only weakly
        task.add_done_callback(self._notifying.discard)

    async def _notify(self) -> None:
        async with self._seen_changed:
            self._seen_changed.notify_all()

    async def wait_for(self, tid: str, runner: str, seq: int, timeout: float = 5.0) -> None:
        """Until the replica of ``tid`` has folded message ``seq`` of
        ``runner`` (what a command just changed), or ``timeout``."""

        def caught_up() -> bool:
            seen = self.seen.get(tid)
            return seen is not None and seen[0] == runner and seen[1] >= seq

        async with self._seen_changed:
            try:
                await asyncio.wait_for(self._seen_changed.wait_for(caught_up), timeout)
            except TimeoutError:
                log.warning("replica of %s did not catch up with %s #%s", tid, runner, seq)


__all__ = ["Followers"]
