// Pieces of a tournament shown on several pages: stakes, the level clock,
// the seating chart, the standings, the profile's description and the
// connection state.

import { chips, h, ordinal } from "./dom.js";
import { has, t } from "./i18n.js";

/** "10 / 20" for blinds, "ante 10" for an ante game, "Break". */
export function stakesText(level) {
  if (!level) return "–";
  if (level.is_break) return t("common.break");
  return level.blinds && level.blinds[1]
    ? `${chips(level.blinds[0])} / ${chips(level.blinds[1])}`
    : t("common.ante_n", { ante: chips(level.ante) });
}

/** A rule profile's description in the page's language (the server's
 * English title for a profile the catalogue does not know). */
export function profileTitle(name, fallback = name) {
  const key = `common.profile.${name}`;
  return has(key) ? t(key) : fallback;
}

/** The socket's state as a word of the page's language. */
export function connectionText(state, detail) {
  if (state === "reconnecting") {
    return detail
      ? t("common.conn.reconnecting", { seconds: String(detail) })
      : t("common.conn.reconnecting_now");
  }
  if (state === "restarting") return t("backup.conn.restarting"); // close code 1012
  const key = `common.conn.${state}`;
  return has(key) ? t(key) : state;
}

/** The current and next level of a tournament (GET /api/tournaments/{id});
 * a finished one stays at the level it ended in, with none to come. */
export function levelsOf(t) {
  const number = t.clock ? t.clock.level : t.level || 1;
  const at = (k) => t.levels[Math.min(k, t.levels.length - 1)];
  return {
    number,
    current: at(number - 1),
    next: number < t.levels.length && t.status !== "finished" ? at(number) : null,
  };
}

/** The level clock, counting down locally between server updates. */
export function makeCountdown() {
  let base = null;
  return {
    set(t) {
      // a finished tournament's clock has no time left to show
      base =
        t.clock && t.status !== "finished"
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
  if (!tables.length) return h("p", { class: "muted" }, t("common.no_tables"));
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
          link
            ? h("a", { href: link(table) }, t("common.table_n", { table: String(table.table) }))
            : t("common.table_n", { table: String(table.table) }),
          h("span", { class: "muted" }, table.in_hand ? t("common.in_hand") : ""),
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
                      t("common.pending", { what: s.pending.map(pendingText).join(", ") }),
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

function pendingText(ruling) {
  const key = `common.pending.${ruling}`;
  return has(key) ? t(key) : ruling;
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
        h("th", { scope: "col" }, t("common.col.place")),
        h("th", { scope: "col" }, t("common.col.player")),
        h("th", { scope: "col", class: "num" }, t("common.col.chips")),
        h("th", { scope: "col" }, t("common.col.seat")),
        h("th", { scope: "col", class: "num" }, t("common.col.prize")),
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
          h(
            "td",
            {},
            r.name,
            r.status === "disqualified" ? h("span", { class: "badge" }, t("common.dq")) : null,
          ),
          h("td", { class: "num" }, r.place ? "" : chips(r.chips)),
          h(
            "td",
            {},
            r.table && !r.place ? t("common.seat_at", { table: String(r.table), seat: String(r.seat) }) : "",
          ),
          h("td", { class: "num" }, r.prize ? chips(r.prize) : ""),
        ),
      ),
    ),
  );
}
