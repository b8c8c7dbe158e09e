"""Stop and start without losing anyone (issue 28, point 4): on SIGTERM
``floorman serve`` takes no more commands (503 with ``Retry-After``),
stores what is in hand, tells every socket it restarts (close code 1012,
a reason) and exits 0; started again, every player is back in his seat in
the same hand within seconds."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from floorman.server.drain import CLOSE_RESTART, RESTART_REASON
from tests.helpers.server import (
    AUTH,
    DIRECTOR,
    VENV_BIN,
    LiveServer,
    ServeProcess,
    Socket,
    create_tournament,
    free_port,
    serving,
    sqlite_url,
    tournament_body,
)

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]

NAMES = ("Ann", "Ben", "Cid")
#: how soon after the new server answers every player must be back in his seat
BACK_WITHIN = 10.0


def terminate(server: ServeProcess, timeout: float = 30) -> int:
    """SIGTERM, as systemd or Docker stop a service; its exit status."""
    os.kill(server.proc.pid, signal.SIGTERM)
    try:
        return server.proc.wait(timeout)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"no exit after SIGTERM:\n{server.output()}") from None


def env_for(data: Path, port: int) -> dict[str, str | None]:
    return {
        "FLOORMAN_PORT": str(port),
        "FLOORMAN_DATA_DIR": str(data),
        "FLOORMAN_DATABASE_URL": sqlite_url(data),
        "FLOORMAN_DIRECTOR_TOKEN": DIRECTOR,
    }


def closed_with(sock: Socket, timeout: float) -> tuple[int, str]:
    """Read until the server closes the socket; the close code and reason."""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            sock.recv(deadline - time.monotonic())
    except ConnectionClosed as closed:
        assert closed.rcvd is not None, closed
        return closed.rcvd.code, closed.rcvd.reason
    raise AssertionError(f"the socket was not closed within {timeout} s")


def in_hand(frame: dict[str, Any]) -> bool:
    return frame["type"] == "table" and bool(frame["hand"]) and frame["hand"]["actor"] is not None


def where_he_is(frame: dict[str, Any]) -> dict[str, Any]:
    """What a player must find again: his seat, his cards, the hand and
    whose turn it is, the pot and the stacks."""
    hand = frame["hand"]
    seat = frame["you"]["seat"]
    return {
        "hand_id": frame["hand_id"],
        "seat": seat,
        "cards": next(r["cards"] for r in hand["players"] if r["seat"] == seat),
        "actor": hand["actor"],
        "board": hand["board"],
        "stacks": [(r["seat"], r["stack"]) for r in hand["players"]],
        "pots": hand.get("pots"),
        "away": frame["you"]["away"],
    }


def test_sigterm_mid_hand_and_every_player_is_back_in_his_seat(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    port = free_port()
    command = [str(VENV_BIN / "floorman"), "serve"]
    with serving(command, env_for(data, port), tmp_path, port) as first:
        first.wait_healthy(30)
        body = tournament_body(
            "de-holdem",
            starting_stack=1000,
            level_seconds=600,
            action_seconds=600,
            between_hands_s=0.2,
        )
        response = httpx.post(f"{first.url}/api/tournaments", json=body, headers=AUTH)
        assert response.status_code == 200, response.text
        tid = response.json()["id"]
        tokens = {}
        for name in NAMES:
            answer = httpx.post(f"{first.url}/api/tournaments/{tid}/register", json={"name": name})
            assert answer.status_code == 200, answer.text
            tokens[name] = answer.json()["token"]
        response = httpx.post(f"{first.url}/api/tournaments/{tid}/start", headers=AUTH)
        assert response.status_code == 200, response.text
        ws = f"ws://127.0.0.1:{port}/ws/tournaments/{tid}"
        sockets = {name: Socket(f"{ws}#token={tokens[name]}") for name in NAMES}
        frames = {n: s.wait_for(in_hand, 15, "the first hand") for n, s in sockets.items()}
        actor = next(n for n, f in frames.items() if f["you"]["seat"] == f["hand"]["actor"])
        sockets[actor].send({"action": "call"})
        # everyone sees the call: the next player is to act
        frames = {
            n: s.wait_for(
                lambda f: in_hand(f) and f["hand"]["actor"] != frames[actor]["you"]["seat"],
                10,
                "the call",
            )
            for n, s in sockets.items()
        }
        before = {n: where_he_is(f) for n, f in frames.items()}

        started = time.monotonic()
        status = terminate(first)
        stopped_in = time.monotonic() - started
        assert status == 0, first.output()
        for name, sock in sockets.items():
            assert closed_with(sock, 10) == (CLOSE_RESTART, RESTART_REASON), name
            sock.close()
        assert "drained in" in first.output()
        assert stopped_in < 10, stopped_in

    with serving(command, env_for(data, port), tmp_path, port) as second:
        second.wait_healthy(30)
        started = time.monotonic()
        sockets = {name: Socket(f"{ws}#token={tokens[name]}") for name in NAMES}
        after = {
            n: where_he_is(s.wait_for(in_hand, BACK_WITHIN, f"{n}'s hand again"))
            for n, s in sockets.items()
        }
        back_in = time.monotonic() - started
        print(f"SIGTERM to exit {stopped_in:.2f} s; all {len(NAMES)} back in {back_in:.2f} s")
        assert after == before
        assert back_in < BACK_WITHIN, back_in
        # the hand goes on from there: the player to act acts
        next_actor = next(n for n, w in after.items() if w["seat"] == w["actor"])
        sockets[next_actor].send({"action": "call"})
        for name, sock in sockets.items():
            sock.wait_for(
                lambda f: in_hand(f) and f["hand"]["actor"] != after[next_actor]["seat"],
                10,
                f"{name} sees the hand go on",
            )
            sock.close()
        second.stop()


def test_a_draining_server_takes_no_command_and_says_when_to_try_again(
    tmp_path: Path,
) -> None:
    """Between SIGTERM and the exit: an HTTP call that would change
    something is answered 503 with Retry-After, a socket's action gets an
    error frame, a new socket is told 1012; reading goes on."""
    with LiveServer(tmp_path) as server:
        tid = create_tournament(server.http, "de-holdem", action_seconds=600, level_seconds=600)
        tokens = dict(server.register(tid, name) for name in ("Ann", "Ben"))
        server.start(tid)
        socket_url = server.ws_url(tid)
        sockets = {p: Socket(server.ws_url(tid, token=t)) for p, t in tokens.items()}
        frames = {p: s.wait_for(in_hand, 15, "the first hand") for p, s in sockets.items()}
        actor = next(p for p, f in frames.items() if f["you"]["seat"] == f["hand"]["actor"])
        hand_id = frames[actor]["hand_id"]
        stored = server.floor.store.hand_events(hand_id)

        server.call(lambda: setattr(server.app.state.drain, "draining", True))
        response = server.http.post(
            f"/api/tournaments/{tid}/actions",
            json={"action": "call"},
            headers={"Authorization": f"Bearer {tokens[actor]}"},
        )
        assert response.status_code == 503
        assert response.headers["retry-after"] == "5"
        refusal = response.json()
        assert refusal["template"] == "the server is restarting: try again in a moment"
        assert refusal["clause"] == "OQ-41"
        late = server.http.post(f"/api/tournaments/{tid}/register", json={"name": "Late"})
        assert late.status_code == 503
        sockets[actor].send({"action": "call"})
        error = sockets[actor].wait_for(lambda f: f["type"] == "error", 10, "the refusal")
        assert error["template"] == "the server is restarting: try again in a moment"
        assert server.http.get(f"/api/tournaments/{tid}").status_code == 200
        newcomer = Socket(socket_url, hello=False)
        with pytest.raises(ConnectionClosed) as closed:
            newcomer.recv(10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_RESTART
        assert server.floor.store.hand_events(hand_id) == stored  # nothing was carried out
        for sock in (*sockets.values(), newcomer):
            sock.close()
