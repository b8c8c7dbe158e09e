"""The floor's rulings as events with their clause (warnings, time
penalties, disqualification, the director's overrides), live chip counts,
and tournaments rebuilt from their log."""

from __future__ import annotations

import json
import random

import pytest

from floorman.engine.errors import FloormanError
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.events import (
    ChipCount,
    CorrectionPending,
    Disqualified,
    Eliminated,
    Finished,
    Overridden,
    TableBroken,
    TimePenalty,
    Warned,
    event_from_dict,
    event_to_dict,
)
from tests.helpers.tournament import (
    PROFILES,
    Moved,
    Player,
    assert_chips_conserved,
    assert_places_complete,
    assert_replay_equal,
    bust,
    events_of,
    new_tournament,
    rules,
    seated,
    settle,
    structure,
    table_counts,
)

SIX = {1: {s: f"p{s}" for s in range(1, 7)}}


# ---------------------------------------------------------------- warnings, penalties


@pytest.mark.clause("DE-PENALTY-3")
def test_a_warning_is_an_event_with_its_clause() -> None:
    """DE-PENALTY-3, DE-ETIQ-1."""
    t = seated("de-holdem", SIX)
    event = t.warn("p2", "DE-ETIQ-1", "slow-rolling")
    assert isinstance(event, Warned) and event.clause == "DE-ETIQ-1"
    assert event_to_dict(event) == {
        "type": "warning",
        "player": "p2",
        "clause": "DE-ETIQ-1",
        "note": "slow-rolling",
    }
    t.warn("p2", "DE-ETIQ-1")
    assert t.players["p2"].warnings == 2
    with pytest.raises(TournamentError):
        t.warn("nobody", "DE-ETIQ-1")


@pytest.mark.clause("DE-PENALTY-3", "DE-PENALTY-4", "OQ-62")
def test_a_time_penalty_is_an_event_and_counts_down_dealt_hands() -> None:
    """DE-PENALTY-3/4, OQ-62: length set by the TD, in hands."""
    t = seated("de-holdem", SIX)
    event = t.time_penalty("p4", 3, "DE-PENALTY-3", "abuse")
    assert isinstance(event, TimePenalty) and (event.hands, event.clause) == (3, "DE-PENALTY-3")
    deads = [settle(t, 1)[0].dead for _ in range(4)]
    assert deads == [(4,), (4,), (4,), ()]
    with pytest.raises(TournamentError) as info:
        t.time_penalty("p4", 0, "DE-PENALTY-3")
    assert "OQ-62" in info.value.clause


def test_no_time_penalty_for_a_player_who_is_out() -> None:
    t = seated("de-holdem", SIX)
    settle(t, 1, lambda s: bust(s, ["p5"], "p1"))
    with pytest.raises(TournamentError):
        t.time_penalty("p5", 2, "DE-PENALTY-3")


# ---------------------------------------------------------------- disqualification


@pytest.mark.clause("NM-D-1C", "NM-D-1D", "NM-D-1E", "DE-PENALTY-3")
@pytest.mark.parametrize("clause", ["NM-D-1C", "NM-D-1D", "NM-D-1E", "DE-PENALTY-3"])
def test_disqualification_removes_the_player_and_his_chips(clause: str) -> None:
    """NM-D-1C/1D/1E, DE-PENALTY-3, DE-GEN-5: the event names the clause;
    the chips leave play; the player gets no place."""
    t = seated("nm-holdem", SIX)
    settle(t, 1, lambda s: {"p1": 1500, "p2": 500})
    [event, *_] = t.disqualify("p1", clause, "chip dumping")
    assert isinstance(event, Disqualified)
    assert (event.clause, event.chips_removed) == (clause, 1500)
    assert t.players["p1"].status == "disqualified" and t.players["p1"].chips == 0
    assert "p1" not in t.tables[1].seats.values()
    assert t.alive == 5
    assert_chips_conserved(t)  # counts the removed chips
    spec, _ = settle(t, 1)
    assert "p1" not in spec.players
    with pytest.raises(TournamentError):
        t.disqualify("p1", clause)


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_disqualifying_a_player_in_a_running_hand_waits_for_the_hand() -> None:
    """NM-D-1G, OQ-03: during his hand the disqualification is recorded as
    pending; his chips leave play when the hand ends (tests/test_director_rulings.py)."""
    t = seated("nm-holdem", SIX)
    t.begin_hand(1, random.Random(1).randrange)
    [pending] = t.disqualify("p3", "NM-D-1C")
    assert isinstance(pending, CorrectionPending) and pending.ruling == "disqualify"
    assert t.players["p3"].status == "playing" and t.disqualification_pending("p3")


def test_disqualifying_the_last_opponent_finishes_the_tournament() -> None:
    t = seated("nm-holdem", {1: {1: "a", 2: "b", 3: "c"}})
    settle(t, 1, lambda s: bust(s, ["c"], "a"))
    events = t.disqualify("b", "NM-D-1C", "gift to a")
    assert events_of(events, Finished)[0].winner == "a"
    assert t.status == "finished" and t.players["a"].place == 1
    assert t.players["b"].place is None


@pytest.mark.clause("NM-D-1C")
def test_gifts_disqualify_everyone_implicated() -> None:
    """NM-D-1C s2: all those implicated."""
    t = seated("nm-holdem", SIX)
    t.disqualify("p2", "NM-D-1C", "gave chips to p5")
    t.disqualify("p5", "NM-D-1C", "took chips from p2")
    assert {p for p, s in t.players.items() if s.status == "disqualified"} == {"p2", "p5"}
    assert t.alive == 4
    assert_chips_conserved(t)


@pytest.mark.clause("NM-D-1C")
def test_a_player_disqualified_before_the_seat_draw_is_not_seated() -> None:
    """NM-D-1C s2, DE-PENALTY-3: a disqualification stands.  Today the seat
    draw seats a player disqualified at registration, gives him a starting
    stack and makes him 'playing' again."""
    prof = rules("nm-holdem")
    t = Tournament.create("x", prof, structure(prof))
    for k in range(1, 12):
        t.register(f"p{k}")
    t.disqualify("p3", "NM-D-1C", "caught colluding at the door")
    t.draw_seats(random.Random(1).randrange)
    assert t.players["p3"].status == "disqualified"
    assert t.players["p3"].table is None and t.players["p3"].chips == 0
    assert t.alive == 10


# ---------------------------------------------------------------- overrides


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_director_corrects_a_stack() -> None:
    """NM-D-1G, OQ-03: the TD's decision is final; the override is an
    event naming the clause."""
    t = seated("nm-holdem", SIX)
    event = t.override_chips("p2", 1250, "miscount")
    assert isinstance(event, Overridden)
    assert (event.ruling, event.clause, event.player, event.chips) == (
        "chips",
        "NM-D-1G, OQ-03",
        "p2",
        1250,
    )
    assert t.players["p2"].chips == 1250
    spec, _ = settle(t, 1)
    assert spec.stacks[spec.players.index("p2")] == 1250
    with pytest.raises(TournamentError):
        t.override_chips("p2", -1, "")
    t.begin_hand(1, random.Random(1).randrange)
    pending = t.override_chips("p2", 100, "in a hand")  # applied when the hand ends
    assert isinstance(pending, CorrectionPending) and t.players["p2"].chips == 1250


@pytest.mark.clause("NM-D-1B")
def test_director_setting_a_stack_to_zero_eliminates_the_player() -> None:
    """NM-D-1B s2 with NM-D-1G: a player with no chips is out.  Today a stack
    corrected to 0 leaves him 'playing' without chips: he is never placed,
    and the tournament never finishes once the others are down to one."""
    t = seated("nm-holdem", {1: {1: "a", 2: "b", 3: "c"}})
    t.override_chips("c", 0, "his chips were counted twice")
    c = t.players["c"]
    assert (c.status, c.chips, c.place) == ("out", 0, 3)  # NM-D-1B s2: out, last place
    assert "c" not in t.tables[1].seats.values()
    settle(t, 1, lambda s: bust(s, ["b"], "a"))
    assert t.status == "finished" and t.winner == "a"
    assert_places_complete(t)


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_director_moves_a_player() -> None:
    t = seated("nm-holdem", {1: {1: "a", 2: "b", 3: "c"}, 2: {1: "d", 2: "e", 3: "f"}})
    event = t.override_seat("d", 1, 7, "TD moves d")
    assert (event.ruling, event.clause, event.table, event.seat) == (
        "seat",
        "NM-D-1G, OQ-03",
        1,
        7,
    )
    assert (t.players["d"].table, t.players["d"].seat) == (1, 7)
    assert t.tables[1].seats[7] == "d" and 1 not in t.tables[2].seats
    with pytest.raises(TournamentError):
        t.override_seat("e", 1, 7, "taken")
    with pytest.raises(TournamentError):
        t.override_seat("e", 1, 11, "no such seat")


# ---------------------------------------------------------------- live events


@pytest.mark.clause("OQ-06", "OQ-05")
def test_live_chip_counts_eliminate_place_and_break_tables() -> None:
    """Live play: the floor reports counts; the core answers with
    eliminations, places (OQ-06) and the break/move decisions."""
    t = seated(
        "nm-holdem",
        {1: {s: f"a{s}" for s in range(1, 7)}, 2: {s: f"b{s}" for s in range(1, 7)}},
        mode="live",
    )
    events = t.record_chip_counts(1, {"a1": 0, "a2": 3000, "a3": 0}, random.Random(1).randrange)
    [count, *rest] = events
    assert isinstance(count, ChipCount) and count.counts == {"a1": 0, "a2": 3000, "a3": 0}
    out = {e.player: (e.place, e.shared) for e in events_of(rest, Eliminated)}
    assert out == {"a1": (11, 2), "a3": (11, 2)}  # equal stacks before: shared
    # 10 players left: the final table is formed (OQ-05, OQ-36 (iv)).
    assert len(events_of(rest, TableBroken)) == 1
    assert len(events_of(rest, Moved)) >= 4
    assert list(table_counts(t).values()) == [10]
    assert t.players["a2"].chips == 3000


@pytest.mark.clause("OQ-06")
def test_live_counts_rank_players_out_together_by_their_last_count() -> None:
    t = seated("nm-holdem", {1: {s: f"a{s}" for s in range(1, 7)}}, mode="live")
    t.record_chip_counts(1, {"a1": 1300, "a2": 700}, random.Random(1).randrange)
    events = t.record_chip_counts(1, {"a1": 0, "a2": 0, "a3": 3000}, random.Random(1).randrange)
    assert {e.player: e.place for e in events_of(events, Eliminated)} == {"a1": 5, "a2": 6}


def test_live_counts_finish_the_tournament() -> None:
    t = seated("de-holdem", {1: {1: "a", 2: "b", 3: "c"}}, mode="live")
    events = t.record_chip_counts(1, {"a": 0, "b": 0, "c": 3000}, random.Random(1).randrange)
    assert events_of(events, Finished)[0].winner == "c"
    assert_places_complete(t)


def test_live_counts_are_checked() -> None:
    t = seated("nm-holdem", {1: {1: "a", 2: "b"}, 2: {1: "c", 2: "d"}}, mode="live")
    with pytest.raises(TournamentError):
        t.record_chip_counts(1, {"c": 100}, random.Random(1).randrange)  # not at table 1
    with pytest.raises(TournamentError):
        t.record_chip_counts(1, {"a": -5}, random.Random(1).randrange)
    with pytest.raises(TournamentError):
        t.record_chip_counts(9, {"a": 5}, random.Random(1).randrange)
    with pytest.raises(FloormanError):
        Tournament.create("x", rules("nm-holdem"), structure("nm-holdem"), mode="casino")


# ---------------------------------------------------------------- replay


@pytest.mark.parametrize("profile", PROFILES)
def test_replay_equals_the_live_tournament(profile: str) -> None:
    """The log is the truth: rebuilt from its events (also through JSON),
    the tournament has the same standings, tables and clock."""
    t = new_tournament(profile, 31, seed=7)
    player = Player(t, seed=7)
    for _ in range(6):
        player.round()
    t.pause(700.0)
    t.resume(760.0)
    t.warn("p3", "DE-ETIQ-1")
    t.time_penalty("p4", 2, "DE-PENALTY-3") if t.players["p4"].status == "playing" else None
    t.override_level(3, 800.0, "TD")
    assert_replay_equal(t, via_json=False)
    assert_replay_equal(t, via_json=True)
    player.to_the_end()
    assert_replay_equal(t, via_json=True)


def test_replay_of_a_live_tournament_with_floor_rulings() -> None:
    t = seated(
        "nm-holdem",
        {1: {s: f"a{s}" for s in range(1, 7)}, 2: {s: f"b{s}" for s in range(1, 7)}},
        mode="live",
    )
    rng = random.Random(3).randrange
    t.record_chip_counts(1, {"a1": 0, "a2": 2000}, rng)
    t.disqualify("b3", "NM-D-1D", "theft")
    t.override_chips("b4", 1200, "recount")
    t.set_absent("b5", True)
    t.override_seat("b6", 1, 9, "TD")
    assert_replay_equal(t)
    lines = [json.dumps(event_to_dict(e)) for e in t.events]
    again = Tournament.replay(event_from_dict(json.loads(line)) for line in lines)
    assert again.standings() == t.standings()


def test_event_json_round_trip_rejects_unknown_types() -> None:
    with pytest.raises(FloormanError, match="unknown"):
        event_from_dict({"type": "teleported", "player": "p1"})
    with pytest.raises(FloormanError, match="bad"):
        event_from_dict({"type": "seated", "player": "p1"})


def test_hand_results_must_add_up() -> None:
    """The core refuses a result that creates or loses chips (NM-D-1B s2)."""
    t = seated("nm-holdem", SIX)
    spec = t.begin_hand(1, random.Random(1).randrange)
    stacks = dict(zip(spec.players, spec.stacks, strict=True))
    stacks["p1"] += 5
    with pytest.raises(TournamentError, match="add up"):
        t.end_hand(1, stacks, random.Random(1).randrange)
    stacks.pop("p1")
    with pytest.raises(TournamentError):
        t.end_hand(1, stacks, random.Random(1).randrange)


@pytest.mark.clause("OQ-62")
def test_time_penalties_for_every_player_at_a_table_still_run_out() -> None:
    """OQ-62: during a time penalty the player's hands are dealt and
    killed, so the penalty is served hand by hand - also when every player
    at the table is under one (heads-up, both penalised): that hand is
    dealt with every hand dead (DE-DEAL-3, OQ-45), and the penalties run
    out; the table, and a heads-up final, is never stuck."""
    t = seated("de-holdem", {1: {1: "a", 2: "b"}})
    t.time_penalty("a", 1, "DE-PENALTY-3", "abuse")
    t.time_penalty("b", 1, "DE-PENALTY-3", "abuse")
    spec, _ = settle(t, 1)
    assert len(spec.dead) == 2
    assert t.players["a"].penalty_hands == 0 and t.players["b"].penalty_hands == 0
    spec, _ = settle(t, 1)
    assert spec.dead == ()


@pytest.mark.clause("OQ-05")
def test_disqualification_at_a_table_holding_a_check_pot_does_not_strand_it() -> None:
    """NM-D-1C with OQ-10, OQ-05: b is disqualified at a draw table of two
    that holds a carried check-pot.  The last player there can no longer
    play (alone), and today he cannot be moved either (the pot pins the
    table): he sits alone with the pot, dealt no hands, while the other
    four play on, and the final table (5 players) is not formed until the
    other table is down to one player."""
    t = seated("nm-draw", {1: {1: "a", 2: "b"}, 2: {1: "c", 2: "d", 3: "e", 4: "f"}})
    settle(t, 1, {"a": 990, "b": 990}, carried_pot=20)
    t.disqualify("b", "NM-D-1C", "chip dumping")
    settle(t, 2)
    settle(t, 2)
    assert len(table_counts(t)) == 1, table_counts(t)  # a, c, d, e, f: one table
