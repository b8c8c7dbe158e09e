"""Issue 26, a console made for the room, in Chromium: the room view of a
running tournament (every table with its street, pot and player to act, at
the top of its page on a laptop and a phone, nothing to scroll past); the
search that finds a player and opens his floor tools; rulings that change
chips, seats or the level asking first, saying what changes, and acting
only on the confirm; the move slips and the seating list to print."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.test_browser import DIRECTOR, Api, api, browser, open_director
from tests.test_browser_director_tools import LAPTOP, PHONE
from tests.test_browser_floor_tools import People, pages

__all__ = ["api", "browser", "pages"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]


def open_room(page: Page, api: Api, tournament: str, lang: str = "en") -> None:
    """The room of ``tournament``, with the director's token kept in this
    browser as the console keeps it."""
    page.goto(api.url + "/static/favicon.svg")
    page.evaluate("token => localStorage.setItem('floorman.director', token)", DIRECTOR)
    page.goto(f"{api.url}/t/{tournament}/room?lang={lang}")
    expect(page.get_by_test_id("room-table").first).to_be_visible()


def live_event(api: Api, players: int, **settings: Any) -> str:
    tournament = api.create("nm-holdem", bots=0, mode="live", **settings)
    for k in range(players):
        name = ["Anna", "Bjørn", "Chris", "Dag", "Eva", "Frode"][k % 6] + f" {k // 6 + 1}"
        api.call("POST", f"/tournaments/{tournament}/register", {"name": name}, DIRECTOR)
    api.start(tournament)
    return tournament


def room(api: Api, tournament: str) -> dict[str, Any]:
    return dict(api.call("GET", f"/tournaments/{tournament}/room", token=DIRECTOR))


def rulings(api: Api, tournament: str, kind: str) -> list[dict[str, Any]]:
    log = api.call("GET", f"/tournaments/{tournament}/rulings", token=DIRECTOR)
    return [entry for entry in log if entry["type"] == kind]


# ------------------------------------------------------------------ the room


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_room_shows_every_table_at_the_top_with_street_pot_and_player_to_act(
    pages: Callable[..., Page], api: Api, viewport: dict[str, int]
) -> None:
    people = People(api, "de-holdem")
    page = pages("en-GB", viewport)
    open_room(page, api, people.id)
    table = page.get_by_test_id("room-table").first
    hand = people.view()["hand"]
    actor = people.name_at(hand["actor"])
    expect(table.get_by_test_id("room-street")).to_have_text("pre-flop")
    expect(table.get_by_test_id("room-pot")).to_have_text(f"Pot {hand['pot']:,}")
    expect(table.get_by_test_id("room-actor")).to_have_text(f"to act: {actor}")
    expect(table.get_by_test_id("room-seat")).to_have_count(3)
    # the tables are the page's first content: no form above them, the
    # first table's head inside the window without scrolling
    # read in one task of the page: the room draws itself again every
    # 2.5 s, and a header found by one call was gone by the next
    head = page.evaluate(
        """() => document.querySelector('[data-testid=room-table] header')
            .getBoundingClientRect().toJSON()"""
    )
    assert head["y"] + head["height"] <= viewport["height"], head
    assert page.evaluate("window.scrollY") == 0
    forms_above = page.evaluate(
        """() => [...document.querySelectorAll('form, section.panel')].filter(
            (el) => el.getBoundingClientRect().top < document.querySelector(
              '[data-testid=room-tables]').getBoundingClientRect().top
          ).map((el) => el.id)"""
    )
    assert forms_above == ["room-search-form"], forms_above
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def test_at_200_percent_text_on_a_phone_the_room_starts_in_the_window_and_scrolls_not_sideways(
    pages: Callable[..., Page], api: Api
) -> None:
    tournament = live_event(api, 24)
    page = pages("nb-NO", PHONE)
    open_room(page, api, tournament, "nb")
    page.evaluate("() => { document.documentElement.style.fontSize = '200%'; }")
    expect(page.get_by_test_id("room-table")).to_have_count(3)
    tables = page.get_by_test_id("room-tables").bounding_box()
    assert tables is not None and tables["y"] < PHONE["height"], tables
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_console_links_its_room(pages: Callable[..., Page], api: Api) -> None:
    people = People(api, "de-holdem")
    page = pages("de-DE")
    open_director(page, api, people.id)
    link = page.get_by_test_id("room-link")
    expect(link).to_have_attribute("href", f"/t/{people.id}/room")
    expect(link).to_have_text("Saal")


def test_the_search_finds_a_player_and_opens_his_tools_in_norwegian(
    pages: Callable[..., Page], api: Api
) -> None:
    tournament = live_event(api, 12)
    page = pages("nb-NO", PHONE)
    open_room(page, api, tournament, "nb")
    expect(page.get_by_test_id("room-table")).to_have_count(2)
    search = page.get_by_test_id("room-search")
    search.fill("bjorn 2")  # as typed on a phone without ø: not found
    expect(page.get_by_test_id("room-found")).to_have_text("0 spillere funnet")
    search.fill("BJØRN 2")
    expect(page.get_by_test_id("room-found")).to_have_text("1 spiller funnet")
    expect(page.get_by_test_id("room-table").filter(visible=True)).to_have_count(1)
    search.press("Enter")
    tools = page.get_by_test_id("player-tools")
    expect(tools).to_be_visible()
    seat = page.locator("[data-testid=room-seat]", has=tools)
    expect(seat).to_have_attribute("data-name", "Bjørn 2")
    for kind, words in [
        ("warn", "Advarsel"),
        ("penalty", "Tidsstraff"),
        ("chips", "Rett sjetonger"),
        ("seat", "Flytt"),
        ("disqualify", "Diskvalifiser"),
    ]:
        expect(tools.get_by_test_id(f"tool-{kind}")).to_have_text(words)
    expect(tools).to_be_in_viewport()


# ------------------------------------------------------------------ ask first


def test_a_chip_correction_asks_first_saying_how_the_chips_in_play_change(
    pages: Callable[..., Page], api: Api
) -> None:
    """NM-D-1G, OQ-03: the director corrects a stack; the first click
    changes nothing, the step says 1.000 → 12.345 and the chips in play."""
    tournament = live_event(api, 12, starting_stack=1000)
    page = pages("de-DE")
    open_room(page, api, tournament, "de")
    first = room(api, tournament)["tables"][0]["seats"][0]
    row = page.locator(f"[data-testid=room-seat][data-player='{first['player']}']")
    row.get_by_test_id("room-player").click()
    row.get_by_test_id("tool-chips").click()
    step = row.get_by_test_id("ruling-confirm")
    expect(step).to_be_visible()
    step.get_by_test_id("tool-chips").fill("12345")
    expect(step.get_by_test_id("ruling-what")).to_have_text(
        f"{first['name']}: 1.000 → 12.345; Chips im Spiel 12.000 → 23.345"
    )
    assert room(api, tournament)["chips_in_play"] == 12_000  # nothing yet
    step.get_by_test_id("tool-note").fill("Zählfehler")
    step.get_by_test_id("ruling-confirm-yes").click()
    expect(row.get_by_test_id("tool-answer")).to_have_text(
        f"Chips von {first['name']} sind berichtigt."
    )
    assert room(api, tournament)["chips_in_play"] == 23_345
    expect(row.get_by_test_id("room-chips")).to_have_text("12.345")
    (override,) = rulings(api, tournament, "override")
    assert (override["player"], override["chips"]) == (first["player"], 12_345)


@pytest.mark.parametrize("kind", ["warn", "penalty", "seat", "disqualify"])
def test_a_warning_a_penalty_a_move_and_a_disqualification_act_only_on_the_confirm(
    pages: Callable[..., Page], api: Api, kind: str
) -> None:
    tournament = live_event(api, 12)
    page = pages("en-GB")
    open_room(page, api, tournament)
    tables = room(api, tournament)["tables"]
    mover = tables[0]["seats"][0]
    free = next(s for s in range(1, 11) if s not in {x["seat"] for x in tables[1]["seats"]})
    row = page.locator(f"[data-testid=room-seat][data-player='{mover['player']}']")
    row.get_by_test_id("room-player").click()
    row.get_by_test_id(f"tool-{kind}").click()
    step = row.get_by_test_id("ruling-confirm")
    expect(step).to_be_visible()
    what = step.get_by_test_id("ruling-what")
    if kind == "seat":
        step.get_by_test_id("tool-table").fill("2")
        step.get_by_test_id("tool-seat").fill(str(free))
        step.get_by_test_id("tool-note").fill("a wobbly chair")
        expect(what).to_have_text(
            f"{mover['name']}: table 1 seat {mover['seat']} → table 2 seat {free}"
        )
    else:
        step.get_by_test_id("tool-clause").fill("OQ-03")
        if kind == "penalty":
            step.get_by_test_id("tool-hands").fill("2")
            expect(what).to_have_text(re.compile(rf"^{mover['name']} sits out the next 2 hands"))
        elif kind == "disqualify":
            expect(step).to_contain_text(f"Disqualify {mover['name']}?")
            expect(what).to_have_text(re.compile("^The player's chips leave play"))
        else:
            expect(what).to_have_text(re.compile(rf"^{mover['name']} is warned"))
    logged = {
        "warn": "warning",
        "penalty": "time_penalty",
        "seat": "override",
        "disqualify": "disqualified",
    }[kind]
    assert rulings(api, tournament, logged) == []  # the first click changed nothing
    step.get_by_test_id("ruling-confirm-yes").click()
    if kind == "disqualify":  # out of the room: the answer goes to its head
        expect(page.get_by_test_id("room-message")).to_have_text(f"{mover['name']} disqualified.")
        expect(row).to_have_count(0)
    else:
        expect(row.get_by_test_id("tool-answer")).to_be_visible()
    (done,) = rulings(api, tournament, logged)
    assert done["player"] == mover["player"]
    if kind == "seat":
        moved = room(api, tournament)["tables"][1]["seats"]
        assert {"player": mover["player"], "seat": free} in [
            {"player": s["player"], "seat": s["seat"]} for s in moved
        ]


def test_the_consoles_set_level_asks_first(pages: Callable[..., Page], api: Api) -> None:
    tournament = live_event(api, 12)
    page = pages("en-GB")
    open_director(page, api, tournament)
    form = page.get_by_test_id("override-level")
    form.locator("input[name=level]").fill("3")
    form.locator("input[name=note]").fill("the break was skipped")
    form.locator("button[type=submit]").click()
    step = page.get_by_test_id("ruling-confirm")
    expect(step.get_by_test_id("ruling-what")).to_have_text(
        "Level 1 → 3: the new level's clock starts now."
    )
    assert room(api, tournament)["level"] == 1
    step.get_by_test_id("ruling-confirm-yes").click()
    People.wait(lambda: room(api, tournament)["level"] == 3, "level 3 set")


# ------------------------------------------------------------------ slips


@pytest.mark.parametrize(
    ("locale", "lang", "move", "seated"),
    [
        ("en-GB", "en", "Table 1 seat {a} → table 2 seat {b}", "10 players seated"),
        ("nb-NO", "nb", "Bord 1 sete {a} → bord 2 sete {b}", "10 spillere sitter"),
        ("de-DE", "de", "Tisch 1 Platz {a} → Tisch 2 Platz {b}", "10 Spieler sitzen"),
    ],
)
def test_move_slips_and_the_seating_list_print_in_three_languages(
    pages: Callable[..., Page], api: Api, locale: str, lang: str, move: str, seated: str
) -> None:
    tournament = live_event(api, 12)
    seats = room(api, tournament)["tables"][0]["seats"]
    counts = {s["player"]: (0 if k < 2 else s["chips"]) for k, s in enumerate(seats)}
    counts[seats[2]["player"]] += seats[0]["chips"] + seats[1]["chips"]
    result = api.call(
        "POST", f"/tournaments/{tournament}/live/counts", {"table": 1, "counts": counts}, DIRECTOR
    )["result"]
    moved = [e for e in result if e["type"] == "moved"]
    assert moved
    page = pages(locale)
    page.goto(f"{api.url}/t/{tournament}/slips?lang={lang}")
    slips = page.get_by_test_id("move-slip")
    expect(slips).to_have_count(len(moved))
    last = moved[-1]  # newest first
    expect(slips.first.get_by_test_id("slip-move")).to_have_text(
        move.format(a=last["from_seat"], b=last["seat"])
    )
    expect(page.get_by_test_id("seating-count")).to_have_text(seated)
    rows = page.get_by_test_id("seating-row")
    expect(rows).to_have_count(10)
    names = [row.locator("td").first.inner_text() for row in rows.all()]
    collated = page.evaluate(
        "([names, lang]) => names.slice().sort(new Intl.Collator(lang).compare)", [names, lang]
    )
    assert names == collated
    # on paper: the slips alone, or the list alone
    page.emulate_media(media="print")
    page.evaluate("document.body.dataset.print = 'moves'")
    expect(page.get_by_test_id("seating-list")).to_be_hidden()
    expect(slips.first).to_be_visible()
    expect(page.get_by_test_id("print-moves")).to_be_hidden()
    page.evaluate("document.body.dataset.print = 'seating'")
    expect(slips.first).to_be_hidden()
    expect(page.get_by_test_id("seating-list")).to_be_visible()


# ------------------------------------------------------------------ a table's tools


@pytest.mark.clause("DE-DECK-5", "DE-DECK-6", "OQ-08")
def test_a_tables_hand_rulings_are_one_click_from_its_card_in_the_room(
    pages: Callable[..., Page], api: Api
) -> None:
    """DE-DECK-5/6, OQ-08: the director voids table 1's hand from the room:
    the first click opens the step with the clause, the confirm voids it."""
    people = People(api, "de-holdem")
    page = pages("de-DE")
    open_room(page, api, people.id, "de")
    table = page.get_by_test_id("room-table").first
    table.get_by_test_id("room-hand-tools").click()
    tools = table.get_by_test_id("hand-rulings")
    expect(tools).to_be_visible()
    tools.get_by_test_id("rule-void").click()
    step = tools.get_by_test_id("hand-ruling-confirm")
    expect(step).to_contain_text("Die Hand an Tisch 1 annullieren?")
    expect(step.get_by_test_id("hand-ruling-confirm-clause")).to_have_text(
        people.details()["hand_rulings"]["void"]
    )
    assert people.rulings("hand_ruling") == []  # the first click changed nothing
    step.get_by_test_id("hand-ruling-confirm-yes").click()
    expect(tools.get_by_test_id("hand-ruling-answer")).to_contain_text("annulliert")
    (void,) = people.rulings("hand_ruling")
    assert void["ruling"] == "void" and void["table"] == 1


def test_the_console_and_the_room_link_the_slips(pages: Callable[..., Page], api: Api) -> None:
    tournament = live_event(api, 12)
    page = pages("nb-NO")
    open_director(page, api, tournament)
    link = page.get_by_test_id("slips-link")
    expect(link).to_have_attribute("href", f"/t/{tournament}/slips")
    expect(link).to_have_text("Flyttelapper og seteliste")
    open_room(page, api, tournament, "nb")
    expect(page.locator("#slips-link")).to_have_attribute("href", f"/t/{tournament}/slips")


@pytest.mark.clause("OQ-03")
def test_a_correction_of_a_player_in_a_hand_says_it_waits_for_the_hands_end(
    pages: Callable[..., Page], api: Api
) -> None:
    """OQ-03: a stack corrected during the player's hand is made when the
    hand ends; the step says so, and the room marks it waiting."""
    people = People(api, "de-holdem")
    page = pages("en-GB")
    open_room(page, api, people.id)
    ann = people.seats["Ann"]["player"]
    row = page.locator(f"[data-testid=room-seat][data-player='{ann}']")
    row.get_by_test_id("room-player").click()
    row.get_by_test_id("tool-chips").click()
    step = row.get_by_test_id("ruling-confirm")
    step.get_by_test_id("tool-chips").fill("1500")
    expect(step.get_by_test_id("ruling-what")).to_have_text(
        "Ann: 1,000 → 1,500; chips in play 3,000 → 3,500"
        " Ann is in a hand: the change is made when it ends."
    )
    step.get_by_test_id("tool-note").fill("miscounted")
    step.get_by_test_id("ruling-confirm-yes").click()
    expect(row.locator(".badge.pending")).to_have_text("pending: chips")
    seat = next(s for s in room(api, people.id)["tables"][0]["seats"] if s["player"] == ann)
    assert seat["chips"] == 1000 and seat["pending"] == ["chips"] and seat["in_hand"]


def test_a_click_held_while_the_room_redraws_itself_is_not_lost(
    pages: Callable[..., Page], api: Api
) -> None:
    """The room draws itself again every few seconds and on every change: a
    press on a table's "hand" button, the room redrawn, then the release
    still opens the tools (a redraw between the two had replaced the
    pressed button, and the click went nowhere)."""
    people = People(api, "de-holdem")
    page = pages("de-DE")
    open_room(page, api, people.id, "de")
    table = page.get_by_test_id("room-table").first
    button = table.get_by_test_id("room-hand-tools")
    box = button.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    # the room asks again within 2.5 s, and its redraw waits for the release
    expect(page.locator("body")).to_have_attribute("data-redraw-held", "")
    page.mouse.up()
    expect(page.locator("body")).not_to_have_attribute("data-redraw-held", "")
    expect(table.get_by_test_id("hand-rulings")).to_be_visible()
    expect(table.get_by_test_id("room-hand-tools")).to_have_attribute("aria-expanded", "true")
