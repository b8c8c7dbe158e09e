"""The tables of a running tournament in real time: the shared
:class:`~floorman.sim.driver.TableDriver` with the wall clock, bots'
thinking time, the action clock, the pause between hands, and every change
stored and broadcast before the next one.

Everything runs in the service's asyncio event loop, so state changes never
race: a table's task changes its hand only between two awaits."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from floorman.sim.driver import DrivenTable, TableDriver
from floorman.tournament.core import TournamentError

if TYPE_CHECKING:
    from floorman.services.runtime import TournamentService

log = logging.getLogger("floorman.services")


@dataclass
class ServiceConfig:
    action_delay_ms: int = 800  # how long bots think
    between_hands_s: float = 2.0  # results stay on the table this long
    action_seconds: float | None = None  # default: the profile's (DE-TIME-2, OQ-42)
    timeouts_before_absent: int = 2  # then the player's hands are dealt dead (OQ-45)

    def to_dict(self) -> dict[str, Any]:
        return {
            "action_delay_ms": self.action_delay_ms,
            "between_hands_s": self.between_hands_s,
            "action_seconds": self.action_seconds,
            "timeouts_before_absent": self.timeouts_before_absent,
        }


@dataclass
class TableRuntime(DrivenTable):
    """A table as the driver sees it, plus what real time needs."""

    saved: int = 0  # hand events already stored
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None


async def wait_for_event(event: asyncio.Event, timeout: float) -> None:
    """Wait until ``event`` is set or ``timeout`` passes.  Built on
    asyncio.wait, which (unlike wait_for on Python 3.11) never swallows the
    cancellation of the waiting task."""
    waiter = asyncio.ensure_future(event.wait())
    try:
        await asyncio.wait({waiter}, timeout=timeout)
    finally:
        waiter.cancel()


class TableLoops:
    """One task per table and the level clock's ticker, until the
    tournament ends or the service stops."""

    def __init__(self, service: TournamentService, driver: TableDriver) -> None:
        self.service = service
        self.driver = driver
        self.tables: dict[int, TableRuntime] = {}

    def table(self, number: int) -> TableRuntime:
        table = self.tables.get(number)
        if table is None:
            table = self.tables[number] = TableRuntime(number)
        return table

    def running(self) -> bool:
        return self.service.tournament.status == "running" and not self.service.stopping

    async def run(self) -> None:
        service = self.service
        ticker = asyncio.create_task(self._tick_loop())
        try:
            while self.running():
                for number in list(service.tournament.tables):
                    table = self.table(number)
                    if table.task is None or table.task.done():
                        table.task = asyncio.create_task(self._table_loop(table))
                service.changed.clear()
                await wait_for_event(service.changed, 1.0)
        finally:
            tasks = [ticker, *(t.task for t in self.tables.values() if t.task is not None)]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _tick_loop(self) -> None:
        service = self.service
        while self.running():
            if service.tournament.tick(service.now(), self.driver.randbelow):  # DE-DEAL-4 moves
                service.commit()
                service.broadcast_summary()
            await asyncio.sleep(0.5)

    async def _table_loop(self, table: TableRuntime) -> None:
        between = self.service.config.between_hands_s
        try:
            while self.running():
                if table.hand is not None and not table.hand.is_complete:
                    await self._drive(table)
                if (
                    table.hand is not None
                    and table.hand.is_complete
                    and self.driver.hand_open(table)
                ):
                    self._finish(table)
                    await asyncio.sleep(between)
                    continue
                if not self.driver.may_deal(table.number):
                    table.wake.clear()
                    await wait_for_event(table.wake, 0.5)
                    continue
                try:
                    self._deal(table)
                except TournamentError:  # refused (a race with the clock, a break):
                    await asyncio.sleep(max(1.0, between))  # give it a hand's time
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug must not silently stop a table
            log.exception("table %s stopped", table.number)
            raise

    def _deal(self, table: TableRuntime) -> None:
        spec = self.driver.deal(table)
        table.saved = 0
        self.service.work.hand_dealt(spec.hand_id, spec.table, spec.hand)
        self.service.commit(table)
        self.service.broadcast_table(table.number)

    def _finish(self, table: TableRuntime) -> None:
        service = self.service
        self.driver.finish(table, service.now())
        service.commit(table)  # moves and breaks are tournament events: stored too
        for number in service.tournament.tables:
            self.table(number).wake.set()
            service.broadcast_table(number)
        service.broadcast_summary()

    async def _drive(self, table: TableRuntime) -> None:
        """Play the hand until it ends: bots act after their delay, people
        within the action clock (time-outs check or fold: DE-TIME-4, OQ-63)."""
        service, driver = self.service, self.driver
        while table.hand is not None and not table.hand.is_complete:
            if service.stopping:
                return
            step = driver.step(table, service.now())
            if step.kind == "stopped":
                return
            if step.kind == "complete":
                break
            if step.kind == "paused":
                table.wake.clear()
                await wait_for_event(table.wake, 0.5)
                continue
            if step.kind == "changed":
                self._changed(table)
                continue
            seat = step.seat
            assert seat is not None
            if step.kind == "bot":
                await self._think(table, seat)
                if driver.bot_acts(table, seat):
                    self._changed(table)
                continue
            if step.kind == "clock":  # a person's action clock starts
                service.broadcast_table(table.number)
            assert table.deadline is not None
            table.wake.clear()
            await wait_for_event(table.wake, max(0.0, table.deadline - service.now()))
            in_bank = table.bank_from is not None
            if driver.clock_ran_out(table, seat, service.now()):
                driver.time_out(table, seat)
                self._changed(table)
            elif table.bank_from is not None and not in_bank:
                service.broadcast_table(table.number)  # the time bank runs now (DE-TIME-1)
        table.deadline = None
        table.remaining = None

    async def _think(self, table: TableRuntime, seat: int) -> None:
        """The bot's thinking time, cut short by a ruling that takes its turn
        away (a void, a misdeal, a disqualification): the director rules at
        any moment of a hand, and the table goes on from it at once, not
        when the bot would have acted.  Other wakes (an entry, a pause) leave
        it thinking for the rest of its time."""
        loop = asyncio.get_running_loop()
        until = loop.time() + self.service.config.action_delay_ms / 1000
        waited = False
        while (left := until - loop.time()) > 0:
            hand = table.hand
            if hand is None or hand.is_complete or hand.actor != seat:
                return
            table.wake.clear()
            await wait_for_event(table.wake, left)
            waited = True
        if not waited:
            await asyncio.sleep(0)  # no time to think: the other tables still get their turn

    def _changed(self, table: TableRuntime) -> None:
        self.driver.start_clock(table, self.service.now())  # shown in this change's frame
        self.service.commit(table)
        self.service.broadcast_table(table.number)


__all__ = ["ServiceConfig", "TableLoops", "TableRuntime", "wait_for_event"]
