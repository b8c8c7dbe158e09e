"""Clauses the engine implemented without a test naming them (issue 9: every
clause has a status).  Each test names the clause it proves; the registry
(src/floorman/rules/registry.toml) lists these files for them."""

from __future__ import annotations

import pytest

from floorman.engine.actions import KINDS
from floorman.engine.cards import parse_cards
from floorman.engine.errors import OutOfTurn
from floorman.engine.events import BetOrRaised
from floorman.engine.holdem import HoldemHand
from floorman.profiles import load_profile, profile_names
from floorman.tournament.events import TableBroken
from tests.helpers.holdem import start
from tests.helpers.tournament import bust, events_of, seated, settle, table_counts


def _calls_and_checks(hand: HoldemHand, street: int) -> None:
    while hand.street == street and hand.phase == "betting" and hand.actor is not None:
        hand.check_or_call(hand.actor)


@pytest.mark.clause("DE-ROUND2-3", "DE-ROUND3-2")
def test_DE_ROUND2_3_DE_ROUND3_2_turn_and_river_one_card_each() -> None:
    """DE-ROUND2-3: after the second round the fourth board card (the turn);
    DE-ROUND3-2: after the third the fifth (the river); DE-COMMUNITY-1:
    every player uses the same board cards."""
    hand = start("de-holdem", [100] * 3, board="2c7d9hTsKc", auto_showdown=False)
    _calls_and_checks(hand, 0)
    assert hand.board == parse_cards("2c7d9h")
    _calls_and_checks(hand, 1)
    assert hand.street == 2 and hand.board == parse_cards("2c7d9hTs")
    _calls_and_checks(hand, 2)
    assert hand.street == 3 and hand.board == parse_cards("2c7d9hTsKc")


@pytest.mark.clause("DE-ROUND3-1", "DE-ROUND4-1")
def test_DE_ROUND3_1_DE_ROUND4_1_later_rounds_go_as_the_second() -> None:
    """DE-ROUND3-1, DE-ROUND4-1: the third and fourth rounds go as the
    second (DE-ROUND2-1/2): the first active player left of the button
    starts and may check or bet."""
    hand = start("de-holdem", [100] * 3, board="2c7d9hTsKc", auto_showdown=False)
    _calls_and_checks(hand, 0)
    firsts = []
    for street in (1, 2, 3):
        assert hand.street == street
        legal = hand.legal_actions()
        assert legal is not None and legal.can_check and legal.call_amount == 0
        firsts.append(hand.actor)
        hand.bet_or_raise_to(hand.actor, 4)
        _calls_and_checks(hand, street)
    assert firsts == [1, 1, 1]  # seat 3 has the button: seat 1 starts every round


@pytest.mark.clause("DE-COMMUNITY-1")
def test_DE_COMMUNITY_1_the_board_plays_for_everyone() -> None:
    """DE-COMMUNITY-1: a straight on the board is every player's hand."""
    hand = start("de-holdem", [100, 100], holes=["2c2d", "3h4h"], board="9sTdJcQhKs")
    hand.bet_or_raise_to(2, 100)
    hand.call(1)
    assert hand.is_complete and list(hand.final_stacks or ()) == [100, 100]


@pytest.mark.clause("DE-TIME-2")
def test_DE_TIME_2_the_german_clock_is_thirty_seconds() -> None:
    """DE-TIME-2: half a minute once a seated player calls the clock; until
    then a reasonable time (DE-TIME-1), longer than the clock."""
    profile = load_profile("de-holdem")
    assert profile.clock_seconds == 30 and profile.action_seconds > 30


@pytest.mark.clause("OQ-48")
def test_OQ_48_every_rulebook_plays_no_limit() -> None:
    """OQ-48: no-limit, the only structure the German rules name (and NM-H-5)."""
    for name in ("nm-holdem", "de-holdem", "tda"):
        assert load_profile(name).betting == "no-limit"


@pytest.mark.clause("OQ-02")
def test_OQ_02_separate_profiles_per_rulebook() -> None:
    """OQ-02: the Norwegian and German rules are separate profiles."""
    assert {"nm-draw", "nm-holdem", "de-holdem"} <= set(profile_names())
    books = {name: load_profile(name).rulebook for name in ("nm-draw", "nm-holdem", "de-holdem")}
    assert books == {"nm-draw": "NM-D", "nm-holdem": "NM-H", "de-holdem": "DE"}


@pytest.mark.clause("OQ-34", "NM-H-14")
def test_OQ_34_no_action_divides_a_pot_by_agreement() -> None:
    """OQ-34 (with NM-H-14): there is no action to split or chop a pot."""
    assert not {"chop", "split", "deal", "agree_split"} & set(KINDS)


@pytest.mark.clause("OQ-37")
def test_OQ_37_holdem_does_not_break_a_table_at_two_players() -> None:
    """OQ-37: NM-D-1B (break a table down to 2) is a draw rule; in hold'em
    NM-H-16/17 govern, so no table is broken citing NM-D-1B."""
    t = seated("nm-holdem", {tb: {s: f"t{tb}s{s}" for s in range(1, 11)} for tb in (1, 2, 3)})

    def result(spec):  # type: ignore[no-untyped-def]
        return bust(spec, list(spec.players[2:]), spec.players[0])

    _, events = settle(t, 3, result)  # table 3 is down to 2 players with chips
    assert not any("NM-D-1B" in b.clause for b in events_of(events, TableBroken))
    assert sum(table_counts(t).values()) == 22


@pytest.mark.clause("DE-INTURN-1")
def test_DE_INTURN_1_an_action_taken_in_turn_is_binding() -> None:
    """DE-INTURN-1: what a player declares in his turn stands.  It is in the
    hand's log at once and the turn has passed: a second thought (a smaller
    raise, a fold) is out of turn and changes nothing, and no action takes
    one back."""
    hand = start("de-holdem", [100] * 3)
    hand.bet_or_raise_to(3, 6)
    assert hand.events[-1] == BetOrRaised(seat=3, to=6) and hand.actor == 1
    before, logged = hand.snapshot(), len(hand.events)
    for second_thought in (lambda: hand.bet_or_raise_to(3, 4), lambda: hand.fold(3)):
        with pytest.raises(OutOfTurn):
            second_thought()
    assert hand.snapshot() == before and len(hand.events) == logged
    assert hand.bets[hand.position[3]] == 6
    assert not {"undo", "take_back", "retract", "cancel"} & set(KINDS)
