"""A runner's stand-in for the broadcaster: instead of sending frames to
sockets (a runner has none), it gathers what one turn of the event loop
changed — the stored events themselves and the tables' clocks — and
publishes it, once stored, for the web processes to fold and show.

One message per tournament and turn of the loop, numbered, in order.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from floorman.services.replica import table_runtime
from floorman.storage.writer import CommitBatch

if TYPE_CHECKING:
    from floorman.services.runtime import TournamentService


class Relay:
    """Collects a tournament's changes and hands each turn's to ``publish``
    once every change in it is stored: a
    :class:`~floorman.services.broadcast.Publisher` only (the sockets are
    the web processes')."""

    def __init__(
        self, service: TournamentService, runner: str, publish: Callable[[dict[str, Any]], None]
    ) -> None:
        self.service = service
        self.runner = runner
        self.publish = publish
        self.seq = 0
        self._pending: dict[str, Any] | None = None

    # ------------------------------------------------------------ the service's calls

    def committed(self, batch: CommitBatch, start: int, hand_starts: dict[str, int]) -> None:
        """A batch handed to the store.  Its hand events are sealed as they
        are in the database (the deck, everyone's cards): whoever can read
        Redis learns no card either."""
        seal = self.service.store.seal
        hands = []
        for hand_id, events, finished in batch.hand_events:
            first = hand_starts.get(hand_id, 0)
            sealed = [seal.close(hand_id, first + k, e) for k, e in enumerate(events)]
            hands.append([hand_id, first, sealed, finished])
        self._message()["batches"].append(
            {
                "start": start,
                "events": list(batch.tournament_events),
                "hands": hands,
                "players": [list(p) for p in batch.players],
            }
        )

    def broadcast_table(self, number: int) -> None:
        self._message()["tables"][str(number)] = table_runtime(self.service, number)

    def broadcast_summary(self) -> None:
        self._message()["summary"] = True

    def broadcast_chat(self, number: int, message: dict[str, Any]) -> None:
        self._message()["chat"].append([number, message])

    def seat_opened(self, player: str, socket: str) -> None:
        """A player's newest socket (on some web process): the others close."""
        self._message()["seats"].append([player, socket])

    def listing_changed(self) -> None:
        """The list of tournaments changed (created, archived, deleted)."""
        self._message()["listing"] = True

    # ------------------------------------------------------------ publishing

    def _message(self) -> dict[str, Any]:
        if self._pending is None:
            self._pending = {
                "tournament": self.service.id,
                "runner": self.runner,
                "batches": [],
                "tables": {},
                "summary": False,
                "chat": [],
                "seats": [],
                "listing": False,
            }
            with contextlib.suppress(RuntimeError):  # no loop: the caller flushes
                asyncio.get_running_loop().call_soon(self.flush)
        return self._pending

    def flush(self) -> int:
        """Publish what is gathered (once stored); returns its number, the
        one a web process waits for to read its own writes (0: nothing new)."""
        message, self._pending = self._pending, None
        if message is None:
            return 0  # nothing new: nobody need wait for anything
        self.seq += 1
        message["seq"] = self.seq
        message["saved"] = self.service.saved  # the events stored: a replica behind catches up
        self.service.after_stored(lambda: self.publish(message))
        return self.seq


__all__ = ["Relay"]
