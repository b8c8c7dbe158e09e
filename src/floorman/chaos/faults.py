"""The processes of a fault run and the faults done to them.

:class:`OwnRedis` is a Redis of the run's own (no snapshot, no append-only
file), so restarting it leaves it empty, as a crashed Redis would come
back.  :class:`ServedCluster` is ``floorman serve --workers 2 --runners 1``
in a child process (its runner restarted by its supervisor, its web
processes by uvicorn's) and a second runner the run starts itself behind
relays that can cut it off (:mod:`floorman.chaos.cutoff`).  :class:`Faults`
picks the faults from a seed: ``kill -9`` of a runner or of a web process,
Redis restarted empty, PostgreSQL paused (SIGSTOP, then SIGCONT, on the
backends serving the run's database), that runner cut off from PostgreSQL
and Redis for a few seconds; it says plainly which it cannot do here.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import redis
import sqlalchemy

from floorman.chaos.cutoff import STOP_SECONDS, CutOffRunner, end_process, free_port

#: the kinds of fault, in the order the counts are printed
KILL_RUNNER = "kill -9 runner"
KILL_WEB = "kill -9 web process"
REDIS_EMPTY = "Redis restarted empty"
POSTGRES_PAUSE = "PostgreSQL paused"
NETWORK_CUT = "runner cut off from PostgreSQL and Redis"
KINDS = (KILL_RUNNER, KILL_WEB, REDIS_EMPTY, POSTGRES_PAUSE, NETWORK_CUT)
#: a runner or web process killed is back within this (the supervisors
#: restart them within a second or two)
RECOVERY_SECONDS = 60.0
#: the lines of a process's log a failure quotes
LOG_LINES = 12


class ProcessEnded(RuntimeError):
    """A process the run depends on is gone for good: waiting on is useless."""


def wait_for(
    predicate: Callable[[], bool],
    seconds: float,
    what: str,
    ended: Callable[[], str | None] = lambda: None,
) -> None:
    """Until ``predicate`` holds; TimeoutError after ``seconds``, and
    :class:`ProcessEnded` at once when ``ended`` says why it never will."""
    deadline = time.monotonic() + seconds
    while not predicate():
        if (why := ended()) is not None:
            raise ProcessEnded(f"{what}: {why}")
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not within {seconds:.0f} s")
        time.sleep(0.1)


def log_tail(path: Path, lines: int = LOG_LINES) -> str:
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return ""
    return "\n".join(text.splitlines()[-lines:])


class OwnRedis:
    """``redis-server --port N --save '' --appendonly no`` on a free port."""

    def __init__(self, directory: Path, port: int | None = None) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed (scripts/ensure-redis installs it)")
        self.binary, self.directory = binary, directory
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                *(self.binary, "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--dir", str(self.directory)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis.from_url(self.url, socket_timeout=2, socket_connect_timeout=2)
        try:
            wait_for(lambda: _pings(client), 15, "redis-server to start", self.ended)
        finally:
            client.close()

    def ended(self) -> str | None:
        """Why redis-server is gone (None: it runs)."""
        if self.process is None or (code := self.process.poll()) is None:
            return None
        return f"redis-server on port {self.port} exited with code {code} (the port taken?)"

    def kill(self) -> None:
        """SIGKILL: every stream, consumer group and pending command is gone."""
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
        if self.process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(STOP_SECONDS)

    def restart_empty(self, down_seconds: float) -> None:
        self.kill()
        time.sleep(down_seconds)
        self.start()


def _pings(client: redis.Redis) -> bool:
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False


def _parent_of(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[1])


def _command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def descendants(root: int) -> list[int]:
    """Every living process below ``root`` (read from /proc)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            parent = _parent_of(int(entry.name))
            if parent is not None:
                parents[int(entry.name)] = parent
    found, frontier = [], [root]
    while frontier:
        below = [pid for pid, parent in parents.items() if parent in frontier]
        found += below
        frontier = below
    return found


@dataclass
class ServedCluster:
    """``floorman serve --workers N --runners M`` on the run's database and Redis."""

    database_url: str
    redis_url: str
    director_token: str
    secret_key: str
    directory: Path
    workers: int = 2
    #: the runners in all: serve's, and the one behind relays when cutting is on
    runners: int = 2
    cut_runner: bool = True
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    own_runner: CutOffRunner | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.directory / "cluster.log"

    def start(self) -> None:
        env = {
            **os.environ,
            "FLOORMAN_DIRECTOR_TOKEN": self.director_token,
            "FLOORMAN_SECRET_KEY": self.secret_key,
            "FLOORMAN_DATA_DIR": str(self.directory / "var"),
        }
        served = self.runners - 1 if self.cut_runner else self.runners
        command = [
            *(sys.executable, "-m", "floorman", "serve", "--port", str(self.port)),
            *("--workers", str(self.workers), "--runners", str(served)),
            *("--database-url", self.database_url, "--redis-url", self.redis_url),
            *("--log-level", "warning"),
        ]
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        # the schema is made by serve before its children start: then this one
        wait_for(lambda: bool(self.web_pids()), 120, "the web processes to start", self.ended)
        if self.cut_runner:
            self.own_runner = CutOffRunner(
                self.database_url,
                self.redis_url,
                self.director_token,
                self.secret_key,
                self.directory / "cut-off-runner.log",
            )
            self.own_runner.start()
        wait_for(self.whole, 120, "the cluster to serve with every process", self.ended)

    def ended(self) -> str | None:
        """Why ``floorman serve`` is gone, with the end of its log (None: it
        runs).  Its supervisors restart a runner or a web process killed;
        serve itself gone, nothing comes back, and the run waits no more."""
        if self.process is None or (code := self.process.poll()) is None:
            return None
        return f"floorman serve exited with code {code}; {self.log_path}:\n" + log_tail(
            self.log_path
        )

    def runner_pids(self) -> list[int]:
        served = [pid for pid in self._children() if " floorman runner" in _command_line(pid)]
        own = self.own_runner.pid if self.own_runner is not None else None
        return served + ([own] if own is not None else [])

    def web_pids(self) -> list[int]:
        """uvicorn's workers: its spawned children that are no runner."""
        return [
            pid
            for pid in self._children()
            if "spawn_main" in _command_line(pid) and "resource_tracker" not in _command_line(pid)
        ]

    def _children(self) -> list[int]:
        if self.process is None or self.process.poll() is not None:
            return []
        return descendants(self.process.pid)

    def whole(self) -> bool:
        """Every process running and the web side answering."""
        if len(self.runner_pids()) < self.runners or len(self.web_pids()) < self.workers:
            return False
        try:
            return httpx.get(f"{self.url}/ready", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def kill_one(self, pids: list[int], rng: random.Random) -> int | None:
        if not pids:
            return None
        victim = rng.choice(sorted(pids))
        with contextlib.suppress(ProcessLookupError):
            os.kill(victim, signal.SIGKILL)
        return victim

    def stop(self) -> None:
        """Every process of the deployment ended and reaped, within bounds."""
        try:
            if self.own_runner is not None:
                self.own_runner.stop()
        finally:
            if self.process is not None:
                end_process(self.process, 40)  # SIGTERM: the supervisor drains its children
                # its session: a child its supervisor left behind goes too
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(self.process.pid, signal.SIGKILL)


class PostgresPause:
    """SIGSTOP, then SIGCONT, on the PostgreSQL backends serving one
    database: the run's processes find the database frozen (a failing
    disk, a stalled host) while the server's other databases, and its
    postmaster, go on for whoever else uses it.  ``whole_server``: the
    postmaster and every process below it too (a server of the run's own:
    nobody else may connect meanwhile)."""

    def __init__(self, admin_url: str, database: str, *, whole_server: bool = False) -> None:
        self.admin_url, self.database = admin_url, database
        self.whole_server = whole_server
        self.stopped: set[int] = set()

    def targets(self) -> list[int]:
        """The processes a pause stops: the database's backends, or the whole server."""
        backends = self.backends()
        if not self.whole_server or not backends:
            return backends
        postmaster = _parent_of(backends[0])
        if postmaster is None:
            return backends
        return [postmaster, *descendants(postmaster)]

    def backends(self) -> list[int]:
        # bounded: a server paused whole (or gone) must not hold the run
        engine = sqlalchemy.create_engine(self.admin_url, connect_args={"connect_timeout": 10})
        try:
            with engine.connect() as connection:
                rows = connection.execute(
                    sqlalchemy.text(
                        "SELECT pid FROM pg_stat_activity"
                        " WHERE datname = :name AND pid <> pg_backend_pid()"
                    ),
                    {"name": self.database},
                )
                return [int(pid) for (pid,) in rows]
        finally:
            engine.dispose()

    def unavailable(self) -> str | None:
        """Why backends cannot be paused here (None: they can)."""
        try:
            pids = self.backends()
        except sqlalchemy.exc.SQLAlchemyError as error:
            return f"pg_stat_activity could not be read ({error.__class__.__name__})"
        if not pids:
            return "no backend serves the run's database"
        try:
            os.kill(pids[0], 0)
        except PermissionError:
            return "not permitted to signal PostgreSQL's backends (run as root or as postgres)"
        except ProcessLookupError:
            return "PostgreSQL runs on another host (its backends are not here to signal)"
        return None

    def pause(self, seconds: float) -> int:
        """Freeze every backend of the database (or the whole server) for
        ``seconds``; returns how many processes were stopped."""
        pids = self.targets()
        try:
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGSTOP)
                    self.stopped.add(pid)
            time.sleep(seconds)
        finally:
            self.resume_all()
        return len(pids)

    def resume_all(self) -> None:
        """SIGCONT to every backend this paused (also when the run is interrupted)."""
        for pid in list(self.stopped):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)
            self.stopped.discard(pid)


@dataclass
class FaultLog:
    """What was injected, by kind, and what could not be."""

    injected: Counter[str] = field(default_factory=Counter)
    skipped: dict[str, str] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    recovery_seconds: list[float] = field(default_factory=list)

    def note(self, elapsed: float, text: str) -> None:
        self.lines.append(f"{elapsed:7.1f} s  {text}")


class Faults:
    """Faults at random from ``seed``, one every ``every`` seconds on
    average (at least 5): in the first round every kind once, in a seeded
    order, so a short run still sees each; then any kind."""

    def __init__(
        self,
        deployment: ServedCluster,
        own_redis: OwnRedis,
        postgres: PostgresPause,
        *,
        seed: int,
        every: float,
    ) -> None:
        self.deployment, self.own_redis, self.postgres = deployment, own_redis, postgres
        self.rng = random.Random(seed)
        self.every = max(5.0, every)
        self.log = FaultLog()
        self.started = time.monotonic()
        #: set when the run ends early: no recovery is waited for any more
        self.halted = threading.Event()

    def ended(self) -> str | None:
        if self.halted.is_set():
            return "the run is ending"
        return self.deployment.ended()

    def available_kinds(self) -> list[str]:
        kinds = [KILL_RUNNER, KILL_WEB, REDIS_EMPTY]
        reason = self.postgres.unavailable()
        if reason is None:
            kinds.append(POSTGRES_PAUSE)
        else:
            self.log.skipped[POSTGRES_PAUSE] = reason
        if self.deployment.own_runner is not None:
            kinds.append(NETWORK_CUT)
        else:
            self.log.skipped[NETWORK_CUT] = "not asked for (--no-cut-runner)"
        return kinds

    async def run(self, until: float) -> None:
        """Inject faults until ``until`` (monotonic), each after the
        deployment is whole again from the last."""
        kinds = self.available_kinds()
        first_round = list(kinds)
        self.rng.shuffle(first_round)
        while True:
            # the first round sooner: a short run still sees every kind
            wait = self.every * self.rng.uniform(0.5, 1.0 if first_round else 1.5)
            if time.monotonic() + wait >= until:
                return
            await asyncio.sleep(wait)
            if (why := self.ended()) is not None:
                raise ProcessEnded(f"no more faults: {why}")
            kind = first_round.pop(0) if first_round else self.rng.choice(kinds)
            await asyncio.to_thread(self.inject, kind)

    def inject(self, kind: str) -> None:
        elapsed = time.monotonic() - self.started
        if kind == KILL_RUNNER:
            victim = self.deployment.kill_one(self.deployment.runner_pids(), self.rng)
            self.log.note(elapsed, f"{kind}: pid {victim}")
        elif kind == KILL_WEB:
            victim = self.deployment.kill_one(self.deployment.web_pids(), self.rng)
            self.log.note(elapsed, f"{kind}: pid {victim}")
        elif kind == REDIS_EMPTY:
            self.own_redis.restart_empty(self.rng.uniform(0.5, 2.0))
            self.log.note(elapsed, kind)
        elif kind == POSTGRES_PAUSE:
            seconds = self.rng.uniform(2.0, 5.0)
            count = self.postgres.pause(seconds)
            self.log.note(elapsed, f"{kind}: {count} processes for {seconds:.1f} s")
        elif kind == NETWORK_CUT and self.deployment.own_runner is not None:
            seconds = self.rng.uniform(3.0, 8.0)
            runner = self.deployment.own_runner
            victim, held = runner.pid, runner.leases()
            runner.cut_off(seconds)
            self.log.note(
                elapsed, f"{kind}: pid {victim} for {seconds:.1f} s, holding {held} leases"
            )
        self.log.injected[kind] += 1
        began = time.monotonic()
        try:
            wait_for(self.deployment.whole, RECOVERY_SECONDS, f"recovery after {kind}", self.ended)
        except TimeoutError as error:
            self.log.note(time.monotonic() - self.started, str(error))
        self.log.recovery_seconds.append(time.monotonic() - began)
        if kind == NETWORK_CUT and self.deployment.own_runner is not None:
            time.sleep(2.0)  # its next look at its leases finds them gone
            after = self.deployment.own_runner.leases()
            self.log.note(time.monotonic() - self.started, f"  healed: it holds {after} leases")


__all__ = [
    "KINDS",
    "FaultLog",
    "Faults",
    "OwnRedis",
    "PostgresPause",
    "ProcessEnded",
    "ServedCluster",
    "descendants",
    "free_port",
]
