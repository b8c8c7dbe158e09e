"""Issue 20: the room's clock, in Chromium.

Levels are numbered as the structure editor numbers them (a break is no
level), the time of day and the time played show, the next colour-up is
announced from the structure (the smallest chip no later level needs), and
the alarms sound — once the director turns them on — when a break starts,
when a level starts and with one minute of a level left."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.test_browser import Api, browser, running_server

__all__ = ["browser"]  # the fixture, shared with test_browser

pytestmark = pytest.mark.browser

#: 25/50, a break, 50/100, then 100/200 (NM hold'em: blinds of 1 and 2 antes);
#: the break and level 2 long enough for a slow page to see them (a 4 s level 2
#: could be over before its colour-up line was read)
LEVELS = [
    {"ante": 25, "seconds": 10},
    {"ante": 0, "seconds": 8, "is_break": True},
    {"ante": 50, "seconds": 30},
    {"ante": 100, "seconds": 600},
]


@pytest.fixture()
def clock_page(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Page]:
    with running_server(tmp_path_factory.mktemp("floorman-clock")) as api:
        tid = api.create("nm-holdem", bots=6, levels=LEVELS, starting_stack=5000)
        context = browser.new_context(locale="de-DE", viewport={"width": 1366, "height": 768})
        context.set_default_timeout(20_000)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{api.url}/t/{tid}/clock")
        page.get_by_test_id("clock-sound").click()  # before the start: a click lets it sound
        Api.start(api, tid)
        try:
            yield page
        finally:
            context.close()
        assert not errors, errors


def test_the_clock_counts_levels_as_the_editor_and_sounds_its_alarms(clock_page: Page) -> None:
    page = clock_page
    sound = page.get_by_test_id("clock-sound")
    expect(sound).to_have_attribute("aria-pressed", "true")
    expect(sound).to_have_text("Ton: an")
    level = page.get_by_test_id("clock-level")
    # the 25s go at the break: no level after it needs them
    colour_up = page.get_by_test_id("clock-colour-up")
    expect(colour_up).to_contain_text("Pause vor Level 2: die 25er-Chips")
    expect(level).to_have_text(re.compile(r"Level 1", re.I))
    expect(page.get_by_test_id("clock-time-of-day")).to_have_text(re.compile(r"^\d\d:\d\d$"))
    expect(page.get_by_test_id("clock-running")).to_have_text(re.compile(r"^Gespielt \d+:\d\d"))
    # under a minute left at once: the one-minute warning
    expect(page.locator("body")).to_have_attribute("data-sound", "minute")
    expect(level).to_have_text(re.compile(r"Pause", re.I), timeout=15_000)
    expect(page.locator("body")).to_have_attribute("data-sound", re.compile("break|minute"))
    # the level after the break is level 2, as the editor numbers it
    expect(level).to_have_text(re.compile(r"Level 2", re.I), timeout=15_000)
    expect(page.locator("body")).to_have_attribute("data-sound", re.compile("level|minute"))
    heard = int(page.locator("body").get_attribute("data-sounds") or 0)
    assert heard >= 3, heard  # a minute left, the break, level 2 (and its minute)
    # from level 3 on every amount is a multiple of 100: the 50s go before it
    expect(colour_up).to_contain_text("Vor Level 3: die 50er-Chips")


def test_the_alarms_stay_silent_until_turned_on(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    with running_server(tmp_path_factory.mktemp("floorman-quiet")) as api:
        tid = api.create("nm-holdem", bots=6, levels=LEVELS, starting_stack=5000)
        api.start(tid)
        context = browser.new_context(locale="nb-NO", viewport={"width": 390, "height": 844})
        try:
            page = context.new_page()
            page.goto(f"{api.url}/t/{tid}/clock")
            expect(page.get_by_test_id("clock-sound")).to_have_text("Lyd: av")
            expect(page.get_by_test_id("clock-level")).to_have_text(
                re.compile("Pause"), timeout=15_000
            )
            assert page.locator("body").get_attribute("data-sounds") is None
            # the phone's clock still fits: time of day and sounds beside the title
            for testid in ("clock-time-of-day", "clock-sound", "clock-time"):
                box = page.get_by_test_id(testid).bounding_box()
                assert box and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
        finally:
            context.close()


def test_a_finished_tournament_s_clock_shows_its_last_level_and_no_time(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    levels = [{"ante": 10, "seconds": 600}, {"ante": 20, "seconds": 600}]
    with running_server(tmp_path_factory.mktemp("floorman-over")) as api:
        tid = api.create(
            "nm-holdem",
            bots=4,
            levels=levels,
            starting_stack=100,
            action_delay_ms=0,
            between_hands_s=0,
        )
        Api.start(api, tid)
        deadline = time.monotonic() + 60
        while (t := api.call("GET", f"/tournaments/{tid}"))["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.1)
        assert (t["level"], t["clock"]["level"], t["clock"]["running"]) == (1, 1, False)
        context = browser.new_context(locale="de-DE", viewport={"width": 1366, "height": 768})
        try:
            page = context.new_page()
            page.goto(f"{api.url}/t/{tid}/clock")
            expect(page.get_by_test_id("clock-level")).to_have_text(
                re.compile(r"^beendet · level 1$", re.I)
            )
            expect(page.get_by_test_id("clock-stakes")).to_have_text(
                f"Blinds {t['blinds'][0]} / {t['blinds'][1]}"
            )
            expect(page.get_by_test_id("clock-next")).to_be_hidden()
            expect(page.get_by_test_id("clock-time")).to_have_text("–:––")
            expect(page.get_by_test_id("clock-running")).to_have_text("")
            page.goto(f"{api.url}/t/{tid}")
            expect(page.get_by_test_id("level")).to_have_text("1")
            expect(page.locator("#next")).to_have_text("–")
            expect(page.locator("#time-left")).to_have_text("–")
        finally:
            context.close()
