"""The 3+1 draw as a player sees it: a draw of four gives three cards now
and the fourth once everyone has drawn (NM-D-2D s7-s8, OQ-16), and the
page keeps the fourth card's place, marked as still to come."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.test_browser import (
    DECISIONS,
    Api,
    api,
    browser,
    click_and_wait,
    page,
    passive_action,
    take_seat,
)

__all__ = ["api", "browser", "page"]  # the fixtures, shared with test_browser

pytestmark = pytest.mark.browser

#: the bots take this long to act, so that the draw round outlasts the
#: page's poll (a frame every few milliseconds) by far: a player drawing
#: before them sees the fourth card's place for a second at least
BOT_MS = 1_000

#: After Ann's draw of four: "seen" with what her panel holds while the
#: fourth card is still to come; "last" where nobody drew after her (her
#: fourth card came with her three: there was nothing to wait for);
#: "missed" where others drew after her and no place was ever kept.
WATCH_THE_DRAW = """(name) => {
  const hero = document.querySelector('#hero-cards');
  const toCome = hero.querySelectorAll('[data-testid=card-to-come]').length;
  if (toCome) {
    return {
      outcome: 'seen',
      toCome,
      cards: hero.querySelectorAll('[data-testid=card], [data-testid=card-back]').length,
    };
  }
  const lines = [...document.querySelectorAll('#hand-log li')].map((li) => li.innerText.trim());
  const mine = lines.findLastIndex((line) => line.startsWith(`${name} draws`));
  if (mine < 0) return null;
  const after = lines.slice(mine + 1);
  const drawn = after.filter((line) => / (draws|stands pat)/.test(line)).length;
  const moved = / (checks|bets|calls|raises|folds|looks|wins|split)\\b/;
  const over = after.some((line) => moved.test(line));
  if (!over) return null;
  return { outcome: drawn ? 'missed' : 'last' };
}"""


def four_draw(page: Page) -> dict[str, Any]:
    """Exchange four of Ann's cards and watch her panel until the round ends."""
    cards = page.locator("#hero-cards button.card")
    for index in range(4):
        cards.nth(index).click()
    expect(page.get_by_test_id("draw")).to_have_text("Draw 4")
    click_and_wait(page, "draw")
    watched = page.wait_for_function(WATCH_THE_DRAW, arg="Ann", timeout=30_000, polling=50)
    return dict(watched.json_value())


@pytest.mark.clause("NM-D-2D", "OQ-16")
def test_a_draw_of_four_keeps_a_place_for_the_card_still_to_come(page: Page, api: Api) -> None:
    tournament = api.create("nm-draw", bots=3, action_delay_ms=BOT_MS, between_hands_s=0.5)
    take_seat(page, api, tournament, api.register(tournament, "Ann"))
    api.start(tournament)
    page.goto(f"{api.url}/t/{tournament}/play")

    outcomes = []
    for _ in range(DECISIONS):
        page.wait_for_selector(
            "#actions [data-testid=fold], #actions [data-testid=draw]", timeout=30_000
        )
        if page.get_by_test_id("draw").count():
            watched = four_draw(page)
            outcomes.append(watched["outcome"])
            assert watched["outcome"] != "missed", "others drew after her: no place was kept"
            if watched["outcome"] == "seen":
                # one kept card and three drawn now, and the fourth's place
                assert (watched["cards"], watched["toCome"]) == (4, 1), watched
                break
        elif page.locator("#actions").get_by_test_id("look").count():
            click_and_wait(page, "look")
        else:
            passive_action(page)
    else:
        pytest.fail(f"Ann never drew before another player in {DECISIONS} decisions: {outcomes}")

    # once everyone has drawn the fourth card is hers, in the place kept for it
    hero = page.locator("#hero-cards")
    expect(hero.get_by_test_id("card-to-come")).to_have_count(0, timeout=30_000)
    expect(hero.locator("[data-testid=card], [data-testid=card-back]")).to_have_count(5)
