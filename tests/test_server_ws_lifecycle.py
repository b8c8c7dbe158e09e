"""The websocket handler as a state machine (issue 10): connecting → open →
closing → closed; a client that vanishes — before, during or after a frame —
never makes the handler raise, and its subscriber is always removed (a dead
one would fill its queue to 500 frames and be pushed every frame after)."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import os
import socket
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from floorman.server.ws import TRANSITIONS, ConnectionPhase, SocketSession, SocketState
from floorman.services import Floor, TournamentService
from floorman.storage import Store
from tests.helpers.server import (
    DIRECTOR,
    LiveServer,
    create_tournament,
    hello_message,
    wait_until,
)

# ---------------------------------------------------------------- the state machine


def test_a_socket_goes_connecting_open_closing_closed() -> None:
    state = SocketState()
    assert state.phase is ConnectionPhase.CONNECTING and not state.is_open
    assert state.to(ConnectionPhase.OPEN) and state.is_open
    assert state.to(ConnectionPhase.CLOSING) and not state.is_open
    assert state.to(ConnectionPhase.CLOSED)
    assert state.history == [
        ConnectionPhase.CONNECTING,
        ConnectionPhase.OPEN,
        ConnectionPhase.CLOSING,
        ConnectionPhase.CLOSED,
    ]


def test_a_client_may_vanish_in_any_phase() -> None:
    paths = {
        ConnectionPhase.CONNECTING: [],
        ConnectionPhase.OPEN: [ConnectionPhase.OPEN],
        ConnectionPhase.CLOSING: [ConnectionPhase.OPEN, ConnectionPhase.CLOSING],
    }
    for phase, path in paths.items():
        state = SocketState()
        for step in path:
            state.to(step)
        assert state.phase is phase
        assert state.to(ConnectionPhase.CLOSED) and state.phase is ConnectionPhase.CLOSED


def test_closed_is_final_and_repeats_change_nothing() -> None:
    state = SocketState()
    state.to(ConnectionPhase.OPEN)
    assert not state.to(ConnectionPhase.OPEN)  # already open
    state.to(ConnectionPhase.CLOSED)
    for phase in ConnectionPhase:
        assert not state.to(phase)  # both directions may see the end: no error
        assert state.phase is ConnectionPhase.CLOSED
    assert TRANSITIONS[ConnectionPhase.CLOSED] == frozenset()


@pytest.mark.parametrize(
    ("path", "back"),
    [
        ([ConnectionPhase.OPEN], ConnectionPhase.CONNECTING),
        ([ConnectionPhase.OPEN, ConnectionPhase.CLOSING], ConnectionPhase.OPEN),
        ([ConnectionPhase.OPEN, ConnectionPhase.CLOSING], ConnectionPhase.CONNECTING),
        ([ConnectionPhase.CLOSING], ConnectionPhase.OPEN),
    ],
)
def test_going_back_is_a_bug(path: list[ConnectionPhase], back: ConnectionPhase) -> None:
    state = SocketState()
    for phase in path:
        state.to(phase)
    with pytest.raises(ValueError, match="cannot go from"):
        state.to(back)
    assert state.phase is path[-1]


# ---------------------------------------------------------------- the session, with a fake socket


class FakeSocket:
    """A websocket whose client fails where the test says: ``fail_send_at``
    (the n-th frame raises, as a reset connection does), ``fail_receive``
    (receive raises instead of reporting the disconnect), ``fail_close``."""

    def __init__(
        self,
        *,
        fail_send_at: int | None = None,
        send_error: BaseException | None = None,
        fail_receive: bool = False,
        fail_close: bool = False,
        fail_accept: bool = False,
        messages: list[str | bytes] | None = None,
    ) -> None:
        self.fail_send_at = fail_send_at
        self.send_error = send_error or WebSocketDisconnect(1006)
        self.fail_receive = fail_receive
        self.fail_close = fail_close
        self.fail_accept = fail_accept
        self.incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        for data in messages or []:
            key = "bytes" if isinstance(data, bytes) else "text"
            self.incoming.put_nowait({"type": "websocket.receive", key: data})
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None
        self.gone = asyncio.Event()

    async def accept(self) -> None:
        if self.fail_accept:
            raise WebSocketDisconnect(1006)

    async def send_text(self, text: str) -> None:
        if self.fail_send_at is not None and len(self.sent) + 1 >= self.fail_send_at:
            self.gone.set()
            raise self.send_error
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)
        self.gone.set()
        if self.fail_close:
            raise RuntimeError("the connection was already gone")

    async def receive(self) -> dict[str, Any]:
        if not self.incoming.empty():
            return self.incoming.get_nowait()
        await self.gone.wait()
        if self.fail_receive:
            raise RuntimeError('Cannot call "receive" once a disconnect message has been received.')
        return {"type": "websocket.disconnect", "code": 1006}

    def hang_up(self) -> None:
        self.gone.set()


def a_service() -> TournamentService:
    floor = Floor(Store("sqlite://"), DIRECTOR)
    return floor.create(profile="nm-holdem", action_delay_ms=0, between_hands_s=0)


def run_session(
    service: TournamentService, fake: FakeSocket, player: str | None = None, after: float = 0.05
) -> SocketSession:
    async def scenario() -> SocketSession:
        session = SocketSession(fake, service, player, 1)  # type: ignore[arg-type]
        task = asyncio.create_task(session.run())
        await asyncio.sleep(after)
        for _ in range(3):
            service.broadcast_summary()  # frames while the client goes away
            await asyncio.sleep(0)
        fake.hang_up()
        await asyncio.wait_for(task, 30)  # returns, never raises
        return session

    return asyncio.run(scenario())


@pytest.mark.parametrize(
    "error", [WebSocketDisconnect(1006), RuntimeError("unexpected ASGI message"), OSError(104)]
)
def test_a_client_gone_in_the_middle_of_a_frame_leaves_no_subscriber(error: BaseException) -> None:
    service = a_service()
    fake = FakeSocket(fail_send_at=2, send_error=error)
    session = run_session(service, fake)
    assert len(fake.sent) == 1  # the summary went, the next frame failed
    assert session.state.phase is ConnectionPhase.CLOSED
    assert not service.subscribers


def test_a_receive_that_raises_after_the_end_leaves_no_subscriber() -> None:
    service = a_service()
    fake = FakeSocket(fail_receive=True)
    session = run_session(service, fake)
    assert session.state.phase is ConnectionPhase.CLOSED and not service.subscribers


def test_a_client_gone_before_it_was_accepted_is_never_subscribed() -> None:
    service = a_service()
    session = run_session(service, FakeSocket(fail_accept=True))
    assert session.state.history == [ConnectionPhase.CONNECTING, ConnectionPhase.CLOSED]
    assert not service.subscribers


def test_a_seat_taken_over_closes_with_4409_even_when_the_close_fails() -> None:
    service = a_service()
    player, _ = service.register("Ann")

    async def scenario() -> tuple[FakeSocket, SocketSession, FakeSocket, SocketSession]:
        old_fake, new_fake = FakeSocket(fail_close=True), FakeSocket()
        old = SocketSession(old_fake, service, player, None)  # type: ignore[arg-type]
        old_task = asyncio.create_task(old.run())
        await asyncio.sleep(0.05)
        new = SocketSession(new_fake, service, player, None)  # type: ignore[arg-type]
        new_task = asyncio.create_task(new.run())
        await asyncio.wait_for(old_task, 30)
        assert [s.player for s in service.subscribers] == [player]
        new_fake.hang_up()
        await asyncio.wait_for(new_task, 30)
        return old_fake, old, new_fake, new

    old_fake, old, _, new = asyncio.run(scenario())
    assert old_fake.closed is not None and old_fake.closed[0] == 4409
    assert '"seat_taken"' in old_fake.sent[-1]
    assert old.state.history == [
        ConnectionPhase.CONNECTING,
        ConnectionPhase.OPEN,
        ConnectionPhase.CLOSING,
        ConnectionPhase.CLOSED,
    ]
    assert new.state.phase is ConnectionPhase.CLOSED and not service.subscribers


def test_messages_still_get_their_answers() -> None:
    service = a_service()
    fake = FakeSocket(messages=[b"\x00", "x" * 10_001, "", '{"action": "fold"}'])
    run_session(service, fake, after=0.1)
    errors = [m for m in map(json.loads, fake.sent) if m["type"] == "error"]
    assert [e["message"] for e in errors] == [
        "send text frames holding JSON",
        "message too long",
        "not JSON",
        "spectators cannot act",
    ]
    assert not service.subscribers


# ---------------------------------------------------------------- a real server, abrupt clients


class Problems(logging.Handler):
    """Every warning or error logged while it listens."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.contextmanager
def listening(*names: str) -> Iterator[Problems]:
    handler = Problems()
    loggers = [logging.getLogger(name) for name in names]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield handler
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


def text_frame(text: str) -> bytes:
    """One masked client text frame (RFC 6455 5.2), short enough for a
    16-bit length."""
    payload = text.encode()
    mask = os.urandom(4)
    masked = bytes(b ^ mask[k % 4] for k, b in enumerate(payload))
    if len(payload) < 126:
        head = struct.pack("!BB", 0x81, 0x80 | len(payload))
    else:
        head = struct.pack("!BBH", 0x81, 0x80 | 126, len(payload))
    return head + mask + masked


def raw_websocket(port: int, path: str, hello: dict[str, str] | None = None) -> socket.socket:
    """A websocket opened by hand on a plain TCP socket, so the test can
    drop it at any byte (no client library tidying up after it); its small
    receive buffer fills after a few frames.  ``hello`` is sent first."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        assert chunk, "the server closed the connection during the handshake"
        head += chunk
    assert head.startswith(b"HTTP/1.1 101"), head[:200]
    if hello is not None:
        sock.sendall(text_frame(json.dumps(hello)))
    return sock


def flood(service: TournamentService, frames: int = 150) -> None:
    """Frames for every subscriber, faster than a client reads them."""
    for _ in range(frames):
        service.broadcast_table(1)
        service.broadcast_summary()


def drop(sock: socket.socket) -> None:
    """Hang up without a closing handshake: a reset, as a dead phone does."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def test_forty_abrupt_disconnects_leave_no_subscriber_and_log_nothing(tmp_path: Path) -> None:
    with LiveServer(tmp_path) as server:
        tid = create_tournament(server.http, "nm-holdem", bots=6, level_seconds=600)
        humans = [server.register(tid, f"Human {k}") for k in range(4)]
        server.start(tid)
        service = server.floor.get(tid)
        wait_until(lambda: server.call(lambda: bool(service.tables)), 10, "a table dealing")
        paths: list[tuple[str, str | None]] = [
            (f"/ws/tournaments/{tid}?table=1", None),
            (f"/ws/tournaments/{tid}", None),
        ]
        paths += [(f"/ws/tournaments/{tid}", token) for _, token in humans]
        with listening("", "uvicorn", "uvicorn.error", "floorman", "asyncio") as problems:
            for k in range(48):
                path, token = paths[k % len(paths)]
                sock = raw_websocket(server.port, path, hello_message(token))
                if k % 2:  # mid-stream: some frames read, more on their way
                    sock.settimeout(2)
                    with contextlib.suppress(TimeoutError):
                        sock.recv(1 + k * 37 % 2000)
                # A burst the client does not read: the server is still
                # sending (waiting for the full buffers to drain) when it
                # hangs up.
                server.call(lambda: flood(service))
                time.sleep(0.01 * (k % 3))
                drop(sock)
            wait_until(
                lambda: server.call(lambda: not service.subscribers), 10, "no subscriber left"
            )
            time.sleep(0.5)  # nothing comes back, nothing is logged late
            assert server.call(lambda: len(service.subscribers)) == 0
            alive = server.call(lambda: service.tournament.status)
        errors = [r for r in problems.records if r.levelno >= logging.WARNING]
        assert not errors, [f"{r.name}: {r.getMessage()}" for r in errors]
        assert alive == "running"
