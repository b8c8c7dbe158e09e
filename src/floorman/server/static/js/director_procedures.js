// Running the room from the director's console: hand-for-hand on the bubble
// (OQ-71), the clock at the event (a break now, time added or taken off,
// the next level now: NM-D-1G, OQ-03, OQ-09), the chip race when the
// smallest chip goes (OQ-72) and Undo of the last chip correction, move or
// live count.  Each control asks first, in the panel, saying what will
// change; then it posts the call and shows the server's answer, or its
// refusal with the clause, beside the controls.  What is allowed now is the
// server's to say: the summary's ``procedures`` says what is on.

import { api, directorToken } from "./api.js";
import { confirmStep } from "./confirm.js";
import { chips, clockText, fill, h } from "./dom.js";
import { citedError } from "./errors.js";
import { t as tr } from "./i18n.js";
import { levelsOf, stakesText } from "./summary.js";

const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };

/** "Ad Tc" -> "A♦ T♣": a race's cards as the room reads them. */
const suited = (cards) => cards.replace(/([2-9TJQKA])([cdhs])/g, (_, r, s) => r + SUITS[s]);

/** A minutes value as the catalogue says it ("5", "2.5"). */
const minutesText = (minutes) => String(Math.round(minutes * 100) / 100);

/**
 * ctx: {state (the console's: id, t), reload() after a call}.  Returns
 * {render(t): show the panel for the tournament's details, describe(e):
 * a ruling-log line for a procedure's event, or null for any other}.
 */
export function proceduresPanel(ctx) {
  const section = document.getElementById("procedures");
  const slot = h("div", { class: "confirm-slot", "data-testid": "procedures-confirm-slot" });
  const answer = h("div", {
    class: "message",
    role: "status",
    "data-testid": "procedures-answer",
    hidden: true,
  });
  const button = (testid, key, onclick, kind = "btn") =>
    h("button", { type: "button", class: kind, "data-testid": testid, onclick }, tr(key));

  const hfhState = h("p", { "data-testid": "hfh-state" });
  const hfhToggle = button("hfh-toggle", "procedures.hfh.on", () => askHandForHand());
  // live: the director says when every table has finished the hand (OQ-71)
  const hfhPlayed = button("hfh-played", "procedures.hfh.played", () => askPlayed());
  const minutes = h("input", {
    type: "number",
    min: "0.5",
    max: "240",
    step: "0.5",
    value: "5",
    class: "narrow",
    "data-testid": "clock-minutes",
  });
  const raceState = h("p", { "data-testid": "race-state" });
  const raceGo = button("race-go", "procedures.race.button.race", () => askRace());
  const undoState = h("p", { "data-testid": "undo-state" });
  const undoGo = button("undo-go", "procedures.undo.button", () => askUndo(), "btn danger");

  fill(
    document.getElementById("procedures-body"),
    h("h3", {}, tr("procedures.hfh.title")),
    hfhState,
    h("div", { class: "row" }, hfhToggle, hfhPlayed),
    h("h3", {}, tr("procedures.clock.title")),
    h(
      "div",
      { class: "row" },
      h("label", { class: "row" }, h("span", {}, tr("procedures.minutes")), minutes),
      button("clock-break", "procedures.clock.break", () => askClock("break")),
      button("clock-add", "procedures.clock.add", () => askClock("add")),
      button("clock-remove", "procedures.clock.remove", () => askClock("remove")),
      button("clock-next", "procedures.clock.next", () => askClock("next")),
    ),
    h("h3", {}, tr("procedures.race.title")),
    raceState,
    h("div", { class: "row" }, raceGo),
    h("h3", {}, tr("procedures.undo.title")),
    undoState,
    h("div", { class: "row" }, undoGo),
    slot,
    answer,
  );

  const noteField = () => h("input", { maxlength: 500, "data-testid": "procedures-note" });
  const noteLabel = (note) => h("label", {}, h("span", {}, tr("procedures.note")), note);

  /** Ask first, then post ``path`` with the note and show the answer. */
  function ask({ title, text, clause, yes, path, body = {}, done }) {
    const note = noteField();
    confirmStep(slot, {
      title,
      text,
      clause,
      fields: [noteLabel(note)],
      yes,
      testid: "procedures-confirm",
      onYes: () => send(path, { ...body, note: note.value.trim() }, done),
    });
  }

  async function send(path, body, done) {
    try {
      const reply = await api(`/tournaments/${ctx.state.id}${path}`, {
        method: "POST",
        token: directorToken(),
        body,
      });
      answer.dataset.kind = "ok";
      fill(answer, typeof done === "function" ? done(reply.result) : done);
    } catch (error) {
      answer.dataset.kind = "error";
      const refused = error && error.detail !== undefined;
      fill(answer, refused ? citedError(error.detail) : String(error && error.message));
    }
    answer.hidden = false;
    await ctx.reload();
  }

  /** Whether this tournament's rules tie everyone out in one hand-for-hand hand (OQ-71). */
  function tied(t) {
    return Boolean(t.procedures && t.procedures.hand_for_hand_busts === "tie");
  }

  function askHandForHand() {
    const t = ctx.state.t;
    const on = !(t.procedures && t.procedures.hand_for_hand);
    const way = on ? "on" : "off";
    ask({
      title: tr(`procedures.hfh.${way}.ask`),
      text: on
        ? [
            tr("procedures.hfh.on.what"),
            tr(tied(t) ? "night.hfh.on.places_tie" : "procedures.hfh.on.places"),
          ]
        : [tr("procedures.hfh.off.what")],
      clause: t.procedures && t.procedures.hand_for_hand_clause,
      yes: tr(`procedures.hfh.${way}`),
      path: "/floor/hand-for-hand",
      body: { on },
      // turned off while a table plays its hand: it ends when every table has finished it
      done: (result) => {
        const ending = (result || []).find((e) => e.type === "hand_for_hand_ending");
        return ending
          ? tr("night.hfh.off.ending", { hand: String(ending.hand) })
          : tr(`procedures.hfh.${way}.done`);
      },
    });
  }

  function askPlayed() {
    const t = ctx.state.t;
    const hand = t.procedures.hand_for_hand_hand;
    const values = { hand: String(hand), next: String(hand + 1) };
    ask({
      title: tr("procedures.hfh.played.ask", values),
      text: tr(tied(t) ? "night.hfh.played.what_tie" : "procedures.hfh.played.what", values),
      clause: t.procedures.hand_for_hand_clause,
      yes: tr("procedures.hfh.played", values),
      path: "/floor/hand-for-hand/played",
      done: tr("procedures.hfh.played.done", values),
    });
  }

  function askClock(what) {
    const t = ctx.state.t;
    const amount = Number(minutes.value);
    if (what !== "next" && !(amount > 0)) {
      minutes.setAttribute("aria-invalid", "true");
      minutes.focus();
      return;
    }
    minutes.removeAttribute("aria-invalid");
    const { number, next } = levelsOf(t);
    const left = t.clock ? t.clock.seconds_left : 0;
    const seconds = Math.round(amount * 60);
    const values = {
      minutes: minutesText(amount),
      level: String((t.clock && t.clock.play_level) || number),
      left: clockText(left),
    };
    const clause = floorClause(t);
    if (what === "break") {
      ask({
        title: tr("procedures.clock.break.ask", values),
        text: tr("procedures.clock.break.what", values),
        clause: `${clause}, OQ-09`,
        yes: tr("procedures.clock.break"),
        path: "/clock/break",
        body: { seconds },
        done: tr("procedures.clock.break.done", values),
      });
    } else if (what === "next") {
      const nextNumber = String(((t.clock && t.clock.play_level) || number) + 1);
      ask({
        title: tr("procedures.clock.next.ask", { level: nextNumber }),
        text: tr("procedures.clock.next.what", {
          stakes: stakesText(next),
          left: clockText(left),
          current: values.level,
        }),
        clause,
        yes: tr("procedures.clock.next"),
        path: "/clock/next-level",
        done: tr("procedures.clock.next.done", { level: nextNumber }),
      });
    } else {
      const sign = what === "add" ? 1 : -1;
      const after = clockText(Math.max(0, left + sign * seconds));
      ask({
        title: tr(`procedures.clock.${what}.ask`, values),
        text: tr(`procedures.clock.${what}.what`, { ...values, after }),
        clause,
        yes: tr(`procedures.clock.${what}`),
        path: "/commands/adjust_clock", // the generic route: any director command by its kind
        body: { seconds: sign * seconds },
        done: tr(`procedures.clock.${what}.done`, values),
      });
    }
  }

  function askRace() {
    const p = ctx.state.t.procedures;
    if (!p || !p.race_chips) return;
    const [chip, unit] = p.race_chips;
    const values = { chip: chips(chip), unit: chips(unit) };
    const how = p.colour_up === "round-up" ? "round-up" : "race";
    ask({
      title: tr(`procedures.race.${how}.ask`, values),
      text: tr(`procedures.race.${how}.what`, values),
      clause: "OQ-72",
      yes: tr(`procedures.race.button.${how}`),
      path: "/floor/chip-race",
      done: (result) => tr("procedures.race.done", { count: (result || []).length }),
    });
  }

  function askUndo() {
    const t = ctx.state.t;
    const undo = t.procedures && t.procedures.undo;
    if (!undo) return;
    ask({
      title: tr("procedures.undo.ask"),
      text: [lastRuling(undo), ...whatComesBack(undo), tr("procedures.undo.what")],
      clause: floorClause(t),
      yes: tr("procedures.undo.button"),
      path: "/floor/undo",
      body: { index: undo.index }, // what was read: refused if the last ruling is another by now
      done: tr("procedures.undo.done"),
    });
  }

  function lastRuling(undo) {
    return tr(`procedures.undo.last.${undo.ruling}`, {
      who: undo.name || "",
      chips: chips(undo.chips || 0),
      table: String(undo.table ?? ""),
      seat: String(undo.seat ?? ""),
    });
  }

  /** What Undo brings back, said before the director confirms: the stack
   * or seat before the ruling, the players a count put out (NM-D-1G, OQ-03). */
  function whatComesBack(undo) {
    const lines = [];
    if (undo.ruling === "chips" && undo.chips_before != null) {
      const values = { who: undo.name || "", chips: chips(undo.chips || 0) };
      lines.push(tr("night.undo.back.chips", { ...values, before: chips(undo.chips_before) }));
    } else if (undo.ruling === "seat" && undo.table_before) {
      const where = { table: String(undo.table_before), seat: String(undo.seat_before) };
      lines.push(tr("night.undo.back.seat", { who: undo.name || "", ...where }));
    } else if (undo.ruling === "count") {
      lines.push(tr("night.undo.back.count", { table: String(undo.table ?? "") }));
    }
    if (undo.revived && undo.revived.length) {
      lines.push(tr("night.undo.back.revived", { names: undo.revived.join(", ") }));
    }
    return lines;
  }

  /** What the director's clock and corrections cite at this event
   * (NM-D-1G, OQ-03; OQ-03 alone at a German one). */
  function floorClause(t) {
    return (t.procedures && t.procedures.floor_clause) || "";
  }

  let shownFor = null; // the tournament the answer and an open step are about

  return {
    render(t) {
      if ((t && t.id) !== shownFor) {
        shownFor = t && t.id;
        fill(slot); // another tournament: nothing of the last one's stays
        answer.hidden = true;
      }
      const p = t && t.status === "running" ? t.procedures : null;
      section.hidden = !p;
      if (!p) return;
      const done = p.hand_for_hand_done.map(String).join(", ");
      hfhState.textContent = !p.hand_for_hand
        ? tr("procedures.hfh.state.off")
        : p.hand_for_hand_ending
          ? tr("night.hfh.state.ending", { hand: String(p.hand_for_hand_hand), tables: done || "–" })
          : done
          ? tr("procedures.hfh.state.on", { hand: String(p.hand_for_hand_hand), tables: done })
          : tr("procedures.hfh.state.none", { hand: String(p.hand_for_hand_hand) });
      hfhToggle.textContent = tr(p.hand_for_hand ? "procedures.hfh.off" : "procedures.hfh.on");
      hfhToggle.disabled = Boolean(p.hand_for_hand_ending); // asked already: ends after the hand
      hfhPlayed.hidden = !(p.hand_for_hand && t.mode === "live");
      hfhPlayed.textContent = tr("procedures.hfh.played", { hand: String(p.hand_for_hand_hand) });
      section.dataset.handForHand = String(p.hand_for_hand);
      const race = p.race_chips;
      raceState.textContent = race
        ? tr("procedures.race.due", { chip: chips(race[0]), unit: chips(race[1]) })
        : tr("procedures.race.none");
      raceGo.hidden = !race;
      raceGo.textContent = tr(
        `procedures.race.button.${p.colour_up === "round-up" ? "round-up" : "race"}`,
      );
      undoState.textContent = p.undo ? lastRuling(p.undo) : tr("procedures.undo.none");
      undoGo.disabled = !p.undo;
    },
    describe: describeProcedure,
  };
}

/** A procedure's event in the ruling log, or null for any other event;
 * ``nameOf(player)``: his name. */
export function describeProcedure(e, nameOf) {
  const n = (value) => (value === null || value === undefined ? "–" : String(value));
  switch (e.type) {
    case "hand_for_hand":
      return tr(`procedures.event.hand_for_hand.${e.on ? "on" : "off"}`);
    case "hand_for_hand_played":
      return tr("procedures.event.hand_for_hand_played", { hand: n(e.hand) });
    case "hand_for_hand_ending":
      return tr("night.hfh.event.ending", { hand: n(e.hand) });
    case "clock_adjusted":
      return tr(`procedures.event.clock_adjusted.${e.seconds > 0 ? "add" : "remove"}`, {
        time: clockText(Math.abs(e.seconds)),
        level: n(e.level),
      });
    case "break_called":
      return tr("procedures.event.break_called", { time: clockText(e.seconds) });
    case "chip_race": {
      const line = tr(`procedures.event.chip_race.${e.method}`, {
        table: n(e.table),
        chip: chips(e.chip),
      });
      const cards = Object.entries(e.cards || {}).map(([p, c]) => `${nameOf(p)} ${suited(c)}`);
      return cards.length ? `${line} (${cards.join(", ")})` : line;
    }
    case "ruling_undone": {
      if (e.ruling !== "count") {
        return tr(`procedures.event.ruling_undone.${e.ruling}`, { who: e.name || nameOf(e.player) });
      }
      const names = (e.revived || []).map(nameOf);
      return names.length
        ? tr("procedures.event.ruling_undone.revived", { names: names.join(", ") })
        : tr("procedures.event.ruling_undone.count");
    }
    default:
      return null;
  }
}
