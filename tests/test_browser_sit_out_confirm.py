""" "Sit out" with cards in a live hand asks first (issue 26), in Chromium,
in Norwegian: one tap beside "sit out next hand" must not throw a hand
away.  While Ann holds cards the page asks, in the page, and its first
choice is what most clients do (sit out once this hand is over); "Cancel"
sends nothing; "sit out now" makes her away at once (DE-SEATED-1/2, OQ-45:
at her turn she checks or folds, DE-ABSENT-3/4).  Without cards (folded)
it asks nothing.  What happened is the server's (you.away,
you.sit_out_next), never the page's guess."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.test_browser import Api, api, browser
from tests.test_browser_floor_tools import People, pages, player_page

__all__ = ["api", "browser", "pages"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

ASK = (
    "Du har kort i denne hånden. Sitter du over nå, jekker du når det er gratis og kaster deg"
    " ellers, hver gang det er din tur. Eller spill ferdig denne hånden og sitt over fra neste."
)


@pytest.mark.clause("DE-SEATED-1", "DE-SEATED-2", "DE-ABSENT-3", "DE-ABSENT-4", "OQ-45")
def test_sit_out_with_cards_asks_first_and_offers_the_next_hand(
    pages: Callable[..., Page], api: Api
) -> None:
    people = People(api, "de-holdem")
    ann = player_page(pages, people, "Ann", "nb-NO")
    sit_out = ann.get_by_test_id("sit-out")
    confirm = ann.get_by_test_id("sit-out-confirm")
    expect(sit_out).to_be_visible()
    expect(ann.get_by_test_id("sit-out-next")).to_be_visible()

    sit_out.click()  # cards in a live hand: asked, nothing sent
    expect(confirm).to_be_visible()
    expect(ann.get_by_test_id("sit-out-confirm-text")).to_have_text(ASK)
    later = ann.get_by_test_id("sit-out-confirm-later")
    expect(later).to_have_text("Sitt over fra neste hånd")
    expect(later).to_be_focused()  # Enter on a reflex keeps the hand
    expect(ann.get_by_test_id("sit-out-confirm-now")).to_have_text("Sitt over nå")
    ann.get_by_test_id("sit-out-confirm-no").click()
    expect(confirm).to_have_count(0)
    you = people.view("Ann")["you"]
    assert you["away"] is False and you["sit_out_next"] is False

    sit_out.click()
    later.click()  # what most clients do: this hand plays on
    expect(ann.get_by_test_id("sit-out-pending")).to_be_visible()
    expect(confirm).to_have_count(0)
    you = people.view("Ann")["you"]
    assert you["sit_out_next"] is True and you["away"] is False
    ann.get_by_test_id("sit-out-next-cancel").click()
    people.wait(lambda: people.view("Ann")["you"]["sit_out_next"] is False, "the request back")

    sit_out.click()
    ann.get_by_test_id("sit-out-confirm-now").click()
    expect(ann.get_by_test_id("away-banner")).to_be_visible()
    assert people.view("Ann")["you"]["away"] is True


@pytest.mark.clause("DE-SEATED-1", "OQ-45")
def test_sit_out_without_cards_asks_nothing(pages: Callable[..., Page], api: Api) -> None:
    people = People(api, "de-holdem")
    folder = people.actor()
    page = player_page(pages, people, folder, "nb-NO")
    assert people.act(folder, action="fold").status_code == 200
    assert people.running() is not None  # the hand goes on without him
    expect(page.get_by_test_id("sit-out-next")).to_be_visible()
    people.wait(lambda: page.get_by_test_id("fold").count() == 0, "his fold drawn")
    page.get_by_test_id("sit-out").click()
    expect(page.get_by_test_id("away-banner")).to_be_visible()
    expect(page.get_by_test_id("sit-out-confirm")).to_have_count(0)
    assert people.view(folder)["you"]["away"] is True
