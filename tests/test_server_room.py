"""Issue 26, a console made for the room, over the HTTP API: the room view
of a running tournament (every table's street, pot and player to act as the
table's own spectators see them, no hole card; who is away and why; who has
no socket open; the chips in play), for the director only; and the move
and balancing slips with the seating list of the whole field, read from
the tournament's move events."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.helpers.server import AUTH, CARD_RUN, WRONG, create_tournament, wait_until
from tests.helpers.server_api import hand_running, start_humans, table_view

pytestmark = pytest.mark.timeout(120)


def room_of(client: TestClient, tid: str) -> dict[str, Any]:
    answer = client.get(f"/api/tournaments/{tid}/room", headers=AUTH)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_the_room_is_the_directors_alone(client: TestClient) -> None:
    tid, _ = start_humans(client, ["Ann", "Ben"], between_hands_s=60)
    assert client.get(f"/api/tournaments/{tid}/room").status_code == 401
    assert client.get(f"/api/tournaments/{tid}/room", headers=WRONG).status_code == 403


@pytest.mark.clause("DE-HOLE-1", "DE-HOLE-2")
def test_the_room_shows_each_tables_street_pot_and_player_to_act_and_no_hole_card(
    client: TestClient,
) -> None:
    tid, _ = start_humans(client, ["Ann", "Ben", "Cat"], between_hands_s=60)
    spectator = wait_until(lambda: hand_running(client, tid), 10, "the first hand")
    room = room_of(client, tid)
    (table,) = room["tables"]
    hand = table["hand"]
    seen = spectator["hand"]
    facts = ("round", "pot", "actor")
    assert [hand[k] for k in facts] == [seen[k] for k in facts]
    assert hand["pot"] > 0 and hand["actor"] in {s["seat"] for s in table["seats"]}
    assert [(s["seat"], s["name"]) for s in table["seats"]] == [
        (s["seat"], s["name"]) for s in spectator["seats"]
    ]
    # the stacks of the players in play, counted by the server
    standings = client.get(f"/api/tournaments/{tid}").json()["standings"]
    assert room["chips_in_play"] == sum(r["chips"] for r in standings if r["status"] == "playing")
    assert room["chips_in_play"] == 3 * 1000
    assert all(s["in_hand"] for s in table["seats"])  # all three dealt in
    # no card of anyone's in it: the room is the spectators' view (DE-HOLE-1/2)
    assert not CARD_RUN.search(json.dumps(hand))


@pytest.mark.clause("OQ-45")
def test_the_room_says_who_is_away_and_why_and_who_has_no_connection(client: TestClient) -> None:
    tid, by_seat = start_humans(client, ["Ann", "Ben", "Cat"], between_hands_s=60)
    players = {seat: table_view(client, tid, tok)["you"]["player"] for seat, tok in by_seat.items()}
    online_seat = min(by_seat)
    with client.websocket_connect(f"/ws/tournaments/{tid}") as ws:
        ws.send_json({"type": "hello", "token": by_seat[online_seat]})
        ws.receive_json()  # the first frame: the socket is his

        def connected() -> dict[int, Any] | None:
            seats = {s["seat"]: s["connected"] for s in room_of(client, tid)["tables"][0]["seats"]}
            return seats if seats[online_seat] else None

        seats = wait_until(connected, 10, "his socket in the room")
        assert seats == {seat: seat == online_seat for seat in by_seat}
        away = max(by_seat)
        answer = client.post(
            f"/api/tournaments/{tid}/floor/absent",
            json={"player": players[away], "absent": True},
            headers=AUTH,
        )
        assert answer.status_code == 200, answer.text
        seated = {s["seat"]: s for s in room_of(client, tid)["tables"][0]["seats"]}
        assert seated[away]["absent"] and seated[away]["away_reason"] == "director"
        assert not seated[online_seat]["absent"] and seated[online_seat]["away_reason"] is None
    # his socket closed, he is no longer connected
    wait_until(
        lambda: not room_of(client, tid)["tables"][0]["seats"][0]["connected"], 10, "the close"
    )


def live_event(client: TestClient, players: int, profile: str = "nm-holdem") -> str:
    """A started live event (10 a table)."""
    tid = create_tournament(client, profile, mode="live")
    for k in range(players):
        answer = client.post(
            f"/api/tournaments/{tid}/register", json={"name": f"Player {k:02d}"}, headers=AUTH
        )
        assert answer.status_code == 200, answer.text
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    return tid


def bust(client: TestClient, tid: str, table: int, out: int) -> list[dict[str, Any]]:
    """Record table ``table``'s counts with its first ``out`` seats at 0 (their
    chips to the next seat, so the total holds); returns what came back."""
    (seats,) = [t["seats"] for t in room_of(client, tid)["tables"] if t["table"] == table]
    counts = {s["player"]: (0 if k < out else s["chips"]) for k, s in enumerate(seats)}
    counts[seats[out]["player"]] += sum(s["chips"] for s in seats[:out])
    answer = client.post(
        f"/api/tournaments/{tid}/live/counts",
        json={"table": table, "counts": counts},
        headers=AUTH,
    )
    assert answer.status_code == 200, answer.text
    return list(answer.json()["result"])


def test_a_broken_tables_moves_are_slips_naming_it(client: TestClient) -> None:
    tid = live_event(client, 12)  # two tables of 6
    result = bust(client, tid, 1, 2)  # 4 left there, 10 in all: table 1 breaks
    moved = [e for e in result if e["type"] == "moved"]
    assert moved and any(e["type"] == "table_broken" and e["table"] == 1 for e in result)
    slips = client.get(f"/api/tournaments/{tid}/slips").json()
    assert [
        (s["player"], s["from_table"], s["from_seat"], s["table"], s["seat"], s["clause"])
        for s in slips["moves"]
    ] == [
        (e["player"], e["from_table"], e["from_seat"], e["table"], e["seat"], e["clause"])
        for e in moved
    ]
    assert {(s["kind"], s["broken_table"]) for s in slips["moves"]} == {("break", 1)}
    assert all(s["at"] for s in slips["moves"])


@pytest.mark.clause("DE-BALANCE-1")
def test_a_balancing_move_is_a_slip_and_the_seating_list_has_the_whole_field(
    client: TestClient,
) -> None:
    tid = live_event(client, 24, "de-holdem")  # three tables of 8
    result = bust(client, tid, 1, 3)  # 5, 8 and 8: a player comes to table 1
    moved = [e for e in result if e["type"] == "moved"]
    assert moved and not any(e["type"] == "table_broken" for e in result)
    slips = client.get(f"/api/tournaments/{tid}/slips").json()
    # from a fuller table to the free seat of the weaker one (DE-BALANCE-1)
    assert [(s["player"], s["kind"], s["table"]) for s in slips["moves"]] == [
        (e["player"], "balance", 1) for e in moved
    ]
    assert all(s["from_table"] != 1 for s in slips["moves"])
    seating = slips["seating"]
    assert len(seating) == 21 == len({s["player"] for s in seating})
    assert len({(s["table"], s["seat"]) for s in seating}) == 21
    names = {r["player"]: r for r in client.get(f"/api/tournaments/{tid}").json()["standings"]}
    for s in seating:
        row = names[s["player"]]
        assert (row["name"], row["table"], row["seat"]) == (s["name"], s["table"], s["seat"])


@pytest.mark.clause("OQ-03")
def test_the_directors_move_is_a_slip_from_the_seat_the_player_had(client: TestClient) -> None:
    """OQ-03: the director moves a player between hands; his slip says from
    where (the seat the fold of the seating gave him) and to where."""
    tid = live_event(client, 12)
    tables = room_of(client, tid)["tables"]
    mover = tables[0]["seats"][0]
    free = next(s for s in range(1, 11) if s not in {x["seat"] for x in tables[1]["seats"]})
    answer = client.post(
        f"/api/tournaments/{tid}/override/seat",
        json={"player": mover["player"], "table": 2, "seat": free, "note": "a wobbly chair"},
        headers=AUTH,
    )
    assert answer.status_code == 200, answer.text
    (slip,) = client.get(f"/api/tournaments/{tid}/slips").json()["moves"]
    assert (slip["player"], slip["kind"]) == (mover["player"], "director")
    assert (slip["from_table"], slip["from_seat"], slip["table"], slip["seat"]) == (
        1,
        mover["seat"],
        2,
        free,
    )
