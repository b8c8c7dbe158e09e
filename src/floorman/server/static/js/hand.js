// A finished hand replayed step by step, as a spectator saw it, with the
// downloads: text (your own cards with your token) and PHH for the director.

import { api, directorToken, download, seatOf } from "./api.js";
import { $, fill, h, say } from "./dom.js";
import { renderFelt } from "./felt.js";
import { describeStep } from "./hand_steps.js";
import { languageSwitch, t } from "./i18n.js";

languageSwitch();

const handId = decodeURIComponent(location.pathname.split("/").pop());
const tournament = handId.split("-t")[0];
const state = { steps: [], at: 0, names: {}, playing: null, title: "" };

function show(k) {
  state.at = Math.max(0, Math.min(state.steps.length - 1, k));
  const { view } = state.steps[state.at];
  renderFelt($("#table"), {
    seats: view.players.map((p) => ({
      seat: p.seat,
      player: p.player,
      name: state.names[p.player] || p.player,
      chips: p.stack,
    })),
    hand: view,
    hero: null,
    names: state.names,
  });
  fill("event", stepText(state.at));
  fill("counter", t("hand.counter", { at: String(state.at + 1), total: String(state.steps.length) }));
  $("#step").value = state.at;
  $("#prev").disabled = $("#first").disabled = state.at === 0;
  $("#next").disabled = $("#last").disabled = state.at === state.steps.length - 1;
  for (const [k, item] of [...$("#events").children].entries()) {
    item.style.color = k === state.at ? "var(--accent)" : "";
    if (k === state.at) item.scrollIntoView({ block: "nearest" });
  }
  if (state.at === state.steps.length - 1) stop();
}

function play() {
  if (state.playing) return stop();
  if (state.at === state.steps.length - 1) show(0);
  $("#play").textContent = t("hand.pause");
  state.playing = setInterval(() => show(state.at + 1), 900);
}

function stop() {
  clearInterval(state.playing);
  state.playing = null;
  $("#play").textContent = t("hand.play");
}

function setUpDownloads() {
  const seat = seatOf(tournament);
  const textPath = `/hands/${encodeURIComponent(handId)}/text`;
  $("#text-link").href = `/api${textPath}`;
  $("#text-link").addEventListener("click", (event) => {
    if (!seat) return; // the public history: a plain link
    event.preventDefault();
    download(textPath, seat.token, `${handId}.txt`).catch((error) => say("message", error.message, "error"));
  });
  const director = directorToken();
  $("#phh").hidden = !director;
  $("#phh").addEventListener("click", () =>
    download(`/hands/${encodeURIComponent(handId)}/phh`, director, `${handId}.phh`).catch((error) =>
      say("message", error.message, "error"),
    ),
  );
}

async function load() {
  $("#tournament-link").href = `/t/${tournament}`;
  // the id is "<tournament>-t<table>-h<hand>": people read the table and the hand
  const place = /-t(\d+)-h(\d+)$/.exec(handId);
  state.title = place
    ? t("hand.title_at", { table: place[1], hand: place[2] })
    : t("hand.title", { id: handId });
  fill("title", state.title);
  setUpDownloads();
  try {
    const [hand, t] = await Promise.all([
      api(`/hands/${encodeURIComponent(handId)}`),
      api(`/tournaments/${tournament}`).catch(() => ({ standings: [] })),
    ]);
    for (const r of t.standings) state.names[r.player] = r.name;
    state.steps = hand.steps;
  } catch (error) {
    say("message", error.message, "error");
    return;
  }
  $("#step").max = state.steps.length - 1;
  fill(
    "events",
    state.steps.map((step, k) =>
      h(
        "li",
        {},
        h(
          "a",
          { href: `#${k + 1}`, onclick: (e) => (e.preventDefault(), stop(), show(k)) },
          stepText(k),
        ),
      ),
    ),
  );
  show(0);
}

function stepText(k) {
  const step = state.steps[k];
  return describeStep(step, state.steps[k - 1] || null, state.title, (seat) => nameAt(step, seat));
}

function nameAt(step, seat) {
  const player = step.view.players.find((p) => p.seat === seat);
  return (player && state.names[player.player]) || t("common.seat_n", { seat: String(seat) });
}

$("#first").addEventListener("click", () => (stop(), show(0)));
$("#prev").addEventListener("click", () => (stop(), show(state.at - 1)));
$("#next").addEventListener("click", () => (stop(), show(state.at + 1)));
$("#last").addEventListener("click", () => (stop(), show(state.steps.length - 1)));
$("#play").addEventListener("click", play);
$("#step").addEventListener("input", (event) => (stop(), show(Number(event.target.value))));
document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "INPUT") return;
  if (event.key === "ArrowRight") show(state.at + 1);
  if (event.key === "ArrowLeft") show(state.at - 1);
});
load();
