"""The field over time: players left, the average stack and the leaders'
stacks at the start of every level, folded from the tournament's events
(the events are the truth; this is one more fold over them).

The director's chip-count chart and the tournament page read it; the chart
is drawn in :mod:`floorman.services.charts`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from floorman.tournament.core import Tournament
from floorman.tournament.events import Finished, LevelChanged, Started, TournamentEvent


@dataclass(frozen=True, slots=True)
class ChipSample:
    """The field when a level began (or the tournament ended)."""

    level: int
    at: float  #: tournament time of the sample, seconds on the level clock
    players_left: int
    average_stack: int
    #: the chip leaders, most chips first: (player, name, chips)
    leaders: tuple[tuple[str, str, int], ...]


def chip_history(events: Iterable[TournamentEvent], *, leaders: int = 3) -> list[ChipSample]:
    """A sample at every level's start (the first at the tournament's) and
    at the end."""
    tournament = Tournament()
    samples: list[ChipSample] = []
    started_at = last_at = 0.0
    for event in events:
        tournament.apply(event)
        if isinstance(event, Started):
            started_at = last_at = event.at
        if isinstance(event, LevelChanged | Finished):  # level 1 comes with the start
            # an end a ruling made has no time: it came after the last one known
            # (it was drawn at the start, the field's line staying up to the end)
            last_at = event.at if event.at is not None else last_at
            samples.append(_sample(tournament, last_at - started_at, leaders))
    return samples


def field_now(tournament: Tournament, now: float, *, leaders: int = 3) -> ChipSample | None:
    """The field as it stands now in a running tournament: players go out
    within a level, which the samples at the levels' starts alone never
    show (the chart's line stayed at 5 with 1 left)."""
    started = tournament.clock.started_at
    if tournament.status != "running" or started is None:
        return None
    return _sample(tournament, max(0.0, now - started), leaders)


def _sample(tournament: Tournament, at: float, leaders: int) -> ChipSample:
    alive = [p for p in tournament.players.values() if p.status in ("playing", "won")]
    alive.sort(key=lambda p: (-p.chips, p.player))
    total = sum(p.chips for p in alive)
    return ChipSample(
        level=tournament.level,
        at=at,
        players_left=len(alive),
        average_stack=total // len(alive) if alive else 0,
        leaders=tuple((p.player, p.name, p.chips) for p in alive[:leaders]),
    )


__all__ = ["ChipSample", "chip_history", "field_now"]
