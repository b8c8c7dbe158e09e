// The table page.  /t/{id}/play: the player's own seat (his token from the
// lobby), following him from table to table; /t/{id}/table/{n}: a
// spectator, who sees no hole cards until they are shown.

import { decisionKey, renderHero } from "./actions.js";
import { api, keepSeat, openSocket, seatOf } from "./api.js";
import { $, clockText, fill, h, ordinal, say, throttled, tournamentIdFromPath } from "./dom.js";
import { renderFelt } from "./felt.js";

const tournament = tournamentIdFromPath();
const watched = location.pathname.match(/\/table\/(\d+)/);
let seat = watched ? null : seatOf(tournament);
const state = {
  frame: null,
  table: watched ? Number(watched[1]) : null,
  selected: new Set(), // cards chosen for the draw
  drawHand: null, // the hand the selection belongs to
  heroKey: null,
  hands: [],
  names: {},
};
let socket = null;

$("#tournament-link").href = `/t/${tournament}`;
$("#clock-link").href = `/t/${tournament}/clock`;

function nameOfSeat(seatNumber) {
  const entry = state.frame && state.frame.seats.find((s) => s.seat === seatNumber);
  return entry ? entry.name : `Seat ${seatNumber}`;
}

function send(action) {
  say("error", "");
  if (!socket || !socket.send(action)) say("error", "Not connected: the action was not sent.", "error");
}

function showError(frame) {
  const box = $("#error");
  box.replaceChildren(
    h("span", { "data-testid": "error-reason" }, frame.reason || frame.message),
    frame.clause ? h("span", { class: "clause", "data-testid": "error-clause" }, frame.clause) : null,
  );
  box.hidden = false;
}

/** "t1-h12" -> "Table 1, hand 12". */
function handLabel(handId) {
  const match = handId.match(/-t(\d+)-h(\d+)$/);
  return match ? `Table ${match[1]}, hand ${match[2]}` : handId;
}

function onTable(frame) {
  if (state.table !== null && frame.table !== state.table && !watched) {
    say("notice", `You have been moved to table ${frame.table}.`, "ok");
  }
  state.frame = frame;
  state.table = frame.table;
  for (const s of frame.seats) state.names[s.player] = s.name;
  const result = frame.last_result;
  if (result && result.hand_id && !state.hands.includes(result.hand_id)) {
    state.hands.push(result.hand_id);
    $("#hands").prepend(
      h(
        "li",
        {},
        h("a", { href: `/hands/${encodeURIComponent(result.hand_id)}` }, handLabel(result.hand_id)),
      ),
    );
  }
  render();
}

function onSummary(summary) {
  const stakes =
    summary.blinds && summary.blinds[1] ? `blinds ${summary.blinds.join("/")}` : `ante ${summary.ante}`;
  fill(
    "subtitle",
    `${summary.name} · ${summary.profile} · level ${summary.level} (${stakes}) · ${summary.players_left} left`,
    summary.status !== "running" ? ` · ${summary.status}` : "",
  );
  if (seat) checkMySeatSoon();
}

/** After eliminations and at the end: where the player stands. */
async function checkMySeat() {
  try {
    const me = await api(`/tournaments/${tournament}/me`, { token: seat.token });
    if (me.status === "out" || me.status === "disqualified") {
      say("notice", `You are out: ${ordinal(me.place)} place.`, "info");
    } else if (me.status === "won") {
      say("notice", "You won the tournament!", "ok");
    }
  } catch (error) {
    say("error", error.message, "error");
  }
}

// Summaries come after every hand of the tournament: ask at most every 2 s.
const checkMySeatSoon = throttled(checkMySeat, 2000);

function render() {
  const frame = state.frame;
  if (!frame) return;
  fill("title", `Table ${frame.table}`);
  document.title = `Table ${frame.table} · floorman`;
  const mySeat = seat ? frame.seats.find((s) => s.player === seat.player) : null;
  renderFelt($("#table"), {
    seats: frame.seats,
    hand: frame.hand,
    timer: frame.timer,
    level: frame.level,
    paused: frame.paused,
    hero: mySeat ? mySeat.seat : null,
    names: state.names,
  });
  tick();
  const hero = $("#hero");
  hero.hidden = !seat;
  if (!seat) return;
  const view = frame.hand;
  const drawHand = view && view.can_draw ? view.hand_id : null;
  if (drawHand !== state.drawHand) {
    state.selected.clear();
    state.drawHand = drawHand;
  }
  const key = `${decisionKey(view)}|${frame.paused ? "paused" : ""}`;
  if (key !== state.heroKey) {
    state.heroKey = key;
    renderHeroNow();
  }
}

function renderHeroNow() {
  renderHero($("#hero-cards"), $("#actions"), {
    view: state.frame.hand,
    selected: state.selected,
    send,
    nameOf: nameOfSeat,
    rerender: renderHeroNow,
  });
  if (state.frame.paused) {
    // The director's pause: nobody acts, every clock stands still (NM-D-1G, OQ-03).
    for (const control of $("#actions").querySelectorAll("button, input, select")) {
      control.disabled = true;
    }
    $("#actions").prepend(
      h(
        "p",
        { class: "muted", "data-testid": "actions-paused" },
        "Paused by the director: your clock is stopped.",
      ),
    );
  }
}

/** The action clock of the player to act, from timer.deadline. */
function tick() {
  for (const timer of document.querySelectorAll(".timer[data-deadline]")) {
    const left = Number(timer.dataset.deadline) - Date.now() / 1000;
    const total = Number(timer.dataset.seconds) || 30;
    timer.querySelector(".timer-bar").style.width = `${Math.max(0, Math.min(1, left / total)) * 100}%`;
    timer.querySelector(".timer-text").textContent = clockText(left);
    timer.toggleAttribute("data-low", left < 10);
  }
}

function onStatus(status, detail) {
  const el = $("#conn");
  el.dataset.state = status;
  el.textContent =
    status === "reconnecting"
      ? `reconnecting in ${detail}s…`
      : status === "refused"
        ? `refused: ${detail}`
        : status;
  if (status === "refused") say("error", `The server refused the connection: ${detail}`, "error");
  if (status === "taken") {
    el.textContent = "seat on another device";
    say(
      "notice",
      "Your seat was opened on another device: it plays there now, not on this page.",
      "info",
    );
    $("#actions").replaceChildren();
  }
}

/** /t/{id}/play?seat=<token>: a seat link from another device takes the seat here. */
async function takeSeatFromLink() {
  const token = new URLSearchParams(location.search).get("seat");
  if (watched || !token) return;
  try {
    const me = await api(`/tournaments/${tournament}/me`, { token });
    seat = { player: me.player, token };
    keepSeat(tournament, seat);
  } catch (error) {
    say("error", `This seat link does not work: ${error.message}`, "error");
  }
  history.replaceState(null, "", location.pathname); // the token stays out of the address bar
}

/** The link that opens this seat on another device. */
function showSeatLink() {
  if (!seat) return;
  const link = `${location.origin}/t/${tournament}/play?seat=${encodeURIComponent(seat.token)}`;
  $("#seat-link").replaceChildren(
    "Play on another device: ",
    h("a", { href: link, "data-testid": "seat-link-url" }, "seat link"),
    " (opening it there closes this page's seat).",
  );
  $("#seat-link").hidden = false;
}

async function start() {
  if (!tournament) return;
  await takeSeatFromLink();
  if (!watched && !seat) {
    $("#notice").replaceChildren(
      "You have no seat in this tournament in this browser. ",
      h("a", { href: "/" }, "Register in the lobby"),
      " or watch a table from the ",
      h("a", { href: `/t/${tournament}` }, "tournament page"),
      ".",
    );
    $("#notice").hidden = false;
    onStatus("offline");
    return;
  }
  if (watched)
    say("notice", `Watching table ${state.table} as a spectator: hole cards stay hidden until shown.`);
  showSeatLink();
  socket = openSocket(tournament, watched ? { table: state.table } : { token: seat.token }, {
    onMessage(frame) {
      if (frame.type === "table" && (!watched || frame.table === state.table)) onTable(frame);
      else if (frame.type === "tournament") onSummary(frame);
      else if (frame.type === "error") showError(frame);
    },
    onStatus,
  });
  setInterval(tick, 250);
}

start();
