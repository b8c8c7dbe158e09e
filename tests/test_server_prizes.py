"""The prize rule through the HTTP API (issue 9): ``POST /api/tournaments``
with a payout table nm-holdem does not allow gets 422 saying why (NM-H-19,
OQ-39) and creates nothing; the other profiles take the organiser's table
of any length (OQ-39, OQ-68); bot tournaments pay what the rule says,
with fewer entrants than paid places too (OQ-69: the whole pool is paid
to the places that can be filled, in the ratio of their shares)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.helpers.server import AUTH, create_tournament, tournament_body

pytestmark = pytest.mark.timeout(120)

SIX = [30, 20, 15, 15, 10, 10]


def stored(client: TestClient) -> tuple[list[str], int]:
    listing = client.get("/api/tournaments").json()
    floor = client.app.state.floor  # type: ignore[attr-defined]
    return sorted(t["id"] for t in listing), len(floor.store.tournaments())


def play_to_the_end(client: TestClient, tid: str) -> dict[str, Any]:
    response = client.post(f"/api/tournaments/{tid}/start", headers=AUTH)
    assert response.status_code == 200, response.text
    deadline = time.monotonic() + 90
    while True:
        state = client.get(f"/api/tournaments/{tid}").json()
        if state["status"] == "finished":
            return dict(state)
        assert time.monotonic() < deadline, state
        time.sleep(0.05)


@pytest.mark.clause("NM-H-19", "OQ-39")
@pytest.mark.parametrize("shares", [SIX, [60, 40], [40, 30, 20, 10]], ids=len)
def test_NM_H_19_nm_holdem_payout_table_of_another_length_gets_422_saying_why(
    client: TestClient, shares: list[int]
) -> None:
    before = stored(client)
    response = client.post(
        "/api/tournaments",
        json=tournament_body("nm-holdem", bots=6, payout_shares=shares),
        headers=AUTH,
    )
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert detail["error"] == "SetupViolation"
    assert detail["clause"] == "NM-H-19, OQ-39"
    assert detail["attempted"] == shares
    assert detail["allowed"] == "5 places"
    assert detail["message"] == (
        f"a payout table of {len(shares)} places is refused: nm-holdem pays exactly"
        " the first 5 places (allowed: 5 places) [NM-H-19, OQ-39]"
    )
    assert stored(client) == before  # nothing created, no bots registered


def test_NM_H_19_nm_holdem_takes_a_five_place_table(client: TestClient) -> None:
    shares = [50, 20, 15, 10, 5]
    tid = create_tournament(client, "nm-holdem", payout_shares=shares, prize_pool=1000)
    assert client.get(f"/api/tournaments/{tid}").json()["payouts"] == shares


@pytest.mark.parametrize("profile", ["nm-draw", "de-holdem", "tda"])
def test_OQ_39_OQ_68_other_profiles_take_a_six_place_table(
    client: TestClient, profile: str
) -> None:
    tid = create_tournament(client, profile, payout_shares=SIX, prize_pool=1000)
    assert client.get(f"/api/tournaments/{tid}").json()["payouts"] == SIX


@pytest.mark.clause("OQ-68", "OQ-39")
def test_OQ_68_a_de_holdem_bot_tournament_pays_six_places(client: TestClient) -> None:
    tid = create_tournament(client, "de-holdem", bots=8, payout_shares=SIX, prize_pool=1000)
    state = play_to_the_end(client, tid)
    prizes = {r["player"]: (r["place"], r["prize"]) for r in state["standings"] if r["prize"]}
    assert sum(prize for _, prize in prizes.values()) == 1000
    assert all(place <= 6 for place, _ in prizes.values())
    [winner] = [r for r in state["standings"] if r["place"] == 1]
    assert winner["prize"] == 300


@pytest.mark.clause("OQ-69", "OQ-39")
def test_OQ_69_three_entrants_share_the_whole_pool_on_every_page(client: TestClient) -> None:
    """nm-holdem with three bots and a pool of 1,000: places 4 and 5 cannot
    be filled, so places 1-3 are paid 40:25:15 of the whole pool (501,
    312, 187: the unit left over to 1st).  The details the lobby's preview
    shows, the standings, the results sheet's data and its CSV all say the
    same amounts, adding up to the pool."""
    tid = create_tournament(client, "nm-holdem", bots=3, prize_pool=1000)
    before = client.get(f"/api/tournaments/{tid}").json()
    assert [(p["place"], p["amount"]) for p in before["prizes"]] == [(1, 501), (2, 312), (3, 187)]
    assert [p["percent"] for p in before["prizes"]] == [50.0, 31.25, 18.75]
    state = play_to_the_end(client, tid)
    standings = state["standings"]
    assert sum(r["prize"] for r in standings) == 1000 == state["accounts"]["prize_pool"]
    by_place = sorted((r["place"], r["prize"]) for r in standings)
    # Two out in the same hand with equal stacks share 2nd and 3rd (OQ-06).
    assert by_place in ([(1, 501), (2, 312), (3, 187)], [(1, 501), (2, 250), (2, 249)])
    results = client.get(f"/api/tournaments/{tid}/results").json()
    assert sorted((r["place"], r["prize"]) for r in results["rows"]) == by_place
    lines = client.get(f"/api/tournaments/{tid}/results.csv?lang=en").content.decode("utf-8-sig")
    rows = [line.split(";") for line in lines.strip().splitlines()[1:]]
    assert sum(int(row[2]) for row in rows) == 1000
