"""Issue 27, point 2: a command is answered only once its changes and its
answer are stored together.  A write that fails leaves nothing answered:
the client's retry with the same key is not answered 200 from memory (it
gets 503 while the tournament is stopped), and after a restart the retry
is carried out for the first time, once."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from floorman.storage import Store
from floorman.storage.writer import CommitBatch
from tests.helpers.server import AUTH, create_tournament, sqlite_url
from tests.helpers.server_api import make_client, status

KEY = "7f3e2d1c-0b9a-4876-a5b4-c3d2e1f0a9b8"


class LostWrite(Exception):
    """The database refused the write (a full disk, a dropped connection)."""


def fail_next_write_with_answers(store: Store, nth: int = 1) -> list[CommitBatch]:
    """The writer fails the ``nth`` batch holding a command's answer (each
    time it is written: alone, or in a group); the batches it refused are
    returned (filled as they come)."""
    writer = store._writer()
    write = writer.write
    seen: list[int] = []
    refused: list[CommitBatch] = []

    def failing(batches: Sequence[CommitBatch]) -> None:
        for batch in batches:
            if batch.answers and id(batch) not in seen and len(seen) < nth:
                seen.append(id(batch))
        if len(seen) == nth and any(id(b) == seen[-1] for b in batches):
            refused.extend(batches)
            raise LostWrite("injected")
        write(batches)

    writer.write = failing
    return refused


def test_a_failed_write_leaves_the_registration_unanswered(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "nm-holdem")
        store = client.app.state.floor.store  # type: ignore[attr-defined]
        refused = fail_next_write_with_answers(store)
        url = f"/api/tournaments/{tid}/register"
        headers = {"Idempotency-Key": KEY}
        first = client.post(url, json={"name": "Ada"}, headers=headers)
        assert refused, "the injected failure never came"
        assert first.status_code == 503, first.text
        again = client.post(url, json={"name": "Ada"}, headers=headers)
        assert again.status_code == 503, again.text  # not 200 from memory
        assert "token" not in again.json() and "player" not in again.text
        assert store.answers(tid) == {}
        assert store.players(tid) == []
    with make_client(tmp_path) as client:  # restarted from what was stored
        retried = client.post(url, json={"name": "Ada"}, headers=headers)
        assert retried.status_code == 200, retried.text
        assert client.post(url, json={"name": "Ada"}, headers=headers).json() == retried.json()
        assert [r["name"] for r in status(client, tid)["standings"]] == ["Ada"]


def test_a_failed_director_call_is_not_answered_done(tmp_path: Path) -> None:
    """The director's warning whose write failed: its retry is no 200."""
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "nm-holdem", bots=2)
        store = client.app.state.floor.store  # type: ignore[attr-defined]
        fail_next_write_with_answers(store)
        headers: dict[str, Any] = {**AUTH, "Idempotency-Key": "warn-7"}
        body = {"player": "p1", "clause": "OQ-03", "note": "splash"}
        url = f"/api/tournaments/{tid}/floor/warn"
        assert client.post(url, json=body, headers=headers).status_code == 503
        assert client.post(url, json=body, headers=headers).status_code == 503
    store = Store(sqlite_url(tmp_path))
    try:
        assert store.answers(tid) == {}
    finally:
        store.close()
