"""Levels from a few numbers: the director's structure wizard.

A room sets a schedule by its first ante, how much each level rises, how
many levels, how long each lasts and a break every so many levels; the
editor then shows them one by one to change as he likes.  Each ante is the
nearest "round" amount (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power
of ten), never below or equal to the one before: chips a room has, and a
rise at every level.  No rulebook sets levels (OQ-68: the organiser's).

>>> [lv.ante for lv in rising_levels(first_ante=10, rise_percent=50, count=6, seconds=600)]
[10, 15, 20, 30, 50, 80]
>>> [lv.is_break for lv in rising_levels(10, 50, 4, 600, break_every=2, break_seconds=300)]
[False, False, True, False, False]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from floorman.tournament.structure import Level

#: the leading digits of a round amount
ROUND = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0)


def round_amount(value: float) -> int:
    """The round amount nearest ``value`` (at least 1).

    >>> [round_amount(x) for x in (0.4, 7, 11, 33, 137, 2800)]
    [1, 6, 10, 30, 150, 3000]
    """
    if value <= 1:
        return 1
    scale: int = 10 ** math.floor(math.log10(value))
    candidates: list[int] = [round(d * scale) for d in ROUND] + [10 * scale]
    nearest: int = min(candidates, key=lambda c: (abs(c - value), c))
    return max(1, nearest)


def next_round_amount(above: int) -> int:
    """The smallest round amount greater than ``above``."""
    scale = 10 ** math.floor(math.log10(above)) if above >= 1 else 1
    for power in (scale, scale * 10):
        for digit in ROUND:
            amount: int = round(digit * power)
            if amount > above:
                return amount
    return above + 1  # pragma: no cover - ROUND spans a decade


def rising_levels(
    first_ante: int,
    rise_percent: float,
    count: int,
    seconds: int,
    *,
    break_every: int = 0,
    break_seconds: int = 0,
) -> tuple[Level, ...]:
    """``count`` levels from ``first_ante``, each about ``rise_percent``
    above the one before, with a break after every ``break_every`` levels
    (0: none; none after the last)."""
    levels: list[Level] = []
    exact = float(first_ante)
    previous = 0
    for k in range(count):
        ante = round_amount(exact) if k else first_ante
        if ante <= previous:
            ante = next_round_amount(previous)
        levels.append(Level(ante=ante, seconds=seconds))
        previous = ante
        exact = max(exact, float(ante)) * (1 + rise_percent / 100)
    return with_breaks(levels, break_every, break_seconds)


def with_breaks(levels: Sequence[Level], every: int, seconds: int) -> tuple[Level, ...]:
    """``levels``' playing levels with a break of ``seconds`` after every
    ``every`` of them (0: no breaks; none after the last).  The breaks
    ``levels`` had are replaced (the rulebook structures have none: 29
    levels of 30 minutes straight, OQ-09).

    >>> plain = [Level(ante=a, seconds=1800) for a in (10, 20, 30, 40, 50)]
    >>> [(lv.ante, lv.seconds // 60) for lv in with_breaks(plain, 2, 900)]
    [(10, 30), (20, 30), (0, 15), (30, 30), (40, 30), (0, 15), (50, 30)]
    """
    playing = [lv for lv in levels if not lv.is_break]
    out: list[Level] = []
    for k, level in enumerate(playing, 1):
        out.append(level)
        if every and k % every == 0 and k < len(playing):
            out.append(Level(ante=0, seconds=seconds, is_break=True))
    return tuple(out)


__all__ = ["ROUND", "next_round_amount", "rising_levels", "round_amount", "with_breaks"]
