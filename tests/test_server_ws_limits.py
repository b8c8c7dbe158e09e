"""The websocket's hello and the limits a client cannot exceed (issue 12,
"Secrets" and "Limits a client cannot exceed"): the seat token comes in the
first message, never in the URL; frames over the transport's size are
refused before they are read; a socket sending too fast gets an error frame
citing OQ-41 and, far over, is closed 4429; spectator sockets are capped per
address (4429) and per process (4503), and a seated player always gets in."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from floorman.server.ws import (
    CLOSE_BAD_REQUEST,
    CLOSE_BAD_TOKEN,
    CLOSE_FULL,
    CLOSE_NO_HELLO,
    CLOSE_TOO_MANY,
    WS_MAX_BYTES,
    SocketLimits,
)
from tests.helpers.server import LiveServer, Socket, create_tournament, wait_until

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[tuple[LiveServer, str, str]]:
    """A server, a registering tournament and one player's token."""
    with LiveServer(tmp_path) as server:
        tid = create_tournament(server.http, "nm-holdem", level_seconds=600)
        _, token = server.register(tid, "Ann")
        yield server, tid, token


def limit(server: LiveServer, **values: float) -> SocketLimits:
    limits = SocketLimits(**values)  # type: ignore[arg-type]
    server.app.state.socket_limits = limits
    return limits


def closed_with(sock: Socket, timeout: float = 5) -> tuple[int, str]:
    """The close code and reason the server ended ``sock`` with (frames
    before it are skipped)."""
    deadline = time.monotonic() + timeout
    with pytest.raises(ConnectionClosed) as closed:
        while time.monotonic() < deadline:
            sock.recv(deadline - time.monotonic())
    assert closed.value.rcvd is not None, "closed without a close frame"
    return closed.value.rcvd.code, closed.value.rcvd.reason


# ---------------------------------------------------------------- the hello


def test_a_player_says_who_he_is_in_the_hello(live: tuple[LiveServer, str, str]) -> None:
    server, tid, token = live
    with Socket(server.ws_url(tid, token)) as sock:
        summary = sock.wait_for(lambda f: f["type"] == "tournament", 30, "the summary")
        assert summary["status"] == "registering"
        assert server.call(lambda: [s.player for s in server.floor.get(tid).subscribers]) == ["p1"]


def test_a_token_in_the_url_is_refused_4400(live: tuple[LiveServer, str, str]) -> None:
    server, tid, token = live
    with Socket(f"{server.ws_base}/ws/tournaments/{tid}?token={token}", hello=False) as sock:
        code, reason = closed_with(sock)
    assert code == CLOSE_BAD_REQUEST == 4400
    assert "hello" in reason and "never in the URL" in reason


def test_no_hello_in_time_is_closed_4408(live: tuple[LiveServer, str, str]) -> None:
    server, tid, _ = live
    limit(server, hello_seconds=0.3)
    with Socket(server.ws_url(tid), hello=False) as sock:
        code, reason = closed_with(sock)
    assert (code, reason) == (CLOSE_NO_HELLO, "send a hello first")
    assert not server.call(lambda: server.floor.get(tid).subscribers)


@pytest.mark.parametrize(
    "first",
    ['{"action": "fold"}', "not json", '{"type": "hello", "token": 7}', "[" * 50 + "]" * 50],
)
def test_a_first_message_that_is_no_hello_is_closed_4400(
    live: tuple[LiveServer, str, str], first: str
) -> None:
    server, tid, _ = live
    with Socket(server.ws_url(tid), hello=False) as sock:
        sock.send(first)
        code, _ = closed_with(sock)
    assert code == CLOSE_BAD_REQUEST


def test_an_unknown_token_in_the_hello_is_closed_4403(live: tuple[LiveServer, str, str]) -> None:
    server, tid, _ = live
    with Socket(server.ws_url(tid, "forged")) as sock:
        assert closed_with(sock) == (CLOSE_BAD_TOKEN, "unknown player token")


# ---------------------------------------------------------------- message size


def test_a_huge_frame_is_refused_by_the_transport(live: tuple[LiveServer, str, str]) -> None:
    server, tid, token = live
    with Socket(server.ws_url(tid, token)) as sock:
        sock.wait_for(lambda f: f["type"] == "tournament", 30, "the summary")
        sock.send(json.dumps({"type": "chat", "text": "x" * (4 * WS_MAX_BYTES)}))
        code, _ = closed_with(sock)
    assert code == 1009  # message too big: never read into memory
    wait_until(
        lambda: server.call(lambda: not server.floor.get(tid).subscribers), 5, "no subscriber"
    )


# ---------------------------------------------------------------- message rate


def test_OQ_41_a_socket_sending_too_fast_is_told_then_closed_4429(
    live: tuple[LiveServer, str, str],
) -> None:
    server, tid, _ = live
    limit(server, burst=5, per_minute=6, refusals_before_close=10)
    with Socket(server.ws_url(tid)) as sock:
        sock.wait_for(lambda f: f["type"] == "tournament", 30, "the summary")
        for _ in range(5):  # the burst: each answered as usual
            sock.send({"action": "fold"})
        answers = [sock.wait_for(lambda f: f["type"] == "error", 30) for _ in range(5)]
        assert {a["template"] for a in answers} == {"spectators cannot act"}
        sock.send({"action": "fold"})
        over = sock.wait_for(lambda f: f["type"] == "error", 30, "the rate refusal")
        assert over["template"] == "too many messages: wait {seconds} s"
        assert over["clause"] == "OQ-41" and over["clauses"][0]["id"] == "OQ-41"
        assert 1 <= over["values"]["seconds"] <= 10
        for _ in range(9):  # far over: the 10th refusal closes the socket
            sock.send({"action": "fold"})
        code, reason = closed_with(sock)
    assert (code, reason) == (CLOSE_TOO_MANY, "too many messages")


# ---------------------------------------------------------------- spectator sockets


def test_spectators_per_address_are_capped_but_a_player_gets_in(
    live: tuple[LiveServer, str, str],
) -> None:
    server, tid, token = live
    limits = limit(server, spectators_per_address=2)
    first, second = Socket(server.ws_url(tid)), Socket(server.ws_url(tid, table=1))
    try:
        with Socket(server.ws_url(tid)) as third:
            code, reason = closed_with(third)
        assert code == CLOSE_TOO_MANY and "this address" in reason
        with Socket(server.ws_url(tid, token)) as player:  # never refused
            assert player.wait_for(lambda f: f["type"] == "tournament", 30)["status"]
        first.close()
        wait_until(lambda: server.call(lambda: limits.total) == 1, 30, "the closed one released")
        with Socket(server.ws_url(tid)) as again:
            assert again.wait_for(lambda f: f["type"] == "tournament", 30)
    finally:
        first.close()
        second.close()
    wait_until(lambda: server.call(lambda: limits.total) == 0, 30, "every spectator released")
    assert server.call(lambda: dict(limits.spectators)) == {}


def test_spectators_in_total_are_capped_4503_but_a_player_gets_in(
    live: tuple[LiveServer, str, str],
) -> None:
    server, tid, token = live
    limit(server, spectators_total=2)
    watchers = [Socket(server.ws_url(tid)) for _ in range(2)]
    try:
        with Socket(server.ws_url(tid)) as late:
            code, reason = closed_with(late)
        assert code == CLOSE_FULL and "try later" in reason
        with Socket(server.ws_url(tid, token)) as player:
            frame = player.wait_for(lambda f: f["type"] == "tournament", 30)
            assert frame["status"] == "registering"
    finally:
        for sock in watchers:
            sock.close()


def test_sockets_waiting_for_their_hello_are_capped_per_address(
    live: tuple[LiveServer, str, str],
) -> None:
    server, tid, _ = live
    limits = limit(server, pending_per_address=2, hello_seconds=5)
    silent = [Socket(server.ws_url(tid), hello=False) for _ in range(2)]
    try:
        wait_until(lambda: server.call(lambda: sum(limits.pending.values())) == 2, 30, "2 pending")
        with Socket(server.ws_url(tid), hello=False) as third:
            code, _ = closed_with(third)
        assert code == CLOSE_TOO_MANY
    finally:
        for sock in silent:
            sock.close()
    wait_until(lambda: server.call(lambda: dict(limits.pending)) == {}, 30, "no pending left")
