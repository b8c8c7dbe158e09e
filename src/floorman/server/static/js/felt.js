// The table drawn from a hand view: seats around an oval, stacks, bets, the
// button, the board, pots and side pots.  Used by the live table and by the
// hand replay.  Everything comes from the engine's seat view
// (/api/schema/seat-view): this module draws, it computes no rule.

import { cardRow } from "./cards.js";
import { h } from "./dom.js";
import { translateTemplate } from "./errors.js";
import { has, number as chips, t } from "./i18n.js";

/** The round for people: t("table.round.flop") … from view.round and the
 * phase (the engine's round_label is English). */
export function roundName(view) {
  if (!view) return "";
  const key =
    view.phase === "complete"
      ? "table.round.complete"
      : view.phase === "drawing"
        ? "table.round.drawing"
        : `table.round.${view.round}`;
  return has(key) ? t(key) : view.round_label;
}

/** An engine note or hint ({text, clause, template?, values?}) in the page's
 * language: its message template where the catalogue has it, else its text. */
export function noteText(note) {
  return translateTemplate(note.template, note.values) ?? note.text;
}

/** Where seat slot k of n sits, in percent of the felt (k = 0 at the bottom). */
function slotPosition(k, n, radius = 1) {
  const angle = Math.PI / 2 + (2 * Math.PI * k) / n;
  return { left: 50 + 47 * radius * Math.cos(angle), top: 50 + 44 * radius * Math.sin(angle) };
}

const percent = ({ left, top }) => ({ left: `${left}%`, top: `${top}%` });

function seatStatus(player, seat, view) {
  const notes = [];
  if (seat.absent) notes.push(t("table.seat.away"));
  if (!player) {
    // seated but not dealt in: away (said above), or just seated here (a
    // move, a late entry), in from the next hand, not "sitting out"
    if (view && !seat.absent) notes.push(t("deals.seat_next_hand"));
    return notes;
  }
  // a hand the floor declared dead is out, but not by a fold (DE-FOUL-1/2)
  const declared = (view.log || []).some((l) => l.kind === "dead_hand" && l.seat === player.seat);
  if (player.dead || declared) notes.push(t("table.seat.dead"));
  else if (player.folded) notes.push(t("table.seat.folded"));
  if (!player.folded && player.all_in) notes.push(t("table.seat.all_in"));
  // the draw's part of the view says each player's draw (a game without one has no seats there)
  const draw = (view.variant.seats || []).find((s) => s.seat === player.seat);
  if (draw && draw.drew !== null) {
    notes.push(draw.drew ? t("table.seat.drew", { count: draw.drew }) : t("table.seat.stood_pat"));
  }
  if (draw && draw.in_unseen) notes.push(t("table.seat.in_unseen"));
  return notes;
}

function seatCards(player, view) {
  // a folded hand shown to everyone (DE-HOLE-4) is out of play but face up
  const shown = Boolean(player && player.cards && player.cards.some(Boolean));
  if (!player || (!player.has_cards && !shown)) return null;
  return cardRow(player.cards, { count: view.hole_cards, size: "small" });
}

/**
 * Render a table into ``root``.
 * table: {seats: [{seat, player, name, chips, bot, absent}], hand: view or null,
 *         timer, level, paused, hero (his seat, shown at the bottom, or null),
 *         names: {player: name}, result: the award lines of the last hand, in
 *         words, shown once it is over (the table's log), or null,
 *         compact: the seats in rows rather than round the oval (large text)}.
 * Seats that would lie on each other or on the board round the oval (a
 * small felt, long names) are put in rows as well: their size is only
 * known once drawn, so the oval is drawn, measured and given up if crowded.
 */
export function renderFelt(root, table) {
  drawFelt(root, table, Boolean(table.compact));
  if (!table.compact && crowded(root)) drawFelt(root, table, true);
}

function drawFelt(root, table, compact) {
  const view = table.hand;
  const amount = table.amount || chips; // chips, or big blinds / antes (settings.js)
  const inHand = new Map((view ? view.players : []).map((p) => [p.seat, p]));
  const slots = Math.max(table.seats.length, ...table.seats.map((s) => s.seat), 2);
  const offset = table.hero ? table.hero - 1 : 0;
  const items = [];
  const rows = [];
  for (const seat of table.seats) {
    const player = inHand.get(seat.seat);
    const k = (seat.seat - 1 - offset + slots) % slots;
    const place = (radius, turn = 0) => (compact ? null : percent(slotPosition(k + turn, slots, radius)));
    const bet =
      player && player.bet
        ? h(
            "div",
            { class: "bet", style: place(0.62), "data-testid": "bet", "data-chips": player.bet },
            amount(player.bet),
          )
        : null;
    const button =
      view && view.button === seat.seat
        ? h(
            "div",
            {
              class: "dealer-button",
              style: place(0.72, 0.32),
              title: t("table.dealer_button"),
              "aria-label": t("table.dealer_button"),
              "data-testid": "dealer-button",
            },
            "D",
          )
        : null;
    if (compact) {
      // the bet and the button go on the plate, the seat in the row of its side
      const el = seatElement(seat, player, table, null, amount, [bet, button]);
      rows.push({ el, ...slotPosition(k, slots) });
    } else {
      items.push(seatElement(seat, player, table, place(1), amount), ...[bet, button].filter(Boolean));
    }
  }
  root.classList.toggle("seats-compact", compact);
  if (!compact) {
    items.push(renderCenter(table, amount));
    root.replaceChildren(h("div", { class: "felt" }), ...items);
    return;
  }
  // the far side of the table above the middle, his own side below it,
  // each read from left to right as round the oval
  const byLeft = (a, b) => a.left - b.left;
  const far = rows.filter((r) => r.top < 50).sort(byLeft);
  const near = rows.filter((r) => r.top >= 50).sort(byLeft);
  root.replaceChildren(
    h("div", { class: "felt" }),
    ...far.map((r) => r.el),
    renderCenter(table, amount),
    ...near.map((r) => r.el),
  );
}

/** Does a seat lie on another seat, on the board or on the pot? */
function crowded(root) {
  const boxes = (selector) =>
    [...root.querySelectorAll(selector)]
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0);
  const seats = boxes(".seat");
  const middle = boxes(".center .board, .center .pot");
  const apart = (a, b) =>
    a.right <= b.left + 1 || b.right <= a.left + 1 || a.bottom <= b.top + 1 || b.bottom <= a.top + 1;
  return seats.some((a, k) => [...seats.slice(k + 1), ...middle].some((b) => !apart(a, b)));
}

function seatElement(seat, player, table, position, amount, extras = null) {
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
            // the time bank of the player to act (DE-TIME-1, OQ-63); once it
            // runs, the deadline already includes it
            "data-bank": timer.bank_left || 0,
            "data-in-bank": timer.in_bank ? "" : null,
            // a seated player called the clock on him (DE-TIME-2, OQ-63)
            "data-called": timer.called ? "" : null,
          },
          h("span", { class: "timer-track" }, h("span", { class: "timer-bar" })),
          h("span", { class: "timer-text" }),
          h("span", { class: "timer-bank", "data-testid": "time-bank", hidden: true }),
          h("span", { class: "timer-reserve", "data-testid": "bank-left", hidden: true }),
        )
      : null;
  const name = h(
    "div",
    { class: "name", title: seat.name, "data-testid": "seat-name" },
    seat.name,
    seat.bot ? h("span", { class: "tag" }, t("table.seat.bot")) : null,
    h("span", { class: "seat-no" }, `#${seat.seat}`),
  );
  const chipsLeft = amount(player ? player.stack : seat.chips);
  const stack = h("div", { class: "stack", "data-testid": "stack" }, chipsLeft);
  const status = h("div", { class: "status" }, seatStatus(player, seat, view).join(" · "));
  const props = { class: classes.join(" "), style: position, "data-testid": "seat", "data-seat": seat.seat };
  if (!extras) {
    return h("div", props, seatCards(player, view), h("div", { class: "plate" }, name, stack, status, clock));
  }
  // in a row, all on the plate, one line as far as it goes: the cards only
  // once shown face up, and not his own (his panel shows them)
  const shown = player && seat.seat !== table.hero && player.cards && player.cards.some(Boolean);
  return h(
    "div",
    props,
    h(
      "div",
      { class: "plate" },
      name,
      h("div", { class: "chips-line" }, stack, extras, status, shown ? seatCards(player, view) : null),
      clock,
    ),
  );
}

function renderCenter(table, amount) {
  const view = table.hand;
  const level = table.level;
  const stakes = level
    ? level.blinds && level.blinds[1]
      ? t("table.stakes_blinds", { level: level.level, sb: level.blinds[0], bb: level.blinds[1] })
      : t("table.stakes_ante", { level: level.level, ante: level.ante })
    : "";
  if (!view) {
    return h(
      "div",
      { class: "center" },
      h("div", { class: "stakes" }, stakes),
      table.paused
        ? h("div", { class: "paused-badge", "data-testid": "paused" }, t("table.paused"))
        : h("div", { class: "waiting" }, t("table.waiting_hand")),
      handResult(table.result),
    );
  }
  const pots = view.pot_lines;
  const potLines =
    pots.length > 1
      ? pots.map((pot, k) =>
          h(
            "div",
            { class: "side-pot", "data-testid": "side-pot" },
            `${k ? t("table.side_pot", { n: k }) : t("table.main_pot")}: ${amount(pot.amount)}`,
            h(
              "span",
              { class: "muted" },
              pot.carried
                ? t("table.pot_seats_carried", { seats: pot.eligible.join(", "), carried: pot.carried })
                : t("table.pot_seats", { seats: pot.eligible.join(", ") }),
            ),
          ),
        )
      : [];
  return h(
    "div",
    { class: "center" },
    h("div", { class: "stakes" }, [stakes, roundName(view)].filter(Boolean).join(" · ")),
    view.board ? h("div", { class: "board", "data-testid": "board" }, cardRow(view.board)) : null,
    h("div", { class: "pot", "data-testid": "pot" }, t("table.pot", { amount: amount(view.pot) })),
    potLines,
    view.notes.map((note) => h("div", { class: "note" }, `${noteText(note)} (${note.clause})`)),
    clockCalled(table),
    table.paused ? h("div", { class: "paused-badge", "data-testid": "paused" }, t("table.paused")) : null,
    view.phase === "complete" ? handResult(table.result) || awards(view, table.names) : null,
  );
}

/** "Clock called on Ben: 30 s · 0:27" in the middle of the felt while a
 * called clock runs (DE-TIME-2, OQ-63); table.js counts the seconds down
 * from data-deadline as it does the seat's own timer. */
function clockCalled(table) {
  const timer = table.timer;
  const view = table.hand;
  if (!timer || !timer.called || !timer.deadline || !view || view.actor !== timer.seat) return null;
  const seat = table.seats.find((s) => s.seat === timer.seat);
  return h(
    "div",
    {
      class: "clock-called",
      role: "status",
      "data-testid": "clock-called",
      "data-deadline": timer.deadline,
    },
    t("table.clock_called", {
      name: seat ? seat.name : t("table.seat_n", { seat: timer.seat }),
      seconds: timer.seconds,
    }),
    " ",
    h("strong", { class: "clock-called-left", "data-testid": "clock-called-left" }),
  );
}

function handResult(lines) {
  if (!lines || !lines.length) return null;
  return h(
    "div",
    { class: "result hand-result", role: "status", "data-testid": "hand-result" },
    lines.map((line) => h("div", {}, line)),
  );
}

function awards(view, names) {
  if (!view.pots.length) return null;
  const seatName = (seat) => {
    const player = view.players.find((p) => p.seat === seat);
    return (player && names && names[player.player]) || t("table.seat_n", { seat });
  };
  return h(
    "div",
    { class: "result", "data-testid": "result" },
    view.pots.map((pot) =>
      h("div", {}, pot.winners
          .map((seat, k) => t("table.award", { name: seatName(seat), amount: pot.shares[k] }))
          .join(", ")),
    ),
  );
}
