// The deal at the last table (OQ-34, OQ-73): where the organiser allowed
// deals, the director proposes a chip chop or an ICM chop; the server
// computes every share (details.deal) and this panel shows them with who
// has agreed.  At a live event the director records each player's answer;
// online each player answers from his own seat.  Whether a deal may be
// proposed now is the server's to say (its refusal comes with the clause).

import { api, directorToken } from "./api.js";
import { $, chips, fill, h } from "./dom.js";
import { citedError } from "./errors.js";
import { t as tr } from "./i18n.js";

/** ctx: {state (id, t), reload()}.  Returns {render(t)}. */
export function dealPanel(ctx) {
  const answer = $("#deal-answer");

  async function post(path, body, done) {
    try {
      await api(`/tournaments/${ctx.state.id}${path}`, { method: "POST", token: directorToken(), body });
      answer.dataset.kind = "ok";
      fill(answer, done);
    } catch (error) {
      answer.dataset.kind = "error";
      fill(answer, error && error.detail !== undefined ? citedError(error.detail) : String(error.message));
    }
    answer.hidden = false;
    await ctx.reload();
  }

  for (const method of ["chip", "icm"]) {
    $(`#deal-${method}`).addEventListener("click", () =>
      post("/deal", { method, note: $("#deal-note").value.trim() }, tr("deals.proposed")),
    );
  }
  $("#deal-withdraw").addEventListener("click", () => post("/deal/withdraw", {}, tr("deals.withdrawn")));

  /** One player's line: name, chips at the deal or place, share, answer. */
  function row(t, deal, p) {
    const live = t.mode === "live" && deal.state === "proposed" && !p.agreed;
    const record = (agree) =>
      h(
        "button",
        {
          type: "button",
          class: `btn small${agree ? "" : " danger"}`,
          "data-testid": agree ? "deal-record-agree" : "deal-record-decline",
          onclick: () =>
            post("/deal/answer", { player: p.player, agree }, tr(agree ? "deals.agreed_for" : "deals.declined_for", { name: p.name })),
        },
        tr(agree ? "deals.record_agree" : "deals.record_decline"),
      );
    return h(
      "tr",
      { "data-testid": "deal-player", "data-player": p.player },
      h("td", {}, p.name),
      h("td", { class: "num" }, deal.state === "made" ? String(p.place) : chips(p.chips)),
      h("td", { class: "num", "data-testid": "deal-amount" }, chips(p.amount)),
      h(
        "td",
        { "data-testid": "deal-agreed" },
        p.agreed ? tr("deals.agreed") : tr("deals.waiting"),
        live ? h("span", { class: "row" }, record(true), record(false)) : null,
      ),
    );
  }

  return {
    render(t) {
      const deal = t.deal;
      const section = $("#deal-section");
      section.hidden = !(t.deals_allowed || deal) || t.status === "registering";
      if (section.hidden) return;
      const open = deal && deal.state === "proposed";
      $("#deal-propose").hidden = Boolean(deal) || t.status !== "running";
      $("#deal-withdraw").hidden = !open;
      if (!deal) return fill("deal-view");
      fill(
        "deal-view",
        h(
          "p",
          { "data-testid": "deal-state" },
          tr(`deals.state.${deal.state}`, {
            method: tr(`deals.method.${deal.method}`),
            money: chips(deal.prize_money),
          }),
          " ",
          h("span", { class: "clause" }, deal.clause),
        ),
        h(
          "table",
          { class: "data" },
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", {}, tr("common.col.player")),
              h("th", { class: "num" }, tr(deal.state === "made" ? "deals.col.place" : "deals.col.chips")),
              h("th", { class: "num" }, tr("deals.col.amount")),
              h("th", {}, tr("deals.col.answer")),
            ),
          ),
          h("tbody", {}, deal.players.map((p) => row(t, deal, p))),
        ),
      );
    },
  };
}
