"""The browser client, driven through Debian's Chromium by Playwright.

Each test plays against bots on a server started here (uvicorn in a thread,
SQLite in a temporary directory): registering in the lobby, hold'em by
clicking, the draw with its face-down cards and the Look button, the
director pausing the clock, a spectator who sees no hole cards, and a
dropped connection that comes back to the same seat.

``scripts/screenshots.py`` uses the same set-up for the pictures in docs/.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from playwright.sync_api import Browser, Page, Playwright, WebSocketRoute, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from floorman.server.app import create_app
from tests.helpers.server import bound_socket

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DIRECTOR = "dtok"
# Bots act at once; the human has all the time he needs.
QUICK = {"action_delay_ms": 20, "action_seconds": 300, "between_hands_s": 0.3}
DECISIONS = 80  # at most, for what a test waits to happen at the table
# enabled: the controls of an action sent and not yet answered stay on the
# page, locked, until the answer's frame draws them anew
TURN = ", ".join(f"#actions [data-testid={b}]:enabled" for b in ("check", "call", "bet-raise"))


# ------------------------------------------------------------------ set-up


class Api:
    """The HTTP API of a running server, for what the tests set up directly."""

    def __init__(self, url: str, server: InProcessServer | None = None) -> None:
        self.url = url
        self.client = httpx.Client(base_url=url, timeout=10)
        #: the server in this process, when it is (running_server's)
        self.server = server

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.client.request(method, f"/api{path}", json=body, headers=headers)
        # the server's reason (and clause) in the failure, not only the status
        assert response.is_success, f"{method} {path}: {response.status_code} {response.text}"
        return response.json()

    def create(self, profile: str, bots: int, **settings: Any) -> str:
        body = {"profile": profile, "bots": bots, **QUICK, **settings}
        return str(self.call("POST", "/tournaments", body, DIRECTOR)["id"])

    def register(self, tournament: str, name: str) -> dict[str, str]:
        return dict(self.call("POST", f"/tournaments/{tournament}/register", {"name": name}))

    def start(self, tournament: str) -> None:
        self.call("POST", f"/tournaments/{tournament}/start", {}, DIRECTOR)


class InProcessServer:
    """The app and event loop of a server :func:`running_server` runs in a
    thread, so a test's set-up can reach its tournaments directly."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.loop: asyncio.AbstractEventLoop | None = None
        #: tournaments a module's tests play one after another (the first
        #: night's steps): made in one test, they must go on dealing after
        #: it, and the module stops them itself (:meth:`stop_tournaments`)
        self.kept_between_tests: set[str] = set()

    def tournament_ids(self) -> set[str]:
        return set(self.app.state.floor.tournaments)

    def stop_tournaments(self, keep: set[str]) -> None:
        """Stop dealing at every tournament but ``keep``: a module shares
        one server, and bots still playing a finished test's tournaments
        flat out would slow (and time out) the tests after it."""
        floor = self.app.state.floor

        async def stop() -> None:
            for tournament_id, service in list(floor.tournaments.items()):
                if tournament_id not in keep:
                    await service.shutdown()

        assert self.loop is not None
        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(30)


@contextlib.contextmanager
def running_server(data_dir: Path) -> Iterator[Api]:
    """floorman on a free port, in a thread, until the block ends (the
    socket bound here and handed over: no other process can take the port
    between choosing it and serving on it)."""
    app = create_app(f"sqlite:///{data_dir / 'floorman.sqlite3'}", DIRECTOR)
    sock = bound_socket()
    port = int(sock.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    in_process = InProcessServer(app)

    async def serve() -> None:
        in_process.loop = asyncio.get_running_loop()
        await server.serve(sockets=[sock])

    thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the floorman server did not start")
        time.sleep(0.05)
    api = Api(f"http://127.0.0.1:{port}", in_process)
    try:
        yield api
    finally:
        api.client.close()
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def launch_chromium(playwright: Playwright) -> Browser:
    """Debian's Chromium; a missing one is an error, never a skip."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests need Debian's Chromium "
            "(apt-get install chromium, or `make browser-deps`)",
            pytrace=False,
        )
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS
    )


def take_seat(page: Page, api: Api, tournament: str, seat: dict[str, str]) -> None:
    """Keep a seat in this browser, as the lobby does after registering."""
    key = f"floorman.seat.{tournament}"
    page.goto(api.url + "/static/favicon.svg")
    page.evaluate("([key, seat]) => localStorage.setItem(key, JSON.stringify(seat))", [key, seat])


# ------------------------------------------------------------------ playing


def wait_for_turn(page: Page, timeout_ms: float | None = None) -> None:
    """Wait until the player may act; a turn that never comes fails with
    what the page shows (the connection, the notice, the seats and the hand
    log), so that a rare failure says why instead of only "timeout"."""
    try:
        page.wait_for_selector(TURN, timeout=timeout_ms)
    except PlaywrightTimeoutError:
        shown = page.locator("body").inner_text()
        pytest.fail(f"no turn came at {page.url}; the page shows:\n{shown}", pytrace=False)


def hands_played(page: Page) -> int:
    return page.locator("#hands li").count()


def click_and_wait(page: Page, testid: str) -> None:
    """Click a button of the action panel and wait until the panel changed."""
    button = page.locator("#actions").get_by_test_id(testid).element_handle()
    assert button is not None
    button.click()
    if testid == "fold" and page.get_by_test_id("fold-confirm").count():
        # checking was free: the page asks before a fold, and the test means it
        page.get_by_test_id("fold-confirm-yes").click()
    button.wait_for_element_state("hidden")  # rebuilt: the action was taken


def passive_action(page: Page) -> str:
    """Check, or call unless it costs every chip, or fold."""
    actions = page.locator("#actions")
    if actions.get_by_test_id("check").count():
        choice = "check"
    elif actions.get_by_test_id("call").count() and "all-in" not in (
        actions.get_by_test_id("call").inner_text()
    ):
        choice = "call"
    else:
        choice = "fold"
    click_and_wait(page, choice)
    return choice


def bet_with_amount(page: Page) -> int:
    """Type an amount a little above the minimum and bet or raise it."""
    amount = page.get_by_test_id("amount")
    low, high = int(amount.get_attribute("min") or 0), int(amount.get_attribute("max") or 0)
    value = min(high, low + max(1, (high - low) // 20))
    amount.fill(str(value))
    expect(page.get_by_test_id("amount-slider")).to_have_value(str(value))
    expect(page.get_by_test_id("bet-raise")).to_contain_text(f"{value:,}")
    click_and_wait(page, "bet-raise")
    return value


def tables(api: Api, tournament: str) -> list[dict[str, Any]]:
    return list(api.call("GET", f"/tournaments/{tournament}")["tables"])


def round_label(page: Page) -> str:
    return page.locator(".center .stakes").inner_text()


def finish_hand(page: Page, hands_before: int) -> None:
    """Keep acting passively until a hand more than ``hands_before`` is over."""
    while hands_played(page) <= hands_before:
        page.wait_for_function(
            "([n, turn]) => document.querySelectorAll('#hands li').length > n"
            " || document.querySelector(turn) !== null",
            arg=[hands_before, TURN],
            timeout=30_000,
        )
        if hands_played(page) <= hands_before:
            passive_action(page)


def open_director(page: Page, api: Api, tournament: str | None = None) -> None:
    """The director's console (on ``tournament`` if given), signed in."""
    page.goto(f"{api.url}/director" + (f"?t={tournament}" if tournament else ""))
    page.get_by_test_id("director-token").fill(DIRECTOR)
    page.get_by_test_id("token-save").click()
    # the console checks the token with the server before it keeps it
    try:
        page.wait_for_function(
            f"() => localStorage.getItem('floorman.director') === '{DIRECTOR}'", timeout=30_000
        )
    except PlaywrightTimeoutError:
        # what the console said (a refusal, no answer) is the case to reproduce
        said = page.get_by_test_id("director-message").inner_text()
        typed = page.get_by_test_id("director-token").input_value()
        pytest.fail(
            f"the console kept no token in 30 s; it says {said!r}, the field holds {typed!r}",
            pytrace=False,
        )
    if tournament:
        # its forms read the loaded tournament (a level set says "from 1"):
        # a click before it arrived would find none
        expect(page.get_by_test_id("t-status")).to_be_visible()


def live_tournament_at_the_director(page: Page, api: Api) -> str:
    """A started live nm-holdem tournament of 12 people (no bots at a live
    table) on two tables, open in the director's console."""
    tournament = api.create("nm-holdem", bots=0, mode="live")
    for k in range(12):
        api.register(tournament, f"Live {k}")
    api.start(tournament)
    open_director(page, api, tournament)
    expect(page.get_by_test_id("chart-table")).to_have_count(2)
    return tournament


# ------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    with running_server(tmp_path_factory.mktemp("floorman-browser")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


def open_page(
    browser: Browser,
    locale: str | None = None,
    width: int = 1280,
    height: int = 900,
    timezone_id: str | None = None,
) -> Iterator[Page]:
    """A page in a context of its own; any JavaScript error fails the test."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale=locale, timezone_id=timezone_id
    )
    context.set_default_timeout(20_000)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    yield from open_page(browser)


# ------------------------------------------------------------------ tests


def test_register_in_the_lobby_and_play_holdem_by_clicking(page: Page, api: Api) -> None:
    # deep: Ann raises and calls, and 100 antes could end her tournament
    # before everything was tried (no turn of hers would come again)
    tournament = api.create("nm-holdem", bots=4, name="Lobby test", starting_stack=1_000_000)
    page.goto(api.url + "/")
    row = page.locator(f"[data-testid=tournament-row][data-id='{tournament}']")
    expect(row).to_contain_text("nm-holdem")
    expect(row.get_by_test_id("status")).to_have_text("registering")
    page.get_by_test_id("register-tournament").select_option(tournament)
    page.get_by_test_id("register-name").fill("Ann")
    page.get_by_test_id("register-submit").click()
    page.wait_for_url(f"**/t/{tournament}/play")
    stored = page.evaluate(f"JSON.parse(localStorage.getItem('floorman.seat.{tournament}'))")
    assert set(stored) >= {"player", "token"}
    assert stored["seat_link"] == f"/t/{tournament}/play#seat={stored['token']}"
    api.start(tournament)

    expect(page.locator(".seat.hero")).to_contain_text("Ann")
    done: list[str] = []
    for _ in range(DECISIONS):
        if {"raise", "double click", "propose"} <= set(done):
            break
        wait_for_turn(page)
        before = hands_played(page)
        expect(page.locator("#hero-cards [data-testid=card]")).to_have_count(2)
        expect(page.locator(".seat.hero .timer")).to_be_visible()
        if "propose" not in done and page.get_by_test_id("propose-checkdown").count():
            board = page.get_by_test_id("board").locator("[data-testid=card]").count()
            click_and_wait(page, "propose-checkdown")  # NM-H-13: after the flop, no bet yet
            # The bots answer at once (they agree unless they would bet): the
            # vote is still open, or it passed and the next card came, or it
            # failed and the hand goes on; never an error.
            page.wait_for_function(
                """([board, hands]) =>
                    document.querySelector('[data-testid=checkdown-status]') !== null
                    || document.querySelectorAll('[data-testid=board] [data-testid=card]').length
                       > board
                    || document.querySelectorAll('#hands li').length > hands
                    || document.querySelector('#actions [data-testid=propose-checkdown]')
                       === null""",
                arg=[board, before],
            )
            expect(page.get_by_test_id("error-clause")).to_have_count(0)
            done.append("propose")
        elif "raise" not in done and page.get_by_test_id("bet-raise").count():
            expect(page.get_by_test_id("limit")).to_contain_text("No limit")
            bet_with_amount(page)
            done.append("raise")
        elif "double click" not in done and page.get_by_test_id("check").count():
            # Issue 20: the first click locks the controls, so the second
            # sends nothing; no "not your turn" error frightens the player.
            # found and clicked in one task of the page: no redraw between
            locked = page.evaluate(
                """() => {
                    const button = document.querySelector('#actions [data-testid=check]');
                    button.dataset.clicked = '';
                    button.click();
                    const locked = button.disabled;
                    button.click();
                    return locked;
                }"""
            )
            assert locked, "the first click left the controls open for a second action"
            # the answer drew the panel anew
            page.locator("#actions [data-clicked]").wait_for(state="detached")
            expect(page.get_by_test_id("error-clause")).to_have_count(0)
            done.append("double click")
        else:
            done.append(passive_action(page))
    else:
        pytest.fail(f"not everything was tried in {DECISIONS} decisions: {done}")
    finish_hand(page, before)
    expect(page.get_by_test_id("connection")).to_have_text("online")


def test_the_draw_cards_stay_face_down_until_look(page: Page, api: Api) -> None:
    tournament = api.create("nm-draw", bots=3, name="Draw test")
    seat = api.register(tournament, "Ann")
    take_seat(page, api, tournament, seat)
    api.start(tournament)
    page.goto(f"{api.url}/t/{tournament}/play")

    steps: set[str] = set()
    hands_at_start = hands_played(page)
    for _ in range(DECISIONS):
        if steps == {"draw", "look", "seen"}:
            break
        if hands_played(page) != hands_at_start:  # a new hand: try again
            steps.clear()
            hands_at_start = hands_played(page)
        # His turn to draw or to bet (Look is offered before, but pressed then).
        page.wait_for_selector("#actions [data-testid=fold], #actions [data-testid=draw]")
        if page.get_by_test_id("draw").count():
            expect(page.get_by_test_id("draw")).to_have_text("Stand pat (draw 0)")
            cards = page.locator("#hero-cards button.card")
            cards.nth(0).click()
            cards.nth(1).click()
            expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")
            expect(page.get_by_test_id("draw")).to_have_text("Draw 2")
            click_and_wait(page, "draw")
            steps.add("draw")
        elif page.get_by_test_id("look").count():
            expect(page.locator("#hero-cards [data-testid=card-back]")).to_have_count(2)
            click_and_wait(page, "look")
            expect(page.locator("#hero-cards [data-testid=card-back]")).to_have_count(0)
            expect(page.locator("#hero-cards [data-testid=card]")).to_have_count(5)
            steps.add("look")
        else:
            if page.get_by_test_id("limit").count():
                expect(page.get_by_test_id("limit")).to_contain_text("Half-pot limit")
            acting_seen = "look" in steps and "seen round" in round_label(page)
            if passive_action(page) != "fold" and acting_seen:
                steps.add("seen")
    else:
        pytest.fail(f"no draw, look and seen action in one hand in {DECISIONS} decisions")
    finish_hand(page, hands_at_start)

    page.locator("#hands li a").first.click()
    page.wait_for_url("**/hands/**")
    # the title names the table and the hand, not the hand's long id
    expect(page.locator("#title")).to_have_text(re.compile(r"^Hand \d+ · table \d+$"))
    expect(page.get_by_test_id("counter")).to_contain_text("step 1 of")
    page.get_by_test_id("next").click()
    expect(page.get_by_test_id("counter")).to_contain_text("step 2 of")
    expect(page.locator("#events")).to_contain_text("looks at the cards")


def test_a_spectator_sees_no_hole_cards(page: Page, api: Api) -> None:
    tournament = api.create("nm-holdem", bots=4)
    seat = api.register(tournament, "Ann")
    api.start(tournament)
    me = api.call("GET", f"/tournaments/{tournament}/me", token=seat["token"])
    page.goto(f"{api.url}/t/{tournament}/table/{me['table']}")
    ann = page.locator(f"[data-testid=seat][data-seat='{me['seat']}']")
    # Ann does not act, so the hand waits for her: she holds two cards.
    expect(ann.locator(".timer")).to_be_visible()
    expect(ann.get_by_test_id("card-back")).to_have_count(2)
    expect(page.locator("[data-testid=seat] [data-testid=card]")).to_have_count(0)
    expect(page.locator("#hero")).to_be_hidden()
    expect(page.get_by_test_id("notice")).to_contain_text("spectator")

    take_seat(page, api, tournament, seat)
    page.goto(f"{api.url}/t/{tournament}/play")
    expect(page.locator(".seat.hero [data-testid=card]")).to_have_count(2)
    expect(page.locator("#hero-cards [data-testid=card]")).to_have_count(2)


def test_a_dropped_connection_comes_back_to_the_same_seat(page: Page, api: Api) -> None:
    tournament = api.create("nm-holdem", bots=4)
    seat = api.register(tournament, "Ann")
    take_seat(page, api, tournament, seat)
    api.start(tournament)
    sockets: list[WebSocketRoute] = []

    def through(route: WebSocketRoute) -> None:
        route.connect_to_server()
        sockets.append(route)

    page.route_web_socket(re.compile(r"/ws/tournaments/"), through)
    page.goto(f"{api.url}/t/{tournament}/play")
    wait_for_turn(page)
    hole = page.locator("#hero-cards [data-testid=card]")
    cards = hole.evaluate_all("cards => cards.map((card) => card.dataset.card)")
    # a drop, not a restart: close code 1012 means "server restarting" and
    # the page says so instead (test_browser_restart)
    sockets[-1].close(code=1011, reason="dropped")
    expect(page.get_by_test_id("connection")).to_contain_text("reconnecting")
    expect(page.get_by_test_id("connection")).to_have_text("online")
    assert len(sockets) == 2
    for k, card in enumerate(cards):
        expect(hole.nth(k)).to_have_attribute("data-card", card)
    passive_action(page)


def test_the_player_follows_his_seat_to_another_table(page: Page, api: Api) -> None:
    tournament = api.create("nm-holdem", bots=9, table_size=6, action_delay_ms=0, between_hands_s=3)
    seat = api.register(tournament, "Ann")
    take_seat(page, api, tournament, seat)
    api.start(tournament)
    page.goto(f"{api.url}/t/{tournament}/play")
    wait_for_turn(page)
    click_and_wait(page, "fold")
    me = api.call("GET", f"/tournaments/{tournament}/me", token=seat["token"])
    # Players move between hands (NM-D-1G, OQ-03): wait for the end of this one.
    deadline = time.monotonic() + 10
    while any(t["in_hand"] for t in tables(api, tournament) if t["table"] == me["table"]):
        assert time.monotonic() < deadline, "the hand did not end"
        time.sleep(0.05)
    other = next(t for t in tables(api, tournament) if t["table"] != me["table"])
    free = min(set(range(1, 7)) - {s["seat"] for s in other["seats"]})
    move = {"player": seat["player"], "table": other["table"], "seat": free, "note": "balancing"}
    api.call("POST", f"/tournaments/{tournament}/override/seat", move, DIRECTOR)
    expect(page.locator("#title")).to_have_text(f"Table {other['table']}")
    expect(page.get_by_test_id("notice")).to_contain_text(f"moved to table {other['table']}")
    expect(page.locator(".seat.hero")).to_contain_text("Ann")


def test_the_director_pauses_the_clock_and_the_tables(page: Page, api: Api) -> None:
    open_director(page, api)
    page.get_by_test_id("c-bots").fill("7")
    page.get_by_test_id("c-delay").fill("20")
    page.get_by_test_id("c-level-minutes").fill("15")
    page.get_by_test_id("create-submit").click()
    expect(page.get_by_test_id("director-message")).to_contain_text("Created tournament")
    page.get_by_test_id("start").click()
    page.get_by_test_id("start-confirm-yes").click()
    expect(page.get_by_test_id("t-status")).to_have_text("running")
    expect(page.get_by_test_id("chart-seat").first).to_be_visible()
    assert 2 <= page.get_by_test_id("chart-seat").count() <= 7  # bots may bust at once
    tournament = page.get_by_test_id("pick").input_value()

    clock = page.context.new_page()
    clock.goto(f"{api.url}/t/{tournament}/clock")
    expect(clock.get_by_test_id("clock-stakes")).to_contain_text("10 / 20")
    expect(clock.get_by_test_id("clock-time")).to_have_text(re.compile(r"1[45]:\d\d"))
    expect(clock.get_by_test_id("clock-paused")).to_be_hidden()
    table = page.context.new_page()
    table.goto(f"{api.url}/t/{tournament}/table/1")
    # Bots play fast: someone may already be out, but the table is shown.
    expect(table.get_by_test_id("seat").first).to_be_visible()

    page.get_by_test_id("pause").click()
    expect(page.get_by_test_id("t-status")).to_have_text("paused")
    expect(clock.get_by_test_id("clock-paused")).to_be_visible()
    expect(table.get_by_test_id("paused")).to_be_visible()
    frozen_clock = clock.get_by_test_id("clock-time").inner_text()
    frozen_table = table.get_by_test_id("table").inner_text()
    time.sleep(1.5)  # bots acting every 20 ms would have changed the table by now
    assert clock.get_by_test_id("clock-time").inner_text() == frozen_clock
    assert table.get_by_test_id("table").inner_text() == frozen_table

    page.get_by_test_id("resume").click()
    expect(page.get_by_test_id("t-status")).to_have_text("running")
    expect(clock.get_by_test_id("clock-paused")).to_be_hidden()
    expect(table.get_by_test_id("paused")).to_be_hidden()

    # an NM hold'em table's ruling cites NM or OQ clauses, never a German one
    page.get_by_test_id("f-clause").fill("OQ-03")
    page.get_by_test_id("f-submit").click()
    page.get_by_test_id("ruling-confirm-yes").click()  # a ruling asks first (issue 26)
    expect(page.get_by_test_id("floor-answer")).to_contain_text("warning")
    expect(page.get_by_test_id("rulings")).to_contain_text("is warned")
    expect(page.get_by_test_id("rulings")).to_contain_text("OQ-03")


def test_the_director_records_a_live_tables_chip_counts(page: Page, api: Api) -> None:
    live_tournament_at_the_director(page, api)
    page.get_by_test_id("live-table").select_option("1")
    page.get_by_test_id("live-count").first.fill("0")
    # His chips leave the table: a change of the total, confirmed (NM-D-1B s2, NM-D-1G).
    page.get_by_test_id("live-confirm").check()
    page.get_by_test_id("live-note").fill("chips taken off the table")
    page.get_by_test_id("live-submit").click()
    expect(page.get_by_test_id("live-result")).to_contain_text("is out in 12th place")
    expect(page.get_by_test_id("chart-seat")).to_have_count(11)
