"""Issue 27, point 3, in Chromium: the browser sends every command with a
key and sends it again, with the same key, when its answer was lost.

- A registration in the lobby whose answer never arrived (the server did
  it, the connection dropped) is sent again with the same Idempotency-Key:
  the page goes to the seat, and there is one entry.
- A table action whose socket dropped before any answer goes again on the
  new socket with the same id: the server takes it once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, Route, WebSocketRoute, expect

from tests.test_browser import Api, api, browser, take_seat, wait_for_turn
from tests.test_browser_floor_tools import People, pages

__all__ = ["api", "browser", "pages"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]


def test_a_registration_whose_answer_was_lost_is_sent_again_with_its_key(
    api: Api, pages: Callable[..., Page]
) -> None:
    tournament = api.create("nm-holdem", bots=0, name="Lost answer")
    page = pages("en-GB")
    keys: list[str] = []

    def lose_the_first_answer(route: Route) -> None:
        keys.append(route.request.headers.get("idempotency-key", ""))
        if len(keys) == 1:
            route.fetch()  # the server registers ...
            route.abort("connectionreset")  # ... and the answer never arrives
        else:
            route.continue_()

    page.route(re.compile(r"/api/tournaments/[0-9a-f]+/register$"), lose_the_first_answer)
    page.goto(api.url + "/")
    page.get_by_test_id("register-tournament").select_option(tournament)
    page.get_by_test_id("register-name").fill("Kari")
    page.get_by_test_id("register-submit").click()
    page.wait_for_url(re.compile(rf"/t/{tournament}/play"))
    assert len(keys) == 2 and keys[0] == keys[1], keys
    assert re.fullmatch(r"[0-9a-f]{32}", keys[0]), keys  # 128 random bits
    standings = api.call("GET", f"/tournaments/{tournament}")["standings"]
    assert [row["name"] for row in standings] == ["Kari"]


def test_an_action_whose_socket_dropped_is_sent_again_and_taken_once(
    api: Api, pages: Callable[..., Page]
) -> None:
    people = People(api, "nm-holdem")
    page = pages("en-GB")
    actions: list[list[dict[str, Any]]] = []  # each socket's actions, as sent

    def through(route: WebSocketRoute) -> None:
        server = route.connect_to_server()
        sent: list[dict[str, Any]] = []
        actions.append(sent)

        def from_page(message: str | bytes) -> None:
            server.send(message)
            data = json.loads(message)
            if "action" in data:
                sent.append(data)
                if len(actions) == 1:  # the first socket drops before any answer
                    route.close(code=1012, reason="dropped")

        route.on_message(from_page)

    page.route_web_socket(re.compile(r"/ws/tournaments/"), through)
    take_seat(page, api, people.id, people.seats["Ann"])
    while people.actor() != "Ann":  # the others act until it is Ann's turn
        actor = people.actor()
        assert people.act(actor, action="call").status_code == 200
    page.goto(f"{api.url}/t/{people.id}/play")
    wait_for_turn(page)
    passive_action_kind = click_without_waiting(page)
    expect(page.get_by_test_id("connection")).to_have_text("online")
    People.wait(lambda: len(actions) >= 2 and actions[1], "the action sent again")
    assert actions[1][0]["id"] == actions[0][0]["id"], actions
    assert re.fullmatch(r"[0-9a-f]{32}", actions[0][0]["id"])
    seat = people.seat_of("Ann")
    People.wait(
        lambda: any(
            e.get("seat") == seat and e["kind"] == passive_action_kind
            for e in people.view()["hand"]["log"]
        ),
        "Ann's action in the log",
    )
    log = people.view()["hand"]["log"]
    taken = [e for e in log if e.get("seat") == seat and e["kind"] == passive_action_kind]
    assert len(taken) == 1, log


def click_without_waiting(page: Page) -> str:
    """Check or call (whichever is offered), without waiting for the answer."""
    actions = page.locator("#actions")
    choice = "check" if actions.get_by_test_id("check").count() else "call"
    actions.get_by_test_id(choice).click()
    return choice
