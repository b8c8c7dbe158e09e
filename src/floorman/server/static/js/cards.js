// Playing cards as text: rank and suit symbol, red or black; null is a card
// lying face down.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const SUITS = {
  s: { symbol: "♠", name: "spades" },
  h: { symbol: "♥", name: "hearts" },
  d: { symbol: "♦", name: "diamonds" },
  c: { symbol: "♣", name: "clubs" },
};

/** "Kh" -> "king of hearts" in the page's language (for screen readers). */
export function cardName(code) {
  return t("hands.card", { rank: t(`hands.rank.${code[0]}`), suit: t(`hands.suit.${code[1]}`) });
}

/** "Td" -> "10♦" (for text such as hand descriptions). */
export function cardText(code) {
  if (!code) return "??";
  const rank = code[0] === "T" ? "10" : code[0];
  return `${rank}${SUITS[code[1]].symbol}`;
}

/**
 * One card.  options.size: "" | "small" | "large"; options.onclick makes it a
 * toggle button (draw selection); options.selected marks it chosen.
 */
export function cardElement(code, { size = "", onclick, selected = false } = {}) {
  const classes = ["card", size].filter(Boolean);
  if (!code) {
    return h("span", {
      class: [...classes, "back"].join(" "),
      role: "img",
      "aria-label": t("hands.card_back"),
      "data-testid": "card-back",
    });
  }
  const suit = SUITS[code[1]];
  const rank = code[0] === "T" ? "10" : code[0];
  const props = {
    class: [...classes, suit.name, selected ? "selected" : ""].filter(Boolean).join(" "),
    "aria-label": cardName(code),
    "data-card": code,
    "data-testid": "card",
  };
  const face = [h("span", { class: "rank" }, rank), h("span", { class: "suit" }, suit.symbol)];
  if (onclick) {
    return h("button", { ...props, type: "button", "aria-pressed": String(selected), onclick }, face);
  }
  return h("span", { ...props, role: "img" }, face);
}

/** A row of cards; ``count`` face-down cards when the codes are unknown. */
export function cardRow(codes, { count = 0, size = "" } = {}) {
  const list = codes || Array(count).fill(null);
  return h(
    "span",
    { class: "cards" },
    list.map((code) => cardElement(code, { size })),
  );
}
