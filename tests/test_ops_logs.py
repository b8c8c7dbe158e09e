"""``floorman serve --log-format json`` (issue 28, point 5): one JSON object
a line, each command with its tournament, kind, key, status and latency,
and never a token or a card: the log of a played hand is searched for
every hole card dealt and every token given."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from floorman.engine.events import HoleDealt
from floorman.storage import Store
from tests.helpers.server import (
    AUTH,
    DIRECTOR,
    card_texts,
    free_port,
    serving,
    sqlite_url,
    stored_hand_events,
    text_cards,
    wait_until,
)

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]


def post(http: httpx.Client, path: str, **options: Any) -> dict[str, Any]:
    response = http.post(path, **options)
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_the_json_log_has_every_command_and_no_token_or_card(tmp_path: Path) -> None:
    data = tmp_path / "data"
    port = free_port()
    env: dict[str, str | None] = {
        "FLOORMAN_PORT": str(port),
        "FLOORMAN_DATA_DIR": str(data),
        "FLOORMAN_DIRECTOR_TOKEN": DIRECTOR,
    }
    command = [sys.executable, "-m", "floorman", "serve", "--log-format", "json"]
    with serving(command, env, tmp_path, port) as server:
        server.wait_healthy(30)
        with httpx.Client(base_url=server.url, timeout=10) as http:
            body = {"profile": "de-holdem", "bots": 0, "level_seconds": 600, "action_seconds": 60}
            tid = post(http, "/api/tournaments", json=body, headers=AUTH)["id"]
            tokens = [
                post(http, f"/api/tournaments/{tid}/register", json={"name": name})["token"]
                for name in ("Ann", "Bob")
            ]
            post(http, f"/api/tournaments/{tid}/start", headers=AUTH)

            def actor() -> str | None:
                hand = http.get(f"/api/tournaments/{tid}/tables/1").json()["hand"]
                if not hand or hand["actor"] is None:
                    return None
                for token in tokens:
                    me = http.get(f"/api/tournaments/{tid}/tables/1", headers=bearer(token))
                    if me.json()["you"]["seat"] == hand["actor"]:
                        return token
                return None

            token = wait_until(actor, 30, "the first hand's first actor")
            post(
                http,
                f"/api/tournaments/{tid}/actions",
                json={"action": "fold"},
                headers={**bearer(token), "Idempotency-Key": "fold-1"},
            )
            finished = wait_until(
                lambda: http.get(f"/api/tournaments/{tid}/hands").json(), 30, "the hand to end"
            )
        assert server.stop() == 0
        output = server.output()

    lines = [line for line in output.splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all(isinstance(r, dict) and {"time", "level", "message"} <= set(r) for r in records)
    acts = [r for r in records if r.get("command") == "act"]
    assert len(acts) == 1
    assert acts[0]["tournament"] == tid and acts[0]["key"] == "fold-1"
    assert acts[0]["status"] == 200 and acts[0]["latency_ms"] > 0
    assert {r["command"] for r in records if "command" in r} >= {
        "create_tournament",
        "register",
        "start",
        "act",
    }

    store = Store(sqlite_url(data))
    try:
        holes = set().union(
            *(
                card_texts(event.cards)
                for event in stored_hand_events(store, finished[0]["id"])
                if isinstance(event, HoleDealt)
            )
        )
    finally:
        store.close()
    assert len(holes) == 4  # two players, two cards each
    assert not text_cards(output) & holes
    for secret in (*tokens, DIRECTOR):
        assert secret not in output


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
