"""The start-time fields follow the page's language, not the browser's
(issue 20): an English (en-US) Chromium on a Norwegian or German page is
asked for dd.mm.yyyy and a 24-hour time, never shown mm/dd/yyyy or AM/PM;
what he types there is the tournament's start; a time the page cannot read
is refused in the page's language, and nothing is created."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.test_browser import DIRECTOR, Api, api, browser, open_director, open_page

__all__ = ["api", "browser"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

AM_PM = re.compile(r"\b(AM|PM|am|pm)\b|mm/dd/yyyy")


@pytest.fixture
def american(browser: Browser) -> Iterator[Page]:
    """An English browser (en-US: mm/dd/yyyy and AM/PM are its own) in Oslo."""
    yield from open_page(browser, "en-US", 1366, 768, timezone_id="Europe/Oslo")


def meant(page: Page, year: int, month: int, day: int, hour: int, minute: int) -> float:
    """The moment in the browser's zone, in seconds."""
    return float(
        page.evaluate(
            "([y, m, d, hh, mm]) => new Date(y, m - 1, d, hh, mm).getTime() / 1000",
            [year, month, day, hour, minute],
        )
    )


def created(api: Api, name: str) -> dict[str, object] | None:
    return next((t for t in api.call("GET", "/tournaments") if t["name"] == name), None)


def test_an_english_browser_on_a_norwegian_lobby_types_a_24_hour_start(
    american: Page, api: Api
) -> None:
    page = american
    page.goto(f"{api.url}/?lang=nb")
    field = page.get_by_test_id("create-starts-at")
    expect(field).to_have_attribute("placeholder", "dd.mm.åååå tt:mm")
    assert not AM_PM.search(page.locator("#create").inner_text())
    page.get_by_test_id("create-token").fill(DIRECTOR)
    page.locator("#create-bots").fill("0")

    # An American habit is refused in Norwegian, and nothing is created.
    page.locator("#create-name").fill("Kveldsturnering feil")
    field.fill("03/01/2027 7:30 PM")
    page.get_by_test_id("create-submit").click()
    message = page.locator("#create-message")
    expect(message).to_contain_text("«03/01/2027 7:30 PM» er ikke et starttidspunkt")
    expect(message).to_contain_text("dd.mm.åååå tt:mm (24-timersklokke)")
    expect(field).to_have_attribute("aria-invalid", "true")
    assert created(api, "Kveldsturnering feil") is None
    field.fill("31.02.2027 19:30")  # no such day
    page.get_by_test_id("create-submit").click()
    expect(message).to_contain_text("«31.02.2027 19:30» er ikke et starttidspunkt")

    page.locator("#create-name").fill("Kveldsturnering")
    field.fill("01.03.2027 19:30")
    page.get_by_test_id("create-submit").click()
    expect(message).to_contain_text("Opprettet")
    expect(field).not_to_have_attribute("aria-invalid", "true")
    tournament = created(api, "Kveldsturnering")
    assert tournament is not None
    starts = datetime.fromisoformat(str(tournament["starts_at"])).timestamp()
    assert starts == meant(page, 2027, 3, 1, 19, 30)
    row = page.locator(f"[data-testid=tournament-row][data-id='{tournament['id']}']")
    start = row.get_by_test_id("starts")
    expect(start).to_contain_text("19:30")
    expect(start).to_contain_text("2027")
    assert not AM_PM.search(start.inner_text())


def test_an_english_browser_on_the_german_console_types_a_24_hour_start(
    american: Page, api: Api
) -> None:
    page = american
    open_director(page, api)
    page.goto(f"{api.url}/director?lang=de")
    field = page.get_by_test_id("c-starts-at")
    expect(field).to_have_attribute("placeholder", "TT.MM.JJJJ hh:mm")
    page.get_by_test_id("c-profile").select_option("tda")
    page.locator("#c-name").fill("Frühlingsturnier")
    field.fill("1.3.2027 7:30 PM")
    page.get_by_test_id("create-submit").click()
    message = page.get_by_test_id("director-message")
    expect(message).to_contain_text("„1.3.2027 7:30 PM“ ist keine Startzeit")
    expect(message).to_contain_text("TT.MM.JJJJ hh:mm eingeben (24-Stunden-Format)")
    assert created(api, "Frühlingsturnier") is None

    field.fill("01.03.2027 21:05")
    page.get_by_test_id("create-submit").click()
    expect(message).to_contain_text("angelegt")
    tournament = created(api, "Frühlingsturnier")
    assert tournament is not None
    starts = datetime.fromisoformat(str(tournament["starts_at"])).timestamp()
    assert starts == meant(page, 2027, 3, 1, 21, 5)
    page.goto(f"{api.url}/?lang=de")
    start = page.locator(f"[data-testid=tournament-row][data-id='{tournament['id']}']")
    expect(start.get_by_test_id("starts")).to_contain_text("21:05")
