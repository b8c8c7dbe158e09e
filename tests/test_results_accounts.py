"""The results' accounts (issue 20), computed by the tournament core and
shown as the server gives them: the buy-ins (paid entries × buy-in, the
pool before the guarantee; only confirmed entries pay, DE-DEAL-3/4,
OQ-46), the fees (paid entries × fee, never in the pool), what the
guarantee adds, or a fixed pool; over HTTP in the tournament's details,
in the results sheet's data for the printable page and in the PDF's
lines, in the reader's language."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from floorman.server import i18n
from floorman.services.results import accounts_lines
from tests.helpers.server import AUTH
from tests.helpers.server_api import floor
from tests.test_server_entries import bust, details, live
from tests.test_tournament_entries import entered, money


@pytest.mark.clause("DE-DEAL-3", "DE-DEAL-4", "OQ-46")
def test_DE_DEAL_4_OQ_46_the_accounts_count_the_paid_entries_only() -> None:
    t = entered("de-holdem", 0, money("de-holdem", buy_in=100, fee=15, guarantee=1000), start=False)
    for k in range(1, 5):
        t.register(f"p{k}")
    t.register("p5", confirmed=False)  # running along: pays nothing yet
    a = t.accounts
    assert (a.paid_entries, a.buy_ins, a.fees) == (4, 400, 60)
    assert (a.guarantee, a.top_up, a.prize_pool) == (1000, 600, 1000)
    assert a.prize_pool == t.prize_pool == a.buy_ins + a.top_up
    t.confirm("p5")
    assert (t.accounts.buy_ins, t.accounts.fees, t.accounts.top_up) == (500, 75, 500)


def test_buy_ins_above_the_guarantee_need_no_top_up_and_a_fixed_pool_stays() -> None:
    covered = entered("tda", 12, money(buy_in=100, fee=5, guarantee=1000), start=False)
    a = covered.accounts
    assert (a.buy_ins, a.fees, a.top_up, a.prize_pool) == (1200, 60, 0, 1200)
    fixed = entered("tda", 6, money(buy_in=100, fee=5, prize_pool=5000), start=False)
    f = fixed.accounts
    assert (f.buy_ins, f.fees, f.top_up, f.fixed_pool, f.prize_pool) == (600, 30, 0, 5000, 5000)


def test_the_results_carry_the_accounts_and_the_pdf_says_them(client: TestClient) -> None:
    tid, _ = live(client, "tda", ["Ann", "Bo", "Cy", "Di"], buy_in=100, fee=10, guarantee=1000)
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).is_success
    for name in ("Ann", "Bo", "Cy"):
        bust(client, tid, name)
    state = details(client, tid)
    assert state["status"] == "finished"
    expected = {
        "paid_entries": 4,
        "buy_in": 100,
        "fee": 10,
        "buy_ins": 400,
        "fees": 40,
        "guarantee": 1000,
        "top_up": 600,
        "fixed_pool": 0,
        "prize_pool": 1000,
    }
    assert state["accounts"] == expected
    sheet = client.get(f"/api/tournaments/{tid}/results").json()
    assert sheet["accounts"] == expected and sheet["status"] == "finished"
    assert [r["place"] for r in sheet["rows"]] == [1, 2, 3, 4]
    assert sheet["rows"][0]["name"] == "Di"  # the winner first
    prizes = {r["name"]: r["prize"] for r in state["standings"]}
    assert {r["name"]: r["prize"] for r in sheet["rows"]} == prizes
    service = floor(client).get(tid)
    assert accounts_lines(service, i18n.catalogue("nb")) == [
        "Innskudd til premiepotten (4 × 100): 400",
        "Avgifter (4 × 10), ikke i premiepotten: 40",
        "Lagt til av garantien (1000): 600",
        "Premiepott: 1000",
    ]
    assert accounts_lines(service, i18n.catalogue("de"))[-1] == "Preispool: 1000"
    pdf = client.get(f"/api/tournaments/{tid}/results.pdf?lang=de")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert client.get("/api/tournaments/nothing-here/results").status_code == 404
