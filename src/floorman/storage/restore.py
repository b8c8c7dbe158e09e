"""A backup (storage/backup.py) restored into an empty database.

Everything is checked before anything is written: the file whole (format,
version, completeness), its schema revision known to this floorman, the key
given opening its sealed hands, and the target holding no row.  The rows
then go in in one transaction at the backup's schema revision, and the
migrations take the schema on to the newest, as at any start.  A refused
or failed restore leaves the target as it was.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Boolean, func, inspect, select, text
from sqlalchemy.engine import Connection, Engine

from floorman.storage.backup import BackupContents, BackupError, read_backup
from floorman.storage.crypto import (
    HandSeal,
    SecretKeyError,
    StoredHandUnreadable,
    find_key,
    key_file_beside,
    parse_key,
)
from floorman.storage.models import Base
from floorman.storage.store import MIGRATIONS, make_engine, migrate


@dataclass(frozen=True)
class Restored:
    """What :func:`restore` did, for the command to say."""

    contents: BackupContents
    #: where the server started on the target will find the key
    key_kept: str


def known_revisions() -> list[str]:
    """The schema revisions this floorman's migrations know, oldest first."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    scripts = ScriptDirectory.from_config(config)
    return [s.revision for s in reversed(list(scripts.walk_revisions()))]


def _key_for(url: str, key_file: Path | None, environ: Mapping[str, str]) -> tuple[bytes, str]:
    if key_file is not None:
        try:
            return parse_key(key_file.read_text(encoding="ascii"), str(key_file)), str(key_file)
        except (OSError, UnicodeDecodeError):
            raise BackupError(
                "the key file {path} cannot be read", values={"path": str(key_file)}
            ) from None
    found = find_key(url, environ)
    if found is None:
        raise BackupError(
            "no key: the key that opens the backup's stored hands is never inside a backup;"
            " give it with --key-file (the file floorman.sqlite3.key beside the database the"
            " backup was taken from) or FLOORMAN_SECRET_KEY"
        )
    return found


def _check_key(contents: BackupContents, seal: HandSeal) -> None:
    """The key must open the backup's hands, or the restored event could
    never deal its running hands on."""
    wrong = BackupError(
        "the key given does not open the stored hands of {path}: it is not the key of the"
        " database the backup was taken from",
        values={"path": str(contents.path)},
    )
    if contents.key_fingerprint is not None and contents.key_fingerprint != seal.fingerprint():
        raise wrong
    columns, rows = contents.tables.get("hand_events", ([], []))
    if rows:
        first = dict(zip(columns, rows[0], strict=True))
        try:
            seal.open(str(first["hand_id"]), int(first["seq"]), str(first["data"]))
        except StoredHandUnreadable:
            raise wrong from None


def _refuse_unless_empty(engine: Engine, url: str) -> None:
    present = set(inspect(engine).get_table_names())
    with engine.connect() as connection:
        counts = {
            table.name: int(connection.scalar(select(func.count()).select_from(table)) or 0)
            for table in Base.metadata.sorted_tables
            if table.name in present
        }
    held = {name: n for name, n in counts.items() if n}
    if held:
        raise BackupError(
            "the database {url} is not empty ({rows}): a backup is restored only into an"
            " empty database, and nothing was changed",
            values={
                "url": url.split("@")[-1],
                "rows": ", ".join(f"{n} {name}" for name, n in sorted(held.items())),
            },
        )


def _insert(connection: Connection, contents: BackupContents) -> None:
    for table in Base.metadata.sorted_tables:
        columns, rows = contents.tables.get(table.name, ([], []))
        if not rows:
            continue
        flags = {c.name for c in table.columns if isinstance(c.type, Boolean)}

        def value(name: str, raw: Any, flags: set[str] = flags) -> Any:
            return bool(raw) if name in flags and raw is not None else raw

        connection.execute(
            table.insert(),
            [{c: value(c, v) for c, v in zip(columns, row, strict=True)} for row in rows],
        )
    if connection.dialect.name == "postgresql":
        # ids were given, so each serial's sequence starts after the last one
        for table in Base.metadata.sorted_tables:
            if "id" in table.columns and table.columns["id"].autoincrement is True:
                connection.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'),"
                        f" coalesce(max(id), 0) + 1, false) FROM {table.name}"
                    )
                )


def _keep_key_beside(url: str, key: bytes, key_text: str | None) -> str | None:
    """A SQLite target keeps the key given in the file beside it, where
    ``floorman serve`` looks; a different key there is refused."""
    beside = key_file_beside(url)
    if beside is None:
        return None
    if beside.exists():
        if parse_key(beside.read_text(encoding="ascii"), str(beside)) != key:
            raise BackupError(
                "a different key is kept beside the target database already ({path}):"
                " restore into a fresh data directory",
                values={"path": str(beside)},
            )
        return f"the file {beside.resolve()}"
    if key_text is None:
        return None
    descriptor = os.open(beside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write(key_text.strip() + "\n")
    return f"the file {beside.resolve()}"


def restore(
    path: Path,
    url: str,
    *,
    key_file: Path | None = None,
    environ: Mapping[str, str] | None = None,
) -> Restored:
    """The backup at ``path`` into the empty database at ``url``."""
    env = os.environ if environ is None else environ
    contents = read_backup(path)
    known = known_revisions()
    if contents.schema not in known:
        raise BackupError(
            "the backup {path} has schema revision {revision}, which this floorman does not"
            " know (it knows {known}): restore it with the floorman that took it or a newer one",
            values={"path": str(path), "revision": contents.schema, "known": ", ".join(known)},
        )
    try:
        key, kept = _key_for(url, key_file, env)
    except SecretKeyError as error:
        raise BackupError(str(error)) from None
    _check_key(contents, HandSeal(key))
    beside = key_file_beside(url)
    if beside is not None:  # a SQLite file: its directory may be new
        beside.parent.mkdir(parents=True, exist_ok=True)
    engine = make_engine(url)
    try:
        _refuse_unless_empty(engine, url)
        key_text = key_file.read_text(encoding="ascii") if key_file is not None else None
        kept = _keep_key_beside(url, key, key_text) or kept
        migrate(engine, contents.schema)
        with engine.begin() as connection:
            _insert(connection, contents)
        migrate(engine)
    finally:
        engine.dispose()
    return Restored(contents, kept)


__all__ = ["Restored", "known_revisions", "restore"]
