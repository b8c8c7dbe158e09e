"""The level clock of a finished tournament stands at the level its last
hand was played in: the time after the finish is no play, so every page
(lobby, tournament page, big-screen clock) shows the same final level and
no time running."""

from __future__ import annotations

from typing import Any

from floorman.tournament.core import Tournament
from floorman.tournament.structure import Level, Structure
from tests.helpers.tournament import assert_replay_equal, new_tournament, rules


def short_levels() -> Structure:
    return Structure(
        levels=tuple(Level(ante, 600) for ante in (10, 20, 40, 80, 160)),
        starting_stack=1000,
        table_size=rules("nm-holdem").table_max,
    )


def finish_heads_up_at(at: float) -> Tournament:
    t = new_tournament("nm-holdem", 2, struct=short_levels())
    t.tick(at)
    table = min(t.tables)
    t.begin_hand(table, lambda n: 0)
    winner, loser = sorted(t.tables[table].seats.values())
    spec_stacks = {winner: 2000, loser: 0}
    t.end_hand(table, spec_stacks, lambda n: 0, at=at + 30.0)
    assert t.status == "finished"
    return t


def clock_of(t: Tournament, now: float) -> dict[str, Any]:
    clock = t.summary(now=now)["clock"]
    assert isinstance(clock, dict)
    return clock


def test_a_finished_tournament_keeps_the_level_of_its_last_hand() -> None:
    # the last hand is dealt in level 2 and ends 30 s later; hours afterwards
    # the clock would otherwise have run on to the last level
    t = finish_heads_up_at(700.0)
    summary = t.summary(now=50_000.0)
    clock = clock_of(t, 50_000.0)
    assert summary["level"] == 2
    assert clock["level"] == 2
    assert clock["play_level"] == 2
    assert clock["ante"] == 20
    assert clock["running"] is False
    assert clock["paused"] is False
    assert clock["seconds_left"] == 600 - 130  # 100 s into level 2 at the deal, 30 more
    assert clock["running_seconds"] == 730  # from the start to the finish, not to now
    assert clock_of(t, 90_000.0) == clock  # nothing runs any more


def test_the_finish_after_the_level_ran_out_stays_in_the_hand_s_level() -> None:
    # dealt in the last second of level 1, ended in what the clock calls
    # level 2: no hand was played there, so the tournament ended in level 1
    t = new_tournament("nm-holdem", 2, struct=short_levels())
    table = min(t.tables)
    t.tick(599.0)
    t.begin_hand(table, lambda n: 0)
    spec_players = sorted(t.tables[table].seats.values())
    t.end_hand(table, {spec_players[0]: 2000, spec_players[1]: 0}, lambda n: 0, at=650.0)
    clock = clock_of(t, 10_000.0)
    assert (t.summary(now=10_000.0)["level"], clock["level"], clock["seconds_left"]) == (1, 1, 0)
    assert clock["running"] is False


def test_the_stopped_clock_survives_a_replay() -> None:
    t = finish_heads_up_at(700.0)
    assert_replay_equal(t)
    assert clock_of(Tournament.replay(t.events), 50_000.0) == clock_of(t, 50_000.0)


def test_a_running_clock_says_it_runs() -> None:
    t = new_tournament("nm-holdem", 4, struct=short_levels())
    assert clock_of(t, 100.0)["running"] is True
    t.pause(100.0)
    assert clock_of(t, 200.0)["running"] is False
