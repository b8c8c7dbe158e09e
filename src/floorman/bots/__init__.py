"""Bots that play through the same action interface as people."""

from floorman.bots.base import Bot, Situation, situation
from floorman.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "Situation", "make_bot", "situation"]


def make_bot(kind: str) -> Bot:
    """A bot by name: ``random`` or ``sensible``."""
    if kind == "random":
        return RandomBot()
    if kind == "sensible":
        from floorman.bots.sensible import SensibleBot

        return SensibleBot()
    raise ValueError(f"unknown bot {kind!r}: choose 'random' or 'sensible'")
