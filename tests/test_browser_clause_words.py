"""The clauses on pages in Norwegian: the director's clause picker and the
clause of a refused action are in the reader's language, never English (the
reviewer's 68 of 145 English suggestions, and a Norwegian page's rule error
in German and English)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from floorman.rules import get, registry
from floorman.rules.local import translations
from tests.test_browser import Api, api, browser, open_director, page

__all__ = ["api", "browser", "page"]

pytestmark = pytest.mark.browser


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"\[s\d+\]\s*", "", text)).strip()


def test_the_clause_picker_of_a_norwegian_page_is_not_in_english(page: Page, api: Api) -> None:
    tournament = api.create("de-holdem", bots=4, name="Klausuler")
    open_director(page, api, tournament)
    page.goto(f"{api.url}/director?lang=nb&t={tournament}")
    options = page.locator("#f-clauses option")
    expect(options.first).to_be_attached(timeout=30_000)
    shown = dict(
        page.eval_on_selector_all(
            "#f-clauses option", "els => els.map(o => [o.value, o.textContent])"
        )
    )
    oq = {i: text for i, text in shown.items() if i.startswith("OQ-")}
    # every open question, those added since the 68 of the reference too
    assert len(oq) == sum(1 for i in registry() if i.startswith("OQ-"))
    assert any(i.startswith("DE-") for i in shown)
    for clause_id, text in shown.items():
        english = _flat(get(clause_id).summary)
        assert english[:60] not in text, (clause_id, text)
        assert translations("nb")[clause_id][:60] in text, (clause_id, text)


def test_a_refused_raise_on_a_norwegian_page_shows_its_clause_in_norwegian(
    page: Page, api: Api
) -> None:
    tournament = api.create("nm-holdem", bots=4, name="Beløp")
    page.goto(api.url + "/?lang=nb")
    page.get_by_test_id("register-tournament").select_option(tournament)
    page.get_by_test_id("register-name").fill("Kari")
    page.get_by_test_id("register-submit").click()
    page.wait_for_url(f"**/t/{tournament}/play*")
    page.goto(f"{api.url}/t/{tournament}/play?lang=nb")
    api.start(tournament)
    go = page.locator("#actions").get_by_test_id("bet-raise")
    expect(go).to_be_visible(timeout=60_000)
    page.get_by_test_id("amount").fill("5")
    go.click()
    clause = page.get_by_test_id("error").locator("[data-testid=error-clause][data-clause=OQ-31]")
    expect(clause).to_be_attached()
    shown = clause.text_content() or ""
    assert translations("nb")["OQ-31"] in shown
    oq31 = get("OQ-31")
    for english in (oq31.summary, oq31.text):
        assert _flat(english)[:40] not in _flat(shown), shown
    # (DE-RAISE-6 is cited by its ID, which is no English)
    assert not re.search(r"\b(the|must|raise|minimum)\b", shown), shown
