"""Issue 12, "Secrets": whoever can read the database does not learn the
deck or anyone's cards.  Each stored hand event is sealed with AES-GCM under
the server's key (storage/crypto.py), bound to its hand and place, so a
tampered, swapped or moved row, or another key, is refused by name; rows
stored before sealing still read; a running hand resumes after a restart."""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from fastapi.testclient import TestClient

from floorman.server.app import create_app
from floorman.storage import Store
from floorman.storage.crypto import (
    ENV_KEY,
    ENV_KEY_FILE,
    PREFIX,
    SecretKeyError,
    StoredHandUnreadable,
    new_key,
    parse_key,
    resolve_key,
)
from tests.helpers.postgres import NO_SERVER, fresh_database
from tests.helpers.server import DIRECTOR, sqlite_url
from tests.helpers.server_api import start_humans, table_view

#: a card as the plain JSON of an event has it
QUOTED_CARD = re.compile(r'"[2-9TJQKA][cdhs]"')
HAND = "t1-t1-h1"
EVENTS: list[dict[str, Any]] = [
    {"type": "HandStarted", "deck": ["As", "Td", "7c", "2h"], "seats": [1, 2]},
    {"type": "HoleDealt", "seat": 1, "cards": ["As", "Td"]},
    {"type": "HoleDealt", "seat": 2, "cards": ["7c", "2h"]},
]


@pytest.fixture(autouse=True)
def no_key_in_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_KEY, raising=False)
    monkeypatch.delenv(ENV_KEY_FILE, raising=False)


def database_file(directory: Path) -> Path:
    return Path(sqlite_url(directory).removeprefix("sqlite:///"))


def raw_rows(directory: Path, hand_id: str) -> list[tuple[int, str]]:
    """The hand's rows as anyone reading the database file sees them."""
    with sqlite3.connect(database_file(directory)) as db:
        rows = db.execute(
            "SELECT seq, data FROM hand_events WHERE hand_id = ? ORDER BY seq", (hand_id,)
        )
        return [(int(seq), str(data)) for seq, data in rows]


def stored_hand(store: Store, hand_id: str = HAND, events: list[dict[str, Any]] = EVENTS) -> None:
    tid = hand_id.split("-")[0]
    if not any(t.id == tid for t in store.tournaments()):
        store.create_tournament(tid, "Demo", "nm-holdem", {})
    store.commit(tid, [], new_hands=[(hand_id, 1, 1)], hand_events=[(hand_id, events, False)])


# ------------------------------------------------------------ a real server


def own_cards(view: dict[str, Any]) -> list[str]:
    """The cards a seat's view shows it: its own, nobody else's."""
    (cards,) = [p["cards"] for p in view["hand"]["players"] if p["cards"]]
    return list(cards)


@pytest.fixture
def running(tmp_path: Path) -> Iterator[tuple[TestClient, str, dict[int, str]]]:
    """A de-holdem tournament of three people, its first hand waiting for
    someone to act (so it stays a running hand)."""
    with TestClient(create_app(sqlite_url(tmp_path), DIRECTOR)) as client:
        tid, tokens = start_humans(client, ["Ann", "Ben", "Cy"])
        yield client, tid, tokens


def test_a_running_hand_in_the_database_shows_no_card_and_no_deck(
    running: tuple[TestClient, str, dict[int, str]], tmp_path: Path
) -> None:
    client, tid, tokens = running
    store: Store = client.app.state.floor.store  # type: ignore[attr-defined]
    (hand,) = store.hands(tid, status="running")
    events = store.hand_events(hand["id"])  # the server itself reads them
    deck = next(e["deck"] for e in events if e["type"] == "HandStarted")
    holes = [e["cards"] for e in events if e["type"] == "HoleDealt"]
    assert len(deck) == 52 and len(holes) == 3

    rows = raw_rows(tmp_path, hand["id"])
    assert len(rows) == len(events)
    for _seq, data in rows:
        assert data.startswith(PREFIX)
        assert "deck" not in data and "HoleDealt" not in data and '"' not in data
        assert not QUOTED_CARD.search(data)
    # Nor anywhere in the files: the database, its write-ahead log.
    store.flush()
    for path in tmp_path.glob("floorman.sqlite3*"):
        content = path.read_bytes()
        assert b'"deck"' not in content, path
        assert json.dumps(deck, separators=(",", ":")).encode() not in content, path
        for cards in holes:
            assert json.dumps(cards, separators=(",", ":")).encode() not in content, path

    # The key was made beside the database, readable by its owner only.
    key_file = tmp_path / "floorman.sqlite3.key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert len(parse_key(key_file.read_text(), "the key file")) == 32
    # The seats still see their own cards: nothing changed above the store.
    assert own_cards(table_view(client, tid, next(iter(tokens.values())))) in holes


def test_a_running_hand_resumes_after_a_restart(tmp_path: Path) -> None:
    with TestClient(create_app(sqlite_url(tmp_path), DIRECTOR)) as client:
        tid, tokens = start_humans(client, ["Ann", "Ben", "Cy"])
        store = client.app.state.floor.store  # type: ignore[attr-defined]
        (hand,) = store.hands(tid, status="running")
        before = store.hand_events(hand["id"])
        cards = {seat: own_cards(table_view(client, tid, token)) for seat, token in tokens.items()}
    with TestClient(create_app(sqlite_url(tmp_path), DIRECTOR)) as client:
        store = client.app.state.floor.store  # type: ignore[attr-defined]
        assert store.hand_events(hand["id"]) == before
        for seat, token in tokens.items():
            view = table_view(client, tid, token)
            assert view["hand"]["hand_id"] == hand["id"]
            assert own_cards(view) == cards[seat]


def test_another_key_at_start_refuses_the_tournament_naming_the_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(sqlite_url(tmp_path), DIRECTOR)) as client:
        tid, _tokens = start_humans(client, ["Ann", "Ben", "Cy"])
        (hand,) = client.app.state.floor.store.hands(tid, status="running")  # type: ignore[attr-defined]
    monkeypatch.setenv(ENV_KEY, new_key())  # not the key file's
    with (
        caplog.at_level(logging.ERROR),
        TestClient(create_app(sqlite_url(tmp_path), DIRECTOR)) as client,
    ):
        assert client.get(f"/api/tournaments/{tid}").status_code == 404
        assert client.get("/health").status_code == 200  # the server runs
    said = "\n".join(r.getMessage() + str(r.exc_info and r.exc_info[1]) for r in caplog.records)
    assert f"stored hand '{hand['id']}' cannot be read" in said
    assert "wrong key or altered row" in said


# ------------------------------------------------------------ the store


def test_rows_reopen_with_the_key_file_and_with_the_environment_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = sqlite_url(tmp_path)
    store = Store(url)
    stored_hand(store)
    store.close()
    again = Store(url)  # the key file beside it
    assert again.hand_events(HAND) == EVENTS
    again.close()

    other = tmp_path / "other"
    other.mkdir()
    monkeypatch.setenv(ENV_KEY, key := new_key())
    store = Store(sqlite_url(other))
    stored_hand(store)
    store.close()
    assert not (other / "floorman.sqlite3.key").exists()  # the environment's key was used
    assert Store(sqlite_url(other)).hand_events(HAND) == EVENTS
    monkeypatch.delenv(ENV_KEY)
    key_file = tmp_path / "secret.key"
    key_file.write_text(key + "\n")
    monkeypatch.setenv(ENV_KEY_FILE, str(key_file))
    assert Store(sqlite_url(other)).hand_events(HAND) == EVENTS


def test_another_key_is_refused_clearly(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    store = Store(url, key=secrets.token_bytes(32))
    stored_hand(store)
    store.close()
    with pytest.raises(StoredHandUnreadable) as refused:
        Store(url, key=secrets.token_bytes(32)).hand_events(HAND)
    assert str(refused.value) == (
        f"stored hand {HAND!r} cannot be read (event 0): wrong key or altered row"
    )
    assert refused.value.values == {"hand": repr(HAND), "seq": 0}


def tamper(directory: Path, sql: str, *args: object) -> None:
    with sqlite3.connect(database_file(directory)) as db:
        db.execute(sql, args)


def test_an_altered_swapped_or_moved_row_is_refused(tmp_path: Path) -> None:
    key = secrets.token_bytes(32)
    store = Store(sqlite_url(tmp_path), key=key)
    stored_hand(store)
    stored_hand(store, "t1-t2-h1")
    store.close()
    rows = dict(raw_rows(tmp_path, HAND))

    def refused_at(hand_id: str) -> int:
        with pytest.raises(StoredHandUnreadable) as error:
            Store(sqlite_url(tmp_path), key=key).hand_events(hand_id)
        assert error.value.values["hand"] == repr(hand_id)
        return int(error.value.values["seq"])

    flipped = rows[1][:-3] + ("A" if rows[1][-3] != "A" else "B") + rows[1][-2:]
    tamper(tmp_path, "UPDATE hand_events SET data = ? WHERE hand_id = ? AND seq = 1", flipped, HAND)
    assert refused_at(HAND) == 1

    # seat 1's cards given to seat 2's place: each row opens only where it was written
    tamper(tmp_path, "UPDATE hand_events SET data = ? WHERE hand_id = ? AND seq = 1", rows[2], HAND)
    tamper(tmp_path, "UPDATE hand_events SET data = ? WHERE hand_id = ? AND seq = 2", rows[1], HAND)
    assert refused_at(HAND) == 1

    # a row of one hand copied into another
    tamper(
        tmp_path,
        "UPDATE hand_events SET data = ? WHERE hand_id = ? AND seq = 0",
        rows[0],
        "t1-t2-h1",
    )
    assert refused_at("t1-t2-h1") == 0
    tamper(
        tmp_path, "UPDATE hand_events SET data = ? WHERE hand_id = ? AND seq = 2", "fm1:!!", HAND
    )
    tamper(tmp_path, "UPDATE hand_events SET data = ? WHERE hand_id = ? AND seq = 1", rows[1], HAND)
    assert refused_at(HAND) == 2


def test_rows_stored_before_sealing_still_read(tmp_path: Path) -> None:
    store = Store(sqlite_url(tmp_path))
    stored_hand(store, events=EVENTS[:1])
    store.close()
    tamper(
        tmp_path,
        "INSERT INTO hand_events (hand_id, seq, data) VALUES (?, 1, ?)",
        HAND,
        json.dumps(EVENTS[1]),
    )
    store = Store(sqlite_url(tmp_path))
    assert store.hand_events(HAND) == EVENTS[:2]
    store.commit("t1", [], hand_events=[(HAND, EVENTS[2:], True)])  # new ones are sealed
    assert store.hand_events(HAND) == EVENTS
    assert [d.startswith(PREFIX) for _, d in raw_rows(tmp_path, HAND)] == [True, False, True]


# ------------------------------------------------------------ where the key comes from


def test_the_key_comes_from_the_environment_then_a_file_then_beside_the_database(
    tmp_path: Path,
) -> None:
    key = new_key()
    database = sqlite_url(tmp_path)
    assert resolve_key(database, {ENV_KEY: key}) == parse_key(key, "test")
    (tmp_path / "k").write_text(key)
    assert resolve_key(database, {ENV_KEY_FILE: str(tmp_path / "k")}) == parse_key(key, "test")
    assert not (tmp_path / "floorman.sqlite3.key").exists()
    made = resolve_key(database, {})
    assert resolve_key(database, {}) == made  # made once, then read
    assert stat.S_IMODE((tmp_path / "floorman.sqlite3.key").stat().st_mode) == 0o600
    # in memory: a fresh key, as short-lived as the data
    assert resolve_key("sqlite://", {}) != resolve_key("sqlite://", {})


def test_a_bad_or_missing_key_stops_the_store_from_opening(tmp_path: Path) -> None:
    with pytest.raises(SecretKeyError, match="FLOORMAN_SECRET_KEY is not 32 bytes"):
        resolve_key("sqlite://", {ENV_KEY: "c2hvcnQ="})  # "short"
    with pytest.raises(SecretKeyError, match="cannot be read"):
        resolve_key("sqlite://", {ENV_KEY_FILE: str(tmp_path / "missing")})
    # PostgreSQL keeps hands across restarts and processes: no key, no start
    with pytest.raises(SecretKeyError) as refused:
        resolve_key("postgresql://floorman@127.0.0.1/none", {})
    assert "set FLOORMAN_SECRET_KEY or FLOORMAN_SECRET_KEY_FILE" in str(refused.value)
    assert "postgresql database" in str(refused.value)
    with pytest.raises(SecretKeyError):
        Store("sqlite://", key=b"too short")


# ------------------------------------------------------------ PostgreSQL

SERVER = os.environ.get("FLOORMAN_TEST_POSTGRES_URL", "")


@pytest.fixture()
def postgres() -> Iterator[str]:
    """A fresh, empty PostgreSQL database, dropped afterwards."""
    if not SERVER:
        pytest.skip(NO_SERVER)
    with fresh_database(SERVER) as url:
        yield url


def test_hands_are_sealed_on_postgresql_too(postgres: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SecretKeyError):
        Store(postgres)  # no key: refused before anything is stored
    monkeypatch.setenv(ENV_KEY, new_key())
    store = Store(postgres)
    stored_hand(store)
    with store.engine.connect() as connection:
        rows = connection.execute(
            sqlalchemy.text("SELECT seq, data FROM hand_events WHERE hand_id = :h ORDER BY seq"),
            {"h": HAND},
        ).all()
    store.close()
    assert len(rows) == 3
    assert all(data.startswith(PREFIX) and '"' not in data for _, data in rows)
    again = Store(postgres)  # another process, same key
    assert again.hand_events(HAND) == EVENTS
    again.close()
    with pytest.raises(StoredHandUnreadable):
        Store(postgres, key=secrets.token_bytes(32)).hand_events(HAND)
