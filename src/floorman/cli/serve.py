"""``floorman serve``: the server, with an embedded SQLite database."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console


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
        typer.Option(envvar="FLOORMAN_DATA_DIR", help="Where the default SQLite database lives."),
    ] = Path("var"),
    director_token: Annotated[
        str | None,
        typer.Option(
            envvar="FLOORMAN_DIRECTOR_TOKEN",
            help="The director's token (default: a new random one each start).",
        ),
    ] = None,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "warning",
) -> None:
    """Run the server: players, bots and the director in the browser."""
    import uvicorn

    from floorman.server.app import create_app

    if database_url is None:
        data_dir.mkdir(parents=True, exist_ok=True)
        database_url = f"sqlite:///{(data_dir / 'floorman.sqlite3').resolve()}"
    token = director_token or secrets.token_urlsafe(16)
    console = Console()
    console.print(f"floorman on [bold]http://{host}:{port}/[/bold]")
    console.print(f"director console: http://{host}:{port}/director")
    console.print(f"director token: [bold]{token}[/bold]")
    console.print(f"database: {database_url.split('@')[-1]}")
    os.environ.setdefault("FLOORMAN_SERVE", "1")
    uvicorn.run(create_app(database_url, token), host=host, port=port, log_level=log_level)
