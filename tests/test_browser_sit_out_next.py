"""'Sit out next hand' in Chromium (issue 20), in Norwegian and German: a
player asks during a hand he is in, reads that he sits out from the next
hand, plays this one to its end and finds himself away with the banner
when the next hand is dealt (DE-SEATED-1/2, OQ-45); another asks and takes
it back with 'Cancel', and the next hand deals him in.  What the page
shows is the server's (you.sit_out_next, you.away), never its own guess.

Tournaments of people only: every hand waits for its players, who act
here through the API."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.test_browser import Api, api, browser, take_seat
from tests.test_browser_floor_tools import PHONE, People, pages, player_page

__all__ = ["api", "browser", "pages"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]


def fold_to_the_end(people: People) -> str:
    """Whoever is to act folds (through the API) until the hand is over."""
    hand_id = str(people.view()["hand_id"])
    while (hand := people.running()) and people.view()["hand_id"] == hand_id:
        assert people.act(people.name_at(hand["actor"]), action="fold").status_code == 200
    return hand_id


def next_hand(people: People, after: str) -> None:
    people.wait(lambda: people.running() and people.view()["hand_id"] != after, "the next hand")


@pytest.mark.clause("DE-SEATED-1", "DE-SEATED-2", "OQ-45")
def test_asked_during_his_hand_he_plays_it_out_and_the_next_finds_him_away(
    pages: Callable[..., Page], api: Api
) -> None:
    people = People(api, "nm-holdem", between_hands_s=0.3)
    ann = player_page(pages, people, "Ann", "nb-NO")
    ask = ann.get_by_test_id("sit-out-next")
    pending = ann.get_by_test_id("sit-out-pending")
    banner = ann.get_by_test_id("away-banner")
    expect(ask).to_have_text("Sitt over neste hånd")
    expect(pending).to_be_hidden()
    hand_id = people.view()["hand_id"]
    ask.click()
    expect(pending).to_be_visible()
    expect(ann.get_by_test_id("sit-out-pending-text")).to_have_text(
        "Du sitter over fra neste hånd. Denne hånden spilles som vanlig."
    )
    expect(ask).to_be_hidden()
    expect(banner).to_be_hidden()  # this hand is his as ever
    you = people.view("Ann")["you"]
    assert you["sit_out_next"] is True and you["away"] is False
    ann_id = people.seats["Ann"]["player"]
    running = people.running()
    assert running is not None and people.view()["hand_id"] == hand_id
    mine = next(p for p in running["players"] if p["player"] == ann_id)
    assert mine["dead"] is False and mine["folded"] is False  # his hand plays on
    ended = fold_to_the_end(people)
    assert ended == hand_id
    next_hand(people, ended)
    expect(banner).to_be_visible()
    expect(ann.get_by_test_id("away-text")).to_have_text(
        "Du sitter over, slik du ba om."
        " Hendene dine er døde, men blindene dine settes fortsatt inn."
    )
    expect(pending).to_be_hidden()
    hand = people.running()
    assert hand is not None
    assert next(p for p in hand["players"] if p["player"] == ann_id)["dead"] is True
    (away,) = people.rulings("absence")
    assert away["absent"] and away["reason"] == "player"


@pytest.mark.clause("DE-SEATED-1", "OQ-45")
def test_a_request_taken_back_deals_him_in_on_the_phone(
    pages: Callable[..., Page], api: Api
) -> None:
    people = People(api, "de-holdem", between_hands_s=0.3)
    ben = pages("de-DE", PHONE)
    take_seat(ben, api, people.id, people.seats["Ben"])
    ben.goto(f"{api.url}/t/{people.id}/play")
    expect(ben.get_by_test_id("seat")).to_have_count(3)
    ask = ben.get_by_test_id("sit-out-next")
    expect(ask).to_have_text("Nächste Hand aussetzen")
    # on the phone, both ways to sit out beside the heading, nothing to scroll sideways
    expect(ben.get_by_test_id("sit-out")).to_be_visible()
    assert ben.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    ask.click()
    pending = ben.get_by_test_id("sit-out-pending")
    expect(ben.get_by_test_id("sit-out-pending-text")).to_have_text(
        "Du setzt ab der nächsten Hand aus. Diese Hand läuft wie gewohnt weiter."
    )
    # on the phone: readable, and nothing to scroll sideways
    size = ben.get_by_test_id("sit-out-pending-text").evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size >= 12
    assert ben.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    cancel = ben.get_by_test_id("sit-out-next-cancel")
    expect(cancel).to_have_text("Zurücknehmen")
    cancel.click()
    expect(pending).to_be_hidden()
    expect(ask).to_be_visible()
    assert people.view("Ben")["you"]["sit_out_next"] is False
    ended = fold_to_the_end(people)
    next_hand(people, ended)
    ben_id = people.seats["Ben"]["player"]
    hand = people.running()
    assert hand is not None
    assert next(p for p in hand["players"] if p["player"] == ben_id)["dead"] is False
    expect(ask).to_be_visible()  # in the new hand, may ask again
    expect(ben.get_by_test_id("away-banner")).to_be_hidden()
    assert people.view("Ben")["you"]["away"] is False
    assert not people.rulings("absence")
