"""The documented HTTP API, through FastAPI's TestClient:
registration, player and director
tokens, malformed bodies.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from floorman.server import i18n
from tests.helpers.server import (
    AUTH,
    DIRECTOR,
    WRONG,
    create_tournament,
)
from tests.helpers.server_api import (
    bearer,
    floor,
    register,
    snapshot,
    status,
)

pytestmark = pytest.mark.timeout(120)


def test_registration_returns_a_token(client: TestClient) -> None:
    tid = create_tournament(client, "de-holdem")
    assert status(client, tid)["status"] == "registering"
    alice, alice_token = register(client, tid, "Alice")
    bob, bob_token = register(client, tid, "Bob")
    assert alice != bob and alice_token != bob_token
    me = client.get(f"/api/tournaments/{tid}/me", headers=bearer(alice_token))
    assert me.status_code == 200
    assert me.json()["player"] == alice and me.json()["name"] == "Alice"
    assert client.get(f"/api/tournaments/{tid}/me", headers=bearer(bob_token)).json()["player"] == (
        bob
    )
    assert client.get(f"/api/tournaments/{tid}/me").status_code == 401
    assert client.get(f"/api/tournaments/{tid}/me", headers=bearer("forged")).status_code == 403
    standings = {r["player"]: r for r in status(client, tid)["standings"]}
    assert set(standings) == {alice, bob}
    # The token itself is never stored, only its hash.
    rows = floor(client).store.players(tid)
    assert all(alice_token not in str(row) and bob_token not in str(row) for row in rows)
    # Registration closes at the start (OQ-41).
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    before = snapshot(client, tid)
    late = client.post(f"/api/tournaments/{tid}/register", json={"name": "Late"})
    assert late.status_code == 409
    assert "OQ-41" in late.json()["detail"]["clause"]
    assert len(snapshot(client, tid)["state"]["standings"]) == len(before["state"]["standings"])


DIRECTOR_CALLS: list[tuple[str, str, dict[str, Any] | None]] = [
    ("post", "/api/tournaments", {"profile": "de-holdem", "bots": 3}),
    ("post", "/api/tournaments/{tid}/start", None),
    ("post", "/api/tournaments/{tid}/bots", {"count": 2}),
    ("post", "/api/tournaments/{tid}/floor/warn", {"player": "p1", "clause": "DE-ETIQ-1"}),
    (
        "post",
        "/api/tournaments/{tid}/floor/penalty",
        {"player": "p1", "clause": "DE-PENALTY-3", "hands": 2},
    ),
    ("post", "/api/tournaments/{tid}/floor/disqualify", {"player": "p1", "clause": "DE-GEN-5"}),
    ("post", "/api/tournaments/{tid}/floor/absent", {"player": "p1", "absent": True}),
    ("post", "/api/tournaments/{tid}/override/chips", {"player": "p1", "chips": 5, "note": "x"}),
    (
        "post",
        "/api/tournaments/{tid}/override/seat",
        {"player": "p1", "table": 1, "seat": 9, "note": "x"},
    ),
    ("post", "/api/tournaments/{tid}/override/level", {"level": 3, "note": "x"}),
    ("post", "/api/tournaments/{tid}/live/counts", {"table": 1, "counts": {"p1": 0}}),
    ("post", "/api/tournaments/{tid}/pause", None),
    ("post", "/api/tournaments/{tid}/resume", None),
]


@pytest.mark.parametrize("running", [False, True], ids=["registering", "running"])
def test_director_calls_need_the_director_token(client: TestClient, running: bool) -> None:
    tid = create_tournament(client, "de-holdem", bots=4, action_delay_ms=50, level_seconds=600)
    _, player_token = register(client, tid, "Player")
    if running:
        assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
        # Pause so nothing moves while the state is compared.
        assert client.post(f"/api/tournaments/{tid}/pause", headers=AUTH).status_code == 200
    before = snapshot(client, tid)
    for method, path, body in DIRECTOR_CALLS:
        url = path.format(tid=tid)
        for headers, expected in (
            ({}, 401),
            ({"Authorization": f"Basic {DIRECTOR}"}, 401),
            (WRONG, 403),
            (bearer(player_token), 403),
            ({"Authorization": f"Bearer {DIRECTOR}x"}, 403),
        ):
            response = client.request(method, url, json=body, headers=headers)
            assert response.status_code == expected, (method, url, headers, response.text)
    assert snapshot(client, tid) == before
    # The same calls with the token do work (the bodies were valid).
    response = client.post(
        f"/api/tournaments/{tid}/floor/warn", json=DIRECTOR_CALLS[3][2], headers=AUTH
    )
    assert response.status_code == 200, response.text
    assert snapshot(client, tid)["rulings"][-1]["clause"] == "DE-ETIQ-1"


MALFORMED: list[tuple[str, Any]] = [
    ("/api/tournaments", b"{not json"),
    ("/api/tournaments", b""),
    ("/api/tournaments", b"[]"),
    ("/api/tournaments", {"bots": 3}),
    ("/api/tournaments", {"profile": "de-holdem", "bots": -1}),
    ("/api/tournaments", {"profile": "de-holdem", "bots": "many"}),
    ("/api/tournaments", {"profile": "de-holdem", "starting_stack": 0}),
    ("/api/tournaments", {"profile": "de-holdem", "action_delay_ms": 10**9}),
    ("/api/tournaments", {"profile": "no-such-rules"}),
    ("/api/tournaments", {"profile": "nm-holdem", "table_size": 3}),
    ("/api/tournaments", {"profile": "de-holdem", "payout_shares": [50, 30]}),
    ("/api/tournaments", {"profile": "de-holdem", "mode": "sideways"}),
    ("/api/tournaments", {"profile": "de-holdem", "bot_kind": "genius"}),
    ("/api/tournaments/{tid}/register", b"{"),
    ("/api/tournaments/{tid}/register", {}),
    ("/api/tournaments/{tid}/register", {"name": ""}),
    ("/api/tournaments/{tid}/register", {"name": "x" * 41}),
    ("/api/tournaments/{tid}/register", {"name": 7}),
    ("/api/tournaments/{tid}/bots", {"count": 0}),
    ("/api/tournaments/{tid}/bots", b"nope"),
    ("/api/tournaments/{tid}/floor/warn", {"player": "p1"}),
    ("/api/tournaments/{tid}/floor/penalty", {"player": "p1", "clause": "OQ-62", "hands": 0}),
    ("/api/tournaments/{tid}/override/chips", {"player": "p1", "chips": -5, "note": "x"}),
    ("/api/tournaments/{tid}/override/chips", {"player": "p1", "chips": 5}),
    ("/api/tournaments/{tid}/override/seat", {"player": "p1", "table": 0, "seat": 1, "note": "x"}),
    ("/api/tournaments/{tid}/override/level", {"level": "three", "note": "x"}),
    ("/api/tournaments/{tid}/live/counts", {"table": 1, "counts": ["p1", 0]}),
    ("/api/tournaments/{tid}/live/counts", {"table": 1, "counts": {"p1": "lots"}}),
]


def test_malformed_bodies_get_422_and_change_nothing(client: TestClient) -> None:
    tid = create_tournament(client, "de-holdem", bots=3)
    before = snapshot(client, tid)
    for path, body in MALFORMED:
        url = path.format(tid=tid)
        if isinstance(body, bytes):
            response = client.post(
                url, content=body, headers={**AUTH, "Content-Type": "application/json"}
            )
        else:
            response = client.post(url, json=body, headers=AUTH)
        assert response.status_code == 422, (url, body, response.status_code, response.text)
        assert snapshot(client, tid) == before, (url, body)
    assert client.post("/api/tournaments/nope/start", headers=AUTH).status_code == 404
    assert client.get("/api/tournaments/nope").status_code == 404


def test_a_missing_director_token_is_refused_in_words_people_read(client: TestClient) -> None:
    """The scheme is in the standard header (RFC 6750), not in the message a
    page shows its reader in any of the three languages."""
    response = client.post("/api/tournaments", json={"profile": "de-holdem"})
    assert response.status_code == 401
    assert response.headers["www-authenticate"] == "Bearer"
    assert "Authorization" not in response.text and "Bearer" not in response.text
    for lang in ("en", "nb", "de"):
        words = i18n.catalogue(lang)
        assert not [k for k, v in words.items() if "Authorization: Bearer" in v], lang
