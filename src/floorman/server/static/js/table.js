// The table page.  /t/{id}/play: the player's own seat (his token from the
// lobby), following him from table to table; /t/{id}/table/{n}: a
// spectator, who sees no hole cards until they are shown.

import { decisionKey, renderHero } from "./actions.js";
import { api, keepSeat, newKey, openSocket, seatOf } from "./api.js";
import { installChat } from "./chat.js";
import { installDealBox } from "./deal_seat.js";
import { makeHandsList } from "./table_hands.js";
import { $, chips, clockText, fill, h, ordinal, say, throttled, tournamentIdFromPath } from "./dom.js";
import { errorElement } from "./errors.js";
import { renderFelt } from "./felt.js";
import { floating } from "./floating.js";
import { logLines } from "./handlog.js";
import { has, languageSwitch, t } from "./i18n.js";
import { startText } from "./money.js";
import { installSeatTools } from "./seat_tools.js";
import { amountFormatter, installSettings } from "./settings.js";
import { beep, installHotkeys, PRE_ACTIONS, preAction, soundToggle } from "./turn.js";

const tournament = tournamentIdFromPath();
const watched = location.pathname.match(/\/table\/(\d+)/);
let seat = watched ? null : seatOf(tournament);
const dealBox = installDealBox({ tournament, seat: () => seat });
const state = {
  frame: null,
  frameAt: 0, // when the frame came (the level clock counts down from it)
  table: watched ? Number(watched[1]) : null,
  selected: new Set(), // cards chosen for the draw
  drawHand: null, // the hand the selection belongs to
  heroKey: null,
  out: null, // {status: "out" | "disqualified", place} once /me says he is out
  names: {},
  log: { hand: null, lines: [] }, // this hand's log lines
  previous: { hand: null, lines: [] }, // the hand before (its view is gone)
  logShown: "",
  result: null, // the award lines of the last hand that has them
  myTurn: false,
  online: false, // the socket is open (the overlay says when it is not)
  wasOnline: false, // it has been: a drop shows the overlay
  fresh: true, // a frame came since the socket (re)opened
  staleError: false, // "not connected" shown: cleared by the next frame
  pre: { choice: null, hand: null }, // the choice made before the turn
};
let socket = null;
const hands = makeHandsList(tournament);

$("#tournament-link").href = `/t/${tournament}`;
$("#clock-link").href = `/t/${tournament}/clock`;
languageSwitch();
soundToggle($("#sound-toggle"));
installHotkeys($("#actions"));
installSettings(() => render());
const tools = installSeatTools({ send, nameOf: nameOfSeat, tournament });
// what this page sent last: the socket's rate refusal does not say which
// message it refused, and one after a chat line belongs under the chat box
let lastSent = null;
const chat = installChat({
  send: (message) => {
    lastSent = "chat";
    return Boolean(socket && socket.send(message));
  },
  me: () => (seat ? seat.player : null),
  chatWasLast: () => lastSent === "chat",
});

function nameOfSeat(seatNumber) {
  const frame = state.frame;
  const player = frame && frame.hand && frame.hand.players.find((p) => p.seat === seatNumber);
  if (player && state.names[player.player]) return state.names[player.player];
  const entry = frame && frame.seats.find((s) => s.seat === seatNumber);
  return entry ? entry.name : t("table.seat_n", { seat: seatNumber });
}

let unlock = null;
/** The action sent last and not answered yet (no frame came on the socket
 * after it): the connection dropped, it goes again on the new one with the
 * same id, and the server takes it once (issue 27).  Not after
 * UNANSWERED_MS: the table has moved on by then. */
let unanswered = null;
const UNANSWERED_MS = 20000;

/** Send one action and lock the controls until the server answers (the
 * next table frame or an error): a double click is one action, and the
 * message's id (128 random bits) makes the server take a repeat only once
 * (issue 20). */
function send(action) {
  say("error", "");
  lastSent = "action";
  const message = { ...action, id: newKey() };
  unanswered = { message, at: Date.now() };
  if (!socket || !socket.send(message)) {
    say("error", t("table.not_sent"), "error");
    state.staleError = true; // cleared once frames flow again
    return;
  }
  for (const control of $("#actions").querySelectorAll("button, input, select")) {
    control.disabled = true;
  }
  state.heroKey = null; // the answer's frame draws the controls anew
  clearTimeout(unlock);
  unlock = setTimeout(() => state.frame && state.frame.hand && renderHeroNow(), 5000);
}

// a refusal goes after a while or at the next action, and never lies over
// Fold or Call: where it would, it takes its row beside the table (floating.js)
floating($("#error"), { flowArea: "error" });
$("#error").addEventListener("click", (event) => {
  if (!event.target.closest("details, a, button")) say("error", "");
});

function showError(frame) {
  const box = $("#error");
  box.replaceChildren(errorElement(frame));
  box.hidden = false;
}

/** "t1-h12" -> "Table 1, hand 12". */
function onTable(frame) {
  const reconnected = !state.fresh;
  if (reconnected) {
    // the first frame after a reconnect: the table is live again
    state.fresh = true;
    if (state.staleError) {
      say("error", "");
      state.staleError = false;
    }
    chat.reconnected();
  }
  if (state.table !== null && frame.table !== state.table && !watched) {
    say("notice", t("table.moved", { table: frame.table }), "ok");
  }
  state.frame = frame;
  state.frameAt = Date.now();
  state.table = frame.table;
  for (const s of frame.seats) state.names[s.player] = s.name;
  // the hands played before this page saw the table (a reload, a spectator
  // coming late, a move to another table, hands missed while offline)
  if (frame.table !== hands.table() || reconnected) hands.load(frame.table);
  const result = frame.last_result;
  if (result && result.hand_id) hands.add(result.hand_id);
  render();
  if (reconnected) enableControls();
}

function onSummary(summary) {
  dealBox.render(summary); // a deal proposed: his share and his answer (OQ-73)
  const stakes =
    summary.blinds && summary.blinds[1]
      ? t("table.subtitle_blinds", { blinds: summary.blinds.join("/") })
      : t("table.subtitle_ante", { ante: summary.ante });
  const status = `table.status.${summary.status}`;
  showWaiting(summary);
  if (summary.status === "registering") {
    // no level and no stakes yet: "level 0 (ante 0)" would say nothing
    fill("subtitle", [summary.name, summary.profile, t(status)].join(" · "));
    return;
  }
  fill(
    "subtitle",
    t("table.subtitle", {
      name: summary.name,
      profile: summary.profile,
      level: summary.level,
      stakes,
      left: summary.players_left,
    }),
    summary.status !== "running" ? ` · ${has(status) ? t(status) : summary.status}` : "",
  );
  if (seat) checkMySeatSoon();
}

/** Before the seat draw there is no table to show: the page says it waits
 * for the start, and when it is (the summary's starts_at). */
function showWaiting(summary) {
  if (state.frame) return; // the first table frame drew the felt over it
  if (summary.status !== "registering") return;
  const start = startText(summary.starts_at);
  fill(
    "table",
    h(
      "div",
      { class: "waiting-start", "data-testid": "waiting-start" },
      h("p", { class: "waiting-title" }, t("table.waiting_start")),
      start
        ? h(
            "p",
            { class: "muted", "data-testid": "waiting-start-time" },
            t("table.starts_at", { time: start.time }),
          )
        : null,
    ),
  );
}

/** The viewer out of the tournament (the server's you.status and
 * you.place; /me's when the table's last frame predates it), else null:
 * {status: "out", place} busted, {status: "disqualified", place: null}
 * disqualified (NM-D-1C/1D/1E, DE-PENALTY-3: no finishing place). */
function outOf(frame) {
  const you = frame && frame.you;
  if (you && you.status === "disqualified") return { status: you.status, place: null };
  if (you && you.status === "out" && you.place)
    return { status: you.status, place: you.place, prize: you.prize || 0 };
  return state.out;
}

/** Where he finished, or that he was disqualified: ``key`` "table.out"
 * (the page) or "table.info.out" (the info bar).  In the money, the page
 * says his prize too (the server's you.prize). */
function outText(out, key) {
  if (out.status !== "disqualified") {
    if (key === "table.out" && out.prize > 0)
      return t("seats.out_place_prize", { place: ordinal(out.place), amount: chips(out.prize) });
    return t(key, { place: ordinal(out.place) });
  }
  return t(key === "table.out" ? "table.disqualified" : "table.info.disqualified");
}

/** His prize and the way to the results (a player in the money). */
function prizeParts(prize) {
  if (!(prize > 0)) return [];
  const href = `/t/${tournament}/results`;
  return [" ", h("a", { href, "data-testid": "results-link" }, t("seats.results_link"))];
}

/** After eliminations and at the end: where the player stands. */
async function checkMySeat() {
  try {
    const me = await api(`/tournaments/${tournament}/me`, { token: seat.token });
    const gone = me.status === "disqualified" || (me.status === "out" && me.place);
    if (gone) {
      const out = {
        status: me.status,
        place: me.status === "out" ? me.place : null,
        prize: me.prize || 0,
      };
      const you = state.frame && state.frame.you;
      const newer = you && JSON.stringify(you.rulings) !== JSON.stringify(me.rulings);
      // his table sends him no more frames: its last one lacks a
      // disqualification (and its clause) that /me has
      if (newer) state.frame.you = { ...you, rulings: me.rulings };
      const changed = ["status", "place", "prize"].some((k) => !state.out || state.out[k] !== out[k]);
      if (newer || changed) {
        state.out = out;
        render();
      }
      say("notice", outText(out, "table.out"), "info");
      $("#notice").append(...prizeParts(out.prize));
      if (me.may_re_enter) $("#notice").append(" ", reEnterButton());
    } else if (me.status === "won") {
      const won = me.prize > 0 ? t("seats.won_prize", { amount: chips(me.prize) }) : t("table.won");
      say("notice", won, "ok");
      $("#notice").append(...prizeParts(me.prize));
    }
  } catch (error) {
    say("error", error.message, "error");
  }
}

/** A busted player's new entry, where the profile allows it and late
 * registration is open (OQ-41, OQ-68): a new stack, seated by the floor. */
function reEnterButton() {
  return h(
    "button",
    {
      class: "btn primary",
      type: "button",
      "data-testid": "re-enter",
      onclick: async (event) => {
        event.target.disabled = true;
        try {
          const path = `/tournaments/${tournament}/players/${encodeURIComponent(seat.player)}/re-enter`;
          await api(path, { method: "POST", token: seat.token });
          location.reload(); // his new seat, wherever the floor put him
        } catch (error) {
          event.target.disabled = false;
          say("error", error.message, "error");
        }
      },
    },
    t("table.re_enter"),
  );
}

// Summaries come after every hand of the tournament: ask at most every 2 s.
const checkMySeatSoon = throttled(checkMySeat, 2000);

function render() {
  const frame = state.frame;
  if (!frame) return;
  renderLog(frame.hand);
  renderInfo();
  yourTurn(frame);
  fill("title", t("table.heading_n", { table: frame.table }));
  document.title = t(state.myTurn ? "table.doc_title_turn" : "table.doc_title_n", {
    table: frame.table,
  });
  const hero = $("#hero");
  hero.hidden = !seat;
  if (seat) renderSeatPanel(frame);
  // last: whether the seats fit round the oval depends on the room the
  // player's panel leaves the felt
  drawFelt();
}

function renderSeatPanel(frame) {
  tools.render(frame, Boolean(outOf(frame)));
  const view = frame.hand;
  const drawHand = view && view.variant.can_draw ? view.hand_id : null;
  if (drawHand !== state.drawHand) {
    state.selected.clear();
    state.drawHand = drawHand;
  }
  const away = frame.you && frame.you.away ? "away" : "";
  const out = outOf(frame);
  const gone = out ? `${out.status}:${out.place}:${out.prize || 0}` : "";
  const key = `${decisionKey(view)}|${frame.paused ? "paused" : ""}|${away}|${gone}`;
  if (key !== state.heroKey) {
    state.heroKey = key;
    renderHeroNow();
  }
}

function drawFelt() {
  const frame = state.frame;
  if (!frame) return;
  const mySeat = seat ? frame.seats.find((s) => s.player === seat.player) : null;
  renderFelt($("#table"), {
    seats: frame.seats,
    hand: frame.hand,
    timer: frame.timer,
    level: frame.level,
    paused: frame.paused,
    hero: mySeat ? mySeat.seat : null,
    names: state.names,
    result: state.result,
    amount: amountFormatter(frame.level && frame.level.bet_unit),
    compact: document.body.classList.contains("large-text"),
  });
  tick(); // the acting seat's clock, drawn anew
}

function renderHeroNow() {
  renderHero($("#hero-cards"), $("#actions"), {
    view: state.frame.hand,
    selected: state.selected,
    send,
    nameOf: nameOfSeat,
    rerender: renderHeroNow,
    away: Boolean(state.frame.you && state.frame.you.away),
  });
  const out = outOf(state.frame);
  if (out) {
    // out of the tournament: no "not in this hand", but where he finished
    // (or that he was disqualified), and no cards to show from a past hand
    $("#hero-cards").replaceChildren();
    $("#actions").replaceChildren(
      h("p", { "data-testid": "out-of-tournament" }, outText(out, "table.out"), prizeParts(out.prize)),
    );
    return;
  }
  if (!state.online) disableControls();
  if (state.frame.paused) {
    // The director's pause: nobody acts, every clock stands still (NM-D-1G, OQ-03).
    for (const control of $("#actions").querySelectorAll("button, input, select")) {
      control.disabled = true;
    }
    $("#actions").prepend(
      h("p", { class: "muted", "data-testid": "actions-paused" }, t("table.paused_actions")),
    );
  }
}

// ------------------------------------------------------------------ the turn

function mine(view) {
  return view && view.you !== null && view.you !== undefined
    ? view.players.find((p) => p.seat === view.you)
    : null;
}

/** The title, the live region and the beep when his turn starts; the
 * pre-action choices while it is someone else's turn. */
function yourTurn(frame) {
  const view = frame.hand;
  const me = seat ? mine(view) : null;
  const live = Boolean(me && view.phase !== "complete" && !me.folded);
  const turn = live && view.actor === view.you && view.actions.length > 0 && !frame.paused;
  if (view && view.hand_id !== state.pre.hand) state.pre = { choice: null, hand: view.hand_id };
  if (turn && state.pre.choice) {
    const action = preAction(state.pre.choice, view);
    if (action !== undefined) {
      state.pre.choice = null;
      if (action) {
        send(action);
        showPreActions(false);
        state.myTurn = false;
        return;
      }
    }
  }
  const begun = turn && !state.myTurn;
  if (begun) {
    $("#turn-live").textContent = t("table.your_turn");
    beep();
  } else if (!turn && state.myTurn) {
    $("#turn-live").textContent = "";
  }
  state.myTurn = turn;
  if (begun) panelInSight();
  // Offered while he is in the hand with chips to bet and it is not his
  // turn; not while he is away (his turn is taken for him, OQ-45).
  const away = Boolean(frame.you && frame.you.away);
  showPreActions(live && !turn && !me.all_in && !away);
}

function showPreActions(show) {
  const box = $("#pre-actions");
  box.hidden = !show;
  for (const input of box.querySelectorAll("input")) {
    input.checked = input.value === state.pre.choice;
  }
}

$("#pre-actions").addEventListener("change", (event) => {
  const input = event.target;
  if (!PRE_ACTIONS.includes(input.value)) return;
  // One choice at a time, as at an online table.
  state.pre.choice = input.checked ? input.value : null;
  showPreActions(!$("#pre-actions").hidden);
});

// ------------------------------------------------------------------ the hand log

/** This hand's log and the one before it; the frame holds only this hand. */
function renderLog(view) {
  if (view && view.hand_id !== state.log.hand) {
    if (state.log.hand && state.log.lines.length) state.previous = state.log;
    state.log = { hand: view.hand_id, lines: [] };
    state.result = null;
  }
  if (view && view.log) {
    state.log.lines = logLines(view, nameOfSeat);
    // Who won what, shown on the felt once the hand is over.
    const awards = state.log.lines.filter((line) => line.kind === "award");
    if (awards.length) state.result = awards.map((line) => line.text);
  }
  const shown = JSON.stringify([state.previous.hand, state.log.hand, state.log.lines.length]);
  if (shown === state.logShown) return;
  state.logShown = shown;
  const item = (line) =>
    h("li", { class: `log-line log-${line.kind}`, "data-kind": line.kind }, line.text);
  const heading = (key) => h("li", { class: "log-heading" }, t(key));
  const list = $("#hand-log");
  const previous = state.previous.lines;
  const current = state.log.lines;
  const children = [
    ...(previous.length ? [heading("table.log.previous"), ...previous.map(item)] : []),
    ...(current.length
      ? [previous.length ? heading("table.log.current") : null, ...current.map(item)]
      : previous.length
        ? []
        : [h("li", { class: "log-heading muted" }, t("table.log.empty"))]),
  ];
  list.replaceChildren(...children.filter(Boolean)); // a null child would show as "null"
  // The newest line in view: the list or its panel is what scrolls.
  list.scrollTop = list.scrollHeight;
  $("#log-panel").scrollTop = $("#log-panel").scrollHeight;
}

// ------------------------------------------------------------------ the info bar

function levelClock(seconds) {
  if (seconds === null || seconds === undefined) return null;
  const frame = state.frame;
  // paused, or over for good: the server's word (level.running)
  const stopped =
    frame.paused || (frame.level && (frame.level.paused || frame.level.running === false));
  return stopped ? seconds : seconds - (Date.now() - state.frameAt) / 1000;
}

/** Level, stakes, time left, the next break, average stack and place. */
function renderInfo() {
  const frame = state.frame;
  const level = frame.level;
  const stats = frame.stats;
  const bar = $("#table-info");
  if (!level && !stats) {
    bar.hidden = true;
    return;
  }
  const parts = [];
  const part = (testid, text) =>
    text && parts.push(h("span", { class: "info", "data-testid": testid }, text));
  if (level) {
    const blinds = level.blinds && level.blinds[1] ? level.blinds : null;
    part(
      "info-level",
      level.is_break ? t("table.info.break_level") : t("table.info.level", { level: level.level }),
    );
    if (!level.is_break) {
      part(
        "info-stakes",
        blinds
          ? t("table.info.blinds", { sb: blinds[0], bb: blinds[1] })
          : t("table.info.ante", { ante: level.ante }),
      );
    }
    const left = levelClock(level.seconds_left);
    if (left !== null) {
      const next =
        level.next_blinds && level.next_blinds[1]
          ? t("table.info.next_blinds", { sb: level.next_blinds[0], bb: level.next_blinds[1] })
          : level.next_ante
            ? t("table.info.next_ante", { ante: level.next_ante })
            : "";
      const time = t("table.info.time_left", { time: clockText(left) });
      part("info-time", [time, next].filter(Boolean).join(" · "));
    }
    if (level.is_break) part("info-break", t("table.info.on_break"));
    else if ("seconds_to_break" in level) {
      const toBreak = levelClock(level.seconds_to_break);
      part(
        "info-break",
        toBreak === null
          ? t("table.info.no_break")
          : t("table.info.next_break", { time: clockText(toBreak) }),
      );
    }
    const room = frame.procedures; // the director's break and hand-for-hand (OQ-03, OQ-71)
    const breakLeft =
      room && room.break_seconds_left !== null && room.break_seconds_left !== undefined
        ? room.break_seconds_left - (Date.now() - state.frameAt) / 1000
        : null;
    if (breakLeft !== null) part("info-room-break", t("procedures.table.break", { time: clockText(breakLeft) }));
    else if (frame.paused || level.paused) part("info-paused", t("table.info.clock_paused"));
    if (room && room.hand_for_hand) {
      const key = room.waiting ? "procedures.table.waiting" : "procedures.table.hand_for_hand";
      part("info-hand-for-hand", t(key, { hand: room.hand_for_hand }));
    }
  }
  if (stats) {
    if (stats.average_stack !== null && stats.average_stack !== undefined) {
      part("info-average", t("table.info.average", { amount: stats.average_stack }));
    }
    // a finishing place is not a place among those left: said as such
    const out = outOf(frame);
    part(
      "info-place",
      out
        ? outText(out, "table.info.out")
        : stats.place
          ? t("table.info.place", { place: stats.place, players: stats.players_left })
          : t("table.info.players", { players: stats.players_left, count: stats.players_left }),
    );
  }
  bar.replaceChildren(...parts);
  bar.hidden = false;
}

/** The action clock of the player to act, from timer.deadline, and his time
 * bank (DE-TIME-1, OQ-63): it runs once the clock is out.  The server moves
 * the deadline by the bank when it starts; until a frame says so (in_bank)
 * the page counts the bank on from the old deadline itself. */
function tick() {
  const now = Date.now() / 1000;
  for (const timer of document.querySelectorAll(".timer[data-deadline]")) {
    const deadline = Number(timer.dataset.deadline);
    const bank = Number(timer.dataset.bank) || 0;
    let left = deadline - now;
    let total = Number(timer.dataset.seconds) || 30;
    let banking = timer.hasAttribute("data-in-bank");
    if (banking) total = bank || total;
    else if (left <= 0 && bank > 0) {
      banking = true;
      left += bank;
      total = bank;
    }
    timer.querySelector(".timer-bar").style.width = `${Math.max(0, Math.min(1, left / total)) * 100}%`;
    timer.querySelector(".timer-text").textContent = clockText(left);
    timer.querySelector(".timer-text").hidden = banking;
    const running = timer.querySelector(".timer-bank");
    running.hidden = !banking;
    if (banking) running.textContent = t("table.timer.bank", { time: clockText(left) });
    const reserve = timer.querySelector(".timer-reserve");
    reserve.hidden = banking || bank <= 0;
    if (!reserve.hidden) reserve.textContent = t("table.timer.bank_left", { seconds: bank });
    timer.toggleAttribute("data-bank-running", banking);
    timer.toggleAttribute("data-low", left < 10);
  }
  // the called clock's countdown in the middle of the felt (DE-TIME-2, OQ-63)
  for (const called of document.querySelectorAll(".clock-called[data-deadline]")) {
    called.querySelector(".clock-called-left").textContent = clockText(
      Number(called.dataset.deadline) - now,
    );
  }
  if (seat && state.frame) tools.tick();
}

/** Every control of the player's own: off while the table is not live
 * (marked, so that the first fresh frame turns on just those again). */
function disableControls() {
  const hero = $("#hero").querySelectorAll("button, input, select");
  const own = [...hero, $("#sit-out"), $("#sit-out-next")];
  for (const control of own) {
    if (control.disabled) continue;
    control.disabled = true;
    control.dataset.offline = "";
  }
}

/** The table is live again: the controls the drop turned off come back as
 * they were (the same elements); a paused table draws them anew. */
function enableControls() {
  const marked = document.querySelectorAll("[data-offline]");
  for (const control of marked) {
    delete control.dataset.offline;
    control.disabled = false;
  }
  if (marked.length && seat && state.frame && state.frame.hand && state.frame.paused) {
    state.heroKey = null;
    render();
  }
}

/** The overlay over the table while its socket is down (issue 20): it
 * says so, and nothing can be sent; it lies over the page, so nothing
 * under it moves. */
function connectionLost(lost, restarting = false) {
  $("#conn-lost").hidden = !lost;
  // the server restarting (close code 1012) is said as such: nothing is lost
  $("#conn-lost-title").textContent = t(
    restarting ? "backup.restarting.title" : "table.conn_lost.title",
  );
  $("#conn-lost-text").textContent = t(
    restarting ? "backup.restarting.text" : "table.conn_lost.text",
  );
  if (lost) disableControls();
}

function onStatus(status, detail) {
  state.online = status === "online";
  if (state.online && unanswered) {
    // back after a drop: the last action may never have reached the server
    const { message, at } = unanswered;
    unanswered = null;
    if (Date.now() - at < UNANSWERED_MS && socket) socket.send(message);
  }
  if (state.online) {
    state.wasOnline = true;
    state.fresh = false; // the next table frame redraws the controls
    connectionLost(false);
  } else if (
    state.wasOnline &&
    ["connecting", "reconnecting", "restarting", "offline"].includes(status)
  ) {
    connectionLost(true, status === "restarting");
  } else if (["refused", "taken", "reissued"].includes(status)) {
    connectionLost(false);
  }
  const el = $("#conn");
  el.dataset.state = status;
  const key = status === "reissued" ? "seats.conn.reissued" : `table.conn.${status}`;
  el.textContent =
    status === "restarting"
      ? t("backup.conn.restarting")
      : status === "reconnecting"
        ? detail
          ? t(key, { seconds: detail })
          : t("table.conn.reconnecting_now")
        : status === "refused"
          ? t(key, { reason: detail })
          : has(key)
            ? t(key)
            : status;
  if (status === "refused") say("error", t("table.refused", { reason: detail }), "error");
  if (status === "taken" || status === "reissued") {
    say("notice", t(status === "taken" ? "table.taken" : "seats.reissued_notice"), "info");
    $("#actions").replaceChildren();
  }
}

/** Text at ~200 % (the browser's text size, or the root's font size), or a
 * window too low for the felt and the panel side by side in one screen (a
 * page zoomed to 200 %, a phone held sideways): the page takes its
 * one-column layout, the seats in rows round the middle of the felt and
 * the player's panel in full below it (table.css, body.large-text).
 * Media queries cannot see the text size. */
function watchTextSize() {
  const root = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const large = root >= 24 || innerHeight < 32 * root;
  if (large === document.body.classList.contains("large-text")) return;
  document.body.classList.toggle("large-text", large);
  drawFelt();
  panelInSight();
}

/** Large text or a low window puts the player's panel below the felt, maybe
 * out of sight: on his turn (or when the layout changes during it) the
 * page brings it in, once it is drawn. */
function panelInSight() {
  if (!state.myTurn || !document.body.classList.contains("large-text")) return;
  requestAnimationFrame(() => $("#hero").scrollIntoView({ block: "nearest" }));
}
watchTextSize();

// whether the seats fit round the oval is measured as they are drawn: a
// new window size draws them again
let resizing = false;
addEventListener("resize", () => {
  if (resizing) return;
  resizing = true;
  requestAnimationFrame(() => {
    resizing = false;
    watchTextSize();
    drawFelt();
  });
});

/**
 * /t/{id}/play#seat=<token>: a seat link from another device takes the seat
 * here.  The token rides in the fragment, which the browser never sends, so
 * no server or proxy log keeps it (an old ?seat= link still works).
 */
async function takeSeatFromLink() {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("seat");
  const token = fromHash || new URLSearchParams(location.search).get("seat");
  if (watched || !token) return;
  try {
    const me = await api(`/tournaments/${tournament}/me`, { token });
    seat = { player: me.player, token };
    keepSeat(tournament, seat);
  } catch (error) {
    say("error", t("table.bad_link", { error: error.message }), "error");
  }
  const url = new URL(location.href);
  url.searchParams.delete("seat"); // the token stays out of the address bar
  history.replaceState(null, "", url.pathname + url.search);
}

/** The link that opens this seat on another device. */
function showSeatLink() {
  if (!seat) return;
  const link = `${location.origin}/t/${tournament}/play#seat=${encodeURIComponent(seat.token)}`;
  $("#seat-link").replaceChildren(
    t("table.seat_link.before"),
    h("a", { href: link, "data-testid": "seat-link-url" }, t("table.seat_link.link")),
    t("table.seat_link.after"),
  );
  $("#seat-link").hidden = false;
}

/** A page with nothing live to show - the tournament over, or a watched
 * table closed - says so, with where to look instead, and opens no socket:
 * "offline" would look like a fault.  True when it did. */
async function showEnded() {
  let summary;
  try {
    summary = await api(`/tournaments/${encodeURIComponent(tournament)}`);
  } catch {
    return false; // the socket says what went wrong
  }
  const over = summary.status === "finished";
  const closed =
    watched && summary.status === "running" && !summary.tables.some((table) => table.table === state.table);
  if (!over && !closed) return false;
  onSummary(summary);
  const [text, link, href] = over
    ? ["table.ended.over", "table.ended.results", `/t/${tournament}/results`]
    : ["table.ended.closed", "table.ended.tournament", `/t/${tournament}`];
  $("#notice").replaceChildren(t(text), " ", h("a", { href, "data-testid": "ended-link" }, t(link)));
  $("#notice").dataset.kind = "info";
  $("#notice").hidden = false;
  const conn = $("#conn");
  conn.dataset.state = over ? "over" : "closed";
  conn.textContent = t(over ? "table.conn.over" : "table.conn.closed");
  return true;
}

async function start() {
  if (!tournament) return;
  await takeSeatFromLink();
  if (watched) hands.load(state.table);
  if ((watched || !seat) && (await showEnded())) return;
  if (!watched && !seat) {
    $("#notice").replaceChildren(
      t("table.no_seat.before"),
      h("a", { href: "/" }, t("table.no_seat.lobby")),
      t("table.no_seat.middle"),
      h("a", { href: `/t/${tournament}` }, t("table.no_seat.tournament")),
      t("table.no_seat.after"),
    );
    $("#notice").hidden = false;
    onStatus("offline");
    return;
  }
  if (watched) say("notice", t("table.spectator", { table: state.table }));
  showSeatLink();
  socket = openSocket(tournament, watched ? { table: state.table } : { token: seat.token }, {
    onMessage(frame) {
      if (frame.type === "table" || frame.type === "error") {
        unanswered = null; // it came through
        // answered: no unlocking later.  Left to run, it drew the panel
        // anew 5 s after the action, in his next turn, and took away an
        // open "fold although you can check?" and the amount he was typing.
        clearTimeout(unlock);
      }
      if (frame.type === "table" && (!watched || frame.table === state.table)) onTable(frame);
      else if (frame.type === "tournament") onSummary(frame);
      else if (frame.type === "error") {
        if (!chat.onError(frame)) {
          showError(frame);
          if (seat && state.frame && state.frame.hand) renderHeroNow(); // try again
        }
      } else if (frame.type === "chat" && (!watched || frame.table === state.table)) {
        chat.onLine(frame);
      } else if (frame.type === "chat_history" && (!watched || frame.table === state.table)) {
        chat.onHistory(frame);
      }
    },
    onStatus,
  });
  setInterval(() => {
    watchTextSize();
    tick();
    if (state.frame) renderInfo();
  }, 250);
}

start();
