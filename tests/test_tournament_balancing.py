"""Breaking and balancing tables, one policy per rulebook: nm-draw (NM-D-1A,
NM-D-1B, OQ-04, OQ-05), nm-holdem (NM-H-16, NM-H-17, OQ-36), de-holdem
(DE-BREAK-*, DE-BALANCE-1/2, OQ-53, OQ-54) and tda (big blind to the worst
position)."""

from __future__ import annotations

import itertools
import random

import pytest

from floorman.engine.profile import RuleProfile, with_changes
from floorman.profiles import load_profile
from floorman.tournament.events import TableBroken
from tests.helpers.tournament import (
    Moved,
    active_seats,
    assert_chips_conserved,
    bust,
    events_of,
    seated,
    settle,
    structure,
    table_counts,
)


def layout(counts: dict[int, int], first_seat: int = 1) -> dict[int, dict[int, str]]:
    """Tables with ``counts`` players in seats 1..n, players t<table>s<seat>."""
    return {
        tb: {s: f"t{tb}s{s}" for s in range(first_seat, first_seat + n)} for tb, n in counts.items()
    }


def bust_at(t, table: int, how_many: int):  # type: ignore[no-untyped-def]
    """Play a hand at ``table`` in which ``how_many`` players lose all
    their chips to the first player left."""

    def result(spec):  # type: ignore[no-untyped-def]
        losers = list(spec.players[len(spec.players) - how_many :])
        return bust(spec, losers, spec.players[0])

    return settle(t, table, result)


# ---------------------------------------------------------------- nm-draw


@pytest.mark.clause("NM-D-1B", "OQ-04")
def test_nm_draw_breaks_a_table_down_to_two_players() -> None:
    """NM-D-1B s1, OQ-04: a table with only 2 players with chips is broken;
    they go to the tables with the fewest players.  They are not out
    (NM-D-1B s2)."""
    t = seated("nm-draw", layout({1: 4, 2: 4, 3: 4}))
    _, events = bust_at(t, 3, 2)
    [broken] = events_of(events, TableBroken)
    assert broken.table == 3 and "NM-D-1B" in broken.clause
    moves = events_of(events, Moved)
    assert len(moves) == 2 and {m.table for m in moves} == {1, 2}  # the fewest players
    assert all(m.clause == broken.clause for m in moves)
    assert table_counts(t) == {1: 5, 2: 5}
    for m in moves:
        assert t.players[m.player].status == "playing"
        assert (t.players[m.player].table, t.players[m.player].seat) == (m.table, m.seat)
    assert_chips_conserved(t)


@pytest.mark.clause("OQ-04", "NM-D-1A")
def test_nm_draw_balances_to_keep_four_or_five() -> None:
    """OQ-04: further players move only to keep every table at 4-5."""
    t = seated("nm-draw", layout({1: 5, 2: 5, 3: 4}))
    _, events = bust_at(t, 3, 1)  # 5, 5, 3: one moves to the short table
    moves = events_of(events, Moved)
    assert len(moves) == 1 and moves[0].table == 3 and "NM-D-1A" in moves[0].clause
    assert sorted(table_counts(t).values()) == [4, 4, 5]
    # 4, 4, 4 - nothing to do when a table has 4 or 5.
    _, events = bust_at(t, next(tb for tb, c in table_counts(t).items() if c == 5), 1)
    assert not events_of(events, Moved)


@pytest.mark.clause("OQ-04")
def test_nm_draw_does_not_move_players_when_four_to_five_is_impossible() -> None:
    t = seated("nm-draw", layout({1: 4, 2: 4, 3: 4}))
    _, events = bust_at(t, 3, 1)  # 11 players: 4, 4, 3 is as good as it gets
    assert not events_of(events, Moved)
    assert table_counts(t) == {1: 4, 2: 4, 3: 3}


@pytest.mark.clause("OQ-04")
def test_nm_draw_two_player_table_is_kept_when_nobody_has_room() -> None:
    t = seated("nm-draw", layout({1: 5, 2: 5, 3: 4}))
    _, events = bust_at(t, 3, 2)  # 5, 5, 2: no room to break it
    assert not events_of(events, TableBroken)
    assert sorted(table_counts(t).values()) == [4, 4, 4]


@pytest.mark.clause("OQ-05")
def test_nm_draw_never_breaks_the_final_table() -> None:
    """OQ-05, NM-D-5: the final table is played heads-up to one winner."""
    t = seated("nm-draw", layout({1: 5}))
    _, events = bust_at(t, 1, 3)
    assert not events_of(events, TableBroken) and not events_of(events, Moved)
    assert len(active_seats(t, 1)) == 2
    spec, _ = settle(t, 1)
    assert len(spec.players) == 2


@pytest.mark.clause("OQ-05")
def test_nm_draw_forms_the_final_table_when_everyone_fits() -> None:
    """OQ-05: the final is the single table formed when the remaining
    players fit at one table (5 in the draw)."""
    t = seated("nm-draw", layout({1: 4, 2: 3}))
    _, events = bust_at(t, 1, 2)  # 2 + 3 = 5
    [broken] = events_of(events, TableBroken)
    assert broken.table == 1  # the table with fewer players is broken
    assert table_counts(t) == {2: 5}


# ---------------------------------------------------------------- nm-holdem


@pytest.mark.clause("NM-H-16", "OQ-36")
def test_nm_holdem_breaks_a_table_whose_players_fit_elsewhere() -> None:
    """NM-H-16, OQ-36 (ii)."""
    t = seated("nm-holdem", layout({1: 8, 2: 7, 3: 6}))
    _, events = bust_at(t, 3, 1)  # 8 + 7 + 5 = 20: table 3 fits at 1 and 2
    [broken] = events_of(events, TableBroken)
    assert broken.table == 3 and "NM-H-16" in broken.clause
    assert table_counts(t) == {1: 10, 2: 10}


@pytest.mark.clause("NM-H-17")
def test_nm_holdem_never_fewer_than_five_when_avoidable() -> None:
    """NM-H-17: a table down to 4 gets a player from the fullest table."""
    t = seated("nm-holdem", layout({1: 10, 2: 5}))
    _, events = bust_at(t, 2, 1)
    [move] = events_of(events, Moved)
    assert (move.from_table, move.table) == (1, 2) and "NM-H-17" in move.clause
    assert table_counts(t) == {1: 9, 2: 5}


@pytest.mark.clause("NM-H-16")
def test_nm_holdem_balancing_move_evens_the_chips() -> None:
    """NM-H-16: of the fuller table's players, the one whose stack best
    evens the two tables' chip totals moves."""
    t = seated("nm-holdem", layout({1: 10, 2: 5}))
    t.override_chips("t1s4", 3000, "setup")  # table 1: 12,000; table 2: 5,000 -> 4,000
    _, events = bust_at(t, 2, 1)
    [move] = events_of(events, Moved)
    gap = 12_000 - 4_000
    chips = {p: t.players[p].chips for p in (f"t1s{s}" for s in range(1, 11))}
    best = min(abs(gap - 2 * c) for c in chips.values())
    assert abs(gap - 2 * chips[move.player]) == best
    assert move.player == "t1s4"


@pytest.mark.clause("NM-H-16", "OQ-36")
def test_nm_holdem_seats_a_broken_tables_players_for_even_chip_totals() -> None:
    """NM-H-16, OQ-36 (iii): the broken table's players are seated so the
    tables' chip totals are as even as possible; TableBroken reports the
    totals and their spread."""
    t = seated("nm-holdem", layout({1: 7, 2: 7, 3: 6}))
    for s in range(1, 8):
        t.override_chips(f"t1s{s}", 1300, "setup")  # table 1: 9,100
        t.override_chips(f"t2s{s}", 700, "setup")  # table 2: 4,900
    stacks = {1: 3000, 2: 2000, 3: 1500, 4: 1000, 5: 500, 6: 1}
    for s, c in stacks.items():
        t.override_chips(f"t3s{s}", c, "setup")
    _, events = settle(t, 3, lambda spec: bust(spec, ["t3s6"], "t3s5"))  # 5 left at 3
    [broken] = events_of(events, TableBroken)
    moves = events_of(events, Moved)
    assert broken.table == 3 and len(moves) == 5
    totals = {tb: sum(t.players[p].chips for p in active_seats(t, tb).values()) for tb in (1, 2)}
    assert broken.chip_totals == totals
    assert broken.spread == max(totals.values()) - min(totals.values())
    # The best any seating of the five could do (room: 3 seats at each table).
    five = [t.players[m.player].chips for m in moves]
    best = min(
        abs(
            (9100 + sum(c for c, side in zip(five, sides, strict=True) if side))
            - (4900 + sum(c for c, side in zip(five, sides, strict=True) if not side))
        )
        for sides in itertools.product([0, 1], repeat=5)
        if sum(sides) <= 3 and 5 - sum(sides) <= 3
    )
    assert broken.spread == best
    assert_chips_conserved_except_overrides(t)


def assert_chips_conserved_except_overrides(t) -> None:  # type: ignore[no-untyped-def]
    assert sum(p.chips for p in t.players.values()) == t.chips_in_play


def test_nm_holdem_only_idle_tables_are_broken() -> None:
    """Players move between hands only: a table in a hand is broken when
    that hand ends."""
    t = seated("nm-holdem", layout({1: 7, 2: 7, 3: 5}))
    rng = random.Random(1)
    spec3 = t.begin_hand(3, rng.randrange)
    _, events = bust_at(t, 1, 1)  # 6 + 7 + 5 = 18: table 3 should go, but it is busy
    assert not events_of(events, TableBroken)
    events = t.end_hand(3, dict(zip(spec3.players, spec3.stacks, strict=True)), rng.randrange)
    [broken] = events_of(events, TableBroken)
    assert broken.table == 3


# ---------------------------------------------------------------- de-holdem, tda


def _positions_known(profile: str | RuleProfile):  # type: ignore[no-untyped-def]
    """Table 1: 9 players, table 2: 6, each has played a hand (button 1,
    SB 2, BB 3); table 1's hand ends last, so the balancing sees both."""
    t = seated(profile, layout({1: 9, 2: 6}))
    rng = random.Random(0)
    spec1 = t.begin_hand(1, rng.randrange)
    spec2, events = settle(t, 2)
    assert not events_of(events, Moved)
    assert (spec1.button, spec1.big_blind_seat) == (1, 3)
    assert (spec2.button, spec2.big_blind_seat) == (1, 3)
    events = t.end_hand(1, dict(zip(spec1.players, spec1.stacks, strict=True)), rng.randrange)
    return t, events


def _rank_after_bb(seat: int, occupied: list[int], bb: int, capacity: int) -> int:
    """How many occupied seats lie strictly between the BB and ``seat``."""

    def dist(s: int) -> int:
        return (s - bb) % capacity

    return sum(1 for s in occupied if 0 < dist(s) < dist(seat))


@pytest.mark.clause("DE-BALANCE-1", "OQ-54", "OQ-53")
def test_de_balancing_moves_the_player_in_the_same_position() -> None:
    """DE-BALANCE-1, OQ-54 (variant 1): the player at the fuller table in
    the same position relative to the blinds as the free seat moves there."""
    t, events = _positions_known("de-holdem")
    [move] = events_of(events, Moved)
    assert "DE-BALANCE-1" in move.clause
    assert (move.from_table, move.table) == (1, 2)
    short_occupied = [s for s in range(1, 7)]
    donor_occupied = list(range(1, 10))
    assert _rank_after_bb(move.seat, short_occupied, 3, 10) == _rank_after_bb(
        move.from_seat, donor_occupied, 3, 10
    )
    assert move.seat == 7 and move.from_seat == 7  # the first free seat after the BB
    assert table_counts(t) == {1: 8, 2: 7}
    # The newcomer is not between button and SB: dealt in at once (OQ-53).
    spec, _ = settle(t, 2)
    assert move.player in spec.players


@pytest.mark.clause("DE-BALANCE-2", "OQ-54")
def test_de_balancing_variant_two_moves_the_utg_player_to_the_seat_furthest_from_the_bb() -> None:
    """DE-BALANCE-2, OQ-54 (the second variant, ``balance_mover =
    "under-the-gun"``): the player after the fuller table's big blind (UTG)
    moves to the short table's free seat furthest from its big blind, the
    one the big blind reaches last - not the same position (variant 1,
    seat 7 from seat 7) nor the worst position (TDA, seat 7 from seat 4)."""
    variant_two = with_changes(load_profile("de-holdem"), balance_mover="under-the-gun")
    t, events = _positions_known(variant_two)
    [move] = events_of(events, Moved)
    assert move.clause == "DE-BALANCE-2, OQ-54"
    assert (move.from_table, move.table) == (1, 2)
    assert move.from_seat == 4  # table 1's big blind is seat 3: seat 4 is UTG
    # table 2's big blind is seat 3, seats 7-10 are free: 10 lies furthest
    # clockwise from it, so the big blind comes to it last of them
    assert move.seat == 10 and move.player == "t1s4"
    assert table_counts(t) == {1: 8, 2: 7}
    assert_chips_conserved(t)


@pytest.mark.clause("OQ-54")
def test_tda_balancing_moves_the_next_big_blind_to_the_worst_position() -> None:
    """TDA (OQ-54 alternative): the player due the BB next at the fuller
    table moves to the free seat that pays the BB soonest."""
    t, events = _positions_known("tda")
    [move] = events_of(events, Moved)
    assert "TDA" in move.clause
    assert move.from_seat == 4  # after table 1's BB (seat 3)
    assert move.seat == 7  # table 2's BB goes 4, 5, 6, then seat 7
    bbs = []
    for _ in range(4):
        spec, _ = settle(t, 2)
        bbs.append(spec.big_blind_seat)
    assert bbs == [4, 5, 6, 7]


@pytest.mark.parametrize("profile", ["de-holdem", "tda"])
def test_de_tables_are_broken_when_their_players_fit_elsewhere(profile: str) -> None:
    """DE-BREAK-1, OQ-53."""
    t = seated(profile, layout({1: 7, 2: 7, 3: 6}))
    _, events = bust_at(t, 3, 1)  # 19: table 3 fits
    [broken] = events_of(events, TableBroken)
    assert broken.table == 3 and "DE-BREAK-1" in broken.clause
    assert sorted(table_counts(t).values()) == [9, 10]
    assert_chips_conserved(t)


@pytest.mark.parametrize("profile", ["de-holdem", "tda"])
def test_de_balances_only_when_tables_differ_by_two(profile: str) -> None:
    t = seated(profile, layout({1: 10, 2: 10, 3: 8}))
    _, events = bust_at(t, 3, 1)  # 10, 10, 7: two moves, to 9, 9, 9
    assert len(events_of(events, Moved)) == 2
    assert sorted(table_counts(t).values()) == [9, 9, 9]
    _, events = bust_at(t, 2, 1)  # 9, 8, 9: they differ by one - nothing
    assert not events_of(events, Moved)
    _, events = bust_at(t, 2, 1)  # 9, 7, 9: one move
    assert len(events_of(events, Moved)) == 1
    assert sorted(table_counts(t).values()) == [8, 8, 9]


@pytest.mark.clause("OQ-05", "OQ-36")
@pytest.mark.parametrize("profile", ["nm-draw", "nm-holdem", "de-holdem", "tda"])
def test_final_table_is_formed_when_everyone_fits(profile: str) -> None:
    size = structure(profile).table_size
    first = size // 2 + 1
    t = seated(profile, layout({1: first, 2: size - first + 1}))
    _, events = bust_at(t, 2, 1)
    assert len(events_of(events, TableBroken)) == 1
    assert list(table_counts(t).values()) == [size]


@pytest.mark.clause("OQ-05", "OQ-10")
def test_a_break_blocked_by_a_check_pot_happens_once_the_pot_is_won() -> None:
    """OQ-05 with OQ-10: a table holding a carried check-pot keeps its
    players until the pot is won - but then the pending break must happen.
    Today the core forgets it: ``needs_balance`` is cleared while the pot
    blocks the table, so the two tables (2 + 3 = 5 players) never merge
    into the final table until someone else busts."""
    t = seated("nm-draw", {1: {1: "a", 2: "b"}, 2: {1: "c", 2: "d", 3: "e", 4: "f"}})
    settle(t, 1, {"a": 990, "b": 990}, carried_pot=20)  # everyone checked: pot carried
    _, events = bust_at(t, 2, 1)  # 2 + 3 = 5: the final table, but table 1 holds a pot
    assert not events_of(events, TableBroken)
    spec, events = settle(t, 1, {"a": 1010, "b": 990})  # a wins the check-pot
    assert spec.carried_pot == 20
    assert len(table_counts(t)) == 1, table_counts(t)  # now the final table forms
    assert len(events_of(events, TableBroken)) == 1


@pytest.mark.clause("OQ-04", "NM-D-1A")
def test_a_balance_blocked_by_a_check_pot_happens_once_the_pot_is_won() -> None:
    """NM-D-1A, OQ-04: the same for a balancing move: the only table that
    can give a player holds a check-pot when another table drops to 3."""
    t = seated("nm-draw", layout({1: 4, 2: 5, 3: 4}))
    settle(t, 2, {f"t2s{s}": 990 for s in range(1, 6)}, carried_pot=50)
    bust_at(t, 1, 1)  # 3, 5, 4: 12 players fit 4, 4, 4 - table 2 is blocked
    assert table_counts(t) == {1: 3, 2: 5, 3: 4}
    settle(t, 2, {"t2s1": 1040})  # the pot is won
    assert sorted(table_counts(t).values()) == [4, 4, 4], table_counts(t)
