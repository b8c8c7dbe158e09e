"""What a fresh reviewer found using the pages on a laptop and a phone:
answers shown where the director is looking, errors that move no control,
the words of the seat page's buttons and states, the lobby and the clock
on a phone."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tests.helpers.settled import next_frames
from tests.test_browser import (
    DIRECTOR,
    Api,
    api,
    browser,
    open_director,
    open_page,
    take_seat,
    wait_for_turn,
)
from tests.test_browser_floor_tools import People, pages, player_page, sit_out_now
from tests.test_browser_sit_out_next import fold_to_the_end, next_hand

__all__ = ["api", "browser", "pages"]  # the fixtures, shared with test_browser

pytestmark = pytest.mark.browser


@pytest.fixture
def phone_de(browser: Browser) -> Iterator[Page]:
    yield from open_page(browser, "de-DE", 390, 844)


def in_viewport(page: Page, testid: str) -> bool:
    box = page.get_by_test_id(testid).bounding_box()
    view = page.viewport_size
    assert box is not None and view is not None
    return box["y"] >= 0 and box["y"] + box["height"] <= view["height"]


def test_the_answer_to_start_is_shown_where_the_director_looks_on_a_phone(
    phone_de: Page, api: Api
) -> None:
    page = phone_de
    tournament = api.create("nm-holdem", bots=3)
    open_director(page, api, tournament)
    start = page.get_by_test_id("start")
    expect(start).to_be_enabled()
    start.scroll_into_view_if_needed()
    scrolled = page.evaluate("() => window.scrollY")
    assert scrolled > 500, "the Start button is far down the phone's page"
    before = start.bounding_box()
    start.click()
    # the draw cannot be taken back: the console asks first, naming the entries
    step = page.get_by_test_id("start-confirm")
    expect(step).to_contain_text("mit 3 Anmeldungen starten?")
    expect(page.get_by_test_id("t-status")).to_have_text("Anmeldung")
    assert start.bounding_box() == before
    page.get_by_test_id("start-confirm-yes").click()
    message = page.get_by_test_id("director-message")
    expect(message).to_contain_text("Gestartet")
    expect(start).to_be_disabled()
    assert in_viewport(page, "director-message")
    assert page.evaluate("() => window.scrollY") == scrolled
    assert start.bounding_box() == before, "the answer moved the Start button"
    message.click()  # a click puts it away
    expect(message).to_be_hidden()


def test_the_token_form_stays_where_it_is_while_the_console_loads_on_a_phone(
    phone_de: Page, api: Api
) -> None:
    # The console picks the newest tournament and shows its links (room,
    # tournament page, clock) once it has loaded.  The top bar wrapped anew
    # then, and "Use" moved down under a finger already on its way: the tap
    # went elsewhere and the token was never kept (a CI run's timeout).
    page = phone_de
    api.create("nm-holdem", bots=2, name="Neueste")
    page.add_init_script(
        """window.tokenFormAt = [];
        addEventListener("load", () => {
          const record = () => {
            const box = document.querySelector("[data-testid=token-save]").getBoundingClientRect();
            const at = `${Math.round(box.x)},${Math.round(box.y)}`;
            if (tokenFormAt.at(-1) !== at) tokenFormAt.push(at);
            requestAnimationFrame(record);
          };
          record();
        });"""
    )
    page.goto(f"{api.url}/director")
    expect(page.locator("#clock-link")).to_be_visible()  # the tournament has loaded
    expect(page.get_by_test_id("t-status")).to_be_visible()
    next_frames(page)
    moves = page.evaluate("() => tokenFormAt")
    assert len(moves) == 1, f"the token form moved after the page had loaded: {moves}"


def test_a_created_tournament_leaves_the_name_field_empty_for_the_next(
    phone_de: Page, api: Api
) -> None:
    page = phone_de
    open_director(page, api)
    page.locator("#c-name").fill("Freitagsrunde")
    page.get_by_test_id("create-submit").click()
    expect(page.get_by_test_id("director-message")).to_contain_text("angelegt")
    expect(page.locator("#c-name")).to_have_value("")
    expect(page.get_by_test_id("pick")).to_contain_text("Freitagsrunde")


def test_a_chat_sent_too_fast_is_refused_under_the_chat_box_and_moves_nothing(
    phone_de: Page, api: Api
) -> None:
    page = phone_de
    tournament = api.create("nm-holdem", bots=2)
    take_seat(page, api, tournament, api.register(tournament, "Anna"))
    api.start(tournament)
    page.goto(f"{api.url}/t/{tournament}/play")
    wait_for_turn(page)  # the hand waits for her: nothing else moves
    page.get_by_test_id("tab-chat").click()
    box = page.get_by_test_id("chat-input")
    box.scroll_into_view_if_needed()
    before = box.bounding_box()
    refused = page.get_by_test_id("chat-error")
    # the socket takes 20 messages at once (its refusals come at once), the
    # chat one line a second (its refusals come after the table has decided
    # the lines).  The 24 lines go in one task of the page: typed one by one,
    # a loaded machine could space them so that the last is allowed, and its
    # sending clears the refusal before it is looked at.
    page.evaluate(
        """() => {
          const box = document.querySelector("#chat-error");
          window.chatRefusals = [];
          new MutationObserver(() => window.chatRefusals.push(box.innerText)).observe(
            box, { childList: true, subtree: true, characterData: true },
          );
          const input = document.querySelector("#chat-input");
          for (let k = 0; k < 24; k++) {
            input.value = `hei ${k}`;
            input.form.requestSubmit();
          }
        }"""
    )
    page.wait_for_function(
        "() => window.chatRefusals.some((text) => text.includes('Zu viele Nachrichten'))"
    )
    expect(refused).to_be_visible()
    expect(refused).to_contain_text(re.compile("Zu viele Nachrichten|Eine Chatzeile pro Sekunde"))
    expect(page.get_by_test_id("error")).to_be_hidden()
    assert in_viewport(page, "chat-error")
    assert box.bounding_box() == before, "the refusal moved the chat box"


@pytest.mark.clause("OQ-45")
def test_back_in_a_hand_dealt_dead_she_reads_why_it_is_dead_not_that_she_folded(
    pages: Callable[..., Page], api: Api
) -> None:
    people = People(api, "nm-holdem", between_hands_s=0.3)
    ann = player_page(pages, people, "Ann", "nb-NO")
    ann.get_by_test_id("sit-out-next").click()
    expect(ann.get_by_test_id("sit-out-next-cancel")).to_have_text("Angre")
    next_hand(people, fold_to_the_end(people))
    expect(ann.get_by_test_id("away-banner")).to_be_visible()
    why = ann.get_by_test_id("out-of-hand")
    expect(why).to_have_text("Hånden din er død: du er borte fra bordet.")
    ann.get_by_test_id("back").click()
    expect(ann.get_by_test_id("away-banner")).to_be_hidden()
    assert people.running() is not None  # the hand waits for its players
    expect(why).to_have_text("Hånden din ble delt ut død: du var borte da den ble delt.")


def test_the_lobby_on_a_phone_shows_every_tournament_as_a_card_with_its_links(
    phone_de: Page, api: Api
) -> None:
    page = phone_de
    tournament = api.create("nm-holdem", bots=2, name="Kartenrunde am Freitag")
    page.goto(f"{api.url}/")
    row = page.locator(f"[data-testid=tournament-row][data-id='{tournament}']")
    expect(row).to_contain_text("Kartenrunde am Freitag")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    width = page.evaluate("() => document.documentElement.clientWidth")
    shown = [
        row.get_by_test_id("status"),
        row.get_by_test_id("buy-in"),
        row.get_by_role("link", name="Details"),
        row.get_by_role("link", name="Uhr"),
        row.get_by_test_id("row-register"),
    ]
    for part in shown:
        box = part.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, part
    # every cell says what it is: the table's heading is not on a card
    expect(row.locator("td[data-label='Status']")).to_contain_text("Anmeldung")


def test_with_no_tournament_taking_entries_the_register_button_waits_saying_why(
    phone_de: Page, api: Api
) -> None:
    page = phone_de
    page.route("**/api/tournaments", lambda route: route.fulfill(json=[]))
    page.goto(f"{api.url}/")
    expect(page.get_by_test_id("register-submit")).to_be_disabled()
    expect(page.get_by_test_id("register-closed")).to_have_text(
        "Gerade nimmt kein Turnier Anmeldungen an: du kannst dich anmelden, sobald eines es tut."
    )


def overlap(a: dict[str, float] | None, b: dict[str, float] | None) -> bool:
    assert a is not None and b is not None
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_the_clock_on_a_phone_keeps_its_sound_button_off_the_times_at_any_text_size(
    phone_de: Page, api: Api
) -> None:
    page = phone_de
    # deep stacks: still running ("Gespielt") when the clock is read
    tournament = api.create("nm-holdem", bots=4, starting_stack=100_000)
    api.start(tournament)
    page.goto(f"{api.url}/t/{tournament}/clock")
    sound = page.get_by_test_id("clock-sound")
    expect(sound).to_have_text("Ton: aus")  # what it switches, and its state
    expect(sound).to_have_attribute("aria-pressed", "false")
    expect(sound).to_have_attribute("aria-label", "Ton")
    expect(page.get_by_test_id("clock-running")).to_contain_text("Gespielt")
    for size in ("100%", "200%"):
        page.evaluate("size => (document.documentElement.style.fontSize = size)", size)
        button = sound.bounding_box()
        for testid in ("clock-time-of-day", "clock-running"):
            assert not overlap(button, page.get_by_test_id(testid).bounding_box()), (size, testid)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    sound.click()
    expect(sound).to_have_text("Ton: an")
    expect(sound).to_have_attribute("aria-pressed", "true")


def test_a_player_out_of_the_tournament_reads_his_finishing_place_on_his_seat_page(
    phone_de: Page, api: Api
) -> None:
    page = phone_de
    tournament = api.create("de-holdem", bots=5)
    seat = api.register(tournament, "Anna")
    take_seat(page, api, tournament, seat)
    api.start(tournament)
    page.goto(f"{api.url}/t/{tournament}/play")
    expect(page.get_by_test_id("info-place")).to_contain_text(" von ")
    # away with one chip: her hands are dealt dead and her next blind busts her
    sit_out_now(page)
    ruling = {"player": seat["player"], "chips": 1, "note": "Test"}
    api.call("POST", f"/tournaments/{tournament}/override/chips", ruling, DIRECTOR)
    out = page.get_by_test_id("out-of-tournament")
    expect(out).to_contain_text("aus dem Turnier ausgeschieden", timeout=30_000)
    standings = api.call("GET", f"/tournaments/{tournament}")["standings"]
    place = next(r["place"] for r in standings if r["player"] == seat["player"])
    assert place is not None
    expect(out).to_have_text(f"Du bist als {place}. aus dem Turnier ausgeschieden.")
    expect(page.get_by_test_id("info-place")).to_have_text(f"Ausgeschieden als {place}.")
    # the table's frames say so too, for the page to show without asking
    frame = api.client.get(
        f"/api/tournaments/{tournament}/tables/1",
        headers={"Authorization": f"Bearer {seat['token']}"},
    ).json()
    assert (frame["you"]["status"], frame["you"]["place"]) == ("out", place)


def test_before_the_start_the_seat_page_says_it_waits_and_when_it_starts(
    browser: Browser, api: Api
) -> None:
    page = next(open_page(browser, "nb-NO", 390, 844))
    try:
        starts = datetime.now(UTC) + timedelta(hours=2)
        tournament = api.create("nm-holdem", bots=3, starts_at=starts.isoformat())
        take_seat(page, api, tournament, api.register(tournament, "Kari"))
        page.goto(f"{api.url}/t/{tournament}/play")
        waiting = page.get_by_test_id("waiting-start")
        expect(waiting).to_contain_text("Venter på starten")
        expect(page.get_by_test_id("waiting-start-time")).to_contain_text("Starter ")
        expect(page.locator("#subtitle")).not_to_contain_text("nivå 0")
        api.start(tournament)
        expect(page.get_by_test_id("seat")).to_have_count(4)
        expect(waiting).to_have_count(0)
    finally:
        page.context.close()


def test_a_refusal_at_the_table_shows_in_view_and_moves_no_control_on_a_phone(
    phone_de: Page, api: Api
) -> None:
    page = phone_de
    tournament = api.create("nm-holdem", bots=2)
    take_seat(page, api, tournament, api.register(tournament, "Anna"))
    api.start(tournament)
    sockets: list[WebSocketRoute] = []

    def through(route: WebSocketRoute) -> None:
        route.connect_to_server()
        sockets.append(route)

    page.route_web_socket(re.compile(r"/ws/tournaments/"), through)
    page.goto(f"{api.url}/t/{tournament}/play")
    wait_for_turn(page)  # the hand waits for her: nothing else moves
    controls = page.locator("#actions")
    # scrolled down to the chat, as a player on a phone is
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("() => window.scrollY") > 200
    before = controls.bounding_box()
    # the server's refusal of a message over the socket's rate (server/ws.py)
    refusal = {
        "type": "error",
        "error": "BadMessage",
        "message": "too many messages: wait 1 s",
        "reason": "too many messages: wait 1 s",
        "template": "too many messages: wait {seconds} s",
        "values": {"seconds": 1},
        "clause": "OQ-41",
    }
    sockets[-1].send(json.dumps(refusal))
    error = page.get_by_test_id("error")
    expect(error).to_contain_text("Zu viele Nachrichten: bitte 1 s warten")
    assert in_viewport(page, "error")
    assert controls.bounding_box() == before, "the refusal moved the controls"
