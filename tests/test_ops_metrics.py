"""What an operator watches (issue 28, point 5): ``/metrics`` scraped after
real commands and sockets, ``/ready`` naming what is not ready, each app
with its own registry."""

from __future__ import annotations

import gc
from pathlib import Path

from fastapi.testclient import TestClient

from tests.helpers.metrics import Samples, samples_of, value
from tests.helpers.server import AUTH, wait_until
from tests.helpers.server_api import bearer, make_client, start_humans, table_view


def scrape(client: TestClient) -> Samples:
    response = client.get("/metrics")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain; version=")
    return samples_of(response.text)


def test_commands_are_counted_by_kind_and_outcome_and_timed(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        before = scrape(client)
        assert value(before, "floorman_commands_total", kind="register", outcome="ok") == 0
        tid, by_seat = start_humans(client, ["Ann", "Bob"])
        view = table_view(client, tid, None)
        waiting = next(t for seat, t in by_seat.items() if seat != view["hand"]["actor"])
        refused = client.post(
            f"/api/tournaments/{tid}/actions", json={"action": "fold"}, headers=bearer(waiting)
        )
        assert refused.status_code == 409, refused.text  # not his turn
        samples = scrape(client)
    assert value(samples, "floorman_commands_total", kind="create_tournament", outcome="ok") == 1
    assert value(samples, "floorman_commands_total", kind="register", outcome="ok") == 2
    assert value(samples, "floorman_commands_total", kind="start", outcome="ok") == 1
    assert value(samples, "floorman_commands_total", kind="act", outcome="refused") == 1
    assert value(samples, "floorman_commands_total", kind="act", outcome="ok") == 0
    assert value(samples, "floorman_command_seconds_count", kind="register") == 2
    assert value(samples, "floorman_command_seconds_sum", kind="register") > 0
    assert value(samples, "floorman_tournaments_live") == 1
    # the entries and the start were stored by the background writer (group
    # commit may put several into one transaction)
    assert value(samples, "floorman_write_batch_seconds_count") >= 1


def test_frames_bytes_and_open_sockets_are_counted(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        tid, _ = start_humans(client, ["Ann", "Bob"])
        assert value(scrape(client), "floorman_sockets_open") == 0
        with client.websocket_connect(f"/ws/tournaments/{tid}?table=1") as ws:
            ws.send_json({"type": "hello"})
            first = ws.receive_text()
            while_open = scrape(client)
        assert value(while_open, "floorman_sockets_open") == 1
        assert value(while_open, "floorman_frames_sent_total") >= 1
        assert value(while_open, "floorman_frame_bytes_sent_total") >= len(first)
        wait_until(
            lambda: value(scrape(client), "floorman_sockets_open") == 0, 10, "the socket to close"
        )


def test_the_event_loop_and_the_collector_are_watched(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        wait_until(
            lambda: value(scrape(client), "floorman_event_loop_lag_probes_seconds_count") >= 1,
            10,
            "a probe of the event loop",
        )
        gc.collect()
        samples = scrape(client)
    assert ("floorman_event_loop_lag_seconds", frozenset()) in samples
    assert value(samples, "floorman_gc_pause_seconds_count", generation="2") >= 1


def test_each_app_counts_only_its_own(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with make_client(tmp_path / "a") as first, make_client(tmp_path / "b") as second:
        response = first.post(
            "/api/tournaments", json={"profile": "de-holdem", "bots": 0}, headers=AUTH
        )
        assert response.status_code == 200, response.text
        assert (
            value(scrape(first), "floorman_commands_total", kind="create_tournament", outcome="ok")
            == 1
        )
        assert (
            value(scrape(second), "floorman_commands_total", kind="create_tournament", outcome="ok")
            == 0
        )


def test_ready_checks_the_database_and_says_what_is_not_ready(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        assert client.get("/health").json()["status"] == "ok"
        ready = client.get("/ready")
        assert ready.status_code == 200, ready.text
        assert ready.json() == {"status": "ready", "checks": {"database": "ok"}}

        async def redis_down() -> None:
            raise ConnectionError("Error 111 connecting to 127.0.0.1:6391")

        client.app.state.readiness.add("redis", redis_down)  # type: ignore[attr-defined]
        not_ready = client.get("/ready")
    assert not_ready.status_code == 503
    assert not_ready.json() == {
        "status": "not ready",
        "checks": {
            "database": "ok",
            "redis": "ConnectionError: Error 111 connecting to 127.0.0.1:6391",
        },
    }
