"""The level clock.  It never reads a clock: every method takes the time.

>>> from floorman.tournament.structure import Level
>>> clock = LevelClock((Level(10, 60), Level(20, 60), Level(0, 30, is_break=True), Level(30, 60)))
>>> clock.start(1000.0)
>>> clock.level_at(1059.0), clock.level_at(1060.0), clock.level_at(1125.0), clock.level_at(1150.0)
(1, 2, 3, 4)
>>> clock.pause(1010.0); clock.level_at(5000.0)
1
>>> clock.resume(1110.0); clock.level_at(1159.0), clock.level_at(1160.0)
(1, 2)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from floorman.tournament.structure import Level, Structure


class LevelClock:
    """Play time since the start, less pauses, mapped onto the levels."""

    def __init__(self, levels: Sequence[Level]) -> None:
        self.levels = tuple(levels)
        self.started_at: float | None = None
        self.paused_at: float | None = None
        self.paused_total = 0.0
        self.offset = 0.0  # play time skipped or rewound by the director
        # seconds the director added to (or took off) a level, by level (OQ-03)
        self.added: dict[int, int] = {}
        # Once the tournament is over the clock stands still: the play time,
        # the level its last hand was played in and when it ended (None: an
        # end recorded without its time).
        self.stopped: float | None = None
        self.final_level: int | None = None
        self.ended_at: float | None = None

    def seconds_of(self, level: int) -> int:
        """How long 1-based ``level`` lasts: the structure's length with the
        time the director added or took off."""
        return self.levels[level - 1].seconds + self.added.get(level, 0)

    def lengthen(self, level: int, seconds: int) -> None:
        """The director adds ``seconds`` to ``level`` (below 0: takes them off).

        >>> from floorman.tournament.structure import Level
        >>> clock = LevelClock((Level(10, 60), Level(20, 60)))
        >>> clock.start(0.0); clock.lengthen(1, 30)
        >>> clock.level_at(80.0), clock.level_at(90.0)
        (1, 2)
        """
        self.added[level] = self.added.get(level, 0) + seconds

    def seconds_left(self, now: float) -> int:
        """What is left of the level being played at ``now``."""
        level = self.level_at(now)
        played = self.elapsed(now) - sum(self.seconds_of(k) for k in range(1, level))
        return max(0, int(self.seconds_of(level) - played))

    def start(self, at: float) -> None:
        self.started_at = at

    def pause(self, at: float) -> None:
        self.paused_at = at

    def resume(self, at: float) -> None:
        if self.paused_at is not None:
            self.paused_total += at - self.paused_at
        self.paused_at = None

    def stop(self, at: float | None, level: int) -> None:
        """The tournament is over at ``level``, the level of its last hand:
        the time played after it in that level (a finish found after a pause,
        or a later level the clock reached with no hand dealt in it) is no
        play.  Without ``at`` the clock stands at the start of that level.

        >>> from floorman.tournament.structure import Level
        >>> clock = LevelClock((Level(10, 60), Level(20, 60), Level(30, 60)))
        >>> clock.start(0.0); clock.stop(130.0, 2)
        >>> clock.level_at(10_000.0), clock.elapsed(10_000.0), clock.running()
        (2, 120.0, False)
        """
        start = sum(self.seconds_of(k) for k in range(1, level))
        end = start + (self.seconds_of(level) if 0 < level <= len(self.levels) else 0)
        played = self.elapsed(at) if at is not None else start
        self.stopped = float(min(max(played, start), end))
        self.final_level = level
        self.ended_at = at

    def running(self) -> bool:
        """Whether the play time still goes on."""
        return self.started_at is not None and self.paused_at is None and self.stopped is None

    def elapsed(self, now: float) -> float:
        if self.stopped is not None:
            return self.stopped
        if self.started_at is None:
            return 0.0
        end = self.paused_at if self.paused_at is not None else now
        return max(0.0, end - self.started_at - self.paused_total + self.offset)

    def level_at(self, now: float) -> int:
        """The 1-based level being played at ``now`` (the last level goes on)."""
        if self.final_level is not None:
            return self.final_level
        left = self.elapsed(now)
        for index in range(len(self.levels)):
            seconds = self.seconds_of(index + 1)
            if left < seconds:
                return index + 1
            left -= seconds
        return len(self.levels)

    def set_level(self, level: int, at: float) -> None:
        """The director moves the clock to the start of ``level`` (OQ-03)."""
        target = sum(self.seconds_of(k) for k in range(1, level))
        self.offset += target - self.elapsed(at)

    def describe(
        self,
        now: float,
        structure: Structure,
        blinds_for: Callable[[int], tuple[int, int]] | None = None,
    ) -> dict[str, Any]:
        """The clock for people: the level, its time left, what comes next
        and when the next break starts.  ``blinds_for``: the profile's
        blinds of an ante (:meth:`RuleProfile.blinds_for`); without it, or
        in a game without blinds, ``next_blinds`` is None."""
        level = self.level_at(now)
        current = structure.playing_level(level - 1)
        upcoming = structure.levels[level] if level < len(structure.levels) else None
        seconds_left = self.seconds_left(now)
        # the next break after this level; none once the last level goes on
        to_break: int | None = None
        ahead = seconds_left
        for lv in structure.levels[level:]:
            if lv.is_break:
                to_break = ahead
                break
            ahead += lv.seconds
        next_blinds = None
        if upcoming is not None and not upcoming.is_break and blinds_for is not None:
            blinds = blinds_for(upcoming.ante)
            next_blinds = list(blinds) if any(blinds) else None
        index = min(level, len(structure.levels)) - 1
        return {
            "level": level,
            # the number people read: breaks are no levels (as the editor counts)
            "play_level": play_number(structure.levels, index),
            # since the start, pauses included: the room's "we have played 2:13"
            "running_seconds": self._running_seconds(now),
            # False once paused, and for good once the tournament is over
            "running": self.running(),
            "colour_up": colour_up(structure.levels, index, seconds_left, blinds_for),
            "seconds_left": seconds_left,
            "ante": current.ante,
            "is_break": current.is_break,
            "paused": self.paused_at is not None,
            "next_ante": upcoming.ante if upcoming else None,
            "next_is_break": upcoming.is_break if upcoming else None,
            "next_blinds": next_blinds,
            "seconds_to_break": to_break,
        }

    def _running_seconds(self, now: float) -> int:
        if self.started_at is None:
            return 0
        if self.stopped is not None:
            if self.ended_at is None:
                return int(self.stopped + self.paused_total - self.offset)
            return int(self.ended_at - self.started_at)
        return int(now - self.started_at)


def play_number(levels: Sequence[Level], index: int) -> int | None:
    """Level ``index``'s number among the levels played (None: a break).

    >>> from floorman.tournament.structure import Level
    >>> levels = (Level(10, 60), Level(0, 60, is_break=True), Level(20, 60))
    >>> [play_number(levels, k) for k in range(3)]
    [1, None, 2]
    """
    if levels[index].is_break:
        return None
    return sum(1 for lv in levels[: index + 1] if not lv.is_break)


def smallest_chips(
    levels: Sequence[Level], blinds_for: Callable[[int], tuple[int, int]] | None = None
) -> list[int | None]:
    """For each level, the smallest chip still needed from it on: the
    greatest common divisor of every ante and blind of that level and of
    every level after it (None: nothing is played from there on).

    >>> from floorman.tournament.structure import Level
    >>> levels = (Level(10, 60), Level(20, 60), Level(0, 60, is_break=True), Level(100, 60))
    >>> smallest_chips(levels)
    [10, 20, 100, 100]
    """
    units: list[int | None] = [None] * len(levels)
    unit = 0
    for index in range(len(levels) - 1, -1, -1):
        level = levels[index]
        if not level.is_break:
            blinds = blinds_for(level.ante) if blinds_for is not None else (0, 0)
            for amount in (level.ante, *blinds):
                if amount:
                    unit = math.gcd(unit, amount)
        units[index] = unit or None
    return units


def colour_up(
    levels: Sequence[Level],
    index: int,
    seconds_left: int,
    blinds_for: Callable[[int], tuple[int, int]] | None = None,
) -> dict[str, Any] | None:
    """The next time the smallest chip in play is needed no more (a
    colour-up or chip race, the room's own procedure: no rulebook here
    says how, OQ-68): the chip that goes, the smallest one after it, the
    level it happens before, whether a break comes first, and in how many
    seconds.  None: no such change ahead.

    >>> from floorman.tournament.structure import Level
    >>> levels = (Level(25, 60), Level(50, 60), Level(0, 600, is_break=True), Level(100, 60))
    >>> colour_up(levels, 0, 30)
    {'chip': 25, 'smallest_after': 50, 'before_level': 2, 'at_break': False, 'in_seconds': 30}
    >>> colour_up(levels, 1, 10)["before_level"], colour_up(levels, 1, 10)["at_break"]
    (3, True)
    """
    units = smallest_chips(levels, blinds_for)
    now = units[index]
    ahead = seconds_left
    for later in range(index + 1, len(levels)):
        unit = units[later]
        if not levels[later].is_break and now and unit and unit > now:
            return {
                "chip": now,
                "smallest_after": unit,
                "before_level": play_number(levels, later),
                "at_break": levels[later - 1].is_break,
                "in_seconds": ahead,
            }
        ahead += levels[later].seconds
    return None
