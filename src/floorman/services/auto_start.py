"""Tournaments that start by themselves at their start time.

An online tournament is announced for a time and starts then without a
director at the keyboard; a live event's director draws the seats and
starts by hand (``auto_start`` off, the default).  At the time, the start is
the director's own :class:`~floorman.services.commands.Start`, sent through
the deployment's command path like any other, so it is stored, answered
and broadcast the same way.  Its idempotency key is made of the number of
entries and the paid ones among them: several web processes sending it at
once are answered once, and a start refused for too few players (OQ-41)
or for an unconfirmed entry (OQ-70) is sent again, as a new command, once
another player has registered or the entry is confirmed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from floorman.services.commands import DIRECTOR, Command, Start
from floorman.services.entries import start_time
from floorman.services.handler import Answer
from floorman.services.runtime import TournamentService

log = logging.getLogger("floorman.auto_start")


def due_starts(services: Iterable[TournamentService], now: datetime) -> list[Start]:
    """The starts due at ``now``: tournaments still registering that start
    by themselves and whose start time has come."""
    due = []
    for service in services:
        t = service.tournament
        struct = t.structure
        if t.status != "registering" or struct is None or not struct.auto_start:
            continue
        if struct.starts_at is None or start_time(struct.starts_at) > now:
            continue
        # a new entry or a confirmed one (OQ-70) makes a new command
        key = f"auto-start:{len(t.players)}:{t.paid_entries}"
        due.append(Start(tournament=service.id, author=DIRECTOR, key=key))
    return due


@dataclass
class AutoStarts:
    """Every ``every_seconds``, the due starts sent through ``execute``."""

    services: Callable[[], Iterable[TournamentService]]
    execute: Callable[[Command], Awaitable[Answer]]
    now: Callable[[], datetime] = lambda: datetime.now(UTC)
    every_seconds: float = 5.0

    async def tick(self) -> list[Answer]:
        answers = []
        for start in due_starts(list(self.services()), self.now()):
            answer = await self.execute(start)
            if not answer.ok:  # too few players, say: the lobby shows it still registering
                log.info("tournament %s did not start by itself: %s", start.tournament, answer.body)
            answers.append(answer)
        return answers

    def launched(self) -> asyncio.Task[None]:
        """Running on the current loop; the caller cancels it at shutdown."""
        return asyncio.get_running_loop().create_task(self.run(), name="auto starts")

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.every_seconds)
            try:
                await self.tick()
            except Exception:  # one bad tick must not end the starts of every later tournament
                log.exception("starting tournaments by themselves")
