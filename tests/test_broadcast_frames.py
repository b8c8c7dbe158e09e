"""Frames built once per change, serialised once, and bounded in memory
(issue 12, "Fast on one process too" and the queued-frame cap): every
spectator of a table shares one frame, a seat's frame is built once however
many sockets it has, a stalled socket holds the newest state and not
hundreds of old ones, and all queued frames of the process together stay
under a budget (a socket behind is closed with 4413, the others go on)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest

from floorman.services.broadcast import (
    OTHER_FRAMES_LIMIT,
    SEAT_TAKEN_CODE,
    TOO_SLOW_CODE,
    Broadcaster,
    FrameBudget,
    Subscriber,
)


class Views:
    """Table views that count how often each viewer's was built."""

    def __init__(self, seats: dict[int, list[str]]) -> None:
        self.seats = seats
        self.built: list[str | None] = []
        self.version = 0

    def frames(self, table: int, viewers: list[str | None]) -> dict[str | None, dict[str, Any]]:
        self.built.extend(viewers)
        return {
            v: {
                "type": "table",
                "table": table,
                "you": v,
                "version": self.version,
                "pad": "x" * 100,
            }
            for v in viewers
        }

    def seated_at(self, player: str) -> int | None:
        return next((t for t, ps in self.seats.items() if player in ps), None)


def broadcaster(
    views: Views,
    *,
    budget: FrameBudget | None = None,
    after_stored: Callable[[Callable[[], None]], None] = lambda deliver: deliver(),
) -> Broadcaster:
    return Broadcaster(
        views.frames,
        lambda: {"type": "tournament", "version": views.version},
        views.seated_at,
        lambda table: views.seats.get(table, []),
        after_stored,
        budget=budget or FrameBudget(),
    )


def drain(sub: Subscriber) -> list[str]:
    frames = []
    while (text := sub.take()) is not None:
        frames.append(text)
    return frames


@pytest.fixture()
def loop() -> Any:
    """Subscribers make asyncio events: give them a loop to belong to."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    yield loop
    asyncio.set_event_loop(None)
    loop.close()


def test_spectators_share_one_frame_built_once(loop: Any) -> None:
    views = Views({1: ["p1", "p2"]})
    hub = broadcaster(views)
    spectators = [hub.subscribe(None, 1) for _ in range(200)]
    players = [hub.subscribe("p1", None), hub.subscribe("p2", None)]
    hub.broadcast_table(1)
    # one spectator view and one per seat: 3 built for 202 sockets
    assert sorted(views.built, key=str) == sorted([None, "p1", "p2"], key=str)
    assert hub.frames_built == 3
    texts = [drain(s) for s in spectators]
    assert all(t == texts[0] for t in texts) and len(texts[0]) == 1
    assert all(t[0] is texts[0][0] for t in texts), "the spectators' frame is one shared text"
    assert json.loads(drain(players[0])[0])["you"] == "p1"
    assert json.loads(drain(players[1])[0])["you"] == "p2"


def test_a_seat_open_twice_is_built_once(loop: Any) -> None:
    views = Views({1: ["p1"]})
    hub = broadcaster(views)
    tabs = [hub.subscribe("p1", None) for _ in range(3)]
    hub.broadcast_table(1)
    assert views.built == ["p1"]
    assert [len(drain(t)) for t in tabs] == [1, 1, 1]


def test_other_tables_are_not_looked_at_or_built(loop: Any) -> None:
    views = Views({1: ["p1"], 2: ["p2"]})
    hub = broadcaster(views)
    watcher_of_2 = hub.subscribe(None, 2)
    hub.subscribe("p2", None)
    hub.broadcast_table(1)  # nobody sees table 1
    assert views.built == [] and drain(watcher_of_2) == []
    watcher_of_2.table = 1  # the socket's watch request moves it
    hub.broadcast_table(1)
    hub.broadcast_table(2)
    assert views.built == [None, "p2"]
    assert [json.loads(t)["table"] for t in drain(watcher_of_2)] == [1]


def test_a_stalled_socket_holds_only_the_newest_state(loop: Any) -> None:
    views = Views({1: ["p1"]})
    hub = broadcaster(views)
    stalled = hub.subscribe("p1", None)
    for version in range(1000):
        views.version = version
        hub.broadcast_table(1)
        hub.broadcast_summary()
    frames = [json.loads(t) for t in drain(stalled)]
    assert [(f["type"], f["version"]) for f in frames] == [("table", 999), ("tournament", 999)]


def test_other_frames_are_capped_per_socket_oldest_first(loop: Any) -> None:
    hub = broadcaster(Views({1: ["p1"]}))
    sub = hub.subscribe("p1", None)
    line = {"type": "chat", "text": "y" * 1000}
    for number in range(1000):
        sub.send({**line, "n": number})
    kept = [json.loads(t)["n"] for t in drain(sub)]
    assert sum(len(json.dumps({**line, "n": n}, separators=(",", ":"))) for n in kept) <= (
        OTHER_FRAMES_LIMIT
    )
    assert kept == list(range(1000 - len(kept), 1000)), "the newest lines are kept, in order"
    assert 200 < len(kept) < 1000


def test_the_process_budget_closes_the_sockets_behind_4413(loop: Any) -> None:
    views = Views({1: ["p1"]})
    hub = broadcaster(views)
    probe = hub.subscribe(None, 1)
    hub.broadcast_table(1)
    frame = len(drain(probe)[0])
    hub.unsubscribe(probe)
    budget = hub.budget = FrameBudget(limit=3 * frame + 10)
    reader, slow, slower = (hub.subscribe(None, 1) for _ in range(3))
    for sub in (reader, slow, slower):
        sub.budget = budget
    hub.broadcast_table(1)  # three frames: within the budget
    assert budget.queued == 3 * frame and not any(s.closing for s in (reader, slow, slower))
    drain(reader)  # one socket keeps up, two are stalled
    line = json.dumps({"type": "chat", "text": "z" * (2 * frame)})
    for sub in (slow, slower, reader):  # a line bigger than the room left
        sub.push(line)
    assert not reader.closing and len(drain(reader)) == 1, "a socket that keeps up goes on"
    assert slow.closing and slow.close_code == TOO_SLOW_CODE
    assert slower.closing and slower.close_code == TOO_SLOW_CODE
    assert drain(slow) == [] and drain(slower) == [], "a shed socket's frames are dropped"
    assert budget.queued == 0, "every byte is given back"


def test_frames_wait_until_the_change_is_stored(loop: Any) -> None:
    waiting: list[Callable[[], None]] = []
    views = Views({1: ["p1"]})
    hub = broadcaster(views, after_stored=waiting.append)
    sub = hub.subscribe("p1", None)
    views.version = 7
    hub.broadcast_table(1)
    views.version = 8  # the state moves on before the write is done
    assert drain(sub) == [], "nothing is told before it is stored"
    for deliver in waiting:
        deliver()
    assert [json.loads(t)["version"] for t in drain(sub)] == [7], "the frame of that change"


def test_seat_taken_sends_then_closes_4409(loop: Any) -> None:
    hub = broadcaster(Views({1: ["p1"]}))
    old = hub.subscribe("p1", None)
    old.send({"type": "chat", "text": "queued before"})
    new = hub.subscribe("p1", None)
    assert hub.take_seat(new) == 1
    frames = [json.loads(t)["type"] for t in drain(old)]
    assert frames == ["seat_taken"] and old.close_code == SEAT_TAKEN_CODE
    assert old not in hub.subscribers and new in hub.subscribers

    async def next_after_close() -> str | None:
        return await old.next()

    assert loop.run_until_complete(next_after_close()) is None, "then the socket is closed"
