"""Issue 27, point 4: the newest socket keeps the seat, on one process or
several, deterministically (DE-GEN-2: one participant per seat).

In a cluster the newest is the runner's order of the seat openings: every
web process folds the same messages in the same order, so of two devices
opened at once — on one web process or two — exactly one plays, the same
one everywhere, and the other is told why (``seat_taken``, then the close
code 4409 with its reason).  Here two replicas stand for two web
processes, told what a runner publishes."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from floorman.services import Floor
from floorman.services.broadcast import SEAT_TAKEN_CODE, Subscriber
from floorman.services.replica import Replica
from floorman.storage import Store
from tests.helpers.server import DIRECTOR, sqlite_url


def seat_message(*openings: tuple[str, str]) -> dict[str, Any]:
    """A runner's change message holding only seat openings, in its order."""
    return {"tables": {}, "seats": [list(o) for o in openings]}


def frames(sub: Subscriber) -> list[str]:
    kinds = []
    while (text := sub.take()) is not None:
        kinds.append(json.loads(text)["type"])
    return kinds


class TwoWebProcesses:
    """One stored tournament with one player, and two replicas of it."""

    def __init__(self, directory: Path) -> None:
        self.store = Store(sqlite_url(directory))
        service = Floor(self.store, DIRECTOR).create(profile="nm-holdem")
        self.player, _ = service.register("Ann")
        self.store.flush()
        self.web = [self._replica(service.id), self._replica(service.id)]

    def _replica(self, tid: str) -> Replica:
        replica = asyncio.run(Replica.load(self.store, tid))
        assert replica is not None
        return replica

    def open_seat(self, web: int) -> Subscriber:
        """A socket's hello on web process ``web``: subscribed, and its
        seat taken as ws.py takes it (before the runner has heard of it)."""
        service = self.web[web].service
        sub = service.subscribe(self.player, None)
        service.take_seat(sub)
        return sub

    def tell_all(self, message: dict[str, Any]) -> None:
        for replica in self.web:
            replica.tell(message)

    def alive(self) -> list[Subscriber]:
        return [s for r in self.web for s in r.service.subscribers if s.player == self.player]


@pytest.fixture()
def cluster(tmp_path: Path) -> Any:
    web = TwoWebProcesses(tmp_path)
    try:
        yield web
    finally:
        web.store.close()


@pytest.mark.clause("DE-GEN-2")
@pytest.mark.parametrize("one_message", [False, True])
def test_two_devices_on_two_web_processes_leave_exactly_the_newest(
    cluster: TwoWebProcesses, one_message: bool
) -> None:
    """Both sockets open before the runner's messages arrive; the runner
    carried out the first's opening, then the second's."""
    first, second = cluster.open_seat(0), cluster.open_seat(1)
    openings = [(cluster.player, first.ident), (cluster.player, second.ident)]
    if one_message:
        cluster.tell_all(seat_message(*openings))
    else:
        for opening in openings:
            cluster.tell_all(seat_message(opening))
    assert cluster.alive() == [second]
    assert second.close_code is None and frames(second) == []
    assert first.close_code == SEAT_TAKEN_CODE and frames(first) == ["seat_taken"]
    assert "another device" in first.close_reason


@pytest.mark.clause("DE-GEN-2")
def test_the_runner_s_order_decides_not_the_hellos(cluster: TwoWebProcesses) -> None:
    """The second hello's opening reached the runner first: the first
    socket is the newest in the one order every process shares."""
    first, second = cluster.open_seat(0), cluster.open_seat(1)
    cluster.tell_all(seat_message((cluster.player, second.ident)))
    cluster.tell_all(seat_message((cluster.player, first.ident)))
    assert cluster.alive() == [first]
    assert second.close_code == SEAT_TAKEN_CODE


@pytest.mark.clause("DE-GEN-2")
def test_two_devices_on_one_web_process_leave_exactly_the_newest(
    cluster: TwoWebProcesses,
) -> None:
    first = cluster.open_seat(0)
    cluster.tell_all(seat_message((cluster.player, first.ident)))
    second = cluster.open_seat(0)
    assert cluster.alive() == [first, second] or cluster.alive() == [second, first]
    cluster.tell_all(seat_message((cluster.player, second.ident)))
    assert cluster.alive() == [second] and first.close_code == SEAT_TAKEN_CODE


@pytest.mark.clause("DE-GEN-2")
def test_a_socket_whose_opening_is_still_on_its_way_is_never_closed(
    cluster: TwoWebProcesses,
) -> None:
    """The older device's opening is announced while the newer one's is
    still queued at the runner: the newer one stays open."""
    older = cluster.open_seat(0)
    newer = cluster.open_seat(1)
    cluster.tell_all(seat_message((cluster.player, older.ident)))
    assert newer.close_code is None and older.close_code is None
    cluster.tell_all(seat_message((cluster.player, newer.ident)))
    assert cluster.alive() == [newer]
