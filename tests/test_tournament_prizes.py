"""The prize rule as profile data (issue 9): nm-holdem pays exactly the first
five places (NM-H-19, OQ-39, OQ-40), the other profiles take the
organiser's table of any length (OQ-39 for the draw event, OQ-68), and
with fewer entrants than paid places the places that can be filled share
the whole pool in the ratio of their shares (OQ-69)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from floorman.engine.errors import ProfileError, RuleViolation, SetupViolation
from floorman.engine.profile import with_changes
from floorman.tournament.core import Tournament
from floorman.tournament.events import PrizeAwarded
from floorman.tournament.structure import DEFAULT_PAYOUT_SHARES, Structure
from tests.helpers.tournament import (
    Player,
    assert_places_complete,
    assert_replay_equal,
    events_of,
    new_tournament,
    rules,
    structure,
)

WRONG_LENGTHS = [(100,), (60, 40), (40, 30, 20, 10), (30, 20, 15, 15, 10, 10), (10,) * 10]


@pytest.mark.clause("NM-H-19", "OQ-39", "OQ-40")
@pytest.mark.parametrize("shares", WRONG_LENGTHS, ids=lambda s: f"{len(s)}-places")
def test_NM_H_19_nm_holdem_refuses_a_payout_table_of_any_other_length(
    shares: tuple[int, ...],
) -> None:
    """NM-H-19 "the 5 best are awarded prizes": under nm-holdem a table of
    1, 2, 4, 6 or 10 places is refused at creation, by a typed error that
    names the clause, the table and what is allowed."""
    profile = rules("nm-holdem")
    s = structure(profile, payout_shares=shares)
    with pytest.raises(SetupViolation) as refused:
        Tournament.create("t", profile, s)
    error = refused.value
    assert isinstance(error, RuleViolation) and isinstance(error, ProfileError)
    assert error.clause == "NM-H-19, OQ-39"
    assert error.attempted == list(shares)
    assert error.allowed == "5 places"
    assert f"a payout table of {len(shares)} places is refused" in str(error)
    assert "nm-holdem pays exactly the first 5 places" in str(error)
    with pytest.raises(SetupViolation, match=r"\[NM-H-19, OQ-39\]"):
        Structure.default(profile, payout_shares=shares)


@pytest.mark.clause("OQ-39", "OQ-68")
@pytest.mark.parametrize("name", ["nm-draw", "de-holdem", "tda"])
@pytest.mark.parametrize("shares", WRONG_LENGTHS, ids=lambda s: f"{len(s)}-places")
def test_OQ_39_OQ_68_other_profiles_take_a_table_of_any_length(
    name: str, shares: tuple[int, ...]
) -> None:
    """nm-draw: top 5 by default "unless told otherwise" (OQ-39); de-holdem
    and tda: organiser-supplied payouts (OQ-68)."""
    profile = rules(name)
    t = Tournament.create("t", profile, structure(profile, payout_shares=shares))
    assert t.struct.payout_shares == shares
    assert Structure.default(profile, payout_shares=shares).payout_shares == shares


def test_NM_H_19_the_prize_rule_is_the_profiles_data() -> None:
    """The fixed length is read from ``paid_places``: a profile that pays
    three places refuses five, and without a table of its length gets no
    invented one (OQ-39)."""
    three = with_changes(rules("nm-holdem"), paid_places=3)
    Tournament.create("t", three, structure(three, payout_shares=(50, 30, 20)))
    with pytest.raises(SetupViolation, match="exactly the first 3 places"):
        Tournament.create("t", three, structure(three, payout_shares=DEFAULT_PAYOUT_SHARES))
    with pytest.raises(ProfileError, match="give a payout table"):
        Structure.default(three)
    loose = with_changes(rules("nm-holdem"), paid_places_fixed=False)
    Tournament.create("t", loose, structure(loose, payout_shares=(60, 40)))
    with pytest.raises(ProfileError, match=r"paid_places must be at least 1 \(NM-H-19\)"):
        with_changes(rules("nm-holdem"), paid_places=0)


def test_NM_H_19_is_checked_at_creation_and_stored_logs_still_replay() -> None:
    """The rule refuses a new tournament; a log recorded before it (events
    are the truth, the services restart from them) is replayed as it was."""
    profile = rules("nm-holdem")
    six = structure(profile, payout_shares=(30, 20, 15, 15, 10, 10))
    with pytest.raises(SetupViolation):
        Tournament.create("t", profile, six)
    created = Tournament.create("t", profile, structure(profile)).events[0]
    old = replace(created, structure=six.to_dict())
    assert Tournament.replay([old]).struct.payout_shares == six.payout_shares


@pytest.mark.clause("OQ-39", "OQ-68")
@pytest.mark.parametrize("name", ["nm-draw", "de-holdem"])
def test_OQ_39_a_six_place_table_pays_six_places_where_allowed(name: str) -> None:
    shares = (30, 20, 15, 15, 10, 10)
    profile = rules(name)
    t = new_tournament(profile, 12, seed=4, struct=structure(profile, payout_shares=shares))
    Player(t, seed=4).to_the_end()
    assert_places_complete(t)
    prizes = events_of(t.events, PrizeAwarded)
    assert sum(e.amount for e in prizes) == t.struct.prize_pool
    assert {p.player for p in t.players.values() if p.prize} == {
        p.player
        for p in t.players.values()
        if p.place <= 6  # type: ignore[operator]
    }
    assert_replay_equal(t)


@pytest.mark.clause("OQ-69", "OQ-39")
@pytest.mark.parametrize("entrants", [2, 3, 4])
@pytest.mark.parametrize("name", ["nm-holdem", "nm-draw"])
def test_OQ_69_fewer_entrants_than_paid_places_share_the_whole_pool(
    name: str, entrants: int
) -> None:
    """OQ-69: with fewer than five entrants the places that can be filled
    are paid the whole pool in the ratio of their own shares (four
    entrants: 40:25:15:12 of it), the units left over to 1st; nothing is
    paid past the last place an entrant can fill."""
    profile = rules(name)
    t = new_tournament(profile, entrants, seed=7)
    Player(t, seed=7).to_the_end()
    assert_places_complete(t)
    pool = t.struct.prize_pool
    shares = DEFAULT_PAYOUT_SHARES[:entrants]
    expected = [pool * s // sum(shares) for s in shares]
    expected[0] += pool - sum(expected)
    paid = {
        p.place: (p.prize, e.percent)
        for p in t.players.values()
        for e in events_of(t.events, PrizeAwarded)
        if e.player == p.player and p.shared == 1
    }
    assert all(p.shared == 1 for p in t.players.values())  # seeded: nobody shares
    assert paid == {
        k: (expected[k - 1], round(100 * shares[k - 1] / sum(shares), 4))
        for k in range(1, entrants + 1)
    }
    assert sum(e.amount for e in events_of(t.events, PrizeAwarded)) == pool
    assert all(e.place <= entrants for e in events_of(t.events, PrizeAwarded))
    assert_replay_equal(t)
