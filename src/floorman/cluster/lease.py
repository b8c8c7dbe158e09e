"""Who plays a tournament: a PostgreSQL advisory lock per tournament, held
by the runner process that owns it on a connection of its own.

A runner that dies (kill -9 included) loses its connection, and PostgreSQL
releases its locks at once: the next runner to look takes the tournament
over from its event log.  A runner that can no longer reach the database
gives its tournaments up, and lets a lease go only once its last writes are
stored.  Two runners can never both write a tournament's log: each batch
carries the event numbers its writer counted (CommitBatch), so the second
writer of a number is refused by the primary key and stops.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import threading

from sqlalchemy import create_engine, text
from sqlalchemy.engine import Connection

log = logging.getLogger("floorman.cluster")


def lock_key(tournament_id: str) -> int:
    """The advisory lock's 64-bit key of a tournament (signed, as
    PostgreSQL's bigint)."""
    digest = hashlib.sha256(b"floorman tournament " + tournament_id.encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class Leases:
    """The advisory locks of one runner process."""

    def __init__(self, database_url: str) -> None:
        if not database_url.startswith("postgresql"):
            raise ValueError("leases need PostgreSQL (advisory locks)")
        self.engine = create_engine(database_url, pool_size=1, max_overflow=0)
        self._connection: Connection | None = None
        self._lock = threading.Lock()  # the one connection, used from threads
        self.held: set[str] = set()

    def _conn(self) -> Connection:
        if self._connection is None:
            self._connection = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        return self._connection

    def try_acquire(self, tournament_id: str) -> bool:
        with self._lock:
            if tournament_id in self.held:
                return True
            got = self._conn().scalar(
                text("SELECT pg_try_advisory_lock(:key)"), {"key": lock_key(tournament_id)}
            )
            if got:
                self.held.add(tournament_id)
            return bool(got)

    def release(self, tournament_id: str) -> None:
        with self._lock:
            if tournament_id not in self.held:
                return
            self.held.discard(tournament_id)
            try:
                self._conn().execute(
                    text("SELECT pg_advisory_unlock(:key)"), {"key": lock_key(tournament_id)}
                )
            except Exception as error:  # the connection is gone: so is the lock
                log.warning("releasing %s: %r", tournament_id, error)

    def alive(self) -> bool:
        """Whether the locks are still ours: the connection answers.  When
        it does not, every lock is gone (PostgreSQL dropped them with it)."""
        with self._lock:
            try:
                self._conn().execute(text("SELECT 1"))
                return True
            except Exception as error:
                log.error("lease connection lost (%r): every tournament is given up", error)
                self.held.clear()
                connection, self._connection = self._connection, None
                if connection is not None:
                    with contextlib.suppress(Exception):
                        connection.invalidate()  # back to the pool of one as unusable
                return False

    def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                try:
                    self._connection.close()
                except Exception as error:
                    log.debug("closing the lease connection: %r", error)
            self._connection = None
            self.held.clear()
        self.engine.dispose()


__all__ = ["Leases", "lock_key"]
