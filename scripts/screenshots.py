"""Take the README's screenshots of the browser client: docs/table.png,
docs/draw.png and docs/director.png.

It uses the set-up of tests/test_browser.py (Debian's Chromium, a server in a
thread on a temporary SQLite database) and plays against bots until each
picture is worth taking.  From the repository root:

    .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # test_browser imports tests.helpers

from tests.test_browser import (  # noqa: E402
    DIRECTOR,
    TURN,
    Api,
    launch_chromium,
    passive_action,
    running_server,
    take_seat,
)

DOCS = ROOT / "docs"
VIEWPORT = {"width": 1280, "height": 960}


def new_page(browser: Browser) -> Page:
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    context.set_default_timeout(30_000)
    return context.new_page()


def holdem_table(browser: Browser, api: Api) -> None:
    """Ann's seat on the flop or later, choosing how much to bet."""
    tournament = api.create("nm-holdem", bots=5, name="Friday Freeze-out", action_delay_ms=150)
    seat = api.register(tournament, "Ann")
    page = new_page(browser)
    take_seat(page, api, tournament, seat)
    api.start(tournament)
    page.goto(f"{api.url}/t/{tournament}/play")
    while True:
        page.wait_for_selector(TURN, timeout=60_000)
        on_flop = page.locator("[data-testid=board] [data-testid=card]").count() >= 3
        if on_flop and page.get_by_test_id("bet-raise").count():
            break
        passive_action(page)
    page.get_by_test_id("quick-half").click()
    page.screenshot(path=DOCS / "table.png")
    page.context.close()


def draw_table(browser: Browser, api: Api) -> None:
    """After the draw: Ann's new cards still face down, the Look button."""
    tournament = api.create("nm-draw", bots=4, name="NM draw final", action_delay_ms=150)
    seat = api.register(tournament, "Ann")
    page = new_page(browser)
    take_seat(page, api, tournament, seat)
    api.start(tournament)
    page.goto(f"{api.url}/t/{tournament}/play")
    while True:
        page.wait_for_selector("#actions [data-testid=fold], [data-testid=draw]", timeout=60_000)
        if page.get_by_test_id("look").count():
            break  # his turn after the draw, the new cards unseen
        if page.get_by_test_id("draw").count():
            cards = page.locator("#hero-cards button.card")
            for k in (0, 2, 4):
                cards.nth(k).click()
            page.get_by_test_id("draw").click()
            expect(page.locator("#hero-cards [data-testid=card-back]")).to_have_count(3)
        else:
            passive_action(page)
    page.screenshot(path=DOCS / "draw.png")
    page.context.close()


def director_console(browser: Browser, api: Api) -> None:
    """A running tournament of three tables, with a ruling in the log."""
    tournament = api.create("nm-holdem", bots=20, name="Club championship", table_size=7)
    api.start(tournament)
    page = new_page(browser)
    page.goto(f"{api.url}/director?t={tournament}")
    page.get_by_test_id("director-token").fill(DIRECTOR)
    page.get_by_test_id("token-save").click()
    expect(page.get_by_test_id("chart-table")).to_have_count(3)
    # A few hands played: the stacks have moved.
    moved = page.locator(".chart .num").filter(has_not_text=re.compile(r"^1,000$"))
    expect(moved).not_to_have_count(0)
    page.get_by_test_id("f-clause").fill("OQ-03")
    page.locator("#f-note").fill("slow-rolled at the showdown")
    page.get_by_test_id("f-submit").click()
    expect(page.get_by_test_id("rulings")).to_contain_text("OQ-03")
    page.screenshot(path=DOCS / "director.png", full_page=True)
    page.context.close()


def main() -> None:
    DOCS.mkdir(exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as data,
        running_server(Path(data)) as api,
        sync_playwright() as playwright,
    ):
        browser = launch_chromium(playwright)
        holdem_table(browser, api)
        draw_table(browser, api)
        director_console(browser, api)
        browser.close()
    for name in ("table", "draw", "director"):
        print(DOCS / f"{name}.png")


if __name__ == "__main__":
    main()
