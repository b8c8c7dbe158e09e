"""A finished event as its people read it (issue 26): a player in the money
has his prize on his own record and frame (his page links the results),
the table's level clock stands still for good (``level.running`` False),
and the tournament's details name who was paid what.  Three people play
all-in until one has every chip; what is asserted is the server's own
account (its standings and prize table), whoever the cards favour."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.helpers.server import wait_until
from tests.helpers.server_api import bearer, start_humans, status, table_view

pytestmark = pytest.mark.timeout(120)


def shove(client: TestClient, tid: str, token: str, view: dict[str, Any]) -> None:
    """The actor puts all his chips in (or calls, or checks when he may)."""
    hand = view["hand"]
    actions, legal = hand["actions"], hand["legal"]
    if "raise" in actions or "bet" in actions:
        body = {"action": "raise" if "raise" in actions else "bet", "amount": legal["max_raise_to"]}
    else:
        body = {"action": "call" if "call" in actions else "check"}
    client.post(f"/api/tournaments/{tid}/actions", json=body, headers=bearer(token))


def play_all_in_to_the_end(client: TestClient, tid: str, by_player: dict[str, str]) -> None:
    def finished() -> bool:
        if status(client, tid)["status"] == "finished":
            return True
        view = table_view(client, tid, None)
        hand = view["hand"]
        if hand and hand["phase"] != "complete" and hand["actor"] is not None:
            actor = next(s["player"] for s in view["seats"] if s["seat"] == hand["actor"])
            mine = table_view(client, tid, by_player[actor])
            if mine["hand"] and mine["hand"]["actor"] == hand["actor"]:
                shove(client, tid, by_player[actor], mine)
        return False

    wait_until(finished, 90, "the tournament's end", interval=0.05)


@pytest.mark.clause("OQ-39")
def test_the_money_places_read_their_prize_and_the_clock_stands_still(
    client: TestClient,
) -> None:
    tid, by_seat = start_humans(
        client, ["Ann", "Ben", "Cat"], between_hands_s=0.05, prize_pool=1000, payout_shares=[70, 30]
    )
    by_player = {table_view(client, tid, t)["you"]["player"]: t for t in by_seat.values()}
    level = table_view(client, tid, None)["level"]
    assert level["running"] is True
    play_all_in_to_the_end(client, tid, by_player)

    details = status(client, tid)
    paid = {p["place"]: p["amount"] for p in details["prizes"]}
    assert paid and sum(paid.values()) == 1000
    rows = {r["player"]: r for r in details["standings"]}
    in_money = [r for r in rows.values() if r["place"] in paid]
    assert in_money and all(r["prize"] > 0 for r in in_money)
    for player, token in by_player.items():
        me = client.get(f"/api/tournaments/{tid}/me", headers=bearer(token)).json()
        assert me["prize"] == rows[player]["prize"]  # his own record says it
    second = next((r for r in in_money if r["place"] == 2 and r["shared"] == 1), None)
    if second is not None:  # not a place shared by two busted in one hand
        you = table_view(client, tid, by_player[second["player"]])["you"]
        assert you["status"] == "out" and you["prize"] == paid[2]
    final = table_view(client, tid, None)["level"]
    assert final is not None and final["running"] is False  # stands still for good
