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

    def start(self, at: float) -> None:
        self.started_at = at

    def pause(self, at: float) -> None:
        self.paused_at = at

    def resume(self, at: float) -> None:
        if self.paused_at is not None:
            self.paused_total += at - self.paused_at
        self.paused_at = None

    def elapsed(self, now: float) -> float:
        if self.started_at is None:
            return 0.0
        end = self.paused_at if self.paused_at is not None else now
        return max(0.0, end - self.started_at - self.paused_total + self.offset)

    def level_at(self, now: float) -> int:
        """The 1-based level being played at ``now`` (the last level goes on)."""
        left = self.elapsed(now)
        for index, level in enumerate(self.levels):
            if left < level.seconds:
                return index + 1
            left -= level.seconds
        return len(self.levels)

    def set_level(self, level: int, at: float) -> None:
        """The director moves the clock to the start of ``level`` (OQ-03)."""
        target = sum(lv.seconds for lv in self.levels[: level - 1])
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
        left = self.elapsed(now)
        for lv in self.levels[: level - 1]:
            left -= lv.seconds
        current = structure.playing_level(level - 1)
        upcoming = structure.levels[level] if level < len(structure.levels) else None
        seconds_left = max(0, int(current.seconds - left))
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
        return {
            "level": level,
            "seconds_left": seconds_left,
            "ante": current.ante,
            "is_break": current.is_break,
            "paused": self.paused_at is not None,
            "next_ante": upcoming.ante if upcoming else None,
            "next_is_break": upcoming.is_break if upcoming else None,
            "next_blinds": next_blinds,
            "seconds_to_break": to_break,
        }
