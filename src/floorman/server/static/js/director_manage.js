// The director's housekeeping and the table chat: entries taken back before
// the seat draw (OQ-41, DE-SEAT-1), a tournament called off, deleted or
// archived out of the lobby, and the chat of every table with a mute per
// speaker (DE-ETIQ-1/2).

import { api, directorToken } from "./api.js";
import { confirmStep } from "./confirm.js";
import { $, fill, h } from "./dom.js";
import { lang, t as tr } from "./i18n.js";

const CHAT_EVERY_MS = 4000;
const CHAT_LINES = 300;

/**
 * ``ctx``: {state, call(path, body, done, near), ok(text), fail(error),
 * reloadList(), reload()} of the console (director.js).
 */
export function managePanel(ctx) {
  const { state } = ctx;
  let muted = new Map(); // player -> muted, from the ruling log (DE-ETIQ-2)
  let chatKey = null;

  const chosen = () => state.t && state.t.id === state.id ? state.t : null;

  // What cannot be undone asks first, beside its buttons (confirm.js).
  function cancel() {
    const t = chosen();
    if (!t) return;
    confirmStep($("#manage-confirm"), {
      title: tr("director.confirm_cancel", { name: t.name }),
      yes: tr("director.cancel"),
      testid: "cancel-confirm",
      onYes: async () => {
        await ctx.call("/cancel", { note: "" }, tr("director.cancelled", { name: t.name }));
        await ctx.reloadList();
      },
    });
  }

  function remove() {
    const t = chosen();
    if (!t) return;
    confirmStep($("#manage-confirm"), {
      title: tr("director.confirm_delete", { name: t.name }),
      yes: tr("director.delete"),
      testid: "delete-confirm",
      onYes: () => removeNow(t),
    });
  }

  async function removeNow(t) {
    try {
      await api(`/tournaments/${t.id}`, { method: "DELETE", token: directorToken() });
      ctx.ok(tr("director.deleted", { name: t.name }));
      state.id = null;
      await ctx.reloadList();
      await ctx.reload();
    } catch (error) {
      ctx.fail(error);
    }
  }

  async function archive() {
    const t = chosen();
    if (!t) return;
    const archived = !state.showArchive;
    try {
      await api(`/tournaments/${t.id}/archive`, {
        method: "POST",
        token: directorToken(),
        body: { archived },
      });
      ctx.ok(tr(archived ? "director.archived" : "director.unarchived", { name: t.name }));
      state.id = null;
      await ctx.reloadList();
      await ctx.reload();
    } catch (error) {
      ctx.fail(error);
    }
  }

  $("#cancel").addEventListener("click", cancel);
  $("#delete").addEventListener("click", remove);
  $("#archive").addEventListener("click", archive);
  $("#show-archive").addEventListener("change", async () => {
    state.showArchive = $("#show-archive").checked;
    state.id = null;
    await ctx.reloadList();
    await ctx.reload();
  });

  /** Buttons for what this tournament's status allows (the server decides). */
  function renderButtons(t) {
    const status = t ? t.status : null;
    $("#cancel").disabled = status !== "registering";
    $("#delete").disabled = status !== "registering" && status !== "cancelled";
    $("#archive").disabled = status !== "finished" && status !== "cancelled";
    fill("archive", tr(state.showArchive ? "director.unarchive" : "director.archive"));
  }

  /** Every entry with its Unregister button while registration is open. */
  function renderEntries(t) {
    const open = t && t.status === "registering" ? t.standings : [];
    if (!open.length) return fill("registered");
    fill(
      "registered",
      h(
        "table",
        { class: "data", "data-testid": "entries" },
        h(
          "thead",
          {},
          h("tr", {}, h("th", {}, tr("common.col.player")), h("th", {}, tr("director.entry_state")), h("th", {}, "")),
        ),
        h(
          "tbody",
          {},
          open.map((r) =>
            h(
              "tr",
              { "data-testid": "entry", "data-player": r.player },
              h("td", {}, r.name),
              h("td", {}, tr(r.confirmed === false ? "director.entry.unpaid" : "director.entry.paid")),
              h(
                "td",
                {},
                h(
                  "button",
                  {
                    class: "btn small",
                    type: "button",
                    "data-testid": "unregister",
                    onclick: () => unregister(r),
                  },
                  tr("director.unregister"),
                ),
              ),
            ),
          ),
        ),
      ),
    );
  }

  /** An entry taken back (OQ-41): asked first, answered beside the list. */
  function unregister(r) {
    confirmStep($("#entries-confirm"), {
      title: tr("director.unregister.ask", { name: r.name }),
      text: tr("director.unregister.what"),
      yes: tr("director.unregister"),
      testid: "unregister-confirm",
      onYes: () =>
        ctx.call(
          `/players/${encodeURIComponent(r.player)}/unregister`,
          {},
          tr("director.unregistered", { name: r.name }),
          $("#entries-answer"),
        ),
    });
  }

  const timeOf = (at) =>
    new Date(at * 1000).toLocaleTimeString(lang, { hour12: false, hour: "2-digit", minute: "2-digit" });

  function chatLine(line) {
    const silenced = Boolean(line.player && muted.get(line.player));
    return h(
      "li",
      { "data-testid": "chat-line", "data-player": line.player || "" },
      h("time", { class: "muted" }, timeOf(line.at)),
      h("span", { class: "muted" }, tr("common.table_n", { table: String(line.table) })),
      h("strong", {}, line.player ? line.name : tr("director.chat.spectator")),
      h("span", { class: "chat-text" }, line.text),
      line.player
        ? h(
            "button",
            {
              class: `btn small${silenced ? "" : " danger"}`,
              type: "button",
              "data-testid": "chat-mute",
              "data-muted": silenced ? "true" : "false",
              onclick: () =>
                ctx.call(
                  "/floor/mute-chat",
                  { player: line.player, muted: !silenced, note: "" },
                  tr(silenced ? "director.chat.unmuted" : "director.chat.muted", { name: line.name }),
                ),
            },
            tr(silenced ? "director.chat.unmute" : "director.chat.mute"),
          )
        : null,
    );
  }

  let lines = [];

  function renderChat() {
    const box = $("#chat-log");
    const key = JSON.stringify([lines.length && lines[lines.length - 1].id, [...muted]]);
    if (key === chatKey) return;
    chatKey = key;
    const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
    fill(
      box,
      lines.length
        ? h("ol", { class: "log chat" }, lines.slice(-CHAT_LINES).map(chatLine))
        : h("p", { class: "muted" }, tr("director.chat.empty")),
    );
    if (atBottom) box.scrollTop = box.scrollHeight; // newest at the bottom, kept in view
  }

  async function refreshChat() {
    if (!state.id || !directorToken() || !chosen()) {
      lines = [];
      return renderChat();
    }
    try {
      lines = await api(`/tournaments/${state.id}/chat`, { token: directorToken() });
    } catch {
      lines = []; // a wrong token: the console's other calls say so
    }
    renderChat();
  }

  setInterval(() => {
    if (document.visibilityState === "visible") refreshChat();
  }, CHAT_EVERY_MS);

  return {
    /** The chosen tournament and its rulings, after every load. */
    render(t, rulings) {
      muted = new Map();
      for (const e of rulings || []) if (e.type === "chat_muted") muted.set(e.player, e.muted);
      renderButtons(t);
      renderEntries(t);
      refreshChat();
    },
    isMuted: (player) => Boolean(muted.get(player)),
  };
}
