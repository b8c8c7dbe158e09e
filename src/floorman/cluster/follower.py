"""A web process's replicas: every tournament loaded from the database and
kept up to date by the runners' messages on the changes stream
(:mod:`floorman.cluster.streams`), folded by
:class:`floorman.services.replica.Replica`, so the views and the frames are
built here, by the same code as in one process, for the sockets connected
here.

A replica never changes anything itself: what would is a command, sent to
the runner (:class:`floorman.cluster.web.RemoteCommands`).  Nothing here
reads the database on the event loop: loads and catch-ups run in threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from floorman.cluster import streams
from floorman.services import Floor, TournamentService
from floorman.services.auth import token_hash
from floorman.services.replica import Replica

log = logging.getLogger("floorman.cluster")

RECONCILE_SECONDS = 5.0
#: how long an id or a token found in no database row is not asked again
UNKNOWN_SECONDS = 2.0
#: the most unknown ids and tokens remembered (a flood of made-up ones)
UNKNOWN_LIMIT = 10_000


class Followers:
    """Keeps ``floor``'s tournaments as replicas of the runners'."""

    def __init__(
        self, floor: Floor, client: Any, on_read: Callable[[int], None] | None = None
    ) -> None:
        """``on_read(published_ms)``: told when each change read was
        published (the stream lag, :mod:`floorman.server.metrics`)."""
        self.floor = floor
        self.client = client
        self.replicas: dict[str, Replica] = {}
        self.seen: dict[str, tuple[str, int]] = {}  # tournament -> (runner, message number)
        self._seen_changed = asyncio.Condition()
        self._unknown: dict[str, float] = {}  # ids and token hashes not stored, and when
        # a listing message read while every row is being read waits for it:
        # else the older rows' archived flags would overwrite its newer one
        self._listing = asyncio.Lock()
        self._notifying: set[asyncio.Task[None]] = set()
        self._reconciler: asyncio.Task[None] | None = None
        self.reader = streams.ChangeReader(client, self.apply, self.after_gap, on_read=on_read)

    # ------------------------------------------------------------ loading

    async def load_all(self) -> None:
        async with self._listing:
            await self._load_all()

    async def _load_all(self) -> None:
        records = {r.id: r for r in await asyncio.to_thread(self.floor.store.tournaments)}
        for tid in list(self.replicas):
            if tid not in records:  # deleted
                self._drop(tid, 4404, "no such tournament")
        for tid, record in records.items():
            if tid not in self.replicas:
                await self.load(tid, record.config)
        self.floor.archived = {tid for tid, r in records.items() if r.archived}

    async def listing_changed(self, tournament_id: str) -> None:
        """The lobby's list changed by ``tournament_id`` (created, archived,
        deleted): its one row read again, no other tournament touched (a
        full reload would replay every unfollowed one and stall the rest)."""
        async with self._listing:
            await self._listing_changed(tournament_id)

    async def _listing_changed(self, tournament_id: str) -> None:
        record = await asyncio.to_thread(self.floor.store.tournament, tournament_id)
        if record is None:
            self._drop(tournament_id, 4404, "no such tournament")
            self.floor.archived.discard(tournament_id)
            return
        if record.archived:
            self.floor.archived.add(tournament_id)
        else:
            self.floor.archived.discard(tournament_id)
        if tournament_id not in self.replicas:  # made through another web process
            await self.load(tournament_id, record.config)

    async def load(
        self, tournament_id: str, config: dict[str, Any] | None = None
    ) -> Replica | None:
        replica = await Replica.load(self.floor.store, tournament_id, config)
        if replica is None:
            return None
        old = self.replicas.get(tournament_id)
        if old is not None:  # read again: its sockets connect again, to this one
            old.close_sockets(1012, "the tournament was read again: connect again")
        self.replicas[tournament_id] = replica
        self.floor.tournaments[tournament_id] = replica.service
        return replica

    def _drop(self, tournament_id: str, code: int, reason: str) -> None:
        replica = self.replicas.pop(tournament_id, None)
        self.floor.tournaments.pop(tournament_id, None)
        if replica is not None:
            replica.close_sockets(code, reason)

    def _unknown_lately(self, key: str) -> bool:
        """Asked for a moment ago and not found: a made-up id or token costs
        one query, not one per request."""
        now = time.monotonic()
        if now - self._unknown.get(key, -60.0) < UNKNOWN_SECONDS:
            return True
        if len(self._unknown) > UNKNOWN_LIMIT:
            self._unknown.clear()
        self._unknown[key] = now
        return False

    async def knows(self, tournament_id: str) -> None:
        """Load ``tournament_id`` if it is stored but not followed yet (made
        through another web process a moment ago)."""
        if tournament_id in self.replicas or len(tournament_id) > 64:
            return
        if self._unknown_lately(tournament_id):
            return
        if await self.load(tournament_id) is not None:
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
        if self._unknown_lately(digest):
            return None
        player = await asyncio.to_thread(self.floor.store.player_by_token, service.id, digest)
        if player is not None and not service.auth.admit(digest, player):
            return None  # a link the director reissued since (OQ-74)
        if player is not None:
            self._unknown.pop(digest, None)
        return player

    # ------------------------------------------------------------ following

    async def start(self) -> None:
        await self.reader.start()  # before loading: nothing falls between the two
        await self.load_all()
        self._reconciler = asyncio.create_task(self._reconcile())

    async def stop(self) -> None:
        await self.reader.stop()
        if self._reconciler is not None:
            self._reconciler.cancel()
            await asyncio.gather(self._reconciler, return_exceptions=True)

    async def after_gap(self) -> None:
        """Messages were lost (trimmed, Redis restarted): the database has them."""
        await self.load_all()
        for replica in list(self.replicas.values()):
            if await replica.catch_up():
                replica.tell_everything()

    async def _reconcile(self) -> None:
        """Every few seconds, what the database holds beyond a live replica
        (the last message of a tournament lost: nothing after it shows the gap)."""
        while True:
            await asyncio.sleep(RECONCILE_SECONDS)
            for replica in list(self.replicas.values()):
                if not replica.live:
                    continue
                try:
                    if await replica.catch_up():
                        replica.tell_everything()
                except Exception:
                    log.exception("reconciling %s failed", replica.id)

    async def apply(self, message: dict[str, Any]) -> None:
        tid = str(message["tournament"])
        if message.get("listing"):  # created, archived or deleted: that one row
            await self.listing_changed(tid)
        replica = self.replicas.get(tid) or await self.load(tid)
        if replica is None:  # deleted meanwhile
            self._seen(tid, message)
            return
        try:
            await replica.fold(message)
        except Exception:  # a replica must never stop following
            log.exception("replica of %s out of step: reading it again", tid)
            with contextlib.suppress(Exception):
                replica = await self.load(tid) or replica
        self._seen(tid, message)
        replica.tell(message)

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
