// The room: a running tournament as the director walks it.  Every table at
// the top of the page, nothing to scroll past — its street, pot and player
// to act, each seat's stack, who is away (and why, OQ-45), who has lost
// his connection and what correction waits (NM-D-1G, OQ-03) — from
// GET /api/tournaments/{id}/room, the server's read side: this page
// computes no rule.  A search finds a player; one click on a player opens
// his floor tools (warning, time penalty, chip correction, move,
// disqualification), one click on a table's "hand" its hand rulings
// (director_floor.js).  Every ruling asks first, saying what changes
// (ruling_ask.js); the answer, or the refusal with its clause, stays in
// the tool that asked, in the page's flow, covering nothing.

import { api, directorToken, watchTournament } from "./api.js";
import { handRulings } from "./director_floor.js";
import { $, chips, fill, h, heldWhilePressed, statusBadge, throttled, tournamentIdFromPath } from "./dom.js";
import { citedError } from "./errors.js";
import { roundName } from "./felt.js";
import { floating } from "./floating.js";
import { lang, languageSwitch, t } from "./i18n.js";
import { askRuling } from "./ruling_ask.js";

languageSwitch();

const state = {
  id: tournamentIdFromPath(),
  t: null, // the room view (the hand rulings read its tables, mode and clauses)
  open: null, // "p:<player>" or "t:<table>": the tools shown
  tools: new Map(), // player -> his tools' element, kept across re-renders
  clausesFor: null,
};

$("#console-link").href = `/director?t=${encodeURIComponent(state.id)}`;
$("#room-self").href = `/t/${encodeURIComponent(state.id)}/room`;
$("#slips-link").href = `/t/${encodeURIComponent(state.id)}/slips`;
$("#clock-link").href = `/t/${encodeURIComponent(state.id)}/clock`;

// the room's own answers (a refusal to load, a player ruled out of the
// room) go after a few seconds or at the next action
floating($("#room-message"));

const tableTools = handRulings({ state, reload: () => load().catch(failed) });

/** A name as people search it: case and accents aside ("Øyvind", "oyvind"
 * differ; "Müller", "muller" do not). */
const folded = (text) =>
  text.toLocaleLowerCase(lang).normalize("NFD").replace(/[\u0300-\u036f]/g, "");

function failed(error) {
  const box = $("#room-message");
  box.dataset.kind = "error";
  box.hidden = false;
  fill(box, error && error.detail !== undefined ? citedError(error.detail) : String(error && error.message));
}

async function load() {
  const room = await api(`/tournaments/${encodeURIComponent(state.id)}/room`, { token: directorToken() });
  if ($("#room-message").dataset.kind === "error") $("#room-message").hidden = true; // back again
  state.t = room;
  render(room);
  clausePicker(room.profile).catch(failed);
}

function seatOf(player) {
  for (const table of state.t.tables) {
    const seat = table.seats.find((s) => s.player === player);
    if (seat) return { ...seat, table: table.table };
  }
  return null;
}

// ------------------------------------------------------------ drawing

// the room draws itself every 2.5 s and on every change: held while a
// pointer is pressed, or the press's button is gone by its release
const render = heldWhilePressed(draw);

function draw(room) {
  document.title = `${t("console.room.heading")} · ${room.name}`;
  fill("room-title", `${t("console.room.heading")} · ${room.name}`);
  const stat = (label, value, testid) =>
    h("div", { class: "stat" }, h("div", { class: "label" }, label), h("div", { class: "value", "data-testid": testid }, value));
  fill(
    "room-stats",
    stat(t("lobby.col.status"), statusBadge({ status: room.status, clock: { paused: room.paused } }), "room-status"),
    stat(t("common.level"), String(room.level || "–")),
    stat(t("console.chips_in_play"), chips(room.chips_in_play), "room-in-play"),
  );
  const focused = document.activeElement;
  const caret =
    focused && typeof focused.selectionStart === "number" ? [focused.selectionStart, focused.selectionEnd] : null;
  fill(
    "room-tables",
    room.tables.length ? room.tables.map(tableCard) : h("p", { class: "muted" }, t("common.no_tables")),
  );
  // the open tools were moved into the new cards: a field being typed keeps
  // the focus, and its caret
  if (focused && focused.isConnected && focused !== document.activeElement) {
    focused.focus();
    if (caret) focused.setSelectionRange(...caret);
  }
  search();
}

function tableCard(table) {
  const hand = table.hand;
  const actor = hand && hand.actor !== null ? table.seats.find((s) => s.seat === hand.actor) : null;
  const facts = hand
    ? [
        h("span", { "data-testid": "room-street" }, roundName(hand)),
        h("span", { "data-testid": "room-pot" }, t("table.pot", { amount: chips(hand.pot) })),
        actor ? h("span", { "data-testid": "room-actor" }, t("console.to_act", { name: actor.name })) : null,
      ]
    : [h("span", { class: "muted" }, t(state.t.mode === "live" ? "console.live_table" : "console.between_hands"))];
  const key = `t:${table.table}`;
  const card = h(
    "article",
    { class: "room-table", "data-testid": "room-table", "data-table": table.table },
    h(
      "header",
      { class: "room-table-head" },
      h("h2", {}, t("common.table_n", { table: String(table.table) })),
      h("div", { class: "room-facts" }, facts),
      state.t.status === "running"
        ? h(
            "button",
            {
              type: "button",
              class: "btn small",
              "aria-expanded": String(state.open === key),
              "data-testid": "room-hand-tools",
              onclick: () => toggle(key),
            },
            t("console.hand_tools"),
          )
        : null,
    ),
    h("ul", { class: "room-seats" }, table.seats.map((seat) => seatRow(seat, table, actor))),
  );
  if (state.open === key) card.append(tableTools.box(table.table));
  return card;
}

function seatRow(seat, table, actor) {
  const badges = [];
  if (seat.absent) {
    const why = ["player", "timeouts", "director"].includes(seat.away_reason) ? seat.away_reason : "other";
    badges.push(h("span", { class: "badge away", "data-testid": "room-away" }, t(`console.away.${why}`)));
  }
  if (seat.connected === false) {
    badges.push(h("span", { class: "badge offline", "data-testid": "room-offline" }, t("console.offline")));
  }
  for (const what of seat.pending) {
    badges.push(h("span", { class: "badge pending" }, t("common.pending", { what: t(`common.pending.${what}`) })));
  }
  const key = `p:${seat.player}`;
  const row = h(
    "li",
    {
      class: actor && actor.player === seat.player ? "room-seat acting" : "room-seat",
      "data-testid": "room-seat",
      "data-player": seat.player,
      "data-name": seat.name,
    },
    h(
      "button",
      {
        type: "button",
        class: "room-player",
        "aria-expanded": String(state.open === key),
        "data-testid": "room-player",
        onclick: () => toggle(key),
      },
      h("span", { class: "room-seat-no" }, `${seat.seat}.`),
      h("span", { class: "room-name" }, seat.name),
      h("span", { class: "room-chips", "data-testid": "room-chips" }, chips(seat.chips)),
    ),
    badges.length ? h("div", { class: "room-badges" }, badges) : null,
  );
  if (state.open === key) row.append(playerTools(seat.player));
  return row;
}

function toggle(key) {
  state.open = state.open === key ? null : key;
  render(state.t);
  const open = state.open && document.querySelector(".room-tools, .hand-rulings");
  if (open) open.scrollIntoView({ block: "nearest" });
}

// ------------------------------------------------------------ a player's tools

const KINDS = ["warn", "penalty", "chips", "seat", "disqualify"];

function playerTools(player) {
  if (!state.tools.has(player)) {
    const slot = h("div", { class: "confirm-slot" });
    const answer = h("div", { class: "ruling-answer", role: "status", "data-testid": "tool-answer", hidden: true });
    const buttons = KINDS.map((kind) =>
      h(
        "button",
        {
          type: "button",
          class: kind === "disqualify" ? "btn small danger" : "btn small",
          "data-testid": `tool-${kind}`,
          onclick: () => ask(player, kind, slot, answer),
        },
        t(`console.tool.${kind}`),
      ),
    );
    state.tools.set(
      player,
      h("div", { class: "room-tools", "data-testid": "player-tools", "data-player": player }, h("div", { class: "row" }, buttons), slot, answer),
    );
  }
  return state.tools.get(player);
}

const field = (label, input) => h("label", {}, h("span", {}, label), input);

/** The ruling's fields, shown in its confirm step. */
function fieldsFor(kind, seat) {
  const inputs = { note: h("input", { maxlength: 500, name: "note", "data-testid": "tool-note" }) };
  if (["warn", "penalty", "disqualify"].includes(kind)) {
    inputs.clause = h("input", {
      name: "clause",
      list: "room-clauses",
      minlength: 2,
      maxlength: 80,
      required: true,
      "data-testid": "tool-clause",
    });
  }
  if (kind === "penalty") inputs.hands = h("input", { type: "number", min: 1, max: 1000, value: 1, name: "hands", "data-testid": "tool-hands" });
  if (kind === "chips") inputs.chips = h("input", { type: "number", min: 0, name: "chips", value: seat.chips, "data-testid": "tool-chips" });
  if (kind === "seat") {
    inputs.table = h("input", { type: "number", min: 1, name: "table", "data-testid": "tool-table" });
    inputs.seat = h("input", { type: "number", min: 1, max: 10, name: "seat", "data-testid": "tool-seat" });
  }
  const labels = {
    clause: t("director.clause"),
    hands: t("director.hands"),
    chips: t("common.col.chips"),
    table: t("director.table"),
    seat: t("common.col.seat"),
    note: t("director.note"),
  };
  const order = ["clause", "hands", "chips", "table", "seat", "note"].filter((k) => inputs[k]);
  return { inputs, elements: order.map((k) => field(labels[k], inputs[k])) };
}

const PATHS = {
  warn: "/floor/warn",
  penalty: "/floor/penalty",
  disqualify: "/floor/disqualify",
  chips: "/override/chips",
  seat: "/override/seat",
};

function ask(player, kind, slot, answer) {
  const seat = seatOf(player);
  if (!seat) return;
  const { inputs, elements } = fieldsFor(kind, seat);
  const values = () => Object.fromEntries(Object.entries(inputs).map(([k, input]) => [k, input.value.trim()]));
  answer.hidden = true;
  askRuling(slot, {
    kind,
    player: seat,
    values,
    inPlay: state.t.chips_in_play,
    fields: elements,
    onYes: () => send(player, kind, values(), answer),
  });
  (inputs.clause || inputs.chips || inputs.table || inputs.note).focus();
}

async function send(player, kind, values, answer) {
  const body = { player, note: values.note };
  if (values.clause !== undefined) body.clause = values.clause;
  for (const key of ["hands", "chips", "table", "seat"]) {
    if (values[key] !== undefined) body[key] = values[key] === "" ? undefined : Number(values[key]);
  }
  const name = seatOf(player)?.name || player;
  try {
    await api(`/tournaments/${encodeURIComponent(state.id)}${PATHS[kind]}`, {
      method: "POST",
      token: directorToken(),
      body,
    });
    answer.dataset.kind = "ok";
    fill(answer, t(`console.done.${kind}`, { name }));
  } catch (error) {
    answer.dataset.kind = "error";
    fill(answer, error && error.detail !== undefined ? citedError(error.detail) : String(error && error.message));
  }
  answer.hidden = false;
  await load().catch(failed);
  if (!seatOf(player)) {
    // out of the room (disqualified): his answer goes to the room's head
    state.tools.delete(player);
    const box = $("#room-message");
    box.dataset.kind = answer.dataset.kind;
    fill(box, [...answer.childNodes]);
    box.hidden = false;
  }
}

/** The clauses a ruling at this tournament's tables may cite (the server
 * refuses the rest). */
async function clausePicker(profile) {
  if (!profile || profile === state.clausesFor) return;
  state.clausesFor = profile;
  const rules = await api(`/rules?profile=${encodeURIComponent(profile)}&lang=${lang}`);
  fill(
    "room-clauses",
    rules.map((c) => h("option", { value: c.id }, (c.local ? c.local.summary : c.summary).slice(0, 120))),
  );
}

// ------------------------------------------------------------ the search

/** Tables without a match step aside; the matching seats are marked. */
function search() {
  const query = folded($("#room-search").value.trim());
  let found = 0;
  for (const card of document.querySelectorAll("[data-testid=room-table]")) {
    let here = 0;
    for (const row of card.querySelectorAll("[data-testid=room-seat]")) {
      const hit = Boolean(query) && folded(row.dataset.name).includes(query);
      row.classList.toggle("match", hit);
      if (hit) here += 1;
    }
    card.hidden = Boolean(query) && here === 0;
    found += here;
  }
  fill("room-found", query ? t("console.found", { count: found }) : "");
  return found;
}

$("#room-search").addEventListener("input", search);
// Enter opens the first match's tools
$("#room-search-form").addEventListener("submit", (event) => {
  event.preventDefault();
  if (!search()) return;
  const first = document.querySelector("[data-testid=room-seat].match");
  const key = `p:${first.dataset.player}`;
  if (state.open !== key) toggle(key);
});

// ------------------------------------------------------------ keeping up

const reload = throttled(() => load().catch(failed), 300);
watchTournament(state.id, reload);
// the street, the pot and the player to act change within a hand, which
// sends no summary: the room asks again every few seconds besides
setInterval(() => {
  if (!document.hidden && !document.querySelector(".room-page .confirm-step")) reload();
}, 2500);
load().catch(failed);

