"""The announced prizes always add up to the pool (issue 26, OQ-69).

When fewer places can be filled than the payout table has, the shares of
the places nobody can finish in are shared out among the places that can
be paid, in proportion to their own shares, the units left over to 1st.
For every profile, every number of entries from 1 to beyond the largest
table, with buy-ins alone, a guarantee above them, a guarantee below them
and a fixed pool: the prizes announced (the details' ``prizes``), the
prizes paid (``PrizeAwarded``) and the pool are the same sum, to the unit.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from floorman.profiles import load_profile
from floorman.tournament.core import Tournament
from floorman.tournament.events import PrizeAwarded
from floorman.tournament.money import PayoutRange
from floorman.tournament.prizes import prize_table
from floorman.tournament.structure import Structure
from tests.helpers.tournament import (
    Player,
    assert_places_complete,
    bust,
    events_of,
    seated,
    settle,
    structure,
)

PROFILES = ["nm-draw", "nm-holdem", "de-holdem", "tda", "phh-nt"]
#: buy-in, guarantee, fixed pool, payout unit: buy-ins alone, a guarantee
#: the entries do not reach (50,000), one they pass (500), a fixed pool (not
#: a round sum), and prizes rounded down to 50 (OQ-69)
MONEY = {
    "buy-ins": (150, 0, 0, 1),
    "guarantee-50000": (150, 50_000, 0, 1),
    "guarantee-500": (150, 500, 0, 1),
    "fixed-10001": (0, 0, 10_001, 1),
    "fixed-10001-rounded-50": (0, 0, 10_001, 50),
    "buy-ins-rounded-50": (150, 0, 0, 50),
}
#: the largest table pays 7 places (5 under nm-holdem, NM-H-19); up to 10 entries
MOST_ENTRIES = 10


def money_structure(profile: str, money: str) -> Structure:
    buy_in, guarantee, fixed, unit = MONEY[money]
    ranges: tuple[PayoutRange, ...]
    if profile == "nm-holdem":  # exactly five places in every table (NM-H-19)
        ranges = (PayoutRange(1, 6, (50, 20, 15, 10, 5)), PayoutRange(7, None, (40, 25, 15, 12, 8)))
    else:
        ranges = (
            PayoutRange(1, 3, (65, 35)),
            PayoutRange(4, 7, (40, 25, 15, 12, 8)),
            PayoutRange(8, None, (30, 20, 15, 12, 10, 8, 5)),
        )
    return dataclasses.replace(
        structure(profile, prize_pool=fixed),
        buy_in=buy_in,
        guarantee=guarantee,
        payout_tables=ranges,
        payout_unit=unit,
    )


def registered(profile: str, money: str, entries: int) -> Tournament:
    t = Tournament.create("t", load_profile(profile), money_structure(profile, money))
    for k in range(1, entries + 1):
        t.register(f"p{k}", f"Player {k}")
    return t


def announced(t: Tournament) -> list[int]:
    return [amount for amount, _ in t.prize_table()]


@pytest.mark.clause("OQ-69", "OQ-39", "NM-H-19", "OQ-68")
@pytest.mark.parametrize("money", list(MONEY))
@pytest.mark.parametrize("profile", PROFILES)
def test_OQ_69_announced_and_paid_prizes_add_up_to_the_pool_for_every_entry_count(
    profile: str, money: str
) -> None:
    """From 1 entry (nobody to play: the announcement alone) to 10, past
    the largest table: announced == paid == pool, no place paid more than
    the one above it, and no more places announced than can be filled."""
    for entries in range(1, MOST_ENTRIES + 1):
        t = registered(profile, money, entries)
        pool = t.prize_pool
        buy_in, guarantee, fixed, unit = MONEY[money]
        assert pool == (fixed or max(guarantee, buy_in * entries))
        before = announced(t)
        assert sum(before) == pool, (entries, before)
        assert all(amount % unit == 0 for amount in before[1:]), before
        assert len(before) == min(entries, len(t.payout_shares))
        assert before == sorted(before, reverse=True), before
        if entries < 2:
            continue  # no tournament with one player (OQ-41): the announcement is all
        t.draw_seats(random.Random(entries).randrange)
        t.start(0.0)
        Player(t, seed=entries).to_the_end()
        assert t.status == "finished"
        assert_places_complete(t)
        awards = events_of(t.events, PrizeAwarded)
        paid = sum(e.amount for e in awards)
        assert all(e.amount % unit == 0 for e in awards if e.place > 1 and e.amount), awards
        assert paid == sum(p.prize for p in t.players.values()) == pool, (entries, paid)
        assert sum(announced(t)) == pool


@pytest.mark.clause("OQ-69", "OQ-39")
def test_OQ_69_the_issues_figures_are_paid_in_full() -> None:
    """The figures of issue 26: 50,000 guaranteed with one entry announced
    20,000 (40 % to 1st) and with two 32,500; three entries of 1,000
    without a guarantee paid 2,400 of 3,000; four with a 5,000 guarantee
    4,600.  Now the whole pool, in the ratio of the places that can be paid."""
    s = structure("tda", prize_pool=0)  # the placeholder table 40/25/15/12/8 (OQ-39)
    guaranteed = dataclasses.replace(s, guarantee=50_000)
    assert prize_table(guaranteed, 1, pool=50_000) == [(50_000, 100.0)]
    # 40:25 of 50,000 = 30,769.2 and 19,230.7: the unit left over to 1st
    assert prize_table(guaranteed, 2, pool=50_000) == [(30_770, 61.5385), (19_230, 38.4615)]
    assert prize_table(s, 3, pool=3_000) == [(1_501, 50.0), (937, 31.25), (562, 18.75)]
    four = prize_table(s, 4, pool=5_000)
    assert [a for a, _ in four] == [2_175, 1_358, 815, 652] and sum(a for a, _ in four) == 5_000


@pytest.mark.clause("OQ-69", "OQ-06")
def test_OQ_69_players_sharing_places_split_them_and_the_pool_stays_whole() -> None:
    """Places shared (OQ-06) past the last that can be paid still share
    what the table pays: the sum stays the pool."""
    from floorman.tournament.prizes import shared_prizes

    s = structure("tda", prize_pool=1_001)
    table = prize_table(s, 3)
    split = shared_prizes(table, 2, ["a", "b"])
    assert [amount for _, amount, _ in split] == [
        (table[1][0] + table[2][0]) - (table[1][0] + table[2][0]) // 2,
        (table[1][0] + table[2][0]) // 2,
    ]
    assert table[0][0] + sum(amount for _, amount, _ in split) == 1_001


@pytest.mark.clause("OQ-69", "NM-D-1C", "OQ-39")
def test_OQ_69_a_disqualified_entry_fills_no_place_and_the_pool_stays_whole() -> None:
    """Four entrants, 10,000 under 40/25/15/12/8: d is out 4th (12 of
    40:25:15:12), then a is disqualified (no place, no prize, NM-D-1C).
    Three places can be filled: d moves up to 3rd and is paid 3rd's share of
    40:25:15 instead, then b
    goes out 2nd and c wins: 5,000 + 3,125 + 1,875, the whole pool."""
    t = seated("nm-holdem", {1: {1: "a", 2: "b", 3: "c", 4: "d"}})
    settle(t, 1, lambda spec: bust(spec, ["d"], "c"))
    assert (t.players["d"].place, t.players["d"].prize) == (4, 1_304)  # 12 of 92
    t.disqualify("a", "NM-D-1C", "gift to c")
    assert (t.players["d"].place, t.players["d"].prize) == (3, 1_875)
    settle(t, 1, lambda spec: bust(spec, ["b"], "c"))
    assert t.status == "finished"
    prizes = {p.player: (p.place, p.prize) for p in t.players.values()}
    assert prizes == {"a": (None, 0), "b": (2, 3_125), "c": (1, 5_000), "d": (3, 1_875)}
    assert sum(p.prize for p in t.players.values()) == t.prize_pool == 10_000
    again = Tournament.replay(t.events)
    assert {p.player: (p.place, p.prize) for p in again.players.values()} == prizes
