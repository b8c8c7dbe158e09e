"""People over the websocket (issue "Server and browser client", Tests): a
player sees his own cards only, acts (illegal or malformed messages get an
``error`` frame with the clause and change nothing), reconnects to the same
seat; spectators cannot act and see no hole cards; the action clock checks
or folds for a player who does not act."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from floorman.engine.cards import CARDS
from floorman.engine.events import HoleDealt
from tests.helpers.server import (
    LiveServer,
    Socket,
    cards_in,
    create_tournament,
    stored_hand_events,
    wait_until,
)

pytestmark = pytest.mark.timeout(60)


@dataclass
class Duel:
    """Two people heads-up at a de-holdem table (no bots: every action is
    the test's), with their sockets and a spectator's."""

    server: LiveServer
    tid: str
    tokens: dict[str, str]  # player -> token
    sockets: dict[str, Socket] = field(default_factory=dict)

    def connect(self, player: str | None = None, table: int | None = None) -> Socket:
        token = self.tokens[player] if player else None
        return Socket(self.server.ws_url(self.tid, token=token, table=table))

    def store_events(self, hand_id: str) -> list[dict[str, Any]]:
        return list(self.server.floor.store.hand_events(hand_id))

    def holes(self, hand_id: str) -> dict[int, list[str]]:
        events = stored_hand_events(self.server.floor.store, hand_id)
        return {
            e.seat: [str(CARDS[c]) for c in e.cards] for e in events if isinstance(e, HoleDealt)
        }


def make_duel(tmp_path: Path, **overrides: Any) -> Iterator[Duel]:
    body = {
        "level_seconds": 600,
        "starting_stack": 2000,
        "action_seconds": 30,
        "between_hands_s": 0.2,
    }
    body.update(overrides)
    with LiveServer(tmp_path) as server:
        tid = create_tournament(server.http, "de-holdem", **body)
        tokens = {}
        for name in ("Ann", "Ben"):
            player, token = server.register(tid, name)
            tokens[player] = token
        duel = Duel(server, tid, tokens)
        try:
            yield duel
        finally:
            for sock in duel.sockets.values():
                sock.close()


@pytest.fixture
def duel(tmp_path: Path) -> Iterator[Duel]:
    yield from make_duel(tmp_path)


@pytest.fixture
def quick_duel(tmp_path: Path) -> Iterator[Duel]:
    # no time bank: the clock itself runs out (DE-TIME-4, OQ-63); 3 s, so
    # that a loaded machine still gets Y's call in before Y's own time is up
    yield from make_duel(tmp_path, action_seconds=3, time_bank_seconds=0)


def is_table(frame: dict[str, Any]) -> bool:
    return frame.get("type") == "table" and frame.get("hand") is not None


def live_hand(frame: dict[str, Any]) -> bool:
    return (
        is_table(frame)
        and frame["hand"]["phase"] != "complete"
        and frame["hand"]["actor"] is not None
    )


def started_duel(duel: Duel) -> dict[str, dict[str, Any]]:
    """Both players and a spectator connected, then the start; returns the
    first table frame each got of the first hand."""
    players = list(duel.tokens)
    for p in players:
        duel.sockets[p] = duel.connect(p)
    duel.sockets["spectator"] = duel.connect(table=1)
    for sock in duel.sockets.values():
        hello = sock.wait_for(lambda f: f["type"] == "tournament", 30, "the summary")
        assert hello["status"] == "registering"
    duel.server.start(duel.tid)
    return {
        who: sock.wait_for(live_hand, 10, "the first hand") for who, sock in duel.sockets.items()
    }


@pytest.mark.clause("DE-HOLE-1", "DE-HOLE-2")
def test_player_sees_his_own_cards_only(duel: Duel) -> None:
    lobby = duel.connect()
    try:
        first = started_duel(duel)
        hand_id = first["spectator"]["hand_id"]
        holes = duel.holes(hand_id)
        assert len(holes) == 2
        for player in duel.tokens:
            frame = first[player]
            assert frame["you"]["player"] == player
            seat = frame["you"]["seat"]
            assert frame["hand_id"] == hand_id and frame["hand"]["you"] == seat
            rows = {row["seat"]: row for row in frame["hand"]["players"]}
            assert rows[seat]["cards"] == holes[seat]
            other = next(s for s in rows if s != seat)
            assert rows[other]["cards"] is None and rows[other]["has_cards"]
            assert cards_in(frame) == set(holes[seat]), "only his own two cards"
        spectator = first["spectator"]
        assert spectator["you"] is None and spectator["hand"]["legal"] is None
        assert all(row["cards"] is None for row in spectator["hand"]["players"])
        assert cards_in(spectator) == set()
        # The lobby socket (no token, no table) gets summaries, never a table.
        lobby.drain(0.3)
        assert lobby.frames and all(f["type"] == "tournament" for f in lobby.frames)
        assert lobby.frames[-1]["status"] == "running"
    finally:
        lobby.close()


def actor_and_other(duel: Duel, frame: dict[str, Any]) -> tuple[str, str]:
    actor_seat = frame["hand"]["actor"]
    seats = {}
    for player in duel.tokens:
        seats[player] = next(
            f
            for f in duel.sockets[player].frames
            if is_table(f) and f["hand_id"] == frame["hand_id"]
        )["you"]["seat"]
    actor = next(p for p, s in seats.items() if s == actor_seat)
    other = next(p for p in seats if p != actor)
    return actor, other


def expect_error(sock: Socket, message: Any, timeout: float = 5) -> dict[str, Any]:
    """Send ``message``; the answer is an error frame naming a clause, and
    no table frame before it shows a change (nothing changed)."""
    sock.drain(0.1)
    last = next((f["hand"] for f in reversed(sock.frames) if f["type"] == "table"), None)
    sock.send(message)
    while True:
        frame = sock.wait_for(
            lambda f: f["type"] in ("error", "table"), timeout, f"an answer to {message!r}"
        )
        if frame["type"] == "error":
            break
        assert frame["hand"] == last, f"{message!r} was accepted: {frame}"
    assert isinstance(frame.get("clause"), str) and frame["clause"], frame
    assert frame.get("message"), frame
    return frame


def test_actions_legal_illegal_and_malformed(duel: Duel) -> None:
    first = started_duel(duel)
    hand_id = first["spectator"]["hand_id"]
    actor, other = actor_and_other(duel, first["spectator"])
    act, wait = duel.sockets[actor], duel.sockets[other]
    before_events = duel.store_events(hand_id)
    before_view = first[actor]["hand"]
    legal = before_view["legal"]
    assert legal and legal["call_amount"] > 0  # heads-up, the button faces the big blind

    errors = [
        expect_error(wait, {"action": "call"}),  # out of turn
        expect_error(act, {"action": "check"}),  # facing a bet
        expect_error(act, {"action": "raise", "amount": legal["min_raise_to"] - 1}),
        expect_error(act, {"action": "raise", "amount": legal["max_raise_to"] + 1}),
        expect_error(act, {"action": "draw", "cards": ["As"]}),  # no draw in hold'em
        expect_error(act, {"action": "look"}),
    ]
    assert errors[0]["error"] == "OutOfTurn"
    assert errors[1]["error"] == "ActionNotAllowed"
    assert errors[2]["error"] == "AmountOutOfRange" and errors[2]["allowed"] == [
        legal["min_raise_to"],
        legal["max_raise_to"],
    ]
    for malformed in (
        "this is not JSON",
        "{",
        "[1, 2]",
        '"fold"',
        "null",
        {"action": "dance"},
        {"action": "raise"},
        {"action": "raise", "amount": "lots"},
        {"action": "raise", "amount": True},
        {"amount": 40},
        {"action": ["fold"]},
        "x" * 20_000,
    ):
        expect_error(act, malformed)
    assert duel.store_events(hand_id) == before_events, "a rejected message changed the hand"
    for sock in duel.sockets.values():
        extra = [f for f in sock.drain(0.2) if f["type"] == "table"]
        assert all(f["hand"] == sock.frames[-1]["hand"] for f in extra)

    # A legal action: everyone gets the new state, and it is stored; it is
    # binding at once (DE-INTURN-1).
    act.send({"action": "call"})
    moved = wait.wait_for(
        lambda f: is_table(f) and f["hand"]["actor"] != before_view["actor"], 5, "the call"
    )
    events = duel.store_events(hand_id)
    assert events[: len(before_events)] == before_events
    assert events[len(before_events)]["type"] == "Called"
    mine = next(row for row in moved["hand"]["players"] if row["seat"] == moved["you"]["seat"])
    assert moved["hand"]["actor"] == moved["you"]["seat"] and moved["hand"]["legal"]["can_check"]
    assert mine["cards"] is not None
    spectator = duel.sockets["spectator"].wait_for(
        lambda f: is_table(f) and f["hand"]["actor"] != before_view["actor"], 5, "the call"
    )
    assert spectator["hand"]["pot"] == moved["hand"]["pot"]
    # The same call again is now out of turn.
    assert expect_error(act, {"action": "call"})["error"] in ("OutOfTurn", "ActionNotAllowed")


def test_a_binary_frame_is_refused_like_any_malformed_message(duel: Duel) -> None:
    """The protocol is JSON text; a binary frame gets an error frame with the
    clause like any other malformed message, and the seat's socket stays."""
    first = started_duel(duel)
    actor, _ = actor_and_other(duel, first["spectator"])
    sock = duel.sockets[actor]
    hand_id = first["spectator"]["hand_id"]
    before = duel.store_events(hand_id)
    sock.conn.send(b'{"action": "fold"}')
    try:
        frame = sock.wait_for(lambda f: f["type"] == "error", 30, "an error frame")
    except ConnectionClosed as closed:
        raise AssertionError(f"a binary frame dropped the player's connection: {closed}") from None
    assert frame["clause"], frame
    assert duel.store_events(hand_id) == before
    sock.send({"action": "call"})
    sock.wait_for(
        lambda f: is_table(f) and f["hand"]["actor"] != first[actor]["you"]["seat"], 5, "the call"
    )


def test_reconnect_keeps_the_seat(duel: Duel) -> None:
    first = started_duel(duel)
    hand_id = first["spectator"]["hand_id"]
    actor, _ = actor_and_other(duel, first["spectator"])
    seat = first[actor]["you"]["seat"]
    cards = next(r for r in first[actor]["hand"]["players"] if r["seat"] == seat)["cards"]
    duel.sockets.pop(actor).close()
    time.sleep(0.1)
    again = duel.connect(actor)
    duel.sockets[actor] = again
    frame = again.wait_for(is_table, 30, "the table after reconnecting")
    assert frame["you"]["player"] == actor and frame["you"]["seat"] == seat
    assert frame["you"]["away"] is False
    assert frame["hand_id"] == hand_id
    assert next(r for r in frame["hand"]["players"] if r["seat"] == seat)["cards"] == cards
    assert frame["hand"]["actor"] == seat and frame["hand"]["legal"]
    me = duel.server.http.get(
        f"/api/tournaments/{duel.tid}/me", headers={"Authorization": f"Bearer {duel.tokens[actor]}"}
    ).json()
    assert (me["table"], me["seat"], me["status"]) == (1, seat, "playing")
    # And he can act from the new connection.
    again.send({"action": "call"})
    again.wait_for(lambda f: is_table(f) and f["hand"]["actor"] != seat, 30, "his call to count")
    assert duel.store_events(hand_id)[-1]["type"] in ("Called", "BetsCollected", "BoardDealt")


@pytest.mark.clause("DE-COLLUSION-1", "DE-HOLE-2")
def test_spectators_cannot_act_and_see_no_hole_cards(duel: Duel) -> None:
    first = started_duel(duel)
    hand_id = first["spectator"]["hand_id"]
    spectator = duel.sockets["spectator"]
    before = duel.store_events(hand_id)
    for message in ({"action": "fold"}, {"action": "call"}, {"action": "check_or_call"}):
        error = expect_error(spectator, message)
        assert error["clause"] == "DE-COLLUSION-1"
    assert duel.store_events(hand_id) == before
    # Asking to watch the table again sends it at once.
    spectator.send({"type": "watch", "table": 1})
    frame = spectator.wait_for(is_table, 30, "the watched table")
    assert frame["you"] is None and cards_in(frame) == set()
    # Play the hand to its end: the spectator never sees a hole card that was
    # not shown.
    actor, _ = actor_and_other(duel, first["spectator"])
    duel.sockets[actor].send({"action": "fold"})
    done = spectator.wait_for(
        lambda f: is_table(f) and f["hand"]["phase"] == "complete", 5, "the end"
    )
    assert all(row["cards"] is None for row in done["hand"]["players"])
    for f in spectator.frames:
        assert (
            f["type"] != "table" or not f["hand"] or cards_in(f) <= set(f["hand"].get("board", []))
        ), f
    # A forged token is refused; an unknown tournament too: accepted, then
    # closed with a code the browser takes as final (api.js stops retrying).
    with pytest.raises(ConnectionClosed) as forged:
        Socket(duel.server.ws_url(duel.tid, token="forged")).recv(2)
    assert forged.value.rcvd is not None and forged.value.rcvd.code == 4403
    assert forged.value.rcvd.reason == "unknown player token"
    with pytest.raises(ConnectionClosed) as nowhere:
        Socket(duel.server.ws_url("no-such-id")).recv(2)
    assert nowhere.value.rcvd is not None and nowhere.value.rcvd.code == 4404


@pytest.mark.clause("DE-TIME-4", "OQ-63")
def test_time_outs_fold_or_check(quick_duel: Duel) -> None:
    duel = quick_duel
    first = started_duel(duel)
    hand_id = first["spectator"]["hand_id"]
    x, y = actor_and_other(duel, first["spectator"])
    x_seat = first[x]["you"]["seat"]
    # The first frame of the hand may carry the clock already (frames are
    # coalesced when they come fast).
    timer = first[x] if first[x]["timer"] else None
    timer = timer or duel.sockets[x].wait_for(lambda f: is_table(f) and f["timer"], 30, "the clock")
    assert timer["timer"]["seat"] == x_seat and timer["timer"]["seconds"] == 3
    # X faces the big blind and does nothing: folded (DE-TIME-4, OQ-63).
    deadline = timer["timer"]["deadline"]
    wait_until(
        lambda: duel.store_events(hand_id)[-1]["type"] == "HandEnded", 15, "the time-out fold"
    )
    # Not before his time was up, and soon after (the server and the test
    # share the machine's clock).
    assert deadline - 0.05 <= time.time() < deadline + 3, (time.time(), deadline)
    folds = [e for e in duel.store_events(hand_id) if e["type"] == "Folded"]
    assert folds == [{"type": "Folded", "seat": x_seat, "reason": "timeout"}]

    # Next hand Y has the button and calls; X may check his option but
    # lets the clock run: checked for him.
    y_sock = duel.sockets[y]
    second = y_sock.wait_for(
        lambda f: (
            live_hand(f) and f["hand_id"] != hand_id and f["hand"]["actor"] == f["you"]["seat"]
        ),
        15,
        "Y to act in the next hand",
    )
    y_sock.send({"action": "call"})
    next_id = second["hand_id"]
    wait_until(
        lambda: any(e["type"] == "Checked" for e in duel.store_events(next_id)),
        15,
        "the timeout check",
    )
    checks = [e for e in duel.store_events(next_id) if e["type"] == "Checked"]
    assert checks[0] == {"type": "Checked", "seat": x_seat, "reason": "timeout"}
    # Two time-outs in a row: X is away (OQ-45) until he is back.
    tournament = duel.server.floor.get(duel.tid).tournament
    wait_until(lambda: tournament.players[x].absent, 30, "X marked absent")
    spectator = duel.sockets["spectator"]
    spectator.wait_for(
        lambda f: (
            f["type"] == "table" and any(s["player"] == x and s["absent"] for s in f["seats"])
        ),
        15,
        "the table showing X away",
    )
    duel.sockets.pop(x).close()
    duel.sockets[x] = duel.connect(x)
    wait_until(lambda: not tournament.players[x].absent, 30, "X back at his seat")
