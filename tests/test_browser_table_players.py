"""The player's table of issue 20 in Chromium, as a player sees it in
Norwegian and German on a laptop and a phone: the overlay while the
connection is lost (controls disabled, the table back within ~2 s of the
network), text that stays readable on a phone and at 200 % text size, the
table's settings (four-colour deck, bets in big blinds or antes, large
cards), the director's warning shown to the warned player only, and the
words of the catalogues (seat/place, pause/break, plurals).

Tournaments of people only (no bots): every hand waits for its players,
who act here through the API, one of them on a page of his own."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.helpers.settled import eventually
from tests.test_browser import DIRECTOR, Api, api, browser, take_seat
from tests.test_browser_floor_tools import People, pages

__all__ = ["api", "browser", "pages"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


# Are the action buttons shown all inside the window?
ACTIONS_IN_SIGHT_JS = """({ width, height }) => [...document.querySelectorAll('#actions button')]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width && r.height)
    .every((r) => r.top >= 0 && r.left >= 0 && r.bottom <= height && r.right <= width)"""


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return dict(found)


# ------------------------------------------------------------------ 1. the connection lost


@pytest.mark.parametrize(
    ("locale", "viewport", "words"),
    [
        ("nb-NO", LAPTOP, "Forbindelsen er brutt"),
        ("de-DE", PHONE, "Verbindung unterbrochen"),
    ],
)
def test_lost_connection_overlay_disables_controls_and_comes_back_fast(
    api: Api, pages: Callable[..., Page], locale: str, viewport: dict[str, int], words: str
) -> None:
    people = People(api, "nm-holdem")
    page = pages(locale, viewport)
    name = people.actor()
    take_seat(page, api, people.id, people.seats[name])
    page.goto(f"{api.url}/t/{people.id}/play")
    buttons = page.locator("#actions button")
    expect(buttons.first).to_be_visible()
    expect(buttons.first).to_be_enabled()
    before = box(page, "#actions button")
    overlay = page.get_by_test_id("conn-lost")
    expect(overlay).to_be_hidden()

    page.context.set_offline(True)
    expect(overlay).to_be_visible(timeout=3000)
    expect(overlay).to_have_attribute("role", "alert")
    expect(overlay).to_contain_text(words)
    for k in range(buttons.count()):
        expect(buttons.nth(k)).to_be_disabled()
    assert box(page, "#actions button") == before, "the overlay moved the controls"
    # it stays while the page tries again and again (after 1 s, then backing off)
    for _ in range(3):
        page.wait_for_event("websocket", timeout=15_000)
        expect(overlay).to_be_visible()
        for k in range(buttons.count()):
            expect(buttons.nth(k)).to_be_disabled()
    expect(overlay).to_be_visible()
    for k in range(buttons.count()):
        expect(buttons.nth(k)).to_be_disabled()

    page.context.set_offline(False)
    back = time.monotonic()
    expect(overlay).to_be_hidden(timeout=2500)
    # the controls come back with a fresh frame from the server
    expect(page.locator("#actions button").first).to_be_enabled(timeout=2500)
    assert time.monotonic() - back < 3.0
    assert box(page, "#actions button") == before
    # and the table is live: an action taken on the page reaches the server
    hand = people.running()
    assert hand is not None
    page.locator("#actions button").first.click()
    if page.get_by_test_id("fold-confirm").count():
        page.get_by_test_id("fold-confirm-yes").click()
    people.wait(lambda: people.view()["hand"] != hand, "the action to be taken")
    expect(page.get_by_test_id("error")).to_be_hidden()


# ------------------------------------------------------------------ 4. the director's warning


@pytest.mark.parametrize(
    ("locale", "profile", "clause", "words"),
    [
        (
            "nb-NO",
            "nm-holdem",
            "NM-D-1C",
            ("Turneringslederen har gitt deg en advarsel (NM-D-1C).", "Forstått"),
        ),
        (
            "de-DE",
            "de-holdem",
            "DE-ETIQ-1",
            ("Die Turnierleitung hat dich verwarnt (DE-ETIQ-1).", "Verstanden"),
        ),
    ],
)
def test_the_directors_warning_is_shown_to_the_warned_player_until_dismissed(
    api: Api,
    pages: Callable[..., Page],
    locale: str,
    profile: str,
    clause: str,
    words: tuple[str, str],
) -> None:
    people = People(api, profile)
    warned = pages(locale, PHONE)
    take_seat(warned, api, people.id, people.seats["Ann"])
    warned.goto(f"{api.url}/t/{people.id}/play")
    other = pages(locale)
    take_seat(other, api, people.id, people.seats["Ben"])
    other.goto(f"{api.url}/t/{people.id}/play")
    rail = pages(locale)
    rail.goto(f"{api.url}/t/{people.id}/table/1")
    for page in (warned, other, rail):
        expect(page.get_by_test_id("seat")).to_have_count(3)
    ann = people.seats["Ann"]["player"]
    note = "Språkbruk / Sprache"
    api.call(
        "POST",
        f"/tournaments/{people.id}/floor/warn",
        {"player": ann, "clause": clause, "note": note},
        DIRECTOR,
    )
    notice = warned.get_by_test_id("floor-notice")
    expect(notice).to_be_visible()
    expect(notice).to_have_attribute("role", "alert")
    expect(notice.get_by_test_id("floor-notice-text")).to_have_text(words[0])
    expect(notice.get_by_test_id("floor-notice-note")).to_contain_text(note)
    expect(notice.locator(f"[data-clause='{clause}']")).to_be_visible()
    # nobody else reads it
    time.sleep(0.5)
    for page in (other, rail):
        expect(page.get_by_test_id("floor-notice")).to_be_hidden()
        assert note not in page.content()
    # it stays through new frames and a reload, until he dismisses it
    warned.reload()
    expect(notice).to_be_visible()
    notice.get_by_role("button", name=words[1]).click()
    expect(notice).to_be_hidden()
    warned.reload()
    expect(warned.get_by_test_id("seat")).to_have_count(3)
    time.sleep(0.5)
    expect(notice).to_be_hidden()


# ------------------------------------------------------------------ 3. the settings


SUIT_COLOURS = {
    "c": "rgb(15, 122, 46)",
    "d": "rgb(21, 84, 192)",
    "h": "rgb(200, 20, 28)",
    "s": "rgb(17, 17, 17)",
}


def card_colours(page: Page) -> dict[str, str]:
    return dict(
        page.evaluate(
            """() => Object.fromEntries([...document.querySelectorAll('[data-testid=card]')]
                .map((c) => [c.dataset.card, getComputedStyle(c).color]))"""
        )
    )


@pytest.mark.parametrize(
    ("locale", "profile", "viewport", "unit", "words"),
    [
        (
            "nb-NO",
            "nm-holdem",
            LAPTOP,
            "bb",
            ("Innstillinger", "store blinder eller ante", "store"),
        ),
        ("de-DE", "nm-draw", PHONE, "ante", ("Einstellungen", "Big Blinds oder Antes", "groß")),
    ],
)
def test_settings_four_colours_units_and_card_size_are_kept(
    api: Api,
    pages: Callable[..., Page],
    locale: str,
    profile: str,
    viewport: dict[str, int],
    unit: str,
    words: tuple[str, str, str],
) -> None:
    people = People(api, profile)
    page = pages(locale, viewport)
    take_seat(page, api, people.id, people.seats["Ann"])
    page.goto(f"{api.url}/t/{people.id}/play")
    expect(page.get_by_test_id("seat")).to_have_count(3)
    cards = page.locator("#hero-cards [data-testid=card]")
    expect(cards.first).to_be_visible()
    width = box(page, "#hero-cards [data-testid=card]")["width"]
    felt = box(page, "#table")

    toggle = page.get_by_test_id("settings-toggle")
    expect(toggle).to_have_attribute("aria-label", words[0])
    toggle.click()
    panel = page.get_by_test_id("settings")
    expect(panel).to_be_visible()
    assert box(page, "#table") == felt, "the panel moved the table"
    page.get_by_test_id("set-four-colour").check()
    for code, colour in card_colours(page).items():
        assert colour == SUIT_COLOURS[code[1]], (code, colour)
    page.get_by_test_id("set-units").select_option(label=words[1])
    level = people.view("Ann")["level"]
    assert level["bet_unit"]["name"] == unit
    size = level["bet_unit"]["chips"]
    stacks = page.get_by_test_id("stack")
    expect(stacks.first).to_contain_text("BB" if unit == "bb" else "Antes")
    # the page only divides the server's stacks by the server's unit
    for player in people.view("Ann")["hand"]["players"]:
        shown = page.locator(
            f"[data-testid=seat][data-seat='{player['seat']}'] [data-testid=stack]"
        )
        figure = float(shown.inner_text().split()[0].replace("\u00a0", "").replace(",", "."))
        assert figure == round(player["stack"] / size, 1), (shown.inner_text(), player, size)
    page.get_by_test_id("set-cards").select_option(label=words[2])
    expect(page.locator("body.large-cards")).to_have_count(1)
    assert box(page, "#hero-cards [data-testid=card]")["width"] > width

    page.reload()
    expect(page.get_by_test_id("seat")).to_have_count(3)
    expect(page.locator("body.four-colour.large-cards")).to_have_count(1)
    expect(page.get_by_test_id("stack").first).to_contain_text("BB" if unit == "bb" else "Antes")
    for code, colour in card_colours(page).items():
        assert colour == SUIT_COLOURS[code[1]], (code, colour)


# ------------------------------------------------------------------ 2. readable on a phone

SMALL_TEXT = """() => {
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || el.closest('[hidden], .visually-hidden, script, style, option')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rect = range.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) continue;
    if (rect.bottom < 0 || rect.top > innerHeight) continue; // the screen shows it
    const size = parseFloat(getComputedStyle(el).fontSize);
    const what = `${el.className || el.tagName}: ${node.textContent.trim().slice(0, 20)}`;
    if (size < 12) small.push(`${what} ${size}px`);
  }
  return small;
}"""

CONTRAST = """(seat) => {
  const parse = (c) => c.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const el = document.querySelector(`[data-testid=seat][data-seat='${seat}']`);
  let opacity = 1;
  for (let n = el; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
  const plate = parse(getComputedStyle(el.querySelector('.plate')).backgroundColor);
  const out = {opacity, alpha: plate.length > 3 ? plate[3] : 1};
  for (const part of ['.name', '.stack']) {
    const fg = parse(getComputedStyle(el.querySelector(part)).color);
    const [a, b] = [lum(fg), lum(plate)].sort((x, y) => y - x);
    out[part] = (a + 0.05) / (b + 0.05);
  }
  return out;
}"""

CHIP_CLEAR = """() => [...document.querySelectorAll('[data-testid=bet]')].map((bet) => {
  const chip = getComputedStyle(bet, '::before');
  const range = document.createRange();
  range.selectNodeContents(bet);
  const text = range.getBoundingClientRect();
  const left = bet.getBoundingClientRect().left + parseFloat(chip.left);
  return text.left - (left + parseFloat(chip.width));
})"""


@pytest.mark.parametrize("locale", ["nb-NO", "de-DE"])
def test_the_phone_table_is_readable(api: Api, pages: Callable[..., Page], locale: str) -> None:
    people = People(api, "nm-holdem")
    # someone folds, so a folded seat is shown
    folder = people.actor()
    assert people.act(folder, action="fold").status_code == 200
    name = people.actor()
    page = pages(locale, PHONE)
    take_seat(page, api, people.id, people.seats[name])
    page.goto(f"{api.url}/t/{people.id}/play")
    expect(page.get_by_test_id("seat")).to_have_count(3)
    expect(page.locator("#actions button").first).to_be_visible()
    expect(page.get_by_test_id("timer")).to_be_visible()
    expect(page.locator(".seat.folded")).to_have_count(1)
    small = page.evaluate(SMALL_TEXT)
    assert not small, "\n".join(small)
    folded = people.seat_of(folder)
    contrast = page.evaluate(CONTRAST, folded)
    assert contrast["opacity"] == 1 and contrast["alpha"] == 1, contrast
    assert contrast[".name"] >= 4.5 and contrast[".stack"] >= 4.5, contrast
    gaps = page.evaluate(CHIP_CLEAR)
    assert gaps and all(gap >= 0 for gap in gaps), gaps
    # the heading overlaps nothing beside it
    heading = box(page, "#title")
    for other in ("#subtitle", "#table-info", "#sit-out"):
        if page.locator(other).is_visible():
            them = box(page, other)
            apart = (
                heading["x"] + heading["width"] <= them["x"] + 0.5
                or them["x"] + them["width"] <= heading["x"] + 0.5
                or heading["y"] + heading["height"] <= them["y"] + 0.5
                or them["y"] + them["height"] <= heading["y"] + 0.5
            )
            assert apart, (other, heading, them)


@pytest.mark.parametrize("locale", ["de-DE", "nb-NO"])
def test_at_200_percent_text_the_laptop_table_is_usable(
    api: Api, pages: Callable[..., Page], locale: str
) -> None:
    people = People(api, "de-holdem" if locale == "de-DE" else "nm-holdem")
    name = people.actor()
    page = pages(locale, LAPTOP)
    take_seat(page, api, people.id, people.seats[name])
    page.goto(f"{api.url}/t/{people.id}/play")
    expect(page.locator("#actions button").first).to_be_visible()
    page.evaluate("() => { document.documentElement.style.fontSize = '200%'; }")
    # the page sees the text size on its next check (every 250 ms), lays
    # itself out for it and brings the panel into sight in a frame after
    expect(page.locator("body.large-text")).to_have_count(1)
    buttons = page.locator("#actions button:visible")
    assert buttons.count() >= 2
    eventually(lambda: page.evaluate(ACTIONS_IN_SIGHT_JS, LAPTOP), lambda shown: shown)
    for k in range(buttons.count()):
        found = buttons.nth(k).bounding_box()
        assert found is not None
        assert found["y"] >= 0 and found["y"] + found["height"] <= LAPTOP["height"], found
        assert found["x"] >= 0 and found["x"] + found["width"] <= LAPTOP["width"], found
        # nothing lies over it: the point at its middle is the button
        middle = [found["x"] + found["width"] / 2, found["y"] + found["height"] / 2]
        hit = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y).closest('#actions button') !== null",
            middle,
        )
        assert hit, (k, found)
    # all text grows, so the table is taller than the screen: the page itself
    # scrolled the panel into sight for his turn
    hand = people.running()
    buttons.first.click()
    if page.get_by_test_id("fold-confirm").count():
        page.get_by_test_id("fold-confirm-yes").click()
    people.wait(lambda: people.view()["hand"] != hand, "the action to be taken")
