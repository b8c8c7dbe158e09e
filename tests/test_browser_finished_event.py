"""A finished event in Chromium (issue 26), in German and Norwegian: three
people play all-in (through the API) until one has every chip.  The table
watched meanwhile stops its level clock at the end (the page's time stands
still however long it is looked at: Playwright's clock runs on ten
minutes); the winner's and the runner-up's pages say their prize with a
link to the results; the big clock shows the winner and every paid place
with its name and prize.  Every amount is the server's (its standings),
whoever the cards favour."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.test_browser import Api, api, browser, take_seat
from tests.test_browser_floor_tools import NAMES, People, amount, pages

__all__ = ["api", "browser", "pages"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]


def digits_of(chips: int) -> str:
    """A chip count as a pattern any of the three languages matches."""
    return r"\D?".join(str(chips)) + r"\b"


def shove(people: People) -> bool:
    """The player to act puts all in (or calls or checks); False once over."""
    if people.details()["status"] == "finished":
        return False
    hand = people.running()
    if hand is None:
        return True
    name = people.name_at(hand["actor"])
    mine = people.view(name)["hand"]
    if not mine or mine["actor"] != hand["actor"]:
        return True
    actions, legal = mine["actions"], mine["legal"]
    body: dict[str, Any]
    if "raise" in actions or "bet" in actions:
        body = {"action": "raise" if "raise" in actions else "bet", "amount": legal["max_raise_to"]}
    else:
        body = {"action": "call" if "call" in actions else "check"}
    people.act(name, **body)
    return True


@pytest.mark.clause("OQ-39")
def test_a_finished_event_stops_the_clock_and_shows_who_is_paid_what(
    pages: Callable[..., Page], api: Api
) -> None:
    people = People(api, "de-holdem", between_hands_s=0.05, prize_pool=1000, payout_shares=[70, 30])
    watcher = pages("de-DE")
    watcher.clock.install()
    watcher.goto(f"{api.url}/t/{people.id}/table/1")
    time_left = watcher.get_by_test_id("info-time")
    expect(time_left).to_be_visible()
    people.wait(lambda: not shove(people), "the tournament's end", seconds=120)

    details = people.details()
    rows = {r["name"]: r for r in details["standings"]}
    paid = sorted((r for r in rows.values() if r["prize"] > 0), key=lambda r: r["place"])
    assert paid and sum(r["prize"] for r in paid) == 1000
    winner = next(r for r in rows.values() if r["place"] == 1)

    # the table's level clock stands still once the event is over
    expect(watcher.get_by_test_id("info-time")).to_be_visible()
    people.wait(lambda: people.view()["level"]["running"] is False, "the stopped clock")
    expect(watcher.locator("#conn")).not_to_have_attribute("data-state", "connecting")
    before = time_left.text_content()
    watcher.clock.fast_forward("10:00")
    expect(time_left).to_have_text(before or "")

    # the winner's page: his prize and the results
    page = pages("de-DE")
    take_seat(page, api, people.id, people.seats[winner["name"]])
    page.goto(f"{api.url}/t/{people.id}/play")
    notice = page.get_by_test_id("notice")
    expect(notice).to_contain_text(
        re.compile("Du hast das Turnier gewonnen! Dein Preisgeld: " + digits_of(winner["prize"]))
    )
    link = notice.get_by_test_id("results-link")
    expect(link).to_have_text("Zu den Ergebnissen")
    expect(link).to_have_attribute("href", f"/t/{people.id}/results")
    runner_up = next((r for r in paid if r["place"] == 2 and r["shared"] == 1), None)
    if runner_up is not None:
        other = pages("nb-NO")
        take_seat(other, api, people.id, people.seats[runner_up["name"]])
        other.goto(f"{api.url}/t/{people.id}/play")
        out = other.get_by_test_id("notice")
        expect(out).to_contain_text(
            re.compile(
                "Du er ute av turneringen på 2. plass. Premien din: "
                + digits_of(runner_up["prize"])
            )
        )
        expect(out.get_by_test_id("results-link")).to_have_text("Se resultatene")

    # the big clock: the winner and every paid place by name
    clock = pages("de-DE")
    clock.goto(f"{api.url}/t/{people.id}/clock")
    expect(clock.get_by_test_id("clock-winner")).to_have_text(f"Sieger: {winner['name']}")
    expect(clock.locator("#payouts-title")).to_have_text("Ausgezahlte Preise")
    lines = clock.get_by_test_id("clock-payout")
    expect(lines).to_have_count(len(paid))
    for k, row in enumerate(paid):
        expect(lines.nth(k).get_by_test_id("clock-payout-name")).to_have_text(row["name"])
        expect(lines.nth(k).locator("strong")).to_have_text(amount(row["prize"]))
    assert set(rows) == set(NAMES)
