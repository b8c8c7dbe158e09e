"""The time bank (issue 11): once the action clock has run out (OQ-63), a
player draws on his bank for the whole tournament; what he uses, in whole
seconds begun, is an event, so a replay knows what is left.  No profile
gives one (the rulebooks know only the clock, DE-TIME-2, OQ-42): the
director sets it; these tests set 60 s unless they say otherwise."""

from __future__ import annotations

import dataclasses
import random

import pytest

from floorman.dealing import seeded_randbelow
from floorman.engine.actions import Action
from floorman.engine.cards import shuffled_deck
from floorman.profiles import load_profile
from floorman.sim.driver import DrivenTable, TableDriver
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.events import TimeBankUsed
from floorman.tournament.structure import Structure


def table_of_people(
    profile: str, bank: int | None = 60
) -> tuple[Tournament, TableDriver, DrivenTable]:
    rules = load_profile(profile)
    structure = dataclasses.replace(Structure.default(rules), time_bank_seconds=bank)
    t = Tournament.create("bank", rules, structure)
    for k in range(1, 5):
        t.register(f"p{k}", f"Player {k}")
    t.draw_seats(seeded_randbelow(2))
    t.start(0.0)
    rng = random.Random(4)
    driver = TableDriver(
        t,
        {},
        rng=rng,
        randbelow=rng.randrange,
        deck=lambda: shuffled_deck(rng.randrange),
        action_seconds=30,
    )
    table = DrivenTable(1)
    driver.deal(table)
    return t, driver, table


def first_turn(driver: TableDriver, table: DrivenTable) -> tuple[int, str]:
    step = driver.step(table, 0.0)
    assert step.kind == "clock" and step.seat is not None
    assert table.deadline == 30.0
    hand = table.hand
    assert hand is not None
    return step.seat, hand.players[hand.position[step.seat]]


@pytest.mark.clause("DE-TIME-2", "OQ-42", "OQ-63")
def test_the_profiles_banks() -> None:
    """The rulebooks know a clock, no bank: none by default (issue 18)."""
    assert load_profile("de-holdem").time_bank_seconds == 0
    assert load_profile("nm-holdem").time_bank_seconds == 0
    assert load_profile("nm-draw").time_bank_seconds == 0


@pytest.mark.clause("OQ-63")
def test_OQ_63_the_bank_begins_when_the_clock_runs_out_and_charges_what_was_used() -> None:
    t, driver, table = table_of_people("de-holdem")
    seat, player = first_turn(driver, table)
    assert t.time_bank_left(player) == 60
    assert not driver.clock_ran_out(table, seat, 29.9)
    # the 30 s clock ends: the bank begins, the deadline moves by all of it
    assert not driver.clock_ran_out(table, seat, 30.0)
    assert table.bank_from == 30.0 and table.deadline == 90.0
    assert not driver.clock_ran_out(table, seat, 41.0)
    driver.act(table, seat, Action("fold"))
    driver.turn_taken(table, seat, 41.2)  # 11.2 s into the bank: 12 begun
    assert t.time_bank_left(player) == 48
    used = [e for e in t.events if isinstance(e, TimeBankUsed)]
    assert [(e.player, e.seconds) for e in used] == [(player, 12)]
    assert Tournament.replay(t.events).time_bank_left(player) == 48
    assert table.deadline is None and table.bank_from is None


@pytest.mark.clause("DE-TIME-4")
def test_DE_TIME_4_once_the_bank_is_spent_the_clock_checks_or_folds() -> None:
    t, driver, table = table_of_people("de-holdem", bank=20)
    seat, player = first_turn(driver, table)
    assert not driver.clock_ran_out(table, seat, 30.0)
    assert driver.clock_ran_out(table, seat, 50.0)
    driver.time_out(table, seat)
    assert t.time_bank_left(player) == 0
    hand = table.hand
    assert hand is not None and hand.actor != seat
    assert hand.folded[hand.position[seat]]  # facing the big blind: a fold (DE-TIME-4)


@pytest.mark.clause("OQ-42")
def test_OQ_42_no_bank_under_nm_holdem_unless_the_director_sets_one() -> None:
    t, driver, table = table_of_people("nm-holdem", bank=None)
    seat, player = first_turn(driver, table)
    assert t.time_bank_left(player) == 0
    assert driver.clock_ran_out(table, seat, 30.0)  # straight to the time-out
    t2, driver2, table2 = table_of_people("nm-holdem", bank=45)
    seat2, player2 = first_turn(driver2, table2)
    assert t2.time_bank_left(player2) == 45
    assert not driver2.clock_ran_out(table2, seat2, 30.0)
    assert table2.deadline == 75.0


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_a_pause_holds_the_bank_where_it_stood() -> None:
    """NM-D-1G, OQ-03: the director's pause stops every clock, the bank too."""
    t, driver, table = table_of_people("de-holdem")
    seat, player = first_turn(driver, table)
    driver.clock_ran_out(table, seat, 30.0)  # into the bank
    t.pause(40.0)
    driver.hold_clock(table)
    assert table.remaining == 50.0 and table.bank_from is None
    t.resume(100.0)
    driver.release_clock(table, 100.0)
    assert table.deadline == 150.0 and table.bank_from == 90.0
    driver.act(table, seat, Action("fold"))
    driver.turn_taken(table, seat, 105.0)  # 10 s before the pause, 5 after
    assert t.time_bank_left(player) == 45


def test_the_bank_cannot_be_overdrawn() -> None:
    t, driver, table = table_of_people("de-holdem")
    _, player = first_turn(driver, table)
    with pytest.raises(TournamentError) as refused:
        t.use_time_bank(player, 61)
    assert refused.value.clause == "DE-TIME-1, OQ-63"
    assert refused.value.allowed == (1, 60)
    assert not t.can_use_time_bank(player, 0)
    assert t.can_use_time_bank(player, 60)
    assert t.time_bank_left(player) == 60  # the refusals took nothing


def test_a_player_who_acts_in_his_bank_is_charged_by_the_service() -> None:
    """Through the running service, on a fake clock: 30 s clock, 60 s bank
    (de-holdem), the player acts 7.5 s into the bank; the frame shows it."""
    import asyncio

    from tests.helpers.clock import FakeClock, until
    from tests.test_server_director import settle_loop, two_humans

    async def scenario() -> None:
        clock = FakeClock()
        service, _, _ = two_humans(clock, "de-holdem", time_bank_seconds=60)
        service.start()
        table = await until(
            lambda: service.tables.get(1) and service.tables[1].deadline and service.tables[1]
        )
        hand = table.hand
        actor = hand.actor
        player = hand.players[hand.position[actor]]
        clock.t += 31
        await settle_loop(service)
        assert table.bank_from == pytest.approx(clock.t - 1)  # the clock ended 1 s ago
        frame = service.table_view(1, player)
        assert frame["timer"]["in_bank"] is True and frame["timer"]["bank_left"] == 60
        clock.t += 6.5
        service.submit(player, {"action": "fold"})
        assert service.tournament.time_bank_left(player) == 52  # 7.5 s: 8 begun
        assert not [e for e in service.tournament.events if e.kind == "timed_out"]
        await service.shutdown()

    asyncio.run(scenario())
