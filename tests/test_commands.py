"""Issue 19: typed commands with idempotency keys, carried out by one handler.

The HTTP API and the websocket build the same command for the same
request; a command sent again with its key gets the first answer, also
after a restart (the answer is stored in the transaction of what the
command changed), and never registers, rules or creates twice."""

from __future__ import annotations

import asyncio
import dataclasses
import typing
from pathlib import Path
from typing import Any

import pytest

from floorman.services import commands as c
from floorman.services.handler import Answer, CommandHandler
from floorman.storage import Store
from tests.helpers.server import AUTH, create_tournament, sqlite_url, tournament_body
from tests.helpers.server_api import bearer, make_client, start_humans, status, table_view

#: a value of each field type the commands use
SAMPLES: dict[Any, Any] = {str: "x", int: 3, bool: True, str | None: None, int | None: 2}


def sample(cls: type[c.Command]) -> c.Command:
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {"tournament": "t1", "author": c.DIRECTOR, "key": "k"}
    for spec in dataclasses.fields(cls):
        if spec.name in values:
            continue
        values[spec.name] = SAMPLES.get(hints[spec.name], {"a": 1})
    return cls(**values)


@pytest.mark.parametrize("kind", sorted(c.COMMANDS))
def test_every_command_travels_as_a_dictionary_and_back(kind: str) -> None:
    command = sample(c.COMMANDS[kind])
    data = c.command_to_dict(command)
    assert data["kind"] == kind
    assert c.command_from_dict(data) == command


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"kind": "launch_missiles", "tournament": "t", "author": "director"}, "unknown command"),
        ({"kind": "warn", "tournament": "t", "author": "director", "clause": "OQ-03"}, "missing"),
        (
            {"kind": "override_chips", "tournament": "t", "author": "director", "target": "p1"}
            | {"chips": "lots", "note": "n"},
            "chips must be a whole number",
        ),
        ({"kind": "start", "tournament": "t", "author": "director", "colour": "red"}, "unknown"),
        ({"kind": "pause", "tournament": 5, "author": "director"}, "tournament must be a text"),
        (
            {"kind": "set_absent", "tournament": "t", "author": "d", "target": "p", "absent": 1},
            "true",
        ),
        ({"kind": "start", "tournament": "t", "author": "director", "key": "k" * 200}, "key"),
        ([1, 2], "an object"),
    ],
)
def test_a_malformed_command_is_refused_saying_why(data: Any, says: str) -> None:
    with pytest.raises(c.CommandError, match=says):
        c.command_from_dict(data)


def test_http_and_websocket_build_the_same_command() -> None:
    """The HTTP body's id (or the Idempotency-Key header) and the socket
    message's id are the command's key: one command either way."""
    message = {"action": "raise", "amount": 40, "id": "click-7"}
    over_http = c.act_command("t1", "p3", message)
    over_socket = c.act_command("t1", "p3", dict(message))
    assert over_http == over_socket
    assert over_http.key == "click-7" and "id" not in over_http.data
    assert over_http.author == "player:p3" and over_http.player == "p3"
    with_header = c.act_command("t1", "p3", message, key="header-key")
    assert with_header.key == "header-key"


def test_keys_are_scoped_to_their_author() -> None:
    """Another player sending the same key does not get the first one's answer."""
    mine = c.act_command("t1", "p1", {"action": "fold", "id": "1"})
    yours = c.act_command("t1", "p2", {"action": "fold", "id": "1"})
    assert mine.scoped_key() != yours.scoped_key()
    assert c.Start(tournament="t1", author=c.DIRECTOR).scoped_key() == ""


def test_a_command_not_its_authors_to_send_is_refused(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "nm-holdem")
        handler = CommandHandler(client.app.state.floor)  # type: ignore[attr-defined]
        for command in (
            c.Start(tournament=tid, author=c.PUBLIC),
            c.Start(tournament=tid, author=c.player_author("p1")),
            c.Act(tournament=tid, author=c.DIRECTOR, data={"action": "fold"}),
        ):
            answer = asyncio.run(handler.execute(command))
            assert answer.status == 403, answer
        assert status(client, tid)["status"] == "registering"


def test_a_registration_sent_again_with_its_key_registers_once(tmp_path: Path) -> None:
    """A retry after a lost answer: the same player, the same token, one entry."""
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "nm-holdem")
        headers = {"Idempotency-Key": "3f2c9a7e-1b4d-4e8f-9a0c-6d5e4f3a2b1c"}
        first = client.post(
            f"/api/tournaments/{tid}/register", json={"name": "Ada"}, headers=headers
        )
        again = client.post(
            f"/api/tournaments/{tid}/register", json={"name": "Ada"}, headers=headers
        )
        assert first.status_code == again.status_code == 200, (first.text, again.text)
        assert again.json() == first.json()
        assert len(status(client, tid)["standings"]) == 1
        me = client.get(f"/api/tournaments/{tid}/me", headers=bearer(first.json()["token"]))
        assert me.status_code == 200 and me.json()["name"] == "Ada"
        # without the key the same name is a second try, refused by the rules
        other = client.post(f"/api/tournaments/{tid}/register", json={"name": "Ada"})
        assert other.status_code == 409 and other.json()["detail"]["clause"]


def test_the_first_answer_survives_a_restart(tmp_path: Path) -> None:
    """The answer is stored with what the command changed: a runner (or a
    server) that stopped after storing answers the retry from the database."""
    headers = {"Idempotency-Key": "0b5e7d21-after-crash-4c3b-a291-8f7e6d5c4b3a"}
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "nm-holdem")
        first = client.post(
            f"/api/tournaments/{tid}/register", json={"name": "Bo"}, headers=headers
        )
        assert first.status_code == 200
        warned = {"player": first.json()["player"], "clause": "OQ-03", "note": "splash"}
        ruled = {**AUTH, "Idempotency-Key": "warn-1"}
        assert client.post(
            f"/api/tournaments/{tid}/floor/warn", json=warned, headers=ruled
        ).is_success
    with make_client(tmp_path) as client:  # the same database, a new process
        again = client.post(
            f"/api/tournaments/{tid}/register", json={"name": "Bo"}, headers=headers
        )
        assert again.status_code == 200 and again.json() == first.json()
        assert client.post(
            f"/api/tournaments/{tid}/floor/warn", json=warned, headers=ruled
        ).is_success
        rulings = client.get(f"/api/tournaments/{tid}/rulings", headers=AUTH).json()
        assert [r["type"] for r in rulings].count("warning") == 1, rulings
        assert len(status(client, tid)["standings"]) == 1


def test_a_tournament_created_again_with_its_key_is_made_once(tmp_path: Path) -> None:
    body = tournament_body("de-holdem")
    headers = {**AUTH, "Idempotency-Key": "create-friday"}
    with make_client(tmp_path) as client:
        first = client.post("/api/tournaments", json=body, headers=headers)
        again = client.post("/api/tournaments", json=body, headers=headers)
        assert first.status_code == again.status_code == 200
        assert first.json() == again.json()
        assert [t["id"] for t in client.get("/api/tournaments").json()] == [first.json()["id"]]


def test_an_action_sent_again_after_the_hand_moved_on_is_not_taken_twice(tmp_path: Path) -> None:
    """The retry of a call whose answer was lost comes when it is somebody
    else's turn: answered as the first was, not refused, not called again."""
    with make_client(tmp_path) as client:
        tid, by_seat = start_humans(client, ["Ann", "Ben", "Cat"], between_hands_s=60)
        actor = table_view(client, tid, None)["hand"]["actor"]
        url = f"/api/tournaments/{tid}/actions"
        headers = {**bearer(by_seat[actor]), "Idempotency-Key": "call-once"}
        first = client.post(url, json={"action": "call"}, headers=headers)
        again = client.post(url, json={"action": "call"}, headers=headers)
        assert first.status_code == again.status_code == 200
        calls = [e for e in table_view(client, tid, None)["hand"]["log"] if e["kind"] == "call"]
        assert len(calls) == 1


def test_the_answer_is_stored_in_the_batch_of_its_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One transaction holds the registration and its answer: a crash
    leaves both or neither (never an entry whose retry registers again)."""
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "nm-holdem")
        service = client.app.state.floor.get(tid)  # type: ignore[attr-defined]
        batches: list[Any] = []
        monkeypatch.setattr(service.sockets, "committed", lambda batch, *_: batches.append(batch))
        headers = {"Idempotency-Key": "c0ffee00-0e1a-4b2c-8d3e-9f8a7b6c5d4e"}
        assert client.post(
            f"/api/tournaments/{tid}/register", json={"name": "Cy"}, headers=headers
        ).is_success
        registering = [b for b in batches if b.players]
        assert len(registering) == 1 and len(registering[0].answers) == 1
        assert any(e["type"] == "registered" for e in registering[0].tournament_events)
    store = Store(sqlite_url(tmp_path))
    try:
        answers = store.answers(tid)
        assert [Answer.from_dict(a).body["player"] for a in answers.values()] == ["p1"]
    finally:
        store.close()
