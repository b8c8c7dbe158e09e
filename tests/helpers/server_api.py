"""Helpers shared by the HTTP API tests (``test_server_api_*.py``): a
TestClient on a fresh SQLite store, a tournament's state, registration,
bearer headers, a table's view and the end of a hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from floorman.server.app import create_app
from tests.helpers.server import (
    AUTH,
    DIRECTOR,
    create_tournament,
    sqlite_url,
    wait_until,
)


def make_client(directory: Path) -> TestClient:
    return TestClient(create_app(sqlite_url(directory), DIRECTOR), raise_server_exceptions=False)


def floor(client: TestClient) -> Any:
    return client.app.state.floor  # type: ignore[attr-defined]


def status(client: TestClient, tid: str) -> dict[str, Any]:
    response = client.get(f"/api/tournaments/{tid}")
    assert response.status_code == 200, response.text
    return dict(response.json())


def stable(state: dict[str, Any]) -> dict[str, Any]:
    """A tournament's state without the running clock."""
    return {k: v for k, v in state.items() if k != "clock"}


def snapshot(client: TestClient, tid: str) -> dict[str, Any]:
    """Everything an unauthorised or malformed call must leave unchanged."""
    listing = client.get("/api/tournaments").json()
    return {
        "tournaments": sorted(t["id"] for t in listing),
        "state": stable(status(client, tid)),
        "rulings": client.get(f"/api/tournaments/{tid}/rulings").json(),
        "events": len(floor(client).store.tournament_events(tid)),
        "stored_tournaments": len(floor(client).store.tournaments()),
    }


def register(client: TestClient, tid: str, name: str) -> tuple[str, str]:
    response = client.post(f"/api/tournaments/{tid}/register", json={"name": name})
    assert response.status_code == 200, response.text
    data = response.json()
    assert set(data) >= {"player", "token"} and len(data["token"]) >= 16
    return data["player"], data["token"]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _as_text(cards: Any) -> list[str]:
    from floorman.engine.cards import CARDS

    return [str(CARDS[c]) for c in cards]


def table_view(client: TestClient, tid: str, token: str | None, table: int = 1) -> dict[str, Any]:
    headers = bearer(token) if token else {}
    response = client.get(f"/api/tournaments/{tid}/tables/{table}", headers=headers)
    assert response.status_code == 200, response.text
    return dict(response.json())


def hand_running(client: TestClient, tid: str) -> dict[str, Any] | None:
    view = table_view(client, tid, None)
    hand = view["hand"]
    if hand and hand["phase"] != "complete" and hand["actor"] is not None:
        return view
    return None


def start_humans(client: TestClient, names: list[str], **overrides: Any) -> tuple[str, dict]:
    """A de-holdem tournament of people only, started; returns the id and
    each player's token by seat."""
    body = {"level_seconds": 600, "starting_stack": 1000, "action_seconds": 60}
    body.update(overrides)
    tid = create_tournament(client, "de-holdem", **body)
    tokens = dict(register(client, tid, name) for name in names)
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    view = wait_until(lambda: hand_running(client, tid), 10, "the first hand")
    by_seat = {}
    for player, token in tokens.items():
        you = table_view(client, tid, token)["you"]
        assert you["player"] == player
        by_seat[you["seat"]] = token
    assert {s["seat"] for s in view["seats"]} == set(by_seat)
    return tid, by_seat
