"""Every page but the table in Norwegian and German, through Chromium.

One server with a running hold'em tournament of bots (prize pool set, so the
clock shows amounts) and a draw tournament still registering; the lobby, a
tournament's page, its clock, the director's console and a finished hand
are opened with the browser's language set to nb-NO and de-DE (Playwright's
locale sets Accept-Language).  Each must come in that language: <html
lang>, and no visible word that only English uses, where English words are
the words of the English catalogue that the language's own catalogue never
uses.  Player names and the tournament's name are left out.  The language
switch changes the page and the choice holds on the next page (cookie).
The clock fits a laptop and a phone screen without scrolling."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from floorman.server import i18n
from tests.helpers.server import wait_until
from tests.test_browser import DIRECTOR, Api, browser, running_server

__all__ = ["browser"]  # the fixture, shared with test_browser

pytestmark = pytest.mark.browser

WORD = re.compile(r"[^\W\d_]{3,}")
PLACEHOLDER = re.compile(r"\{\w+\}")
NAME = "Vinter 2026"
LAPTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
#: uncaught JavaScript errors of every page this module opened
PAGE_ERRORS: list[str] = []


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def english_only(lang: str) -> set[str]:
    """Words of the English catalogue that ``lang``'s catalogue never uses."""
    english = set().union(*(words(PLACEHOLDER.sub(" ", v)) for v in i18n.catalogue("en").values()))
    own = set().union(*(words(PLACEHOLDER.sub(" ", v)) for v in i18n.catalogue(lang).values()))
    return english - own


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    with running_server(tmp_path_factory.mktemp("floorman-i18n")) as api:
        holdem = api.create(
            "nm-holdem",
            bots=8,
            name=NAME,
            prize_pool=10_000,
            payout_shares=[40, 25, 15, 12, 8],  # NM-H-19: the first 5 places
            starting_stack=100_000,  # still running (next level, next break) when the clock is read
        )
        api.start(holdem)
        draw = api.create("nm-draw", bots=3, name=NAME)
        hands = wait_until(
            lambda: api.call("GET", f"/tournaments/{holdem}/hands"), 60, "a finished hand"
        )
        names = {
            r["name"]
            for t in (holdem, draw)
            for r in api.call("GET", f"/tournaments/{t}")["standings"]
        }
        yield {"api": api, "holdem": holdem, "draw": draw, "hand": hands[0]["id"], "names": names}


def pages(room: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(page, path, a selector that shows the page has its data)."""
    t = room["holdem"]
    return [
        ("lobby", "/", "[data-testid=tournament-row]"),
        ("tournament", f"/t/{t}", "[data-testid=standings] tbody tr"),
        ("clock", f"/t/{t}/clock", "[data-testid=clock-payout]"),
        ("director", f"/director?t={t}", "[data-testid=chart-table]"),
        ("hand", f"/hands/{room['hand']}", "#events li"),
        ("room", f"/t/{t}/room", "[data-testid=room-seat]"),
        ("slips", f"/t/{t}/slips", "[data-testid=seating-row]"),
    ]


def open_page(browser: Browser, locale: str, viewport: ViewportSize) -> Page:
    context = browser.new_context(locale=locale, viewport=viewport)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.on("pageerror", lambda error: PAGE_ERRORS.append(f"{locale}: {error}"))
    return page


def visible_words(page: Page, room: dict[str, Any]) -> set[str]:
    text = page.evaluate("() => document.body.innerText")
    # the language switch names each language in that language (i18n.js)
    for language in ("Norsk bokmål", "Deutsch", "English"):
        text = text.replace(language, " ")
    for name in (*room["names"], NAME, room["hand"], room["holdem"], room["draw"]):
        text = text.replace(name, " ")
    # the profiles' identifiers (nm-holdem) stay as they are, beside their description
    text = re.sub(r"\b(?:nm|de|phh|tda)-(?:holdem|draw|nt)\b", " ", text)
    return words(text)


@pytest.mark.parametrize(("locale", "lang"), [("nb-NO", "nb"), ("de-DE", "de")])
def test_every_page_comes_in_the_browsers_language(
    browser: Browser, room: dict[str, Any], locale: str, lang: str
) -> None:
    page = open_page(browser, locale, LAPTOP)
    english = english_only(lang)
    assert {"tournament", "players", "table"} <= english  # the test can see English at all
    left: dict[str, set[str]] = {}
    try:
        # the room is the director's: his token kept as the console keeps it
        page.goto(room["api"].url + "/static/favicon.svg")
        page.evaluate("token => localStorage.setItem('floorman.director', token)", DIRECTOR)
        for name, path, ready in pages(room):
            page.goto(room["api"].url + path)
            expect(page.locator(ready).first).to_be_visible()
            page.wait_for_timeout(300)  # the rest of the page's first render
            assert page.evaluate("() => document.documentElement.lang") == lang, name
            assert page.get_by_test_id("language").input_value() == lang, name
            found = visible_words(page, room) & english
            if found:
                left[name] = found
        assert not left, f"English words on the {lang} pages: {left}"
        assert not PAGE_ERRORS, f"JavaScript errors: {PAGE_ERRORS}"
    finally:
        page.context.close()


def test_the_clock_shows_next_break_and_payouts_in_norwegian(
    browser: Browser, room: dict[str, Any]
) -> None:
    page = open_page(browser, "nb-NO", LAPTOP)
    try:
        page.goto(f"{room['api'].url}/t/{room['holdem']}/clock")
        payouts = page.get_by_test_id("clock-payout")
        expect(payouts).to_have_count(5)
        # 40 % of 10 000 for the winner, in Norwegian: "1." and "4 000"
        expect(payouts.first).to_contain_text("1.")
        assert re.sub(r"\s", " ", payouts.first.inner_text()).endswith("4 000")
        expect(page.get_by_test_id("clock-prize-pool")).to_have_text(re.compile(r"10\s000"))
        expect(page.get_by_test_id("clock-level")).to_have_text(re.compile(r"Nivå \d+|Pause"))
        expect(page.get_by_test_id("clock-stakes")).to_contain_text("Blinds")
        expect(page.get_by_test_id("clock-next")).to_contain_text("Neste")
        expect(page.get_by_test_id("clock-next-break")).to_have_text(
            re.compile(r"^(Pause om \d|Ingen flere pauser)")
        )
    finally:
        page.context.close()


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_clock_fits_the_screen_without_scrolling(
    browser: Browser, room: dict[str, Any], viewport: ViewportSize
) -> None:
    page = open_page(browser, "de-DE", viewport)
    try:
        page.goto(f"{room['api'].url}/t/{room['holdem']}/clock")
        expect(page.get_by_test_id("clock-payout").first).to_be_visible()
        size = page.evaluate(
            "() => ({w: document.documentElement.scrollWidth,"
            " h: document.documentElement.scrollHeight})"
        )
        assert size["w"] <= viewport["width"], size
        assert size["h"] <= viewport["height"], size
        for testid in ("clock-time", "clock-stakes", "clock-next-break", "clock-payouts"):
            box = page.get_by_test_id(testid).bounding_box()
            assert box and box["y"] + box["height"] <= viewport["height"], (testid, box)
    finally:
        page.context.close()


def test_the_language_switch_changes_the_page_and_holds_on_the_next(
    browser: Browser, room: dict[str, Any]
) -> None:
    page = open_page(browser, "nb-NO", LAPTOP)
    api: Api = room["api"]
    try:
        page.goto(api.url + "/")
        expect(page.locator("#list-title")).to_have_text(i18n.catalogue("nb")["lobby.tournaments"])
        page.get_by_test_id("language").select_option("de")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator("#list-title")).to_have_text("Turniere")
        # the next page, without ?lang=: the cookie keeps German over nb-NO
        page.goto(f"{api.url}/t/{room['holdem']}")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator("#standings-title")).to_have_text("Rangliste")
        page.get_by_test_id("language").select_option("en")
        expect(page.locator("#standings-title")).to_have_text("Standings")
        page.goto(f"{api.url}/director")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator("#rulings-title")).to_have_text("Ruling log")
        cookies = {c["name"]: c["value"] for c in page.context.cookies()}
        assert cookies.get(i18n.COOKIE) == "en"
    finally:
        page.context.close()


def test_ordinals_and_numbers_follow_the_language(browser: Browser, room: dict[str, Any]) -> None:
    # "1st" and 10,000 in English, "1." and 10.000 in German (dom.js).
    for locale, first, pool in (("en-GB", "1st", "10,000"), ("de-DE", "1.", "10.000")):
        page = open_page(browser, locale, LAPTOP)
        try:
            page.goto(f"{room['api'].url}/t/{room['holdem']}")
            prizes = page.get_by_test_id("prizes")
            expect(prizes.locator("tbody tr").first.locator("td").first).to_have_text(first)
            page.goto(f"{room['api'].url}/t/{room['holdem']}/clock")
            expect(page.get_by_test_id("clock-prize-pool")).to_have_text(pool)
        finally:
            page.context.close()
