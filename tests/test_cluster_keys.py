"""Issue 27, points 1, 2 and 4, in the cluster: a runner sent commands
over the streams as a web process sends them refuses a key sent again
with another request (422, never the first answer) and a guessable
anonymous key, answers a command only once its batch is stored, and its
order of seat openings leaves exactly the newest socket in a seat across
web processes."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from floorman.cluster import streams
from floorman.cluster.follower import Followers
from floorman.cluster.runner import Runner
from floorman.services import Floor
from floorman.services import commands as c
from floorman.services.auth import token_hash
from floorman.services.broadcast import SEAT_TAKEN_CODE
from floorman.storage import Store
from tests.helpers.server import DIRECTOR
from tests.test_answered_once_stored import fail_next_write_with_answers
from tests.test_cluster_runner import REDIS, create, with_runner
from tests.test_cluster_runner import database as database  # the fixture

pytestmark = [pytest.mark.timeout(120)]

KEY = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b"


@pytest.mark.clause("OQ-41")
def test_a_runner_never_answers_a_reused_key_with_the_first_seat(database: str) -> None:
    async def body(send: Any, runner: Runner) -> None:
        tid = (await send(create())).body["id"]

        def register(name: str, key: str = KEY) -> c.Register:
            return c.Register(
                tournament=tid, author=c.PUBLIC, key=key, name=name, token_hash=token_hash(name)
            )

        alice = await send(register("Alice"))
        assert alice.ok, alice
        mallory, guessed = await asyncio.gather(
            send(register("Mallory")), send(register("Eve", key="reg-1"))
        )
        assert mallory.status == 422 and mallory.body["clause"] == "OQ-41", mallory
        assert "player" not in mallory.body and alice.body["player"] not in str(mallory.body)
        assert guessed.status == 422 and guessed.body["values"] == {"bits": 128}, guessed
        assert await send(register("Alice")) == alice
        service = runner.floor.get(tid)
        assert service is not None
        assert [p.name for p in service.tournament.players.values()] == ["Alice"]

    asyncio.run(with_runner(database, body))


def test_a_runner_answers_a_command_only_once_it_is_stored(database: str) -> None:
    """Issue 27, point 2: the write of a registration fails in the runner;
    its retry is never answered 200 from memory: 503 while the tournament
    is stopped, then, once a runner has loaded it again from what was
    stored, carried out for the first time, once."""

    async def body(send: Any, runner: Runner) -> None:
        tid = (await send(create())).body["id"]
        refused = fail_next_write_with_answers(runner.store)
        register = c.Register(
            tournament=tid, author=c.PUBLIC, key=KEY, name="Ada", token_hash=token_hash("t")
        )
        first = await send(register)
        assert refused and first.status == 503, first
        for _ in range(300):
            again = await send(register)
            stored = await asyncio.to_thread(runner.store.players, tid)
            if again.ok:
                assert [p["player"] for p in stored] == [again.body["player"]], (again, stored)
                break
            assert again.status == 503 and stored == [], (again, stored)
            await asyncio.sleep(0.1)
        else:
            raise AssertionError("the tournament was never loaded again")
        assert await send(register) == again

    asyncio.run(with_runner(database, body))


@pytest.mark.clause("DE-GEN-2")
def test_two_web_processes_leave_the_newest_socket_in_the_seat(database: str) -> None:
    """Issue 27, point 4: a player's two devices open the seat at once on
    two web processes (replicas fed by the runner's change stream): the
    runner's order decides, both processes fold it alike, and exactly the
    socket opened last in that order plays; the other is told (4409)."""

    async def body(send: Any, runner: Runner) -> None:
        tid = (await send(create())).body["id"]
        ann = c.Register(
            tournament=tid, author=c.PUBLIC, key=KEY, name="Ann", token_hash=token_hash("a")
        )
        player = (await send(ann)).body["player"]
        webs = []
        for _ in range(2):
            followers = Followers(Floor(Store(database), DIRECTOR), streams.connect(REDIS))
            await followers.start()
            await followers.knows(tid)
            webs.append(followers)
        try:
            services = [web.replicas[tid].service for web in webs]
            subs = [service.subscribe(player, None) for service in services]
            for service, sub in zip(services, subs, strict=True):
                service.take_seat(sub)  # as each socket's hello does
            for sub in subs:  # the runner carries the openings out in this order
                opened = c.SeatOpened(
                    tournament=tid, author=c.player_author(player), key=sub.ident, socket=sub.ident
                )
                assert (await send(opened)).ok
            for _ in range(600):  # both web processes fold the same messages (30 s at most)
                if subs[0].closing and webs[0].seen.get(tid) == webs[1].seen.get(tid):
                    break
                await asyncio.sleep(0.05)
            assert subs[0].close_code == SEAT_TAKEN_CODE
            assert subs[1].close_code is None, subs[1].close_reason
        finally:
            for web in webs:
                await web.stop()
                await web.client.aclose()
                web.floor.store.close()

    asyncio.run(with_runner(database, body))
