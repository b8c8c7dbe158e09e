"""``floorman serve --workers N --runners M``: the multi-process deployment
on one machine, in one command.

It starts ``M`` table runners (``floorman runner``, restarted when one
dies: the others have taken its tournaments over meanwhile) and ``N`` web
processes sharing one port (uvicorn's workers, also restarted), all on the
same PostgreSQL database and Redis.  Configuration reaches the children in
the environment, never on their command lines (``ps`` shows those).
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from floorman.server import logs
from floorman.storage import Store
from floorman.storage.crypto import ENV_KEY, ENV_KEY_FILE, new_key

log = logging.getLogger("floorman.cluster")

KEY_FILE = "secret-key"
#: the port a runner serves its metrics on (``floorman serve --runner-metrics-port``)
METRICS_PORT_ENV = "FLOORMAN_RUNNER_METRICS_PORT"


def key_file(data_dir: Path) -> Path:
    """The stored hands' key for every process: ``<data dir>/secret-key``
    (mode 0600), made on the first start, unless one is given."""
    path = data_dir / KEY_FILE
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as file:
            file.write(new_key() + "\n")
    return path


class Runners:
    """``count`` runner processes, each restarted a second after it dies."""

    def __init__(self, count: int, env: dict[str, str], metrics_port: int | None = None) -> None:
        """``metrics_port``: runner ``k`` serves its metrics on ``metrics_port + k``."""
        self.count = count
        self.env = env
        self.metrics_port = metrics_port
        self.processes: list[subprocess.Popen[bytes]] = []
        self.stopping = threading.Event()
        self._watch = threading.Thread(target=self._keep_alive, name="runners", daemon=True)

    def _start_one(self, k: int) -> subprocess.Popen[bytes]:
        env = dict(self.env)
        if self.metrics_port is not None:  # the same port for the runner restarted in its place
            env[METRICS_PORT_ENV] = str(self.metrics_port + k)
        return subprocess.Popen(
            [sys.executable, "-m", "floorman", "runner"], env=env, start_new_session=False
        )

    def start(self) -> None:
        self.processes = [self._start_one(k) for k in range(self.count)]
        self._watch.start()

    def _keep_alive(self) -> None:
        while not self.stopping.wait(1.0):
            for k, process in enumerate(self.processes):
                if process.poll() is not None and not self.stopping.is_set():
                    log.warning(
                        "runner %s exited (%s): starting another", process.pid, process.returncode
                    )
                    self.processes[k] = self._start_one(k)

    def stop(self, timeout: float = 15) -> None:
        self.stopping.set()
        if self._watch.is_alive():
            self._watch.join()  # no runner started after this
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        deadline = time.monotonic() + timeout
        for process in self.processes:
            try:
                process.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()


def serve_cluster(
    *,
    host: str,
    port: int,
    workers: int,
    runners: int,
    database_url: str,
    redis_url: str,
    director_token: str,
    data_dir: Path,
    log_level: str,
    ws_max_size: int,
    ws_compression: bool = False,
    log_format: str = "text",
    runner_metrics_port: int | None = None,
) -> None:
    import uvicorn

    env = {
        **os.environ,
        "FLOORMAN_DATABASE_URL": database_url,
        "FLOORMAN_REDIS_URL": redis_url,
        "FLOORMAN_DIRECTOR_TOKEN": director_token,
        logs.ENV_FORMAT: log_format,
    }
    if not env.get(ENV_KEY) and not env.get(ENV_KEY_FILE):
        env[ENV_KEY_FILE] = str(key_file(data_dir).resolve())
    os.environ.update(env)  # uvicorn's workers inherit this process's environment
    Store(database_url).close()  # the schema, migrated once before anyone uses it
    pool = Runners(runners, env, runner_metrics_port)
    pool.start()
    try:
        uvicorn.run(
            "floorman.cluster.web:app_from_environment",
            factory=True,
            host=host,
            port=port,
            workers=workers,
            log_level=log_level,
            ws_max_size=ws_max_size,
            ws_per_message_deflate=ws_compression,
            log_config=logs.logging_config(log_format, log_level) or uvicorn.config.LOGGING_CONFIG,
        )
    finally:
        pool.stop()


__all__ = ["KEY_FILE", "Runners", "key_file", "serve_cluster"]
