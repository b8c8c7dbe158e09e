// Small DOM and formatting helpers shared by every page.

import { has, lang, number, t } from "./i18n.js";

const ordinalRules = new Intl.PluralRules(lang, { type: "ordinal" });

/** Build an element: h("button", {class: "btn", onclick: f}, "Fold"). */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "style") Object.assign(el.style, value);
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  el.append(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

export const $ = (selector, root = document) => root.querySelector(selector);

/** Replace the children of ``el`` (by id or element). */
export function fill(el, ...children) {
  const target = typeof el === "string" ? document.getElementById(el) : el;
  target.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined));
  return target;
}

/** A chip count as the page's language writes it (12 345, 12.345, 12,345). */
export function chips(n) {
  return number(n);
}

/** 754 -> "12:34", 3754 -> "1:02:34". */
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(hh ? 2 : 1, "0");
  const ss = String(s % 60).padStart(2, "0");
  return hh ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** 1 -> "1st" in English, "1." in Norwegian and German (the language's
 * ordinal plural rules pick the catalogue's form). */
export function ordinal(n) {
  return t(`common.ordinal.${ordinalRules.select(n)}`, { n: String(n) });
}

/** Show a message in a status element (role=status or alert). */
export function say(el, text, kind = "info") {
  const target = typeof el === "string" ? document.getElementById(el) : el;
  target.textContent = text;
  target.dataset.kind = kind;
  target.hidden = !text;
}

/** The tournament id from a path such as /t/abc123/play. */
export function tournamentIdFromPath() {
  const match = location.pathname.match(/^\/t\/([^/]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}

/** running / paused / registering / finished, as a badge. */
export function statusBadge(tournament) {
  const paused = tournament.status === "running" && tournament.clock && tournament.clock.paused;
  const status = paused ? "paused" : tournament.status;
  const key = `common.status.${status}`;
  return h("span", { class: `badge ${status}`, "data-testid": "status" }, has(key) ? t(key) : status);
}

/** Call ``fn`` once, ``ms`` after the first of a burst of calls. */
export function throttled(fn, ms) {
  let pending = null;
  return () => {
    if (pending) return;
    pending = setTimeout(() => {
      pending = null;
      fn();
    }, ms);
  };
}

// A redraw between a press and its release replaces the pressed button by
// its copy, and the click goes nowhere (a director's click in the room, a
// player's in the lobby's list).  While a pointer is down a held draw only
// remembers what it was asked to draw, and draws it once the pointer is
// released, after the click that release makes; body[data-redraw-held] says
// a draw waits.
let pressed = false;
const waiting = new Map(); // draw -> the arguments it was last called with
document.addEventListener("pointerdown", () => (pressed = true), true);
function released() {
  pressed = false;
  if (!waiting.size) return;
  const due = [...waiting];
  waiting.clear();
  document.body.removeAttribute("data-redraw-held");
  setTimeout(() => {
    for (const [draw, args] of due) draw(...args);
  });
}
document.addEventListener("pointerup", released, true);
document.addEventListener("pointercancel", released, true);
window.addEventListener("blur", released); // released outside the window

/** ``draw``, held while a pointer is pressed (see above); its ``now``
 * draws at once (what a command's own code reads next), and a draw held
 * before it is dropped, not drawn later over it. */
export function heldWhilePressed(draw) {
  const held = (...args) => {
    if (pressed) {
      waiting.set(draw, args);
      document.body.setAttribute("data-redraw-held", "");
      return;
    }
    held.now(...args);
  };
  held.now = (...args) => {
    waiting.delete(draw);
    draw(...args);
  };
  return held;
}
