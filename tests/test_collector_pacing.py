"""The server's garbage-collector pacing (floorman.server.collector): what
has settled is frozen out of the full collections that stopped the event
loop, young cycles are collected before a freeze, frozen cycles wait for the
thaw, and nothing stays frozen after the app stops."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from floorman.server import collector
from floorman.server.collector import CollectorPacing


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the collector frees it


@pytest.fixture(autouse=True)
def thawed() -> Iterator[None]:
    yield
    gc.unfreeze()  # the test process's heap is left as it was found


def test_a_young_cycle_is_collected_not_frozen() -> None:
    pacing = CollectorPacing(clock=lambda: 1.0)
    ref = weakref.ref(Node())
    pacing.settle()
    assert ref() is None


def test_a_frozen_cycle_waits_for_the_thaw() -> None:
    now = [1.0]
    pacing = CollectorPacing(settle_seconds=60, thaw_seconds=3600, clock=lambda: now[0])
    node = Node()
    ref = weakref.ref(node)
    pacing.settle()
    assert gc.get_freeze_count() > 0
    del node
    gc.collect()
    assert ref() is not None, "frozen: out of the collector's sight"
    now[0] = 61.0
    pacing.settle()
    assert ref() is not None, "a settle before the hour keeps it frozen"
    now[0] = 3601.0
    pacing.settle()
    assert ref() is None, "the hourly thaw collects it"


def test_the_environment_switches_it_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(collector.ENVIRONMENT, "off")

    async def started() -> object:
        return collector.paced_collection()

    assert asyncio.run(started()) is None
    monkeypatch.setenv(collector.ENVIRONMENT, "on")
    assert CollectorPacing.wanted()


def test_stopping_thaws_what_was_frozen() -> None:
    async def run_and_stop() -> int:
        pacing = collector.paced_collection()
        assert pacing is not None
        frozen = gc.get_freeze_count()
        collector.stop_pacing(pacing)
        await asyncio.sleep(0)
        assert pacing.cancelled()
        return frozen

    assert asyncio.run(run_and_stop()) > 0
    assert gc.get_freeze_count() == 0
