"""A real event's first night in Chromium, from the creation to the printed
results (issue 26), as a club director and his players run it, once in
German and once in Norwegian: the director's console on a 1366x768 laptop
and the player's page on a 390x844 phone in German; in Norwegian the
console on the phone and the player's page on the laptop at 200 % text.

The night, one step a test (each says where a failure is):

1. the director creates the event in his console: buy-in and fee, a
   payout unit of 50, the payout table, deals allowed, bots to fill it;
2. entries at the desk: Anna's seat link (with its code to scan) opened
   on her phone; Carl entered as not yet paid and confirmed; Dora entered
   unpaid and struck (DE-DEAL-3/4, OQ-70);
3. the start; Anna plays on her page, Carl from his seat link, the bots
   on their own; the room shows every table's street, pot and player to
   act while the director holds the tables;
4. at a break the director corrects a stack in the room: the step says
   the stack and the chips in play before and after; he undoes it, the
   console saying first what comes back (NM-D-1G, OQ-03);
5. hand-for-hand on the bubble, through the console's confirm step, until
   the paid places are reached (OQ-71);
6. a deal among the players left: the director proposes an ICM chop at a
   break, Anna agrees on her page, Carl on his, and play ends (OQ-73);
7. the results page, the player's page and the CSV: prizes that add up to
   the pool, the deal marked, the console's words in the page's language.

People act as people do: Anna by clicking once, then (like Carl) through
their seat tokens by a helper that checks or calls as a cautious player
would; the bots play on their own.
"""

from __future__ import annotations

import contextlib
import csv
import io
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from floorman.server import i18n
from tests.test_browser import (
    DIRECTOR,
    Api,
    InProcessServer,
    api,
    browser,
    open_director,
    passive_action,
    wait_for_turn,
)
from tests.test_browser_director_tools import LAPTOP, PHONE, new_page
from tests.test_browser_i18n_pages import english_only, words

__all__ = ["api", "browser"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

#: every wait for the tables: generous, the machine is shared
PLAY_SECONDS = 120
#: a wait for the field to shrink goes on while hands are dealt, up to this:
#: on a loaded machine (two workers, Chromium) a hand under hand-for-hand
#: takes seconds, and the bots need dozens to go out
FIELD_SECONDS = 720


@dataclass
class Night:
    """One night's settings, pages and what the steps found so far."""

    lang: str
    locale: str
    profile: str
    name: str
    payouts: str  # the payout table as the form takes it
    bots: int
    table_size: int
    director_viewport: dict[str, int]
    player_viewport: dict[str, int]
    large_text: bool  # the player's page at 200 % text
    id: str = ""
    tokens: dict[str, str] = field(default_factory=dict)  # Anna's and Carl's seat tokens
    players: dict[str, str] = field(default_factory=dict)  # their player ids
    step: int = 0  # the last step that passed
    director: Page | None = None
    anna: Page | None = None
    autoplay: Autoplay | None = None
    in_deal: set[str] = field(default_factory=set)  # the names in the deal made

    @property
    def paid(self) -> int:
        return len(self.payouts.split(","))

    def say(self, key: str, **values: object) -> str:
        """The catalogue's text in this night's language, as the pages fill it in."""
        text = i18n.catalogue(self.lang)[key]
        for name, value in values.items():
            text = text.replace("{" + name + "}", str(value))
        return text

    def amount(self, n: int) -> str:
        """A number as the pages write it (de 12.345, nb 12 345)."""
        return f"{n:,}".replace(",", "." if self.lang == "de" else "\u00a0")


NIGHTS = [
    Night(
        lang="de",
        locale="de-DE",
        profile="de-holdem",
        name="Freitagsturnier Köln",
        payouts="50,30,20",
        bots=5,
        table_size=4,
        director_viewport=LAPTOP,
        player_viewport=PHONE,
        large_text=False,
    ),
    Night(
        lang="nb",
        locale="nb-NO",
        profile="nm-holdem",
        name="Fredagsturnering Ålesund",
        payouts="40,25,15,12,8",  # NM-H-19: the 5 best are paid
        bots=7,
        table_size=5,
        director_viewport=PHONE,
        player_viewport=LAPTOP,
        large_text=True,
    ),
]

BUY_IN, FEE, UNIT = 1000, 100, 50


class Autoplay:
    """The people's seats played through their tokens, as a cautious
    player plays: check, else call, else show, else fold - in a thread,
    until stopped.  A seat in ``pushing`` bets or raises all it has
    whenever it may; one in ``folding`` never calls."""

    CAUTIOUS = ("check", "call", "show", "fold")
    PUSHING = ("raise", "bet", "call", "check", "show", "fold")
    FOLDING = ("check", "show", "fold")

    def __init__(self, url: str, tournament: str) -> None:
        self.client = httpx.Client(base_url=url, timeout=10)
        self.tournament = tournament
        self.tokens: set[str] = set()
        self.pushing: set[str] = set()
        self.folding: set[str] = set()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while not self.stopped.wait(0.1):
            for token in list(self.tokens):
                with contextlib.suppress(httpx.HTTPError):  # the next round tries again
                    self.act(token)

    def act(self, token: str) -> None:
        auth = {"Authorization": f"Bearer {token}"}
        base = f"/api/tournaments/{self.tournament}"
        me = self.client.get(f"{base}/me", headers=auth).json()
        if not me.get("table"):
            return
        frame = self.client.get(f"{base}/tables/{me['table']}", headers=auth).json()
        hand = frame.get("hand") or {}
        actions = hand.get("actions") or []
        style = (
            self.PUSHING
            if token in self.pushing
            else self.FOLDING
            if token in self.folding
            else self.CAUTIOUS
        )
        for choice in style:
            if choice in actions:
                body: dict[str, Any] = {"action": choice}
                if choice in ("bet", "raise"):
                    body["amount"] = hand["legal"]["max_raise_to"]
                self.client.post(f"{base}/actions", json=body, headers=auth)
                return

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(timeout=10)
        self.client.close()


@pytest.fixture(scope="module", params=NIGHTS, ids=[n.lang for n in NIGHTS])
def night(request: pytest.FixtureRequest, browser: Browser, api: Api) -> Iterator[Night]:
    chosen: Night = request.param
    chosen.director = new_page(browser, chosen.locale, chosen.director_viewport)
    chosen.anna = new_page(browser, chosen.locale, chosen.player_viewport)
    yield chosen
    if chosen.autoplay is not None:
        chosen.autoplay.stop()
    if chosen.id:  # the night is over: its bots stop loading the next night's
        server = in_process(api)
        server.kept_between_tests.discard(chosen.id)
        server.stop_tournaments(keep=server.tournament_ids() - {chosen.id})
    errors = [*chosen.director.errors, *chosen.anna.errors]  # type: ignore[attr-defined]
    for page in (chosen.director, chosen.anna):
        page.context.close()
    assert not errors, f"JavaScript errors: {errors}"


def in_process(api: Api) -> InProcessServer:
    """The module's server (test_browser's ``api`` runs it in this process)."""
    assert api.server is not None
    return api.server


def at_step(night: Night, step: int) -> tuple[Page, Page]:
    """The night's pages, once every step before ``step`` has passed."""
    assert night.step == step - 1, f"step {night.step + 1} of the night failed: see it first"
    assert night.director is not None and night.anna is not None
    return night.director, night.anna


def details(api: Api, night: Night) -> dict[str, Any]:
    return dict(api.call("GET", f"/tournaments/{night.id}"))


def wait_for(found: Callable[[], Any], what: str, seconds: float = PLAY_SECONDS) -> Any:
    deadline = time.monotonic() + seconds
    while not (value := found()):
        assert time.monotonic() < deadline, f"never came: {what}"
        time.sleep(0.2)
    return value


def hands_dealt(api: Api, night: Night) -> set[str]:
    """The hands the room shows being played now, every table's."""
    room = api.call("GET", f"/tournaments/{night.id}/room", token=DIRECTOR)
    return {t["hand"]["hand_id"] for t in room["tables"] if t["hand"] is not None}


def wait_while_dealing(api: Api, night: Night, found: Callable[[], Any], what: str) -> Any:
    """Until ``found``: failed when no new hand is dealt for PLAY_SECONDS
    (play stalled), or after FIELD_SECONDS in all.  How long the field takes
    to shrink depends on how fast the machine deals, not on a rule."""
    seen: set[str] = set()
    began = last_new = time.monotonic()
    while not (value := found()):
        now = time.monotonic()
        if not (dealt := hands_dealt(api, night)) <= seen:
            seen |= dealt
            last_new = now
        assert now - last_new < PLAY_SECONDS, (
            f"never came: {what} (no hand dealt for {PLAY_SECONDS} s)"
        )
        assert now - began < FIELD_SECONDS, (
            f"never came: {what} ({len(seen)} hands in {FIELD_SECONDS} s)"
        )
        time.sleep(0.2)
    return value


def seat_link(director: Page) -> tuple[str, str]:
    """The seat link the console shows, and its token."""
    url = director.get_by_test_id("seat-link-url").get_attribute("href")
    assert url is not None and "#seat=" in url
    return url, url.split("#seat=", 1)[1]


def confirm_procedure(director: Page, control: str, title: str) -> None:
    """A procedure of the console: its confirm step names what it does."""
    director.get_by_test_id(control).click()
    step = director.get_by_test_id("procedures-confirm")
    expect(step).to_contain_text(title)
    step.get_by_test_id("procedures-confirm-yes").click()


def call_a_break(director: Page, night: Night, minutes: int) -> None:
    """A break called now: the hands being played are played out, none is
    dealt (NM-D-1G, OQ-03, OQ-09)."""
    panel = director.get_by_test_id("procedures")
    panel.get_by_test_id("clock-minutes").fill(str(minutes))
    confirm_procedure(
        director, "clock-break", night.say("procedures.clock.break.ask", minutes=minutes)
    )
    expect(panel.get_by_test_id("procedures-answer")).to_have_text(
        night.say("procedures.clock.break.done", minutes=minutes)
    )


def no_english(page: Page, night: Night, names: list[str]) -> None:
    """No word on ``page`` that only English uses: names, links, clause
    ids (DE-BREAK-1) and hand ids left out; the lines with one, if any."""
    text = page.evaluate("() => document.body.innerText")
    text = re.sub(r"https?://\S+|\b[A-Z]{2,}(?:-[A-Z0-9]+)+\b", " ", text)
    for name in (*names, "Norsk bokmål", "Deutsch", "English", "floorman"):  # the language menu
        text = text.replace(name, " ")
    text = re.sub(r"\b(?:nm|de|phh|tda)-(?:holdem|draw|nt)\b|\b[0-9a-f]{8,}\b", " ", text)
    left = words(text) & english_only(night.lang)
    lines = [line for line in text.splitlines() if words(line) & left]
    assert not left, f"English on the {night.lang} page {page.url}: {left} in {lines}"


def between_hands(api: Api, night: Night) -> bool:
    room = api.call("GET", f"/tournaments/{night.id}/room", token=DIRECTOR)
    return all(t["hand"] is None or t["hand"]["phase"] == "complete" for t in room["tables"])


# ------------------------------------------------------------------ the night


@pytest.mark.clause("OQ-69", "OQ-34")
def test_1_the_director_creates_the_event_with_its_money(night: Night, api: Api) -> None:
    director, _ = at_step(night, 1)
    open_director(director, api)
    director.goto(f"{api.url}/director?lang={night.lang}")
    director.get_by_test_id("c-profile").select_option(night.profile)
    director.locator("#c-name").fill(night.name)
    director.locator("#c-stack").fill("300")
    director.locator("#c-table-size").fill(str(night.table_size))
    director.locator("#c-payouts").fill(night.payouts)
    director.get_by_test_id("c-buy-in").fill(str(BUY_IN))
    director.get_by_test_id("c-fee").fill(str(FEE))
    director.get_by_test_id("c-payout-unit").fill(str(UNIT))
    director.get_by_test_id("c-deals").check()
    director.get_by_test_id("c-bots").fill(str(night.bots))
    director.get_by_test_id("c-delay").fill("20")
    director.get_by_test_id("c-action-seconds").fill("300")
    director.locator("#c-between").fill("0.3")
    director.get_by_test_id("create-submit").click()
    expect(director.get_by_test_id("director-message")).to_contain_text(
        night.say("director.created", name=night.name)
    )
    (made,) = [t for t in api.call("GET", "/tournaments") if t["name"] == night.name]
    night.id = made["id"]
    # the night's steps are tests of their own: it deals on after this one
    in_process(api).kept_between_tests.add(night.id)
    state = details(api, night)
    assert (state["buy_in"], state["fee"], state["payout_unit"]) == (BUY_IN, FEE, UNIT)
    assert state["deals_allowed"] is True
    assert state["entries"] == night.bots
    night.step = 1


@pytest.mark.clause("DE-DEAL-3", "DE-DEAL-4", "OQ-70", "OQ-74")
def test_2_entries_at_the_desk_a_seat_link_on_the_phone_an_unpaid_entry_confirmed_one_struck(
    night: Night,
    api: Api,
) -> None:
    director, anna = at_step(night, 2)
    director.get_by_test_id("entry-name").fill("Anna")
    director.get_by_test_id("entry-submit").click()
    expect(director.get_by_test_id("seat-link-answer")).to_have_text(
        night.say("seats.registered", name="Anna")
    )
    expect(director.get_by_test_id("seat-link-qr").locator("svg path")).to_have_count(1)
    url, night.tokens["Anna"] = seat_link(director)
    anna.goto(url)  # scanned at the desk: her seat on her phone
    expect(anna.get_by_test_id("connection")).to_have_attribute("data-state", "online")
    if night.large_text:
        anna.evaluate("() => { document.documentElement.style.fontSize = '200%'; }")

    for name in ("Carl", "Dora"):  # not paid yet (DE-DEAL-3)
        director.get_by_test_id("entry-name").fill(name)
        director.get_by_test_id("entry-unconfirmed").check()
        director.get_by_test_id("entry-submit").click()
        expect(director.get_by_test_id("seat-link-answer")).to_have_text(
            night.say("seats.registered", name=name)
        )
        if name == "Carl":
            _, night.tokens["Carl"] = seat_link(director)
    expect(director.get_by_test_id("unconfirmed-entry")).to_have_count(2)
    players = {r["name"]: r["player"] for r in details(api, night)["standings"]}
    night.players = {name: players[name] for name in ("Anna", "Carl")}

    # Carl pays: confirmed.  Dora does not come: struck before the draw.
    carl = director.locator(f"[data-testid=unconfirmed-entry][data-player='{players['Carl']}']")
    carl.get_by_test_id("confirm-entry").click()
    expect(director.get_by_test_id("unconfirmed-entry")).to_have_count(1)
    dora = director.locator(f"[data-testid=entry][data-player='{players['Dora']}']")
    dora.get_by_test_id("unregister").click()
    step = director.get_by_test_id("unregister-confirm")
    expect(step).to_contain_text(night.say("director.unregister.ask", name="Dora"))
    step.get_by_test_id("unregister-confirm-yes").click()
    expect(director.get_by_test_id("unconfirmed-entry")).to_have_count(0)
    expect(director.locator(f"[data-testid=entry][data-player='{players['Dora']}']")).to_have_count(
        0
    )
    state = details(api, night)
    assert state["entries"] == state["paid_entries"] == night.bots + 2
    assert state["prize_pool"] == (night.bots + 2) * BUY_IN
    night.step = 2


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_3_the_start_hands_played_and_the_room_with_every_tables_street_pot_and_player_to_act(
    night: Night,
    api: Api,
) -> None:
    director, anna = at_step(night, 3)
    night.autoplay = Autoplay(api.url, night.id)
    night.autoplay.tokens.add(night.tokens["Carl"])
    # the night's set-up, through the API: the people's stacks out of the
    # bots' reach (a bot doubling up from 300 to a million is next to
    # impossible), so that the bots go out first and the people see the deal
    for name in ("Anna", "Carl"):
        note = "Startstapel" if night.lang == "nb" else "Startstack"
        body = {"player": night.players[name], "chips": 1_000_000, "note": note}
        api.call("POST", f"/tournaments/{night.id}/override/chips", body, DIRECTOR)

    director.get_by_test_id("start").click()
    director.get_by_test_id("start-confirm-yes").click()
    expect(director.get_by_test_id("t-status")).to_have_text(
        night.say("common.status.running"), timeout=20_000
    )
    # Anna plays a hand by clicking on her phone, then hands her seat on
    wait_for_turn(anna, PLAY_SECONDS * 1000)
    passive_action(anna)
    night.autoplay.tokens.add(night.tokens["Anna"])

    # the director holds the tables: the room shows each where it stands
    director.get_by_test_id("pause").click()
    expect(director.get_by_test_id("t-status")).to_have_text(night.say("common.status.paused"))
    room_page = director.context.new_page()
    room_page.goto(f"{api.url}/t/{night.id}/room?lang={night.lang}")
    room = api.call("GET", f"/tournaments/{night.id}/room", token=DIRECTOR)
    cards = room_page.get_by_test_id("room-table")
    expect(cards).to_have_count(len(room["tables"]))
    assert len(room["tables"]) >= 2
    for k, table in enumerate(room["tables"]):
        card = cards.nth(k)
        hand = table["hand"]
        if hand is None or hand["phase"] == "complete":
            continue
        expect(card.get_by_test_id("room-pot")).to_have_text(
            night.say("table.pot", amount=night.amount(hand["pot"]))
        )
        expect(card.get_by_test_id("room-street")).not_to_be_empty()
        if hand["actor"] is not None:
            actor = next(s["name"] for s in table["seats"] if s["seat"] == hand["actor"])
            expect(card.get_by_test_id("room-actor")).to_have_text(
                night.say("console.to_act", name=actor)
            )
    no_english(room_page, night, [night.name, "Anna", "Carl", "Bot", "Pot"])
    room_page.close()
    director.get_by_test_id("resume").click()
    expect(director.get_by_test_id("t-status")).to_have_text(night.say("common.status.running"))
    night.step = 3


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_4_at_a_break_a_chip_correction_asks_first_with_the_total_and_is_undone(
    night: Night,
    api: Api,
) -> None:
    director, _ = at_step(night, 4)
    call_a_break(director, night, 10)
    wait_for(lambda: between_hands(api, night), "the hands played out at the break")
    room_page = director.context.new_page()
    room_page.goto(f"{api.url}/t/{night.id}/room?lang={night.lang}")
    room = api.call("GET", f"/tournaments/{night.id}/room", token=DIRECTOR)
    in_play = room["chips_in_play"]
    bot = next(s for t in room["tables"] for s in t["seats"] if s["bot"])
    row = room_page.locator(f"[data-testid=room-seat][data-player='{bot['player']}']")
    row.get_by_test_id("room-player").click()
    row.get_by_test_id("tool-chips").click()
    step = row.get_by_test_id("ruling-confirm")
    step.get_by_test_id("tool-chips").fill("12345")
    what = night.say("console.what.chips", name=bot["name"])
    what = what.replace("{from}", night.amount(bot["chips"])).replace("{to}", night.amount(12_345))
    total = night.say("console.what.in_play")
    total = total.replace("{from}", night.amount(in_play))
    total = total.replace("{to}", night.amount(in_play - bot["chips"] + 12_345))
    expect(step.get_by_test_id("ruling-what")).to_have_text(f"{what}; {total}")
    assert api.call("GET", f"/tournaments/{night.id}/room", token=DIRECTOR)["chips_in_play"] == (
        in_play
    )  # the first click changed nothing
    step.get_by_test_id("tool-note").fill("12345")
    step.get_by_test_id("ruling-confirm-yes").click()
    # the answer first: a refusal (with its clause) says why the chips stay
    done = night.say("console.done.chips", name=bot["name"])
    expect(row.get_by_test_id("tool-answer")).to_have_text(done)
    expect(row.get_by_test_id("room-chips")).to_have_text(night.amount(12_345))
    room_page.close()

    # the console says what Undo brings back before it asks
    panel = director.get_by_test_id("procedures")
    last = night.say("procedures.undo.last.chips", who=bot["name"])
    expect(panel.get_by_test_id("undo-state")).to_have_text(
        last.replace("{chips}", night.amount(12_345))
    )
    panel.get_by_test_id("undo-go").click()
    confirm = director.get_by_test_id("procedures-confirm")
    back = night.say("night.undo.back.chips", who=bot["name"])
    back = back.replace("{chips}", night.amount(12_345))
    expect(confirm).to_contain_text(back.replace("{before}", night.amount(bot["chips"])))
    confirm.get_by_test_id("procedures-confirm-yes").click()
    expect(panel.get_by_test_id("procedures-answer")).to_have_text(
        night.say("procedures.undo.done")
    )
    room = api.call("GET", f"/tournaments/{night.id}/room", token=DIRECTOR)
    assert room["chips_in_play"] == in_play
    director.get_by_test_id("resume").click()  # the break ends early
    night.step = 4


@pytest.mark.clause("OQ-71", "OQ-06")
@pytest.mark.timeout(2 * FIELD_SECONDS)
def test_5_hand_for_hand_on_the_bubble_until_the_places_are_paid(
    night: Night,
    api: Api,
) -> None:
    director, _ = at_step(night, 5)
    panel = director.get_by_test_id("procedures")
    # near the bubble: one player more than the places paid, or two
    wait_while_dealing(
        api,
        night,
        lambda: details(api, night)["players_left"] <= night.paid + 2,
        "the field down to the bubble",
    )
    confirm_procedure(director, "hfh-toggle", night.say("procedures.hfh.on.ask"))
    expect(panel).to_have_attribute("data-hand-for-hand", "true", timeout=20_000)
    clock = director.context.new_page()
    clock.goto(f"{api.url}/t/{night.id}/clock?lang={night.lang}")
    expect(clock.get_by_test_id("clock-procedures")).to_contain_text(
        re.compile(re.escape(night.say("procedures.clock_page.hand_for_hand", hand="")) + r"\d+")
    )
    clock.close()
    # the bubble burst by play, not by luck: bots that Anna and Carl merely
    # called grew on their million and a bust could take hundreds of hands
    # (a clean run waited 720 s); now Anna puts her stack in whenever she may
    # and a bot calls an all-in with nearly any hand at that price, while
    # Carl folds to every bet, so the two of them never meet all in
    assert night.autoplay is not None
    night.autoplay.pushing.add(night.tokens["Anna"])
    night.autoplay.folding.add(night.tokens["Carl"])
    wait_while_dealing(
        api,
        night,
        lambda: details(api, night)["players_left"] <= night.paid,
        "the bubble burst under hand-for-hand",
    )
    night.autoplay.pushing.clear()
    night.autoplay.folding.clear()
    state = details(api, night)
    out = [r for r in state["standings"] if r["place"] is not None]
    # nobody out under hand-for-hand is paid for a place below the money
    assert all(r["prize"] == 0 for r in out if r["place"] > night.paid)
    confirm_procedure(director, "hfh-toggle", night.say("procedures.hfh.off.ask"))
    # online a table is nearly always in its hand: it ends when all have finished it
    ending = night.say("night.hfh.off.ending").split("{hand}")
    expect(panel.get_by_test_id("procedures-answer")).to_have_text(
        re.compile(
            f"^(?:{re.escape(night.say('procedures.hfh.off.done'))}"
            f"|{re.escape(ending[0])}\\d+{re.escape(ending[1])})$"
        )
    )
    expect(panel).to_have_attribute("data-hand-for-hand", "false", timeout=20_000)
    night.step = 5


@pytest.mark.clause("OQ-73", "OQ-34")
def test_6_a_deal_among_the_players_left_each_agreeing(night: Night, api: Api) -> None:
    director, anna = at_step(night, 6)
    assert night.autoplay is not None
    call_a_break(director, night, 15)
    wait_for(lambda: between_hands(api, night), "the hands played out before the deal")
    night.autoplay.tokens.discard(night.tokens["Anna"])  # she answers the deal herself
    section = director.get_by_test_id("deal-section")
    expect(section).to_be_visible()
    director.get_by_test_id("deal-icm").click()
    method = night.say("deals.method.icm")
    expect(director.get_by_test_id("deal-state")).to_contain_text(method)
    deal = details(api, night)["deal"]
    assert deal["state"] == "proposed"
    in_deal = {p["name"] for p in deal["players"]}
    left = len(in_deal)
    assert "Anna" in in_deal, f"Anna is out before the deal: {in_deal}"
    offer = anna.get_by_test_id("deal-offer")
    expect(offer).to_be_visible(timeout=20_000)
    anna.get_by_test_id("deal-agree").click()
    if "Carl" in in_deal:  # from his own seat, as Anna from hers
        carl = {"Authorization": f"Bearer {night.tokens['Carl']}"}
        answer = api.client.post(
            f"/api/tournaments/{night.id}/deal/answer",
            json={"player": night.players["Carl"], "agree": True},
            headers=carl,
        )
        assert answer.is_success, answer.text
    night.in_deal = in_deal
    state = wait_for(
        lambda: (d := details(api, night))["status"] == "finished" and d,
        f"the deal of {left} players made",
        seconds=30,
    )
    assert state["deal"]["state"] == "made"
    made = night.say("deals.event.deal_made").split(":")[0]  # "Deal geschlossen", "Avtale inngått"
    expect(director.get_by_test_id("rulings")).to_contain_text(f"{made}: {method}")
    night.step = 6


@pytest.mark.clause("OQ-69", "OQ-73")
def test_7_the_results_and_the_players_page_show_prizes_adding_up_to_the_pool(
    night: Night,
    api: Api,
) -> None:
    director, anna = at_step(night, 7)
    state = details(api, night)
    pool = state["prize_pool"]
    assert pool == (night.bots + 2) * BUY_IN
    prizes = {r["name"]: r["prize"] for r in state["standings"]}
    assert sum(prizes.values()) == pool
    # prizes below 1st in whole 50s (OQ-69); a deal's shares in whole units (OQ-73)
    sheet = api.call("GET", f"/tournaments/{night.id}/results")
    assert all(r["prize"] % UNIT == 0 for r in sheet["rows"] if r["place"] != 1 and not r["deal"])
    assert sum(r["prize"] for r in sheet["rows"] if r["deal"]) == sheet["deal"]["prize_money"]

    results = director.context.new_page()
    results.goto(f"{api.url}/t/{night.id}/results?lang={night.lang}")
    expect(results.get_by_test_id("results-deal")).to_be_visible()
    shown = results.get_by_test_id("result-prize")
    expect(shown).to_have_count(len(state["standings"]))
    total = sum(
        int(re.sub(r"\D", "", re.sub(r"\(.*\)", "", text)) or 0) for text in shown.all_inner_texts()
    )
    assert total == pool
    names = [night.name, *prizes]
    no_english(results, night, names)

    # the CSV, downloaded from the console as the director does
    with director.expect_download() as download:
        director.get_by_test_id("results-csv").click()
    data = download.value.path().read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte order mark
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][-1] == night.say("night.results_deal")
    assert sum(int(r[2]) for r in rows[1:]) == pool
    dealt = {r[1] for r in rows[1:] if r[-1]}
    assert dealt == night.in_deal
    assert download.value.suggested_filename.endswith(".csv")

    # Anna's page: her prize, with the way to the results
    anna_prize = prizes["Anna"]
    expect(anna.get_by_test_id("notice")).to_contain_text(night.amount(anna_prize))
    no_english(director, night, names)
    no_english(anna, night, names)
    night.step = 7
