// The player's own cards and the actions open to him: only legal ones, as
// buttons; bet/raise amounts bounded by the engine's limits; the draw; the
// Look button of unseen betting; the hold'em check-down vote.

import { cardElement } from "./cards.js";
import { chips, h } from "./dom.js";

const MAX_DRAW = 4; // NM-D-2D s6

/** Everything the panel depends on: it is rebuilt only when this changes,
 * so an amount being typed survives unrelated updates. */
export function decisionKey(view) {
  if (!view) return "";
  const me = mine(view);
  return JSON.stringify([
    view.hand_id,
    view.phase,
    view.round || view.street,
    view.actor,
    view.legal,
    view.can_look,
    view.can_draw,
    view.must_look,
    view.can_propose_checkdown,
    view.can_vote_checkdown,
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
          else if (selected.size < MAX_DRAW) selected.add(code);
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
  if (view.can_draw) {
    hints.push(
      hint(
        "Click the cards to exchange (up to 4: three now, the fourth after the round), then draw.",
        "NM-D-2D",
      ),
    );
    buttons.push(drawButton(ctx));
  }
  if (view.can_look) {
    hints.push(unseenHint(me, view));
    buttons.push(button("Look", "look", () => send({ action: "look" }), { kind: "go" }));
  }
  const vote = view.checkdown_vote ? checkdownVote(ctx) : null;
  if (view.legal) buttons.push(...bettingButtons(me, ctx));
  if (view.can_propose_checkdown) {
    buttons.push(
      button("Propose check-down", "propose-checkdown", () => send({ action: "propose_checkdown" }), {
        title: "Everyone checks the hand down to the showdown if all agree (NM-H-13)",
      }),
    );
  }
  const raising = view.legal && view.legal.min_raise_to !== null && !view.must_look;
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

/** Unseen betting (NM-D-2E/2F, OQ-19): what the face-down cards mean now. */
function unseenHint(me, view) {
  const hidden = (me.cards || []).filter((c) => c === null).length;
  const cards = `Your ${hidden} new card${hidden === 1 ? " is" : "s are"} face down.`;
  if (view.must_look) {
    return hint("A player before you acted seen: look at your cards before you call or raise.", "NM-D-2E s4");
  }
  if (view.round === "opening" && view.high_bidder === view.you) {
    return hint(
      `${cards} You made the highest bid before the draw: bid unseen now, check, or look first.`,
      "NM-D-2E s2",
    );
  }
  if (view.round === "unseen") {
    return hint(`${cards} Call or raise without looking to stay in unseen, or look first.`, "NM-D-2E s3");
  }
  return hint(`${cards} Look at them, or act: acting in the seen round turns them up.`, "OQ-19");
}

/** An open check-down vote (NM-H-13): his own vote, or how it stands. */
function checkdownVote({ view, send, nameOf }) {
  const agreed = view.checkdown_vote;
  if (!view.can_vote_checkdown) {
    const voters = view.players.filter((p) => !p.folded && p.stack > 0).length;
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

/** Fold, check, call: only the legal ones; after a seen action in the
 * unseen round only fold (and Look) until he has looked (NM-D-2E s4). */
function bettingButtons(me, { view, send }) {
  const legal = view.legal;
  const blocked = view.must_look;
  const buttons = [];
  if (legal.can_fold)
    buttons.push(button("Fold", "fold", () => send({ action: "fold" }), { kind: "danger" }));
  if (legal.can_check && !blocked) buttons.push(button("Check", "check", () => send({ action: "check" })));
  if (legal.call_amount > 0 && !blocked) {
    const allIn = legal.call_amount >= me.stack ? " (all-in)" : "";
    buttons.push(button(`Call ${chips(legal.call_amount)}${allIn}`, "call", () => send({ action: "call" })));
  }
  return buttons;
}

function amountControls(me, view, send) {
  const { min_raise_to: lo, max_raise_to: hi, is_bet: isBet, call_amount: call } = view.legal;
  // Betting before looking, in the rounds where that makes him "in unseen" (NM-D-2E).
  const unseen = view.can_look && (view.round === "opening" || view.round === "unseen");
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
  const highest = Math.max(...view.players.map((p) => p.bet));
  const quick = [
    ["Min", "min", lo],
    ["½ pot", "half", highest + Math.floor((view.pot + call) / 2)],
    ["Pot", "pot", highest + view.pot + call],
    ["Max", "max", hi],
  ].filter(([, , v], k, all) => v >= lo && v <= hi && all.findIndex(([, , w]) => w === v) === k);
  const limit =
    view.game === "draw"
      ? [
          `Half-pot limit: at most ${chips(hi)} now (half the pot, or always 10 antes).`,
          h("span", { class: "clause" }, "NM-D-3A"),
        ]
      : [`No limit: ${chips(lo)} to ${chips(hi)}.`];
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
