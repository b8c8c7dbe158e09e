"""Hand-for-hand on the bubble (OQ-71): every table finishes its hand and
waits for all the others; players out at different tables in the same
hand-for-hand hand are placed together as OQ-06 says (the larger stack at
the start of the hand places higher, equal stacks share the places and
their prizes)."""

from __future__ import annotations

import random

import pytest

from floorman.engine.profile import with_changes
from floorman.profiles import load_profile
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.events import (
    Eliminated,
    HandForHand,
    HandForHandEnding,
    HandForHandPlayed,
    PrizeAwarded,
)
from tests.helpers.tournament import (
    assert_chips_conserved,
    assert_replay_equal,
    bust,
    events_of,
    seated,
    settle,
    structure,
)

#: two tables of four, seven places paid: eight players left is the bubble
LAYOUT = {1: {s: f"a{s}" for s in range(1, 5)}, 2: {s: f"b{s}" for s in range(1, 5)}}
SHARES = (30, 20, 15, 12, 10, 8, 5)  # of a fixed pool of 10,000: 7th pays 500


def bubble() -> Tournament:
    """Eight players at two tables of four, the next one out unpaid; b1
    has won 500 from b2 before hand-for-hand (b1 1,500, b2 500)."""
    t = seated(
        "de-holdem",
        LAYOUT,
        struct=structure("de-holdem", table_size=4, payout_shares=SHARES),
    )
    settle(t, 2, {"b1": 1500, "b2": 500})
    return t


def deal(t: Tournament, table: int) -> None:
    t.begin_hand(table, random.Random(table).randrange)


def finish(t: Tournament, table: int, losers: list[str], winner: str) -> list[object]:
    spec_stacks = {p: t.players[p].chips for p in t.tables[table].dealt}
    for p in losers:
        spec_stacks[winner] += spec_stacks[p]
        spec_stacks[p] = 0
    return list(t.end_hand(table, spec_stacks, random.Random(0).randrange, at=1.0))


@pytest.mark.clause("OQ-71", "OQ-06", "OQ-68")
def test_OQ_71_busts_at_two_tables_in_one_hand_rank_by_their_stacks_at_its_start() -> None:
    """a1 (1,000 at the start of the hand) is out at table 1 first, b1
    (1,500) at table 2 afterwards, in the same hand-for-hand hand: b1
    started it with more chips and places higher - 7th, paid 500 - and a1
    is 8th, unpaid, though a1 went out first."""
    t = bubble()
    [on] = t.set_hand_for_hand(True, at=1.0, note="bubble")
    assert isinstance(on, HandForHand) and on.clause == "OQ-68, OQ-06, OQ-71"
    deal(t, 1)
    deal(t, 2)
    first = finish(t, 1, ["a1"], "a2")
    assert not events_of(first, Eliminated)  # placed when every table has finished
    assert (t.players["a1"].status, t.players["a1"].place) == ("playing", None)
    with pytest.raises(TournamentError) as refused:
        deal(t, 1)  # table 1 waits for table 2
    assert refused.value.clause == "OQ-68, OQ-06, OQ-71"
    assert "waits until every table has finished hand-for-hand hand 1" in str(refused.value)
    second = finish(t, 2, ["b1"], "b3")
    [played] = events_of(second, HandForHandPlayed)
    assert played.hand == 1
    out = {e.player: (e.place, e.shared, e.table) for e in events_of(second, Eliminated)}
    assert out == {"b1": (7, 1, 2), "a1": (8, 1, 1)}
    prizes = {e.player: e.amount for e in events_of(second, PrizeAwarded)}
    assert prizes == {"b1": 500}
    assert t.players["a1"].prize == 0
    assert t.can_begin_hand(1) and t.can_begin_hand(2)  # hand 2 may be dealt everywhere
    assert t.hand_for_hand_hand == 2
    assert_chips_conserved(t)
    assert_replay_equal(t)


@pytest.mark.clause("OQ-71", "OQ-06")
def test_OQ_71_equal_stacks_out_at_two_tables_share_the_places_and_the_prize() -> None:
    """a3 and b4 both start the hand-for-hand hand with 1,000 and are out at
    different tables: they share 7th and 8th and split 7th's 500."""
    t = bubble()
    t.set_hand_for_hand(True, at=1.0)
    deal(t, 1)
    deal(t, 2)
    finish(t, 2, ["b4"], "b3")
    events = finish(t, 1, ["a3"], "a4")
    out = {e.player: (e.place, e.shared) for e in events_of(events, Eliminated)}
    assert out == {"a3": (7, 2), "b4": (7, 2)}
    assert {e.player: e.amount for e in events_of(events, PrizeAwarded)} == {"a3": 250, "b4": 250}
    assert_replay_equal(t)


@pytest.mark.clause("OQ-71")
def test_OQ_71_tables_finish_the_hand_they_play_then_all_deal_together() -> None:
    """Turned on while table 1 plays a hand: table 2 deals nothing until
    table 1 has finished it; a player out in that hand (begun before
    hand-for-hand) is placed at once."""
    t = bubble()
    deal(t, 1)
    t.set_hand_for_hand(True, at=1.0)
    with pytest.raises(TournamentError) as refused:
        deal(t, 2)
    assert "waits until table 1 has finished its hand" in str(refused.value)
    events = finish(t, 1, ["a4"], "a1")
    assert {e.player: e.place for e in events_of(events, Eliminated)} == {"a4": 8}
    deal(t, 1)
    deal(t, 2)  # hand-for-hand hand 1 at both tables
    assert t.hand_for_hand_dealt == {1, 2}


@pytest.mark.clause("OQ-71", "OQ-06")
def test_OQ_71_turned_off_between_hands_placing_who_is_out() -> None:
    t = bubble()
    with pytest.raises(TournamentError, match="hand-for-hand is not on"):
        t.set_hand_for_hand(False)
    t.set_hand_for_hand(True, at=1.0)
    with pytest.raises(TournamentError, match="on already"):
        t.set_hand_for_hand(True)
    deal(t, 1)
    finish(t, 1, ["a2"], "a1")
    events = t.set_hand_for_hand(False, at=2.0, randbelow=random.Random(1).randrange)
    assert {e.player: e.place for e in events_of(events, Eliminated)} == {"a2": 8}
    assert not t.hand_for_hand and t.can_begin_hand(1) and t.can_begin_hand(2)
    assert_replay_equal(t)


@pytest.mark.clause("OQ-71", "OQ-06")
def test_OQ_71_turned_off_while_its_hand_is_played_it_ends_when_every_table_has_finished_it() -> (
    None
):
    """Online the tables deal again at once: a director waiting for a
    moment when no table plays would wait in vain.  Turned off while both
    tables play hand 1, it ends when both have finished it: a1 and b1, out
    in that hand, are still placed together (b1 with more chips 7th, a1
    8th), then hand-for-hand is off and the tables deal on their own."""
    t = bubble()
    t.set_hand_for_hand(True, at=1.0)
    deal(t, 1)
    deal(t, 2)
    [ending] = t.set_hand_for_hand(False, at=2.0, note="bubble burst")
    assert isinstance(ending, HandForHandEnding)
    assert (ending.hand, ending.clause) == (1, "OQ-68, OQ-06, OQ-71")
    assert t.hand_for_hand and t.procedures(0.0)["hand_for_hand_ending"] is True
    with pytest.raises(TournamentError, match="ends already when every table has finished hand 1"):
        t.set_hand_for_hand(False)
    first = finish(t, 1, ["a1"], "a2")
    assert not events_of(first, Eliminated) and t.hand_for_hand  # table 2 still plays it
    with pytest.raises(TournamentError, match="waits until every table has finished"):
        deal(t, 1)
    second = finish(t, 2, ["b1"], "b3")
    out = {e.player: e.place for e in events_of(second, Eliminated)}
    assert out == {"b1": 7, "a1": 8}
    [off] = events_of(second, HandForHand)
    assert off.on is False
    assert not t.hand_for_hand and t.can_begin_hand(1)
    assert_replay_equal(t)


def test_OQ_71_refused_before_the_start() -> None:
    t = seated("de-holdem", LAYOUT, start=False)
    with pytest.raises(TournamentError, match="while the tournament runs"):
        t.set_hand_for_hand(True)


@pytest.mark.clause("OQ-71", "NM-H-19", "OQ-06")
def test_OQ_71_a_norwegian_event_cites_its_paid_places() -> None:
    t = seated(
        "nm-holdem",
        {1: {s: f"a{s}" for s in range(1, 7)}, 2: {s: f"b{s}" for s in range(1, 7)}},
    )
    [on] = t.set_hand_for_hand(True)
    assert on.clause == "NM-H-19, OQ-06, OQ-71"
    spec, _ = settle(t, 1, lambda s: bust(s, ["a1"], "a2"))
    assert t.players["a1"].place is None and spec.table == 1


@pytest.mark.clause("OQ-71", "OQ-06", "NM-H-19")
def test_OQ_71_live_busts_in_one_hand_are_placed_when_the_director_closes_it() -> None:
    """Live: table 1's count puts a1 out (1,000 before it), table 2's puts
    b1 out (1,600 before it) in the same hand-for-hand hand; nobody is
    placed until the director says every table has finished it - then b1
    places above a1."""
    t = seated(
        "nm-holdem",
        {1: {s: f"a{s}" for s in range(1, 7)}, 2: {s: f"b{s}" for s in range(1, 7)}},
        mode="live",
    )
    t.record_chip_counts(2, {"b1": 1600, "b2": 400}, random.Random(1).randrange)
    t.set_hand_for_hand(True, at=1.0)
    first = t.record_chip_counts(1, {"a1": 0, "a2": 2000}, random.Random(1).randrange)
    second = t.record_chip_counts(2, {"b1": 0, "b3": 2600}, random.Random(1).randrange)
    assert not events_of(first + second, Eliminated)
    assert t.players["a1"].place is None and t.players["b1"].place is None
    events = t.close_hand_for_hand_hand(random.Random(1).randrange, at=2.0)
    assert {e.player: e.place for e in events_of(events, Eliminated)} == {"b1": 11, "a1": 12}
    assert events_of(events, HandForHandPlayed)[0].hand == 1 and t.hand_for_hand_hand == 2
    assert_chips_conserved(t)
    assert_replay_equal(t)


def test_OQ_71_online_tables_close_their_hand_themselves() -> None:
    t = bubble()
    t.set_hand_for_hand(True)
    with pytest.raises(TournamentError, match="online every table's hand-for-hand hand ends"):
        t.close_hand_for_hand_hand(random.Random(1).randrange)


@pytest.mark.clause("OQ-71", "OQ-06")
def test_OQ_71_where_the_room_ties_them_all_out_in_one_hand_share_whatever_their_stacks() -> None:
    """The alternative OQ-71 names, as a profile switch
    (``hand_for_hand_busts = "tie"``): a1 (1,000) and b1 (1,500), out at two
    tables in one hand-for-hand hand, share 7th and 8th and split 7th's
    500 though b1 started it with more chips (by default b1 is 7th alone:
    the first test)."""
    profile = with_changes(load_profile("de-holdem"), hand_for_hand_busts="tie")
    t = seated(
        profile,
        LAYOUT,
        struct=structure("de-holdem", table_size=4, payout_shares=SHARES),
    )
    settle(t, 2, {"b1": 1500, "b2": 500})
    t.set_hand_for_hand(True, at=1.0)
    assert t.procedures(0.0)["hand_for_hand_busts"] == "tie"
    deal(t, 1)
    deal(t, 2)
    finish(t, 1, ["a1"], "a2")
    events = finish(t, 2, ["b1"], "b3")
    out = {e.player: (e.place, e.shared) for e in events_of(events, Eliminated)}
    assert out == {"a1": (7, 2), "b1": (7, 2)}
    assert {e.player: e.amount for e in events_of(events, PrizeAwarded)} == {"a1": 250, "b1": 250}
    assert_chips_conserved(t)
    assert_replay_equal(t)
