// The player's turn at the table: the beep that announces it (with its
// switch in the top bar), the keyboard shortcuts, and the choices made
// before the turn comes ("check/fold", "call any", "fold to any bet").
// Which actions are legal is the engine's (view.actions, view.legal): this
// module only picks among them.

import { t } from "./i18n.js";

// ------------------------------------------------------------------ sound

const SOUND_KEY = "floorman.sound";
let audio = null;

export function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) !== "off";
  } catch {
    return true;
  }
}

function showSound(button) {
  const on = soundOn();
  button.setAttribute("aria-pressed", String(on));
  button.textContent = `${t("table.sound")}: ${on ? t("table.sound_on") : t("table.sound_off")}`;
}

/** The sound switch in the top bar, remembered in this browser (default on). */
export function soundToggle(button) {
  if (!button) return;
  button.title = t("table.sound_title");
  showSound(button);
  button.addEventListener("click", () => {
    try {
      localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
    } catch {
      // no storage: the switch holds for this page only
    }
    showSound(button);
    if (soundOn()) unlockAudio();
  });
  // Browsers start audio only after a user gesture: get it ready at the first one.
  const unlock = () => {
    unlockAudio();
    document.removeEventListener("pointerdown", unlock);
    document.removeEventListener("keydown", unlock);
  };
  document.addEventListener("pointerdown", unlock);
  document.addEventListener("keydown", unlock);
}

function unlockAudio() {
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
  } catch {
    audio = null;
  }
}

/** A short two-tone beep (WebAudio, no sound file). Counted on the switch
 * (data-beeps) so that a test can tell it played. */
export function beep() {
  if (!soundOn()) return;
  const button = document.getElementById("sound-toggle");
  if (button) button.dataset.beeps = String(Number(button.dataset.beeps || 0) + 1);
  try {
    // Before the player's first click or key the browser would refuse it.
    if (!audio) return;
    if (audio.state === "suspended") audio.resume();
    const start = audio.currentTime + 0.01;
    for (const [offset, pitch] of [
      [0, 660],
      [0.12, 880],
    ]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = pitch;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.15, start + offset + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.1);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + offset);
      osc.stop(start + offset + 0.11);
    }
  } catch {
    // no audio here: the title and the live region still say it
  }
}

// ------------------------------------------------------------------ keys

/** A text field other than the amount box has the keys: no shortcuts then. */
function typing(target) {
  if (!target || target.id === "amount") return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag !== "INPUT") return false;
  return !["checkbox", "radio", "range", "button", "submit"].includes(target.type);
}

const ACTIONS = ["fold", "check", "call", "bet", "raise"];

/** The page language's key for a betting action, from the catalogue
 * (table.key.*): K for "Kast" on a Norwegian page, P for "Passen" on a
 * German one; shown on the button. */
export function hotkey(action) {
  return t(`table.key.${action}`);
}

// Players used to the English keys keep them wherever the language does
// not give the letter to another action.
const ENGLISH = { f: ["fold"], c: ["check", "call"], r: ["bet", "raise"] };

/** The actions a (lower-case) key stands for on this page. */
function actionsOf(key) {
  const own = ACTIONS.filter((action) => hotkey(action).toLowerCase() === key);
  const english = ENGLISH[key] || [];
  const free = own.every((action) => english.includes(action));
  return free ? [...new Set([...own, ...english])] : own;
}

/**
 * The language's keys (table.key.*; English f, c, r too, where free): fold,
 * check or call, bet or raise (to the amount box, where Enter sends it);
 * Escape closes the fold question.  They press the same buttons as a click,
 * so the same questions are asked.
 */
export function installHotkeys(actionsRoot) {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    const key = event.key.toLowerCase();
    const offered = actionsOf(key)
      .map((action) => actionsRoot.querySelector(`[data-action=${action}]`))
      .find(Boolean);
    const amount = actionsRoot.querySelector("#amount:not(:disabled)");
    const question = actionsRoot.querySelector("[data-testid=fold-confirm]");
    // the bet/raise key goes to the amount box (its button may be disabled
    // while the box holds no amount)
    if (offered && offered.dataset.testid === "bet-raise" && amount) {
      amount.focus();
      amount.select();
    } else if (offered && offered.dataset.testid !== "bet-raise" && !offered.disabled) {
      offered.click();
    } else if (key === "escape" && question) question.remove();
    else return;
    event.preventDefault();
  });
}

// ------------------------------------------------------------------ pre-actions

export const PRE_ACTIONS = ["check_fold", "call_any", "fold_any"];

/**
 * What a choice made before the turn does now, from the legal actions:
 * {action} to send; null: nothing to do, the choice is spent and the player
 * decides; undefined: not a betting decision (the draw, a show), keep it.
 * check_fold: check if free, else fold.  call_any: call whatever it costs
 * (or check if free).  fold_any: fold if a bet faces him, else he decides.
 * Neither acts where he must look at his drawn cards first (NM-D-2E s4), and
 * "call any" does not call unseen for him (NM-D-2E: that is his to choose).
 */
export function preAction(choice, view) {
  if (!view.legal) return undefined;
  const may = new Set(view.actions);
  if (view.variant.must_look || !may.size) return null;
  if (choice === "check_fold") {
    if (may.has("check")) return { action: "check" };
    return may.has("fold") ? { action: "fold" } : null;
  }
  if (choice === "call_any") {
    if (may.has("check")) return { action: "check" };
    return may.has("call") && !view.variant.unseen_bet ? { action: "call" } : null;
  }
  if (choice === "fold_any") return may.has("call") && may.has("fold") ? { action: "fold" } : null;
  return null;
}
