"""One fault run, start to end (``floorman chaos``).

A fresh PostgreSQL database and a Redis of its own; the deployment on
them; tournaments made, filled and started by the director; the clients
playing while the faults come; then every tournament paused, the evidence
read and checked.  The database is dropped afterwards unless the run found
something (then it is kept, and named, to look into).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import sqlalchemy

from floorman.chaos.check import Applied, Evidence, Finding, check, gather
from floorman.chaos.clients import REQUEST_SECONDS, Director, Ledger, Player, Seat
from floorman.chaos.faults import (
    FaultLog,
    Faults,
    OwnRedis,
    PostgresPause,
    ProcessEnded,
    ServedCluster,
)
from floorman.storage import Store
from floorman.storage.crypto import new_key, parse_key
from floorman.storage.scratch import create_database, drop_database

#: the chips each player starts with: deep enough that few are out in a run
STARTING_STACK = 20_000
#: how many registrations are sent at once
REGISTERING_AT_ONCE = 16
#: seats a table (nm-holdem seats 5 to 10, NM-H-3)
TABLE_SIZE = 9
#: the set-up before the minutes of play and the pausing after them may
#: take this long together (each call is retried for up to GIVE_UP_SECONDS)
#: before the run is given up as hung
OVERTIME_SECONDS = 600.0


@dataclass
class ChaosSettings:
    postgres_url: str
    minutes: float = 5.0
    clients: int = 200
    browsers: int = 12
    tournaments: int = 4
    bots_per_tournament: int = 2
    seed: int = 1
    fault_every: float = 20.0
    redis_port: int | None = None
    keep_database: bool = False
    #: pause the whole PostgreSQL server, not only the run's backends
    whole_postgres: bool = False
    #: one runner behind relays, cut off from PostgreSQL and Redis now and then
    cut_runner: bool = True


@dataclass
class Report:
    ledger: Ledger
    faults: FaultLog
    applied: Applied = field(default_factory=Applied)
    findings: list[Finding] = field(default_factory=list)
    evidence: Evidence = field(default_factory=Evidence)
    database: str = ""
    database_kept: bool = False
    seconds: float = 0.0
    log_path: str = ""

    @property
    def hands(self) -> int:
        return sum(len(h) for h in self.evidence.hands.values())

    @property
    def ok(self) -> bool:
        return not self.findings


class Interrupted(Exception):
    """The run was stopped before its check (what it kept is in ``report``)."""

    def __init__(self, report: Report) -> None:
        super().__init__("the run was interrupted before its check")
        self.report = report


#: told every second while the clients play: (seconds gone, seconds in all, report so far)
Progress = Callable[[float, float, Report], None]


def tournament_body(k: int, table_size: int) -> dict[str, object]:
    return {
        "profile": "nm-holdem",
        "name": f"Chaos {k + 1}",
        "bots": 0,
        "starting_stack": STARTING_STACK,
        "level_seconds": 3600,
        "table_size": table_size,
        "action_delay_ms": 150,
        "action_seconds": 30,
        "between_hands_s": 0.5,
    }


def run(settings: ChaosSettings, progress: Progress | None = None) -> Report:
    directory = Path(tempfile.mkdtemp(prefix="floorman-chaos-"))
    database, database_name = create_database(settings.postgres_url, "floorman_chaos")
    own_redis = OwnRedis(directory, settings.redis_port)
    secret = new_key()
    deployment = ServedCluster(
        database,
        own_redis.url,
        secrets.token_urlsafe(24),
        secret,
        directory,
        cut_runner=settings.cut_runner,
    )
    postgres = PostgresPause(
        settings.postgres_url, database_name, whole_server=settings.whole_postgres
    )
    faults = Faults(deployment, own_redis, postgres, seed=settings.seed, every=settings.fault_every)
    report = Report(Ledger(), faults.log, database=database, log_path=str(deployment.log_path))
    began = time.monotonic()
    checked = False
    try:
        own_redis.start()
        deployment.start()
        tournaments = asyncio.run(_bounded(settings, deployment, faults, report, progress))
        store = Store(database, key=parse_key(secret, "the run's key"))
        try:
            chips = {
                tid: STARTING_STACK * sum(1 for _ in store.players(tid)) for tid in tournaments
            }
            report.evidence = gather(store, tournaments, chips, deployment.url, deployment.workers)
        finally:
            store.close()
        report.findings, report.applied = check(report.ledger.sent, report.evidence)
        checked = True
    except KeyboardInterrupt as stopped:  # Ctrl-C, SIGTERM: undone below, then said
        raise Interrupted(report) from stopped
    finally:
        faults.halted.set()
        # each undone whatever the one before it raised: no process outlives the run
        for undo in (postgres.resume_all, deployment.stop, own_redis.kill):
            with contextlib.suppress(Exception):
                undo()
        report.seconds = time.monotonic() - began
        # a finding, or a run that broke off, keeps what to look into
        report.database_kept = settings.keep_database or not (checked and report.ok)
        if not report.database_kept:
            with contextlib.suppress(sqlalchemy.exc.SQLAlchemyError):
                drop_database(settings.postgres_url, database_name)
        if checked and report.ok:
            report.log_path = ""
            shutil.rmtree(directory, ignore_errors=True)
    return report


async def _bounded(
    settings: ChaosSettings,
    deployment: ServedCluster,
    faults: Faults,
    report: Report,
    progress: Progress | None,
) -> list[str]:
    """:func:`_drive`, given up with a clear error when ``floorman serve``
    is gone for good (its supervisor quits when a web process cannot
    start) or when the run outlasts its minutes by OVERTIME_SECONDS: a run
    that cannot end must not leave its caller (a test worker) waiting."""
    limit = settings.minutes * 60 + OVERTIME_SECONDS
    driving = asyncio.create_task(_drive(settings, deployment, faults, report, progress))
    watching = asyncio.create_task(_watch(faults))
    try:
        done, _ = await asyncio.wait(
            {driving, watching}, timeout=limit, return_when=asyncio.FIRST_COMPLETED
        )
    finally:
        faults.halted.set()  # any fault being recovered from waits no more
        for task in (driving, watching):
            task.cancel()
        await asyncio.gather(driving, watching, return_exceptions=True)
    if driving in done:
        return driving.result()
    if watching in done:
        watching.result()  # raises why the deployment is gone
    raise TimeoutError(f"the run did not end within {limit:.0f} s (see {deployment.log_path})")


async def _watch(faults: Faults) -> None:
    """Returns never; raises :class:`ProcessEnded` once the deployment is gone."""
    while (why := faults.deployment.ended()) is None:
        await asyncio.sleep(1.0)
    raise ProcessEnded(why)


async def _drive(
    settings: ChaosSettings,
    deployment: ServedCluster,
    faults: Faults,
    report: Report,
    progress: Progress | None,
) -> list[str]:
    """Set up, play with faults for the run's minutes, pause everything."""
    rng = random.Random(settings.seed)
    ledger = report.ledger
    limits = httpx.Limits(max_connections=96, max_keepalive_connections=48)
    async with httpx.AsyncClient(
        base_url=deployment.url, timeout=REQUEST_SECONDS, limits=limits
    ) as http:
        director = Director(http, ledger, deployment.director_token, rng)
        # the faults from the first command on: the set-up's calls are retried too
        seconds = settings.minutes * 60
        started = time.monotonic()
        faults.started = started
        injecting = asyncio.create_task(faults.run(started + seconds))
        tournaments = [
            await director.create(tournament_body(k, TABLE_SIZE))
            for k in range(settings.tournaments)
        ]
        seats = await _register(settings, director, tournaments)
        for tid in tournaments:
            await director.add_bots(tid, settings.bots_per_tournament)
            await director.simple("start", tid)
        stop = asyncio.Event()
        players = [
            Player(seat, "browser" if seat.browser else "bot", http, ledger, random.Random(k))
            for k, seat in enumerate(seats)
        ]
        playing = [asyncio.create_task(p.play(stop)) for p in players]
        warning = asyncio.create_task(director.keep_warning(seats, stop, every=8.0))
        while (gone := time.monotonic() - started) < seconds:
            if progress is not None:
                progress(gone, seconds, report)
            await asyncio.sleep(1.0)
        if progress is not None:
            progress(seconds, seconds, report)
        stop.set()
        await injecting
        await asyncio.wait([*playing, warning], timeout=REQUEST_SECONDS * 2)
        for task in (*playing, warning):
            task.cancel()
        await asyncio.gather(*playing, warning, return_exceptions=True)
        # still from here on: nobody acts or times out in a paused tournament
        for tid in tournaments:
            await director.simple("pause", tid)
    return tournaments


async def _register(
    settings: ChaosSettings, director: Director, tournaments: list[str]
) -> list[Seat]:
    """``settings.clients`` seats spread over the tournaments; the first
    ``settings.browsers`` register as anyone does, the bots at the desk."""
    gate = asyncio.Semaphore(REGISTERING_AT_ONCE)

    async def one(k: int) -> Seat | None:
        tid = tournaments[k % len(tournaments)]
        async with gate:
            return await director.register(tid, f"Chaos {k + 1}", public=k < settings.browsers)

    found = await asyncio.gather(*(one(k) for k in range(settings.clients)))
    return [seat for seat in found if seat is not None]


__all__ = ["ChaosSettings", "Interrupted", "Report", "run"]
