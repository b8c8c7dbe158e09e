"""Who watches a tournament, and the frames they are sent.

A :class:`Subscriber` is one websocket: a player (he sees his own seat), a
spectator of one table, or the lobby and the director (tournament summaries
only).  What a frame holds is decided elsewhere (the service's views): the
broadcaster knows who gets which table, and builds and serialises each
distinct view once per change — every spectator of a table shares one
frame, a seat's frame is built once however many sockets it has open.

Frames go out only once the change they show is stored (``after_stored``),
in the order of the changes.

Memory is bounded: a table frame or a summary holds the whole state, so a
subscriber keeps only the newest of each (a stalled socket holds two
frames, not hundreds); the other frames (errors, chat) are capped per
subscriber; and all queued frames of the process together are capped by a
:class:`FrameBudget` — over it, a socket that is behind is closed (4413)
rather than the server's memory growing.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from itertools import count
from typing import Any, Protocol

import orjson

from floorman.storage.writer import CommitBatch

#: frames that hold the whole state: only the newest of each kind matters
WHOLE_STATE = frozenset({"table", "tournament"})
#: bytes of other frames (errors, chat) one subscriber may have queued
OTHER_FRAMES_LIMIT = 256 * 1024
#: bytes all subscribers of the process may have queued together
TOTAL_LIMIT = 256 * 1024 * 1024

SEAT_TAKEN_CODE = 4409  # websocket close code: the seat was opened on another device
SEAT_TAKEN = {
    "type": "seat_taken",
    "code": SEAT_TAKEN_CODE,
    "message": "seat taken over on another device",
}
TOO_SLOW_CODE = 4413  # close code: the client fell too far behind the frames sent to it
TOO_SLOW = "too far behind: the server's frame queue is full"

#: what one frame to "everyone of these" costs: a text shared by all
Frame = str


def frame_text(message: dict[str, Any]) -> Frame:
    """A frame as its JSON text (orjson: serialising every viewer's frame
    was the server's second cost after building them, and orjson does it
    several times faster than the standard library)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class FrameBudget:
    """The bytes of all queued frames of the process (shared by every
    tournament's subscribers)."""

    def __init__(self, limit: int = TOTAL_LIMIT) -> None:
        self.limit = limit
        self.queued = 0


#: the process's one budget (tests give a subscriber a small one of its own)
BUDGET = FrameBudget()


class Subscriber:
    """One websocket: a player (sees his seat), a spectator of a table, or
    the lobby/director (tournament summaries only)."""

    def __init__(
        self,
        player: str | None = None,
        table: int | None = None,
        *,
        budget: FrameBudget = BUDGET,
        on_watch: Callable[[Subscriber, int | None, int | None], None] | None = None,
    ) -> None:
        self.player = player
        self._table = table
        self.budget = budget
        self._on_watch = on_watch
        self._frames: OrderedDict[Hashable, Frame] = OrderedDict()
        self._other_bytes = 0
        self._ready = asyncio.Event()
        self._numbers = count()
        self.close_code: int | None = None
        self.close_reason = ""
        self.ident = secrets.token_hex(8)  # names the socket to other processes
        #: the deployment's one order of seat openings has reached this
        #: socket: it held the seat, and a later opening closes it
        self.held_seat = False

    @property
    def table(self) -> int | None:
        """The table watched (spectators, or a player not seated)."""
        return self._table

    @table.setter
    def table(self, table: int | None) -> None:
        old, self._table = self._table, table
        if self._on_watch is not None and old != table:
            self._on_watch(self, old, table)

    @property
    def closing(self) -> bool:
        return self.close_code is not None

    def send(self, message: dict[str, Any]) -> None:
        """Queue a frame (serialised here: for one subscriber only)."""
        kind = message.get("type")
        self.push(frame_text(message), kind if kind in WHOLE_STATE else None)

    def push(self, text: Frame, kind: str | None = None) -> None:
        """Queue a serialised frame.  ``kind`` (a :data:`WHOLE_STATE` kind)
        replaces the one of that kind still queued: only the newest matters."""
        if self.closing:
            return
        key: Hashable
        if kind is not None:
            key = kind
            old = self._frames.pop(key, None)
            if old is not None:
                self.budget.queued -= len(old)
        else:
            key = next(self._numbers)
            self._other_bytes += len(text)
            while self._other_bytes > OTHER_FRAMES_LIMIT and self._drop_oldest_other():
                pass
        if self._frames and self.budget.queued + len(text) > self.budget.limit:
            # behind, and the process is out of room for frames: shed this one
            self.finish(TOO_SLOW_CODE, TOO_SLOW, discard=True)
            return
        self._frames[key] = text
        self.budget.queued += len(text)
        self._ready.set()

    def _drop_oldest_other(self) -> bool:
        for key in self._frames:
            if not isinstance(key, str):
                text = self._frames.pop(key)
                self._other_bytes -= len(text)
                self.budget.queued -= len(text)
                return True
        return False

    def finish(self, code: int, reason: str, *, discard: bool = False) -> None:
        """Close the socket once what is queued is sent (``discard``: at once)."""
        if discard:
            self.clear()
        self.close_code, self.close_reason = code, reason
        self._ready.set()

    def clear(self) -> None:
        """Drop every queued frame (the socket is gone)."""
        self.budget.queued -= sum(len(text) for text in self._frames.values())
        self._frames.clear()
        self._other_bytes = 0

    def take(self) -> Frame | None:
        """The oldest queued frame, or None if there is none."""
        if not self._frames:
            self._ready.clear()
            return None
        key, text = self._frames.popitem(last=False)
        self.budget.queued -= len(text)
        if not isinstance(key, str):
            self._other_bytes -= len(text)
        return text

    async def next(self) -> Frame | None:
        """Wait for the next frame; None once the socket is to be closed
        (:attr:`close_code`) and nothing is left to send."""
        while True:
            text = self.take()
            if text is not None:
                return text
            if self.closing:
                return None
            await self._ready.wait()


class Publisher(Protocol):
    """Where a tournament's changes are published: the :class:`Broadcaster`
    of this process's sockets, or, in a runner of the multi-process
    deployment, the relay that publishes them to the web processes
    (floorman.cluster.relay), which has no sockets at all."""

    def broadcast_table(self, number: int) -> None: ...
    def broadcast_chat(self, number: int, message: dict[str, Any]) -> None: ...
    def broadcast_summary(self) -> None: ...
    def committed(self, batch: CommitBatch, start: int, hand_starts: dict[str, int]) -> None:
        """A batch handed to the store (a relay publishes its events)."""


#: the older name of :class:`Publisher`
Fanout = Publisher


class SocketHub(Protocol):
    """The sockets watching one tournament in this process: subscribing,
    leaving, one device per seat (a :class:`Broadcaster`; a runner has none)."""

    @property
    def subscribers(self) -> set[Subscriber]: ...
    def subscribe(self, player: str | None, table: int | None) -> Subscriber: ...
    def unsubscribe(self, sub: Subscriber) -> None: ...
    def take_seat(self, sub: Subscriber) -> int: ...
    def table_of(self, sub: Subscriber) -> int | None: ...


class Broadcaster:
    """The subscribers of one tournament and the frames pushed to them: the
    :class:`SocketHub` of a process with sockets, and its :class:`Publisher`.

    ``views(table, players)`` builds the table frame for each distinct
    viewer (None: a spectator), ``summary()`` the tournament frame,
    ``seated_at(player)`` the table a player sits at now (None: not seated)
    and ``seated(table)`` who sits there: players follow their seat.
    ``after_stored(callback)`` runs the callback once every change made so
    far is stored."""

    def __init__(
        self,
        views: Callable[[int, list[str | None]], dict[str | None, dict[str, Any]]],
        summary: Callable[[], dict[str, Any]],
        seated_at: Callable[[str], int | None],
        seated: Callable[[int], Iterable[str]],
        after_stored: Callable[[Callable[[], None]], None] = lambda deliver: deliver(),
        *,
        budget: FrameBudget = BUDGET,
    ) -> None:
        self.views = views
        self.summary = summary
        self.seated_at = seated_at
        self.seated = seated
        self.after_stored = after_stored
        self.budget = budget
        self.subscribers: set[Subscriber] = set()
        self._by_player: dict[str, set[Subscriber]] = {}
        self._watching: dict[int, set[Subscriber]] = {}
        self.frames_built = 0  # distinct table frames built (the benchmark reads it)

    def subscribe(self, player: str | None, table: int | None) -> Subscriber:
        sub = Subscriber(player, table, budget=self.budget, on_watch=self._watch)
        self.subscribers.add(sub)
        if player is not None:
            self._by_player.setdefault(player, set()).add(sub)
        if table is not None:
            self._watching.setdefault(table, set()).add(sub)
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        """The socket is gone: it leaves, and so does every frame queued for
        it (a frame that would still come is dropped, never counted)."""
        self._remove(sub)
        sub.finish(1000, "", discard=True)

    def _remove(self, sub: Subscriber) -> None:
        if sub not in self.subscribers:
            return
        self.subscribers.discard(sub)
        if sub.player is not None:
            self._discard(self._by_player, sub.player, sub)
        if sub.table is not None:
            self._discard(self._watching, sub.table, sub)

    def _watch(self, sub: Subscriber, old: int | None, new: int | None) -> None:
        if sub not in self.subscribers:
            return
        if old is not None:
            self._discard(self._watching, old, sub)
        if new is not None:
            self._watching.setdefault(new, set()).add(sub)

    @staticmethod
    def _discard(index: dict[Any, set[Subscriber]], key: Any, sub: Subscriber) -> None:
        subs = index.get(key)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del index[key]

    def committed(self, batch: CommitBatch, start: int, hand_starts: dict[str, int]) -> None:
        return None  # sockets hear of a change by its frames, once it is stored

    def take_seat(self, sub: Subscriber) -> int:
        """The player opened his seat on another device: every older socket
        of his is told and closed (4409); the newest one plays.  Returns how
        many were closed.  One process's order: its sockets' hellos."""
        sub.held_seat = True
        return self._close([s for s in self._by_player.get(sub.player or "", ()) if s is not sub])

    def close_others(self, player: str, keep: str, notice: dict[str, Any] | None = None) -> int:
        """Close every socket of ``player`` but the one named ``keep``
        (``""``: all of them), each told ``notice`` and closed with its code
        (4409 seat taken, unless said otherwise)."""
        return self._close([s for s in self._by_player.get(player, ()) if s.ident != keep], notice)

    def seat_opened(self, player: str, keep: str) -> int:
        """The cluster's order (a runner's, one per tournament, heard by
        every web process in the same order): the socket named ``keep``
        holds ``player``'s seat now, and every socket of his that held it
        before is told and closed (4409).  A socket here whose opening the
        runner has not carried out yet is newer than ``keep``: it stays,
        and closes ``keep`` when its own turn comes.  So of two devices
        opened at once, on one web process or two, exactly one plays."""
        subs = self._by_player.get(player, ())
        for sub in subs:
            if sub.ident == keep:
                sub.held_seat = True
        return self._close([s for s in subs if s.held_seat and s.ident != keep])

    def _close(self, older: list[Subscriber], notice: dict[str, Any] | None = None) -> int:
        notice = notice or SEAT_TAKEN
        code = notice["code"]
        assert isinstance(code, int)
        for old in older:
            self._remove(old)  # no more frames; this last one, then the close
            old.clear()
            old.send(dict(notice))
            old.finish(code, str(notice["message"]))
        return len(older)

    def table_of(self, sub: Subscriber) -> int | None:
        """The table a subscriber sees: a player's own, else the watched one."""
        if sub.player is not None:
            table = self.seated_at(sub.player)
            if table is not None:
                return table
        return sub.table

    def at_table(self, number: int) -> list[Subscriber]:
        """Everyone who sees table ``number`` now."""
        candidates = set(self._watching.get(number, ()))
        for player in self.seated(number):
            candidates.update(self._by_player.get(player, ()))
        return [sub for sub in candidates if self.table_of(sub) == number]

    def broadcast_table(self, number: int) -> None:
        """Table ``number`` changed: each distinct viewer's frame is built
        and serialised once now, and sent once the change is stored."""
        groups: dict[str | None, list[Subscriber]] = {}
        for sub in self.at_table(number):
            groups.setdefault(sub.player, []).append(sub)
        if not groups:
            return
        frames = self.views(number, list(groups))
        self.frames_built += len(frames)
        texts = [(frame_text(frames[viewer]), subs) for viewer, subs in groups.items()]
        self.after_stored(lambda: self._deliver(texts, "table"))

    def broadcast_chat(self, number: int, message: dict[str, Any]) -> None:
        """A chat line to everyone at or watching table ``number``; one the
        players may not read (``players_see`` false: a spectator's during a
        hand, DE-INFO-1…3) only to those not seated there."""
        subs = self.at_table(number)
        if message.get("players_see") is False:
            seated = set(self.seated(number))
            subs = [sub for sub in subs if sub.player not in seated]
        if subs:
            self._deliver([(frame_text(message), subs)], None)

    def broadcast_summary(self) -> None:
        if not self.subscribers:
            return
        text = frame_text(self.summary())
        subs = list(self.subscribers)
        self.after_stored(lambda: self._deliver([(text, subs)], "tournament"))

    def _deliver(self, texts: list[tuple[Frame, list[Subscriber]]], kind: str | None) -> None:
        for text, subs in texts:
            for sub in subs:
                if sub in self.subscribers:  # still there when the change is stored
                    sub.push(text, kind)


__all__ = [
    "BUDGET",
    "OTHER_FRAMES_LIMIT",
    "SEAT_TAKEN",
    "SEAT_TAKEN_CODE",
    "TOO_SLOW",
    "TOO_SLOW_CODE",
    "TOTAL_LIMIT",
    "WHOLE_STATE",
    "Broadcaster",
    "Fanout",
    "FrameBudget",
    "Publisher",
    "SocketHub",
    "Subscriber",
    "frame_text",
]
