// A tournament's page: clock, levels, players, tables, standings, prizes,
// hands; kept up to date by the tournament's summary frames.

import { api, seatOf, watchTournament } from "./api.js";
import {
  $,
  chips,
  clockText,
  fill,
  h,
  say,
  statusBadge,
  throttled,
  tournamentIdFromPath,
} from "./dom.js";
import { lang, languageSwitch, t as tr } from "./i18n.js";
import { accountsTable, moneyLine, prizesTable, structureTable } from "./structure_view.js";
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

const id = tournamentIdFromPath();
const countdown = makeCountdown();

$("#clock-link").href = `/t/${id}/clock`;
$("#cards-link").href = `/t/${id}/cards`;
const sheet = `/api/tournaments/${encodeURIComponent(id)}/results`;
$("#results-pdf").href = `${sheet}.pdf?lang=${lang}`;
$("#results-csv").href = `${sheet}.csv?lang=${lang}`;
$("#results-print").href = `/t/${id}/results`;
let chartKey = null;

/** The chip chart (an SVG the server draws in this page's language), drawn
 * again when the level or the field changes. */
function chart(t, level) {
  // the field too: players go out within a level
  const key = `${t.status}:${level}:${t.players_left}`;
  if (key === chartKey) return;
  chartKey = key;
  const query = new URLSearchParams({ lang, v: key });
  $("#chip-chart").src = `/api/tournaments/${encodeURIComponent(id)}/chart.svg?${query}`;
}
if (seatOf(id)) {
  $("#play-link").href = `/t/${id}/play`;
  $("#play-link").hidden = false;
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
  fill("prizes", moneyLine(t), prizesTable(t), accountsTable(t.accounts));
  fill("structure", structureTable(t, number));
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
