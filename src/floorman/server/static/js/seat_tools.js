// The player's own controls beside the play: sitting out now or from the
// next hand, and coming back (his hands are dealt dead while he is away,
// his blinds posted: DE-SEATED-1/2, OQ-45) with a banner that says why he
// is away or that he sits out from the next hand, and calling the clock on
// the player to act (DE-TIME-2, OQ-63).  Whether he may is the server's
// (frame.you.away, you.sit_out_next, you.can_call_clock, timer.call_until):
// this module shows it and sends
// {action: "sit_out" | "sit_out_next" | "back" | "call_clock"}.

import { $, fill, h } from "./dom.js";
import { clauseElement } from "./errors.js";
import { floating } from "./floating.js";
import { t } from "./i18n.js";

const REASONS = new Set(["player", "timeouts", "director"]);

/** Why he is away, in words: he sat out, his clock ran out twice, the director. */
export function awayText(reason) {
  return t(REASONS.has(reason) ? `table.away.${reason}` : "table.away.other");
}

/**
 * send(action) puts an action on the socket; nameOf(seat) names a seat.
 * Returns {render(frame), tick()}: render after every table frame, tick
 * four times a second (the call-clock button goes once a call would give
 * the player to act no less time than he has: timer.call_until).
 */
export function installSeatTools({ send, nameOf, tournament }) {
  const banner = $("#away");
  const sitOut = $("#sit-out");
  const sitOutNext = $("#sit-out-next");
  const pending = $("#sit-out-pending");
  const clockRow = $("#clock-call");
  const callClock = $("#call-clock");
  let frame = null;

  $("#back").addEventListener("click", () => send({ action: "back" }));
  sitOut.addEventListener("click", () =>
    holdsLiveCards(frame) ? askSitOut(send) : send({ action: "sit_out" }),
  );
  sitOutNext.addEventListener("click", () => {
    closeSitOut();
    send({ action: "sit_out_next" });
  });
  // "back" takes an open request back as well as ending an absence
  $("#sit-out-next-cancel").addEventListener("click", () => send({ action: "back" }));
  callClock.addEventListener("click", () => {
    clockRow.hidden = true; // one call: the next frame says whether it was taken
    send({ action: "call_clock" });
  });

  function tick() {
    const you = frame && frame.you;
    const timer = frame && frame.timer;
    const until = timer ? timer.call_until : null;
    const open =
      Boolean(you && you.can_call_clock && timer && timer.seat !== null && timer.seat !== undefined) &&
      !frame.paused &&
      (until === null || until === undefined || Date.now() / 1000 < until);
    if (open) {
      const label = t("table.call_clock", { name: nameOf(timer.seat) });
      if (callClock.textContent !== label) callClock.textContent = label;
    }
    clockRow.hidden = !open;
  }

  const notices = installFloorNotices(tournament);

  return {
    render(current, gone = false) {
      frame = current;
      notices.render(frame.you);
      const you = frame.you;
      const away = Boolean(you && you.away);
      banner.hidden = !away;
      // an ante game (the draw) posts antes, not blinds, for an absent player
      const antes = Boolean(frame.level) && !(frame.level.blinds && frame.level.blinds[1]);
      const dead = t(antes ? "deals.away_dead_ante" : "table.away.dead");
      if (away) $("#away-text").textContent = `${awayText(you.away_reason)} ${dead}`;
      sitOut.title = t(antes ? "deals.sit_out_title_ante" : "table.sit_out_title");
      sitOutNext.title = t(antes ? "deals.sit_out_next_title_ante" : "table.sit_out_next_title");
      // a player seated here who is not away may sit out (you.seat is his
      // seat in the hand: none between hands)
      // (his seat in a frame older than his leaving the tournament does not count)
      const seated = !gone && Boolean(you && frame.seats.some((s) => s.player === you.player));
      sitOut.hidden = !seated || away;
      const asked = Boolean(you && you.sit_out_next) && !away;
      pending.hidden = !asked;
      // the request is for a player in the hand now; between hands "sit
      // out" does the same at once
      const inHand = Boolean(you && you.seat !== null && you.seat !== undefined);
      sitOutNext.hidden = !seated || away || asked || !inHand;
      if (sitOut.hidden || !holdsLiveCards(frame)) closeSitOut(); // nothing left to ask
      tick();
    },
    tick,
  };
}

// ------------------------------------------------------------------ sitting out with cards

/** He holds cards in a hand still played (the frame's own words: his seat
 * in the hand, not folded, the hand not over). */
function holdsLiveCards(frame) {
  const you = frame && frame.you;
  const hand = frame && frame.hand;
  if (!you || you.seat === null || you.seat === undefined || !hand || hand.phase === "complete")
    return false;
  const mine = (hand.players || []).find((p) => p.seat === you.seat);
  return Boolean(mine && !mine.folded && !mine.dead);
}

function closeSitOut() {
  $("#sit-out-confirm").replaceChildren();
}

/** "Sit out" with cards in a live hand asks first, in the page: at his
 * turn he would check or fold while away (DE-ABSENT-3/4, OQ-45); what most
 * clients do - sit out once this hand is over - is the first choice. */
function askSitOut(send) {
  const host = $("#sit-out-confirm");
  const choice = (label, testid, kind, action) =>
    h(
      "button",
      {
        type: "button",
        class: `btn small ${kind}`,
        "data-testid": testid,
        onclick: () => {
          closeSitOut();
          if (action) send({ action });
        },
      },
      label,
    );
  const later = choice(t("seats.sit_out.later"), "sit-out-confirm-later", "go", "sit_out_next");
  const box = h(
    "div",
    { class: "sit-out-confirm", role: "alertdialog", "data-testid": "sit-out-confirm" },
    h("p", { "data-testid": "sit-out-confirm-text" }, t("seats.sit_out.ask")),
    h(
      "div",
      { class: "buttons" },
      later,
      choice(t("seats.sit_out.now"), "sit-out-confirm-now", "danger", "sit_out"),
      choice(t("common.confirm.no"), "sit-out-confirm-no", "", null),
    ),
  );
  box.addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeSitOut();
  });
  host.replaceChildren(box);
  later.focus(); // Enter on a reflex keeps his hand
}

// ------------------------------------------------------------------ the director's rulings

const FLOOR_KINDS = new Set(["warning", "time_penalty", "disqualified"]);

/** A ruling to him in words, with its clause. */
function rulingText(ruling) {
  if (ruling.kind === "time_penalty") {
    return t("table.floor.time_penalty", {
      clause: ruling.clause,
      hands: ruling.hands,
      count: ruling.hands,
    });
  }
  return t(`table.floor.${ruling.kind}`, { clause: ruling.clause });
}

/**
 * The director's warnings, time penalties and disqualification of this player (frame.you.rulings,
 * only ever in his own frame), shown until he dismisses them, or for now
 * until his next action or a few seconds pass (floating.js): which he has
 * dismissed is kept in this browser (localStorage), by the ruling's id.
 */
function installFloorNotices(tournament) {
  const box = $("#floor-notice");
  // it goes at his next action (Fold, Call …) or after a while, and never
  // covers a control; not dismissed, it comes back when the page is opened
  // again (floating.js)
  floating(box, { seconds: 10, flowArea: "notice" });
  let shown = "";
  const keyOf = (player) => `floorman.dismissed.${tournament}.${player}`;
  const dismissed = (player) => {
    try {
      return new Set(JSON.parse(localStorage.getItem(keyOf(player))) || []);
    } catch {
      return new Set();
    }
  };

  function dismiss(player, id) {
    const ids = dismissed(player);
    ids.add(id);
    localStorage.setItem(keyOf(player), JSON.stringify([...ids]));
    shown = "";
    box.hidden = true;
  }

  return {
    render(you) {
      const ids = you ? dismissed(you.player) : new Set();
      const open = ((you && you.rulings) || []).filter(
        (r) => FLOOR_KINDS.has(r.kind) && !ids.has(r.id),
      );
      const ruling = open[open.length - 1]; // the newest first; the rest after it
      const key = ruling ? `${you.player}:${ruling.id}` : "";
      if (key === shown) return;
      shown = key;
      box.hidden = !ruling;
      if (!ruling) return;
      const text = rulingText(ruling);
      // fill() leaves out a missing note (replaceChildren wrote "null")
      fill(
        box,
        h("strong", { class: "floor-notice-title" }, t("table.floor.title")),
        h("p", { "data-testid": "floor-notice-text" }, text),
        ruling.note
          ? h("p", { class: "floor-notice-note", "data-testid": "floor-notice-note" },
              t("table.floor.note", { note: ruling.note }))
          : null,
        ...(ruling.clauses || []).map((clause) => clauseElement(clause)),
        h(
          "button",
          {
            type: "button",
            class: "btn small",
            "data-testid": "floor-notice-dismiss",
            onclick: () => dismiss(you.player, ruling.id),
          },
          t("table.floor.dismiss"),
        ),
      );
    },
  };
}
