// The director's rulings on a table's running hand, under each table of the
// seating chart: a misdeal (dealt again, before anyone has acted), a void
// (every chip back) and a dead hand (it cannot win and loses what it put
// in).  Each asks first, in the table's own card, saying what will happen
// and the clause the server will cite (details.hand_rulings); then it posts
// POST /floor/hand and shows the server's answer or its refusal, with the
// clause, right there.  Whether the ruling is allowed now is the server's
// to say: the buttons are there while the tournament runs.

import { api, directorToken } from "./api.js";
import { confirmStep } from "./confirm.js";
import { fill, h } from "./dom.js";
import { citedError } from "./errors.js";
import { t as tr } from "./i18n.js";

const RULINGS = ["misdeal", "void", "dead_hand"];

/**
 * ctx: {state (the console's: id, t), reload() after a ruling}.  Returns
 * {decorate(t, draw)}: it draws the seating chart and puts each table's
 * controls into its card.  The controls are kept across the chart's
 * re-renders (a summary comes after every hand), so an open confirm step,
 * a note being typed and the last answer survive them.
 */
export function handRulings(ctx) {
  const tools = new Map(); // table number -> its controls
  let tournament = null;

  function controls(number) {
    if (!tools.has(number)) {
      const slot = h("div", { class: "confirm-slot" });
      const answer = h("div", {
        class: "ruling-answer",
        role: "status",
        "data-testid": "hand-ruling-answer",
        hidden: true,
      });
      const buttons = RULINGS.map((ruling) =>
        h(
          "button",
          {
            type: "button",
            class: "btn small danger",
            "data-testid": `rule-${ruling}`,
            onclick: () => ask(number, ruling, slot, answer),
          },
          tr(`director.hand.${ruling}`),
        ),
      );
      const box = h(
        "div",
        { class: "hand-rulings", "data-testid": "hand-rulings", "data-table": number },
        h("div", { class: "row" }, buttons),
        slot,
        answer,
      );
      tools.set(number, { box });
    }
    return tools.get(number);
  }

  /** The confirm step of one ruling at one table. */
  function ask(number, ruling, slot, answer) {
    const t = ctx.state.t;
    const table = t && t.tables.find((x) => x.table === number);
    if (!table) return;
    const note = h("input", { maxlength: 500, "data-testid": "hand-ruling-note" });
    const fields = [h("label", {}, h("span", {}, tr("director.note")), note)];
    let player = null;
    if (ruling === "dead_hand") {
      player = h(
        "select",
        { "data-testid": "hand-ruling-player", required: true },
        table.seats.map((s) => h("option", { value: s.player }, `${s.seat}. ${s.name}`)),
      );
      fields.unshift(h("label", {}, h("span", {}, tr("director.hand.whose")), player));
    }
    const values = { table: String(number) };
    const text = [tr(`director.hand.${ruling}.what`)];
    if (t.mode === "live") text.push(tr("director.hand.live"));
    confirmStep(slot, {
      title: tr(`director.hand.${ruling}.ask`, values),
      text,
      clause: (t.hand_rulings && t.hand_rulings[ruling]) || "",
      fields,
      yes: tr(`director.hand.${ruling}.yes`),
      testid: "hand-ruling-confirm",
      onYes: () =>
        send(number, ruling, answer, {
          player: player ? player.value : undefined,
          note: note.value.trim(),
        }),
    });
  }

  async function send(number, ruling, answer, { player, note }) {
    const t = ctx.state.t;
    const who = player ? t.tables.flatMap((x) => x.seats).find((s) => s.player === player) : null;
    try {
      const reply = await api(`/tournaments/${ctx.state.id}/floor/hand`, {
        method: "POST",
        token: directorToken(),
        body: { ruling, table: number, player, note },
      });
      const done = reply.result;
      answer.dataset.kind = "ok";
      fill(
        answer,
        tr(done.hand === null ? `deals.live_ruling.${ruling}` : `director.hand.${ruling}.done`, {
          table: String(done.table),
          hand: String(done.hand),
          who: who ? who.name : "",
        }),
        h("span", { class: "clause", "data-testid": "hand-ruling-clause" }, done.clause),
      );
    } catch (error) {
      answer.dataset.kind = "error";
      const refused = error && error.detail !== undefined;
      fill(answer, refused ? citedError(error.detail) : String(error && error.message));
    }
    answer.hidden = false;
    await ctx.reload();
  }

  return {
    /** Table ``number``'s controls, kept across re-renders (the room view
     * puts them in its own table card). */
    box: (number) => controls(number).box,
    /** Draw the seating chart (``draw()``) and put each table's controls
     * into its card.  Moving them detaches them for a moment, which takes
     * the focus away: a note being typed keeps it, and its caret. */
    decorate(t, draw) {
      const focused = document.activeElement;
      const caret =
        focused && typeof focused.selectionStart === "number"
          ? [focused.selectionStart, focused.selectionEnd]
          : null;
      draw();
      if (!t || t.id !== tournament) {
        tools.clear(); // another tournament: nothing of the last one's stays
        tournament = t ? t.id : null;
      }
      if (!t) return;
      const numbers = new Set(t.tables.map((x) => x.table));
      for (const number of tools.keys()) if (!numbers.has(number)) tools.delete(number);
      if (t.status === "running") {
        for (const card of document.querySelectorAll("#chart [data-testid=chart-table]")) {
          // a pause is when a director often rules: the buttons stay
          card.append(controls(Number(card.dataset.table)).box);
        }
      }
      if (focused && focused.isConnected && focused !== document.activeElement) {
        focused.focus();
        if (caret) focused.setSelectionRange(...caret);
      }
    },
  };
}
