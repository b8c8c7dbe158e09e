// The running log of a hand at the table, in the page's language, from the
// engine's log lines (view.log: /api/schema/seat-view, LogLine): who posted,
// bet, drew, showed and won what, with the winning hands named ("a pair of
// kings").  The engine decides what the viewer may see (DE-HOLE-1/2,
// NM-D-2E); this module only words it.

import { cardText } from "./cards.js";
import { t } from "./i18n.js";

const CATEGORIES = new Set([
  "high_card",
  "pair",
  "two_pair",
  "three_of_a_kind",
  "straight",
  "flush",
  "full_house",
  "four_of_a_kind",
  "straight_flush",
]);

function rankValues(ranks) {
  const [top, second] = ranks || [];
  return {
    rank: top ? t(`hands.rank.${top}`) : "",
    rank_plural: top ? t(`hands.rank_plural.${top}`) : "",
    second_plural: second ? t(`hands.rank_plural.${second}`) : "",
  };
}

/** {category, ranks} -> "a pair of kings"; ``form`` "with" gives the words
 * after "wins the pot" ("with a pair of kings"; German needs the dative). */
export function handName(hand, form = "name") {
  if (!hand || !CATEGORIES.has(hand.category)) return "";
  const ranks = hand.ranks || [];
  // The best straight flush is called a royal flush (NM-D-4.1).
  const category =
    hand.category === "straight_flush" && ranks[0] === "A" ? "royal_flush" : hand.category;
  return t(`hands.${form}.${category}`, rankValues(ranks));
}

/** ["Ann", "Bo", "Cy"] -> "Ann, Bo and Cy". */
export function joinNames(names) {
  if (names.length <= 1) return names.join("");
  return t("hands.and", { first: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

const cardsText = (cards) => (cards || []).map(cardText).join(" ");

function potName(entry, pots) {
  if (pots <= 1) return t("hands.pot.single");
  return entry.pot ? t("hands.pot.side", { n: entry.pot }) : t("hands.pot.main");
}

function award(entry, nameOf, pots) {
  const winners = entry.winners || [];
  const values = { pot: potName(entry, pots), amount: entry.amount };
  const withHand = entry.hand ? handName(entry.hand, "with") : "";
  if (winners.length === 1) {
    const name = nameOf(winners[0]);
    return withHand
      ? t("hands.log.wins_with", { ...values, name, with: withHand })
      : t("hands.log.wins", { ...values, name });
  }
  const names = joinNames(winners.map(nameOf));
  return withHand
    ? t("hands.log.split_with", { ...values, names, with: withHand })
    : t("hands.log.split", { ...values, names });
}

/** One log line in words. */
function describe(entry, nameOf, pots) {
  const name = entry.seat === null || entry.seat === undefined ? "" : nameOf(entry.seat);
  const amount = entry.amount;
  let text;
  switch (entry.kind) {
    case "ante":
    case "small_blind":
    case "big_blind":
    case "penalty":
    case "call":
      text = t(`hands.log.${entry.kind}`, { name, amount });
      break;
    case "returned":
      text = t("hands.log.returned", { name, amount });
      break;
    case "carried_in":
    case "check_pot_in":
    case "check_pot_out":
    case "carried_out":
      text = t(`hands.log.${entry.kind}`, { amount });
      break;
    case "bet":
    case "raise":
      text = t(`hands.log.${entry.kind}`, { name, amount: entry.to ?? amount });
      break;
    case "fold":
    case "check":
    case "stand_pat":
    case "look":
    case "muck":
      text = t(`hands.log.${entry.kind}`, { name });
      break;
    case "checkdown":
    case "misdeal":
    case "void":
    case "hand_over":
      text = t(`hands.log.${entry.kind}`);
      break;
    case "dead_hand":
      text = t("hands.log.dead_hand", { name });
      break;
    case "shown_to_all":
      text = t("hands.log.shown_to_all", { name, cards: cardsText(entry.cards) });
      break;
    case "dealt":
      // Only the viewer's own cards are in the log; everybody else's deal is
      // one line ("The cards are dealt").
      if (entry.cards && entry.cards.length && entry.cards.every(Boolean)) {
        text = t("hands.log.dealt_you", { name, cards: cardsText(entry.cards) });
      } else {
        text = t("hands.log.dealt_all");
      }
      break;
    case "board": {
      const key = ["flop", "turn", "river"].includes(entry.round) ? entry.round : "other";
      text = t(`hands.log.board.${key}`, { cards: cardsText(entry.cards) });
      break;
    }
    case "draw":
      // The count is there only where the rules make it public (OQ-17).
      text =
        entry.count === null || entry.count === undefined
          ? t("hands.log.draw_hidden", { name })
          : t("hands.log.draw", { name, count: entry.count });
      break;
    case "show": {
      const hand = handName(entry.hand);
      const cards = cardsText(entry.cards);
      text = hand
        ? t("hands.log.show_hand", { name, cards, hand })
        : t("hands.log.show", { name, cards });
      break;
    }
    case "award":
      text = award(entry, nameOf, pots);
      break;
    default:
      text = entry.kind;
  }
  if (entry.all_in) text = t("hands.log.all_in", { line: text });
  // A fold or check nobody chose: the clock, an absence, a dead hand.
  if (entry.reason) text = t("hands.log.reason", { line: text, why: t(`hands.reason.${entry.reason}`) });
  // A floor ruling names its clause (misdeal, void, dead hand).
  if (entry.clause) text = t("hands.log.reason", { line: text, why: entry.clause });
  return text;
}

/**
 * The lines of a hand's log: [{kind, text}], one per shown line, the repeated
 * "cards are dealt" folded into one.  nameOf(seat) gives a seat's name.
 */
export function logLines(view, nameOf) {
  const entries = (view && view.log) || [];
  const pots = entries.filter((e) => e.kind === "award").length;
  const lines = [];
  const seen = new Set();
  for (const entry of entries) {
    const text = describe(entry, nameOf, pots);
    if (!text) continue;
    if (entry.kind === "dealt" && seen.has(text)) continue;
    seen.add(text);
    lines.push({ kind: entry.kind, text });
  }
  return lines;
}
