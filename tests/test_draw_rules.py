"""NM five-card draw, clause by clause (RULES_EN.md, NM-D-* and OQ-04…OQ-27).

Every test plays a scripted deal through :class:`DrawHand` and checks what
the rule decides: chips, cards, whose turn, which round.  Every illegal
action is checked to name its clause and to leave the hand exactly as it was
(``snapshot()`` and the length of the log).

The deals are scripted with :mod:`tests.helpers.draw`; the ranking and
the showdown are in ``tests/test_draw_showdown.py``.
"""

from __future__ import annotations

import pytest

from floorman.engine.betting import Phase
from floorman.engine.cards import format_cards, new_deck, parse_cards
from floorman.engine.draw import DrawHand
from floorman.engine.errors import BadCards, ProfileError
from floorman.engine.events import (
    AntePosted,
    Burned,
    Discarded,
    DrawDealt,
    Folded,
    HandEnded,
    HoleDealt,
    Looked,
    Misdealt,
    PenaltyPosted,
    PotAwarded,
)
from floorman.engine.holdem import HoldemHand
from floorman.engine.profile import with_changes
from floorman.engine.variants import variant_for
from floorman.profiles import load_profile
from tests.helpers.draw import (
    FOUR,
    NM_DRAW,
    act,
    cards_of,
    deal,
    drawn_to_h,
    rejected,
)

# ---------------------------------------------------------------- 1. General


@pytest.mark.clause("NM-D-1A")
def test_NM_D_1A_a_deal_has_two_to_five_players_and_the_deck_never_runs_out() -> None:
    """NM-D-1A: 4 or 5 a table (2 at the end, OQ-05); the rulebook's note:
    25 + 20 + 1 = 46 cards at most.  Five is the most one deck serves when
    everyone draws four, so a deal of six (30 + 24 + 1 > 52 cards) is
    refused before anything is posted, citing NM-D-1A."""
    for n in (2, 5):
        hand = DrawHand.start(
            NM_DRAW, seats=range(1, n + 1), stacks=[50] * n, button=n, ante_unit=1, deck=new_deck()
        )
        assert hand.phase == Phase.BETTING and hand.actor == 1
    with pytest.raises(ProfileError, match="a hand needs 2 to 5 players, not 6") as refused:
        DrawHand.start(
            NM_DRAW, seats=range(1, 7), stacks=[50] * 6, button=6, ante_unit=1, deck=new_deck()
        )
    assert "NM-D-1A" in str(refused.value)


@pytest.mark.clause("NM-D-1F", "OQ-08")
def test_NM_D_1F_misdeal_redeals_with_the_same_dealer_and_the_antes_stay() -> None:
    hand = deal()
    before = [list(c) for c in hand.cards]
    events = hand.misdeal("a card was turned", new_deck())
    (misdealt,) = events
    assert isinstance(misdealt, Misdealt) and misdealt.clause == "NM-D-1F, OQ-08"
    assert hand.pot_total == 8 and hand.stacks == [198] * 4  # OQ-08 (iv): antes stay
    assert hand.button == 4 and hand.actor == 1  # OQ-07: the same dealer deals again
    assert [list(c) for c in hand.cards] != before
    assert format_cards(hand.cards[0]) == "2c 3c 4c 5c 6c"  # one at a time round the table


@pytest.mark.clause("NM-D-1F", "OQ-08")
def test_NM_D_1F_s2_OQ_08_second_misdeal_in_a_row_fines_the_dealer_five_antes() -> None:
    hand = deal()
    hand.misdeal("too few cards", new_deck())
    events = hand.misdeal("again", new_deck())
    assert events[1] == PenaltyPosted(
        seat=4, amount=10, clause="NM-D-1F s2, OQ-08", reason="second misdeal"
    )
    assert hand.stacks == [198, 198, 198, 188] and hand.pot_total == 18
    act(hand, "s1 bet 2, s2 fold, s3 fold, s4 fold")
    assert hand.final_stacks == (216, 198, 198, 188)  # the fine went into that pot


@pytest.mark.clause("NM-D-1F", "OQ-08")
def test_OQ_08_no_misdeal_once_someone_has_acted() -> None:
    hand = act(deal(), "s1 check")
    rejected(hand, lambda: hand.misdeal("late", new_deck()), "NM-D-1F")


# ---------------------------------------------------------------- 2A-2B


@pytest.mark.clause("NM-D-2A")
def test_NM_D_2A_every_player_antes_every_deal() -> None:
    hand = deal(ante=5)
    posted = [e for e in hand.events if isinstance(e, AntePosted)]
    assert [(e.seat, e.amount) for e in posted] == [(1, 5), (2, 5), (3, 5), (4, 5)]
    assert hand.pot_total == 20 and hand.stacks == [195] * 4


@pytest.mark.clause("NM-D-2A", "NM-D-3B")
def test_NM_D_2A_NM_D_3B_short_stack_all_in_on_the_ante_plays_for_the_main_pot() -> None:
    hands = ["As Ac Ad Ah 2c", "Kh Ks Kd 2d 3h", "Qs Qh Qd 4c 5h"]
    hand = deal(hands, stacks=[3, 200, 200], ante=5)
    assert [e.amount for e in hand.events if isinstance(e, AntePosted)] == [3, 5, 5]
    assert hand.actor == 2  # seat 1 is all-in on his ante
    act(hand, "s2 bet 10, s3 call, s1 draw, s2 draw, s3 draw, s2 check, s3 check")
    assert hand.phase == Phase.SHOWDOWN
    act(hand, "s2 show, s3 muck, s1 show")
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [(a.amount, a.eligible, a.winners) for a in awards] == [
        (9, (1, 2, 3), (1,)),  # the main pot: 3 from each
        (24, (2, 3), (2,)),  # the side pot: the rest of the antes and the bets
    ]
    assert hand.final_stacks == (9, 209, 185)


@pytest.mark.clause("NM-D-3A", "OQ-12", "OQ-23")
def test_NM_D_2A_the_ante_is_a_level_setting_OQ_09() -> None:
    """The ante is the unit of the minimum bet (OQ-12) and the 10-antes floor (NM-D-3A)."""
    for ante in (1, 3, 10):
        legal = deal(ante=ante, stacks=[1000] * 4).legal_actions()
        assert legal is not None
        assert (legal.min_raise_to, legal.max_raise_to) == (ante, 10 * ante)


@pytest.mark.clause("NM-D-2B")
def test_NM_D_2B_five_cards_one_at_a_time_clockwise_from_the_dealers_left() -> None:
    deck = new_deck()
    hand = DrawHand.start(
        NM_DRAW, seats=[2, 5, 7], stacks=[50] * 3, button=5, ante_unit=1, deck=deck
    )
    dealt = [e for e in hand.events if isinstance(e, HoleDealt)]
    assert [e.seat for e in dealt] == [7, 2, 5]  # left of the dealer (seat 5) first, dealer last
    for k, event in enumerate(dealt):
        assert list(event.cards) == [deck[k + 3 * r] for r in range(5)]
    assert hand.actor == 7


@pytest.mark.clause("NM-D-2B")
def test_NM_D_2B_cards_dealt_by_hand_go_in_order_five_each_never_twice() -> None:
    hand = DrawHand.start(NM_DRAW, seats=[1, 2, 3], stacks=[50] * 3, button=3, ante_unit=1)
    rejected(hand, lambda: hand.deal_hole(2, parse_cards("As Ks Qs Js Ts")), "NM-D-2B")
    rejected(hand, lambda: hand.deal_hole(1, parse_cards("As Ks Qs Js")), "NM-D-2B s1")
    hand.deal_hole(1, parse_cards("As Ks Qs Js Ts"))
    rejected(hand, lambda: hand.deal_hole(2, parse_cards("As 2c 3c 4c 5c")), "NM-D-1F")
    hand.deal_hole(2, parse_cards("2c 3c 4c 5c 6c"))
    hand.deal_hole(3, parse_cards("2d 3d 4d 5d 6d"))
    rejected(hand, lambda: hand.deal_hole(1, parse_cards("2h 3h 4h 5h 6h")), "NM-D-2B")  # dealt


@pytest.mark.clause("NM-D-1F", "DE-DECK-1")
@pytest.mark.parametrize("game", ["draw", "holdem"])
def test_a_deck_of_other_than_the_52_cards_once_each_is_refused(game: str) -> None:
    """A deck to deal from holds the 52 cards once each: with a card twice,
    one missing or one too many it is refused before anything is posted,
    citing the draw's misdeal (NM-D-1F) or the German defective deck
    (DE-DECK-1: too many, too few or identical cards)."""
    start = DrawHand.start if game == "draw" else HoldemHand.start
    profile = NM_DRAW if game == "draw" else load_profile("de-holdem")
    clause = "NM-D-1F" if game == "draw" else "DE-DECK-1"
    good = new_deck()
    for deck in ([good[0], *good[1:-1], good[0]], good[:-1], [*good, good[3]]):
        with pytest.raises(BadCards) as refused:
            start(profile, seats=[1, 2, 3], stacks=[50] * 3, button=3, ante_unit=1, deck=deck)
        assert refused.value.clause == clause
    assert start(profile, seats=[1, 2, 3], stacks=[50] * 3, button=3, ante_unit=1, deck=good)


# ---------------------------------------------------------------- 2C: pre-draw


@pytest.mark.clause("NM-D-2C")
def test_NM_D_2C_s1_the_player_left_of_the_dealer_opens_or_checks() -> None:
    hand = deal()
    legal = hand.legal_actions()
    assert hand.round_kind == "pre-draw" and hand.actor == 1
    assert legal is not None and legal.can_check and legal.is_bet


@pytest.mark.clause("NM-D-2C")
def test_NM_D_2C_s2_s3_no_openers_needed_not_even_in_a_check_pot() -> None:
    junk = ["2c 4d 6h 8s Tc", "3c 5d 7h 9s Jc", "2d 4h 6s 8c Td"]
    for carried in (0, 30):
        hand = act(deal(junk, "", carried_pot=carried), "s1 bet 2, s2 fold, s3 fold")
        assert hand.final_stacks == (198 + 6 + carried, 198, 198)


@pytest.mark.clause("NM-D-2C", "OQ-11")
def test_OQ_11_a_player_who_checked_may_come_in_after_an_open() -> None:
    hand = act(deal(), "s1 check, s2 check, s3 bet 4, s4 call")
    assert hand.actor == 1
    act(hand, "s1 raise 12, s2 fold, s3 call, s4 call")
    assert hand.phase == Phase.DRAWING and hand.high_bidder == 0  # seat 1 raised last: H


@pytest.mark.clause("NM-D-2C", "OQ-13")
def test_OQ_13_the_round_ends_when_everyone_has_called_or_folded() -> None:
    hand = act(deal(), "s1 bet 4, s2 call, s3 fold, s4 call")
    assert hand.phase == Phase.DRAWING and hand.actor == 1
    assert hand.pot_total == 8 + 12


@pytest.mark.clause("OQ-13")
def test_OQ_13_when_all_but_one_fold_he_wins_at_once_without_draw_or_showdown() -> None:
    hand = act(deal(), "s1 check, s2 bet 6, s3 fold, s4 fold, s1 fold")
    assert hand.is_complete and hand.final_stacks == (198, 206, 198, 198)
    assert not any(isinstance(e, DrawDealt) for e in hand.events)


@pytest.mark.clause("OQ-10")
def test_OQ_10_when_everyone_checks_the_pot_is_carried_to_the_next_deal() -> None:
    hand = act(deal(), "s1 check, s2 check, s3 check, s4 check")
    assert hand.is_complete and hand.check_pot
    assert hand.events[-1] == HandEnded(stacks=(198, 198, 198, 198), carried_pot=8)
    assert hand.carried_pot == 8 and not hand.awards


@pytest.mark.clause("OQ-10", "NM-D-2A")
@pytest.mark.parametrize(
    ("reante", "pot", "stacks"), [(True, 16, [196] * 4), (False, 8, [198] * 4)]
)
def test_OQ_10_the_next_deal_antes_again_into_a_check_pot_unless_switched_off(
    reante: bool, pot: int, stacks: list[int]
) -> None:
    profile = with_changes(NM_DRAW, reante_check_pot=reante)
    first = act(deal(profile=profile), "s1 check, s2 check, s3 check, s4 check")
    assert first.final_stacks is not None
    again = DrawHand.start(
        profile,
        seats=[1, 2, 3, 4],
        stacks=first.final_stacks,
        button=1,  # the deal passes on (OQ-07)
        ante_unit=2,
        carried_pot=first.carried_pot,
        deck=new_deck(),
    )
    assert again.pot_total == pot and again.stacks == stacks
    assert again.actor == 2 and again.legal_actions() is not None


@pytest.mark.clause("OQ-10")
def test_OQ_10_a_player_all_in_on_the_ante_is_not_checked_out_of_his_pot() -> None:
    """Nobody bets, but seat 1 could not act: the deal goes on to the draw
    and the showdown so that he can win the pot he is in (ruling)."""
    hand = deal(["As Ac Ad Ah 2c", *FOUR[1:]], stacks=[1, 200, 200, 200])
    act(hand, "s2 check, s3 check, s4 check")
    assert not hand.check_pot and hand.phase == Phase.DRAWING


@pytest.mark.clause("NM-D-2C", "OQ-14")
def test_NM_D_2C_s7_s8_OQ_14_out_of_turn_is_refused_and_the_floor_fines_one_ante() -> None:
    hand = deal()
    rejected(hand, lambda: hand.bet_or_raise_to(3, 6), "NM-D-2C s7")
    rejected(hand, lambda: hand.fold(2), "NM-D-2C s7")
    penalty = hand.penalize(3, NM_DRAW.out_of_turn_penalty_antes * 2, clause="NM-D-2C s8, OQ-14")
    assert penalty == PenaltyPosted(seat=3, amount=2, clause="NM-D-2C s8, OQ-14")
    assert hand.stacks == [198, 198, 196, 198] and hand.pot_total == 10
    assert hand.actor == 1  # the void action gives no turn away
    act(hand, "s1 check, s2 check, s3 bet 5, s4 fold, s1 fold, s2 fold")
    assert hand.final_stacks == (198, 198, 206, 198)


# ---------------------------------------------------------------- 2D: the draw


@pytest.mark.clause("NM-D-2D", "OQ-16")
def test_NM_D_2D_s1_the_first_active_player_left_of_the_dealer_draws_first_dealer_last() -> None:
    hand = act(deal(), "s1 fold, s2 check, s3 bet 4, s4 call, s2 call")
    assert hand.actor == 2  # seat 1 folded; the opener (seat 3) does not go first
    rejected(hand, lambda: hand.draw(3, parse_cards("4c")), "NM-D-2D s1")
    act(hand, "s2 draw 2d")
    assert hand.actor == 3
    act(hand, "s3 draw")
    assert hand.actor == 4  # the dealer last
    act(hand, "s4 draw 6c 7h")
    assert hand.phase == Phase.BETTING


@pytest.mark.clause("NM-D-2D", "OQ-15")
def test_NM_D_2D_s6_OQ_15_zero_to_four_cards_never_five_only_ones_own() -> None:
    hand = act(deal(), "s1 bet 2, s2 call, s3 call, s4 call")
    rejected(hand, lambda: hand.draw(1, parse_cards("As Ac Ad 2c 3d")), "NM-D-2D s6")
    rejected(hand, lambda: hand.draw(1, parse_cards("Kh")), "NM-D-2D s2")
    rejected(hand, lambda: hand.draw(1, parse_cards("2c 2c")), "NM-D-2D s2")
    act(hand, "s1 draw")  # standing pat
    assert hand.draw_counts() == {1: 0} and hand.looked[0]
    act(hand, "s2 draw Kh Ks Kd 2d")
    assert len(hand.cards[1]) == 4  # three now, the fourth after the round


@pytest.mark.clause("NM-D-2D", "OQ-16")
def test_NM_D_2D_s7_s8_OQ_16_fourth_cards_come_after_the_round_dealer_burns_first() -> None:
    hands = ["2c 3c 4c 5c Ah", "2d 3d 4d 5d Ad", "2h 3h 4h 5h As", "2s 3s 4s 7s Ac"]
    #                s1 (3)    s2 (1)   s3 (3)     s4 dealer (3)  burn  4th: s1, s3, s4
    replacements = "Kc Qc Jc   Kd   Kh Qh Jh   Ks Qs Js   9c   Tc Th Ts"
    hand = act(deal(hands, replacements), "s1 bet 2, s2 call, s3 call, s4 call")
    act(hand, "s1 draw 2c3c4c5c, s2 draw 2d, s3 draw 2h3h4h5h, s4 draw 2s3s4s7s")
    dealt = [
        ("Burned", None, str(e.card))
        if isinstance(e, Burned)
        else ("DrawDealt", e.seat, format_cards(e.cards))
        for e in hand.events
        if isinstance(e, DrawDealt | Burned)
    ]
    assert dealt == [
        ("DrawDealt", 1, "Kc Qc Jc"),
        ("DrawDealt", 2, "Kd"),
        ("DrawDealt", 3, "Kh Qh Jh"),
        ("DrawDealt", 4, "Ks Qs Js"),
        ("Burned", None, "9c"),  # NM-D-2D s8: the dealer puts one aside
        ("DrawDealt", 1, "Tc"),  # then the fourth cards in draw order (OQ-16)
        ("DrawDealt", 3, "Th"),
        ("DrawDealt", 4, "Ts"),  # the dealer's last
    ]
    assert hand.phase == Phase.BETTING


@pytest.mark.clause("OQ-16")
def test_OQ_16_switch_the_dealer_takes_his_fourth_right_after_his_burn() -> None:
    hands = ["2c 3c 4c 5c Ah", "2s 3s 4s 7s Ac"]
    profile = with_changes(NM_DRAW, dealer_fourth_card_last=False)
    hand = act(deal(hands, "Kc Qc Jc Ks Qs Js 9c Ts Tc", profile=profile), "s1 bet 2, s2 call")
    act(hand, "s1 draw 2c3c4c5c, s2 draw 2s3s4s7s")
    fourths = [e for e in hand.events if isinstance(e, DrawDealt)][2:]
    assert [(e.seat, format_cards(e.cards)) for e in fourths] == [(2, "Ts"), (1, "Tc")]


@pytest.mark.clause("NM-D-2D", "OQ-16")
def test_OQ_16_by_hand_a_fourth_card_waits_for_the_end_of_the_draw() -> None:
    hand = DrawHand.start(NM_DRAW, seats=[1, 2, 3], stacks=[50] * 3, button=3, ante_unit=1)
    for seat, cards in ((1, "2c 3c 4c 5c 7d"), (2, "2d 3d 4d 5d 7h"), (3, "2h 3h 4h 5h 7s")):
        hand.deal_hole(seat, parse_cards(cards))
    rejected(hand, lambda: hand.deal_draw(1, parse_cards("As")), "NM-D-2D s7")  # no draw yet
    act(hand, "s1 bet 2, s2 call, s3 call, s1 draw 2c3c4c5c")
    # NM-D-2D s7: 3 now, never 4 at once nor 2 then 2
    rejected(hand, lambda: hand.deal_draw(1, parse_cards("As Ks Qs Js")), "NM-D-2D s7")
    rejected(hand, lambda: hand.deal_draw(1, parse_cards("As Ks")), "NM-D-2D s7")
    # his three come before the next player draws (NM-D-2D s1, OQ-16)
    rejected(hand, lambda: hand.draw(2, parse_cards("2d")), "NM-D-2D s1")
    hand.deal_draw(1, parse_cards("As Ks Qs"))
    rejected(hand, lambda: hand.deal_draw(1, parse_cards("Js")), "NM-D-2D s7")
    rejected(hand, lambda: hand.deal_draw(2, parse_cards("Ah")), "NM-D-2D s7")  # owes nothing
    act(hand, "s2 draw 2d3d4d5d")
    hand.deal_draw(2, parse_cards("Ah Kh Qh"))
    act(hand, "s3 draw 2h3h4h5h")
    # the dealer's three come before anyone's fourth card (OQ-16)
    rejected(hand, lambda: hand.deal_draw(1, parse_cards("Js")), "OQ-16")
    hand.deal_draw(3, parse_cards("Ad Kd Qd"))
    # OQ-16: the fourth cards in draw order, the dealer's last
    # (dealer_fourth_card_last = true); seat 1's comes first.
    rejected(hand, lambda: hand.deal_draw(3, parse_cards("Jd")), "OQ-16")
    rejected(hand, lambda: hand.deal_draw(2, parse_cards("Jh")), "OQ-16")


@pytest.mark.clause("NM-D-2D", "OQ-17")
def test_NM_D_2D_s4_s5_OQ_17_draw_counts_public_during_the_draw_then_only_the_dealers() -> None:
    for show_all in (False, True):
        profile = with_changes(NM_DRAW, show_all_draw_counts=show_all)
        hand = act(deal(profile=profile), "s1 bet 2, s2 call, s3 call, s4 call")
        act(hand, "s1 draw 2c3d, s2 draw 3h, s3 draw")
        during = [p["drew"] for p in hand.view(None)["variant"]["seats"]]
        assert during == [2, 1, 0, None]
        act(hand, "s4 draw 6c7hJd")
        for who in (None, 1, 4):
            after = [p["drew"] for p in hand.view(who)["variant"]["seats"]]
            assert after == ([2, 1, 0, 3] if show_all else [None, None, None, 3])


@pytest.mark.clause("OQ-18")
def test_NM_D_2D_s2_OQ_18_exposing_a_card_in_the_draw_costs_one_ante_hand_stays_live() -> None:
    hand = act(deal(), "s1 bet 2, s2 call, s3 call, s4 call, s1 draw 2c3d")
    hand.penalize(2, 2, clause="NM-D-2D s2, OQ-18", reason="exposed a discard")
    assert hand.stacks[1] == 194 and hand.pot_total == 18
    act(hand, "s2 draw 2d3h, s3 draw, s4 draw")
    assert not hand.folded[1] and hand.round_kind == "opening"


# ---------------------------------------------------------------- 2E-2F: unseen


@pytest.mark.clause("NM-D-2E", "OQ-19")
def test_NM_D_2E_drawn_cards_stay_hidden_even_from_their_owner_until_he_looks() -> None:
    hand = drawn_to_h()
    assert cards_of(hand.view(2), 2) == ["Kh", "Ks", "Kd", None, None]
    for other in (None, 1, 3, 4):
        assert cards_of(hand.view(other), 2) is None
    act(hand, "s2 look")
    assert cards_of(hand.view(2), 2) == ["Kh", "Ks", "Kd", "9d", "9c"]
    assert cards_of(hand.view(1), 2) is None
    rejected(hand, lambda: hand.look(2), "NM-D-2E")


@pytest.mark.clause("NM-D-2E")
def test_NM_D_2E_s1_nobody_looks_before_the_draw_is_over() -> None:
    hand = act(deal(), "s1 bet 2, s2 call, s3 call, s4 call, s1 draw 2c")
    rejected(hand, lambda: hand.look(1), "NM-D-2E s1")


@pytest.mark.clause("NM-D-2E", "OQ-19")
def test_NM_D_2E_s2_OQ_19_H_bets_unseen_and_the_unseen_round_begins() -> None:
    hand = drawn_to_h()
    assert hand.round_kind == "opening" and hand.actor == 2 and hand.high_bidder == 1
    act(hand, "s2 bet 10")
    assert hand.round_kind == "unseen" and hand.in_unseen == [False, True, False, False]
    assert hand.actor == 3


@pytest.mark.clause("NM-D-2E", "OQ-19")
def test_NM_D_2E_s3_s4_calls_unseen_then_a_seen_call_binds_everyone_behind() -> None:
    hand = act(drawn_to_h(), "s2 bet 10, s3 call")  # seat 3 is in unseen
    assert hand.in_unseen == [False, True, True, False]
    act(hand, "s4 look, s4 raise 30")  # seen: everyone behind must look
    err = rejected(hand, lambda: hand.call(1), "NM-D-2E s4")
    assert "look" in err.reason
    rejected(hand, lambda: hand.bet_or_raise_to(1, 60), "NM-D-2E s4")
    act(hand, "s1 look, s1 call")
    rejected(hand, lambda: hand.call(2), "NM-D-2E s4")  # H too, when it comes back to him
    act(hand, "s2 look, s2 call")
    rejected(hand, lambda: hand.call(3), "NM-D-2E s4")  # and the earlier unseen caller
    act(hand, "s3 fold")  # a fold needs no look
    assert hand.round_kind == "seen" and hand.actor == 4  # S = the last unseen raiser
    assert hand.in_unseen == [False, True, True, False]


@pytest.mark.clause("OQ-19")
def test_OQ_19_step_3_a_look_and_a_fold_does_not_bind_the_players_behind() -> None:
    hand = act(drawn_to_h(), "s2 bet 10, s3 look, s3 fold, s4 call")
    assert hand.in_unseen == [False, True, False, True]
    act(hand, "s1 call")  # still unseen: seat 3's fold was no seen call
    assert hand.in_unseen == [True, True, False, True] and hand.round_kind == "seen"


@pytest.mark.clause("NM-D-2E", "OQ-21")
def test_OQ_21_behind_means_later_in_clockwise_order() -> None:
    """Seat 1 called unseen before seat 3 acted seen: his call stands and
    he stays "in unseen"; only the players after seat 3 must look."""
    hands = ["As Ac Ad 2c 3d", *FOUR[1:]]
    hand = act(deal(hands), "s1 bet 4, s2 call, s3 call, s4 call")
    act(hand, "s1 draw 2c, s2 draw 2d, s3 draw 4c, s4 draw 6c")
    act(hand, "s1 bet 10, s2 call, s3 look, s3 call")
    rejected(hand, lambda: hand.call(4), "NM-D-2E s4")
    act(hand, "s4 look, s4 call")
    assert hand.in_unseen == [True, True, False, False] and hand.round_kind == "seen"


@pytest.mark.clause("NM-D-2F", "OQ-19")
def test_NM_D_2F_s1_the_seen_round_is_opened_by_the_last_unseen_raiser() -> None:
    hand = act(drawn_to_h(), "s2 bet 10, s3 raise 30, s4 fold, s1 fold, s2 call")
    assert hand.round_kind == "seen" and hand.actor == 3
    legal = hand.legal_actions()
    assert legal is not None and legal.is_bet and legal.min_raise_to == 2


@pytest.mark.clause("NM-D-2F")
def test_NM_D_2F_s2_s3_after_S_checks_only_unseen_players_may_bet_then_all_again() -> None:
    hand = act(drawn_to_h(), "s2 bet 10, s3 call, s4 look, s4 call, s1 look, s1 call")
    assert hand.in_unseen == [False, True, True, False]
    assert hand.round_kind == "seen" and hand.actor == 2  # S = H, nobody raised
    act(hand, "s2 check")  # S bids 0 (NM-D-2F s2)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 3 and legal.min_raise_to == 2
    act(hand, "s3 bet 10")  # seat 3 was in unseen: he may
    act(hand, "s4 raise 30")  # NM-D-2F s3: once raised, everyone has his rights back
    assert hand.max_bet == 30


@pytest.mark.clause("NM-D-2F")
def test_NM_D_2F_s2_a_seen_player_may_only_check_after_S_checks() -> None:
    hand = act(drawn_to_h(), "s2 bet 10, s3 look, s3 call, s4 look, s4 call, s1 look, s1 call")
    act(hand, "s2 check")
    rejected(hand, lambda: hand.bet_or_raise_to(3, 10), "NM-D-2F s2")
    act(hand, "s3 check")
    rejected(hand, lambda: hand.bet_or_raise_to(4, 10), "NM-D-2F s2")
    act(hand, "s4 check, s1 check")
    assert hand.phase == Phase.SHOWDOWN or hand.is_complete


@pytest.mark.clause("OQ-19")
@pytest.mark.parametrize("opening", ["s2 check", "s2 look, s2 check", "s2 look, s2 bet 10"])
def test_OQ_19_step_5_when_H_declines_the_seen_round_is_an_ordinary_round(opening: str) -> None:
    hand = act(drawn_to_h(), opening)
    assert hand.round_kind == "seen" and not hand.unseen_round_played
    bet = 20 if hand.max_bet else 10
    act(hand, f"s3 raise {bet}" if hand.max_bet else "s3 bet 10")  # a seen player may bet
    assert hand.max_bet == bet


@pytest.mark.clause("OQ-19", "OQ-27")
def test_OQ_19_step_5_strict_switch_nobody_may_bet_after_H_checks() -> None:
    profile = with_changes(NM_DRAW, strict_unseen=True)
    hand = act(deal(profile=profile), "s1 check, s2 bet 4, s3 call, s4 call, s1 call")
    act(hand, "s1 draw 2c3d, s2 draw 2d3h, s3 draw 4c5h, s4 draw 6c7h, s2 check")
    rejected(hand, lambda: hand.bet_or_raise_to(3, 10), "OQ-19 step 5")
    act(hand, "s3 check, s4 check, s1 check")
    assert hand.phase == Phase.SHOWDOWN and hand.actor == 2  # OQ-27: the opener first


@pytest.mark.clause("OQ-19")
def test_OQ_19_step_6_when_H_is_all_in_the_first_player_with_chips_to_his_left_opens() -> None:
    hand = deal(stacks=[200, 22, 200, 200])
    act(hand, "s1 check, s2 bet 20, s3 call, s4 call, s1 call")
    assert hand.stacks[1] == 0 and hand.high_bidder == 1
    act(hand, "s1 draw 2c3d, s2 draw 2d3h, s3 draw 4c5h, s4 draw 6c7h")
    assert hand.round_kind == "seen" and hand.actor == 3 and not hand.unseen_round_played


@pytest.mark.clause("OQ-20")
def test_OQ_20_the_unseen_bid_is_an_ordinary_bet_in_the_pot() -> None:
    hand = act(drawn_to_h(), "s2 bet 10")
    rejected(hand, lambda: hand.check(3), "NM-D-2C s1")
    legal = hand.legal_actions()
    pot = 8 + 16 + 10
    assert legal is not None and legal.call_amount == 10
    assert legal.max_raise_to == 10 + max((pot + 10) // 2, 20)


@pytest.mark.clause("NM-D-2E", "OQ-19")
def test_NM_D_2E_s2_H_standing_pat_still_decides_the_unseen_bid() -> None:
    """NM-D-2E s2, read literally: "the one who had the highest bid before
    the exchange determines whether, and how much, shall be bid unseen",
    whatever he drew.  H stood pat: his bet is the unseen bid, the others
    may call it unseen (NM-D-2E s3), and he counts as in unseen."""
    hand = act(deal(), "s1 check, s2 bet 4, s3 call, s4 call, s1 call")
    act(hand, "s1 draw 2c3d, s2 draw, s3 draw 4c5h, s4 draw 6c7h")
    view = hand.seat_view(2)
    assert view.variant.unseen_bet and [n.clause for n in view.hints] == ["NM-D-2E s2"]
    act(hand, "s2 bet 10")
    assert hand.round_kind == "unseen" and hand.unseen_round_played
    assert hand.in_unseen[1] and not hand.seen_acted
    act(hand, "s3 call")  # unseen: s3 has not looked at his two new cards
    assert hand.in_unseen[2]
    # a pat H who checks declines: no unseen round (OQ-19 step 5)
    hand = act(deal(), "s1 check, s2 bet 4, s3 call, s4 call, s1 call")
    act(hand, "s1 draw 2c3d, s2 draw, s3 draw 4c5h, s4 draw 6c7h, s2 check")
    assert hand.round_kind == "seen" and not hand.unseen_round_played


@pytest.mark.clause("NM-D-2E")
def test_NM_D_2E_s4_a_pat_player_behind_H_acts_seen() -> None:
    """Ruling: a player who stood pat, other than H, has seen all his cards,
    so his call in the unseen round is seen and binds those behind him
    (NM-D-2E s4)."""
    hand = act(deal(), "s1 check, s2 bet 4, s3 call, s4 call, s1 call")
    act(hand, "s1 draw 2c3d, s2 draw 2d3h, s3 draw, s4 draw 6c7h, s2 bet 10, s3 call")
    assert hand.seen_acted and hand.must_look(3)


@pytest.mark.clause("NM-D-2E")
def test_NM_D_2E_s4_legal_actions_offer_no_raise_the_engine_refuses() -> None:
    """After a seen call, the unseen player to act may not raise before he
    looks (NM-D-2E s4), so the raise range the table shows him must be
    empty or accepted."""
    hand = act(drawn_to_h(), "s2 bet 10, s3 look, s3 call")
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 4
    assert legal.min_raise_to is None or hand.can_bet_or_raise_to(4, legal.min_raise_to)


@pytest.mark.clause("OQ-42")
def test_OQ_42_a_timeout_checks_when_it_can_and_folds_facing_the_unseen_bid() -> None:
    hand = act(drawn_to_h(), "s2 bet 10, s3 time_out")
    assert hand.folded[2] and hand.events[-1].reason == "timeout"  # type: ignore[attr-defined]
    hand = act(drawn_to_h(), "s2 time_out")
    assert hand.round_kind == "seen" and hand.actor == 3  # H's timeout declines


@pytest.mark.clause("OQ-42", "OQ-15", "NM-D-2E")
def test_OQ_42_the_clock_of_the_draw_stands_pat_and_looks_behind_a_seen_player() -> None:
    """What the server's clock does at a draw table (the variant's
    time-out): a player out of time in the draw stands pat (OQ-15: nothing
    is exchanged without his decision); in the unseen round behind a seen
    player he may not act unseen (NM-D-2E s4), so he looks, then folds to
    the bet he faces (OQ-42)."""
    draw = variant_for("draw")
    hand = act(deal(), "s1 bet 2, s2 call, s3 call, s4 call")
    assert draw.time_out(hand, 1) == [Discarded(seat=1, cards=())]
    assert hand.draw_counts() == {1: 0} and hand.actor == 2
    hand = act(drawn_to_h(), "s2 bet 10, s3 look, s3 call")  # seat 3 is in seen
    looked, folded = draw.time_out(hand, 4)
    assert looked == Looked(seat=4) and folded == Folded(seat=4, reason="timeout")
    assert hand.looked[3] and hand.folded[3] and hand.actor == 1


# ---------------------------------------------------------------- 2G, 3A, 3B


@pytest.mark.clause("NM-D-2G", "OQ-22", "NM-D-3B")
def test_NM_D_2G_OQ_22_table_stakes_a_short_stack_calls_all_in_for_less() -> None:
    hand = deal(stacks=[200, 12, 200, 200])
    act(hand, "s1 bet 20")
    rejected(hand, lambda: hand.bet_or_raise_to(2, 30), "NM-D-3B")  # he has 10 in all
    act(hand, "s2 call, s3 call, s4 fold")
    assert hand.stacks[1] == 0 and hand.total == [22, 12, 22, 2]
    act(hand, "s1 draw, s2 draw, s3 draw, s1 check, s3 check, s1 show, s2 show, s3 show")
    pots = [(a.amount, a.eligible, a.winners) for a in hand.awards]
    assert pots == [(38, (1, 2, 3), (1,)), (20, (1, 3), (1,))]


@pytest.mark.clause("NM-D-2G", "OQ-22")
def test_NM_D_2G_OQ_22_nobody_may_raise_when_no_one_can_call_it() -> None:
    hand = deal(FOUR[:2], stacks=[200, 12])
    act(hand, "s1 bet 4, s2 raise 10")
    assert hand.stacks[1] == 0
    rejected(hand, lambda: hand.bet_or_raise_to(1, 20), "NM-D-2G")
    act(hand, "s1 call")
    assert hand.phase == Phase.DRAWING


@pytest.mark.clause("NM-D-3B")
def test_NM_D_3B_an_uncalled_bet_goes_back() -> None:
    hand = act(deal(FOUR[:2], stacks=[200, 12]), "s1 bet 20, s2 call")
    returned = [e for e in hand.events if type(e).__name__ == "BetsCollected"][-1]
    assert (returned.returned_seat, returned.returned) == (1, 10)  # type: ignore[attr-defined]
    assert hand.stacks == [188, 0] and hand.pot_total == 24


@pytest.mark.clause("NM-D-3A", "OQ-23")
def test_NM_D_3A_the_rulebooks_example_pot_60_bet_30_raise_to_90() -> None:
    """(60 + 30 + 30) / 2 = 60: the raiser puts in 30 + 60 = 90."""
    hand = deal(FOUR[:3], carried_pot=54)  # 54 + 3 antes of 2 = 60
    assert hand.pot_total == 60
    rejected(hand, lambda: hand.bet_or_raise_to(1, 31), "NM-D-3A")
    act(hand, "s1 bet 30")
    legal = hand.legal_actions()
    assert legal is not None and legal.max_raise_to == 90
    rejected(hand, lambda: hand.bet_or_raise_to(2, 91), "NM-D-3A")
    act(hand, "s2 raise 90")
    assert hand.stacks[1] == 200 - 2 - 90


@pytest.mark.clause("NM-D-3A", "OQ-23")
def test_NM_D_3A_OQ_23_ten_antes_may_always_be_bet_or_raised() -> None:
    hand = deal()  # pot 8: half the pot is 4, ten antes 20
    rejected(hand, lambda: hand.bet_or_raise_to(1, 21), "NM-D-3A")
    act(hand, "s1 bet 2")  # pot 10; the raise: (10 + 2) / 2 = 6 < 20
    legal = hand.legal_actions()
    assert legal is not None and legal.max_raise_to == 2 + 20
    rejected(hand, lambda: hand.bet_or_raise_to(2, 23), "NM-D-3A")
    act(hand, "s2 raise 22")


@pytest.mark.clause("NM-D-3A")
def test_NM_D_3A_half_of_an_odd_pot_rounds_down() -> None:
    hand = deal(FOUR[:3], carried_pot=55)  # pot 61
    legal = hand.legal_actions()
    assert legal is not None and legal.max_raise_to == 30


@pytest.mark.clause("NM-D-3A", "OQ-23")
def test_NM_D_3A_OQ_23_the_limit_holds_in_the_unseen_and_seen_rounds() -> None:
    hand = drawn_to_h()  # pot 24: ten antes (20) is more than half (12)
    rejected(hand, lambda: hand.bet_or_raise_to(2, 21), "NM-D-3A")
    act(hand, "s2 bet 20, s3 call, s4 call, s1 call")  # pot 104
    assert hand.round_kind == "seen"
    rejected(hand, lambda: hand.bet_or_raise_to(2, 53), "NM-D-3A")
    act(hand, "s2 bet 52")
    legal = hand.legal_actions()
    assert legal is not None and legal.max_raise_to == 52 + (104 + 52 + 52) // 2


@pytest.mark.clause("OQ-12")
def test_OQ_12_the_minimum_bet_is_one_ante_and_opening_for_0_is_a_check() -> None:
    hand = deal(ante=5)
    rejected(hand, lambda: hand.bet_or_raise_to(1, 4), "OQ-12")
    rejected(hand, lambda: hand.bet_or_raise_to(1, 0), "OQ-12")
    act(hand, "s1 bet 5")
    assert hand.max_bet == 5


@pytest.mark.clause("OQ-12")
def test_OQ_12_the_minimum_raise_is_the_last_bet_or_raise_and_raises_are_not_capped() -> None:
    hand = deal(stacks=[5000] * 4, carried_pot=400)
    act(hand, "s1 bet 6")
    rejected(hand, lambda: hand.bet_or_raise_to(2, 11), "OQ-12")
    act(hand, "s2 raise 12, s3 raise 30")
    rejected(hand, lambda: hand.bet_or_raise_to(4, 47), "OQ-12")
    act(hand, "s4 raise 48, s1 raise 66, s2 raise 84, s3 raise 102, s4 raise 120")
    assert hand.max_bet == 120 and hand.actor == 1


@pytest.mark.clause("OQ-12", "OQ-32")
def test_OQ_12_an_all_in_below_the_minimum_does_not_reopen_the_betting() -> None:
    hand = deal(stacks=[200, 200, 16, 200])
    act(hand, "s1 check, s2 bet 10, s3 raise 14")  # all-in, 4 more: not a full raise
    assert hand.stacks[2] == 0
    act(hand, "s4 call, s1 call")
    rejected(hand, lambda: hand.bet_or_raise_to(2, 30), "OQ-32")  # seat 2 acted already
    act(hand, "s2 call")
    assert hand.phase == Phase.DRAWING


@pytest.mark.clause("NM-D-3B", "OQ-24")
def test_NM_D_3B_s5_OQ_24_several_side_pots_each_to_the_best_hand_that_paid_in() -> None:
    hands = ["2c 2d 2h 7s 9c", "Ac Ad Ah As Kc", "Kh Ks Kd 3c 3d", "Qs Qh Qd 4c 5h"]
    hand = deal(hands, "", stacks=[200, 12, 30, 200])
    act(hand, "s1 bet 20, s2 call, s3 call, s4 call, s1 draw, s2 draw, s3 draw, s4 draw")
    # s1's bet is the unseen bid (NM-D-2E s2, though he stood pat); the seen
    # round follows, both players with chips check
    act(hand, "s1 bet 28, s3 call, s4 call, s1 check, s4 check")
    act(hand, "s1 show, s2 show, s3 show, s4 show")
    pots = [(a.amount, a.eligible, a.winners) for a in hand.awards]
    assert pots == [
        (48, (1, 2, 3, 4), (2,)),  # 12 each: the four aces
        (54, (1, 3, 4), (3,)),  # 18 more each from three: the kings full
        (40, (1, 4), (4,)),  # the rest between seats 1 and 4: three queens
    ]
    assert sum(hand.final_stacks or ()) == 442


@pytest.mark.clause("NM-D-4.0b", "OQ-24")
def test_NM_D_4_0b_OQ_24_a_split_pot_gives_the_odd_chip_left_of_the_dealer() -> None:
    hands = ["As Ks Qs Js 9s", "2c 3c 4d 7h 8h", "Ah Kh Qh Jh 9h"]
    hand = deal(hands, "", ante=1, stacks=[100] * 3)
    act(hand, "s1 bet 2, s2 fold, s3 call, s1 draw, s3 draw, s1 check, s3 check")
    act(hand, "s1 show, s3 show")
    (pot,) = hand.awards
    assert (pot.amount, pot.winners, pot.shares) == (7, (1, 3), (4, 3))
    hands = ["2c 3c 4d 7h 8h", "As Ks Qs Js 9s", "Ah Kh Qh Jh 9h"]
    hand = deal(hands, "", ante=1, stacks=[100] * 3)
    act(hand, "s1 fold, s2 bet 2, s3 call, s2 draw, s3 draw, s2 check, s3 check")
    act(hand, "s2 show, s3 show")
    (pot,) = hand.awards
    assert (pot.amount, pot.winners, pot.shares) == (7, (2, 3), (4, 3))
