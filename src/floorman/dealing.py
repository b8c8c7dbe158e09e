"""Where randomness comes from.  Play uses the operating system's secure
source (``secrets``); a seeded generator exists only for tests, simulation and
replays, and is always passed in explicitly.

>>> from floorman.engine.cards import shuffled_deck
>>> shuffled_deck(seeded_randbelow(7)) == shuffled_deck(seeded_randbelow(7))
True
"""

from __future__ import annotations

import random
import secrets

from floorman.engine.cards import Card, RandBelow, shuffled_deck


def secure_randbelow(n: int) -> int:
    return secrets.randbelow(n)


def seeded_randbelow(seed: int) -> RandBelow:
    """A reproducible source, for tests, simulations and replays only."""
    return random.Random(seed).randrange


def secure_deck() -> list[Card]:
    """A deck shuffled for real play (Fisher–Yates over ``secrets``)."""
    return shuffled_deck(secure_randbelow)
