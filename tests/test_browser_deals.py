"""A deal at the last table, in Chromium (OQ-34, OQ-73): the director of a
German live event proposes an ICM chop, a player agrees on his own seat
page, the director records the others' answers, and the deal made ends
play with the results showing it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.test_browser import (  # noqa: F401  (fixtures)
    DIRECTOR,
    Api,
    api,
    browser,
    open_director,
    open_page,
    take_seat,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:  # noqa: F811
    yield from open_page(browser, locale="de-DE")


@pytest.fixture
def seat_page(browser: Browser) -> Iterator[Page]:  # noqa: F811
    yield from open_page(browser, locale="de-DE")


@pytest.mark.clause("OQ-73", "OQ-34")
def test_the_director_proposes_an_icm_chop_and_each_player_agrees(
    page: Page,
    seat_page: Page,
    api: Api,  # noqa: F811
) -> None:
    """Stacks 1,500/1,000/500 of a pool of 10,000 paying 50/30/20: the ICM
    chop is 3,850/3,400/2,750 (Anna 1st with 1/2, 2nd with 1/3·3/4 +
    1/6·3/5 = 7/20, 3rd with 3/20: 2,500 + 1,050 + 300)."""
    tournament = api.create(
        "de-holdem",
        bots=0,
        mode="live",
        deals_allowed=True,
        starting_stack=1000,
        prize_pool=10_000,
        payout_shares=[50, 30, 20],
    )
    anna = api.register(tournament, "Anna")
    others = [api.register(tournament, name)["player"] for name in ("Berit", "Carl")]
    api.start(tournament)
    counts = {anna["player"]: 1500, others[0]: 1000, others[1]: 500}
    api.call(
        "POST", f"/tournaments/{tournament}/live/counts", {"table": 1, "counts": counts}, DIRECTOR
    )

    open_director(page, api, tournament)  # the page in German (the browser's language)
    section = page.get_by_test_id("deal-section")
    expect(section).to_be_visible()
    page.get_by_test_id("deal-icm").click()
    expect(page.get_by_test_id("deal-state")).to_contain_text(
        "ICM-Aufteilung von 10.000 vorgeschlagen"
    )
    expect(page.get_by_test_id("deal-amount")).to_have_text(["3.850", "3.400", "2.750"])

    take_seat(seat_page, api, tournament, anna)
    seat_page.goto(f"{api.url}/t/{tournament}/play?lang=de")
    offer = seat_page.get_by_test_id("deal-offer")
    expect(offer).to_contain_text("du bekämst 3.850")
    seat_page.get_by_test_id("deal-agree").click()
    expect(seat_page.get_by_test_id("deal-box")).to_contain_text("Du hast zugestimmt")

    agreed = page.get_by_test_id("deal-agreed")
    expect(agreed.first).to_have_text("zugestimmt")
    for _ in others:  # at a live event the director records each answer
        before = page.get_by_test_id("deal-record-agree").count()
        page.get_by_test_id("deal-record-agree").first.click()
        expect(page.get_by_test_id("deal-record-agree")).to_have_count(before - 1)
    expect(page.get_by_test_id("deal-state")).to_contain_text("Deal geschlossen")
    expect(page.get_by_test_id("rulings")).to_contain_text("Deal geschlossen: ICM-Aufteilung")
    expect(seat_page.get_by_test_id("deal-offer")).to_contain_text("du bekommst 3.850")

    page.goto(f"{api.url}/t/{tournament}/results?lang=de")
    expect(page.get_by_test_id("results-deal")).to_contain_text("Das Spiel endete mit einem Deal")
    expect(page.get_by_test_id("result-prize")).to_have_text(
        ["3.850 (Deal)", "3.400 (Deal)", "2.750 (Deal)"]
    )
