"""A player asks to sit out from the next hand on (issue 20): his running
hand plays on, the next deal at his table records him absent first (his
hand dealt dead, his forced bets posted: DE-SEATED-1/2, OQ-45); he takes
the request back before that deal and plays on.  The request is an event,
so a replay (a restart) keeps it."""

from __future__ import annotations

import random

import pytest

from floorman.bots import make_bot
from floorman.engine.cards import shuffled_deck
from floorman.profiles import load_profile
from floorman.sim.simulate import play_out
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.events import (
    Absence,
    HandBegun,
    SitOutRequested,
    event_from_dict,
    event_to_dict,
)
from floorman.tournament.hands import hand_for, result_of
from floorman.tournament.structure import Structure
from tests.test_tournament_absent import new_tournament, state_of

pytestmark = pytest.mark.timeout(60)


def finish_hand(t: Tournament, table: int, spec_seats: tuple[int, ...], hand: object) -> None:
    rng = random.Random(1)
    play_out(hand, {seat: make_bot("sensible") for seat in spec_seats}, rng)  # type: ignore[arg-type]
    stacks, carried = result_of(hand)  # type: ignore[arg-type]
    t.end_hand(table, stacks, rng.randrange, carried_pot=carried, at=1.0)


def begin(t: Tournament, table: int) -> tuple[object, tuple[int, ...]]:
    rng = random.Random(2)
    spec = t.begin_hand(table, rng.randrange)
    return hand_for(t.profile, spec, shuffled_deck(rng.randrange)), spec.seats


@pytest.mark.clause("DE-SEATED-1", "DE-SEATED-2", "OQ-45")
@pytest.mark.parametrize("profile", ["de-holdem", "nm-holdem"])
def test_DE_SEATED_2_OQ_45_asked_during_his_hand_he_is_dead_from_the_next_one(
    profile: str,
) -> None:
    t = new_tournament(profile, 3)
    hand, seats = begin(t, 1)
    player = t.tables[1].seats[seats[0]]
    assert t.request_sit_out(player) == SitOutRequested(player=player, requested=True)
    state = t.players[player]
    assert state.sit_out_next and not state.absent  # this hand plays on
    assert t.request_sit_out(player) is None  # asked twice: one request
    finish_hand(t, 1, seats, hand)
    assert state.sit_out_next and not state.absent
    spec = t.begin_hand(1, random.Random(3).randrange)
    absence = [e for e in t.events if isinstance(e, Absence)]
    assert absence == [Absence(player=player, absent=True, reason="player")]
    # recorded before the deal, so the deal deals him dead
    assert isinstance(t.events[-1], HandBegun) and player in t.events[-1].dead
    seat = next(s for s, p in t.tables[1].seats.items() if p == player)
    assert seat in spec.dead
    assert state.absent and state.away_reason == "player" and not state.sit_out_next
    replayed = Tournament.replay([event_from_dict(event_to_dict(e)) for e in t.events])
    assert state_of(replayed) == state_of(t)


@pytest.mark.clause("DE-SEATED-1", "OQ-45")
def test_DE_SEATED_1_OQ_45_a_request_taken_back_deals_him_in_and_a_replay_keeps_it() -> None:
    t = new_tournament("de-holdem", 3)
    hand, seats = begin(t, 1)
    player = t.tables[1].seats[seats[1]]
    t.request_sit_out(player)
    # a restart between the request and the next deal keeps the request
    assert Tournament.replay(list(t.events)).players[player].sit_out_next
    t.request_sit_out(player, False)
    assert t.request_sit_out(player, False) is None  # nothing open: nothing recorded
    finish_hand(t, 1, seats, hand)
    spec = t.begin_hand(1, random.Random(3).randrange)
    assert not spec.dead and not t.players[player].absent
    assert not any(isinstance(e, Absence) for e in t.events)


@pytest.mark.clause("DE-SEATED-2", "OQ-45")
def test_DE_SEATED_2_OQ_45_who_is_away_already_or_not_playing_cannot_ask() -> None:
    t = new_tournament("de-holdem", 3)
    t.set_absent("p1", True, reason="player")
    with pytest.raises(TournamentError) as away:
        t.request_sit_out("p1")
    assert away.value.clause == "DE-SEATED-2, DE-DEAL-2, OQ-45"
    prof = load_profile("de-holdem")
    waiting = Tournament.create("w", prof, Structure.default(prof))
    waiting.register("late", "Late")  # before the seat draw: not playing
    with pytest.raises(TournamentError) as unseated:
        waiting.request_sit_out("late")
    assert unseated.value.clause == "DE-SEATED-2, DE-DEAL-2, OQ-45"
    assert not t.can_request_sit_out("p1") and t.can_request_sit_out("p2")
    # sitting out at once spends an open request
    t.request_sit_out("p2")
    t.set_absent("p2", True, reason="player")
    assert not t.players["p2"].sit_out_next
