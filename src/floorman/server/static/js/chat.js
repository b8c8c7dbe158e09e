// The table chat (issue 11), in the side panel beside the hand log: the
// lines of the table the page sits at or watches, a box to write one, and
// the tabs that switch between the log and the chat.  The server keeps
// every line and refuses what the rules do not allow (a muted player,
// DE-ETIQ-2; too long, too fast): this module shows what it sends.
// Messages are put in as text, never as HTML: a player's "<b>" is literal.

import { newKey } from "./api.js";
import { $, h } from "./dom.js";
import { errorElement } from "./errors.js";
import { has, lang, t } from "./i18n.js";

const LOCALE = lang === "nb" ? "nb-NO" : lang === "de" ? "de-DE" : "en-GB";
const clock = new Intl.DateTimeFormat(LOCALE, { hour: "2-digit", minute: "2-digit" });
// lines kept on the page; the server's history is the last 50
const KEEP = 200;

/** The chat refusals (floorman/services/chat.py) and this page's words for
 * them, used while errors.json has none. */
const REFUSALS = {
  "the director has muted your chat": "table.chat.refused.muted",
  "a chat line is 1 to {most} characters of text": "table.chat.refused.length",
  "one chat line a second": "table.chat.refused.rate",
  "chat goes to a table: watch or sit at one": "table.chat.refused.no_table",
};
// the socket's own rate refusal (server/ws.py): the chat's when a chat line
// was the last thing sent
const SOCKET_RATE = "too many messages: wait {seconds} s";

/**
 * The chat panel.  send(message) puts a frame on the socket (false: not
 * connected); me() is the viewer's player id (null: a spectator);
 * chatWasLast() says whether a chat line was the page's last message.
 * Returns the handlers of the chat frames and of chat refusals.
 */
export function installChat({ send, me, chatWasLast = () => false }) {
  const list = $("#chat-lines");
  const input = $("#chat-input");
  const box = $("#chat-error");
  const unread = $("#chat-unread");
  const tabs = { log: $("#tab-log"), chat: $("#tab-chat") };
  const panels = { log: $("#hand-log"), chat: $("#chat-box") };
  const seen = new Set();
  let count = 0;
  let lastSent = "";
  let notSent = false; // the box says "not connected" (cleared once frames flow again)

  const chatShown = () => !panels.chat.hidden;

  function showUnread() {
    unread.hidden = count === 0;
    unread.textContent = count > 99 ? "99+" : String(count);
    unread.setAttribute("aria-label", t("table.chat.unread", { count }));
  }

  function select(name) {
    for (const key of Object.keys(tabs)) {
      const on = key === name;
      tabs[key].setAttribute("aria-selected", String(on));
      tabs[key].tabIndex = on ? 0 : -1;
      panels[key].hidden = !on;
    }
    if (name === "chat") {
      count = 0;
      showUnread();
      list.scrollTop = list.scrollHeight;
    } else {
      panels.log.scrollTop = panels.log.scrollHeight;
    }
  }

  tabs.log.addEventListener("click", () => select("log"));
  tabs.chat.addEventListener("click", () => select("chat"));
  // The arrow keys move between the tabs, as a tab list does.
  for (const [name, other] of [
    ["log", "chat"],
    ["chat", "log"],
  ]) {
    tabs[name].addEventListener("keydown", (event) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      event.preventDefault();
      select(other);
      tabs[other].focus();
    });
  }

  function element(line) {
    const at = new Date(Number(line.at) * 1000);
    const name = line.player === null || line.player === undefined
      ? t("table.chat.spectator")
      : line.name;
    const mine = line.player && line.player === me();
    return h(
      "li",
      {
        class: `chat-line${mine ? " mine" : ""}${line.player ? "" : " rail"}`,
        "data-testid": "chat-line",
        "data-id": String(line.id),
      },
      h("time", { class: "chat-time", datetime: at.toISOString() }, clock.format(at)),
      " ",
      h("span", { class: "chat-name", "data-testid": "chat-name" }, name),
      ": ",
      h("span", { class: "chat-text", "data-testid": "chat-text" }, String(line.text ?? "")),
      // a spectator's line while the hand runs: kept from the seated players
      line.players_see === false
        ? h("span", { class: "chat-hidden", "data-testid": "chat-hidden" }, ` ${t("table.chat.players_dont_see")}`)
        : null,
    );
  }

  function add(lines) {
    const near = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    const fresh = lines.filter((line) => !seen.has(line.id));
    for (const line of fresh) seen.add(line.id);
    list.append(...fresh.map(element));
    while (list.children.length > KEEP) list.firstElementChild.remove();
    // Follow the newest line unless he scrolled back to read.
    if (near || !chatShown()) list.scrollTop = list.scrollHeight;
    return fresh.length;
  }

  input.form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    box.hidden = true;
    notSent = false;
    // the id (128 random bits): the same line sent twice is said once
    if (!send({ type: "chat", text, id: newKey() })) {
      box.replaceChildren(t("table.chat.not_sent"));
      box.hidden = false;
      notSent = true;
      return;
    }
    lastSent = input.value;
    input.value = "";
  });

  return {
    /** The first fresh frame after a reconnect: "not connected" is no
     * longer true (a refusal by the server stays until he sends again). */
    reconnected() {
      if (!notSent) return;
      notSent = false;
      box.hidden = true;
    },
    /** {type: "chat", …}: one new line. */
    onLine(line) {
      const added = add([line]);
      if (added && !chatShown() && line.player !== me()) {
        count += added;
        showUnread();
      }
    },
    /** {type: "chat_history", lines}: the table's last lines, on joining it. */
    onHistory(frame) {
      seen.clear();
      list.replaceChildren();
      add(frame.lines || []);
    },
    /** A refused chat line: shown under the box (true), or not a chat error. */
    onError(frame) {
      const rate = frame.template === SOCKET_RATE && chatWasLast();
      const key = REFUSALS[frame.template];
      if (!key && !rate) return false;
      notSent = false;
      const detail = rate || has(`errors.msg.${frame.template}`)
        ? frame
        : { ...frame, template: undefined, reason: t(key, frame.values || {}) };
      box.replaceChildren(errorElement(detail));
      box.hidden = false;
      if (!input.value) input.value = lastSent; // his words are not lost
      select("chat");
      return true;
    },
  };
}
