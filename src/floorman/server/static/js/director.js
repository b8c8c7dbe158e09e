// The director's console: create and run tournaments, the seating chart,
// penalties and overrides with their clauses, the ruling log, and the chip
// counts of a live event.  Every call carries the director token.

import { api, directorToken, keepDirectorToken, watchTournament } from "./api.js";
import { $, chips, clockText, fill, h, ordinal, say, statusBadge, throttled } from "./dom.js";
import { levelsOf, makeCountdown, seatingChart, stakesText } from "./summary.js";

const countdown = makeCountdown();
const state = {
  id: new URLSearchParams(location.search).get("t"),
  t: null,
  socket: null,
  countsKey: null, // the table and stacks the count inputs were made for
};

const ok = (text) => say("message", text, "ok");
const fail = (error) =>
  say("message", `${error.message}${error.clause ? ` [${error.clause}]` : ""}`, "error");

/** A director call on the chosen tournament, then a reload. */
async function call(path, body = {}, done = "Done.") {
  if (!state.id) return fail(new Error("choose a tournament first"));
  try {
    const answer = await api(`/tournaments/${state.id}${path}`, {
      method: "POST",
      token: directorToken(),
      body,
    });
    ok(done);
    await load();
    return answer;
  } catch (error) {
    fail(error);
    return null;
  }
}

const nameOf = (player) => state.t?.standings.find((r) => r.player === player)?.name || player;

/** A tournament event as a sentence (live results, the ruling log). */
function describe(e) {
  const who = e.player ? nameOf(e.player) : "";
  switch (e.type) {
    case "eliminated":
      return `${who} is out in ${ordinal(e.place)} place${e.shared > 1 ? ` (shared by ${e.shared})` : ""}`;
    case "moved":
      return `${who} moves from table ${e.from_table} seat ${e.from_seat} to table ${e.table} seat ${e.seat}`;
    case "table_broken":
      return `Table ${e.table} is broken`;
    case "prize":
      return `${who} wins ${chips(e.amount)} for ${ordinal(e.place)} place`;
    case "finished":
      return `${nameOf(e.winner)} wins the tournament`;
    case "chip_count":
      return `Table ${e.table} counted`;
    case "warning":
      return `${who} is warned`;
    case "time_penalty":
      return `${who} sits out ${e.hands} hand${e.hands === 1 ? "" : "s"}`;
    case "disqualified":
      return `${who} is disqualified (${chips(e.chips_removed)} chips removed)`;
    case "timed_out":
      return `${who} timed out at table ${e.table} (hand ${e.hand})`;
    case "correction_pending": {
      const what = {
        chips: `${chips(e.chips)} chips`,
        seat: `a move to table ${e.to_table} seat ${e.seat}`,
        disqualify: "disqualification (hand killed)",
      };
      const open = pendingPlayers().has(e.player) ? "pending" : "made";
      return `Correction for ${who} when his hand ends: ${what[e.ruling] || e.ruling} (${open})`;
    }
    case "override": {
      if (e.ruling === "count") return `Table ${e.table} count corrected by ${chips(e.chips)}`;
      const what = { chips: `${chips(e.chips)} chips`, seat: `table ${e.table} seat ${e.seat}` };
      const to = what[e.ruling] || `level ${e.level}`;
      return `Override${who ? ` for ${who}` : ""}: ${to}`;
    }
    default:
      return e.type;
  }
}

/** Players with a correction waiting for the end of their hand (NM-D-1G, OQ-03). */
function pendingPlayers() {
  const tables = (state.t && state.t.tables) || [];
  const seats = tables.flatMap((t) => t.seats.filter((s) => s.pending && s.pending.length));
  return new Set(seats.map((s) => s.player));
}

const timeOf = (at) => new Date(at * 1000).toLocaleTimeString([], { hour12: false });

const eventLine = (e) =>
  h(
    "li",
    { "data-testid": "ruling", "data-type": e.type },
    e.at ? h("time", { class: "muted", "data-testid": "ruling-time" }, `${timeOf(e.at)} `) : null,
    describe(e),
    e.clause ? h("span", { class: "clause" }, e.clause) : null,
    e.note ? h("span", { class: "muted" }, ` — ${e.note}`) : null,
  );

// ------------------------------------------------------------ loading

async function loadList() {
  const list = await api("/tournaments");
  if (!state.id && list.length) state.id = list[list.length - 1].id;
  fill(
    "pick",
    list.length ? null : h("option", { value: "" }, "no tournaments yet"),
    list.map((t) => h("option", { value: t.id }, `${t.name} · ${t.profile} · ${t.status}`)),
  );
  $("#pick").value = state.id || "";
}

async function load() {
  if (!state.id) return;
  const [t, rulings] = await Promise.all([
    api(`/tournaments/${state.id}`),
    api(`/tournaments/${state.id}/rulings`),
  ]);
  state.t = t;
  render(t, rulings);
}

function render(t, rulings) {
  $("#tournament-link").href = `/t/${t.id}`;
  $("#clock-link").href = `/t/${t.id}/clock`;
  $("#tournament-link").hidden = $("#clock-link").hidden = false;
  const { number, current } = levelsOf(t);
  const stat = (label, value, testid) =>
    h(
      "div",
      { class: "stat" },
      h("div", { class: "label" }, label),
      h("div", { class: "value", "data-testid": testid }, value),
    );
  countdown.set(t);
  fill(
    "overview",
    stat("Status", statusBadge(t), "t-status"),
    stat("Level", `${number} · ${stakesText(current)}`),
    stat("Time left", h("span", { id: "time-left" }, "–")),
    stat("Players", t.status === "registering" ? `${t.players}` : `${t.players_left} / ${t.players}`),
    stat("Average", chips(t.average_stack)),
  );
  tick();
  const registering = t.status === "registering";
  const paused = Boolean(t.clock && t.clock.paused);
  $("#start").disabled = !registering;
  $("#pause").disabled = t.status !== "running" || paused;
  $("#resume").disabled = t.status !== "running" || !paused;
  fill("chart", seatingChart(t.tables, { link: (table) => `/t/${t.id}/table/${table.table}` }));
  const cards = document.getElementById("table-cards");
  if (cards) cards.href = `/api/tournaments/${t.id}/table-cards.txt`;
  const active = t.standings.filter((r) => r.status === "playing" || r.status === "registered");
  for (const select of document.querySelectorAll(".player-select")) {
    const chosen = select.value;
    fill(
      select,
      active.map((r) =>
        h("option", { value: r.player }, `${r.name}${r.table ? ` (T${r.table} S${r.seat})` : ""}`),
      ),
    );
    if (active.some((r) => r.player === chosen)) select.value = chosen;
  }
  renderUnconfirmed(t);
  $("#live-section").hidden = t.mode !== "live";
  renderLiveTables(t);
  fill(
    "rulings",
    rulings.length
      ? h("ol", { class: "log" }, rulings.slice().reverse().map(eventLine))
      : h("p", { class: "muted" }, "No rulings yet."),
  );
}

/** Entries not yet confirmed (paid, checked in): each with its Confirm
 * button; unconfirmed stacks are withdrawn at the end of the profile's level
 * (DE-DEAL-4, OQ-46). */
function renderUnconfirmed(t) {
  const open = t.standings.filter(
    (r) => r.confirmed === false && (r.status === "playing" || r.status === "registered"),
  );
  if ($("#withdraw-level") && t.unconfirmed_withdrawn_after_level)
    $("#withdraw-level").textContent = String(t.unconfirmed_withdrawn_after_level);
  fill(
    "unconfirmed",
    open.length
      ? h(
          "ul",
          { class: "log" },
          open.map((r) =>
            h(
              "li",
              { "data-testid": "unconfirmed-entry", "data-player": r.player },
              `${r.name} — not confirmed `,
              h(
                "button",
                {
                  class: "btn",
                  type: "button",
                  "data-testid": "confirm-entry",
                  onclick: () =>
                    call(
                      `/players/${encodeURIComponent(r.player)}/confirm`,
                      {},
                      `${r.name} is confirmed.`,
                    ),
                },
                "Confirm",
              ),
            ),
          ),
        )
      : h("p", { class: "muted" }, "Every entry is confirmed."),
  );
}

async function registerEntry(event) {
  event.preventDefault();
  if (!state.id) return fail(new Error("choose a tournament first"));
  const name = $("#entry-name").value;
  try {
    await api(`/tournaments/${state.id}/register`, {
      method: "POST",
      body: { name, confirmed: !$("#entry-unconfirmed").checked },
    });
    ok(`${name.trim()} is registered.`);
    $("#entry-name").value = "";
    await load();
  } catch (error) {
    fail(error);
  }
}

function tick() {
  const left = countdown.left();
  const el = document.getElementById("time-left");
  if (el) el.textContent = left === null ? "–" : clockText(left);
}

function renderLiveTables(t) {
  const select = $("#live-table");
  const chosen = Number(select.value);
  fill(
    select,
    t.tables.map((table) => h("option", { value: table.table }, `Table ${table.table}`)),
  );
  if (t.tables.some((table) => table.table === chosen)) select.value = chosen;
  renderCountInputs();
}

/** One input per seat of the chosen table, rebuilt only when the table or
 * its players change, so counts being typed survive the live updates. */
function renderCountInputs() {
  const table = state.t?.tables.find((x) => x.table === Number($("#live-table").value));
  const seats = table ? table.seats : [];
  const key = JSON.stringify([table && table.table, seats.map((s) => [s.player, s.chips])]);
  if (key === state.countsKey) return;
  state.countsKey = key;
  fill(
    "live-counts",
    seats.map((s) =>
      h(
        "label",
        {},
        `${s.seat}. ${s.name}`,
        h("input", { type: "number", min: 0, value: s.chips, name: s.player, "data-testid": "live-count" }),
      ),
    ),
  );
}

function watch() {
  if (state.socket) state.socket.close();
  state.socket = state.id
    ? watchTournament(
        state.id,
        throttled(() => load().catch(fail), 700),
      )
    : null;
}

// ------------------------------------------------------------ forms

const value = (id) => $(id).value.trim();
const number = (id) => (value(id) === "" ? undefined : Number(value(id)));

$("#token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  keepDirectorToken(value("#token"));
  ok("Director token kept in this browser.");
});

$("#token-forget").addEventListener("click", () => {
  keepDirectorToken("");
  $("#token").value = "";
  ok("Director token forgotten.");
});

$("#create").addEventListener("submit", async (event) => {
  event.preventDefault();
  const payouts = value("#c-payouts");
  const body = {
    profile: value("#c-profile"),
    name: value("#c-name"),
    mode: value("#c-mode"),
    level_seconds: number("#c-level-seconds"),
    starting_stack: number("#c-stack"),
    table_size: number("#c-table-size"),
    payout_shares: payouts ? payouts.split(",").map(Number) : undefined,
    prize_pool: number("#c-prize-pool") || 0,
    bots: number("#c-bots") || 0,
    action_delay_ms: number("#c-delay") ?? 800,
    action_seconds: number("#c-action-seconds"),
    between_hands_s: number("#c-between") ?? 2,
  };
  try {
    const created = await api("/tournaments", { method: "POST", token: directorToken(), body });
    state.id = created.id;
    ok(`Created tournament ${created.id}.`);
    await loadList();
    await load();
    watch();
  } catch (error) {
    fail(error);
  }
});

$("#pick").addEventListener("change", () => {
  state.id = $("#pick").value;
  load().catch(fail);
  watch();
});

$("#add-bots").addEventListener("click", () =>
  call("/bots", { count: number("#bot-count") || 1, kind: value("#bot-kind") }, "Bots registered."),
);
$("#start").addEventListener("click", () => call("/start", {}, "Started: seats drawn, cards in the air."));
$("#pause").addEventListener("click", () => call("/pause", {}, "Paused: the clock and the tables stop."));
$("#resume").addEventListener("click", () => call("/resume", {}, "Resumed."));

$("#floor").addEventListener("submit", (event) => {
  event.preventDefault();
  const kind = value("#f-kind");
  call(
    `/floor/${kind}`,
    {
      player: value("#f-player"),
      clause: value("#f-clause"),
      note: value("#f-note"),
      hands: number("#f-hands"),
    },
    `Ruling recorded: ${kind}.`,
  );
});

/** An override form: its named fields as the request body. */
function overrideForm(id, path, numbers) {
  $(id).addEventListener("submit", (event) => {
    event.preventDefault();
    const body = Object.fromEntries(new FormData(event.target));
    for (const key of numbers) body[key] = Number(body[key]);
    call(path, body, "Override recorded (NM-D-1G, OQ-03).");
  });
}

overrideForm("#o-chips", "/override/chips", ["chips"]);
overrideForm("#o-seat", "/override/seat", ["table", "seat"]);
overrideForm("#o-level", "/override/level", ["level"]);

$("#live-table").addEventListener("change", renderCountInputs);
$("#live").addEventListener("submit", async (event) => {
  event.preventDefault();
  const counts = Object.fromEntries(
    [...$("#live-counts").querySelectorAll("input")].map((i) => [i.name, Number(i.value)]),
  );
  const correction = $("#live-confirm") && $("#live-confirm").checked;
  const answer = await call(
    "/live/counts",
    {
      table: Number($("#live-table").value),
      counts,
      confirm_correction: Boolean(correction),
      note: $("#live-note") ? $("#live-note").value : "",
    },
    "Counts recorded.",
  );
  if (answer) {
    const events = answer.result.filter((e) => e.type !== "chip_count");
    fill(
      "live-result",
      events.length
        ? events.map(eventLine)
        : h("li", { class: "muted" }, "Nothing to do: no one is out, no table to break."),
    );
  }
});

async function init() {
  $("#token").value = directorToken();
  $("#entry-form").addEventListener("submit", registerEntry);
  const profiles = await api("/profiles");
  fill(
    "c-profile",
    profiles.map((p) => h("option", { value: p.name }, `${p.title} (${p.name})`)),
  );
  $("#c-profile").value = "nm-holdem";
  // The ruling's clause is picked from the rules registry (a made-up one is refused).
  const rules = await api("/rules");
  fill("f-clauses", rules.map((c) => h("option", { value: c.id }, `${c.status}: ${c.text}`)));
  await loadList();
  await load();
  watch();
}

init().catch(fail);
setInterval(tick, 500);
