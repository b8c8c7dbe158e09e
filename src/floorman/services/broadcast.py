"""Who watches a tournament, and the frames they are sent.

A :class:`Subscriber` is one websocket: a player (he sees his own seat), a
spectator of one table, or the lobby and the director (tournament summaries
only).  Frames are queued per subscriber; the socket's own task sends them.
What a frame holds is decided elsewhere (the service's views): the
broadcaster only knows who gets which table.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: a subscriber's queue never holds more frames than this (each frame holds
#: the whole state, so only the newest matter)
QUEUE_LIMIT = 500

SEAT_TAKEN_CODE = 4409  # websocket close code: the seat was opened on another device
SEAT_TAKEN = {
    "type": "seat_taken",
    "code": SEAT_TAKEN_CODE,
    "message": "seat taken over on another device",
}


@dataclass(eq=False)  # kept in a set: compared and hashed by identity
class Subscriber:
    """One websocket: a player (sees his seat), a spectator of a table, or
    the lobby/director (tournament summaries only)."""

    queue: asyncio.Queue[dict[str, Any]]
    player: str | None = None
    table: int | None = None  # spectators: the table watched

    def send(self, message: dict[str, Any]) -> None:
        """Queue a frame; a client that falls far behind loses its oldest
        frames, never the newest (each frame holds the whole state)."""
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.queue.get_nowait()
        self.queue.put_nowait(message)


class Broadcaster:
    """The subscribers of one tournament and the frames pushed to them.

    ``view(table, player)`` builds a table frame for one viewer,
    ``summary()`` the tournament frame, ``seated_at(player)`` the table a
    player sits at now (None: not seated): players follow their seat."""

    def __init__(
        self,
        view: Callable[[int, str | None], dict[str, Any]],
        summary: Callable[[], dict[str, Any]],
        seated_at: Callable[[str], int | None],
    ) -> None:
        self.view = view
        self.summary = summary
        self.seated_at = seated_at
        self.subscribers: set[Subscriber] = set()

    def subscribe(self, player: str | None, table: int | None) -> Subscriber:
        sub = Subscriber(asyncio.Queue(), player, table)
        self.subscribers.add(sub)
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)

    def take_seat(self, sub: Subscriber) -> int:
        """The player opened his seat on another device: every older socket
        of his is told and closed (4409); the newest one plays.  Returns how
        many were closed."""
        older = [s for s in self.subscribers if s is not sub and s.player == sub.player]
        for old in older:
            self.subscribers.discard(old)
            old.send(dict(SEAT_TAKEN))
        return len(older)

    def table_of(self, sub: Subscriber) -> int | None:
        """The table a subscriber sees: a player's own, else the watched one."""
        if sub.player is not None:
            table = self.seated_at(sub.player)
            if table is not None:
                return table
        return sub.table

    def broadcast_table(self, number: int) -> None:
        for sub in list(self.subscribers):
            if self.table_of(sub) == number:
                sub.send(self.view(number, sub.player))

    def broadcast_chat(self, number: int, message: dict[str, Any]) -> None:
        """A chat line to everyone at or watching table ``number``."""
        for sub in list(self.subscribers):
            if self.table_of(sub) == number:
                sub.send(message)

    def broadcast_summary(self) -> None:
        message = self.summary()
        for sub in list(self.subscribers):
            sub.send(message)


__all__ = ["QUEUE_LIMIT", "SEAT_TAKEN", "SEAT_TAKEN_CODE", "Broadcaster", "Subscriber"]
