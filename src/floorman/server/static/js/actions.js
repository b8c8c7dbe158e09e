// The player's own cards and the actions open to him: only legal ones, as
// buttons; bet/raise amounts bounded by the engine's limits; the draw; the
// Look button of unseen betting; the hold'em check-down vote.  All of it is
// read from the engine's seat view (view.actions, view.legal, view.bet_sizes,
// view.draw_limit, view.hints): no rule is computed here.

import { cardElement } from "./cards.js";
import { chips, h } from "./dom.js";

/** Everything the panel depends on: it is rebuilt only when this changes,
 * so an amount being typed survives unrelated updates. */
export function decisionKey(view) {
  if (!view) return "";
  const me = mine(view);
  return JSON.stringify([
    view.hand_id,
    view.phase,
    view.round,
    view.actor,
    view.legal,
    view.actions,
    view.hints,
    view.checkdown_vote,
    me && me.cards,
    me && me.folded,
  ]);
}

function mine(view) {
  return view && view.you !== null ? view.players.find((p) => p.seat === view.you) : null;
}

/**
 * Render the hero's cards into ``cardsRoot`` and his options into
 * ``actionsRoot``.  ctx: {view, selected: Set of card codes chosen for the
 * draw, send(action), nameOf(seat), rerender()}.
 */
export function renderHero(cardsRoot, actionsRoot, ctx) {
  const { view } = ctx;
  const me = mine(view);
  cardsRoot.replaceChildren(...heroCards(me, ctx));
  actionsRoot.replaceChildren(...heroActions(me, ctx));
}

function heroCards(me, { view, selected, rerender }) {
  if (!me || !me.cards) return [h("span", { class: "muted" }, "No cards")];
  if (view.can_draw) {
    return me.cards.map((code) =>
      cardElement(code, {
        size: "large",
        selected: selected.has(code),
        onclick: () => {
          if (selected.has(code)) selected.delete(code);
          else if (selected.size < view.draw_limit.max_cards) selected.add(code);
          rerender();
        },
      }),
    );
  }
  return me.cards.map((code) => cardElement(code, { size: "large" }));
}

function heroActions(me, ctx) {
  const { view, send } = ctx;
  if (!me) return [h("p", { class: "muted" }, "You are not in this hand.")];
  if (view.phase === "complete") return [h("p", { class: "muted" }, "The hand is over.")];
  if (me.folded) return [h("p", { class: "muted" }, "You folded.")];
  const hints = [];
  const buttons = [];
  const may = new Set(view.actions);
  if (may.has("draw")) {
    const { max_cards: most, dealt_at_once: now, clause } = view.draw_limit;
    const split = most > now ? `: ${now} now, the rest after the round` : "";
    hints.push(hint(`Click the cards to exchange (up to ${most}${split}), then draw.`, clause));
    buttons.push(drawButton(ctx));
  }
  for (const note of view.hints) hints.push(hint(note.text, note.clause));
  if (may.has("look")) {
    buttons.push(button("Look", "look", () => send({ action: "look" }), { kind: "go" }));
  }
  const vote = view.checkdown_vote ? checkdownVote(ctx) : null;
  if (view.legal) buttons.push(...bettingButtons(me, ctx));
  if (may.has("propose_checkdown")) {
    buttons.push(
      button("Propose check-down", "propose-checkdown", () => send({ action: "propose_checkdown" }), {
        title: "Everyone checks the hand down to the showdown if all agree (NM-H-13)",
      }),
    );
  }
  const raising = may.has("bet") || may.has("raise");
  if (!buttons.length && !vote) {
    const actor = view.actor === null || view.actor === undefined ? null : ctx.nameOf(view.actor);
    return [
      h("p", { class: "muted", "data-testid": "waiting" }, actor ? `Waiting for ${actor}…` : "Waiting…"),
    ];
  }
  return [
    ...hints,
    vote,
    buttons.length ? h("div", { class: "buttons" }, buttons) : null,
    raising ? amountControls(me, view, send) : null,
  ].filter(Boolean);
}

function button(label, testid, onclick, { kind = "", ...props } = {}) {
  return h(
    "button",
    { type: "button", class: `btn ${kind}`.trim(), "data-testid": testid, onclick, ...props },
    label,
  );
}

function hint(text, clause) {
  return h("p", { class: "hint" }, text, h("span", { class: "clause" }, clause));
}

function drawButton({ selected, send }) {
  const count = selected.size;
  const label = count ? `Draw ${count}` : "Stand pat (draw 0)";
  return button(label, "draw", () => send({ action: "draw", cards: [...selected] }), { kind: "primary" });
}

/** An open check-down vote (NM-H-13): his own vote, or how it stands. */
function checkdownVote({ view, send, nameOf }) {
  const agreed = view.checkdown_vote;
  if (!view.actions.includes("vote_checkdown")) {
    const voters = view.checkdown_voters.length;
    return h(
      "p",
      { class: "hint", "data-testid": "checkdown-status" },
      `Check-down proposed: ${agreed.length} of ${voters} players agree so far.`,
      h("span", { class: "clause" }, "NM-H-13"),
    );
  }
  return h(
    "div",
    { class: "vote", role: "group", "aria-label": "Check-down vote", "data-testid": "checkdown-vote" },
    h(
      "p",
      {},
      `A check-down is proposed (${agreed.map(nameOf).join(", ")} agree${agreed.length === 1 ? "s" : ""}). Agree?`,
      h("span", { class: "clause" }, "NM-H-13"),
    ),
    h(
      "div",
      { class: "buttons" },
      button("Agree", "vote-yes", () => send({ action: "vote_checkdown", agree: true }), { kind: "go" }),
      button("Refuse", "vote-no", () => send({ action: "vote_checkdown", agree: false })),
    ),
  );
}

/** Fold, check, call: only those in view.actions (after a seen action in
 * the unseen round the engine leaves only fold and look, NM-D-2E s4). */
function bettingButtons(me, { view, send }) {
  const legal = view.legal;
  const may = new Set(view.actions);
  const buttons = [];
  if (may.has("fold"))
    buttons.push(button("Fold", "fold", () => send({ action: "fold" }), { kind: "danger" }));
  if (may.has("check")) buttons.push(button("Check", "check", () => send({ action: "check" })));
  if (may.has("call")) {
    const allIn = legal.call_amount >= me.stack ? " (all-in)" : "";
    buttons.push(button(`Call ${chips(legal.call_amount)}${allIn}`, "call", () => send({ action: "call" })));
  }
  return buttons;
}

function amountControls(me, view, send) {
  const { min_raise_to: lo, max_raise_to: hi, is_bet: isBet } = view.legal;
  // Betting before looking, in the rounds where that makes him "in unseen" (NM-D-2E).
  const unseen = view.unseen_bet;
  const verb = `${isBet ? "Bet" : "Raise"}${unseen ? " unseen" : ""}${isBet ? "" : " to"}`;
  const allIn = me.stack + me.bet;
  const bounds = { min: lo, max: hi, step: 1, value: lo };
  const number = h("input", {
    type: "number",
    id: "amount",
    inputmode: "numeric",
    "data-testid": "amount",
    ...bounds,
  });
  const slider = h("input", {
    type: "range",
    "aria-label": `${verb}: amount`,
    "data-testid": "amount-slider",
    ...bounds,
  });
  const go = button(
    "",
    "bet-raise",
    () => {
      const amount = Number(number.value);
      if (Number.isInteger(amount)) send({ action: isBet ? "bet" : "raise", amount });
    },
    { kind: "primary" },
  );
  const label = () => {
    const amount = Number(number.value);
    go.textContent = `${verb} ${chips(amount)}${amount === allIn ? " (all-in)" : ""}`;
    go.disabled = !(Number.isInteger(amount) && amount >= lo && amount <= hi);
  };
  const setAmount = (value) => {
    number.value = slider.value = Math.max(lo, Math.min(hi, Math.round(value)));
    label();
  };
  number.addEventListener("input", () => {
    slider.value = number.value;
    label();
  });
  number.addEventListener("keydown", (event) => event.key === "Enter" && go.click());
  slider.addEventListener("input", () => setAmount(Number(slider.value)));
  label();
  const labels = { min: "Min", half: "½ pot", pot: "Pot", max: "Max" };
  const quick = view.bet_sizes.map((size) => [labels[size.name] || size.name, size.name, size.amount]);
  const limit = [
    `${view.bet_limit.text}: ${chips(lo)} to ${chips(hi)} now.`,
    h("span", { class: "clause" }, view.bet_limit.clause),
  ];
  return h(
    "div",
    { class: "actions" },
    h("div", { class: "amount" }, h("label", { for: "amount" }, verb), number, slider, go),
    h(
      "div",
      { class: "row" },
      quick.map(([text, id, value]) =>
        button(text, `quick-${id}`, () => setAmount(value), { kind: "small" }),
      ),
      h("span", { class: "limit-note", "data-testid": "limit" }, limit),
    ),
  );
}
