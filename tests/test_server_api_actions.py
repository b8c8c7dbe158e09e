"""The documented HTTP API, through FastAPI's TestClient:
a player's actions over HTTP, with
the clause of a refused one, and the texts he sees.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from floorman.engine.events import (
    HoleDealt,
)
from tests.helpers.server import (
    AUTH,
    stored_hand_events,
    text_cards,
    wait_until,
)
from tests.helpers.server_api import (
    _as_text,
    bearer,
    floor,
    start_humans,
    table_view,
)

pytestmark = pytest.mark.timeout(120)


def test_actions_over_http(client: TestClient) -> None:
    tid, by_seat = start_humans(client, ["Ann", "Ben"])
    view = table_view(client, tid, None)
    hand_id = view["hand_id"]
    actor = view["hand"]["actor"]
    other = next(s for s in by_seat if s != actor)
    store = floor(client).store
    url = f"/api/tournaments/{tid}/actions"

    def unchanged() -> tuple[int, Any]:
        return len(store.hand_events(hand_id)), table_view(client, tid, None)["hand"]

    before = unchanged()
    # A hand under way has no public history yet.
    for path in ("", "/text", "/phh"):
        response = client.get(f"/api/hands/{hand_id}{path}", headers=AUTH)
        assert response.status_code == 404, (path, response.text)
    mine = table_view(client, tid, by_seat[actor])["hand"]
    legal = mine["legal"]
    assert legal is not None and legal["call_amount"] > 0  # heads-up: the button faces the BB

    rejected = [
        (by_seat[other], {"action": "call"}, "OutOfTurn"),
        (by_seat[actor], {"action": "check"}, "ActionNotAllowed"),
        (by_seat[actor], {"action": "raise", "amount": 1}, "AmountOutOfRange"),
        (by_seat[actor], {"action": "raise", "amount": 10**9}, "AmountOutOfRange"),
        (by_seat[actor], {"action": "draw", "cards": ["As"]}, None),
        (by_seat[actor], {"action": "look"}, None),
    ]
    for token, body, error in rejected:
        response = client.post(url, json=body, headers=bearer(token))
        assert response.status_code == 409, (body, response.text)
        detail = response.json()["detail"]
        assert detail["clause"], detail
        assert detail["clause"] in detail["message"], detail
        if error:
            assert detail["error"] == error, detail
        assert unchanged() == before, body
    too_small = client.post(
        url, json={"action": "raise", "amount": 1}, headers=bearer(by_seat[actor])
    )
    low, high = too_small.json()["detail"]["allowed"]
    assert (low, high) == (legal["min_raise_to"], legal["max_raise_to"])

    # Malformed bodies and wrong tokens change nothing either.
    for content in (b"{oops", b"[1, 2]", b'"call"'):
        response = client.post(
            url,
            content=content,
            headers={**bearer(by_seat[actor]), "Content-Type": "application/json"},
        )
        assert response.status_code == 422, (content, response.text)
    for body in ({"action": "dance"}, {"action": "raise", "amount": "lots"}, {}):
        response = client.post(url, json=body, headers=bearer(by_seat[actor]))
        assert response.status_code in (409, 422), (body, response.text)
        assert response.status_code == 422 or response.json()["detail"]["clause"]
    assert client.post(url, json={"action": "call"}).status_code == 401
    assert client.post(url, json={"action": "call"}, headers=bearer("forged")).status_code == 403
    assert client.post(url, json={"action": "call"}, headers=AUTH).status_code == 403
    assert unchanged() == before

    # A legal action is taken and stored at once.
    response = client.post(url, json={"action": "call"}, headers=bearer(by_seat[actor]))
    assert response.status_code == 200, response.text
    after = table_view(client, tid, None)["hand"]
    assert after["actor"] == other
    events = store.hand_events(hand_id)
    assert len(events) == before[0] + 1 and events[-1]["type"] == "Called"
    assert events[-1]["seat"] == actor


def test_player_texts_show_his_own_cards(client: TestClient) -> None:
    tid, by_seat = start_humans(client, ["Ann", "Ben"], between_hands_s=60)
    view = table_view(client, tid, None)
    hand_id = view["hand_id"]
    actor = view["hand"]["actor"]
    folder = by_seat[actor]
    response = client.post(
        f"/api/tournaments/{tid}/actions", json={"action": "fold"}, headers=bearer(folder)
    )
    assert response.status_code == 200, response.text
    wait_until(lambda: floor(client).store.hand(hand_id)["status"] == "finished", 30, "the hand")
    events = stored_hand_events(floor(client).store, hand_id)
    holes = {e.seat: set(_as_text(e.cards)) for e in events if isinstance(e, HoleDealt)}
    public = client.get(f"/api/hands/{hand_id}/text").text
    assert not text_cards(public), public  # nobody showed, there is no board
    for seat, token in by_seat.items():
        text = client.get(f"/api/hands/{hand_id}/text", headers=bearer(token)).text
        assert text_cards(text) == holes[seat], (seat, text)
