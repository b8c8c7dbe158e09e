"""Assembles the command groups; each lives in its own module."""

from __future__ import annotations

import typer

from floorman.cli import backup, bench, bot, chaos, demo, fuzz, phh, rules, serve, simulate

app = typer.Typer(
    name="floorman",
    help="Poker tournaments dealt and ruled by the NM draw, NM hold'em and German rulebooks.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
app.command("serve", help="Run the server: play, watch and direct tournaments in a browser.")(
    serve.serve
)
app.command("runner", help="A table runner of the multi-process deployment (see serve --workers).")(
    serve.runner
)
app.command("backup", help="Back up the event store while the server runs (never the key).")(
    backup.backup
)
app.command("restore", help="Restore a backup into an empty database.")(backup.restore)
app.command("bot", help="Play a tournament as an external bot over the websocket protocol.")(
    bot.bot
)
app.command("chaos", help="Run the cluster under faults and check nothing was lost or doubled.")(
    chaos.chaos
)
app.command("rules", help="The rules registry: every clause with its status and where.")(
    rules.rules
)
app.command("demo", help="Play a few hold'em hands between bots and print them.")(demo.demo)
app.add_typer(bench.app, name="bench", help="Measure engine and evaluator speed against peers.")
app.add_typer(fuzz.app, name="fuzz", help="Random hands checked as they are played.")
app.add_typer(phh.app, name="phh", help="Read, replay and write PHH hand histories.")
app.command("simulate", help="Play a whole tournament with bots; print standings and prizes.")(
    simulate.simulate
)
