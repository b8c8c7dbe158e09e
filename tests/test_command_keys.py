"""Issue 27, point 1: an idempotency key is scoped to its author and to
the content of the command it was first sent with.

- The same key sent again with another body is refused (422, saying so,
  with the clause) and never answered with the first command's result: a
  second caller cannot collect the first registration's player and token.
- A key sent without a token (a registration, a spectator's chat) must be
  able to hold 128 random bits: ``reg-1`` is refused before anything runs.
- A registration's token is made from the server's secret key, the key and
  the fingerprint of the whole request.
"""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path
from typing import Any

import pytest

from floorman.services import commands as c
from tests.helpers.server import AUTH, create_tournament
from tests.helpers.server_api import bearer, make_client, status

#: a key of 128 random bits, as a client's UUID
ALICE_KEY = "5b0f3c1e-9a7d-4e26-b8c4-1f0e2d3c4b5a"
REUSED = "this Idempotency-Key was sent before with another request: a new request needs a new key"
TOO_SHORT = (
    "an Idempotency-Key sent without a token must hold at least {bits} random bits,"
    " such as a UUID: this one is too short"
)


def register(client: Any, tid: str, name: str, key: str, **headers: str) -> Any:
    return client.post(
        f"/api/tournaments/{tid}/register",
        json={"name": name},
        headers={"Idempotency-Key": key, **headers},
    )


@pytest.mark.clause("OQ-41")
def test_the_same_key_with_another_name_never_gets_the_first_seat(tmp_path: Path) -> None:
    """Alice registers; Mallory sends Alice's key with his own name: 422,
    no player, no token, and Alice's token still seats only Alice."""
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "nm-holdem")
        alice = register(client, tid, "Alice", ALICE_KEY)
        assert alice.status_code == 200, alice.text
        mallory = register(client, tid, "Mallory", ALICE_KEY)
        assert mallory.status_code == 422, mallory.text
        detail = mallory.json()["detail"]
        assert detail["template"] == REUSED and detail["clause"] == "OQ-41"
        assert alice.json()["token"] not in mallory.text
        assert alice.json()["player"] not in mallory.text
        assert [r["name"] for r in status(client, tid)["standings"]] == ["Alice"]
        # Alice's own retry is still answered as at first
        again = register(client, tid, "Alice", ALICE_KEY)
        assert again.status_code == 200 and again.json() == alice.json()
        me = client.get(f"/api/tournaments/{tid}/me", headers=bearer(alice.json()["token"]))
        assert me.json()["name"] == "Alice"


@pytest.mark.clause("OQ-41")
def test_the_same_key_on_another_call_is_refused_not_skipped(tmp_path: Path) -> None:
    """The director's key of a pause sent with a start: 422, and the
    tournament neither starts nor is told it did."""
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "nm-holdem", bots=3)
        headers = {**AUTH, "Idempotency-Key": "friday-1"}
        note = {"player": "p1", "clause": "OQ-03", "note": "splash"}
        warned = client.post(f"/api/tournaments/{tid}/floor/warn", json=note, headers=headers)
        assert warned.status_code == 200, warned.text
        other = {**note, "note": "slow roll"}
        again = client.post(f"/api/tournaments/{tid}/floor/warn", json=other, headers=headers)
        assert again.status_code == 422 and again.json()["detail"]["template"] == REUSED
        started = client.post(f"/api/tournaments/{tid}/start", headers=headers)
        assert started.status_code == 422 and started.json()["detail"]["template"] == REUSED
        assert status(client, tid)["status"] == "registering"
        rulings = client.get(f"/api/tournaments/{tid}/rulings", headers=AUTH).json()
        assert [r.get("note") for r in rulings if r["type"] == "warning"] == ["splash"]


@pytest.mark.clause("OQ-41")
@pytest.mark.parametrize("key", ["reg-1", "1", "0123456789abcdef", "alice-registration"])
def test_a_guessable_anonymous_key_is_refused(tmp_path: Path, key: str) -> None:
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "nm-holdem")
        answer = register(client, tid, "Alice", key)
        assert answer.status_code == 422, answer.text
        detail = answer.json()["detail"]
        assert detail["template"] == TOO_SHORT and detail["values"] == {"bits": 128}
        assert detail["clause"] == "OQ-41"
        assert status(client, tid)["standings"] == []
        # the director's keys are his own (his token is checked): any will do
        by_director = register(client, tid, "Alice", key, **AUTH)
        assert by_director.status_code == 200, by_director.text


def test_keys_of_128_bits_are_taken() -> None:
    assert c.key_bits("5b0f3c1e-9a7d-4e26-b8c4-1f0e2d3c4b5a") == 128
    assert c.key_bits("0123456789abcdef0123456789abcdef") == 128
    assert c.key_bits("Zx_4kQ9-mP2sL7vN0bR5tY") >= 128  # secrets.token_urlsafe(16)
    assert c.key_bits("reg-1") < 128


def test_the_seat_token_comes_from_the_secret_the_key_and_the_request(tmp_path: Path) -> None:
    """Another name with the same key makes another token; the same
    request on a server with another secret key makes another token."""
    tokens = []
    for server in ("one", "two"):
        (tmp_path / server).mkdir()
        with make_client(tmp_path / server) as client:
            tid = create_tournament(client, "nm-holdem")
            floor = client.app.state.floor  # type: ignore[attr-defined]

            def token(name: str, key: str = ALICE_KEY, tid: str = tid, floor: Any = floor) -> str:
                made: str = floor.new_token(
                    c.Register(tournament=tid, author=c.PUBLIC, key=key, name=name)
                )
                return made

            assert token("Alice") == token("Alice")
            assert token("Alice") != token("Mallory")
            assert token("Alice") != token("Alice", key=ALICE_KEY[::-1])
            tokens.append(token("Alice", key=ALICE_KEY))
    assert tokens[0] != tokens[1]


def _sample(cls: type[c.Command]) -> c.Command:
    samples: dict[Any, Any] = {str: "x", int: 3, bool: True, str | None: "y", int | None: 2}
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {"tournament": "t1", "author": c.DIRECTOR, "key": "k"}
    for spec in dataclasses.fields(cls):
        if spec.name not in values:
            values[spec.name] = samples.get(hints[spec.name], {"a": 1})
    return cls(**values)


def _changed(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "!"
    return {"a": 2}


@pytest.mark.parametrize("kind", sorted(c.COMMANDS))
def test_every_field_but_the_key_is_in_the_fingerprint(kind: str) -> None:
    command = _sample(c.COMMANDS[kind])
    for spec in dataclasses.fields(command):
        other = dataclasses.replace(command, **{spec.name: _changed(getattr(command, spec.name))})
        same = spec.name in ("key", "token_hash")
        assert (other.fingerprint() == command.fingerprint()) == same, spec.name
