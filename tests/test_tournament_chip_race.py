"""The chip race when the smallest chip leaves play (OQ-72): one card per
odd small chip, the highest cards win the race chips (one each at most),
nobody is raced out; the profile's switch colours up by rounding instead."""

from __future__ import annotations

import random

import pytest

from floorman.engine.profile import with_changes
from floorman.tournament.chip_race import race_table
from floorman.tournament.core import TournamentError
from floorman.tournament.events import ChipRace
from tests.helpers.tournament import assert_replay_equal, rules, seated, structure

FOUR = {1: {1: "a", 2: "b", 3: "c", 4: "d"}}


def racing(profile: str = "de-holdem", colour_up: str = "race"):  # type: ignore[no-untyped-def]
    """Antes 25, 50, 100 (blinds 25/50 first, then 50/100): the 25 chip is
    not needed from level 2 on.  The director's corrections set the stacks
    to 1,025 / 975 / 1,000 / 25."""
    prof = with_changes(rules(profile), colour_up=colour_up)
    t = seated(
        prof,
        FOUR,
        struct=structure(prof, antes=(25, 50, 100), starting_stack=1000),
    )
    for player, chips in {"a": 1025, "b": 975, "c": 1000, "d": 25}.items():
        t.override_chips(player, chips, "set up")
    return t


@pytest.mark.clause("OQ-72")
def test_OQ_72_the_highest_cards_win_the_race_chips_one_each() -> None:
    """Two racers with one odd 25 chip each: 50 in odd chips is one 50 chip,
    won by the higher card; d's 25 was all he had: he is given a 50 and
    does not race (nobody is raced out)."""
    after, cards = race_table(
        {"a": 1025, "b": 975, "c": 1000, "d": 25}, 25, 50, "race", random.Random(3).randrange
    )
    assert set(cards) == {"a", "b"} and all(len(c.split()) == 1 for c in cards.values())
    ranks = "23456789TJQKA"
    suits = "cdhs"
    key = {p: (ranks.index(c[0]), suits.index(c[1])) for p, c in cards.items()}
    winner = max(key, key=key.__getitem__)
    loser = ({"a", "b"} - {winner}).pop()
    base = {"a": 1000, "b": 950}
    assert after[winner] == base[winner] + 50 and after[loser] == base[loser]
    assert after["d"] == 50 and "c" not in after


@pytest.mark.clause("OQ-72")
def test_OQ_72_three_odd_chips_race_for_the_nearest_number_of_big_chips() -> None:
    """Odd chips worth 75 (three 25s) are 1.5 chips of 50: rounded, two 50
    chips go to the two highest cards, one each; nobody wins two."""
    after, cards = race_table(
        {"a": 1025, "b": 1025, "c": 1025, "e": 1000}, 25, 50, "race", random.Random(5).randrange
    )
    assert sorted(after.values()) == [1000, 1050, 1050] and set(after) == {"a", "b", "c"}
    loser = next(p for p, chips in after.items() if chips == 1000)
    ranks = "23456789TJQKA"
    assert all(
        (ranks.index(cards[loser][0]), "cdhs".index(cards[loser][1]))
        < (ranks.index(cards[p][0]), "cdhs".index(cards[p][1]))
        for p in after
        if p != loser
    )


@pytest.mark.clause("OQ-72")
def test_OQ_72_the_tournament_races_off_between_hands_and_logs_the_cards() -> None:
    t = racing()
    assert t.race_chips() == (25, 50)
    [race] = t.race_off(random.Random(7).randrange)
    assert isinstance(race, ChipRace) and (race.chip, race.unit, race.method) == (25, 50, "race")
    assert race.clause == "OQ-72" and race.table == 1 and set(race.cards) == {"a", "b"}
    assert all(t.players[p].chips % 50 == 0 for p in "abcd")
    assert t.players["d"].chips == 50  # not raced out
    assert sum(t.players[p].chips for p in "abcd") == 3050  # 50 in odd chips, one 50 won
    with pytest.raises(TournamentError, match="nothing to colour up") as refused:
        t.race_off(random.Random(7).randrange)
    assert refused.value.clause == "OQ-72"
    assert_replay_equal(t)


@pytest.mark.clause("OQ-72")
def test_OQ_72_no_race_while_a_hand_is_played() -> None:
    t = racing()
    t.begin_hand(1, random.Random(1).randrange)
    with pytest.raises(TournamentError, match="table 1 is playing a hand") as refused:
        t.race_off(random.Random(7).randrange)
    assert refused.value.clause == "OQ-72"


@pytest.mark.clause("OQ-72")
def test_OQ_72_the_round_up_switch_colours_each_players_odd_chips_up() -> None:
    t = racing(colour_up="round-up")
    [event] = t.race_off(random.Random(7).randrange)
    assert event.method == "round-up" and event.cards == {}
    assert {p: t.players[p].chips for p in "abcd"} == {"a": 1050, "b": 1000, "c": 1000, "d": 50}
