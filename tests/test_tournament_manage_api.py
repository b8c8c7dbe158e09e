"""Before the start (issue 11): the director takes an entry back, calls a
tournament off, archives it out of the lobby's list and deletes one that
never started; registration closes at the seat draw (OQ-41)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.helpers.server import AUTH, create_tournament
from tests.helpers.server_api import make_client, register

pytestmark = pytest.mark.timeout(60)


def listed(client: TestClient, archived: bool = False) -> list[str]:
    flag = "?archived=true" if archived else ""
    return [t["id"] for t in client.get(f"/api/tournaments{flag}").json()]


def test_OQ_41_an_entry_is_taken_back_before_the_seat_draw(client: TestClient) -> None:
    tid = create_tournament(client, "de-holdem")
    ann, _ = register(client, tid, "Ann")
    register(client, tid, "Bo")
    register(client, tid, "Cy")
    gone = client.post(f"/api/tournaments/{tid}/players/{ann}/unregister", headers=AUTH)
    assert gone.status_code == 200, gone.text
    names = {row["name"] for row in client.get(f"/api/tournaments/{tid}").json()["standings"]}
    assert names == {"Bo", "Cy"}
    register(client, tid, "Ann")  # the name is free again (DE-GEN-2, OQ-64)
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    bo = next(
        row["player"]
        for row in client.get(f"/api/tournaments/{tid}").json()["standings"]
        if row["name"] == "Bo"
    )
    late = client.post(f"/api/tournaments/{tid}/players/{bo}/unregister", headers=AUTH)
    assert late.status_code == 409
    assert late.json()["detail"]["clause"] == "OQ-41, DE-SEAT-1"
    assert client.post(f"/api/tournaments/{tid}/players/{bo}/unregister").status_code == 401


def test_OQ_41_a_tournament_is_cancelled_only_before_its_start(client: TestClient) -> None:
    tid = create_tournament(client, "nm-draw", bots=4)
    off = client.post(f"/api/tournaments/{tid}/cancel", json={"note": "hall closed"}, headers=AUTH)
    assert off.status_code == 200, off.text
    assert client.get(f"/api/tournaments/{tid}").json()["status"] == "cancelled"
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 409
    refused = client.post(f"/api/tournaments/{tid}/register", json={"name": "Late"})
    assert refused.status_code == 409
    running = create_tournament(client, "nm-draw", bots=4)
    assert client.post(f"/api/tournaments/{running}/start", headers=AUTH).status_code == 200
    again = client.post(f"/api/tournaments/{running}/cancel", json={}, headers=AUTH)
    assert again.status_code == 409 and again.json()["detail"]["clause"] == "OQ-41"


def test_archive_and_delete(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        kept = create_tournament(client, "de-holdem", bots=3)
        archived = create_tournament(client, "de-holdem", bots=3)
        doomed = create_tournament(client, "de-holdem", bots=3)
        # bots thinking a minute an action: it is still running when archived
        running = create_tournament(client, "de-holdem", bots=3, action_delay_ms=60_000)
        assert client.post(f"/api/tournaments/{running}/start", headers=AUTH).status_code == 200
        assert (
            client.post(
                f"/api/tournaments/{archived}/archive", json={"archived": True}, headers=AUTH
            ).status_code
            == 200
        )
        refused = client.post(f"/api/tournaments/{running}/archive", json={}, headers=AUTH)
        assert refused.status_code == 422
        assert client.delete(f"/api/tournaments/{doomed}", headers=AUTH).status_code == 200
        assert client.get(f"/api/tournaments/{doomed}").status_code == 404
        assert client.delete(f"/api/tournaments/{running}", headers=AUTH).status_code == 422
        assert client.delete(f"/api/tournaments/{kept}").status_code == 401
        assert sorted(listed(client)) == sorted([kept, running])
        assert listed(client, archived=True) == [archived]
    with make_client(tmp_path) as client:  # after a restart: the same lists
        assert sorted(listed(client)) == sorted([kept, running])
        assert listed(client, archived=True) == [archived]
        assert client.get(f"/api/tournaments/{doomed}").status_code == 404
