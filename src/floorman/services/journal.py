"""The unit of work: what a :class:`TournamentService` made since its last
commit goes to the store in one batch, and nobody is told of it (a frame,
an HTTP answer) before it is stored.

A command's answer is stored in the batch of the changes it made
(:meth:`UnitOfWork.one_batch`, :meth:`UnitOfWork.keep_answer`): after a
crash either both are in the database or neither, so a retry of the
command is either answered from the database or carried out for the first
time; the answer is kept (answers a retry) only once that batch is stored.

An object the service holds, not a mixin: it is given the tournament, the
tables' hands to collect, where a batch is published and what to do when
storing fails, and it owns the rest (what was stored, the writes in
flight, the answers).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from floorman.engine.errors import FloormanError
from floorman.engine.events import event_to_dict as hand_event_to_dict
from floorman.services.answers import AnswerBook
from floorman.storage import Store
from floorman.storage.writer import CommitBatch
from floorman.tournament.core import Tournament
from floorman.tournament.events import event_to_dict

if TYPE_CHECKING:
    from floorman.services.tables import TableRuntime

#: where a batch handed to the store is published: (batch, its first
#: tournament event's number, each hand's first event's number)
Publish = Callable[[CommitBatch, int, dict[str, int]], None]

log = logging.getLogger("floorman.services")


class UnitOfWork:
    """One tournament's changes, collected and stored together.

    ``tables()``: the tables whose hands' new events go in a batch;
    ``publish``: told of each batch as it is handed to the store (a
    runner's relay publishes it once stored); ``stopped``: called once when
    a write fails (the tournament stops there); ``changed``: set after each
    commit (the table loops wait on it); ``read_only``: a replica's, which
    never stores (its state is another process's batches)."""

    def __init__(
        self,
        tournament: Tournament,
        store: Store,
        *,
        now: Callable[[], float],
        tables: Callable[[], Mapping[int, TableRuntime]],
        publish: Publish,
        stopped: Callable[[], None],
        changed: asyncio.Event,
        read_only: bool = False,
    ) -> None:
        self.tournament = tournament
        self.store = store
        self.now = now
        self.tables = tables
        self.publish = publish
        self.stopped = stopped
        self.changed = changed
        self.read_only = read_only
        #: tournament events stored (the next batch starts here)
        self.saved = len(tournament.events)
        # When each tournament event was stored (the ruling log's times): kept
        # beside the event, never in it, so a replay stays exactly the same.
        self.logged_at: list[float | None] = [None] * len(tournament.events)
        self.finished_hands: set[str] = set()
        self._new_hands: list[tuple[str, int, int]] = []
        self._new_players: list[tuple[str, str, str, str]] = []
        # Writes run on the store's writer thread; what waits for them (a
        # frame, an HTTP answer) waits here, in the order of the writes.
        self._writes = 0  # batches handed to the writer
        self._stored = 0  # of those, stored
        self._waiting: deque[tuple[int, Callable[[], None]]] = deque()
        self.store_error: BaseException | None = None
        #: the commands answered whose answers are stored, by scoped key
        #: (the first answer to a retry; the recent ones in memory, any
        #: other looked up by its key); an answer joins only once the batch
        #: holding it and its changes is stored
        self.answers = AnswerBook(self.store)
        self._new_answers: list[tuple[str, str]] = []
        self._answers_to_keep: dict[str, dict[str, Any]] = {}
        #: the answers of each batch handed to the writer, by write number
        self._answers_in_flight: dict[int, dict[str, dict[str, Any]]] = {}
        self._holding = 0
        self._held_tables: dict[int, TableRuntime] | None = {}

    @property
    def id(self) -> str:
        return self.tournament.id

    def player_registered(self, row: tuple[str, str, str, str]) -> None:
        """A player's row (id, name, kind, token hash) to store with the
        next commit, in the registration event's transaction."""
        self._new_players.append(row)

    def keep_answer(self, scoped_key: str, answer: dict[str, Any]) -> None:
        """``answer`` goes into the next batch, with the changes it answers;
        it answers a retry (:attr:`answers`) once that batch is stored,
        never before: a failed write leaves nothing answered."""
        self._answers_to_keep[scoped_key] = answer
        self._new_answers.append((scoped_key, json.dumps(answer, separators=(",", ":"))))

    def answer_in_flight(self, scoped_key: str) -> bool:
        """Whether an answer to ``scoped_key`` waits for its batch to be
        stored (a retry waits for it too, :meth:`stored`)."""
        return scoped_key in self._answers_to_keep or any(
            scoped_key in kept for kept in self._answers_in_flight.values()
        )

    @contextlib.contextmanager
    def one_batch(self) -> Iterator[None]:
        """Every commit asked for inside is one batch, made on leaving
        (frames asked for inside wait for it)."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1
            if not self._holding:
                held, self._held_tables = self._held_tables, {}
                writes = self._writes
                if held is None or (not held and self._new_answers):
                    self.commit()  # an answer alone is stored too (a command that changed nothing)
                else:
                    for table in held.values():
                        self.commit(table)
                if self._writes == writes:  # nothing to store: frames wait for nothing
                    self._waiting = deque((min(n, writes), cb) for n, cb in self._waiting)
                    self._written(self._stored, None)

    def commit(self, only: TableRuntime | None = None) -> None:
        """Store every event made since the last commit, in one transaction,
        before anyone is told about them: inside the event loop the batch
        goes to the store's writer thread (off the loop, with group commit)
        and frames and answers wait for it (:meth:`after_stored`); outside
        one it is stored before this returns.  ``only``: only that table's
        hand changed (a table's own loop: 1,000 tables are not looked at
        for each action)."""
        if self._holding:
            if only is None:
                self._held_tables = None
            elif self._held_tables is not None:
                self._held_tables[only.number] = only
            return
        new_events = self.tournament.events[self.saved :]
        hand_batches = []
        hand_starts: dict[str, int] = {}
        for table in self.tables().values() if only is None else (only,):
            if table.hand is None or table.hand_id is None:
                continue
            fresh = table.hand.events[table.saved :]
            finished = table.hand.is_complete and table.hand_id not in self.finished_hands
            if fresh or finished:
                hand_batches.append(
                    (table.hand_id, [hand_event_to_dict(e) for e in fresh], finished)
                )
                hand_starts[table.hand_id] = table.saved
                table.saved = len(table.hand.events)
                if finished:
                    self.finished_hands.add(table.hand_id)
        if not (
            new_events or hand_batches or self._new_hands or self._new_players or self._new_answers
        ):
            return
        if self.store_error is not None:
            # after a lost write nothing more is stored: the log keeps no hole
            raise FloormanError("the tournament could not be stored: it is stopped")
        if self.read_only:
            raise FloormanError(
                "a replica of tournament {id} cannot change it", values={"id": self.id}
            )
        stamp = self.now()
        batch = CommitBatch(
            self.id,
            [{**event_to_dict(e), "logged_at": stamp} for e in new_events],
            self._new_hands,
            hand_batches,
            self.tournament.status if new_events else None,
            self._new_players,
            tournament_start=self.saved,
            hand_starts=hand_starts,
            answers=self._new_answers,
        )
        self.publish(batch, self.saved, hand_starts)
        self.saved = len(self.tournament.events)
        self.logged_at += [stamp] * (self.saved - len(self.logged_at))
        self._new_hands = []
        self._new_players = []
        self._new_answers = []
        answered, self._answers_to_keep = self._answers_to_keep, {}
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            self.store.flush()  # after what the writer still holds, in order
            self.store.commit_many([batch])  # raises: nothing was told
            self._writes += 1
            self.answers.update(answered)
            self._written(self._writes, None)
        else:
            future = self.store.commit_later(batch)
            self._writes += 1
            number = self._writes
            if answered:
                self._answers_in_flight[number] = answered
            future.add_done_callback(
                lambda done: loop.call_soon_threadsafe(self._written, number, done.exception())
            )
        self.changed.set()

    def _written(self, number: int, error: BaseException | None) -> None:
        """Write ``number`` is stored (or failed: then the tournament stops
        here, and a restart goes on from what was stored)."""
        if error is not None and self.store_error is None:
            log.error("storing tournament %s failed: it stops (%r)", self.id, error)
            self.store_error = error
            self.stopped()
        answered = self._answers_in_flight.pop(number, None)
        if answered and self.store_error is None:  # stored with its changes: now kept
            self.answers.update(answered)
        if self.store_error is not None:  # nothing after a lost write was stored
            self._answers_in_flight.clear()
        self._stored = max(self._stored, number)
        while self._waiting and self._waiting[0][0] <= self._stored:
            _, callback = self._waiting.popleft()
            if self.store_error is None:
                callback()

    def after_stored(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once every change committed so far is stored
        (never, once storing failed: that state was never stored); inside
        :meth:`one_batch`, once the batch made on leaving it is."""
        if self.store_error is not None:
            return
        if self._holding:
            self._waiting.append((self._writes + 1, callback))
        elif self._stored >= self._writes:
            callback()
        else:
            self._waiting.append((self._writes, callback))

    async def stored(self) -> None:
        """Wait until every change committed so far is stored (an HTTP
        answer says "done" only then).  Raises if storing failed."""
        if self._stored < self._writes:
            done = asyncio.get_running_loop().create_future()
            self._waiting.append((self._writes, lambda: done.set_result(None)))
            while not done.done() and self.store_error is None:
                await asyncio.wait({done}, timeout=0.5)
        if self.store_error is not None:
            raise FloormanError("the tournament could not be stored: it is stopped")

    def hand_dealt(self, hand_id: str, table: int, number: int) -> None:
        """A new hand to store with the next commit."""
        self._new_hands.append((hand_id, table, number))


__all__ = ["Publish", "UnitOfWork"]
