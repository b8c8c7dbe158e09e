"""The hand replay (/hands/{id}) on a German page, as a floorman reads it:
the first step names the hand as people do ("Hand 1 · Tisch 1 beginnt"),
not by its id; the blinds and a raise read as in the live hand log ("Small
Blind", "erhöht auf": the server's log decides bet or raise); a hand the
floor voids (DE-DECK-5) reads in German, never "HandVoided"; and no text of
the page is under 12 px on a laptop or a phone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.helpers.server import wait_until
from tests.test_browser import DIRECTOR, Api, api, browser, open_page

__all__ = ["api", "browser"]

pytestmark = pytest.mark.browser

SIZES = {
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 3,
        "is_mobile": True,
    },
}

# Every element with its own text and its font size, the smallest first.
SMALL_TEXT_JS = """() => {
    const small = [];
    for (const el of document.querySelectorAll("main *")) {
        const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        const r = el.getBoundingClientRect();
        if (!own || !r.width || !r.height) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        const text = el.textContent.trim().slice(0, 20);
        if (size < 12) small.push(`${el.tagName}.${el.className} "${text}" ${size}px`);
    }
    return small;
}"""


def running_hand(api: Api, tid: str) -> dict[str, Any] | None:
    hand = api.call("GET", f"/tournaments/{tid}/tables/1")["hand"]
    return hand if hand and hand["phase"] != "complete" and hand["actor"] is not None else None


@pytest.fixture(scope="module")
def voided(api: Api) -> str:
    """A hand of three people: the first to act raises, then the floor voids it."""
    tid = api.create("de-holdem", bots=0, starting_stack=1000, between_hands_s=60)
    tokens = [api.register(tid, name)["token"] for name in ("Ann", "Ben", "Cat")]
    api.start(tid)
    hand = wait_until(lambda: running_hand(api, tid), 20, "the first hand")
    by_seat = {}
    for token in tokens:
        you = api.call("GET", f"/tournaments/{tid}/tables/1", token=token)["you"]
        by_seat[you["seat"]] = token
    api.call(
        "POST",
        f"/tournaments/{tid}/actions",
        {"action": "raise", "amount": 200},
        by_seat[hand["actor"]],
    )
    api.call("POST", f"/tournaments/{tid}/floor/hand", {"ruling": "void", "table": 1}, DIRECTOR)
    hands = wait_until(lambda: api.call("GET", f"/tournaments/{tid}/hands"), 20, "the voided hand")
    assert hands[0]["id"] == hand["hand_id"]
    return str(hand["hand_id"])


@pytest.fixture
def german(browser: Browser) -> Iterator[Page]:
    yield from open_page(browser, "de-DE")


def steps(page: Page, api: Api, hand_id: str) -> list[str]:
    page.goto(f"{api.url}/hands/{hand_id}")
    page.wait_for_selector("#events li")
    return [s.strip() for s in page.locator("#events li").all_inner_texts()]


@pytest.mark.clause("DE-DECK-5")
def test_a_voided_hand_reads_in_german_step_by_step(german: Page, api: Api, voided: str) -> None:
    lines = steps(german, api, voided)
    text = "\n".join(lines)
    assert lines[0] == "Hand 1 · Tisch 1 beginnt", lines[0]
    assert voided not in text
    assert any("Small Blind" in line for line in lines), text
    assert any("Big Blind" in line for line in lines), text
    # facing the big blind the wager is a raise (the server's log says so)
    assert any("erhöht auf 200" in line for line in lines), text
    assert "setzt oder erhöht" not in text
    assert "HandVoided" not in text
    assert any("annulliert die Hand" in line and "DE-DECK-5" in line for line in lines), text


@pytest.mark.parametrize("size", SIZES)
def test_no_replay_text_is_under_12_px(browser: Browser, api: Api, voided: str, size: str) -> None:
    context = browser.new_context(locale="nb-NO", **SIZES[size])  # type: ignore[arg-type]
    try:
        page = context.new_page()
        page.goto(f"{api.url}/hands/{voided}")
        page.wait_for_selector("[data-testid=seat]")
        page.locator("#last").click()
        small = page.evaluate(SMALL_TEXT_JS)
        assert not small, f"{size}: text under 12 px: {small[:10]}"
    finally:
        context.close()
