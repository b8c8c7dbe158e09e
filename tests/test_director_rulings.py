"""The director rules at any moment (issue 9): corrections made during a hand
wait for its end (NM-D-1G, OQ-03), a disqualified player's hand is dead at
once (NM-D-1C/1D/1E, DE-PENALTY-3), one name is one entry (DE-GEN-2,
OQ-64), and live counts must add up (NM-D-1B s2) unless the director
confirms a correction."""

from __future__ import annotations

import random

import pytest

from floorman.engine.cards import shuffled_deck
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.corrections import correction_event
from floorman.tournament.events import (
    ChipCount,
    CorrectionLapsed,
    CorrectionPending,
    Disqualified,
    Eliminated,
    Overridden,
    TimedOut,
    event_from_dict,
    event_to_dict,
)
from floorman.tournament.hands import hand_for, result_of
from floorman.tournament.names import MalformedName
from tests.helpers.tournament import (
    assert_chips_conserved,
    assert_replay_equal,
    bust,
    rules,
    seated,
    settle,
    structure,
)

SIX = {1: {s: f"p{s}" for s in range(1, 7)}}
FIVE = {1: {s: f"p{s}" for s in range(1, 6)}}  # nm-draw seats 4 or 5 (NM-D-1A)
TWO_TABLES = {1: {s: f"a{s}" for s in range(1, 6)}, 2: {s: f"b{s}" for s in range(1, 6)}}


def _randbelow() -> random.Random:
    return random.Random(7)


# ---------------------------------------------------------------- corrections during a hand


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_chip_correction_during_a_hand_waits_for_its_end_NM_D_1G_OQ_03() -> None:
    """NM-D-1G, OQ-03: recorded now as pending, carried out after the
    hand's result; the log replays to the same state."""
    t = seated("nm-holdem", SIX)
    spec = t.begin_hand(1, _randbelow().randrange)
    assert spec is not None
    pending = t.override_chips("p2", 1500, "miscounted rack")
    assert isinstance(pending, CorrectionPending)
    assert (pending.ruling, pending.player, pending.chips, pending.table) == (
        "chips",
        "p2",
        1500,
        1,
    )
    assert "NM-D-1G" in pending.clause
    assert t.players["p2"].chips == 1000 and t.pending_for("p2") == [pending]
    assert_replay_equal(t)
    result = dict(zip(spec.players, spec.stacks, strict=True))
    result["p2"] -= 100
    result["p3"] += 100
    events = t.end_hand(1, result, _randbelow().randrange)
    [override] = [e for e in events if isinstance(e, Overridden)]
    assert (override.ruling, override.player, override.chips) == ("chips", "p2", 1500)
    assert t.players["p2"].chips == 1500 and t.players["p3"].chips == 1100
    assert t.pending_for("p2") == [] and t.chips_in_play == 6600  # 900 after it, then 1500
    assert_replay_equal(t)


@pytest.mark.clause("NM-D-1G")
def test_a_correction_for_a_player_not_dealt_in_is_made_at_once_NM_D_1G() -> None:
    """NM-D-1G: only the player's own running hand makes a correction wait."""
    t = seated("nm-holdem", TWO_TABLES)
    t.begin_hand(1, _randbelow().randrange)
    event = t.override_chips("b2", 1200, "table 2 is between hands")
    assert isinstance(event, Overridden) and t.players["b2"].chips == 1200


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_seat_move_during_a_hand_is_made_when_it_ends_NM_D_1G_OQ_03() -> None:
    t = seated("nm-holdem", TWO_TABLES)
    t.begin_hand(1, _randbelow().randrange)
    pending = t.override_seat("a3", 2, 7, "wrong table")
    assert isinstance(pending, CorrectionPending) and pending.ruling == "seat"
    assert t.players["a3"].table == 1
    with pytest.raises(TournamentError) as info:
        t.override_seat("a4", 2, 7, "same seat")  # promised to a3 already
    assert "NM-D-1G" in info.value.clause
    spec_stacks = dict(t.tables[1].dealt)
    t.end_hand(1, spec_stacks, _randbelow().randrange)
    assert (t.players["a3"].table, t.players["a3"].seat) == (2, 7)
    assert t.tables[2].seats[7] == "a3" and 3 not in t.tables[1].seats
    assert_replay_equal(t)


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_a_pending_move_to_a_seat_filled_meanwhile_lapses_in_the_log_NM_D_1G() -> None:
    """NM-D-1G, OQ-03: a move promised during a hand whose seat is no longer
    free when the hand ends is not carried out, and not dropped silently: a
    CorrectionLapsed entry (with its clause) tells the director to rule again."""
    t = seated("nm-holdem", TWO_TABLES)
    filled = CorrectionPending(
        ruling="seat", player="a3", table=1, clause="NM-D-1G, OQ-03", to_table=2, seat=1
    )
    lapsed = correction_event(t, filled)
    assert isinstance(lapsed, CorrectionLapsed)
    assert (lapsed.ruling, lapsed.player) == ("seat", "a3")
    assert "seat 1" in lapsed.reason and "NM-D-1G" in lapsed.clause
    assert event_from_dict(event_to_dict(lapsed)) == lapsed
    free = CorrectionPending(
        ruling="seat", player="a3", table=1, clause="NM-D-1G, OQ-03", to_table=2, seat=7
    )
    assert isinstance(correction_event(t, free), Overridden)


@pytest.mark.clause("NM-D-1B")
def test_chip_correction_to_zero_during_a_hand_places_the_player_once_NM_D_1B() -> None:
    t = seated("nm-holdem", SIX)
    t.begin_hand(1, _randbelow().randrange)
    t.override_chips("p6", 0, "chips belonged to p1")
    events = t.end_hand(1, dict(t.tables[1].dealt), _randbelow().randrange)
    assert [e.player for e in events if isinstance(e, Eliminated)] == ["p6"]
    assert t.players["p6"].status == "out" and t.players["p6"].place == 6


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_a_correction_before_the_start_sets_the_starting_stack_NM_D_1G_OQ_03() -> None:
    """NM-D-1G, OQ-03: registered players get it at the seat draw; seated
    ones before the start at once."""
    prof = rules("nm-holdem")
    t = Tournament.create("t", prof, structure(prof))
    for k in range(1, 5):
        t.register(f"p{k}")
    t.override_chips("p1", 1500, "late-reg bonus")
    assert t.players["p1"].status == "registered"
    t.draw_seats(random.Random(1).randrange)
    assert t.players["p1"].chips == 1500 and t.players["p2"].chips == 1000
    t.override_chips("p2", 800, "short stack by agreement")
    assert t.players["p2"].chips == 800
    with pytest.raises(TournamentError) as info:
        t.override_chips("p3", 0, "nothing")
    assert "NM-D-1G" in info.value.clause
    t.start(0.0)
    assert t.chips_in_play == 1500 + 800 + 2 * 1000
    assert_replay_equal(t)


# ---------------------------------------------------------------- disqualification in a hand


def _play_hand_with_disqualification(profile: str) -> tuple[Tournament, int, int]:
    """Deal a real hand, let the first actor put chips in, disqualify him,
    kill his hand in the engine and let the others fold it out."""
    t = seated(profile, FIVE)
    spec = t.begin_hand(1, _randbelow().randrange)
    assert spec is not None
    hand = hand_for(t.profile, spec, shuffled_deck(random.Random(3).randrange))
    seat = hand.actor
    assert seat is not None
    player = hand.players[hand.position[seat]]
    hand.call(seat) if hand.can_call(seat) else hand.check(seat)
    put_in = 1000 - hand.stacks[hand.position[seat]]
    [pending] = t.disqualify(player, "NM-D-1C", "collusion")
    assert isinstance(pending, CorrectionPending) and pending.ruling == "disqualify"
    assert t.disqualification_pending(player)
    hand.kill(seat)
    assert hand.folded[hand.position[seat]]
    with pytest.raises(TournamentError):
        t.disqualify(player, "NM-D-1C", "twice")
    while not hand.is_complete:
        actor = hand.actor
        if actor is None:
            break
        if hand.can_check(actor):
            hand.check(actor)
        else:
            hand.fold(actor)
    stacks, carried = result_of(hand)
    left = stacks[player]
    events = t.end_hand(1, stacks, _randbelow().randrange, carried_pot=carried)
    [dq] = [e for e in events if isinstance(e, Disqualified)]
    assert dq.player == player and dq.chips_removed == left == 1000 - put_in
    assert not [e for e in events if isinstance(e, Eliminated) and e.player == player]
    return t, put_in, left


@pytest.mark.clause("NM-D-1C", "DE-PENALTY-3", "NM-D-1G")
@pytest.mark.parametrize("profile", ["nm-holdem", "de-holdem", "nm-draw"])
def test_disqualified_in_a_hand_his_hand_is_dead_and_chips_leave_at_its_end(profile: str) -> None:
    """NM-D-1C/1D/1E, DE-PENALTY-3 with NM-D-1G: his hand is killed at once,
    what he put in stays in the pot, the rest leaves play when it ends."""
    t, put_in, left = _play_hand_with_disqualification(profile)
    dq = next(p for p in t.players.values() if p.status == "disqualified")
    assert dq.chips == 0 and dq.table not in (None,) and dq.place is None
    assert dq.player not in t.tables[1].seats.values()
    assert t.chips_in_play == 5000 - left and put_in > 0
    assert_chips_conserved(t)
    assert_replay_equal(t)


# ---------------------------------------------------------------- one name, one entry


@pytest.mark.clause("DE-GEN-2", "OQ-64")
@pytest.mark.parametrize("twin", ["ann lee", "  ANN   LEE ", "Ann\u00a0Lee", "ann LEE"])
def test_one_name_one_entry_DE_GEN_2_OQ_64(twin: str) -> None:
    """DE-GEN-2, OQ-64: the same name in another case or spacing is the same
    person; nothing is recorded."""
    prof = rules("nm-holdem")
    t = Tournament.create("t", prof, structure(prof))
    event = t.register("p1", "  Ann Lee ")
    assert event.name == "Ann Lee"
    before = list(t.events)
    with pytest.raises(TournamentError) as info:
        t.register("p2", twin)
    assert "DE-GEN-2" in info.value.clause and "OQ-64" in info.value.clause
    assert "already entered" in info.value.reason
    assert t.events == before


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("", "needs a name"),
        ("   ", "needs a name"),
        ("x" * 41, "at most 40"),
        ("a\x07b", "control"),
    ],
)
def test_unfit_names_are_refused_DE_GEN_2_OQ_64(name: str, why: str) -> None:
    prof = rules("nm-holdem")
    t = Tournament.create("t", prof, structure(prof))
    with pytest.raises(MalformedName) as info:  # a RuleViolation: HTTP 422 with the clause
        t.register("p1", name)
    assert why in info.value.reason and "OQ-64" in info.value.clause
    assert not t.players


# ---------------------------------------------------------------- live counts


@pytest.mark.clause("NM-D-1B")
def test_live_counts_that_change_the_total_are_refused_NM_D_1B_s2() -> None:
    """NM-D-1B s2: chips change hands, they never appear or vanish."""
    t = seated("nm-holdem", SIX, mode="live")
    before = list(t.events)
    with pytest.raises(TournamentError) as info:
        t.record_chip_counts(
            1, {f"p{k}": 1000 for k in range(1, 6)} | {"p6": 500}, _randbelow().randrange
        )
    assert "counts total 5,500, table had 6,000: 500 missing" in info.value.reason
    assert "NM-D-1B s2" in info.value.clause
    with pytest.raises(TournamentError):  # confirmed without a note
        t.record_chip_counts(1, {"p1": 1100}, _randbelow().randrange, confirm_correction=True)
    assert t.events == before


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_live_count_correction_confirmed_with_a_note_is_a_ruling_NM_D_1G_OQ_03() -> None:
    t = seated("nm-holdem", SIX, mode="live")
    events = t.record_chip_counts(
        1, {"p1": 1100}, _randbelow().randrange, confirm_correction=True, note="recount"
    )
    override, count = events[:2]
    assert isinstance(override, Overridden) and isinstance(count, ChipCount)
    assert (override.ruling, override.table, override.chips) == ("count", 1, 100)
    assert override.note == "recount"  # his words; the change is in chips
    assert override.clause == "NM-D-1G, OQ-03"
    assert t.chips_in_play == 6100 and t.players["p1"].chips == 1100
    assert_replay_equal(t)


def test_live_counts_that_add_up_need_no_confirmation() -> None:
    t = seated("nm-holdem", SIX, mode="live")
    [count] = t.record_chip_counts(1, {"p1": 1500, "p2": 500}, _randbelow().randrange)
    assert isinstance(count, ChipCount)


# ---------------------------------------------------------------- the ruling log's time-outs


@pytest.mark.clause("DE-TIME-4", "OQ-63")
def test_a_time_out_is_a_tournament_event_with_its_clause_DE_TIME_4_OQ_63() -> None:
    t = seated("nm-holdem", SIX)
    with pytest.raises(TournamentError):
        t.timed_out("p1")  # no hand running
    settle(t, 1, lambda s: bust(s, [], "p1"))
    t.begin_hand(1, _randbelow().randrange)
    event = t.timed_out("p3")
    assert isinstance(event, TimedOut) and event.clause == "DE-TIME-4, OQ-63"
    assert event_from_dict(event_to_dict(event)) == event
    assert t.players["p3"].timeouts == 1
    assert_replay_equal(t)
