"""Tournament rules, clause by clause: the seat draw and table cards, the
level clock, eliminations, places and prizes.

Positions (dead button, heads-up, newcomers) are in
``test_tournament_positions.py``, breaking and balancing in
``test_tournament_balancing.py``, the floor, live events and replays in
``test_tournament_floor.py``, the CLI in ``test_tournament_cli.py``.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from floorman.engine.cards import shuffled_deck
from floorman.engine.errors import ProfileError, SetupViolation
from floorman.engine.events import AntePosted, BlindPosted
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.events import (
    Eliminated,
    Finished,
    LevelChanged,
    PrizeAwarded,
    Seated,
)
from floorman.tournament.hands import hand_for
from floorman.tournament.structure import (
    Level,
    Structure,
)
from tests.helpers.tournament import (
    PROFILES,
    Player,
    active_seats,
    assert_chips_conserved,
    assert_places_complete,
    bust,
    events_of,
    new_tournament,
    rules,
    seated,
    settle,
    structure,
    table_counts,
)


def chi2_critical(df: int, z: float = 3.29) -> float:
    """Upper critical value of chi-square with ``df`` degrees of freedom at
    p ~ 0.0005 (Wilson-Hilferty).  The draws below are seeded, so a pass or
    a fail is repeatable."""
    h = 2.0 / (9.0 * df)
    return df * (1.0 - h + z * math.sqrt(h)) ** 3


def chi2(observed: Counter[object], expected: dict[object, float]) -> float:
    return sum((observed.get(k, 0) - e) ** 2 / e for k, e in expected.items())


def _splittable(total: int, low: int, high: int) -> bool:
    return any(k * low <= total <= k * high for k in range(1, total // low + 1))


# ---------------------------------------------------------------- seat draw


@pytest.mark.clause("NM-D-1A", "NM-H-1")
@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("players", [2, 3, 5, 6, 7, 9, 11, 13, 17, 23, 41, 57, 99, 101])
def test_seat_draw_even_tables_within_the_profile_sizes(profile: str, players: int) -> None:
    """NM-D-1A (4-5 a table), NM-H-1 (5-10), DE: the organiser's maximum;
    as few tables as seat everyone, sizes differing by one at most."""
    t = new_tournament(profile, players, seed=players, start=False)
    counts = table_counts(t)
    size = t.struct.table_size
    assert sum(counts.values()) == players
    assert max(counts.values()) - min(counts.values()) <= 1, counts
    assert all(c <= size for c in counts.values())
    assert len(counts) == -(-players // size)
    if profile == "nm-draw" and _splittable(players, 4, 5):
        assert all(4 <= c <= 5 for c in counts.values()), counts  # NM-D-1A
    if profile == "nm-holdem" and players >= 5:
        assert all(5 <= c <= 10 for c in counts.values()), counts  # NM-H-1


@pytest.mark.parametrize("table_size", [6, 8])
def test_seat_draw_de_uses_the_organisers_table_size(table_size: int) -> None:
    t = new_tournament(
        "de-holdem", 45, struct=structure("de-holdem", table_size=table_size), start=False
    )
    counts = table_counts(t)
    assert max(counts.values()) <= table_size
    assert len(counts) == -(-45 // table_size)
    seats = [c["seat"] for c in t.table_cards()]
    assert all(1 <= s <= table_size for s in seats)  # type: ignore[operator]


@pytest.mark.clause("NM-D-1A", "NM-H-1", "OQ-04")
@pytest.mark.parametrize(
    ("profile", "players", "table_size"),
    [("nm-draw", 13, None), ("nm-holdem", 23, None), ("de-holdem", 17, 7)],
)
def test_seat_draw_is_uniform(profile: str, players: int, table_size: int | None) -> None:
    """Every player is equally likely to get any table (in proportion to
    its size) and any seat there (DE-SEAT-1, NM-D-1A, NM-H-1): a chi-square
    test over many seeded draws, for player/table and table/seat."""
    prof = rules(profile)
    struct = structure(prof, table_size=table_size)
    size = struct.table_size
    draws = 800
    player_table: Counter[object] = Counter()
    table_seat: Counter[object] = Counter()
    first_seat: Counter[object] = Counter()
    sizes: list[int] = []
    for seed in range(draws):
        t = Tournament.create("u", prof, struct)
        for k in range(1, players + 1):
            t.register(f"p{k}")
        events = t.draw_seats(random.Random(seed).randrange)
        sizes = [len(t.tables[tb].seats) for tb in sorted(t.tables)]
        for e in events:
            player_table[(e.player, e.table)] += 1
            table_seat[(e.table, e.seat)] += 1
            if e.player == "p1":
                first_seat[(e.table, e.seat)] += 1
    exp_pt = {
        (f"p{k}", tb): draws * n / players
        for k in range(1, players + 1)
        for tb, n in enumerate(sizes, 1)
    }
    exp_ts = {
        (tb, s): draws * n / size for tb, n in enumerate(sizes, 1) for s in range(1, size + 1)
    }
    exp_first = {(tb, s): draws * n / players / size for (tb, s), n in _cells(sizes, size)}
    # Degrees of freedom: player/table is a table of independent rows of
    # (tables - 1) each, constrained by the table sizes, roughly.
    df_pt = (players - 1) * (len(sizes) - 1)
    assert chi2(player_table, exp_pt) < chi2_critical(max(df_pt, 1))
    assert chi2(table_seat, exp_ts) < chi2_critical(len(exp_ts) - len(sizes))
    assert chi2(first_seat, exp_first) < chi2_critical(len(exp_first) - 1)
    # A badly biased draw fails the same test: p1 always at table 1.
    biased: Counter[object] = Counter({(1, s): draws // size for s in range(1, size + 1)})
    assert chi2(biased, exp_first) > chi2_critical(len(exp_first) - 1)


def _cells(sizes: list[int], size: int) -> list[tuple[tuple[int, int], int]]:
    return [((tb, s), n) for tb, n in enumerate(sizes, 1) for s in range(1, size + 1)]


@pytest.mark.clause("OQ-41")
def test_seat_draw_gives_every_player_one_free_seat_and_the_starting_stack() -> None:
    t = new_tournament("nm-holdem", 57, seed=4, start=False)
    seated_events = events_of(t.events, Seated)
    assert sorted(e.player for e in seated_events) == sorted(t.players)
    places = [(e.table, e.seat) for e in seated_events]
    assert len(set(places)) == len(places)
    for p in t.players.values():
        assert p.status == "playing" and p.chips == t.struct.starting_stack
    assert t.alive == 57


@pytest.mark.clause("DE-SEAT-1")
def test_table_cards_list_every_player_by_table_and_seat() -> None:
    """DE-SEAT-1: each participant takes the seat on his table card."""
    t = new_tournament("de-holdem", 23, seed=9, start=False)
    cards = t.table_cards()
    assert len(cards) == 23
    assert cards == sorted(cards, key=lambda c: (c["table"], c["seat"]))  # type: ignore[arg-type,return-value]
    for card in cards:
        p = t.players[card["player"]]  # type: ignore[index]
        assert (p.table, p.seat) == (card["table"], card["seat"])
        assert t.tables[p.table].seats[p.seat] == p.player  # type: ignore[index]


def test_seat_draw_happens_once_and_needs_two_players() -> None:
    prof = rules("nm-holdem")
    t = Tournament.create("x", prof, structure(prof))
    t.register("solo")
    with pytest.raises(TournamentError, match="two players"):
        t.draw_seats(random.Random(1).randrange)
    t.register("other")
    t.draw_seats(random.Random(1).randrange)
    with pytest.raises(TournamentError) as info:
        t.draw_seats(random.Random(1).randrange)
    assert "DE-SEAT-1" in info.value.clause


@pytest.mark.clause("DE-SEAT-1")
@pytest.mark.parametrize("profile", PROFILES)
def test_an_entrant_registered_after_the_seat_draw_is_refused(profile: str) -> None:
    """DE-SEAT-1, OQ-41: every participant takes the seat on his table card,
    and the seats are drawn once, so registration closes at the seat draw:
    a later entry is refused with its clause (never seated unseen and
    unplaced while counted as an entrant for the prizes), before and after
    the start, and the refusal changes nothing."""
    prof = rules(profile)
    t = Tournament.create("x", prof, structure(prof))
    for p in ("a", "b", "c"):
        t.register(p)
    t.draw_seats(random.Random(1).randrange)
    logged = len(t.events)
    with pytest.raises(TournamentError, match="registration closes at the seat draw") as before:
        t.register("late")
    assert before.value.clause == "OQ-41, DE-SEAT-1"
    t.start(0.0)
    with pytest.raises(TournamentError) as after:
        t.register("late", confirmed=False)
    assert after.value.clause == "OQ-41, DE-SEAT-1"
    assert "late" not in t.players and len(t.events) == logged + 2  # Started, level 1
    Player(t, seed=1).to_the_end()
    assert t.status == "finished" and sorted(p.place for p in t.players.values()) == [1, 2, 3]


def test_start_needs_the_seat_draw() -> None:
    prof = rules("de-holdem")
    t = Tournament.create("x", prof, structure(prof))
    t.register("a")
    t.register("b")
    with pytest.raises(TournamentError, match="draw the seats"):
        t.start(0.0)


# ---------------------------------------------------------------- the clock


def clock_structure(profile: str) -> Structure:
    return Structure(
        levels=(
            Level(10, 600),
            Level(20, 600),
            Level(0, 300, is_break=True),
            Level(40, 600),
            Level(80, 600),
        ),
        starting_stack=1000,
        table_size=rules(profile).table_max,
    )


@pytest.mark.clause("NM-D-2A", "OQ-09")
def test_default_structure_raises_the_ante_every_30_minutes() -> None:
    """NM-D-2A s3 (e.g. 30 minute intervals), OQ-09: a level table on time."""
    for name in ("nm-draw", "nm-holdem"):
        s = Structure.default(rules(name))
        assert all(lv.seconds == 30 * 60 for lv in s.levels)
        antes = [lv.ante for lv in s.levels]
        assert antes == sorted(antes) and len(set(antes)) == len(antes)


@pytest.mark.clause("OQ-09", "NM-D-2A", "NM-H-16")
@pytest.mark.parametrize("profile", PROFILES)
def test_levels_rise_on_schedule(profile: str) -> None:
    t = new_tournament(profile, 12, struct=clock_structure(profile))
    assert (t.level, t.current_level.ante) == (1, 10)  # type: ignore[union-attr]
    assert t.tick(599.0) == []
    [second] = t.tick(600.0)
    assert (second.level, second.ante, second.at) == (2, 20, 600.0)
    # Skipping ahead emits every level passed, in order.
    changed = t.tick(1500.0)
    assert [(e.level, e.ante, e.is_break) for e in changed] == [(3, 0, True), (4, 40, False)]
    assert t.tick(10**6)[-1].level == 5  # the last level goes on
    assert t.tick(10**7) == []


@pytest.mark.clause("NM-H-2", "OQ-28", "NM-H-16")
def test_blinds_are_one_and_two_antes_and_the_engine_posts_them() -> None:
    """NM-H-2, OQ-28: SB = 1 ante, BB = 2 antes; the hand uses the level
    current when it is dealt (NM-H-16: the ante is increased progressively)."""
    t = seated(
        "nm-holdem", {1: {1: "a", 2: "b", 3: "c", 4: "d"}}, struct=clock_structure("nm-holdem")
    )
    t.tick(600.0)
    level = t.current_level
    assert level is not None
    assert (level.ante, level.small_blind, level.big_blind) == (20, 20, 40)
    rng = random.Random(2)
    spec = t.begin_hand(1, rng.randrange)
    assert spec.ante == 20
    hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
    posts = {(e.seat, e.amount) for e in hand.events if isinstance(e, BlindPosted)}
    assert posts == {(spec.small_blind_seat, 20), (spec.big_blind_seat, 40)}
    # A level change during the hand applies from the next hand.
    t.tick(1200.0 + 300.0)
    stacks = dict(zip(spec.players, spec.stacks, strict=True))
    t.end_hand(1, stacks, rng.randrange)
    assert t.begin_hand(1, rng.randrange).ante == 40


@pytest.mark.clause("NM-D-2A")
def test_draw_every_player_antes_every_deal() -> None:
    """NM-D-2A s1: all players place the ante; no blinds in the draw."""
    t = seated(
        "nm-draw", {1: {1: "a", 2: "b", 3: "c", 4: "d", 5: "e"}}, struct=clock_structure("nm-draw")
    )
    level = t.current_level
    assert level is not None and (level.small_blind, level.big_blind) == (0, 0)
    rng = random.Random(5)
    spec = t.begin_hand(1, rng.randrange)
    assert spec.small_blind_seat is None and spec.big_blind_seat is None
    hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
    antes = sorted((e.seat, e.amount) for e in hand.events if isinstance(e, AntePosted))
    assert antes == [(s, 10) for s in spec.seats]


def test_no_hands_on_a_break_or_while_paused() -> None:
    t = new_tournament("nm-holdem", 12, struct=clock_structure("nm-holdem"))
    table = min(t.tables)
    t.tick(1200.0)
    assert t.current_level.is_break  # type: ignore[union-attr]
    with pytest.raises(TournamentError, match="break"):
        t.begin_hand(table, random.Random(1).randrange)
    t.tick(1500.0)
    assert t.current_level.ante == 40  # type: ignore[union-attr]
    t.pause(1510.0)
    with pytest.raises(TournamentError, match="paused"):
        t.begin_hand(table, random.Random(1).randrange)
    t.resume(1520.0)
    t.begin_hand(table, random.Random(1).randrange)


def test_pause_stops_the_clock_and_resume_restarts_it() -> None:
    t = new_tournament("de-holdem", 12, struct=clock_structure("de-holdem"))
    t.tick(500.0)
    t.pause(500.0)
    assert t.tick(5000.0) == []  # paused: the level does not change
    assert t.summary(now=5000.0)["clock"]["paused"] is True  # type: ignore[index]
    assert t.summary(now=5000.0)["clock"]["seconds_left"] == 100  # type: ignore[index]
    with pytest.raises(TournamentError):
        t.pause(5000.0)
    t.resume(6000.0)
    with pytest.raises(TournamentError):
        t.resume(6001.0)
    assert t.tick(6099.0) == []
    [e] = t.tick(6100.0)
    assert e.level == 2


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_director_sets_the_level_and_the_clock_follows() -> None:
    """NM-D-1G, OQ-03: the TD's override of the level; the clock restarts
    the level he sets."""
    t = new_tournament("nm-holdem", 12, struct=clock_structure("nm-holdem"))
    t.tick(100.0)
    events = t.override_level(4, 100.0, "late start")
    assert events[0].clause == "NM-D-1G, OQ-03" and events[0].level == 4  # type: ignore[attr-defined]
    changed = events[1]
    assert isinstance(changed, LevelChanged) and changed.manual and changed.ante == 40
    assert t.level == 4 and t.tick(699.0) == []
    assert [e.level for e in t.tick(700.0)] == [5]
    # Back down again: level 2 runs its full 600 s from now.
    t.override_level(2, 800.0, "mistake")
    assert t.level == 2 and t.current_level.ante == 20  # type: ignore[union-attr]
    assert t.tick(1399.0) == []
    assert [e.level for e in t.tick(1400.0)] == [3]
    with pytest.raises(TournamentError) as info:
        t.override_level(99, 1400.0, "no such level")
    assert "OQ-03" in info.value.clause


def test_director_sets_the_level_while_paused() -> None:
    t = new_tournament("nm-holdem", 12, struct=clock_structure("nm-holdem"))
    t.pause(50.0)
    t.override_level(2, 60.0, "")
    t.resume(1000.0)
    assert t.level == 2
    assert t.tick(1599.0) == []
    assert [e.level for e in t.tick(1600.0)] == [3]


# ---------------------------------------------------------------- places


@pytest.mark.clause("NM-D-1B", "OQ-41")
def test_freeze_out_one_chip_is_not_out() -> None:
    """NM-D-1B s2, OQ-41: out only with no chips at all."""
    t = seated("nm-holdem", {1: {1: "a", 2: "b", 3: "c"}})

    def almost(spec):  # type: ignore[no-untyped-def]
        return {"a": 1, "b": 1999, "c": 1000}

    _, events = settle(t, 1, almost)
    assert not events_of(events, Eliminated)
    assert t.players["a"].status == "playing" and t.alive == 3
    assert_chips_conserved(t)


@pytest.mark.clause("OQ-06")
def test_players_out_in_the_same_hand_rank_by_their_starting_stacks() -> None:
    """OQ-06: the one who started the hand with more chips places higher."""
    t = seated("nm-holdem", {1: {s: f"p{s}" for s in range(1, 7)}})
    t.override_chips("p1", 500, "setup")
    t.override_chips("p2", 300, "setup")
    t.override_chips("p3", 700, "setup")
    _, events = settle(t, 1, lambda spec: bust(spec, ["p1", "p2", "p3"], "p4"))
    places = {e.player: (e.place, e.shared) for e in events_of(events, Eliminated)}
    assert places == {"p3": (4, 1), "p1": (5, 1), "p2": (6, 1)}
    assert t.alive == 3


@pytest.mark.clause("OQ-06", "OQ-39")
def test_equal_stacks_share_places_and_prizes() -> None:
    """OQ-06: equal stacks share the places and split the combined prizes."""
    t = seated("nm-holdem", {1: {s: f"p{s}" for s in range(1, 7)}})
    t.override_chips("p1", 400, "setup")
    t.override_chips("p2", 400, "setup")
    t.override_chips("p3", 900, "setup")
    _, events = settle(t, 1, lambda spec: bust(spec, ["p1", "p2", "p3"], "p4"))
    places = {e.player: (e.place, e.shared) for e in events_of(events, Eliminated)}
    assert places == {"p3": (4, 1), "p1": (5, 2), "p2": (5, 2)}
    prizes = {e.player: (e.place, e.amount) for e in events_of(events, PrizeAwarded)}
    # 4th: 12% of 10,000; 5th and 6th: 8% + 0% shared by two.
    assert prizes == {"p3": (4, 1200), "p1": (5, 400), "p2": (5, 400)}
    assert t.players["p1"].prize == t.players["p2"].prize == 400


@pytest.mark.clause("OQ-06", "OQ-39", "OQ-69")
def test_two_players_out_together_at_the_end_share_second() -> None:
    t = seated("nm-holdem", {1: {1: "a", 2: "b", 3: "c"}})
    _, events = settle(t, 1, lambda spec: bust(spec, ["a", "b"], "c"))
    assert {(e.player, e.place, e.shared) for e in events_of(events, Eliminated)} == {
        ("a", 2, 2),
        ("b", 2, 2),
    }
    [finished] = events_of(events, Finished)
    assert finished.winner == "c" and t.status == "finished"
    prizes = {e.player: e.amount for e in events_of(events, PrizeAwarded)}
    # Only three entrants: places 1-3 share the whole pool 40:25:15 (OQ-69),
    # and the two out together split 2nd and 3rd (OQ-06).
    assert prizes == {"a": 2500, "b": 2500, "c": 5000}
    assert_places_complete(t)


@pytest.mark.clause("NM-D-5", "OQ-05", "OQ-06")
def test_final_table_plays_to_one_winner_and_only_places_count() -> None:
    """NM-D-5: only the placing counts; the final is played down to one
    player with all the chips (OQ-05, OQ-06): places are the order of
    elimination, whatever the chip counts were before."""
    t = seated("nm-draw", {1: {1: "a", 2: "b", 3: "c", 4: "d"}})
    t.override_chips("a", 3700, "a big stack")  # the chip leader goes out first
    t.override_chips("b", 100, "setup")
    t.override_chips("c", 100, "setup")
    t.override_chips("d", 100, "setup")
    _, events = settle(t, 1, lambda spec: bust(spec, ["a"], "b"))
    assert [(e.player, e.place) for e in events_of(events, Eliminated)] == [("a", 4)]
    _, events = settle(t, 1, lambda spec: bust(spec, ["b"], "c"))
    assert [(e.player, e.place) for e in events_of(events, Eliminated)] == [("b", 3)]
    assert t.status == "running"  # heads-up: the final table is never broken
    _, events = settle(t, 1, lambda spec: bust(spec, ["c"], "d"))
    assert [(e.player, e.place) for e in events_of(events, Eliminated)] == [("c", 2)]
    assert events_of(events, Finished)[0].winner == "d"
    assert t.players["d"].place == 1 and t.players["d"].status == "won"
    assert [r["player"] for r in t.standings()] == ["d", "c", "b", "a"]
    with pytest.raises(TournamentError):
        t.begin_hand(1, random.Random(1).randrange)


@pytest.mark.clause("NM-H-19", "OQ-39")
@pytest.mark.parametrize("profile", PROFILES)
def test_whole_tournament_pays_the_top_five(profile: str) -> None:
    """NM-H-19, OQ-39: places 1-5 from the payout table (top 5 by default),
    the whole pool paid, nobody else paid."""
    t = new_tournament(profile, 23, seed=3)
    Player(t, seed=3).to_the_end()
    assert_places_complete(t)
    prizes = events_of(t.events, PrizeAwarded)
    shares = t.struct.payout_shares
    assert len(shares) == t.profile.paid_places == 5 and sum(shares) == 100
    assert sum(e.amount for e in prizes) == t.struct.prize_pool
    assert all(e.place <= 5 for e in prizes)
    assert {e.player for e in prizes} == {p.player for p in t.players.values() if p.place <= 5}  # type: ignore[operator]
    assert all(p.prize == 0 for p in t.players.values() if p.place > 5)  # type: ignore[operator]
    for e in prizes:
        shared = t.players[e.player].shared
        places = range(e.place, e.place + shared)
        # the percent of the payout table in use (OQ-39), never a constant
        expected = sum(shares[k - 1] for k in places if k <= len(shares)) / shared
        assert e.percent == pytest.approx(expected)
        assert t.players[e.player].prize == e.amount


@pytest.mark.clause("NM-H-19", "OQ-39", "OQ-68")
@pytest.mark.parametrize("name", PROFILES)
def test_NM_H_19_payout_table_default_is_top_five(name: str) -> None:
    """NM-H-19, OQ-39: every profile's default table pays the top five; only
    nm-holdem holds every table to exactly five places, the others take the
    organiser's table of any length (OQ-39 for draw, OQ-68)."""
    profile = rules(name)
    default = Structure.default(profile)
    assert len(default.payout_shares) == profile.paid_places == 5
    Tournament.create("t", profile, default)
    for places in ((60, 40), (30, 20, 15, 15, 10, 10)):
        if profile.paid_places_fixed:
            with pytest.raises(SetupViolation, match="NM-H-19") as refused:
                Tournament.create("t", profile, structure(profile, payout_shares=places))
            assert refused.value.clause == "NM-H-19, OQ-39"
        else:
            created = Tournament.create("t", profile, structure(profile, payout_shares=places))
            assert created.struct.payout_shares == places
    assert profile.paid_places_fixed == (name == "nm-holdem")


@pytest.mark.parametrize(
    ("shares", "message"),
    [
        ((50, 30, 10), "add up to 90%"),
        ((40, 25, 15, 12, 9), "add up to 101%"),
        ((20, 30, 50), "lower place"),
        ((), "empty"),
        ((100, 0), "positive"),
        ((60.5, 39.5), "whole"),
    ],
)
def test_a_payout_table_that_does_not_add_up_is_a_clear_error(
    shares: tuple[int, ...], message: str
) -> None:
    with pytest.raises(ProfileError, match=message):
        structure("nm-holdem", payout_shares=shares)
    data = structure("nm-holdem").to_dict()
    data["payout_shares"] = list(shares)
    if shares and all(isinstance(s, int) for s in shares):
        with pytest.raises(ProfileError, match=message):
            Structure.from_dict(data)


@pytest.mark.clause("DE-GEN-3")
def test_busted_players_leave_their_seat() -> None:
    """DE-GEN-3: the eliminated leave the table."""
    t = seated("de-holdem", {1: {1: "a", 2: "b", 3: "c"}})
    settle(t, 1, lambda spec: bust(spec, ["b"], "a"))
    assert "b" not in active_seats(t, 1).values()
    assert "b" not in t.tables[1].seats.values()
    assert t.players["b"].status == "out" and t.players["b"].place == 3


@pytest.mark.clause("DE-SEAT-1")
def test_DE_SEAT_1_table_cards_print_one_card_per_player() -> None:
    """Every seated player gets a printable card with his table and seat."""
    from floorman.dealing import seeded_randbelow
    from floorman.profiles import load_profile
    from floorman.tournament.core import Tournament
    from floorman.tournament.structure import Structure

    profile = load_profile("de-holdem")
    t = Tournament.create("cards", profile, Structure.default(profile), name="Friday")
    for k in range(1, 13):
        t.register(f"p{k}", f"Player {k}")
    t.draw_seats(seeded_randbelow(3))
    text = t.table_cards_text()
    assert text.count("Friday") == 12
    for card in t.table_cards():
        assert f"Table {card['table']}  -  Seat {card['seat']}" in text
        assert f"{card['name']} ({card['player']})" in text
