"""Every page fits a 1366x768 laptop and a 390x844 phone (issue 11).

Measured in Debian's Chromium: no page is wider than the screen (nothing
sticks out sideways unless it scrolls inside its own box); at the human's
decision, in hold'em with ten seats and in the NM draw with five, every
control of the hero panel is on the screen without scrolling; and the seat
plates overlap neither each other nor the board and the pot.

One server for the module; the games wait for the human (his action clock
is long), so each size sees the same table at the same moment.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.helpers.settled import settled
from tests.test_browser import (
    DIRECTOR,
    Api,
    api,
    browser,
    open_director,
    take_seat,
    wait_for_turn,
)

__all__ = ["api", "browser"]  # the fixtures, shared with test_browser

pytestmark = pytest.mark.browser

SIZES: dict[str, dict[str, Any]] = {
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 3,
        "is_mobile": True,
        "has_touch": True,
    },
}
#: the longest words of the three languages, for the pages; Norwegian at the table
PAGE_LOCALE = "de-DE"
TABLE_LOCALE = "nb-NO"
DECISION = "#actions [data-testid=fold], #actions [data-testid=draw]"
#: where screenshots go when FLOORMAN_LAYOUT_SHOTS is set (for looking at them)
SHOTS = os.environ.get("FLOORMAN_LAYOUT_SHOTS")

# Everything that sticks out of the viewport sideways and is not inside a
# box that clips or scrolls it.
OVERFLOW_JS = """(width) => {
    const clipped = (el) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
            if (getComputedStyle(p).overflowX !== "visible") return true;
        }
        return false;
    };
    const wide = [];
    for (const el of document.body.querySelectorAll("*")) {
        const r = el.getBoundingClientRect();
        if (!r.width && !r.height) continue;
        if ((r.left < -1 || r.right > width + 1 || r.width > width + 1) && !clipped(el)) {
            const cls = typeof el.className === "string" ? el.className.trim() : "";
            const span = `${Math.round(r.left)}..${Math.round(r.right)}`;
            wide.push(`${el.tagName}#${el.id}.${cls} ${span}`);
        }
    }
    return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        wide: wide.slice(0, 12),
    };
}"""

# The hero panel's controls that are shown, and where they are.
CONTROLS_JS = """() => {
    const shown = [];
    for (const el of document.querySelectorAll(
        "#hero button, #hero input, #hero select, #hero [data-testid=card]"
    )) {
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height || getComputedStyle(el).visibility === "hidden") continue;
        const label = el.dataset.testid || el.dataset.card || el.tagName;
        shown.push({ label, top: r.top, bottom: r.bottom, left: r.left, right: r.right });
    }
    return {
        scrollY: window.scrollY,
        height: window.innerHeight,
        width: window.innerWidth,
        shown,
    };
}"""

# The boxes of the seats (plate, cards and clock), the board and the pot.
BOXES_JS = """() => {
    const box = (el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const hero = document.querySelector("#hero");
    return {
        seats: [...document.querySelectorAll("[data-testid=seat]")].map((el) => ({
            name: `seat ${el.dataset.seat}`,
            ...box(el),
        })),
        center: [...document.querySelectorAll("[data-testid=board], [data-testid=pot]")]
            .filter((el) => el.getBoundingClientRect().width > 0)
            .map((el) => ({ name: el.dataset.testid, ...box(el) })),
        hero: hero && !hero.hidden ? { name: "hero panel", ...box(hero) } : null,
        height: window.innerHeight,
        width: window.innerWidth,
    };
}"""


def overlaps(a: dict[str, float], b: dict[str, float], slack: float = 1.0) -> bool:
    """Do two boxes share more than a pixel's edge?"""
    return bool(
        a["left"] < b["right"] - slack
        and b["left"] < a["right"] - slack
        and a["top"] < b["bottom"] - slack
        and b["top"] < a["bottom"] - slack
    )


# ------------------------------------------------------------------ set-up


def give_everyone_a_deep_stack(api: Api, tournament: str) -> None:
    """The director's chip correction before the start: 50,000 chips for
    every entry, bots too.

    Short, the person under test folds every call that would put her all in
    (act_passively) and may never see a flop or a draw; deep while the bots
    are short, she calls their all-ins and busts them, and a table that was
    to show ten plates shows eight.  Everyone deep at the first level's
    blinds, nobody is all in within the module's hands."""
    rows = api.call("GET", f"/tournaments/{tournament}")["standings"]
    for row in rows:
        body = {"player": row["player"], "chips": 50_000, "note": "layout"}
        api.call("POST", f"/tournaments/{tournament}/override/chips", body, DIRECTOR)


class Games:
    """The tournaments the module looks at."""

    def __init__(self, api: Api) -> None:
        # One hold'em and one draw tournament per screen size: each size's
        # tests see their table whole (bots bust players as hands go on).
        self.holdem: dict[str, str] = {}
        self.ann: dict[str, dict[str, str]] = {}
        self.draw: dict[str, str] = {}
        self.bea: dict[str, dict[str, str]] = {}
        for size in sorted(SIZES):
            holdem = self.holdem[size] = api.create("nm-holdem", bots=9, name="Layout hold'em")
            self.ann[size] = api.register(holdem, "Ann")
            give_everyone_a_deep_stack(api, holdem)
            api.start(holdem)
            # A ruling with a long note, for the director's ruling log.
            warning = {
                "player": self.ann[size]["player"],
                "clause": "OQ-03",  # an NM table cites its own rules and the OQs
                "note": "Slow play after a repeated reminder by the floor, noted for the record "
                * 2,
            }
            api.call("POST", f"/tournaments/{holdem}/floor/warn", warning, DIRECTOR)
            draw = self.draw[size] = api.create("nm-draw", bots=4, name="Layout draw")
            self.bea[size] = api.register(draw, "Bea")
            give_everyone_a_deep_stack(api, draw)
            api.start(draw)
        # A finished hand for the hand viewer, from bots alone, then paused.
        self.bots = api.create("nm-holdem", bots=6, name="Layout bots")
        api.start(self.bots)
        deadline = time.monotonic() + 30
        while not (hands := api.call("GET", f"/tournaments/{self.bots}/hands")):
            assert time.monotonic() < deadline, "no hand was finished by the bots"
            time.sleep(0.1)
        api.call("POST", f"/tournaments/{self.bots}/pause", {}, DIRECTOR)
        self.hand = str(hands[0]["id"])


@pytest.fixture(scope="module")
def games(api: Api) -> Games:
    return Games(api)


@pytest.fixture(params=sorted(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def open_page(browser: Browser, size: str, locale: str) -> tuple[Page, list[str]]:
    context = browser.new_context(locale=locale, **SIZES[size])
    context.set_default_timeout(30_000)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


@pytest.fixture
def screen(browser: Browser, size: str) -> Iterator[Page]:
    page, errors = open_page(browser, size, PAGE_LOCALE)
    yield page
    page.context.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.fixture
def table_screen(browser: Browser, size: str) -> Iterator[Page]:
    page, errors = open_page(browser, size, TABLE_LOCALE)
    yield page
    page.context.close()
    assert not errors, f"JavaScript errors: {errors}"


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png")


# ------------------------------------------------------------------ checks


def assert_no_horizontal_overflow(page: Page, size: str, what: str) -> None:
    width = SIZES[size]["viewport"]["width"]
    found = page.evaluate(OVERFLOW_JS, width)
    assert found["innerWidth"] == width, f"{what} at {size}: zoomed out to {found}"
    assert found["scrollWidth"] <= width, f"{what} at {size} is wider than the screen: {found}"
    assert not found["wide"], f"{what} at {size}: elements stick out sideways: {found['wide']}"


def assert_controls_on_screen(page: Page, size: str, what: str) -> None:
    found = page.evaluate(CONTROLS_JS)
    assert found["scrollY"] == 0, f"{what} at {size}: the page was scrolled"
    labels = {c["label"] for c in found["shown"]}
    assert labels & {"fold", "draw"}, f"{what} at {size}: no decision shown: {labels}"
    off = [
        c
        for c in found["shown"]
        if c["top"] < 0
        or c["left"] < 0
        or c["bottom"] > found["height"] + 0.5
        or c["right"] > found["width"] + 0.5
    ]
    assert not off, f"{what} at {size}: controls off the screen without scrolling: {off}"


def assert_seats_apart(page: Page, size: str, what: str, seats: int = 0) -> None:
    """No seat on another, on the board or the pot, under the hero panel or
    off the screen; ``seats``: how many there must be (0: any number)."""
    found = page.evaluate(BOXES_JS)
    plates = found["seats"]
    assert len(plates) >= 2, f"{what}: {len(plates)} seats"
    assert not seats or len(plates) == seats, f"{what}: {len(plates)} seats, not {seats}"
    clashes = [
        (a["name"], b["name"])
        for k, a in enumerate(plates)
        for b in plates[k + 1 :] + found["center"] + ([found["hero"]] if found["hero"] else [])
        if overlaps(a, b)
    ]
    assert not clashes, f"{what} at {size}: seats overlap: {clashes}"
    off = [
        p["name"]
        for p in plates
        if p["top"] < 0
        or p["left"] < 0
        or p["bottom"] > found["height"]
        or p["right"] > found["width"]
    ]
    assert not off, f"{what} at {size}: seats off the screen: {off}"


# ------------------------------------------------------------------ playing


def act_passively(page: Page) -> None:
    """Check, call (unless all-in), look, else fold; wait for the panel to change."""
    actions = page.locator("#actions")
    for choice in ("check", "call", "look", "fold"):
        button = actions.get_by_test_id(choice)
        if button.count() and not (choice == "call" and "all-in" in button.inner_text()):
            handle = button.element_handle()
            assert handle is not None
            handle.click()
            handle.wait_for_element_state("hidden")
            return
    raise AssertionError("no passive action open")


def board_cards(page: Page) -> int:
    return page.locator("[data-testid=board] [data-testid=card]").count()


# ------------------------------------------------------------------ tests


PAGES = ["lobby", "tournament", "clock", "director", "hand", "cards", "spectator", "player"]


@pytest.mark.parametrize("which", PAGES)
def test_no_page_is_wider_than_the_screen(
    screen: Page, api: Api, games: Games, size: str, which: str
) -> None:
    page = screen
    if which == "lobby":
        page.goto(api.url + "/")
        page.wait_for_selector("[data-testid=tournament-row]")
    elif which == "tournament":
        page.goto(f"{api.url}/t/{games.holdem[size]}")
        page.wait_for_selector("#standings *")
    elif which == "clock":
        page.goto(f"{api.url}/t/{games.holdem[size]}/clock")
        # not wait_for_function: its string predicate, once it has to poll,
        # is evaluated by the page under its CSP (no 'unsafe-eval'): EvalError
        expect(page.get_by_test_id("clock-stakes")).not_to_have_text("–")
    elif which == "director":
        open_director(page, api, games.holdem[size])
        page.wait_for_selector("[data-testid=chart-seat]")
        page.wait_for_selector("[data-testid=rulings] li")
    elif which == "hand":
        page.goto(f"{api.url}/hands/{games.hand}")
        page.wait_for_selector("[data-testid=seat]")
        page.locator("#last").click()  # the widest moment: every card out
    elif which == "cards":
        page.goto(f"{api.url}/t/{games.holdem[size]}/cards")
        page.wait_for_selector("[data-testid=table-card] >> nth=9")
    elif which == "spectator":
        page.goto(f"{api.url}/t/{games.holdem[size]}/table/1")
        page.wait_for_selector("[data-testid=seat] >> nth=9")
    else:
        take_seat(page, api, games.holdem[size], games.ann[size])
        page.goto(f"{api.url}/t/{games.holdem[size]}/play")
        page.wait_for_selector("[data-testid=seat] >> nth=9")
    settled(page)  # late data (the console's clause list and chat, summaries) in place
    shot(page, f"page-{which}-{size}")
    assert_no_horizontal_overflow(page, size, which)
    if which in ("spectator", "player"):
        assert_seats_apart(page, size, which, seats=10)


def test_a_holdem_decision_with_ten_seats_fits_without_scrolling(
    table_screen: Page, api: Api, games: Games, size: str
) -> None:
    """Ann plays on to a decision after the flop: the board is out, so the
    plates are checked against five-card-wide space in the middle."""
    page = table_screen
    take_seat(page, api, games.holdem[size], games.ann[size])
    page.goto(f"{api.url}/t/{games.holdem[size]}/play")
    for _ in range(40):
        wait_for_turn(page)
        page.wait_for_timeout(150)  # the panel settles (pre-actions, hints)
        assert_controls_on_screen(page, size, "hold'em decision")
        if board_cards(page) >= 3:
            break
        act_passively(page)
    else:
        pytest.fail("Ann never reached a decision after the flop")
    shot(page, f"holdem-{size}")
    assert_no_horizontal_overflow(page, size, "hold'em decision")
    assert_seats_apart(page, size, "hold'em decision", seats=10)


def test_a_draw_decision_with_five_seats_fits_without_scrolling(
    table_screen: Page, api: Api, games: Games, size: str
) -> None:
    """Bea's decisions up to the draw itself, five cards in her hand."""
    page = table_screen
    take_seat(page, api, games.draw[size], games.bea[size])
    page.goto(f"{api.url}/t/{games.draw[size]}/play")
    seats = 5  # at the first decision; bots may bust before the draw comes
    for _ in range(40):
        page.wait_for_selector(DECISION)
        page.wait_for_timeout(150)
        assert_controls_on_screen(page, size, "draw decision")
        assert_seats_apart(page, size, "draw decision", seats=seats)
        seats = 0
        if page.locator("#actions [data-testid=draw]").count():
            break
        act_passively(page)
    else:
        pytest.fail("Bea never came to the draw")
    page.locator("#hero-cards button.card").first.click()  # a card raised for the exchange
    page.wait_for_timeout(150)
    shot(page, f"draw-{size}")
    assert_controls_on_screen(page, size, "the draw")
    assert_no_horizontal_overflow(page, size, "the draw")
    assert_seats_apart(page, size, "the draw")
