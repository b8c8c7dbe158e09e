"""``floorman bench …``: benchmarks (never timed unit tests)."""

from __future__ import annotations

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
    game: Annotated[str, typer.Option(help="holdem (nm-holdem rules) or nm-draw.")] = "holdem",
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
    from floorman.bench.engine_bench import (
        measure,
        measure_pokerkit,
        play_draw_hand,
        play_holdem_hand,
    )
    from floorman.profiles import load_profile

    if game not in ("holdem", "nm-draw"):
        typer.echo("error: --game must be holdem or nm-draw", err=True)
        raise typer.Exit(2)
    if game == "nm-draw" and players > 5:
        typer.echo("error: the NM draw seats at most 5 players (NM-D-1A)", err=True)
        raise typer.Exit(2)
    profile = load_profile("nm-draw" if game == "nm-draw" else "nm-holdem")
    play = play_draw_hand if game == "nm-draw" else play_holdem_hand
    per_round = max(1, hands // rounds)
    peer_round = max(1, (peer_hands or max(300, hands // 20)) // rounds)
    measure("warm-up", play, profile, players, min(200, per_round), seed)
    ours = []
    peers = []
    for k in range(rounds):
        ours.append(measure("floorman", play, profile, players, per_round, seed + k))
        if game == "holdem":
            peer = measure_pokerkit(players, peer_round, seed + k)
            if peer is not None:
                peers.append(peer)
    best = max(ours, key=lambda m: m.per_second)
    typer.echo(
        f"game: {game}, players: {players}, hands: {per_round * rounds}, seed: {seed},"
        f" rounds: {rounds}"
    )
    typer.echo(
        "floorman: "
        + ", ".join(f"{m.per_second:,.0f}" for m in ours)
        + f" hands/s (best {best.per_second:,.0f})"
    )
    if game == "holdem":
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
