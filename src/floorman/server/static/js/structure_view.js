// A tournament's levels and its prizes as the server gives them (the
// details of GET /api/tournaments/{id}): on the tournament's page and in
// the lobby's preview of a row.  Nothing here computes a payout: the
// places, percents and amounts are the server's (NM-H-19, OQ-39).

import { chips, h, ordinal } from "./dom.js";
import { lang, t as tr } from "./i18n.js";
import { stakesText } from "./summary.js";

const percent = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 2 });

/** Entries, buy-in and the pool they make (a fixed pool, or the confirmed
 * entries' buy-ins with the guarantee below them). */
export function moneyLine(t) {
  if (!t.buy_in && !t.prize_pool) return null;
  return h(
    "p",
    { class: "muted", "data-testid": "money" },
    tr("tournament.results_facts", { entries: t.entries, buy_in: t.buy_in, pool: t.prize_pool }),
  );
}

/** The places the server pays, exactly as it pays them (details.prizes:
 * the places the entrants can fill share the whole pool, the odd chips go
 * to first, NM-H-19, OQ-39, OQ-69): each with its percent and, with a prize pool, its amount. */
export function prizesTable(t, { winners = true } = {}) {
  const paid = t.prizes || [];
  if (!paid.length) return h("p", { class: "muted" }, tr("tournament.no_prizes"));
  // the server rounded every prize below 1st down to the unit (OQ-69): say so
  const rounded =
    t.payout_unit > 1
      ? h("caption", { "data-testid": "payout-unit" }, tr("money.rounded_to", { unit: chips(t.payout_unit) }))
      : null;
  const won = new Map((t.standings || []).filter((r) => r.place).map((r) => [r.place, r.name]));
  return h(
    "table",
    { class: "data", "data-testid": "prizes" },
    rounded,
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, tr("common.col.place")),
        h("th", { class: "num" }, tr("common.col.share")),
        h("th", { class: "num" }, tr("common.col.prize")),
        winners ? h("th", {}, tr("tournament.winner")) : null,
      ),
    ),
    h(
      "tbody",
      {},
      paid.map((p) =>
        h(
          "tr",
          { "data-testid": "prize", "data-place": p.place },
          h("td", {}, ordinal(p.place)),
          h("td", { class: "num" }, percent.format(p.percent / 100)),
          // without a prize pool every amount is 0: the percent says it
          h(
            "td",
            { class: "num", "data-testid": "prize-amount" },
            t.prize_pool ? chips(p.amount) : "–",
          ),
          winners ? h("td", {}, won.get(p.place) || "") : null,
        ),
      ),
    ),
  );
}

/** The levels, the one being played (``current``) marked. */
export function structureTable(t, current = null) {
  return h(
    "table",
    { class: "data", "data-testid": "structure-table" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, tr("common.level")),
        h("th", {}, tr("common.stakes")),
        h("th", { class: "num" }, tr("tournament.minutes")),
      ),
    ),
    h(
      "tbody",
      {},
      t.levels.map((lv) =>
        h(
          "tr",
          {
            "data-testid": "level-row",
            style: lv.level === current ? { color: "var(--accent)", fontWeight: "650" } : {},
          },
          h("td", {}, lv.level),
          h("td", { "data-testid": "level-stakes" }, stakesText(lv)),
          h("td", { class: "num" }, Math.round(lv.seconds / 60)),
        ),
      ),
    ),
  );
}

/** The entries' accounts as the server keeps them (details.accounts):
 * buy-ins (entries × buy-in: the pool before the guarantee), fees
 * (entries × fee, never in the pool), the guarantee's top-up or a fixed
 * pool, and the pool.  Every number is the server's; none is worked out
 * here. */
export function accountsTable(a) {
  if (!a || (!a.buy_in && !a.fee && !a.fixed_pool && !a.guarantee)) return null;
  const line = (key, amount, values = {}, testid = key) =>
    h(
      "tr",
      { "data-testid": `accounts-${testid}` },
      h("th", { scope: "row" }, tr(`tournament.accounts.${key}`, values)),
      h("td", { class: "num", "data-testid": "accounts-amount" }, chips(amount)),
    );
  return h(
    "table",
    { class: "data accounts", "data-testid": "accounts" },
    h("caption", {}, tr("tournament.accounts")),
    h(
      "tbody",
      {},
      line("buy_ins", a.buy_ins, { entries: a.paid_entries, buy_in: a.buy_in }),
      line("fees", a.fees, { entries: a.paid_entries, fee: a.fee }),
      a.fixed_pool
        ? line("fixed", a.fixed_pool)
        : a.top_up
          ? line("top_up", a.top_up, { guarantee: a.guarantee })
          : null,
      line("pool", a.prize_pool),
    ),
  );
}

/** The director's payout tables by entries (details.payout_tables), as
 * the server keeps them; the one that applies is the server's to choose
 * (its prizes above show it). */
export function payoutRangesList(t) {
  const ranges = t.payout_tables || [];
  if (!ranges.length) return null;
  const shares = (r) => r.shares.map((s) => percent.format(s / 100)).join(", ");
  return h(
    "div",
    { "data-testid": "payout-ranges" },
    h("h4", {}, tr("lobby.payout_ranges")),
    h(
      "ul",
      { class: "payout-ranges" },
      ranges.map((r) =>
        h(
          "li",
          { "data-testid": "payout-range" },
          r.max_entries === null || r.max_entries === undefined
            ? tr("lobby.payout_range_open", { low: r.min_entries, shares: shares(r) })
            : tr("lobby.payout_range", { low: r.min_entries, high: r.max_entries, shares: shares(r) }),
        ),
      ),
    ),
  );
}
