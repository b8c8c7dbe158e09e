"""Backups of the event store, taken while the server runs.

- **SQLite**: the online backup API (``sqlite3.Connection.backup``) copies
  the database in one read transaction, so the copy is one consistent
  moment even while the writer commits.  The copy is a SQLite database
  itself, with one more table, ``floorman_backup``, saying what it is.
- **PostgreSQL**: every table read in one ``REPEATABLE READ`` read-only
  transaction (one snapshot) and written as gzip-compressed JSON lines: a
  header (format, version, schema revision, key fingerprint), each table's
  columns and then its rows, and a trailer counting them, so a truncated
  file is told from a whole one.  It restores into SQLite as well.

Neither holds the key that seals the stored hands (storage/crypto.py):
whoever finds a backup on a lost USB stick learns no card.  The backup
records the key's fingerprint instead, so a restore given another key says
so before writing anything.

A file is written under a hidden ``.partial`` name in its directory,
synced and renamed: a backup's own name never stands for half a file, even
on a stick pulled out mid-write.  :func:`rotate` keeps the newest N.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import SQLAlchemyError

from floorman import __version__
from floorman.engine.errors import FloormanError
from floorman.storage.crypto import HandSeal, find_key
from floorman.storage.models import Base
from floorman.storage.store import make_engine

FORMAT = "floorman-backup"
#: the layout of a backup file; a restore refuses any other
VERSION = 1
META_TABLE = "floorman_backup"
PREFIX = "floorman-"
SUFFIXES = (".sqlite3", ".jsonl.gz")
PARTIAL = ".partial"
SQLITE_MAGIC = b"SQLite format 3\x00"
GZIP_MAGIC = b"\x1f\x8b"

log = logging.getLogger("floorman.storage")


class BackupError(FloormanError):
    """A backup that cannot be taken, read or restored; the message says why."""


@dataclass(frozen=True)
class BackupMade:
    """What :func:`take_backup` wrote, for the command to say."""

    path: Path
    rows: dict[str, int]
    #: where the key that opens the backup's hands is kept (None: no key yet)
    key_kept: str | None
    seconds: float


@dataclass
class BackupContents:
    """A backup read whole and checked: its header and every table's rows."""

    path: Path
    schema: str
    made_at: str
    made_by: str
    key_fingerprint: str | None
    tables: dict[str, tuple[list[str], list[tuple[Any, ...]]]] = field(default_factory=dict)

    def rows(self, table: str) -> int:
        return len(self.tables.get(table, ([], []))[1])


def table_names() -> list[str]:
    """The store's tables, each after those it refers to."""
    return [table.name for table in Base.metadata.sorted_tables]


def _stamp(now: float) -> str:
    moment = datetime.fromtimestamp(now, UTC)
    return moment.strftime("%Y%m%dT%H%M%S") + f"{moment.microsecond // 1000:03d}Z"


def _sync_directory(directory: Path) -> None:
    with contextlib.suppress(OSError):  # some file systems cannot sync a directory
        descriptor = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _publish(partial: Path, final: Path) -> None:
    """Sync ``partial`` and give it its final name in one step.  Only the
    owner may read it: it holds the players' token hashes and the chat."""
    with partial.open("rb+") as file:
        os.fchmod(file.fileno(), 0o600)
        os.fsync(file.fileno())
    os.replace(partial, final)
    _sync_directory(final.parent)


def _key_of(url: str, environ: Mapping[str, str] | None) -> tuple[str | None, str | None]:
    """The fingerprint of the store's key and where the key is kept."""
    found = find_key(url, environ)
    if found is None:
        return None, None
    key, kept = found
    return HandSeal(key).fingerprint(), kept


def _schema_revision(connection: Connection) -> str:
    return str(connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one())


def take_backup(
    url: str,
    directory: Path,
    *,
    environ: Mapping[str, str] | None = None,
    now: float | None = None,
) -> BackupMade:
    """A consistent copy of the store at ``url`` in ``directory`` (made if
    missing), named by the time; the store may be in use meanwhile."""
    started = time.monotonic()
    directory.mkdir(parents=True, exist_ok=True)
    fingerprint, kept = _key_of(url, environ)
    stamp = _stamp(time.time() if now is None else now)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = (parsed.database or "").removeprefix("file:")
        if database in ("", ":memory:") or not Path(database).exists():
            raise BackupError("no SQLite database file at {url}", values={"url": url})
        final = directory / f"{PREFIX}{stamp}.sqlite3"
        partial = directory / f".{final.name}{PARTIAL}"
        rows = _backup_sqlite(Path(database), partial, fingerprint)
    else:
        final = directory / f"{PREFIX}{stamp}.jsonl.gz"
        partial = directory / f".{final.name}{PARTIAL}"
        rows = _export(url, partial, fingerprint)
    try:
        _publish(partial, final)
    finally:
        partial.unlink(missing_ok=True)
    return BackupMade(final, rows, kept, time.monotonic() - started)


def _backup_sqlite(database: Path, partial: Path, fingerprint: str | None) -> dict[str, int]:
    partial.unlink(missing_ok=True)
    source = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=30)
    try:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)  # every page in one step: one consistent moment
            copy.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
            copy.execute(
                f"CREATE TABLE {META_TABLE} (format TEXT, version INTEGER, made_at TEXT,"
                " made_by TEXT, key_fingerprint TEXT)"
            )
            copy.execute(
                f"INSERT INTO {META_TABLE} VALUES (?, ?, ?, ?, ?)",
                (FORMAT, VERSION, datetime.now(UTC).isoformat(), __version__, fingerprint),
            )
            copy.commit()
            return {
                name: int(copy.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0])
                for name in table_names()
            }
        finally:
            copy.close()
    finally:
        source.close()


def _export(url: str, partial: Path, fingerprint: str | None) -> dict[str, int]:
    engine = make_engine(url)
    rows: dict[str, int] = {}
    try:
        with (
            engine.connect() as connection,
            gzip.open(partial, "wt", encoding="utf-8") as out,
        ):
            connection.execute(text("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"))
            header = {
                "format": FORMAT,
                "version": VERSION,
                "schema": _schema_revision(connection),
                "made_at": datetime.now(UTC).isoformat(),
                "made_by": __version__,
                "key_fingerprint": fingerprint,
            }
            out.write(json.dumps(header) + "\n")
            for table in Base.metadata.sorted_tables:
                columns = [column.name for column in table.columns]
                out.write(json.dumps({"table": table.name, "columns": columns}) + "\n")
                count = 0
                for row in connection.execute(select(table).order_by(*table.primary_key)):
                    out.write(json.dumps({"row": list(row)}) + "\n")
                    count += 1
                rows[table.name] = count
            out.write(json.dumps({"end": rows}) + "\n")
            connection.rollback()
    finally:
        engine.dispose()
    return rows


def rotate(directory: Path, keep: int) -> list[Path]:
    """Remove all but the newest ``keep`` backups in ``directory`` (and any
    partial file a killed process left); returns what was removed."""
    ours = sorted(
        p for p in directory.iterdir() if p.name.startswith(PREFIX) and p.name.endswith(SUFFIXES)
    )
    removed = ours[: max(0, len(ours) - keep)]
    removed += [p for p in directory.iterdir() if p.name.endswith(PARTIAL)]
    for path in removed:
        path.unlink(missing_ok=True)
    return removed


class PeriodicBackups:
    """``floorman serve --backup-every … --backup-to …``: a backup every
    ``every`` seconds on a thread of its own (never on the event loop), the
    newest ``keep`` kept; one more when the server stops."""

    def __init__(self, url: str, directory: Path, every: float, keep: int) -> None:
        self.url, self.directory, self.every, self.keep = url, directory, every, keep
        self.made: list[BackupMade] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="floorman-backups", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def take(self) -> None:
        """One backup now, and the oldest beyond ``keep`` removed; a failure
        is logged and tried again next time (a stick pulled out, say)."""
        try:
            made = take_backup(self.url, self.directory)
            rotate(self.directory, self.keep)
        except (OSError, sqlite3.Error, SQLAlchemyError, FloormanError):
            log.exception("the backup to %s failed", self.directory)
            return
        self.made.append(made)
        log.info("backup %s (%.2f s)", made.path, made.seconds)

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.take()

    def stop(self, *, last: bool = True) -> None:
        """Stop the thread; ``last``: take one more backup (the store is
        closed by then, so it holds everything)."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        if last:
            self.take()


def parse_interval(text: str) -> float:
    """Seconds in ``90``, ``90s``, ``5m`` or ``1h``; at least one second.

    >>> parse_interval("5m"), parse_interval("90"), parse_interval("1h")
    (300.0, 90.0, 3600.0)
    """
    units = {"s": 1, "m": 60, "h": 3600}
    body = text.strip().lower()
    unit = units.get(body[-1:], 0)
    number = body[:-1] if unit else body
    try:
        seconds = float(number) * (unit or 1)
    except ValueError:
        seconds = 0.0
    if not seconds >= 1:
        raise ValueError(f"{text!r} is no interval: give seconds, or 90s, 5m, 1h")
    return seconds


# ---------------------------------------------------------------- reading


def read_backup(path: Path) -> BackupContents:
    """The backup at ``path``, read whole and checked (format, version,
    completeness); raises :class:`BackupError` saying what is wrong."""
    try:
        with path.open("rb") as file:
            magic = file.read(len(SQLITE_MAGIC))
    except OSError as error:
        raise BackupError(
            "cannot read the backup {path}: {why}",
            values={"path": str(path), "why": error.strerror},
        ) from None
    if magic.startswith(SQLITE_MAGIC):
        return _read_sqlite(path)
    if magic.startswith(GZIP_MAGIC):
        return _read_export(path)
    raise BackupError(
        "{path} is not a floorman backup (neither a SQLite copy nor a JSON-lines archive)",
        values={"path": str(path)},
    )


def _damaged(path: Path, why: object) -> BackupError:
    return BackupError(
        "the backup {path} is damaged or incomplete ({why}): take another or use an older one",
        values={"path": str(path), "why": str(why)},
    )


def _check_version(path: Path, fmt: object, version: object) -> None:
    if fmt != FORMAT:
        raise BackupError("{path} is not a floorman backup", values={"path": str(path)})
    if version != VERSION:
        raise BackupError(
            "the backup {path} has format version {version}; this floorman reads version"
            " {supported} only",
            values={"path": str(path), "version": str(version), "supported": VERSION},
        )


def _read_sqlite(path: Path) -> BackupContents:
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error as error:
        raise _damaged(path, error) from None
    try:
        check = connection.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise _damaged(path, check)
        try:
            meta = connection.execute(
                f"SELECT format, version, made_at, made_by, key_fingerprint FROM {META_TABLE}"
            ).fetchone()
        except sqlite3.Error:
            raise BackupError(
                "{path} is a SQLite database but no floorman backup (take one with"
                " floorman backup)",
                values={"path": str(path)},
            ) from None
        _check_version(path, meta[0], meta[1])
        schema = str(connection.execute("SELECT version_num FROM alembic_version").fetchone()[0])
        contents = BackupContents(path, schema, str(meta[2]), str(meta[3]), meta[4])
        for name in table_names():
            cursor = connection.execute(f'SELECT * FROM "{name}"')
            columns = [d[0] for d in cursor.description]
            contents.tables[name] = (columns, [tuple(r) for r in cursor.fetchall()])
        return contents
    except sqlite3.DatabaseError as error:
        raise _damaged(path, error) from None
    finally:
        connection.close()


def _lines(path: Path) -> Iterator[dict[str, Any]]:
    try:
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            for line in lines:
                yield json.loads(line)
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise _damaged(path, error) from None


def _read_export(path: Path) -> BackupContents:
    lines = _lines(path)
    header = next(lines, None)
    if not isinstance(header, dict):
        raise _damaged(path, "no header")
    _check_version(path, header.get("format"), header.get("version"))
    contents = BackupContents(
        path,
        str(header["schema"]),
        str(header["made_at"]),
        str(header["made_by"]),
        header.get("key_fingerprint"),
    )
    current: list[tuple[Any, ...]] | None = None
    end: dict[str, int] | None = None
    for line in lines:
        if "row" in line and current is not None:
            current.append(tuple(line["row"]))
        elif "table" in line:
            current = []
            contents.tables[str(line["table"])] = (list(line["columns"]), current)
        elif "end" in line:
            end = dict(line["end"])
        else:
            raise _damaged(path, "an unknown line")
    counted = {name: len(rows) for name, (_, rows) in contents.tables.items()}
    if end is None or end != counted:
        raise _damaged(path, "it ends before its last line")
    return contents


__all__ = [
    "FORMAT",
    "VERSION",
    "BackupContents",
    "BackupError",
    "BackupMade",
    "PeriodicBackups",
    "parse_interval",
    "read_backup",
    "rotate",
    "take_backup",
]
