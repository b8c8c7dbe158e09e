"""A runner that can be cut off from PostgreSQL and Redis.

The run starts one of the two runners itself (``floorman runner``, kept
alive by :class:`CutOffRunner` as ``serve``'s supervisor keeps its own),
reaching the database and Redis only through TCP relays of the run's own
(:class:`PartitionRelay`).  Cutting it off is what a network partition does to it:
the database and Redis see its connections end (PostgreSQL drops its
leases, so the other runner takes its tournaments over), while the runner
itself hears nothing — no answer, no reset — until the cut heals; then its
connections are closed and it connects again.  No network namespace, no
root: the relays are the only way out that runner has.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx

# not bind(0): a relay's port, or a Redis restarted on its port, must not
# be one an outgoing connection (this run has hundreds) can take meanwhile
from floorman.ports import free_port

#: bytes read at once from either side of a relayed connection
CHUNK = 65536
#: how long a relay, a runner or its keeper is waited for at start and stop
STOP_SECONDS = 20.0


class PartitionRelay:
    """TCP from ``127.0.0.1:<port>`` to ``target_host:target_port``, on a
    thread of its own; :meth:`cut` partitions every connection through it."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.healed = threading.Event()
        self.healed.set()
        self._pairs: set[tuple[asyncio.StreamWriter, asyncio.StreamWriter | None]] = set()
        self._thread = threading.Thread(target=self._serve, name="chaos-relay", daemon=True)
        self._ready = threading.Event()
        self._refused: OSError | None = None

    def start(self) -> None:
        self._thread.start()
        if not self._ready.wait(STOP_SECONDS) or self._refused is not None:
            raise RuntimeError(
                f"the relay to {self.target[0]}:{self.target[1]} could not listen"
                f" on 127.0.0.1:{self.port} ({self._refused or 'no answer'})"
            )

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            server = self.loop.run_until_complete(
                asyncio.start_server(self._connected, "127.0.0.1", self.port)
            )
        except OSError as error:  # the port taken: start() says so
            self._refused = error
            self.loop.close()
            self._ready.set()
            return
        self._ready.set()
        try:
            self.loop.run_forever()
        finally:
            server.close()
            pending = asyncio.all_tasks(self.loop)
            for task in pending:
                task.cancel()
            self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            self.loop.close()

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.healed.is_set():  # cut off: the connection goes nowhere
            await self._until_healed()
            writer.close()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        pair = (writer, up_writer)
        self._pairs.add(pair)
        try:
            await asyncio.gather(
                self._pipe(reader, up_writer), self._pipe(up_reader, writer), return_exceptions=True
            )
        finally:
            self._pairs.discard(pair)
            for side in pair:
                with contextlib.suppress(Exception):
                    side.close()

    async def _until_healed(self) -> None:
        """Waits on the relay's loop, not on a thread of its executor: such
        a thread, blocked on a cut never healed, would keep the process
        from exiting (Python joins them at exit)."""
        while not self.healed.is_set():
            await asyncio.sleep(0.05)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                data = await reader.read(CHUNK)
                if not data:
                    break
                if not self.healed.is_set():  # what is sent into a partition is lost
                    await self._until_healed()
                    break
                writer.write(data)
                await writer.drain()
        finally:
            if self.healed.is_set():  # one side's end is passed on (a cut passes nothing)
                writer.close()

    def cut(self) -> None:
        """Partition: the far side sees every connection end at once; the
        runner's side hears nothing until :meth:`heal`."""
        self.healed.clear()

        def drop_far_sides() -> None:
            for _, far in list(self._pairs):
                if far is not None:
                    far.transport.abort()

        self.loop.call_soon_threadsafe(drop_far_sides)

    def heal(self) -> None:
        """The runner's connections end too; new ones go through again."""

        def drop_near_sides() -> None:
            for near, _ in list(self._pairs):
                near.transport.abort()

        self.loop.call_soon_threadsafe(drop_near_sides)
        self.healed.set()

    def stop(self) -> None:
        if self.loop.is_closed():  # it never served (its port was taken)
            return
        self.heal()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(STOP_SECONDS)


def through(url: str, relay: PartitionRelay) -> str:
    """``url`` with its host and port those of ``relay``."""
    parts = urlsplit(url)
    userinfo = parts.netloc.rpartition("@")[0]
    netloc = f"{userinfo}@127.0.0.1:{relay.port}" if userinfo else f"127.0.0.1:{relay.port}"
    return urlunsplit(parts._replace(netloc=netloc))


def target_of(url: str, default_port: int) -> tuple[str, int]:
    parts = urlsplit(url)
    return parts.hostname or "127.0.0.1", parts.port or default_port


class CutOffRunner:
    """``floorman runner`` behind two relays, restarted a second after it dies."""

    def __init__(
        self,
        database_url: str,
        redis_url: str,
        director_token: str,
        secret_key: str,
        log_path: Path,
    ) -> None:
        self.database = PartitionRelay(*target_of(database_url, 5432))
        self.redis = PartitionRelay(*target_of(redis_url, 6379))
        self.env = {
            **os.environ,
            "FLOORMAN_DATABASE_URL": through(database_url, self.database),
            "FLOORMAN_REDIS_URL": through(redis_url, self.redis),
            "FLOORMAN_DIRECTOR_TOKEN": director_token,
            "FLOORMAN_SECRET_KEY": secret_key,
        }
        self.metrics_port = free_port()
        self.env["FLOORMAN_RUNNER_METRICS_PORT"] = str(self.metrics_port)
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None
        self.stopping = threading.Event()
        self._watch = threading.Thread(target=self._keep_alive, name="chaos-runner", daemon=True)

    def start(self) -> None:
        self.database.start()
        self.redis.start()
        self._start_one()
        self._watch.start()

    def _start_one(self) -> None:
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "floorman", "runner"],
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def _keep_alive(self) -> None:
        while not self.stopping.wait(1.0):
            if self.process is not None and self.process.poll() is not None:
                self._start_one()

    @property
    def pid(self) -> int | None:
        alive = self.process is not None and self.process.poll() is None
        return self.process.pid if alive and self.process is not None else None

    def leases(self) -> int | None:
        """The tournament leases it holds, as its metrics say (None: no answer)."""
        try:
            text = httpx.get(f"http://127.0.0.1:{self.metrics_port}/metrics", timeout=5).text
        except httpx.HTTPError:
            return None
        for line in text.splitlines():
            if line.startswith("floorman_runner_leases "):
                return int(float(line.split()[1]))
        return None

    def cut_off(self, seconds: float) -> None:
        """Partition the runner from both for ``seconds``, then heal."""
        self.database.cut()
        self.redis.cut()
        try:
            time.sleep(seconds)
        finally:
            self.database.heal()
            self.redis.heal()

    def stop(self) -> None:
        """The runner ended and reaped, its relays closed (each bounded:
        a stop that hangs would leave the run, and a test worker, waiting)."""
        self.stopping.set()
        if self._watch.is_alive():
            self._watch.join(STOP_SECONDS)
        if self.process is not None:
            end_process(self.process, STOP_SECONDS)
        self.database.stop()
        self.redis.stop()


def end_process(process: subprocess.Popen[bytes], seconds: float) -> None:
    """SIGTERM, and SIGKILL if it is not gone within ``seconds``; reaped."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            process.terminate()
        try:
            process.wait(seconds)
            return
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(seconds)


__all__ = ["CutOffRunner", "PartitionRelay", "end_process", "free_port", "through"]
