"""The player's table of issue 20 at 200 % text, in Chromium, with ten
people at the table after the flop: on a 1366x768 laptop and a 390x844
phone, in Norwegian, German and English.

No seat lies on another seat, on the board or the pot, nor under the
player's panel or any bar; every action button is on the screen once
scrolled to and is what a click at its middle hits; on his turn the page
brings his panel into sight itself; nothing sticks out sideways; no word
is drawn under 12 px.  All text grows (the page's sizes are in rem), so
the table is taller than the laptop's screen and the page scrolls.

Text at 200 % is the root's font size doubled, as the other large-text
tests do, or Chromium's own text size at 32 px.  The people act through
the API, one of them on his page."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.settled import eventually, next_frames
from tests.test_browser import DIRECTOR, Api, api, browser, take_seat
from tests.test_browser_floor_tools import pages, register

__all__ = ["api", "browser", "pages"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
#: the laptop's page zoomed to 200 % (the window holds half the CSS pixels)
ZOOMED = {"width": 683, "height": 384}
#: a phone held sideways
SIDEWAYS = {"width": 844, "height": 390}
#: long names, as people have them
NAMES = (
    "Ann",
    "Bjørnstjerne",
    "Christoffer",
    "Dagfinn",
    "Eleonore",
    "Friederike",
    "Gunnhild",
    "Hans-Joachim",
    "Ingeborg",
    "Johannes",
)

# The boxes of what the test looks at, in the page's coordinates (so that
# they do not change as the page scrolls).
BOXES_JS = """() => {
    const box = (el, name) => {
        const r = el.getBoundingClientRect();
        return { name, top: r.top + scrollY, bottom: r.bottom + scrollY,
                 left: r.left + scrollX, right: r.right + scrollX };
    };
    const all = (selector, name) => [...document.querySelectorAll(selector)]
        .filter((el) => el.getBoundingClientRect().width > 0)
        .map((el, k) => box(el, name(el, k)));
    return {
        seats: all("[data-testid=seat]", (el) => `seat ${el.dataset.seat}`),
        middle: all("[data-testid=board] [data-testid=card], [data-testid=pot]",
                    (el, k) => el.dataset.card || `pot ${k}`),
        bars: all("#hero, .topbar, .table-head, #table-info", (el) => el.id || el.className),
        scrollWidth: document.documentElement.scrollWidth,
        large: document.body.classList.contains("large-text"),
    };
}"""

# Is the element at the middle of ``selector``'s k-th match (itself or inside it)?
HIT_JS = """([selector, k]) => {
    const el = document.querySelectorAll(selector)[k];
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
        hit: hit !== null && (hit === el || el.contains(hit)),
        what: hit ? `${hit.tagName}#${hit.id}.${hit.className}` : null,
        box: [r.left, r.top, r.right, r.bottom],
        screen: [innerWidth, innerHeight],
    };
}"""


def overlaps(a: dict[str, Any], b: dict[str, Any], slack: float = 1.0) -> bool:
    """Do two boxes share more than a pixel's edge?"""
    return bool(
        a["left"] < b["right"] - slack
        and b["left"] < a["right"] - slack
        and a["top"] < b["bottom"] - slack
        and b["top"] < a["bottom"] - slack
    )


class People:
    """People at one table (as many as ``names``), their first hand played
    on to ``board`` cards on the board."""

    def __init__(self, api: Api, profile: str, names: tuple[str, ...], board: int) -> None:
        self.api = api
        body = {"profile": profile, "bots": 0, "table_size": len(names)}
        body |= {"action_seconds": 300, "between_hands_s": 60}
        self.id = str(api.call("POST", "/tournaments", body, DIRECTOR)["id"])
        self.seats = {name: register(api, self.id, name) for name in names}
        api.start(self.id)
        deadline = time.monotonic() + 30
        while (
            not (hand := self.view()["hand"])
            or hand["actor"] is None
            or len(hand["board"] or ()) < board  # a draw has none
        ):
            assert time.monotonic() < deadline, "the board never came"
            if hand and hand["actor"] is not None:
                self.passive(self.name_at(hand["actor"]))
            else:
                time.sleep(0.1)

    def view(self, name: str | None = None) -> dict[str, Any]:
        token = self.seats[name]["token"] if name else None
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = self.api.client.get(f"/api/tournaments/{self.id}/tables/1", headers=headers)
        answer.raise_for_status()
        return dict(answer.json())

    def name_at(self, seat: int) -> str:
        return next(s["name"] for s in self.view()["seats"] if s["seat"] == seat)

    def actor(self) -> str:
        return self.name_at(self.view()["hand"]["actor"])

    def passive(self, name: str) -> None:
        legal = self.view(name)["hand"]["actions"]
        action = "check" if "check" in legal else "call"
        token = self.seats[name]["token"]
        answer = self.api.client.post(
            f"/api/tournaments/{self.id}/actions",
            json={"action": action},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert answer.status_code == 200, answer.text


def at_200_percent(page: Page, how: str) -> None:
    """The root's font size doubled, as the other large-text tests do, or
    Chromium's own text size set to 32 px (200 % of its 16); "zoom": the
    page zoomed, which only the window's size in CSS pixels shows."""
    if how == "zoom":
        pass
    elif how == "root":
        page.evaluate("() => { document.documentElement.style.fontSize = '200%'; }")
    else:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    # the class comes with the felt drawn again for the large text; what the
    # page does in its next frame (the panel brought into sight) is done
    # once two more are drawn
    expect(page.locator("body.large-text")).to_have_count(1)
    next_frames(page)


def assert_felt_clear(
    page: Page, viewport: dict[str, int], what: str, seats: int, board: int
) -> None:
    """No seat on another seat, a board card or the pot; none of them under
    the player's panel or the bars; nothing wider than the screen."""
    found = page.evaluate(BOXES_JS)
    assert found["large"], f"{what}: the page did not see the large text"
    plates, middle, bars = found["seats"], found["middle"], found["bars"]
    assert len(plates) == seats, f"{what}: {len(plates)} seats"
    cards = [m for m in middle if not m["name"].startswith("pot")]
    assert len(cards) >= board, f"{what}: {middle}"
    clashes = [
        (a["name"], b["name"])
        for k, a in enumerate(plates + middle)
        for b in (plates + middle)[k + 1 :] + bars
        if overlaps(a, b) and not (a in middle and b in middle)
    ]
    assert not clashes, f"{what}: these overlap: {clashes}"
    assert found["scrollWidth"] <= viewport["width"], f"{what}: {found['scrollWidth']} px wide"
    small = page.evaluate(SMALL_TEXT_JS)
    assert not small, f"{what}: text under 12 px: {small}"


# Visible words drawn smaller than 12 px (issue 20: none on a phone).
SMALL_TEXT_JS = """() => [...document.querySelectorAll('main *')]
    .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
    .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
    .filter((el) => parseFloat(getComputedStyle(el).fontSize) < 11.9)
    .map((el) => `${el.tagName}.${el.className}: ${el.textContent.trim().slice(0, 20)}`
        + ` ${getComputedStyle(el).fontSize}`)"""


def assert_uncovered(page: Page, selector: str, viewport: dict[str, int], what: str) -> int:
    """Every match of ``selector``, scrolled to, is on the screen and is what
    a click at its middle hits; returns how many there are."""
    count = page.locator(selector).count()
    for k in range(count):
        page.locator(selector).nth(k).scroll_into_view_if_needed()
        # a floating message is placed again in the frame after the scroll
        found = eventually(partial(page.evaluate, HIT_JS, [selector, k]), lambda f: f["hit"])
        left, top, right, bottom = found["box"]
        # a pixel's rounding of a scrolled page aside
        assert left >= -1 and top >= -1, (what, selector, k, found)
        assert right <= viewport["width"] + 1 and bottom <= viewport["height"] + 1, (what, k, found)
        assert found["hit"], f"{what}: {selector} #{k} is covered by {found['what']}"
    return count


def assert_panel_in_sight(page: Page, viewport: dict[str, int], what: str) -> None:
    """His turn: the page itself has scrolled his panel's buttons into sight
    (at large text the panel lies below the felt), in a frame of its own
    time."""
    boxes = eventually(
        lambda: page.evaluate(
            """() => [...document.querySelectorAll('#actions button:not([hidden])')]
                .map((el) => el.getBoundingClientRect())
                .map((r) => [r.top, r.bottom])"""
        ),
        lambda found: bool(found) and in_sight(found, viewport),
    )
    assert boxes, f"{what}: no buttons"
    assert in_sight(boxes, viewport), f"{what}: the buttons are out of sight: {boxes}"


def in_sight(boxes: list[list[float]], viewport: dict[str, int]) -> bool:
    """Are these (top, bottom) spans all in the window?"""
    return all(top >= 0 and bottom <= viewport["height"] + 0.5 for top, bottom in boxes)


def assert_all_free(
    page: Page, viewport: dict[str, int], what: str, seats: int, board: int
) -> None:
    """The seats, the board and every control seen and free; on the laptop
    the seats all above his panel."""
    assert assert_uncovered(page, "[data-testid=seat]", viewport, what) == seats
    assert assert_uncovered(page, "[data-testid=board] [data-testid=card]", viewport, what) == board
    assert assert_uncovered(page, "#actions button:not([hidden])", viewport, what) >= 3
    assert_uncovered(page, "#hero-cards [data-testid=card]", viewport, what)
    assert_uncovered(page, "#actions input", viewport, what)
    assert_uncovered(page, ".table-head button:not([hidden])", viewport, what)
    if viewport == LAPTOP:
        page.evaluate("() => scrollTo(0, 0)")
        hero = page.locator("#hero").bounding_box()
        assert hero is not None
        plates = page.evaluate(BOXES_JS)["seats"]
        assert all(p["bottom"] <= hero["y"] for p in plates), (plates, hero)


@pytest.mark.parametrize(
    ("locale", "viewport", "how"),
    [
        ("nb-NO", LAPTOP, "root"),
        ("de-DE", LAPTOP, "root"),
        ("en-GB", LAPTOP, "browser"),
        ("en-GB", PHONE, "root"),
        ("de-DE", PHONE, "root"),
        ("nb-NO", PHONE, "browser"),
        ("de-DE", ZOOMED, "zoom"),
        ("nb-NO", SIDEWAYS, "zoom"),
    ],
    ids=[
        "nb-laptop",
        "de-laptop",
        "en-laptop-setting",
        "en-phone",
        "de-phone",
        "nb-phone-setting",
        "de-laptop-zoomed",
        "nb-phone-sideways",
    ],
)
def test_at_200_percent_text_ten_seats_are_apart_and_every_control_is_free(
    api: Api, pages: Callable[..., Page], locale: str, viewport: dict[str, int], how: str
) -> None:
    table = People(api, "nm-holdem", NAMES, board=3)
    page = pages(locale, viewport)
    take_seat(page, api, table.id, table.seats[table.actor()])
    page.goto(f"{api.url}/t/{table.id}/play")
    expect(page.get_by_test_id("seat")).to_have_count(len(NAMES))
    expect(page.locator("[data-testid=board] [data-testid=card]")).to_have_count(3)
    expect(page.locator("#actions button").first).to_be_visible()
    at_200_percent(page, how)
    what = f"{locale} {viewport['width']}x{viewport['height']}"
    assert_panel_in_sight(page, viewport, what)

    assert_felt_clear(page, viewport, what, seats=len(NAMES), board=3)
    assert_all_free(page, viewport, what, seats=len(NAMES), board=3)

    # and the controls work: the check (or call) reaches the server
    hand = table.view()["hand"]
    choice = page.locator("#actions [data-testid=check], #actions [data-testid=call]").first
    choice.scroll_into_view_if_needed()
    choice.click()
    deadline = time.monotonic() + 20
    while table.view()["hand"]["actor"] == hand["actor"]:
        assert time.monotonic() < deadline, "the action never reached the server"
        time.sleep(0.1)
    expect(page.get_by_test_id("error")).to_be_hidden()


@pytest.mark.parametrize("locale", ["nb-NO", "de-DE"])
def test_at_200_percent_text_the_draw_on_the_laptop(
    api: Api, pages: Callable[..., Page], locale: str
) -> None:
    """Five seats and five cards in his hand: the panel's controls beside
    his cards, the seats above them."""
    table = People(api, "nm-draw", NAMES[:5], board=0)
    page = pages(locale, LAPTOP)
    take_seat(page, api, table.id, table.seats[table.actor()])
    page.goto(f"{api.url}/t/{table.id}/play")
    expect(page.get_by_test_id("seat")).to_have_count(5)
    expect(page.locator("#hero-cards [data-testid=card]")).to_have_count(5)
    expect(page.locator("#actions button").first).to_be_visible()
    at_200_percent(page, "root")
    what = f"{locale} draw"
    assert_panel_in_sight(page, LAPTOP, what)
    assert_felt_clear(page, LAPTOP, what, seats=5, board=0)
    assert_all_free(page, LAPTOP, what, seats=5, board=0)


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_at_200_percent_text_no_page_scrolls_sideways(
    api: Api, pages: Callable[..., Page], viewport: dict[str, int]
) -> None:
    """The lobby, the tournament's page (its tables and payouts), its clock,
    the director's console (the levels editor) and the results: wide tables
    scroll inside their own box, the page never sideways."""
    tournament = api.create("nm-holdem", bots=9, name="Vinter 2026", prize_pool=10_000)
    register(api, tournament, "Hans")
    api.start(tournament)
    page = pages("de-DE", viewport)
    page.goto(f"{api.url}/static/favicon.svg")
    page.evaluate("token => localStorage.setItem('floorman.director', token)", DIRECTOR)
    for path, ready in (
        ("/", "[data-testid=tournament-row]"),
        (f"/t/{tournament}", "table.data"),
        (f"/t/{tournament}/clock", "[data-testid=clock-time-of-day]"),
        (f"/director?t={tournament}", "[data-testid=s-levels]"),
        (f"/t/{tournament}/results", "[data-testid=results]"),
    ):
        page.goto(api.url + path)
        page.locator(ready).first.wait_for(state="attached")
        page.evaluate("() => { document.documentElement.style.fontSize = '200%'; }")
        page.wait_for_timeout(300)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"{path}: the page is {width} px wide"
