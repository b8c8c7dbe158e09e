"""Waiting until a page has everything it loads in place, before measuring
its layout or pressing its controls.

A page fills itself from the API after it has loaded (the console's rulings
clause list and chat, the clock's payouts): a wait for one element of it
says nothing of the rest.  On a loaded machine (CI's two workers) those
answers come seconds later, and what they bring re-lays the page out: a
width measured, or a click aimed, before then is about another page.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from playwright.sync_api import Page

#: how long a slow run may take to load a page's data
SETTLE_MS = 30_000
SETTLE_S = SETTLE_MS / 1000

T = TypeVar("T")


def settled(page: Page) -> None:
    """Every request the page made has been answered (none for 500 ms:
    Playwright's ``networkidle``; the websocket is not one) and its fonts
    are loaded, so the page is laid out with all it shows."""
    page.wait_for_load_state("networkidle", timeout=SETTLE_MS)
    # evaluated, not page.wait_for_function: a polled string predicate is
    # refused by the pages' CSP (no 'unsafe-eval')
    page.evaluate("() => document.fonts.ready.then(() => true)")


#: resolves once the page has drawn two more frames: what it asked to do in
#: its next frame (``requestAnimationFrame``: a floating message placed
#: again, the player's panel scrolled into sight) is done by then
FRAMES_JS = """() => new Promise((done) =>
    requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"""


def next_frames(page: Page) -> None:
    """Until the page has drawn two more frames (see ``FRAMES_JS``)."""
    page.evaluate(FRAMES_JS)


def eventually(read: Callable[[], T], ok: Callable[[T], bool], seconds: float = SETTLE_S) -> T:
    """``read()`` again until ``ok`` holds of what it returns, or ``seconds``
    have passed: its last value, which the test then asserts on (and says
    what was wrong).  For what a page does in its own time (a layout after
    the text grew, a message moved off the controls), which a loaded machine
    does later than a quick one; a fixed wait before one reading fails there."""
    deadline = time.monotonic() + seconds
    while not ok(value := read()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return value


def steady(page: Page, script: str, arg: Any = None, seconds: float = SETTLE_S) -> Any:
    """``page.evaluate(script, arg)`` once the page has stopped changing it:
    two readings two frames apart that agree (the last reading when none
    did within ``seconds``).  A layout measured to compare with another is
    measured after the page has drawn what it was drawing."""
    last = page.evaluate(script, arg)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        next_frames(page)
        now = page.evaluate(script, arg)
        if now == last:
            return now
        last = now
    return last
