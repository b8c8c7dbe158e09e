"""The floor tools of issue 18 in Chromium, as the people at the table and
the director see them, in Norwegian and German: the director's misdeal,
void and dead hand on a running hand, each through its confirm step, with
the answer or the refusal beside the control and the clause; a player who
sits out, reads why and comes back; a player who calls the clock on the
player to act; a folded player who shows his cards to the table; the
prize lists of the tournament page and the clock, exactly as the server
pays them; the new controls never under an error box, nor in small print.

Tournaments of people only (no bots): every hand waits for its players,
who act here through the API, one of them on a page of his own."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tests.helpers.settled import settled, steady
from tests.test_browser import DIRECTOR, Api, api, browser, open_director, take_seat
from tests.test_browser_director_tools import LAPTOP, new_page

__all__ = ["api", "browser"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

PHONE = {"width": 390, "height": 844}
NAMES = ("Ann", "Ben", "Cat")


# ------------------------------------------------------------------ set-up


def register(api: Api, tournament: str, name: str) -> dict[str, str]:
    """An entry by the director (his are not rate-limited per address, OQ-41)."""
    path = f"/tournaments/{tournament}/register"
    return dict(api.call("POST", path, {"name": name}, DIRECTOR))


class People:
    """A started tournament of three people; Ann plays on a page."""

    def __init__(self, api: Api, profile: str, **settings: Any) -> None:
        self.api = api
        body = {"action_seconds": 300, "between_hands_s": 60, **settings}
        self.id = api.create(profile, bots=0, **body)
        self.seats = {name: register(api, self.id, name) for name in NAMES}
        api.start(self.id)
        self.hand = self.wait(lambda: self.running(), "the first hand")

    def view(self, name: str | None = None) -> dict[str, Any]:
        token = self.seats[name]["token"] if name else None
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = self.api.client.get(f"/api/tournaments/{self.id}/tables/1", headers=headers)
        answer.raise_for_status()
        return dict(answer.json())

    def running(self) -> dict[str, Any] | None:
        hand = self.view()["hand"]
        return hand if hand and hand["phase"] != "complete" and hand["actor"] is not None else None

    def seat_of(self, name: str) -> int:
        return next(s["seat"] for s in self.view()["seats"] if s["name"] == name)

    def name_at(self, seat: int) -> str:
        return next(s["name"] for s in self.view()["seats"] if s["seat"] == seat)

    def actor(self) -> str:
        hand = self.running()
        assert hand is not None, "no hand is running"
        return self.name_at(hand["actor"])

    def act(self, name: str, **body: Any) -> httpx.Response:
        token = self.seats[name]["token"]
        return self.api.client.post(
            f"/api/tournaments/{self.id}/actions",
            json=body,
            headers={"Authorization": f"Bearer {token}"},
        )

    def details(self) -> dict[str, Any]:
        return dict(self.api.call("GET", f"/tournaments/{self.id}"))

    def rulings(self, kind: str) -> list[dict[str, Any]]:
        log = self.api.call("GET", f"/tournaments/{self.id}/rulings", token=DIRECTOR)
        return [entry for entry in log if entry["type"] == kind]

    @staticmethod
    def wait(found: Callable[[], Any], what: str, seconds: float = 20) -> Any:
        deadline = time.monotonic() + seconds
        while not (value := found()):
            assert time.monotonic() < deadline, f"never came: {what}"
            time.sleep(0.1)
        return value


@pytest.fixture
def pages(browser: Browser) -> Iterator[Callable[..., Page]]:
    """Pages of their own contexts, closed after the test; any JavaScript
    error fails it."""
    opened: list[Page] = []

    def opener(locale: str, viewport: dict[str, int] = LAPTOP) -> Page:
        page = new_page(browser, locale, viewport)
        opened.append(page)
        return page

    yield opener
    errors = [e for page in opened for e in page.errors]  # type: ignore[attr-defined]
    for page in opened:
        page.context.close()
    assert not errors, f"JavaScript errors: {errors}"


def player_page(open_page: Callable[..., Page], people: People, name: str, locale: str) -> Page:
    page = open_page(locale)
    take_seat(page, people.api, people.id, people.seats[name])
    page.goto(f"{people.api.url}/t/{people.id}/play")
    expect(page.get_by_test_id("seat")).to_have_count(3)
    return page


def sit_out_now(page: Page) -> None:
    """Sit out at once: with cards in a live hand the page asks first and
    this says "now" (issue 26); without, it goes at the first tap."""
    page.get_by_test_id("sit-out").click()
    now = page.get_by_test_id("sit-out-confirm-now")
    banner = page.locator("[data-testid=away-banner]:not([hidden])")
    expect(banner.or_(now).first).to_be_visible()
    if now.is_visible():
        now.click()
    expect(page.get_by_test_id("away-banner")).to_be_visible()


def digits(text: str) -> int:
    return int(re.sub(r"\D", "", text))


def amount(chips: int) -> re.Pattern[str]:
    """A chip count as any of the three languages writes it (1 000, 1.000, 1,000)."""
    return re.compile(r"^\D*" + r"\D?".join(str(chips)) + r"\D*$")


def rule_on(director: Page, ruling: str) -> Any:
    """Table 1's controls in the seating chart; press ``ruling`` and return
    the confirm step it opens."""
    tools = director.locator("[data-testid=hand-rulings][data-table='1']")
    tools.get_by_test_id(f"rule-{ruling}").click()
    step = tools.get_by_test_id("hand-ruling-confirm")
    expect(step).to_be_visible()
    return step


# ------------------------------------------------------------------ the director


LANGUAGES = {
    # locale, profile, the words a person reads
    "nb": (
        "nb-NO",
        "nm-holdem",
        {
            "misdeal_ask": "Feilgiv ved bord 1?",
            "misdeal_log": "Feilgiv: det blir omgiv",
            "misdeal_done": "Feilgiv ved bord 1",
            "misdeal_ruling": "Feilgiv ved bord 1 (hånd 1): omgiv",
            "refused": "Feilgiv kan bare erklæres etter given og før noen har handlet",
            "dead_ask": "Erklære en hånd død ved bord 1?",
            "dead_page": "Turneringslederen har erklært hånden din død.",
            "dead_log": "Hånden til Ann er erklært død",
            "dead_seat": "død hånd",
            "dead_ruling": "Hånden til Ann erklært død ved bord 1 (hånd 1)",
            "void_ask": "Annullere given ved bord 1?",
            "void_log": "Turneringslederen annullerer given: alle innsatser går tilbake",
            "void_ruling": "Hånd 1 ved bord 1 annullert: alle innsatser tilbake",
            "no": "Avbryt",
        },
    ),
    "de": (
        "de-DE",
        "de-holdem",
        {
            "misdeal_ask": "Miss-Deal an Tisch 1?",
            "misdeal_log": "Miss-Deal: die Karten werden neu gegeben",
            "misdeal_done": "Miss-Deal an Tisch 1",
            "misdeal_ruling": "Miss-Deal an Tisch 1 (Hand 1): neu gegeben",
            "refused": "Ein Miss-Deal kann nur nach dem Geben und vor der ersten Aktion"
            " erklärt werden",
            "dead_ask": "Ein Blatt an Tisch 1 für faul erklären?",
            "dead_page": "Die Turnierleitung hat dein Blatt für faul erklärt.",
            "dead_log": "Das Blatt von Ann wird für faul erklärt",
            "dead_seat": "faules Blatt",
            "dead_ruling": "Das Blatt von Ann an Tisch 1 (Hand 1) für faul erklärt",
            "void_ask": "Die Hand an Tisch 1 annullieren?",
            "void_log": "Die Turnierleitung annulliert die Hand: alle Einsätze gehen zurück",
            "void_ruling": "Hand 1 an Tisch 1 annulliert: alle Einsätze zurück",
            "no": "Abbrechen",
        },
    ),
}
#: the clause each profile's hand ruling cites (engine/clauses.py)
CLAUSES = {
    "nm-holdem": {
        "misdeal": "NM-H-18, OQ-38, NM-D-1F",
        "void": "NM-D-1G, OQ-03, OQ-08",
        "dead_hand": "NM-D-1G, OQ-03",
    },
    "de-holdem": {
        "misdeal": "DE-MISDEAL-1, DE-MISDEAL-2, OQ-59",
        "void": "DE-DECK-5, DE-DECK-6, OQ-59",
        "dead_hand": "DE-FOUL-1, DE-FOUL-2",
    },
}


@pytest.mark.clause(
    "DE-MISDEAL-1", "DE-MISDEAL-2", "OQ-59", "NM-D-1F", "DE-DECK-5", "DE-DECK-6",
    "DE-FOUL-1", "DE-FOUL-2", "OQ-03",
)  # fmt: skip
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_director_rules_a_misdeal_a_dead_hand_and_a_void_through_the_confirm_step(
    pages: Callable[..., Page], api: Api, lang: str
) -> None:
    locale, profile, words = LANGUAGES[lang]
    clauses = CLAUSES[profile]
    people = People(api, profile)
    assert people.details()["hand_rulings"] == clauses
    ann = player_page(pages, people, "Ann", locale)
    before = {s["name"]: s["chips"] for s in people.view()["seats"]}
    director = pages(locale)
    open_director(director, api, people.id)
    answer = director.locator("[data-testid=hand-rulings][data-table='1']").get_by_test_id(
        "hand-ruling-answer"
    )
    # the penalty form's clause picker: the event's own rulebook and the OQs only
    books = {"nm-holdem": ("NM-H-", "NM-D-", "NM-PRE-", "OQ-"), "de-holdem": ("DE-", "OQ-")}
    offered = director.locator("#f-clauses option")
    expect(offered.first).to_be_attached()
    ids = offered.evaluate_all("options => options.map((o) => o.value)")
    assert ids and all(i.startswith(books[profile]) for i in ids), ids
    assert {i.split("-")[0] for i in ids} >= {"OQ", "NM" if lang == "nb" else "DE"}
    # each in the reader's words (issue 20): the rulebook's own text in its
    # language, the status translated; no English "implemented:"
    labels = offered.evaluate_all("options => options.map((o) => o.textContent)")
    own = next(label for i, label in zip(ids, labels, strict=True) if not i.startswith("OQ-"))
    status = {"nb": ("innebygd", "turneringslederens skjønn", "gjelder ikke")}
    status["de"] = ("umgesetzt", "Ermessen der Turnierleitung", "nicht anwendbar")
    assert own.startswith(status[lang]), own
    assert not any(label.startswith("implemented") for label in labels)

    # A misdeal before anyone has acted: asked first; "no" sends nothing.
    step = rule_on(director, "misdeal")
    expect(step).to_contain_text(words["misdeal_ask"])
    expect(step.get_by_test_id("hand-ruling-confirm-clause")).to_have_text(clauses["misdeal"])
    expect(step.get_by_test_id("hand-ruling-confirm-no")).to_have_text(words["no"])
    step.get_by_test_id("hand-ruling-confirm-no").click()
    expect(step).to_have_count(0)
    assert not people.rulings("hand_ruling")
    step = rule_on(director, "misdeal")
    step.get_by_test_id("hand-ruling-note").fill("kort snudd")
    step.get_by_test_id("hand-ruling-confirm-yes").click()
    expect(answer).to_contain_text(words["misdeal_done"])
    expect(answer.get_by_test_id("hand-ruling-clause")).to_have_text(clauses["misdeal"])
    # the player reads it in his hand log, in his language, with the clause
    line = ann.locator("#hand-log li[data-kind=misdeal]")
    expect(line).to_have_text(f"{words['misdeal_log']} ({clauses['misdeal']})")
    logged = director.locator("[data-testid=ruling][data-type=hand_ruling]")
    expect(logged).to_contain_text(words["misdeal_ruling"])
    expect(logged).to_contain_text(clauses["misdeal"])
    expect(logged).to_contain_text("kort snudd")

    # Someone acts: a misdeal is refused now, beside the control, with its clause.
    first = people.actor()
    assert people.act(first, action="call").status_code == 200
    rule_on(director, "misdeal").get_by_test_id("hand-ruling-confirm-yes").click()
    expect(answer).to_have_attribute("data-kind", "error")
    expect(answer.get_by_test_id("error-reason")).to_have_text(words["refused"])
    expect(answer.get_by_test_id("error-citation")).to_have_text(clauses["misdeal"])
    assert len(people.rulings("hand_ruling")) == 1

    # Ann's hand declared dead: she is picked by name, her page says why.
    step = rule_on(director, "dead_hand")
    expect(step).to_contain_text(words["dead_ask"])
    expect(step.get_by_test_id("hand-ruling-confirm-clause")).to_have_text(clauses["dead_hand"])
    step.get_by_test_id("hand-ruling-player").select_option(label=f"{people.seat_of('Ann')}. Ann")
    step.get_by_test_id("hand-ruling-confirm-yes").click()
    expect(answer).to_have_attribute("data-kind", "ok")
    expect(answer.get_by_test_id("hand-ruling-clause")).to_have_text(clauses["dead_hand"])
    expect(ann.get_by_test_id("out-of-hand")).to_contain_text(words["dead_page"])
    expect(ann.get_by_test_id("out-of-hand")).to_contain_text(clauses["dead_hand"])
    ann_plate = ann.locator(f"[data-testid=seat][data-seat='{people.seat_of('Ann')}']")
    expect(ann_plate.locator(".status")).to_have_text(words["dead_seat"])  # not "folded"
    expect(ann.locator("#hand-log li[data-kind=dead_hand]")).to_have_text(
        f"{words['dead_log']} ({clauses['dead_hand']})"
    )
    expect(director.locator("[data-testid=ruling][data-type=hand_ruling]").first).to_contain_text(
        words["dead_ruling"]
    )

    # A raise, then the void: every chip goes back, Ann's too.
    raiser = people.actor()
    legal = people.view(raiser)["hand"]["legal"]
    assert people.act(raiser, action="raise", amount=legal["min_raise_to"]).status_code == 200
    step = rule_on(director, "void")
    expect(step).to_contain_text(words["void_ask"])
    expect(step.get_by_test_id("hand-ruling-confirm-clause")).to_have_text(clauses["void"])
    step.get_by_test_id("hand-ruling-confirm-yes").click()
    expect(answer).to_have_attribute("data-kind", "ok")
    expect(ann.locator("#hand-log li[data-kind=void]")).to_have_text(
        f"{words['void_log']} ({clauses['void']})"
    )
    for name, chips in before.items():
        plate = ann.locator(f"[data-testid=seat][data-seat='{people.seat_of(name)}']")
        expect(plate.get_by_test_id("stack")).to_have_text(amount(chips))
    assert {r["player"]: r["chips"] for r in people.details()["standings"]} == {
        people.seats[name]["player"]: chips for name, chips in before.items()
    }
    expect(director.locator("[data-testid=ruling][data-type=hand_ruling]").first).to_contain_text(
        words["void_ruling"]
    )
    assert [r["ruling"] for r in people.rulings("hand_ruling")] == ["misdeal", "dead_hand", "void"]


# ------------------------------------------------------------------ the players


@pytest.mark.clause("DE-SEATED-1", "DE-SEATED-2", "DE-ABSENT-3", "DE-ABSENT-4", "OQ-45")
def test_a_player_sits_out_reads_why_and_comes_back(pages: Callable[..., Page], api: Api) -> None:
    people = People(api, "nm-holdem")
    ann = player_page(pages, people, "Ann", "nb-NO")
    banner = ann.get_by_test_id("away-banner")
    expect(banner).to_be_hidden()
    ann.get_by_test_id("sit-out").click()
    ann.get_by_test_id("sit-out-confirm-now").click()  # she holds cards: asked first
    expect(banner).to_be_visible()
    expect(ann.get_by_test_id("away-text")).to_have_text(
        "Du sitter over, slik du ba om."
        " Hendene dine er døde, men blindene dine settes fortsatt inn."
    )
    expect(ann.get_by_test_id("sit-out")).to_be_hidden()
    expect(ann.get_by_test_id("pre-actions")).to_be_hidden()  # his turn is taken for him
    assert people.view("Ann")["you"]["away"] is True
    # The others raise until Ann has to decide: she is away, her hand is folded for her.
    ann_id = people.seats["Ann"]["player"]
    for _ in range(8):
        hand = people.running()
        if hand is None or any(p["folded"] for p in hand["players"] if p["player"] == ann_id):
            break
        actor = people.name_at(hand["actor"])
        if actor == "Ann":
            time.sleep(0.2)  # the server acts for her
            continue
        legal = people.view(actor)["hand"]["legal"]
        raise_to = legal["min_raise_to"]
        body = {"action": "raise", "amount": raise_to} if raise_to else {"action": "call"}
        assert people.act(actor, **body).status_code == 200
    why = ann.get_by_test_id("out-of-hand")
    expect(why).to_have_text("Hånden din er død: du er borte fra bordet.")
    expect(ann.locator("#actions")).not_to_contain_text("Du har kastet deg")
    # the director's log says who and why (OQ-45)
    director = pages("nb-NO")
    open_director(director, api, people.id)
    away = director.locator("[data-testid=ruling][data-type=absence]")
    expect(away.first).to_contain_text("Ann sitter over (etter eget ønske)")

    ann.get_by_test_id("back").click()
    expect(banner).to_be_hidden()
    expect(ann.get_by_test_id("sit-out")).to_be_visible()
    assert people.view("Ann")["you"]["away"] is False
    director.reload()  # a summary comes after a hand; the director looks again
    expect(away.first).to_contain_text("Ann er tilbake ved bordet")


@pytest.mark.clause("DE-TIME-2", "DE-TIME-3", "OQ-63")
def test_a_second_player_calls_the_clock_and_every_page_shows_it(
    pages: Callable[..., Page], api: Api
) -> None:
    people = People(api, "de-holdem", action_seconds=300)
    actor = people.actor()
    caller = next(name for name in NAMES if name != actor)
    watcher = next(name for name in NAMES if name not in (actor, caller))
    page = player_page(pages, people, caller, "de-DE")
    other = player_page(pages, people, watcher, "nb-NO")
    button = page.get_by_test_id("call-clock")
    expect(button).to_have_text(f"Zeitlimit für {actor} verlangen")
    # the player to act has no button to call it on himself
    mine = player_page(pages, people, actor, "de-DE")
    expect(mine.get_by_test_id("call-clock")).to_be_hidden()
    button.click()
    called = page.get_by_test_id("clock-called")
    expect(called).to_contain_text(f"Zeitlimit für {actor}: 30 s")
    expect(other.get_by_test_id("clock-called")).to_contain_text(
        f"Klokken er satt på {actor}: 30 s"
    )
    left = digits(page.get_by_test_id("clock-called-left").inner_text())
    assert 0 < left <= 30, left  # "0:27": counted down from the call, not from 300 s
    plate = page.locator(f"[data-testid=seat][data-seat='{people.seat_of(actor)}']")
    expect(plate.get_by_test_id("timer")).to_have_attribute("data-called", "")
    expect(button).to_be_hidden()  # called once
    expect(other.get_by_test_id("call-clock")).to_be_hidden()
    (entry,) = people.rulings("clock_called")
    assert entry["seconds"] == 30
    director = pages("de-DE")
    open_director(director, api, people.id)
    expect(director.locator("[data-testid=ruling][data-type=clock_called]")).to_contain_text(
        f"{caller} verlangt das Zeitlimit für {actor} an Tisch 1 (Hand 1): 30 s zum Handeln"
    )


@pytest.mark.clause("DE-TIME-2", "OQ-63")
def test_the_call_clock_button_goes_once_a_call_would_give_no_less_time(
    pages: Callable[..., Page], api: Api
) -> None:
    """A 40 s clock: for its first 10 s a call cuts it to 30 s; after that
    the button goes, although no frame has come since (timer.call_until)."""
    people = People(api, "de-holdem", action_seconds=40)
    caller = next(name for name in NAMES if name != people.actor())
    page = player_page(pages, people, caller, "de-DE")
    until = people.view(caller)["timer"]["call_until"]
    assert until is not None
    if time.time() < until - 1:
        expect(page.get_by_test_id("call-clock")).to_be_visible()
    time.sleep(max(0.0, until - time.time()) + 0.6)
    expect(page.get_by_test_id("call-clock")).to_be_hidden()
    assert people.view(caller)["you"]["can_call_clock"] is False


@pytest.mark.clause("DE-HOLE-3", "DE-HOLE-4")
def test_a_folded_player_shows_his_cards_only_after_the_hand_and_to_everyone(
    pages: Callable[..., Page], api: Api
) -> None:
    """DE-HOLE-3: no cards turned up when folding, so while two players are
    still in the folded player is offered nothing to show; once the hand is
    over he shows, and every page sees the cards (DE-HOLE-4)."""
    people = People(api, "de-holdem")
    shower = people.actor()
    watcher = next(name for name in NAMES if name != shower)
    page = player_page(pages, people, shower, "de-DE")
    other = player_page(pages, people, watcher, "nb-NO")
    seat = people.seat_of(shower)
    plate = other.locator(f"[data-testid=seat][data-seat='{seat}']")
    expect(plate.get_by_test_id("card-back")).to_have_count(2)  # face down to the others
    expect(plate.get_by_test_id("card")).to_have_count(0)
    expect(page.get_by_test_id("show-cards")).to_have_count(0)  # not while in the hand
    hand_id = people.view()["hand_id"]
    assert people.act(shower, action="fold").status_code == 200
    assert people.running() is not None  # two players still in
    expect(page.get_by_test_id("fold")).to_have_count(0)  # his fold is drawn
    expect(page.get_by_test_id("show-cards")).to_have_count(0)  # nor while they play on
    expect(plate.get_by_test_id("card")).to_have_count(0)
    assert people.act(people.actor(), action="fold").status_code == 200
    assert people.view()["hand_id"] == hand_id and people.running() is None
    show = page.get_by_test_id("show-cards")
    expect(show).to_have_text("Karten zeigen")
    show.click()
    expect(show).to_have_count(0)
    mine = people.view(shower)["hand"]["players"]
    cards = next(p["cards"] for p in mine if p["seat"] == seat)
    shown = plate.get_by_test_id("card")
    expect(shown).to_have_count(2)
    for k, card in enumerate(cards):
        expect(shown.nth(k)).to_have_attribute("data-card", card)
    expect(other.locator("#hand-log li[data-kind=shown_to_all]")).to_contain_text(f"{shower} viser")


# ------------------------------------------------------------------ prizes


@pytest.mark.clause("OQ-39", "OQ-69")
def test_the_tournament_page_and_the_clock_list_only_the_places_the_server_pays(
    pages: Callable[..., Page], api: Api
) -> None:
    """Three places set, two entrants: the server pays two, the whole pool
    50:30 (OQ-69), the odd chip to first (1001 -> 626, 375)."""
    paid = api.create("de-holdem", bots=0, payout_shares=[50, 30, 20], prize_pool=1001)
    shares = api.create("de-holdem", bots=0, payout_shares=[50, 30, 20], prize_pool=0)
    for tournament in (paid, shares):
        for name in ("Ann", "Ben"):
            register(api, tournament, name)
    prizes = api.call("GET", f"/tournaments/{paid}")["prizes"]
    assert [(p["place"], p["amount"]) for p in prizes] == [(1, 626), (2, 375)]

    page = pages("de-DE")
    page.goto(f"{api.url}/t/{paid}")
    rows = page.get_by_test_id("prize")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).get_by_test_id("prize-amount")).to_have_text("626")
    expect(rows.nth(1).get_by_test_id("prize-amount")).to_have_text("375")
    expect(rows.nth(0)).to_contain_text("62,5")
    page.goto(f"{api.url}/t/{paid}/clock")
    payouts = page.get_by_test_id("clock-payout")
    expect(payouts).to_have_count(2)
    expect(payouts.nth(0)).to_contain_text("626")
    expect(payouts.nth(1)).to_contain_text("375")

    page.goto(f"{api.url}/t/{shares}/clock")  # no prize pool: the percent
    payouts = page.get_by_test_id("clock-payout")
    expect(payouts).to_have_count(2)
    expect(payouts.nth(0)).to_contain_text(re.compile(r"62,5\s?%"))
    expect(payouts.nth(1)).to_contain_text(re.compile(r"37,5\s?%"))
    page.goto(f"{api.url}/t/{shares}")
    expect(page.get_by_test_id("prize")).to_have_count(2)
    expect(page.get_by_test_id("prize-amount").first).to_have_text("–")


# ------------------------------------------------------------------ layout

# The new controls and words: where they are, what covers their middle,
# and their font size.
NEW_PARTS_JS = """(selectors) => {
    const found = [];
    for (const selector of selectors) {
        for (const el of document.querySelectorAll(selector)) {
            const r = el.getBoundingClientRect();
            if (!r.width || !r.height) continue;
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            const top = document.elementFromPoint(x, y);
            found.push({
                selector,
                box: { top: r.top, bottom: r.bottom, left: r.left, right: r.right },
                covered: !(top && (top === el || el.contains(top))),
                font: parseFloat(getComputedStyle(el).fontSize),
                height: innerHeight,
                width: innerWidth,
            });
        }
    }
    return found;
}"""
#: what a player presses: an error box never moves it (the felt, with the
#: called clock in its middle, gives the box its room)
CONTROLS = [
    "[data-testid=sit-out]",
    "[data-testid=back]",
    "[data-testid=call-clock]",
    "#actions button",
]
TABLE_PARTS = [*CONTROLS, "[data-testid=away-text]", "[data-testid=clock-called]"]


def new_parts(page: Page, selectors: list[str]) -> list[dict[str, Any]]:
    return list(page.evaluate(NEW_PARTS_JS, selectors))


def steady_parts(page: Page) -> list[dict[str, Any]]:
    """The table's parts once the page has drawn what it was drawing (a
    floating box placed again in its next frame, a frame's new panel): a
    layout read a fixed time after a change is, on a loaded machine, one
    still changing, and compared with the next it moves."""
    return list(steady(page, NEW_PARTS_JS, TABLE_PARTS))


def assert_readable_and_free(parts: list[dict[str, Any]], what: str) -> None:
    assert parts, f"{what}: nothing shown"
    small = [(p["selector"], p["font"]) for p in parts if p["font"] < 12]
    assert not small, f"{what}: text under 12 px: {small}"
    covered = [p["selector"] for p in parts if p["covered"]]
    assert not covered, f"{what}: covered: {covered}"
    off = [
        p["selector"]
        for p in parts
        if p["box"]["top"] < 0
        or p["box"]["bottom"] > p["height"] + 0.5
        or p["box"]["right"] > p["width"] + 0.5
    ]
    assert not off, f"{what}: off the screen: {off}"


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_an_error_box_neither_covers_nor_moves_the_new_controls(
    browser: Browser, api: Api, viewport: dict[str, int]
) -> None:
    """The refusal of a call of the clock on oneself, as the server words it
    (nb), arrives on the page of a player who is away and of one who may
    call the clock: the controls stay where they were, uncovered, in 12 px
    text at least."""
    people = People(api, "nm-holdem")
    actor = people.actor()
    caller = next(name for name in NAMES if name != actor)
    refusal = people.act(actor, action="call_clock")
    assert refusal.status_code == 409
    frame = {"type": "error", **refusal.json()["detail"]}
    assert people.act(caller, action="sit_out").status_code == 200
    assert people.act(caller, action="back").status_code == 200

    routes: list[WebSocketRoute] = []

    def through(route: WebSocketRoute) -> None:
        route.connect_to_server()
        routes.append(route)

    page = new_page(browser, "nb-NO", viewport)
    try:
        page.route_web_socket(re.compile(r"/ws/tournaments/"), through)
        take_seat(page, api, people.id, people.seats[caller])
        page.goto(f"{api.url}/t/{people.id}/play")
        expect(page.get_by_test_id("call-clock")).to_be_visible()
        expect(page.get_by_test_id("sit-out")).to_be_visible()
        settled(page)  # what the page loads after the table (its summary) in place
        before = steady_parts(page)
        assert_readable_and_free(before, "waiting, may call the clock")
        routes[-1].send(json.dumps(frame))
        error = page.get_by_test_id("error")
        expect(error).to_be_visible()
        expect(error.get_by_test_id("error-reason")).to_have_text(
            re.compile(r"klokken på deg selv|selv", re.I)
        )
        after = steady_parts(page)
        assert_readable_and_free(after, "with the error box")
        moved = [
            (a["selector"], a["box"], b["box"])
            for a, b in zip(before, after, strict=True)
            if a["selector"] in CONTROLS
            and any(abs(a["box"][side] - b["box"][side]) > 0.5 for side in a["box"])
        ]
        assert not moved, f"moved by the error box: {moved}"

        # Away: the banner and its button, with an error box too.
        page.get_by_test_id("call-clock").click()
        expect(page.get_by_test_id("clock-called")).to_be_visible()
        sit_out_now(page)
        before = steady_parts(page)
        assert {p["selector"] for p in before} >= {
            "[data-testid=back]",
            "[data-testid=away-text]",
            "[data-testid=clock-called]",
        }
        routes[-1].send(json.dumps(frame))
        expect(page.get_by_test_id("error")).to_be_visible()
        after = steady_parts(page)
        assert_readable_and_free(after, "away, with the error box")
        moved = [
            a["selector"]
            for a, b in zip(after, before, strict=True)
            if a["selector"] in CONTROLS
            and any(abs(a["box"][side] - b["box"][side]) > 0.5 for side in a["box"])
        ]
        assert not moved, f"moved by the error box while away: {moved}"
        width = viewport["width"]
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        page.get_by_test_id("back").click()
        expect(page.get_by_test_id("away-banner")).to_be_hidden()
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_confirm_step_sits_beside_its_table_and_fits_the_screen(
    browser: Browser, api: Api, viewport: dict[str, int]
) -> None:
    people = People(api, "de-holdem")
    page = new_page(browser, "de-DE", viewport)
    try:
        open_director(page, api, people.id)
        step = rule_on(page, "dead_hand")
        step.scroll_into_view_if_needed()
        # both read in one task of the page: a summary redraws the chart
        # (the step with it), and two reads could straddle that
        card, box = page.evaluate(
            """() => [
                "[data-testid=chart-table][data-table='1']",
                "[data-testid=hand-rulings][data-table='1'] [data-testid=hand-ruling-confirm]",
            ].map((selector) => {
                const el = document.querySelector(selector);
                const r = el && el.getBoundingClientRect();
                return r && r.width && r.height ? { y: r.top, height: r.height } : null;
            })"""
        )
        assert card and box, (card, box)
        assert card["y"] <= box["y"] and box["y"] + box["height"] <= card["y"] + card["height"] + 1
        parts = new_parts(
            page,
            [
                "[data-testid=hand-ruling-confirm] p",
                "[data-testid=hand-ruling-confirm] button",
                "[data-testid=hand-ruling-confirm] select",
                "[data-testid=hand-rulings] button",
            ],
        )
        assert not [p for p in parts if p["font"] < 12], parts
        assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
        # A summary comes (here: a warning elsewhere) and the console redraws
        # the chart while the director types his note: not a letter is lost.
        note = step.get_by_test_id("hand-ruling-note")
        note.click()
        page.keyboard.type("Karte ")
        warn = {"player": people.seats["Cat"]["player"], "clause": "DE-ETIQ-1", "note": ""}
        api.call("POST", f"/tournaments/{people.id}/floor/warn", warn, DIRECTOR)
        expect(page.locator("[data-testid=ruling][data-type=warning]")).to_have_count(1)
        page.keyboard.type("aufgedeckt")
        expect(note).to_have_value("Karte aufgedeckt")
        expect(note).to_be_focused()
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


def test_a_double_click_is_one_action_and_no_error(pages: Callable[..., Page], api: Api) -> None:
    """Issue 20: the controls lock once an action is sent, and a message
    sent again (same id) is taken once: a double click on "call" calls once
    and no "not your turn" error appears."""
    people = People(api, "nm-holdem")
    actor = people.actor()
    page = player_page(pages, people, actor, "en-GB")
    call = page.get_by_test_id("call")
    expect(call).to_be_enabled()
    before = people.running()
    assert before is not None
    call.dblclick()
    people.wait(lambda: people.view()["hand"]["actor"] != before["actor"], "the next player")
    page.wait_for_timeout(500)
    expect(page.get_by_test_id("error")).to_be_hidden()
    calls = [line for line in people.view()["hand"]["log"] if line["kind"] == "call"]
    assert len(calls) == 1, calls
