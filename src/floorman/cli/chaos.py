"""``floorman chaos``: the multi-process deployment run under faults, then
checked: nothing acknowledged lost, nothing applied twice (issue 27)."""

from __future__ import annotations

import signal
from types import FrameType
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

if TYPE_CHECKING:  # the run's modules load when it runs, not with every command
    from floorman.chaos.run import Report

POSTGRES_ENV = "FLOORMAN_CHAOS_POSTGRES_URL"


def chaos(
    postgres_url: Annotated[
        str,
        typer.Option(
            "--postgres-url",
            envvar=POSTGRES_ENV,
            help="A PostgreSQL server (its URL, with a user that may create databases):"
            " each run makes a fresh database on it.",
        ),
    ] = "postgresql://floorman:floorman@127.0.0.1:5432/postgres",
    minutes: Annotated[float, typer.Option(min=0.1, help="How long the clients play.")] = 5.0,
    clients: Annotated[int, typer.Option(min=1, help="Players, bots and browsers.")] = 200,
    browsers: Annotated[
        int, typer.Option(min=0, help="Of the players, those acting as the browser does.")
    ] = 12,
    tournaments: Annotated[int, typer.Option(min=1, help="Tournaments they play.")] = 4,
    seed: Annotated[int, typer.Option(help="Seed of the faults and the players' choices.")] = 1,
    fault_every: Annotated[
        float, typer.Option(min=5, help="Seconds between faults, on average.")
    ] = 20.0,
    redis_port: Annotated[
        int | None, typer.Option(help="The port of the run's own Redis (default: a free one).")
    ] = None,
    whole_postgres: Annotated[
        bool,
        typer.Option(
            help="Pause the PostgreSQL server whole (postmaster and every backend), not only"
            " the run's own backends: for a server nobody else uses meanwhile."
        ),
    ] = False,
    cut_runner: Annotated[
        bool,
        typer.Option(
            help="Start one of the two runners behind relays of the run's own and cut it off"
            " from PostgreSQL and Redis now and then (a network partition)."
        ),
    ] = True,
    keep_database: Annotated[
        bool, typer.Option(help="Keep the run's database (it is kept anyway on a finding).")
    ] = False,
) -> None:
    """Start 2 web processes and 2 runners on PostgreSQL and a Redis of the
    run's own, play with hundreds of clients that retry with the same key,
    kill -9 runners and web processes, restart Redis empty and pause
    PostgreSQL at random; then check that every acknowledged command was
    applied exactly once, chips were conserved, every hand is whole and
    every replica equals the stored state.  Exits 1 on any finding."""
    from floorman.chaos.run import ChaosSettings, Interrupted, run

    # stopped from outside, the run still undoes what it did (SIGCONT to a
    # paused PostgreSQL first of all), as on Ctrl-C
    signal.signal(signal.SIGTERM, _interrupted)
    settings = ChaosSettings(
        postgres_url=postgres_url,
        minutes=minutes,
        clients=clients,
        browsers=min(browsers, clients),
        tournaments=tournaments,
        seed=seed,
        fault_every=fault_every,
        redis_port=redis_port,
        keep_database=keep_database,
        whole_postgres=whole_postgres,
        cut_runner=cut_runner,
    )
    console = Console()
    with Progress(
        TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(), console=console
    ) as bar:
        task = bar.add_task("starting the cluster", total=settings.minutes * 60)

        def tick(gone: float, total: float, report: Report) -> None:
            injected = sum(report.faults.injected.values())
            bar.update(
                task,
                completed=gone,
                description=f"{len(report.ledger.sent)} commands, {injected} faults",
            )

        try:
            report = run(settings, tick)
        except Interrupted as stopped:
            kept = stopped.report
            console.print(f"interrupted after {kept.seconds:.0f} s: nothing was checked")
            console.print(f"database kept: {kept.database}")
            console.print(f"the cluster's log: {kept.log_path}")
            raise typer.Exit(130) from None
    print_report(console, report)
    if not report.ok:
        raise typer.Exit(1)


def _interrupted(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def print_report(console: Console, report: Report) -> None:
    from floorman.chaos.faults import KINDS

    ledger = report.ledger
    counts = Table(title="floorman chaos", show_header=False)
    over_socket = sum(1 for s in ledger.sent if s.over == "ws")
    counts.add_row("commands sent", str(len(ledger.sent)))
    counts.add_row("  of them over the websocket (no answer but frames)", str(over_socket))
    counts.add_row("acknowledged (HTTP 200)", str(ledger.acknowledged))
    counts.add_row("sent twice at once (a double click)", str(ledger.doubled))
    retried = f"{ledger.retried} ({ledger.resent} resends)"
    counts.add_row("retried for want of an answer (same key)", retried)
    counts.add_row("given up unanswered", str(ledger.given_up))
    counts.add_row("applied (answer stored)", str(report.applied.total))
    for kind, count in sorted(report.applied.by_kind.items()):
        counts.add_row(f"  applied {kind}", str(count))
    counts.add_row("hands stored", str(report.hands))
    for kind in KINDS:
        if kind in report.faults.skipped:
            counts.add_row(f"fault: {kind}", f"skipped: {report.faults.skipped[kind]}")
        else:
            counts.add_row(f"fault: {kind}", str(report.faults.injected[kind]))
    if report.faults.recovery_seconds:
        slowest = max(report.faults.recovery_seconds)
        counts.add_row("slowest recovery", f"{slowest:.1f} s")
    counts.add_row("run", f"{report.seconds:.0f} s")
    console.print(counts)
    for line in report.faults.lines:
        console.print(f"  {line}")
    if report.findings:
        console.print(f"[bold red]{len(report.findings)} findings:[/]")
        for finding in report.findings[:50]:
            console.print(f"  {finding.kind}: {finding.text}")
    else:
        console.print("[bold green]nothing lost, nothing applied twice[/]")
    if report.database_kept:
        console.print(f"database kept: {report.database}")
    if report.log_path:
        console.print(f"the cluster's log: {report.log_path}")


__all__ = ["POSTGRES_ENV", "chaos", "print_report"]
