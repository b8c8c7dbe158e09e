"""Issue 26, floating messages, in Chromium: a message over the page goes
at the next action or after a few seconds, and never covers a control —
the console's refusal over its Register button, and at 200 % text the
director's warning to a player on his turn over Fold and Call."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.settled import eventually, settled
from tests.test_browser import DIRECTOR, Api, api, browser, open_director, take_seat
from tests.test_browser_director_tools import LAPTOP, PHONE
from tests.test_browser_floor_tools import pages
from tests.test_browser_text_200 import NAMES, People, assert_uncovered, at_200_percent

__all__ = ["api", "browser", "pages"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

# Every control whose middle is in the window and not the message's own:
# is it what a click at its middle hits?
COVERED_JS = """(boxId) => {
    const box = document.getElementById(boxId);
    const controls = 'button, input, select, textarea, a[href], summary';
    return [...document.querySelectorAll(controls)].filter((el) => {
        if (box.contains(el)) return false;
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        if (!r.width || !r.height) return false;
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
        if (!el.checkVisibility({ visibilityProperty: true })) return false;
        const hit = document.elementFromPoint(x, y);
        return hit !== null && box.contains(hit);
    }).map((el) => el.id || el.dataset.testid || el.tagName);
}"""


def running(api: Api) -> str:
    """A started tournament of people whose registration closed at the start."""
    tournament = api.create("de-holdem", bots=0, action_seconds=300, between_hands_s=60)
    for name in ("Ann", "Ben", "Cat"):
        api.call("POST", f"/tournaments/{tournament}/register", {"name": name}, DIRECTOR)
    api.start(tournament)
    return tournament


def refused_entry(page: Page) -> Any:
    """Register a late entry the tournament refuses; the refusal is shown."""
    page.get_by_test_id("entry-name").fill("Zoe")
    page.get_by_test_id("entry-submit").click()
    message = page.get_by_test_id("director-message")
    expect(message).to_be_visible()
    expect(message).to_have_attribute("data-kind", "error")
    return message


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_consoles_refusal_covers_no_control_and_goes_at_the_next_action(
    pages: Callable[..., Page], api: Api, viewport: dict[str, int]
) -> None:
    tournament = running(api)
    page = pages("en-GB", viewport)
    open_director(page, api, tournament)
    expect(page.get_by_test_id("t-status")).to_have_text("running")
    # what the console loads after the status (clause list, chat) would move
    # the form under the click on a phone's one column
    settled(page)
    page.get_by_test_id("entry-form").scroll_into_view_if_needed()
    message = refused_entry(page)
    assert page.evaluate(COVERED_JS, "message") == []
    found = page.evaluate(
        """() => { const r = document.querySelector('[data-testid=entry-submit]')
            .getBoundingClientRect();
            return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
              ?.closest('[data-testid=entry-submit]') !== null; }"""
    )
    assert found, "the register button is covered"
    # the next action puts it away
    page.get_by_test_id("entry-name").click()
    expect(message).to_be_hidden()
    # and left alone, it goes by itself after a few seconds
    message = refused_entry(page)
    shown = time.monotonic()
    expect(message).to_be_hidden(timeout=30_000)
    assert time.monotonic() - shown > 2, "gone before it could be read"


@pytest.mark.clause("DE-PENALTY-3")
@pytest.mark.parametrize(
    ("locale", "viewport"), [("nb-NO", PHONE), ("de-DE", LAPTOP)], ids=["nb-phone", "de-laptop"]
)
def test_at_200_percent_text_a_warning_on_his_turn_covers_no_control_and_goes_when_he_acts(
    pages: Callable[..., Page], api: Api, locale: str, viewport: dict[str, int]
) -> None:
    """DE-PENALTY-3: the director's warning reaches the player on his turn;
    it lies over none of his controls, and his action puts it away."""
    table = People(api, "de-holdem", NAMES[:4], board=0)
    actor = table.actor()
    page = pages(locale, viewport)
    take_seat(page, api, table.id, table.seats[actor])
    page.goto(f"{api.url}/t/{table.id}/play")
    expect(page.locator("#actions button").first).to_be_visible()
    at_200_percent(page, "root")
    warned = {"player": table.seats[actor]["player"], "clause": "DE-PENALTY-3", "note": ""}
    api.call("POST", f"/tournaments/{table.id}/floor/warn", warned, DIRECTOR)
    notice = page.get_by_test_id("floor-notice")
    expect(notice).to_be_visible()
    expect(notice).not_to_contain_text("null")  # no note: none written
    what = f"{locale} {viewport['width']}x{viewport['height']}"
    assert assert_uncovered(page, "#actions button:not([hidden])", viewport, what) >= 2
    assert_uncovered(page, ".table-head button:not([hidden])", viewport, what)
    page.evaluate("() => scrollTo(0, 0)")
    # placed again in the frame after the scroll
    covered = eventually(lambda: page.evaluate(COVERED_JS, "floor-notice"), lambda c: c == [])
    assert covered == [], covered
    # his action puts it away
    hand = table.view()["hand"]
    choice = page.locator("#actions [data-testid=check], #actions [data-testid=call]").first
    choice.scroll_into_view_if_needed()
    choice.click()
    expect(notice).to_be_hidden()
    deadline = time.monotonic() + 20
    while table.view()["hand"]["actor"] == hand["actor"]:
        assert time.monotonic() < deadline, "the action never reached the server"
        time.sleep(0.1)


@pytest.mark.clause("DE-PENALTY-3")
@pytest.mark.parametrize(
    ("locale", "viewport"), [("nb-NO", PHONE), ("de-DE", LAPTOP)], ids=["nb-phone", "de-laptop"]
)
def test_a_warning_given_before_his_turn_moves_off_the_buttons_his_turn_brings(
    pages: Callable[..., Page], api: Api, locale: str, viewport: dict[str, int]
) -> None:
    """The warning came while another player was to act and took a free
    place; his turn then brings Fold and Call to where it lies.  It moves:
    none of his buttons is under it (a clean run found it over them on a
    phone, and a click scrolled the page to reach them)."""
    table = People(api, "de-holdem", NAMES[:4], board=0)
    waiting = next(name for name in table.seats if name != table.actor())
    page = pages(locale, viewport)
    take_seat(page, api, table.id, table.seats[waiting])
    page.goto(f"{api.url}/t/{table.id}/play")
    expect(page.get_by_test_id("seat").first).to_be_visible()
    expect(page.locator("#actions [data-testid=fold]")).to_have_count(0)
    warned = {"player": table.seats[waiting]["player"], "clause": "DE-PENALTY-3", "note": "x " * 80}
    api.call("POST", f"/tournaments/{table.id}/floor/warn", warned, DIRECTOR)
    notice = page.get_by_test_id("floor-notice")
    expect(notice).to_be_visible()
    while table.actor() != waiting:  # the others check or call, never ending the hand
        table.passive(table.actor())
    expect(page.locator("#actions [data-testid=fold]")).to_be_visible()
    # the message moves in the page's next frame, however late a loaded
    # machine draws it; where it covers a control for good, the wait ends
    # with it still covering one
    covered = eventually(lambda: page.evaluate(COVERED_JS, "floor-notice"), lambda c: c == [])
    expect(notice).to_be_visible()  # it stays its few seconds
    assert covered == [] and page.evaluate(COVERED_JS, "floor-notice") == [], covered
