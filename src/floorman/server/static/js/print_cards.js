// Printable table cards (DE-SEAT-1): one card per seated player, read
// from the seating, so busted players have none and no seat has two.
// Large table and seat numbers; the browser's print dialog cuts the pages.

import { api } from "./api.js";
import { fill, h, say, tournamentIdFromPath } from "./dom.js";
import { languageSwitch, t } from "./i18n.js";

const tournament = tournamentIdFromPath();
document.getElementById("tournament-link").href = `/t/${tournament}`;
languageSwitch();

function card(entry, name) {
  return h(
    "article",
    { class: "table-card", "data-testid": "table-card" },
    h("div", { class: "card-event" }, name),
    h(
      "div",
      { class: "card-numbers" },
      h("div", {}, h("span", { class: "card-label" }, t("print.table")), h("strong", { "data-testid": "card-table" }, String(entry.table))),
      h("div", {}, h("span", { class: "card-label" }, t("print.seat")), h("strong", { "data-testid": "card-seat" }, String(entry.seat))),
    ),
    h("div", { class: "card-player", "data-testid": "card-player" }, entry.name),
  );
}

async function load() {
  try {
    const [details, cards] = await Promise.all([
      api(`/tournaments/${tournament}`),
      api(`/tournaments/${tournament}/table-cards`),
    ]);
    fill("cards", cards.map((entry) => card(entry, details.name)));
    fill("count", t("print.count", { cards: cards.length, count: cards.length }));
    document.title = `${t("print.heading")} · ${details.name}`;
  } catch (error) {
    say("message", error.message, "error");
  }
}

document.getElementById("print").addEventListener("click", () => window.print());
load();
