"""Deals over HTTP (OQ-34, OQ-73): refused where the organiser has not
allowed them; proposed by the director, answered by each player with his
own token (or at a live event recorded by the director), the deal made
ends the tournament and the results show it."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.helpers.server import AUTH, create_tournament
from tests.helpers.server_api import bearer, register, status


def live_final(client: TestClient, **settings: object) -> tuple[str, dict[str, str]]:
    """A live de-holdem event of three with a pool of 10,000 paying 50/30/20."""
    tid = create_tournament(
        client,
        "de-holdem",
        mode="live",
        starting_stack=1000,
        prize_pool=10_000,
        payout_shares=[50, 30, 20],
        **settings,
    )
    tokens = dict(register(client, tid, name) for name in ("Anna", "Berit", "Carl"))
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    return tid, tokens


@pytest.mark.clause("OQ-34")
def test_a_deal_is_refused_where_the_organiser_has_not_allowed_one(client: TestClient) -> None:
    tid, _ = live_final(client)
    assert status(client, tid)["deals_allowed"] is False
    refused = client.post(f"/api/tournaments/{tid}/deal", json={"method": "icm"}, headers=AUTH)
    assert refused.status_code == 409
    detail = refused.json()["detail"]
    assert "OQ-34" in detail["clause"] and "not allowed" in detail["message"]
    assert [c["id"] for c in detail["clauses"]] == ["OQ-34", "OQ-73"]
    assert status(client, tid)["deal"] is None


@pytest.mark.clause("OQ-73")
def test_a_chip_chop_agreed_by_each_ends_the_event_and_the_results_show_it(
    client: TestClient,
) -> None:
    tid, tokens = live_final(client, deals_allowed=True)
    players = list(tokens)
    proposed = client.post(
        f"/api/tournaments/{tid}/deal", json={"method": "chip", "note": "three left"}, headers=AUTH
    )
    assert proposed.status_code == 200, proposed.text
    result = proposed.json()["result"]
    # equal stacks: each is sure of 2,000; the other 4,000 by chips, the unit left
    # to the first of the equal fractions
    assert result["amounts"] == dict(zip(players, [3334, 3333, 3333], strict=True))
    assert sum(result["amounts"].values()) == result["prize_money"] == 10_000
    deal = status(client, tid)["deal"]
    assert deal["state"] == "proposed" and [p["agreed"] for p in deal["players"]] == [False] * 3
    url = f"/api/tournaments/{tid}/deal/answer"
    # nobody answers for another player
    other = client.post(
        url, json={"player": players[1], "agree": True}, headers=bearer(tokens[players[0]])
    )
    assert other.status_code == 403
    own = client.post(
        url, json={"player": players[0], "agree": True}, headers=bearer(tokens[players[0]])
    )
    assert own.status_code == 200, own.text
    for player in players[1:]:  # at a live event the director records the others
        answer = client.post(url, json={"player": player, "agree": True}, headers=AUTH)
        assert answer.status_code == 200, answer.text
    assert answer.json()["result"]["type"] == "deal_made"
    after = status(client, tid)
    assert after["status"] == "finished" and after["deal"]["state"] == "made"
    results = client.get(f"/api/tournaments/{tid}/results").json()
    assert [r["prize"] for r in results["rows"]] == [3334, 3333, 3333]
    assert results["deal"]["method"] == "chip"
    log = client.get(f"/api/tournaments/{tid}/rulings", headers=AUTH).json()
    assert [e["type"] for e in log if e["type"].startswith("deal")] == [
        "deal_proposed",
        "deal_made",
    ]


@pytest.mark.clause("OQ-73")
def test_a_deal_is_a_chip_or_an_icm_chop_and_nothing_else(client: TestClient) -> None:
    tid = create_tournament(client, "nm-holdem", deals_allowed=True, between_hands_s=60)
    assert status(client, tid)["deals_allowed"] is True
    refused = client.post(f"/api/tournaments/{tid}/deal", json={"method": "coin"}, headers=AUTH)
    assert refused.status_code == 409 and refused.json()["detail"]["clause"] == "OQ-34, OQ-73"
