"""Issue 27, point 6: nothing holds the event loop that serves every
socket.  A probe times, in processor time of the serving thread, every
callback and task step its loop runs (what asyncio's debug mode logs as
"Executing … took", but not fooled by a busy machine that merely
preempts the thread): starting with stored tournaments to load, drawing
the chip chart, answering a mistyped address with the 404 page and
registering must hold it for no step over :data:`BLOCK_SECONDS`."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from floorman.services import Floor
from floorman.storage import Store
from tests.helpers.server import DIRECTOR, LiveServer, sqlite_url

BLOCK_SECONDS = 0.05
#: enough stored entries that replaying them on the loop would hold it
STORED_TOURNAMENTS, BOTS_EACH = 6, 300

pytestmark = [pytest.mark.timeout(120)]


class LoopProbe:
    """Times every handle one thread's event loop runs (task steps too)."""

    def __init__(self) -> None:
        self.thread: int | None = None
        self.handles = 0  # run by the probed loop
        self.found: list[tuple[float, str]] = []

    @property
    def slow(self) -> list[tuple[float, str]]:
        return [(spent, what) for spent, what in self.found if spent > BLOCK_SECONDS]

    def timed(self, run: Callable[[Any], None]) -> Callable[[Any], None]:
        def timed_run(handle: Any) -> None:
            if threading.get_ident() != self.thread:
                return run(handle)
            self.handles += 1
            started = time.thread_time()
            try:
                return run(handle)
            finally:
                spent = time.thread_time() - started
                if spent > BLOCK_SECONDS / 5:
                    # a task step's handle names its task (and so its coroutine)
                    what = getattr(handle._callback, "__self__", handle._callback)
                    self.found.append((spent, repr(what)[:400]))

        return timed_run


class ProbedServer(LiveServer):
    """The in-process server, its loop's thread probed from its start."""

    def __init__(self, data_dir: Path, probe: LoopProbe) -> None:
        super().__init__(data_dir)
        self.probe = probe

    def _run(self) -> None:
        self.probe.thread = threading.get_ident()
        super()._run()


@pytest.fixture()
def probe(monkeypatch: pytest.MonkeyPatch) -> Iterator[LoopProbe]:
    probe = LoopProbe()
    monkeypatch.setattr(asyncio.events.Handle, "_run", probe.timed(asyncio.events.Handle._run))
    yield probe


def test_no_handler_holds_the_loop_longer_than_50_ms(tmp_path: Path, probe: LoopProbe) -> None:
    store = Store(sqlite_url(tmp_path))
    floor = Floor(store, DIRECTOR)
    made = [
        floor.create(profile="nm-holdem", bots=BOTS_EACH, bot_kind="random").id
        for _ in range(STORED_TOURNAMENTS)
    ]
    store.close()
    with ProbedServer(tmp_path, probe) as server:
        tid = made[0]
        chart = server.http.get(f"/api/tournaments/{tid}/chart.svg?lang=nb")
        assert chart.status_code == 200 and chart.text.lstrip().startswith("<?xml")
        again = server.http.get(f"/api/tournaments/{tid}/chart.svg?lang=nb")
        assert again.text == chart.text  # kept: the level has not changed
        missing = server.http.get("/no/such/page", headers={"accept": "text/html"})
        assert missing.status_code == 404 and "<html" in missing.text
        registered = server.http.post(f"/api/tournaments/{tid}/register", json={"name": "Ada"})
        assert registered.status_code == 200, registered.text
        assert len(server.status(tid)["standings"]) == BOTS_EACH + 1
        assert len(server.http.get("/api/tournaments").json()) == STORED_TOURNAMENTS
    assert probe.handles > 20  # the probe saw the server's loop at work
    assert not probe.slow, probe.slow
