"""A seat link reissued in the multi-process deployment (OQ-74, issue 26):
``floorman serve --workers 2 --runners 1`` on PostgreSQL and Redis.  The
runner carries the reissue out; each web process learns it from the
stream: the socket open on the old link (through whichever web process it
reached) is told and closed with 4410, and every request with the old
token is refused by both web processes - also by one that meets the token
first in the database - while the new one seats the player on both."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from floorman.storage.crypto import new_key
from tests.helpers.postgres import fresh_database
from tests.helpers.server import (
    AUTH,
    DIRECTOR,
    VENV_BIN,
    Socket,
    free_port,
    serving,
    spare_redis_database,
    tournament_body,
)

POSTGRES = os.environ.get("FLOORMAN_TEST_POSTGRES_URL", "")
REDIS = os.environ.get("FLOORMAN_TEST_REDIS_URL", "")
pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]


@pytest.fixture()
def database() -> Iterator[str]:
    if not (POSTGRES and REDIS):
        pytest.fail(
            "FLOORMAN_TEST_POSTGRES_URL and FLOORMAN_TEST_REDIS_URL are needed: run 'make test'"
        )
    with fresh_database(POSTGRES, "floorman_seat_links") as url:
        yield url


def answers_by_process(url: str, path: str, token: str) -> dict[str, set[int]]:
    """The status each web process answers ``path`` with (asked until both
    have answered a few times: the kernel shares the port between them)."""
    seen: dict[str, set[int]] = {}
    for _ in range(60):
        process = httpx.get(f"{url}/health", timeout=5).json()["process"]
        answer = httpx.get(url + path, headers={"Authorization": f"Bearer {token}"}, timeout=5)
        seen.setdefault(process, set()).add(answer.status_code)
        if len(seen) == 2 and sum(len(v) for v in seen.values()) >= 2:
            break
    return seen


@pytest.mark.clause("OQ-74")
def test_OQ_74_a_link_reissued_through_one_web_process_closes_the_old_one_on_both(
    tmp_path: Path, database: str
) -> None:
    port = free_port()
    env: dict[str, str | None] = {
        "FLOORMAN_DIRECTOR_TOKEN": DIRECTOR,
        "FLOORMAN_SECRET_KEY": new_key(),
        "FLOORMAN_DATA_DIR": str(tmp_path / "var"),
    }
    command = [
        *(str(VENV_BIN / "floorman"), "serve", "--port", str(port)),
        *("--workers", "2", "--runners", "1"),
        # the worker's spare Redis database: test_cluster_runner empties the first
        *("--database-url", database, "--redis-url", spare_redis_database(REDIS)),
    ]
    with serving(command, env, tmp_path, port) as cluster:
        cluster.wait_healthy(60)
        url = cluster.url
        body = tournament_body("de-holdem", bots=0)
        created = httpx.post(f"{url}/api/tournaments", json=body, headers=AUTH, timeout=30)
        assert created.status_code == 200, created.text
        tid = created.json()["id"]
        entry = httpx.post(
            f"{url}/api/tournaments/{tid}/register", json={"name": "Ann"}, timeout=30
        )
        assert entry.status_code == 200, entry.text
        player, old = entry.json()["player"], entry.json()["token"]
        me = f"/api/tournaments/{tid}/me"
        before = answers_by_process(url, me, old)
        assert len(before) == 2 and all(codes == {200} for codes in before.values()), before
        socket = Socket(f"ws://127.0.0.1:{port}/ws/tournaments/{tid}#token={old}")
        link = f"{url}/api/tournaments/{tid}/players/{player}/seat-link"
        reissued = httpx.post(link, headers=AUTH, timeout=30)
        assert reissued.status_code == 200, reissued.text
        new = reissued.json()["seat_link"].split("#seat=", 1)[1]
        with pytest.raises(ConnectionClosed) as closed:
            socket.wait_for(lambda f: False, 20, "the old socket's close")
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410
        assert any(f.get("type") == "seat_link_reissued" for f in socket.frames)
        refused = answers_by_process(url, me, old)
        assert len(refused) == 2 and all(codes == {403} for codes in refused.values()), refused
        seated = answers_by_process(url, me, new)
        assert len(seated) == 2 and all(codes == {200} for codes in seated.values()), seated
        shown = httpx.get(link, headers=AUTH, timeout=30)
        assert (
            shown.status_code == 200 and shown.json()["seat_link"] == reissued.json()["seat_link"]
        )
