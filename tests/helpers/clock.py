"""A clock the tests move by hand, and waiting inside the event loop."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any


class FakeClock:
    """The services' ``now``: moves only when the test says so."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t


async def until(predicate: Callable[[], Any], timeout: float = 10.0) -> Any:
    """Poll ``predicate`` in the running loop until it is truthy."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not (value := predicate()):
        assert loop.time() < end, f"timed out waiting for {predicate}"
        await asyncio.sleep(0.01)
    return value
