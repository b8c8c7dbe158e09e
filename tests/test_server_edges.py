"""Requests at the edges: each is refused with a clear answer and its clause
(never a 500), and changes nothing."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from floorman.server.app import create_app
from tests.helpers.server import AUTH, DIRECTOR, create_tournament, sqlite_url, wait_until


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url(tmp_path), DIRECTOR)) as c:
        yield c


def seat_token(client: TestClient, tid: str, name: str) -> dict[str, str]:
    return client.post(f"/api/tournaments/{tid}/register", json={"name": name}).json()


def service(client: TestClient, tid: str) -> Any:
    return client.app.state.floor.get(tid)  # type: ignore[attr-defined]


def test_a_check_down_vote_at_a_draw_table_is_refused_with_its_clause(client: TestClient) -> None:
    tid = create_tournament(client, "nm-draw", bots=3, action_delay_ms=300)
    me = seat_token(client, tid, "Carl")
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    wait_until(
        lambda: service(client, tid).tables.get(1) and service(client, tid).tables[1].hand,
        10,
        "a hand",
    )
    answer = client.post(
        f"/api/tournaments/{tid}/actions",
        json={"action": "vote_checkdown", "agree": True},
        headers={"Authorization": f"Bearer {me['token']}"},
    )
    assert answer.status_code == 409, answer.text
    # the draw book's own rule (all checking ends the deal), never the
    # hold'em book's NM-H-13: a table cites its own rulebook (issue 26)
    assert answer.json()["detail"]["clause"] == "NM-D-2C s1, OQ-10"


def test_a_non_ascii_bearer_token_is_refused_not_a_crash(client: TestClient) -> None:
    answer = client.post(
        "/api/tournaments",
        json={"profile": "nm-holdem"},
        headers={"Authorization": "Bearer \u00e9t\u00e9".encode()},  # UTF-8 bytes on the wire
    )
    assert answer.status_code == 403
    assert client.get("/api/tournaments").json() == []


def test_live_chip_counts_are_refused_for_an_online_tournament(client: TestClient) -> None:
    # deep stacks: nobody is out before the standings are read
    tid = create_tournament(
        client, "nm-holdem", bots=6, action_delay_ms=200, starting_stack=100_000
    )
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    before = client.get(f"/api/tournaments/{tid}").json()["standings"]
    player = before[0]["player"]
    answer = client.post(
        f"/api/tournaments/{tid}/live/counts",
        headers=AUTH,
        json={"table": 1, "counts": {player: 0}},
    )
    assert answer.status_code == 409
    assert "NM-D-1G" in answer.json()["detail"]["clause"]
    after = client.get(f"/api/tournaments/{tid}").json()["standings"]
    assert next(r for r in after if r["player"] == player)["place"] is None


@pytest.mark.clause("NM-D-1G")
def test_an_eliminated_player_cannot_be_seated_again(client: TestClient) -> None:
    # Three tables, so that the first elimination comes long before the end;
    # the pause keeps the event running while the director tries the seat (a
    # finished event refuses everything, for another reason: OQ-41).  Bots
    # that think 5 ms: instant ones could play the field down to one between
    # the first elimination seen and the pause.
    tid = create_tournament(
        client, "nm-holdem", bots=24, action_delay_ms=5, starting_stack=100, level_seconds=5
    )
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    out = wait_until(
        lambda: next(
            (
                r
                for r in client.get(f"/api/tournaments/{tid}").json()["standings"]
                if r["place"] is not None
            ),
            None,
        ),
        60,
        "an elimination",
    )
    assert client.post(f"/api/tournaments/{tid}/pause", headers=AUTH).status_code == 200
    answer = client.post(
        f"/api/tournaments/{tid}/override/seat",
        headers=AUTH,
        json={"player": out["player"], "table": 1, "seat": 10, "note": "x"},
    )
    assert answer.status_code == 409
    assert "NM-D-1G" in answer.json()["detail"]["clause"]


def test_bots_of_an_unknown_kind_are_refused(client: TestClient) -> None:
    tid = create_tournament(client, "nm-holdem")
    answer = client.post(
        f"/api/tournaments/{tid}/bots", headers=AUTH, json={"count": 3, "kind": "evil"}
    )
    assert answer.status_code == 409
    assert client.get(f"/api/tournaments/{tid}").json()["players"] == 0


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_nobody_acts_while_the_director_has_paused(client: TestClient) -> None:
    tid = create_tournament(client, "nm-holdem", bots=3, action_delay_ms=0, action_seconds=60)
    me = seat_token(client, tid, "Ann")
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    svc = service(client, tid)
    wait_until(
        lambda: any(
            t.hand is not None
            and t.hand.actor is not None
            and t.hand.players[t.hand.position[t.hand.actor]] == me["player"]
            for t in svc.tables.values()
        ),
        30,
        "Ann's turn",
    )
    assert client.post(f"/api/tournaments/{tid}/pause", headers=AUTH).status_code == 200
    answer = client.post(
        f"/api/tournaments/{tid}/actions",
        json={"action": "fold"},
        headers={"Authorization": f"Bearer {me['token']}"},
    )
    assert answer.status_code == 409
    assert answer.json()["detail"]["clause"] == "NM-D-1G, OQ-03"


@pytest.mark.clause("DE-ABSENT-3", "DE-ABSENT-4")
def test_an_absent_player_is_folded_or_checked_at_once(client: TestClient) -> None:
    """DE-ABSENT-3/4, OQ-45: no action clock is waited out for him."""
    tid = create_tournament(client, "de-holdem", bots=3, action_delay_ms=0, action_seconds=60)
    me = seat_token(client, tid, "Away")
    svc = service(client, tid)
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    assert (
        client.post(
            f"/api/tournaments/{tid}/floor/absent",
            headers=AUTH,
            json={"player": me["player"], "absent": True},
        ).status_code
        == 200
    )
    started = time.monotonic()
    hands = wait_until(
        lambda: len(client.get(f"/api/tournaments/{tid}/hands").json()) >= 3 or None,
        20,
        "three hands",
    )
    assert hands and time.monotonic() - started < 20  # far below one 60 s clock
    assert svc.tournament.players[me["player"]].absent
