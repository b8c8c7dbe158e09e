"""A restart mid-hand in Chromium (issue 28, point 4): ``floorman serve``
gets SIGTERM while Ann's page is at the table with a pre-action chosen;
the page says the server is restarting (in its language), comes back by
itself once a new server runs on the same database, and Ann is in her
seat in the same hand with her pre-action still chosen, which then acts
when her turn comes."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from floorman.storage import Store
from tests.helpers.server import VENV_BIN, free_port, serving, sqlite_url, wait_until
from tests.test_browser import DIRECTOR, Api, browser, open_page, take_seat
from tests.test_browser_floor_tools import People
from tests.test_graceful_restart import terminate

__all__ = ["browser"]  # the fixture, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(240)]

#: how soon after the new server answers the page must be back at the table
BACK_WITHIN_MS = 10_000


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    yield from open_page(browser, "de-DE")


def test_a_restart_mid_hand_keeps_the_players_seat_and_pre_action(
    page: Page, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    port = free_port()
    command = [str(VENV_BIN / "floorman"), "serve"]
    env: dict[str, str | None] = {
        "FLOORMAN_PORT": str(port),
        "FLOORMAN_DATA_DIR": str(data),
        "FLOORMAN_DATABASE_URL": sqlite_url(data),
        "FLOORMAN_DIRECTOR_TOKEN": DIRECTOR,
    }
    with serving(command, env, tmp_path, port) as first:
        first.wait_healthy(30)
        api = Api(first.url)
        people = People(api, "nm-holdem", level_seconds=600)
        take_seat(page, api, people.id, people.seats["Ann"])
        page.goto(f"{api.url}/t/{people.id}/play")
        expect(page.get_by_test_id("seat")).to_have_count(3)
        if people.actor() == "Ann":
            assert people.act("Ann", action="call").status_code == 200
        wait_until(lambda: people.actor() != "Ann", 10, "another player to act")
        hand_id = people.view("Ann")["hand_id"]
        choice = page.get_by_test_id("pre-check-fold")
        expect(page.get_by_test_id("pre-actions")).to_be_visible()
        choice.check()

        assert terminate(first) == 0, first.output()
        overlay = page.get_by_test_id("conn-lost")
        expect(overlay).to_be_visible()
        expect(overlay).to_contain_text("Der Server startet neu")
        expect(page.locator("#conn")).to_have_text("Server startet neu …")
        api.client.close()

    store = Store(sqlite_url(data))  # a reader of the stored hand
    ann = people.seats["Ann"]["player"]

    def ann_moves() -> int:
        """Her checks and folds in the hand, as stored."""
        events = store.hand_events(hand_id)
        seat = events[0]["seats"][events[0]["players"].index(ann)]
        return sum(1 for e in events if e["type"] in ("Checked", "Folded") and e["seat"] == seat)

    try:
        with serving(command, env, tmp_path, port) as second:
            second.wait_healthy(30)
            started = time.monotonic()
            expect(overlay).to_be_hidden(timeout=BACK_WITHIN_MS)
            back_in = time.monotonic() - started
            print(f"the page was back at the table {back_in:.2f} s after the server answered")
            api = Api(second.url)
            people.api = api
            assert people.view("Ann")["hand_id"] == hand_id
            expect(page.get_by_test_id("seat")).to_have_count(3)
            expect(choice).to_be_checked()  # her pre-action is kept
            moved = ann_moves()

            def whose_turn() -> str | None:
                """Someone else's name when it is his turn; "Ann moved" once
                her pre-action acted for her; None meanwhile."""
                if ann_moves() > moved:
                    return "Ann moved"
                hand = people.running()
                actor = people.name_at(hand["actor"]) if hand else "Ann"
                return None if actor == "Ann" else actor

            # the others check or call until her turn: the pre-action acts for her
            for _ in range(12):
                turn = wait_until(whose_turn, 20, "another player's turn, or her pre-action")
                if turn == "Ann moved":
                    break
                legal = people.view(turn)["hand"]["legal"]
                action = "check" if legal.get("can_check") else "call"
                assert people.act(turn, action=action).status_code == 200
            else:
                pytest.fail("her pre-action never met her turn")
            expect(choice).not_to_be_checked()  # used once
            api.client.close()
            second.stop()
    finally:
        store.close()
