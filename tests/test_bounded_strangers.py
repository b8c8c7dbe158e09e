"""Issue 27, point 5, in one process: a tournament that is over refuses
its commands from its status, saying why (OQ-41), in one process as in
the cluster; a floor that does not hold it (a runner's) answers from its
stored row, never by replaying its log."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from floorman.cluster.follower import Followers
from floorman.server import api, history
from floorman.services import Floor, TournamentService
from floorman.services import commands as c
from floorman.services.auth import token_hash
from floorman.services.handler import CommandHandler
from floorman.storage import Store
from tests.helpers.server import AUTH, DIRECTOR, create_tournament, sqlite_url, wait_until
from tests.helpers.server_api import make_client

CLOSED = "tournament {tournament} is {status}: nothing in it changes any more"


def cancelled_tournament(directory: Path) -> str:
    """A tournament called off (OQ-41), stored in ``directory``."""
    with make_client(directory) as client:
        tid = create_tournament(client, "nm-holdem")
        called_off = client.post(
            f"/api/tournaments/{tid}/cancel", json={"note": "rain"}, headers=AUTH
        )
        assert called_off.status_code == 200, called_off.text
        return tid


@pytest.mark.clause("OQ-41")
def test_a_tournament_that_is_over_refuses_its_commands_saying_why(tmp_path: Path) -> None:
    tid = cancelled_tournament(tmp_path)
    with make_client(tmp_path) as client:
        late = client.post(f"/api/tournaments/{tid}/register", json={"name": "Ada"})
        assert late.status_code == 409, late.text
        detail = late.json()["detail"]
        assert detail["template"] == CLOSED
        assert detail["values"] == {"tournament": tid, "status": "cancelled"}
        assert detail["clause"] == "OQ-41" and detail["clauses"]
        unknown = client.post("/api/tournaments/no-such-id/register", json={"name": "Ada"})
        assert unknown.status_code == 404, unknown.text


@pytest.mark.clause("OQ-41")
def test_a_floor_not_holding_a_tournament_that_is_over_never_replays_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A runner's floor holds only the tournaments it plays: a command for
    one that is over is answered from its row, archiving and deleting it
    go through, and no log is replayed for any of them."""
    tid = cancelled_tournament(tmp_path)
    replayed: list[str] = []
    monkeypatch.setattr(
        TournamentService,
        "load",
        classmethod(lambda cls, store, t, *a, **k: replayed.append(t)),
    )
    store = Store(sqlite_url(tmp_path))
    floor = Floor(store, DIRECTOR)  # nothing loaded, as a runner's
    handler = CommandHandler(floor)

    async def run() -> list[Any]:
        register = c.Register(
            tournament=tid,
            author=c.PUBLIC,
            key="6a7b8c9d-over-4e1f-a2b3-c4d5e6f7a8b9",
            name="Ada",
            token_hash=token_hash("ada"),
        )
        return [
            await handler.execute(register),
            await handler.execute(c.Start(tournament=tid, author=c.DIRECTOR)),
            await handler.execute(c.Archive(tournament=tid, author=c.DIRECTOR)),
            await handler.execute(c.Delete(tournament=tid, author=c.DIRECTOR)),
            await handler.execute(c.Start(tournament=tid, author=c.DIRECTOR)),
        ]

    try:
        registered, started, archived, deleted, gone = asyncio.run(run())
    finally:
        store.close()
    assert registered.status == started.status == 409, (registered, started)
    assert registered.body["template"] == started.body["template"] == CLOSED
    assert archived.ok and deleted.ok, (archived, deleted)
    assert gone.status == 404, gone
    assert replayed == []


def test_a_finished_hand_s_page_is_built_once_and_few_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Anyone may open a finished hand step by step: asked again, its steps
    come from the cache (no replay); the cache keeps the latest asked for."""
    monkeypatch.setattr(api, "FINISHED_HAND_STEPS", history.FinishedHandSteps(size=2))
    replays: list[int] = []
    replay = history.replay_hand
    monkeypatch.setattr(history, "replay_hand", lambda events: replays.append(1) or replay(events))
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "nm-holdem", bots=6, starting_stack=200)
        assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200

        def finished() -> list[str]:
            return [h["id"] for h in client.get(f"/api/tournaments/{tid}/hands").json()]

        hands = wait_until(lambda: finished()[:3] if len(finished()) >= 3 else None, 60, "3 hands")
        first = client.get(f"/api/hands/{hands[0]}")
        assert first.status_code == 200 and replays, first.text
        built = len(replays)
        again = client.get(f"/api/hands/{hands[0]}")
        assert again.json() == first.json() and len(replays) == built  # no replay
        for hand in hands[1:]:
            assert client.get(f"/api/hands/{hand}").status_code == 200
        assert len(api.FINISHED_HAND_STEPS) == 2  # the first one went out
        before = len(replays)
        assert client.get(f"/api/hands/{hands[0]}").json() == first.json()
        assert len(replays) > before  # built again


def test_a_web_process_looks_an_unknown_id_up_once_and_replays_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A request naming a made-up tournament (a page, a GET, a websocket's
    hello) costs a web process one lookup of the id, not one per request,
    and no replay (a guard: this held before issue 27 too)."""
    store = Store(sqlite_url(tmp_path))
    lookups: list[str] = []
    look_up = store.tournament
    monkeypatch.setattr(store, "tournament", lambda t: lookups.append(t) or look_up(t))
    replayed: list[str] = []
    monkeypatch.setattr(
        TournamentService, "load", classmethod(lambda cls, s, t, *a, **k: replayed.append(t))
    )
    web = Followers(Floor(store, DIRECTOR), client=None)

    async def ask() -> None:
        for _ in range(20):
            await web.knows("0" * 32)

    try:
        asyncio.run(ask())
    finally:
        store.close()
    assert lookups == ["0" * 32] and replayed == []
    assert web.floor.get("0" * 32) is None
