"""Issue 20 over HTTP: a tournament's buy-in, fee, guarantee, payout tables
by entries, late registration and start time travel in the creation body
(``CreateTournament.settings``) and come back in the lobby's list; late
entries are seated, refused after their level (OQ-41); a busted player
re-enters where the profile allows it (tda), never in a freeze-out
(OQ-41); the results sheet comes as CSV and PDF.

The live mode makes busts exact: the floor's chip counts put a player
out, no cards dealt."""

from __future__ import annotations

import csv
import io
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.helpers.server import AUTH, STILL_RUNNING, create_tournament

RANGES = [
    {"min_entries": 2, "max_entries": 4, "shares": [65, 35]},
    {"min_entries": 5, "max_entries": None, "shares": [50, 30, 20]},
]


def live(
    client: TestClient, profile: str, names: list[str], **settings: Any
) -> tuple[str, dict[str, str]]:
    tid = create_tournament(client, profile, mode="live", level_seconds=600, **settings)
    tokens = {}
    for name in names:
        answer = client.post(f"/api/tournaments/{tid}/register", json={"name": name})
        assert answer.status_code == 200, answer.text
        tokens[name] = answer.json()["token"]
    return tid, tokens


def details(client: TestClient, tid: str) -> dict[str, Any]:
    return dict(client.get(f"/api/tournaments/{tid}").json())


def player_of(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(r for r in state["standings"] if r["name"] == name)


def bust(client: TestClient, tid: str, name: str) -> None:
    """The floor counts ``name``'s table with him at 0, his chips with the
    player next to him."""
    state = details(client, tid)
    row = player_of(state, name)
    table = next(t for t in state["tables"] if t["table"] == row["table"])
    counts = {s["player"]: s["chips"] for s in table["seats"]}
    other = next(p for p in counts if p != row["player"])
    counts[other] += counts[row["player"]]
    counts[row["player"]] = 0
    answer = client.post(
        f"/api/tournaments/{tid}/live/counts",
        json={"table": row["table"], "counts": counts},
        headers=AUTH,
    )
    assert answer.status_code == 200, answer.text


def test_the_money_settings_travel_to_the_lobby(client: TestClient) -> None:
    tid = create_tournament(
        client,
        "tda",
        buy_in=100,
        fee=10,
        guarantee=1000,
        payout_tables=RANGES,
        late_registration_level=2,
        starts_at="2026-12-24T18:00:00+01:00",
    )
    for name in ("Ann", "Bo", "Cy"):
        assert client.post(f"/api/tournaments/{tid}/register", json={"name": name}).is_success
    listed = next(t for t in client.get("/api/tournaments").json() if t["id"] == tid)
    assert listed["buy_in"] == 100 and listed["fee"] == 10
    assert listed["starts_at"] == "2026-12-24T18:00:00+01:00"
    assert listed["registration_open"] is True and listed["re_entry"] is True
    assert listed["prize_pool"] == 1000  # the guarantee: 3 x 100 is less
    state = details(client, tid)
    assert state["payouts"] == [65, 35] and state["entries"] == 3
    assert [p["amount"] for p in state["prizes"]] == [650, 350]
    assert state["payout_tables"] == RANGES


@pytest.mark.clause("NM-H-19", "OQ-39")
def test_NM_H_19_a_range_of_another_length_under_nm_holdem_gets_422(client: TestClient) -> None:
    answer = client.post(
        "/api/tournaments",
        json={"profile": "nm-holdem", "payout_tables": RANGES},
        headers=AUTH,
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["detail"]["clause"] == "NM-H-19, OQ-39"


def test_a_start_time_that_is_no_iso_time_gets_422(client: TestClient) -> None:
    answer = client.post(
        "/api/tournaments", json={"profile": "tda", "starts_at": "at eight"}, headers=AUTH
    )
    assert answer.status_code == 422
    assert answer.json()["detail"]["template"] == "the start time {time} is no ISO 8601 time"


@pytest.mark.clause("OQ-41")
def test_OQ_41_a_late_entry_is_seated_until_the_level_then_refused(client: TestClient) -> None:
    tid, _ = live(client, "tda", ["Ann", "Bo", "Cy", "Di"], late_registration_level=2, buy_in=20)
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).is_success
    late = client.post(f"/api/tournaments/{tid}/register", json={"name": "Eve"})
    assert late.status_code == 200, late.text
    state = details(client, tid)
    eve = player_of(state, "Eve")
    assert eve["status"] == "playing" and eve["chips"] == 300 and eve["table"] is not None
    assert state["prize_pool"] == 100 and state["entries"] == 5
    moved = client.post(
        f"/api/tournaments/{tid}/override/level",
        json={"level": 3, "note": "late registration over"},
        headers=AUTH,
    )
    assert moved.status_code == 200, moved.text
    refused = client.post(f"/api/tournaments/{tid}/register", json={"name": "Flo"})
    assert refused.status_code == 409
    detail = refused.json()["detail"]
    assert detail["clause"] == "OQ-41"
    assert detail["template"] == "late registration closed at the end of level {level}"
    listed = next(t for t in client.get("/api/tournaments").json() if t["id"] == tid)
    assert listed["registration_open"] is False


def test_a_busted_player_re_enters_with_his_token_and_the_results_count_it(
    client: TestClient,
) -> None:
    tid, tokens = live(
        client,
        "tda",
        ["Ann", "Bo", "Cy", "Di"],
        late_registration_level=3,
        buy_in=50,
        payout_tables=RANGES,
    )
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).is_success
    bust(client, tid, "Ann")
    ann = player_of(details(client, tid), "Ann")
    assert ann["status"] == "out"
    url = f"/api/tournaments/{tid}/players/{ann['player']}/re-enter"
    stranger = {"Authorization": f"Bearer {tokens['Bo']}"}
    assert client.post(url, headers=stranger).status_code == 403
    mine = {"Authorization": f"Bearer {tokens['Ann']}"}
    me = client.get(f"/api/tournaments/{tid}/me", headers=mine).json()
    assert me["may_re_enter"] is True
    answer = client.post(url, headers=mine)
    assert answer.status_code == 200, answer.text
    state = details(client, tid)
    assert player_of(state, "Ann")["status"] == "playing"
    assert (state["entries"], state["prize_pool"]) == (5, 250)
    for name in ("Bo", "Cy", "Di"):
        bust(client, tid, name)
    state = details(client, tid)
    assert state["status"] == "finished"
    sheet = client.get(f"/api/tournaments/{tid}/results.csv?lang=en")
    assert sheet.status_code == 200 and sheet.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(sheet.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == ["Place", "Name", "Prize", "Entries"]
    by_name = {r[1]: r for r in rows[1:]}
    assert by_name["Ann"][3] == "2"
    assert sorted(int(r[2]) for r in rows[1:]) == [0, 50, 75, 125]  # 5 entries: 50/30/20 of 250
    assert [int(r[0]) for r in rows[1:]] == [1, 2, 3, 4]
    german = client.get(f"/api/tournaments/{tid}/results.csv?lang=de").text
    assert german.startswith("\ufeffPlatz;Name;Preisgeld;Einkäufe")
    pdf = client.get(f"/api/tournaments/{tid}/results.pdf?lang=nb")
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")


@pytest.mark.clause("OQ-41")
def test_OQ_41_nm_holdem_is_a_freeze_out_no_re_entry(client: TestClient) -> None:
    names = [f"P{k}" for k in range(1, 7)]
    tid, tokens = live(client, "nm-holdem", names, late_registration_level=3)
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).is_success
    bust(client, tid, "P1")
    p1 = player_of(details(client, tid), "P1")
    answer = client.post(
        f"/api/tournaments/{tid}/players/{p1['player']}/re-enter",
        headers={"Authorization": f"Bearer {tokens['P1']}"},
    )
    assert answer.status_code == 409
    assert answer.json()["detail"]["clause"] == "OQ-41"
    assert answer.json()["detail"]["template"] == "{profile} allows no re-entry"


def test_a_late_entry_online_is_dealt_in_at_the_table_he_is_given(client: TestClient) -> None:
    """The tables are running when he registers: his table deals him in at
    its next hand (the table loops look again at once); still running when
    his entry arrives."""
    tid = create_tournament(client, "tda", bots=5, late_registration_level=5, **STILL_RUNNING)
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).is_success
    late = client.post(f"/api/tournaments/{tid}/register", json={"name": "Lena"})
    assert late.status_code == 200, late.text
    mine = {"Authorization": f"Bearer {late.json()['token']}"}
    lena = player_of(details(client, tid), "Lena")
    assert lena["status"] == "playing"
    deadline = time.monotonic() + 30
    while True:
        table = player_of(details(client, tid), "Lena")["table"]
        view = client.get(f"/api/tournaments/{tid}/tables/{table}", headers=mine).json()
        if view["you"]["seat"] is not None:
            break
        assert time.monotonic() < deadline, view
        time.sleep(0.05)
    assert details(client, tid)["entries"] == 6


@pytest.mark.clause("NM-H-19", "OQ-39")
def test_a_saved_structure_keeps_its_money_and_nm_holdem_ranges_pay_five(
    client: TestClient,
) -> None:
    structure = {
        "profile": "tda",
        "levels": [{"ante": 10, "seconds": 600}],
        "starting_stack": 1000,
        "table_size": 9,
        "payout_shares": [60, 40],
        "buy_in": 30,
        "fee": 3,
        "guarantee": 500,
        "payout_tables": RANGES,
        "late_registration_level": 4,
    }
    saved = client.put("/api/structures/Weekly", json=structure, headers=AUTH)
    assert saved.status_code == 200, saved.text
    tid = create_tournament(client, "tda", structure_name="Weekly")
    state = details(client, tid)
    assert (state["buy_in"], state["fee"], state["guarantee"]) == (30, 3, 500)
    assert state["payout_tables"] == RANGES and state["prize_pool"] == 500
    listed = next(t for t in client.get("/api/tournaments").json() if t["id"] == tid)
    assert listed["late_registration_level"] == 4
    refused = client.put(
        "/api/structures/NM",
        json={**structure, "profile": "nm-holdem", "payout_shares": [40, 25, 15, 12, 8]},
        headers=AUTH,
    )
    assert refused.status_code == 422
    assert refused.json()["detail"]["clause"] == "NM-H-19, OQ-39"
    assert refused.json()["detail"]["attempted"] == [65, 35]  # a range's table, not the default
