"""The client side of ``floorman bench server``: one process's share of
the players, each a websocket that acts on its turn and times the action
to the first table frame that shows it.  Every event keeps its time, so the
main process cuts the measured window afterwards
(:mod:`floorman.bench.server_bench`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import time
from array import array
from collections import Counter
from multiprocessing.connection import Connection
from typing import Any

#: sockets opening at once, over all client processes: the server admits
#: only so many sockets from one address before their hello (ws.SocketLimits)
CONNECT_CONCURRENCY = 12
CONNECT_ATTEMPTS = 5
#: after a refused action (the per-socket message rate, say), try again after
RETRY_S = 0.5


def close_reason(closed: Any) -> str:
    """``<code> <reason>`` of a websocket the server closed."""
    rcvd = closed.rcvd
    return f"{rcvd.code} {rcvd.reason}".strip() if rcvd is not None else "no close frame"


class Stats:
    """What one client process saw, each event with its time, so the
    measured window can be cut afterwards."""

    def __init__(self) -> None:
        self.frame_times = array("d")
        self.frame_bytes = array("d")
        self.action_times = array("d")
        self.latency_sent = array("d")
        self.latency_ms = array("d")
        self.error_times = array("d")
        self.error_messages: Counter[str] = Counter()
        self.lag_times = array("d")
        self.lag_ms = array("d")
        self.closes: list[tuple[float, str]] = []
        self.connect_failures: list[str] = []
        self.spectator_frame_times = array("d")
        self.spectator_frame_bytes = array("d")
        self.spectator_closes: list[tuple[float, str]] = []


class Client:
    """One seated player: acts on its turn, times each action to the frame
    that shows it."""

    def __init__(self, worker: Worker, token: str, rng: random.Random) -> None:
        self.worker = worker
        self.token = token
        self.rng = rng
        self.key: tuple[Any, int] | None = None  # the state of the latest frame
        self.acted_on: tuple[Any, int] | None = None
        self.pending: tuple[float, tuple[Any, int]] | None = None
        self.hands: set[Any] = set()
        self.reached = False
        self.turn: dict[str, Any] | None = None  # the latest hand where it was to act
        self.socket: Any = None
        self.first: Any = None

    def choose(self, hand: dict[str, Any]) -> dict[str, Any] | None:
        actions = hand.get("actions") or ()
        if "check" in actions:
            return {"action": "check"}
        if "call" in actions:
            if "fold" in actions and self.rng.random() * 100 < self.worker.fold_percent:
                return {"action": "fold"}
            return {"action": "call"}
        if "fold" in actions:
            return {"action": "fold"}
        return None

    async def play(self, socket: Any) -> None:
        self.worker.connected += 1
        await self.on_frame(socket, self.first)
        async for text in socket:
            await self.on_frame(socket, text)

    async def on_frame(self, socket: Any, text: Any) -> None:
        stats = self.worker.stats
        now = time.monotonic()
        stats.frame_times.append(now)
        stats.frame_bytes.append(len(text))
        frame = json.loads(text)
        kind = frame.get("type")
        if kind == "error":
            stats.error_times.append(now)
            stats.error_messages[str(frame.get("message"))[:120]] += 1
            self.pending = None
            self.acted_on = None  # refused: act again, a little later
            if self.turn is not None:
                self.later(self.turn, RETRY_S)
            return
        if kind != "table":
            return
        hand = frame.get("hand")
        if not hand:
            return
        key = (hand.get("hand_id"), len(hand.get("log") or ()))
        self.key = key
        if self.pending is not None and key != self.pending[1]:
            sent = self.pending[0]
            stats.latency_sent.append(sent)
            stats.latency_ms.append((now - sent) * 1000)
            self.pending = None
        if self.worker.measuring(now):
            self.count_hand(hand)
        mine = hand.get("actor") is not None and hand.get("actor") == hand.get("you")
        self.turn = hand if mine and hand.get("legal") is not None else None
        if self.turn is None or key == self.acted_on or self.pending is not None:
            return
        self.acted_on = key
        if self.worker.think_ms > 0:
            self.later(hand, self.worker.think_ms * (0.5 + self.rng.random()) / 1000)
        else:
            await self.act(socket, hand)

    def later(self, hand: dict[str, Any], delay: float) -> None:
        task = asyncio.create_task(self.act_later(hand, delay))
        self.worker.background.add(task)
        task.add_done_callback(self.worker.background.discard)

    async def act_later(self, hand: dict[str, Any], delay: float) -> None:
        key = self.key
        await asyncio.sleep(delay)
        if self.key == key and self.pending is None and self.socket is not None:
            # the table has not moved on meanwhile
            with contextlib.suppress(Exception):
                await self.act(self.socket, hand)

    async def act(self, socket: Any, hand: dict[str, Any]) -> None:
        action = self.choose(hand)
        if action is None or self.key is None:
            return
        self.acted_on = self.key
        sent = time.monotonic()
        self.pending = (sent, self.key)
        self.worker.stats.action_times.append(sent)
        await socket.send(json.dumps(action))

    def count_hand(self, hand: dict[str, Any]) -> None:
        if self.reached or hand.get("you") is None:
            return
        self.hands.add(hand.get("hand_id"))
        goal = self.worker.hands_goal
        if goal is not None and len(self.hands) >= goal:
            self.reached = True
            self.worker.client_reached()


def final(error: Exception) -> bool:
    """A refusal the server means for good (4400 bad request, 4403 bad
    token, 4404 no tournament); 4429 and the rest are worth another try."""
    from websockets.exceptions import ConnectionClosed

    if not isinstance(error, ConnectionClosed) or error.rcvd is None:
        return False
    return 4400 <= error.rcvd.code < 4500 and error.rcvd.code != 4429


class Worker:
    """One client process: its share of the players in one event loop,
    steered by the bench's main process over a pipe."""

    def __init__(self, spec: dict[str, Any], conn: Connection) -> None:
        self.conn = conn
        self.url: str = spec["url"]
        self.tokens: list[str] = spec["tokens"]
        self.think_ms: int = spec["think_ms"]
        self.fold_percent: float = spec["fold_percent"]
        self.compression: bool = spec["compression"]
        self.concurrency: int = spec["concurrency"]
        self.spectators: int = spec.get("spectators", 0)
        self.spectator_url: str = spec.get("spectator_url", self.url)
        self.rng = random.Random(spec["seed"])
        self.stats = Stats()
        self.connected = 0
        self.start: float | None = None
        self.hands_goal: int | None = None
        self.reached = 0
        self.told_reached = False
        self.stopping = False
        self.background: set[asyncio.Task[None]] = set()
        self.commands: asyncio.Queue[Any] = asyncio.Queue()

    def measuring(self, now: float) -> bool:
        return self.start is not None and now >= self.start

    def client_reached(self) -> None:
        self.reached += 1
        self.maybe_tell_reached()

    def maybe_tell_reached(self) -> None:
        done = self.reached + len(self.stats.closes)
        if not self.tokens:  # a spectators' process: the bench waits on players only
            return
        if self.hands_goal is not None and not self.told_reached and done >= len(self.tokens):
            self.told_reached = True
            self.conn.send(("reached",))

    async def open(
        self, url: str, hello: dict[str, Any], gate: asyncio.Semaphore
    ) -> tuple[Any, Any]:
        """A socket that has said its hello, and the first frame (None, None:
        refused for good or after every attempt)."""
        from websockets.asyncio.client import connect

        socket: Any = None
        for attempt in range(CONNECT_ATTEMPTS):
            try:
                async with gate:
                    socket = await connect(
                        url,
                        compression="deflate" if self.compression else None,
                        max_size=None,
                        ping_interval=None,  # a busy server must not drop us for a late pong
                        open_timeout=60,
                        close_timeout=2,
                        proxy=None,
                    )
                    # the token goes in the first message, never in the URL (access logs)
                    await socket.send(json.dumps(hello))
                    # the first frame: the server has taken the hello (or refused it)
                    return socket, await socket.recv()
            except Exception as error:  # refused (4429: too many at once), reset, timed out
                if socket is not None:
                    with contextlib.suppress(Exception):
                        await socket.close()
                    socket = None
                if attempt == CONNECT_ATTEMPTS - 1 or final(error):
                    self.stats.connect_failures.append(repr(error)[:200])
                    return None, None
                await asyncio.sleep(0.2 + self.rng.random() * (attempt + 1))
        return None, None

    async def client(self, token: str, gate: asyncio.Semaphore) -> None:
        from websockets.exceptions import ConnectionClosed

        player = Client(self, token, random.Random(self.rng.random()))
        socket, player.first = await self.open(self.url, {"type": "hello", "token": token}, gate)
        if socket is None:
            return
        player.socket = socket
        try:
            await player.play(socket)
            code = socket.close_code
            reason = f"{code} {socket.close_reason or ''}".strip()
        except ConnectionClosed as closed:
            reason = close_reason(closed)
        except Exception as error:
            reason = repr(error)[:200]
        if not self.stopping:
            self.stats.closes.append((time.monotonic(), reason))
            self.maybe_tell_reached()
        with contextlib.suppress(Exception):
            await socket.close()

    async def spectator(self, gate: asyncio.Semaphore) -> None:
        """A spectator on the watched table: reads every frame, as a browser
        does (the client library inflates each one), and keeps its size."""
        from websockets.exceptions import ConnectionClosed

        socket, first = await self.open(self.spectator_url, {"type": "hello"}, gate)
        if socket is None:
            return
        self.connected += 1
        stats = self.stats
        stats.spectator_frame_times.append(time.monotonic())
        stats.spectator_frame_bytes.append(len(first))
        try:
            async for text in socket:
                stats.spectator_frame_times.append(time.monotonic())
                stats.spectator_frame_bytes.append(len(text))
            reason = f"{socket.close_code} {socket.close_reason or ''}".strip()
        except ConnectionClosed as closed:
            reason = close_reason(closed)
        except Exception as error:
            reason = repr(error)[:200]
        if not self.stopping:
            stats.spectator_closes.append((time.monotonic(), reason))
        with contextlib.suppress(Exception):
            await socket.close()

    async def loop_lag(self) -> None:
        """How late this event loop wakes: a loop too busy to read its
        sockets on time would inflate the latencies it measures."""
        interval = 0.05
        while True:
            before = time.monotonic()
            await asyncio.sleep(interval)
            now = time.monotonic()
            self.stats.lag_times.append(now)
            self.stats.lag_ms.append(max(0.0, (now - before - interval) * 1000))

    def command(self) -> None:
        try:
            self.commands.put_nowait(self.conn.recv())
        except (EOFError, OSError):  # the main process is gone: stop
            asyncio.get_running_loop().remove_reader(self.conn.fileno())
            self.commands.put_nowait(("stop",))

    async def main(self) -> None:
        loop = asyncio.get_running_loop()
        loop.add_reader(self.conn.fileno(), self.command)
        gate = asyncio.Semaphore(self.concurrency)
        tasks = [asyncio.create_task(self.client(t, gate)) for t in self.tokens]
        tasks += [asyncio.create_task(self.spectator(gate)) for _ in range(self.spectators)]
        lag = asyncio.create_task(self.loop_lag())
        deadline = time.monotonic() + 180
        while self.connected + len(self.stats.connect_failures) < len(tasks):
            if time.monotonic() > deadline:
                break
            await asyncio.sleep(0.05)
        self.conn.send(("connected", self.connected, self.stats.connect_failures[:5]))
        while True:
            command = await self.commands.get()
            if command[0] == "go":
                self.start, self.hands_goal = command[1], command[2]
                self.maybe_tell_reached()
            elif command[0] == "stop":
                self.stopping = True
                break
        loop.remove_reader(self.conn.fileno())
        with contextlib.suppress(OSError):
            self.conn.send(("stats", self.report()))
        lag.cancel()
        for task in (*tasks, *self.background):
            task.cancel()
        await asyncio.gather(*tasks, *self.background, lag, return_exceptions=True)

    def report(self) -> dict[str, Any]:
        s = self.stats
        return {
            "frame_times": s.frame_times.tobytes(),
            "frame_bytes": s.frame_bytes.tobytes(),
            "action_times": s.action_times.tobytes(),
            "latency_sent": s.latency_sent.tobytes(),
            "latency_ms": s.latency_ms.tobytes(),
            "error_times": s.error_times.tobytes(),
            "error_messages": dict(s.error_messages),
            "lag_times": s.lag_times.tobytes(),
            "lag_ms": s.lag_ms.tobytes(),
            "closes": s.closes,
            "spectator_frame_times": s.spectator_frame_times.tobytes(),
            "spectator_frame_bytes": s.spectator_frame_bytes.tobytes(),
            "spectator_closes": s.spectator_closes,
        }


def worker_main(spec: dict[str, Any], conn: Connection) -> None:
    """A client process's entry point (spawned: no state shared by fork)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process decides when to stop
    asyncio.run(Worker(spec, conn).main())
