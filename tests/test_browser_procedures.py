"""Running the room from the director's console in Chromium, in German and
Norwegian: hand-for-hand on the bubble (OQ-71), the clock at the event (a
break now, time added, the next level now: NM-D-1G, OQ-03, OQ-09), the
chip race (OQ-72) and Undo of the last ruling - each through its confirm
step saying what will change, each answered beside the controls, in the
ruling log, and on the big-screen clock and the tables."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.test_browser import DIRECTOR, Api, api, browser, open_director
from tests.test_browser_director_tools import LAPTOP, new_page

__all__ = ["api", "browser"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]


@pytest.fixture
def pages(browser: Browser) -> Iterator[Callable[..., Page]]:
    """Pages of their own contexts, closed after the test; any JavaScript
    error fails it."""
    opened: list[Page] = []

    def opener(locale: str) -> Page:
        page = new_page(browser, locale, LAPTOP)
        opened.append(page)
        return page

    yield opener
    errors = [e for page in opened for e in page.errors]  # type: ignore[attr-defined]
    for page in opened:
        page.context.close()
    assert not errors, f"JavaScript errors: {errors}"


def confirm(page: Page, control: str, title: str, saying: str, clause: str, note: str = "") -> None:
    """Click ``control``, read the confirm step (its title, what it says
    will change, the clause), write the note and say yes."""
    page.get_by_test_id(control).click()
    step = page.get_by_test_id("procedures-confirm")
    expect(step).to_be_visible()
    expect(step).to_contain_text(title)
    expect(step).to_contain_text(saying)
    expect(step.get_by_test_id("procedures-confirm-clause")).to_have_text(clause)
    if note:
        step.get_by_test_id("procedures-note").fill(note)
    step.get_by_test_id("procedures-confirm-yes").click()


def enter(api: Api, tournament: str, name: str) -> None:
    """An entry by the director (his are not rate-limited per address, OQ-41)."""
    api.call("POST", f"/tournaments/{tournament}/register", {"name": name}, DIRECTOR)


@pytest.mark.clause("OQ-71", "OQ-06")
def test_OQ_71_de_the_director_starts_hand_for_hand_and_the_clock_shows_it(
    pages: Callable[..., Page], api: Api
) -> None:
    tournament = api.create(
        "de-holdem",
        bots=8,
        table_size=4,
        starting_stack=20_000,
        level_seconds=600,
        action_delay_ms=150,
        between_hands_s=0.2,
    )
    api.start(tournament)
    director = pages("de-DE")
    open_director(director, api, tournament)
    panel = director.get_by_test_id("procedures")
    expect(panel).to_be_visible()
    expect(panel.get_by_test_id("hfh-state")).to_have_text(
        "Hand für Hand ist aus: jeder Tisch gibt in seinem eigenen Takt."
    )
    confirm(
        director,
        "hfh-toggle",
        "Hand für Hand starten?",
        "wer zu Beginn der Hand mehr Chips hatte, kommt auf den besseren Platz",
        "OQ-68, OQ-06, OQ-71",
        note="Bubble",
    )
    expect(panel.get_by_test_id("procedures-answer")).to_have_text("Hand für Hand läuft.")
    expect(panel).to_have_attribute("data-hand-for-hand", "true", timeout=15_000)
    expect(panel.get_by_test_id("hfh-state")).to_contain_text(
        re.compile(r"Hand für Hand läuft: Hand \d+"), timeout=15_000
    )
    expect(panel.get_by_test_id("hfh-toggle")).to_have_text("Hand für Hand beenden")
    expect(director.locator("#rulings")).to_contain_text("Hand für Hand gestartet")
    expect(director.locator("#rulings")).to_contain_text("OQ-68, OQ-06, OQ-71")
    clock = pages("de-DE")
    clock.goto(f"{api.url}/t/{tournament}/clock")
    expect(clock.get_by_test_id("clock-procedures")).to_contain_text(
        re.compile(r"Hand für Hand · Hand \d+")
    )
    table = pages("de-DE")
    table.goto(f"{api.url}/t/{tournament}/table/1")
    expect(table.get_by_test_id("info-hand-for-hand")).to_contain_text("Hand für Hand")


@pytest.mark.clause("OQ-03", "OQ-09")
def test_OQ_09_nb_time_added_a_break_now_and_the_next_level_from_the_console(
    pages: Callable[..., Page], api: Api
) -> None:
    tournament = api.create("nm-holdem", bots=0, mode="live", level_seconds=1200)
    for k in range(6):
        enter(api, tournament, f"Spiller {k}")
    api.start(tournament)
    director = pages("nb-NO")
    open_director(director, api, tournament)
    panel = director.get_by_test_id("procedures")
    panel.get_by_test_id("clock-minutes").fill("5")
    floor = "NM-D-1G, OQ-03"
    confirm(
        director,
        "clock-add",
        "Legge 5 min til nivå 1?",
        "alle senere nivåer starter 5 min senere",
        floor,
    )
    expect(panel.get_by_test_id("procedures-answer")).to_have_text("5 min lagt til nivå 1.")
    expect(director.locator("#rulings")).to_contain_text("5:00 lagt til nivå 1")
    left = api.call("GET", f"/tournaments/{tournament}")["clock"]["seconds_left"]
    assert 1450 <= left <= 1500  # 20 min and 5 more
    panel.get_by_test_id("clock-minutes").fill("15")
    confirm(
        director,
        "clock-break",
        "Pause på 15 min nå?",
        "ingen ny hånd gis",
        f"{floor}, OQ-09",
        "middag",
    )
    expect(panel.get_by_test_id("procedures-answer")).to_have_text("Pause på 15 min har begynt.")
    expect(director.locator("#rulings")).to_contain_text("Pause på 15:00 innkalt")
    clock = pages("nb-NO")
    clock.goto(f"{api.url}/t/{tournament}/clock")
    expect(clock.get_by_test_id("clock-procedures")).to_contain_text("Pause · tilbake om 14:")
    expect(clock.get_by_test_id("clock-paused")).to_be_hidden()
    director.get_by_test_id("resume").click()  # the break ends early
    expect(clock.get_by_test_id("clock-procedures")).to_be_hidden(timeout=25_000)
    confirm(director, "clock-next", "Starte nivå 2 nå?", "spilles ikke", floor)
    expect(panel.get_by_test_id("procedures-answer")).to_have_text("Nivå 2 har startet.")
    assert api.call("GET", f"/tournaments/{tournament}")["level"] == 2
    expect(clock.get_by_test_id("clock-level")).to_have_text("Nivå 2", timeout=25_000)


@pytest.mark.clause("OQ-72")
def test_OQ_72_de_the_chip_race_from_the_console_colours_every_stack_up(
    pages: Callable[..., Page], api: Api
) -> None:
    levels = [{"ante": ante, "seconds": 1800} for ante in (25, 50, 100)]
    tournament = api.create("de-holdem", bots=0, mode="live", levels=levels, starting_stack=1000)
    for name in ("Anna", "Bernd", "Clara"):
        enter(api, tournament, name)
    api.start(tournament)
    players = {
        r["name"]: r["player"] for r in api.call("GET", f"/tournaments/{tournament}")["standings"]
    }
    for name, chips in (("Anna", 1025), ("Bernd", 975)):
        body = {"player": players[name], "chips": chips, "note": "Zählung"}
        api.call("POST", f"/tournaments/{tournament}/override/chips", body, DIRECTOR)
    director = pages("de-DE")
    open_director(director, api, tournament)
    panel = director.get_by_test_id("procedures")
    expect(panel.get_by_test_id("race-state")).to_have_text(
        "Die 25er-Chips werden abgelöst: jeder Stack geht dann in 50er-Chips auf."
    )
    confirm(
        director,
        "race-go",
        "Die 25er-Chips an allen Tischen per Chip Race ablösen?",
        "höchstens einen pro Spieler",
        "OQ-72",
    )
    expect(panel.get_by_test_id("procedures-answer")).to_have_text(
        "An 1 Tisch erledigt: siehe Entscheidungsprotokoll."
    )
    race = re.compile(
        r"Chip Race an Tisch 1: die 25er-Chips werden abgelöst \((Anna|Bernd) [2-9TJQKA][♣♦♥♠],"
        r" (Anna|Bernd) [2-9TJQKA][♣♦♥♠]\)OQ-72"
    )
    expect(director.locator("#rulings")).to_contain_text(race)
    standings = api.call("GET", f"/tournaments/{tournament}")["standings"]
    stacks = sorted(r["chips"] for r in standings)
    assert all(s % 50 == 0 for s in stacks) and sum(stacks) == 3000  # one 50 raced for
    expect(panel.get_by_test_id("race-go")).to_be_hidden()


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_OQ_03_nb_undo_takes_back_a_wrong_elimination_from_a_live_count(
    pages: Callable[..., Page], api: Api
) -> None:
    tournament = api.create("nm-holdem", bots=0, mode="live", starting_stack=1000)
    for k in range(12):
        enter(api, tournament, f"Spiller {k}")
    api.start(tournament)
    table = api.call("GET", f"/tournaments/{tournament}")["tables"][0]
    first, second = table["seats"][0], table["seats"][1]
    counts = {first["player"]: 0, second["player"]: 2000}
    body = {"table": table["table"], "counts": counts}
    api.call("POST", f"/tournaments/{tournament}/live/counts", body, DIRECTOR)
    director = pages("nb-NO")
    open_director(director, api, tournament)
    panel = director.get_by_test_id("procedures")
    expect(panel.get_by_test_id("undo-state")).to_have_text(
        f"Din siste avgjørelse: sjetongtellingen ved bord {table['table']}."
    )
    # what Undo brings back is said before the director confirms
    director.get_by_test_id("undo-go").click()
    step = director.get_by_test_id("procedures-confirm")
    expect(step).to_contain_text(
        f"Angre setter alle stablene ved bord {table['table']} tilbake til det de var"
        " før tellingen."
    )
    expect(step).to_contain_text(f"Tilbake i spillet: {first['name']}.")
    step.get_by_test_id("procedures-confirm-no").click()
    confirm(
        director,
        "undo-go",
        "Angre din siste avgjørelse?",
        "Begge avgjørelsene blir stående",
        "NM-D-1G, OQ-03",
    )
    expect(panel.get_by_test_id("procedures-answer")).to_have_text(
        "Din siste avgjørelse er angret."
    )
    expect(director.locator("#rulings")).to_contain_text(
        f"Sjetongtelling angret: {first['name']} med igjen"
    )
    expect(panel.get_by_test_id("undo-go")).to_be_disabled()
    expect(panel.get_by_test_id("undo-state")).to_contain_text("Ingenting å angre")
    back = api.call("GET", f"/tournaments/{tournament}")
    assert back["players_left"] == 12
    seats = {s["player"]: s["chips"] for s in back["tables"][0]["seats"]}
    assert seats[first["player"]] == 1000 and seats[second["player"]] == 1000


@pytest.mark.clause("OQ-71", "OQ-06")
def test_OQ_71_nb_at_a_live_event_the_director_closes_the_hand_for_hand_hand(
    pages: Callable[..., Page], api: Api
) -> None:
    """Live, hand-for-hand on: two tables' counts each put one player out
    (both had 1,000); nobody is placed until the director says every table
    has finished the hand - then they share 11th."""
    tournament = api.create("nm-holdem", bots=0, mode="live", starting_stack=1000)
    for k in range(12):
        enter(api, tournament, f"Spiller {k}")
    api.start(tournament)
    api.call("POST", f"/tournaments/{tournament}/floor/hand-for-hand", {"on": True}, DIRECTOR)
    out = []
    for table in api.call("GET", f"/tournaments/{tournament}")["tables"]:
        seats = table["seats"]
        counts = {seats[0]["player"]: 0, seats[1]["player"]: 2000}
        body = {"table": table["table"], "counts": counts}
        api.call("POST", f"/tournaments/{tournament}/live/counts", body, DIRECTOR)
        out.append(seats[0]["name"])
    director = pages("nb-NO")
    open_director(director, api, tournament)
    panel = director.get_by_test_id("procedures")
    expect(panel.get_by_test_id("hfh-state")).to_have_text(
        "Hånd for hånd er på: hånd 1. Ferdig ved bord: 1, 2."
    )
    confirm(
        director,
        "hfh-played",
        "Har alle bordene spilt ferdig hånd-for-hånd-hånd 1?",
        "like store stabler deler",
        "NM-H-19, OQ-06, OQ-71",
    )
    expect(panel.get_by_test_id("procedures-answer")).to_have_text(
        "Hånd 1 er over; nå spilles hånd 2."
    )
    log = director.locator("#rulings")
    expect(log).to_contain_text("Hånd for hånd: hånd 1 ferdig ved alle bord")
    for name in out:
        expect(log).to_contain_text(re.compile(rf"{name} .*11\."))
    places = {
        r["name"]: (r["place"], r["shared"])
        for r in api.call("GET", f"/tournaments/{tournament}")["standings"]
    }
    assert [places[name] for name in out] == [(11, 2), (11, 2)]
