"""Waiting until a page has everything it loads in place, before measuring
its layout or pressing its controls.

A page fills itself from the API after it has loaded (the console's rulings
clause list and chat, the clock's payouts): a wait for one element of it
says nothing of the rest.  On a loaded machine (CI's two workers) those
answers come seconds later, and what they bring re-lays the page out: a
width measured, or a click aimed, before then is about another page.
"""

from __future__ import annotations

from playwright.sync_api import Page

#: how long a slow run may take to load a page's data
SETTLE_MS = 30_000


def settled(page: Page) -> None:
    """Every request the page made has been answered (none for 500 ms:
    Playwright's ``networkidle``; the websocket is not one) and its fonts
    are loaded, so the page is laid out with all it shows."""
    page.wait_for_load_state("networkidle", timeout=SETTLE_MS)
    # evaluated, not page.wait_for_function: a polled string predicate is
    # refused by the pages' CSP (no 'unsafe-eval')
    page.evaluate("() => document.fonts.ready.then(() => true)")
