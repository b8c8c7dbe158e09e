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
Client → server: an action object such as ``{"action": "raise", "amount": 40}``,
``{"action": "look"}``, ``{"action": "draw", "cards": ["As", "Kd"]}``,
``{"type": "chat", "text": "nice hand"}`` (players and spectators; the
director can mute a player, DE-ETIQ-2), ``{"type": "watch", "table": 2}``.

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
from collections.abc import MutableMapping
from typing import Any

from fastapi import APIRouter, WebSocket

from floorman.server.error_bodies import clause_texts, error_body, message_body
from floorman.server.limits import BadJson, parse_json
from floorman.services import SEAT_TAKEN_CODE, FloormanError, TournamentService
from floorman.services.broadcast import Subscriber

router = APIRouter()
log = logging.getLogger("floorman.server")

MAX_MESSAGE = 10_000  # characters of one client message
CLOSE_BAD_TOKEN = 4403  # close code: the player token is unknown (final)
CLOSE_NO_TOURNAMENT = 4404  # close code: no such tournament (final)


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


class SocketSession:
    """One client's socket: its subscriber, the task sending its frames and
    the loop reading its messages."""

    def __init__(
        self,
        websocket: WebSocket,
        service: TournamentService,
        player: str | None,
        table: int | None,
    ) -> None:
        self.websocket = websocket
        self.service = service
        self.player = player
        self.table = table
        self.state = SocketState()
        self.sub: Subscriber | None = None

    async def run(self) -> None:
        """Accept, play until either side is gone, then clean up: the
        subscriber is removed whatever happened."""
        try:
            await self.websocket.accept()
        except Exception:  # gone before it was accepted
            self.state.to(ConnectionPhase.CLOSED)
            return
        self.state.to(ConnectionPhase.OPEN)
        service = self.service
        sub = self.sub = service.subscribe(self.player, self.table)
        sender: asyncio.Task[None] | None = None
        try:
            if self.player is not None:
                service.take_seat(sub)  # one device per seat: the older ones are closed
                service.back(self.player)
            sub.send(service.summary())
            number = service.table_of(sub)
            if number is not None:
                sub.send(service.table_view(number, self.player))
                self.chat_history(number)
            sender = asyncio.create_task(self.pump(sub.queue))
            await self.read()
        finally:
            try:
                if sender is not None:
                    sender.cancel()
                    await asyncio.gather(sender, return_exceptions=True)
            finally:
                service.unsubscribe(sub)
                self.state.to(ConnectionPhase.CLOSED)

    async def send(self, message: dict[str, Any]) -> bool:
        """Send one frame while open; a client gone meanwhile closes the
        session (False), it never raises."""
        if not self.state.is_open:
            return False
        try:
            await self.websocket.send_text(json.dumps(message))
        except Exception as error:  # WebSocketDisconnect, a reset connection, …
            log.debug("socket gone while sending: %r", error)
            self.state.to(ConnectionPhase.CLOSED)
            return False
        return True

    async def close(self, code: int, reason: str) -> None:
        if self.state.to(ConnectionPhase.CLOSING):
            try:
                await self.websocket.close(code=code, reason=reason)
            except Exception as error:  # already gone
                log.debug("socket gone while closing: %r", error)
        self.state.to(ConnectionPhase.CLOSED)

    async def pump(self, queue: asyncio.Queue[dict[str, Any]]) -> None:
        """Send the subscriber's frames as they come."""
        while self.state.is_open:
            message = await queue.get()
            if not await self.send(message):
                return
            if message.get("type") == "seat_taken":
                await self.close(SEAT_TAKEN_CODE, str(message["message"]))
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
            text = message.get("text")
            self.handle(text if isinstance(text, str) else None)

    def frame(self, message: dict[str, Any]) -> None:
        """Queue a frame for this client (sent by :meth:`pump`)."""
        if self.sub is not None:
            self.sub.send(message)

    def error(self, message: str, clause: str) -> None:
        """An error frame for a message the server refused before the rules
        saw it (``message`` is its own translation template)."""
        self.frame({"type": "error", **message_body(message, clause=clause, error="BadMessage")})

    def watch(self, table: int | None) -> None:
        """Watch another table (a player keeps seeing his own)."""
        if self.sub is not None:
            self.sub.table = table
        if table is not None:
            self.frame(self.service.table_view(table, self.player))
            self.chat_history(table)

    def chat(self, text: Any) -> None:
        """A table chat line, to the table this socket sits at or watches."""
        table = self.service.table_of(self.sub) if self.sub is not None else None
        try:
            self.service.chat(self.player, table, text)
        except FloormanError as error:
            self.frame({"type": "error", **error_body(error)})

    def chat_history(self, table: int | None) -> None:
        if table is not None:
            lines = self.service.chat_log(table, limit=50)
            self.frame({"type": "chat_history", "table": table, "lines": lines})

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
            return self.chat(data.get("text"))
        if self.player is None:
            return self.error("spectators cannot act", service.rulings["not_a_player"])
        try:
            service.submit(self.player, data)
        except FloormanError as error:
            body = error_body(error)
            if not body["clause"]:
                body["clause"], body["clauses"] = turn, clause_texts(turn)
            self.frame({"type": "error", **body})
        except Exception:  # a bug must cost one message, not the player's socket
            log.exception("action %r from %s failed", data, self.player)
            self.error("the server could not take that action", turn)
        return None


@router.websocket("/ws/tournaments/{tournament_id}")
async def tournament_socket(websocket: WebSocket, tournament_id: str) -> None:
    service = websocket.app.state.floor.get(tournament_id)
    token = websocket.query_params.get("token")
    table_param = websocket.query_params.get("table")
    try:
        # A refusal is accepted, then closed with an application code, so
        # the client knows it is final and stops retrying (a close before
        # the accept reaches a browser only as 1006, which it retries).
        if service is None:
            await websocket.accept()
            await websocket.close(code=CLOSE_NO_TOURNAMENT, reason="no such tournament")
            return
        player = service.player_for(token) if token else None
        if token and player is None:
            await websocket.accept()
            await websocket.close(code=CLOSE_BAD_TOKEN, reason="unknown player token")
            return
    except Exception as error:  # gone before it was refused
        log.debug("socket gone while refused: %r", error)
        return
    table = (
        int(table_param)
        if table_param and table_param.isascii() and table_param.isdigit()
        else None
    )
    await SocketSession(websocket, service, player, table).run()
