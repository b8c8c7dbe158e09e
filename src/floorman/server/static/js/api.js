// Talking to the server: HTTP calls, the tokens kept in this browser, and a
// websocket that reconnects by itself.

import { errorText } from "./errors.js";
import { t } from "./i18n.js";

/** A refused request: ``message`` in the page's language (errors.js),
 * ``detail`` the raw body for errorElement(error.detail). */
export class ApiError extends Error {
  constructor(status, detail) {
    super(describe(detail) || `HTTP ${status}`);
    this.status = status;
    this.detail = detail;
    this.clause = detail && typeof detail === "object" ? detail.clause : undefined;
  }
}

/** A readable line for an error body in the page's language: a rule
 * violation, a 422 list, text (see errors.js). */
export function describe(detail) {
  return errorText(detail);
}

/** A new idempotency key: 128 random bits as 32 hex digits, what the
 * server asks of a key sent without a token (crypto.getRandomValues works
 * on a plain-http club network too, where crypto.randomUUID does not). */
export function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** How long to wait before each retry of a call that got no answer (the
 * connection dropped) or a 502/503/504 (a runner of the cluster taking a
 * tournament over). */
const RETRY_MS = [300, 1000, 2000, 4000];
const RETRIED = new Set([502, 503, 504]);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Call the API.  A call that changes something carries an
 * Idempotency-Key, the same on each retry: a call whose answer was lost is
 * sent again and done once (the server answers it as the first time). */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  if (method !== "GET") headers["idempotency-key"] = newKey();
  let response;
  for (let attempt = 0; ; attempt += 1) {
    const last = attempt >= RETRY_MS.length;
    try {
      response = await fetch(`/api${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      // no answer at all: the browser's own words ("Failed to fetch") are
      // English on every page
      if (last) throw new ApiError(0, t("deals.unreachable"));
      await pause(RETRY_MS[attempt]);
      continue;
    }
    if (last || !RETRIED.has(response.status)) break;
    await pause(RETRY_MS[attempt]);
  }
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) throw new ApiError(response.status, data && data.detail ? data.detail : data);
  return data;
}

// ------------------------------------------------------------------ tokens

const seatKey = (tournament) => `floorman.seat.${tournament}`;
const DIRECTOR_KEY = "floorman.director";

/** {player, token} of this browser's player in a tournament, or null. */
export function seatOf(tournament) {
  try {
    return JSON.parse(localStorage.getItem(seatKey(tournament)));
  } catch {
    return null;
  }
}

export function keepSeat(tournament, seat) {
  localStorage.setItem(seatKey(tournament), JSON.stringify(seat));
}

export function forgetSeat(tournament) {
  localStorage.removeItem(seatKey(tournament));
}

export function directorToken() {
  return localStorage.getItem(DIRECTOR_KEY) || "";
}

export function keepDirectorToken(token) {
  if (token) localStorage.setItem(DIRECTOR_KEY, token);
  else localStorage.removeItem(DIRECTOR_KEY);
}

/** Download text fetched with a bearer token (a plain link cannot send one). */
export async function download(path, token, filename) {
  const text = await api(path, { token });
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

// ------------------------------------------------------------------ the socket

/**
 * Open /ws/tournaments/{id}?… and keep it open: after a dropped connection
 * it tries again at once, then after 0.5 s, 1 s and every 2 s at most
 * (issue 20: a player back on the network is back at his table within
 * ~2 s).  The browser's ``online`` event and the page becoming visible
 * again retry at once; ``offline`` drops the socket (it would otherwise
 * hang on, half open, until the next frame failed).
 * params.token (a seat's token) never goes in the URL, where access logs
 * would keep it: the first message on every connection is the hello,
 * {"type": "hello", "token": …} (or without a token for a spectator).
 * The server refusing us (unknown token, no tournament, a bad hello) is
 * final; "too many sockets" (4429) or "server full" (4503) wait longest.
 * onStatus(state, detail) gets "connecting", "online", "reconnecting"
 * (detail: seconds until the next try, 0 while trying), "restarting" (the
 * server said it restarts, close code 1012: the page says so, instead of
 * "reconnecting", until it is back), "offline" (the browser has no
 * network), "refused" (detail: the reason) or "taken" (the seat was opened
 * on another device: close code 4409, final) or "reissued" (the director
 * gave the seat a new link, OQ-74: close code 4410, final).
 */
export function openSocket(tournament, params, { onMessage, onStatus }) {
  const { token, ...rest } = params;
  const query = new URLSearchParams(rest).toString();
  const hello = token ? { type: "hello", token } : { type: "hello" };
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const path = `/ws/tournaments/${encodeURIComponent(tournament)}`;
  const url = `${scheme}://${location.host}${path}${query ? `?${query}` : ""}`;
  let socket = null;
  let attempt = 0;
  let retry = null;
  let stopped = false; // closed by the page, or refused for good
  let everOpen = false; // the socket has been open: a new one is a reconnect
  let restarting = false; // the server closed with 1012: it is coming back

  function connect() {
    clearTimeout(retry);
    retry = null;
    if (stopped) return;
    // a retry says so (detail 0: trying now), the first try "connecting"
    if (restarting) onStatus("restarting");
    else if (everOpen) onStatus("reconnecting", 0);
    else onStatus("connecting");
    const current = new WebSocket(url);
    socket = current;
    current.onopen = () => {
      current.send(JSON.stringify(hello));
      attempt = 0;
      everOpen = true;
      restarting = false;
      onStatus("online");
    };
    current.onmessage = (event) => {
      if (socket === current) onMessage(JSON.parse(event.data));
    };
    current.onclose = (event) => {
      if (stopped || socket !== current) return; // replaced by a newer one
      socket = null;
      if (event.code === 4400 || event.code === 4403 || event.code === 4404) {
        stopped = true;
        onStatus("refused", event.reason || "refused by the server");
        return;
      }
      if (event.code === 4410) {
        // The director gave this seat a new link (OQ-74): this one is closed.
        stopped = true;
        onStatus("reissued", event.reason || "");
        return;
      }
      if (event.code === 4409) {
        // The seat was opened on another device: that one plays now.
        stopped = true;
        onStatus("taken", event.reason || "seat taken over on another device");
        return;
      }
      if (event.code === 1012) restarting = true; // until a socket opens again
      const busy = event.code === 4429 || event.code === 4503;
      const delay = busy
        ? 15000 * (0.85 + 0.3 * Math.random())
        : attempt === 0
          ? 0
          : Math.min(2000, 250 * 2 ** attempt) * (0.85 + 0.15 * Math.random());
      attempt += 1;
      const waiting = restarting ? "restarting" : "reconnecting";
      onStatus(navigator.onLine === false ? "offline" : waiting, Math.ceil(delay / 1000));
      retry = setTimeout(connect, delay);
    };
  }

  /** Drop the socket now (no network): its close event schedules the retry. */
  function drop() {
    if (stopped || !socket) return;
    const current = socket;
    socket = null;
    current.close();
    attempt = Math.max(attempt, 1);
    onStatus("offline");
    clearTimeout(retry);
    retry = setTimeout(connect, 1000);
  }

  /** Try again now if we are waiting to (the network is back, the page seen). */
  function now() {
    if (stopped) return;
    if (socket && socket.readyState <= WebSocket.OPEN) return;
    attempt = 0;
    connect();
  }

  const onOnline = () => now();
  const onOffline = () => drop();
  const onVisible = () => {
    if (document.visibilityState === "visible") now();
  };
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onOffline);
  document.addEventListener("visibilitychange", onVisible);

  connect();
  return {
    send(message) {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    close() {
      stopped = true;
      clearTimeout(retry);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
      document.removeEventListener("visibilitychange", onVisible);
      if (socket) socket.close();
    },
  };
}

/** Live tournament summaries (no seat, no table): calls back on each one. */
export function watchTournament(tournament, onSummary, onStatus = () => {}) {
  return openSocket(
    tournament,
    {},
    {
      onMessage: (frame) => frame.type === "tournament" && onSummary(frame),
      onStatus,
    },
  );
}
