"""Watching the multi-process deployment (issue 28, point 5): each process
serves its own metrics — a web process at ``/metrics``, a runner on its
own port (``--runner-metrics-port``) with the leases it holds — and
``/ready`` checks the database and Redis (a runner also its lease
connection), and says which fails."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import httpx
import pytest

from floorman.storage.crypto import new_key
from tests.helpers.metrics import Samples, samples_of, value
from tests.helpers.postgres import fresh_database
from tests.helpers.server import AUTH, DIRECTOR, free_port, serving, wait_until
from tests.test_cluster import OwnRedis

POSTGRES = os.environ.get("FLOORMAN_TEST_POSTGRES_URL", "")
pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]


@pytest.fixture()
def database() -> Iterator[str]:
    if not POSTGRES:
        pytest.fail("FLOORMAN_TEST_POSTGRES_URL is needed: run 'make test'")
    with fresh_database(POSTGRES, "floorman_ops") as url:
        yield url


def scrape(url: str) -> Samples:
    response = httpx.get(url, timeout=5)
    assert response.status_code == 200, response.text
    return samples_of(response.text)


def scrape_when_up(url: str) -> Samples | None:
    try:
        return scrape(url)
    except httpx.TransportError:  # not listening yet
        return None


def test_web_and_runner_metrics_and_readiness(tmp_path: Path, database: str) -> None:
    port, runner_port = free_port(), free_port()
    redis_server = OwnRedis(tmp_path)
    redis_server.start()
    env: dict[str, str | None] = {
        "FLOORMAN_DIRECTOR_TOKEN": DIRECTOR,
        "FLOORMAN_SECRET_KEY": new_key(),
        "FLOORMAN_DATA_DIR": str(tmp_path / "var"),
    }
    command = [
        *(sys.executable, "-m", "floorman", "serve", "--port", str(port)),
        *("--workers", "1", "--runners", "1", "--runner-metrics-port", str(runner_port)),
        *("--database-url", database, "--redis-url", redis_server.url),
        *("--log-format", "json"),
    ]
    try:
        with serving(command, env, tmp_path, port) as cluster:
            cluster.wait_healthy(60)
            ready = httpx.get(f"{cluster.url}/ready", timeout=10)
            assert ready.status_code == 200, ready.text
            assert ready.json()["checks"] == {"database": "ok", "redis": "ok"}

            body = {"profile": "de-holdem", "bots": 0}
            created = httpx.post(f"{cluster.url}/api/tournaments", json=body, headers=AUTH)
            assert created.status_code == 200, created.text
            tid = created.json()["id"]
            entry = httpx.post(f"{cluster.url}/api/tournaments/{tid}/register", json={"name": "A"})
            assert entry.status_code == 200, entry.text

            web = scrape(f"{cluster.url}/metrics")
            ok = {"outcome": "ok"}
            assert value(web, "floorman_commands_total", kind="create_tournament", **ok) == 1
            assert value(web, "floorman_commands_total", kind="register", **ok) == 1
            assert value(web, "floorman_tournaments_live") == 1
            assert value(web, "floorman_stream_lag_seconds_count") >= 1  # the runner's changes
            runner = wait_until(
                partial(scrape_when_up, f"http://127.0.0.1:{runner_port}/metrics"),
                30,
                "the runner's metrics",
            )
            assert value(runner, "floorman_runner_leases") == 1
            assert value(runner, "floorman_commands_total", kind="register", **ok) == 1
            assert value(runner, "floorman_write_batch_seconds_count") >= 1
            runner_url = f"http://127.0.0.1:{runner_port}"
            assert httpx.get(f"{runner_url}/health", timeout=5).json()["status"] == "ok"
            runner_ready = httpx.get(f"{runner_url}/ready", timeout=10)
            assert runner_ready.status_code == 200, runner_ready.text
            all_ok = {"database": "ok", "redis": "ok", "leases": "ok"}
            assert runner_ready.json()["checks"] == all_ok

            redis_server.kill()

            def not_ready(base: str) -> dict[str, str] | None:
                answer = httpx.get(f"{base}/ready", timeout=10)
                return answer.json()["checks"] if answer.status_code == 503 else None

            for base in (cluster.url, runner_url):
                checks = wait_until(partial(not_ready, base), 30, f"{base}/ready: 503, no Redis")
                assert checks["database"] == "ok" and checks["redis"] != "ok"
            assert cluster.stop() == 0
            output = cluster.output()
    finally:
        redis_server.kill()
    # every process logged JSON, one object a line: the web process and the
    # runner each the commands it carried out
    records = [json.loads(line) for line in output.splitlines() if line.strip()]
    registered = [r for r in records if r.get("command") == "register"]
    assert len(registered) == 2  # the web process's and the runner's
    assert all(r["tournament"] == tid and r["status"] == 200 for r in registered)
