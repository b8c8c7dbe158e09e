// The results to print (issue 20): the server's results sheet (GET
// /api/tournaments/{id}/results): place, name, prize and entries per
// player, and the entries' accounts (buy-ins, fees, the guarantee's
// top-up, the pool).  Every number is the server's; the browser's print
// dialog prints it (print.css: black on white, no bars, no buttons).

import { api } from "./api.js";
import { chips, fill, h, ordinal, say, tournamentIdFromPath } from "./dom.js";
import { lang, languageSwitch, t } from "./i18n.js";
import { accountsTable } from "./structure_view.js";

const tournament = tournamentIdFromPath();
document.getElementById("tournament-link").href = `/t/${tournament}`;
// the same sheet as a file, in the page's language
const sheet = `/api/tournaments/${encodeURIComponent(tournament)}/results`;
document.getElementById("results-pdf").href = `${sheet}.pdf?lang=${lang}`;
document.getElementById("results-csv").href = `${sheet}.csv?lang=${lang}`;
languageSwitch();

function rowsTable(rows) {
  const head = ["place", "name", "prize", "entries"].map((k) =>
    h("th", { class: k === "name" ? "" : "num" }, t(`tournament.results_${k}`)),
  );
  return h(
    "table",
    { class: "data results", "data-testid": "results" },
    h("thead", {}, h("tr", {}, head)),
    h(
      "tbody",
      {},
      rows.map((r) =>
        h(
          "tr",
          { "data-testid": "result-row" },
          h("td", { class: "num", "data-testid": "result-place" }, r.place ? ordinal(r.place) : "–"),
          h(
            "td",
            { "data-testid": "result-name" },
            r.name,
            // an entry not paid (running-along stacks, DE-DEAL-4, OQ-70): flagged
            r.paid === false ? h("span", { class: "badge", "data-testid": "unpaid" }, ` ${t("money.unpaid")}`) : null,
          ),
          h(
            "td",
            { class: "num", "data-testid": "result-prize" },
            chips(r.prize),
            r.deal ? h("span", { class: "muted" }, ` (${t("deals.results_mark")})`) : null,
          ),
          h("td", { class: "num", "data-testid": "result-entries" }, chips(r.entries)),
        ),
      ),
    ),
  );
}

async function load() {
  try {
    const sheet = await api(`/tournaments/${tournament}/results`);
    const title = t("tournament.results_title", { name: sheet.name });
    fill("title", title);
    document.title = `${title} · floorman`;
    const a = sheet.accounts;
    const facts = t("tournament.results_facts", { entries: sheet.entries, buy_in: a.buy_in, pool: a.prize_pool });
    // prizes below 1st rounded down to the director's unit (OQ-69): the sheet says so
    const rounded = sheet.payout_unit > 1 ? ` · ${t("money.rounded_to", { unit: sheet.payout_unit })}` : "";
    fill("facts", facts + rounded);
    document.getElementById("running").hidden = sheet.status === "finished";
    const deal = document.getElementById("deal");
    deal.hidden = !sheet.deal;
    if (sheet.deal) {
      // play ended in a deal over the money left (OQ-73)
      const method = t(`deals.method.${sheet.deal.method}`);
      fill(deal, t("deals.results", { method, money: chips(sheet.deal.prize_money) }));
    }
    fill("accounts", accountsTable(a));
    fill("rows", rowsTable(sheet.rows));
  } catch (error) {
    say("message", error.message, "error");
  }
}

document.getElementById("print").addEventListener("click", () => window.print());
load();
