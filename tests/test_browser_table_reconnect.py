"""The table after a network loss (issue 20), in Chromium: a message the
player tried to send while the connection was down says "not connected";
once the connection is back, the first fresh frame from the server clears
that stale message (it is no longer true), his words stay in the box, and
sending them again works.  Every control of his own is off while the
overlay is up, "sit out next hand" too.

A tournament of people only: every hand waits for its players."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.test_browser import Api, api, browser, take_seat
from tests.test_browser_floor_tools import People, pages

__all__ = ["api", "browser", "pages"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize(
    ("locale", "not_sent"),
    [
        ("nb-NO", "Ikke tilkoblet: meldingen ble ikke sendt."),
        ("de-DE", "Keine Verbindung: Die Nachricht wurde nicht gesendet."),
    ],
)
def test_the_first_fresh_frame_clears_the_stale_not_connected_message(
    api: Api, pages: Callable[..., Page], locale: str, not_sent: str
) -> None:
    people = People(api, "nm-holdem")
    page = pages(locale, PHONE)
    take_seat(page, api, people.id, people.seats["Ann"])
    page.goto(f"{api.url}/t/{people.id}/play")
    expect(page.get_by_test_id("seat")).to_have_count(3)
    ask = page.get_by_test_id("sit-out-next")
    expect(ask).to_be_enabled()
    page.get_by_test_id("tab-chat").click()
    words = page.get_by_test_id("chat-input")
    words.fill("hei / hallo")
    error = page.get_by_test_id("chat-error")
    overlay = page.get_by_test_id("conn-lost")

    page.context.set_offline(True)
    expect(overlay).to_be_visible()
    expect(ask).to_be_disabled()  # his own controls are off under the overlay
    words.press("Enter")  # the keyboard still reaches the box under the overlay
    expect(error).to_have_text(not_sent)

    page.context.set_offline(False)
    expect(overlay).to_be_hidden()
    # the first fresh frame turns his controls on again, and clears the message
    expect(ask).to_be_enabled()
    expect(error).to_be_hidden()
    expect(page.get_by_test_id("error")).to_be_hidden()
    expect(words).to_have_value("hei / hallo")  # his words are not lost
    words.press("Enter")
    expect(page.get_by_test_id("chat-lines")).to_contain_text("hei / hallo")
    expect(error).to_be_hidden()
