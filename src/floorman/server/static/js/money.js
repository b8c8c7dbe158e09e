// Entries and money in the pages: the start time with its countdown, the
// buy-in, and the director's payout tables by entries typed as text.

import { lang, number, t as tr } from "./i18n.js";

const when = new Intl.DateTimeFormat(lang === "nb" ? "nb-NO" : lang === "de" ? "de-DE" : "en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
});

/** "2:05:09" for a span of seconds under a day; beyond it days and hours in
 * words ("3 days and 4 hours"): 35574:53:26 reads as nothing to anyone. */
function span(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  if (hours >= 24) {
    const days = tr("lobby.span.days", { count: Math.floor(hours / 24) });
    const rest = hours % 24;
    return rest ? tr("lobby.span.days_hours", { days, hours: tr("lobby.span.hours", { count: rest }) }) : days;
  }
  const minutes = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const rest = String(s % 60).padStart(2, "0");
  return `${hours}:${minutes}:${rest}`;
}

/** The start time in the reader's language and how long until it (null: none set). */
export function startText(startsAt, now = Date.now()) {
  if (!startsAt) return null;
  const at = new Date(startsAt);
  if (Number.isNaN(at.getTime())) return null;
  const left = (at.getTime() - now) / 1000;
  return {
    time: when.format(at),
    countdown: left > 0 ? tr("lobby.starts_in", { time: span(left) }) : tr("lobby.start_due"),
  };
}

/** A buy-in with its fee as the desk says it: "100 + 10"; "–" for a free event. */
export function buyInText(t) {
  if (!t.buy_in && !t.fee) return tr("lobby.free");
  return t.fee ? `${number(t.buy_in)} + ${number(t.fee)}` : number(t.buy_in);
}

/** "2-10: 65,35; 11-: 50,30,20" -> the API's payout tables; null when empty.
 * Throws an Error naming the part it cannot read. */
export function parsePayoutTables(text) {
  const parts = text
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return null;
  return parts.map((part) => {
    const match = part.match(/^(\d+)\s*-\s*(\d*)\s*:\s*(\d+(?:\s*,\s*\d+)*)$/);
    if (!match) throw new Error(tr("director.payout_tables_bad", { part }));
    return {
      min_entries: Number(match[1]),
      max_entries: match[2] ? Number(match[2]) : null,
      shares: match[3].split(",").map((x) => Number(x.trim())),
    };
  });
}

/** The API's payout tables as the director types them (parsePayoutTables' inverse). */
export function payoutTablesText(tables) {
  return tables
    .map((r) => `${r.min_entries}-${r.max_entries ?? ""}: ${r.shares.join(",")}`)
    .join("; ");
}

// A start time is typed as the page's language writes it, not as the
// browser's locale would show a datetime-local field (an English browser
// on a Norwegian page would show mm/dd/yyyy and AM/PM there): day, month,
// year and a 24-hour clock, with the language's date separator.
const DATE_SEPARATOR = lang === "en" ? "/" : ".";
const pad = (n, width = 2) => String(n).padStart(width, "0");

/** A time as the start field takes it: "01.03.2027 19:00" (en "01/03/2027 19:00"). */
export function startInput(at) {
  const date = [pad(at.getDate()), pad(at.getMonth() + 1), pad(at.getFullYear(), 4)];
  return `${date.join(DATE_SEPARATOR)} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * The start field's text as an ISO time with the browser's zone; undefined
 * when empty.  Takes "1.3.2027 19:00", "01.03.2027 kl. 19.00", "01.03.2027,
 * 19:00 Uhr" (en: "1/3/2027 19:00") and ISO "2027-03-01 19:00"; anything
 * else, or a day that does not exist, throws an Error in the page's language.
 */
export function startFromText(text) {
  const typed = (text || "").trim();
  if (!typed) return undefined;
  const sep = DATE_SEPARATOR === "." ? "\\." : "/";
  const local = new RegExp(
    `^(\\d{1,2})${sep}(\\d{1,2})${sep}(\\d{4}),?\\s*(?:kl\\.?|um)?\\s*(\\d{1,2})[:.](\\d{2})(?:\\s*uhr)?$`,
    "i",
  );
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T|\s+)(\d{1,2}):(\d{2})$/;
  let parts = null;
  let match = typed.match(local);
  if (match) parts = [match[3], match[2], match[1], match[4], match[5]];
  else if ((match = typed.match(iso))) parts = match.slice(1, 6);
  const [year, month, day, hour, minute] = (parts || []).map(Number);
  const at = parts ? new Date(year, month - 1, day, hour, minute) : null;
  const real =
    at &&
    hour <= 23 &&
    minute <= 59 &&
    at.getFullYear() === year &&
    at.getMonth() === month - 1 &&
    at.getDate() === day;
  if (!real) {
    const example = startInput(new Date(2027, 2, 1, 19, 0));
    throw new Error(tr("common.start_bad", { text: typed, pattern: tr("common.start_pattern"), example }));
  }
  return at.toISOString();
}

/** The start field's time (startFromText), the field marked invalid while
 * it cannot be read. */
export function readStart(input) {
  try {
    const iso = startFromText(input.value);
    input.removeAttribute("aria-invalid");
    return iso;
  } catch (error) {
    input.setAttribute("aria-invalid", "true");
    input.focus();
    throw error;
  }
}
