"""A bet or raise typed outside the limits is sent as typed and refused by
the server with its clause; nothing is quietly changed to the minimum or
the maximum (the reviewer's "typed 5, raised to 40")."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.test_browser import Api, api, browser, page

__all__ = ["api", "browser", "page"]

pytestmark = pytest.mark.browser


def test_a_raise_under_the_minimum_is_refused_with_its_clause_OQ_31(page: Page, api: Api) -> None:
    tournament = api.create("nm-holdem", bots=4, name="Amounts")
    page.goto(api.url + "/?lang=en")
    page.get_by_test_id("register-tournament").select_option(tournament)
    page.get_by_test_id("register-name").fill("Ann")
    page.get_by_test_id("register-submit").click()
    page.wait_for_url(f"**/t/{tournament}/play")
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda p: sent.append(str(p))))
    page.reload()
    api.start(tournament)
    go = page.locator("#actions").get_by_test_id("bet-raise")
    expect(go).to_be_visible(timeout=60_000)
    amount = page.get_by_test_id("amount")
    low = int(amount.get_attribute("min") or 0)
    assert low > 5
    amount.fill("5")
    expect(amount).to_have_attribute("aria-invalid", "true")
    expect(go).to_contain_text("5")
    go.click()
    error = page.get_by_test_id("error")
    expect(error).to_be_visible()
    expect(error).to_contain_text(re.compile(r"at least"))
    expect(error).to_contain_text("OQ-31")  # the minimum raise of the NM hold'em profile
    sent_amounts = [
        re.search(r'"amount":\s*(\d+)', s) for s in sent if '"raise"' in s or '"bet"' in s
    ]
    assert [int(m.group(1)) for m in sent_amounts if m] == [5], "sent as typed, once"
    expect(amount).to_have_value("5")  # his amount is still there to correct
    expect(go).to_be_visible()  # still his turn: nothing was taken
    amount.fill(str(low))
    expect(amount).to_have_attribute("aria-invalid", "false")
