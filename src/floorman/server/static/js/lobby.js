// The lobby: every tournament (those this browser holds a seat in first),
// a preview of each one's levels and prizes as the server gives them,
// registering for one, creating one.

import { api, directorToken, keepDirectorToken, keepSeat, seatOf } from "./api.js";
import { $, chips, fill, h, heldWhilePressed, say, statusBadge } from "./dom.js";
import { errorElement } from "./errors.js";
import { languageSwitch, t as tr } from "./i18n.js";
import { buyInText, readStart, startText } from "./money.js";
import { moneyLine, payoutRangesList, prizesTable, structureTable } from "./structure_view.js";
import { profileTitle } from "./summary.js";

languageSwitch();

function links(t) {
  const seat = seatOf(t.id);
  return h(
    "span",
    { class: "row" },
    seat ? h("a", { href: `/t/${t.id}/play`, "data-testid": "play-link" }, tr("lobby.play")) : null,
    h("a", { href: `/t/${t.id}` }, tr("lobby.details")),
    h("a", { href: `/t/${t.id}/clock` }, tr("common.nav.clock")),
  );
}

/** Entries are open: before the seat draw, or in late registration. */
const open = (t) => Boolean(t.registration_open);

/** The register button of a row: chooses the tournament in the form below. */
function registerButton(t) {
  if (!open(t)) return null;
  return h(
    "button",
    {
      class: "btn small",
      type: "button",
      "data-testid": "row-register",
      onclick: () => {
        $("#register-tournament").value = t.id;
        $("#register-name").focus();
      },
    },
    t.status === "running" ? tr("lobby.register_late") : tr("lobby.register_row"),
  );
}

/** The start time and its countdown, ticking in place every second. */
function startCell(t) {
  const start = startText(t.starts_at);
  const label = tr("lobby.col.starts");
  if (!start) return h("td", { class: "muted", "data-label": label }, "–");
  return h(
    "td",
    { "data-testid": "starts", "data-label": label },
    h("div", {}, start.time),
    t.status === "registering"
      ? h("div", { class: "muted countdown", "data-starts": t.starts_at }, start.countdown)
      : null,
    t.status === "registering"
      ? h(
          "div",
          { class: "muted", "data-testid": "who-starts" },
          tr(t.auto_start ? "lobby.starts_by_itself" : "lobby.director_starts"),
        )
      : null,
  );
}

setInterval(() => {
  for (const el of document.querySelectorAll(".countdown[data-starts]")) {
    el.textContent = startText(el.dataset.starts).countdown;
  }
}, 1000);

/** The previews open (tournament id -> its details, or null while loading):
 * they stay open across the list's refreshes. */
const previews = new Map();

async function loadPreview(id) {
  try {
    const details = await api(`/tournaments/${id}`);
    if (previews.has(id)) previews.set(id, details);
  } catch (error) {
    if (previews.has(id)) previews.set(id, { error: error.message });
  }
  renderList(listed);
}

function previewButton(t) {
  const shown = previews.has(t.id);
  return h(
    "button",
    {
      class: "btn small",
      type: "button",
      "data-testid": "row-preview",
      "aria-expanded": String(shown),
      onclick: () => {
        if (previews.has(t.id)) previews.delete(t.id);
        else {
          previews.set(t.id, null);
          loadPreview(t.id);
        }
        renderList(listed);
      },
    },
    tr("lobby.preview"),
  );
}

/** The row under a tournament with its levels and its prizes, as the server says. */
function previewRow(t) {
  if (!previews.has(t.id)) return null;
  const details = previews.get(t.id);
  const body = !details
    ? h("p", { class: "muted" }, tr("lobby.preview_loading"))
    : details.error
      ? h("p", { class: "muted" }, details.error)
      : h(
          "div",
          { class: "preview" },
          h(
            "section",
            {},
            h("h3", {}, tr("lobby.preview_structure")),
            structureTable(details),
          ),
          h(
            "section",
            {},
            h("h3", {}, tr("lobby.preview_prizes")),
            moneyLine(details),
            prizesTable(details, { winners: false }),
            payoutRangesList(details),
          ),
        );
  return h(
    "tr",
    { class: "preview-row", "data-testid": "preview", "data-id": t.id },
    h("td", { colspan: "8" }, body),
  );
}

/** This browser's tournaments (it holds a player's seat in them) first,
 * each group in the server's order. */
function mineFirst(tournaments) {
  const mine = tournaments.filter((t) => seatOf(t.id));
  return [...mine, ...tournaments.filter((t) => !seatOf(t.id))];
}

let listed = [];

/** Played to the end: kept out of the list unless asked for, so the
 * tournaments still to play are not lost among them (one called off
 * stays, saying so, until the director archives it). */
const finished = (t) => t.status === "finished";

// the list is asked for every 5 s: drawn again only when it changed, and
// held while a pointer is pressed (a row's button replaced between press
// and release lost the click)
const renderList = heldWhilePressed(drawList);

function drawList(tournaments) {
  listed = tournaments;
  const over = tournaments.filter(finished).length;
  const showFinished = $("#show-finished").checked;
  $("#show-finished-text").textContent = tr("deals.lobby_show_finished", { count: chips(over) });
  const shown = showFinished ? tournaments : tournaments.filter((t) => !finished(t));
  $("#empty").hidden = shown.length > 0;
  fill(
    "tournaments",
    mineFirst(shown).flatMap((t) => [
      h(
        "tr",
        { "data-testid": "tournament-row", "data-id": t.id, "data-mine": seatOf(t.id) ? "" : null },
        h(
          "td",
          { class: "cell-name" },
          h("a", { href: `/t/${t.id}` }, t.name || t.id),
          seatOf(t.id) ? " " : null,
          seatOf(t.id)
            ? h("span", { class: "badge mine", "data-testid": "mine" }, tr("lobby.mine"))
            : null,
        ),
        h(
          "td",
          { class: "col-rules", "data-label": tr("common.col.rules") },
          profileTitle(t.profile),
          " ",
          h("span", { class: "muted" }, `(${t.profile})`),
        ),
        h(
          "td",
          { class: "num", "data-testid": "buy-in", "data-label": tr("lobby.col.buy_in") },
          buyInText(t),
        ),
        startCell(t),
        h("td", { class: "num col-level", "data-label": tr("common.level") }, t.level || "–"),
        h(
          "td",
          { class: "num", "data-label": tr("common.players_left") },
          t.status === "registering"
            ? tr("common.registered_n", { count: chips(t.players) })
            : `${chips(t.players_left)} / ${chips(t.players)}`,
        ),
        h("td", { "data-label": tr("lobby.col.status") }, statusBadge(t)),
        h(
          "td",
          { class: "cell-open" },
          h("span", { class: "row" }, registerButton(t), previewButton(t), links(t)),
        ),
      ),
      previewRow(t),
    ]),
  );
  const select = $("#register-tournament");
  const chosen = select.value;
  const taking = tournaments.filter(open);
  fill(
    select,
    taking.length ? null : h("option", { value: "" }, tr("lobby.none_registering")),
    taking.map((t) => h("option", { value: t.id }, `${t.name || t.id} (${t.profile})`)),
  );
  if (taking.some((t) => t.id === chosen)) select.value = chosen;
  // with nothing to choose the form would only get the browser's own
  // (English) "select an item": the button waits, saying why
  $("#register-submit").disabled = !taking.length;
  say("register-closed", taking.length ? "" : tr("lobby.register_closed"));
}

let shownList = null; // the answer the rows were drawn from, as JSON

async function refresh() {
  try {
    const list = await api("/tournaments");
    const key = JSON.stringify(list);
    if (key === shownList) return; // an open choice keeps its options
    shownList = key;
    renderList(list);
  } catch (error) {
    say("register-message", tr("lobby.load_failed", { error: error.message }), "error");
  }
}

$("#register").addEventListener("submit", async (event) => {
  event.preventDefault();
  const tournament = $("#register-tournament").value;
  if (!tournament) return;
  try {
    const seat = await api(`/tournaments/${tournament}/register`, {
      method: "POST",
      body: { name: $("#register-name").value.trim() },
    });
    keepSeat(tournament, seat);
    location.assign(`/t/${tournament}/play`);
  } catch (error) {
    say("register-message", error.message, "error");
    if (error.detail && typeof error.detail === "object" && error.detail.clause) {
      // the reason with its clause, as every refusal gives it
      fill("register-message", errorElement(error.detail));
    }
    // one entry per person (DE-GEN-2): his seat has a link the director
    // can give him again, on this device (OQ-74)
    if (error.status === 409 && String(error.clause || "").includes("DE-GEN-2"))
      $("#register-message").append(" ", tr("seats.lobby.ask_director"));
  }
});

/** A whole amount typed in a field; undefined when empty (the server's default). */
function amount(selector) {
  const text = $(selector).value.trim();
  return text === "" ? undefined : Number(text);
}

$("#create").addEventListener("submit", async (event) => {
  event.preventDefault();
  const token = $("#create-token").value.trim();
  try {
    const created = await api("/tournaments", {
      method: "POST",
      token,
      body: {
        profile: $("#create-profile").value,
        name: $("#create-name").value.trim(),
        bots: Number($("#create-bots").value) || 0,
        // the same money fields as the director's form (the server checks them)
        buy_in: amount("#create-buy-in"),
        fee: amount("#create-fee"),
        guarantee: amount("#create-guarantee"),
        payout_unit: amount("#create-payout-unit"),
        starts_at: readStart($("#create-starts-at")),
      },
    });
    keepDirectorToken(token);
    say("create-message", tr("lobby.created", { id: created.id }), "ok");
    await refresh();
    $("#register-tournament").value = created.id;
  } catch (error) {
    say("create-message", error.message, "error");
  }
});

async function loadProfiles() {
  const profiles = await api("/profiles");
  fill(
    "create-profile",
    // the rulebook's name alone: the id beside it made the option too wide to
    // read on a phone; it stays the value and the tooltip
    profiles.map((p) => h("option", { value: p.name, title: p.name }, profileTitle(p.name, p.title))),
  );
  $("#create-profile").value = "nm-holdem";
}

$("#show-finished").addEventListener("change", () => renderList(listed));
$("#create-token").value = directorToken();
loadProfiles();
refresh();
setInterval(refresh, 5000);
