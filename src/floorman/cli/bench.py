"""``floorman bench …``: benchmarks (never timed unit tests)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(no_args_is_help=True)


@app.command("eval")
def eval_(
    hands: Annotated[
        int, typer.Option("--hands", min=1000, help="Per-call hands per repetition.")
    ] = 200_000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the random hands.")] = 1,
    batch_rows: Annotated[
        int, typer.Option("--batch-rows", min=1000, help="Batch rows per repetition.")
    ] = 2_000_000,
) -> None:
    """Seven-card evaluations per second: floorman per call and batched,
    against phevaluator, measured in the same run."""
    from floorman.bench.eval_bench import print_report, run

    print_report(run(hands=hands, seed=seed, batch_rows=batch_rows))


@app.command("engine")
def engine(
    players: Annotated[int, typer.Option(min=2, max=10, help="Players at the table.")] = 6,
    hands: Annotated[int, typer.Option(min=1, help="Complete hands to play.")] = 20_000,
    seed: Annotated[int, typer.Option(help="Seed of the workload's random choices.")] = 1,
    workload: Annotated[
        str,
        typer.Option(
            "--game", help="A rule profile (nm-holdem, nm-draw), or holdem for nm-holdem."
        ),
    ] = "holdem",
    peer_hands: Annotated[
        int | None, typer.Option(min=1, help="Hands for PokerKit (default: hands/20, ≥ 300).")
    ] = None,
    rounds: Annotated[
        int, typer.Option(min=1, max=20, help="Alternating rounds; the best of each counts.")
    ] = 3,
) -> None:
    """Complete hands per second on random legal play (blinds 1/2, stacks
    200), with PokerKit on the same workload in the same run where installed.
    floorman and PokerKit alternate for ``rounds`` rounds and each one's best
    round counts, so both are measured under the same machine conditions."""
    from floorman.bench.engine_bench import measure, workload_for
    from floorman.engine.variants import variant_for
    from floorman.profiles import load_profile, profile_names

    # a profile's name, or a game for its NM profile ("holdem": nm-holdem)
    name = workload if workload in profile_names() else f"nm-{workload}"
    if name not in profile_names():
        typer.echo(f"error: --game must be a rule profile or a game, not {workload!r}", err=True)
        raise typer.Exit(2)
    profile = load_profile(name)
    variant = variant_for(profile)
    if players > variant.max_players:  # the game's table limit (NM-H-1, NM-D-1A)
        typer.echo(f"error: {name} seats at most {variant.max_players} players", err=True)
        raise typer.Exit(2)
    try:
        bench = workload_for(variant.hand_class)
    except LookupError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    play = bench.play
    per_round = max(1, hands // rounds)
    peer_round = max(1, (peer_hands or max(300, hands // 20)) // rounds)
    measure("warm-up", play, profile, players, min(200, per_round), seed)
    ours = []
    peers = []
    for k in range(rounds):
        ours.append(measure("floorman", play, profile, players, per_round, seed + k))
        if bench.peer is not None:
            peer = bench.peer(players, peer_round, seed + k)
            if peer is not None:
                peers.append(peer)
    best = max(ours, key=lambda m: m.per_second)
    typer.echo(
        f"game: {workload}, players: {players}, hands: {per_round * rounds}, seed: {seed},"
        f" rounds: {rounds}"
    )
    typer.echo(
        "floorman: "
        + ", ".join(f"{m.per_second:,.0f}" for m in ours)
        + f" hands/s (best {best.per_second:,.0f})"
    )
    if bench.peer is not None:
        if not peers:
            typer.echo("pokerkit: not installed (pip install pokerkit) - no ratio")
        else:
            top = max(peers, key=lambda m: m.per_second)
            typer.echo(
                "pokerkit: "
                + ", ".join(f"{m.per_second:,.0f}" for m in peers)
                + f" hands/s (best {top.per_second:,.0f}, {top.hands} hands a round)"
            )
            typer.echo(
                f"ratio: {best.per_second / top.per_second:.1f}x pokerkit (best against best)"
            )
    typer.echo(f"hands_per_second: {best.per_second:.0f}")


def _client_counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        counts = []
    if not counts or any(n < 2 or n > 10_000 for n in counts):
        typer.echo("error: --clients takes counts from 2 to 10000, e.g. 100,500,1000", err=True)
        raise typer.Exit(2)
    return counts


@app.command("server")
def server(
    clients: Annotated[
        str, typer.Option(help="Client counts, one fresh server each: 100,500,1000.")
    ] = "100,500,1000",
    think_ms: Annotated[
        int, typer.Option(min=0, max=60_000, help="Each client's think time (±50 %).")
    ] = 0,
    seconds: Annotated[float, typer.Option(min=1, help="The measured window.")] = 20.0,
    hands_per_client: Annotated[
        int | None,
        typer.Option(min=1, help="Instead of --seconds: until each client was dealt K hands."),
    ] = None,
    warmup: Annotated[float, typer.Option(min=0, help="Seconds of play not measured.")] = 5.0,
    fold_percent: Annotated[
        float, typer.Option(min=0, max=100, help="How often a client facing a bet folds.")
    ] = 10.0,
    client_processes: Annotated[
        int | None, typer.Option(min=1, max=64, help="Client processes (default: 1 per 250).")
    ] = None,
    between_hands: Annotated[
        float, typer.Option(min=0, max=60, help="The server's pause between hands (s).")
    ] = 0.0,
    compression: Annotated[
        bool,
        typer.Option(help="permessage-deflate on both sides (serve --ws-compression)."),
    ] = False,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="Write the figures to this file.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the clients' choices.")] = 1,
    profile_server: Annotated[
        str | None,
        typer.Option(help="Run each server under cProfile: PREFIX-<clients>.prof (skews it)."),
    ] = None,
    deployment: Annotated[
        str,
        typer.Option(
            help="single (one process, SQLite), cluster (--workers/--runners on PostgreSQL"
            " and Redis) or both: single,cluster - side by side for each client count."
        ),
    ] = "single",
    postgres_url: Annotated[
        str | None,
        typer.Option(
            envvar="FLOORMAN_BENCH_POSTGRES_URL",
            help="The cluster's PostgreSQL server (postgresql://user:pw@host/db): the bench"
            " creates a database of its own in it for each run and drops it afterwards.",
        ),
    ] = None,
    redis_url: Annotated[
        str | None,
        typer.Option(envvar="FLOORMAN_BENCH_REDIS_URL", help="The cluster's Redis."),
    ] = None,
    workers: Annotated[int, typer.Option(min=2, max=64, help="The cluster's web processes.")] = 2,
    runners: Annotated[int, typer.Option(min=1, max=64, help="The cluster's runners.")] = 2,
    spectators: Annotated[
        int,
        typer.Option(
            min=0,
            max=10_000,
            help="Spectator sockets on table 1 reading every frame; each run is then made"
            " without and with them.",
        ),
    ] = 0,
) -> None:
    """N websocket players against `floorman serve`, one fresh server each run,
    on one process and/or the multi-process deployment: actions per second,
    action-to-next-frame latency, CPU and memory of each server process and of
    the bench's own client processes (which share this machine)."""
    import json

    from floorman.bench.server_bench import Settings, print_report, run
    from floorman.bench.server_bench_deploy import (
        DEPLOYMENTS,
        ClusterSettings,
        DeploymentUnavailable,
    )

    deployments = [part.strip() for part in deployment.split(",") if part.strip()]
    if not deployments or any(d not in DEPLOYMENTS for d in deployments):
        typer.echo("error: --deployment takes single, cluster or single,cluster", err=True)
        raise typer.Exit(2)
    cluster = None
    if "cluster" in deployments:
        if not postgres_url or not redis_url:
            typer.echo(
                "error: the cluster deployment cannot be started: it needs --postgres-url"
                " (a PostgreSQL server) and --redis-url; nothing was measured",
                err=True,
            )
            raise typer.Exit(2)
        cluster = ClusterSettings(postgres_url, redis_url, workers, runners)
    settings = Settings(
        clients=_client_counts(clients),
        think_ms=think_ms,
        warmup_s=warmup,
        seconds=seconds,
        fold_percent=fold_percent,
        hands_per_client=hands_per_client,
        client_processes=client_processes,
        between_hands_s=between_hands,
        compression=compression,
        seed=seed,
        profile_server=profile_server,
        deployments=list(dict.fromkeys(deployments)),
        cluster=cluster,
        spectators=spectators,
    )
    try:
        result = run(settings, say=lambda text: typer.echo(text, err=True))
    except DeploymentUnavailable as error:
        typer.echo(f"error: {error}\nnothing was measured", err=True)
        raise typer.Exit(2) from None
    except RuntimeError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(1) from None
    print_report(result)
    if json_path is not None:
        json_path.write_text(json.dumps(result, indent=2) + "\n")
    if any(r["actions"] == 0 or r["server_exit"] is not None for r in result["runs"]):
        typer.echo("error: a run measured no action or lost its server", err=True)
        raise typer.Exit(1)
