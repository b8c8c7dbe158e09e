"""The Redis traffic between the processes, over Redis Streams (issue 19).

:mod:`floorman.cluster.bus` loses what is sent while nobody listens: a reply
published while a web process resubscribes is gone (the command ran, the
client gets 503 a minute later), ``BLPOP`` over a list of keys empties the
first list before it looks at the next, and a task per message lets a
socket's second command overtake its first.  A stream keeps what is written
to it until it is acknowledged or trimmed, and every reader says where it
stopped: what it missed while it was away is still there when it comes back.

- **Commands** (web process -> runner): ``floorman:cmd:<tournament>``
  (``floorman:cmd:any`` for commands of no tournament), one entry per
  command with the fields ``payload`` (the command, JSON), ``id`` (chosen by
  the sender: the reply names it), ``reply_to`` (the sender's reply stream)
  and ``timeout_ms``.  The runners read them as one consumer group
  (``runners``); a command is acknowledged and deleted with its reply, in
  one transaction, so a runner dying before that leaves it pending for the
  next owner (:meth:`CommandServer.claim`).
- **Replies** (runner -> the web process that waits): ``floorman:reply:
  <process>``, fields ``id`` and ``reply`` (JSON); trimmed to about
  :data:`REPLY_MAXLEN` entries, gone :data:`REPLY_TTL_SECONDS` after the
  last reply (the process is gone).
- **Changes** (runner -> every web process): ``floorman:changes``, field
  ``message`` (JSON), trimmed to about :data:`CHANGES_MAXLEN` entries; a
  reader that finds what it had not read trimmed away calls ``on_gap`` and
  reads what it lacks from the database, which stays the truth.

No host's wall clock decides anything: a command's deadline is the time in
its stream id (Redis's clock when it was added) plus ``timeout_ms``, checked
against Redis's clock; orders are the streams' ids.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import redis.asyncio as redis
from redis.exceptions import RedisError, ResponseError

from floorman.services.error_bodies import message_body

log = logging.getLogger("floorman.cluster")

PREFIX = "floorman:"
ANY = "any"
CHANGES = PREFIX + "changes"
GROUP = "runners"
#: how long a web process waits for a runner's reply by default (adding
#: 10,000 bots takes a few seconds on a busy runner)
REPLY_SECONDS = 60.0
#: a command stream nobody writes to is gone this long after its last
#: command's timeout: the commands carry tokens, and nobody waits any more
COMMAND_TTL_EXTRA_SECONDS = 5
#: a command stream a runner made to read (empty) goes after this long
#: unless commands come (their sender sets a shorter time): its runner makes
#: it again when it is still reading it (the tournament's stream is not
#: left behind when the tournament is over)
EMPTY_STREAM_TTL_SECONDS = 3600
REPLY_MAXLEN = 10_000
REPLY_TTL_SECONDS = 600
CHANGES_MAXLEN = 10_000

Json = dict[str, Any]
Handler = Callable[[Json], Awaitable[Json]]
Entry = tuple[str, dict[str, str]]


def connect(url: str) -> redis.Redis:
    client: redis.Redis = redis.Redis.from_url(url, decode_responses=True, health_check_interval=10)
    return client


def owner_key(tournament_id: str) -> str:
    """Names the runner playing a tournament (for people and tests to see;
    the lease itself is PostgreSQL's)."""
    return f"{PREFIX}owner:{tournament_id}"


def command_stream(tournament_id: str | None, prefix: str = PREFIX) -> str:
    return f"{prefix}cmd:{tournament_id or ANY}"


def reply_stream(process: str, prefix: str = PREFIX) -> str:
    return f"{prefix}reply:{process}"


class NoRunner(Exception):
    """No runner answered in time (none owns the tournament yet, it died
    holding the command, or Redis could not be reached)."""


# ---------------------------------------------------------------- helpers


def _text(value: Any) -> str:
    """A client's answer as text, with or without ``decode_responses``."""
    return value.decode() if isinstance(value, bytes) else str(value)


def stream_id_key(entry_id: str) -> tuple[int, int]:
    """A stream id as a pair that sorts as Redis orders the ids."""
    ms, _, seq = entry_id.partition("-")
    return int(ms), int(seq or 0)


def _fields(raw: Mapping[Any, Any] | None) -> dict[str, str]:
    return {_text(k): _text(v) for k, v in (raw or {}).items()}


def _entries(answer: Any) -> list[tuple[str, list[Entry]]]:
    """XREAD's and XREADGROUP's answer, RESP2 (a list) or RESP3 (a map):
    (stream, [(id, fields)]) in the order Redis gave them."""
    if not answer:
        return []
    pairs = answer.items() if isinstance(answer, dict) else answer
    out: list[tuple[str, list[Entry]]] = []
    for name, raw in pairs:
        entries = [(_text(i), _fields(f)) for i, f in raw if f is not None]
        out.append((_text(name), entries))
    return out


def _group_gone(error: Exception) -> bool:
    """A stream read with XREADGROUP was deleted (expired), its group with
    it: the blocked read is ended (``UNBLOCKED``), the next one refused."""
    return isinstance(error, ResponseError) and str(error).startswith(("NOGROUP", "UNBLOCKED"))


class _Reconnecting:
    """What every reader here shares: after a lost connection it waits a
    little longer each time, then reads on from the id it last saw."""

    losses = 0  # connections lost (Redis restarting, killed, failing over)

    async def backoff(self, failures: int) -> None:
        """The pause before the ``failures``-th attempt again (tests
        override it to hold a reader away while things happen)."""
        await asyncio.sleep(min(0.05 * 2 ** (failures - 1), 1.0))


async def _position_after_loss(client: redis.Redis, stream: str, last_id: str) -> tuple[str, bool]:
    """Where to read ``stream`` from after a lost connection, and whether
    entries after ``last_id`` may be gone unread.

    A stream made anew (Redis restarted without its data, or an idle stream
    expired) may number its entries below ``last_id`` (its clock behind):
    such a stream is read from its start.  Entries after ``last_id`` may be
    lost if the stream is gone, if its first entry is past ``last_id``
    (trimmed: the entries between may have been trimmed too; when they were
    not, reading the database once more does no harm), if an entry past it
    was deleted (``max-deleted-entry-id``, Redis 7), or, read from the
    start, if fewer entries are left than were ever added (Redis 7)."""
    try:
        info = await client.xinfo_stream(stream)
    except ResponseError:  # no such key
        return "0-0", last_id != "0-0"
    last = stream_id_key(last_id)
    if stream_id_key(_text(info["last-generated-id"])) < last:
        return "0-0", True
    first = info.get("first-entry")
    if last_id == "0-0":
        added = info.get("entries-added")
        return last_id, added is not None and int(added) > int(info["length"])
    trimmed = bool(first) and stream_id_key(_text(first[0])) > last
    deleted = stream_id_key(_text(info.get("max-deleted-entry-id") or "0-0")) > last
    return last_id, trimmed or deleted


class RedisClock:
    """Redis's clock, read now and then and carried on by the monotonic
    clock in between: every runner measures a deadline with the clock that
    stamped the command, whatever its host's clock says."""

    def __init__(self, client: redis.Redis, refresh_seconds: float = 10.0) -> None:
        self.client = client
        self.refresh_seconds = refresh_seconds
        self._base_ms = 0
        self._at: float | None = None

    async def now_ms(self) -> int:
        if self._at is None or time.monotonic() - self._at > self.refresh_seconds:
            seconds, micros = await self.client.time()
            self._base_ms, self._at = int(seconds) * 1000 + int(micros) // 1000, time.monotonic()
        return self._base_ms + int((time.monotonic() - self._at) * 1000)


# ---------------------------------------------------------------- commands: the sender


class CommandSender(_Reconnecting):
    """A web process's side: write a command, wait for its reply.

    One task reads the process's reply stream from the last id it has seen,
    so a reply written while its connection was down is read when it is up
    again.  Replies for nobody waiting (given up on) are skipped."""

    def __init__(
        self, client: redis.Redis, process: str, *, prefix: str = PREFIX, block_ms: int = 5000
    ) -> None:
        self.client = client
        self.process = process
        self.prefix = prefix
        self.block_ms = block_ms
        self.stream = reply_stream(process, prefix)
        self.last_id = "0-0"  # a new process's stream: every reply in it is for it
        self.waiting: dict[str, asyncio.Future[Json]] = {}
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start reading replies (:meth:`send` starts it too)."""
        if self._reader is None or self._reader.done():
            self._reader = asyncio.create_task(self._read())

    async def stop(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            await asyncio.gather(self._reader, return_exceptions=True)
            self._reader = None
        for future in list(self.waiting.values()):
            future.cancel()

    async def send(
        self, tournament_id: str | None, payload: Json, *, timeout: float = REPLY_SECONDS
    ) -> Json:
        """The runner's reply to ``payload`` (raises :class:`NoRunner`)."""
        return await (await self.post(tournament_id, payload, timeout=timeout))

    async def post(
        self, tournament_id: str | None, payload: Json, *, timeout: float = REPLY_SECONDS
    ) -> asyncio.Future[Json]:
        """Write the command; returns once Redis has it, with the future of
        its reply (:class:`NoRunner` once ``timeout`` has passed).

        Commands posted one after another (each ``post`` awaited before the
        next) are handled in that order: a socket's messages keep theirs
        while their replies are awaited together."""
        await self.start()
        ident = secrets.token_hex(8)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Json] = loop.create_future()
        self.waiting[ident] = future  # before writing: the reply may come first
        timer = loop.call_later(timeout, _give_up, future, tournament_id)

        def forget(_: asyncio.Future[Json]) -> None:
            timer.cancel()
            self.waiting.pop(ident, None)

        future.add_done_callback(forget)
        stream = command_stream(tournament_id, self.prefix)
        fields = {
            "payload": json.dumps(payload),
            "id": ident,
            "reply_to": self.stream,
            "timeout_ms": str(max(1, int(timeout * 1000))),
        }
        try:
            async with self.client.pipeline(transaction=False) as pipe:
                pipe.xadd(stream, fields)  # type: ignore[arg-type]
                pipe.expire(stream, math.ceil(timeout) + COMMAND_TTL_EXTRA_SECONDS)
                await pipe.execute()
        except (RedisError, OSError) as error:
            future.cancel()
            raise NoRunner(tournament_id) from error
        except BaseException:
            future.cancel()
            raise
        return future

    async def _read(self) -> None:
        failures = 0
        while True:
            try:
                if failures:
                    self.last_id, _ = await _position_after_loss(
                        self.client, self.stream, self.last_id
                    )
                answer = await self.client.xread(
                    {self.stream: self.last_id}, count=100, block=self.block_ms
                )
            except (RedisError, OSError) as error:
                failures += 1
                self.losses += 1
                log.warning("reply stream %s unreadable (%r); reading on", self.stream, error)
                await self.backoff(failures)
                continue
            failures = 0
            for _, entries in _entries(answer):
                for entry_id, fields in entries:
                    self.last_id = entry_id
                    self._deliver(fields)

    def _deliver(self, fields: dict[str, str]) -> None:
        future = self.waiting.get(fields.get("id", ""))
        if future is None or future.done():
            return  # given up on: its sender answered NoRunner already
        try:
            reply = json.loads(fields["reply"])
        except (KeyError, ValueError):
            log.error("a reply that is not one was skipped")
            return
        future.set_result(reply if isinstance(reply, dict) else {"reply": reply})


def _give_up(future: asyncio.Future[Json], tournament_id: str | None) -> None:
    if not future.done():
        future.set_exception(NoRunner(tournament_id))


# ---------------------------------------------------------------- commands: the runners


@dataclass
class _Lane:
    """One stream's commands, handled one after the other by one task: a
    socket's second command never overtakes its first."""

    stream: str
    exclusive: bool  # one runner's (a tournament's), or read by every runner
    queue: deque[Entry] = field(default_factory=deque)
    known: set[str] = field(default_factory=set)  # ids queued or being handled
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    closing: bool = False
    task: asyncio.Task[None] | None = None

    def add(self, entries: Iterable[Entry], *, in_order: bool = False) -> None:
        new = [e for e in entries if e[0] not in self.known]
        self.known.update(e[0] for e in new)
        self.queue.extend(new)
        if in_order:  # claimed ones go before those read after them
            ordered = sorted(self.queue, key=lambda e: stream_id_key(e[0]))
            self.queue.clear()
            self.queue.extend(ordered)
        if new:
            self.wake.set()


class CommandServer:
    """A runner's side: read the command streams of what it owns, hand each
    command to ``handle``, write its reply, acknowledge it.

    One ``XREADGROUP`` reads every stream, at most ``count`` entries of
    each: a tournament with thousands of commands waiting delays another's
    by at most that many reads.  Each stream's commands go to a task of its
    own (its lane), one after another; different streams' run side by side.
    A lane holding ``prefetch`` entries is not read until it has room, so a
    runner does not take more than it can soon do (what it has read but not
    acknowledged when it dies is the next owner's to claim).

    ``shared`` streams are read by every runner (``floorman:cmd:any``): they
    are not claimed whole when they appear, but their entries left pending
    for ``stale_seconds`` are (a runner died holding them)."""

    def __init__(
        self,
        client: redis.Redis,
        group: str = GROUP,
        consumer: str | None = None,
        *,
        count: int = 10,
        prefetch: int = 50,
        block_ms: int = 1000,
        shared: Iterable[str] = (command_stream(None),),
        stale_seconds: float = 15.0,
    ) -> None:
        self.client = client
        self.group = group
        self.consumer = consumer or f"runner-{secrets.token_hex(4)}"
        self.count = count
        self.prefetch = max(prefetch, count)
        self.block_ms = block_ms
        self.shared = frozenset(shared)
        self.stale_seconds = stale_seconds
        self.clock = RedisClock(client)
        self.lanes: dict[str, _Lane] = {}
        self.expired = 0  # commands acknowledged past their deadline, unhandled
        self._handle: Handler | None = None
        self._room = asyncio.Event()  # a full lane has room again
        self._closing: dict[str, asyncio.Task[None]] = {}
        self._stale_at = 0.0

    async def serve(
        self, streams: Callable[[], list[str]], handle: Handler, stopping: asyncio.Event
    ) -> None:
        """Until ``stopping`` is set (or the task is cancelled: what is being
        handled then stays pending, for whoever claims it)."""
        self._handle = handle
        failures = 0
        stopped = False
        try:
            while not stopping.is_set():
                try:
                    await self._follow(streams())
                    await self._claim_stale()
                    await self._read_once()
                    failures = 0
                except (RedisError, OSError) as error:
                    failures += 1
                    if _group_gone(error):
                        log.debug("a command stream expired (%s); reading it anew", error)
                        with contextlib.suppress(RedisError, OSError):
                            for lane in list(self.lanes.values()):
                                await self._create_group(lane.stream)
                        if failures == 1:
                            continue
                    log.warning("command streams unreadable (%r); trying again", error)
                    await asyncio.sleep(min(0.05 * 2 ** (failures - 1), 1.0))
            stopped = True
        finally:
            await self._close_all(finish=stopped)

    async def claim(self, stream: str, min_idle_ms: int = 0) -> int:
        """Take the group's pending entries of ``stream`` (left by a runner
        that died before acknowledging them) into its lane, before anything
        read after them; returns how many.  Called for a stream that newly
        appears in ``streams()``: its owner is gone (the lease says so).
        Entries claimed for a stream not served yet wait in this consumer's
        pending list until it is (claimed again then, in order)."""
        lane = self.lanes.get(stream)
        claimed: list[Entry] = []
        cursor = "0-0"
        while True:
            answer = await self.client.xautoclaim(
                stream, self.group, self.consumer, min_idle_ms, start_id=cursor, count=100
            )
            cursor = _text(answer[0])
            claimed += [(_text(i), _fields(f)) for i, f in answer[1] if f is not None]
            if cursor == "0-0":
                break
        if claimed:
            log.info("%s claimed %d pending commands of %s", self.consumer, len(claimed), stream)
        if lane is not None:
            lane.add(claimed, in_order=True)
        await self._forget_consumers(stream, min_idle_ms)
        return len(claimed)

    async def _forget_consumers(self, stream: str, min_idle_ms: int) -> None:
        """The group's other consumers holding nothing, idle ``min_idle_ms``:
        runners gone (a live one reading again is simply made anew)."""
        for consumer in await self.client.xinfo_consumers(stream, self.group):
            name = _text(consumer["name"])
            idle = int(consumer["idle"]) >= min_idle_ms
            if name != self.consumer and not int(consumer["pending"]) and idle:
                await self.client.xgroup_delconsumer(stream, self.group, name)

    # ------------------------------------------------------------ reading

    async def _follow(self, wanted: list[str]) -> None:
        """Lanes for the streams newly owned, none for those given up."""
        current = dict.fromkeys(wanted)
        for stream in list(self.lanes):
            if stream not in current:
                self._retire(self.lanes.pop(stream))
        for stream in current:
            if stream in self.lanes:
                continue
            old = self._closing.pop(stream, None)
            if old is not None:  # given up and owned again: its last command done first
                await asyncio.gather(old, return_exceptions=True)
            await self._create_group(stream)
            lane = _Lane(stream, exclusive=stream not in self.shared)
            self.lanes[stream] = lane
            if lane.exclusive:
                try:  # what the last owner left comes first
                    await self.claim(stream)
                except BaseException:
                    del self.lanes[stream]  # claimed next time round
                    raise
            lane.task = asyncio.create_task(self._work(lane))

    async def _create_group(self, stream: str) -> None:
        try:
            await self.client.xgroup_create(stream, self.group, id="0", mkstream=True)
        except ResponseError as error:
            if "BUSYGROUP" not in str(error):
                raise
        if not await self.client.xlen(stream):  # made here: it goes unless written to
            await self.client.expire(stream, EMPTY_STREAM_TTL_SECONDS)

    async def _claim_stale(self) -> None:
        """Pending entries of the shared streams idle too long: their runner
        died.  This runner's own (queued, or a long command being handled)
        are claimed again by it first, which makes them fresh: a live
        runner's commands are never taken from it."""
        now = time.monotonic()
        if now - self._stale_at < self.stale_seconds / 2:
            return
        self._stale_at = now
        for lane in list(self.lanes.values()):
            if lane.exclusive:
                continue
            if lane.known:
                await self.client.xclaim(
                    lane.stream, self.group, self.consumer, 0, list(lane.known), justid=True
                )
            await self.claim(lane.stream, int(self.stale_seconds * 1000))

    async def _read_once(self) -> None:
        readable = {s: ">" for s, lane in self.lanes.items() if len(lane.queue) < self.prefetch}
        if not readable:  # every lane full: wait for room
            self._room.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._room.wait(), self.block_ms / 1000)
            return
        # a full lane is read again soon, not after a whole idle wait
        full = len(readable) < len(self.lanes)
        answer = await self.client.xreadgroup(
            self.group,
            self.consumer,
            readable,  # type: ignore[arg-type]
            count=self.count,
            block=20 if full else self.block_ms,
        )
        for stream, entries in _entries(answer):
            lane = self.lanes.get(stream)
            if lane is not None:
                lane.add(entries)

    # ------------------------------------------------------------ handling

    async def _work(self, lane: _Lane) -> None:
        while True:
            while not lane.queue:
                if lane.closing:
                    return
                lane.wake.clear()
                await lane.wake.wait()
            if lane.closing:
                return  # what is queued stays pending: the next owner's
            entry_id, fields = lane.queue.popleft()
            try:
                await self._one(lane.stream, entry_id, fields)
            except Exception:  # Redis away past its deadline: the sender gave up
                log.exception("command %s of %s not answered", entry_id, lane.stream)
            finally:
                lane.known.discard(entry_id)
                if len(lane.queue) < self.prefetch:
                    self._room.set()

    async def _one(self, stream: str, entry_id: str, fields: dict[str, str]) -> None:
        try:
            command = json.loads(fields["payload"])
            ident, reply_to = fields["id"], fields["reply_to"]
            deadline_ms = stream_id_key(entry_id)[0] + int(fields["timeout_ms"])
            if not isinstance(command, dict):
                raise ValueError(command)
        except (KeyError, ValueError):
            log.error("a command that is not one was dropped (%s %s)", stream, entry_id)
            await self._finish(stream, entry_id, None, 0.0)
            return
        remaining = (deadline_ms - await self.clock.now_ms()) / 1000
        if remaining < 0:  # its sender gave up: doing it now would surprise everyone
            self.expired += 1
            await self._finish(stream, entry_id, None, 0.0)
            return
        assert self._handle is not None
        try:
            reply = await self._handle(command)
            text = json.dumps(reply)
        except Exception:
            log.exception("command %s failed", command.get("op"))
            text = json.dumps(FAILED)
        await self._finish(stream, entry_id, (reply_to, {"id": ident, "reply": text}), remaining)

    async def _finish(
        self,
        stream: str,
        entry_id: str,
        reply: tuple[str, dict[str, str]] | None,
        remaining: float,
    ) -> None:
        """The reply written and the command acknowledged (and deleted: it
        carries tokens), in one transaction: a command is answered exactly
        when it is no longer pending.  Tried again while its sender waits."""
        give_up = time.monotonic() + max(remaining, 1.0)
        failures = 0
        while True:
            try:
                async with self.client.pipeline(transaction=True) as pipe:
                    if reply is not None:
                        pipe.xadd(reply[0], reply[1], maxlen=REPLY_MAXLEN, approximate=True)  # type: ignore[arg-type]
                        pipe.expire(reply[0], REPLY_TTL_SECONDS)
                    pipe.xack(stream, self.group, entry_id)
                    pipe.xdel(stream, entry_id)
                    await pipe.execute()
                return
            except (RedisError, OSError):
                failures += 1
                if time.monotonic() > give_up:
                    raise
                await asyncio.sleep(min(0.05 * 2 ** (failures - 1), 1.0))

    # ------------------------------------------------------------ stopping

    def _retire(self, lane: _Lane) -> None:
        """A stream given up: its lane ends after the command it is handling."""
        lane.closing = True
        lane.wake.set()
        task = lane.task
        if task is not None and not task.done():
            self._closing[lane.stream] = task
            task.add_done_callback(
                lambda _: (
                    self._closing.pop(lane.stream, None)
                    if self._closing.get(lane.stream) is task
                    else None
                )
            )

    async def _close_all(self, *, finish: bool) -> None:
        for lane in self.lanes.values():
            self._retire(lane)
        self.lanes.clear()
        tasks = list(self._closing.values())
        self._closing.clear()
        if not finish:  # cancelled: what is being handled stays pending
            for task in tasks:
                task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


#: the reply to a command whose handler failed (as bus.py answers it)
FAILED: Json = {
    "status": 500,
    "error": message_body("the server could not take that action", clause="OQ-41"),
}


# ---------------------------------------------------------------- changes


class ChangePublisher:
    """A runner's side of the changes: one stream every web process reads."""

    def __init__(
        self, client: redis.Redis, *, stream: str = CHANGES, maxlen: int = CHANGES_MAXLEN
    ) -> None:
        self.client = client
        self.stream = stream
        self.maxlen = maxlen

    async def publish(self, message: Json) -> str:
        """Add ``message``; returns its stream id (its place among every
        runner's messages)."""
        entry_id = await self.client.xadd(
            self.stream,
            {"message": json.dumps(message)},
            maxlen=self.maxlen,
            approximate=True,
        )
        return _text(entry_id)


class ChangeReader(_Reconnecting):
    """A web process's side of the changes: every message after the one it
    last read, in order, across lost connections.

    Where it cannot (what it had not read was trimmed away while it was
    behind or away, Redis restarted) it calls ``on_gap`` — the web process
    reads what it lacks from the database — and reads on."""

    def __init__(
        self,
        client: redis.Redis,
        on_message: Callable[[Json], Awaitable[None]],
        on_gap: Callable[[], Awaitable[None]],
        *,
        stream: str = CHANGES,
        count: int = 100,
        block_ms: int = 5000,
        on_read: Callable[[int], None] | None = None,
    ) -> None:
        """``on_read(published_ms)``: each entry's time, from its id (Redis's
        clock when it was added), as it is read."""
        self.client = client
        self.on_message = on_message
        self.on_gap = on_gap
        self.on_read = on_read
        self.stream = stream
        self.count = count
        self.block_ms = block_ms
        self.last_id = "0-0"
        self.gaps = 0
        self._run_id: str | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self, from_id: str | None = None) -> str:
        """Read from ``from_id`` (by default from the stream's end: what is
        in it now is in the database, read it from there *after* this);
        returns the id reading starts after.  A Redis restarting meanwhile is
        waited for (a minute): else uvicorn stops every web process."""
        give_up, failures = time.monotonic() + 60.0, 0
        while True:
            try:
                return await self._begin(from_id)
            except (RedisError, OSError) as error:
                failures += 1
                if time.monotonic() > give_up:
                    raise
                log.warning("changes stream unreadable at the start (%r); trying again", error)
                await self.backoff(failures)

    async def _begin(self, from_id: str | None) -> str:
        if from_id is None:
            try:
                info = await self.client.xinfo_stream(self.stream)
                from_id = _text(info["last-generated-id"])
            except ResponseError:  # none yet
                from_id = "0-0"
        self.last_id = from_id
        self._run_id = await self._server_run()
        self._task = asyncio.create_task(self._read())
        return from_id

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _server_run(self) -> str:
        info = await self.client.info("server")
        return str(info.get("run_id", ""))

    async def _read(self) -> None:
        failures = 0
        behind = False  # the last read was full: trimming may pass us
        while True:
            try:
                if failures or behind:
                    await self._check()
                answer = await self.client.xread(
                    {self.stream: self.last_id}, count=self.count, block=self.block_ms
                )
            except (RedisError, OSError) as error:
                failures += 1
                self.losses += 1
                log.warning("changes stream unreadable (%r); reading on", error)
                await self.backoff(failures)
                continue
            failures = 0
            read = 0
            for _, entries in _entries(answer):
                for entry_id, fields in entries:
                    read += 1
                    self.last_id = entry_id
                    if self.on_read is not None:
                        self.on_read(stream_id_key(entry_id)[0])
                    try:
                        message = json.loads(fields["message"])
                    except (KeyError, ValueError):
                        log.error("a change that is not one was skipped (%s)", entry_id)
                        continue
                    try:
                        await self.on_message(message)
                    except Exception:  # a web process must never stop following
                        log.exception("change %s not applied", entry_id)
            behind = read >= self.count

    async def _check(self) -> None:
        """After a lost connection, or while behind: is anything after the
        last id read gone?"""
        run_id = await self._server_run()
        restarted = run_id != self._run_id  # what it held unread may be gone
        self._run_id = run_id
        self.last_id, lost = await _position_after_loss(self.client, self.stream, self.last_id)
        if lost or restarted:
            self.gaps += 1
            log.warning("changes after %s are gone: reading them from the database", self.last_id)
            try:
                await self.on_gap()
            except Exception:  # the web process's own reconciling reads them later
                log.exception("catching up after a gap failed")


__all__ = [
    "ANY",
    "CHANGES",
    "FAILED",
    "GROUP",
    "REPLY_SECONDS",
    "ChangePublisher",
    "ChangeReader",
    "CommandSender",
    "CommandServer",
    "NoRunner",
    "RedisClock",
    "command_stream",
    "reply_stream",
    "stream_id_key",
]
