"""No frame ever shows a card its receiver may not know (issue "Server and
browser client", Tests; DE-HOLE-1/2, DE-BURN-11, DE-MUCKVIEW-1, NM-D-2E,
OQ-17, OQ-19).

Whole tournaments (one nm-holdem, one nm-draw) are played by bots and two
people on websockets driven by this test, watched by a spectator at each
table and a lobby socket.  Every frame sent to every seat is recorded: the
people's and spectators' over their sockets, the bots' seats through the
service's subscriber queues (the very frames a socket for that seat would
carry).  Each table frame is then placed at the moment of its hand it shows
(the stored hand log, replayed) and every card in it checked against what
its receiver may know at that moment: his own hole cards, his drawn cards
once he has looked, the board and cards shown at showdown; never another
player's hole cards before they are shown, the deck, burn cards or
discards."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.server import (
    HandTruth,
    LiveServer,
    Socket,
    cards_in,
    create_tournament,
    hand_chips_conserved,
    stored_hand_events,
    text_cards,
)

pytestmark = pytest.mark.timeout(150)


class Person(threading.Thread):
    """A person at the table: records every frame of his socket and, when
    it is his turn, acts (draws, looks, checks, calls, bets, folds) once per
    state he is shown; a rejected message gets a safer one."""

    def __init__(self, sock: Socket, seed: int, done: threading.Event) -> None:
        super().__init__(daemon=True)
        self.sock = sock
        self.rng = random.Random(seed)
        self.done = done
        self.acted: set[str] = set()
        self.errors: list[dict[str, Any]] = []
        self.fallbacks: list[dict[str, Any]] = []
        self.sent: Counter[str] = Counter()

    def run(self) -> None:
        while not self.done.is_set():
            frame = self.sock.recv(0.2)
            if frame is None:
                continue
            if frame["type"] == "error":
                self.errors.append(frame)
                if self.fallbacks:
                    self.send(self.fallbacks.pop(0))
                continue
            if frame["type"] == "tournament" and frame["status"] == "finished":
                return
            if frame["type"] == "table" and frame["hand"] and frame["you"]:
                self.maybe_act(frame["hand"], frame["you"]["seat"])

    def send(self, action: dict[str, Any]) -> None:
        self.sent[action["action"]] += 1
        self.sock.send(action)

    def maybe_act(self, hand: dict[str, Any], seat: int | None) -> None:
        if seat is None or hand["actor"] != seat or hand["phase"] == "complete":
            return
        key = json.dumps(hand, sort_keys=True)
        if key in self.acted:
            return
        self.acted.add(key)
        action, self.fallbacks = self.decide(hand, seat)
        self.send(action)

    def decide(
        self, hand: dict[str, Any], seat: int
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        rng = self.rng
        fold = [{"action": "check_or_call"}, {"action": "fold"}]
        part = hand.get("variant") or {}
        if part.get("can_draw"):
            mine = next(p for p in hand["players"] if p["seat"] == seat)["cards"] or []
            known = [c for c in mine if c]
            count = rng.choice([1, 2, 3, 3, 4])
            return {"action": "draw", "cards": rng.sample(known, min(count, len(known)))}, [
                {"action": "draw", "cards": []}
            ]
        # Look at the first chance (so every run has a Look), later at random.
        first_look = not self.sent["look"]
        if part.get("can_look") and (first_look or part.get("must_look") or rng.random() < 0.5):
            return {"action": "look"}, fold
        legal = hand.get("legal")
        if not legal:
            return {"action": "check_or_call"}, [{"action": "look"}, *fold]
        r = rng.random()
        can_raise = legal["min_raise_to"] is not None
        if can_raise and r < (0.2 if legal["can_check"] else 0.1):
            amount = legal["max_raise_to"] if r < 0.03 else legal["min_raise_to"]
            return {"action": "raise", "amount": amount}, fold
        # Never folding before the draw, a person draws (and holds unseen
        # cards) in nearly every draw hand he is dealt.
        if legal["can_check"] or r < 0.65 or hand.get("round") == "pre-draw":
            return {"action": "check_or_call"}, [{"action": "look"}, {"action": "fold"}]
        return {"action": "fold"}, [{"action": "check_or_call"}]


def tap(
    server: LiveServer, tid: str, player: str | None, tasks: list[asyncio.Task[None]]
) -> list[Any]:
    """Record every frame the service queues for ``player`` (or a
    spectator), as the socket's pump would send it."""
    frames: list[Any] = []

    def subscribe() -> None:
        service = server.floor.get(tid)
        sub = service.subscribe(player, None)

        async def drain() -> None:
            while True:
                text = await sub.next()
                if text is None:
                    return
                frames.append(json.loads(text))

        tasks.append(asyncio.get_running_loop().create_task(drain()))

    server.call(subscribe)
    return frames


def play(tmp_path: Path, profile: str, bots: int, humans: int) -> dict[str, Any]:
    with LiveServer(tmp_path) as server:
        tasks: list[asyncio.Task[None]] = []
        tid = create_tournament(
            server.http,
            profile,
            bots=bots,
            starting_stack=300,
            # Levels run on the clock: on a slow machine (coverage, load) 2 s
            # levels left a draw tournament of 8 over in 9 hands, too few to check.
            level_seconds=4,
            action_seconds=2,
            between_hands_s=0,
            action_delay_ms=0,
        )
        people = [server.register(tid, f"Person {k}") for k in range(humans)]
        bot_players = [r["player"] for r in server.status(tid)["standings"]]
        bot_players = [p for p in bot_players if p not in {p for p, _ in people}]
        assert len(bot_players) == bots
        done = threading.Event()
        sockets: dict[str | None, Any] = {}
        threads = []
        for k, (player, token) in enumerate(people):
            sock = Socket(server.ws_url(tid, token=token))
            person = Person(sock, seed=k, done=done)
            sockets[player] = sock
            threads.append(person)
        expected_tables = -(-(bots + humans) // (10 if profile != "nm-draw" else 5))
        spectators = {t: Socket(server.ws_url(tid, table=t)) for t in range(1, expected_tables + 1)}
        lobby = Socket(server.ws_url(tid))
        taps = {p: tap(server, tid, p, tasks) for p in bot_players}
        for thread in threads:
            thread.start()
        server.start(tid)
        try:
            spectator_frames = {t: [] for t in spectators}
            finished = False
            deadline = time.monotonic() + 100
            while not finished:
                assert time.monotonic() < deadline, server.status(tid)
                for t, sock in spectators.items():
                    while (frame := sock.recv(0.01)) is not None:
                        spectator_frames[t].append(frame)
                while (frame := lobby.recv(0.05)) is not None:
                    if frame["type"] == "tournament" and frame["status"] == "finished":
                        finished = True
            for thread in threads:
                thread.join(timeout=10)
            for t, sock in spectators.items():
                spectator_frames[t] += sock.drain(0.2)
            lobby.drain(0.1)
        finally:
            done.set()
            for sock in [*sockets.values(), *spectators.values(), lobby]:
                sock.close()

        def cancel_taps() -> None:
            for task in tasks:
                task.cancel()

        server.call(cancel_taps)
        store = server.floor.store
        hands = store.hands(tid)
        truths = {h["id"]: HandTruth(store.hand_events(h["id"])) for h in hands}
        # The hand histories: the public steps and text, and each person's text.
        histories: dict[str, Any] = {}
        humans = {p for p, _ in people}
        theirs = [h for h in hands if humans & set(truths[h["id"]].players)]
        others = [h for h in hands if h not in theirs]
        # The people's hands first; others fill up to 45, so a person who
        # busts early still leaves plenty of hands to check.
        sample = theirs[:30]
        sample += (others + theirs[30:])[: 45 - len(sample)]
        for h in sample:
            steps = server.http.get(f"/api/hands/{h['id']}")
            public = server.http.get(f"/api/hands/{h['id']}/text")
            assert steps.status_code == 200 and public.status_code == 200, h
            mine = {}
            for player, token in people:
                if player in truths[h["id"]].players:
                    response = server.http.get(
                        f"/api/hands/{h['id']}/text", headers={"Authorization": f"Bearer {token}"}
                    )
                    assert response.status_code == 200, response.text
                    mine[player] = response.text
            histories[h["id"]] = {
                "steps": steps.json()["steps"],
                "text": public.text,
                "mine": mine,
            }
        for h in hands:
            into, out = hand_chips_conserved(stored_hand_events(store, h["id"]))
            assert into == out, h
        return {
            "status": server.status(tid),
            "hands": hands,
            "truths": truths,
            "people": {p: sockets[p].frames for p, _ in people},
            "persons": threads,
            "bots": taps,
            "spectators": spectator_frames,
            "lobby": lobby.frames,
            "histories": histories,
        }


def check_histories(histories: dict[str, Any], truths: dict[str, HandTruth]) -> Counter[str]:
    """A finished hand's public steps and texts show what a spectator may
    know at each step and at the end; a person's own text adds his cards
    (his drawn cards only if he looked at them)."""
    seen: Counter[str] = Counter()
    for hand_id, history in histories.items():
        truth = truths[hand_id]
        last = len(truth.events) - 1
        for n, step in enumerate(history["steps"]):
            k = truth.moment(step["view"], None)
            assert k is not None, f"{hand_id} step {n}: no such moment: {step['view']}"
            leaked = cards_in(step) - truth.cards_allowed(k, None)
            assert not leaked, f"{hand_id} step {n} ({step['event']['type']}) shows {leaked}"
        leaked = text_cards(history["text"]) - truth.cards_allowed(last, None)
        assert not leaked, f"{hand_id}: the public text shows {leaked}:\n{history['text']}"
        for player, text in history["mine"].items():
            seat = truth.seat_of(player)
            allowed = truth.cards_allowed(last, seat)
            leaked = text_cards(text) - allowed
            assert not leaked, f"{hand_id}: {player}'s text shows {leaked}:\n{text}"
            own = truth.cards_allowed(last, seat) - truth.cards_allowed(last, None)
            if own <= text_cards(text):
                seen["own cards in text"] += 1
        seen["hands"] += 1
    return seen


def check_frames(
    receiver: str | None, frames: list[dict[str, Any]], truths: dict[str, HandTruth]
) -> Counter[str]:
    """Every frame against the log; returns counts of what was seen."""
    seen: Counter[str] = Counter()
    for n, frame in enumerate(frames):
        kind = frame["type"]
        seen[kind] += 1
        where = f"{receiver or 'spectator'} frame {n}"
        if kind != "table" or frame.get("hand") is None:
            assert not cards_in(frame), f"{where} ({kind}) shows cards: {frame}"
            continue
        view = frame["hand"]
        truth = truths[frame["hand_id"]]
        seat = truth.seat_of(receiver)
        assert view["you"] == seat, (where, view["you"], seat)
        k = truth.moment(view, seat)
        assert k is not None, f"{where}: hand {frame['hand_id']} never looked like {view}"
        allowed = truth.cards_allowed(k, seat)
        leaked = cards_in(frame) - allowed
        assert not leaked, (
            f"{where}: {leaked} shown to {receiver or 'a spectator'} (seat {seat}) after"
            f" {k + 1} events of {frame['hand_id']}: {view}"
        )
        if seat is not None:
            mine = next(p for p in view["players"] if p["seat"] == seat)["cards"] or []
            if mine:
                seen["own cards"] += 1
            if None in mine:
                seen["drawn face down"] += 1
        others = [p for p in view["players"] if p["seat"] != seat and p["cards"]]
        if others:
            seen["shown cards"] += 1
    return seen


@pytest.mark.clause("DE-HOLE-1", "DE-HOLE-2", "DE-BURN-11", "DE-MUCKVIEW-1", "NM-D-2E")
@pytest.mark.parametrize(("profile", "bots", "humans"), [("nm-holdem", 10, 2), ("nm-draw", 6, 2)])
def test_no_frame_shows_a_forbidden_card(
    tmp_path: Path, profile: str, bots: int, humans: int
) -> None:
    run = play(tmp_path, profile, bots, humans)
    assert run["status"]["status"] == "finished"
    truths = run["truths"]
    assert len(truths) >= 10, "too few hands to mean anything"
    totals: Counter[str] = Counter()
    for player, frames in run["people"].items():
        seen = check_frames(player, frames, truths)
        assert seen["own cards"] > 0, f"{player} never saw his cards"
        totals += seen
    for player, frames in run["bots"].items():
        seen = check_frames(player, frames, truths)
        assert seen["table"] > 0, f"{player}'s seat got no frames"
        totals += seen
    for table, frames in run["spectators"].items():
        seen = check_frames(None, frames, truths)
        assert seen["table"] > 0, f"the spectator of table {table} got no frames"
        totals += seen
    lobby = check_frames(None, run["lobby"], truths)
    assert set(lobby) == {"tournament"}, lobby
    assert totals["shown cards"] > 0, "no showdown was ever watched"
    history = check_histories(run["histories"], truths)
    assert history["hands"] == min(len(truths), 45), history
    assert history["own cards in text"] > 0, history
    sent: Counter[str] = Counter()
    for person in run["persons"]:
        sent += person.sent
    assert sent["check_or_call"] > 0
    if profile == "nm-draw":
        assert sent["draw"] > 0 and sent["look"] > 0, sent
        assert totals["drawn face down"] > 0, "nobody ever held unseen drawn cards"
