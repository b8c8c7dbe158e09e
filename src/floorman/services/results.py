"""The results sheet: each player's place, name, prize and entries, with
the entries' accounts (buy-ins, fees, the guarantee's top-up, the pool:
the core's :class:`~floorman.tournament.money.Accounts`), as CSV, as a
printable PDF (matplotlib, Agg: no display) in the reader's language, and
as data for the printable results page.

The order is the standings': players still in (by chips, no place yet),
then places from the first; players put out by a ruling (no place,
NM-D-1C/1D/1E) last.  A withdrawn entry was cancelled (DE-DEAL-4, OQ-46)
and is no result."""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from floorman.services.runtime import TournamentService

#: rows on one printed page
ROWS_PER_PAGE = 40


def result_rows(service: TournamentService) -> list[dict[str, Any]]:
    """One row per player: place (None: still playing or disqualified),
    name, prize, entries (his first and his re-entries) and whether his
    entry is paid (False only where the profile seats running-along stacks,
    DE-DEAL-4, OQ-70: the sheet flags it)."""
    t = service.tournament
    rows: list[dict[str, Any]] = []
    last: list[dict[str, Any]] = []
    dealt = t.deal_made.amounts if t.deal_made is not None else {}
    for row in t.standings():
        state = t.players[str(row["player"])]
        if state.status == "withdrawn":
            continue
        entry = {
            "place": row["place"],
            "name": state.name,
            "prize": state.prize,
            "entries": state.entries,
            "paid": state.confirmed,
            "deal": state.player in dealt,  # his prize is his share of a deal (OQ-73)
        }
        (last if state.status == "disqualified" else rows).append(entry)
    return rows + last


def results_view(service: TournamentService) -> dict[str, Any]:
    """The sheet as data for the printable page: the tournament's name and
    status, the rows and the accounts, every amount the core's."""
    t = service.tournament
    return {
        "name": t.name,
        "status": t.status,
        "entries": t.entries,
        "rows": result_rows(service),
        "accounts": t.accounts.to_dict(),
        "payout_unit": t.struct.payout_unit,  # prizes below 1st rounded down to it (OQ-69)
        # a deal that ended play: how the money left was shared (OQ-73)
        "deal": t.deal_view() if t.deal_made is not None else None,
    }


def accounts_lines(service: TournamentService, words: Mapping[str, str]) -> list[str]:
    """The accounts in the reader's words, one line each: the buy-ins and
    the fees (entries × amount = total), the guarantee's top-up or the
    fixed pool when there is one, and the pool."""
    a = service.tournament.accounts

    def say(key: str, amount: int, **values: int) -> str:
        text = words[f"tournament.accounts.{key}"]
        for name, value in values.items():
            text = text.replace("{" + name + "}", str(value))
        return f"{text}: {amount}"

    lines = [
        say("buy_ins", a.buy_ins, entries=a.paid_entries, buy_in=a.buy_in),
        say("fees", a.fees, entries=a.paid_entries, fee=a.fee),
    ]
    if a.fixed_pool:
        lines.append(say("fixed", a.fixed_pool))
    elif a.top_up:
        lines.append(say("top_up", a.top_up, guarantee=a.guarantee))
    lines.append(say("pool", a.prize_pool))
    return lines


#: what a spreadsheet in Norway or Germany reads as the start of UTF-8 text
BYTE_ORDER_MARK = "\ufeff"


def results_csv(service: TournamentService, words: Mapping[str, str]) -> str:
    """The sheet as CSV with a header in the reader's language, as the
    spreadsheets of a Norwegian or German club open it by a double click:
    separated by semicolons (the comma is their decimal sign), UTF-8 with
    a byte order mark (else æ, ø, å and ä, ö, ü come out garbled)."""
    out = io.StringIO()
    out.write(BYTE_ORDER_MARK)
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    made = service.tournament.deal_made
    header = [words[f"tournament.results_{k}"] for k in ("place", "name", "prize", "entries")]
    # a deal ended play (OQ-73): a column says whose prize is his share of
    # it and by which chop; the prize column stays a number to add up
    writer.writerow(header if made is None else [*header, words["night.results_deal"]])
    for row in result_rows(service):
        place = "" if row["place"] is None else row["place"]
        cells = [place, _safe_cell(shown_name(row, words)), row["prize"], row["entries"]]
        if made is not None:
            cells.append(words[f"night.deal_kind.{made.method}"] if row["deal"] else "")
        writer.writerow(cells)
    return out.getvalue()


#: letters a file name in plain ASCII spells out (the others NFKD takes apart: å, ä, é …)
_SPELLED = str.maketrans({"æ": "ae", "Æ": "Ae", "ø": "o", "Ø": "O", "ß": "ss", "đ": "d"})


def _file_stem(name: str, *, ascii_only: bool) -> str:
    """``name`` as a file name: words joined by "-", only letters, digits,
    "-", "_" and "." (no path, quote or control character reaches a
    header); ``ascii_only``: æ, ø, å, ä … spelt out in ASCII."""
    text = name
    if ascii_only:
        text = unicodedata.normalize("NFKD", text.translate(_SPELLED))
        text = text.encode("ascii", "ignore").decode("ascii")
    kept = "".join(ch if ch.isalnum() or ch in "-_." else " " for ch in text)
    return "-".join(kept.split())[:80].strip(".-")


def results_file_names(service: TournamentService) -> tuple[str, str]:
    """The results files' name (no extension) from the tournament's name,
    in ASCII and as written: "Fredagsturnering Ålesund" ->
    ("Fredagsturnering-Alesund", "Fredagsturnering-Ålesund"); a name with
    nothing to keep: the tournament's id."""
    t = service.tournament
    plain = _file_stem(t.name, ascii_only=True) or _file_stem(t.id, ascii_only=True) or "results"
    return plain, _file_stem(t.name, ascii_only=False) or plain


def shown_name(row: Mapping[str, Any], words: Mapping[str, str]) -> str:
    """The row's name, flagged when the entry is not paid (OQ-70)."""
    if row["paid"]:
        return str(row["name"])
    return f"{row['name']} ({words['money.unpaid']})"


def shown_prize(row: Mapping[str, Any], words: Mapping[str, str]) -> str:
    """The row's prize, marked when it is his share of a deal (OQ-73)."""
    if row["deal"]:
        return f"{row['prize']} ({words['deals.results_mark']})"
    return str(row["prize"])


def deal_line(service: TournamentService, words: Mapping[str, str]) -> str | None:
    """How a deal that ended play shared the money left (OQ-73), as the
    results page says it; None without one."""
    made = service.tournament.deal_made
    if made is None:
        return None
    method = words[f"deals.method.{made.method}"]
    money = str(sum(made.amounts.values()))
    return words["deals.results"].replace("{method}", method).replace("{money}", money)


def _safe_cell(text: str) -> str:
    """A name a spreadsheet would read as a formula is written as text."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def results_pdf(service: TournamentService, words: Mapping[str, str]) -> bytes:
    """The sheet as a PDF: the tournament's name, its entries and pool,
    then the rows, ``ROWS_PER_PAGE`` a page."""
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure

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
    if t.struct.payout_unit > 1:  # prizes below 1st rounded down to it (OQ-69)
        facts += " · " + words["money.rounded_to"].replace("{unit}", str(t.struct.payout_unit))
    accounts = accounts_lines(service, words)
    deal = deal_line(service, words)
    if deal is not None:
        accounts.append(deal)
    out = io.BytesIO()
    pages = [rows[k : k + ROWS_PER_PAGE] for k in range(0, len(rows), ROWS_PER_PAGE)] or [[]]
    with PdfPages(out, metadata={"Title": title, "Creator": "floorman"}) as pdf:
        for number, page in enumerate(pages, 1):
            # a figure of its own (the object API): no pyplot state, which the
            # chip charts drawn by other threads would share
            figure = Figure(figsize=(8.27, 11.69))  # A4
            figure.text(0.08, 0.95, title, fontsize=16, weight="bold")
            figure.text(0.08, 0.925, facts, fontsize=10)
            for k, line in enumerate(accounts):
                figure.text(0.08, 0.905 - 0.016 * k, line, fontsize=9)
            if len(pages) > 1:
                figure.text(0.92, 0.95, f"{number}/{len(pages)}", ha="right", fontsize=9)
            axes = figure.add_axes((0.08, 0.05, 0.84, 0.84 - 0.016 * len(accounts)))
            axes.axis("off")
            cells = [
                [
                    "" if r["place"] is None else str(r["place"]),
                    shown_name(r, words),
                    shown_prize(r, words),
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
    return out.getvalue()


__all__ = [
    "ROWS_PER_PAGE",
    "accounts_lines",
    "deal_line",
    "result_rows",
    "results_csv",
    "results_file_names",
    "results_pdf",
    "results_view",
    "shown_name",
    "shown_prize",
]
