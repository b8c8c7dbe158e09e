"""The browser draws the pot lines of the engine's seat view, carried money
included (issue 10): a side-pot hold'em hand whose main pot holds a floor
fine as dead money (NM-D-3B, OQ-14) shows it on the felt; the page computes
no pot of its own."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from tests.test_browser import Api, api, browser, page
from tests.test_seat_view import side_pot_hand_with_antes

__all__ = ["api", "browser", "page"]  # the fixtures, shared with test_browser


def test_side_pot_lines_with_carried_money_are_drawn_from_the_seat_view(
    page: Page, api: Api
) -> None:
    hand = side_pot_hand_with_antes()
    hand.penalize(2, 15, clause="OQ-14", reason="out of turn")
    view = hand.view(None)
    assert [line["carried"] for line in view["pot_lines"]] == [15, 0]
    page.goto(api.url + "/")
    page.evaluate(
        """async (view) => {
            const { renderFelt } = await import("/static/js/felt.js");
            const root = document.createElement("div");
            root.id = "felt-under-test";
            document.body.replaceChildren(root);
            renderFelt(root, {
                seats: view.players.map((p) => ({
                    seat: p.seat, player: p.player, name: p.player, chips: p.stack,
                })),
                hand: view,
                hero: null,
                names: {},
            });
        }""",
        json.loads(json.dumps(view)),
    )
    lines = page.get_by_test_id("side-pot")
    expect(lines).to_have_count(2)
    expect(lines.nth(0)).to_contain_text("Main pot: 105")
    expect(lines.nth(0)).to_contain_text("seats 1, 2, 3; 15 carried in")
    expect(lines.nth(1)).to_contain_text("Side pot 1: 150")
    expect(lines.nth(1)).not_to_contain_text("carried")
    expect(page.get_by_test_id("pot")).to_have_text(f"Pot {view['pot']}")
