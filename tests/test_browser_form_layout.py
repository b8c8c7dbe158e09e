"""Forms a floorman can read (German, the longest words; a laptop and a
phone): a drop-down shows its chosen option whole ("online (hier gegeben)",
not "online (hier gegebe"), and a checkbox sits beside its words, not on a
line above them (the director's "Beginnt zu dieser Zeit von selbst", the
table settings' four-colour deck)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.test_browser import Api, api, browser, open_director, take_seat

__all__ = ["api", "browser"]

pytestmark = pytest.mark.browser

SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}

# Each shown select whose chosen option's text is wider than the room the
# select leaves it (its box less padding, border and the arrow).
CUT_SELECTS_JS = """(root) => {
    const cut = [];
    const probe = document.createElement("span");
    probe.style.cssText = "position:absolute;visibility:hidden;white-space:pre";
    document.body.append(probe);
    for (const select of document.querySelectorAll(root + " select")) {
        const r = select.getBoundingClientRect();
        if (!r.width || !select.selectedOptions.length) continue;
        const style = getComputedStyle(select);
        probe.style.font = style.font;
        probe.style.letterSpacing = style.letterSpacing;
        for (const option of select.options) {
            probe.textContent = option.textContent;
            const room = select.clientWidth - parseFloat(style.paddingLeft)
                - parseFloat(style.paddingRight) - 16;  // Chromium's arrow
            if (probe.getBoundingClientRect().width > room) {
                cut.push(`${select.id || select.name}: "${option.textContent}"`
                    + ` ${Math.round(probe.getBoundingClientRect().width)} > ${Math.round(room)}`);
            }
        }
    }
    probe.remove();
    return cut;
}"""

# Each shown checkbox whose label's words start on a line below the box.
BOX_ABOVE_JS = """(root) => {
    const above = [];
    for (const box of document.querySelectorAll(root + " label input[type=checkbox]")) {
        const b = box.getBoundingClientRect();
        if (!b.width) continue;
        const label = box.closest("label");
        const range = document.createRange();
        range.selectNodeContents(label);
        const words = [...range.getClientRects()].filter(
            (r) => r.width > 1 && (r.right <= b.left || r.left >= b.right),
        );
        const first = words[0];
        if (!first || first.top >= b.bottom - 1) above.push(box.id || box.dataset.testid);
    }
    return above;
}"""


@pytest.fixture(params=list(SIZES))
def german(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = browser.new_context(locale="de-DE", viewport=SIZES[request.param])  # type: ignore[arg-type]
    context.set_default_timeout(20_000)
    yield context.new_page()
    context.close()


def test_the_directors_create_form_shows_its_options_whole(german: Page, api: Api) -> None:
    page = german
    open_director(page, api)
    page.wait_for_selector("#c-profile option", state="attached")
    cut = page.evaluate(CUT_SELECTS_JS, "#create")
    assert cut == [], "\n".join(cut)
    assert page.evaluate(BOX_ABOVE_JS, "#create") == []


def test_the_table_settings_box_sits_beside_its_words(german: Page, api: Api) -> None:
    page = german
    tournament = api.create("nm-holdem", bots=3)
    take_seat(page, api, tournament, api.register(tournament, "Ann"))
    api.start(tournament)
    page.goto(f"{api.url}/t/{tournament}/play")
    page.locator("#settings-toggle").click()
    page.wait_for_selector("#set-four-colour")
    assert page.evaluate(BOX_ABOVE_JS, "#settings") == []
