"""Issue 19: a runner, in this process, against real PostgreSQL and Redis,
sent typed commands over the streams as a web process sends them.

- A retry sent while the first sending is still queued, and one sent after
  the answer, get the first answer: one entry.
- A command about a tournament nobody plays (archiving a finished one)
  visits it for that command only, even while another command creates a
  tournament at the same moment: the runner adopts the tournament it
  created (its lease taken), never the one it visits.
- A socket's commands are carried out in the order it sent them.
- A tournament the runner's look for unplayed ones reads while a command
  is still making it is not loaded a second time over the one being made
  (CI: a retry registered "p1" again in a stale copy, refused by the key).
"""

from __future__ import annotations

import asyncio
import os
import secrets
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from floorman.cluster import streams
from floorman.cluster.runner import Runner
from floorman.services import TournamentService
from floorman.services import commands as c
from floorman.services.auth import token_hash
from floorman.services.handler import Answer
from floorman.storage.crypto import new_key
from tests.helpers.postgres import fresh_database
from tests.helpers.server import DIRECTOR, tournament_body

POSTGRES = os.environ.get("FLOORMAN_TEST_POSTGRES_URL", "")
REDIS = os.environ.get("FLOORMAN_TEST_REDIS_URL", "")
pytestmark = [pytest.mark.timeout(120)]


@pytest.fixture()
def database(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if not (POSTGRES and REDIS):
        pytest.fail(
            "FLOORMAN_TEST_POSTGRES_URL and FLOORMAN_TEST_REDIS_URL are needed: run 'make test'"
        )
    monkeypatch.setenv("FLOORMAN_SECRET_KEY", new_key())
    with fresh_database(POSTGRES, "floorman_runner") as url:
        yield url


async def with_runner(database: str, body: Any) -> Any:
    """Run ``body(send)`` beside a runner; ``send(command)`` is a web
    process's sending, answered once the runner has carried it out."""
    client = streams.connect(REDIS)
    await client.flushdb()  # the streams of earlier tests are not this runner's
    runner = Runner(database, REDIS, DIRECTOR)
    running = asyncio.create_task(runner.run())
    sender = streams.CommandSender(client, f"web-test-{secrets.token_hex(3)}")
    await sender.start()

    async def send(command: c.Command, *, played: bool = True) -> Answer:
        # as a web process: a tournament nobody plays goes to the shared stream
        stream = command.tournament if played and command.tournament else None
        reply = await sender.send(stream, {"command": c.command_to_dict(command)}, timeout=30)
        return Answer.from_dict(reply.get("answer"))

    try:
        return await body(send, runner)
    finally:
        runner.stopping.set()
        await asyncio.wait_for(running, 30)
        await sender.stop()
        await client.aclose()


def create(key: str = "") -> c.CreateTournament:
    settings = tournament_body("nm-holdem", between_hands_s=0.1)
    return c.CreateTournament(tournament="", author=c.DIRECTOR, key=key, settings=settings)


def test_a_retry_queued_behind_its_first_sending_registers_once(database: str) -> None:
    async def body(send: Any, runner: Runner) -> None:
        made = await send(create("friday-night"))
        assert made.ok, made
        tid = made.body["id"]
        assert (await send(create("friday-night"))).body == {"id": tid}  # made once
        register = c.Register(
            tournament=tid,
            author=c.PUBLIC,
            key="7c1e0a4b-lost0-answer-9d2f-5e6a7b8c9d0e",
            name="Ada",
            token_hash=token_hash("t0ken"),
        )
        first, queued = await asyncio.gather(send(register), send(register))
        later = await send(register)
        assert first.ok and first == queued == later, (first, queued, later)
        service = runner.floor.get(tid)
        assert service is not None
        assert [p.name for p in service.tournament.players.values()] == ["Ada"]
        assert service.player_for("t0ken") == first.body["player"]

    asyncio.run(with_runner(database, body))


def test_a_visited_tournament_is_never_adopted(database: str) -> None:
    async def body(send: Any, runner: Runner) -> None:
        made = await send(create())
        tid = made.body["id"]
        cancelled = await send(c.Cancel(tournament=tid, author=c.DIRECTOR, note="rain"))
        assert cancelled.ok, cancelled
        for _ in range(100):  # the runner gives a tournament nobody plays up
            if tid not in runner.floor.tournaments and tid not in runner.releasing:
                break
            await asyncio.sleep(0.1)
        assert tid not in runner.relays
        archived, other = await asyncio.gather(
            send(c.Archive(tournament=tid, author=c.DIRECTOR), played=False), send(create())
        )
        assert archived.ok and other.ok, (archived, other)
        assert other.body["id"] in runner.relays  # its own: lease taken, relayed
        assert tid not in runner.relays and tid not in runner.floor.tournaments
        assert streams.command_stream(tid) not in runner._command_streams()

    asyncio.run(with_runner(database, body))


def test_one_sockets_commands_are_carried_out_in_its_order(database: str) -> None:
    async def body(send: Any, runner: Runner) -> None:
        tid = (await send(create())).body["id"]
        names = [f"Player {k}" for k in range(30)]
        sender = streams.CommandSender(streams.connect(REDIS), "web-order")
        posted = []
        for name in names:  # one socket: each sent once the previous is in Redis
            command = c.Register(tournament=tid, author=c.PUBLIC, name=name)
            payload = {"command": c.command_to_dict(command)}
            posted.append(await sender.post(tid, payload, timeout=30))
        answers = [Answer.from_dict((await p)["answer"]) for p in posted]
        await sender.stop()
        assert all(a.ok for a in answers), answers
        service = runner.floor.get(tid)
        assert service is not None
        in_order = [service.tournament.players[a.body["player"]].name for a in answers]
        assert in_order == names
        assert [p.name for p in service.tournament.players.values()] == names

    asyncio.run(with_runner(database, body))


def test_a_tournament_being_made_is_not_loaded_again_by_the_look_for_unplayed_ones(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    registered = threading.Event()
    looked, look_done = threading.Event(), threading.Event()
    looked_for_unplayed = Runner._take_over
    made_by_create = TournamentService.create.__func__  # type: ignore[attr-defined]
    loaded_by_runner = Runner._load

    def made_slowly(cls: Any, *args: Any, **kwargs: Any) -> TournamentService:
        # stored, not yet on the floor: the look for unplayed ones sees it
        service: TournamentService = made_by_create(cls, *args, **kwargs)
        looked.wait(30)
        return service

    def loaded_slowly(self: Runner, tid: str, config: dict[str, Any]) -> TournamentService:
        service = loaded_by_runner(self, tid, config)  # its log before Ada registered
        looked.set()
        registered.wait(30)
        return service

    async def looked_for(self: Runner) -> None:
        await looked_for_unplayed(self)
        if registered.is_set():
            look_done.set()

    monkeypatch.setattr(TournamentService, "create", classmethod(made_slowly))
    monkeypatch.setattr(Runner, "_take_over", looked_for)
    monkeypatch.setattr(Runner, "_load", loaded_slowly)

    async def body(send: Any, runner: Runner) -> None:
        made = await send(create())
        assert made.ok, made
        assert looked.is_set(), "the look for unplayed tournaments never read the new one"
        tid = made.body["id"]
        service = runner.floor.get(tid)
        ada = await send(c.Register(tournament=tid, author=c.PUBLIC, name="Ada"))
        assert ada.ok, ada
        registered.set()  # the look goes on with its copy read before Ada
        assert await asyncio.to_thread(look_done.wait, 30), "the look never ended"
        bea = await send(c.Register(tournament=tid, author=c.PUBLIC, name="Bea"))
        assert bea.ok, bea
        assert runner.floor.get(tid) is service
        assert [p.name for p in service.tournament.players.values()] == ["Ada", "Bea"]

    asyncio.run(with_runner(database, body))
