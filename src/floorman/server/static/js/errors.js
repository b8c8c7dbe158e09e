// Errors in the user's language, with the rule beside them as the rulebook
// says it.
//
// The server sends every refusal (an HTTP error body's `detail`, a socket
// frame {type: "error", …}) in one shape (floorman/server/error_bodies.py):
//   message, reason   English, for API clients and the fallback
//   template, values  gettext style: the English template is the message id,
//                     the catalogue key is "errors.msg." + template
//                     (server/i18n/*/errors.json); values are numbers
//                     (written the language's way) and strings
//   seat              "seat 3: …" is built here: errors.part.seat
//   allowed           [low, high] -> errors.part.allowed_range; a text ->
//                     errors.part.allowed, itself translated from
//                     allowed_template (a template filled from values)
//   clause, clauses   the citation, and per clause {id, original, english,
//                     language, reader}: the rulebook's own words (nb for
//                     NM-*, de for DE-*, en for OQ-*), the English rendering,
//                     and reader.nb / reader.de: the clause for a reader of
//                     that language (its own words, or a translation)
// A value whose name is in TRANSLATED is an English word or phrase (an
// action, a phase, a status …): it is looked up as
// "errors.value.<name>.<value>" and shown as sent when there is no such key.
// A template with no translation shows the English reason, never a key.

import { has, lang, t } from "./i18n.js";

/** Value names the catalogue translates (floorman.engine.errors.TRANSLATED_VALUES). */
export const TRANSLATED = new Set(["action", "phase", "status", "what", "why"]);

function value(name, raw) {
  if (TRANSLATED.has(name) && typeof raw === "string") {
    const key = `errors.value.${name}.${raw}`;
    if (has(key)) return t(key);
  }
  return raw;
}

/** The template said in the page's language, or null without a string for it. */
export function translateTemplate(template, values = {}) {
  if (typeof template !== "string" || !has(`errors.msg.${template}`)) return null;
  const filled = {};
  for (const [name, raw] of Object.entries(values || {})) filled[name] = value(name, raw);
  return t(`errors.msg.${template}`, filled);
}

function allowedText(detail) {
  const allowed = detail.allowed;
  if (Array.isArray(allowed) && allowed.length === 2) {
    return t("errors.part.allowed_range", { low: allowed[0], high: allowed[1] });
  }
  if (allowed === null || allowed === undefined || typeof allowed === "object") return "";
  const said =
    translateTemplate(detail.allowed_template, detail.values) ??
    translateTemplate(String(allowed)) ??
    String(allowed);
  return t("errors.part.allowed", { allowed: said });
}

/** The reason alone (no seat, no range), translated where the catalogue can. */
export function errorReason(detail) {
  if (!detail) return "";
  if (typeof detail === "string") return translateTemplate(detail) ?? detail;
  if (Array.isArray(detail)) {
    // FastAPI's 422 list: name the fields, the checks' own words are English.
    const fields = detail.map((d) => (d.loc || []).slice(1).join(".") || "?");
    return t("errors.part.invalid", { fields: fields.join(", ") });
  }
  const template = detail.template ?? detail.reason ?? detail.message;
  return (
    translateTemplate(template, detail.values) ??
    detail.reason ??
    detail.message ??
    JSON.stringify(detail)
  );
}

/** The whole error as one line in the page's language: seat, reason, what
 * was allowed (the clause is not in it: errorElement shows it). */
export function errorText(detail) {
  if (!detail || typeof detail !== "object" || Array.isArray(detail)) return errorReason(detail);
  let text = errorReason(detail);
  if (detail.seat !== null && detail.seat !== undefined) {
    text = t("errors.part.seat", { seat: detail.seat, reason: text });
  }
  const allowed = allowedText(detail);
  return allowed ? `${text} ${allowed}` : text;
}

export function clauseElement(clause) {
  const details = document.createElement("details");
  details.className = "error-clause";
  details.dataset.testid = "error-clause";
  details.dataset.clause = clause.id;
  const summary = document.createElement("summary");
  summary.textContent = clause.id;
  details.append(summary);
  // A page in nb or de shows the clause in its reader's language only: a
  // German or English text is no help to him (the reviewer's DE-GEN-2 and
  // OQ-64 in German and English on a Norwegian page).
  const local = lang !== "en" && clause.reader ? clause.reader[lang] : null;
  if (local) {
    const own = document.createElement("blockquote");
    own.className = "clause-local";
    own.lang = lang;
    own.textContent = local;
    own.style.whiteSpace = "pre-line";
    own.style.overflowWrap = "anywhere";
    details.append(own);
    return details;
  }
  const original = document.createElement("blockquote");
  original.className = "clause-original";
  original.lang = clause.language || "en";
  original.textContent = clause.original;
  original.style.whiteSpace = "pre-line";
  original.style.overflowWrap = "anywhere";
  details.append(original);
  if (clause.english && clause.english !== clause.original) {
    const english = document.createElement("p");
    english.className = "clause-english";
    english.lang = "en";
    english.textContent = clause.english;
    english.style.overflowWrap = "anywhere";
    details.append(english);
  }
  return details;
}

/** A DOM element for an error body or frame: the translated reason
 * (data-testid="error-reason"), then one <details data-testid="error-clause">
 * per clause with the rulebook's text and its English rendering. */
export function errorElement(detail) {
  const box = document.createElement("span");
  box.className = "rule-error";
  const reason = document.createElement("span");
  reason.dataset.testid = "error-reason";
  reason.textContent = errorText(detail);
  box.append(reason);
  const clauses = detail && Array.isArray(detail.clauses) ? detail.clauses : [];
  for (const clause of clauses) box.append(" ", clauseElement(clause));
  if (!clauses.length && detail && typeof detail.clause === "string" && detail.clause) {
    const cited = document.createElement("span");
    cited.className = "clause";
    cited.dataset.testid = "error-clause";
    cited.textContent = detail.clause;
    box.append(" ", cited);
  }
  return box;
}

/** errorElement with the citation as the rule gave it ("NM-D-1B s2") beside
 * the reason; the clauses' texts follow in their <details> (the director's
 * console, where the clause is what a ruling turns on). */
export function citedError(detail) {
  const shown = errorElement(detail);
  if (detail && typeof detail.clause === "string" && detail.clauses && detail.clauses.length) {
    const cited = document.createElement("span");
    cited.className = "clause";
    cited.dataset.testid = "error-citation";
    cited.textContent = detail.clause;
    shown.querySelector("[data-testid=error-reason]").after(" ", cited);
  }
  return shown;
}
