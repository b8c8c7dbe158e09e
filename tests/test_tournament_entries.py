"""Issue 20, entries and money in the tournament core: the pool made from
the paid entries' buy-ins with a guarantee (only confirmed entries pay,
DE-DEAL-3/4, OQ-46; the fee never in it), payout tables chosen by the
number of entries (nm-holdem: exactly five places in every range, NM-H-19,
OQ-39), late registration until a level (refused after it, OQ-41), and
re-entry where the profile allows it (never in a freeze-out, OQ-41; the
German rules' organiser decides, off by default, OQ-68)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from floorman.engine.errors import SetupViolation
from floorman.engine.profile import with_changes
from floorman.profiles import load_profile
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.events import (
    Eliminated,
    LateRegistrationClosed,
    PrizeAwarded,
    ReEntered,
    Seated,
    event_from_dict,
    event_to_dict,
)
from floorman.tournament.money import PayoutRange
from floorman.tournament.structure import Structure
from tests.helpers.tournament import Player, bust, settle, structure

RANGES = (
    PayoutRange(2, 10, (65, 35)),
    PayoutRange(11, 20, (50, 30, 20)),
    PayoutRange(21, None, (40, 25, 15, 12, 8)),
)


def money(profile: str = "tda", **changes: object) -> Structure:
    base = structure(profile, prize_pool=0, table_size=6)
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def entered(
    profile: str, players: int, struct: Structure, *, start: bool = True, seed: int = 1
) -> Tournament:
    t = Tournament.create("t", load_profile(profile), struct)
    for k in range(1, players + 1):
        t.register(f"p{k}")
    if start:
        t.draw_seats(random.Random(seed).randrange)
        t.start(0.0)
    return t


def replays_the_same(t: Tournament) -> None:
    again = Tournament.replay(event_from_dict(event_to_dict(e)) for e in t.events)
    assert again.standings() == t.standings()
    assert (again.prize_pool, again.entries, again.paid_entries) == (
        t.prize_pool,
        t.entries,
        t.paid_entries,
    )


def covered_places(t: Tournament) -> list[int]:
    """The places the players fill: players sharing a place (OQ-06) fill
    it and the ones after it."""
    by_place: dict[int, int] = {}
    for state in t.players.values():
        assert state.place is not None, state
        by_place[state.place] = by_place.get(state.place, 0) + 1
    return sorted(q + k for q, n in by_place.items() for k in range(n))


# ---------------------------------------------------------------- the pool


def test_the_pool_is_the_confirmed_entries_buy_ins_never_the_fee_nor_the_unconfirmed() -> None:
    t = entered("de-holdem", 0, money("de-holdem", buy_in=100, fee=15), start=False)
    for k in range(1, 7):
        t.register(f"p{k}")
    t.register("p7", confirmed=False)
    t.register("p8", confirmed=False)
    assert (t.paid_entries, t.prize_pool) == (6, 600)  # the fee is the organiser's
    t.confirm("p7")
    assert t.prize_pool == 700
    t.unregister("p1")
    assert t.prize_pool == 600
    assert t.summary()["prize_pool"] == 600 and t.summary()["fee"] == 15


def test_the_guarantee_is_the_least_pool_and_a_fixed_pool_stays_fixed() -> None:
    guaranteed = entered("tda", 5, money(buy_in=100, guarantee=1000), start=False)
    assert guaranteed.prize_pool == 1000
    for k in range(6, 16):
        guaranteed.register(f"p{k}")
    assert guaranteed.prize_pool == 1500
    fixed = entered("tda", 15, money(buy_in=100, prize_pool=5000), start=False)
    assert fixed.prize_pool == 5000  # the director's number, as before buy-ins


def test_an_old_structure_replays_with_no_money_fields() -> None:
    """A Created event written before entries and money: the same pool."""
    old = structure("nm-holdem").to_dict()
    for key in ("fee", "guarantee", "payout_tables", "late_registration_level", "starts_at"):
        old.pop(key)
    restored = Structure.from_dict(old)
    assert restored.payout_tables == () and restored.late_registration_level is None
    t = Tournament.create("t", load_profile("nm-holdem"), restored)
    assert t.prize_pool == 10_000 and t.payout_shares == (40, 25, 15, 12, 8)


# ---------------------------------------------------------------- tables by entries


def test_the_payout_table_follows_the_entries_until_the_start() -> None:
    t = entered("tda", 8, money(buy_in=10, payout_tables=RANGES), start=False)
    assert t.payout_shares == (65, 35)
    for k in range(9, 16):
        t.register(f"p{k}")
    assert t.payout_shares == (50, 30, 20)
    assert [a for a, _ in t.prize_table()] == [75, 45, 30]
    t.draw_seats(random.Random(1).randrange)
    t.start(0.0)
    Player(t, 3).to_the_end()
    prizes = sorted((e.place, e.amount) for e in t.events if isinstance(e, PrizeAwarded))
    assert prizes == [(1, 75), (2, 45), (3, 30)]


@pytest.mark.clause("NM-H-19", "OQ-39")
def test_NM_H_19_every_entry_range_under_nm_holdem_pays_exactly_five() -> None:
    five = (PayoutRange(2, 30, (40, 25, 15, 12, 8)), PayoutRange(31, None, (30, 25, 20, 15, 10)))
    Tournament.create("t", load_profile("nm-holdem"), money("nm-holdem", payout_tables=five))
    with pytest.raises(SetupViolation) as refused:
        Tournament.create("t", load_profile("nm-holdem"), money("nm-holdem", payout_tables=RANGES))
    assert refused.value.clause == "NM-H-19, OQ-39"
    assert refused.value.attempted == [65, 35]


def test_overlapping_or_bad_ranges_are_refused() -> None:
    with pytest.raises(Exception, match="overlap"):
        money(payout_tables=(PayoutRange(2, 10, (100,)), PayoutRange(10, None, (100,))))
    with pytest.raises(Exception, match="add up"):
        money(payout_tables=(PayoutRange(2, None, (60, 30)),))


# ---------------------------------------------------------------- late registration


@pytest.mark.clause("OQ-41")
def test_late_entries_get_a_seat_and_the_stack_until_the_level_then_OQ_41() -> None:
    t = entered("tda", 12, money(buy_in=50, late_registration_level=2))
    events = t.register("late"), *t.seat_late_entry("late", random.Random(2).randrange)
    seat = next(e for e in events if isinstance(e, Seated))
    assert t.players["late"].chips == t.struct.starting_stack
    assert t.tables[seat.table].seats[seat.seat] == "late"
    assert max(len(tb.seats) for tb in t.tables.values()) <= t.struct.table_size
    assert t.prize_pool == 13 * 50 and t.entries == 13
    t.tick(1200.0)  # levels of 600 s: level 3 begins
    assert t.level == 3
    assert t.late_registration_closed
    with pytest.raises(TournamentError) as refused:
        t.register("too late")
    assert refused.value.clause == "OQ-41"
    assert "late registration closed at the end of level 2" in str(refused.value)


@pytest.mark.clause("OQ-41", "DE-SEAT-1")
def test_without_late_registration_entries_close_at_the_seat_draw() -> None:
    t = entered("tda", 4, money())
    with pytest.raises(TournamentError) as refused:
        t.register("late")
    assert refused.value.clause == "OQ-41, DE-SEAT-1"


def test_a_late_entry_when_every_table_is_full_opens_one_and_tables_balance() -> None:
    t = entered("tda", 6, money(late_registration_level=3))
    assert [len(tb.seats) for tb in t.tables.values()] == [6]
    t.register("late")
    t.seat_late_entry("late", random.Random(1).randrange)
    counts = sorted(len(tb.seats) for tb in t.tables.values() if tb.seats)
    assert counts == [3, 4]  # difference-of-two balancing (DE-BALANCE-*)
    assert sum(counts) == t.alive == 7


def test_places_of_players_out_during_late_registration_count_from_the_final_field() -> None:
    t = entered("tda", 6, money(buy_in=100, late_registration_level=2, payout_tables=RANGES))
    table = next(iter(t.tables))
    spec, _ = settle(t, table)
    seats = list(spec.players)
    _, events = settle(t, table, lambda s: bust(s, [seats[0]], seats[1]))
    out = next(e for e in events if isinstance(e, Eliminated))
    assert not any(isinstance(e, PrizeAwarded) for e in events)  # not final yet
    for k in range(1, 6):
        t.register(f"late{k}")
        t.seat_late_entry(f"late{k}", random.Random(k).randrange)
    t.tick(1200.0)  # level 3: late registration is over
    closed = next(e for e in t.events if isinstance(e, LateRegistrationClosed))
    assert closed.places == {out.player: 11}  # last of eleven
    assert t.players[out.player].place == 11
    Player(t, 5).to_the_end()
    assert covered_places(t) == list(range(1, 12))  # every place once
    prizes = sorted((e.place, e.amount) for e in t.events if isinstance(e, PrizeAwarded))
    assert prizes == [(1, 550), (2, 330), (3, 220)]  # 11 entries: 50/30/20 of 1100
    replays_the_same(t)


def test_a_tournament_over_during_late_registration_places_everyone() -> None:
    t = entered("tda", 3, money(buy_in=10, late_registration_level=50))
    Player(t, 2).to_the_end()
    assert t.status == "finished"
    assert covered_places(t) == [1, 2, 3]
    assert any(isinstance(e, LateRegistrationClosed) for e in t.events)


# ---------------------------------------------------------------- re-entry


def _bust_one(t: Tournament) -> str:
    table = next(n for n, tb in t.tables.items() if len(tb.seats) >= 2)
    settle(t, table)
    _, events = settle(t, table, lambda s: bust(s, [s.players[0]], s.players[1]))
    return next(e.player for e in events if isinstance(e, Eliminated))


def test_a_busted_player_re_enters_with_a_new_stack_and_pays_into_the_pool() -> None:
    t = entered("tda", 6, money(buy_in=100, late_registration_level=2))
    player = _bust_one(t)
    assert t.players[player].status == "out"
    events = t.re_enter(player, random.Random(3).randrange)
    assert isinstance(events[0], ReEntered) and events[0].entry == 2
    state = t.players[player]
    assert (state.status, state.chips, state.place, state.entries) == (
        "playing",
        t.struct.starting_stack,
        None,
        2,
    )
    assert (t.entries, t.paid_entries, t.prize_pool) == (7, 7, 700)
    Player(t, 9).to_the_end()
    assert covered_places(t) == [1, 2, 3, 4, 5, 6]
    replays_the_same(t)


@pytest.mark.clause("OQ-41")
@pytest.mark.parametrize("profile", ["nm-draw", "nm-holdem"])
def test_OQ_41_the_nm_freeze_outs_refuse_re_entry(profile: str) -> None:
    prof = load_profile(profile)
    t = entered(profile, prof.table_min * 2, money(profile, late_registration_level=3))
    player = _bust_one(t)
    with pytest.raises(TournamentError) as refused:
        t.re_enter(player, random.Random(1).randrange)
    assert refused.value.clause == "OQ-41"
    assert not t.can_re_enter(player)


@pytest.mark.clause("OQ-68")
def test_OQ_68_de_holdem_refuses_re_entry_unless_the_organiser_switches_it_on() -> None:
    t = entered("de-holdem", 6, money("de-holdem", late_registration_level=3))
    player = _bust_one(t)
    with pytest.raises(TournamentError) as refused:
        t.re_enter(player, random.Random(1).randrange)
    assert refused.value.clause == "OQ-68"
    switched = with_changes(load_profile("de-holdem"), re_entry=True)
    t = Tournament.create("t", switched, money("de-holdem", late_registration_level=3))
    for k in range(1, 7):
        t.register(f"p{k}")
    t.draw_seats(random.Random(1).randrange)
    t.start(0.0)
    player = _bust_one(t)
    t.re_enter(player, random.Random(1).randrange)
    assert t.players[player].status == "playing"


@pytest.mark.clause("OQ-41")
def test_re_entry_after_late_registration_or_while_playing_is_refused() -> None:
    t = entered("tda", 6, money(late_registration_level=1))
    player = _bust_one(t)
    with pytest.raises(TournamentError, match="only a player out of chips"):
        t.re_enter("p1" if player != "p1" else "p2", random.Random(1).randrange)
    t.tick(600.0)
    with pytest.raises(TournamentError) as refused:
        t.re_enter(player, random.Random(1).randrange)
    assert refused.value.clause == "OQ-41"
