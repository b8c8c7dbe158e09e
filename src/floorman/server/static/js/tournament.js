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
import { levelsOf, makeCountdown, seatingChart, stakesText, standingsTable } from "./summary.js";

const id = tournamentIdFromPath();
const countdown = makeCountdown();

$("#clock-link").href = `/t/${id}/clock`;
if (seatOf(id)) {
  $("#play-link").href = `/t/${id}/play`;
  $("#play-link").hidden = false;
}

function prizes(t) {
  if (!t.payouts.length) return h("p", { class: "muted" }, "No prizes set.");
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
        h("th", {}, "Place"),
        h("th", { class: "num" }, "Share"),
        h("th", { class: "num" }, "Prize"),
        h("th", {}, "Winner"),
      ),
    ),
    h(
      "tbody",
      {},
      t.payouts.map((share, k) =>
        h(
          "tr",
          {},
          h("td", {}, ordinal(k + 1)),
          h("td", { class: "num" }, `${share}%`),
          h("td", { class: "num" }, t.prize_pool ? chips(Math.floor((t.prize_pool * share) / 100)) : "–"),
          h("td", {}, won.get(k + 1) || ""),
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
      h("tr", {}, h("th", {}, "Level"), h("th", {}, "Stakes"), h("th", { class: "num" }, "Minutes")),
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
    t.profile,
    t.winner ? ` · won by ${t.standings.find((r) => r.player === t.winner)?.name}` : "",
  );
  const { number, current, next } = levelsOf(t);
  fill("level", String(number));
  fill("stakes", stakesText(current));
  fill("next", next ? stakesText(next) : "–");
  fill(
    "players-left",
    t.status === "registering" ? `${t.players} registered` : `${t.players_left} / ${t.players}`,
  );
  fill("average", chips(t.average_stack));
  countdown.set(t);
  tick();
  fill("tables", seatingChart(t.tables, { link: (table) => `/t/${id}/table/${table.table}` }));
  fill("standings", standingsTable(t.standings));
  fill("prizes", prizes(t));
  fill("structure", structure(t, number));
  fill(
    "hands",
    hands
      .slice(-15)
      .reverse()
      .map((hand) =>
        h("li", {}, h("a", { href: `/hands/${hand.id}` }, `Table ${hand.table}, hand ${hand.hand}`)),
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
  fill("conn", state === "reconnecting" ? `reconnecting in ${detail}s…` : state);
});
load();
setInterval(tick, 500);
