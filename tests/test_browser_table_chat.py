"""The table chat and the time bank on the table page (issue 11), in
Debian's Chromium: a player and a spectator talk at one table, each page in
its own language; a message is text, never HTML; the director mutes the
player (DE-ETIQ-1/2) and his next line is refused in his language; a
reload brings the earlier lines back; and once the action clock has run
out the player's timer shows the time bank running (DE-TIME-1, OQ-63)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from floorman.server import i18n
from tests.test_browser import (
    DIRECTOR,
    TURN,
    Api,
    api,
    browser,
    open_page,
    take_seat,
    wait_for_turn,
)

__all__ = ["api", "browser"]  # the fixtures, shared with test_browser

pytestmark = pytest.mark.browser


@pytest.fixture
def nb_page(browser: Browser) -> Iterator[Page]:
    yield from open_page(browser, "nb-NO", 1366, 768)


@pytest.fixture
def de_page(browser: Browser) -> Iterator[Page]:
    yield from open_page(browser, "de-DE", 1366, 768)


def say(page: Page, text: str) -> None:
    page.get_by_test_id("tab-chat").click()
    box = page.get_by_test_id("chat-input")
    box.fill(text)
    box.press("Enter")


def line_with(page: Page, text: str) -> Locator:
    return page.get_by_test_id("chat-lines").locator("li").filter(has_text=text)


def test_a_player_and_a_spectator_chat_and_the_director_mutes_the_player(
    nb_page: Page, de_page: Page, api: Api
) -> None:
    player, rail = nb_page, de_page  # the player reads Norwegian, the rail German
    tournament = api.create("nm-holdem", bots=2)
    seat = api.register(tournament, "Ann")
    take_seat(player, api, tournament, seat)
    api.start(tournament)
    player.goto(f"{api.url}/t/{tournament}/play")
    rail.goto(f"{api.url}/t/{tournament}/table/1")
    expect(player.locator("html")).to_have_attribute("lang", "nb")
    expect(rail.locator("html")).to_have_attribute("lang", "de")
    # the log is shown first; the chat is one tab away
    expect(rail.get_by_test_id("tab-log")).to_have_attribute("aria-selected", "true")
    expect(rail.get_by_test_id("hand-log")).to_be_visible()
    expect(rail.get_by_test_id("chat-lines")).to_be_hidden()
    expect(rail.get_by_test_id("tab-chat")).to_have_text("Tischchat")

    # The hotkeys keep still while he types: "c" and "f" go into the box.
    wait_for_turn(player)
    player.get_by_test_id("tab-chat").click()
    box = player.get_by_test_id("chat-input")
    box.press_sequentially("cf")
    expect(box).to_have_value("cf")
    expect(player.locator(TURN).first).to_be_visible()
    expect(player.get_by_test_id("fold-confirm")).to_have_count(0)

    say(player, "lykke til alle")
    expect(box).to_have_value("")
    expect(line_with(player, "lykke til alle")).to_have_count(1)
    # at the rail the line waits behind the chat tab, counted
    expect(rail.get_by_test_id("chat-unread")).to_have_text("1")
    rail.get_by_test_id("tab-chat").click()
    expect(rail.get_by_test_id("chat-unread")).to_be_hidden()
    heard = line_with(rail, "lykke til alle")
    expect(heard.get_by_test_id("chat-name")).to_have_text("Ann")
    expect(heard.get_by_test_id("chat-text")).to_have_text("lykke til alle")
    expect(heard.locator("time")).to_have_text(re.compile(r"^\d\d:\d\d$"))

    # the rail's line: "spectator" in each page's language, the HTML as text
    say(rail, "<b>x</b> viel Glück")
    for page, word in ((rail, "Zuschauer"), (player, "tilskuer")):
        line = line_with(page, "viel Glück")
        expect(line.get_by_test_id("chat-name")).to_have_text(word)
        expect(line.get_by_test_id("chat-text")).to_have_text("<b>x</b> viel Glück")
        assert page.locator("#chat-lines b").count() == 0

    # The director mutes him (a Norwegian event: NM-D-1G, the director's
    # authority; DE-ETIQ-2 is the German events'); his next line is refused,
    # in Norwegian
    api.call(
        "POST",
        f"/tournaments/{tournament}/floor/mute-chat",
        {"player": seat["player"], "note": "for mye prat"},
        DIRECTOR,
    )
    say(player, "fortsatt her")
    refusal = player.get_by_test_id("chat-error")
    nb = i18n.catalogue("nb")
    words = nb.get("errors.msg.the director has muted your chat") or nb["table.chat.refused.muted"]
    expect(refusal.get_by_test_id("error-reason")).to_have_text(words)
    assert words != "the director has muted your chat"
    expect(refusal.locator("[data-testid=error-clause][data-clause='NM-D-1G']")).to_have_count(1)
    expect(box).to_have_value("fortsatt her")  # his words are still there to send later
    rail.wait_for_timeout(500)
    expect(line_with(rail, "fortsatt her")).to_have_count(0)
    expect(line_with(player, "fortsatt her")).to_have_count(0)

    # a reload brings the table's earlier lines (chat_history)
    player.reload()
    expect(line_with(player, "lykke til alle")).to_have_count(1)
    expect(line_with(player, "viel Glück")).to_have_count(1)
    player.get_by_test_id("tab-chat").click()
    expect(player.get_by_test_id("chat-lines")).to_be_visible()
    expect(player.get_by_test_id("chat-unread")).to_be_hidden()  # history is not news


def test_DE_TIME_1_the_timer_shows_the_time_bank_once_the_clock_has_run_out(
    de_page: Page, api: Api
) -> None:
    """OQ-63: a 1 s action clock, then the bank: the timer says so.  A bank
    of two minutes, so that a slow page still finds it running."""
    page = de_page
    tournament = api.create("de-holdem", bots=1, action_seconds=1, time_bank_seconds=120)
    seat = api.register(tournament, "Ann")
    take_seat(page, api, tournament, seat)
    api.start(tournament)
    page.goto(f"{api.url}/t/{tournament}/play")
    wait_for_turn(page)
    timer = page.locator(".seat.hero [data-testid=timer]")
    bank = timer.get_by_test_id("time-bank")
    expect(bank).to_be_visible()
    expect(bank).to_have_text(re.compile(r"^Zeitbank (1:\d\d|2:00)$"))
    expect(timer).to_have_attribute("data-bank-running", "")
    expect(timer.locator(".timer-text")).to_be_hidden()
    expect(timer.get_by_test_id("bank-left")).to_be_hidden()
    # the bank counts down
    first = bank.inner_text()
    page.wait_for_function(
        "([bank, first, turn]) => !document.querySelector(turn)"
        " || document.querySelector(bank)?.innerText !== first",
        arg=[".seat.hero [data-testid=timer] [data-testid=time-bank]", first, TURN],
    )


def test_the_bank_in_reserve_shows_beside_the_running_clock(de_page: Page, api: Api) -> None:
    """DE-TIME-1: while his own clock runs, the bank still to come is named."""
    tournament = api.create("de-holdem", bots=1, action_seconds=300, time_bank_seconds=45)
    seat = api.register(tournament, "Ann")
    take_seat(de_page, api, tournament, seat)
    api.start(tournament)
    de_page.goto(f"{api.url}/t/{tournament}/play")
    wait_for_turn(de_page)
    timer = de_page.locator(".seat.hero [data-testid=timer]")
    expect(timer.get_by_test_id("bank-left")).to_have_text("+45 s Zeitbank")
    expect(timer.get_by_test_id("time-bank")).to_be_hidden()
    expect(timer.locator(".timer-text")).to_have_text(re.compile(r"^[45]:\d\d$"))
