"""The table page of a table whose hands were played before it was opened:
its list of hands comes from the server, not only from the hands that end
while the page is open."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.test_browser import Api, api, browser, open_page

__all__ = ["api", "browser"]  # the fixtures, shared with test_browser

pytestmark = pytest.mark.browser

QUICK_BOTS = {"action_delay_ms": 0, "between_hands_s": 0}


def wait_for(what: str, check: Any, timeout: float = 60) -> Any:
    deadline = time.monotonic() + timeout
    while not (found := check()):
        assert time.monotonic() < deadline, f"not within {timeout} s: {what}"
        time.sleep(0.1)
    return found


def finished_tournament(api: Api) -> str:
    tournament = api.create("nm-holdem", bots=4, starting_stack=100, **QUICK_BOTS)
    api.start(tournament)
    wait_for(
        "the tournament finished",
        lambda: api.call("GET", f"/tournaments/{tournament}")["status"] == "finished",
    )
    return tournament


@pytest.fixture
def de_page(browser: Browser) -> Iterator[Page]:
    yield from open_page(browser, locale="de-DE")


def test_a_spectator_coming_late_sees_the_hands_played_at_the_table(
    browser: Browser, api: Api
) -> None:
    tournament = api.create("nm-holdem", bots=12, starting_stack=100_000, **QUICK_BOTS)
    api.start(tournament)
    table = 1
    wait_for(
        "three hands at table 1",
        lambda: len(api.call("GET", f"/tournaments/{tournament}/hands?table={table}")) >= 3,
    )
    # paused, the table deals no more: what the page lists came from the server
    api.call("POST", f"/tournaments/{tournament}/pause", {}, "dtok")
    played = api.call("GET", f"/tournaments/{tournament}/hands?table={table}")
    assert {hand["table"] for hand in played} == {table}  # the filter of this page's table
    everywhere = api.call("GET", f"/tournaments/{tournament}/hands")
    assert len(everywhere) > len(played)  # two tables: the other's hands are not listed
    for page in open_page(browser):
        page.goto(f"{api.url}/t/{tournament}/table/{table}")
        for hand in played:
            expect(page.locator(f"#hands li a[href='/hands/{hand['id']}']")).to_have_count(1)
        expect(page.get_by_test_id("no-hands")).to_be_hidden()
        listed = page.locator("#hands li a").evaluate_all(
            "links => links.map(a => a.getAttribute('href'))"
        )
        assert all(re.fullmatch(r"/hands/\S+-t1-h\d+", href) for href in listed), listed
        order = [listed.index(f"/hands/{hand['id']}") for hand in played]
        assert order == sorted(order, reverse=True)  # the newest first
