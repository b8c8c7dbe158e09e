"""``floorman bench server`` (issue 12, "Fast on one process too" and the
figures "on one process and on the multi-process set-up, side by side in
one run"): the command plays a real tournament against a real ``floorman
serve`` over websockets and writes figures that hang together, on one
process and (with PostgreSQL and Redis) on the cluster in the same run; the
arithmetic of the measured window and the percentiles, checked on known
numbers; the cluster's processes found and named by their role.  Limits
are OQ-41 (tournament administration)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from array import array
from pathlib import Path

import pytest

from floorman.bench.server_bench import (
    Settings,
    percentile,
    process_count,
    spectator_process_count,
    summarise,
)
from floorman.bench.server_bench_deploy import descendants, named_processes, role_of, role_order
from floorman.server.ws import SPECTATORS_PER_ADDRESS_ENV, SocketLimits

REPO = Path(__file__).resolve().parents[1]
POSTGRES = os.environ.get("FLOORMAN_TEST_POSTGRES_URL", "")
REDIS = os.environ.get("FLOORMAN_TEST_REDIS_URL", "")


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_bench_server_measures_twenty_players(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    # a think time keeps each socket under the server's message rate (2 a
    # second): the figures must come from play, not from refusals
    command = [
        sys.executable,
        "-m",
        "floorman",
        "bench",
        "server",
        "--clients",
        "20",
        "--think-ms",
        "100",
        "--warmup",
        "2",
        "--seconds",
        "6",
        "--json",
        str(out),
    ]
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=100, env=None)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "20 · single" in done.stdout and "p99 ms" in done.stdout, done.stdout
    assert "cluster" not in done.stdout  # only the deployment asked for
    result = json.loads(out.read_text())
    assert result["deployment"].startswith("one floorman serve process")
    (run,) = result["runs"]
    assert run["clients"] == 20 and run["connected"] == 20
    assert run["client_processes"] >= 1
    assert 5.5 <= run["window_s"] <= 8
    # play went on: each action was answered by a frame showing it
    assert run["actions"] > 10, run
    assert run["latency_samples"] == run["actions"] <= run["actions_sent"]
    assert run["actions_per_second"] == pytest.approx(run["actions"] / run["window_s"], rel=1e-3)
    latency = run["latency_ms"]
    assert 0 < latency["p50"] <= latency["p95"] <= latency["p99"] <= latency["max"], latency
    assert latency["p50"] < 5000, latency  # 100 ms of thinking is not part of it
    # every action reaches the ten players at its table
    assert run["frames"] >= 10 * run["actions"], run
    assert run["frames_per_second"] > 0 and run["frame_mib_per_second"] > 0
    assert run["server_cpu_percent"] > 0 and run["client_cpu_percent"] > 0
    assert 0 <= run["server_wait_percent"] <= 100
    assert run["server_peak_rss_mib"] > 20 and run["client_peak_rss_mib"] > 10
    assert run["errors"] == 0, run["error_messages"]
    assert run["closed_unexpectedly"] == 0, run["close_codes"]
    assert run["server_exit"] is None  # the server lived until the bench stopped it


def test_bench_server_refuses_bad_client_counts() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "floorman", "bench", "server", "--clients", "20,x"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "--clients" in done.stderr


def times(*values: float) -> bytes:
    return array("d", values).tobytes()


def test_only_the_measured_window_counts() -> None:
    """Actions, frames and latencies before the window (warm-up) or after
    it are left out; an action counts once a frame has shown it."""
    report = {
        "action_times": times(9.0, 10.5, 11.0, 11.8, 12.5),  # 11.8: never shown
        "latency_sent": times(9.0, 10.5, 11.0),
        "latency_ms": times(500.0, 20.0, 40.0),
        "frame_times": times(9.1, 10.6, 11.1, 11.2, 13.0),
        "frame_bytes": times(100, 1000, 1000, 2000, 100),
        "error_times": times(10.7),
        "error_messages": {"message too long": 1},
        "lag_times": times(10.1, 11.9),
        "lag_ms": times(1.0, 3.0),
        "closes": [(11.5, "4429 too many")],
    }
    run = summarise(
        20,
        20,
        1,
        10.0,
        12.0,
        [report],
        server_cpu=50,
        server_wait=5,
        server_rss=100,
        client_cpu=10,
        client_rss=50,
        machine_cpu=80,
        notes=[],
        server_exit=None,
    )
    assert run.actions == 2 and run.actions_sent == 3
    assert run.actions_per_second == pytest.approx(1.0)
    assert run.latency_ms == {"p50": 20.0, "p95": 40.0, "p99": 40.0, "max": 40.0}
    assert run.frames == 3 and run.frames_per_second == pytest.approx(1.5)
    assert run.frame_mib_per_second == pytest.approx(4000 / 2 / 2**20)
    assert run.errors == 1 and run.closed_unexpectedly == 1
    assert run.close_codes == {"4429 too many": 1}
    assert run.client_loop_lag_p99_ms == 3.0


def test_percentiles_and_client_processes() -> None:
    ordered = [float(k) for k in range(1, 101)]
    assert percentile(ordered, 50) == 50 and percentile(ordered, 99) == 99
    assert percentile(ordered, 100) == 100 and percentile([], 99) == 0
    assert percentile([7.0], 50) == 7.0
    # 250 sockets a client process, at most 8, unless told
    assert process_count(Settings(clients=[20]), 20) == 1
    assert process_count(Settings(clients=[1000]), 1000) == 4
    assert process_count(Settings(clients=[10_000]), 10_000) == 8
    assert process_count(Settings(clients=[20], client_processes=3), 20) == 3
    assert process_count(Settings(clients=[2], client_processes=3), 2) == 2


def bench(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "floorman", "bench", "server", *args]
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=timeout)


def test_the_cluster_is_never_faked() -> None:
    """No PostgreSQL or Redis given: the bench says the cluster cannot be
    started and measures nothing (no single column alone either)."""
    env_free = {k: v for k, v in os.environ.items() if not k.startswith("FLOORMAN_BENCH_")}
    command = [sys.executable, "-m", "floorman", "bench", "server", "--clients", "20"]
    for extra in (
        ["--deployment", "single,cluster"],
        ["--deployment", "cluster", "--redis-url", "redis://127.0.0.1:1/0"],
    ):
        done = subprocess.run(
            command + extra, cwd=REPO, capture_output=True, text=True, timeout=60, env=env_free
        )
        assert done.returncode == 2, done.stdout + done.stderr
        assert "cannot be started" in done.stderr and "--postgres-url" in done.stderr
        assert "p99" not in done.stdout  # no table was printed
    done = bench("--clients", "20", "--deployment", "single,kubernetes")
    assert done.returncode == 2 and "--deployment" in done.stderr


def test_an_unreachable_postgres_stops_the_bench(tmp_path: Path) -> None:
    """A URL given but no server behind it: exit 2, the reason shown, no figures."""
    out = tmp_path / "bench.json"
    done = bench(
        "--clients",
        "20",
        "--deployment",
        "cluster",
        "--postgres-url",
        "postgresql://nobody:secret@127.0.0.1:1/postgres",
        "--redis-url",
        "redis://127.0.0.1:1/0",
        "--json",
        str(out),
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "cannot create a database" in done.stderr and "nothing was measured" in done.stderr
    assert "secret" not in done.stderr  # the password is not printed
    assert not out.exists()


def test_spectator_figures_are_cut_to_the_window() -> None:
    report = {
        "action_times": times(),
        "latency_sent": times(),
        "latency_ms": times(),
        "frame_times": times(),
        "frame_bytes": times(),
        "error_times": times(),
        "error_messages": {},
        "lag_times": times(),
        "lag_ms": times(),
        "closes": [],
        "spectator_frame_times": times(9.5, 10.0, 10.5, 11.0, 12.0),
        "spectator_frame_bytes": times(5000, 1000, 1000, 2000, 5000),
        "spectator_closes": [(11.2, "4429 too many")],
    }
    run = summarise(
        20,
        20,
        1,
        10.0,
        12.0,
        [report],
        server_cpu=1,
        server_wait=0,
        server_rss=1,
        client_cpu=1,
        client_rss=1,
        machine_cpu=1,
        notes=[],
        server_exit=None,
        spectators=3,
        spectators_connected=3,
        spectator_cpu=7.5,
    )
    assert run.spectator_frames_per_second == pytest.approx(1.5)
    assert run.spectator_mib_per_second == pytest.approx(4000 / 2 / 2**20)
    assert run.spectators_closed == 1 and run.spectator_client_cpu_percent == 7.5
    # the players' figures are not touched by the spectators'
    assert run.frames == 0 and run.closed_unexpectedly == 0
    assert spectator_process_count(0) == 0 and spectator_process_count(1000) == 2
    assert spectator_process_count(100_000) == 4


def test_the_spectator_cap_per_address_comes_from_the_environment() -> None:
    """OQ-41: the cap is 20 a client address unless the server is started
    with a higher one (the bench's 1,000 spectators share one address); a
    bad value stops the server rather than being ignored."""
    assert SocketLimits.from_environment({}).spectators_per_address == 20
    raised = SocketLimits.from_environment({SPECTATORS_PER_ADDRESS_ENV: "1020"})
    assert raised.spectators_per_address == 1020
    assert raised.spectators_total == SocketLimits().spectators_total
    for bad in ("0", "-5", "many", "1e3", str(SocketLimits().spectators_total + 1)):
        with pytest.raises(ValueError, match=SPECTATORS_PER_ADDRESS_ENV):
            SocketLimits.from_environment({SPECTATORS_PER_ADDRESS_ENV: bad})


def test_the_cluster_processes_are_named_by_their_role() -> None:
    assert role_of("/venv/bin/python -m floorman runner") == "runner"
    spawn = "python -c from multiprocessing.spawn import spawn_main; spawn_main(tracker_fd=5)"
    assert role_of(spawn + " --multiprocessing-fork") == "web"
    tracker = "python -c from multiprocessing.resource_tracker import main;main(4)"
    assert role_of(tracker) == "resource tracker"
    roles = ["runner 2", "web 10", "supervisor", "web 2", "resource tracker", "runner 1"]
    assert sorted(roles, key=role_order) == [
        "supervisor",
        "web 2",
        "web 10",
        "runner 1",
        "runner 2",
        "resource tracker",
    ]
    # a real tree: children started by the main thread and by another thread,
    # and a grandchild, are all found
    script = (
        "import subprocess, sys, threading\n"
        "s = [sys.executable, '-c', 'import time; time.sleep(30)']\n"
        "a = subprocess.Popen(s)\n"
        "t = threading.Thread(target=lambda: subprocess.Popen([sys.executable, '-c',"
        " 'import subprocess, sys, time; subprocess.Popen(sys.argv[1:]); time.sleep(30)',"
        " *s]))\n"
        "t.start(); t.join(); a.wait()\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        while len(descendants(parent.pid)) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(descendants(parent.pid)) == 3
        named = named_processes(parent.pid, single=False)
        assert named[parent.pid] == "supervisor" and len(named) == 4
        assert named_processes(parent.pid, single=True) == {parent.pid: "serve"}
    finally:
        os.killpg(parent.pid, 9)
        parent.wait(timeout=10)


@pytest.mark.slow
@pytest.mark.timeout(180)
@pytest.mark.skipif(
    not (POSTGRES and REDIS),
    reason="no PostgreSQL or Redis: 'make test' sets FLOORMAN_TEST_POSTGRES_URL and"
    " FLOORMAN_TEST_REDIS_URL (scripts/ensure-postgres, scripts/ensure-redis)",
)
def test_bench_server_single_and_cluster_side_by_side(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    done = bench(
        "--clients",
        "20",
        "--think-ms",
        "100",
        "--warmup",
        "2",
        "--seconds",
        "5",
        "--deployment",
        "single,cluster",
        "--postgres-url",
        POSTGRES,
        "--redis-url",
        REDIS,
        "--json",
        str(out),
        timeout=170,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "20 · single" in done.stdout and "20 · cluster" in done.stdout, done.stdout
    result = json.loads(out.read_text())
    single, cluster = result["runs"]
    assert (single["deployment"], cluster["deployment"]) == ("single", "cluster")
    assert "--workers 2 --runners 2" in result["deployments"]["cluster"]
    assert "floorman" in result["settings"]["cluster"]["postgres_url"]
    for run in (single, cluster):
        assert run["connected"] == 20 and run["actions"] > 10, run
        latency = run["latency_ms"]
        assert 0 < latency["p50"] <= latency["p95"] <= latency["p99"] <= latency["max"] < 5000
        assert run["frames"] >= 10 * run["actions"], run
        assert run["errors"] == 0 and run["closed_unexpectedly"] == 0, run
        assert run["server_exit"] is None
        total = sum(p["cpu_percent"] for p in run["processes"])
        assert run["server_cpu_percent"] == pytest.approx(total)
        assert run["server_peak_rss_mib"] == pytest.approx(
            sum(p["peak_rss_mib"] for p in run["processes"])
        )
    assert [p["role"] for p in single["processes"]] == ["serve"]
    assert single["services"] == []
    roles = [p["role"] for p in cluster["processes"]]
    assert roles[:5] == ["supervisor", "web 1", "web 2", "runner 1", "runner 2"], roles
    assert len({p["pid"] for p in cluster["processes"]}) == len(roles)
    busy = {p["role"]: p["cpu_percent"] for p in cluster["processes"]}
    # the players' frames go out through the web processes, the play is a runner's
    assert busy["web 1"] + busy["web 2"] > 1 and max(busy["runner 1"], busy["runner 2"]) > 1
    assert all(p["peak_rss_mib"] > 5 for p in cluster["processes"])
    # the run's own database backends were found and measured (PostgreSQL is local)
    assert {s["service"] for s in cluster["services"]} >= {"postgres"}
