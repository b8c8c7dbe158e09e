// The "are you sure?" of a ruling that changes a player's standing, chips
// or seat, or the level (a warning, a time penalty, a chip correction, a
// move, a disqualification, the level set): no such ruling acts on one
// click.  The step opens in the page beside the control (confirm.js) and
// says what will change — "Anna: 1,000 → 12,345; chips in play 45,000 →
// 56,345" — from the numbers the server sent (the room view's chips in
// play, the player's stack and seat), updated as the director types;
// nothing is sent until he says yes.

import { confirmStep } from "./confirm.js";
import { chips, h } from "./dom.js";
import { t } from "./i18n.js";

/** The kinds a step knows, with the fields their "what changes" reads. */
export const RULING_KINDS = ["warn", "penalty", "chips", "seat", "disqualify", "level"];

/** "what changes" of ``kind`` for ``player`` ({name, chips, table, seat} as
 * the server has them), ``values`` the ruling's fields as typed, and
 * ``inPlay`` the chips in play (the room view's ``chips_in_play``). */
export function whatChanges(kind, player, values, inPlay) {
  const line = changeLine(kind, player, values, inPlay);
  // the server holds a move or a correction of a player in a hand until it ends
  const held = player && player.in_hand && ["chips", "seat"].includes(kind);
  return held ? `${line} ${t("console.what.after_hand", { name: player.name })}` : line;
}

function changeLine(kind, player, values, inPlay) {
  const name = player ? player.name : "";
  const filled = (value) => value !== "" && value !== undefined && value !== null;
  switch (kind) {
    case "warn":
      return t("console.what.warn", { name });
    case "penalty":
      return t("console.what.penalty", { name, hands: String(values.hands || 1), count: Number(values.hands || 1) });
    case "chips": {
      if (!filled(values.chips)) return t("console.what.chips_unset", { name, from: chips(player.chips) });
      const to = Number(values.chips);
      const line = t("console.what.chips", { name, from: chips(player.chips), to: chips(to) });
      if (inPlay === undefined || inPlay === null) return line;
      const total = t("console.what.in_play", {
        from: chips(inPlay),
        to: chips(inPlay - player.chips + to),
      });
      return `${line}; ${total}`;
    }
    case "seat":
      return t("console.what.seat", {
        name,
        from_table: String(player.table ?? "–"),
        from_seat: String(player.seat ?? "–"),
        table: filled(values.table) ? String(values.table) : "?",
        seat: filled(values.seat) ? String(values.seat) : "?",
      });
    case "disqualify":
      return t("director.disqualify.what");
    case "level":
      return t("console.what.level", {
        from: String(values.from ?? "–"),
        to: filled(values.level) ? String(values.level) : "?",
      });
    default:
      return "";
  }
}

/**
 * Open the step in ``host``.  opts: {kind, player ({name, chips, table,
 * seat} or null for the level), values() (the fields now), inPlay,
 * clause, fields (inputs shown in the step: typing updates what it says),
 * onYes()}.
 */
export function askRuling(host, { kind, player, values, inPlay, clause, fields = [], onYes }) {
  const what = h("span", { "data-testid": "ruling-what" });
  const update = () => {
    what.textContent = whatChanges(kind, player, values(), inPlay);
  };
  update();
  for (const field of fields) field.addEventListener("input", update);
  const name = player ? player.name : "";
  const box = confirmStep(host, {
    title: kind === "disqualify" ? t("director.disqualify.ask", { name }) : t(`console.ask.${kind}`, { name }),
    text: [what],
    clause,
    fields,
    yes: kind === "disqualify" ? t("director.disqualify.yes") : t(`console.yes.${kind}`),
    testid: "ruling-confirm",
    onYes,
  });
  return { box, update };
}
