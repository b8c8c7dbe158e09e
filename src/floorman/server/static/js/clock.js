// The big-screen clock of a live room: level, time left, stakes, next level,
// players left and average stack.  Live by the tournament's summary frames,
// and reloaded every 20 s in any case.

import { api, watchTournament } from "./api.js";
import { $, chips, clockText, fill, throttled, tournamentIdFromPath } from "./dom.js";
import { levelsOf, makeCountdown, stakesText } from "./summary.js";

const id = tournamentIdFromPath();
const countdown = makeCountdown();

async function load() {
  try {
    render(await api(`/tournaments/${id}`));
  } catch (error) {
    fill("name", error.message);
  }
}

function render(t) {
  document.title = `${t.name} · clock`;
  fill("name", `${t.name} · ${t.profile}`);
  const { number, current, next } = levelsOf(t);
  const paused = t.status === "running" && t.clock && t.clock.paused;
  fill(
    "level",
    t.status === "finished" ? "Finished" : current && current.is_break ? "Break" : `Level ${number}`,
  );
  $("#paused").hidden = !paused;
  fill(
    "stakes",
    current && !current.is_break ? `${current.blinds[1] ? "Blinds" : ""} ${stakesText(current)}` : "",
  );
  fill("next", next ? `Next: ${stakesText(next)}` : "Last level");
  fill(
    "players",
    t.status === "registering" ? `${t.players} registered` : `${t.players_left} / ${t.players}`,
  );
  fill("average", chips(t.average_stack));
  fill("tables", String(t.tables.length));
  countdown.set(t);
  tick();
}

function tick() {
  const left = countdown.left();
  const time = $("#time");
  time.textContent = left === null ? "–:––" : clockText(left);
  time.toggleAttribute("data-low", left !== null && left < 60);
}

watchTournament(id, throttled(load, 500), (state, detail) => {
  $("#conn").dataset.state = state;
  fill("conn", state === "reconnecting" ? `reconnecting in ${detail}s…` : state);
});
load();
setInterval(tick, 250);
setInterval(load, 20000);
