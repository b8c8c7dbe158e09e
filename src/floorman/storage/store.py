"""The event store: tournaments, their events, hands and their events, and
players' token hashes.  SQLite by default (WAL, so a killed process loses
nothing committed), PostgreSQL by URL; the schema comes from Alembic
migrations run at start.

>>> store = Store("sqlite://")
>>> store.create_tournament("t1", "Demo", "nm-holdem", {"bots": 2})
>>> store.commit("t1", [{"type": "registered", "player": "p1"}])
>>> store.tournament_events("t1")
[{'type': 'registered', 'player': 'p1'}]
"""

from __future__ import annotations

import json
import logging
import math
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, delete, event, func, insert, select, text, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from floorman.storage.crypto import HandSeal, resolve_key
from floorman.storage.models import (
    ChatRow,
    CommandAnswerRow,
    HandEventRow,
    HandRow,
    PlayerRow,
    StructureRow,
    TournamentEventRow,
    TournamentRow,
)
from floorman.storage.writer import BackgroundWriter, CommitBatch

MIGRATIONS = Path(__file__).with_name("migrations")
log = logging.getLogger("floorman.storage")
#: how long a command's answer is kept for a client's retry, in hours,
#: unless this variable says otherwise
ENV_ANSWER_RETENTION = "FLOORMAN_ANSWER_RETENTION_HOURS"
ANSWER_RETENTION_HOURS = 24.0
#: a write prunes the answers past their retention at most this often
PRUNE_EVERY_SECONDS = 600.0


def answer_retention_seconds(hours: str | None = None) -> float:
    """The answers' retention: ``hours``, or :data:`ENV_ANSWER_RETENTION`,
    or :data:`ANSWER_RETENTION_HOURS`; a positive number of hours."""
    raw = os.environ.get(ENV_ANSWER_RETENTION, "") if hours is None else hours
    if not raw.strip():
        return ANSWER_RETENTION_HOURS * 3600
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"{ENV_ANSWER_RETENTION} must be a positive number of hours, not {raw!r}")
    return value * 3600


@dataclass(frozen=True)
class TournamentRecord:
    id: str
    name: str
    profile: str
    status: str
    created_at: float
    config: dict[str, Any]
    archived: bool = False


def _tournament_record(r: TournamentRow) -> TournamentRecord:
    return TournamentRecord(
        r.id, r.name, r.profile, r.status, r.created_at, json.loads(r.config), bool(r.archived)
    )


def _structure_record(row: StructureRow) -> dict[str, Any]:
    return {
        "name": row.name,
        "profile": row.profile,
        "structure": json.loads(row.data),
        "updated_at": row.updated_at,
    }


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False},
            poolclass=StaticPool if memory else None,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to the newest migration, or to ``revision`` (a
    restore fills the tables of its backup's revision, then goes on)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # several processes starting at once: one migrates, the others wait
            connection.execute(text("SELECT pg_advisory_xact_lock(4242420001)"))
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


class Store:
    def __init__(
        self,
        url: str,
        *,
        key: bytes | None = None,
        on_write: Callable[[float], None] | None = None,
        answer_retention: float | None = None,
    ) -> None:
        """``key``: the 32 bytes that seal stored hand events; by default
        from the environment or beside a SQLite file (storage/crypto.py).
        ``on_write(seconds)``: told how long each background transaction
        took (:class:`~floorman.storage.writer.BackgroundWriter`).
        ``answer_retention``: seconds a command's answer is kept for a
        retry (:func:`answer_retention_seconds` by default)."""
        self.url = url
        self.on_write = on_write
        self.answer_retention = (
            answer_retention_seconds() if answer_retention is None else answer_retention
        )
        #: the wall clock answers are stamped and pruned by (a test sets its own)
        self.clock: Callable[[], float] = time.time
        self._pruned_at = -math.inf
        self.seal = HandSeal(resolve_key(url) if key is None else key)
        self.engine = make_engine(url)
        migrate(self.engine)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        # one transaction at a time, whichever thread runs it (an in-memory
        # SQLite database is a single connection shared by all)
        self._lock = threading.RLock()
        self._background: BackgroundWriter | None = None

    def ping(self) -> None:
        """One round trip to the database (raises when it cannot answer):
        the readiness probe's check."""
        with self.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    def close(self) -> None:
        if self._background is not None:
            self._background.close()
        self.engine.dispose()

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        """A write after everything queued before it, alone in the database."""
        self.flush()
        with self._lock, self.sessions.begin() as session:
            yield session

    @contextmanager
    def _reading(self) -> Iterator[Session]:
        """A read that sees every write queued before it."""
        self.flush()
        with self._lock, self.sessions() as session:
            yield session

    # ------------------------------------------------------------ tournaments

    def create_tournament(
        self,
        tournament_id: str,
        name: str,
        profile: str,
        config: dict[str, Any],
        *,
        answer: tuple[str, str] | None = None,
    ) -> None:
        """``answer``: the creating command's (scoped key, answer), stored
        in the same transaction; a key stored already refuses the creation."""
        with self._transaction() as session:
            if answer is not None:
                session.add(self._answer_row(answer, None))
            session.add(
                TournamentRow(
                    id=tournament_id,
                    name=name,
                    profile=profile,
                    status="registering",
                    created_at=time.time(),
                    config=json.dumps(config),
                )
            )

    def tournaments(self) -> list[TournamentRecord]:
        with self._reading() as session:
            rows = session.scalars(select(TournamentRow).order_by(TournamentRow.created_at))
            return [_tournament_record(r) for r in rows]

    def tournament(self, tournament_id: str) -> TournamentRecord | None:
        """One tournament's record (None: there is none)."""
        with self._reading() as session:
            row = session.get(TournamentRow, tournament_id)
            return _tournament_record(row) if row is not None else None

    def set_archived(self, tournament_id: str, archived: bool) -> None:
        with self._transaction() as session:
            session.execute(
                update(TournamentRow)
                .where(TournamentRow.id == tournament_id)
                .values(archived=archived)
            )

    def delete_tournament(
        self, tournament_id: str, *, answer: tuple[str, str] | None = None
    ) -> None:
        """Every row of the tournament, in one transaction (the caller
        allows it only before the start: nothing was played); ``answer``:
        the deleting command's, kept."""
        with self._transaction() as session:
            session.execute(
                delete(CommandAnswerRow).where(CommandAnswerRow.tournament_id == tournament_id)
            )
            if answer is not None and answer[0]:
                session.add(self._answer_row(answer, None))
            hands = select(HandRow.id).where(HandRow.tournament_id == tournament_id)
            session.execute(delete(HandEventRow).where(HandEventRow.hand_id.in_(hands)))
            session.execute(delete(HandRow).where(HandRow.tournament_id == tournament_id))
            for model in (TournamentEventRow, PlayerRow, ChatRow):
                session.execute(delete(model).where(model.tournament_id == tournament_id))
            session.execute(delete(TournamentRow).where(TournamentRow.id == tournament_id))

    # ------------------------------------------------------------ chat

    def add_chat(
        self,
        tournament_id: str,
        table: int,
        player: str | None,
        name: str,
        text: str,
        at: float,
        *,
        answer: tuple[str, str] | None = None,
    ) -> int:
        """Store a chat line; ``answer``: (scoped key, answer as JSON) of the
        command that said it, in the same transaction."""
        with self._transaction() as session:
            if answer is not None:
                session.add(self._answer_row(answer, tournament_id))
            row = ChatRow(
                tournament_id=tournament_id,
                table_no=table,
                player=player,
                name=name,
                text=text,
                at=at,
            )
            session.add(row)
            session.flush()
            return int(row.id)

    def chat(
        self, tournament_id: str, *, table: int | None = None, limit: int = 500
    ) -> list[dict[str, Any]]:
        """The latest ``limit`` messages, oldest first."""
        with self._reading() as session:
            query = select(ChatRow).where(ChatRow.tournament_id == tournament_id)
            if table is not None:
                query = query.where(ChatRow.table_no == table)
            rows = list(session.scalars(query.order_by(ChatRow.id.desc()).limit(limit)))
            return [
                {
                    "id": r.id,
                    "table": r.table_no,
                    "player": r.player,
                    "name": r.name,
                    "text": r.text,
                    "at": r.at,
                }
                for r in reversed(rows)
            ]

    # ------------------------------------------------------------ structures

    def structures(self) -> list[dict[str, Any]]:
        """The saved structures, by name: {name, profile, structure, updated_at}."""
        with self._reading() as session:
            rows = session.scalars(select(StructureRow).order_by(StructureRow.name))
            return [_structure_record(r) for r in rows]

    def structure(self, name: str) -> dict[str, Any] | None:
        with self._reading() as session:
            row = session.get(StructureRow, name)
            return _structure_record(row) if row is not None else None

    def save_structure(self, name: str, profile: str, data: dict[str, Any]) -> None:
        """Save or replace the structure called ``name``."""
        with self._transaction() as session:
            row = session.get(StructureRow, name)
            if row is None:
                row = StructureRow(name=name)
                session.add(row)
            row.profile = profile
            row.data = json.dumps(data)
            row.updated_at = time.time()

    def delete_structure(self, name: str) -> bool:
        with self._transaction() as session:
            result = session.execute(delete(StructureRow).where(StructureRow.name == name))
            return bool(getattr(result, "rowcount", 0))

    def tournament_events(self, tournament_id: str, *, start: int = 0) -> list[dict[str, Any]]:
        """The tournament's events from number ``start`` on (a follower
        catching up reads only what it lacks)."""
        with self._reading() as session:
            rows = session.scalars(
                select(TournamentEventRow.data)
                .where(TournamentEventRow.tournament_id == tournament_id)
                .where(TournamentEventRow.seq >= start)
                .order_by(TournamentEventRow.seq)
            )
            return [json.loads(r) for r in rows]

    @staticmethod
    def _next_seq(session: Session, model: Any, column: Any, key: str) -> int:
        current = session.scalar(select(func.max(model.seq)).where(column == key))
        return 0 if current is None else int(current) + 1

    # ------------------------------------------------------------ hands

    def hand_events(self, hand_id: str) -> list[dict[str, Any]]:
        with self._reading() as session:
            rows = session.execute(
                select(HandEventRow.seq, HandEventRow.data)
                .where(HandEventRow.hand_id == hand_id)
                .order_by(HandEventRow.seq)
            )
            return [self.seal.open(hand_id, seq, data) for seq, data in rows]

    def hands(self, tournament_id: str, *, status: str | None = None) -> list[dict[str, Any]]:
        with self._reading() as session:
            query = select(HandRow).where(HandRow.tournament_id == tournament_id)
            if status is not None:
                query = query.where(HandRow.status == status)
            rows = session.scalars(query.order_by(HandRow.started_at))
            return [
                {
                    "id": r.id,
                    "table": r.table_no,
                    "hand": r.hand_no,
                    "status": r.status,
                    "started_at": r.started_at,
                    "ended_at": r.ended_at,
                }
                for r in rows
            ]

    def hand(self, hand_id: str) -> dict[str, Any] | None:
        with self._reading() as session:
            r = session.get(HandRow, hand_id)
            if r is None:
                return None
            return {
                "id": r.id,
                "tournament": r.tournament_id,
                "table": r.table_no,
                "hand": r.hand_no,
                "status": r.status,
                "started_at": r.started_at,
            }

    def commit(
        self,
        tournament_id: str,
        tournament_events: Sequence[dict[str, Any]],
        new_hands: Sequence[tuple[str, int, int]] = (),
        hand_events: Sequence[tuple[str, Sequence[dict[str, Any]], bool]] = (),
        status: str | None = None,
        players: Sequence[tuple[str, str, str, str]] = (),
    ) -> None:
        """Everything one command changed, in one transaction: a crash leaves
        either all of it or none (a hand never starts or ends on one side
        only, a player row never exists without its registration event).
        ``new_hands``: (hand id, table, hand number); ``hand_events``: (hand
        id, new events, finished); ``players``: (player, name, kind, token
        hash)."""
        self.flush()
        self.commit_many(
            [CommitBatch(tournament_id, tournament_events, new_hands, hand_events, status, players)]
        )

    def commit_many(self, batches: Sequence[CommitBatch]) -> None:
        """Several commits in one transaction, in order (the writer's group
        commit: one transaction's overhead for all that queued meanwhile)."""
        now = self.clock()
        with self._lock, self.sessions.begin() as session:
            next_seq: dict[tuple[str, str], int] = {}
            for batch in batches:
                self._write(session, batch, now, next_seq)
        if now - self._pruned_at >= PRUNE_EVERY_SECONDS:
            self._pruned_at = now
            # a transaction of its own: a prune that fails (two processes
            # deleting the same rows) never fails a tournament's write
            try:
                self.prune_answers()
            except Exception as error:
                log.warning("old answers were not pruned this time (%r)", error)

    def _write(
        self,
        session: Session,
        batch: CommitBatch,
        now: float,
        next_seq: dict[tuple[str, str], int],
    ) -> None:
        tournament_id = batch.tournament_id
        if batch.players:
            session.execute(
                insert(PlayerRow),
                [
                    {
                        "tournament_id": tournament_id,
                        "player": player,
                        "name": name,
                        "kind": kind,
                        "token_hash": digest,
                    }
                    for player, name, kind, digest in batch.players
                ],
            )
        if batch.tournament_events:
            key = ("t", tournament_id)
            start = batch.tournament_start
            if start is None:
                start = next_seq.get(key)
            if start is None:
                start = self._next_seq(
                    session, TournamentEventRow, TournamentEventRow.tournament_id, tournament_id
                )
            session.execute(
                insert(TournamentEventRow),
                [
                    {
                        "tournament_id": tournament_id,
                        "seq": start + k,
                        "type": str(e.get("type", "")),
                        "data": json.dumps(e, separators=(",", ":")),
                    }
                    for k, e in enumerate(batch.tournament_events)
                ],
            )
            next_seq[key] = start + len(batch.tournament_events)
        if batch.new_hands:
            session.execute(
                insert(HandRow),
                [
                    {
                        "id": hand_id,
                        "tournament_id": tournament_id,
                        "table_no": table,
                        "hand_no": number,
                        "status": "running",
                        "started_at": now,
                    }
                    for hand_id, table, number in batch.new_hands
                ],
            )
        for hand_id, events, finished in batch.hand_events:
            if events:
                key = ("h", hand_id)
                start = batch.hand_starts.get(hand_id)
                if start is None:
                    start = next_seq.get(key)
                if start is None:
                    start = self._next_seq(session, HandEventRow, HandEventRow.hand_id, hand_id)
                session.execute(
                    insert(HandEventRow),
                    [
                        {
                            "hand_id": hand_id,
                            "seq": start + k,
                            "data": self.seal.close(hand_id, start + k, e),
                        }
                        for k, e in enumerate(events)
                    ],
                )
                next_seq[key] = start + len(events)
            if finished:
                session.execute(
                    update(HandRow)
                    .where(HandRow.id == hand_id)
                    .values(status="finished", ended_at=now)
                )
        if batch.answers:
            session.execute(
                insert(CommandAnswerRow),
                [
                    {"key": key, "tournament_id": tournament_id, "answer": answer, "at": now}
                    for key, answer in batch.answers
                ],
            )
        if batch.status is not None:
            session.execute(
                update(TournamentRow)
                .where(TournamentRow.id == tournament_id)
                .values(status=batch.status)
            )

    # ------------------------------------------------------------ answers

    def answers(self, tournament_id: str) -> dict[str, dict[str, Any]]:
        """Every stored answer to a command of the tournament, by scoped key
        (for tests and tools: the server looks answers up one key at a
        time, :meth:`answer`, never all of a tournament's at once)."""
        with self._reading() as session:
            rows = session.execute(
                select(CommandAnswerRow.key, CommandAnswerRow.answer).where(
                    CommandAnswerRow.tournament_id == tournament_id
                )
            )
            return {key: json.loads(answer) for key, answer in rows}

    def answer(self, key: str) -> str | None:
        """The stored answer to the command with scoped key ``key`` (one
        lookup of the primary key)."""
        with self._reading() as session:
            return session.scalar(
                select(CommandAnswerRow.answer).where(CommandAnswerRow.key == key)
            )

    def _answer_row(self, answer: tuple[str, str], tournament_id: str | None) -> CommandAnswerRow:
        """``answer``: (scoped key, answer as JSON), stamped now."""
        return CommandAnswerRow(
            key=answer[0], tournament_id=tournament_id, answer=answer[1], at=self.clock()
        )

    def prune_answers(self) -> int:
        """Forget the answers older than the retention (a client retries
        within it, or not at all); how many went.  Writes do it too, every
        :data:`PRUNE_EVERY_SECONDS`."""
        cutoff = self.clock() - self.answer_retention
        with self._lock, self.sessions.begin() as session:
            pruned = session.execute(delete(CommandAnswerRow).where(CommandAnswerRow.at < cutoff))
            return int(pruned.rowcount or 0)  # type: ignore[attr-defined]

    def commit_later(self, batch: CommitBatch) -> Future[None]:
        """:meth:`commit` on the writer thread: returns at once, the future
        is done once the batch is stored.  Batches are stored in the order
        given; what queues while one transaction runs goes into the next."""
        return self._writer().submit(batch)

    def _writer(self) -> BackgroundWriter:
        if self._background is None:
            self._background = BackgroundWriter(self.commit_many, self.on_write)
        return self._background

    def forget_failure(self, tournament_id: str) -> None:
        """A tournament loaded again from what was stored may be written
        again (see :attr:`BackgroundWriter.failed`)."""
        if self._background is not None:
            self._background.forget_failure(tournament_id)

    def flush(self) -> None:
        """Wait until every batch given to :meth:`commit_later` is stored
        (each read and every other write does, so what one reads includes
        what was committed before)."""
        if self._background is not None:
            self._background.flush()

    # ------------------------------------------------------------ players

    def add_player(
        self, tournament_id: str, player: str, name: str, kind: str, token_hash: str
    ) -> None:
        with self._transaction() as session:
            session.add(
                PlayerRow(
                    tournament_id=tournament_id,
                    player=player,
                    name=name,
                    kind=kind,
                    token_hash=token_hash,
                )
            )

    def player_by_token(self, tournament_id: str, digest: str) -> str | None:
        """The player whose token has the SHA-256 ``digest``."""
        with self._reading() as session:
            return session.scalar(
                select(PlayerRow.player).where(
                    PlayerRow.tournament_id == tournament_id, PlayerRow.token_hash == digest
                )
            )

    def players(self, tournament_id: str) -> list[dict[str, str]]:
        with self._reading() as session:
            rows = session.scalars(
                select(PlayerRow).where(PlayerRow.tournament_id == tournament_id)
            )
            return [
                {"player": r.player, "name": r.name, "kind": r.kind, "token_hash": r.token_hash}
                for r in rows
            ]
