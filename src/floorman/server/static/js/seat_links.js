// A player's seat link at the desk (OQ-74): the director shows it, or
// reissues it (the old link stops at once, so that asks first), with the
// QR code the server drew to scan with the player's phone.  A player the
// director registers gets his link and code here at once.

import { api, directorToken } from "./api.js";
import { confirmStep } from "./confirm.js";
import { $, fill, h } from "./dom.js";
import { citedError } from "./errors.js";
import { t as tr } from "./i18n.js";

/** The server's SVG as an element: parsed as SVG (never as HTML), so
 * nothing in it can run. */
function svgElement(text) {
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = parsed.documentElement;
  return svg.nodeName === "svg" ? document.importNode(svg, true) : null;
}

/** ``ctx``: {state} of the console (director.js). */
export function seatLinks(ctx) {
  const { state } = ctx;
  const answer = $("#seat-link-answer");

  const chosen = () => {
    const player = $("#seat-link-player").value;
    const row = state.t && state.t.standings.find((r) => r.player === player);
    return player ? { player, name: row ? row.name : player } : null;
  };

  function refused(error) {
    answer.dataset.kind = "error";
    answer.hidden = false;
    fill(answer, error && error.detail !== undefined ? citedError(error.detail) : String(error));
  }

  /** The link and its code on the page: {name, seat_link, url, qr_svg}. */
  function show(link, said) {
    answer.dataset.kind = "ok";
    answer.hidden = false;
    fill(answer, said);
    const url = link.url || `${location.origin}${link.seat_link}`;
    fill("seat-link-name", tr("seats.link_for", { name: link.name }));
    const anchor = $("#seat-link-url");
    anchor.href = url;
    anchor.textContent = url;
    fill("seat-link-qr", svgElement(link.qr_svg));
    $("#seat-link-card").hidden = false;
  }

  function hide() {
    $("#seat-link-card").hidden = true;
    fill("seat-link-qr");
  }

  async function request(method, who) {
    const path = `/tournaments/${state.id}/players/${encodeURIComponent(who.player)}/seat-link`;
    return api(path, { method, token: directorToken() });
  }

  async function showNow() {
    const who = chosen();
    if (!who) return;
    hide();
    try {
      show(await request("GET", who), tr("seats.shown", { name: who.name }));
    } catch (error) {
      refused(error);
    }
  }

  function reissue() {
    const who = chosen();
    if (!who) return;
    confirmStep($("#seat-link-confirm"), {
      title: tr("seats.confirm_reissue", { name: who.name }),
      text: tr("seats.confirm_reissue_text"),
      clause: "OQ-74",
      yes: tr("seats.reissue"),
      testid: "seat-link-confirm",
      onYes: async () => {
        hide();
        try {
          show(await request("POST", who), tr("seats.reissued", { name: who.name }));
        } catch (error) {
          refused(error);
        }
      },
    });
  }

  $("#seat-link-show").addEventListener("click", showNow);
  $("#seat-link-reissue").addEventListener("click", reissue);
  $("#seat-link-player").addEventListener("change", () => {
    hide();
    answer.hidden = true;
  });

  return {
    /** A new entry's link, from the registration's answer. */
    registered(entry, name) {
      show({ ...entry, name }, tr("seats.registered", { name }));
    },
  };
}
