"""NM five-card draw, clause by clause: the hand ranking (NM-D-4.0a…4.9,
OQ-25, OQ-26) played out at a showdown, and the showdown itself (OQ-27).
The deals are scripted with :mod:`tests.helpers.draw`."""

from __future__ import annotations

import pytest

from floorman.engine.betting import Phase
from tests.helpers.draw import (
    act,
    deal,
    drawn_to_h,
    rejected,
)

# ---------------------------------------------------------------- 4: ranking


def showdown_winners(first: str, second: str) -> tuple[int, ...]:
    """Heads-up, both stand pat and check after the draw: who wins the pot."""
    hand = deal([first, second], "", ante=1, stacks=[100, 100])
    act(hand, "s1 bet 1, s2 call, s1 draw, s2 draw, s1 check, s2 check, s1 show, s2 show")
    (pot,) = hand.awards
    return pot.winners


RANKED = [  # each beats the next: NM-D-4.1 ... NM-D-4.9
    "7h 8h 9h Th Jh",
    "5c 5d 5h 5s 2c",
    "Tc Td Ts 2s 2d",
    "Ac Qc 9c 7c 3c",
    "6s 7d 8h 9d Ts",
    "Ks Kd Kc 7h 2d",
    "Qs Qd 4s 4d 9c",
    "Js Jd As 8d 3c",
    "Ah Jc 9h 6c 3s",
]


@pytest.mark.clause(
    "NM-D-4.1",
    "NM-D-4.2",
    "NM-D-4.3",
    "NM-D-4.4",
    "NM-D-4.5",
    "NM-D-4.6",
    "NM-D-4.7",
    "NM-D-4.8",
    "NM-D-4.9",
)
@pytest.mark.parametrize("k", range(len(RANKED) - 1))
def test_NM_D_4_1_to_4_9_the_categories_rank_in_order(k: int) -> None:
    better, worse = RANKED[k], RANKED[k + 1]
    assert showdown_winners(better, worse) == (1,)
    assert showdown_winners(worse, better) == (2,)


@pytest.mark.clause(
    "NM-D-4.0a",
    "OQ-25",
    "NM-D-4.1",
    "NM-D-4.2",
    "NM-D-4.3",
    "NM-D-4.4",
    "NM-D-4.5",
    "NM-D-4.7",
    "NM-D-4.8",
    "NM-D-4.9",
    "OQ-26",
)
@pytest.mark.parametrize(
    ("better", "worse", "clause"),
    [
        ("8c 9d Tc Jd Qc", "7h 8h 9h Th Js", "NM-D-4.5: the highest card decides"),
        ("Ah 2c 3d 4s 5h", "Kc Kd Ks 7h 9c", "NM-D-4.0a, OQ-25: the wheel is a straight"),
        ("2h 3c 4d 5s 6h", "Ah 2c 3d 4s 5c", "OQ-25: the wheel is the lowest straight"),
        ("2c 2d 5s 7d 9c", "Qh Kh Ad 2h 3h", "NM-D-4.1/4.5: Q-K-A-2-3 is no straight"),
        ("As 2s 3s 4s 5s", "Kc Kd Ks Kh 9c", "NM-D-4.1: the wheel straight flush"),
        ("9c 9d 9h 9s 2c", "8c 8d 8h 8s Ac", "NM-D-4.2: the higher four of a kind"),
        ("Tc Td Th 2s 2c", "9c 9d 9h As Ad", "NM-D-4.3: the higher three decide"),
        ("Ac Qc 9c 7c 3c", "Ad Qd 9d 7d 2d", "NM-D-4.4: card by card"),
        ("Ks Kd 4s 4d 9c", "Kh Kc 4h 4c 8c", "NM-D-4.7, OQ-26: then the odd card"),
        ("Ks Kd 5s 5d 2c", "Kh Kc 4h 4c Ac", "NM-D-4.7: the second pair"),
        ("Js Jd As 8d 3c", "Jh Jc Ah 8h 2c", "NM-D-4.8: the side cards in order"),
        ("As Jd 9h 6c 3s", "Ah Jc 9d 6s 2h", "NM-D-4.9: no. 2 decides, etc."),
    ],
)
def test_NM_D_4_ties_are_broken_as_the_ranking_says(better: str, worse: str, clause: str) -> None:
    assert showdown_winners(better, worse) == (1,), clause
    assert showdown_winners(worse, better) == (2,), clause


@pytest.mark.clause("NM-D-4.0b")
def test_NM_D_4_0b_suits_never_rank_equal_hands_split() -> None:
    assert showdown_winners("As Ks Qs Js 9s", "Ah Kh Qh Jh 9h") == (1, 2)


# ---------------------------------------------------------------- OQ-27: showdown


@pytest.mark.clause("OQ-27")
def test_OQ_27_the_last_bettor_of_the_final_round_shows_first_then_clockwise() -> None:
    hand = act(drawn_to_h(), "s2 check, s3 bet 10, s4 call, s1 call, s2 call")
    assert hand.phase == Phase.SHOWDOWN and list(hand.showdown_queue) == [2, 3, 0, 1]
    rejected(hand, lambda: hand.show(1), "OQ-27")
    act(hand, "s3 show")
    act(hand, "s4 muck")  # three jacks... mucked: conceding
    act(hand, "s1 show, s2 muck")
    assert hand.is_complete and hand.awards[0].winners == (1,)


@pytest.mark.clause("OQ-27")
def test_OQ_27_without_a_bet_the_first_to_act_in_the_final_round_shows_first() -> None:
    hand = act(drawn_to_h(), "s2 check, s3 check, s4 check, s1 check")
    assert hand.actor == 2  # seat 2 (H) opened the seen round


@pytest.mark.clause("OQ-27")
def test_OQ_27_the_winning_hand_must_be_shown() -> None:
    hand = act(drawn_to_h(), "s2 check, s3 check, s4 check, s1 check")
    act(hand, "s2 muck, s3 muck, s4 muck")  # conceding, though nothing is shown yet
    rejected(hand, lambda: hand.muck(1), "OQ-27")  # nobody else claims: seat 1 must show
    act(hand, "s1 show")
    assert hand.final_stacks == (198 - 4 + 24, 194, 194, 194)


@pytest.mark.clause("OQ-27")
def test_OQ_27_cards_speak_the_automatic_showdown_mucks_only_beaten_hands() -> None:
    hand = deal(auto_showdown=True)
    act(hand, "s1 bet 2, s2 call, s3 call, s4 call, s1 draw, s2 draw, s3 draw, s4 draw")
    act(hand, "s1 check, s2 check, s3 check, s4 check")
    shown = [type(e).__name__ for e in hand.events if type(e).__name__ in ("Shown", "Mucked")]
    assert shown == ["Shown", "Mucked", "Mucked", "Mucked"]
    assert hand.final_stacks == (212, 196, 196, 196)
