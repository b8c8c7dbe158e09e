// The table's settings, kept in this browser (localStorage): a four-colour
// deck (♣ green, ♦ blue, ♥ red, ♠ black), bets shown in chips or in the
// unit the server names for the level (frame.level.bet_unit: the big blind
// or the ante; the page only divides by it), and the size of the cards.

import { $, h } from "./dom.js";
import { lang, t } from "./i18n.js";

const KEY = "floorman.table.settings";
const DEFAULTS = { fourColour: false, units: "chips", cards: "normal" };
const UNITS = ["chips", "unit"];
const SIZES = ["normal", "large"];

const tenths = new Intl.NumberFormat(lang === "nb" ? "nb-NO" : lang === "de" ? "de-DE" : "en-GB", {
  maximumFractionDigits: 1,
});

export const settings = load();

function load() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY)) || {};
    return {
      fourColour: Boolean(kept.fourColour),
      units: UNITS.includes(kept.units) ? kept.units : DEFAULTS.units,
      cards: SIZES.includes(kept.cards) ? kept.cards : DEFAULTS.cards,
    };
  } catch {
    return { ...DEFAULTS };
  }
}

function keep() {
  localStorage.setItem(KEY, JSON.stringify(settings));
}

/** The classes on <body> that the stylesheet draws the settings from. */
function apply() {
  document.body.classList.toggle("four-colour", settings.fourColour);
  document.body.classList.toggle("large-cards", settings.cards === "large");
}

/**
 * A formatter of amounts for the felt: chips, or (when he chose so and the
 * server names a unit) "12.5 BB" / "3 antes".  ``unit`` is frame.level.bet_unit.
 */
export function amountFormatter(unit) {
  if (settings.units !== "unit" || !unit || !unit.chips) return null;
  return (n) => {
    const count = Math.round((Number(n) / unit.chips) * 10) / 10;
    return t(`table.unit.${unit.name}`, { n: tenths.format(count), count });
  };
}

/** The settings button and its panel; onChange() redraws the table. */
export function installSettings(onChange) {
  apply();
  const button = $("#settings-toggle");
  const panel = $("#settings");
  const changed = () => {
    keep();
    apply();
    onChange();
  };
  const four = h("input", {
    type: "checkbox",
    id: "set-four-colour",
    "data-testid": "set-four-colour",
    checked: settings.fourColour,
    onchange: (event) => {
      settings.fourColour = event.target.checked;
      changed();
    },
  });
  const select = (id, values, current, label, onPick) =>
    h(
      "select",
      {
        id,
        "data-testid": id,
        onchange: (event) => onPick(event.target.value),
      },
      values.map((value) =>
        h("option", { value, selected: value === current }, t(`${label}.${value}`)),
      ),
    );
  panel.replaceChildren(
    h("h2", { class: "settings-title" }, t("table.settings.title")),
    h("label", { class: "setting" }, four, " ", t("table.settings.four_colour")),
    h(
      "label",
      { class: "setting" },
      t("table.settings.units"),
      " ",
      select("set-units", UNITS, settings.units, "table.settings.units", (value) => {
        settings.units = value;
        changed();
      }),
    ),
    h(
      "label",
      { class: "setting" },
      t("table.settings.cards"),
      " ",
      select("set-cards", SIZES, settings.cards, "table.settings.cards", (value) => {
        settings.cards = value;
        changed();
      }),
    ),
  );
  button.addEventListener("click", () => {
    panel.hidden = !panel.hidden;
    button.setAttribute("aria-expanded", String(!panel.hidden));
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !panel.hidden) {
      panel.hidden = true;
      button.setAttribute("aria-expanded", "false");
      button.focus();
    }
  });
}
