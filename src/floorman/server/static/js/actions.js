// The player's own cards and the actions open to him: only legal ones, as
// buttons; bet/raise amounts bounded by the engine's limits; the draw; the
// Look button of unseen betting; the hold'em check-down vote.  All of it is
// read from the engine's seat view (view.actions, view.legal, view.bet_sizes,
// view.variant.draw_limit, view.hints): no rule is computed here.

import { cardElement } from "./cards.js";
import { h } from "./dom.js";
import { noteText } from "./felt.js";
import { joinNames } from "./handlog.js";
import { number as chips, t } from "./i18n.js";
import { hotkey } from "./turn.js";

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
    view.variant.checkdown_vote,
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
 * draw, send(action), nameOf(seat), rerender(), away: he sits out (his
 * hand is dead for that, not because he folded)}.
 */
export function renderHero(cardsRoot, actionsRoot, ctx) {
  const full = { ...ctx, actionsRoot };
  const me = mine(full.view);
  cardsRoot.replaceChildren(...heroCards(me, full));
  actionsRoot.replaceChildren(...heroActions(me, full));
}

function heroCards(me, { view, selected, rerender }) {
  if (!me || !me.cards) return [h("span", { class: "muted" }, t("table.no_cards"))];
  if (view.variant.can_draw) {
    return me.cards.map((code) =>
      cardElement(code, {
        size: "large",
        selected: selected.has(code),
        onclick: () => {
          if (selected.has(code)) selected.delete(code);
          else if (selected.size < view.variant.draw_limit.max_cards) selected.add(code);
          rerender();
        },
      }),
    );
  }
  // a draw of 4 is 3 now and the fourth once everyone has drawn (NM-D-2D
  // s7-s8, OQ-16): its place is kept, marked as still to come
  const draw = (view.variant.seats || []).find((s) => s.seat === me.seat);
  const toCome = Array.from({ length: (draw && draw.to_come) || 0 }, () =>
    h(
      "span",
      {
        class: "card large to-come",
        role: "img",
        "aria-label": t("deals.card_to_come"),
        title: t("deals.card_to_come"),
        "data-testid": "card-to-come",
      },
      "+",
    ),
  );
  return [...me.cards.map((code) => cardElement(code, { size: "large" })), ...toCome];
}

function heroActions(me, ctx) {
  const { view, send } = ctx;
  if (!me) return [h("p", { class: "muted" }, t("table.not_in_hand"))];
  const may = new Set(view.actions);
  // Cards out of play may be shown to everyone (DE-HOLE-3/4): offered by the engine.
  const showCards = may.has("show_cards")
    ? h(
        "div",
        { class: "buttons" },
        button(t("table.show_cards"), "show-cards", () => send({ action: "show_cards" }), {
          title: t("table.show_cards_title"),
        }),
      )
    : null;
  if (view.phase === "complete") {
    return [h("p", { class: "muted" }, t("table.hand_over")), showCards].filter(Boolean);
  }
  if (me.folded) {
    const why = h("p", { class: "muted", "data-testid": "out-of-hand" }, outOfHand(me, ctx));
    return [why, showCards].filter(Boolean);
  }
  const hints = [];
  const buttons = [];
  if (may.has("draw")) {
    const { max_cards: most, dealt_at_once: now, clause } = view.variant.draw_limit;
    const text =
      most > now ? t("table.draw_hint_split", { most, now }) : t("table.draw_hint", { most });
    hints.push(hint(text, clause));
    buttons.push(drawButton(ctx));
  }
  for (const note of view.hints) hints.push(hint(noteText(note), note.clause));
  if (may.has("look")) {
    buttons.push(button(t("table.look"), "look", () => send({ action: "look" }), { kind: "go" }));
  }
  if (may.has("show")) {
    buttons.push(button(t("table.show"), "show", () => send({ action: "show" }), { kind: "go" }));
  }
  if (may.has("muck")) {
    buttons.push(button(t("table.muck"), "muck", () => send({ action: "muck" })));
  }
  const vote = view.variant.checkdown_vote ? checkdownVote(ctx) : null;
  if (view.legal) buttons.push(...bettingButtons(me, ctx));
  if (may.has("propose_checkdown")) {
    buttons.push(
      button(
        t("table.propose_checkdown"),
        "propose-checkdown",
        () => send({ action: "propose_checkdown" }),
        { title: t("table.propose_checkdown_title") },
      ),
    );
  }
  const raising = may.has("bet") || may.has("raise");
  if (!buttons.length && !vote) {
    const actor = view.actor === null || view.actor === undefined ? null : ctx.nameOf(view.actor);
    return [
      h(
        "p",
        { class: "muted", "data-testid": "waiting" },
        actor ? t("table.waiting_for", { name: actor }) : t("table.waiting"),
      ),
    ];
  }
  return [
    ...hints,
    vote,
    buttons.length ? h("div", { class: "buttons" }, buttons) : null,
    raising ? amountControls(me, view, send) : null,
  ].filter(Boolean);
}

/** Why his hand is out of the play: he folded, or it is dead because he is
 * away (DE-ABSENT-3/4, OQ-45), his clock ran out, or the floor declared it
 * dead (DE-FOUL-1/2: with its clause).  Read from the hand's log. */
function outOfHand(me, { view, away }) {
  const mine = (view.log || []).filter((line) => line.seat === me.seat);
  const dead = mine.find((line) => line.kind === "dead_hand");
  if (dead) {
    const clause = dead.clause ? h("span", { class: "clause" }, dead.clause) : null;
    return [t("table.hand_declared_dead"), clause];
  }
  const fold = mine.find((line) => line.kind === "fold");
  if (away || (fold && fold.reason === "absent")) return t("table.hand_dead_away");
  // dealt in dead while he was away (OQ-45), and back since: no fold of his
  if (me.dead) return t("table.hand_dealt_dead");
  if (fold && fold.reason === "timeout") return t("table.folded_timeout");
  if (fold && fold.reason === "disqualified") return t("table.hand_dead_disqualified");
  return t("table.you_folded");
}

/** A button; ``action`` (fold, check, call, bet, raise) gives it the
 * language's key, shown on it and read by the key listener. */
function button(label, testid, onclick, { kind = "", action, ...props } = {}) {
  const key = action ? hotkey(action) : undefined;
  return h(
    "button",
    {
      type: "button",
      class: `btn ${kind}`.trim(),
      "data-testid": testid,
      "data-action": action,
      "aria-keyshortcuts": key,
      title: key ? t("table.hotkey", { key }) : undefined,
      onclick,
      ...props,
    },
    h("span", { class: "label" }, label),
    key ? h("kbd", { class: "hotkey", "aria-hidden": "true" }, key) : null,
  );
}

function hint(text, clause) {
  return h("p", { class: "hint" }, text, h("span", { class: "clause" }, clause));
}

function drawButton({ selected, send }) {
  const count = selected.size;
  const label = count ? t("table.draw_n", { count }) : t("table.stand_pat");
  return button(label, "draw", () => send({ action: "draw", cards: [...selected] }), { kind: "primary" });
}

/** An open check-down vote (NM-H-13): his own vote, or how it stands. */
function checkdownVote({ view, send, nameOf }) {
  const agreed = view.variant.checkdown_vote;
  if (!view.actions.includes("vote_checkdown")) {
    const voters = view.variant.checkdown_voters.length;
    return h(
      "p",
      { class: "hint", "data-testid": "checkdown-status" },
      t("table.checkdown_status", { agreed: agreed.length, voters }),
      h("span", { class: "clause" }, "NM-H-13"),
    );
  }
  return h(
    "div",
    {
      class: "vote",
      role: "group",
      "aria-label": t("table.checkdown_vote"),
      "data-testid": "checkdown-vote",
    },
    h(
      "p",
      {},
      t(agreed.length === 1 ? "table.checkdown_one" : "table.checkdown_many", {
        names: joinNames(agreed.map(nameOf)),
      }),
      h("span", { class: "clause" }, "NM-H-13"),
    ),
    h(
      "div",
      { class: "buttons" },
      button(t("table.agree"), "vote-yes", () => send({ action: "vote_checkdown", agree: true }), {
        kind: "go",
      }),
      button(t("table.refuse"), "vote-no", () => send({ action: "vote_checkdown", agree: false })),
    ),
  );
}

/** Fold, check, call: only those in view.actions (after a seen action in
 * the unseen round the engine leaves only fold and look, NM-D-2E s4). */
function bettingButtons(me, ctx) {
  const { view, send } = ctx;
  const legal = view.legal;
  const may = new Set(view.actions);
  const buttons = [];
  if (may.has("fold")) {
    // Folding when checking costs nothing is asked about first.
    const fold = may.has("check") ? () => confirmFold(ctx) : () => send({ action: "fold" });
    buttons.push(button(t("table.fold"), "fold", fold, { kind: "danger", action: "fold" }));
  }
  if (may.has("check"))
    buttons.push(
      button(t("table.check"), "check", () => send({ action: "check" }), { action: "check" }),
    );
  if (may.has("call")) {
    const call = t("table.call", { amount: legal.call_amount });
    const text = legal.call_amount >= me.stack ? t("table.all_in_suffix", { text: call }) : call;
    buttons.push(button(text, "call", () => send({ action: "call" }), { action: "call" }));
  }
  return buttons;
}

/** "Fold although you can check for free?" inline, above the buttons. */
function confirmFold({ send, actionsRoot }) {
  const root = actionsRoot || document.getElementById("actions");
  const old = root.querySelector("[data-testid=fold-confirm]");
  if (old) old.remove();
  const cancel = button(t("table.fold_confirm_no"), "fold-confirm-no", () => box.remove());
  const box = h(
    "div",
    { class: "fold-confirm", role: "alertdialog", "data-testid": "fold-confirm" },
    h("p", {}, t("table.fold_confirm")),
    h(
      "div",
      { class: "buttons" },
      button(t("table.fold_confirm_yes"), "fold-confirm-yes", () => send({ action: "fold" }), {
        kind: "danger",
      }),
      cancel,
    ),
  );
  box.addEventListener("keydown", (event) => {
    if (event.key === "Escape") box.remove();
  });
  root.prepend(box);
  cancel.focus();
}

/** The amount being typed, and the decision it was typed for. */
const typed = { decision: null, value: null };

function amountControls(me, view, send) {
  const { min_raise_to: lo, max_raise_to: hi, is_bet: isBet } = view.legal;
  // Betting before looking, in the rounds where that makes him "in unseen" (NM-D-2E).
  const unseen = view.variant.unseen_bet;
  const verb = t(
    isBet
      ? unseen
        ? "table.bet_unseen"
        : "table.bet"
      : unseen
        ? "table.raise_unseen_to"
        : "table.raise_to",
  );
  const allIn = me.stack + me.bet;
  // the amount he typed for this decision survives the panel being drawn
  // again (after a refusal, say), so he corrects it rather than retypes it
  const decision = decisionKey(view);
  const start = typed.decision === decision ? typed.value : lo;
  const bounds = { min: lo, max: hi, step: 1, value: start };
  const number = h("input", {
    type: "number",
    id: "amount",
    inputmode: "numeric",
    "data-testid": "amount",
    ...bounds,
  });
  const slider = h("input", {
    type: "range",
    "aria-label": t("table.amount_aria", { verb }),
    "data-testid": "amount-slider",
    ...bounds,
  });
  const go = button(
    verb,
    "bet-raise",
    () => {
      const amount = Number(number.value);
      if (Number.isInteger(amount)) send({ action: isBet ? "bet" : "raise", amount });
    },
    { kind: "primary", action: isBet ? "bet" : "raise" },
  );
  const label = () => {
    const amount = Number(number.value);
    typed.decision = decision;
    typed.value = number.value;
    const text = `${verb} ${chips(amount)}`;
    go.querySelector(".label").textContent =
      amount === allIn ? t("table.all_in_suffix", { text }) : text;
    // an amount out of the server's bounds is sent as typed and refused with
    // its clause (never quietly changed); only a non-number cannot be sent
    const whole = Number.isInteger(amount) && amount > 0;
    go.disabled = !whole;
    number.setAttribute("aria-invalid", String(!(whole && amount >= lo && amount <= hi)));
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
  const sizeName = (name) =>
    ["min", "half", "pot", "max"].includes(name) ? t(`table.size.${name}`) : name;
  const quick = view.bet_sizes.map((size) => [sizeName(size.name), size.name, size.amount]);
  const limit = [
    t("table.limit.range", { limit: limitName(view.bet_limit), lo, hi }),
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

/** The betting structure named from its kind and numbers (NM-H-5, NM-D-3A). */
function limitName(limit) {
  if (limit.kind === "half-pot") return t("table.limit.half_pot", { floor: limit.floor });
  if (limit.kind === "no-limit") return t("table.limit.no_limit");
  return limit.text;
}
