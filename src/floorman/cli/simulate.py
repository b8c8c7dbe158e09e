"""``floorman simulate``: a whole tournament played by bots."""

from __future__ import annotations

import json
import resource
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from floorman.engine.errors import FloormanError
from floorman.profiles import load_profile, profile_names
from floorman.sim.plot import FORMATS, plot_players_left
from floorman.sim.simulate import simulate as run_simulation
from floorman.tournament.core import Tournament
from floorman.tournament.events import event_to_dict
from floorman.tournament.structure import Structure


def simulate(
    profile: Annotated[str, typer.Option(help=f"Rule profile: {', '.join(profile_names())}.")],
    players: Annotated[int, typer.Option(min=2, max=250_000, help="Number of bots.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the simulation's random generator.")] = 1,
    bot: Annotated[str, typer.Option(help="Bot kind: 'sensible' or 'random'.")] = "sensible",
    events: Annotated[
        Path | None,
        typer.Option(
            help="Write the tournament's event log here (JSON lines); without it the log "
            "is not kept in memory, only the outcome."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    level_seconds: Annotated[
        int | None, typer.Option(min=1, help="Level length in seconds (default: profile).")
    ] = None,
    seconds_per_hand: Annotated[
        float, typer.Option(min=1.0, help="Simulated seconds each hand takes.")
    ] = 90.0,
    starting_stack: Annotated[int | None, typer.Option(min=1, help="Starting chips.")] = None,
    prize_pool: Annotated[
        int, typer.Option(min=0, help="Prize pool shared by the payout table (top 5: OQ-39).")
    ] = 0,
    plot: Annotated[
        Path | None,
        typer.Option(help="Write a plot of players left against time here (.svg, .png or .pdf)."),
    ] = None,
) -> None:
    """Play a whole tournament with bots and print standings and prizes."""
    console = Console(stderr=True)
    try:
        rules = load_profile(profile)
        structure = Structure.default(
            rules,
            level_seconds=level_seconds,
            starting_stack=starting_stack,
            prize_pool=prize_pool,
        )
        if bot not in ("sensible", "random"):
            raise FloormanError(f"unknown bot {bot!r}: choose 'sensible' or 'random'")
        if events is not None:
            events.open("w", encoding="utf-8").close()  # fail now, not after the run
        if plot is not None:
            if plot.suffix.lower() not in FORMATS:
                raise FloormanError(
                    f"cannot plot to {plot.name}: the file must end in {', '.join(FORMATS)}"
                )
            plot.open("wb").close()
    except FloormanError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    except OSError as error:
        typer.echo(f"error: cannot write {error.filename}: {error.strerror}", err=True)
        raise typer.Exit(2) from None
    show_bar = console.is_terminal and not as_json
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TextColumn(
            "{task.fields[left]} left, {task.fields[hands]} hands, level {task.fields[level]}"
        ),
        TimeElapsedColumn(),
        console=console,
        disable=not show_bar,
    ) as bar:
        task = bar.add_task(
            f"{profile} x{players}", total=players - 1, left=players, hands=0, level=1
        )

        def progress(tournament: Tournament, hands: int) -> None:
            left = tournament.alive
            bar.update(
                task, completed=players - left, left=left, hands=hands, level=tournament.level
            )

        result = run_simulation(
            rules,
            players,
            seed,
            structure=structure,
            bot=bot,
            seconds_per_hand=seconds_per_hand,
            progress=progress,
            # the log only for --events: a large field's log outgrows the memory
            keep_events=events is not None,
        )
    tournament = result.tournament
    if events is not None:
        with events.open("w", encoding="utf-8") as log:
            for event in tournament.events:
                log.write(json.dumps(event_to_dict(event)) + "\n")
    if plot is not None:
        plot_players_left(
            result.timeline,
            plot,
            title=f"{profile}: {players} players, {seconds_per_hand:g} s a hand",
            level_seconds=[level.seconds for level in structure.levels],
        )
        console.print(f"plot written to {plot}")
    standings = [
        {"player": row["player"], "place": row["place"], "prize": row["prize"]}
        for row in tournament.standings()
    ]
    summary = {
        "profile": profile,
        "players": players,
        "seed": seed,
        "winner": tournament.winner,
        "hands": result.hands,
        "levels": tournament.level,
        "simulated_hours": round(result.simulated_seconds / 3600, 2),
        "seconds": round(result.seconds, 2),
        "peak_memory_mib": peak_memory_mib(),
        "standings": standings,
    }
    if as_json:
        sys.stdout.write(json.dumps(summary) + "\n")
        return
    out = Console()
    table = Table(
        title=f"{profile}: {players} players, {result.hands} hands, {result.seconds:.1f} s"
    )
    for column in ("place", "player", "prize"):
        table.add_column(column)
    for row in standings[: min(len(standings), 20)]:
        table.add_row(str(row["place"]), str(row["player"]), str(row["prize"]))
    out.print(table)
    out.print(f"winner: {tournament.winner}")
    peak = summary["peak_memory_mib"]
    out.print(f"{result.hands} hands in {result.seconds:.1f} s, peak memory {peak} MiB")


def peak_memory_mib() -> float:
    """The process's peak resident memory so far (Linux reports KiB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)
