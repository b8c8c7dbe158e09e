"""The director's structure editor (issue 11): named structures saved with
their levels, breaks, starting stack and payouts, chosen when a tournament
is created, the clock following them."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.helpers.server import AUTH

pytestmark = pytest.mark.timeout(60)


def friday(**changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "profile": "de-holdem",
        "levels": [
            {"ante": 25, "seconds": 900},
            {"ante": 50, "seconds": 900},
            {"seconds": 600, "is_break": True},
            {"ante": 100, "seconds": 1200},
        ],
        "starting_stack": 5000,
        "table_size": 9,
        "payout_shares": [50, 30, 20],
        "prize_pool": 1000,
    }
    body.update(changes)
    return body


def test_a_saved_structure_is_listed_with_its_blinds(client: TestClient) -> None:
    saved = client.put("/api/structures/Friday night", json=friday(), headers=AUTH)
    assert saved.status_code == 200, saved.text
    listed = client.get("/api/structures").json()
    assert [s["name"] for s in listed] == ["Friday night"]
    levels = listed[0]["structure"]["levels"]
    # de-holdem: small blind 1 ante, big blind 2 antes (NM-H-2 style, OQ-28)
    assert [lv["blinds"] for lv in levels] == [[25, 50], [50, 100], [0, 0], [100, 200]]
    assert levels[2]["is_break"] is True
    # saving again under the name replaces it
    client.put("/api/structures/Friday night", json=friday(starting_stack=8000), headers=AUTH)
    again = client.get("/api/structures/Friday night").json()
    assert again["structure"]["starting_stack"] == 8000


def test_a_tournament_created_from_it_follows_its_levels_and_payouts(
    client: TestClient,
) -> None:
    client.put("/api/structures/Friday", json=friday(), headers=AUTH)
    created = client.post(
        "/api/tournaments",
        json={"profile": "de-holdem", "structure_name": "Friday", "bots": 4},
        headers=AUTH,
    )
    assert created.status_code == 200, created.text
    tid = created.json()["id"]
    details = client.get(f"/api/tournaments/{tid}").json()
    assert [lv["seconds"] for lv in details["levels"]] == [900, 900, 600, 1200]
    assert [lv["is_break"] for lv in details["levels"]] == [False, False, True, False]
    assert details["payouts"] == [50, 30, 20] and details["prize_pool"] == 1000
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    standings = client.get(f"/api/tournaments/{tid}").json()["standings"]
    assert sum(row["chips"] for row in standings) == 4 * 5000  # the saved starting stack


def test_inline_levels_replace_the_default_ones(client: TestClient) -> None:
    created = client.post(
        "/api/tournaments",
        json={
            "profile": "nm-draw",
            "levels": [{"ante": 10, "seconds": 300}, {"ante": 20, "seconds": 300}],
        },
        headers=AUTH,
    )
    assert created.status_code == 200, created.text
    levels = client.get(f"/api/tournaments/{created.json()['id']}").json()["levels"]
    assert [(lv["ante"], lv["seconds"]) for lv in levels] == [(10, 300), (20, 300)]


def test_a_structure_the_rules_refuse_is_not_saved(client: TestClient) -> None:
    """NM-H-19, OQ-39: nm-holdem pays exactly five places."""
    refused = client.put(
        "/api/structures/Short", json=friday(profile="nm-holdem", table_size=10), headers=AUTH
    )
    assert refused.status_code == 422
    assert "NM-H-19" in refused.json()["detail"]["clause"]
    assert client.get("/api/structures").json() == []
    no_ante = friday(levels=[{"ante": 0, "seconds": 600}])
    assert client.put("/api/structures/Zero", json=no_ante, headers=AUTH).status_code == 422
    assert client.put("/api/structures/X", json=friday()).status_code == 401


def test_the_wrong_profile_or_an_unknown_structure_is_refused(client: TestClient) -> None:
    client.put("/api/structures/Friday", json=friday(), headers=AUTH)
    wrong = client.post(
        "/api/tournaments",
        json={"profile": "nm-draw", "structure_name": "Friday"},
        headers=AUTH,
    )
    assert wrong.status_code == 422
    assert "is for de-holdem" in wrong.json()["detail"]["message"]
    unknown = client.post(
        "/api/tournaments", json={"profile": "de-holdem", "structure_name": "Nope"}, headers=AUTH
    )
    assert unknown.status_code == 422
    deleted = client.delete("/api/structures/Friday", headers=AUTH)
    assert deleted.status_code == 200
    assert client.get("/api/structures/Friday").status_code == 404
    assert client.delete("/api/structures/Friday", headers=AUTH).status_code == 404


def test_the_wizard_makes_rising_round_levels_with_breaks(client: TestClient) -> None:
    """Issue 20: nothing is saved; each ante round and above the one before,
    a break after every few levels, the blinds of the profile (NM-H-2)."""
    body = {"profile": "nm-holdem", "first_ante": 25, "rise_percent": 30, "count": 10}
    body |= {"minutes": 20, "break_every": 4, "break_minutes": 15}
    answer = client.post("/api/structures/wizard", json=body)
    assert answer.status_code == 200, answer.text
    levels = answer.json()["levels"]
    played = [lv for lv in levels if not lv["is_break"]]
    assert len(played) == 10 and [lv["is_break"] for lv in levels].count(True) == 2
    antes = [lv["ante"] for lv in played]
    assert antes[0] == 25 and antes == sorted(set(antes))
    assert all(lv["blinds"] == [lv["ante"], 2 * lv["ante"]] for lv in played)
    assert all(lv["seconds"] == 1200 for lv in played)
    assert [lv["seconds"] for lv in levels if lv["is_break"]] == [900, 900]
    assert levels[4]["is_break"] and levels[9]["is_break"]
    assert client.get("/api/structures").json() == []  # a draft, not saved
    for wrong in ({"count": 0}, {"rise_percent": 0}, {"profile": "nm-bingo"}):
        refused = client.post("/api/structures/wizard", json=body | wrong)
        assert refused.status_code == 422, (wrong, refused.text)
