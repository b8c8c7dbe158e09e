"""The director's tools in the browser (issue 11): a structure editor whose
saved structures make tournaments, housekeeping before the start (an entry
taken back, a tournament called off, deleted, archived out of the lobby,
OQ-41), the table chat with a mute per player (DE-ETIQ-2), and the chip
chart and table cards on the tournament page.  One test runs in German and
checks its words; every page must fit a phone without sideways scrolling."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.test_browser import DIRECTOR, Api, api, browser, open_director

__all__ = ["api", "browser"]  # the fixtures, shared with test_browser

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def new_page(browser: Browser, locale: str = "en-GB", viewport: dict[str, int] = LAPTOP) -> Page:
    context = browser.new_context(locale=locale, viewport=viewport)  # type: ignore[arg-type]
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    page = new_page(browser)
    yield page
    page.context.close()
    assert not page.errors, f"JavaScript errors: {page.errors}"  # type: ignore[attr-defined]


def no_sideways_scroll(page: Page, width: int) -> None:
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= width, f"{page.url}: {scroll} px wide on a {width} px screen"


def status_of(api: Api, tournament: str) -> int:
    return httpx.get(f"{api.url}/api/tournaments/{tournament}").status_code


def test_a_saved_structure_with_a_break_makes_a_tournament_in_german_NM_H_19(
    browser: Browser, api: Api
) -> None:
    page = new_page(browser, "de-DE")
    try:
        open_director(page, api)
        expect(page.locator("#structures-title")).to_have_text("Strukturen")
        expect(page.get_by_test_id("s-add-break")).to_have_text("Pause hinzufügen")
        expect(page.get_by_test_id("s-blinds-note")).to_contain_text("Die Blinds folgen der Ante")
        page.get_by_test_id("s-name").fill("Winterfest")
        page.get_by_test_id("s-profile").select_option("nm-holdem")
        page.get_by_test_id("s-stack").fill("5000")
        page.get_by_test_id("s-table-size").fill("9")
        page.get_by_test_id("s-ante").first.fill("10")
        page.get_by_test_id("s-minutes").first.fill("15")
        page.get_by_test_id("s-add-break").click()
        page.get_by_test_id("s-add-level").click()
        # NM-H-19: nm-holdem pays exactly 5 places; 2 are refused with the clause.
        page.get_by_test_id("s-payouts").fill("50,50")
        page.get_by_test_id("s-save").click()
        message = page.get_by_test_id("director-message")
        expect(message.get_by_test_id("error-clause").first).to_have_attribute(
            "data-clause", "NM-H-19"
        )
        expect(page.get_by_test_id("s-saved")).to_contain_text(
            "Noch keine gespeicherten Strukturen"
        )
        page.get_by_test_id("s-payouts").fill("40,25,15,12,8")
        page.get_by_test_id("s-save").click()
        expect(message).to_have_text("Struktur Winterfest gespeichert.")
        # the blinds are the server's: 1 and 2 antes under nm-holdem
        blinds = page.get_by_test_id("s-blinds")
        expect(blinds).to_have_text([re.compile(r"10 / 20"), "Pause", re.compile(r"20 / 40")])
        expect(page.get_by_test_id("s-saved-row")).to_have_count(1)
        expect(page.get_by_test_id("s-saved-row")).to_contain_text("Level 2, Pausen 1")
        (saved,) = [s for s in api.call("GET", "/structures") if s["name"] == "Winterfest"]
        assert [lv["is_break"] for lv in saved["structure"]["levels"]] == [False, True, False]
        assert saved["structure"]["levels"][0]["seconds"] == 15 * 60

        # Only the chosen profile's structures are offered.
        page.get_by_test_id("c-profile").select_option("nm-draw")
        expect(page.get_by_test_id("c-structure").locator("option")).to_have_count(1)
        page.get_by_test_id("c-profile").select_option("nm-holdem")
        page.get_by_test_id("c-structure").select_option("Winterfest")
        page.get_by_test_id("c-bots").fill("3")
        page.get_by_test_id("create-submit").click()
        expect(message).to_contain_text("Turnier")
        created = page.get_by_test_id("pick").input_value()
        details = api.call("GET", f"/tournaments/{created}")
        assert [lv["blinds"] for lv in details["levels"]] == [[10, 20], [0, 0], [20, 40]]
        assert details["payouts"] == [40, 25, 15, 12, 8]

        page.goto(f"{api.url}/t/{created}")
        rows = page.locator("#structure tbody tr")
        expect(rows).to_have_count(3)
        expect(rows.nth(0)).to_contain_text("10 / 20")
        expect(rows.nth(1)).to_contain_text("Pause")
        expect(rows.nth(0)).to_contain_text("15")
        expect(page.locator("#structure-title")).to_have_text("Struktur")

        page.set_viewport_size(PHONE)  # type: ignore[arg-type]
        no_sideways_scroll(page, PHONE["width"])
        page.goto(f"{api.url}/director?t={created}")
        expect(page.get_by_test_id("s-saved-row")).to_have_count(1)
        no_sideways_scroll(page, PHONE["width"])
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


def test_an_entry_is_taken_back_then_the_tournament_called_off_and_deleted_OQ_41(
    page: Page, api: Api
) -> None:
    tournament = api.create("nm-holdem", bots=3, name="Rainy day")
    open_director(page, api, tournament)
    entries = page.get_by_test_id("entry")
    expect(entries).to_have_count(3)
    gone = entries.first.get_attribute("data-player")
    entries.first.get_by_test_id("unregister").click()
    # the console asks first, beside the list: "no" changes nothing
    ask = page.get_by_test_id("unregister-confirm")
    expect(ask).to_contain_text("Take back")
    ask.get_by_test_id("unregister-confirm-no").click()
    expect(ask).to_have_count(0)
    expect(entries).to_have_count(3)
    entries.first.get_by_test_id("unregister").click()
    page.get_by_test_id("unregister-confirm-yes").click()
    expect(entries).to_have_count(2)
    expect(page.get_by_test_id("entries-answer")).to_contain_text("entry is taken back")
    expect(page.get_by_test_id("rulings")).to_contain_text("entry is taken back")
    standings = api.call("GET", f"/tournaments/{tournament}")["standings"]
    assert gone not in {r["player"] for r in standings} and len(standings) == 2

    expect(page.get_by_test_id("archive-tournament")).to_be_disabled()  # not over yet
    page.get_by_test_id("cancel-tournament").click()
    page.get_by_test_id("cancel-confirm-yes").click()
    expect(page.get_by_test_id("t-status")).to_have_text("cancelled")
    expect(page.get_by_test_id("rulings")).to_contain_text("The tournament is called off")
    assert api.call("GET", f"/tournaments/{tournament}")["status"] == "cancelled"
    expect(page.get_by_test_id("entry")).to_have_count(0)  # no more entries to take back

    page.get_by_test_id("delete-tournament").click()
    page.get_by_test_id("delete-confirm-yes").click()
    expect(page.get_by_test_id("director-message")).to_have_text("Rainy day is deleted.")
    assert status_of(api, tournament) == 404


def test_a_load_overtaken_by_the_delete_does_not_hide_its_answer_OQ_41(
    page: Page, api: Api
) -> None:
    """A reload that set out before the delete and came back "no tournament"
    after it must not replace "deleted" with that error."""
    tournament = api.create("nm-holdem", bots=3, name="Overtaken")
    open_director(page, api, tournament)
    expect(page.get_by_test_id("entry")).to_have_count(3)
    held: list[Route] = []

    def hold_reads(route: Route) -> None:
        if route.request.method == "GET":
            held.append(route)
        else:
            route.continue_()

    page.route(f"**/api/tournaments/{tournament}", hold_reads)
    api.register(tournament, "Late Lena")  # the change makes the page reload
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the registration made the page reload its tournament"
    page.get_by_test_id("delete-tournament").click()
    page.get_by_test_id("delete-confirm-yes").click()
    expect(page.get_by_test_id("director-message")).to_have_text("Overtaken is deleted.")
    with page.expect_response(f"**/api/tournaments/{tournament}") as answered:
        for route in held:
            route.continue_()
    assert answered.value.status == 404
    page.wait_for_timeout(300)  # the answer's promise settles after the response
    expect(page.get_by_test_id("director-message")).to_have_text("Overtaken is deleted.")


def test_a_started_tournament_cannot_be_deleted_and_says_why(page: Page, api: Api) -> None:
    tournament = api.create("nm-holdem", bots=3)
    api.start(tournament)
    open_director(page, api, tournament)
    expect(page.get_by_test_id("chart-table")).to_have_count(1)
    expect(page.get_by_test_id("delete-tournament")).to_be_disabled()
    expect(page.get_by_test_id("cancel-tournament")).to_be_disabled()
    expect(page.get_by_test_id("entry")).to_have_count(0)  # seats drawn: OQ-41, DE-SEAT-1
    expect(page.get_by_test_id("table-cards")).to_have_attribute("href", f"/t/{tournament}/cards")


def test_an_archived_tournament_leaves_the_lobby_and_comes_back(page: Page, api: Api) -> None:
    tournament = api.create("nm-holdem", bots=2, name="Old one")
    api.call("POST", f"/tournaments/{tournament}/cancel", {"note": ""}, DIRECTOR)
    page.goto(api.url + "/")
    row = page.locator(f"[data-testid=tournament-row][data-id='{tournament}']")
    expect(row.get_by_test_id("status")).to_have_text("cancelled")
    open_director(page, api, tournament)
    expect(page.get_by_test_id("t-status")).to_have_text("cancelled")
    page.get_by_test_id("archive-tournament").click()
    expect(page.get_by_test_id("director-message")).to_contain_text("Old one is archived")
    assert tournament not in {t["id"] for t in api.call("GET", "/tournaments")}
    assert tournament in {t["id"] for t in api.call("GET", "/tournaments?archived=true")}
    page.get_by_test_id("show-archive").check()
    expect(page.get_by_test_id("pick")).to_have_value(tournament)
    expect(page.get_by_test_id("archive-tournament")).to_have_text("Back to the lobby")
    page.goto(api.url + "/")
    expect(page.get_by_test_id("tournament-row").first).to_be_visible()
    expect(row).to_have_count(0)


def say_in_chat(page: Page, api: Api, tournament: str, token: str, text: str) -> None:
    """A chat line from a player's own socket (the table page's chat)."""
    page.goto(api.url + "/static/favicon.svg")
    page.evaluate(
        """([tournament, token, text]) => new Promise((resolve, reject) => {
          const url = `ws://${location.host}/ws/tournaments/${tournament}`;
          const socket = new WebSocket(url);
          socket.onmessage = (event) => {
            const frame = JSON.parse(event.data);
            if (frame.type === "chat" && frame.text === text) { socket.close(); resolve(); }
            if (frame.type === "error") reject(new Error(frame.message));
          };
          const send = () => socket.send(JSON.stringify({type: "chat", text}));
          socket.onopen = () => {
            socket.send(JSON.stringify({type: "hello", token}));
            setTimeout(send, 300);
          };
          setTimeout(() => reject(new Error("no chat echo")), 10000);
        })""",
        [tournament, token, text],
    )


def test_the_director_mutes_a_chatting_player_DE_ETIQ_2_and_the_chart_loads(
    page: Page, api: Api
) -> None:
    tournament = api.create("de-holdem", bots=3, action_seconds=300)
    seat = api.register(tournament, "Ann")
    api.start(tournament)
    say_in_chat(page, api, tournament, seat["token"], "lovely weather")
    open_director(page, api, tournament)
    line = page.get_by_test_id("chat-line").filter(has_text="lovely weather")
    expect(line).to_contain_text("Ann")
    expect(line).to_contain_text("Table 1")
    line.get_by_test_id("chat-mute").click()
    expect(page.get_by_test_id("director-message")).to_contain_text("Ann's chat is muted")
    muted = page.locator("[data-testid=ruling][data-type=chat_muted]")
    expect(muted).to_contain_text("Ann's chat is muted")
    expect(muted).to_contain_text("DE-ETIQ-2")
    expect(line.get_by_test_id("chat-mute")).to_have_text("Let speak")
    rulings = api.call("GET", f"/tournaments/{tournament}/rulings")
    assert any(e["type"] == "chat_muted" and e["muted"] for e in rulings)

    page.goto(f"{api.url}/t/{tournament}")
    chart = page.get_by_test_id("chip-chart")
    expect(chart).to_have_attribute("src", re.compile(r"chart\.svg\?lang=en"))
    page.wait_for_function(
        "() => { const img = document.querySelector('[data-testid=chip-chart]');"
        " return img.complete && img.naturalWidth > 0; }"
    )
    expect(page.get_by_test_id("cards-link")).to_have_attribute("href", f"/t/{tournament}/cards")
    no_sideways_scroll(page, LAPTOP["width"])


def test_the_structure_wizard_fills_levels_from_a_few_numbers_in_norwegian(
    browser: Browser, api: Api
) -> None:
    """Issue 20: levels from a first ante, a rise, a count and a length, a
    break after every few; the server rounds the antes and gives the blinds
    (NM-H-2: 1 and 2 antes); the director then edits them one by one."""
    page = new_page(browser, "nb-NO")
    try:
        open_director(page, api)
        page.get_by_test_id("s-profile").select_option("nm-holdem")
        page.get_by_test_id("s-wizard").locator("summary").click()
        expect(page.get_by_test_id("w-fill")).to_have_text("Fyll inn nivåene")
        page.get_by_test_id("w-ante").fill("10")
        page.get_by_test_id("w-rise").fill("50")
        page.get_by_test_id("w-count").fill("6")
        page.get_by_test_id("w-minutes").fill("15")
        page.get_by_test_id("w-break-every").fill("3")
        page.get_by_test_id("w-break-minutes").fill("10")
        page.get_by_test_id("w-fill").click()
        rows = page.get_by_test_id("s-level")
        expect(rows).to_have_count(7)  # six levels, a break after the third
        expect(page.locator("[data-testid=s-level][data-break=true]")).to_have_count(1)
        antes = [
            int(v) for v in page.get_by_test_id("s-ante").evaluate_all("e => e.map(x => x.value)")
        ]
        assert antes == [10, 15, 20, 30, 50, 80], antes
        expect(page.get_by_test_id("s-blinds").first).to_have_text(re.compile(r"10 / 20"))
        # the levels are numbered as the clock numbers them: the break is none
        expect(rows.nth(4)).to_contain_text("4")
        minutes = page.get_by_test_id("s-minutes").evaluate_all("e => e.map(x => x.value)")
        assert minutes == ["15"] * 3 + ["10"] + ["15"] * 3, minutes
        no_sideways_scroll(page, LAPTOP["width"])
    finally:
        page.context.close()
