"""The documented HTTP API, through FastAPI's TestClient:
bots-only tournaments run to the end under nm-holdem, de-holdem and
nm-draw, and the hand histories they leave (steps, text, PHH).
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Iterator
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
from tests.helpers.server import (
    AUTH,
    WRONG,
    HandTruth,
    cards_in,
    create_tournament,
    hand_chips_conserved,
    stored_hand_events,
    text_cards,
    wait_until,
)
from tests.helpers.server_api import (
    _as_text,
    floor,
    make_client,
    status,
)

pytestmark = pytest.mark.timeout(120)

PROFILES = ("nm-holdem", "de-holdem", "nm-draw")

BOTS = {"nm-holdem": 7, "de-holdem": 5, "nm-draw": 5}


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


@pytest.mark.clause("DE-BURN-11")
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


def test_a_finished_tournament_s_clock_stands_at_its_last_level(finished: dict[str, Any]) -> None:
    """Hours after the finish the API still says the level of the last
    hand, with the clock stopped: the lobby (``level``), the tournament page
    and the big-screen clock (``clock``) agree."""
    c, tid = finished["client"], finished["nm-holdem"]["id"]
    service = floor(c).get(tid)
    real_now = service.now
    try:
        later = real_now() + 6 * 3600
        service.now = lambda: later
        first = status(c, tid)
        service.now = lambda: later + 3600
        again = status(c, tid)
    finally:
        service.now = real_now
    clock = first["clock"]
    assert first["status"] == "finished"
    assert clock["level"] == first["level"]
    assert clock["running"] is False
    assert again["clock"] == clock  # neither the level nor the time played runs on
