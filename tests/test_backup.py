"""Back up and restore (issue 28, point 3): ``floorman backup`` copies the
event store while the server runs, the sealing key never inside it;
``floorman restore`` puts a backup into an empty database elsewhere, and the
tournament goes on there exactly where the backup caught it."""

from __future__ import annotations

import base64
import gzip
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from floorman.cli.app import app as cli
from floorman.services import TournamentService
from floorman.storage import Store
from floorman.storage.backup import (
    BackupError,
    PeriodicBackups,
    read_backup,
    rotate,
    take_backup,
)
from floorman.storage.crypto import new_key
from floorman.storage.restore import restore
from tests.helpers.postgres import SERVER as POSTGRES
from tests.helpers.postgres import fresh_database
from tests.helpers.server import (
    AUTH,
    DIRECTOR,
    VENV_BIN,
    LiveServer,
    create_tournament,
    free_port,
    serving,
    sqlite_url,
    tournament_body,
    wait_until,
)

pytestmark = pytest.mark.timeout(120)


def invoke(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args), terminal_width=400, env={"NO_COLOR": "1"})
    return result


def one_backup(directory: Path) -> Path:
    files = sorted(directory.glob("floorman-*"))
    assert len(files) == 1, files
    return files[0]


def small_store(data: Path, tid: str = "t1") -> None:
    """A database with a tournament, one sealed hand and a chat line."""
    data.mkdir(parents=True, exist_ok=True)
    store = Store(sqlite_url(data))
    store.create_tournament(tid, "Demo", "nm-holdem", {"bots": 2})
    store.commit(
        tid,
        [{"type": "registered", "player": "p1"}],
        new_hands=[(f"{tid}-1-1", 1, 1)],
        hand_events=[(f"{tid}-1-1", [{"type": "HoleDealt", "cards": ["As", "Kd"]}], False)],
    )
    store.add_chat(tid, 1, "p1", "Ann", "good luck", 1.5)
    store.close()


# ---------------------------------------------------------------- mid-hand


def table_view(server: LiveServer, tid: str, token: str | None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = server.http.get(f"/api/tournaments/{tid}/tables/1", headers=headers)
    assert response.status_code == 200, response.text
    return dict(response.json())


def clock_of(server: LiveServer, tid: str) -> tuple[Any, ...]:
    clock = server.call(lambda: server.floor.get(tid).tournament.clock)
    return (clock.started_at, clock.paused_at, clock.paused_total, clock.offset)


def the_moment(server: LiveServer, tid: str, tokens: dict[str, str]) -> dict[str, Any]:
    """What the backup must bring back: every seat's view of the hand, the
    spectators' view, the standings and the level clock."""
    status = server.status(tid)
    return {
        "seats": {p: table_view(server, tid, t) for p, t in tokens.items()},
        "public": table_view(server, tid, None),
        "standings": status["standings"],
        "level": status.get("level"),
        "clock": clock_of(server, tid),
    }


def comparable(view: dict[str, Any]) -> dict[str, Any]:
    """A table view less what moves with the wall clock: the level's seconds
    left (the level clock itself is compared whole) and the action timer,
    which every start of a server gives the player to act afresh."""
    plain = dict(json.loads(json.dumps(view)))
    plain.pop("level", None)
    plain.pop("timer", None)
    return plain


def test_a_backup_taken_mid_hand_goes_on_exactly_in_a_fresh_data_directory(
    tmp_path: Path,
) -> None:
    """The backup is taken from a running server between two actions of a
    hand; restored into another data directory with the key given apart,
    a server there shows the same hand, the same cards, the same clock and
    standings, and dealing on gives the same flop as the original: the
    same deck."""
    first_dir, backups, second_dir = tmp_path / "first", tmp_path / "stick", tmp_path / "second"
    first_dir.mkdir()
    with LiveServer(first_dir) as first:
        tid = create_tournament(
            first.http,
            "de-holdem",
            level_seconds=600,
            starting_stack=1000,
            action_seconds=600,
            between_hands_s=0.2,
        )
        tokens = dict(first.register(tid, name) for name in ("Ann", "Ben"))
        first.start(tid)
        opened = wait_until(
            lambda: (v := table_view(first, tid, None))["hand"] and v["hand"]["actor"] and v,
            15,
            "the first hand",
        )
        seat = {p: table_view(first, tid, t)["you"]["seat"] for p, t in tokens.items()}
        button = next(p for p in tokens if seat[p] == opened["hand"]["actor"])
        big_blind = next(p for p in tokens if p != button)
        response = first.http.post(
            f"/api/tournaments/{tid}/actions",
            json={"action": "call"},
            headers={"Authorization": f"Bearer {tokens[button]}"},
        )
        assert response.status_code == 200, response.text
        before = the_moment(first, tid, tokens)
        assert before["seats"][big_blind]["hand"]["actor"] == seat[big_blind]

        made = invoke("backup", "--to", str(backups), "--data-dir", str(first_dir))
        assert made.exit_code == 0, made.output
        backup_file = one_backup(backups)
        assert backup_file.stat().st_mode & 0o777 == 0o600
        key_file = first_dir / "floorman.sqlite3.key"
        assert f"it is the file {key_file.resolve()}" in made.output
        assert key_file.read_text().strip() not in backup_file.read_bytes().decode("latin-1")
        stored_before = first.floor.store.hand_events(opened["hand_id"])

        # the original plays on after the backup: the big blind checks, the flop comes
        response = first.http.post(
            f"/api/tournaments/{tid}/actions",
            json={"action": "check"},
            headers={"Authorization": f"Bearer {tokens[big_blind]}"},
        )
        assert response.status_code == 200, response.text
        flop_there = wait_until(
            lambda: len((v := table_view(first, tid, None))["hand"]["board"]) == 3 and v,
            10,
            "the flop on the original",
        )["hand"]["board"]

    done = invoke(
        "restore", str(backup_file), "--data-dir", str(second_dir), "--key-file", str(key_file)
    )
    assert done.exit_code == 0, done.output
    with LiveServer(second_dir) as second:
        after = the_moment(second, tid, tokens)
        assert after["clock"] == before["clock"]
        assert after["standings"] == before["standings"]
        assert after["level"] == before["level"]
        assert comparable(after["public"]) == comparable(before["public"])
        for player in tokens:
            assert comparable(after["seats"][player]) == comparable(before["seats"][player])
        assert after["public"]["hand_id"] == opened["hand_id"]
        # the sealed hand opens with the key given: the same deck, event for event
        assert second.floor.store.hand_events(opened["hand_id"]) == stored_before
        response = second.http.post(
            f"/api/tournaments/{tid}/actions",
            json={"action": "check"},
            headers={"Authorization": f"Bearer {tokens[big_blind]}"},
        )
        assert response.status_code == 200, response.text
        flop_here = wait_until(
            lambda: len((v := table_view(second, tid, None))["hand"]["board"]) == 3 and v,
            10,
            "the flop on the restored server",
        )["hand"]["board"]
        assert flop_here == flop_there


def test_backups_taken_while_bots_play_are_each_one_consistent_moment(
    tmp_path: Path,
) -> None:
    """The online backup copies one moment even while the writer commits
    action after action: each of three backups taken during play restores into
    a database whose tournament loads, every finished hand of it whole and
    every running hand going on from its stored events."""
    played = tmp_path / "played"
    played.mkdir()
    with LiveServer(played) as server:
        tid = create_tournament(
            server.http,
            "nm-holdem",
            bots=20,
            starting_stack=100_000,
            level_seconds=3600,
            action_delay_ms=10,
        )
        server.start(tid)
        store = server.floor.store
        made = []
        for count in (3, 8, 14):
            wait_until(lambda c=count: len(store.hands(tid)) >= c, 60, f"{count} hands dealt")
            made.append(take_backup(sqlite_url(played), tmp_path / "backups"))
    for k, backup in enumerate(made):
        target = tmp_path / f"restored-{k}"
        restore(backup.path, sqlite_url(target), key_file=played / "floorman.sqlite3.key")
        copy = Store(sqlite_url(target))
        try:
            hands = copy.hands(tid)
            assert len(hands) == backup.rows["hands"]
            for hand in hands:
                events = copy.hand_events(hand["id"])
                assert events[0]["type"] == "HandStarted", hand
                if hand["status"] == "finished":
                    assert events[-1]["type"] == "HandEnded", hand
            record = copy.tournament(tid)
            assert record is not None and record.status == "running"
            # as a server starting there loads it: the events folded, and the
            # hand each table was playing replayed from its stored events
            loaded = TournamentService.load(copy, tid, record.config, read_only=True)
            assert loaded.status == "running"
        finally:
            copy.close()


# ---------------------------------------------------------------- refusals


def test_restore_refuses_a_database_that_is_not_empty_and_changes_nothing(
    tmp_path: Path,
) -> None:
    small_store(tmp_path / "a")
    small_store(tmp_path / "b", tid="other")
    made = take_backup(sqlite_url(tmp_path / "a"), tmp_path / "backups")
    target = tmp_path / "b" / "floorman.sqlite3"
    before = target.read_bytes()
    result = invoke(
        "restore",
        str(made.path),
        "--data-dir",
        str(tmp_path / "b"),
        "--key-file",
        str(tmp_path / "a" / "floorman.sqlite3.key"),
    )
    assert result.exit_code == 1
    assert "is not empty (1 chat_messages, 1 hand_events, 1 hands" in result.output
    assert "nothing was changed" in result.output
    store = Store(sqlite_url(tmp_path / "b"))
    try:
        assert [t.id for t in store.tournaments()] == ["other"]
    finally:
        store.close()
    assert target.read_bytes() == before


def test_restore_without_the_key_or_with_another_key_is_refused(tmp_path: Path) -> None:
    small_store(tmp_path / "a")
    made = take_backup(sqlite_url(tmp_path / "a"), tmp_path / "backups")
    missing = invoke("restore", str(made.path), "--data-dir", str(tmp_path / "b"))
    assert missing.exit_code == 1
    assert "no key: the key that opens the backup's stored hands is never inside" in missing.output
    other = tmp_path / "other.key"
    other.write_text(new_key())
    wrong = invoke(
        "restore", str(made.path), "--data-dir", str(tmp_path / "b"), "--key-file", str(other)
    )
    assert wrong.exit_code == 1
    assert "the key given does not open the stored hands" in wrong.output
    assert not (tmp_path / "b" / "floorman.sqlite3").exists()
    # a backup taken before its database had a key: the hand itself is tried
    os.rename(tmp_path / "a" / "floorman.sqlite3.key", tmp_path / "a.key")
    made = take_backup(sqlite_url(tmp_path / "a"), tmp_path / "keyless")
    assert made.key_kept is None and read_backup(made.path).key_fingerprint is None
    with pytest.raises(BackupError, match="does not open the stored hands"):
        restore(made.path, sqlite_url(tmp_path / "c"), key_file=other, environ={})


def test_a_damaged_truncated_or_foreign_file_is_refused_clearly(tmp_path: Path) -> None:
    small_store(tmp_path / "a")
    made = take_backup(sqlite_url(tmp_path / "a"), tmp_path / "backups")
    whole = made.path.read_bytes()
    truncated = tmp_path / "truncated.sqlite3"
    truncated.write_bytes(whole[: len(whole) // 3])
    with pytest.raises(BackupError, match="is damaged or incomplete"):
        read_backup(truncated)
    foreign = tmp_path / "notes.txt"
    foreign.write_text("my tournament notes")
    with pytest.raises(BackupError, match="is not a floorman backup"):
        read_backup(foreign)
    plain = tmp_path / "plain.sqlite3"
    sqlite3.connect(plain).execute("CREATE TABLE x (y)").connection.commit()
    with pytest.raises(BackupError, match="is a SQLite database but no floorman backup"):
        read_backup(plain)
    with pytest.raises(BackupError, match="cannot read the backup"):
        read_backup(tmp_path / "absent.sqlite3")


def test_a_backup_of_another_format_version_or_an_unknown_schema_is_refused(
    tmp_path: Path,
) -> None:
    small_store(tmp_path / "a")
    made = take_backup(sqlite_url(tmp_path / "a"), tmp_path / "backups")
    with sqlite3.connect(made.path) as connection:
        connection.execute("UPDATE floorman_backup SET version = 2")
    with pytest.raises(BackupError, match="has format version 2; this floorman reads version 1"):
        read_backup(made.path)
    with sqlite3.connect(made.path) as connection:
        connection.execute("UPDATE floorman_backup SET version = 1")
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(BackupError, match="schema revision 9999, which this floorman does not"):
        restore(made.path, sqlite_url(tmp_path / "b"), environ={"FLOORMAN_SECRET_KEY": new_key()})


# ---------------------------------------------------------------- files on a stick


def test_periodic_backups_rotate_and_never_leave_a_half_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    small_store(tmp_path / "a")
    stick = tmp_path / "stick"
    backups = PeriodicBackups(sqlite_url(tmp_path / "a"), stick, every=0.05, keep=3)
    backups.start()
    wait_until(lambda: len(backups.made) >= 5, 30, "five backups")
    backups.stop(last=False)
    kept = sorted(p.name for p in stick.iterdir())
    assert kept == sorted(p.path.name for p in backups.made[-3:])
    for name in kept:
        assert read_backup(stick / name).rows("hand_events") == 1

    # a write cut off before its rename leaves no file under a backup's name
    def cut(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", cut)
    backups.take()  # logged, not raised: the server goes on
    monkeypatch.undo()
    assert sorted(p.name for p in stick.iterdir()) == kept
    (stick / ".floorman-x.sqlite3.partial").write_bytes(b"half")
    rotate(stick, 3)
    assert sorted(p.name for p in stick.iterdir()) == kept


def test_serve_takes_a_last_backup_when_it_stops(tmp_path: Path) -> None:
    """``floorman serve --backup-every 1h``: no backup is due during the
    test, yet stopping the server leaves one holding what it stored."""
    data, stick = tmp_path / "data", tmp_path / "stick"
    data.mkdir()
    port = free_port()
    command = [
        str(VENV_BIN / "floorman"),
        "serve",
        "--backup-every",
        "1h",
        "--backup-to",
        str(stick),
        "--backup-keep",
        "2",
    ]
    env = {
        "FLOORMAN_PORT": str(port),
        "FLOORMAN_DATA_DIR": str(data),
        "FLOORMAN_DIRECTOR_TOKEN": DIRECTOR,
    }
    with serving(command, env, tmp_path, port) as server:
        server.wait_healthy(30)
        assert f"a backup every 1h into {stick.resolve()} (the newest 2 kept)" in server.output()
        response = httpx.post(
            f"{server.url}/api/tournaments", json=tournament_body("nm-holdem"), headers=AUTH
        )
        assert response.status_code == 200, response.text
        assert not stick.exists() or not list(stick.iterdir())
        assert server.stop() == 0
    last = read_backup(one_backup(stick))
    assert last.rows("tournaments") == 1


def test_backup_every_needs_a_place_and_an_interval(tmp_path: Path) -> None:
    refused = invoke("serve", "--backup-every", "5m", "--data-dir", str(tmp_path))
    assert refused.exit_code == 2
    assert "--backup-every and --backup-to go together" in refused.output
    refused = invoke(
        "serve", "--backup-every", "soon", "--backup-to", str(tmp_path), "--data-dir", str(tmp_path)
    )
    assert refused.exit_code == 2
    assert "'soon' is no interval" in refused.output


# ---------------------------------------------------------------- PostgreSQL


@pytest.mark.skipif(not POSTGRES, reason="no PostgreSQL (FLOORMAN_TEST_POSTGRES_URL)")
def test_a_postgresql_backup_is_a_portable_archive_restored_on_either_database(
    tmp_path: Path,
) -> None:
    key = new_key()
    env = {"FLOORMAN_SECRET_KEY": key}
    with fresh_database(POSTGRES) as source, fresh_database(POSTGRES) as target:
        store = Store(source, key=base64.urlsafe_b64decode(key))
        store.create_tournament("t1", "Demo", "nm-holdem", {"bots": 2})
        store.commit(
            "t1",
            [{"type": "registered", "player": "p1"}],
            new_hands=[("t1-1-1", 1, 1)],
            hand_events=[("t1-1-1", [{"type": "HoleDealt", "cards": ["As", "Kd"]}], False)],
        )
        store.add_chat("t1", 1, "p1", "Ann", "good luck", 1.5)
        store.close()
        made = take_backup(source, tmp_path, environ=env)
        assert made.path.name.endswith(".jsonl.gz")
        assert made.key_kept == "the environment variable FLOORMAN_SECRET_KEY"
        lines = gzip.decompress(made.path.read_bytes()).decode().splitlines()
        assert json.loads(lines[0])["format"] == "floorman-backup"
        for url in (target, sqlite_url(tmp_path)):
            restore(made.path, url, environ=env)
            copy = Store(url, key=base64.urlsafe_b64decode(key))
            try:
                assert copy.hand_events("t1-1-1") == [{"type": "HoleDealt", "cards": ["As", "Kd"]}]
                assert [c["text"] for c in copy.chat("t1")] == ["good luck"]
                # the serials go on after the restored ids
                copy.add_chat("t1", 1, None, "Bo", "hello", 2.0)
                assert [c["text"] for c in copy.chat("t1")] == ["good luck", "hello"]
            finally:
                copy.close()
        # and back: the SQLite copy of the restored store into PostgreSQL
        from_sqlite = take_backup(sqlite_url(tmp_path), tmp_path / "from-sqlite", environ=env)
        with fresh_database(POSTGRES) as third:
            restore(from_sqlite.path, third, environ=env)
            copy = Store(third, key=base64.urlsafe_b64decode(key))
            try:
                assert copy.hand_events("t1-1-1") == [{"type": "HoleDealt", "cards": ["As", "Kd"]}]
                assert [c["text"] for c in copy.chat("t1")] == ["good luck", "hello"]
                assert [t.archived for t in copy.tournaments()] == [False]
            finally:
                copy.close()
        cut = tmp_path / "cut.jsonl.gz"
        cut.write_bytes(gzip.compress("\n".join(lines[:-1]).encode()))
        with pytest.raises(BackupError, match="ends before its last line"):
            read_backup(cut)
