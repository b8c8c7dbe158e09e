// The page's language and its catalogue (see floorman/server/i18n).
//
// The server sets <html lang> and inlines the catalogue of that language;
// every string a page shows comes from it: t("table.fold") in code,
// data-i18n="key" (text) and data-i18n-attr="title:key;aria-label:key" in
// the HTML.  Numbers and times are formatted for the language.

const node = document.getElementById("i18n-catalogue");
const catalogue = node ? JSON.parse(node.textContent) : {};

export const lang = document.documentElement.lang || "en";
export const LANGUAGES = [
  ["nb", "Norsk bokmål"],
  ["de", "Deutsch"],
  ["en", "English"],
];

const numbers = new Intl.NumberFormat(lang === "nb" ? "nb-NO" : lang === "de" ? "de-DE" : "en-GB");

/** A number as the language writes it (12 345, 12.345, 12,345). */
export function number(n) {
  return n === null || n === undefined ? "–" : numbers.format(Number(n));
}

const plurals = new Intl.PluralRules(lang === "nb" ? "nb-NO" : lang);

/** The key of the plural form for ``count``: "key.one" where the catalogue
 * has it and the language's rules say "one" (1 player, 2 players), else
 * ``key`` itself, which holds the other form. */
function pluralKey(key, count) {
  if (typeof count !== "number") return key;
  const rule = plurals.select(count);
  if (rule === "other") return key;
  const form = `${key}.${rule}`;
  return Object.prototype.hasOwnProperty.call(catalogue, form) ? form : key;
}

/** The string of ``key`` with its {placeholders} filled; a missing key
 * shows as itself (and a test fails on it: every key is in all three).
 * With a number ``values.count`` the language's plural form is taken
 * (``key.one`` beside ``key``: Intl.PluralRules). */
export function t(key, values = {}) {
  let text = catalogue[pluralKey(key, values.count)];
  if (text === undefined) {
    console.warn(`i18n: no string for ${key} in ${lang}`);
    text = key;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in values)) return whole;
    const value = values[name];
    return typeof value === "number" ? number(value) : String(value);
  });
}

/** Is there a string for ``key``? (Engine messages are looked up so.) */
export function has(key) {
  return Object.prototype.hasOwnProperty.call(catalogue, key);
}

/** Translate every data-i18n element below ``root``. */
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
  if (document.documentElement.dataset.i18nTitle) {
    document.title = t(document.documentElement.dataset.i18nTitle);
  }
}

/** The language switch: a <select> in every page's top bar (or ``into``). */
export function languageSwitch(into = document.querySelector(".topbar .right") || document.body) {
  const select = document.createElement("select");
  select.className = "lang-switch";
  select.setAttribute("aria-label", t("common.language"));
  select.dataset.testid = "language";
  for (const [code, name] of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.lang = code;
    option.selected = code === lang;
    select.append(option);
  }
  select.addEventListener("change", () => {
    const url = new URL(location.href);
    url.searchParams.set("lang", select.value);
    location.replace(url);
  });
  into.append(select);
  return select;
}

/** The message for a field the browser finds invalid, in the page's
 * language: ``data-invalid="key"`` names the field's own (a pattern says
 * what it wants), else the kind of fault says it. */
function invalidMessage(field) {
  const v = field.validity;
  if (field.dataset.invalid && (v.patternMismatch || v.typeMismatch)) return t(field.dataset.invalid);
  if (v.valueMissing) return t(field.tagName === "SELECT" ? "common.invalid.choose" : "common.invalid.required");
  if (v.badInput) return t("common.invalid.number");
  if (v.rangeUnderflow) return t("common.invalid.min", { min: Number(field.min) });
  if (v.rangeOverflow) return t("common.invalid.max", { max: Number(field.max) });
  if (v.stepMismatch) {
    const step = field.getAttribute("step");
    return !step || step === "1" ? t("common.invalid.whole") : t("common.invalid.step", { step });
  }
  if (v.tooLong) return t("common.invalid.too_long", { count: field.maxLength });
  if (v.tooShort) return t("common.invalid.too_short", { count: field.minLength });
  return t("common.invalid.format");
}

/** Chromium words its own validation bubbles ("Please fill out this field.")
 * in its own UI language, not the page's: every form of every page gets
 * them from the catalogue instead, the faulty field marked aria-invalid. */
function wordValidation() {
  const clear = (field) => {
    delete field.dataset.worded;
    field.setCustomValidity("");
    field.removeAttribute("aria-invalid");
  };
  document.addEventListener(
    "invalid",
    (event) => {
      const field = event.target;
      if (!field.dataset.worded) {
        field.setCustomValidity(invalidMessage(field));
        field.dataset.worded = "1";
      }
      field.setAttribute("aria-invalid", "true");
    },
    true,
  );
  const edited = (event) => event.target.dataset && event.target.dataset.worded && clear(event.target);
  document.addEventListener("input", edited, true);
  document.addEventListener("change", edited, true);
  // A value a script set fires no input event: each submit judges afresh
  // (Enter in a field clicks the form's submit button too).
  document.addEventListener(
    "click",
    (event) => {
      const button = event.target.closest && event.target.closest("button, input[type=submit]");
      const form = button && button.type === "submit" && button.form;
      if (form) for (const field of form.querySelectorAll("[data-worded]")) clear(field);
    },
    true,
  );
}

translate();
wordValidation();
