"""Printable table cards (DE-SEAT-1): one card per seated player, from the
seating chart, so a busted player has none (DE-GEN-3) and no seat two; the
print page shows them in the page's language with large numbers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.helpers.tournament import bust, seated, settle
from tests.test_browser import DIRECTOR, Api, api, browser

__all__ = ["api", "browser"]


@pytest.mark.clause("DE-SEAT-1", "DE-GEN-3")
def test_DE_SEAT_1_a_busted_player_gets_no_table_card() -> None:
    t = seated("de-holdem", {1: {1: "a", 2: "b", 3: "c", 5: "d"}})
    settle(t, 1, lambda spec: bust(spec, ["b"], "a"))
    cards = t.table_cards()
    assert [(c["table"], c["seat"], c["player"]) for c in cards] == [
        (1, 1, "a"),
        (1, 3, "c"),
        (1, 5, "d"),
    ]
    assert t.players["b"].table == 1  # still on record where he sat, but no card
    assert "b (b)" not in t.table_cards_text()


@pytest.fixture
def german_page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(locale="de-DE", viewport={"width": 1366, "height": 768})
    page = context.new_page()
    yield page
    context.close()


def test_the_print_page_has_one_large_card_per_seat(german_page: Page, api: Api) -> None:
    tid = api.create("de-holdem", 12, action_delay_ms=60_000)  # nobody busts meanwhile
    api.start(tid)
    cards = api.call("GET", f"/tournaments/{tid}/table-cards")
    assert len(cards) == 12
    assert len({(c["table"], c["seat"]) for c in cards}) == 12
    page = german_page
    page.goto(f"{api.url}/t/{tid}/cards")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    printed = page.get_by_test_id("table-card")
    expect(printed).to_have_count(12)
    expect(page.get_by_test_id("card-count")).to_contain_text("12 Karten")
    first = printed.nth(0)
    expect(first).to_contain_text("Tisch")
    expect(first).to_contain_text("Platz")
    expect(first.get_by_test_id("card-table")).to_have_text(str(cards[0]["table"]))
    expect(first.get_by_test_id("card-seat")).to_have_text(str(cards[0]["seat"]))
    page.emulate_media(media="print")
    expect(page.locator(".topbar")).to_be_hidden()
    size = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.table-card strong')).fontSize)"
    )
    assert size >= 48  # 48pt = 64px: readable from the seat
    assert DIRECTOR  # the cards are public: no token needed
