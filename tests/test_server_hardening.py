"""Hostile and absurd input (issue 12): every number a client sends has a
bound, nothing stored can break a listing, JSON without NaN, Infinity, lone
surrogates or deep nesting, bodies of at most 1 MiB, and 422s that do not
echo the input.  Each answered with a clear 4xx, never a 500."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from floorman.server.limits import MAX_BODY, MAX_DEPTH
from floorman.storage import Store
from tests.helpers.server import AUTH, create_tournament, sqlite_url
from tests.helpers.server_api import make_client

pytestmark = pytest.mark.timeout(60)

JSON = {**AUTH, "content-type": "application/json"}


@pytest.mark.parametrize(
    "body",
    [
        '{"profile": "nm-holdem", "action_seconds": NaN}',
        '{"profile": "nm-holdem", "action_seconds": Infinity}',
        '{"profile": "nm-holdem", "action_seconds": -Infinity}',
        '{"profile": "nm-holdem", "level_seconds": 1e400}',
        '{"profile": "nm-holdem", "name": "\\ud800"}',
        '{"profile": "nm-holdem", "name": "a\\udc00b"}',
        '{"profile": "nm-holdem", "x": ' + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "}",
        '{"profile": "nm-holdem", "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
    ],
)
def test_hostile_json_is_a_422_not_a_500(client: TestClient, body: str) -> None:
    response = client.post("/api/tournaments", content=body, headers=JSON)
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert detail["template"] in {
        "numbers must be finite: NaN and Infinity are not JSON",
        "text holds a lone surrogate: it is not Unicode",
        "JSON nested too deeply",
    }
    assert client.get("/api/tournaments").json() == []  # nothing was created


def test_a_body_over_the_limit_is_refused_unread(client: TestClient) -> None:
    huge = b'{"name": "' + b"x" * (MAX_BODY + 10) + b'"}'
    tid = create_tournament(client, "nm-holdem")
    response = client.post(
        f"/api/tournaments/{tid}/register",
        content=huge,
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413
    assert len(response.content) < 1000  # nothing echoed back
    assert response.json()["detail"]["values"] == {"limit": MAX_BODY}


def test_a_422_does_not_echo_the_input(client: TestClient) -> None:
    tid = create_tournament(client, "nm-holdem")
    response = client.post(f"/api/tournaments/{tid}/register", json={"name": "x" * 5000})
    assert response.status_code == 422
    assert "x" * 100 not in response.text
    [problem] = response.json()["detail"]
    assert problem["loc"] == ["body", "name"] and problem["type"] == "string_too_long"


@pytest.mark.parametrize(
    "field, value",
    [
        ("level_seconds", 10**400),
        ("level_seconds", 7 * 24 * 3600 + 1),
        ("starting_stack", 10**13),
        ("prize_pool", 10**16),
        ("payout_shares", [1] * 1001),
        ("payout_shares", [10**9]),
        ("levels", [{"ante": 10, "seconds": 10**9}]),
        ("levels", [{"ante": 10**13, "seconds": 60}]),
    ],
)
def test_every_number_has_a_bound(client: TestClient, field: str, value: object) -> None:
    body = json.dumps({"profile": "nm-holdem", field: value})
    response = client.post("/api/tournaments", content=body, headers=JSON)
    assert response.status_code == 422, response.text
    assert client.get("/api/tournaments").status_code == 200


def test_a_stored_tournament_that_breaks_the_rules_never_breaks_the_lobby(
    tmp_path: Path,
) -> None:
    """A level of 10**400 s stored (before the bounds) once made
    GET /api/tournaments answer 500 for ever; now the bad tournament is
    left out at load and the lobby lists the rest."""
    with make_client(tmp_path) as client:
        good = create_tournament(client, "nm-holdem")
    store = Store(sqlite_url(tmp_path))
    events = store.tournament_events(good)
    bad = json.loads(json.dumps(events[0]))
    bad["tournament"] = "bad"
    bad["structure"]["levels"][0]["seconds"] = 10**400
    store.create_tournament("bad", "bad", "nm-holdem", {})
    store.commit("bad", [bad])
    store.close()
    with make_client(tmp_path) as client:
        listed = client.get("/api/tournaments")
        assert listed.status_code == 200
        assert [t["id"] for t in listed.json()] == [good]


def test_hostile_json_over_the_websocket_is_an_error_frame(client: TestClient) -> None:
    tid = create_tournament(client, "nm-holdem")
    with client.websocket_connect(f"/ws/tournaments/{tid}") as socket:
        socket.send_text('{"type": "hello"}')  # a spectator's first message
        socket.receive_json()  # the tournament summary
        for text, template in (
            ("[" * 4_000 + "]" * 4_000, "JSON nested too deeply"),  # under the size limit
            (
                '{"action": "raise", "amount": NaN}',
                "numbers must be finite: NaN and Infinity are not JSON",
            ),
            (
                '{"type": "chat", "text": "\\ud800"}',
                "text holds a lone surrogate: it is not Unicode",
            ),
        ):
            socket.send_text(text)
            frame = socket.receive_json()
            assert frame["type"] == "error" and frame["template"] == template
        socket.send_text('{"type": "watch", "table": 1}')  # the socket lives on
        assert socket.receive_json()["type"] in ("table", "chat_history")
