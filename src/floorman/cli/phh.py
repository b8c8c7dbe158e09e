"""``floorman phh …``: PHH hand histories."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from floorman.engine.errors import ProfileError
from floorman.formats.phh import DEFAULT_PROFILE, replay_files
from floorman.profiles import load_profile

app = typer.Typer(no_args_is_help=True)


@app.command("replay")
def replay(
    files: Annotated[
        list[Path],
        typer.Argument(
            help="PHH files (variant NT or NMD), or directories: every *.phh inside, sorted."
        ),
    ],
    json_lines: Annotated[
        bool, typer.Option("--json", help="One JSON object per line and file.")
    ] = False,
    profile: Annotated[
        str,
        typer.Option(
            help="The rule profile the hands are replayed under (NMD files: nm-draw unless"
            " a draw profile is given)."
        ),
    ] = DEFAULT_PROFILE,
) -> None:
    """Replay hand histories and print each file's finishing stacks or its
    error.  The exit code is 0 only if every file replayed."""
    try:
        rules = load_profile(profile)
    except ProfileError as error:
        raise typer.BadParameter(str(error), param_hint="--profile") from None
    outcomes = replay_files(files, profile=rules)
    replayed = failed = 0
    table = Table(title="PHH replay")
    table.add_column("file", overflow="fold")
    table.add_column("finishing stacks or error")
    for outcome in outcomes:
        replayed += outcome.ok
        failed += not outcome.ok
        if json_lines:
            typer.echo(outcome.to_json())
        elif outcome.ok:
            carried = f", carried pot {outcome.carried_pot}" if outcome.carried_pot else ""
            table.add_row(outcome.file, str(list(outcome.finishing_stacks or ())) + carried)
        else:
            reason = (outcome.error or "").removeprefix(f"{outcome.file}: ")
            table.add_row(outcome.file, Text(reason, style="red"))
    if not json_lines:
        table.caption = f"{replayed} replayed, {failed} failed"
        Console().print(table)
    if failed or not replayed:
        if not replayed and not failed:
            typer.echo("no PHH files found", err=True)
        raise typer.Exit(1)
