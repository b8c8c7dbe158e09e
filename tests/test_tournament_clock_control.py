"""The clock at the event (NM-D-1G, OQ-03, OQ-09): a break now, time added
to or taken off the level being played, the next level now - each logged
as the director's ruling with its time, each on the clock every page
reads (the summary's ``clock`` and ``procedures``)."""

from __future__ import annotations

import random

import pytest

from floorman.tournament.core import TournamentError
from floorman.tournament.events import (
    BreakCalled,
    BreakEnded,
    ClockAdjusted,
    LevelChanged,
    Overridden,
)
from tests.helpers.tournament import assert_replay_equal, seated, structure

TWO = {1: {1: "a", 2: "b", 3: "c"}, 2: {1: "d", 2: "e", 3: "f"}}


def running(profile: str = "de-holdem"):  # type: ignore[no-untyped-def]
    """Levels of 600 s, started at 0."""
    return seated(profile, TWO, struct=structure(profile, seconds=600))


@pytest.mark.clause("OQ-03")
def test_OQ_03_time_added_lengthens_the_level_and_moves_the_next_one() -> None:
    t = running()
    assert t.summary(100.0)["clock"]["seconds_left"] == 500  # type: ignore[index]
    event = t.adjust_clock(300, 100.0, "a dealer change took five minutes")
    assert isinstance(event, ClockAdjusted) and (event.level, event.seconds) == (1, 300)
    assert event.clause == "OQ-03" and event.at == 100.0
    assert t.summary(100.0)["clock"]["seconds_left"] == 800  # type: ignore[index]
    assert t.tick(650.0) == [] and t.level == 1  # level 1 now ends at 900
    [level_2] = t.tick(900.0)
    assert isinstance(level_2, LevelChanged) and level_2.level == 2
    assert t.summary(900.0)["clock"]["seconds_left"] == 600  # type: ignore[index]
    assert_replay_equal(t)


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_NM_D_1G_time_taken_off_shortens_the_level_never_past_its_end() -> None:
    t = running("nm-holdem")
    event = t.adjust_clock(-200, 100.0, "")
    assert event.clause == "NM-D-1G, OQ-03"
    assert t.summary(100.0)["clock"]["seconds_left"] == 300  # type: ignore[index]
    with pytest.raises(TournamentError) as refused:
        t.adjust_clock(-300, 100.0)  # all that is left: that is the next level
    assert refused.value.clause == "NM-D-1G, OQ-03"
    assert "only 300 seconds are left of level 1" in str(refused.value)
    with pytest.raises(TournamentError, match="between 1 second"):
        t.adjust_clock(0, 100.0)


@pytest.mark.clause("OQ-03", "OQ-09")
def test_OQ_09_a_break_now_stops_the_clock_and_the_deals_until_it_is_over() -> None:
    t = running()
    t.begin_hand(1, random.Random(1).randrange)  # a hand in play is played out
    event = t.call_break(900, 100.0, "dinner")
    assert isinstance(event, BreakCalled) and event.clause == "OQ-03, OQ-09"
    assert not t.hands_held  # the hand at table 1 goes on
    with pytest.raises(TournamentError) as refused:
        t.begin_hand(2, random.Random(1).randrange)
    assert refused.value.clause == "OQ-03, OQ-09" and "on a break" in str(refused.value)
    shown = t.summary(400.0)
    assert shown["procedures"]["break_seconds_left"] == 600  # type: ignore[index]
    assert shown["clock"]["seconds_left"] == 500  # type: ignore[index]  # the level stands
    with pytest.raises(TournamentError, match="stopped already"):
        t.call_break(60, 400.0)
    assert t.tick(999.0) == []
    [ended] = t.tick(1000.0)
    assert isinstance(ended, BreakEnded) and ended.at == 1000.0
    assert t.summary(1100.0)["clock"]["seconds_left"] == 400  # type: ignore[index]
    assert t.can_begin_hand(2)
    assert_replay_equal(t)


@pytest.mark.clause("OQ-03")
def test_OQ_03_resume_ends_a_break_early() -> None:
    t = running()
    t.call_break(900, 100.0)
    ended = t.resume(200.0)
    assert isinstance(ended, BreakEnded) and t.break_until is None
    assert t.summary(300.0)["clock"]["seconds_left"] == 400  # type: ignore[index]


@pytest.mark.clause("OQ-03")
def test_OQ_03_the_next_level_now_is_the_directors_ruling_and_stops_at_the_last() -> None:
    t = seated("de-holdem", TWO, struct=structure("de-holdem", antes=(10, 20), seconds=600))
    ruling, level = t.next_level(120.0, "the room is slow")
    assert isinstance(ruling, Overridden) and (ruling.ruling, ruling.level) == ("level", 2)
    assert ruling.note == "the room is slow" and ruling.clause == "OQ-03"
    assert isinstance(level, LevelChanged) and level.manual and t.level == 2
    assert t.summary(120.0)["clock"]["seconds_left"] == 600  # type: ignore[index]
    with pytest.raises(TournamentError, match="level 2 is the last level"):
        t.next_level(130.0)
    assert_replay_equal(t)


def test_the_clock_is_the_directors_only_while_the_tournament_runs() -> None:
    t = seated("de-holdem", TWO, start=False)
    controls = (
        lambda: t.adjust_clock(60, 0.0),
        lambda: t.call_break(60, 0.0),
        lambda: t.next_level(0.0),
    )
    for control in controls:
        with pytest.raises(TournamentError, match="only while the tournament runs"):
            control()
