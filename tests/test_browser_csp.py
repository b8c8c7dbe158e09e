"""Every page works under the content-security policy (issue 12, Secrets):
opened in Debian's Chromium — lobby, tournament, table (seated and as a
spectator), clock, director, hand viewer and table cards — none logs a
"Refused to …" message or raises a ``securitypolicyviolation`` event, and
each page is served with the policy and forbids framing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from floorman.server.headers import POLICY
from tests.helpers.server import wait_until
from tests.test_browser import Api, api, browser, open_director, take_seat

__all__ = ["api", "browser"]  # the fixtures, shared with test_browser

pytestmark = pytest.mark.browser

# Violations as the page sees them, kept where the test can read them (an
# init script runs outside the page's policy).
WATCH_JS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


@pytest.fixture
def watched(browser: Browser) -> Iterator[tuple[Page, list[str]]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    context.add_init_script(WATCH_JS)
    refused: list[str] = []
    errors: list[str] = []

    def console(message: ConsoleMessage) -> None:
        if "Refused to" in message.text or "Content Security Policy" in message.text:
            refused.append(message.text)

    page = context.new_page()
    page.on("console", console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, refused
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


def test_every_page_runs_under_the_policy(watched: tuple[Page, list[str]], api: Api) -> None:
    page, refused = watched
    # deep stacks: the table and spectator pages still show a table being played
    tournament = api.create(
        "nm-holdem", bots=3, action_delay_ms=0, action_seconds=2, starting_stack=100_000
    )
    seat = api.register(tournament, "Ann")
    take_seat(page, api, tournament, seat)
    api.start(tournament)
    page.goto(f"{api.url}/t/{tournament}/play")
    expect(page.get_by_test_id("connection")).to_have_text("online")
    hands = wait_until(
        lambda: api.call("GET", f"/tournaments/{tournament}/hands"), 60, "a hand played"
    )
    hand = hands[0]["id"]
    pages = {
        "lobby": ("/", "main"),
        "tournament": (f"/t/{tournament}", "main"),
        "table": (f"/t/{tournament}/play", "[data-testid=connection]"),
        "spectator": (f"/t/{tournament}/table/1", "[data-testid=connection]"),
        "clock": (f"/t/{tournament}/clock", "main"),
        "hand": (f"/hands/{hand}", "main"),
        "cards": (f"/t/{tournament}/cards", "main"),
        "slips": (f"/t/{tournament}/slips", "main"),
    }
    seen = {}
    for name, (path, ready) in pages.items():
        response = page.goto(api.url + path)
        assert response is not None and response.ok, (name, response)
        assert response.headers["content-security-policy"] == POLICY, name
        assert response.headers["x-frame-options"] == "DENY", name
        page.wait_for_load_state("load")
        expect(page.locator(ready).first).to_be_visible()
        if name in ("table", "spectator"):
            expect(page.get_by_test_id("connection")).to_have_text("online")
        page.wait_for_timeout(600)  # the page's scripts render what they fetched
        seen[name] = page.evaluate("window.__violations")
    open_director(page, api, tournament)
    expect(page.get_by_test_id("chart-table").first).to_be_visible()
    page.wait_for_timeout(600)
    seen["director"] = page.evaluate("window.__violations")
    page.goto(f"{api.url}/t/{tournament}/room")  # the director's token is kept now
    expect(page.get_by_test_id("room-table").first).to_be_visible()  # drawn from its fetch
    seen["room"] = page.evaluate("window.__violations")
    assert not refused, refused
    assert all(not v for v in seen.values()), seen
    # The watch works: an inline handler, as an attacker's markup would
    # bring, is refused and seen.
    page.evaluate("""document.body.insertAdjacentHTML(
        "beforeend", '<img src="/favicon.ico?x" onload="window.__ran = 1">')""")
    page.wait_for_function("() => window.__violations.length > 0")
    assert page.evaluate("window.__ran") is None
    assert any("Content Security Policy" in text for text in refused), refused


def test_a_seat_link_keeps_the_token_in_the_fragment(
    watched: tuple[Page, list[str]], api: Api
) -> None:
    """The server never sees the token of a seat link: it is in ``#…``."""
    page, refused = watched
    tournament = api.create("nm-holdem", bots=2)
    seat = api.register(tournament, "Bea")
    assert seat["seat_link"] == f"/t/{tournament}/play#seat={seat['token']}"
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(api.url + seat["seat_link"])
    expect(page.get_by_test_id("connection")).to_have_text("online")
    assert "seat=" not in page.url  # gone from the address bar too
    assert not [url for url in asked if seat["token"] in url], asked
    assert not refused, refused


def test_the_chip_chart_opened_on_its_own_keeps_its_colours(
    watched: tuple[Page, list[str]], api: Api
) -> None:
    """Issue 20: the console links chart.svg; opened on its own, the pages'
    policy (no inline styles) drew it black.  It has a policy of its own:
    matplotlib's inline styles apply, and still no script may run."""
    page, refused = watched
    tournament = api.create("nm-holdem", bots=4, level_seconds=600)
    api.start(tournament)
    response = page.goto(f"{api.url}/api/tournaments/{tournament}/chart.svg?lang=en")
    assert response is not None and response.ok
    policy = response.headers["content-security-policy"]
    assert "style-src 'unsafe-inline'" in policy and "script-src" not in policy
    assert "default-src 'none'" in policy
    background = page.evaluate("getComputedStyle(document.querySelector('#patch_1 path')).fill")
    assert background == "rgb(255, 255, 255)", background
    assert not refused, refused
