"""Payout rounding to a unit the director chooses (issue 26, OQ-69): every
prize below 1st is rounded down to a multiple of the unit (e.g. 50 kr) and
1st takes the rest, so the prizes still add up to the pool; the unit is a
field of the structure and of the tournament, 1 (no rounding) by default,
refused with the clause when it is no whole amount from 1 up."""

from __future__ import annotations

import dataclasses

import pytest
from fastapi.testclient import TestClient

from floorman.engine.errors import ProfileError, SetupViolation
from floorman.tournament.prizes import prize_table, shared_prizes
from floorman.tournament.structure import Structure
from tests.helpers.server import AUTH, create_tournament, tournament_body
from tests.helpers.tournament import structure

UNIT_REFUSED = "the payout unit is a whole amount from 1 (no rounding) to {most}, not {unit}"


@pytest.mark.clause("OQ-69", "OQ-39")
def test_OQ_69_each_prize_below_first_is_rounded_down_and_first_takes_the_rest() -> None:
    """A pool of 10,370 under 40/25/15/12/8 rounded to 50: 2,592.5 ->
    2,550, 1,555.5 -> 1,550, 1,244.4 -> 1,200, 829.6 -> 800; 1st 4,270."""
    s = dataclasses.replace(structure("tda", prize_pool=10_370), payout_unit=50)
    table = prize_table(s, 20)
    assert [a for a, _ in table] == [4_270, 2_550, 1_550, 1_200, 800]
    assert [p for _, p in table] == [40.0, 25.0, 15.0, 12.0, 8.0]  # the shares stay the table's
    assert sum(a for a, _ in table) == 10_370
    assert Structure.from_dict(s.to_dict()).payout_unit == 50
    unrounded = prize_table(dataclasses.replace(s, payout_unit=1), 20)
    assert [a for a, _ in unrounded] == [4_150, 2_592, 1_555, 1_244, 829]


@pytest.mark.clause("OQ-69", "OQ-06")
def test_OQ_69_players_sharing_places_get_rounded_shares() -> None:
    """2nd to 4th (2,550 + 1,550 + 1,200 = 5,300) shared by three: 1,766.7
    each rounds to 1,750; the first named takes the rest, 1,800."""
    s = dataclasses.replace(structure("tda", prize_pool=10_370), payout_unit=50)
    split = shared_prizes(prize_table(s, 20), 2, ["a", "b", "c"], unit=50)
    assert [amount for _, amount, _ in split] == [1_800, 1_750, 1_750]


@pytest.mark.clause("OQ-69")
@pytest.mark.parametrize("unit", [0, -50, 10**16, True, 2.5])
def test_OQ_69_a_payout_unit_that_is_no_whole_amount_from_one_is_refused(unit: object) -> None:
    with pytest.raises(SetupViolation) as refused:
        dataclasses.replace(structure("tda"), payout_unit=unit)  # type: ignore[arg-type]
    error = refused.value
    assert isinstance(error, ProfileError) and error.clause == "OQ-69"
    assert error.template == UNIT_REFUSED
    assert error.values["unit"] == repr(unit)


@pytest.mark.clause("OQ-69")
def test_OQ_69_the_api_takes_the_unit_shows_it_and_refuses_a_bad_one(client: TestClient) -> None:
    tid = create_tournament(client, "tda", prize_pool=10_370, payout_unit=50)
    details = client.get(f"/api/tournaments/{tid}").json()
    assert details["payout_unit"] == 50
    for name in ("Ann", "Bo", "Cy", "Di", "Eva", "Finn"):
        client.post(f"/api/tournaments/{tid}/register", json={"name": name})
    prizes = client.get(f"/api/tournaments/{tid}").json()["prizes"]
    assert [p["amount"] for p in prizes] == [4_270, 2_550, 1_550, 1_200, 800]
    assert client.get(f"/api/tournaments/{tid}/results").json()["payout_unit"] == 50
    plain = create_tournament(client, "tda")
    assert client.get(f"/api/tournaments/{plain}").json()["payout_unit"] == 1  # no rounding
    refused = client.post(
        "/api/tournaments", json=tournament_body("tda", payout_unit=0), headers=AUTH
    )
    assert refused.status_code == 422, refused.text
    detail = refused.json()["detail"]
    assert (detail["clause"], detail["template"]) == ("OQ-69", UNIT_REFUSED)
    assert detail["values"]["unit"] == "0"


@pytest.mark.clause("OQ-69")
def test_OQ_69_a_saved_structure_keeps_its_unit_and_a_tournament_takes_it(
    client: TestClient,
) -> None:
    body = {
        "profile": "tda",
        "levels": [{"ante": 10, "seconds": 600}],
        "starting_stack": 1000,
        "table_size": 9,
        "payout_shares": [60, 40],
        "buy_in": 1500,
        "fee": 150,
        "payout_unit": 100,
    }
    saved = client.put("/api/structures/Fredag", json=body, headers=AUTH)
    assert saved.status_code == 200, saved.text
    assert saved.json()["structure"]["payout_unit"] == 100
    tid = create_tournament(client, "tda", structure_name="Fredag")
    assert client.get(f"/api/tournaments/{tid}").json()["payout_unit"] == 100
    bad = client.put("/api/structures/Fredag", json={**body, "payout_unit": -1}, headers=AUTH)
    assert bad.status_code == 422 and bad.json()["detail"]["clause"] == "OQ-69"
