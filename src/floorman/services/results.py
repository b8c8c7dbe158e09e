"""The results sheet: each player's place, name, prize and entries, as CSV
and as a printable PDF (matplotlib, Agg: no display), in the reader's
language.

The order is the standings': players still in (by chips, no place yet),
then places from the first; players put out by a ruling (no place,
NM-D-1C/1D/1E) last.  A withdrawn entry was cancelled (DE-DEAL-4, OQ-46)
and is no result."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from floorman.services.runtime import TournamentService

#: rows on one printed page
ROWS_PER_PAGE = 40


def result_rows(service: TournamentService) -> list[dict[str, Any]]:
    """One row per player: place (None: still playing or disqualified),
    name, prize and entries (his first and his re-entries)."""
    t = service.tournament
    rows: list[dict[str, Any]] = []
    last: list[dict[str, Any]] = []
    for row in t.standings():
        state = t.players[str(row["player"])]
        if state.status == "withdrawn":
            continue
        entry = {
            "place": row["place"],
            "name": state.name,
            "prize": state.prize,
            "entries": state.entries,
        }
        (last if state.status == "disqualified" else rows).append(entry)
    return rows + last


def results_csv(service: TournamentService, words: Mapping[str, str]) -> str:
    """The sheet as CSV with a header in the reader's language."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(
        [words[f"tournament.results_{k}"] for k in ("place", "name", "prize", "entries")]
    )
    for row in result_rows(service):
        place = "" if row["place"] is None else row["place"]
        writer.writerow([place, _safe_cell(row["name"]), row["prize"], row["entries"]])
    return out.getvalue()


def _safe_cell(text: str) -> str:
    """A name a spreadsheet would read as a formula is written as text."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def results_pdf(service: TournamentService, words: Mapping[str, str]) -> bytes:
    """The sheet as a PDF: the tournament's name, its entries and pool,
    then the rows, ``ROWS_PER_PAGE`` a page."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot
    from matplotlib.backends.backend_pdf import PdfPages

    t = service.tournament
    rows = result_rows(service)
    header = [words[f"tournament.results_{k}"] for k in ("place", "name", "prize", "entries")]
    title = words["tournament.results_title"].replace("{name}", t.name)
    facts = (
        words["tournament.results_facts"]
        .replace("{entries}", str(t.entries))
        .replace("{pool}", str(t.prize_pool))
        .replace("{buy_in}", str(t.struct.buy_in))
    )
    out = io.BytesIO()
    pages = [rows[k : k + ROWS_PER_PAGE] for k in range(0, len(rows), ROWS_PER_PAGE)] or [[]]
    with PdfPages(out, metadata={"Title": title, "Creator": "floorman"}) as pdf:
        for number, page in enumerate(pages, 1):
            figure = pyplot.figure(figsize=(8.27, 11.69))  # A4
            try:
                figure.text(0.08, 0.95, title, fontsize=16, weight="bold")
                figure.text(0.08, 0.925, facts, fontsize=10)
                if len(pages) > 1:
                    figure.text(0.92, 0.95, f"{number}/{len(pages)}", ha="right", fontsize=9)
                axes = figure.add_axes((0.08, 0.05, 0.84, 0.86))
                axes.axis("off")
                cells = [
                    [
                        "" if r["place"] is None else str(r["place"]),
                        r["name"],
                        str(r["prize"]),
                        str(r["entries"]),
                    ]
                    for r in page
                ] or [["", "", "", ""]]
                table = axes.table(
                    cellText=cells,
                    colLabels=header,
                    colWidths=(0.12, 0.52, 0.2, 0.16),
                    loc="upper left",
                    cellLoc="left",
                )
                table.auto_set_font_size(False)
                table.set_fontsize(9)
                pdf.savefig(figure)
            finally:
                pyplot.close(figure)
    return out.getvalue()


__all__ = ["ROWS_PER_PAGE", "result_rows", "results_csv", "results_pdf"]
