"""Issue 20 in the browser, in German at 1366x768 (and one in Norwegian: a
tournament that starts by itself at its time): the director creates a
live tournament with a buy-in, a fee, payout tables by entries, late
registration and a start time; the lobby shows the buy-in, the start with
its countdown and a register button; players register there, one of them
late, after the start, and buys in again from his seat's page once he
is out (tda allows re-entry); the floor's counts put them out; the tournament
page and the director's console link the results sheet (PDF and CSV),
whose prizes come from the entries' buy-ins."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.test_browser import DIRECTOR, Api, api, browser, open_director, open_page

__all__ = ["api", "browser"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]


@pytest.fixture
def german(browser: Browser) -> Iterator[Page]:
    yield from open_page(browser, locale="de-DE", width=1366, height=768)


def register_in_the_lobby(page: Page, api: Api, tournament: str, name: str, button: str) -> None:
    page.goto(f"{api.url}/?lang=de")
    row = page.locator(f"[data-testid=tournament-row][data-id='{tournament}']")
    register = row.get_by_test_id("row-register")
    expect(register).to_have_text(button)
    register.click()
    expect(page.get_by_test_id("register-tournament")).to_have_value(tournament)
    page.get_by_test_id("register-name").fill(name)
    page.get_by_test_id("register-submit").click()
    page.wait_for_url(re.compile(rf"/t/{tournament}/play"))


def put_out(api: Api, tournament: str, name: str) -> None:
    """The floor counts ``name``'s table with him at 0 (NM-D-1B s2: the
    total stays, his chips with a neighbour)."""
    state = api.call("GET", f"/tournaments/{tournament}")
    row = next(r for r in state["standings"] if r["name"] == name)
    table = next(t for t in state["tables"] if t["table"] == row["table"])
    counts = {s["player"]: s["chips"] for s in table["seats"]}
    other = next(p for p in counts if p != row["player"])
    counts[other] += counts.pop(row["player"])
    counts[row["player"]] = 0
    body = {"table": row["table"], "counts": counts}
    api.call("POST", f"/tournaments/{tournament}/live/counts", body, DIRECTOR)


def test_a_tournament_from_entries_to_the_results_sheet_in_german(german: Page, api: Api) -> None:
    page = german
    open_director(page, api)
    page.goto(f"{api.url}/director?lang=de")
    page.get_by_test_id("c-profile").select_option("tda")
    page.locator("#c-name").fill("Abendturnier")
    page.locator("#c-mode").select_option("live")
    page.get_by_test_id("c-buy-in").fill("50")
    page.get_by_test_id("c-fee").fill("5")
    page.get_by_test_id("c-payout-tables").fill("2-4: 65,35; 5-: 50,30,20")
    page.get_by_test_id("c-late-level").fill("2")
    start = (datetime.now() + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M")
    page.get_by_test_id("c-starts-at").fill(start)
    page.get_by_test_id("create-submit").click()
    expect(page.get_by_test_id("director-message")).to_contain_text("angelegt")
    listed = api.call("GET", "/tournaments")
    tournament = next(t["id"] for t in listed if t["name"] == "Abendturnier")
    created = next(t for t in listed if t["id"] == tournament)
    assert (created["buy_in"], created["fee"], created["mode"]) == (50, 5, "live")

    page.goto(f"{api.url}/?lang=de")
    row = page.locator(f"[data-testid=tournament-row][data-id='{tournament}']")
    expect(row.get_by_test_id("buy-in")).to_have_text("50 + 5")
    expect(row.get_by_test_id("starts")).to_contain_text(re.compile(r"in 1:5\d:\d\d"))
    expect(row.get_by_test_id("who-starts")).to_have_text("die Turnierleitung startet")
    for name in ("Anna", "Bernd", "Carla"):
        register_in_the_lobby(page, api, tournament, name, "Anmelden")

    open_director(page, api, tournament)
    page.goto(f"{api.url}/director?lang=de&t={tournament}")
    page.locator("#start").click()
    expect(page.get_by_test_id("start-confirm")).to_contain_text("mit 3 Anmeldungen starten?")
    page.get_by_test_id("start-confirm-yes").click()
    expect(page.get_by_test_id("t-status")).to_contain_text(re.compile("läuft", re.I))
    register_in_the_lobby(page, api, tournament, "Dieter", "Nachmelden")
    state = api.call("GET", f"/tournaments/{tournament}")
    dieter = next(r for r in state["standings"] if r["name"] == "Dieter")
    assert dieter["status"] == "playing" and dieter["table"] is not None
    assert (state["entries"], state["prize_pool"], state["payouts"]) == (4, 200, [65, 35])

    # Dieter is out, and buys in again from his seat's page (tda allows it)
    put_out(api, tournament, "Dieter")
    page.goto(f"{api.url}/t/{tournament}/play?lang=de")
    expect(page.get_by_test_id("notice")).to_contain_text("ausgeschieden")
    page.get_by_test_id("re-enter").click()
    expect(page.get_by_test_id("re-enter")).to_have_count(0)
    state = api.call("GET", f"/tournaments/{tournament}")
    assert next(r for r in state["standings"] if r["name"] == "Dieter")["status"] == "playing"
    # five entries now: the table for 5 and more, 50/30/20 of 250
    assert (state["entries"], state["prize_pool"], state["payouts"]) == (5, 250, [50, 30, 20])

    for name in ("Anna", "Bernd", "Carla"):
        put_out(api, tournament, name)
    assert api.call("GET", f"/tournaments/{tournament}")["status"] == "finished"

    page.goto(f"{api.url}/t/{tournament}?lang=de")
    expect(page.get_by_test_id("money")).to_have_text("Einkäufe: 5 · Buy-in 50 · Preispool 250")
    pdf_link = page.get_by_test_id("results-pdf")
    expect(pdf_link).to_have_text("Ergebnisliste zum Drucken (PDF)")
    expect(pdf_link).to_be_in_viewport()
    pdf = page.request.get(api.url + str(pdf_link.get_attribute("href")))
    assert pdf.ok and pdf.body().startswith(b"%PDF")
    csv_link = page.get_by_test_id("results-csv")
    csv = page.request.get(api.url + str(csv_link.get_attribute("href"))).body()
    lines = csv.decode("utf-8-sig").splitlines()  # semicolons and a BOM: a German spreadsheet's
    assert lines[0] == "Platz;Name;Preisgeld;Einkäufe"
    assert lines[1:] == ["1;Dieter;125;2", "2;Carla;75;1", "3;Bernd;50;1", "4;Anna;0;1"]

    open_director(page, api, tournament)
    page.goto(f"{api.url}/director?lang=de&t={tournament}")
    director_pdf = page.get_by_test_id("results-pdf")
    expect(director_pdf).to_have_attribute("href", re.compile(r"results\.pdf\?lang=de$"))
    expect(page.get_by_test_id("results-csv")).to_have_text("Ergebnisse (CSV)")


def test_the_structure_editor_takes_no_typing_until_it_has_put_its_defaults_in(
    german: Page, api: Api
) -> None:
    """The editor is set up once the profiles have come; a name typed before
    was cleared then (a slow run saved a structure without its name): until
    that moment its fields are disabled, and what is typed after stays."""
    page = german
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/api/profiles", hold)
    page.goto(f"{api.url}/director?lang=de")
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the console asks for the profiles"
    expect(page.get_by_test_id("s-name")).to_be_disabled()
    expect(page.get_by_test_id("s-stack")).to_be_disabled()
    for route in held:
        route.continue_()
    expect(page.get_by_test_id("s-name")).to_be_enabled()
    page.get_by_test_id("s-name").fill("Samstag")
    expect(page.get_by_test_id("s-profile")).to_have_value("nm-holdem")
    expect(page.get_by_test_id("s-name")).to_have_value("Samstag")


def test_the_structure_editor_keeps_buy_in_and_payout_tables_by_entries(
    german: Page, api: Api
) -> None:
    """Under nm-holdem a range's table of two places is refused with
    NM-H-19; five in every range are saved and read back as typed."""
    page = german
    open_director(page, api)
    page.goto(f"{api.url}/director?lang=de")
    page.get_by_test_id("s-name").fill("Freitag")
    page.get_by_test_id("s-profile").select_option("nm-holdem")
    page.get_by_test_id("s-stack").fill("5000")
    page.get_by_test_id("s-table-size").fill("9")
    page.get_by_test_id("s-payouts").fill("40,25,15,12,8")
    page.get_by_test_id("s-buy-in").fill("200")
    page.get_by_test_id("s-fee").fill("20")
    page.get_by_test_id("s-guarantee").fill("5000")
    page.get_by_test_id("s-late-level").fill("3")
    page.get_by_test_id("s-payout-tables").fill("2-20: 65,35; 21-: 40,25,15,12,8")
    page.get_by_test_id("s-save").click()
    message = page.get_by_test_id("director-message")
    expect(message.get_by_test_id("error-clause").first).to_have_attribute("data-clause", "NM-H-19")
    page.get_by_test_id("s-payout-tables").fill("2-20: 50,20,15,10,5; 21-: 40,25,15,12,8")
    page.get_by_test_id("s-save").click()
    expect(message).to_have_text("Struktur Freitag gespeichert.")
    (saved,) = [s for s in api.call("GET", "/structures") if s["name"] == "Freitag"]
    structure = saved["structure"]
    assert (structure["buy_in"], structure["fee"], structure["guarantee"]) == (200, 20, 5000)
    assert structure["late_registration_level"] == 3
    assert [r["shares"] for r in structure["payout_tables"]] == [
        [50, 20, 15, 10, 5],
        [40, 25, 15, 12, 8],
    ]
    page.reload()
    expect(page.get_by_test_id("s-payout-tables")).to_have_value("")
    page.get_by_test_id("s-saved-row").first.get_by_test_id("s-load").click()
    expect(page.get_by_test_id("s-payout-tables")).to_have_value(
        "2-20: 50,20,15,10,5; 21-: 40,25,15,12,8"
    )


@pytest.fixture
def norwegian(browser: Browser) -> Iterator[Page]:
    yield from open_page(browser, locale="nb-NO", width=1366, height=768)


def test_an_online_tournament_starts_by_itself_at_its_time_in_norwegian(
    norwegian: Page, api: Api
) -> None:
    """The director ticks "starts by itself"; the start time has come, so the
    server starts it within its next round (every 5 s) with no one at the
    keyboard, and the console shows it running."""
    page = norwegian
    open_director(page, api)
    page.goto(f"{api.url}/director?lang=nb")
    page.get_by_test_id("c-profile").select_option("nm-holdem")
    page.locator("#c-name").fill("Nattrunde")
    page.get_by_test_id("c-bots").fill("6")
    start = (datetime.now() - timedelta(minutes=1)).strftime("%Y-%m-%dT%H:%M")
    page.get_by_test_id("c-starts-at").fill(start)
    expect(page.get_by_test_id("c-auto-start").locator("xpath=..")).to_contain_text(
        "Starter av seg selv"
    )
    page.get_by_test_id("c-auto-start").check()
    page.get_by_test_id("create-submit").click()
    expect(page.get_by_test_id("director-message")).to_contain_text("Opprettet turnering")
    listed = api.call("GET", "/tournaments")
    created = next(t for t in listed if t["name"] == "Nattrunde")
    assert created["auto_start"] is True
    page.goto(f"{api.url}/director?lang=nb&t={created['id']}")
    expect(page.get_by_test_id("t-status")).to_contain_text("pågår", timeout=15_000)
    assert api.call("GET", f"/tournaments/{created['id']}")["status"] == "running"
