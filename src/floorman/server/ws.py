"""The websocket protocol: one socket per seat (or spectator).

Server → client frames: ``{"type": "table", …}`` (the engine's view for this
seat only), ``{"type": "tournament", …}`` (summaries), ``{"type": "error",
"clause": …, "message": …, "template": …, "values": …, "clauses": […]}``
(a rejected action, nothing changed: the body of
:func:`floorman.server.error_bodies.error_body`),
``{"type": "seat_taken", …}`` (the player opened his seat on another device:
this socket is then closed with code 4409), ``{"type": "chat", "name", "text",
…}`` (a table chat line) and ``{"type": "chat_history", "lines": […]}`` (the
table's last 50 lines, on joining it).
Client → server: first of all a hello, ``{"type": "hello", "token":
"<player token>"}`` for a player or ``{"type": "hello"}`` for a spectator,
the lobby or the director's watcher.  The seat token travels in this
message, never in the URL (``/ws/tournaments/{id}``, optionally
``?table=N``), so no access log ever holds it.  The server waits
:data:`HELLO_SECONDS` for it (then closes 4408), closes 4403 for an unknown
token and 4400 for a URL that carries ``?token=`` or a first message that
is no hello; then it behaves as below.  After the hello: an action object
such as ``{"action": "raise", "amount": 40}``,
``{"action": "look"}``, ``{"action": "draw", "cards": ["As", "Kd"]}``,
``{"type": "chat", "text": "nice hand"}`` (players and spectators; the
director can mute a player, DE-ETIQ-2), ``{"type": "watch", "table": 2}``.

Limits a client cannot exceed (:class:`SocketLimits`, OQ-41): the
transport refuses a frame over :data:`WS_MAX_BYTES` before reading it (close
1009); each socket may send ``burst`` messages at once and ``per_minute``
after that (an error frame "too many messages: wait {seconds} s" for each
one over, close 4429 after ``refusals_before_close`` of them); spectator
sockets are capped per client address (close 4429) and per server process
(close 4503) — a seated player's socket is never refused by either.  The
per-address cap (20) can be raised for a server whose spectators share one
address (a proxy, ``floorman bench server --spectators``) with the
environment variable :data:`SPECTATORS_PER_ADDRESS_ENV`, read when the app
is built (:meth:`SocketLimits.from_environment`).

Each socket is a small state machine (:class:`SocketState`): *connecting*
until accepted, *open* while frames flow both ways, *closing* once the server
closes it (4409), *closed* when either side is gone.  Nothing a client does —
vanishing in the middle of a frame included — raises out of the handler, and
its subscriber is always removed when the handler ends.
"""

from __future__ import annotations

import asyncio
import enum
import json
import logging
import math
import os
from collections import Counter
from collections.abc import MutableMapping
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, WebSocket

from floorman.server.api import execute_of, floor_of, player_of
from floorman.server.error_bodies import clause_texts, message_body
from floorman.server.limits import BadJson, parse_json
from floorman.server.metrics import Metrics
from floorman.server.rate import RateLimiter
from floorman.services.broadcast import Subscriber, frame_text
from floorman.services.commands import (
    MAX_KEY,
    PUBLIC,
    Chat,
    Command,
    SeatOpened,
    act_command,
    player_author,
)
from floorman.services.handler import Execute
from floorman.services.view import TournamentView

router = APIRouter()
log = logging.getLogger("floorman.server")

MAX_MESSAGE = 10_000  # characters of one client message
CLOSE_BAD_TOKEN = 4403  # close code: the player token is unknown (final)
CLOSE_NO_TOURNAMENT = 4404  # close code: no such tournament (final)
CLOSE_BAD_REQUEST = 4400  # close code: a token in the URL, or no hello first (final)
CLOSE_NO_HELLO = 4408  # close code: no hello within HELLO_SECONDS
CLOSE_TOO_MANY = 4429  # close code: over a per-client limit
CLOSE_FULL = 4503  # close code: the server holds as many spectators as it may
HELLO_SECONDS = 10.0
#: the transport's frame limit (uvicorn ``ws_max_size``): MAX_MESSAGE
#: characters of UTF-8 fit, a 100 MB frame is refused before it is read
WS_MAX_BYTES = 64 * 1024
LIMIT_CLAUSE = "OQ-41"  # limits that are no rule: tournament administration
SPECTATORS_PER_ADDRESS_ENV = "FLOORMAN_SPECTATORS_PER_ADDRESS"


@dataclass
class SocketLimits:
    """What one client may do with sockets, and the count of the open
    spectator sockets it is checked against (one per server process, on
    ``app.state.socket_limits``; tests set small values)."""

    burst: int = 20
    per_minute: float = 120.0
    refusals_before_close: int = 200
    spectators_per_address: int = 20
    spectators_total: int = 5_000
    #: sockets before their hello, per address (a browser says it at once)
    pending_per_address: int = 64
    hello_seconds: float = HELLO_SECONDS
    spectators: Counter[str] = field(default_factory=Counter)
    #: sockets that have not said hello yet, per address: without a cap a
    #: client could hold thousands open for HELLO_SECONDS each
    pending: Counter[str] = field(default_factory=Counter)
    total: int = 0

    @classmethod
    def from_environment(cls, env: MutableMapping[str, str] | None = None) -> SocketLimits:
        """The defaults, but for a spectator cap per address given in
        :data:`SPECTATORS_PER_ADDRESS_ENV` (a whole number from 1 to the
        total cap; anything else is an error at start, not a silent default)."""
        text = (os.environ if env is None else env).get(SPECTATORS_PER_ADDRESS_ENV, "").strip()
        if not text:
            return cls()
        total = cls.spectators_total
        if not text.isdigit() or not 1 <= int(text) <= total:
            raise ValueError(f"{SPECTATORS_PER_ADDRESS_ENV} must be from 1 to {total}: {text!r}")
        return cls(spectators_per_address=int(text))

    def admit_pending(self, address: str) -> bool:
        if self.pending[address] >= self.pending_per_address:
            return False
        self.pending[address] += 1
        return True

    def release_pending(self, address: str) -> None:
        self.pending[address] -= 1
        if self.pending[address] <= 0:
            del self.pending[address]

    def admit_spectator(self, address: str) -> tuple[int, str] | None:
        """None: admitted (and counted); else the close code and reason."""
        if self.spectators[address] >= self.spectators_per_address:
            return CLOSE_TOO_MANY, "too many spectator sockets from this address"
        if self.total >= self.spectators_total:
            return CLOSE_FULL, "the server holds as many spectators as it can: try later"
        self.spectators[address] += 1
        self.total += 1
        return None

    def release_spectator(self, address: str) -> None:
        self.total -= 1
        self.spectators[address] -= 1
        if self.spectators[address] <= 0:
            del self.spectators[address]


class ConnectionPhase(enum.Enum):
    CONNECTING = "connecting"
    OPEN = "open"
    CLOSING = "closing"
    CLOSED = "closed"


#: the phases each phase may move on to; closed is final
TRANSITIONS: dict[ConnectionPhase, frozenset[ConnectionPhase]] = {
    ConnectionPhase.CONNECTING: frozenset(
        {ConnectionPhase.OPEN, ConnectionPhase.CLOSING, ConnectionPhase.CLOSED}
    ),
    ConnectionPhase.OPEN: frozenset({ConnectionPhase.CLOSING, ConnectionPhase.CLOSED}),
    ConnectionPhase.CLOSING: frozenset({ConnectionPhase.CLOSED}),
    ConnectionPhase.CLOSED: frozenset(),
}


class SocketState:
    """connecting → open → closing → closed.  :meth:`to` returns whether the
    phase changed: moving to the phase it is in, or anywhere once closed,
    changes nothing (both directions may see the end); going back (open →
    connecting, closing → open) is a bug and raises ValueError."""

    def __init__(self) -> None:
        self.phase = ConnectionPhase.CONNECTING
        self.history: list[ConnectionPhase] = [ConnectionPhase.CONNECTING]

    def to(self, phase: ConnectionPhase) -> bool:
        if phase is self.phase or self.phase is ConnectionPhase.CLOSED:
            return False
        if phase not in TRANSITIONS[self.phase]:
            raise ValueError(f"a socket cannot go from {self.phase.value} to {phase.value}")
        self.phase = phase
        self.history.append(phase)
        return True

    @property
    def is_open(self) -> bool:
        return self.phase is ConnectionPhase.OPEN


@dataclass(frozen=True)
class ChatHistory:
    """A socket's own request, queued among its commands: the table's
    last chat lines for the frame ``chat_history``."""

    table: int


class SocketSession:
    """One client's socket: its subscriber, the task sending its frames and
    the loop reading its messages."""

    def __init__(
        self,
        websocket: WebSocket,
        service: TournamentView,
        player: str | None,
        table: int | None,
        *,
        limits: SocketLimits | None = None,
        accepted: bool = False,
        execute: Execute | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        """``accepted``: the socket was accepted already (the hello came
        before this session); ``metrics``: the app's, counting this
        socket and its frames."""
        self.websocket = websocket
        self.service = service
        self.player = player
        self.table = table
        self.state = SocketState()
        self.sub: Subscriber | None = None
        self.limits = limits or SocketLimits()
        self.rate = RateLimiter(self.limits.burst, self.limits.per_minute)
        self.refusals = 0
        self.accepted = accepted
        self.execute = execute
        self.metrics = metrics
        # a socket's commands are carried out one after the other, in the
        # order it sent them (one worker per socket, never one task each)
        self.outbox: asyncio.Queue[Command | ChatHistory] = asyncio.Queue()
        self.worker: asyncio.Task[None] | None = None

    async def run(self) -> None:
        """Accept, play until either side is gone, then clean up: the
        subscriber is removed whatever happened."""
        if not self.accepted:
            try:
                await self.websocket.accept()
            except Exception:  # gone before it was accepted
                self.state.to(ConnectionPhase.CLOSED)
                return
        self.state.to(ConnectionPhase.OPEN)
        if self.metrics is not None:
            self.metrics.sockets.inc()
        service = self.service
        sub = self.sub = service.subscribe(self.player, self.table)
        sender: asyncio.Task[None] | None = None
        self.worker = asyncio.get_running_loop().create_task(self.carry_out())
        try:
            if self.player is not None:
                service.take_seat(sub)  # one device per seat: the older ones are closed
                # he is back; in a cluster the runner also closes his older
                # sockets on other web processes, in the order it hears of them
                self.send_command(
                    SeatOpened(
                        tournament=service.id,
                        author=player_author(self.player),
                        key=sub.ident,  # carried out once, also if sent again
                        socket=sub.ident,
                    )
                )
            sub.send(service.summary())
            number = service.table_of(sub)
            if number is not None:
                sub.send(service.table_view(number, self.player))
                self.chat_history(number)
            sender = asyncio.create_task(self.pump(sub))
            await self.read()
        finally:
            try:
                if sender is not None:
                    sender.cancel()
                    await asyncio.gather(sender, return_exceptions=True)
            finally:
                if self.worker is not None:  # nobody is left to hear the answers
                    self.worker.cancel()
                service.unsubscribe(sub)
                self.state.to(ConnectionPhase.CLOSED)
                if self.metrics is not None:
                    self.metrics.sockets.dec()

    async def send(self, message: dict[str, Any]) -> bool:
        return await self.send_text(frame_text(message))

    async def send_text(self, text: str) -> bool:
        """Send one serialised frame while open; a client gone meanwhile
        closes the session (False), it never raises."""
        if not self.state.is_open:
            return False
        try:
            await self.websocket.send_text(text)
        except Exception as error:  # WebSocketDisconnect, a reset connection, …
            log.debug("socket gone while sending: %r", error)
            self.state.to(ConnectionPhase.CLOSED)
            return False
        if self.metrics is not None:  # a str's isascii() is a flag, no scan
            self.metrics.frame_sent(len(text) if text.isascii() else len(text.encode()))
        return True

    async def close(self, code: int, reason: str) -> None:
        if self.state.to(ConnectionPhase.CLOSING):
            try:
                await self.websocket.close(code=code, reason=reason)
            except Exception as error:  # already gone
                log.debug("socket gone while closing: %r", error)
        self.state.to(ConnectionPhase.CLOSED)

    async def pump(self, sub: Subscriber) -> None:
        """Send the subscriber's frames as they come (each already
        serialised, shared with every other viewer of the same view); close
        the socket when the service says so (4409 seat taken, 4413 behind)."""
        while self.state.is_open:
            text = await sub.next()
            if text is None:
                await self.close(sub.close_code or 1000, sub.close_reason)
                return
            if not await self.send_text(text):
                return

    async def receive(self) -> MutableMapping[str, Any] | None:
        """The client's next message; None once it is gone or the socket
        closed."""
        try:
            message: MutableMapping[str, Any] = await self.websocket.receive()
        except Exception as error:  # RuntimeError after our own close (4409), a reset
            log.debug("socket gone while receiving: %r", error)
            self.state.to(ConnectionPhase.CLOSED)
            return None
        if message["type"] == "websocket.disconnect":
            self.state.to(ConnectionPhase.CLOSED)
            return None
        return message

    async def read(self) -> None:
        """Take the client's messages until the socket is no longer open."""
        while self.state.is_open:
            message = await self.receive()
            if message is None:
                return
            if not self.rate.allow("socket"):
                await self.refuse()
                continue
            text = message.get("text")
            self.handle(text if isinstance(text, str) else None)

    async def refuse(self) -> None:
        """A message over the socket's rate (OQ-41): an error frame saying
        when to go on; a client that keeps going far over is closed 4429."""
        self.refusals += 1
        if self.refusals >= self.limits.refusals_before_close:
            await self.close(CLOSE_TOO_MANY, "too many messages")
            return
        wait = max(1, math.ceil(self.rate.retry_after("socket")))
        self.error("too many messages: wait {seconds} s", LIMIT_CLAUSE, {"seconds": wait})

    def frame(self, message: dict[str, Any]) -> None:
        """Queue a frame for this client (sent by :meth:`pump`)."""
        if self.sub is not None:
            self.sub.send(message)

    def error(self, message: str, clause: str, values: dict[str, int | str] | None = None) -> None:
        """An error frame for a message the server refused before the rules
        saw it (``message`` is its own translation template)."""
        body = message_body(message, values, clause=clause, error="BadMessage")
        self.frame({"type": "error", **body})

    def watch(self, table: int | None) -> None:
        """Watch another table (a player keeps seeing his own)."""
        if self.sub is not None:
            self.sub.table = table
        if table is not None:
            self.frame(self.service.table_view(table, self.player))
            self.chat_history(table)

    def send_command(self, command: Command | ChatHistory) -> None:
        """Queue ``command`` behind this socket's earlier ones."""
        self.outbox.put_nowait(command)

    async def carry_out(self) -> None:
        """This socket's commands, in order; a refusal comes back as an
        error frame (nothing changed)."""
        while True:
            command = await self.outbox.get()
            if isinstance(command, ChatHistory):
                lines = await self.service.read_chat(command.table, limit=50, reader=self.player)
                self.frame({"type": "chat_history", "table": command.table, "lines": lines})
                continue
            turn = self.service.rulings["turn"]
            try:
                assert self.execute is not None, "a socket session needs a command handler"
                answer = await self.execute(command)
            except Exception as error:  # no runner in time, Redis gone, a bug
                log.warning("command %s failed: %r", command.kind, error)
                self.error("the server could not take that action", turn)
                continue
            if answer.ok:
                continue
            body = dict(answer.body)
            if not body.get("clause"):  # messages out of turn or out of form
                body["clause"], body["clauses"] = turn, clause_texts(turn)
            self.frame({"type": "error", **body})

    def chat(self, text: Any, key: Any = None) -> None:
        """A table chat line, to the table this socket sits at or watches;
        ``key``: the message's id (a line sent again is said once)."""
        table = self.service.table_of(self.sub) if self.sub is not None else None
        author = player_author(self.player) if self.player is not None else PUBLIC
        line = text if isinstance(text, str) else ""  # refused by the chat's own rule
        self.send_command(
            Chat(
                tournament=self.service.id,
                author=author,
                key=key if isinstance(key, str) and len(key) <= MAX_KEY else "",
                table=table,
                text=line,
            )
        )

    def chat_history(self, table: int | None) -> None:
        """The table's last lines, read off the event loop, in this socket's
        order of commands (a line it sends next comes after them)."""
        if table is not None:
            self.send_command(ChatHistory(table))

    def handle(self, text: str | None) -> None:
        """One client message (None: a binary frame): a watch request or an
        action."""
        service = self.service
        turn = service.rulings["turn"]  # messages out of turn or out of form
        if text is None:
            return self.error("send text frames holding JSON", turn)
        if len(text) > MAX_MESSAGE:
            return self.error("message too long", turn)
        try:
            data = parse_json(text)
        except json.JSONDecodeError:
            return self.error("not JSON", turn)
        except BadJson as refused:  # NaN, a lone surrogate, nesting 10,000 deep
            return self.error(refused.template, turn)
        if isinstance(data, dict) and data.get("type") == "watch":
            watched = data.get("table")
            self.watch(watched if isinstance(watched, int) else None)
            return None
        if isinstance(data, dict) and data.get("type") == "chat":
            return self.chat(data.get("text"), data.get("id"))
        if self.player is None:
            return self.error("spectators cannot act", service.rulings["not_a_player"])
        if not isinstance(data, dict):
            return self.error("an action must be an object", turn)
        self.send_command(act_command(service.id, self.player, data))
        return None


class Refused(Exception):
    """A socket the server closes before its session starts."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class Gone(Exception):
    """The client left before its session started."""


def socket_limits(app: Any) -> SocketLimits:
    limits = getattr(app.state, "socket_limits", None)
    if not isinstance(limits, SocketLimits):
        limits = app.state.socket_limits = SocketLimits()
    return limits


async def hello_token(websocket: WebSocket, seconds: float) -> str | None:
    """The token of the client's hello (None: a spectator's hello)."""
    try:
        message = await asyncio.wait_for(websocket.receive(), seconds)
    except TimeoutError:
        raise Refused(CLOSE_NO_HELLO, "send a hello first") from None
    except Exception as error:  # a reset while waiting
        raise Gone() from error
    if message["type"] == "websocket.disconnect":
        raise Gone()
    text = message.get("text")
    try:
        data = parse_json(text) if isinstance(text, str) and len(text) <= MAX_MESSAGE else None
    except (json.JSONDecodeError, BadJson):
        data = None
    if not isinstance(data, dict) or data.get("type") != "hello":
        raise Refused(CLOSE_BAD_REQUEST, 'the first message must be {"type": "hello", …}')
    token = data.get("token")
    if token is not None and not isinstance(token, str):
        raise Refused(CLOSE_BAD_REQUEST, "the hello's token must be a string")
    return token or None


@router.websocket("/ws/tournaments/{tournament_id}")
async def tournament_socket(websocket: WebSocket, tournament_id: str) -> None:
    service = floor_of(websocket).get(tournament_id)
    limits = socket_limits(websocket.app)
    address = websocket.client.host if websocket.client else "?"
    table_param = websocket.query_params.get("table")
    spectator = pending = False
    try:
        # A refusal is accepted, then closed with an application code, so
        # the client knows it is final and stops retrying (a close before
        # the accept reaches a browser only as 1006, which it retries).
        await websocket.accept()
        try:
            if service is None:
                raise Refused(CLOSE_NO_TOURNAMENT, "no such tournament")
            if "token" in websocket.query_params:
                raise Refused(
                    CLOSE_BAD_REQUEST,
                    'the token goes in the first message, {"type": "hello", "token": …},'
                    " never in the URL",
                )
            pending = limits.admit_pending(address)
            if not pending:
                raise Refused(CLOSE_TOO_MANY, "too many sockets waiting for a hello")
            token = await hello_token(websocket, limits.hello_seconds)
            limits.release_pending(address)
            pending = False
            player = await player_of(websocket, service, token) if token else None
            if token and player is None:
                raise Refused(CLOSE_BAD_TOKEN, "unknown player token")
            if player is None:
                refusal = limits.admit_spectator(address)
                if refusal is not None:
                    raise Refused(*refusal)
                spectator = True
        except Refused as refused:
            await websocket.close(code=refused.code, reason=refused.reason)
            return
    except Exception as error:  # gone before it was accepted or refused
        log.debug("socket gone before its session: %r", error)
        return
    finally:
        if pending:
            limits.release_pending(address)
    table = (
        int(table_param)
        if table_param and len(table_param) <= 6 and table_param.isascii() and table_param.isdigit()
        else None
    )
    try:
        session = SocketSession(
            websocket,
            service,
            player,
            table,
            limits=limits,
            accepted=True,
            execute=execute_of(websocket),
            metrics=getattr(websocket.app.state, "metrics", None),
        )
        await session.run()
    finally:
        if spectator:
            limits.release_spectator(address)
