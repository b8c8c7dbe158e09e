// The director's structure editor: levels (ante, minutes, breaks), stack,
// table size, payouts, prize pool and time bank, saved under a name
// (PUT /api/structures/{name}).  The rules (blinds from the ante, the
// places paid, NM-H-2, NM-H-19) are the server's: the blinds shown are the
// ones it sent back, and a refusal comes back as an error with its clause.

import { api, directorToken } from "./api.js";
import { $, chips, fill, h } from "./dom.js";
import { t as tr } from "./i18n.js";
import { parsePayoutTables, payoutTablesText } from "./money.js";
import { profileTitle, stakesText } from "./summary.js";

const DEFAULT_MINUTES = 20;
const DEFAULT_BREAK_MINUTES = 15;

/**
 * Wire the editor.  ``profiles`` is GET /api/profiles; ``ok(text)`` and
 * ``fail(error)`` report; ``changed(list)`` gets the saved structures after
 * every change (for the create form's choice).
 */
export function structureEditor({ profiles, ok, fail, changed }) {
  // what each profile's game shows (its variant's UI metadata, GET /api/profiles)
  const uis = new Map(profiles.map((p) => [p.name, p.ui]));
  const editor = { levels: [], saved: [] };

  fill(
    "s-profile",
    // the rulebook's name alone: the id beside it made the option too wide to
    // read on a phone; it stays the value and the tooltip
    profiles.map((p) => h("option", { value: p.name, title: p.name }, profileTitle(p.name, p.title))),
  );
  $("#s-profile").value = "nm-holdem";

  function blindsNote() {
    const ui = uis.get($("#s-profile").value);
    fill("s-blinds-note", tr(ui && !ui.blinds ? "director.s.ante_only" : "director.s.blinds_rule"));
  }

  /** The server's blinds for a level, while its ante is the one it saved. */
  function blindsOf(level) {
    if (level.is_break) return tr("common.break");
    if (!level.blinds || level.savedAnte !== level.ante) return "–";
    return stakesText(level);
  }

  function levelRow(level, k) {
    const minutes = h("input", {
      type: "number",
      min: "0.1",
      step: "any",
      required: true,
      value: String(level.minutes),
      class: "narrow",
      "aria-label": tr("director.minutes"),
      "data-testid": "s-minutes",
      oninput: (event) => {
        level.minutes = Number(event.target.value);
      },
    });
    const ante = level.is_break
      ? h("span", { class: "muted" }, "–")
      : h("input", {
          type: "number",
          min: "1",
          required: true,
          value: String(level.ante),
          class: "narrow",
          "aria-label": tr("common.ante"),
          "data-testid": "s-ante",
          oninput: (event) => {
            level.ante = Number(event.target.value);
            const cell = event.target.closest("tr").querySelector("[data-testid=s-blinds]");
            cell.textContent = blindsOf(level);
          },
        });
    const number = editor.levels.slice(0, k + 1).filter((x) => !x.is_break).length;
    return h(
      "tr",
      { "data-testid": "s-level", "data-break": level.is_break ? "true" : "false" },
      h("td", {}, level.is_break ? tr("common.break") : String(number)),
      h("td", {}, ante),
      h("td", { "data-testid": "s-blinds" }, blindsOf(level)),
      h("td", {}, minutes),
      h(
        "td",
        {},
        h(
          "button",
          {
            class: "btn small",
            type: "button",
            "data-testid": "s-remove",
            "aria-label": tr("director.remove"),
            title: tr("director.remove"),
            onclick: () => {
              editor.levels.splice(k, 1);
              renderLevels();
            },
          },
          "×",
        ),
      ),
    );
  }

  function renderLevels() {
    fill("s-levels", editor.levels.map(levelRow));
  }

  function addLevel(is_break) {
    const last = [...editor.levels].reverse().find((x) => !x.is_break);
    editor.levels.push({
      ante: is_break ? 0 : last ? last.ante * 2 : 10,
      minutes: is_break ? 10 : last ? last.minutes : DEFAULT_MINUTES,
      is_break,
    });
    renderLevels();
  }

  /** A saved structure (or none: a fresh editor) into the form. */
  function loadInto(saved) {
    const s = saved ? saved.structure : null;
    $("#s-name").value = saved ? saved.name : "";
    if (saved) $("#s-profile").value = saved.profile;
    $("#s-stack").value = s ? s.starting_stack : "";
    $("#s-table-size").value = s ? s.table_size : "";
    $("#s-payouts").value = s ? s.payout_shares.join(",") : "";
    $("#s-prize-pool").value = s ? s.prize_pool : 0;
    $("#s-buy-in").value = s ? s.buy_in || 0 : 0;
    $("#s-fee").value = s ? s.fee || 0 : 0;
    $("#s-guarantee").value = s ? s.guarantee || 0 : 0;
    $("#s-payout-unit").value = s ? s.payout_unit || 1 : 1;
    $("#s-payout-tables").value = s ? payoutTablesText(s.payout_tables || []) : "";
    $("#s-late-level").value = s && s.late_registration_level ? s.late_registration_level : "";
    $("#s-time-bank").value = s && s.time_bank_seconds !== null ? s.time_bank_seconds : "";
    editor.levels = s
      ? s.levels.map((lv) => ({
          ante: lv.ante,
          savedAnte: lv.ante,
          blinds: lv.blinds,
          minutes: Math.round((lv.seconds / 60) * 100) / 100,
          is_break: lv.is_break,
        }))
      : [];
    if (!editor.levels.length) addLevel(false);
    blindsNote();
    renderLevels();
  }

  function savedTable() {
    if (!editor.saved.length) return h("p", { class: "muted" }, tr("director.s.none_saved"));
    return h(
      "table",
      { class: "data" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", {}, tr("common.name")),
          h("th", {}, tr("common.col.rules")),
          h("th", { class: "num" }, tr("director.s.levels")),
          h("th", { class: "num" }, tr("director.starting_stack")),
          h("th", {}, ""),
        ),
      ),
      h(
        "tbody",
        {},
        editor.saved.map((saved) => {
          const levels = saved.structure.levels;
          const breaks = levels.filter((lv) => lv.is_break).length;
          return h(
            "tr",
            { "data-testid": "s-saved-row", "data-name": saved.name },
            h("td", {}, saved.name),
            h("td", {}, saved.profile),
            h(
              "td",
              { class: "num" },
              tr("director.s.level_count", { levels: levels.length - breaks, breaks }),
            ),
            h("td", { class: "num" }, chips(saved.structure.starting_stack)),
            h(
              "td",
              {},
              h(
                "span",
                { class: "row" },
                h(
                  "button",
                  { class: "btn small", type: "button", "data-testid": "s-load", onclick: () => loadInto(saved) },
                  tr("director.s.load"),
                ),
                h(
                  "button",
                  {
                    class: "btn small danger",
                    type: "button",
                    "data-testid": "s-delete",
                    onclick: () => remove(saved.name),
                  },
                  tr("director.delete"),
                ),
              ),
            ),
          );
        }),
      ),
    );
  }

  async function refresh() {
    editor.saved = await api("/structures");
    fill("s-saved", savedTable());
    changed(editor.saved);
  }

  async function remove(name) {
    if (!confirm(tr("director.s.confirm_delete", { name }))) return;
    try {
      await api(`/structures/${encodeURIComponent(name)}`, { method: "DELETE", token: directorToken() });
      ok(tr("director.s.deleted", { name }));
      await refresh();
    } catch (error) {
      fail(error);
    }
  }

  const whole = (id) => ($(id).value.trim() === "" ? null : Number($(id).value));

  async function save(event) {
    event.preventDefault();
    const name = $("#s-name").value.trim();
    let payoutTables;
    try {
      payoutTables = parsePayoutTables($("#s-payout-tables").value) ?? [];
    } catch (error) {
      fail(error);
      return;
    }
    const body = {
      profile: $("#s-profile").value,
      levels: editor.levels.map((lv) => ({
        ante: lv.is_break ? 0 : lv.ante,
        seconds: Math.max(1, Math.round(lv.minutes * 60)),
        is_break: lv.is_break,
      })),
      starting_stack: whole("#s-stack"),
      table_size: whole("#s-table-size"),
      payout_shares: $("#s-payouts").value.split(",").map((x) => Number(x.trim())),
      prize_pool: whole("#s-prize-pool") || 0,
      time_bank_seconds: whole("#s-time-bank"),
      buy_in: whole("#s-buy-in") || 0,
      fee: whole("#s-fee") || 0,
      guarantee: whole("#s-guarantee") || 0,
      payout_unit: whole("#s-payout-unit") ?? 1,
      payout_tables: payoutTables,
      late_registration_level: whole("#s-late-level"),
    };
    try {
      const saved = await api(`/structures/${encodeURIComponent(name)}`, {
        method: "PUT",
        token: directorToken(),
        body,
      });
      loadInto(saved);
      ok(tr("director.s.saved", { name }));
      await refresh();
    } catch (error) {
      fail(error);
    }
  }

  /** The wizard's levels, from the server (the blinds its rules make),
   * into the editor to change one by one. */
  async function fillFromWizard() {
    const number = (id) => Number($(id).value);
    try {
      const { levels } = await api("/structures/wizard", {
        method: "POST",
        body: {
          profile: $("#s-profile").value,
          first_ante: number("#w-ante"),
          rise_percent: number("#w-rise"),
          count: number("#w-count"),
          minutes: number("#w-minutes"),
          break_every: number("#w-break-every"),
          break_minutes: number("#w-break-minutes"),
        },
      });
      editor.levels = levels.map((lv) => ({
        ante: lv.ante,
        savedAnte: lv.ante,
        blinds: lv.blinds,
        minutes: Math.round((lv.seconds / 60) * 100) / 100,
        is_break: lv.is_break,
      }));
      renderLevels();
    } catch (error) {
      fail(error);
    }
  }

  /** A break after every so many playing levels (the ones there were
   * replaced; none after the last), e.g. into the rulebook's 29 levels of
   * 30 minutes, which have none; the server's tournament.schedule.with_breaks
   * does the same for a new tournament's levels. */
  function putInBreaks() {
    const every = Number($("#s-break-every").value);
    const minutes = Number($("#s-break-minutes").value) || DEFAULT_BREAK_MINUTES;
    const playing = editor.levels.filter((lv) => !lv.is_break);
    editor.levels = playing.flatMap((lv, k) =>
      every && (k + 1) % every === 0 && k + 1 < playing.length
        ? [lv, { ante: 0, minutes, is_break: true }]
        : [lv],
    );
    renderLevels();
  }

  $("#w-fill").addEventListener("click", fillFromWizard);
  $("#s-breaks").addEventListener("click", putInBreaks);
  $("#s-form").addEventListener("submit", save);
  $("#s-add-level").addEventListener("click", () => addLevel(false));
  $("#s-add-break").addEventListener("click", () => addLevel(true));
  $("#s-new").addEventListener("click", () => loadInto(null));
  $("#s-profile").addEventListener("change", () => {
    // the saved blinds were another profile's: shown again after saving
    for (const level of editor.levels) level.blinds = null;
    blindsNote();
    renderLevels();
  });
  loadInto(null);
  // typed before this point, a field would have been cleared by loadInto
  $("#s-fields").disabled = false;
  return { refresh };
}
