"""The servers ``floorman bench server`` measures, and how it reads their
processes' CPU and memory from /proc.

``single``: one ``floorman serve`` on a throwaway SQLite file.  ``cluster``:
``floorman serve --workers N --runners M`` on a PostgreSQL database the
bench creates for the run (and drops after it) and a Redis.  Either way the
server is started as a user starts it, in its own session, configured
through its environment (``ps`` shows command lines: no token there).

In the cluster the work is spread over processes: the supervisor (the
``floorman serve`` process, which also runs uvicorn's worker manager), the
web processes (uvicorn's spawned workers) and the runners (``python -m
floorman runner``).  They are found as the children of the supervisor, each
named by its role, and measured one by one.  PostgreSQL and Redis do work
for the cluster too; their processes are measured beside it when they run
on this machine (the PostgreSQL backends connected to the run's database,
the redis-server listening on the run's port).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from floorman.ports import free_port

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
DEPLOYMENTS = ("single", "cluster")
#: the variable the server reads for its per-address spectator cap (server/ws.py)
SPECTATORS_ENV = "FLOORMAN_SPECTATORS_PER_ADDRESS"
NUMBERED = ("web", "runner")
ROLE_ORDER = ("serve", "supervisor", "web", "runner")


class DeploymentUnavailable(RuntimeError):
    """A deployment asked for cannot be started: the bench stops rather
    than show a column it did not measure."""


@dataclass(frozen=True)
class ClusterSettings:
    postgres_url: str  # a server URL: the bench makes its own database in it
    redis_url: str
    workers: int = 2
    runners: int = 2


# ---------------------------------------------------------------- /proc


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (0 once it is gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    # the command name may hold spaces: the fields start after its ')'
    fields = text[text.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def run_queue_wait(pid: int) -> float:
    """Seconds the process's main thread (its event loop) has been ready to
    run but waiting for a core (/proc/<pid>/schedstat): time lost to the
    other processes on the machine, not to its own work."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def peak_rss_mib(pid: int) -> float:
    """The process's high-water resident set (VmHWM), in MiB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def machine_busy() -> tuple[float, float]:
    """(busy, total) jiffies of every core so far (/proc/stat)."""
    try:
        first = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    except OSError:
        return 0.0, 0.0
    values = [float(v) for v in first]
    idle = values[3] + (values[4] if len(values) > 4 else 0.0)
    return sum(values) - idle, sum(values)


def command_line(pid: int) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return ""
    return raw.replace(b"\0", b" ").decode(errors="replace").strip()


def children(pid: int) -> list[int]:
    """The children of every thread of a process (a runner restarted by the
    supervisor's watch thread is that thread's child, not the main one's)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError, ValueError):
            found.extend(int(p) for p in task.read_text().split())
    return sorted(set(found))


def descendants(pid: int) -> list[int]:
    out: list[int] = []
    todo = children(pid)
    while todo:
        child = todo.pop(0)
        out.append(child)
        todo.extend(children(child))
    return out


def role_of(cmdline: str) -> str:
    words = cmdline.split()
    if "floorman" in words and "runner" in words:
        return "runner"
    if "resource_tracker" in cmdline:
        return "resource tracker"
    if "spawn_main" in cmdline:  # uvicorn's workers are multiprocessing spawns
        return "web"
    return "other"


def named_processes(root: int, single: bool) -> dict[int, str]:
    """pid -> role, numbered by pid within a role: "web 1", "runner 2"."""
    if single:
        return {root: "serve"}
    named = {root: "supervisor"}
    counts: dict[str, int] = {}
    for pid in descendants(root):
        role = role_of(command_line(pid))
        counts[role] = counts.get(role, 0) + 1
        named[pid] = f"{role} {counts[role]}" if role in NUMBERED else role
    return named


def role_order(role: str) -> tuple[int, int, str]:
    """supervisor, web 1, web 2 … web 10, runner 1 …, then the rest."""
    kind, _, number = role.partition(" ")
    rank = ROLE_ORDER.index(kind) if kind in ROLE_ORDER else len(ROLE_ORDER)
    return rank, int(number) if number.isdigit() else 0, role


def service_processes(database: str | None, redis_port: int | None) -> dict[int, str]:
    """The PostgreSQL backends of the run's database and the redis-server
    on the run's port, where they run on this machine (pid -> service)."""
    found: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        line = command_line(int(entry.name))
        # a backend's title: "postgres: 15/main: user database host(port) state"
        if database and line.startswith("postgres:") and f" {database} " in f"{line} ":
            found[int(entry.name)] = "postgres"
        elif redis_port and line.startswith("redis-server") and f":{redis_port}" in line:
            found[int(entry.name)] = "redis"
    return found


class Sampler:
    """CPU, core waits and peak RSS of a changing set of processes over the
    measured window: read at its start and at its end."""

    def __init__(self, processes: dict[int, str]) -> None:
        self.roles = dict(processes)
        self.cpu = {pid: cpu_seconds(pid) for pid in processes}
        self.wait = {pid: run_queue_wait(pid) for pid in processes}

    def finish(self, window: float, now: dict[int, str]) -> tuple[list[dict[str, Any]], list[str]]:
        figures: list[dict[str, Any]] = []
        notes: list[str] = []
        for pid, role in {**self.roles, **now}.items():
            if pid not in now:
                notes.append(f"{role} (pid {pid}) exited during the window")
                continue
            if pid not in self.roles:
                notes.append(f"{role} (pid {pid}) started during the window")
            cpu = cpu_seconds(pid) - self.cpu.get(pid, 0.0)
            waited = run_queue_wait(pid) - self.wait.get(pid, 0.0)
            figures.append(
                {
                    "role": role,
                    "pid": pid,
                    "cpu_percent": cpu / window * 100,
                    "wait_percent": waited / window * 100,
                    "peak_rss_mib": peak_rss_mib(pid),
                }
            )
        figures.sort(key=lambda f: role_order(f["role"]))
        return figures, notes


# ---------------------------------------------------------------- the server


def create_database(server_url: str) -> tuple[str, str]:
    """A fresh database in the PostgreSQL server: (its URL, its name)."""
    from sqlalchemy.engine import make_url

    from floorman.storage.scratch import create_database as create

    try:
        return create(server_url, "floorman_bench")
    except Exception as error:  # a wrong URL, no server, no right to create
        raise DeploymentUnavailable(
            f"cannot create a database in {make_url(server_url).render_as_string()}: {error}"
        ) from None


class ServerProcess:
    """``floorman serve`` as a user starts it, on a throwaway database."""

    def __init__(
        self,
        profile: str | None = None,
        cluster: ClusterSettings | None = None,
        spectators_per_address: int | None = None,
        compression: bool = False,
    ) -> None:
        from floorman.storage.crypto import ENV_KEY, new_key

        self.cluster = cluster
        self.port = free_port()
        self.token = secrets.token_urlsafe(24)
        self.dir = Path(tempfile.mkdtemp(prefix="floorman-bench-"))
        self.log_path = self.dir / "server.log"
        self.database: str | None = None
        env = {
            **os.environ,
            "NO_COLOR": "1",
            "PYTHONUNBUFFERED": "1",
            # in the environment, not the command line: ps shows arguments
            "FLOORMAN_DIRECTOR_TOKEN": self.token,
            "FLOORMAN_DATA_DIR": str(self.dir / "var"),
        }
        if spectators_per_address is not None:
            env[SPECTATORS_ENV] = str(spectators_per_address)
        # the server compresses frames only when asked (serve --ws-compression)
        env["FLOORMAN_WS_COMPRESSION"] = "1" if compression else "0"
        if cluster is None:
            database_url = f"sqlite:///{self.dir / 'bench.sqlite3'}"
            extra: list[str] = []
        else:
            database_url, self.database = create_database(cluster.postgres_url)
            env[ENV_KEY] = new_key()  # the stored hands' key, shared by every process
            extra = ["--workers", str(cluster.workers), "--runners", str(cluster.runners)]
            extra += ["--redis-url", cluster.redis_url]
        env["FLOORMAN_DATABASE_URL"] = database_url  # a password stays off the command line
        command = [
            sys.executable,
            *(["-m", "cProfile", "-o", profile] if profile else []),
            "-m",
            "floorman",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            *extra,
        ]
        self.log = self.log_path.open("wb")
        self.proc = subprocess.Popen(
            command, env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True
        )
        self.http = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)

    @property
    def pid(self) -> int:
        return self.proc.pid

    @property
    def name(self) -> str:
        return "single" if self.cluster is None else "cluster"

    def processes(self) -> dict[int, str]:
        return named_processes(self.pid, self.cluster is None)

    def services(self) -> dict[int, str]:
        if self.cluster is None:
            return {}
        from urllib.parse import urlsplit

        port = urlsplit(self.cluster.redis_url).port or 6379
        return service_processes(self.database, port)

    def output(self) -> str:
        self.log.flush()
        return self.log_path.read_text(errors="replace")

    def fail(self, text: str) -> Exception:
        message = f"{text}\n{self.output()[-3000:]}"
        if self.cluster is not None:
            return DeploymentUnavailable(f"the cluster could not be started: {message}")
        return RuntimeError(message)

    def wait_healthy(self, timeout: float = 90) -> None:
        """Until /health answers and, in the cluster, every web process and
        runner is up (a tournament needs a runner to be created)."""
        deadline = time.monotonic() + timeout
        wanted = 1 if self.cluster is None else 1 + self.cluster.workers + self.cluster.runners
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise self.fail(f"the server exited early ({self.proc.returncode}):")
            try:
                status, _ = self.request("GET", "/health")
            except OSError:
                status = 0
            roles = self.processes().values()
            if status == 200 and sum(not r.startswith("resource") for r in roles) >= wanted:
                return
            time.sleep(0.2)
        raise self.fail(f"the server did not answer /health within {timeout:g} s:")

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """One HTTP call on a kept-alive connection, as the director."""
        headers = {"Authorization": f"Bearer {self.token}"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        for attempt in (1, 2):
            try:
                self.http.request(method, path, body=data, headers=headers)
                response = self.http.getresponse()
                raw = response.read()
                break
            except (http.client.HTTPException, OSError):
                self.http.close()  # a dropped keep-alive: one fresh try
                if attempt == 2:
                    raise
        try:
            return response.status, json.loads(raw) if raw else None
        except ValueError:
            return response.status, raw.decode(errors="replace")

    def call(self, method: str, path: str, body: Any = None, retry_s: float = 0.0) -> Any:
        """``retry_s``: keep trying a 503 that long (a cluster whose runners
        have not taken their first lease yet)."""
        deadline = time.monotonic() + retry_s
        while True:
            status, answer = self.request(method, path, body)
            if status == 503 and time.monotonic() < deadline:
                time.sleep(0.25)
                continue
            if status != 200:
                raise RuntimeError(f"{method} {path} answered {status}: {str(answer)[:500]}")
            return answer

    def stop(self) -> int | None:
        self.http.close()
        code = self.proc.poll()
        if code is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGINT)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        # a runner or web process left behind by a supervisor that died first
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.log.close()
        if self.cluster is not None and self.database is not None:
            from floorman.storage.scratch import drop_database

            with contextlib.suppress(Exception):
                drop_database(self.cluster.postgres_url, self.database)
        shutil.rmtree(self.dir, ignore_errors=True)
        return code  # None: it was still running, as it should be
