"""A replica: a tournament played by another process, kept in step by
folding the batches that process stored.

A web process of the cluster holds one per tournament
(:mod:`floorman.cluster.follower`); its views and frames are then built by
the very code that builds them in a single process.  A replica is made one
(:meth:`TournamentService.load` with ``read_only``): it never stores, and
commands never reach it (they go to the runner).

A message names the first event number of each batch; one that is not the
next (a message missed, a runner taking over) makes the replica read what
it lacks from the database.  Every read of the database runs in a thread,
never on the event loop that serves the sockets.
"""

from __future__ import annotations

import asyncio
from typing import Any

from floorman.engine.events import event_from_dict as hand_event_from_dict
from floorman.services.runtime import TournamentService
from floorman.storage import Store
from floorman.tournament.events import event_from_dict
from floorman.tournament.hands import replay_hand
from floorman.tournament.state import hand_id as running_hand_id
from floorman.tournament.state import table_of_hand

#: the table fields that live beside the events (clocks, the last result)
RUNTIME_FIELDS = ("hand_id", "deadline", "remaining", "bank_from", "bank_elapsed", "last_result")


def table_runtime(service: TournamentService, number: int) -> dict[str, Any]:
    """What a runner publishes of a table beside its events."""
    table = service.tables.get(number)
    if table is None:
        return {}
    return {name: getattr(table, name) for name in RUNTIME_FIELDS}


class Replica:
    """Keeps one read-only :class:`TournamentService` in step."""

    def __init__(self, service: TournamentService) -> None:
        if not service.read_only:
            raise ValueError("a replica follows a read-only service")
        self.service = service
        self._folding = asyncio.Lock()  # one fold or catch-up at a time

    @classmethod
    async def load(
        cls, store: Store, tournament_id: str, config: dict[str, Any] | None = None
    ) -> Replica | None:
        """The replica of a stored tournament (None: not stored)."""
        if config is None:
            record = await asyncio.to_thread(store.tournament, tournament_id)
            if record is None:
                return None
            config = record.config
        service = await asyncio.to_thread(
            TournamentService.load, store, tournament_id, config, read_only=True
        )
        return cls(service)

    @property
    def id(self) -> str:
        return self.service.id

    @property
    def live(self) -> bool:
        """Played by a runner now (registering or running)."""
        return self.service.live

    async def fold(self, message: dict[str, Any]) -> None:
        """A runner's message: its batches, its tables' clocks."""
        async with self._folding:
            for batch in message["batches"]:
                if batch["start"] != self.service.saved:
                    await self._catch_up()  # a gap: the database has it all
                    break
                await self._fold_batch(batch)
            service = self.service
            for number, runtime in message["tables"].items():
                table = service.table(int(number))
                for name in RUNTIME_FIELDS:
                    if name != "hand_id" or runtime.get(name) == table.hand_id:
                        setattr(table, name, runtime.get(name))
            if service.saved < int(message.get("saved", 0)):  # one missed: read it
                await self._catch_up()

    async def _fold_batch(self, batch: dict[str, Any]) -> None:
        service = self.service
        for stored in batch["events"]:
            service.tournament.apply(event_from_dict(stored))
            service.logged_at.append(stored.get("logged_at"))
        service.saved = len(service.tournament.events)
        for player, _name, _kind, digest in batch["players"]:
            service.auth.admit(digest, player)
        service.seat_links_changed()
        seal = service.store.seal
        for hand, start, events, _finished in batch["hands"]:
            table = service.table(table_of_hand(hand))
            decoded = [
                hand_event_from_dict(seal.open(hand, start + k, text))
                for k, text in enumerate(events)
            ]
            if table.hand_id == hand and table.hand is not None and start == table.saved:
                table.hand.extend(decoded)
            elif start == 0 and decoded:
                table.hand, table.hand_id = replay_hand(decoded), hand
            else:  # the start of the hand missed: its whole log
                stored = await asyncio.to_thread(service.store.hand_events, hand)
                table.hand = replay_hand([hand_event_from_dict(e) for e in stored])
                table.hand_id = hand
            table.saved = len(table.hand.events)

    async def catch_up(self) -> bool:
        """Read from the database what the replica lacks; whether anything was."""
        async with self._folding:
            return await self._catch_up()

    async def _catch_up(self) -> bool:
        service = self.service
        start = service.saved
        store = service.store
        events = await asyncio.to_thread(store.tournament_events, service.id, start=start)
        players = await asyncio.to_thread(store.players, service.id)
        for stored in events[service.saved - start :]:
            service.tournament.apply(event_from_dict(stored))
            service.logged_at.append(stored.get("logged_at"))
        service.saved = len(service.tournament.events)
        service.auth.load(players)
        service.seat_links_changed()
        running = {
            number: running_hand_id(service.id, number, state.hands)
            for number, state in service.tournament.tables.items()
            if state.in_hand
        }
        for number, hand in running.items():
            table = service.table(number)
            if table.hand_id == hand and table.hand is not None:
                stored_hand = await asyncio.to_thread(store.hand_events, hand)
                if len(stored_hand) <= table.saved:
                    continue
            else:
                stored_hand = await asyncio.to_thread(store.hand_events, hand)
            if stored_hand:
                table.hand = replay_hand([hand_event_from_dict(e) for e in stored_hand])
                table.hand_id, table.saved = hand, len(stored_hand)
        return bool(events)

    def tell(self, message: dict[str, Any]) -> None:
        """Frames to this process's sockets, built here."""
        service = self.service
        for number in message["tables"]:
            service.broadcast_table(int(number))
        if message.get("summary"):
            service.broadcast_summary()
        for number, line in message.get("chat", ()):
            service.sockets.broadcast_chat(int(number), line)
        for player, socket in message.get("seats", ()):
            service.sockets.seat_opened(player, socket)

    def tell_everything(self) -> None:
        """Every table's frame and the summary again (after a catch-up)."""
        for number in self.service.tournament.tables:
            self.service.broadcast_table(number)
        self.service.broadcast_summary()

    def close_sockets(self, code: int, reason: str) -> None:
        for sub in list(self.service.sockets.subscribers):
            self.service.sockets.unsubscribe(sub)
            sub.finish(code, reason)


__all__ = ["RUNTIME_FIELDS", "Replica", "table_runtime"]
