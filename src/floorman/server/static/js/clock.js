// The big-screen clock of a live room: level, time left, stakes, next level,
// time to the next break, players left, average stack, prize pool and the
// payout table.  Live by the tournament's summary frames, and reloaded every
// 20 s in any case.

import { api, watchTournament } from "./api.js";
import { $, chips, clockText, fill, h, ordinal, throttled, tournamentIdFromPath } from "./dom.js";
import { lang, languageSwitch, t as tr } from "./i18n.js";
import { connectionText, levelsOf, makeCountdown, profileTitle, stakesText } from "./summary.js";

// Past this many places the rest is summed up in one line: the table has to
// fit the screen without scrolling.
const SHOWN_PLACES = 10;

languageSwitch($("#corner"));
const sounds = makeSounds();
const id = tournamentIdFromPath();
const countdown = makeCountdown();
const percent = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 2 });
// Seconds from the end of the current level to the next break (null: no
// break to come, undefined: nothing to show, as on a break).
let breakAfterLevel;
// Seconds played since the start, and when that was read (null: not running).
let running = null;
const timeOfDay = new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit" });
// The director's procedures (OQ-71, OQ-03): the hand-for-hand hand being
// played (null: off) and when his break ends (performance.now() seconds).
let handForHand = null;
let breakEnds = null;

/** The room's alarms, on when the director turns them on (kept in this
 * browser): a level starts, a break starts, one minute of a level left.
 * Each sound played is also noted on the page (data-sound), so a test and a
 * screen reader see what was heard. */
function makeSounds() {
  const button = $("#sound");
  let on = localStorage.getItem("floorman.clock.sound") === "on";
  let context = null;
  let stage = undefined; // the level (and break) last seen while running
  let warned = false; // the one-minute warning of this level given
  const show = () => {
    // its name is what it switches; aria-pressed and the words say the state
    button.setAttribute("aria-label", tr("clock.sound"));
    button.setAttribute("aria-pressed", String(on));
    button.textContent = tr(on ? "clock.sound_on" : "clock.sound_off");
  };
  const beep = (kind, notes) => {
    document.body.dataset.sound = kind;
    document.body.dataset.sounds = String(Number(document.body.dataset.sounds || 0) + 1);
    if (!context) return;
    let at = context.currentTime;
    for (const [hz, seconds] of notes) {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.frequency.value = hz;
      gain.gain.setValueAtTime(0.25, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + seconds);
      tone.connect(gain).connect(context.destination);
      tone.start(at);
      tone.stop(at + seconds);
      at += seconds;
    }
  };
  const play = (kind) => {
    if (!on) return;
    if (kind === "level") beep(kind, [[660, 0.25], [880, 0.35]]);
    else if (kind === "break") beep(kind, [[880, 0.3], [660, 0.3], [440, 0.5]]);
    else beep(kind, [[990, 0.2]]);
  };
  button.addEventListener("click", () => {
    on = !on;
    localStorage.setItem("floorman.clock.sound", on ? "on" : "off");
    // a browser lets a page sound only after a click on it
    if (on && !context && window.AudioContext) context = new AudioContext();
    show();
  });
  show();
  return {
    watch(now, onBreak) {
      if (now !== null && stage !== undefined && stage !== null && now !== stage) {
        play(onBreak ? "break" : "level");
        warned = false;
      }
      if (now !== null) stage = now;
    },
    tick(left) {
      if (left === null || stage === undefined || stage === null) return;
      if (left > 60) warned = false;
      else if (!warned && left > 0) {
        warned = true;
        play("minute");
      }
    },
  };
}

async function load() {
  try {
    render(await api(`/tournaments/${id}`));
  } catch (error) {
    fill("name", error.message);
  }
}

/** "Blinds 10 / 20" in hold'em, "Ante 10" in the draw (antes only). */
function bigStakes(level) {
  if (!level || level.is_break) return "";
  if (level.blinds && level.blinds[1]) {
    return tr("clock.blinds_n", { sb: chips(level.blinds[0]), bb: chips(level.blinds[1]) });
  }
  return tr("clock.ante_n", { ante: chips(level.ante) });
}

/** The next level from the structure, else from the clock's own fields. */
function nextLevel(t, next) {
  if (next) return next;
  const c = t.clock;
  if (!c || c.next_ante === null || c.next_ante === undefined) return null;
  return { ante: c.next_ante, blinds: c.next_blinds || null, is_break: Boolean(c.next_is_break) };
}

/** Seconds between the end of the current level and the next break: the
 * server's ``seconds_to_break`` when it sends one, else the structure's. */
function secondsAfterLevel(t, number) {
  const c = t.clock;
  if (c && c.seconds_to_break !== undefined) {
    return c.seconds_to_break === null ? null : c.seconds_to_break - c.seconds_left;
  }
  let total = 0;
  for (const lv of (t.levels || []).slice(number)) {
    if (lv.is_break) return total;
    total += lv.seconds;
  }
  return null;
}

/** Place -> what it pays: exactly the server's prizes (the places it pays,
 * NM-H-19, OQ-39); the amount, or the percent when there is no prize pool
 * (every amount is 0 then: the percent says more). */
function payoutRows(t) {
  return (t.prizes || []).map((p) => [
    p.place,
    t.prize_pool ? chips(p.amount) : percent.format(p.percent / 100),
  ]);
}

/** A finished event: who was paid what, from the server's standings
 * (places in the money, each with its name and prize; shared places
 * twice). */
function paidRows(t) {
  const paid = new Set((t.prizes || []).map((p) => p.place));
  return (t.standings || [])
    .filter((r) => r.place !== null && (r.prize > 0 || paid.has(r.place)))
    .map((r) => [r.place, chips(r.prize), r.name]);
}

function renderPayouts(t) {
  const over = t.status === "finished";
  const winner = over ? (t.standings || []).find((r) => r.place === 1) : null;
  $("#winner").hidden = !winner;
  fill("winner", winner ? tr("seats.clock.winner", { name: winner.name }) : "");
  fill("payouts-title", tr(over ? "seats.clock.paid" : "clock.payouts"));
  const rows = over ? paidRows(t) : payoutRows(t);
  if (!rows.length) {
    fill("payouts", h("li", { class: "muted" }, tr("clock.no_payouts")));
    return;
  }
  const shown = rows.length > SHOWN_PLACES ? rows.slice(0, SHOWN_PLACES - 1) : rows;
  fill(
    "payouts",
    shown.map(([place, amount, name]) =>
      h(
        "li",
        { "data-testid": "clock-payout", "data-place": place },
        h("span", { class: "place" }, ordinal(place)),
        name ? h("span", { class: "name", "data-testid": "clock-payout-name" }, name) : null,
        h("strong", {}, amount),
      ),
    ),
    rows.length > shown.length
      ? h("li", { class: "muted" }, tr("clock.payouts_more", { count: rows.length - shown.length }))
      : null,
  );
}

/** The next colour-up: which chip goes, before which level. */
function colourUpText(up) {
  if (!up) return "";
  const values = { chip: chips(up.chip), after: chips(up.smallest_after), level: String(up.before_level) };
  return tr(up.at_break ? "clock.colour_up_break" : "clock.colour_up", values);
}

function render(t) {
  document.title = tr("clock.doc_title", { name: t.name });
  fill("name", `${t.name} · ${profileTitle(t.profile)}`);
  const { number, current, next } = levelsOf(t);
  const paused = t.status === "running" && t.clock && t.clock.paused;
  const onBreak = Boolean(current && current.is_break);
  const levelText = tr("common.level_n", { level: String((t.clock && t.clock.play_level) || number) });
  fill(
    "level",
    t.status === "finished"
      ? `${tr("common.status.finished")} · ${levelText}` // the level it ended in
      : onBreak
        ? tr("common.break")
        : levelText,
  );
  const up = t.status === "running" && t.clock ? t.clock.colour_up : null;
  $("#colour-up").hidden = !up;
  fill("colour-up", colourUpText(up));
  running = t.status === "running" && t.clock ? { seconds: t.clock.running_seconds, at: performance.now() } : null;
  sounds.watch(t.status === "running" && !paused ? `${number}:${onBreak}` : null, onBreak);
  const procedures = t.status === "running" ? t.procedures : null;
  handForHand = procedures && procedures.hand_for_hand ? procedures.hand_for_hand_hand : null;
  breakEnds =
    procedures && procedures.break_seconds_left !== null && procedures.break_seconds_left !== undefined
      ? performance.now() / 1000 + procedures.break_seconds_left
      : null;
  $("#paused").hidden = !paused || breakEnds !== null; // the director's break says so itself
  fill("stakes", bigStakes(current));
  const upcoming = t.status === "finished" ? null : nextLevel(t, next);
  const over = t.status === "finished";
  fill("next", over ? "" : upcoming ? tr("clock.next", { stakes: stakesText(upcoming) }) : tr("clock.last_level"));
  $("#next").hidden = over;
  breakAfterLevel = onBreak || t.status === "finished" ? undefined : secondsAfterLevel(t, number);
  fill(
    "players",
    t.status === "registering"
      ? tr("common.registered_n", { count: chips(t.players) })
      : `${chips(t.players_left)} / ${chips(t.players)}`,
  );
  fill("average", chips(t.average_stack));
  fill("tables", chips(Array.isArray(t.tables) ? t.tables.length : t.tables));
  fill("prize-pool", t.prize_pool ? chips(t.prize_pool) : "–");
  renderPayouts(t);
  countdown.set(t);
  tick();
}

function tick() {
  const left = countdown.left();
  sounds.tick(left);
  fill("time-of-day", timeOfDay.format(new Date()));
  fill(
    "running",
    running ? tr("clock.running", { time: clockText(running.seconds + (performance.now() - running.at) / 1000) }) : "",
  );
  const time = $("#time");
  time.textContent = left === null ? "–:––" : clockText(left);
  time.toggleAttribute("data-low", left !== null && left < 60);
  const line = [
    handForHand === null ? "" : tr("procedures.clock_page.hand_for_hand", { hand: String(handForHand) }),
    breakEnds === null
      ? ""
      : tr("procedures.clock_page.break", { time: clockText(breakEnds - performance.now() / 1000) }),
  ].filter(Boolean);
  $("#procedures-line").hidden = !line.length;
  fill("procedures-line", line.join(" · "));
  const nextBreak = $("#next-break");
  nextBreak.hidden = breakAfterLevel === undefined;
  if (breakAfterLevel === null) nextBreak.textContent = tr("clock.no_break");
  else if (breakAfterLevel !== undefined)
    nextBreak.textContent = tr("clock.break_in", { time: clockText((left || 0) + breakAfterLevel) });
}

watchTournament(id, throttled(load, 500), (state, detail) => {
  $("#conn").dataset.state = state;
  fill("conn", connectionText(state, detail));
});
load();
setInterval(tick, 250);
setInterval(load, 20000);
