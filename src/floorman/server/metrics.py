"""What an operator watches (issue 28): Prometheus metrics, readiness checks.

Each app, and each runner of the cluster, has its own :class:`Metrics`
with its own registry, never prometheus_client's global one: a test run
holds several apps in one process, and in the cluster every process
serves what it itself did (``/metrics`` on a web process, the runner's
own port).  What is counted:

- every command carried out, by kind and outcome (``ok``; ``refused``,
  a 4xx such as a move the rules forbid now; ``failed``, a 5xx), and its
  latency from the edge to the answer;
- every frame sent to a socket, its bytes, and the sockets open;
- the tournaments live here and, on a runner, the leases it holds;
- how far behind the runners' changes a web process reads them;
- the background writer's transactions, the event loop's lag and the
  garbage collector's pauses.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST as CONTENT_TYPE
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, Metric
from prometheus_client.registry import Collector

from floorman.services.commands import Command
from floorman.services.handler import Answer, Execute
from floorman.services.view import FloorView

__all__ = ["CONTENT_TYPE", "Metrics", "Readiness", "observed"]

#: the command log: one record a command, fields in ``extra`` (see server/logs.py)
command_log = logging.getLogger("floorman.commands")

SECONDS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: how often the event loop's lag is measured
LOOP_PROBE_SECONDS = 0.25


def outcome(status: int) -> str:
    """A command's outcome by its answer's status.

    >>> [outcome(s) for s in (200, 409, 503)]
    ['ok', 'refused', 'failed']
    """
    if status == 200:
        return "ok"
    return "refused" if status < 500 else "failed"


class SentFrames(Collector):
    """Frames and their bytes, counted as plain integers by the event loop
    (the only writer) and read when scraped: a socket's frame is the most
    frequent thing a server does, and a Counter takes a lock every time."""

    def __init__(self) -> None:
        self.frames = 0
        self.bytes = 0

    def collect(self) -> Iterator[Metric]:
        yield CounterMetricFamily(
            "floorman_frames_sent", "Frames sent to sockets.", value=self.frames
        )
        yield CounterMetricFamily(
            "floorman_frame_bytes_sent", "Bytes of the frames sent to sockets.", value=self.bytes
        )


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.commands = Counter(
            "floorman_commands",
            "Commands carried out, by kind and outcome (ok, refused, failed).",
            ["kind", "outcome"],
            registry=r,
        )
        self.command_seconds = Histogram(
            "floorman_command_seconds",
            "From a command's arrival to its answer (stored), by kind.",
            ["kind"],
            buckets=SECONDS,
            registry=r,
        )
        self.sent = SentFrames()
        r.register(self.sent)
        self.sockets = Gauge("floorman_sockets_open", "Websockets open now.", registry=r)
        self.tournaments = Gauge(
            "floorman_tournaments_live",
            "Tournaments registering or running that this process plays or follows.",
            registry=r,
        )
        self.leases = Gauge(
            "floorman_runner_leases", "Tournament leases this runner holds.", registry=r
        )
        self.stream_lag = Histogram(
            "floorman_stream_lag_seconds",
            "From a runner publishing a change to this web process reading it.",
            buckets=SECONDS,
            registry=r,
        )
        self.write_seconds = Histogram(
            "floorman_write_batch_seconds",
            "One transaction of the background writer (group commit).",
            buckets=SECONDS,
            registry=r,
        )
        self.loop_lag = Gauge(
            "floorman_event_loop_lag_seconds",
            "How late the event loop last ran a timer (measured every "
            f"{LOOP_PROBE_SECONDS} s): what every socket waits on top of the work.",
            registry=r,
        )
        self.loop_lag_probes = Histogram(
            "floorman_event_loop_lag_probes_seconds",
            "The event loop's lag, every probe.",
            buckets=SECONDS,
            registry=r,
        )
        self.gc_pauses = Histogram(
            "floorman_gc_pause_seconds",
            "Garbage collections, by generation: the whole process stops meanwhile.",
            ["generation"],
            buckets=SECONDS,
            registry=r,
        )
        self.gc_started = 0.0
        self.probe: asyncio.Task[None] | None = None

    # ------------------------------------------------------------ counting

    def command_done(self, command: Command, answer: Answer | None, seconds: float) -> None:
        """Count a command and log it: tournament, kind, key, status,
        latency, never its content (a token's hash, an amount, a chat line)."""
        status = answer.status if answer is not None else 500
        self.commands.labels(command.kind, outcome(status)).inc()
        self.command_seconds.labels(command.kind).observe(seconds)
        fields: dict[str, str | int | float] = dict(command.log_fields())
        if not fields["tournament"] and answer is not None:  # a new one: its id is the answer
            fields["tournament"] = str(answer.body.get("id", ""))
        fields["status"] = status
        fields["latency_ms"] = round(seconds * 1000, 2)
        command_log.info(
            "%s %s: %s in %.1f ms",
            command.kind,
            fields["tournament"] or "-",
            status,
            fields["latency_ms"],
            extra=fields,
        )

    def frame_sent(self, size: int) -> None:
        self.sent.frames += 1
        self.sent.bytes += size

    def stream_read(self, published_ms: int) -> None:
        self.stream_lag.observe(max(0.0, time.time() - published_ms / 1000))

    def watch_floor(self, floor: FloorView) -> None:
        """``floorman_tournaments_live`` counts ``floor``'s live tournaments
        whenever it is scraped."""
        self.tournaments.set_function(lambda: sum(s.live for s in floor.tournaments.values()))

    # ------------------------------------------------------------ watching

    def start(self) -> None:
        """Measure the running loop's lag and the collector's pauses until
        :meth:`stop`."""
        self.probe = asyncio.get_running_loop().create_task(self.probe_loop())
        gc.callbacks.append(self.gc_phase)

    def stop(self) -> None:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self.gc_phase)
        if self.probe is not None:
            self.probe.cancel()
            self.probe = None

    async def probe_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time()
            await asyncio.sleep(LOOP_PROBE_SECONDS)
            lag = max(0.0, loop.time() - asked - LOOP_PROBE_SECONDS)
            self.loop_lag.set(lag)
            self.loop_lag_probes.observe(lag)

    def gc_phase(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.gc_started = time.perf_counter()
        else:
            pause = time.perf_counter() - self.gc_started
            self.gc_pauses.labels(str(info.get("generation", "?"))).observe(pause)

    def render(self) -> bytes:
        return generate_latest(self.registry)


def observed(execute: Execute, metrics: Metrics) -> Execute:
    """``execute``, each command counted, timed and logged; the wrapper
    names what it wraps (``__wrapped__``, :func:`inspect.unwrap`)."""

    @functools.wraps(execute)
    async def run(command: Command) -> Answer:
        started = time.perf_counter()
        answer: Answer | None = None
        try:
            answer = await execute(command)
            return answer
        finally:
            metrics.command_done(command, answer, time.perf_counter() - started)

    return run


Check = Callable[[], Awaitable[object]]


class Readiness:
    """``/ready``: named checks, each raising when what it checks cannot
    serve (the database, Redis); none registered yet: still starting."""

    TIMEOUT_SECONDS = 3.0

    def __init__(self) -> None:
        self.checks: dict[str, Check] = {}

    def add(self, name: str, check: Check) -> None:
        self.checks[name] = check

    async def report(self) -> tuple[bool, dict[str, str]]:
        if not self.checks:
            return False, {"server": "starting"}
        results: dict[str, str] = {}
        for name, check in self.checks.items():
            try:
                await asyncio.wait_for(check(), self.TIMEOUT_SECONDS)
            except Exception as error:  # what is not ready, said in the answer
                first_line = str(error).strip().partition("\n")[0]
                results[name] = f"{type(error).__name__}: {first_line}"[:200]
            else:
                results[name] = "ok"
        return all(value == "ok" for value in results.values()), results
