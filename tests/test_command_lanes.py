"""Issue 19: in one process, commands queue per tournament as a runner reads
them from the tournament's stream: in order, one at a time; tournaments
never wait for each other."""

from __future__ import annotations

import asyncio
import inspect
from pathlib import Path
from typing import Any

from floorman.services import commands as c
from floorman.services.handler import Answer, CommandHandler
from floorman.services.lanes import CommandLanes
from tests.helpers.server import AUTH, create_tournament
from tests.helpers.server_api import make_client, status


class SlowHandler:
    """Records when each command starts and ends; ``slow`` ones take a while."""

    def __init__(self, slow: set[str]) -> None:
        self.slow = slow
        self.seen: list[tuple[str, str, str]] = []  # (start|end, tournament, kind)

    async def execute(self, command: c.Command) -> Answer:
        self.seen.append(("start", command.tournament, command.kind))
        await asyncio.sleep(0.05 if command.kind in self.slow else 0)
        self.seen.append(("end", command.tournament, command.kind))
        if command.kind == "warn":
            raise RuntimeError("a bug in one command")
        return Answer(200, {"kind": command.kind})


def lanes_for(handler: SlowHandler) -> CommandLanes:
    return CommandLanes(handler)  # type: ignore[arg-type]


def test_a_tournaments_commands_run_one_at_a_time_in_order() -> None:
    handler = SlowHandler(slow={"add_bots"})

    async def run() -> list[Answer]:
        lanes = lanes_for(handler)
        sent = [
            c.AddBots(tournament="A", author=c.DIRECTOR, count=9),
            c.Start(tournament="A", author=c.DIRECTOR),
            c.Pause(tournament="A", author=c.DIRECTOR),
        ]
        answers = await asyncio.gather(*(lanes.execute(k) for k in sent))
        await lanes.close()
        return list(answers)

    answers = asyncio.run(run())
    assert [a.body["kind"] for a in answers] == ["add_bots", "start", "pause"]
    # the start waited for the bots: nothing began before the one before it ended
    assert handler.seen == [
        (edge, "A", kind) for kind in ("add_bots", "start", "pause") for edge in ("start", "end")
    ]


def test_tournaments_never_wait_for_each_other() -> None:
    handler = SlowHandler(slow={"add_bots"})

    async def run() -> None:
        lanes = lanes_for(handler)
        slow = asyncio.ensure_future(
            lanes.execute(c.AddBots(tournament="A", author=c.DIRECTOR, count=9))
        )
        await asyncio.sleep(0)
        await lanes.execute(c.Start(tournament="B", author=c.DIRECTOR))
        assert not slow.done()  # B was answered while A's bots were still coming
        await slow
        await lanes.close()

    asyncio.run(run())
    assert handler.seen.index(("end", "B", "start")) < handler.seen.index(("end", "A", "add_bots"))


def test_a_failing_command_costs_only_itself() -> None:
    handler = SlowHandler(slow=set())

    async def run() -> list[Answer]:
        lanes = lanes_for(handler)
        broken = c.Warn(tournament="A", author=c.DIRECTOR, target="p1", clause="OQ-03")
        after = c.Pause(tournament="A", author=c.DIRECTOR)
        answers = await asyncio.gather(lanes.execute(broken), lanes.execute(after))
        await lanes.close()
        return list(answers)

    failed, paused = asyncio.run(run())
    assert failed.status == 500 and failed.body["clause"] == "OQ-41"
    assert paused.ok and paused.body["kind"] == "pause"


def test_the_server_queues_commands_per_tournament(tmp_path: Path) -> None:
    """The single server carries commands out through its lanes (the
    runner's order), and a start sent while bots come in steps waits for
    them: every bot is registered before the seat draw."""
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "nm-holdem")
        app: Any = client.app
        # under the metrics' wrapper (issue 28): the lanes' own execute
        execute: Any = inspect.unwrap(app.state.commands)
        assert isinstance(execute.__self__, CommandLanes)
        assert isinstance(execute.__self__.handler, CommandHandler)

        async def both() -> tuple[Answer, Answer]:
            adding = app.state.commands(c.AddBots(tournament=tid, author=c.DIRECTOR, count=600))
            starting = app.state.commands(c.Start(tournament=tid, author=c.DIRECTOR))
            added, started = await asyncio.gather(adding, starting)
            return added, started

        added, started = client.portal.call(both)  # type: ignore[union-attr]
        assert added.ok and started.ok, (added, started)
        state = status(client, tid)
        assert state["status"] == "running"
        seated = [p for p in state["standings"] if p.get("table") is not None]
        assert len(state["standings"]) == len(seated) == 600
        assert client.post(f"/api/tournaments/{tid}/pause", headers=AUTH).is_success
