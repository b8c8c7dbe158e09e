"""The player's table of issue 20 in Chromium, as a player sees it in
Norwegian and German on a laptop and a phone: the overlay while the
connection is lost (controls disabled, the table back within ~2 s of the
network), text that stays readable on a phone and at 200 % text size, the
table's settings (four-colour deck, bets in big blinds or antes, large
cards), the director's warning shown to the warned player only, and the
words of the catalogues (seat/place, pause/break, plurals).

Tournaments of people only (no bots): every hand waits for its players,
who act here through the API, one of them on a page of his own."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.test_browser import Api, api, browser, take_seat
from tests.test_browser_floor_tools import People, pages

__all__ = ["api", "browser", "pages"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return dict(found)


# ------------------------------------------------------------------ 1. the connection lost


@pytest.mark.parametrize(
    ("locale", "viewport", "words"),
    [
        ("nb-NO", LAPTOP, "Forbindelsen er brutt"),
        ("de-DE", PHONE, "Verbindung unterbrochen"),
    ],
)
def test_lost_connection_overlay_disables_controls_and_comes_back_fast(
    api: Api, pages: Callable[..., Page], locale: str, viewport: dict[str, int], words: str
) -> None:
    people = People(api, "nm-holdem")
    page = pages(locale, viewport)
    name = people.actor()
    take_seat(page, api, people.id, people.seats[name])
    page.goto(f"{api.url}/t/{people.id}/play")
    buttons = page.locator("#actions button")
    expect(buttons.first).to_be_visible()
    expect(buttons.first).to_be_enabled()
    before = box(page, "#actions button")
    overlay = page.get_by_test_id("conn-lost")
    expect(overlay).to_be_hidden()

    page.context.set_offline(True)
    expect(overlay).to_be_visible(timeout=3000)
    expect(overlay).to_have_attribute("role", "alert")
    expect(overlay).to_contain_text(words)
    for k in range(buttons.count()):
        expect(buttons.nth(k)).to_be_disabled()
    assert box(page, "#actions button") == before, "the overlay moved the controls"
    time.sleep(10)
    expect(overlay).to_be_visible()
    for k in range(buttons.count()):
        expect(buttons.nth(k)).to_be_disabled()

    page.context.set_offline(False)
    back = time.monotonic()
    expect(overlay).to_be_hidden(timeout=2500)
    # the controls come back with a fresh frame from the server
    expect(page.locator("#actions button").first).to_be_enabled(timeout=2500)
    assert time.monotonic() - back < 3.0
    assert box(page, "#actions button") == before
    # and the table is live: an action taken on the page reaches the server
    hand = people.running()
    assert hand is not None
    page.locator("#actions button").first.click()
    if page.get_by_test_id("fold-confirm").count():
        page.get_by_test_id("fold-confirm-yes").click()
    people.wait(lambda: people.view()["hand"] != hand, "the action to be taken")
    expect(page.get_by_test_id("error")).to_be_hidden()
