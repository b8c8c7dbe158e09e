"""A disqualified player's own page (issue 20), in Chromium, in Norwegian
and German: he reads that the director disqualified him and the ruling's
clause, never a finishing place he does not have (a disqualified entry gets
none: the results list him last with no place; NM-D-1C, DE-PENALTY-3), no
place among those left, and no controls of a seat he no longer holds.

Tournaments of people only (no bots): the hand waits for its players, who
act here through the API."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.test_browser import DIRECTOR, Api, api, browser
from tests.test_browser_floor_tools import People, pages, player_page

__all__ = ["api", "browser", "pages"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


@pytest.mark.clause("NM-D-1C", "DE-PENALTY-3")
@pytest.mark.parametrize(
    ("locale", "profile", "clause", "words"),
    [
        (
            "nb-NO",
            "nm-holdem",
            "NM-D-1C",
            {
                "out": "Turneringslederen har diskvalifisert deg: du er ute av turneringen"
                " og får ingen plassering.",
                "info": "Diskvalifisert",
                "ruling": "Turneringslederen har diskvalifisert deg (NM-D-1C).",
                "dead": "Du er diskvalifisert: hånden din er død.",
            },
        ),
        (
            "de-DE",
            "de-holdem",
            "DE-PENALTY-3",
            {
                "out": "Die Turnierleitung hat dich disqualifiziert: du bist ohne Platzierung"
                " aus dem Turnier ausgeschieden.",
                "info": "Disqualifiziert",
                "ruling": "Die Turnierleitung hat dich disqualifiziert (DE-PENALTY-3).",
                "dead": "disqualifiziert",
            },
        ),
    ],
)
def test_a_disqualified_player_reads_why_and_no_finishing_place(
    api: Api,
    pages: Callable[..., Page],
    locale: str,
    profile: str,
    clause: str,
    words: dict[str, str],
) -> None:
    people = People(api, profile)
    page = player_page(pages, people, "Ann", locale)
    ann = people.seats["Ann"]["player"]
    api.call(
        "POST",
        f"/tournaments/{people.id}/floor/disqualify",
        {"player": ann, "clause": clause, "note": "chip dumping"},
        DIRECTOR,
    )
    # during his hand it is dead at once; he leaves when the hand ends
    expect(page.get_by_test_id("out-of-hand")).to_contain_text(words["dead"])
    while people.running():
        assert people.act(people.actor(), action="fold").status_code == 200
    me = api.call("GET", f"/tournaments/{people.id}/me", token=people.seats["Ann"]["token"])
    assert (me["status"], me["place"]) == ("disqualified", None)

    for _ in range(2):  # as it happens, and after a reload
        expect(page.get_by_test_id("out-of-tournament")).to_have_text(words["out"])
        expect(page.locator("#notice")).to_have_text(words["out"])
        expect(page.get_by_test_id("info-place")).to_have_text(words["info"])
        notice = page.get_by_test_id("floor-notice")
        expect(notice.get_by_test_id("floor-notice-text")).to_have_text(words["ruling"])
        expect(notice.locator(f"[data-clause='{clause}']")).to_be_visible()
        expect(page.get_by_test_id("show-cards")).to_have_count(0)
        expect(page.get_by_test_id("sit-out")).to_be_hidden()
        expect(page.get_by_test_id("sit-out-next")).to_be_hidden()
        text = page.locator("body").inner_text()
        assert "null" not in text and "undefined" not in text, text
        page.reload()
        expect(page.get_by_test_id("seat")).to_have_count(2)
