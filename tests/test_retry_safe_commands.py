"""Issue 27, point 3: every command is safe to send again with its key.

- Bots added in steps: a retry after a crash between steps adds only the
  bots still missing (each step is stored with a note of its bots).
- A chat line sent again with its id is said once (its answer is stored in
  the line's transaction).
- A seat opening sent again (a runner died before acknowledging it) is
  answered, not announced again: an announcement would take the seat back
  from a newer socket.
- ``floorman bot`` sends its registration again with the same key when
  the answer is lost, and an action its socket lost again with its id.
- A web process of the cluster gives every command a key, and when no
  runner replies in time it looks for the stored answer before saying
  "try again": a runner that did the work is never reported as failed.
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from floorman.cli import bot as bot_cli
from floorman.cluster import streams
from floorman.cluster.web import RemoteCommands
from floorman.services import Floor
from floorman.services import chat as table_chat
from floorman.services import commands as c
from floorman.services.handler import CommandHandler
from floorman.storage import Store
from tests.helpers.server import AUTH, DIRECTOR, LiveServer, create_tournament, sqlite_url
from tests.helpers.server_api import make_client, status
from tests.test_answered_once_stored import fail_next_write_with_answers

BOTS = 600  # three steps of 250


def test_bots_added_again_after_a_crash_between_steps_come_once(tmp_path: Path) -> None:
    url_of = "/api/tournaments/{}/bots"
    headers = {**AUTH, "Idempotency-Key": "fill-the-field"}
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "nm-holdem")
        store = client.app.state.floor.store  # type: ignore[attr-defined]
        fail_next_write_with_answers(store, nth=2)  # the second step's batch is lost
        body = {"count": BOTS, "kind": "random"}
        crashed = client.post(url_of.format(tid), json=body, headers=headers)
        assert crashed.status_code == 503, crashed.text
        stored = len(store.players(tid))
        assert 0 < stored < BOTS, stored  # the first step is stored, the rest is not
    with make_client(tmp_path) as client:  # restarted from what was stored
        retried = client.post(url_of.format(tid), json=body, headers=headers)
        assert retried.status_code == 200, retried.text
        added = retried.json()["result"]
        assert len(added) == len(set(added)) == BOTS
        assert len(status(client, tid)["standings"]) == BOTS
        again = client.post(url_of.format(tid), json=body, headers=headers)
        assert again.json() == retried.json()
        assert len(status(client, tid)["standings"]) == BOTS


def test_a_chat_line_sent_again_with_its_id_is_said_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_chat, "CHAT_INTERVAL", 0.0)  # a retry is never too soon
    key = "c4a1e2f3-7b6d-4c5e-9f8a-0b1c2d3e4f5a"
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "nm-holdem", bots=4, action_delay_ms=60_000)
        assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).is_success
        with client.websocket_connect(f"/ws/tournaments/{tid}?table=1") as socket:
            socket.send_json({"type": "hello"})
            for message in (
                {"type": "chat", "text": "nice hand", "id": key},
                {"type": "chat", "text": "nice hand", "id": key},
                {"type": "chat", "text": "bye", "id": key[::-1]},
            ):
                socket.send_json(message)
            while (frame := socket.receive_json()).get("text") != "bye":
                assert frame["type"] != "error", frame
        store = client.app.state.floor.store  # type: ignore[attr-defined]
        lines = [line["text"] for line in store.chat(tid)]
        assert lines == ["nice hand", "bye"]


def test_a_seat_opening_sent_again_is_announced_once(tmp_path: Path) -> None:
    store = Store(sqlite_url(tmp_path))
    announced: list[tuple[str, str]] = []

    async def scenario() -> None:
        floor = Floor(store, DIRECTOR)
        service = floor.create(profile="nm-holdem")
        player, _ = service.register("Ann")
        handler = CommandHandler(floor, on_seat_opened=lambda s, p, k: announced.append((p, k)))
        opening = c.SeatOpened(
            tournament=service.id, author=c.player_author(player), key="sock-1", socket="sock-1"
        )
        first = await handler.execute(opening)
        newer = c.SeatOpened(
            tournament=service.id, author=c.player_author(player), key="sock-2", socket="sock-2"
        )
        assert (await handler.execute(newer)).ok
        again = await handler.execute(opening)  # claimed again after a runner died
        assert first.ok and again == first
        await service.shutdown()

    try:
        asyncio.run(scenario())
    finally:
        store.close()
    assert [socket for _, socket in announced] == ["sock-1", "sock-2"]


class _Followers:
    """A web process's replicas, as far as RemoteCommands reads them."""

    def __init__(self, floor: Floor) -> None:
        self.floor = floor

    async def wait_for(self, tid: str, runner: str, seq: int) -> None:
        return None


class _RunnerDiesBeforeReplying:
    """Carries the command out (stored), then no reply comes."""

    def __init__(self, handler: CommandHandler) -> None:
        self.handler = handler
        self.sent: list[dict[str, Any]] = []

    async def send(self, tid: str | None, payload: dict[str, Any]) -> dict[str, Any]:
        command = c.command_from_dict(payload["command"])
        self.sent.append(payload["command"])
        await self.handler.execute(command)
        raise streams.NoRunner(tid)


def test_a_web_process_finds_the_answer_of_a_runner_that_died_before_replying(
    tmp_path: Path,
) -> None:
    store = Store(sqlite_url(tmp_path))

    async def scenario() -> None:
        floor = Floor(store, DIRECTOR)
        service = floor.create(profile="nm-holdem")
        runner = _RunnerDiesBeforeReplying(CommandHandler(floor))
        remote = RemoteCommands(runner, _Followers(floor))  # type: ignore[arg-type]
        answer = await remote.execute(c.Register(tournament=service.id, author=c.PUBLIC, name="Bo"))
        assert answer.status == 200 and answer.body["player"] == "p1", answer
        assert len(runner.sent[0]["key"]) == 32  # 128 random bits, made by the web process
        assert [p["player"] for p in store.players(service.id)] == ["p1"]  # done once
        await service.shutdown()

    try:
        asyncio.run(scenario())
    finally:
        store.close()


def test_floorman_bot_sends_a_lost_registration_again_with_its_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``floorman bot``: the server registered, the answer was lost; the
    bot sends the registration again with the same key and gets its seat."""
    real_urlopen = urllib.request.urlopen
    keys: list[str | None] = []

    def answer_lost_once(request: urllib.request.Request, timeout: float) -> Any:
        keys.append(request.get_header("Idempotency-key"))
        response = real_urlopen(request, timeout=timeout)
        if len(keys) == 1:
            response.close()
            raise urllib.error.URLError("connection reset by peer")
        return response

    monkeypatch.setattr(bot_cli.urllib.request, "urlopen", answer_lost_once)
    monkeypatch.setattr(bot_cli, "RETRY_SECONDS", (0.0,) * 5)
    with LiveServer(tmp_path) as server:
        tid = create_tournament(server.http, "nm-holdem")
        seat = bot_cli.register(server.url, tid, "Remote")
        assert len(keys) == 2 and keys[0] == keys[1] and len(keys[0] or "") == 32, keys
        standings = server.status(tid)["standings"]
        assert [(row["player"], row["name"]) for row in standings] == [(seat["player"], "Remote")]


def test_floorman_bot_sends_an_action_its_socket_lost_again_with_its_id(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bot's socket drops after it sent an action and before any
    answer: it connects again, says hello, and sends that action again
    with the same id (the server takes it once)."""
    import websockets

    from floorman.engine.actions import Action

    class Seat3:
        seat, can_look = 3, False

    class Folder:
        def decide(self, situation: Any, rng: Any) -> Action:
            return Action("fold")

    monkeypatch.setattr(bot_cli, "situation_from_frame", lambda frame: Seat3())
    monkeypatch.setattr(bot_cli, "RETRY_SECONDS", (0.0,) * 5)
    heard: list[list[dict[str, Any]]] = []
    turn = {"type": "table", "hand_id": "t1-h1", "hand": {"actor": 3}, "you": {"seat": 3}}
    finished = {"type": "tournament", "status": "finished", "winner": "p3"}

    async def server(socket: Any) -> None:
        messages: list[dict[str, Any]] = []
        heard.append(messages)
        messages.append(json.loads(await socket.recv()))  # the hello
        if len(heard) == 1:
            await socket.send(json.dumps(turn))
            messages.append(json.loads(await socket.recv()))  # the action
            await socket.close(1012, "restarting")  # no answer: it is lost
            return
        messages.append(json.loads(await socket.recv()))  # the action again
        await socket.send(json.dumps(finished))

    async def scenario() -> dict[str, Any]:
        async with websockets.serve(server, "127.0.0.1", 0) as listening:
            port = listening.sockets[0].getsockname()[1]
            summary: dict[str, Any] = await asyncio.wait_for(
                bot_cli.play(f"http://127.0.0.1:{port}", "t1", "tok", Folder(), None), 30
            )
            return summary

    summary = asyncio.run(scenario())
    assert summary == finished
    assert [m["type"] for m in (heard[0][0], heard[1][0])] == ["hello", "hello"]
    first, again = heard[0][1], heard[1][1]
    assert first["action"] == "fold" and again == first
    assert len(first["id"]) == 32
