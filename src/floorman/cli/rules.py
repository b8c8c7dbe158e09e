"""``floorman rules [ID]``: the clause registry, every clause with its status,
or one clause whole (its original, its full English rendering, its notes and
what proves it)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from floorman.rules import RULEBOOKS, STATUSES, UNJUDGED, Clause, UnknownClause, counts, get
from floorman.rules import registry as clauses

STYLE = {
    "implemented": "green",
    "not-applicable": "dim",
    "floor-judgement": "yellow",
    UNJUDGED: "red",
}


def _where(clause: Clause) -> str:
    """The list's last column: the first test and source file, or the reason."""
    if clause.status == "implemented":

        def first(items: tuple[str, ...]) -> str:
            if not items:
                return "-"
            return items[0] + (f" (+{len(items) - 1})" if len(items) > 1 else "")

        return f"{first(clause.tests)}; {first(clause.code)}"
    return clause.reason


def _section(console: Console, title: str, body: str, style: str = "") -> None:
    if body:
        console.print(Text(title, style="bold"))
        # whole lines: the terminal wraps them, a copy keeps each sentence whole
        console.print(Text(body, style=style), soft_wrap=True)


def _one(console: Console, clause: Clause) -> None:
    """One clause whole: status, English, original, notes, evidence or reason."""
    console.print(f"[bold]{clause.id}[/bold] ({clause.rulebook})")
    console.print(Text(clause.status, style=STYLE.get(clause.status, "")))
    _section(console, "English:", clause.text)
    _section(console, "Original:", clause.original, "italic")
    _section(console, "Notes:", clause.notes)
    if clause.status == "implemented":
        _section(console, "Tests (passing, marked with the clause):", "\n".join(clause.tests))
        _section(console, "Code (citing the clause):", "\n".join(clause.code) or "-")
    else:
        _section(console, "Reason:", clause.reason)


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
        _one(console, clause)
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
    for clause in clauses().values():
        if rulebook is None or clause.rulebook == rulebook:
            shown = Text(clause.status, style=STYLE.get(clause.status, ""))
            table.add_row(clause.id, shown, _where(clause))
    console.print(table)
    summary = Table(title="Counts")
    summary.add_column("rulebook")
    table_counts = counts()
    columns = [*STATUSES]
    if any(row[UNJUDGED] for row in table_counts.values()):
        columns.append(UNJUDGED)
    for status in (*columns, "all"):
        summary.add_column(status, justify="right")
    for book, row in table_counts.items():
        if rulebook is None or book == rulebook:
            summary.add_row(book, *(str(row[s]) for s in (*columns, "all")))
    console.print(summary)
