// A tournament's page: clock, levels, players, tables, standings, prizes,
// hands; kept up to date by the tournament's summary frames.

import { api, seatOf, watchTournament } from "./api.js";
import {
  $,
  chips,
  clockText,
  fill,
  h,
  ordinal,
  say,
  statusBadge,
  throttled,
  tournamentIdFromPath,
} from "./dom.js";
import { lang, languageSwitch, t as tr } from "./i18n.js";
import {
  connectionText,
  levelsOf,
  makeCountdown,
  profileTitle,
  seatingChart,
  stakesText,
  standingsTable,
} from "./summary.js";

languageSwitch();
const percent = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 2 });

const id = tournamentIdFromPath();
const countdown = makeCountdown();

$("#clock-link").href = `/t/${id}/clock`;
$("#cards-link").href = `/t/${id}/cards`;
const sheet = `/api/tournaments/${encodeURIComponent(id)}/results`;
$("#results-pdf").href = `${sheet}.pdf?lang=${lang}`;
$("#results-csv").href = `${sheet}.csv?lang=${lang}`;
let chartKey = null;

/** The chip chart (an SVG the server draws in this page's language), drawn
 * again when the level or the field changes. */
function chart(t, level) {
  const key = `${t.status}:${level}`;
  if (key === chartKey) return;
  chartKey = key;
  const query = new URLSearchParams({ lang, v: key });
  $("#chip-chart").src = `/api/tournaments/${encodeURIComponent(id)}/chart.svg?${query}`;
}
if (seatOf(id)) {
  $("#play-link").href = `/t/${id}/play`;
  $("#play-link").hidden = false;
}

/** Entries, buy-in and the pool they make (a fixed pool, or the confirmed
 * entries' buy-ins with the guarantee below them). */
function money(t) {
  if (!t.buy_in && !t.prize_pool) return null;
  return h(
    "p",
    { class: "muted", "data-testid": "money" },
    tr("tournament.results_facts", { entries: t.entries, buy_in: t.buy_in, pool: t.prize_pool }),
  );
}

/** The places the server pays, exactly as it pays them (details.prizes:
 * places the entrants cannot fill are not paid, the odd chips go to first,
 * NM-H-19, OQ-39): each with its percent and, with a prize pool, its amount. */
function prizes(t) {
  const paid = t.prizes || [];
  if (!paid.length) return h("p", { class: "muted" }, tr("tournament.no_prizes"));
  const won = new Map(t.standings.filter((r) => r.place).map((r) => [r.place, r.name]));
  return h(
    "table",
    { class: "data", "data-testid": "prizes" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, tr("common.col.place")),
        h("th", { class: "num" }, tr("common.col.share")),
        h("th", { class: "num" }, tr("common.col.prize")),
        h("th", {}, tr("tournament.winner")),
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
          h("td", {}, won.get(p.place) || ""),
        ),
      ),
    ),
  );
}

function structure(t, current) {
  return h(
    "table",
    { class: "data" },
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
          { style: lv.level === current ? { color: "var(--accent)", fontWeight: "650" } : {} },
          h("td", {}, lv.level),
          h("td", {}, stakesText(lv)),
          h("td", { class: "num" }, Math.round(lv.seconds / 60)),
        ),
      ),
    ),
  );
}

async function load() {
  try {
    const [t, hands] = await Promise.all([api(`/tournaments/${id}`), api(`/tournaments/${id}/hands`)]);
    render(t, hands);
  } catch (error) {
    say("message", error.message, "error");
  }
}

function render(t, hands) {
  document.title = `${t.name} · floorman`;
  fill("title", t.name);
  fill("status", statusBadge(t));
  fill(
    "profile",
    `${profileTitle(t.profile)} (${t.profile})`,
    t.winner
      ? ` · ${tr("tournament.won_by", { name: t.standings.find((r) => r.player === t.winner)?.name })}`
      : "",
  );
  const { number, current, next } = levelsOf(t);
  fill("level", String(number));
  fill("stakes", stakesText(current));
  fill("next", next ? stakesText(next) : "–");
  fill(
    "players-left",
    t.status === "registering"
      ? tr("common.registered_n", { count: chips(t.players) })
      : `${chips(t.players_left)} / ${chips(t.players)}`,
  );
  fill("average", chips(t.average_stack));
  countdown.set(t);
  tick();
  fill("tables", seatingChart(t.tables, { link: (table) => `/t/${id}/table/${table.table}` }));
  fill("standings", standingsTable(t.standings));
  fill("prizes", money(t), prizes(t));
  fill("structure", structure(t, number));
  chart(t, number);
  fill(
    "hands",
    hands
      .slice(-15)
      .reverse()
      .map((hand) =>
        h(
          "li",
          {},
          h(
            "a",
            { href: `/hands/${hand.id}` },
            tr("tournament.hand_link", { table: String(hand.table), hand: String(hand.hand) }),
          ),
        ),
      ),
  );
}

function tick() {
  const left = countdown.left();
  fill("time-left", left === null ? "–" : clockText(left));
}

// Summary frames come after every hand: reload at most twice a second.
watchTournament(id, throttled(load, 500), (state, detail) => {
  $("#conn").dataset.state = state;
  fill("conn", connectionText(state, detail));
});
load();
setInterval(tick, 500);
