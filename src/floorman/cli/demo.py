"""``floorman demo``: a few hands between bots, printed."""

from __future__ import annotations


def demo() -> None:
    print("floorman demo")
