"""The documented HTTP API, through FastAPI's TestClient:
the floor's rulings with their
clauses, time penalties and absence, live-mode chip counts, table cards.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from floorman.rules import registry
from tests.helpers.server import (
    AUTH,
    create_tournament,
    stored_hand_events,
    wait_until,
)
from tests.helpers.server_api import (
    bearer,
    floor,
    register,
    snapshot,
    start_humans,
    status,
    table_view,
)

pytestmark = pytest.mark.timeout(120)


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

    wait_until(over, 30, "the end of the hand")
    return str(hand_id)


@pytest.mark.clause("DE-PENALTY-3", "NM-D-1G")
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


@pytest.mark.clause("DE-PENALTY-1")
def test_DE_PENALTY_1_a_penalty_may_be_imposed_for_any_rule_broken(client: TestClient) -> None:
    """DE-PENALTY-1: the director can penalise any violation of the rules:
    a warning or a disqualification citing any clause of the event's own
    rulebook (or an open question's reading) is taken and logged with that
    clause; one citing no rule of the rulebooks is refused, and so is one of
    another event's rulebook (a German table cites no Norwegian clause,
    issue 18), and neither records anything."""
    tid = create_tournament(client, "de-holdem")
    ann, _ = register(client, tid, "Ann")
    base = f"/api/tournaments/{tid}"
    own = [c for c in registry() if c.startswith(("DE-", "OQ-"))]
    cited = [*own[::9], "DE-OOT-2", "DE-INFO-1, DE-INFO-2"]
    for clause in cited:
        warned = client.post(
            f"{base}/floor/warn", json={"player": ann, "clause": clause}, headers=AUTH
        )
        assert warned.status_code == 200, (clause, warned.text)
    bob, _ = register(client, tid, "Bob")
    ruling = {"player": bob, "clause": "DE-LEAVE-2"}
    assert client.post(f"{base}/floor/disqualify", json=ruling, headers=AUTH).status_code == 200
    log = client.get(f"{base}/rulings").json()
    assert [r["clause"] for r in log if r["type"] == "warning"] == cited
    assert [r["clause"] for r in log if r["type"] == "disqualified"] == ["DE-LEAVE-2"]
    for nothing in ("rude", "see the rulebook"):
        refused = client.post(
            f"{base}/floor/warn", json={"player": ann, "clause": nothing}, headers=AUTH
        )
        assert refused.status_code == 422
    for foreign in ("NM-D-2C s8", "DE-INFO-1, NM-H-18"):
        refused = client.post(
            f"{base}/floor/warn", json={"player": ann, "clause": foreign}, headers=AUTH
        )
        assert refused.status_code == 409 and "NM-" in refused.json()["detail"]["message"]
    assert client.get(f"{base}/rulings").json() == log


@pytest.mark.clause("OQ-62", "OQ-45", "DE-PENALTY-4")
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
    big_blind = table_view(client, tid, None)["hand"]["variant"]["big_blind_seat"]
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

        return wait_until(ready, 30, f"the hand after {previous}")

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


@pytest.mark.clause("OQ-06", "NM-H-17")
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


@pytest.mark.clause("DE-SEAT-1")
def test_table_cards_are_public_and_printable(client: TestClient) -> None:
    """DE-SEAT-1: each player takes the table card naming his table and seat;
    like the seating chart they are public, as data and as text to print.
    The bots think a minute an action: nobody busts (and loses his card,
    DE-GEN-3) before the cards are read."""
    tid = create_tournament(client, "de-holdem", bots=6, action_delay_ms=60_000)
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    cards = client.get(f"/api/tournaments/{tid}/table-cards").json()
    assert len(cards) == 6
    text = client.get(f"/api/tournaments/{tid}/table-cards.txt").text
    for card in cards:
        assert f"Table {card['table']}  -  Seat {card['seat']}" in text
