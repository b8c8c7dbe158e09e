// The lobby: every tournament, registering for one, creating one.

import { api, directorToken, keepDirectorToken, keepSeat, seatOf } from "./api.js";
import { $, chips, fill, h, say, statusBadge } from "./dom.js";
import { languageSwitch, t as tr } from "./i18n.js";
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

function renderList(tournaments) {
  $("#empty").hidden = tournaments.length > 0;
  fill(
    "tournaments",
    tournaments.map((t) =>
      h(
        "tr",
        { "data-testid": "tournament-row", "data-id": t.id },
        h("td", {}, h("a", { href: `/t/${t.id}` }, t.name || t.id)),
        h(
          "td",
          { class: "col-rules" },
          profileTitle(t.profile),
          " ",
          h("span", { class: "muted" }, `(${t.profile})`),
        ),
        h("td", { class: "num col-level" }, t.level || "–"),
        h(
          "td",
          { class: "num" },
          t.status === "registering"
            ? tr("common.registered_n", { count: chips(t.players) })
            : `${chips(t.players_left)} / ${chips(t.players)}`,
        ),
        h("td", {}, statusBadge(t)),
        h("td", {}, links(t)),
      ),
    ),
  );
  const select = $("#register-tournament");
  const chosen = select.value;
  const open = tournaments.filter((t) => t.status === "registering");
  fill(
    select,
    open.length ? null : h("option", { value: "" }, tr("lobby.none_registering")),
    open.map((t) => h("option", { value: t.id }, `${t.name || t.id} (${t.profile})`)),
  );
  if (open.some((t) => t.id === chosen)) select.value = chosen;
}

async function refresh() {
  try {
    renderList(await api("/tournaments"));
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
  }
});

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
    profiles.map((p) => h("option", { value: p.name }, `${profileTitle(p.name, p.title)} (${p.name})`)),
  );
  $("#create-profile").value = "nm-holdem";
}

$("#create-token").value = directorToken();
loadProfiles();
refresh();
setInterval(refresh, 5000);
