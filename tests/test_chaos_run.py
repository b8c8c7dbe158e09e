"""``floorman chaos`` in its short form (issue 27, point 8): two web
processes and two runners on PostgreSQL and a Redis of the run's own, a
few dozen clients retrying with the same key, every kind of fault this
machine permits at least once — kill -9 of a runner and of a web process,
Redis restarted empty, PostgreSQL's backends paused, a runner cut off from
PostgreSQL and Redis — and then the check:
nothing acknowledged lost, nothing applied twice, chips conserved, every
hand whole, every replica equal to the stored state.  The full form
(five minutes, 200 clients) is run by hand: docs/benchmarks.md."""

from __future__ import annotations

import os

import pytest

from floorman.chaos.faults import KILL_RUNNER, KILL_WEB, NETWORK_CUT, POSTGRES_PAUSE, REDIS_EMPTY
from floorman.chaos.run import ChaosSettings, run

POSTGRES = os.environ.get("FLOORMAN_TEST_POSTGRES_URL", "")
pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]

CLIENTS = 40


def test_a_short_fault_run_loses_nothing_and_doubles_nothing() -> None:
    if not POSTGRES:
        pytest.fail("FLOORMAN_TEST_POSTGRES_URL is needed: run 'make test'")
    report = run(
        ChaosSettings(
            postgres_url=POSTGRES,
            minutes=1.25,
            clients=CLIENTS,
            browsers=6,
            tournaments=2,
            fault_every=8.0,
            seed=7,
        )
    )
    assert report.ok, [f"{f.kind}: {f.text}" for f in report.findings[:20]]
    # every fault this machine permits, at least once (a pause needs root)
    for kind in (KILL_RUNNER, KILL_WEB, REDIS_EMPTY, NETWORK_CUT):
        assert report.faults.injected[kind] >= 1, report.faults.lines
    if POSTGRES_PAUSE not in report.faults.skipped:
        assert report.faults.injected[POSTGRES_PAUSE] >= 1, report.faults.lines
    # and enough happened for that to mean something
    ledger = report.ledger
    assert report.applied.by_kind["register"] == CLIENTS
    assert report.applied.by_kind["act"] > 200, report.applied
    assert report.applied.by_kind["warn"] >= 3, report.applied
    assert ledger.acknowledged > 50, ledger.acknowledged
    assert ledger.doubled >= 6, ledger.doubled  # every anyone's registration, at least
    assert report.hands > 20, report.hands
