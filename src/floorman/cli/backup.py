"""``floorman backup`` and ``floorman restore`` (storage/backup.py,
storage/restore.py): a copy of the event store taken while the server runs,
and that copy put into an empty database elsewhere.  The key that seals
the stored hands is never in a backup; both commands say where it is."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

DATABASE_HELP = (
    "SQLAlchemy URL (PostgreSQL: postgresql://…); default the SQLite file in the data dir."
)
DATA_DIR_HELP = "Where the default SQLite database (and its key file) live."


def database_url_in(data_dir: Path, given: str | None) -> str:
    """The URL given, or the default SQLite file in ``data_dir`` (as ``serve``)."""
    if given:
        return given
    return f"sqlite:///{(data_dir / 'floorman.sqlite3').resolve()}"


def backup(
    to: Annotated[
        Path, typer.Option("--to", help="The directory the backup goes in (made if missing).")
    ] = Path("backups"),
    database_url: Annotated[
        str | None, typer.Option(envvar="FLOORMAN_DATABASE_URL", help=DATABASE_HELP)
    ] = None,
    data_dir: Annotated[Path, typer.Option(envvar="FLOORMAN_DATA_DIR", help=DATA_DIR_HELP)] = Path(
        "var"
    ),
) -> None:
    """Back up the event store while the server runs (not the key: see the output)."""
    from floorman.storage.backup import BackupError, take_backup

    console = Console()
    url = database_url_in(data_dir, database_url)
    try:
        made = take_backup(url, to)
    except (BackupError, OSError) as error:
        console.print(f"[red]backup failed: {error}[/red]")
        raise typer.Exit(1) from None
    size = made.path.stat().st_size
    console.print(f"backup: {made.path.resolve()} ({size:,} bytes, {made.seconds:.2f} s)")
    console.print(
        f"  {made.rows.get('tournaments', 0)} tournaments, "
        f"{made.rows.get('tournament_events', 0)} tournament events, "
        f"{made.rows.get('hands', 0)} hands, {made.rows.get('hand_events', 0)} hand events",
        soft_wrap=True,
    )
    if made.key_kept is None:
        console.print(
            "the key that seals its hands was not found here (FLOORMAN_SECRET_KEY,"
            " FLOORMAN_SECRET_KEY_FILE, or beside a SQLite database) and is NOT in the"
            " backup: keep the key your server uses apart from the backup, restoring needs it",
            soft_wrap=True,
        )
    else:
        console.print(
            f"the key that opens its sealed hands is NOT in the backup: it is {made.key_kept}."
            "  Keep a copy of it apart from the backup: restoring needs it"
            " (floorman restore FILE --key-file KEYFILE).",
            soft_wrap=True,
        )


def restore(
    file: Annotated[Path, typer.Argument(help="A backup made by floorman backup.")],
    database_url: Annotated[
        str | None, typer.Option(envvar="FLOORMAN_DATABASE_URL", help=DATABASE_HELP)
    ] = None,
    data_dir: Annotated[Path, typer.Option(envvar="FLOORMAN_DATA_DIR", help=DATA_DIR_HELP)] = Path(
        "var"
    ),
    key_file: Annotated[
        Path | None,
        typer.Option(
            help="The key that opens the backup's hands (floorman.sqlite3.key beside the "
            "database it came from); default FLOORMAN_SECRET_KEY(_FILE) or the key file "
            "beside the target."
        ),
    ] = None,
) -> None:
    """Restore a backup into an empty database (a non-empty one is refused, untouched)."""
    from floorman.storage.backup import BackupError
    from floorman.storage.restore import restore as restore_backup

    console = Console()
    url = database_url_in(data_dir, database_url)
    if database_url is None:
        data_dir.mkdir(parents=True, exist_ok=True)
    try:
        done = restore_backup(file, url, key_file=key_file)
    except BackupError as error:
        console.print(f"[red]restore refused: {error}[/red]", soft_wrap=True)
        raise typer.Exit(1) from None
    contents = done.contents
    console.print(
        f"restored {file} (taken {contents.made_at} by floorman {contents.made_by}) into"
        f" {url.split('@')[-1]}: {contents.rows('tournaments')} tournaments,"
        f" {contents.rows('tournament_events')} tournament events,"
        f" {contents.rows('hand_events')} hand events",
        soft_wrap=True,
    )
    console.print(f"the key for its hands: {done.key_kept}", soft_wrap=True)
    console.print("start the server on it with floorman serve (the same options)")
