"""Deals over the prize money left (OQ-34, OQ-73): off unless the organiser
allows them; a chip chop and an ICM chop (Malmuth–Harville) in whole units
that add up to the money left; each player agrees; the deal made ends play
and the results show it."""

from __future__ import annotations

import dataclasses
import itertools
import random
from fractions import Fraction

import pytest

from floorman.tournament.chops import chip_chop, icm_chop, icm_equities, in_payout_units
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.events import DealAgreed, DealMade, DealProposed, DealWithdrawn
from tests.helpers.tournament import assert_replay_equal, seated, settle, structure

THREE = {1: {1: "a", 2: "b", 3: "c"}}


def three_handed(profile: str = "nm-holdem", **changes: object) -> Tournament:
    """Three players left of a pool of 10,000 paying 50/30/20 %, with deals
    allowed unless ``changes`` say otherwise, the stacks 5,000/3,000/2,000."""
    paid = structure(profile, payout_shares=(50, 30, 20), prize_pool=10_000)
    paid = dataclasses.replace(paid, **{"deals_allowed": True, **changes})
    t = seated(profile, THREE, struct=paid)
    settle(t, 1)  # a hand played: the button has moved, nobody's chips changed
    for player, chips in (("a", 5000), ("b", 3000), ("c", 2000)):
        t.override_chips(player, chips, "the stacks of the example")
    return t


# ---------------------------------------------------------------- the arithmetic


@pytest.mark.clause("OQ-73")
def test_the_icm_chop_of_three_players_is_the_hand_worked_one() -> None:
    """Stacks 5,000/3,000/2,000, prizes 5,000/3,000/2,000.  By hand:
    A is 1st with 1/2, 2nd with 3/10·5/7 + 2/10·5/8 = 19/56, 3rd with 9/56:
    5000/2 + 3000·19/56 + 2000·9/56 = 26,875/7 ≈ 3,839.29;
    B: 1st 3/10, 2nd 1/2·3/5 + 2/10·3/8 = 3/8, 3rd 13/40: 3,275;
    C: 1st 1/5, 2nd 1/2·2/5 + 3/10·2/7 = 2/7, 3rd 18/35: 20,200/7 ≈ 2,885.71.
    Rounded down 3,839 + 3,275 + 2,885 = 9,999: the one unit left goes to
    the largest fraction cut off (C's 0.71)."""
    chips = {"a": 5000, "b": 3000, "c": 2000}
    prizes = (5000, 3000, 2000)
    assert icm_equities(chips, prizes) == {
        "a": Fraction(26875, 7),
        "b": Fraction(3275),
        "c": Fraction(20200, 7),
    }
    assert icm_chop(chips, prizes) == {"a": 3839, "b": 3275, "c": 2886}


@pytest.mark.clause("OQ-73")
def test_the_chip_chop_sure_prize_first_then_by_chips() -> None:
    """Each is sure of the smallest prize left (2,000), the other 4,000 go
    5:3:2; with 70/30 paid of three, nothing is sure and 100 goes 5:3:3
    (45.45, 27.27, 27.27: the unit left to the largest fraction, A's)."""
    assert chip_chop({"a": 5000, "b": 3000, "c": 2000}, (5000, 3000, 2000)) == {
        "a": 4000,
        "b": 3200,
        "c": 2800,
    }
    assert chip_chop({"a": 5, "b": 3, "c": 3}, (70, 30, 0)) == {"a": 46, "b": 27, "c": 27}


@pytest.mark.clause("OQ-73")
@pytest.mark.parametrize("seed", range(40))
def test_every_chop_adds_up_to_the_money_left_to_the_unit(seed: int) -> None:
    """Random fields of 2 to 6: the amounts add up exactly, none is more
    than one unit from its exact share, a bigger stack never gets less."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    chips = {f"p{k}": rng.randint(1, 50_000) for k in range(n)}
    prizes = tuple(sorted((rng.randint(0, 9_999) for _ in range(n)), reverse=True))
    exact_icm = icm_equities(chips, prizes)
    for amounts in (chip_chop(chips, prizes), icm_chop(chips, prizes)):
        assert sum(amounts.values()) == sum(prizes)
        assert all(isinstance(v, int) and v >= 0 for v in amounts.values())
        for p, q in itertools.permutations(chips, 2):
            if chips[p] > chips[q]:
                assert amounts[p] >= amounts[q]
    for p, amount in icm_chop(chips, prizes).items():
        assert abs(amount - exact_icm[p]) < 1


# ---------------------------------------------------------------- the rules


@pytest.mark.clause("OQ-34")
@pytest.mark.parametrize("profile", ["nm-holdem", "nm-draw", "de-holdem", "tda"])
def test_no_deal_unless_the_organiser_allows_one(profile: str) -> None:
    """Off in every profile (OQ-34): refused with the clause, nothing changes."""
    t = three_handed(profile if profile != "nm-draw" else "nm-holdem", deals_allowed=None)
    assert t.profile.deals_allowed is False
    before = list(t.events)
    with pytest.raises(TournamentError) as refused:
        t.propose_deal("icm")
    assert "OQ-34" in refused.value.clause and "not allowed" in str(refused.value)
    assert t.events == before


@pytest.mark.clause("OQ-73")
def test_a_deal_waits_for_the_hand_and_stops_the_next_one() -> None:
    t = three_handed()
    t.begin_hand(1, random.Random(1).randrange)
    with pytest.raises(TournamentError, match="still running"):
        t.propose_deal("chip")
    t2 = three_handed()
    t2.propose_deal("chip")
    with pytest.raises(TournamentError) as no_hand:
        t2.begin_hand(1, random.Random(1).randrange)
    assert no_hand.value.clause == "OQ-73"
    with pytest.raises(TournamentError, match="already proposed"):
        t2.propose_deal("icm")


@pytest.mark.clause("OQ-73", "OQ-34")
def test_each_player_agrees_then_play_ends_with_the_deal_in_the_results() -> None:
    t = three_handed()
    proposal = t.propose_deal("icm", note="three left")
    assert isinstance(proposal, DealProposed)
    assert proposal.amounts == {"a": 3839, "b": 3275, "c": 2886}
    assert proposal.prize_money == 10_000 and proposal.chips == {"a": 5000, "b": 3000, "c": 2000}
    with pytest.raises(TournamentError, match="seat page"):
        t.answer_deal("a", True, by="director")  # online: each from his seat
    assert isinstance(t.answer_deal("b", True), DealAgreed)
    assert isinstance(t.answer_deal("a", True), DealAgreed)
    with pytest.raises(TournamentError, match="already agreed"):
        t.answer_deal("a", True)
    assert t.status == "running"
    made = t.answer_deal("c", True, at=99.0)
    assert isinstance(made, DealMade)
    assert made.places == {"a": 1, "b": 2, "c": 3}
    assert t.status == "finished" and t.winner == "a"
    assert [(p.place, p.prize) for p in map(t.players.get, "abc")] == [  # type: ignore[union-attr]
        (1, 3839),
        (2, 3275),
        (3, 2886),
    ]
    view = t.deal_view()
    assert view is not None and view["state"] == "made" and view["method"] == "icm"
    assert t.summary()["deal"] == view
    assert_replay_equal(t)


@pytest.mark.clause("OQ-73")
def test_one_who_declines_calls_the_deal_off_and_play_goes_on() -> None:
    t = three_handed()
    t.propose_deal("chip")
    t.answer_deal("a", True)
    off = t.answer_deal("c", False)
    assert isinstance(off, DealWithdrawn) and off.player == "c"
    assert t.deal is None and t.status == "running"
    assert t.can_begin_hand(1)
    t.propose_deal("icm")
    assert isinstance(t.withdraw_deal(), DealWithdrawn)
    assert t.deal_view() is None
    assert_replay_equal(t)


@pytest.mark.clause("OQ-73")
def test_at_a_live_event_the_director_records_each_agreement() -> None:
    paid = dataclasses.replace(
        structure("de-holdem", payout_shares=(50, 30, 20), prize_pool=10_000), deals_allowed=True
    )
    t = seated("de-holdem", THREE, struct=paid, mode="live")
    t.propose_deal("chip")
    for player in "abc":
        answer = t.answer_deal(player, True, by="director")
    assert isinstance(answer, DealMade) and t.status == "finished"
    assert sum(p.prize for p in t.players.values()) == 10_000
    assert_replay_equal(t)


@pytest.mark.clause("OQ-73")
def test_the_results_csv_and_pdf_mark_the_prizes_of_a_deal() -> None:
    """The results page marks a deal's prizes; so do the CSV (a column
    naming the chop, the prize a number still) and the PDF (each prize
    marked, the deal's sentence under the accounts), in the reader's words."""
    from types import SimpleNamespace

    from floorman.server.i18n import catalogue
    from floorman.services.results import (
        deal_line,
        result_rows,
        results_csv,
        results_pdf,
        shown_prize,
    )

    t = three_handed()
    t.propose_deal("icm")
    for player in "abc":
        t.answer_deal(player, True)
    service = SimpleNamespace(tournament=t)
    de, nb = catalogue("de"), catalogue("nb")
    lines = results_csv(service, de).lstrip("\ufeff").splitlines()  # type: ignore[arg-type]
    assert lines[0] == "Platz;Name;Preisgeld;Einkäufe;Deal"
    assert lines[1:] == [
        "1;a;3839;1;ICM-Aufteilung",
        "2;b;3275;1;ICM-Aufteilung",
        "3;c;2886;1;ICM-Aufteilung",
    ]
    rows = result_rows(service)  # type: ignore[arg-type]
    assert [shown_prize(r, nb) for r in rows] == ["3839 (avtale)", "3275 (avtale)", "2886 (avtale)"]
    assert deal_line(service, nb) == (  # type: ignore[arg-type]
        "Spillet endte med en avtale: ICM-deling av de 10000 som var igjen."
    )
    assert results_pdf(service, de).startswith(b"%PDF")  # type: ignore[arg-type]

    plain = three_handed()  # no deal: the columns and the sheet as before
    plain_service = SimpleNamespace(tournament=plain)
    assert results_csv(plain_service, de).splitlines()[0].endswith("Preisgeld;Einkäufe")  # type: ignore[arg-type]
    assert deal_line(plain_service, de) is None  # type: ignore[arg-type]


@pytest.mark.clause("OQ-73")
def test_the_bots_in_a_deal_agree_as_it_is_proposed_the_people_answer_themselves() -> None:
    """Online, a bot has no seat page to answer from: a deal with one in
    it could never be made.  Proposed, the bot (b) agrees at once; a and c
    still answer for themselves, and the last of them makes it."""
    from types import SimpleNamespace

    from floorman.services import deals

    t = three_handed()
    service = SimpleNamespace(tournament=t, bots={"b": object()}, now=lambda: 5.0)
    proposed = deals.propose(service, "icm", "")  # type: ignore[arg-type]
    assert proposed["type"] == "deal_proposed"
    assert t.deal is not None and t.deal.agreed == {"b"}
    t.answer_deal("a", True)
    assert t.status == "running"
    assert isinstance(t.answer_deal("c", True), DealMade)
    assert t.status == "finished"
    kinds = [type(e) for e in t.events[-5:]]
    assert kinds == [DealProposed, DealAgreed, DealAgreed, DealAgreed, DealMade]
    assert [e.player for e in t.events[-4:-1]] == ["b", "a", "c"]  # type: ignore[attr-defined]


@pytest.mark.clause("OQ-75", "OQ-73", "OQ-69")
def test_OQ_75_a_deals_shares_are_in_the_organisers_payout_unit_the_rest_to_the_biggest_stack() -> (
    None
):
    """Paid in 50s (OQ-69): the ICM chop 3,839/3,275/2,886 of the example
    becomes 3,250 and 2,850 for b and c, a (the biggest stack) taking the
    rest, 3,900 - still the 10,000 left; unit 1 leaves OQ-73's shares."""
    t = three_handed(payout_unit=50)
    proposal = t.propose_deal("icm")
    assert proposal.amounts == {"a": 3900, "b": 3250, "c": 2850}
    assert sum(proposal.amounts.values()) == proposal.prize_money == 10_000
    assert three_handed().propose_deal("icm").amounts == {"a": 3839, "b": 3275, "c": 2886}
    # equal biggest stacks: the first of them takes the rest
    assert in_payout_units({"x": 333, "y": 333, "z": 334}, {"x": 5, "y": 5, "z": 1}, 100) == {
        "x": 400,
        "y": 300,
        "z": 300,
    }
