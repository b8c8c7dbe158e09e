"""The single process's transport of commands: one queue per tournament.

A cluster's runner carries a tournament's commands out one after another,
in the order they reached its stream (:mod:`floorman.cluster.streams`);
here a queue per tournament, worked by one task, does the same.  So a
director starting the tournament while bots are still being added in steps
waits for them, in one process as in many, and a socket's commands keep
their order.  Different tournaments never wait for each other.
"""

from __future__ import annotations

import asyncio
import logging

from floorman.services.commands import Command
from floorman.services.error_bodies import message_body
from floorman.services.handler import Answer, CommandHandler

log = logging.getLogger("floorman.services")

Queued = tuple[Command, "asyncio.Future[Answer]"]


class CommandLanes:
    """``execute(command)``: queued behind the tournament's earlier
    commands, answered when carried out."""

    def __init__(self, handler: CommandHandler) -> None:
        self.handler = handler
        self._lanes: dict[str, asyncio.Queue[Queued]] = {}
        self._workers: set[asyncio.Task[None]] = set()

    async def execute(self, command: Command) -> Answer:
        lane = self._lanes.get(command.tournament)
        if lane is None:
            lane = self._lanes[command.tournament] = asyncio.Queue()
            worker = asyncio.get_running_loop().create_task(self._work(command.tournament, lane))
            self._workers.add(worker)  # the loop holds tasks only weakly
            worker.add_done_callback(self._workers.discard)
        answered: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        lane.put_nowait((command, answered))
        return await answered

    async def _work(self, tournament: str, lane: asyncio.Queue[Queued]) -> None:
        while True:
            command, answered = lane.get_nowait()
            try:
                answer = await self.handler.execute(command)
            except Exception:  # a bug costs one command, not the tournament's lane
                log.exception("command %s failed", command.kind)
                answer = Answer(
                    500, message_body("the server could not take that action", clause="OQ-41")
                )
            if not answered.done():  # the client may have gone
                answered.set_result(answer)
            if lane.empty():
                # nothing awaits between this check and leaving: a command
                # queued from now on finds no lane and makes a new one
                del self._lanes[tournament]
                return

    async def close(self) -> None:
        for worker in list(self._workers):
            worker.cancel()
        await asyncio.gather(*self._workers, return_exceptions=True)


__all__ = ["CommandLanes"]
