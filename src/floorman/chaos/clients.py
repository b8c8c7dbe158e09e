"""The clients of a fault run: a director, bots and browser-protocol
players, all asyncio in one process, each keeping a ledger of every
command it sent (:class:`Sent`) for the checker.

Every command carries an idempotency key and is sent again with the same
key until it gets an answer: a call that timed out, lost its connection
or got a 5xx (a runner taking over, Redis gone), or a 429, is retried;
any other answer is final.  The two kinds of player differ as the real
clients do:

- a **bot** plays as ``floorman bot`` does: its actions go over the
  websocket with their ``id``; one not yet answered by a frame is sent
  again, with the same id, on the next connection or after a while;
- a **browser** player acts as the browser's table does with a call that
  must be answered (``POST …/actions`` with an Idempotency-Key, retried
  on a lost answer), and says a line of table chat now and then over the
  websocket with the line's id.

A share of the calls and websocket actions (:data:`DOUBLE_CLICKS`) is
sent twice at once with the same key, as a double click or a retry racing
its first sending does: both sendings must get the same answer, and the
command must be applied once.

Registrations go over HTTP with a key: the browser players' as anyone's
(a key of 128 random bits), the bots' through the director's desk (the
public rate limit is per address, and every client here shares one).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

#: answers after which a call is sent again with the same key
RETRIED_STATUS = frozenset({429, 500, 502, 503, 504})
#: a call not answered within this is retried (shorter than a pause of
#: PostgreSQL: a retry then meets its first sending still on its way)
REQUEST_SECONDS = 6.0
#: a command still unanswered after this is given up (counted as such)
GIVE_UP_SECONDS = 120.0
#: a websocket action no frame has answered is sent again after this
RESEND_SECONDS = 6.0
BACKOFF_SECONDS = (0.2, 0.5, 1.0, 2.0, 3.0)
#: the actions in a hand (each is one chosen action in the hand's log)
HAND_ACTIONS = frozenset({"fold", "check_or_call"})
#: the share of calls and websocket actions sent twice at once (a double click)
DOUBLE_CLICKS = 0.2
#: a call above this is mostly folded (the run's stacks are 20,000)
FOLD_ABOVE = 600


def new_key() -> str:
    """128 random bits: what the server asks of a key sent without a token."""
    return secrets.token_hex(16)


@dataclass
class Sent:
    """One command as its client knows it.  ``author`` as the server
    scopes keys (``public``, ``director``, ``player:<id>``); ``effect``:
    what identifies its result in the database (a name, a chat line, a
    ruling's note, an action); ``acknowledged``: answered 200."""

    kind: str
    tournament: str
    author: str
    key: str
    effect: str = ""
    count: int = 0
    over: str = "http"
    acknowledged: bool = False
    status: int | None = None
    attempts: int = 0
    #: 2: sent twice at once on purpose (a double click), not a retry
    copies: int = 1
    #: sent twice at once, both answered 200, with different answers
    answers_differ: bool = False


@dataclass
class Ledger:
    sent: list[Sent] = field(default_factory=list)
    given_up: int = 0

    def new(self, kind: str, tournament: str, author: str, **more: Any) -> Sent:
        record = Sent(kind, tournament, author, new_key(), **more)
        self.sent.append(record)
        return record

    @property
    def acknowledged(self) -> int:
        return sum(1 for s in self.sent if s.acknowledged)

    @property
    def retried(self) -> int:
        """Commands sent again (with the same key) for want of an answer."""
        return sum(1 for s in self.sent if s.attempts > s.copies)

    @property
    def resent(self) -> int:
        """Sendings again for want of an answer, all commands together."""
        return sum(max(0, s.attempts - s.copies) for s in self.sent)

    @property
    def doubled(self) -> int:
        """Commands sent twice at once on purpose (a double click)."""
        return sum(1 for s in self.sent if s.copies > 1)


async def call(
    http: httpx.AsyncClient,
    ledger: Ledger,
    record: Sent,
    path: str,
    body: dict[str, Any] | None = None,
    *,
    token: str | None = None,
    twice: bool = False,
) -> dict[str, Any] | None:
    """POST ``body`` with the record's key until it is answered for good;
    returns the 200 answer's body (None: refused, or given up).
    ``twice``: sent twice at once with the same key (a double click, a
    retry racing its first sending): both must get the same answer."""
    headers = {"Idempotency-Key": record.key}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if not twice:
        return _settle(record, await _until_answered(http, ledger, record, path, body, headers))
    record.copies = 2
    first, second = await asyncio.gather(
        _until_answered(http, ledger, record, path, body, headers),
        _until_answered(http, ledger, record, path, body, headers),
    )
    if first and second and first[0] == second[0] == 200 and first[1] != second[1]:
        record.answers_differ = True
    settled = [a for a in (first, second) if a is not None]
    return _settle(record, max(settled, key=lambda a: a[0] == 200) if settled else None)


def _settle(record: Sent, answered: tuple[int, Any] | None) -> dict[str, Any] | None:
    if answered is None:
        return None
    record.status = answered[0]
    record.acknowledged = answered[0] == 200
    if not record.acknowledged:
        return None
    return answered[1] if isinstance(answered[1], dict) else {}


async def _until_answered(
    http: httpx.AsyncClient,
    ledger: Ledger,
    record: Sent,
    path: str,
    body: dict[str, Any] | None,
    headers: dict[str, str],
) -> tuple[int, Any] | None:
    """(status, body) of the first answer that is no reason to retry; None: given up."""
    give_up = time.monotonic() + GIVE_UP_SECONDS
    tries = 0
    while True:
        record.attempts += 1
        tries += 1
        try:
            response = await http.post(path, json=body or {}, headers=headers)
        except httpx.HTTPError:
            response = None
        if response is not None and response.status_code not in RETRIED_STATUS:
            try:
                return response.status_code, response.json()
            except ValueError:
                return response.status_code, response.text
        if time.monotonic() > give_up:
            ledger.given_up += 1
            return None
        pause = BACKOFF_SECONDS[min(tries - 1, len(BACKOFF_SECONDS) - 1)]
        if response is not None and response.status_code == 429:
            pause = max(pause, float(response.headers.get("retry-after", "1")))
        await asyncio.sleep(pause)


@dataclass
class Seat:
    tournament: str
    player: str
    token: str
    name: str
    #: registered as anyone does, and played as the browser does
    browser: bool = False


class Player:
    """One seat played to the end of the run (``stop``) or of the tournament."""

    def __init__(
        self,
        seat: Seat,
        kind: str,
        http: httpx.AsyncClient,
        ledger: Ledger,
        rng: random.Random,
        chat_every: float = 25.0,
    ) -> None:
        self.seat, self.kind, self.http, self.ledger, self.rng = seat, kind, http, ledger, rng
        self.chat_every = chat_every
        self.url = (
            str(http.base_url).replace("http", "ws", 1).rstrip("/")
            + f"/ws/tournaments/{seat.tournament}"
        )
        self.author = f"player:{seat.player}"
        self.acted: set[tuple[str, int]] = set()
        #: a websocket message not yet answered by a frame: (text, record, sent at)
        self.unanswered: tuple[str, Sent, float] | None = None
        self.next_chat = time.monotonic() + rng.uniform(5, chat_every)
        self.connections = 0
        self.finished = False

    async def play(self, stop: asyncio.Event) -> None:
        failures = 0
        while not stop.is_set() and not self.finished:
            try:
                async with websockets.connect(
                    self.url, open_timeout=10, close_timeout=1, max_size=2**23
                ) as socket:
                    self.connections += 1
                    await socket.send(json.dumps({"type": "hello", "token": self.seat.token}))
                    if self.unanswered is not None:
                        await self._resend(socket)
                    failures = 0
                    await self._frames(socket, stop)
            except (OSError, TimeoutError, websockets.WebSocketException):
                pass
            failures += 1
            with contextlib.suppress(TimeoutError):
                pause = BACKOFF_SECONDS[min(failures, len(BACKOFF_SECONDS)) - 1]
                await asyncio.wait_for(stop.wait(), pause)

    async def _resend(self, socket: Any) -> None:
        assert self.unanswered is not None
        text, record, _ = self.unanswered
        record.attempts += 1
        self.unanswered = (text, record, time.monotonic())
        await socket.send(text)

    async def _frames(self, socket: Any, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(socket.recv(), 1.0)
            except TimeoutError:
                if self.unanswered and time.monotonic() - self.unanswered[2] > RESEND_SECONDS:
                    await self._resend(socket)
                continue
            frame = json.loads(text)
            kind = frame.get("type")
            if kind == "error" or (kind == "table" and self._moved_on(frame)):
                self.unanswered = None  # what was sent came through (or was refused)
            if kind == "tournament" and frame.get("status") in ("finished", "cancelled"):
                self.finished = True
                return
            if kind == "table":
                await self._table(socket, frame)
            if self.kind == "browser" and time.monotonic() > self.next_chat:
                self.next_chat = time.monotonic() + self.rng.uniform(0.5, 1.5) * self.chat_every
                await self._chat(socket)

    def _moved_on(self, frame: dict[str, Any]) -> bool:
        hand = frame.get("hand") or {}
        return (frame.get("hand_id"), len(hand.get("log") or ())) not in self.acted

    async def _table(self, socket: Any, frame: dict[str, Any]) -> None:
        you = frame.get("you") or {}
        if you.get("away") and self.unanswered is None:
            await self._send_action(socket, {"action": "back"})
            return
        hand = frame.get("hand")
        if not hand or hand.get("legal") is None or hand.get("actor") != you.get("seat"):
            return
        moment = (str(frame.get("hand_id")), len(hand.get("log") or ()))
        if moment in self.acted:
            return
        self.acted.add(moment)
        legal = hand.get("legal") or {}
        owed = int(legal.get("call_amount") or 0)
        # mostly along, out of the big bets: the run's tournaments last its minutes
        odds = 0.9 if owed > FOLD_ABOVE else 0.1 if owed else 0.0
        folds = bool(legal.get("can_fold")) and self.rng.random() < odds
        await self._send_action(socket, {"action": "fold" if folds else "check_or_call"})

    async def _send_action(self, socket: Any, action: dict[str, Any]) -> None:
        if self.kind == "browser":  # a call that must be answered, retried until it is
            record = self.ledger.new(
                "act", self.seat.tournament, self.author, effect=action["action"]
            )
            await call(
                self.http,
                self.ledger,
                record,
                f"/api/tournaments/{self.seat.tournament}/actions",
                action,
                token=self.seat.token,
                twice=self.rng.random() < DOUBLE_CLICKS,
            )
            return
        record = self.ledger.new(
            "act", self.seat.tournament, self.author, effect=action["action"], over="ws"
        )
        record.attempts = 1
        text = json.dumps({**action, "id": record.key})
        self.unanswered = (text, record, time.monotonic())
        await socket.send(text)
        if self.rng.random() < DOUBLE_CLICKS:  # the same message twice: taken once
            record.attempts += 1
            record.copies = 2
            await socket.send(text)

    async def _chat(self, socket: Any) -> None:
        record = self.ledger.new("chat", self.seat.tournament, self.author, over="ws")
        record.effect = f"chaos line {record.key[:16]}"
        record.attempts = 1
        await socket.send(json.dumps({"type": "chat", "text": record.effect, "id": record.key}))


class Director:
    """The director's calls: tournaments made and filled, a warning with a
    note of its own now and then, every tournament paused at the end."""

    def __init__(
        self, http: httpx.AsyncClient, ledger: Ledger, token: str, rng: random.Random
    ) -> None:
        self.http, self.ledger, self.token, self.rng = http, ledger, token, rng

    async def create(self, body: dict[str, Any]) -> str:
        record = self.ledger.new("create", "", "director", effect=str(body.get("name", "")))
        answer = await call(
            self.http, self.ledger, record, "/api/tournaments", body, token=self.token
        )
        if answer is None:
            raise RuntimeError(f"the tournament could not be made ({record.status})")
        record.tournament = str(answer["id"])
        return record.tournament

    async def register(self, tournament: str, name: str, *, public: bool) -> Seat | None:
        author = "public" if public else "director"
        record = self.ledger.new("register", tournament, author, effect=name)
        answer = await call(
            self.http,
            self.ledger,
            record,
            f"/api/tournaments/{tournament}/register",
            {"name": name},
            token=None if public else self.token,
            twice=public,  # anyone's registration, sent twice at once: one seat, one token
        )
        if answer is None:
            return None
        return Seat(tournament, str(answer["player"]), str(answer["token"]), name, public)

    async def add_bots(self, tournament: str, count: int) -> None:
        record = self.ledger.new("add_bots", tournament, "director", count=count)
        path = f"/api/tournaments/{tournament}/bots"
        await call(
            self.http,
            self.ledger,
            record,
            path,
            {"count": count, "kind": "random"},
            token=self.token,
        )

    async def simple(self, kind: str, tournament: str) -> bool:
        """``start`` or ``pause``."""
        record = self.ledger.new(kind, tournament, "director")
        path = f"/api/tournaments/{tournament}/{kind}"
        return await call(self.http, self.ledger, record, path, token=self.token) is not None

    async def warn(self, seat: Seat) -> None:
        record = self.ledger.new("warn", seat.tournament, "director")
        record.effect = f"chaos warning {record.key[:16]}"
        body = {"player": seat.player, "clause": "OQ-03", "note": record.effect}
        path = f"/api/tournaments/{seat.tournament}/floor/warn"
        twice = self.rng.random() < DOUBLE_CLICKS
        await call(self.http, self.ledger, record, path, body, token=self.token, twice=twice)

    async def keep_warning(self, seats: list[Seat], stop: asyncio.Event, every: float) -> None:
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), self.rng.uniform(0.5, 1.5) * every)
            if not stop.is_set() and seats:
                await self.warn(self.rng.choice(seats))


__all__ = ["HAND_ACTIONS", "Director", "Ledger", "Player", "Seat", "Sent", "call", "new_key"]
