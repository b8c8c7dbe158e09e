"""Bots as external websocket clients (``floorman bot``): they register over
HTTP and play whole tournaments through the same protocol as people."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from floorman.bots import make_bot
from floorman.cli.bot import play, register
from tests.helpers.server import AUTH, LiveServer, wait_until


@pytest.mark.parametrize("profile", ["nm-holdem", "nm-draw"])
def test_external_bots_play_a_tournament_to_the_end(tmp_path: Path, profile: str) -> None:
    with LiveServer(tmp_path) as server:
        created = server.http.post(
            "/api/tournaments",
            headers=AUTH,
            json={
                "profile": profile,
                "bots": 3,
                "action_delay_ms": 0,
                "between_hands_s": 0,
                "starting_stack": 300,
                "level_seconds": 20,
                "action_seconds": 5,
            },
        )
        assert created.status_code == 200, created.text
        tournament = created.json()["id"]
        seats = [register(server.url, tournament, f"Remote {k}") for k in range(2)]
        results: list[dict[str, Any]] = []

        def client(token: str, seed: int) -> None:
            results.append(
                asyncio.run(
                    play(server.url, tournament, token, make_bot("sensible"), random.Random(seed))
                )
            )

        threads = [
            threading.Thread(target=client, args=(s["token"], k), daemon=True)
            for k, s in enumerate(seats)
        ]
        for thread in threads:
            thread.start()
        server.start(tournament)
        final = wait_until(
            lambda: (s := server.status(tournament))["status"] == "finished" and s,
            120,
            "the tournament to finish",
        )
        for thread in threads:
            thread.join(timeout=30)
        places = sorted(row["place"] for row in final["standings"])
        assert places[0] == 1 and len(places) == 5
        # The remote players acted themselves: they never timed out into absence.
        remote = {s["player"] for s in seats}
        rulings = server.http.get(f"/api/tournaments/{tournament}/rulings").json()
        assert not [r for r in rulings if r.get("type") == "absence" and r["player"] in remote]
        hands = server.http.get(f"/api/tournaments/{tournament}/hands").json()
        acted = server.call(lambda: _remote_actions(server, hands, remote))
        assert acted > 0
        assert results and all(r.get("status") == "finished" for r in results)


def _remote_actions(server: LiveServer, hands: list[dict[str, Any]], remote: set[str]) -> int:
    """Betting or drawing actions the remote players made, from the stored logs."""
    store = server.floor.store
    count = 0
    for row in hands:
        events = store.hand_events(row["id"])
        players = events[0]["players"]
        seats = events[0]["seats"]
        mine = {seat for seat, player in zip(seats, players, strict=True) if player in remote}
        count += sum(
            1
            for e in events
            if e["type"] in ("Checked", "Called", "BetOrRaised", "Discarded", "Looked")
            and e.get("seat") in mine
            and not e.get("reason")
        )
    return count
