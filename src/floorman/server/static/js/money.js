// Entries and money in the pages: the start time with its countdown, the
// buy-in, and the director's payout tables by entries typed as text.

import { lang, number, t as tr } from "./i18n.js";

const when = new Intl.DateTimeFormat(lang === "nb" ? "nb-NO" : lang === "de" ? "de-DE" : "en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
});

/** "2:05:09" for a span of seconds (days as hours: a lobby shows the next days). */
function span(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
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

/** The value of a datetime-local input as an ISO time with the browser's zone. */
export function isoFromLocal(value) {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}
