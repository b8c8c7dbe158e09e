"""The director takes back his last ruling (NM-D-1G, OQ-03): a chip
correction, a move, a live count's wrong elimination - logged as a ruling
of its own that restores what it changed (no event deleted), refused with
the reason once the hand has moved on or later events depend on it."""

from __future__ import annotations

import random

import pytest

from floorman.tournament.core import TournamentError
from floorman.tournament.events import Overridden, RulingUndone
from tests.helpers.tournament import assert_chips_conserved, assert_replay_equal, seated, settle

TWO = {1: {1: "a", 2: "b", 3: "c"}, 2: {1: "d", 2: "e", 3: "f"}}
#: twelve players at two tables of six: nobody is moved after one is out
TWELVE = {
    1: {1: "a", 2: "b", 3: "c", 4: "a4", 5: "a5", 6: "a6"},
    2: {1: "d", 2: "e", 3: "f", 4: "d4", 5: "d5", 6: "d6"},
}


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_NM_D_1G_a_chip_correction_is_undone_by_a_ruling_of_its_own() -> None:
    """~1,000 typed as 12,345: undone, the stack is 1,000 again and the
    chips in play are what they were; both rulings stay in the log."""
    t = seated("nm-holdem", TWO)
    in_play = t.chips_in_play
    t.override_chips("b", 12_345, "recount")
    undone = t.undo_ruling("typed 12,345 for 1,234")
    assert isinstance(undone, RulingUndone)
    assert (undone.ruling, undone.player, undone.stacks) == ("chips", "b", {"b": 1000})
    assert undone.clause == "NM-D-1G, OQ-03" and undone.note == "typed 12,345 for 1,234"
    assert t.players["b"].chips == 1000 and t.chips_in_play == in_play
    assert [type(e) for e in t.events[-2:]] == [Overridden, RulingUndone]  # nothing deleted
    with pytest.raises(TournamentError, match="undone already") as refused:
        t.undo_ruling()
    assert refused.value.clause == "NM-D-1G, OQ-03"
    assert_replay_equal(t)


@pytest.mark.clause("OQ-03")
def test_OQ_03_a_move_is_undone_back_to_the_old_seat() -> None:
    t = seated("de-holdem", TWO)
    t.override_seat("d", 1, 5, "wrong table")
    undone = t.undo_ruling()
    assert (undone.tables, undone.seats) == ({"d": 2}, {"d": 1})
    assert (t.players["d"].table, t.players["d"].seat) == (2, 1)
    assert t.tables[2].seats[1] == "d" and 5 not in t.tables[1].seats
    assert_replay_equal(t)


@pytest.mark.clause("OQ-03")
def test_OQ_03_no_undo_once_the_hand_has_moved_on() -> None:
    """A hand dealt at the player's table after the correction played with
    the corrected stack: taking it back now would rewrite that hand."""
    t = seated("de-holdem", TWO)
    t.override_chips("a", 1500, "recount")
    settle(t, 1)
    with pytest.raises(TournamentError) as refused:
        t.undo_ruling()
    assert refused.value.clause == "OQ-03"
    assert "table 1 has played a hand since: it can no longer be undone" in str(refused.value)
    assert t.players["a"].chips == 1500


@pytest.mark.clause("OQ-03")
def test_OQ_03_a_hand_at_another_table_does_not_stop_the_undo() -> None:
    t = seated("nm-holdem", TWELVE)
    t.override_chips("a", 1500, "recount")
    settle(t, 2)
    t.undo_ruling()
    assert t.players["a"].chips == 1000


@pytest.mark.clause("NM-D-1G", "NM-D-1B", "OQ-06")
def test_NM_D_1G_a_wrong_elimination_by_a_live_count_is_undone() -> None:
    """Live: table 1's count put b at 0 by mistake - he was placed 6th.
    Undone, b is back in his seat with his chips, his place and prize gone,
    the stacks as before the count; the right count follows."""
    t = seated("nm-holdem", TWELVE, mode="live")
    t.record_chip_counts(1, {"a": 1600, "b": 0, "c": 1400}, random.Random(1).randrange)
    assert (t.players["b"].status, t.players["b"].place) == ("out", 12)
    undone = t.undo_ruling("b still had chips")
    assert undone.ruling == "count" and undone.revived == ("b",)
    assert undone.stacks == {"a": 1000, "b": 1000, "c": 1000}
    b = t.players["b"]
    assert (b.status, b.place, b.prize, b.table, b.seat, b.chips) == (
        "playing",
        None,
        0,
        1,
        2,
        1000,
    )
    assert t.tables[1].seats[2] == "b" and t.alive == 12
    t.record_chip_counts(1, {"a": 1500, "b": 100, "c": 1400}, random.Random(1).randrange)
    assert_chips_conserved(t)
    assert_replay_equal(t)


@pytest.mark.clause("OQ-03", "OQ-06")
def test_OQ_03_an_elimination_is_not_undone_after_a_later_one() -> None:
    fourteen = {n: {**seats, 7: f"{seats[1]}7"} for n, seats in TWELVE.items()}
    t = seated("nm-holdem", fourteen, mode="live")
    t.record_chip_counts(1, {"a": 2000, "b": 0}, random.Random(1).randrange)
    t.record_chip_counts(2, {"d": 2000, "e": 0}, random.Random(1).randrange)
    t.undo_ruling()  # the last one: table 2's count
    with pytest.raises(TournamentError, match="undone already"):
        t.undo_ruling()  # b's elimination before it stands: e's place was given after it
    assert t.players["e"].status == "playing" and t.players["b"].place == 14


def test_nothing_to_undo_says_what_can_be_undone() -> None:
    t = seated("de-holdem", TWO)
    t.warn("a", "DE-ETIQ-1")
    with pytest.raises(TournamentError, match="a chip correction, a move or a live chip count"):
        t.undo_ruling()
    assert not t.can_undo() and t.undoable() is None


@pytest.mark.clause("OQ-03", "OQ-06")
def test_OQ_03_an_elimination_is_not_undone_once_places_were_given_after_it() -> None:
    t = seated("nm-holdem", TWELVE, mode="live")
    t.record_chip_counts(1, {"a": 2000, "b": 0}, random.Random(1).randrange)
    t.disqualify("d4", "NM-D-1C")
    with pytest.raises(TournamentError, match="places were given since: it can no longer"):
        t.undo_ruling()
    # b's elimination stands; d4 finishes in no place, so b, out before him,
    # moved up from 12th to 11th (OQ-69)
    assert t.players["b"].status == "out" and t.players["b"].place == 11
    assert t.players["d4"].place is None


@pytest.mark.clause("NM-D-1G", "NM-D-1B", "OQ-03")
def test_NM_D_1G_a_stack_wrongly_corrected_to_nothing_is_undone_and_the_player_is_back() -> None:
    """A correction to 0 put b out (NM-D-1B s2: no chips, no seat); undone,
    he is back in his seat with his 1,000, no place, the field as before."""
    t = seated("nm-holdem", TWELVE)
    t.override_chips("b", 0, "counted twice")
    assert (t.players["b"].status, t.players["b"].place) == ("out", 12)
    undone = t.undo_ruling()
    assert undone.revived == ("b",) and undone.stacks == {"b": 1000}
    b = t.players["b"]
    assert (b.status, b.place, b.chips, b.table, b.seat) == ("playing", None, 1000, 1, 2)
    assert t.alive == 12 and t.tables[1].seats[2] == "b"
    spec, _ = settle(t, 1)
    assert "b" in spec.players  # he is dealt in again
    assert_replay_equal(t)


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_NM_D_1G_the_console_is_told_what_undo_brings_back_before_it_asks() -> None:
    """Before the director confirms, the undo says what comes back: b's
    stack of 1,000 before the correction to 12,345; d's seat 2/1 before
    the move; the players a live count put out."""
    t = seated("nm-holdem", TWO)
    t.override_chips("b", 12_345, "recount")
    shown = t.undoable()
    assert shown is not None
    assert (shown["ruling"], shown["name"], shown["chips"], shown["chips_before"]) == (
        "chips",
        "b",
        12_345,
        1000,
    )
    assert shown["revived"] == []
    moved = seated("de-holdem", TWO)
    moved.override_seat("d", 1, 5, "wrong table")
    seat = moved.undoable()
    assert seat is not None
    assert (seat["table"], seat["seat"], seat["table_before"], seat["seat_before"]) == (1, 5, 2, 1)
    live = seated("nm-holdem", TWELVE, mode="live")
    live.record_chip_counts(1, {"b": 0, "c": 2000}, random.Random(1).randrange)
    count = live.undoable()
    assert count is not None and count["ruling"] == "count" and count["revived"] == ["b"]


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_NM_D_1G_undo_takes_back_the_ruling_the_director_was_shown_or_nothing() -> None:
    """The console showed b's correction; meanwhile the floor corrected c
    at another page.  Undo of what was shown (its index) is refused with
    the reason - the director confirmed what he read - and nothing changes;
    asked again for c's, it is undone."""
    t = seated("nm-holdem", TWO)
    t.override_chips("b", 12_345, "recount")
    shown = t.undoable()
    assert shown is not None
    t.override_chips("c", 900, "recount")
    with pytest.raises(TournamentError, match="another one than the console showed") as refused:
        t.undo_ruling(index=int(shown["index"]))  # type: ignore[call-overload]
    assert refused.value.clause == "NM-D-1G, OQ-03"
    assert (t.players["b"].chips, t.players["c"].chips) == (12_345, 900)
    now = t.undoable()
    assert now is not None and now["name"] == "c"
    t.undo_ruling(index=int(now["index"]))  # type: ignore[call-overload]
    assert t.players["c"].chips == 1000
