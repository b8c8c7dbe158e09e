"""Writes off the event loop: one thread stores the batches the services
hand it, in order, with group commit (whatever queued while a transaction
ran goes into the next one, so a busy server pays one transaction for many
actions instead of one each).

The services wait for a batch's future before they tell anyone about it,
so what a client is told is always stored: a crash loses at most changes
nobody has seen.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("floorman.storage")

#: at most this many batches in one transaction (a bounded transaction:
#: a 10,000-bot registration does not hold the database for long)
GROUP_LIMIT = 512


@dataclass(frozen=True)
class CommitBatch:
    """Everything one command changed, stored in one transaction (see
    :meth:`floorman.storage.store.Store.commit`)."""

    tournament_id: str
    tournament_events: Sequence[dict[str, Any]] = ()
    new_hands: Sequence[tuple[str, int, int]] = ()
    hand_events: Sequence[tuple[str, Sequence[dict[str, Any]], bool]] = ()
    status: str | None = None
    players: Sequence[tuple[str, str, str, str]] = field(default=())
    #: the number of the first tournament event, and of each hand's first
    #: new event, as the writer of the batch counts them (None: the next
    #: free one).  Given, a second writer of the same log is refused by the
    #: primary key instead of appending after the first.
    tournament_start: int | None = None
    hand_starts: Mapping[str, int] = field(default_factory=dict)
    #: (scoped key, answer as JSON) of the commands whose changes these are
    answers: Sequence[tuple[str, str]] = ()


class BackgroundWriter:
    """A daemon thread running ``write(batches)`` for queued batches;
    ``on_write(seconds)`` hears how long each transaction took (the
    operator's write-batch latency, :mod:`floorman.server.metrics`)."""

    def __init__(
        self,
        write: Callable[[Sequence[CommitBatch]], None],
        on_write: Callable[[float], None] | None = None,
    ) -> None:
        self.write = write
        self.on_write = on_write
        self._queue: deque[tuple[CommitBatch, Future[None]]] = deque()
        # Counted, not "queued or being written": a reader waits for the
        # batches submitted before it, never for an empty queue, which
        # bots acting flat out would keep from ever coming.
        self._submitted = 0
        self._done = 0
        self._condition = threading.Condition()
        self._closed = False
        self.transactions = 0  # how many transactions it ran (group commit's effect)
        self.batches = 0
        # A tournament whose batch failed: its later batches fail too, or
        # the log would have a hole (cleared when the tournament is loaded again).
        self.failed: dict[str, BaseException] = {}
        self._thread = threading.Thread(target=self._run, name="floorman-writer", daemon=True)
        self._thread.start()

    def submit(self, batch: CommitBatch) -> Future[None]:
        future: Future[None] = Future()
        with self._condition:
            if self._closed:
                raise RuntimeError("the store is closed")
            self._queue.append((batch, future))
            self._submitted += 1
            self._condition.notify_all()
        return future

    def flush(self) -> None:
        """Wait until every batch submitted so far is stored (or failed)."""
        if threading.current_thread() is self._thread:
            return  # the writer never waits for itself
        with self._condition:
            target = self._submitted
            while self._done < target:
                self._condition.wait()

    def close(self) -> None:
        """Store what is queued, then stop the thread."""
        with self._condition:
            self._closed = True
            self._condition.notify_all()
        self._thread.join()

    def _run(self) -> None:
        while True:
            with self._condition:
                while not self._queue and not self._closed:
                    self._condition.wait()
                if not self._queue:
                    return  # closed and drained
                group = [self._queue.popleft() for _ in range(min(GROUP_LIMIT, len(self._queue)))]
            self._store(group)
            with self._condition:
                self._done += len(group)
                self._condition.notify_all()

    def forget_failure(self, tournament_id: str) -> None:
        self.failed.pop(tournament_id, None)

    def _store(self, group: list[tuple[CommitBatch, Future[None]]]) -> None:
        refused = [(b, f) for b, f in group if b.tournament_id in self.failed]
        for batch, future in refused:
            future.set_exception(self.failed[batch.tournament_id])
        group = [(b, f) for b, f in group if b.tournament_id not in self.failed]
        if not group:
            return
        started = time.perf_counter()
        try:
            self.write([batch for batch, _ in group])
        except Exception as error:
            if len(group) == 1:
                batch, future = group[0]
                log.exception("storing a batch of %s failed", batch.tournament_id)
                self.failed[batch.tournament_id] = error
                future.set_exception(error)
                return
            # one bad batch must not fail the others' tournaments: each on
            # its own, in order (a failed one fails its tournament's later ones)
            for item in group:
                self._store([item])
            return
        if self.on_write is not None:
            self.on_write(time.perf_counter() - started)
        self.transactions += 1
        self.batches += len(group)
        for _, future in group:
            future.set_result(None)


__all__ = ["GROUP_LIMIT", "BackgroundWriter", "CommitBatch"]
