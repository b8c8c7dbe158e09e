"""Helpers for the server tests: an in-process server on a real port (for
websockets), a subprocess ``floorman serve``, polling, and the ground truth
of which cards each seat may see, taken from the stored hand logs."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import httpx
import uvicorn
from websockets.exceptions import ConnectionClosed

from floorman.engine.draw import DrawHand
from floorman.engine.events import (
    BoardDealt,
    DrawDealt,
    HandStarted,
    HoleDealt,
    Shown,
    event_from_dict,
)
from floorman.engine.holdem import HoldemHand
from floorman.ports import free_port  # noqa: F401  (the tests' servers' ports: its docstring)
from floorman.server.app import create_app
from floorman.server.ws import WS_MAX_BYTES

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = REPO / ".venv" / "bin"
DIRECTOR = "director-test-token"
AUTH = {"Authorization": f"Bearer {DIRECTOR}"}
#: a bearer header that is not the director's
WRONG = {"Authorization": "Bearer not-the-director"}
CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
CARD_RUN = re.compile(r"(?<![0-9A-Za-z])((?:[2-9TJQKA][cdhs])+)(?![0-9A-Za-z])")

T = TypeVar("T")


# ---------------------------------------------------------------- polling


def wait_until(
    predicate: Callable[[], T | None], timeout: float, what: str = "", interval: float = 0.05
) -> T:
    """Poll ``predicate`` until it returns something truthy; fail after
    ``timeout`` seconds saying what was awaited."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what or predicate}")
        time.sleep(interval)


def bound_socket() -> socket.socket:
    """A listening-ready socket on a port of the kernel's choosing, for an
    in-process uvicorn (``Server.run(sockets=[...])``): bound here and kept,
    so no other process can take the port before the server uses it."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


def spare_redis_database(url: str) -> str:
    """The Redis database after ``url``'s: each pytest-xdist worker has two
    (conftest.py), the first emptied by the cluster runner's tests."""
    server, _, database = url.rpartition("/")
    return f"{server}/{int(database or 0) + 1}"


def sqlite_url(directory: Path) -> str:
    return f"sqlite:///{directory / 'floorman.sqlite3'}"


# ---------------------------------------------------------------- API helpers


def tournament_body(profile: str, **overrides: Any) -> dict[str, Any]:
    """A small, fast tournament: no bot delay, no pause between hands."""
    body: dict[str, Any] = {
        "profile": profile,
        "bots": 0,
        "starting_stack": 300,
        "level_seconds": 2,
        "action_delay_ms": 0,
        "between_hands_s": 0,
    }
    body.update(overrides)
    return body


#: Overrides of :func:`tournament_body` for a test that looks at a tournament
#: while it runs: with instant bots and 300 chips the field can be down to
#: one between two of the test's requests; deep stacks, bots that think and
#: long levels keep it where the test left it.
STILL_RUNNING: dict[str, Any] = {
    "starting_stack": 100_000,
    "action_delay_ms": 20,
    "level_seconds": 600,
}


def create_tournament(client: Any, profile: str, **overrides: Any) -> str:
    response = client.post(
        "/api/tournaments", json=tournament_body(profile, **overrides), headers=AUTH
    )
    assert response.status_code == 200, response.text
    return str(response.json()["id"])


def stored_hand_events(store: Any, hand_id: str) -> list[Any]:
    return [event_from_dict(e) for e in store.hand_events(hand_id)]


def replay(events: list[Any]) -> HoldemHand | DrawHand:
    first = events[0]
    assert isinstance(first, HandStarted)
    return (DrawHand if first.game == "draw" else HoldemHand).replay(events)


def hand_chips_conserved(events: list[Any]) -> tuple[int, int]:
    """Chips into a finished hand (stacks + carried pot) and out of it."""
    from floorman.engine.events import HandEnded

    started = events[0]
    ended = events[-1]
    assert isinstance(started, HandStarted) and isinstance(ended, HandEnded), (
        type(started),
        type(ended),
    )
    return sum(started.stacks) + started.carried_pot, sum(ended.stacks) + ended.carried_pot


# ---------------------------------------------------------------- card ground truth


def cards_in(obj: Any) -> set[str]:
    """Every card-like string anywhere in a frame."""
    found: set[str] = set()
    if isinstance(obj, str):
        if CARD.match(obj):
            found.add(obj)
    elif isinstance(obj, dict):
        for value in obj.values():
            found |= cards_in(value)
    elif isinstance(obj, list | tuple):
        for value in obj:
            found |= cards_in(value)
    return found


def text_cards(text: str) -> set[str]:
    """Cards written in a text, alone (``Ah``) or run together (``AhKd``)."""
    return {run[k : k + 2] for run in CARD_RUN.findall(text) for k in range(0, len(run), 2)}


def card_texts(cards: Any) -> set[str]:
    from floorman.engine.cards import CARDS

    return {str(CARDS[c]) for c in cards}


def normalise(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


class HandTruth:
    """A stored hand log folded event by event (the fold ``replay`` does),
    keeping after each event every seat's engine view and the cards each
    seat may know by then, taken from the log itself: the board, cards shown
    at showdown, his own hole cards, and his own drawn cards once he has
    looked at them (NM-D-2E, OQ-19: standing pat or acting in the seen round
    counts as looking, as the hand's ``looked`` flags record).  Never the
    deck, burn cards or other players' discards."""

    def __init__(self, raw: list[dict[str, Any]]) -> None:
        self.events = [event_from_dict(e) for e in raw]
        started = self.events[0]
        assert isinstance(started, HandStarted)
        self.seats: tuple[int, ...] = started.seats
        self.players: tuple[str, ...] = started.players
        cls = DrawHand if started.game == "draw" else HoldemHand
        hand = cls(started)
        public: set[str] = set()
        own: dict[int, set[str]] = {s: set() for s in self.seats}
        drawn: dict[int, set[str]] = {s: set() for s in self.seats}
        self.views: list[dict[int | None, Any]] = []
        self.allowed: list[dict[int | None, set[str]]] = []
        for k, event in enumerate(self.events):
            if k:
                hand.events.append(event)
                hand._apply(event)
            if isinstance(event, BoardDealt | Shown):
                public |= card_texts(event.cards)
            elif isinstance(event, HoleDealt):
                own[event.seat] |= card_texts(event.cards)
            elif isinstance(event, DrawDealt):
                drawn[event.seat] |= card_texts(event.cards)
            allowed: dict[int | None, set[str]] = {None: set(public)}
            for seat in self.seats:
                looked = isinstance(hand, DrawHand) and hand.looked[hand.position[seat]]
                allowed[seat] = public | own[seat] | (drawn[seat] if looked else set())
            self.allowed.append(allowed)
            self.views.append({s: normalise(hand.view(s)) for s in (*self.seats, None)})
        assert hand.snapshot() == replay(self.events).snapshot()

    def seat_of(self, player: str | None) -> int | None:
        if player is None or player not in self.players:
            return None
        return self.seats[self.players.index(player)]

    def moment(self, view: dict[str, Any], seat: int | None) -> int | None:
        """The first event after which ``seat``'s engine view was ``view``
        (extra keys the server adds to the view are ignored); None: no
        moment of this hand looked like that."""
        for k, views in enumerate(self.views):
            candidate = views[seat]
            if {key: view.get(key) for key in candidate} == candidate:
                return k
        return None

    def cards_allowed(self, k: int, seat: int | None) -> set[str]:
        return self.allowed[k][seat]


# ---------------------------------------------------------------- in-process server


class LiveServer:
    """``create_app`` served by uvicorn on a free port in a thread, so real
    websocket clients (with time-outs) can connect."""

    def __init__(self, data_dir: Path, token: str = DIRECTOR) -> None:
        self.socket = bound_socket()
        self.port = int(self.socket.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.app = create_app(sqlite_url(data_dir), token)
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="on",
            ws_max_size=WS_MAX_BYTES,  # as ``floorman serve`` sets it
        )
        self.server = uvicorn.Server(config)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.http = httpx.Client(base_url=self.url, timeout=10)

    def _run(self) -> None:
        async def main() -> None:
            self.loop = asyncio.get_running_loop()
            await self.server.serve(sockets=[self.socket])

        # asyncio.run cancels and awaits what is left, as ``floorman serve`` does.
        asyncio.run(main())

    def __enter__(self) -> LiveServer:
        self.thread.start()
        wait_until(lambda: self.server.started, 15, "the in-process server to start")
        return self

    def __exit__(self, *exc: object) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(timeout=15)
        self.socket.close()
        assert not self.thread.is_alive(), "the in-process server did not stop"

    @property
    def floor(self) -> Any:
        return self.app.state.floor

    def call(self, fn: Callable[[], T], timeout: float = 10) -> T:
        """Run ``fn`` inside the server's event loop (no race with it)."""

        async def run() -> T:
            return fn()

        assert self.loop is not None
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout)

    def ws_url(self, tournament_id: str, token: str | None = None, table: int | None = None) -> str:
        """The socket's URL; a player's token rides in the fragment, which
        :class:`Socket` strips and sends in its hello (the server refuses
        a token in the URL: access logs would keep it)."""
        suffix = f"?table={table}" if table is not None else ""
        fragment = f"#token={token}" if token is not None else ""
        return f"{self.ws_base}/ws/tournaments/{tournament_id}{suffix}{fragment}"

    def register(self, tournament_id: str, name: str) -> tuple[str, str]:
        response = self.http.post(f"/api/tournaments/{tournament_id}/register", json={"name": name})
        assert response.status_code == 200, response.text
        data = response.json()
        return data["player"], data["token"]

    def start(self, tournament_id: str) -> None:
        response = self.http.post(f"/api/tournaments/{tournament_id}/start", headers=AUTH)
        assert response.status_code == 200, response.text

    def status(self, tournament_id: str) -> dict[str, Any]:
        response = self.http.get(f"/api/tournaments/{tournament_id}")
        assert response.status_code == 200, response.text
        return dict(response.json())


def hello_message(token: str | None = None) -> dict[str, str]:
    """The first message of every socket: a player's token, or none."""
    return {"type": "hello", "token": token} if token else {"type": "hello"}


class Socket:
    """A synchronous websocket client that keeps every frame it received.
    It says hello first, with the token from the URL's fragment
    (``…#token=…``, see :meth:`LiveServer.ws_url`), and waits for the
    server's first frame, so the socket is subscribed once it is made;
    ``hello=False`` sends nothing, for tests of the hello itself."""

    def __init__(self, url: str, *, hello: bool = True) -> None:
        from websockets.sync.client import connect

        url, _, fragment = url.partition("#")
        token = fragment.removeprefix("token=") if fragment.startswith("token=") else None
        options: dict[str, Any] = {"open_timeout": 10, "max_size": None, "proxy": None}
        try:
            self.conn = connect(url, legacy=True, **options)
        except TypeError:  # a websockets without the ``legacy`` switch
            self.conn = connect(url, **options)
        self.frames: list[dict[str, Any]] = []
        self.early: list[str] = []  # frames read before anyone asked
        self.refusal: ConnectionClosed | None = None
        if hello:
            self.send(hello_message(token))
            try:
                self.early.append(str(self.conn.recv(timeout=10)))
            except ConnectionClosed as closed:  # refused: raised by the first recv
                self.refusal = closed

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Socket:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, data: Any) -> None:
        self.conn.send(data if isinstance(data, str) else json.dumps(data))

    def recv(self, timeout: float) -> dict[str, Any] | None:
        text: str | bytes
        if self.early:
            text = self.early.pop(0)
        elif self.refusal is not None:
            refusal, self.refusal = self.refusal, None
            raise refusal
        else:
            try:
                text = self.conn.recv(timeout=timeout)
            except TimeoutError:
                return None
        frame = json.loads(text)
        self.frames.append(frame)
        return dict(frame)

    def wait_for(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float, what: str = ""
    ) -> dict[str, Any]:
        """The next frame satisfying ``predicate`` (frames before it are kept)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no frame {what or predicate} within {timeout} s")
            frame = self.recv(left)
            if frame is not None and predicate(frame):
                return frame

    def drain(self, quiet: float = 0.3) -> list[dict[str, Any]]:
        """Every frame until none arrives for ``quiet`` seconds."""
        got = []
        while (frame := self.recv(quiet)) is not None:
            got.append(frame)
        return got


# ---------------------------------------------------------------- subprocess server


class ServeProcess:
    """``floorman serve`` (or ``make run``) as a user starts it."""

    def __init__(
        self, command: list[str], env: dict[str, str | None], cwd: Path, port: int
    ) -> None:
        """``env`` is added to this process's environment; None unsets."""
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        merged = {**os.environ, **env, "PYTHONUNBUFFERED": "1", "NO_COLOR": "1"}
        full_env = {k: v for k, v in merged.items() if v is not None}
        self.out_path = Path(tempfile.mkdtemp(prefix="floorman-serve-")) / "output.log"
        self.out = self.out_path.open("wb")
        self.proc = subprocess.Popen(
            command,
            env=full_env,
            cwd=cwd,
            stdout=self.out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def output(self) -> str:
        if not self.out.closed:
            self.out.flush()
        return self.out_path.read_text(errors="replace")

    def wait_healthy(self, timeout: float) -> dict[str, Any]:
        def healthy() -> dict[str, Any] | None:
            if self.proc.poll() is not None:
                raise AssertionError(f"the server exited early:\n{self.output()}")
            try:
                response = httpx.get(f"{self.url}/health", timeout=1)
            except httpx.HTTPError:
                return None
            return dict(response.json()) if response.status_code == 200 else None

        return wait_until(healthy, timeout, "GET /health to answer", interval=0.1)

    def kill9(self) -> None:
        """SIGKILL the whole process group (make and the server under it)."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self, timeout: float = 15) -> int:
        """Ctrl-C, as a user at the terminal would; returns the exit code."""
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGINT)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill9()
                raise AssertionError(
                    f"the server did not stop on SIGINT:\n{self.output()}"
                ) from None
        self.out.close()
        return int(self.proc.returncode)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.kill9()
        if not self.out.closed:
            self.out.close()
        shutil.rmtree(self.out_path.parent, ignore_errors=True)


@contextlib.contextmanager
def serving(
    command: list[str], env: dict[str, str | None], cwd: Path, port: int
) -> Iterator[ServeProcess]:
    process = ServeProcess(command, env, cwd, port)
    try:
        yield process
    finally:
        process.close()
