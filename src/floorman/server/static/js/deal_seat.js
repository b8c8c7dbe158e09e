// A deal proposed at the last table, on the player's own page (OQ-34,
// OQ-73): his share as the server computed it, and his answer (agree or
// decline) with his own token.  The box follows the tournament's summary
// frame (summary.deal); what a deal is, and whether he may still answer,
// is the server's to say.

import { api } from "./api.js";
import { $, chips, fill, h } from "./dom.js";
import { errorElement } from "./errors.js";
import { t } from "./i18n.js";

/** seat(): {player, token} of this page's player now (null when
 * watching).  Returns {render(summary)}. */
export function installDealBox({ tournament, seat }) {
  const box = $("#deal-box");
  let shown = "";

  async function answer(agree) {
    const { player, token } = seat();
    for (const button of box.querySelectorAll("button")) button.disabled = true;
    try {
      await api(`/tournaments/${tournament}/deal/answer`, {
        method: "POST",
        token,
        body: { player, agree },
      });
    } catch (error) {
      box.append(errorElement(error.detail ?? error.message));
    }
  }

  return {
    render(summary) {
      const deal = summary.deal;
      const you = seat();
      const mine = deal && you ? deal.players.find((p) => p.player === you.player) : null;
      const key = mine ? `${deal.state}:${mine.agreed}:${mine.amount}` : "";
      if (key === shown) return;
      shown = key;
      box.hidden = !mine;
      if (!mine) return fill(box);
      const values = {
        method: t(`deals.method.${deal.method}`),
        money: chips(deal.prize_money),
        amount: chips(mine.amount),
      };
      const open = deal.state === "proposed" && !mine.agreed;
      fill(
        box,
        h("p", { "data-testid": "deal-offer" }, t(`deals.seat.${deal.state}`, values)),
        mine.agreed && deal.state === "proposed" ? h("p", { class: "muted" }, t("deals.seat.waiting")) : null,
        open
          ? h(
              "div",
              { class: "row" },
              h(
                "button",
                { type: "button", class: "btn go", "data-testid": "deal-agree", onclick: () => answer(true) },
                t("deals.seat.agree"),
              ),
              h(
                "button",
                { type: "button", class: "btn danger", "data-testid": "deal-decline", onclick: () => answer(false) },
                t("deals.seat.decline"),
              ),
            )
          : null,
      );
    },
  };
}
