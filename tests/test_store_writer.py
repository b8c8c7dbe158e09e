"""Writes off the event loop (issue 12): the writer thread stores batches in
order with group commit, a failing batch fails alone, reads see every write
queued before them, and a registration is atomic with its player row — a
kill -9 in the middle of a 10,000-bot registration leaves as many player
rows as registration events, and the server registers the next person
after the restart (it once answered 500 and gave her an orphan's token)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy

from floorman.services.floor import Floor
from floorman.storage import Store
from floorman.storage.writer import BackgroundWriter, CommitBatch
from tests.helpers.server import (
    AUTH,
    DIRECTOR,
    VENV_BIN,
    free_port,
    serving,
    sqlite_url,
    tournament_body,
    wait_until,
)


def registered(number: int) -> CommitBatch:
    player = f"p{number}"
    return CommitBatch(
        "t1",
        [{"type": "registered", "player": player, "n": number}],
        players=[(player, f"Name {number}", "human", f"hash{number}")],
    )


@pytest.fixture()
def store() -> Any:
    store = Store("sqlite://")
    store.create_tournament("t1", "Writer", "nm-holdem", {})
    yield store
    store.close()


def test_group_commit_stores_in_order_in_few_transactions(store: Store) -> None:
    gate = threading.Event()
    write = store.commit_many

    def held(batches: Any) -> None:
        gate.wait(10)
        write(batches)

    store.commit_later(registered(0))  # the writer's first transaction: held
    writer = store._background
    assert writer is not None
    writer.write = held
    time.sleep(0.05)
    futures = [store.commit_later(registered(n)) for n in range(1, 301)]
    gate.set()
    for future in futures:
        future.result(timeout=10)
    assert [e["n"] for e in store.tournament_events("t1")] == list(range(301))
    assert len(store.players("t1")) == 301
    # what queued while one transaction ran went into the next ones (512 at most each)
    assert writer.transactions <= 3 and writer.batches == 301


def test_reads_see_every_write_queued_before_them(store: Store) -> None:
    for number in range(50):
        store.commit_later(registered(number))
    assert len(store.tournament_events("t1")) == 50  # no wait by the caller
    assert len(store.players("t1")) == 50


def test_a_read_waits_for_earlier_writes_only_not_for_an_empty_queue() -> None:
    """Bots acting flat out keep the writer's queue from ever emptying: a
    reader waiting for an empty queue waited as long as they played."""
    written: list[int] = []

    def slow_write(batches: Any) -> None:
        time.sleep(0.02)  # a transaction takes long enough for more to queue
        written.extend(b.tournament_events[0]["n"] for b in batches)

    writer = BackgroundWriter(slow_write)
    stop = threading.Event()

    def keep_submitting() -> None:
        n = 0
        while not stop.is_set():
            writer.submit(CommitBatch("t1", [{"n": n}]))
            n += 1
            time.sleep(0.001)

    submitter = threading.Thread(target=keep_submitting)
    submitter.start()
    try:
        wait_until(lambda: len(written) > 10, timeout=30, what="the writer storing")
        before = writer._submitted
        reader = threading.Thread(target=writer.flush)
        reader.start()
        reader.join(timeout=30)
        flushed_while_busy = not reader.is_alive() and not stop.is_set()
        stored_by_then = len(written)
    finally:
        stop.set()
        submitter.join()
        writer.close()
    assert flushed_while_busy
    assert stored_by_then >= before  # everything submitted before it was stored


def test_a_failing_batch_fails_its_tournament_not_the_others(store: Store) -> None:
    """A batch refused leaves a hole in its tournament's log if the later
    ones were stored: they fail too, until the tournament is loaded again;
    other tournaments go on."""
    store.create_tournament("t2", "Other", "nm-holdem", {})
    store.commit_later(registered(1)).result(timeout=10)
    twin = store.commit_later(registered(1))  # the same player row again: refused
    later = store.commit_later(registered(2))
    other = store.commit_later(CommitBatch("t2", [{"type": "registered", "player": "p9"}]))
    with pytest.raises(sqlalchemy.exc.IntegrityError):
        twin.result(timeout=10)
    with pytest.raises(sqlalchemy.exc.IntegrityError):
        later.result(timeout=10)
    other.result(timeout=10)
    assert [e["n"] for e in store.tournament_events("t1")] == [1]
    assert len(store.tournament_events("t2")) == 1
    store.forget_failure("t1")  # loaded again from what was stored
    store.commit_later(registered(3)).result(timeout=10)
    assert [e["n"] for e in store.tournament_events("t1")] == [1, 3]


def test_a_second_writer_of_a_log_is_refused(store: Store) -> None:
    """Events carry the number their writer counted: two processes writing
    one tournament (a runner that lost its lease) clash on the primary key
    instead of interleaving their events."""
    store.commit_later(CommitBatch("t1", [{"type": "a"}], tournament_start=0)).result(10)
    clash = store.commit_later(CommitBatch("t1", [{"type": "b"}], tournament_start=0))
    with pytest.raises(sqlalchemy.exc.IntegrityError):
        clash.result(timeout=10)
    assert [e["type"] for e in store.tournament_events("t1")] == ["a"]


def test_a_player_row_never_outlives_its_registration_event(store: Store) -> None:
    store.commit(
        "t1", [{"type": "registered", "player": "p1"}], players=[("p1", "A", "human", "h1")]
    )
    with pytest.raises(sqlalchemy.exc.IntegrityError):
        # the player row is new, the event clashes: neither is stored
        store.commit_many(
            [
                CommitBatch("t1", players=[("p2", "B", "human", "h2")]),
                CommitBatch("t1", players=[("p1", "A", "human", "h1")]),
            ]
        )
    assert [p["player"] for p in store.players("t1")] == ["p1"]


def test_the_service_answers_only_once_stored(tmp_path: Path) -> None:
    """Frames and HTTP answers wait for the writer: ``stored()`` returns only
    after the registration is in the database."""
    store = Store(sqlite_url(tmp_path))
    gate = threading.Event()

    async def scenario() -> tuple[bool, bool, int]:
        floor = Floor(store, DIRECTOR)
        service = floor.create(profile="nm-holdem")
        store.flush()
        writer = store._writer()
        write = writer.write

        def held(batches: Any) -> None:
            gate.wait(10)
            write(batches)

        writer.write = held
        service.register("Ann")
        waiting = asyncio.ensure_future(service.stored())
        await asyncio.sleep(0.2)
        done_before = waiting.done()
        gate.set()
        await asyncio.wait_for(waiting, 10)
        rows = len(store.players(service.id))
        return done_before, waiting.done(), rows

    try:
        done_before, done_after, rows = asyncio.run(scenario())
    finally:
        store.close()
    assert (done_before, done_after, rows) == (False, True, 1)


def test_bots_are_added_in_steps_that_let_others_run(tmp_path: Path) -> None:
    """Adding 2,000 bots yields to the event loop between steps of 250: a
    task of another tournament runs in between (OQ-41)."""
    store = Store(sqlite_url(tmp_path))

    async def scenario() -> tuple[int, int]:
        floor = Floor(store, DIRECTOR)
        service = floor.create(profile="nm-holdem")
        ticks = 0

        async def other_tournament() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0)

        other = asyncio.ensure_future(other_tournament())
        added = await service.add_bots_in_steps(2000)
        other.cancel()
        return len(added), ticks

    try:
        added, ticks = asyncio.run(scenario())
    finally:
        store.close()
    assert added == 2000
    assert ticks >= 2000 // 250, "the loop ran other work between the steps"


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_kill_minus_nine_during_ten_thousand_bots_leaves_no_orphan(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    port = free_port()
    env: dict[str, str | None] = {
        "FLOORMAN_PORT": str(port),
        "FLOORMAN_DATA_DIR": str(data),
        "FLOORMAN_DATABASE_URL": sqlite_url(data),
        "FLOORMAN_DIRECTOR_TOKEN": DIRECTOR,
    }
    command = [str(VENV_BIN / "floorman"), "serve"]
    with serving(command, env, tmp_path, port) as first:
        first.wait_healthy(30)
        body = tournament_body("nm-holdem")
        tid = httpx.post(f"{first.url}/api/tournaments", json=body, headers=AUTH).json()["id"]

        def add_ten_thousand() -> None:
            # in ten calls: one call's steps queue faster than they are
            # stored, and group commit then stores all 10,000 in one
            # transaction, leaving no moment in between to kill
            with contextlib.suppress(httpx.HTTPError):  # the server is killed meanwhile
                for _ in range(10):
                    httpx.post(
                        f"{first.url}/api/tournaments/{tid}/bots",
                        json={"count": 1_000},
                        headers=AUTH,
                        timeout=120,
                    )

        adding = threading.Thread(target=add_ten_thousand, daemon=True)
        adding.start()

        watcher = Store(sqlite_url(data))  # opened before: each look is one quick query
        try:
            wait_until(
                lambda: len(watcher.players(tid)) > 0,
                60,
                "the first bots to be stored",
                interval=0.005,
            )
            first.kill9()  # 250 a step: thousands are still to come
        finally:
            watcher.close()
    reader = Store(sqlite_url(data))
    try:
        rows = {p["player"] for p in reader.players(tid)}
        events = {e["player"] for e in reader.tournament_events(tid) if e["type"] == "registered"}
    finally:
        reader.close()
    assert rows == events, "every player row has its registration event and no more"
    assert 0 < len(rows) < 10_000, "the kill came in the middle"
    with serving(command, env, tmp_path, port) as second:
        second.wait_healthy(30)
        answer = httpx.post(f"{second.url}/api/tournaments/{tid}/register", json={"name": "alice"})
        assert answer.status_code == 200, answer.text
        token = answer.json()["token"]
        me = httpx.get(
            f"{second.url}/api/tournaments/{tid}/me", headers={"Authorization": f"Bearer {token}"}
        )
        assert me.status_code == 200 and me.json()["name"] == "alice", me.text
