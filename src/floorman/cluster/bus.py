"""The Redis traffic between the processes of a multi-process deployment.

- **Commands** go to the runner that owns a tournament: a list per
  tournament (``floorman:cmd:<id>``; ``floorman:cmd:any`` for commands of no
  tournament, such as creating one), popped by that runner.  A command
  names the process that waits for it; its reply is published on that
  process's channel (``floorman:reply:<process>``).  A command still queued
  when its deadline has passed is dropped: nobody waits for it any more.
- **Changes** go from the runner to every web process: one channel
  (``floorman:changes``) carrying, for each batch the runner has stored, the
  events themselves and what changed at the tables.  The database stays
  the truth: a web process that misses a message sees the gap in the event
  numbers and reads what it lacks from the database.
- **Owners**: ``floorman:owner:<id>`` names the runner process playing a
  tournament (for people and tests to see; the lease itself is PostgreSQL's).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as redis

from floorman.server.error_bodies import message_body

log = logging.getLogger("floorman.cluster")

PREFIX = "floorman:"
CHANGES = PREFIX + "changes"
ANY = "any"
#: how long a web process waits for a runner's reply (adding 10,000 bots
#: takes a few seconds on a busy runner)
REPLY_SECONDS = 60.0


def command_key(tournament_id: str | None) -> str:
    return f"{PREFIX}cmd:{tournament_id or ANY}"


def reply_channel(process: str) -> str:
    return f"{PREFIX}reply:{process}"


def owner_key(tournament_id: str) -> str:
    return f"{PREFIX}owner:{tournament_id}"


class NoRunner(Exception):
    """No runner answered in time (none owns the tournament yet, or it died
    holding the command)."""


def connect(url: str) -> redis.Redis:
    client: redis.Redis = redis.Redis.from_url(url, decode_responses=True, health_check_interval=10)
    return client


class Commands:
    """A web process's side: send a command, wait for its reply."""

    def __init__(self, client: redis.Redis, process: str) -> None:
        self.client = client
        self.process = process
        self.waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._listener: asyncio.Task[None] | None = None
        self._subscribed = asyncio.Event()

    async def start(self) -> None:
        self._listener = asyncio.create_task(self._listen())
        await asyncio.wait_for(self._subscribed.wait(), 10)

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)

    async def send(
        self, tournament_id: str | None, command: dict[str, Any], timeout: float = REPLY_SECONDS
    ) -> dict[str, Any]:
        """The runner's reply to ``command`` (raises :class:`NoRunner`)."""
        ident = secrets.token_hex(8)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[ident] = future
        message = {
            **command,
            "id": ident,
            "reply_to": self.process,
            "deadline": time.time() + timeout,
        }
        try:
            key = command_key(tournament_id)
            async with self.client.pipeline(transaction=False) as pipe:
                # a list nobody pops (no owner any more) is gone after the
                # deadline: the requests it holds carry tokens
                pipe.rpush(key, json.dumps(message))
                pipe.expire(key, int(timeout) + 5)
                await pipe.execute()
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise NoRunner(tournament_id) from None
        finally:
            self.waiting.pop(ident, None)

    async def _listen(self) -> None:
        while True:
            try:
                async with self.client.pubsub() as pubsub:
                    await pubsub.subscribe(reply_channel(self.process))
                    self._subscribed.set()
                    async for message in pubsub.listen():
                        if message.get("type") != "message":
                            continue
                        reply = json.loads(message["data"])
                        future = self.waiting.get(str(reply.get("id")))
                        if future is not None and not future.done():
                            future.set_result(reply)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis restarting: subscribe again
                log.warning("reply channel lost (%r); subscribing again", error)
                await asyncio.sleep(0.5)


async def serve_commands(
    client: redis.Redis,
    keys: Callable[[], list[str]],
    handle: Callable[[dict[str, Any]], Awaitable[dict[str, Any]]],
    stopping: asyncio.Event,
) -> None:
    """A runner's side: pop commands from ``keys()`` (the lists of the
    tournaments it owns, and the shared one) and publish each reply."""
    while not stopping.is_set():
        try:
            popped = await client.blpop(keys(), timeout=1)  # type: ignore[misc]
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log.warning("command lists unreadable (%r); trying again", error)
            await asyncio.sleep(0.5)
            continue
        if popped is None:
            continue
        _, text = popped
        try:
            command = json.loads(text)
            deadline = float(command.get("deadline", 0))
        except (ValueError, TypeError, AttributeError):
            log.error("a command that is not one was dropped")
            continue
        if deadline < time.time():
            continue  # its sender gave up: doing it now would surprise everyone
        task = asyncio.create_task(_answer(client, command, handle))
        _ANSWERING.add(task)  # kept until done: the loop holds tasks only weakly
        task.add_done_callback(_ANSWERING.discard)


_ANSWERING: set[asyncio.Task[None]] = set()


async def _answer(
    client: redis.Redis,
    command: dict[str, Any],
    handle: Callable[[dict[str, Any]], Awaitable[dict[str, Any]]],
) -> None:
    try:
        reply = await handle(command)
    except Exception:
        log.exception("command %s failed", command.get("op"))
        reply = {
            "status": 500,
            "error": message_body("the server could not take that action", clause="OQ-41"),
        }
    with contextlib.suppress(Exception):
        await client.publish(
            reply_channel(str(command.get("reply_to"))),
            json.dumps({**reply, "id": command.get("id")}),
        )


__all__ = [
    "ANY",
    "CHANGES",
    "REPLY_SECONDS",
    "Commands",
    "NoRunner",
    "command_key",
    "connect",
    "owner_key",
    "reply_channel",
    "serve_commands",
]
