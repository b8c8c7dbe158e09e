"""The lobby in Chromium, in Norwegian and German: the quick-create form
takes the money fields of the director's form (buy-in, fee, guarantee,
start time: the same API fields, the server keeps them); each row opens a
preview of the levels and the prizes exactly as the server gives them
(NM-H-19, OQ-39: nothing computed in the browser); the tournaments this
browser holds a player's seat in are listed first and marked.  No
English word on the nb and de pages."""

from __future__ import annotations

import re
from datetime import datetime

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.test_browser import DIRECTOR, Api, api, browser, take_seat
from tests.test_browser_director_tools import LAPTOP, new_page
from tests.test_browser_i18n_pages import english_only, words

__all__ = ["api", "browser"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

PHONE = {"width": 390, "height": 844}


def digits(text: str) -> int:
    return int(re.sub(r"\D", "", text))


def english_left(page: Page, lang: str, names: list[str]) -> set[str]:
    """Words on the page only English uses (names and profile ids left out)."""
    text = page.evaluate("() => document.body.innerText")
    for name in (*names, "Norsk bokmål", "Deutsch", "English", "floorman"):
        text = text.replace(name, " ")
    text = re.sub(r"\b(?:nm|de|phh|tda)-(?:holdem|draw|nt)\b", " ", text)
    text = re.sub(r"\b[0-9a-f]{8,}\b", " ", text)  # ids (hex letters make words: "bad", "fee")
    return words(text) & english_only(lang)


@pytest.mark.clause("NM-H-19", "OQ-39")
@pytest.mark.parametrize(
    ("locale", "lang", "viewport", "words_of"),
    [
        ("nb-NO", "nb", LAPTOP, {"preview": "Struktur og premier", "levels": "Nivåer"}),
        ("de-DE", "de", PHONE, {"preview": "Struktur und Preise", "levels": "Level"}),
    ],
)
def test_quick_create_takes_the_money_fields_and_the_preview_shows_the_servers_prizes(
    browser: Browser,
    api: Api,
    locale: str,
    lang: str,
    viewport: dict[str, int],
    words_of: dict[str, str],
) -> None:
    page = new_page(browser, locale, viewport)
    try:
        page.goto(api.url + "/")
        page.get_by_test_id("create-token").fill(DIRECTOR)
        name = f"Vår {lang} 2027"
        page.locator("#create-name").fill(name)
        page.locator("#create-bots").fill("0")
        page.get_by_test_id("create-buy-in").fill("200")
        page.get_by_test_id("create-fee").fill("20")
        page.get_by_test_id("create-guarantee").fill("5000")
        page.get_by_test_id("create-payout-unit").fill("50")  # OQ-69: prizes in whole 50s
        page.get_by_test_id("create-starts-at").fill("2027-03-01T19:00")
        page.get_by_test_id("create-submit").click()
        expect(page.locator("#create-message")).to_be_visible()
        created = next(t for t in api.call("GET", "/tournaments") if t["name"] == name)
        details = api.call("GET", f"/tournaments/{created['id']}")
        money = ("buy_in", "fee", "guarantee", "payout_unit")
        assert [details[field] for field in money] == [200, 20, 5000, 50]
        meant = page.evaluate("() => new Date('2027-03-01T19:00').getTime() / 1000")
        assert datetime.fromisoformat(created["starts_at"]).timestamp() == meant
        row = page.locator(f"[data-testid=tournament-row][data-id='{created['id']}']")
        expect(row.get_by_test_id("buy-in")).to_have_text(re.compile(r"^200 \+ 20$"))

        # entries make the server's prize table; the preview shows it as it is
        for k in range(7):
            api.call("POST", f"/tournaments/{created['id']}/register", {"name": f"P{k}"}, DIRECTOR)
        details = api.call("GET", f"/tournaments/{created['id']}")
        assert details["prizes"] and details["prize_pool"] == 5000  # the guarantee
        assert all(p["amount"] % 50 == 0 for p in details["prizes"][1:])
        row.get_by_test_id("row-preview").click()
        preview = page.locator(f"[data-testid=preview][data-id='{created['id']}']")
        expect(preview).to_be_visible()
        expect(row.get_by_test_id("row-preview")).to_have_text(words_of["preview"])
        expect(preview).to_contain_text(words_of["levels"])
        levels = preview.get_by_test_id("level-row")
        expect(levels).to_have_count(len(details["levels"]))
        first = details["levels"][0]
        sb, bb = first["blinds"]
        stakes = levels.first.get_by_test_id("level-stakes").inner_text()
        assert [digits(x) for x in stakes.split("/")] == [sb, bb]
        amounts = preview.get_by_test_id("prize-amount")
        expect(amounts).to_have_count(len(details["prizes"]))
        assert [digits(a) for a in amounts.all_inner_texts()] == [
            p["amount"] for p in details["prizes"]
        ]
        # the list is drawn anew by its next refresh: the preview stays open
        page.evaluate("() => { window.drawn = document.querySelector('#tournaments tr'); }")
        page.wait_for_function("() => !window.drawn.isConnected")
        expect(preview).to_be_visible()
        expect(amounts).to_have_count(len(details["prizes"]))
        assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
        names = [t["name"] for t in api.call("GET", "/tournaments")]
        names += [f"P{k}" for k in range(7)]
        assert not english_left(page, lang, names)
        row.get_by_test_id("row-preview").click()
        expect(preview).to_have_count(0)
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


@pytest.mark.parametrize(("locale", "mark"), [("nb-NO", "du er med"), ("de-DE", "du spielst mit")])
def test_the_tournaments_this_browser_plays_in_come_first_and_marked(
    browser: Browser, api: Api, locale: str, mark: str
) -> None:
    first = api.create("nm-holdem", bots=0, name=f"Først {locale}")
    second = api.create("de-holdem", bots=0, name=f"Zweite {locale}")
    page = new_page(browser, locale, LAPTOP)
    try:
        page.goto(api.url + "/")
        rows = page.get_by_test_id("tournament-row")
        expect(page.locator(f"[data-testid=tournament-row][data-id='{second}']")).to_be_visible()
        order = rows.evaluate_all("rows => rows.map(r => r.dataset.id)")
        mine = second if order.index(second) > order.index(first) else first
        expect(page.get_by_test_id("mine")).to_have_count(0)

        # registering in the lobby keeps the seat in this browser
        page.get_by_test_id("register-tournament").select_option(mine)
        page.get_by_test_id("register-name").fill("Kari")
        page.get_by_test_id("register-submit").click()
        page.wait_for_url(re.compile(rf"/t/{mine}/play"))
        page.goto(api.url + "/")
        expect(rows.first).to_have_attribute("data-id", mine)
        expect(rows.first.get_by_test_id("mine")).to_have_text(mark)
        expect(page.get_by_test_id("mine")).to_have_count(1)

        # a seat kept by another way (a seat link) counts the same
        other = first if mine == second else second
        seat = api.register(other, "Ola")
        take_seat(page, api, other, seat)
        page.goto(api.url + "/")
        expect(page.get_by_test_id("mine")).to_have_count(2)
        top = rows.evaluate_all("rows => rows.slice(0, 2).map(r => r.dataset.id)")
        assert set(top) == {mine, other}
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


@pytest.mark.clause("OQ-39")
@pytest.mark.parametrize(
    ("locale", "lines"),
    [
        ("nb-NO", ["2–4 innkjøp: 65 %, 35 %", "5 innkjøp eller flere: 50 %, 30 %, 20 %"]),
        ("de-DE", ["2–4 Einkäufe: 65 %, 35 %", "ab 5 Einkäufen: 50 %, 30 %, 20 %"]),
    ],
)
def test_the_preview_lists_the_payout_tables_and_pays_as_the_server_chose(
    browser: Browser, api: Api, locale: str, lines: list[str]
) -> None:
    ranges = [
        {"min_entries": 2, "max_entries": 4, "shares": [65, 35]},
        {"min_entries": 5, "max_entries": None, "shares": [50, 30, 20]},
    ]
    tournament = api.create(
        "tda", bots=0, name=f"Tabeller {locale}", buy_in=50, payout_tables=ranges
    )
    for k in range(5):
        api.call("POST", f"/tournaments/{tournament}/register", {"name": f"Q{k}"}, DIRECTOR)
    details = api.call("GET", f"/tournaments/{tournament}")
    page = new_page(browser, locale, LAPTOP)
    try:
        page.goto(api.url + "/")
        row = page.locator(f"[data-testid=tournament-row][data-id='{tournament}']")
        row.get_by_test_id("row-preview").click()
        preview = page.locator(f"[data-testid=preview][data-id='{tournament}']")
        listed = preview.get_by_test_id("payout-range")
        expect(listed).to_have_count(len(lines))
        assert [t.replace("\xa0", " ") for t in listed.all_inner_texts()] == lines
        amounts = preview.get_by_test_id("prize-amount")
        expect(amounts).to_have_count(len(details["prizes"]))
        assert (
            [digits(a) for a in amounts.all_inner_texts()]
            == [p["amount"] for p in details["prizes"]]
            == [125, 75, 50]
        )  # 5 entries: the 5-and-more table of 250
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


@pytest.mark.parametrize(
    ("locale", "far", "near"),
    [
        ("nb-NO", "om 3 dager og 4 timer", "om 5:"),
        ("de-DE", "in 3 Tagen und 4 Stunden", "in 5:"),
        ("en-GB", "in 1 day and 1 hour", "in 5:"),
    ],
)
def test_a_start_days_away_counts_down_in_days_and_hours(
    browser: Browser, api: Api, locale: str, far: str, near: str
) -> None:
    """Over a day the countdown says days and hours in words (plural as the
    language has it), not 76:30:00; under a day it stays a clock."""
    now = datetime.now().astimezone()
    days, hours = (1, 1) if locale == "en-GB" else (3, 4)
    later = now.timestamp() + days * 86400 + hours * 3600 + 1800
    soon = now.timestamp() + 5 * 3600 + 1800
    ids = {}
    for name, at in (("Langt fram", later), ("Snart", soon)):
        starts = datetime.fromtimestamp(at).astimezone().isoformat()
        ids[name] = api.create("nm-holdem", bots=0, name=name, starts_at=starts)
    page = new_page(browser, locale, LAPTOP)
    try:
        page.goto(api.url + "/")
        for name, text in (("Langt fram", far), ("Snart", near)):
            row = page.locator(f"[data-testid=tournament-row][data-id='{ids[name]}']")
            expect(row.locator(".countdown")).to_contain_text(text)
    finally:
        page.context.close()


def test_a_click_held_while_the_list_changes_is_not_lost(browser: Browser, api: Api) -> None:
    """The lobby asks for the list every 5 s and draws it again when it
    changed: a press on a row's Preview, a tournament created meanwhile,
    then the release still opens the preview (a redraw between the two had
    replaced the pressed button, and the click went nowhere)."""
    tournament = api.create("nm-holdem", bots=0, name="Holdt klikk")
    page = new_page(browser, "nb-NO", LAPTOP)
    try:
        page.goto(api.url + "/")
        row = page.locator(f"[data-testid=tournament-row][data-id='{tournament}']")
        row.get_by_test_id("row-preview").scroll_into_view_if_needed()
        box = row.get_by_test_id("row-preview").bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        later = api.create("nm-holdem", bots=0, name="Kom underveis")
        # the next refresh finds the list changed, and its redraw waits
        expect(page.locator("body")).to_have_attribute("data-redraw-held", "", timeout=30_000)
        page.mouse.up()
        expect(page.locator("body")).not_to_have_attribute("data-redraw-held", "")
        expect(page.locator(f"[data-testid=preview][data-id='{tournament}']")).to_be_visible()
        # drawn after the click
        expect(page.locator(f"[data-testid=tournament-row][data-id='{later}']")).to_be_visible()
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
