"""The generic director route (issue 27 point 7): any director's command by
its kind, ``POST /api/tournaments/{id}/commands/{kind}``, its fields in the
body, carried out by the handler like the typed routes; a new director
command needs no route of its own.  Its refusals say why."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from floorman.server.app import create_app
from floorman.services import commands as c
from tests.helpers.server import AUTH, DIRECTOR, create_tournament, sqlite_url


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url(tmp_path), DIRECTOR)) as test_client:
        yield test_client


def running(client: TestClient) -> str:
    """Two players on an hour's level and a long action clock."""
    tid = create_tournament(client, "nm-holdem", level_seconds=3600, action_seconds=600)
    for name in ("Ann", "Bob"):
        assert client.post(f"/api/tournaments/{tid}/register", json={"name": name}).is_success
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    return tid


def command(
    client: TestClient, tid: str, kind: str, body: dict[str, Any], headers: dict[str, str]
) -> Any:
    return client.post(f"/api/tournaments/{tid}/commands/{kind}", json=body, headers=headers)


def clock(client: TestClient, tid: str) -> dict[str, Any]:
    return client.get(f"/api/tournaments/{tid}").json()["clock"]  # type: ignore[no-any-return]


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_a_pause_and_a_resume_sent_by_kind_stop_and_start_the_clock_NM_D_1G_OQ_03(
    client: TestClient,
) -> None:
    """NM-D-1G, OQ-03: the director pauses and resumes by the commands'
    kinds; a second pause is refused by the core, with the clause."""
    tid = running(client)
    assert command(client, tid, "pause", {}, AUTH).json() == {"ok": True}
    assert clock(client, tid)["paused"] is True
    again = command(client, tid, "pause", {}, AUTH)
    assert again.status_code == 409 and "NM-D-1G" in again.json()["detail"]["clause"]
    assert command(client, tid, "resume", {}, AUTH).status_code == 200
    assert clock(client, tid)["paused"] is False


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_time_added_by_kind_is_the_typed_routes_ruling_NM_D_1G_OQ_03(
    client: TestClient,
) -> None:
    """NM-D-1G, OQ-03: five minutes added through the generic route land
    in the ruling log as the typed route's would, with the note."""
    tid = running(client)
    before = clock(client, tid)["seconds_left"]
    done = command(client, tid, "adjust_clock", {"seconds": 300, "note": "dealer change"}, AUTH)
    assert done.status_code == 200, done.text
    assert clock(client, tid)["seconds_left"] == pytest.approx(before + 300, abs=5)
    log = client.get(f"/api/tournaments/{tid}/rulings", headers=AUTH).json()
    assert any(r.get("note") == "dealer change" for r in log), log


def test_only_the_director_sends_it(client: TestClient) -> None:
    tid = running(client)
    assert command(client, tid, "pause", {}, {}).status_code == 401
    assert command(client, tid, "pause", {}, {"Authorization": "Bearer wrong"}).status_code == 403
    assert clock(client, tid)["paused"] is False


def test_a_malformed_command_is_refused_naming_what_is_wrong(client: TestClient) -> None:
    """422 with the reason: a field of the wrong type, an unknown field, a
    number past the bounds, a kind that is no director's command."""
    tid = running(client)
    wrong_type = command(client, tid, "adjust_clock", {"seconds": "ten"}, AUTH)
    assert wrong_type.status_code == 422
    assert "seconds must be a whole number" in wrong_type.json()["detail"]["message"]
    unknown = command(client, tid, "pause", {"colour": "red"}, AUTH)
    assert unknown.status_code == 422 and "unknown field colour" in unknown.text
    huge = command(client, tid, "adjust_clock", {"seconds": c.MAX_NUMBER + 1}, AUTH)
    assert huge.status_code == 422 and "out of bounds" in huge.text
    assert command(client, tid, "register", {"name": "Eve"}, AUTH).status_code == 422
    assert command(client, tid, "act", {}, AUTH).status_code == 422
    assert clock(client, tid)["paused"] is False


def test_the_request_names_the_tournament_and_the_author_never_the_body(
    client: TestClient,
) -> None:
    """A body naming another tournament or author changes nothing of who
    sends it where: the pause lands in the tournament of the address."""
    tid = running(client)
    other = running(client)
    body = {"tournament": other, "author": "player:p1"}
    assert command(client, tid, "pause", body, AUTH).status_code == 200
    assert clock(client, tid)["paused"] is True and clock(client, other)["paused"] is False


def test_a_key_again_gets_the_first_answer_and_other_content_is_refused(
    client: TestClient,
) -> None:
    """The same key and body: the first answer, the clock moved once; the
    same key with another body: 422, never the first answer."""
    tid = running(client)
    keyed = {**AUTH, "Idempotency-Key": str(uuid.uuid4())}
    before = clock(client, tid)["seconds_left"]
    first = command(client, tid, "adjust_clock", {"seconds": 120}, keyed)
    again = command(client, tid, "adjust_clock", {"seconds": 120}, keyed)
    assert first.status_code == again.status_code == 200 and first.json() == again.json()
    assert clock(client, tid)["seconds_left"] == pytest.approx(before + 120, abs=5)
    other = command(client, tid, "adjust_clock", {"seconds": 600}, keyed)
    assert other.status_code == 422 and "Idempotency-Key" in other.text
