"""The director rules at any moment, in the browser (issue 9): a pause
leaves no live button (NM-D-1G, OQ-03), a seat link takes the seat to
another device, and a live count that changes the table's total is recorded
only as a confirmed correction (NM-D-1B s2, NM-D-1G)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.test_browser import (
    DIRECTOR,
    TURN,
    Api,
    api,
    browser,
    live_tournament_at_the_director,
    open_director,
    page,
    take_seat,
    wait_for_turn,
)

__all__ = ["api", "browser", "page"]  # the fixtures, shared with test_browser


def test_paused_players_see_no_live_buttons_NM_D_1G_OQ_03(page: Page, api: Api) -> None:
    tournament = api.create("nm-holdem", bots=3)
    seat = api.register(tournament, "Ann")
    take_seat(page, api, tournament, seat)
    api.start(tournament)
    page.goto(f"{api.url}/t/{tournament}/play")
    wait_for_turn(page)
    api.call("POST", f"/tournaments/{tournament}/pause", {}, DIRECTOR)
    expect(page.get_by_test_id("actions-paused")).to_be_visible()
    expect(page.get_by_test_id("paused").first).to_be_visible()
    buttons = page.locator("#actions button")
    assert buttons.count() > 0
    for k in range(buttons.count()):
        expect(buttons.nth(k)).to_be_disabled()
    api.call("POST", f"/tournaments/{tournament}/resume", {}, DIRECTOR)
    expect(page.get_by_test_id("actions-paused")).to_have_count(0)
    expect(page.locator(TURN).first).to_be_enabled()


def test_a_seat_link_takes_the_seat_to_another_device(
    page: Page, api: Api, browser: Browser
) -> None:
    """The old page is told and stops playing (close code 4409)."""
    tournament = api.create("nm-holdem", bots=3)
    seat = api.register(tournament, "Ann")
    take_seat(page, api, tournament, seat)
    api.start(tournament)
    page.goto(f"{api.url}/t/{tournament}/play")
    expect(page.get_by_test_id("connection")).to_have_text("online")
    expect(page.get_by_test_id("seat-link")).to_be_visible()
    other = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        phone = other.new_page()
        phone.goto(api.url + seat["seat_link"])
        expect(phone.get_by_test_id("connection")).to_have_text("online")
        expect(phone.get_by_test_id("hero-cards")).to_be_visible()
        assert "seat=" not in phone.url  # the token leaves the address bar
        expect(page.get_by_test_id("notice")).to_contain_text("another device")
        expect(page.get_by_test_id("connection")).to_have_text("seat on another device")
    finally:
        other.close()


def test_live_counts_must_add_up_or_be_a_confirmed_correction(page: Page, api: Api) -> None:
    """NM-D-1B s2: refused with the difference; NM-D-1G, OQ-03: confirmed
    with a note it is recorded, and the ruling log shows it with its time."""
    live_tournament_at_the_director(page, api)
    page.get_by_test_id("live-table").select_option("1")
    page.get_by_test_id("live-count").first.fill("0")
    page.get_by_test_id("live-submit").click()
    expect(page.get_by_test_id("director-message")).to_contain_text("missing")
    expect(page.get_by_test_id("director-message")).to_contain_text("NM-D-1B s2")
    page.get_by_test_id("live-confirm").check()
    page.get_by_test_id("live-note").fill("his chips were taken off the table")
    page.get_by_test_id("live-submit").click()
    expect(page.get_by_test_id("live-result")).to_contain_text("is out in 12th place")
    expect(page.get_by_test_id("rulings")).to_contain_text("count corrected")
    expect(page.get_by_test_id("ruling-time").first).to_have_text(re.compile(r"\d"))


def test_the_director_registers_an_unpaid_entry_and_confirms_it_DE_DEAL_4_OQ_46(
    page: Page, api: Api
) -> None:
    """DE-DEAL-4, OQ-46: an entry registered as not yet paid is listed with a
    Confirm button; once confirmed it is a redeemed stack (DE-DEAL-3), never
    withdrawn, and the list says every entry is confirmed."""
    tournament = api.create("de-holdem", bots=0, mode="live")
    open_director(page, api, tournament)
    expect(page.get_by_test_id("unconfirmed")).to_contain_text("Every entry is confirmed")
    page.get_by_test_id("entry-name").fill("  Berit  ")
    page.get_by_test_id("entry-unconfirmed").check()
    page.get_by_test_id("entry-submit").click()
    expect(page.get_by_test_id("director-message")).to_contain_text("Berit is registered")
    entry = page.get_by_test_id("unconfirmed-entry")
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text("Berit — not confirmed")
    status = api.call("GET", f"/tournaments/{tournament}")
    (berit,) = [r for r in status["standings"] if r["name"] == "Berit"]
    assert berit["confirmed"] is False
    entry.get_by_test_id("confirm-entry").click()
    expect(page.get_by_test_id("director-message")).to_contain_text("Berit is confirmed")
    expect(page.get_by_test_id("unconfirmed-entry")).to_have_count(0)
    status = api.call("GET", f"/tournaments/{tournament}")
    assert [r["confirmed"] for r in status["standings"] if r["name"] == "Berit"] == [True]
    # A second entry under the same name (other case and spaces) is refused.
    page.get_by_test_id("entry-name").fill("BERIT")
    page.get_by_test_id("entry-submit").click()
    expect(page.get_by_test_id("director-message")).to_contain_text("already entered")


def test_the_director_is_told_in_words_not_ids_or_headers(page: Page, api: Api) -> None:
    """Without the token the console says so in the page's language, no
    HTTP header in it; a new tournament is named by its name, not its id."""
    page.goto(f"{api.url}/director?lang=de")
    page.evaluate("() => localStorage.clear()")
    page.reload()
    page.locator("#c-name").fill("Vårcupen")
    page.get_by_test_id("create-submit").click()
    message = page.get_by_test_id("director-message")
    expect(message).to_contain_text("Der Turnierleiter-Code ist nötig")
    assert "Authorization" not in message.inner_text() and "Bearer" not in message.inner_text()
    open_director(page, api)
    page.locator("#c-name").fill("Vårcupen")
    page.get_by_test_id("create-submit").click()
    expect(message).to_contain_text("Turnier „Vårcupen“ angelegt.")
    made = [t["id"] for t in api.call("GET", "/tournaments") if t["name"] == "Vårcupen"]
    assert made and made[0][:6] not in message.inner_text()
