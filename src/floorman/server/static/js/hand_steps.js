// The words of one step of a finished hand's replay (/hands/{id}): every
// public hand event the server's step list can hold (floorman.engine.events,
// floor rulings included), in the page's language.  Where the live hand log
// words the same thing (blinds, bet or raise, void, a dead hand) its words
// are used, so a hand reads alike at the table and in the replay.

import { cardText } from "./cards.js";
import { t } from "./i18n.js";

const REASONS = new Set(["timeout", "absent", "dead", "disqualified"]);

function reasonText(reason) {
  return REASONS.has(reason) ? t(`hands.reason.${reason}`) : reason;
}

/** "bet" or "raise", as the server's log of this step says it (the engine
 * decides: a wager facing no bet is a bet).  A log without the line falls
 * back to the same test on the step before: was any bet standing? */
function wager(step, before) {
  const lines = (step.view && step.view.log) || [];
  for (let k = lines.length - 1; k >= 0; k -= 1) {
    const line = lines[k];
    if ((line.kind === "bet" || line.kind === "raise") && line.seat === step.event.seat) return line.kind;
  }
  const standing = ((before && before.view.players) || []).some((p) => p.bet > 0);
  return standing ? "raise" : "bet";
}

const withClause = (line, clause) => (clause ? t("hands.log.reason", { line, why: clause }) : line);

/**
 * "Ann raises to 40" for one replay step.  ``before`` is the step before it
 * (or null), ``title`` the hand's name for people ("Hand 2 · table 1"),
 * nameOf(seat) a seat's name.
 */
export function describeStep(step, before, title, nameOf) {
  const event = step.event;
  const name = event.seat !== undefined && event.seat !== null ? nameOf(event.seat) : "";
  const cards = () => (event.cards || []).map(cardText).join(" ");
  switch (event.type) {
    case "HandStarted":
      return t("hands.event.begins", { title });
    case "AntePosted":
      return t("hands.log.ante", { name, amount: event.amount });
    case "BlindPosted":
      return t(event.blind === "small" ? "hands.log.small_blind" : "hands.log.big_blind", {
        name,
        amount: event.amount,
      });
    case "HoleDealt":
      return t("hands.event.dealt", { name, count: event.count });
    case "Burned":
      return t("hands.event.burned");
    case "BoardDealt":
      return t("hands.event.board", { cards: cards() });
    case "Folded":
      return event.reason
        ? t("hands.event.fold_reason", { name, reason: reasonText(event.reason) })
        : t("hands.event.fold", { name });
    case "Checked":
      return event.reason
        ? t("hands.event.check_reason", { name, reason: reasonText(event.reason) })
        : t("hands.event.check", { name });
    case "Called":
      return t("hands.event.call", { name, amount: event.amount });
    case "BetOrRaised":
      return t(`hands.log.${wager(step, before)}`, { name, amount: event.to });
    case "BetsCollected":
      return t("hands.event.collected");
    case "Discarded":
      return event.count
        ? t("hands.event.discard", { name, count: event.count })
        : t("hands.event.stand_pat", { name });
    case "DrawDealt":
      return t("hands.event.draw_dealt", { name, count: event.count });
    case "Looked":
      return t("hands.event.looked", { name });
    case "Shown":
      return t("hands.event.shown", { name, cards: cards() });
    case "Mucked":
      return t("hands.event.mucked", { name });
    case "CheckdownProposed":
      return t("hands.event.checkdown_proposed", { name });
    case "CheckdownVoted":
      return t(event.agree ? "hands.event.checkdown_agree" : "hands.event.checkdown_refuse", { name });
    case "PotAwarded":
      return event.winners
        .map((s, k) => t("hands.event.wins", { name: nameOf(s), amount: event.shares[k] }))
        .join(", ");
    case "HandEnded":
      return t("hands.event.ended");
    case "Misdealt":
      return t("hands.event.misdeal", { reason: reasonText(event.reason), clause: event.clause });
    case "PenaltyPosted":
      return t("hands.event.penalty", { name, amount: event.amount, clause: event.clause });
    case "HandVoided":
      return withClause(t("hands.log.void"), event.clause);
    case "DeclaredDead":
      return withClause(t("hands.log.dead_hand", { name }), event.clause);
    case "CardsShown":
      return t("hands.log.shown_to_all", { name, cards: cards() });
    default:
      // a kind newer than this page: a neutral line, never the raw name
      return t("hands.event.other");
  }
}
