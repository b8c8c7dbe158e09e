"""``floorman fuzz …``: random play checked as it goes (the loop lives in
:mod:`floorman.sim.fuzz`)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

app = typer.Typer(no_args_is_help=True)


@app.command("hands")
def hands(
    hands: Annotated[int, typer.Option("--hands", min=1, help="Hands to play.")] = 10_000,
    seed: Annotated[int, typer.Option("--seed", min=0, help="Seed of the run.")] = 1,
    start: Annotated[
        int,
        typer.Option("--start", min=0, help="First hand number (replay one: --start K --hands 1)."),
    ] = 0,
    workers: Annotated[int, typer.Option("--workers", min=1, max=64, help="Processes.")] = 1,
) -> None:
    """Random hands of hold'em (nm-holdem, de-holdem) and the draw (nm-draw),
    alternating: random table sizes, seats, antes and stacks (short all-ins
    too), random legal moves and illegal ones that must be refused.  Chips
    are checked after every move and every log is replayed at the end of its
    hand.  Exits 1 on any failure, naming the seed and hand to replay it."""
    from floorman.sim.fuzz import FuzzResult, fuzz_in_chunks

    console = Console(stderr=True)
    with Progress(
        TextColumn("[bold]fuzz"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[actions]:,} moves, {task.fields[failed]} failed"),
        TimeElapsedColumn(),
        console=console,
        disable=not console.is_terminal,
    ) as bar:
        task = bar.add_task("hands", total=hands, actions=0, failed=0)

        step = max(1, hands // 10)
        told = [0]

        def done(so_far: FuzzResult) -> None:
            bar.update(task, completed=so_far.total, actions=so_far.actions, failed=so_far.failed)
            if not console.is_terminal and so_far.total >= told[0] + step:
                # a log (nohup, CI) gets a line every tenth instead of the bar
                told[0] = so_far.total
                console.print(
                    f"fuzz: {so_far.total}/{hands} hands, {so_far.failed} failed,"
                    f" {so_far.seconds:.0f} s"
                )

        result = fuzz_in_chunks(
            hands,
            seed,
            start=start,
            workers=workers,
            chunk=min(1_000, max(1, hands // 100)),
            done=done,
        )
    typer.echo(f"seed: {seed}, hands {start} to {start + hands - 1}, workers: {workers}")
    for game, count in result.hands.items():
        typer.echo(f"{game} hands: {count}")
    typer.echo(f"legal moves: {result.actions}")
    typer.echo(f"illegal moves refused: {result.refusals}")
    typer.echo(f"failures: {result.failed}")
    for failure in result.failures:
        typer.echo(f"  FAILED {failure}")
    if result.failed > len(result.failures):
        typer.echo(f"  … and {result.failed - len(result.failures)} more")
    typer.echo(f"elapsed: {result.seconds:.1f} s")
    if result.failed:
        raise typer.Exit(1)
