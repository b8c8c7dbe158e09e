"""NM-H-16, OQ-36 (iii): a broken table's players are seated so that the
tables' chip totals are as even as possible - the least spread (largest
minus smallest destination total), found exactly by
:mod:`floorman.tournament.chip_spread` and checked here against brute force."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.tournament.chip_spread import final_totals, solve, spread_of
from floorman.tournament.events import TableBroken
from tests.helpers.tournament import (
    Moved,
    active_seats,
    bust,
    events_of,
    seated,
    settle,
    table_counts,
)

Tables = Sequence[tuple[int, int]]


def brute_force(stacks: Sequence[int], tables: Tables) -> tuple[int, tuple[int, ...]] | None:
    """Every assignment respecting the free seats, in the documented order
    (players as given; for each, the tables by running total, then index):
    the least spread and the first assignment reaching it."""
    totals = [total for total, _ in tables]
    free = [f for _, f in tables]
    found: list[tuple[int, tuple[int, ...]]] = []
    choice: list[int] = []

    def walk(i: int) -> None:
        if i == len(stacks):
            value = spread_of(totals)
            if not found or value < found[0][0]:
                found[:] = [(value, tuple(choice))]
            return
        for k in sorted(range(len(tables)), key=lambda k: (totals[k], k)):
            if free[k] > 0:
                totals[k] += stacks[i]
                free[k] -= 1
                choice.append(k)
                walk(i + 1)
                choice.pop()
                totals[k] -= stacks[i]
                free[k] += 1

    walk(0)
    return found[0] if found else None


def greedy(stacks: Sequence[int], tables: Tables) -> tuple[int, ...]:
    """The old rule (OQ-36 (iii)'s example): largest stack first, each to the
    lowest total with a free seat."""
    totals = [total for total, _ in tables]
    free = [f for _, f in tables]
    out = []
    for s in stacks:
        k = min((k for k in range(len(tables)) if free[k] > 0), key=lambda k: (totals[k], k))
        totals[k] += s
        free[k] -= 1
        out.append(k)
    return tuple(out)


def assert_placed(stacks: Sequence[int], tables: Tables, assignment: Sequence[int]) -> None:
    """Every player placed exactly once, no table over its free seats."""
    assert len(assignment) == len(stacks)
    assert all(0 <= k < len(tables) for k in assignment)
    for k, (_, free) in enumerate(tables):
        assert assignment.count(k) <= max(free, 0)


@pytest.mark.clause("NM-H-16", "OQ-36")
def test_nm_h_16_stacks_3k_3k_2k_2k_2k_into_two_equal_tables_spread_zero() -> None:
    """NM-H-16, OQ-36: the greedy ends 2,000 apart; 3k+3k | 2k+2k+2k is even."""
    stacks = [3000, 3000, 2000, 2000, 2000]
    tables = [(7000, 3), (7000, 3)]
    assert spread_of(final_totals(stacks, tables, greedy(stacks, tables))) == 2000
    assignment = solve(stacks, tables)
    assert assignment is not None
    assert_placed(stacks, tables, assignment)
    assert spread_of(final_totals(stacks, tables, assignment)) == 0
    assert assignment == (0, 0, 1, 1, 1)  # the first optimum in the documented order


@pytest.mark.clause("OQ-36")
def test_oq_36_no_room_decides_nothing_and_nobody_moving_is_empty() -> None:
    """OQ-36: a break needs a free seat for every player."""
    assert solve([100, 200], [(0, 1), (0, 0)]) is None
    assert solve([], [(5, 1), (9, 0)]) == ()


@pytest.mark.clause("NM-H-16", "OQ-36")
def test_oq_36_full_tables_still_count_in_the_spread() -> None:
    """OQ-36 (iii), NM-H-16: every destination counts, also a full one."""
    stacks = [500, 400]
    tables = [(1000, 0), (600, 2), (900, 1)]
    assignment = solve(stacks, tables)
    assert assignment is not None
    totals = final_totals(stacks, tables, assignment)
    assert totals[0] == 1000 and spread_of(totals) == brute_force(stacks, tables)[0]  # type: ignore[index]


@pytest.mark.clause("OQ-36")
def test_oq_36_when_the_greedy_is_optimal_its_choice_is_kept() -> None:
    """OQ-36 (iii) tie-break: the first optimum in the greedy's own order."""
    stacks = [900, 500, 100]
    tables = [(1000, 3), (1200, 3), (1500, 3)]
    assert solve(stacks, tables) == greedy(stacks, tables)


stacks_st = st.lists(
    st.one_of(st.sampled_from([1000, 2000, 3000, 5000]), st.integers(1, 6000)),
    max_size=7,
).map(lambda xs: sorted(xs, reverse=True))
tables_st = st.lists(
    st.tuples(
        st.one_of(st.sampled_from([0, 5000, 10000]), st.integers(0, 20000)), st.integers(0, 4)
    ),
    min_size=1,
    max_size=5,
)


@pytest.mark.clause("NM-H-16", "OQ-36")
@settings(max_examples=2000, deadline=None)
@given(stacks_st, tables_st)
def test_nm_h_16_oq_36_solver_is_optimal_against_brute_force(
    stacks: list[int], tables: list[tuple[int, int]]
) -> None:
    """NM-H-16, OQ-36: the least spread over every assignment that respects
    the free seats, each player placed exactly once, ties as documented."""
    assignment = solve(stacks, tables)
    expected = brute_force(stacks, tables)
    if expected is None:
        assert assignment is None
        assert sum(f for _, f in tables) < len(stacks)
        return
    assert assignment is not None
    assert_placed(stacks, tables, assignment)
    assert spread_of(final_totals(stacks, tables, assignment)) == expected[0]
    assert assignment == expected[1]


@pytest.mark.clause("NM-H-16", "OQ-36")
def test_oq_36_ten_players_into_thirty_tables_complete_and_fit() -> None:
    """NM-H-16, OQ-36: the largest break a real event meets (10 players,
    30 other tables with at most 5 free seats each) is solved and seated
    within the free seats, never worse than the greedy.  No timing here:
    speed is for the benchmarks."""
    rng = random.Random(36)
    for _ in range(20):
        stacks = sorted((rng.randint(500, 80_000) for _ in range(10)), reverse=True)
        tables = [(rng.randint(50_000, 400_000), rng.randint(1, 5)) for _ in range(30)]
        assignment = solve(stacks, tables)
        assert assignment is not None
        assert_placed(stacks, tables, assignment)
        ours = spread_of(final_totals(stacks, tables, assignment))
        assert ours <= spread_of(final_totals(stacks, tables, greedy(stacks, tables)))


@pytest.mark.clause("NM-H-16", "OQ-36")
def test_nm_h_16_tournament_break_reaches_the_optimal_spread() -> None:
    """NM-H-16, OQ-36 end to end: a nm-holdem table of 3k, 3k, 2k, 2k, 2k
    broken into two tables of 7,000 each with 3 free seats: TableBroken
    reports spread 0 (the old greedy: 2,000)."""
    layout = {
        tb: {s: f"t{tb}s{s}" for s in range(1, n + 1)} for tb, n in {1: 7, 2: 7, 3: 6}.items()
    }
    t = seated("nm-holdem", layout)
    for tb in (1, 2):
        for s in range(1, 8):
            t.override_chips(f"t{tb}s{s}", 1000, "setup")
    for s, c in {1: 3000, 2: 3000, 3: 2000, 4: 2000, 5: 1999, 6: 1}.items():
        t.override_chips(f"t3s{s}", c, "setup")
    _, events = settle(t, 3, lambda spec: bust(spec, ["t3s6"], "t3s5"))  # 5 left at 3
    [broken] = events_of(events, TableBroken)
    moves = events_of(events, Moved)
    assert broken.table == 3 and "NM-H-16" in broken.clause and "OQ-36" in broken.clause
    assert sorted(m.player for m in moves) == [f"t3s{s}" for s in range(1, 6)]
    assert table_counts(t) == {1: 9, 2: 10} or table_counts(t) == {1: 10, 2: 9}
    totals = {tb: sum(t.players[p].chips for p in active_seats(t, tb).values()) for tb in (1, 2)}
    assert broken.chip_totals == totals == {1: 13_000, 2: 13_000}
    stacks = sorted((t.players[m.player].chips for m in moves), reverse=True)
    expected = brute_force(stacks, [(7000, 3), (7000, 3)])
    assert expected is not None and broken.spread == expected[0] == 0
