// The table drawn from a hand view: seats around an oval, stacks, bets, the
// button, the board, pots and side pots.  Used by the live table and by the
// hand replay.  Everything comes from the engine's seat view
// (/api/schema/seat-view): this module draws, it computes no rule.

import { cardRow, cardText } from "./cards.js";
import { chips, h } from "./dom.js";

/** Where seat slot k of n sits, in percent of the felt (k = 0 at the bottom). */
function slotPosition(k, n, radius = 1) {
  const angle = Math.PI / 2 + (2 * Math.PI * k) / n;
  return { left: 50 + 47 * radius * Math.cos(angle), top: 50 + 44 * radius * Math.sin(angle) };
}

const percent = ({ left, top }) => ({ left: `${left}%`, top: `${top}%` });

function seatStatus(player, seat, view) {
  const notes = [];
  if (seat.absent) notes.push("away");
  if (!player) return notes;
  if (player.dead) notes.push("dead hand");
  if (player.folded) notes.push("folded");
  else if (player.all_in) notes.push("all-in");
  if (player.drew !== null && player.drew !== undefined) {
    notes.push(player.drew ? `drew ${player.drew}` : "stood pat");
  }
  if (player.in_unseen) notes.push("in unseen");
  return notes;
}

function seatCards(player, view) {
  if (!player || !player.has_cards) return null;
  return cardRow(player.cards, { count: view.hole_cards, size: "small" });
}

/**
 * Render a table into ``root``.
 * table: {seats: [{seat, player, name, chips, bot, absent}], hand: view or null,
 *         timer, level, paused, hero (his seat, shown at the bottom, or null),
 *         names: {player: name}}.
 */
export function renderFelt(root, table) {
  const view = table.hand;
  const inHand = new Map((view ? view.players : []).map((p) => [p.seat, p]));
  const slots = Math.max(table.seats.length, ...table.seats.map((s) => s.seat), 2);
  const offset = table.hero ? table.hero - 1 : 0;
  const items = [];
  for (const seat of table.seats) {
    const player = inHand.get(seat.seat);
    const k = (seat.seat - 1 - offset + slots) % slots;
    items.push(seatElement(seat, player, table, percent(slotPosition(k, slots))));
    if (player && player.bet) {
      const spot = percent(slotPosition(k, slots, 0.62));
      items.push(h("div", { class: "bet", style: spot, "data-testid": "bet" }, chips(player.bet)));
    }
    if (view && view.button === seat.seat) {
      const spot = percent(slotPosition(k + 0.32, slots, 0.72));
      items.push(h("div", { class: "dealer-button", style: spot, title: "dealer button" }, "D"));
    }
  }
  items.push(renderCenter(table));
  root.replaceChildren(h("div", { class: "felt" }), ...items);
}

function seatElement(seat, player, table, position) {
  const view = table.hand;
  const acting = view && view.actor === seat.seat && view.phase !== "complete";
  const classes = ["seat"];
  if (acting) classes.push("acting");
  if (player && player.folded) classes.push("folded");
  if (seat.seat === table.hero) classes.push("hero");
  if (view && !player) classes.push("sitting-out");
  const timer = table.timer;
  const clock =
    acting && timer && timer.seat === seat.seat && timer.deadline
      ? h(
          "div",
          {
            class: "timer",
            "data-testid": "timer",
            "data-deadline": timer.deadline,
            "data-seconds": timer.seconds,
          },
          h("span", { class: "timer-track" }, h("span", { class: "timer-bar" })),
          h("span", { class: "timer-text" }),
        )
      : null;
  return h(
    "div",
    { class: classes.join(" "), style: position, "data-testid": "seat", "data-seat": seat.seat },
    seatCards(player, view),
    h(
      "div",
      { class: "plate" },
      h(
        "div",
        { class: "name" },
        seat.name,
        seat.bot ? h("span", { class: "tag" }, "bot") : null,
        h("span", { class: "seat-no" }, `#${seat.seat}`),
      ),
      h("div", { class: "stack", "data-testid": "stack" }, chips(player ? player.stack : seat.chips)),
      h("div", { class: "status" }, seatStatus(player, seat, view).join(" · ")),
      clock,
    ),
  );
}

function renderCenter(table) {
  const view = table.hand;
  const level = table.level;
  const stakes = level
    ? level.blinds && level.blinds[1]
      ? `Level ${level.level} · blinds ${chips(level.blinds[0])}/${chips(level.blinds[1])}`
      : `Level ${level.level} · ante ${chips(level.ante)}`
    : "";
  if (!view) {
    return h(
      "div",
      { class: "center" },
      h("div", { class: "stakes" }, stakes),
      table.paused
        ? h("div", { class: "paused-badge", "data-testid": "paused" }, "Paused")
        : h("div", { class: "waiting" }, "Waiting for the next hand…"),
    );
  }
  const pots = view.pot_lines;
  const potLines =
    pots.length > 1
      ? pots.map((pot, k) =>
          h(
            "div",
            { class: "side-pot", "data-testid": "side-pot" },
            `${k ? `Side pot ${k}` : "Main pot"}: ${chips(pot.amount)}`,
            h(
              "span",
              { class: "muted" },
              ` (seats ${pot.eligible.join(", ")}${pot.carried ? `; ${chips(pot.carried)} carried in` : ""})`,
            ),
          ),
        )
      : [];
  return h(
    "div",
    { class: "center" },
    h("div", { class: "stakes" }, [stakes, view.round_label].filter(Boolean).join(" · ")),
    view.board ? h("div", { class: "board", "data-testid": "board" }, cardRow(view.board)) : null,
    h("div", { class: "pot", "data-testid": "pot" }, `Pot ${chips(view.pot)}`),
    potLines,
    view.notes.map((note) => h("div", { class: "note" }, `${note.text} (${note.clause})`)),
    table.paused ? h("div", { class: "paused-badge", "data-testid": "paused" }, "Paused") : null,
    awards(view, table.names),
  );
}

function awards(view, names) {
  if (!view.pots.length) return null;
  const seatName = (seat) => {
    const player = view.players.find((p) => p.seat === seat);
    return (player && names && names[player.player]) || `Seat ${seat}`;
  };
  return h(
    "div",
    { class: "result", "data-testid": "result" },
    view.pots.map((pot) =>
      h("div", {}, pot.winners.map((seat, k) => `${seatName(seat)} wins ${chips(pot.shares[k])}`).join(", ")),
    ),
  );
}

/** "Ann raises to 40" for one public hand event (replays, the table log). */
export function describeEvent(event, nameOf) {
  const who = event.seat !== undefined && event.seat !== null ? nameOf(event.seat) : "";
  switch (event.type) {
    case "HandStarted":
      return `Hand ${event.hand_id} begins`;
    case "AntePosted":
      return `${who} antes ${chips(event.amount)}`;
    case "BlindPosted":
      return `${who} posts ${chips(event.amount)}`;
    case "HoleDealt":
      return `${who} is dealt ${event.count} cards`;
    case "BoardDealt":
      return `Board: ${event.cards.map(cardText).join(" ")}`;
    case "Folded":
      return `${who} folds${event.reason ? ` (${event.reason})` : ""}`;
    case "Checked":
      return `${who} checks${event.reason ? ` (${event.reason})` : ""}`;
    case "Called":
      return `${who} calls ${chips(event.amount)}`;
    case "BetOrRaised":
      return `${who} bets/raises to ${chips(event.to)}`;
    case "BetsCollected":
      return "Bets are collected";
    case "Discarded":
      return event.count ? `${who} discards ${event.count}` : `${who} stands pat`;
    case "DrawDealt":
      return `${who} gets ${event.count} card${event.count === 1 ? "" : "s"}`;
    case "Looked":
      return `${who} looks at his cards`;
    case "Shown":
      return `${who} shows ${event.cards.map(cardText).join(" ")}`;
    case "Mucked":
      return `${who} mucks`;
    case "CheckdownProposed":
      return `${who} proposes a check-down (NM-H-13)`;
    case "CheckdownVoted":
      return `${who} ${event.agree ? "agrees to" : "refuses"} the check-down`;
    case "PotAwarded":
      return event.winners.map((s, k) => `${nameOf(s)} wins ${chips(event.shares[k])}`).join(", ");
    case "HandEnded":
      return "The hand is over";
    case "Misdealt":
      return `Misdeal: ${event.reason} [${event.clause}]`;
    case "PenaltyPosted":
      return `${who} pays a penalty of ${chips(event.amount)} [${event.clause}]`;
    default:
      return event.type;
  }
}
