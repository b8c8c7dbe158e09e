// Pieces of a tournament shown on several pages: stakes, the level clock,
// the seating chart, the standings.

import { chips, h, ordinal } from "./dom.js";

/** "10 / 20" for blinds, "ante 10" for an ante game, "Break". */
export function stakesText(level) {
  if (!level) return "–";
  if (level.is_break) return "Break";
  return level.blinds && level.blinds[1]
    ? `${chips(level.blinds[0])} / ${chips(level.blinds[1])}`
    : `ante ${chips(level.ante)}`;
}

/** The current and next level of a tournament (GET /api/tournaments/{id}). */
export function levelsOf(t) {
  const number = t.clock ? t.clock.level : t.level || 1;
  const at = (k) => t.levels[Math.min(k, t.levels.length - 1)];
  return {
    number,
    current: at(number - 1),
    next: number < t.levels.length ? at(number) : null,
  };
}

/** The level clock, counting down locally between server updates. */
export function makeCountdown() {
  let base = null;
  return {
    set(t) {
      base = t.clock
        ? {
            seconds: t.clock.seconds_left,
            at: performance.now(),
            running: t.status === "running" && !t.clock.paused,
          }
        : null;
    },
    left() {
      if (!base) return null;
      const gone = base.running ? (performance.now() - base.at) / 1000 : 0;
      return Math.max(0, base.seconds - gone);
    },
  };
}

/** Tables with their seats; ``link(table)`` gives an optional href. */
export function seatingChart(tables, { link } = {}) {
  if (!tables.length) return h("p", { class: "muted" }, "No tables yet: the seats are drawn at the start.");
  return h(
    "div",
    { class: "chart", "data-testid": "seating-chart" },
    tables.map((table) =>
      h(
        "div",
        { class: "table-card", "data-testid": "chart-table", "data-table": table.table },
        h(
          "h3",
          {},
          link ? h("a", { href: link(table) }, `Table ${table.table}`) : `Table ${table.table}`,
          h("span", { class: "muted" }, table.in_hand ? "in a hand" : ""),
        ),
        h(
          "ol",
          {},
          table.seats.map((s) =>
            h(
              "li",
              { "data-testid": "chart-seat" },
              h(
                "span",
                {},
                `${s.seat}. ${s.name}`,
                table.button === s.seat ? h("span", { class: "badge" }, "D") : null,
                // A correction waiting for the end of his hand (NM-D-1G, OQ-03).
                s.pending && s.pending.length
                  ? h(
                      "span",
                      { class: "badge", "data-testid": "chart-pending" },
                      `pending: ${s.pending.join(", ")}`,
                    )
                  : null,
              ),
              h("span", { class: "num" }, chips(s.chips)),
            ),
          ),
        ),
      ),
    ),
  );
}

export function standingsTable(standings) {
  return h(
    "table",
    { class: "data", "data-testid": "standings" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, "Place"),
        h("th", { scope: "col" }, "Player"),
        h("th", { scope: "col", class: "num" }, "Chips"),
        h("th", { scope: "col" }, "Seat"),
        h("th", { scope: "col", class: "num" }, "Prize"),
      ),
    ),
    h(
      "tbody",
      {},
      standings.map((r, k) =>
        h(
          "tr",
          {},
          h("td", {}, r.place ? ordinal(r.place) : r.status === "registered" ? "" : `(${k + 1})`),
          h("td", {}, r.name, r.status === "disqualified" ? h("span", { class: "badge" }, "DQ") : null),
          h("td", { class: "num" }, r.place ? "" : chips(r.chips)),
          h("td", {}, r.table && !r.place ? `T${r.table} S${r.seat}` : ""),
          h("td", { class: "num" }, r.prize ? chips(r.prize) : ""),
        ),
      ),
    ),
  );
}
