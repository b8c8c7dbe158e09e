"""A seat link reissued at the desk, in Chromium (OQ-74, issue 26): three
players the director registered are playing; Ann's phone (a page of its
own) holds her old link.  The director, in German, picks Ann, asks for a
new link, confirms, and sees the link with its QR code (the server's SVG);
Ann's old page is told in Norwegian that her seat has a new link and stops;
the new link opens her seat on a second browser context, and "Show link"
shows the same link again."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.test_browser import DIRECTOR, Api, api, browser, open_director
from tests.test_browser_floor_tools import People, pages, player_page

__all__ = ["api", "browser", "pages"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]


@pytest.mark.clause("OQ-74")
def test_the_director_reissues_a_seat_link_the_new_one_opens_the_seat_the_old_page_is_told(
    pages: Callable[..., Page], api: Api
) -> None:
    people = People(api, "de-holdem")
    ann = people.seats["Ann"]
    old_page = player_page(pages, people, "Ann", "nb-NO")
    director = pages("de-DE")
    open_director(director, api, people.id)
    choice = director.get_by_test_id("seat-link-player")
    expect(choice.locator(f"option[value='{ann['player']}']")).to_have_count(1)
    choice.select_option(ann["player"])
    director.get_by_test_id("seat-link-reissue").click()
    confirm = director.get_by_test_id("seat-link-confirm")
    expect(confirm).to_contain_text("Neuen Platzlink für Ann ausstellen?")
    expect(director.get_by_test_id("seat-link-confirm-clause")).to_have_text("OQ-74")
    director.get_by_test_id("seat-link-confirm-yes").click()
    card = director.get_by_test_id("seat-link-card")
    expect(card).to_be_visible()
    expect(director.get_by_test_id("seat-link-answer")).to_contain_text("Neuer Platzlink für Ann")
    qr = director.get_by_test_id("seat-link-qr").locator("svg path")
    expect(qr).to_have_count(1)
    box = director.get_by_test_id("seat-link-qr").locator("svg").bounding_box()
    assert box is not None and box["width"] >= 150  # big enough to scan off the screen
    url = director.get_by_test_id("seat-link-url").get_attribute("href")
    assert url is not None and f"/t/{people.id}/play#seat=" in url
    new_token = url.split("#seat=", 1)[1]
    assert new_token != ann["token"]

    # the old page is told why and keeps no controls
    expect(old_page.get_by_test_id("notice")).to_have_text(
        "Turneringslederen har gitt setet ditt en ny lenke: denne siden åpner det ikke lenger."
        " Be turneringslederen om den nye lenken."
    )
    expect(old_page.get_by_test_id("connection")).to_have_text("stengt: ny lenke")
    old = api.client.get(
        f"/api/tournaments/{people.id}/me", headers={"Authorization": f"Bearer {ann['token']}"}
    )
    assert old.status_code == 403

    # the new link opens Ann's seat on another device
    phone = pages("nb-NO")
    phone.goto(url)
    expect(phone.get_by_test_id("seat")).to_have_count(3)
    expect(phone.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    mine = phone.locator(f"[data-testid=seat][data-seat='{people.seat_of('Ann')}']")
    expect(mine.get_by_test_id("card")).to_have_count(2)  # her own cards, face up to her

    # shown again at the desk: the same link
    director.get_by_test_id("seat-link-show").click()
    expect(director.get_by_test_id("seat-link-answer")).to_have_text("Der Platzlink von Ann.")
    expect(director.get_by_test_id("seat-link-url")).to_have_attribute("href", url)
    log = director.get_by_test_id("rulings")
    expect(log).to_contain_text("Ann: neuer Platzlink")


@pytest.mark.clause("DE-GEN-2", "OQ-74")
def test_a_player_already_registered_is_sent_to_the_director_for_his_link(
    pages: Callable[..., Page], api: Api
) -> None:
    """Ann, registered at the desk, tries the lobby on her phone: one entry
    per person (DE-GEN-2), and the lobby tells her who has her link."""
    tournament = api.create("de-holdem", bots=0, name="Freitag")
    api.call("POST", f"/tournaments/{tournament}/register", {"name": "Ann"}, DIRECTOR)
    phone = pages("nb-NO")
    phone.goto(f"{api.url}/")
    phone.get_by_test_id("register-tournament").select_option(tournament)
    phone.get_by_test_id("register-name").fill("ann")
    phone.get_by_test_id("register-submit").click()
    message = phone.get_by_test_id("register-message")
    expect(message).to_contain_text("DE-GEN-2")
    expect(message).to_contain_text(
        "Allerede påmeldt, på en annen enhet eller hos turneringslederen?"
        " Turneringslederen kan gi deg en ny lenke til setet ditt."
    )
    assert len(api.call("GET", f"/tournaments/{tournament}")["standings"]) == 1


@pytest.mark.clause("OQ-74")
def test_a_player_registered_at_the_desk_gets_his_link_and_code_at_once(
    pages: Callable[..., Page], api: Api
) -> None:
    tournament = api.create("de-holdem", bots=0, name="Samstag")
    director = pages("de-DE")
    open_director(director, api, tournament)
    director.get_by_test_id("entry-name").fill("Dora")
    director.get_by_test_id("entry-submit").click()
    expect(director.get_by_test_id("seat-link-answer")).to_have_text(
        "Dora ist angemeldet: hier der Platzlink zum Scannen."
    )
    expect(director.get_by_test_id("seat-link-qr").locator("svg path")).to_have_count(1)
    url = director.get_by_test_id("seat-link-url").get_attribute("href")
    assert url is not None and f"/t/{tournament}/play#seat=" in url
    # the link is Dora's seat: her phone opens it and waits for the start
    (dora,) = api.call("GET", f"/tournaments/{tournament}")["standings"]
    token = url.split("#seat=", 1)[1]
    me = api.client.get(
        f"/api/tournaments/{tournament}/me", headers={"Authorization": f"Bearer {token}"}
    )
    assert me.status_code == 200 and me.json()["player"] == dora["player"]
