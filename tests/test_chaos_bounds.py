"""``floorman chaos`` ends within bounds whatever happens to what it
started: a process gone for good ends a wait at once, with why; a port
taken ends a start with an error instead of a run on nothing; its ports
are never from the kernel's ephemeral range (an outgoing connection of
the run, or of a test on the other worker, could take one meanwhile).

A run on two pytest-xdist workers hung: ``floorman serve`` had quit (its
web process, restarted while Redis restarted, failed its start, and
uvicorn then stops every process), and the run waited on for a cluster
that could not come back."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from floorman.chaos.cutoff import PartitionRelay
from floorman.chaos.faults import OwnRedis, ProcessEnded, ServedCluster, wait_for
from floorman.chaos.run import _watch
from floorman.ports import ephemeral_low, free_port

pytestmark = [pytest.mark.timeout(60)]


def ended_deployment(directory: Path) -> ServedCluster:
    """A deployment whose ``floorman serve`` has exited (code 3), its log written."""
    deployment = ServedCluster("postgresql://unused", "redis://unused", "token", "key", directory)
    deployment.log_path.write_text("starting\nERROR:    Child process [6209] failed to start\n")
    deployment.process = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
    deployment.process.wait(30)
    return deployment


def test_a_wait_ends_at_once_with_why_when_what_it_waits_on_is_gone(tmp_path: Path) -> None:
    deployment = ended_deployment(tmp_path)
    began = time.monotonic()
    with pytest.raises(ProcessEnded) as ended:
        wait_for(lambda: False, 60, "recovery after kill -9 web process", deployment.ended)
    assert time.monotonic() - began < 10  # not the 60 s it would wait
    text = str(ended.value)
    assert "recovery after kill -9 web process: floorman serve exited with code 3" in text
    assert "Child process [6209] failed to start" in text  # the log's end, to look into


def test_the_runs_watch_raises_once_serve_is_gone(tmp_path: Path) -> None:
    deployment = ended_deployment(tmp_path)

    class Watched:
        pass

    faults = Watched()
    faults.deployment = deployment  # type: ignore[attr-defined]
    with pytest.raises(ProcessEnded, match="floorman serve exited with code 3"):
        asyncio.run(asyncio.wait_for(_watch(faults), 10))  # type: ignore[arg-type]


def test_a_redis_whose_port_is_taken_is_an_error_at_once_not_a_run_on_nothing(
    tmp_path: Path,
) -> None:
    with socket.create_server(("127.0.0.1", free_port())) as taken:
        redis = OwnRedis(tmp_path, int(taken.getsockname()[1]))
        began = time.monotonic()
        try:
            with pytest.raises(ProcessEnded, match="exited with code"):
                redis.start()
        finally:
            redis.kill()
        assert time.monotonic() - began < 14  # before the 15 s its start waits
    assert redis.process is not None and redis.process.poll() is not None  # reaped


def test_a_relay_whose_port_is_taken_says_so() -> None:
    relay = PartitionRelay("127.0.0.1", 9)
    with (
        socket.create_server(("127.0.0.1", relay.port)),
        pytest.raises(RuntimeError, match="could not listen"),
    ):
        relay.start()
    relay.stop()


def test_the_runs_ports_are_below_the_kernels_ephemeral_range(tmp_path: Path) -> None:
    low = ephemeral_low()
    deployment = ServedCluster("postgresql://unused", "redis://unused", "token", "key", tmp_path)
    relay = PartitionRelay("127.0.0.1", 9)
    ports = [deployment.port, OwnRedis(tmp_path).port, relay.port]
    assert all(port < low for port in ports), (ports, low)
