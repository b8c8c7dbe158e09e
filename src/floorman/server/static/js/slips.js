// The move and balancing slips ("table 2 seat 4 → table 1 seat 6") a
// floor person hands the players who are moved, newest first, from the
// tournament's move events (GET /api/tournaments/{id}/slips: balancing,
// broken tables and the director's moves, each with its clause), and the
// whole field's seating list, by name in the page's language's order, with
// table and seat (DE-SEAT-1).  Each prints on its own (slips.css): the slips cut apart,
// the list with its head row on every page.

import { api } from "./api.js";
import { fill, h, say, tournamentIdFromPath } from "./dom.js";
import { lang, languageSwitch, t } from "./i18n.js";

const tournament = tournamentIdFromPath();
const here = encodeURIComponent(tournament);
document.getElementById("room-link").href = `/t/${here}/room`;
document.getElementById("tournament-link").href = `/t/${here}`;
languageSwitch();

const timeOf = (at) => new Date(at * 1000).toLocaleTimeString(lang, { hour12: false, hour: "2-digit", minute: "2-digit" });

function slip(move, event) {
  const why =
    move.kind === "break"
      ? t("console.slips.kind.break", { table: String(move.broken_table) })
      : t(move.kind === "director" ? "console.slips.kind.director" : "console.slips.kind.balance");
  return h(
    "article",
    { class: "move-slip", "data-testid": "move-slip", "data-player": move.player },
    h("div", { class: "slip-event" }, event, move.at ? ` · ${timeOf(move.at)}` : ""),
    h("div", { class: "slip-player", "data-testid": "slip-player" }, move.name),
    h(
      "div",
      { class: "slip-move", "data-testid": "slip-move" },
      t("console.slips.move", {
        from_table: String(move.from_table ?? "?"),
        from_seat: String(move.from_seat ?? "?"),
        table: String(move.table),
        seat: String(move.seat),
      }),
    ),
    h("div", { class: "slip-why" }, why, move.clause ? h("span", { class: "clause" }, move.clause) : null),
  );
}

async function load() {
  try {
    const data = await api(`/tournaments/${here}/slips`);
    document.title = `${t("console.slips.heading")} · ${data.name}`;
    fill("slips-title", `${t("console.slips.heading")} · ${data.name}`);
    const moves = data.moves.slice().reverse();
    fill("moves", moves.length ? moves.map((m) => slip(m, data.name)) : h("p", { class: "muted" }, t("console.slips.none")));
    const byName = new Intl.Collator(lang, { sensitivity: "base", numeric: true });
    const seating = data.seating.slice().sort((a, b) => byName.compare(a.name, b.name) || a.table - b.table);
    fill(
      "seating",
      seating.map((s) =>
        h(
          "tr",
          { "data-testid": "seating-row" },
          h("td", {}, s.name),
          h("td", { class: "num" }, String(s.table)),
          h("td", { class: "num" }, String(s.seat)),
        ),
      ),
    );
    fill("seating-count", t("console.slips.seated", { count: seating.length }));
  } catch (error) {
    say("message", error.message, "error");
  }
}

/** Print one part: the other is left off the paper. */
function printOnly(part) {
  document.body.dataset.print = part;
  window.print();
}
window.addEventListener("afterprint", () => delete document.body.dataset.print);
document.getElementById("print-moves").addEventListener("click", () => printOnly("moves"));
document.getElementById("print-seating").addEventListener("click", () => printOnly("seating"));
load();
