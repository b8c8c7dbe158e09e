"""The director's procedures over the HTTP API, with the server's own table
loops: hand-for-hand on the bubble (OQ-71), the clock at the event
(NM-D-1G, OQ-03, OQ-09).  Every refusal names its clause."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from floorman.tournament.events import HandBegun, HandForHand, HandForHandPlayed
from tests.helpers.server import AUTH, create_tournament, wait_until
from tests.helpers.server_api import floor, make_client, register, start_humans, status

pytestmark = pytest.mark.timeout(120)


def post(client: TestClient, tid: str, path: str, **body: Any) -> Any:
    return client.post(f"/api/tournaments/{tid}{path}", json=body, headers=AUTH)


def events(client: TestClient, tid: str) -> list[Any]:
    return list(floor(client).get(tid).tournament.events)


def bot_tournament(client: TestClient, bots: int = 8) -> str:
    tid = create_tournament(
        client,
        "de-holdem",
        bots=bots,
        table_size=4,
        starting_stack=3000,
        level_seconds=600,
        payout_shares=[30, 20, 15, 12, 10, 8, 5],
        prize_pool=10_000,
    )
    assert post(client, tid, "/start").status_code == 200
    return tid


@pytest.mark.clause("OQ-71")
def test_OQ_71_with_hand_for_hand_on_no_table_deals_twice_before_every_table_has_played(
    client: TestClient,
) -> None:
    """Two tables of bots: once hand-for-hand is on, the tables' hands go
    in rounds - no table begins a second hand-for-hand hand before every
    table has finished the first (a hand_for_hand_played between them)."""
    tid = bot_tournament(client)
    refused = post(client, tid, "/floor/hand-for-hand", on=False)
    assert refused.status_code == 409
    assert refused.json()["detail"]["clause"] == "OQ-68, OQ-06, OQ-71"
    assert post(client, tid, "/floor/hand-for-hand", on=True, note="bubble").status_code == 200
    wait_until(
        lambda: (
            sum(isinstance(e, HandForHandPlayed) for e in events(client, tid)) >= 3
            or status(client, tid)["status"] == "finished"
        ),
        60,
        "three hand-for-hand hands",
    )
    log = events(client, tid)
    start = next(k for k, e in enumerate(log) if isinstance(e, HandForHand))
    dealt: set[int] = set()
    rounds = 0
    for event in log[start:]:
        if isinstance(event, HandForHandPlayed):
            dealt, rounds = set(), rounds + 1
        elif isinstance(event, HandBegun):
            assert event.table not in dealt, "a table dealt twice in one hand-for-hand hand"
            dealt.add(event.table)
    assert rounds >= 1
    shown = status(client, tid)["procedures"]
    assert shown["hand_for_hand"] is True and shown["hand_for_hand_hand"] >= 2
    rulings = client.get(f"/api/tournaments/{tid}/rulings").json()
    assert any(r["type"] == "hand_for_hand" and r["note"] == "bubble" for r in rulings)


@pytest.mark.clause("OQ-03", "OQ-09")
def test_OQ_09_the_directors_clock_calls_show_on_the_clock_and_in_the_log(
    client: TestClient,
) -> None:
    """Time added, a break now and the next level now, over the API: each
    is in the summary every page reads and in the ruling log with its time."""
    tid, _ = start_humans(client, ["Ada", "Bo", "Cy", "Di"])  # nobody acts: it stays running
    before = status(client, tid)["clock"]["seconds_left"]
    assert post(client, tid, "/clock/adjust", seconds=300, note="late start").status_code == 200
    assert status(client, tid)["clock"]["seconds_left"] >= before + 290
    too_much = post(client, tid, "/clock/adjust", seconds=-5000)
    assert too_much.status_code == 409 and too_much.json()["detail"]["clause"] == "OQ-03"
    assert post(client, tid, "/clock/break", seconds=600, note="dinner").status_code == 200
    shown = status(client, tid)
    assert shown["clock"]["paused"] and 590 <= shown["procedures"]["break_seconds_left"] <= 600
    assert post(client, tid, "/resume").status_code == 200  # ends the break early
    assert status(client, tid)["procedures"]["break_seconds_left"] is None
    assert post(client, tid, "/clock/next-level", note="slow room").status_code == 200
    assert status(client, tid)["level"] == 2
    log = client.get(f"/api/tournaments/{tid}/rulings").json()
    kinds = [(r["type"], r.get("note")) for r in log if r["type"] != "moved"]
    assert ("clock_adjusted", "late start") in kinds and ("break_called", "dinner") in kinds
    assert ("override", "slow room") in kinds
    assert all(r["at"] for r in log if r["type"] in ("clock_adjusted", "break_called"))


@pytest.mark.clause("NM-D-1G", "OQ-03", "OQ-06")
def test_OQ_03_undo_over_the_api_takes_back_a_live_counts_wrong_elimination_once(
    client: TestClient,
) -> None:
    """Live: a count puts a player at 0 by mistake; Undo brings him back to
    his seat with his chips, logged as its own ruling; a second Undo is
    refused with its clause."""
    tid = create_tournament(client, "nm-holdem", mode="live", starting_stack=1000)
    for k in range(12):
        register(client, tid, f"Live {k}")
    assert post(client, tid, "/start").status_code == 200
    assert status(client, tid)["procedures"]["undo"] is None
    table = status(client, tid)["tables"][0]
    first, second = (s["player"] for s in table["seats"][:2])
    counts = {first: 0, second: 2000}
    body = {"table": table["table"], "counts": counts}
    assert client.post(f"/api/tournaments/{tid}/live/counts", json=body, headers=AUTH).is_success
    out = status(client, tid)
    assert out["procedures"]["undo"]["ruling"] == "count" and out["players_left"] == 11
    assert post(client, tid, "/floor/undo", note="he had chips").status_code == 200
    back = status(client, tid)
    seats = {s["player"]: s["chips"] for s in back["tables"][0]["seats"]}
    assert seats[first] == 1000 and seats[second] == 1000 and back["players_left"] == 12
    again = post(client, tid, "/floor/undo")
    assert again.status_code == 409 and again.json()["detail"]["clause"] == "NM-D-1G, OQ-03"
    log = client.get(f"/api/tournaments/{tid}/rulings").json()
    assert [r["note"] for r in log if r["type"] == "ruling_undone"] == ["he had chips"]


@pytest.mark.clause("OQ-71", "OQ-06")
def test_OQ_71_live_busts_in_one_hand_for_hand_hand_wait_for_the_directors_close(
    client: TestClient,
) -> None:
    tid = create_tournament(client, "nm-holdem", mode="live", starting_stack=1000)
    for k in range(12):
        register(client, tid, f"Live {k}")
    assert post(client, tid, "/start").status_code == 200
    assert post(client, tid, "/floor/hand-for-hand", on=True).status_code == 200
    one, two = status(client, tid)["tables"]
    for table, lost in ((one, 0), (two, 0)):
        seats = table["seats"]
        body = {
            "table": table["table"],
            "counts": {seats[0]["player"]: lost, seats[1]["player"]: 2000},
        }
        answer = client.post(f"/api/tournaments/{tid}/live/counts", json=body, headers=AUTH)
        assert answer.status_code == 200
        assert not [e for e in answer.json()["result"] if e["type"] == "eliminated"]
    assert status(client, tid)["procedures"]["hand_for_hand_done"] == [1, 2]
    closed = client.post(f"/api/tournaments/{tid}/floor/hand-for-hand/played", headers=AUTH)
    assert closed.status_code == 200
    out = [e for e in closed.json()["result"] if e["type"] == "eliminated"]
    assert sorted((e["place"], e["shared"]) for e in out) == [(11, 2), (11, 2)]  # equal stacks
    assert status(client, tid)["players_left"] == 10


@pytest.mark.clause("OQ-71", "OQ-72", "OQ-03")
def test_the_procedures_survive_a_restart(tmp_path: Path) -> None:
    """Hand-for-hand, a chip race, an undo and a break are stored events:
    the server started again on the same database folds them back into the
    same standings, log and procedures."""
    levels = [{"ante": ante, "seconds": 1800} for ante in (25, 50, 100)]
    with make_client(tmp_path) as client:
        tid = create_tournament(
            client, "de-holdem", mode="live", levels=levels, starting_stack=1000
        )
        for name in ("Anna", "Bernd", "Clara", "Dora"):
            register(client, tid, name)
        assert post(client, tid, "/start").status_code == 200
        players = [r["player"] for r in status(client, tid)["standings"]]
        for player, chips in zip(players[:2], (1025, 975), strict=True):
            body = {"player": player, "chips": chips, "note": "count"}
            assert client.post(
                f"/api/tournaments/{tid}/override/chips", json=body, headers=AUTH
            ).is_success
        assert post(client, tid, "/floor/chip-race").status_code == 200
        assert post(client, tid, "/floor/hand-for-hand", on=True).status_code == 200
        body = {"player": players[2], "chips": 5000, "note": "typo"}
        assert client.post(
            f"/api/tournaments/{tid}/override/chips", json=body, headers=AUTH
        ).is_success
        assert post(client, tid, "/floor/undo").status_code == 200
        assert post(client, tid, "/clock/break", seconds=900).status_code == 200
        before = status(client, tid)
        log = client.get(f"/api/tournaments/{tid}/rulings").json()
    with make_client(tmp_path) as client:
        after = status(client, tid)
        assert after["standings"] == before["standings"]
        assert all(r["chips"] % 50 == 0 for r in after["standings"])
        shown = after["procedures"]
        assert shown["hand_for_hand"] is True and shown["race_chips"] is None
        assert shown["undo"] is None and 0 < shown["break_seconds_left"] <= 900
        assert client.get(f"/api/tournaments/{tid}/rulings").json() == log
        refused = post(client, tid, "/floor/undo")
        assert (
            refused.status_code == 409 and "undone already" in refused.json()["detail"]["message"]
        )
