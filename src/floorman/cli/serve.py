"""``floorman serve``: the server, with an embedded SQLite database.

The director token comes from ``--director-token-file``, the environment
(``FLOORMAN_DIRECTOR_TOKEN``) or ``--director-token`` (which ``ps`` shows
to every user of the machine); with none of them, the token kept in
``<data dir>/director-token`` (mode 0600), made on the first start.  The
output shows only its first characters: terminals and logs are read by
more people than the director.
"""

from __future__ import annotations

import logging
import os
import secrets
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

if TYPE_CHECKING:
    from floorman.storage.backup import PeriodicBackups

TOKEN_FILE = "director-token"
SHOWN = 4  # characters of the token the output shows


class TokenError(ValueError):
    pass


def shown(token: str) -> str:
    """The token as the output shows it: its first characters only."""
    return token[:SHOWN] + "…"


def read_token_file(path: Path) -> str:
    try:
        token = path.read_text(encoding="utf-8").strip()
    except OSError as error:
        raise TokenError(f"cannot read the director token file {path}: {error.strerror}") from None
    if not token:
        raise TokenError(f"the director token file {path} is empty")
    return token


def write_token_file(path: Path, token: str) -> None:
    """Only the owner may read it, whatever the umask or an older file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(descriptor, 0o600)
        os.write(descriptor, (token + "\n").encode())
    finally:
        os.close(descriptor)


def director_token_for(
    given: str | None, token_file: Path | None, data_dir: Path
) -> tuple[str, str]:
    """The token and where it came from, for the output."""
    if token_file is not None:
        return read_token_file(token_file), f"from {token_file}"
    if given:
        return given, "as given"
    path = data_dir / TOKEN_FILE
    if path.exists():
        os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)  # an older copy may be readable
        return read_token_file(path), f"kept in {path.resolve()}"
    token = secrets.token_urlsafe(24)
    write_token_file(path, token)
    return token, f"new, written to {path.resolve()}"


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(min=1, max=65535, envvar="FLOORMAN_PORT", help="Port.")
    ] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            envvar="FLOORMAN_DATABASE_URL",
            help="SQLAlchemy URL (PostgreSQL: postgresql://…); default SQLite file.",
        ),
    ] = None,
    data_dir: Annotated[
        Path,
        typer.Option(
            envvar="FLOORMAN_DATA_DIR",
            help="Where the default SQLite database and the director token file live.",
        ),
    ] = Path("var"),
    director_token_file: Annotated[
        Path | None,
        typer.Option(
            envvar="FLOORMAN_DIRECTOR_TOKEN_FILE",
            help="A file holding the director's token (keep it mode 0600).",
        ),
    ] = None,
    director_token: Annotated[
        str | None,
        typer.Option(
            envvar="FLOORMAN_DIRECTOR_TOKEN",
            help=(
                "The director's token.  On the command line every user of the machine "
                "sees it in `ps`: prefer FLOORMAN_DIRECTOR_TOKEN or --director-token-file.  "
                "Default: the token in <data dir>/director-token, made on the first start."
            ),
        ),
    ] = None,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "warning",
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=64,
            envvar="FLOORMAN_WORKERS",
            help="Web processes (more than one: the multi-process deployment, which needs "
            "--redis-url and a PostgreSQL --database-url).",
        ),
    ] = 1,
    runners: Annotated[
        int,
        typer.Option(
            min=1, max=64, envvar="FLOORMAN_RUNNERS", help="Table runners (multi-process only)."
        ),
    ] = 2,
    ws_compression: Annotated[
        bool,
        typer.Option(
            "--ws-compression/--no-ws-compression",
            envvar="FLOORMAN_WS_COMPRESSION",
            help="Compress websocket frames (permessage-deflate).  Off by default: a frame "
            "is a few KB, and compressing it once for every socket took a fifth of the "
            "server's time with 1,000 sockets (floorman bench server).",
        ),
    ] = False,
    redis_url: Annotated[
        str | None,
        typer.Option(
            envvar="FLOORMAN_REDIS_URL",
            help="Redis for the multi-process deployment (redis://host:port/0).",
        ),
    ] = None,
    log_format: Annotated[
        str,
        typer.Option(
            envvar="FLOORMAN_LOG_FORMAT",
            help="text, or json: one JSON object a line, each command with its tournament, "
            "kind, key, status and latency (never a token or a card).",
        ),
    ] = "text",
    runner_metrics_port: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=65535,
            envvar="FLOORMAN_RUNNER_METRICS_PORT",
            help="Multi-process only: runner k serves its Prometheus metrics on this port + k "
            "(the web processes serve theirs at /metrics on --port).",
        ),
    ] = None,
    backup_every: Annotated[
        str | None,
        typer.Option(
            envvar="FLOORMAN_BACKUP_EVERY",
            help="Back up the event store this often while serving (90s, 5m, 1h), into "
            "--backup-to; the key is never copied there.",
        ),
    ] = None,
    backup_to: Annotated[
        Path | None,
        typer.Option(
            envvar="FLOORMAN_BACKUP_TO", help="Where --backup-every writes (a USB stick, say)."
        ),
    ] = None,
    backup_keep: Annotated[
        int,
        typer.Option(
            min=1, envvar="FLOORMAN_BACKUP_KEEP", help="How many of those backups are kept."
        ),
    ] = 12,
) -> None:
    """Run the server: players, bots and the director in the browser."""
    import uvicorn

    from floorman.server import logs
    from floorman.server.app import create_app
    from floorman.server.drain import run_draining
    from floorman.server.ws import WS_MAX_BYTES

    console = Console()
    if log_format not in logs.FORMATS:
        console.print(f"[red]--log-format is text or json, not {log_format!r}[/red]")
        raise typer.Exit(2)
    if log_format == "json":  # the banner too: a log collector reads every line
        logs.configure(log_format, log_level)

    def say(text: str, **options: Any) -> None:
        if log_format == "json":
            logging.getLogger("floorman.serve").info(Text.from_markup(text).plain)
        else:
            console.print(text, **options)

    try:
        token, source = director_token_for(director_token, director_token_file, data_dir)
    except (TokenError, OSError) as error:
        console.print(f"[red]{error}[/red]")
        raise typer.Exit(2) from None
    if database_url is None:
        data_dir.mkdir(parents=True, exist_ok=True)
        database_url = f"sqlite:///{(data_dir / 'floorman.sqlite3').resolve()}"
    say(f"floorman on [bold]http://{host}:{port}/[/bold]")
    say(f"director console: http://{host}:{port}/director")
    say(f"director token: [bold]{shown(token)}[/bold] ({source})", soft_wrap=True)
    say(f"database: {database_url.split('@')[-1]}")
    backups = periodic_backups(console, database_url, backup_every, backup_to, backup_keep)
    os.environ.setdefault("FLOORMAN_SERVE", "1")
    if workers > 1 or redis_url:
        if not redis_url or not database_url.startswith("postgresql"):
            console.print(
                "[red]several processes need --redis-url and a PostgreSQL --database-url "
                "(postgresql://…): they share the event store and the leases[/red]"
            )
            raise typer.Exit(2)
        from floorman.cluster.supervisor import serve_cluster

        say(f"{workers} web processes, {runners} table runners, redis {redis_url}")
        if backups is not None:
            backups.start()
        try:
            serve_cluster(
                host=host,
                port=port,
                workers=workers,
                runners=runners,
                database_url=database_url,
                redis_url=redis_url,
                director_token=token,
                data_dir=data_dir,
                log_level=log_level,
                ws_max_size=WS_MAX_BYTES,
                ws_compression=ws_compression,
                log_format=log_format,
                runner_metrics_port=runner_metrics_port,
            )
        finally:
            if backups is not None:
                backups.stop()
        return
    started = run_draining(  # uvicorn, draining on SIGTERM (server/drain.py)
        create_app(database_url, token, pace_collection=True, backups=backups),
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=WS_MAX_BYTES,  # a huge frame is refused before it is read
        ws_per_message_deflate=ws_compression,
        log_config=logs.logging_config(log_format, log_level) or uvicorn.config.LOGGING_CONFIG,
    )
    if not started:
        raise typer.Exit(3)


def periodic_backups(
    console: Console, database_url: str, every: str | None, to: Path | None, keep: int
) -> PeriodicBackups | None:
    """``--backup-every`` with ``--backup-to`` (both or neither)."""
    from floorman.storage.backup import PeriodicBackups, parse_interval
    from floorman.storage.crypto import find_key

    if every is None and to is None:
        return None
    if every is None or to is None:
        console.print("[red]--backup-every and --backup-to go together[/red]")
        raise typer.Exit(2)
    try:
        seconds = parse_interval(every)
    except ValueError as error:
        console.print(f"[red]--backup-every: {error}[/red]")
        raise typer.Exit(2) from None
    found = find_key(database_url)
    kept = found[1] if found else "made beside the database on the first start"
    console.print(
        f"a backup every {every} into {to.resolve()} (the newest {keep} kept); the key that "
        f"opens their hands is not copied there: it is {kept}, keep a copy of it apart",
        soft_wrap=True,
    )
    return PeriodicBackups(database_url, to, seconds, keep)


def runner() -> None:
    """A table runner of the multi-process deployment (started by
    ``floorman serve --workers``): its settings come from the environment,
    never the command line."""
    from floorman.cluster.runner import run_runner

    missing = [
        name
        for name in ("FLOORMAN_DATABASE_URL", "FLOORMAN_REDIS_URL", "FLOORMAN_DIRECTOR_TOKEN")
        if not os.environ.get(name)
    ]
    if missing:
        Console().print(f"[red]set {', '.join(missing)}[/red]")
        raise typer.Exit(2)
    port = os.environ.get("FLOORMAN_RUNNER_METRICS_PORT", "")
    run_runner(
        os.environ["FLOORMAN_DATABASE_URL"],
        os.environ["FLOORMAN_REDIS_URL"],
        os.environ["FLOORMAN_DIRECTOR_TOKEN"],
        metrics_port=int(port) if port.isdigit() else None,
    )
