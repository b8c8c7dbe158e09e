"""``floorman rules [ID]``: the clause registry, every clause with its status."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from floorman.rules import RULEBOOKS, STATUSES, UnknownClause, counts, get, registry

STYLE = {"implemented": "green", "not-applicable": "dim", "floor-judgement": "yellow"}


def _where(clause_id: str) -> str:
    clause = get(clause_id)
    if clause.status == "implemented":

        def first(files: tuple[str, ...]) -> str:
            return files[0] + (f" (+{len(files) - 1})" if len(files) > 1 else "")

        return f"{first(clause.code)}; {first(clause.tests)}"
    return clause.reason


def rules(
    clause_id: Annotated[
        str | None, typer.Argument(metavar="[ID]", help="One clause, e.g. NM-D-3A or OQ-19.")
    ] = None,
    rulebook: Annotated[
        str | None, typer.Option(help=f"Only one rulebook: {', '.join(RULEBOOKS)}.")
    ] = None,
) -> None:
    """Every clause of docs/rules/RULES_EN.md with its status (implemented,
    not-applicable, floor-judgement) and where; or one clause in full."""
    console = Console(soft_wrap=False)
    if clause_id is not None:
        try:
            clause = get(clause_id)
        except UnknownClause as error:
            Console(stderr=True).print(f"[red]error:[/red] {error}")
            raise typer.Exit(2) from None
        console.print(f"[bold]{clause.id}[/bold] ({clause.rulebook})")
        console.print(Text(clause.status, style=STYLE[clause.status]))
        console.print(Text(clause.text))
        if clause.original:
            console.print(Text("Original:", style="bold"))
            console.print(Text(clause.original, style="italic"))
        if clause.status == "implemented":
            console.print(Text("Code: " + ", ".join(clause.code)))
            console.print(Text("Tests: " + ", ".join(clause.tests)))
        else:
            console.print(Text("Reason: " + clause.reason))
        return
    if rulebook is not None and rulebook not in RULEBOOKS:
        Console(stderr=True).print(
            f"[red]error:[/red] unknown rulebook {rulebook!r}: one of {', '.join(RULEBOOKS)}"
        )
        raise typer.Exit(2)
    table = Table(title="Clauses of docs/rules/RULES_EN.md")
    table.add_column("ID", no_wrap=True)
    table.add_column("status", no_wrap=True)
    table.add_column("where", overflow="fold")
    for clause in registry().values():
        if rulebook is None or clause.rulebook == rulebook:
            shown = Text(clause.status, style=STYLE[clause.status])
            table.add_row(clause.id, shown, _where(clause.id))
    console.print(table)
    summary = Table(title="Counts")
    summary.add_column("rulebook")
    for status in (*STATUSES, "all"):
        summary.add_column(status, justify="right")
    for book, row in counts().items():
        if rulebook is None or book == rulebook:
            summary.add_row(book, *(str(row[s]) for s in (*STATUSES, "all")))
    console.print(summary)
