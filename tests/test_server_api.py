"""The documented HTTP API, through FastAPI's TestClient (issue "Server and
browser client", Tests): tournaments created, run and finished by bots;
registration; director and player tokens; malformed input; rule-breaking
actions with their clause; the floor's rulings; live mode; hand histories
for nm-holdem, de-holdem and nm-draw."""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from floorman.engine.events import (
    BoardDealt,
    Burned,
    Discarded,
    DrawDealt,
    HoleDealt,
    Shown,
)
from floorman.server.app import create_app
from server_helpers import (
    AUTH,
    DIRECTOR,
    HandTruth,
    cards_in,
    create_tournament,
    hand_chips_conserved,
    sqlite_url,
    stored_hand_events,
    text_cards,
    wait_until,
)

pytestmark = pytest.mark.timeout(120)

PROFILES = ("nm-holdem", "de-holdem", "nm-draw")
BOTS = {"nm-holdem": 7, "de-holdem": 5, "nm-draw": 5}
WRONG = {"Authorization": "Bearer not-the-director"}


def make_client(directory: Path) -> TestClient:
    return TestClient(create_app(sqlite_url(directory), DIRECTOR), raise_server_exceptions=False)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
        yield c


def floor(client: TestClient) -> Any:
    return client.app.state.floor  # type: ignore[attr-defined]


def status(client: TestClient, tid: str) -> dict[str, Any]:
    response = client.get(f"/api/tournaments/{tid}")
    assert response.status_code == 200, response.text
    return dict(response.json())


def stable(state: dict[str, Any]) -> dict[str, Any]:
    """A tournament's state without the running clock."""
    return {k: v for k, v in state.items() if k != "clock"}


def snapshot(client: TestClient, tid: str) -> dict[str, Any]:
    """Everything an unauthorised or malformed call must leave unchanged."""
    listing = client.get("/api/tournaments").json()
    return {
        "tournaments": sorted(t["id"] for t in listing),
        "state": stable(status(client, tid)),
        "rulings": client.get(f"/api/tournaments/{tid}/rulings").json(),
        "events": len(floor(client).store.tournament_events(tid)),
        "stored_tournaments": len(floor(client).store.tournaments()),
    }


def register(client: TestClient, tid: str, name: str) -> tuple[str, str]:
    response = client.post(f"/api/tournaments/{tid}/register", json={"name": name})
    assert response.status_code == 200, response.text
    data = response.json()
    assert set(data) >= {"player", "token"} and len(data["token"]) >= 16
    return data["player"], data["token"]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def run_to_finish(client: TestClient, tid: str, timeout: float) -> list[dict[str, Any]]:
    """Poll until the tournament is finished; returns every state seen."""
    seen = []
    deadline = time.monotonic() + timeout
    while True:
        state = status(client, tid)
        seen.append(state)
        if state["status"] == "finished":
            return seen
        assert time.monotonic() < deadline, f"not finished after {timeout} s: {state}"
        time.sleep(0.02)


# ---------------------------------------------------------------- finished bot tournaments


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """One small bots-only tournament per profile, run to the end; the
    states seen while polling are kept for the checks on places."""
    with make_client(tmp_path_factory.mktemp("finished")) as c:
        runs: dict[str, Any] = {"client": c}
        for profile in PROFILES:
            tid = create_tournament(
                c, profile, bots=BOTS[profile], starting_stack=200, level_seconds=1
            )
            before = status(c, tid)
            response = c.post(f"/api/tournaments/{tid}/start", headers=AUTH)
            assert response.status_code == 200, response.text
            runs[profile] = {"id": tid, "before": before, "seen": run_to_finish(c, tid, 60)}
        yield runs


def test_openapi_lists_the_endpoints(client: TestClient) -> None:
    response = client.get("/openapi.json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    expected = {
        "/api/profiles": {"get"},
        "/api/tournaments": {"get", "post"},
        "/api/tournaments/{tournament_id}": {"get"},
        "/api/tournaments/{tournament_id}/start": {"post"},
        "/api/tournaments/{tournament_id}/register": {"post"},
        "/api/tournaments/{tournament_id}/actions": {"post"},
        "/api/tournaments/{tournament_id}/rulings": {"get"},
        "/api/tournaments/{tournament_id}/hands": {"get"},
        "/api/tournaments/{tournament_id}/me": {"get"},
        "/api/tournaments/{tournament_id}/tables/{table}": {"get"},
        "/api/tournaments/{tournament_id}/floor/warn": {"post"},
        "/api/tournaments/{tournament_id}/floor/penalty": {"post"},
        "/api/tournaments/{tournament_id}/floor/disqualify": {"post"},
        "/api/tournaments/{tournament_id}/override/chips": {"post"},
        "/api/tournaments/{tournament_id}/override/seat": {"post"},
        "/api/tournaments/{tournament_id}/override/level": {"post"},
        "/api/tournaments/{tournament_id}/live/counts": {"post"},
        "/api/hands/{hand_id}": {"get"},
        "/api/hands/{hand_id}/text": {"get"},
        "/api/hands/{hand_id}/phh": {"get"},
    }
    for path, methods in expected.items():
        assert path in paths, f"{path} missing from /openapi.json"
        assert methods <= set(paths[path]), (path, set(paths[path]))
    create = paths["/api/tournaments"]["post"]["requestBody"]["content"]["application/json"]
    schema_name = create["schema"]["$ref"].rsplit("/", 1)[-1]
    fields = response.json()["components"]["schemas"][schema_name]["properties"]
    for field in ("profile", "bots", "starting_stack", "level_seconds", "action_delay_ms", "mode"):
        assert field in fields, field
    assert client.get("/health").json()["status"] == "ok"


@pytest.mark.parametrize("profile", PROFILES)
def test_bots_only_tournament_runs_to_finished(finished: dict[str, Any], profile: str) -> None:
    run = finished[profile]
    n = BOTS[profile]
    before = run["before"]
    assert before["status"] == "registering"
    assert len(before["standings"]) == n
    assert all(r["place"] is None for r in before["standings"])

    statuses = [s["status"] for s in run["seen"]]
    assert statuses[-1] == "finished"
    assert set(statuses) <= {"running", "finished"}, set(statuses)

    # Places are filled from the bottom as players finish, and never change.
    placed: dict[str, int] = {}
    for state in run["seen"]:
        alive = sum(1 for r in state["standings"] if r["place"] is None)
        for row in state["standings"]:
            if row["place"] is None:
                assert row["player"] not in placed, f"{row['player']} lost his place"
                continue
            if row["player"] in placed:
                assert placed[row["player"]] == row["place"], row
            placed[row["player"]] = row["place"]
            if state["status"] == "running":
                assert row["chips"] == 0 and row["place"] > alive, (row, alive)

    final = run["seen"][-1]
    rows = final["standings"]
    players = [r["player"] for r in rows]
    assert sorted(players) == sorted(r["player"] for r in before["standings"])
    assert len(set(players)) == n, "every player appears exactly once"
    places = sorted(r["place"] for r in rows)
    assert all(isinstance(p, int) for p in places), rows
    # 1..n, players out in the same hand may share a place (OQ-06).
    k = 0
    while k < n:
        place = places[k]
        group = places.count(place)
        assert place == k + 1, places
        k += group
    winners = [r for r in rows if r["place"] == 1]
    assert len(winners) == 1, winners
    assert winners[0]["chips"] == n * 200
    assert winners[0]["status"] == "won" and final["winner"] == winners[0]["player"]
    assert all(r["chips"] == 0 for r in rows if r["place"] != 1)
    assert final["players_left"] == 1


@pytest.mark.parametrize("profile", PROFILES)
def test_every_finished_hand_conserves_chips(finished: dict[str, Any], profile: str) -> None:
    c = finished["client"]
    tid = finished[profile]["id"]
    hands = c.get(f"/api/tournaments/{tid}/hands").json()
    assert hands and all(h["status"] == "finished" for h in hands)
    store = floor(c).store
    for hand in hands:
        into, out = hand_chips_conserved(stored_hand_events(store, hand["id"]))
        assert into == out, (hand["id"], into, out)


# ---------------------------------------------------------------- hand histories


def hand_cards(events: list[Any]) -> dict[str, set[str]]:
    """Which cards of a hand are public (board, shown) and which were dealt."""
    public: set[str] = set()
    dealt: set[str] = set()
    secret: set[str] = set()
    for e in events:
        if isinstance(e, BoardDealt | Shown):
            public |= set(_as_text(e.cards))
        elif isinstance(e, HoleDealt | DrawDealt):
            dealt |= set(_as_text(e.cards))
        elif isinstance(e, Burned):
            secret.add(_as_text([e.card])[0])
        elif isinstance(e, Discarded):
            secret |= set(_as_text(e.cards))
    return {"public": public, "dealt": dealt, "secret": secret}


def _as_text(cards: Any) -> list[str]:
    from floorman.engine.cards import CARDS

    return [str(CARDS[c]) for c in cards]


def interesting_hands(c: TestClient, tid: str) -> list[str]:
    """Finished hands with a showdown and with unshown hole cards (a fold or
    a muck) first: the ones a leak would show."""
    store = floor(c).store
    ids = [h["id"] for h in c.get(f"/api/tournaments/{tid}/hands").json()]
    scored = []
    for hand_id in ids:
        events = stored_hand_events(store, hand_id)
        cards = hand_cards(events)
        hidden = cards["dealt"] - cards["public"]
        shown = any(isinstance(e, Shown) for e in events)
        scored.append((not shown, -len(hidden), hand_id))
    scored.sort()
    return [hand_id for *_, hand_id in scored[:3]]


@pytest.mark.parametrize("profile", PROFILES)
def test_hand_history_steps_show_what_a_spectator_saw(
    finished: dict[str, Any], profile: str
) -> None:
    c = finished["client"]
    store = floor(c).store
    for hand_id in interesting_hands(c, finished[profile]["id"]):
        response = c.get(f"/api/hands/{hand_id}")
        assert response.status_code == 200, response.text
        data = response.json()
        assert data["hand_id"] == hand_id
        steps = data["steps"]
        events = stored_hand_events(store, hand_id)
        truth = HandTruth(store.hand_events(hand_id))
        cards = hand_cards(events)
        assert len(steps) >= 3
        assert steps[0]["event"]["type"] == "HandStarted"
        assert steps[-1]["event"]["type"] == "HandEnded"
        assert steps[-1]["view"]["phase"] == "complete"
        final_stacks = [p["stack"] for p in steps[-1]["view"]["players"]]
        assert final_stacks == list(events[-1].stacks)
        for k, step in enumerate(steps):
            assert "deck" not in step["event"], f"step {k} shows the deck"
            assert truth.moment(step["view"], None) is not None, f"step {k}: no such moment"
            leaked = cards_in(step) - cards["public"]
            assert not leaked, f"{hand_id} step {k} ({step['event']['type']}) shows {leaked}"
    assert c.get("/api/hands/no-such-hand").status_code == 404


@pytest.mark.parametrize("profile", PROFILES)
def test_hand_history_text(finished: dict[str, Any], profile: str) -> None:
    """The text history everyone may download: the board and shown cards,
    never a hole card that was not shown (formats.draw_text for nm-draw)."""
    c = finished["client"]
    store = floor(c).store
    standings = c.get(f"/api/tournaments/{finished[profile]['id']}").json()["standings"]
    names = {row["player"]: row["name"] for row in standings}
    for hand_id in interesting_hands(c, finished[profile]["id"]):
        response = c.get(f"/api/hands/{hand_id}/text")
        assert response.status_code == 200, f"{profile} text: {response.status_code}"
        assert response.headers["content-type"].startswith("text/plain")
        text = response.text
        events = stored_hand_events(store, hand_id)
        for player in events[0].players:
            assert names[player] in text, (names[player], text)  # players by name
        cards = hand_cards(events)
        leaked = text_cards(text) - cards["public"]
        assert not leaked, f"{hand_id}: the public text shows {leaked}:\n{text}"
        assert cards["public"] <= text_cards(text), text


HEADER = re.compile(r"Hand #(\d+):.* - (\d{4}/\d\d/\d\d \d\d:\d\d:\d\d) (\w+)")
ZONES = {"ET": "America/New_York", "UTC": "UTC", "GMT": "UTC"}


@pytest.mark.parametrize("profile", PROFILES)
def test_hand_history_text_says_which_hand_and_when_it_was_played(
    finished: dict[str, Any], profile: str
) -> None:
    """The header names the hand (two hands, two numbers; the same number at
    every download, whatever the process) and the time it was played, in the
    time zone it names -- not the time of the download."""
    import datetime
    import zoneinfo

    c = finished["client"]
    hands = c.get(f"/api/tournaments/{finished[profile]['id']}/hands").json()[:2]
    problems = []
    numbers = {}
    for hand in hands:
        text = c.get(f"/api/hands/{hand['id']}/text").text
        match = HEADER.search(text.splitlines()[0])
        assert match, text
        number, stamp, zone = match.groups()
        assert zone in ZONES, f"unknown time zone {zone!r}"
        tz = zoneinfo.ZoneInfo(ZONES[zone])
        written = datetime.datetime.strptime(stamp, "%Y/%m/%d %H:%M:%S").replace(tzinfo=tz)
        start = datetime.datetime.fromtimestamp(int(hand["started_at"]) - 1, tz)
        end = datetime.datetime.fromtimestamp(int(hand["ended_at"]) + 2, tz)
        if not start <= written <= end:
            problems.append(
                f"{hand['id']} was played {start:%Y/%m/%d %H:%M:%S}-{end:%H:%M:%S} {zone},"
                f" the text says {stamp} {zone}"
            )
        numbers[hand["id"]] = number
    if len(set(numbers.values())) != len(numbers):
        problems.append(f"different hands share a number: {numbers}")
    # The same download a second later is the same text.
    first_id = hands[0]["id"]
    once = c.get(f"/api/hands/{first_id}/text").text
    second = int(time.time()) + 1
    wait_until(lambda: time.time() >= second, 2, "the next second", interval=0.01)
    again = c.get(f"/api/hands/{first_id}/text").text
    if again != once:
        problems.append(
            f"two downloads differ: {once.splitlines()[0]!r} then {again.splitlines()[0]!r}"
        )
    assert not problems, "\n".join(problems)


def test_hand_history_number_does_not_depend_on_the_process(finished: dict[str, Any]) -> None:
    """Python salts ``hash()`` per process: a hand's number must not come
    from it, or each server start numbers the same hand differently."""
    import json
    import os
    import subprocess

    c = finished["client"]
    hand_id = c.get(f"/api/tournaments/{finished['nm-holdem']['id']}/hands").json()[0]["id"]
    raw = json.dumps(floor(c).store.hand_events(hand_id))
    script = (
        "import json, sys\n"
        "from floorman.server.history import hand_text\n"
        f"print(hand_text(json.loads(sys.stdin.read()), None, hand_id={hand_id!r},"
        " started_at=0.0).splitlines()[0])\n"
    )
    numbers = set()
    for seed in ("1", "2"):
        result = subprocess.run(
            [sys.executable, "-c", script],
            input=raw,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            timeout=60,
            check=True,
        )
        match = HEADER.search(result.stdout)
        assert match, result.stdout
        numbers.add(match.group(1))
    assert len(numbers) == 1, f"hand {hand_id} is numbered {sorted(numbers)}"


@pytest.mark.parametrize("profile", PROFILES)
def test_hand_history_phh_is_for_the_director(finished: dict[str, Any], profile: str) -> None:
    c = finished["client"]
    store = floor(c).store
    hand_id = interesting_hands(c, finished[profile]["id"])[0]
    assert c.get(f"/api/hands/{hand_id}/phh").status_code == 401
    assert c.get(f"/api/hands/{hand_id}/phh", headers=WRONG).status_code == 403
    response = c.get(f"/api/hands/{hand_id}/phh", headers=AUTH)
    assert response.status_code == 200, f"{profile} PHH: {response.status_code}"
    text = response.text
    variant = "NMD" if profile == "nm-draw" else "NT"
    assert re.search(rf"variant\s*=\s*['\"]{variant}['\"]", text), text
    events = stored_hand_events(store, hand_id)
    cards = hand_cards(events)
    # The director's download has every card dealt.
    missing = cards["dealt"] - text_cards(text)
    assert not missing, f"{hand_id}: PHH lacks {missing}:\n{text}"
    assert re.search(r"finishing_stacks\s*=\s*\[", text), text
    assert c.get("/api/hands/no-such-hand/phh", headers=AUTH).status_code == 404


def test_hand_history_never_shows_a_deck_even_after_a_misdeal() -> None:
    """A misdealt hand carries the new shuffle in its log; the public steps
    must not (DE-BURN-11)."""
    import random

    from floorman.engine.cards import shuffled_deck
    from floorman.engine.events import event_to_dict
    from floorman.engine.holdem import HoldemHand
    from floorman.profiles import load_profile
    from floorman.server.history import hand_steps

    rng = random.Random(7)
    hand = HoldemHand.start(
        load_profile("de-holdem"),
        seats=[1, 2, 3],
        stacks=[500, 500, 500],
        button=1,
        ante_unit=10,
        deck=shuffled_deck(rng.randrange),
    )
    hand.misdeal("a card was exposed", deck=shuffled_deck(rng.randrange))
    while not hand.is_complete:
        hand.fold(hand.actor)
    raw = [event_to_dict(e) for e in hand.events]
    assert any(e["type"] == "Misdealt" and e["deck"] for e in raw)
    steps = hand_steps(raw)
    assert any(step["event"]["type"] == "Misdealt" for step in steps)
    for step in steps:
        assert "deck" not in step["event"], step["event"]
        assert not cards_in(step), step


# ---------------------------------------------------------------- registration, tokens


def test_registration_returns_a_token(client: TestClient) -> None:
    tid = create_tournament(client, "de-holdem")
    assert status(client, tid)["status"] == "registering"
    alice, alice_token = register(client, tid, "Alice")
    bob, bob_token = register(client, tid, "Bob")
    assert alice != bob and alice_token != bob_token
    me = client.get(f"/api/tournaments/{tid}/me", headers=bearer(alice_token))
    assert me.status_code == 200
    assert me.json()["player"] == alice and me.json()["name"] == "Alice"
    assert client.get(f"/api/tournaments/{tid}/me", headers=bearer(bob_token)).json()["player"] == (
        bob
    )
    assert client.get(f"/api/tournaments/{tid}/me").status_code == 401
    assert client.get(f"/api/tournaments/{tid}/me", headers=bearer("forged")).status_code == 403
    standings = {r["player"]: r for r in status(client, tid)["standings"]}
    assert set(standings) == {alice, bob}
    # The token itself is never stored, only its hash.
    rows = floor(client).store.players(tid)
    assert all(alice_token not in str(row) and bob_token not in str(row) for row in rows)
    # Registration closes at the start (OQ-41).
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    before = snapshot(client, tid)
    late = client.post(f"/api/tournaments/{tid}/register", json={"name": "Late"})
    assert late.status_code == 409
    assert "OQ-41" in late.json()["detail"]["clause"]
    assert len(snapshot(client, tid)["state"]["standings"]) == len(before["state"]["standings"])


DIRECTOR_CALLS: list[tuple[str, str, dict[str, Any] | None]] = [
    ("post", "/api/tournaments", {"profile": "de-holdem", "bots": 3}),
    ("post", "/api/tournaments/{tid}/start", None),
    ("post", "/api/tournaments/{tid}/bots", {"count": 2}),
    ("post", "/api/tournaments/{tid}/floor/warn", {"player": "p1", "clause": "DE-ETIQ-1"}),
    (
        "post",
        "/api/tournaments/{tid}/floor/penalty",
        {"player": "p1", "clause": "DE-PENALTY-3", "hands": 2},
    ),
    ("post", "/api/tournaments/{tid}/floor/disqualify", {"player": "p1", "clause": "DE-GEN-5"}),
    ("post", "/api/tournaments/{tid}/floor/absent", {"player": "p1", "absent": True}),
    ("post", "/api/tournaments/{tid}/override/chips", {"player": "p1", "chips": 5, "note": "x"}),
    (
        "post",
        "/api/tournaments/{tid}/override/seat",
        {"player": "p1", "table": 1, "seat": 9, "note": "x"},
    ),
    ("post", "/api/tournaments/{tid}/override/level", {"level": 3, "note": "x"}),
    ("post", "/api/tournaments/{tid}/live/counts", {"table": 1, "counts": {"p1": 0}}),
    ("post", "/api/tournaments/{tid}/pause", None),
    ("post", "/api/tournaments/{tid}/resume", None),
]


@pytest.mark.parametrize("running", [False, True], ids=["registering", "running"])
def test_director_calls_need_the_director_token(client: TestClient, running: bool) -> None:
    tid = create_tournament(client, "de-holdem", bots=4, action_delay_ms=50, level_seconds=600)
    _, player_token = register(client, tid, "Player")
    if running:
        assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
        # Pause so nothing moves while the state is compared.
        assert client.post(f"/api/tournaments/{tid}/pause", headers=AUTH).status_code == 200
    before = snapshot(client, tid)
    for method, path, body in DIRECTOR_CALLS:
        url = path.format(tid=tid)
        for headers, expected in (
            ({}, 401),
            ({"Authorization": f"Basic {DIRECTOR}"}, 401),
            (WRONG, 403),
            (bearer(player_token), 403),
            ({"Authorization": f"Bearer {DIRECTOR}x"}, 403),
        ):
            response = client.request(method, url, json=body, headers=headers)
            assert response.status_code == expected, (method, url, headers, response.text)
    assert snapshot(client, tid) == before
    # The same calls with the token do work (the bodies were valid).
    response = client.post(
        f"/api/tournaments/{tid}/floor/warn", json=DIRECTOR_CALLS[3][2], headers=AUTH
    )
    assert response.status_code == 200, response.text
    assert snapshot(client, tid)["rulings"][-1]["clause"] == "DE-ETIQ-1"


MALFORMED: list[tuple[str, Any]] = [
    ("/api/tournaments", b"{not json"),
    ("/api/tournaments", b""),
    ("/api/tournaments", b"[]"),
    ("/api/tournaments", {"bots": 3}),
    ("/api/tournaments", {"profile": "de-holdem", "bots": -1}),
    ("/api/tournaments", {"profile": "de-holdem", "bots": "many"}),
    ("/api/tournaments", {"profile": "de-holdem", "starting_stack": 0}),
    ("/api/tournaments", {"profile": "de-holdem", "action_delay_ms": 10**9}),
    ("/api/tournaments", {"profile": "no-such-rules"}),
    ("/api/tournaments", {"profile": "nm-holdem", "table_size": 3}),
    ("/api/tournaments", {"profile": "de-holdem", "payout_shares": [50, 30]}),
    ("/api/tournaments", {"profile": "de-holdem", "mode": "sideways"}),
    ("/api/tournaments", {"profile": "de-holdem", "bot_kind": "genius"}),
    ("/api/tournaments/{tid}/register", b"{"),
    ("/api/tournaments/{tid}/register", {}),
    ("/api/tournaments/{tid}/register", {"name": ""}),
    ("/api/tournaments/{tid}/register", {"name": "x" * 41}),
    ("/api/tournaments/{tid}/register", {"name": 7}),
    ("/api/tournaments/{tid}/bots", {"count": 0}),
    ("/api/tournaments/{tid}/bots", b"nope"),
    ("/api/tournaments/{tid}/floor/warn", {"player": "p1"}),
    ("/api/tournaments/{tid}/floor/penalty", {"player": "p1", "clause": "OQ-62", "hands": 0}),
    ("/api/tournaments/{tid}/override/chips", {"player": "p1", "chips": -5, "note": "x"}),
    ("/api/tournaments/{tid}/override/chips", {"player": "p1", "chips": 5}),
    ("/api/tournaments/{tid}/override/seat", {"player": "p1", "table": 0, "seat": 1, "note": "x"}),
    ("/api/tournaments/{tid}/override/level", {"level": "three", "note": "x"}),
    ("/api/tournaments/{tid}/live/counts", {"table": 1, "counts": ["p1", 0]}),
    ("/api/tournaments/{tid}/live/counts", {"table": 1, "counts": {"p1": "lots"}}),
]


def test_malformed_bodies_get_422_and_change_nothing(client: TestClient) -> None:
    tid = create_tournament(client, "de-holdem", bots=3)
    before = snapshot(client, tid)
    for path, body in MALFORMED:
        url = path.format(tid=tid)
        if isinstance(body, bytes):
            response = client.post(
                url, content=body, headers={**AUTH, "Content-Type": "application/json"}
            )
        else:
            response = client.post(url, json=body, headers=AUTH)
        assert response.status_code == 422, (url, body, response.status_code, response.text)
        assert snapshot(client, tid) == before, (url, body)
    assert client.post("/api/tournaments/nope/start", headers=AUTH).status_code == 404
    assert client.get("/api/tournaments/nope").status_code == 404


# ---------------------------------------------------------------- actions over HTTP


def table_view(client: TestClient, tid: str, token: str | None, table: int = 1) -> dict[str, Any]:
    headers = bearer(token) if token else {}
    response = client.get(f"/api/tournaments/{tid}/tables/{table}", headers=headers)
    assert response.status_code == 200, response.text
    return dict(response.json())


def hand_running(client: TestClient, tid: str) -> dict[str, Any] | None:
    view = table_view(client, tid, None)
    hand = view["hand"]
    if hand and hand["phase"] != "complete" and hand["actor"] is not None:
        return view
    return None


def start_humans(client: TestClient, names: list[str], **overrides: Any) -> tuple[str, dict]:
    """A de-holdem tournament of people only, started; returns the id and
    each player's token by seat."""
    body = {"level_seconds": 600, "starting_stack": 1000, "action_seconds": 60}
    body.update(overrides)
    tid = create_tournament(client, "de-holdem", **body)
    tokens = dict(register(client, tid, name) for name in names)
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    view = wait_until(lambda: hand_running(client, tid), 10, "the first hand")
    by_seat = {}
    for player, token in tokens.items():
        you = table_view(client, tid, token)["you"]
        assert you["player"] == player
        by_seat[you["seat"]] = token
    assert {s["seat"] for s in view["seats"]} == set(by_seat)
    return tid, by_seat


def test_actions_over_http(client: TestClient) -> None:
    tid, by_seat = start_humans(client, ["Ann", "Ben"])
    view = table_view(client, tid, None)
    hand_id = view["hand_id"]
    actor = view["hand"]["actor"]
    other = next(s for s in by_seat if s != actor)
    store = floor(client).store
    url = f"/api/tournaments/{tid}/actions"

    def unchanged() -> tuple[int, Any]:
        return len(store.hand_events(hand_id)), table_view(client, tid, None)["hand"]

    before = unchanged()
    # A hand under way has no public history yet.
    for path in ("", "/text", "/phh"):
        response = client.get(f"/api/hands/{hand_id}{path}", headers=AUTH)
        assert response.status_code == 404, (path, response.text)
    mine = table_view(client, tid, by_seat[actor])["hand"]
    legal = mine["legal"]
    assert legal is not None and legal["call_amount"] > 0  # heads-up: the button faces the BB

    rejected = [
        (by_seat[other], {"action": "call"}, "OutOfTurn"),
        (by_seat[actor], {"action": "check"}, "ActionNotAllowed"),
        (by_seat[actor], {"action": "raise", "amount": 1}, "AmountOutOfRange"),
        (by_seat[actor], {"action": "raise", "amount": 10**9}, "AmountOutOfRange"),
        (by_seat[actor], {"action": "draw", "cards": ["As"]}, None),
        (by_seat[actor], {"action": "look"}, None),
    ]
    for token, body, error in rejected:
        response = client.post(url, json=body, headers=bearer(token))
        assert response.status_code == 409, (body, response.text)
        detail = response.json()["detail"]
        assert detail["clause"], detail
        assert detail["clause"] in detail["message"], detail
        if error:
            assert detail["error"] == error, detail
        assert unchanged() == before, body
    too_small = client.post(
        url, json={"action": "raise", "amount": 1}, headers=bearer(by_seat[actor])
    )
    low, high = too_small.json()["detail"]["allowed"]
    assert (low, high) == (legal["min_raise_to"], legal["max_raise_to"])

    # Malformed bodies and wrong tokens change nothing either.
    for content in (b"{oops", b"[1, 2]", b'"call"'):
        response = client.post(
            url,
            content=content,
            headers={**bearer(by_seat[actor]), "Content-Type": "application/json"},
        )
        assert response.status_code == 422, (content, response.text)
    for body in ({"action": "dance"}, {"action": "raise", "amount": "lots"}, {}):
        response = client.post(url, json=body, headers=bearer(by_seat[actor]))
        assert response.status_code in (409, 422), (body, response.text)
        assert response.status_code == 422 or response.json()["detail"]["clause"]
    assert client.post(url, json={"action": "call"}).status_code == 401
    assert client.post(url, json={"action": "call"}, headers=bearer("forged")).status_code == 403
    assert client.post(url, json={"action": "call"}, headers=AUTH).status_code == 403
    assert unchanged() == before

    # A legal action is taken and stored at once.
    response = client.post(url, json={"action": "call"}, headers=bearer(by_seat[actor]))
    assert response.status_code == 200, response.text
    after = table_view(client, tid, None)["hand"]
    assert after["actor"] == other
    events = store.hand_events(hand_id)
    assert len(events) == before[0] + 1 and events[-1]["type"] == "Called"
    assert events[-1]["seat"] == actor


def test_player_texts_show_his_own_cards(client: TestClient) -> None:
    tid, by_seat = start_humans(client, ["Ann", "Ben"], between_hands_s=60)
    view = table_view(client, tid, None)
    hand_id = view["hand_id"]
    actor = view["hand"]["actor"]
    folder = by_seat[actor]
    response = client.post(
        f"/api/tournaments/{tid}/actions", json={"action": "fold"}, headers=bearer(folder)
    )
    assert response.status_code == 200, response.text
    wait_until(lambda: floor(client).store.hand(hand_id)["status"] == "finished", 5, "the hand")
    events = stored_hand_events(floor(client).store, hand_id)
    holes = {e.seat: set(_as_text(e.cards)) for e in events if isinstance(e, HoleDealt)}
    public = client.get(f"/api/hands/{hand_id}/text").text
    assert not text_cards(public), public  # nobody showed, there is no board
    for seat, token in by_seat.items():
        text = client.get(f"/api/hands/{hand_id}/text", headers=bearer(token)).text
        assert text_cards(text) == holes[seat], (seat, text)


# ---------------------------------------------------------------- the floor


def finish_hand_by_folding(client: TestClient, tid: str, by_seat: dict[int, str]) -> str:
    view = table_view(client, tid, None)
    hand_id = view["hand_id"]
    while True:
        hand = table_view(client, tid, None)["hand"]
        if hand["phase"] == "complete":
            break
        actor = hand["actor"]
        response = client.post(
            f"/api/tournaments/{tid}/actions",
            json={"action": "fold"},
            headers=bearer(by_seat[actor]),
        )
        assert response.status_code == 200, response.text

    def over() -> bool:
        view = table_view(client, tid, None)
        return view["hand_id"] != hand_id or not status(client, tid)["tables"][0]["in_hand"]

    wait_until(over, 5, "the end of the hand")
    return str(hand_id)


def test_director_floor_actions_are_rulings_with_their_clause(client: TestClient) -> None:
    tid, by_seat = start_humans(client, ["Ann", "Ben", "Cat", "Dan"], between_hands_s=60)
    seat_of = {}
    for seat, token in by_seat.items():
        seat_of[
            client.get(f"/api/tournaments/{tid}/me", headers=bearer(token)).json()["player"]
        ] = seat
    players = sorted(seat_of)
    a, b, c, d = players
    base = f"/api/tournaments/{tid}"

    def post(path: str, body: dict[str, Any]) -> Any:
        return client.post(base + path, json=body, headers=AUTH)

    # During the hand: a warning, a time penalty and the level may be given;
    # a disqualification is pending (his hand dead at once) until the hand is
    # over (NM-D-1G, OQ-03), and nothing more is corrected for him meanwhile.
    disqualified = post("/floor/disqualify", {"player": a, "clause": "DE-GEN-5", "note": "x"})
    assert disqualified.status_code == 200, disqualified.text
    before = snapshot(client, tid)
    for path, body in (
        ("/override/chips", {"player": a, "chips": 123, "note": "miscount"}),
        ("/override/seat", {"player": a, "table": 1, "seat": 10, "note": "wrong seat"}),
    ):
        response = post(path, body)
        assert response.status_code == 409, (path, response.text)
        assert response.json()["detail"]["clause"], response.json()
    assert snapshot(client, tid) == before
    assert (
        post("/floor/warn", {"player": b, "clause": "DE-ETIQ-1", "note": "language"}).status_code
        == 200
    )
    assert (
        post(
            "/floor/penalty", {"player": c, "clause": "DE-PENALTY-3", "hands": 2, "note": "t"}
        ).status_code
        == 200
    )
    assert post("/override/level", {"level": 3, "note": "clock was stopped"}).status_code == 200
    assert status(client, tid)["level"] == 3

    finish_hand_by_folding(client, tid, by_seat)
    free_seat = next(s for s in range(1, 11) if s not in seat_of.values())
    assert (
        post("/override/chips", {"player": d, "chips": 1234, "note": "miscount"}).status_code == 200
    )
    assert (
        post(
            "/override/seat", {"player": d, "table": 1, "seat": free_seat, "note": "x"}
        ).status_code
        == 200
    )
    again = post("/floor/disqualify", {"player": a, "clause": "DE-GEN-5", "note": "x"})
    assert again.status_code == 409  # disqualified when his hand ended
    missing = post("/floor/warn", {"player": "p99", "clause": "DE-ETIQ-1"})
    assert missing.status_code == 409 and missing.json()["detail"]["clause"]

    rulings = client.get(f"{base}/rulings").json()
    kinds = [(r["type"], r.get("ruling"), r.get("player"), r["clause"]) for r in rulings]
    assert ("warning", None, b, "DE-ETIQ-1") in kinds, kinds
    assert ("time_penalty", None, c, "DE-PENALTY-3") in kinds, kinds
    assert ("disqualified", None, a, "DE-GEN-5") in kinds, kinds
    overrides = {r["ruling"]: r for r in rulings if r["type"] == "override"}
    assert set(overrides) == {"chips", "seat", "level"}, overrides
    assert all(o["clause"] for o in overrides.values())
    assert overrides["chips"]["chips"] == 1234 and overrides["level"]["level"] == 3
    assert overrides["seat"]["seat"] == free_seat

    state = status(client, tid)
    rows = {r["player"]: r for r in state["standings"]}
    assert rows[a]["status"] == "disqualified" and rows[a]["chips"] == 0
    assert rows[d]["chips"] == 1234 and rows[d]["seat"] == free_seat
    seated = {s["player"]: s["seat"] for s in state["tables"][0]["seats"]}
    assert a not in seated and seated[d] == free_seat


def test_time_penalty_and_absence_kill_the_players_next_hands(client: TestClient) -> None:
    """A time penalty of one hand (OQ-62) and an absent player (OQ-45): their
    next hands are dealt dead, the penalised player's for one hand only, the
    absent player's until he is back."""
    tid, by_seat = start_humans(client, ["Ann", "Ben", "Cat"], between_hands_s=0.2)
    player_at = {
        seat: client.get(f"/api/tournaments/{tid}/me", headers=bearer(t)).json()["player"]
        for seat, t in by_seat.items()
    }
    seat_of = {p: s for s, p in player_at.items()}
    big_blind = table_view(client, tid, None)["hand"]["big_blind_seat"]
    # The big blind is away: the others fold to him, he never acts (acting
    # would bring him back).
    away = player_at[big_blind]
    punished = next(p for s, p in player_at.items() if s != big_blind)
    base = f"/api/tournaments/{tid}"
    ruling = {"player": punished, "clause": "OQ-62", "hands": 1, "note": "slow roll"}
    assert client.post(f"{base}/floor/penalty", json=ruling, headers=AUTH).status_code == 200
    absent = {"player": away, "absent": True}
    assert client.post(f"{base}/floor/absent", json=absent, headers=AUTH).status_code == 200
    store = floor(client).store
    first = finish_hand_by_folding(client, tid, by_seat)

    def hand_after(previous: str) -> str:
        def ready() -> str | None:
            view = table_view(client, tid, None)
            return view["hand_id"] if view["hand_id"] != previous and view["hand"] else None

        return wait_until(ready, 5, f"the hand after {previous}")

    second = hand_after(first)
    dead = stored_hand_events(store, second)[0].dead
    assert set(dead) == {seat_of[punished], seat_of[away]}
    third = hand_after(second)
    assert stored_hand_events(store, third)[0].dead == (seat_of[away],)
    back = client.post(f"{base}/floor/absent", json={**absent, "absent": False}, headers=AUTH)
    assert back.status_code == 200
    finish_hand_by_folding(client, tid, by_seat)
    fourth = hand_after(third)
    assert stored_hand_events(store, fourth)[0].dead == ()


def test_live_mode_counts_return_eliminations_and_moves(client: TestClient) -> None:
    tid = create_tournament(
        client, "nm-holdem", mode="live", starting_stack=1000, level_seconds=600
    )
    for k in range(12):
        register(client, tid, f"Live {k}")
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    state = status(client, tid)
    assert state["mode"] == "live" and state["status"] == "running"
    tables = state["tables"]
    assert len(tables) == 2 and sorted(len(t["seats"]) for t in tables) == [6, 6]
    time.sleep(0.5)
    # Live events play with real cards: the server deals nothing.
    assert client.get(f"/api/tournaments/{tid}/hands").json() == []
    assert floor(client).store.hands(tid) == []

    def counts_for(table: dict[str, Any], out: int) -> dict[str, int]:
        players = [s["player"] for s in table["seats"]]
        counts = dict.fromkeys(players, 1000)
        for p in players[:out]:
            counts[p] = 0
        counts[players[-1]] += 1000 * out
        return counts

    first, second = tables
    url = f"/api/tournaments/{tid}/live/counts"
    response = client.post(
        url, json={"table": first["table"], "counts": counts_for(first, 2)}, headers=AUTH
    )
    assert response.status_code == 200, response.text
    result = response.json()["result"]
    assert result[0]["type"] == "chip_count"
    out = [e for e in result if e["type"] == "eliminated"]
    busted = {s["player"] for s in first["seats"][:2]}
    assert {e["player"] for e in out} == busted
    # Both started the count with 1000: they share 11th place (OQ-06).
    assert [(e["place"], e["shared"]) for e in out] == [(11, 2), (11, 2)]
    # Four left at a table of the nm-holdem minimum 5: it is broken and its
    # players fill the other table (NM-H-16, NM-H-17).
    moves = [e for e in result if e["type"] == "moved"]
    assert len(moves) == 4, result
    assert all(m["from_table"] == first["table"] and m["table"] == second["table"] for m in moves)
    assert all(m["clause"] for m in moves)
    broken = [e for e in result if e["type"] == "table_broken"]
    assert [b["table"] for b in broken] == [first["table"]] and broken[0]["clause"]
    state = status(client, tid)
    assert state["players_left"] == 10
    assert [len(t["seats"]) for t in state["tables"]] == [10]
    places = {r["player"]: r["place"] for r in state["standings"]}
    assert all(places[p] == 11 for p in busted)

    # A count of the broken table, or naming a player not at the table, is refused.
    moved = moves[0]["player"]
    for table, counts in ((first["table"], {moved: 5}), (second["table"], {"p999": 5})):
        before = snapshot(client, tid)
        bad = client.post(url, json={"table": table, "counts": counts}, headers=AUTH)
        assert bad.status_code == 409 and bad.json()["detail"]["clause"], bad.text
        assert snapshot(client, tid) == before

    # Down to one: the last count finishes the tournament.
    table = status(client, tid)["tables"][0]
    players = [s["player"] for s in table["seats"]]
    final = {p: 0 for p in players[1:]}
    final[players[0]] = 12_000
    response = client.post(url, json={"table": table["table"], "counts": final}, headers=AUTH)
    assert response.status_code == 200, response.text
    types = [e["type"] for e in response.json()["result"]]
    assert types.count("eliminated") == 9 and "finished" in types, types
    state = status(client, tid)
    assert state["status"] == "finished" and state["winner"] == players[0]
    assert sorted(r["place"] for r in state["standings"])[0] == 1
    assert all(r["place"] is not None for r in state["standings"])


def test_table_cards_are_public_and_printable(client: TestClient) -> None:
    """DE-SEAT-1: each player takes the table card naming his table and seat;
    like the seating chart they are public, as data and as text to print."""
    tid = create_tournament(client, "de-holdem", bots=6)
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    cards = client.get(f"/api/tournaments/{tid}/table-cards").json()
    assert len(cards) == 6
    text = client.get(f"/api/tournaments/{tid}/table-cards.txt").text
    for card in cards:
        assert f"Table {card['table']}  -  Seat {card['seat']}" in text
