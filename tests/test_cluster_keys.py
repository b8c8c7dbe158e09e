"""Issue 27, point 1, in the cluster: a runner sent commands over the
streams as a web process sends them refuses a key sent again with another
request (422, never the first answer) and a guessable anonymous key."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from floorman.cluster.runner import Runner
from floorman.services import commands as c
from floorman.services.auth import token_hash
from tests.test_cluster_runner import create, with_runner
from tests.test_cluster_runner import database as database  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.timeout(120)]

KEY = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b"


@pytest.mark.clause("OQ-41")
def test_a_runner_never_answers_a_reused_key_with_the_first_seat(database: str) -> None:  # noqa: F811
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
