"""A crash mid-tournament loses nothing (issue "Server and browser client",
Tests): the real ``floorman serve`` is killed with SIGKILL while its bots
are playing, started again on the same database, and the tournament goes
on -- the interrupted hands from their stored logs -- to the end, with
every chip accounted for."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from floorman.storage import Store
from tests.helpers.server import (
    AUTH,
    DIRECTOR,
    VENV_BIN,
    LiveServer,
    ServeProcess,
    Socket,
    create_tournament,
    free_port,
    hand_chips_conserved,
    serving,
    sqlite_url,
    stored_hand_events,
    tournament_body,
    wait_until,
)

pytestmark = [pytest.mark.slow, pytest.mark.timeout(150)]

PLAYERS = 20
STACK = 200


def env_for(data: Path, port: int) -> dict[str, str]:
    return {
        "FLOORMAN_PORT": str(port),
        "FLOORMAN_DATA_DIR": str(data),
        "FLOORMAN_DATABASE_URL": sqlite_url(data),
        "FLOORMAN_DIRECTOR_TOKEN": DIRECTOR,
    }


def hands_in(store: Store, tid: str, status: str | None = None) -> list[dict[str, Any]]:
    return store.hands(tid, status=status)


def get(server: ServeProcess, path: str) -> Any:
    response = httpx.get(server.url + path, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def test_kill_minus_nine_and_resume(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    port = free_port()
    command = [str(VENV_BIN / "floorman"), "serve"]
    store = Store(sqlite_url(data))  # a reader of the same database
    try:
        with serving(command, env_for(data, port), tmp_path, port) as first:
            first.wait_healthy(30)
            body = tournament_body(
                "nm-holdem",
                bots=PLAYERS,
                starting_stack=STACK,
                level_seconds=3,
                action_delay_ms=20,
            )
            response = httpx.post(f"{first.url}/api/tournaments", json=body, headers=AUTH)
            assert response.status_code == 200, response.text
            tid = response.json()["id"]
            response = httpx.post(f"{first.url}/api/tournaments/{tid}/start", headers=AUTH)
            assert response.status_code == 200, response.text

            def mid_hand() -> bool:
                done = hands_in(store, tid, "finished")
                running = hands_in(store, tid, "running")
                return len(done) >= 6 and any(len(store.hand_events(h["id"])) >= 6 for h in running)

            wait_until(mid_hand, 40, "some hands played and one under way")
            first.kill9()
            assert first.proc.returncode == -9

        state = Store(sqlite_url(data))
        try:
            before_done = {h["id"] for h in hands_in(state, tid, "finished")}
            interrupted = {
                h["id"]: state.hand_events(h["id"]) for h in hands_in(state, tid, "running")
            }
            status_at_kill = state.tournaments()[0].status
        finally:
            state.close()
        assert status_at_kill == "running"
        assert interrupted, "no hand was under way when the server was killed"
        assert all(events for events in interrupted.values())

        with serving(command, env_for(data, port), tmp_path, port) as second:
            second.wait_healthy(30)
            resumed = get(second, f"/api/tournaments/{tid}")
            assert resumed["status"] in ("running", "finished"), resumed
            assert resumed["players"] == PLAYERS
            deadline = time.monotonic() + 70
            while (state_now := get(second, f"/api/tournaments/{tid}"))["status"] != "finished":
                assert time.monotonic() < deadline, f"not finished: {state_now}"
                time.sleep(0.2)
            final = state_now
            listed = get(second, f"/api/tournaments/{tid}/hands")
            second.stop()

        # More hands were played after the restart, none is left running.
        every = hands_in(store, tid)
        assert all(h["status"] == "finished" for h in every), [
            h for h in every if h["status"] != "finished"
        ]
        assert len(every) > len(before_done) + len(interrupted)
        assert {h["id"] for h in listed} == {h["id"] for h in every}
        ids = [h["id"] for h in every]
        assert len(ids) == len(set(ids))
        # Each interrupted hand went on from its log: what was stored before
        # the crash is the beginning of the finished log.
        for hand_id, old in interrupted.items():
            new = store.hand_events(hand_id)
            assert new[: len(old)] == old, f"{hand_id} did not continue from its log"
            assert len(new) > len(old) and new[-1]["type"] == "HandEnded", hand_id
        # No hand created or lost a chip.
        for h in every:
            into, out = hand_chips_conserved(stored_hand_events(store, h["id"]))
            assert into == out, (h["id"], into, out)
        # Hand numbers run on per table without gaps or repeats.
        for table in {h["table"] for h in every}:
            numbers = sorted(h["hand"] for h in every if h["table"] == table)
            assert numbers == list(range(1, len(numbers) + 1)), (table, numbers)

        rows = final["standings"]
        assert len(rows) == PLAYERS and all(r["place"] is not None for r in rows)
        winner = next(r for r in rows if r["place"] == 1)
        assert winner["chips"] == PLAYERS * STACK
        assert final["winner"] == winner["player"]
        assert sum(r["chips"] for r in rows) == PLAYERS * STACK
    finally:
        store.close()


def test_a_player_keeps_his_seat_and_his_hand_across_a_restart(tmp_path: Path) -> None:
    """People's tokens and the hand they are playing survive a restart: the
    same token finds the same seat, the same cards, and the hand goes on."""

    def view(server: LiveServer, tid: str, token: str | None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = server.http.get(f"/api/tournaments/{tid}/tables/1", headers=headers)
        assert response.status_code == 200, response.text
        return dict(response.json())

    with LiveServer(tmp_path) as server:
        tid = create_tournament(
            server.http,
            "de-holdem",
            level_seconds=600,
            starting_stack=1000,
            action_seconds=60,
            between_hands_s=0.2,
        )
        tokens = dict(server.register(tid, name) for name in ("Ann", "Ben"))
        server.start(tid)
        first = wait_until(
            lambda: (v := view(server, tid, None))["hand"] and v["hand"]["actor"] and v,
            10,
            "the first hand",
        )
        hand_id = first["hand_id"]
        seen = {p: view(server, tid, t) for p, t in tokens.items()}
        seat = {p: v["you"]["seat"] for p, v in seen.items()}
        cards = {
            p: next(r["cards"] for r in v["hand"]["players"] if r["seat"] == seat[p])
            for p, v in seen.items()
        }
        button = next(p for p in tokens if seat[p] == first["hand"]["actor"])
        response = server.http.post(
            f"/api/tournaments/{tid}/actions",
            json={"action": "call"},
            headers={"Authorization": f"Bearer {tokens[button]}"},
        )
        assert response.status_code == 200, response.text
        before = server.floor.store.hand_events(hand_id)

    with LiveServer(tmp_path) as server:
        big_blind = next(p for p in tokens if p != button)
        for player, token in tokens.items():
            me = server.http.get(
                f"/api/tournaments/{tid}/me", headers={"Authorization": f"Bearer {token}"}
            )
            assert me.status_code == 200, me.text
            assert (me.json()["player"], me.json()["seat"]) == (player, seat[player])
        with Socket(server.ws_url(tid, token=tokens[big_blind])) as sock:
            frame = sock.wait_for(lambda f: f["type"] == "table" and f["hand"], 30, "his table")
            assert frame["hand_id"] == hand_id
            you = frame["you"]
            assert (you["player"], you["seat"], you["away"]) == (big_blind, seat[big_blind], False)
            mine = next(r for r in frame["hand"]["players"] if r["seat"] == seat[big_blind])
            assert mine["cards"] == cards[big_blind]
            assert frame["hand"]["actor"] == seat[big_blind] and frame["hand"]["legal"]["can_check"]
            sock.send({"action": "check"})
            flop = sock.wait_for(
                lambda f: f["type"] == "table" and f["hand"] and len(f["hand"]["board"]) == 3,
                5,
                "the flop",
            )
            assert flop["hand_id"] == hand_id
        after = server.floor.store.hand_events(hand_id)
        assert after[: len(before)] == before
        assert after[len(before)] == {"type": "Checked", "seat": seat[big_blind], "reason": ""}


def test_ctrl_c_stops_a_busy_server_promptly(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT) stops the server within seconds even while bots are
    dealing at full speed; the tournament is left running in the database,
    to be resumed at the next start -- not played out during the shutdown."""
    data = tmp_path / "data"
    data.mkdir()
    port = free_port()
    command = [str(VENV_BIN / "floorman"), "serve"]
    store = Store(sqlite_url(data))
    try:
        with serving(command, env_for(data, port), tmp_path, port) as server:
            server.wait_healthy(30)
            body = tournament_body(
                "nm-holdem", bots=20, starting_stack=20_000, level_seconds=600, action_delay_ms=0
            )
            response = httpx.post(f"{server.url}/api/tournaments", json=body, headers=AUTH)
            assert response.status_code == 200, response.text
            tid = response.json()["id"]
            response = httpx.post(f"{server.url}/api/tournaments/{tid}/start", headers=AUTH)
            assert response.status_code == 200, response.text
            wait_until(lambda: len(hands_in(store, tid)) >= 4, 30, "hands being dealt")
            started = time.monotonic()
            server.stop(timeout=10)
            assert time.monotonic() - started < 10
        assert store.tournaments()[0].status == "running"
    finally:
        store.close()
