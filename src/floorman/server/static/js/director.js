// The director's console: create and run tournaments, the seating chart,
// penalties and overrides with their clauses, the ruling log, and the chip
// counts of a live event; saved structures, housekeeping and the table chat
// are in structures.js and director_manage.js.  Every call carries the
// director token.

import { api, directorToken, keepDirectorToken, watchTournament } from "./api.js";
import { confirmStep } from "./confirm.js";
import { dealPanel } from "./director_deals.js";
import { handRulings } from "./director_floor.js";
import { describeProcedure, proceduresPanel } from "./director_procedures.js";
import { managePanel } from "./director_manage.js";
import {
  $,
  chips,
  clockText,
  fill,
  h,
  heldWhilePressed,
  ordinal,
  say,
  statusBadge,
  throttled,
} from "./dom.js";
import { citedError } from "./errors.js";
import { floating } from "./floating.js";
import { has, lang, languageSwitch, t as tr } from "./i18n.js";
import { parsePayoutTables, payoutTablesText, readStart } from "./money.js";
import { askRuling } from "./ruling_ask.js";
import { seatLinks } from "./seat_links.js";
import { structureEditor } from "./structures.js";
import {
  levelsOf,
  makeCountdown,
  profileTitle,
  seatingChart,
  stakesText,
} from "./summary.js";

languageSwitch();

const countdown = makeCountdown();
const state = {
  id: new URLSearchParams(location.search).get("t"),
  fromAddress: true, // ?t= names a tournament that may be archived
  t: null,
  socket: null,
  countsKey: null, // the table and stacks the count inputs were made for
  showArchive: false, // the pick list is the archive (GET /api/tournaments?archived=true)
  names: new Map(), // every player's name seen, for log lines of entries taken back
  structures: [],
  clausesFor: null, // the profile the clause picker lists (GET /rules?profile=)
  answersFor: null, // the tournament the answers beside the controls are about
};

const ok = (text) => say("message", text, "ok");

// The answer floats over the page (director.css) where it covers no
// control, else it stands under the form that asked; it goes after a few
// seconds, at the next action, on a click on it or on Escape (floating.js).
floating($("#message"), { anchored: true });
$("#message").addEventListener("click", (event) => {
  if (!event.target.closest("details, a, button")) $("#message").hidden = true;
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") $("#message").hidden = true;
});

/** A refusal in the page's language with its clause (errors.js). */
function fail(error) {
  const box = $("#message");
  box.dataset.kind = "error";
  box.hidden = false;
  if (!error || error.detail === undefined) return fill(box, String(error && error.message));
  fill(box, citedError(error.detail));
}

/** The answer to a call shown ``near`` the control that made it (an
 * element of its own, role=status), where the director is looking. */
function answerNear(near, kind, content) {
  near.dataset.kind = kind;
  near.hidden = false;
  if (kind !== "error") return fill(near, content);
  const error = content && content.detail !== undefined;
  return fill(near, error ? citedError(content.detail) : String(content && content.message));
}

/** A director call on the chosen tournament, then a reload.  Its answer goes
 * to the message at the top, or ``near`` the control when one is given. */
async function call(path, body = {}, done = tr("director.done"), near = null) {
  if (!state.id) return fail(new Error(tr("director.choose_first")));
  try {
    const answer = await api(`/tournaments/${state.id}${path}`, {
      method: "POST",
      token: directorToken(),
      body,
    });
    if (near) answerNear(near, "ok", done);
    else ok(done);
    await load();
    return answer;
  } catch (error) {
    if (near) answerNear(near, "error", error);
    else fail(error);
    return null;
  }
}

const nameOf = (player) =>
  state.t?.standings.find((r) => r.player === player)?.name || state.names.get(player) || player;

/** A tournament event as a sentence (live results, the ruling log). */
function describe(e) {
  // the server names the player (this tournament's, even once taken back)
  const who = e.player ? e.name || nameOf(e.player) : "";
  const n = (value) => (value === null || value === undefined ? "–" : String(value));
  switch (e.type) {
    case "eliminated": {
      const line = tr("director.event.eliminated", { who, place: ordinal(e.place) });
      return e.shared > 1 ? `${line} (${tr("director.event.shared", { count: n(e.shared) })})` : line;
    }
    case "moved":
      return tr("director.event.moved", {
        who,
        from_table: n(e.from_table),
        from_seat: n(e.from_seat),
        table: n(e.table),
        seat: n(e.seat),
      });
    case "table_broken":
      return tr("director.event.table_broken", { table: n(e.table) });
    case "prize":
      return tr("director.event.prize", { who, amount: chips(e.amount), place: ordinal(e.place) });
    case "finished":
      return tr("director.event.finished", { who: nameOf(e.winner) });
    case "chip_count":
      return tr("director.event.chip_count", { table: n(e.table) });
    case "warning":
      return tr("director.event.warning", { who });
    case "time_penalty":
      return tr(`director.event.time_penalty.${e.hands === 1 ? "one" : "other"}`, {
        who,
        hands: n(e.hands),
      });
    case "disqualified":
      return tr("director.event.disqualified", { who, chips: chips(e.chips_removed) });
    case "timed_out":
      return tr("director.event.timed_out", { who, table: n(e.table), hand: n(e.hand) });
    case "withdrawn":
      return tr("director.event.withdrawn", { who, chips: chips(e.chips_removed) });
    case "confirmed":
      return tr("director.event.confirmed", { who });
    case "chat_muted":
      return tr(e.muted ? "director.event.chat_muted" : "director.event.chat_unmuted", { who });
    case "time_bank_used":
      return tr("director.event.time_bank_used", { who, seconds: n(e.seconds), table: n(e.table) });
    case "unregistered":
      return tr("director.event.unregistered", { who });
    case "cancelled":
      return tr("director.event.cancelled");
    case "seat_link_reissued":
      return tr("seats.event.reissued", { who });
    case "absence": {
      // why (OQ-45): he sat out himself, his clock ran out twice, the director
      if (!e.absent) return tr("director.event.absence_back", { who });
      const why = ["player", "timeouts", "director"].includes(e.reason) ? `.${e.reason}` : "";
      return tr(`director.event.absence_away${why}`, { who });
    }
    case "hand_ruling":
      // at a live event no hand numbers are counted (hand: null)
      if (e.hand === null) return tr(`deals.live_ruling.${e.ruling}`, { who, table: n(e.table) });
      return tr(`director.event.hand_ruling.${e.ruling}`, {
        who,
        table: n(e.table),
        hand: n(e.hand),
      });
    case "clock_called":
      return tr("director.event.clock_called", {
        by: nameOf(e.by),
        who,
        table: n(e.table),
        hand: n(e.hand),
        seconds: n(e.seconds),
      });
    case "deal_proposed":
    case "deal_made":
      return tr(`deals.event.${e.type}`, {
        method: tr(`deals.method.${e.method}`),
        money: chips(e.prize_money ?? Object.values(e.amounts).reduce((a, b) => a + b, 0)),
      });
    case "deal_withdrawn":
      return e.player ? tr("deals.event.declined", { who }) : tr("deals.event.withdrawn");
    case "correction_lapsed":
      return tr("director.event.correction_lapsed", { who, reason: e.reason || "" });
    case "carried_pot_awarded":
      return e.player
        ? tr("director.event.carried_pot", { who, amount: chips(e.amount), table: n(e.table) })
        : tr("director.event.carried_pot_gone", { amount: chips(e.amount), table: n(e.table) });
    case "correction_pending": {
      const what = {
        chips: () => tr("director.event.what.chips", { chips: chips(e.chips) }),
        seat: () => tr("director.event.what.move", { table: n(e.to_table), seat: n(e.seat) }),
        disqualify: () => tr("director.event.what.disqualify"),
      }[e.ruling];
      const open = pendingPlayers().has(e.player) ? "pending" : "made";
      return tr("director.event.correction", {
        who,
        what: what ? what() : e.ruling,
        state: tr(`director.event.correction.${open}`),
      });
    }
    case "override": {
      if (e.ruling === "count") {
        return tr("director.event.count_corrected", { table: n(e.table), chips: chips(e.chips) });
      }
      const to =
        e.ruling === "chips"
          ? tr("director.event.what.chips", { chips: chips(e.chips) })
          : e.ruling === "seat"
            ? tr("director.event.what.seat", { table: n(e.table), seat: n(e.seat) })
            : tr("director.event.what.level", { level: n(e.level) });
      return who
        ? tr("director.event.override_for", { who, what: to })
        : tr("director.event.override", { what: to });
    }
    default:
      return (
        describeProcedure(e, nameOf) ??
        (has(`director.event.${e.type}`) ? tr(`director.event.${e.type}`, { who }) : e.type)
      );
  }
}

/** Players with a correction waiting for the end of their hand (NM-D-1G, OQ-03). */
function pendingPlayers() {
  const tables = (state.t && state.t.tables) || [];
  const seats = tables.flatMap((t) => t.seats.filter((s) => s.pending && s.pending.length));
  return new Set(seats.map((s) => s.player));
}

const timeOf = (at) => new Date(at * 1000).toLocaleTimeString(lang, { hour12: false });

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
  const list = await api(state.showArchive ? "/tournaments?archived=true" : "/tournaments");
  if (state.id && !list.some((t) => t.id === state.id) && !state.fromAddress) state.id = null;
  state.fromAddress = false;
  if (!state.id && list.length) state.id = list[list.length - 1].id;
  fill(
    "pick",
    list.length
      ? null
      : h(
          "option",
          { value: "" },
          tr(state.showArchive ? "director.archive_empty" : "director.no_tournaments"),
        ),
    list.map((t) =>
      h("option", { value: t.id }, `${t.name} · ${t.profile} · ${statusBadge(t).textContent}`),
    ),
  );
  $("#pick").value = state.id || "";
}

/** Answers and open "are you sure?" steps belong to the tournament they
 * were about: another one chosen, they go. */
function forgetAnswers() {
  if (state.answersFor === state.id) return;
  state.answersFor = state.id;
  for (const id of ["floor-answer", "entries-answer"]) $(`#${id}`).hidden = true;
  for (const id of ["floor-confirm", "entries-confirm", "manage-confirm", "start-confirm"]) fill(id);
}

// what the tournament's stream brings is drawn while play goes on: held
// while a pointer is pressed, or a button pressed in the chart is replaced
// before its release and the click lost (room.js likewise)
const draw = heldWhilePressed((t, rulings) => {
  render(t, rulings);
  manage.render(t, rulings);
});

/** Load and draw the chosen tournament; ``live``: for its stream (else for
 * a command of the director's, whose own code reads the page next). */
async function load({ live = false } = {}) {
  forgetAnswers();
  if (!state.id) {
    state.t = null;
    $("#start").disabled = true; // enabled by a loaded tournament that is registering
    for (const id of ["overview", "chart", "rulings", "unconfirmed", "registered"]) fill(id);
    $("#deal-section").hidden = true;
    manage.render(null, []);
    procedures.render(null);
    return;
  }
  const id = state.id;
  let t, rulings;
  try {
    [t, rulings] = await Promise.all([api(`/tournaments/${id}`), api(`/tournaments/${id}/rulings`)]);
  } catch (error) {
    // a load that set out before this tournament was deleted or another one
    // chosen has nothing to say: its "no tournament" would hide the answer
    if (state.id !== id) return;
    throw error;
  }
  if (state.id !== id) return; // another tournament was chosen meanwhile: its load shows it
  state.t = t;
  for (const r of t.standings) state.names.set(r.player, r.name);
  if (live) draw(t, rulings);
  else draw.now(t, rulings);
}

function render(t, rulings) {
  $("#tournament-link").href = `/t/${t.id}`;
  $("#clock-link").href = `/t/${t.id}/clock`;
  $("#room-link").href = `/t/${t.id}/room`;
  $("#tournament-link").hidden = $("#clock-link").hidden = $("#room-link").hidden = false;
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
    stat(tr("lobby.col.status"), statusBadge(t), "t-status"),
    stat(tr("common.level"), `${number} · ${stakesText(current)}`),
    stat(tr("common.time_left"), h("span", { id: "time-left" }, "–")),
    stat(
      tr("common.players"),
      t.status === "registering" ? chips(t.players) : `${chips(t.players_left)} / ${chips(t.players)}`,
    ),
    stat(tr("common.average"), chips(t.average_stack)),
  );
  tick();
  const registering = t.status === "registering";
  const paused = Boolean(t.clock && t.clock.paused);
  $("#start").disabled = !registering;
  $("#pause").disabled = t.status !== "running" || paused;
  $("#resume").disabled = t.status !== "running" || !paused;
  procedures.render(t);
  handTools.decorate(t, () =>
    fill("chart", seatingChart(t.tables, { link: (table) => `/t/${t.id}/table/${table.table}` })),
  );
  clausePicker(t.profile).catch(fail);
  const cards = document.getElementById("table-cards");
  if (cards) cards.href = `/t/${t.id}/cards`;
  $("#slips-link").href = `/t/${t.id}/slips`;
  const sheet = `/api/tournaments/${encodeURIComponent(t.id)}/results`;
  $("#results-pdf").href = `${sheet}.pdf?lang=${lang}`;
  $("#results-csv").href = `${sheet}.csv?lang=${lang}`;
  const active = t.standings.filter((r) => r.status === "playing" || r.status === "registered");
  for (const select of document.querySelectorAll(".player-select")) {
    const chosen = select.value;
    fill(
      select,
      active.map((r) =>
        h(
          "option",
          { value: r.player },
          r.table
            ? `${r.name} (${tr("common.seat_at", { table: String(r.table), seat: String(r.seat) })})`
            : r.name,
        ),
      ),
    );
    if (active.some((r) => r.player === chosen)) select.value = chosen;
  }
  renderUnconfirmed(t);
  $("#live-section").hidden = t.mode !== "live";
  $("#live-rule").textContent = tr("director.live_rule", t.floor_clauses);
  renderLiveTables(t);
  deals.render(t);
  fill(
    "rulings",
    rulings.length
      ? h("ol", { class: "log" }, rulings.slice().reverse().map(eventLine))
      : h("p", { class: "muted" }, tr("director.no_rulings")),
  );
}

/** Entries not yet confirmed (paid, checked in): each with its Confirm
 * button; unconfirmed stacks are withdrawn at the end of the profile's level
 * (DE-DEAL-4, OQ-46). */
function renderUnconfirmed(t) {
  const open = t.standings.filter(
    (r) => r.confirmed === false && (r.status === "playing" || r.status === "registered"),
  );
  showUnpaidLevel(t.unconfirmed_withdrawn_after_level || 2);
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
              `${tr("director.not_confirmed", { name: r.name })} `,
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
                      tr("director.confirmed", { name: r.name }),
                    ),
                },
                tr("director.confirm"),
              ),
            ),
          ),
        )
      : h("p", { class: "muted" }, tr("director.all_confirmed")),
  );
}

/** The entry form's note with the profile's withdrawal level (DE-DEAL-4, OQ-46). */
function showUnpaidLevel(level) {
  fill("unpaid-text", tr("director.unpaid", { level: String(level) }));
}

async function registerEntry(event) {
  event.preventDefault();
  if (!state.id) return fail(new Error(tr("director.choose_first")));
  const name = $("#entry-name").value;
  try {
    const entry = await api(`/tournaments/${state.id}/register`, {
      method: "POST",
      token: directorToken(), // the director's entries are not rate-limited (OQ-41)
      body: { name, confirmed: !$("#entry-unconfirmed").checked },
    });
    ok(tr("director.registered", { name: name.trim() }));
    $("#entry-name").value = "";
    await load();
    // his way to his seat: the link and its QR code, at once (OQ-74)
    links.registered(entry, name.trim());
    $("#seat-link-player").value = entry.player;
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
    t.tables.map((table) =>
      h("option", { value: table.table }, tr("common.table_n", { table: String(table.table) })),
    ),
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
  const id = state.id;
  // a summary that came just before the tournament was deleted or another
  // one chosen loads nothing (it would answer "no tournament")
  state.socket = id
    ? watchTournament(
        id,
        throttled(() => state.id === id && load({ live: true }).catch(fail), 700),
      )
    : null;
}

// ------------------------------------------------------------ forms

const value = (id) => $(id).value.trim();
const number = (id) => (value(id) === "" ? undefined : Number(value(id)));
/** A length typed in minutes, in the API's seconds. */
const minutes = (id) => (value(id) === "" ? undefined : Math.max(1, Math.round(Number(value(id)) * 60)));

/** The create form's money fields and the saved structure's field each
 * shows: with a saved structure chosen its amounts fill the fields, and only
 * a field the director has typed in himself is sent, so the structure's
 * buy-in and fee are never lost to the form's 0 (issue 26). */
const MONEY_FIELDS = {
  "#c-buy-in": (s) => s.buy_in || 0,
  "#c-fee": (s) => s.fee || 0,
  "#c-guarantee": (s) => s.guarantee || 0,
  "#c-payout-unit": (s) => s.payout_unit || 1,
  "#c-payout-tables": (s) => payoutTablesText(s.payout_tables || []),
  "#c-late-level": (s) => s.late_registration_level || "",
};
const MONEY_DEFAULTS = { "#c-buy-in": 0, "#c-fee": 0, "#c-guarantee": 0, "#c-payout-unit": 1 };

for (const id of Object.keys(MONEY_FIELDS)) {
  $(id).addEventListener("input", () => {
    $(id).dataset.typed = "1";
  });
}

/** The chosen saved structure's amounts in every money field not typed in. */
function moneyFromStructure() {
  const saved = state.structures.find((s) => s.name === value("#c-structure"));
  for (const [id, read] of Object.entries(MONEY_FIELDS)) {
    if ($(id).dataset.typed) continue;
    $(id).value = saved ? read(saved.structure) : (MONEY_DEFAULTS[id] ?? "");
  }
}

/** A money field's amount to send: undefined (the saved structure's) when
 * a structure is chosen and the director has not typed in the field. */
function money(id, read = number) {
  return value("#c-structure") && !$(id).dataset.typed ? undefined : read(id);
}

$("#token-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  // checked at once: a wrong token is refused here, never kept to fail later
  try {
    await api("/director/token", { token: value("#token") });
  } catch (error) {
    fail(error);
    return;
  }
  keepDirectorToken(value("#token"));
  ok(tr("director.token_kept"));
});

$("#token-forget").addEventListener("click", () => {
  keepDirectorToken("");
  $("#token").value = "";
  ok(tr("director.token_forgotten"));
});

$("#create").addEventListener("submit", async (event) => {
  event.preventDefault();
  const payouts = value("#c-payouts");
  let payoutTables;
  let startsAt;
  try {
    payoutTables = money("#c-payout-tables", (id) => parsePayoutTables(value(id)) ?? undefined);
    startsAt = readStart($("#c-starts-at"));
  } catch (error) {
    fail(error);
    return;
  }
  const body = {
    profile: value("#c-profile"),
    name: value("#c-name"),
    mode: value("#c-mode"),
    // the forms take minutes; the API seconds
    level_seconds: minutes("#c-level-minutes"),
    break_every: number("#c-break-every") || undefined,
    break_seconds: minutes("#c-break-minutes"),
    starting_stack: number("#c-stack"),
    table_size: number("#c-table-size"),
    payout_shares: payouts ? payouts.split(",").map(Number) : undefined,
    prize_pool: number("#c-prize-pool") || 0,
    buy_in: money("#c-buy-in"),
    fee: money("#c-fee"),
    guarantee: money("#c-guarantee"),
    payout_unit: money("#c-payout-unit"),
    payout_tables: payoutTables,
    late_registration_level: money("#c-late-level"),
    starts_at: startsAt,
    auto_start: $("#c-auto-start").checked || undefined,
    deals_allowed: $("#c-deals").checked || undefined, // OQ-34, OQ-73
    bots: number("#c-bots") || 0,
    action_delay_ms: number("#c-delay") ?? 800,
    action_seconds: number("#c-action-seconds"),
    between_hands_s: number("#c-between") ?? 2,
    structure_name: value("#c-structure") || undefined,
    time_bank_seconds: number("#c-time-bank"),
  };
  try {
    const created = await api("/tournaments", { method: "POST", token: directorToken(), body });
    state.id = created.id;
    $("#c-name").value = ""; // a second click makes no twin of the same name
    await loadList(); // the list shows it before the message says so
    // people know a tournament by its name; the id only stands in for none
    // told, not refused: a start far off may be a typo of the month or year
    const warnings = (created.warnings || []).map((w) => tr(w.key, w.values));
    ok([tr("director.created", { name: created.name || body.name || created.id }), ...warnings].join(" "));
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
  call(
    "/bots",
    { count: number("#bot-count") || 1, kind: value("#bot-kind") },
    tr("director.bots_registered"),
  ),
);
// The draw and the first deal cannot be taken back: the console asks first,
// naming the entries the seats are drawn for.
$("#start").addEventListener("click", () => {
  const t = state.t && state.t.id === state.id ? state.t : null;
  if (!t) return fail(new Error(tr("director.choose_first")));
  confirmStep($("#start-confirm"), {
    title: tr("director.confirm_start", { name: t.name, count: t.players }),
    text: tr("director.confirm_start.what"),
    yes: tr("director.start"),
    testid: "start-confirm",
    onYes: () => call("/start", {}, tr("director.started")),
  });
});
$("#pause").addEventListener("click", () => call("/pause", {}, tr("director.paused")));
$("#resume").addEventListener("click", () => call("/resume", {}, tr("director.resumed")));

/** A player as a ruling's confirm step names him: his stack and seat now. */
const standingOf = (player) => state.t?.standings.find((r) => r.player === player) || null;

/** The chips of the players in play, as the server counts them (its stacks). */
const chipsInPlay = () =>
  (state.t?.standings || []).filter((r) => r.status === "playing").reduce((sum, r) => sum + r.chips, 0);

// A ruling acts on the confirm only, after the step says what changes
// (ruling_ask.js): a warning, a time penalty, a disqualification.
$("#floor").addEventListener("submit", (event) => {
  event.preventDefault();
  const kind = value("#f-kind");
  const body = {
    player: value("#f-player"),
    clause: value("#f-clause"),
    note: value("#f-note"),
    hands: number("#f-hands"),
  };
  askRuling($("#floor-confirm"), {
    kind,
    player: standingOf(body.player) || { name: nameOf(body.player) },
    values: () => body,
    clause: body.clause,
    onYes: () =>
      call(
        `/floor/${kind}`,
        body,
        tr("director.ruling_recorded", { kind: tr(`director.kind.${kind}`) }),
        $("#floor-answer"),
      ),
  });
});

/** A clause's first sentence or so, on one line, for a list. */
function oneLine(text) {
  const flat = text.replace(/\[s\d+\]\s*/g, "").replace(/\s+/g, " ").trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
}

/** The clause picker offers what a ruling at this tournament's tables may
 * cite: its own rulebook and the open questions (the server refuses the
 * rest, engine/clauses.py CITABLE). */
async function clausePicker(profile) {
  if (!profile || profile === state.clausesFor) return;
  state.clausesFor = profile;
  const rules = await api(`/rules?profile=${encodeURIComponent(profile)}&lang=${lang}`);
  if (state.clausesFor !== profile) return; // another tournament was chosen meanwhile
  // the clause as the page's reader reads it (the server's `local`): the
  // rulebook's own words when they are in his language, else a translation
  // of the summary; English only on an English page. Its status in his words.
  const text = (c) => oneLine(c.local ? c.local.summary : c.summary);
  fill(
    "f-clauses",
    rules.map((c) => h("option", { value: c.id }, `${tr(`director.clause_status.${c.status}`)}: ${text(c)}`)),
  );
}

/** An override form: its named fields as the request body, sent on the
 * confirm of a step beside the form saying what changes. */
function overrideForm(id, kind, numbers) {
  const slot = h("div", { class: "confirm-slot" });
  $(id).after(slot);
  $(id).addEventListener("submit", (event) => {
    event.preventDefault();
    const body = Object.fromEntries(new FormData(event.target));
    for (const key of numbers) body[key] = Number(body[key]);
    askRuling(slot, {
      kind,
      player: body.player ? standingOf(body.player) : null,
      values: () => ({ ...body, from: state.t?.level }),
      inPlay: chipsInPlay(),
      onYes: () => call(`/override/${kind}`, body, tr("director.override_recorded", { clause: state.t.floor_clauses.correction })),
    });
  });
}

overrideForm("#o-chips", "chips", ["chips"]);
overrideForm("#o-seat", "seat", ["table", "seat"]);
overrideForm("#o-level", "level", ["level"]);

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
    tr("director.counts_recorded"),
  );
  if (answer) {
    // one confirmation is for one count: the next wrong count is refused again
    $("#live-confirm").checked = false;
    $("#live-note").value = "";
    const events = answer.result.filter((e) => e.type !== "chip_count");
    fill(
      "live-result",
      events.length
        ? events.map(eventLine)
        : h("li", { class: "muted" }, tr("director.nothing_to_do")),
    );
  }
});

const handTools = handRulings({ state, reload: () => load().catch(fail) });
const links = seatLinks({ state });
const procedures = proceduresPanel({ state, reload: () => load().catch(fail) });
const deals = dealPanel({ state, reload: () => load().catch(fail) });

const manage = managePanel({
  state,
  call,
  ok,
  fail,
  reloadList: () => loadList().catch(fail),
  reload: async () => {
    await load().catch(fail);
    watch();
  },
});

/** The create form's saved structures: those of the chosen profile. */
function structureChoices() {
  const select = $("#c-structure");
  const chosen = select.value;
  const mine = state.structures.filter((s) => s.profile === value("#c-profile"));
  fill(
    select,
    h("option", { value: "" }, tr("director.structure_default")),
    mine.map((s) => h("option", { value: s.name }, s.name)),
  );
  if (mine.some((s) => s.name === chosen)) select.value = chosen;
  moneyFromStructure();
}

async function init() {
  showUnpaidLevel(2);
  $("#token").value = directorToken();
  $("#entry-form").addEventListener("submit", registerEntry);
  const profiles = await api("/profiles");
  fill(
    "c-profile",
    // the rulebook's name alone: the id beside it made the option too wide to
    // read on a phone; it stays the value and the tooltip
    profiles.map((p) => h("option", { value: p.name, title: p.name }, profileTitle(p.name, p.title))),
  );
  $("#c-profile").value = "nm-holdem";
  $("#c-profile").addEventListener("change", structureChoices);
  $("#c-structure").addEventListener("change", moneyFromStructure);
  const editor = structureEditor({
    profiles,
    ok,
    fail,
    changed: (list) => {
      state.structures = list;
      structureChoices();
    },
  });
  await editor.refresh();
  await loadList();
  await load();
  watch();
}

init().catch(fail);
setInterval(tick, 500);
