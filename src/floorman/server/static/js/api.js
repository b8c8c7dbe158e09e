// Talking to the server: HTTP calls, the tokens kept in this browser, and a
// websocket that reconnects by itself.

import { errorText } from "./errors.js";

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

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
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
 * it reconnects with exponential backoff (0.5 s, 1 s, 2 s … at most 15 s).
 * params.token (a seat's token) never goes in the URL, where access logs
 * would keep it: the first message on every connection is the hello,
 * {"type": "hello", "token": …} (or without a token for a spectator).
 * The server refusing us (unknown token, no tournament, a bad hello) is
 * final; "too many sockets" (4429) or "server full" (4503) wait longest.
 * onStatus(state, detail) gets "connecting", "online", "reconnecting"
 * (detail: seconds until the next try), "refused" (detail: the reason) or
 * "taken" (the seat was opened on another device: close code 4409, final).
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
  let stopped = false;

  function connect() {
    onStatus("connecting");
    socket = new WebSocket(url);
    socket.onopen = () => {
      socket.send(JSON.stringify(hello));
      attempt = 0;
      onStatus("online");
    };
    socket.onmessage = (event) => onMessage(JSON.parse(event.data));
    socket.onclose = (event) => {
      if (stopped) return;
      if (event.code === 4400 || event.code === 4403 || event.code === 4404) {
        onStatus("refused", event.reason || "refused by the server");
        return;
      }
      if (event.code === 4409) {
        // The seat was opened on another device: that one plays now.
        onStatus("taken", event.reason || "seat taken over on another device");
        return;
      }
      const busy = event.code === 4429 || event.code === 4503;
      const delay = (busy ? 15000 : Math.min(15000, 500 * 2 ** attempt)) * (0.85 + 0.3 * Math.random());
      attempt += 1;
      onStatus("reconnecting", Math.ceil(delay / 1000));
      retry = setTimeout(connect, delay);
    };
  }

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
