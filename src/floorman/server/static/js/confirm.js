// The "are you sure?" step of what cannot be undone (an entry taken back, a
// disqualification, a misdeal, a void, a dead hand, a tournament called off
// or deleted): shown in the page beside the control that asked, never as a
// window.confirm that hides the page and its context.  It says what will
// happen and under which clause; nothing is sent until "yes".

import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * Open the step in ``host`` (an element beside the control), replacing any
 * step already open there.  opts: {title, text (a string or strings),
 * clause (shown as the rule cites it), fields (elements: a player picker, a
 * note), yes (the button's words), testid, onYes(): may return a promise;
 * the step closes once it settles}.  Returns the step's element.
 */
export function confirmStep(host, options) {
  const { title, text = [], clause, fields = [], yes, testid = "confirm", onYes } = options;
  close(host);
  const no = h(
    "button",
    { type: "button", class: "btn", "data-testid": `${testid}-no`, onclick: () => box.remove() },
    t("common.confirm.no"),
  );
  const go = h(
    "button",
    {
      type: "button",
      class: "btn danger",
      "data-testid": `${testid}-yes`,
      onclick: async () => {
        go.disabled = no.disabled = true;
        try {
          await onYes();
        } finally {
          box.remove();
        }
      },
    },
    yes,
  );
  const heading = h("strong", { class: "confirm-title" }, title);
  const box = h(
    "div",
    { class: "confirm-step", role: "alertdialog", "aria-label": title, "data-testid": testid },
    heading,
    [text].flat().map((line) => h("p", {}, line)),
    clause
      ? h(
          "p",
          { class: "confirm-clause" },
          t("common.confirm.clause"),
          h("span", { class: "clause", "data-testid": `${testid}-clause` }, clause),
        )
      : null,
    fields.length ? h("div", { class: "confirm-fields" }, fields) : null,
    h("div", { class: "row" }, go, no),
  );
  box.addEventListener("keydown", (event) => {
    if (event.key === "Escape") box.remove();
  });
  host.append(box);
  no.focus(); // Enter on a reflex does not confirm
  return box;
}

/** Close the step open in ``host``, if any. */
export function close(host) {
  for (const old of host.querySelectorAll(":scope > .confirm-step")) old.remove();
}
