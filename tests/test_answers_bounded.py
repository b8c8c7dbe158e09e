"""Issue 27, point 5: the answers to commands sent with a key are bounded.

- None is loaded with a tournament: a retry's key is looked up by itself
  (one indexed query), and memory holds a small cache of the recent ones.
- They are kept as long as a client may retry (24 h by default,
  ``FLOORMAN_ANSWER_RETENTION_HOURS``) and pruned afterwards, by a write
  (at most every 10 minutes) or :meth:`Store.prune_answers`; on SQLite and
  PostgreSQL, and answers stored before the migration count from it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, text

from floorman.services import answers
from floorman.storage import Store
from floorman.storage.crypto import new_key
from floorman.storage.store import (
    ANSWER_RETENTION_HOURS,
    PRUNE_EVERY_SECONDS,
    answer_retention_seconds,
    make_engine,
    migrate,
)
from floorman.storage.writer import CommitBatch
from tests.helpers.postgres import fresh_database
from tests.helpers.server import create_tournament, sqlite_url
from tests.helpers.server_api import floor, make_client

POSTGRES = os.environ.get("FLOORMAN_TEST_POSTGRES_URL", "")
KEY = "2d4f6a8c-1e3b-4d5f-9a7c-0b2d4f6a8c1e"


@pytest.fixture(params=["sqlite", "postgresql"])
def database(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[str]:
    monkeypatch.setenv("FLOORMAN_SECRET_KEY", new_key())
    if request.param == "sqlite":
        yield sqlite_url(tmp_path)
        return
    if not POSTGRES:
        pytest.fail("FLOORMAN_TEST_POSTGRES_URL is needed: run 'make test'")
    with fresh_database(POSTGRES, "floorman_answers") as url:
        yield url


def answered(store: Store, tid: str, *keys: str) -> None:
    """A batch holding only answers to ``keys`` (as a command that changed nothing)."""
    batch = CommitBatch(tid, [], [], [], None, [], answers=[(k, '{"status":200}') for k in keys])
    store.commit_many([batch])


@pytest.mark.clause("OQ-41")
def test_a_tournament_loads_none_of_its_answers_and_keeps_few(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ten registrations with keys and a cache of four: four in memory, none
    read when the tournament is loaded again, and the first registration's
    retry still gets its first answer (looked up by its key)."""
    monkeypatch.setattr(answers, "CACHE_SIZE", 4)
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "nm-holdem")
        firsts = []
        for n in range(10):
            headers = {"Idempotency-Key": f"{KEY[:-2]}{n:02d}"}
            body = {"name": f"Player {n}"}
            first = client.post(f"/api/tournaments/{tid}/register", json=body, headers=headers)
            assert first.status_code == 200, first.text
            firsts.append(first.json())
        assert len(floor(client).get(tid).answers) == 4
    monkeypatch.setattr(Store, "answers", lambda *_: pytest.fail("a tournament's answers loaded"))
    with make_client(tmp_path) as client:  # the same database, a new process
        assert len(floor(client).get(tid).answers) == 0
        headers = {"Idempotency-Key": f"{KEY[:-2]}00"}
        again = client.post(
            f"/api/tournaments/{tid}/register", json={"name": "Player 0"}, headers=headers
        )
        assert again.status_code == 200 and again.json() == firsts[0], again.text
        standings = client.get(f"/api/tournaments/{tid}").json()["standings"]
        assert len(standings) == 10


def test_answers_past_their_retention_are_pruned_by_a_write(database: str) -> None:
    store = Store(database, answer_retention=3600)
    try:
        start = now = time.time()
        store.clock = lambda: now
        store.create_tournament("t1", "Answers", "nm-holdem", {})
        answered(store, "t1", "old")
        now = start + 3200  # a write prunes: "old" is not an hour old yet
        answered(store, "t1", "young")
        now = start + 3700  # "old" is past the hour, but the last prune was 500 s ago
        answered(store, "t1", "newest")
        assert store.answer("old") is not None
        now = start + 3200 + PRUNE_EVERY_SECONDS  # a write prunes again
        answered(store, "t1", "latest")
        assert store.answer("old") is None
        assert None not in {store.answer(k) for k in ("young", "newest", "latest")}
        now = start + 3200 + 3601
        assert store.prune_answers() == 1  # "young"
        assert store.answer("young") is None and store.answer("newest") is not None
    finally:
        store.close()


def test_the_retention_is_a_setting_in_hours(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FLOORMAN_ANSWER_RETENTION_HOURS", raising=False)
    assert answer_retention_seconds() == ANSWER_RETENTION_HOURS * 3600 == 24 * 3600
    monkeypatch.setenv("FLOORMAN_ANSWER_RETENTION_HOURS", "0.5")
    assert answer_retention_seconds() == 1800
    assert Store("sqlite://").answer_retention == 1800
    for wrong in ("0", "-2", "soon", "nan", "inf"):
        with pytest.raises(ValueError, match="FLOORMAN_ANSWER_RETENTION_HOURS"):
            answer_retention_seconds(wrong)


def test_answers_stored_before_the_migration_count_from_it(database: str) -> None:
    """The column and its index come with revision 0004; an answer stored
    under 0003 is kept a whole retention from the upgrade."""
    engine = make_engine(database)
    try:
        migrate(engine, "0003")
        with engine.begin() as connection:
            connection.execute(
                text("INSERT INTO command_answers (key, answer) VALUES ('before', '{}')")
            )
        upgraded_at = time.time()
        migrate(engine)
        indexes: list[Any] = inspect(engine).get_indexes("command_answers")
        assert any(ix["column_names"] == ["at"] for ix in indexes), indexes
        with engine.connect() as connection:
            at = connection.execute(text("SELECT at FROM command_answers")).scalar_one()
        assert upgraded_at - 5 <= at <= time.time() + 1
    finally:
        engine.dispose()
    store = Store(database)
    try:
        assert store.prune_answers() == 0 and store.answer("before") == "{}"
    finally:
        store.close()


def test_a_prune_that_fails_never_fails_the_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pruning is a transaction of its own: two processes pruning the same
    rows at once (a deadlock) cost a prune, never a tournament's batch."""
    store = Store("sqlite://", key=b"k" * 32)
    try:
        store.create_tournament("t1", "Answers", "nm-holdem", {})

        def deadlock() -> int:
            raise RuntimeError("deadlock detected")

        monkeypatch.setattr(store, "prune_answers", deadlock)
        answered(store, "t1", "kept")  # the first write prunes: it fails, the write stands
        assert store.answer("kept") is not None
    finally:
        store.close()
