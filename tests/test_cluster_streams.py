"""The Redis Streams transport (:mod:`floorman.cluster.streams`, issue 19)
against a real Redis: one test per race the list-and-pub/sub bus
(:mod:`floorman.cluster.bus`) loses.

Every test names its streams with a prefix of its own, so runs beside each
other on one Redis do not meet.  Nothing is asserted after a sleep: each
step waits for the event it needs, with a timeout.
"""

from __future__ import annotations

import asyncio
import os
import random
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
import redis.asyncio as redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from floorman.cluster.streams import (
    ChangePublisher,
    ChangeReader,
    CommandSender,
    CommandServer,
    NoRunner,
    command_stream,
)
from floorman.ports import free_port

REDIS = os.environ.get("FLOORMAN_TEST_REDIS_URL", "")
pytestmark = [pytest.mark.timeout(60)]

Json = dict[str, Any]
WAIT = 10.0  # seconds any one step may take before the test fails


@pytest.fixture()
def prefix() -> Iterator[str]:
    """A key prefix of the test's own; its keys are deleted afterwards."""
    if not REDIS:
        pytest.fail(
            "no Redis: set FLOORMAN_TEST_REDIS_URL ('make test' starts one with "
            "scripts/ensure-redis, as root)"
        )
    name = f"floorman-test-{secrets.token_hex(4)}:"
    yield name

    async def clean() -> None:
        client = connect()
        keys = [key async for key in client.scan_iter(match=f"{name}*")]
        if keys:
            await client.delete(*keys)
        await client.aclose()

    asyncio.run(clean())


def connect(name: str | None = None, *, retries: bool = True) -> redis.Redis:
    """A client as the deployment makes them; without ``retries`` a lost
    connection reaches the reader's own loop (redis-py would otherwise send
    the same XREAD again by itself, which is as good, but not observable)."""
    extra: dict[str, Any] = {} if retries else {"retry": Retry(NoBackoff(), 0)}
    client: redis.Redis = redis.Redis.from_url(
        REDIS, decode_responses=True, client_name=name, **extra
    )
    return client


async def until(check: Callable[[], Awaitable[bool]], what: str) -> None:
    async def poll() -> None:
        while not await check():
            await asyncio.sleep(0.005)

    try:
        await asyncio.wait_for(poll(), WAIT)
    except TimeoutError:
        pytest.fail(f"not within {WAIT} s: {what}")


async def kill_connections(name: str) -> int:
    """``CLIENT KILL`` every connection named ``name`` (Redis dropping them)."""
    admin = connect()
    killed = 0
    for info in await admin.client_list():
        if info.get("name") == name:
            killed += await admin.client_kill_filter(_id=info["id"])
    await admin.aclose()
    return killed


class HeldSender(CommandSender):
    """A sender whose reader, once its connection is lost, waits for
    ``resume`` before it reconnects: what is written meanwhile is written
    while nobody is reading."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.away = asyncio.Event()
        self.resume = asyncio.Event()

    async def backoff(self, failures: int) -> None:
        self.away.set()
        await self.resume.wait()


class HeldReader(ChangeReader):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.away = asyncio.Event()
        self.resume = asyncio.Event()

    async def backoff(self, failures: int) -> None:
        self.away.set()
        await self.resume.wait()


@asynccontextmanager
async def serving(
    server: CommandServer, streams: list[str], handle: Callable[[Json], Awaitable[Json]]
) -> AsyncIterator[asyncio.Task[None]]:
    stopping = asyncio.Event()
    task = asyncio.create_task(server.serve(lambda: streams, handle, stopping))
    try:
        yield task
    finally:
        stopping.set()
        await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), WAIT)


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(scenario(), 50))  # type: ignore[arg-type]


# ---------------------------------------------------------------- 1. the lost reply


def test_a_reply_written_while_the_sender_is_disconnected_still_arrives(prefix: str) -> None:
    """The old bus published the reply on a channel: written while the
    listener was resubscribing, it was lost and the client got 503."""

    async def scenario() -> None:
        name = f"{prefix}sender"
        sender_client, runner_client = connect(name, retries=False), connect()
        sender = HeldSender(sender_client, "web-1", prefix=prefix)
        received, release = asyncio.Event(), asyncio.Event()

        async def handle(command: Json) -> Json:
            received.set()
            await release.wait()
            return {"ok": True, "echo": command["n"]}

        server = CommandServer(runner_client, consumer="runner-1")
        async with serving(server, [command_stream("t1", prefix)], handle):
            reply = await sender.post("t1", {"n": 7}, timeout=WAIT)
            await asyncio.wait_for(received.wait(), WAIT)
            assert await kill_connections(name) >= 1
            await asyncio.wait_for(sender.away.wait(), WAIT)  # nobody reads the replies now
            release.set()

            async def written() -> bool:
                return bool(await runner_client.xlen(sender.stream))

            await until(written, "the reply written")
            assert not reply.done()
            sender.resume.set()
            assert await asyncio.wait_for(reply, WAIT) == {"ok": True, "echo": 7}
            assert sender.losses >= 1
        await sender.stop()
        await sender_client.aclose()
        await runner_client.aclose()

    run(scenario)


# ---------------------------------------------------------------- 2. starvation


def test_a_tournament_with_thousands_of_commands_waiting_does_not_starve_another(
    prefix: str,
) -> None:
    """BLPOP over [A, B] pops A until it is empty: B's one command waited
    behind all 2,000 of A's."""

    async def scenario() -> None:
        client = connect()
        sender = CommandSender(client, "web-1", prefix=prefix)
        a, b = command_stream("A", prefix), command_stream("B", prefix)
        replies = [
            await sender.post("A", {"t": "A", "n": n}, timeout=WAIT * 3) for n in range(2000)
        ]
        replies.append(await sender.post("B", {"t": "B", "n": 0}, timeout=WAIT * 3))
        assert await client.xlen(a) == 2000 and await client.xlen(b) == 1
        seen: list[str] = []

        async def handle(command: Json) -> Json:
            seen.append(f"{command['t']}{command['n']}")
            return {"ok": True}

        server = CommandServer(client, consumer="runner-1", count=10)
        async with serving(server, [a, b], handle):
            await asyncio.wait_for(asyncio.gather(*replies), WAIT * 3)
        assert "B0" in seen
        assert seen.index("B0") <= 2 * server.count, seen[: 2 * server.count + 1]
        assert [s for s in seen if s.startswith("A")] == [f"A{n}" for n in range(2000)]
        await sender.stop()
        await client.aclose()

    run(scenario)


# ---------------------------------------------------------------- 3. ordering


def test_one_streams_commands_are_handled_one_after_another_in_order(prefix: str) -> None:
    """The old bus made a task per message: a slow first command was
    overtaken by the second."""

    async def scenario() -> None:
        client = connect()
        sender = CommandSender(client, "web-1", prefix=prefix)
        rng = random.Random(19)
        seen: list[int] = []
        busy = 0

        async def handle(command: Json) -> Json:
            nonlocal busy
            busy += 1
            assert busy == 1, "two commands of one stream handled at once"
            await asyncio.sleep(rng.uniform(0, 0.003))
            seen.append(int(command["n"]))
            busy -= 1
            return {"n": command["n"]}

        server = CommandServer(client, consumer="runner-1")
        async with serving(server, [command_stream("t1", prefix)], handle):
            replies = [await sender.post("t1", {"n": n}, timeout=WAIT) for n in range(200)]
            answers = await asyncio.wait_for(asyncio.gather(*replies), WAIT * 2)
        assert seen == list(range(200))
        assert [a["n"] for a in answers] == list(range(200))
        await sender.stop()
        await client.aclose()

    run(scenario)


# ---------------------------------------------------------------- 4. a runner dies


def test_the_next_owner_handles_what_a_dead_runner_held_in_order(prefix: str) -> None:
    """The old bus popped a command off its list: a runner dying with it in
    hand took it along, and its sender waited a minute for nothing."""

    async def scenario() -> None:
        client = connect()
        sender = CommandSender(client, "web-1", prefix=prefix)
        stream = command_stream("t1", prefix)
        holding = asyncio.Event()

        async def hang(command: Json) -> Json:
            holding.set()
            await asyncio.Event().wait()  # dies before it answers
            raise AssertionError

        first = CommandServer(client, consumer="runner-1")
        task = asyncio.create_task(first.serve(lambda: [stream], hang, asyncio.Event()))
        replies = [await sender.post("t1", {"n": n}, timeout=WAIT * 2) for n in range(3)]
        await asyncio.wait_for(holding.wait(), WAIT)

        async def all_read() -> bool:
            pending = await client.xpending(stream, "runners")
            return int(pending["pending"]) == 3

        await until(all_read, "the three commands read by runner-1")
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        assert not any(reply.done() for reply in replies)

        seen: list[int] = []

        async def handle(command: Json) -> Json:
            seen.append(int(command["n"]))
            return {"n": command["n"], "by": "runner-2"}

        second = CommandServer(client, consumer="runner-2")
        async with serving(second, [stream], handle):
            answers = await asyncio.wait_for(asyncio.gather(*replies), WAIT)
            assert seen == [0, 1, 2]
            assert [a["n"] for a in answers] == [0, 1, 2]
            pending = await client.xpending(stream, "runners")
            assert int(pending["pending"]) == 0
            consumers = await client.xinfo_consumers(stream, "runners")
            assert [c["name"] for c in consumers] == ["runner-2"]  # the dead one forgotten
        await sender.stop()
        await client.aclose()

    run(scenario)


# ---------------------------------------------------------------- 5. deadlines and failures


def test_a_command_past_its_deadline_is_acknowledged_not_handled(prefix: str) -> None:
    async def scenario() -> None:
        client = connect()
        sender = CommandSender(client, "web-1", prefix=prefix)
        stream = command_stream("t1", prefix)
        with pytest.raises(NoRunner):
            await sender.send("t1", {"n": 0}, timeout=0.05)  # no runner yet
        (entry_id,) = [i for i, _ in await client.xrange(stream)]

        async def past() -> bool:  # Redis's clock, the one the runner asks
            seconds, micros = await client.time()
            return seconds * 1000 + micros // 1000 > int(entry_id.split("-")[0]) + 50

        await until(past, "the command's deadline passed")
        seen: list[int] = []

        async def handle(command: Json) -> Json:
            seen.append(int(command["n"]))
            return {"n": command["n"]}

        server = CommandServer(client, consumer="runner-1")
        async with serving(server, [stream], handle):
            # the same stream, so answered after the first was dealt with
            assert await sender.send("t1", {"n": 1}, timeout=WAIT) == {"n": 1}
        assert seen == [1]
        assert server.expired == 1
        assert int((await client.xpending(stream, "runners"))["pending"]) == 0
        assert await client.xlen(stream) == 0  # deleted too: commands carry tokens
        await sender.stop()
        await client.aclose()

    run(scenario)


def test_a_failing_handler_answers_500_and_its_command_is_acknowledged(prefix: str) -> None:
    async def scenario() -> None:
        client = connect()
        sender = CommandSender(client, "web-1", prefix=prefix)
        stream = command_stream(None, prefix)

        async def handle(command: Json) -> Json:
            if command["n"] == 0:
                raise RuntimeError("boom")
            return {"n": command["n"]}

        server = CommandServer(client, consumer="runner-1", shared=[stream])
        async with serving(server, [stream], handle):
            failed = await sender.send(None, {"n": 0}, timeout=WAIT)
            assert failed["status"] == 500 and failed["error"]["clause"] == "OQ-41"
            assert await sender.send(None, {"n": 1}, timeout=WAIT) == {"n": 1}
        assert int((await client.xpending(stream, "runners"))["pending"]) == 0
        await sender.stop()
        await client.aclose()

    run(scenario)


# ---------------------------------------------------------------- 6. changes


def test_changes_are_read_on_across_a_lost_connection_without_loss(prefix: str) -> None:
    """The old changes channel dropped what was published while a web
    process resubscribed."""

    async def scenario() -> None:
        name = f"{prefix}reader"
        client, reader_client = connect(), connect(name, retries=False)
        publisher = ChangePublisher(client, stream=f"{prefix}changes")
        got: list[int] = []
        arrived = asyncio.Event()
        gaps = 0

        async def on_message(message: Json) -> None:
            got.append(int(message["n"]))
            arrived.set()

        async def on_gap() -> None:
            nonlocal gaps
            gaps += 1

        await publisher.publish({"n": -1})  # before the reader: in the database already
        reader = HeldReader(reader_client, on_message, on_gap, stream=f"{prefix}changes")
        await reader.start()
        await publisher.publish({"n": 0})
        await asyncio.wait_for(arrived.wait(), WAIT)
        assert await kill_connections(name) >= 1
        await asyncio.wait_for(reader.away.wait(), WAIT)
        for n in range(1, 6):
            await publisher.publish({"n": n})
        reader.resume.set()

        async def all_read() -> bool:
            return len(got) >= 6

        await until(all_read, "the changes published while away")
        assert got == [0, 1, 2, 3, 4, 5]
        assert gaps == 0
        await reader.stop()
        await client.aclose()
        await reader_client.aclose()

    run(scenario)


def test_a_reader_started_while_redis_is_down_waits_for_it_instead_of_failing(
    prefix: str,
) -> None:
    """A web process its supervisor restarts while Redis restarts (the
    chaos run's kill -9 of a web process, then Redis restarted empty) read
    no stream at its start: its start failed, and uvicorn then stopped the
    whole deployment.  It waits for Redis instead, and reads from there."""

    class StartingReader(ChangeReader):
        """Redis down at its start: back (the test's Redis) when it waits."""

        waits = 0

        async def backoff(self, failures: int) -> None:
            self.waits += 1
            self.client = connect()

    async def scenario() -> None:
        down = redis.Redis.from_url(f"redis://127.0.0.1:{free_port()}/0", decode_responses=True)
        got: list[int] = []
        arrived = asyncio.Event()

        async def on_message(message: Json) -> None:
            got.append(int(message["n"]))
            arrived.set()

        async def on_gap() -> None:
            pass

        reader = StartingReader(down, on_message, on_gap, stream=f"{prefix}changes")
        await reader.start()
        assert reader.waits >= 1
        publisher = ChangePublisher(connect(), stream=f"{prefix}changes")
        await publisher.publish({"n": 1})
        await asyncio.wait_for(arrived.wait(), WAIT)
        assert got == [1]
        await reader.stop()
        await reader.client.aclose()
        await down.aclose()
        await publisher.client.aclose()

    run(scenario)


def test_changes_trimmed_away_unread_make_the_reader_catch_up(prefix: str) -> None:
    async def scenario() -> None:
        name = f"{prefix}reader"
        client, reader_client = connect(), connect(name, retries=False)
        stream = f"{prefix}changes"
        publisher = ChangePublisher(client, stream=stream)
        got: list[int] = []
        arrived = asyncio.Event()
        gap = asyncio.Event()

        async def on_message(message: Json) -> None:
            got.append(int(message["n"]))
            arrived.set()

        async def on_gap() -> None:
            assert got == [0], "the gap is told before what follows it"
            gap.set()

        reader = HeldReader(reader_client, on_message, on_gap, stream=stream)
        await reader.start()
        await publisher.publish({"n": 0})
        await asyncio.wait_for(arrived.wait(), WAIT)
        assert await kill_connections(name) >= 1
        await asyncio.wait_for(reader.away.wait(), WAIT)
        for n in range(1, 21):
            await publisher.publish({"n": n})
        await client.xtrim(stream, maxlen=3, approximate=False)  # 1 … 17 gone unread
        reader.resume.set()
        await asyncio.wait_for(gap.wait(), WAIT)

        async def rest_read() -> bool:
            return len(got) >= 4

        await until(rest_read, "what is left after the gap")
        assert got == [0, 18, 19, 20]
        assert reader.gaps == 1
        await reader.stop()
        await client.aclose()
        await reader_client.aclose()

    run(scenario)


# ---------------------------------------------------------------- streams coming and going


def test_a_command_stream_that_expired_is_served_when_it_comes_back(prefix: str) -> None:
    """A command stream nobody writes to expires, its consumer group with
    it; the next command makes it anew, and the runner reading it makes the
    group again."""

    async def scenario() -> None:
        client = connect()
        sender = CommandSender(client, "web-1", prefix=prefix)
        stream = command_stream("t1", prefix)

        async def handle(command: Json) -> Json:
            return {"n": command["n"]}

        server = CommandServer(client, consumer="runner-1", block_ms=200)
        async with serving(server, [stream], handle):
            assert await sender.send("t1", {"n": 0}, timeout=WAIT) == {"n": 0}
            await client.delete(stream)  # as EXPIRE does
            assert await sender.send("t1", {"n": 1}, timeout=WAIT) == {"n": 1}
        await sender.stop()
        await client.aclose()

    run(scenario)


def test_a_shared_streams_command_left_by_a_dead_runner_is_taken_once_stale(prefix: str) -> None:
    """``floorman:cmd:any`` is read by every runner: none claims it whole
    on starting, but what a dead one left pending goes to a live one."""

    async def scenario() -> None:
        client = connect()
        sender = CommandSender(client, "web-1", prefix=prefix)
        stream = command_stream(None, prefix)
        holding = asyncio.Event()

        async def hang(command: Json) -> Json:
            holding.set()
            await asyncio.Event().wait()
            raise AssertionError

        first = CommandServer(client, consumer="runner-1", shared=[stream])
        task = asyncio.create_task(first.serve(lambda: [stream], hang, asyncio.Event()))
        reply = await sender.post(None, {"n": 0}, timeout=WAIT)
        await asyncio.wait_for(holding.wait(), WAIT)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

        async def handle(command: Json) -> Json:
            return {"n": command["n"], "by": "runner-2"}

        second = CommandServer(
            client, consumer="runner-2", shared=[stream], stale_seconds=0.3, block_ms=100
        )
        async with serving(second, [stream], handle):
            assert await asyncio.wait_for(reply, WAIT) == {"n": 0, "by": "runner-2"}
        await sender.stop()
        await client.aclose()

    run(scenario)
