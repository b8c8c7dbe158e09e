"""Issue 11: the running hand log in the seat view (``SeatView.log``), built
by the engine from the hand's events: posts, the deal, every action with its
round, the board, draws with their counts where public (OQ-17), shows with
the hand's name, each pot's award (main pot first, NM-D-3B) and the
check-pot carried out of one deal and into the next (OQ-10).  It never names
a card the viewer may not see (DE-HOLE-1/2, NM-D-2E)."""

from __future__ import annotations

import json
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest

from floorman.engine.cards import CARDS, Card, new_deck, parse_cards
from floorman.engine.draw import DrawHand
from floorman.engine.hand_log import hand_name
from floorman.engine.holdem import HoldemHand
from floorman.engine.seat_view import HandName, LogLine, SeatView, seat_view_schema
from floorman.profiles import load_profile
from tests.helpers.holdem import start

VALIDATOR = jsonschema.Draft202012Validator(seat_view_schema())


def kinds(log: tuple[LogLine, ...]) -> list[str]:
    return [line.kind for line in log]


def of_kind(log: tuple[LogLine, ...], kind: str) -> list[LogLine]:
    return [line for line in log if line.kind == kind]


def log_cards(view: SeatView) -> set[str]:
    """Every card text anywhere in the view's log lines."""
    text = json.dumps([line for line in view.to_json()["log"]])
    return {str(c) for c in CARDS if f'"{c}"' in text}


# ------------------------------------------------------------------ hold'em


def side_pot_showdown() -> HoldemHand:
    """Seat 1 (short) holds kings, seat 2 queens, seat 3 jacks; seat 1 is
    all-in pre-flop, seats 2 and 3 bet on into a side pot."""
    hand = start(
        "nm-holdem",
        [100, 300, 300],
        holes=["KsKd", "QsQd", "JsJd"],
        board="8c 9h 4d 3s 2c",
    )
    assert hand.actor == 3
    hand.bet_or_raise_to(3, 100)
    hand.call(1)  # all-in
    hand.call(2)
    hand.bet_or_raise_to(2, 50)  # the flop: seat 1 is all-in, seat 2 acts first
    hand.call(3)
    hand.check(2)
    hand.check(3)
    hand.check(2)
    hand.check(3)
    assert hand.is_complete
    return hand


@pytest.mark.clause("NM-D-3B", "DE-SHOWALL-2")
def test_NM_D_3B_a_side_pot_showdown_awards_the_main_pot_then_the_side_pot() -> None:
    """NM-D-3B: the main pot, then the side pot, each to its own winner;
    DE-SHOWALL-2: every shown hand is announced by name in the log."""
    hand = side_pot_showdown()
    view = hand.seat_view(3)
    VALIDATOR.validate(view.to_json())
    log = view.log
    assert kinds(log)[:3] == ["small_blind", "big_blind", "dealt"]
    assert log[0].amount == 1 and log[1].amount == 2
    raise_line, all_in_call, call = log[3:6]
    assert (raise_line.kind, raise_line.seat, raise_line.to, raise_line.amount) == (
        "raise",
        3,
        100,
        100,
    )
    assert (all_in_call.kind, all_in_call.seat, all_in_call.amount, all_in_call.all_in) == (
        "call",
        1,
        99,
        True,
    )
    assert (call.seat, call.amount, call.all_in, call.round) == (2, 98, False, "preflop")
    boards = of_kind(log, "board")
    assert [(b.round, b.cards) for b in boards] == [
        ("flop", ("8c", "9h", "4d")),
        ("turn", ("3s",)),
        ("river", ("2c",)),
    ]
    bet = log[kinds(log).index("board") + 1]
    assert (bet.kind, bet.seat, bet.to, bet.round) == ("bet", 2, 50, "flop")
    main, side = of_kind(log, "award")
    assert (main.pot, main.amount, main.winners, main.shares) == (0, 300, (1,), (300,))
    assert main.hand == HandName("pair", ("K",))
    assert (side.pot, side.amount, side.winners, side.shares) == (1, 100, (2,), (100,))
    assert side.hand == HandName("pair", ("Q",))
    shows = {line.seat: line for line in of_kind(log, "show")}
    assert shows[1].cards == ("Ks", "Kd") and shows[1].hand == HandName("pair", ("K",))
    assert shows[2].hand == HandName("pair", ("Q",))
    assert kinds(log)[-1] == "hand_over"


@pytest.mark.clause("DE-SHOWALL-2", "NM-H-12")
def test_a_split_pot_names_both_winners_and_the_straight() -> None:
    hand = start("nm-holdem", [100, 100], holes=["2c3d", "2d3c"], board="Ah Kd Qc Jh Ts")
    hand.call(2)  # heads-up: the button is the small blind and acts first (OQ-29)
    hand.check(1)
    for _ in range(3):
        hand.check(1)
        hand.check(2)
    assert hand.is_complete
    (award,) = of_kind(hand.seat_view(None).log, "award")
    assert award.winners == (1, 2) and award.shares == (2, 2) and award.amount == 4
    assert award.hand == HandName("straight", ("A",))


def test_an_uncontested_pot_has_no_hand_name_and_the_uncalled_bet_comes_back() -> None:
    hand = start("nm-holdem", [100, 100, 100])
    hand.bet_or_raise_to(3, 10)
    hand.fold(1)
    hand.fold(2)
    log = hand.seat_view(2).log
    assert kinds(log)[3:] == ["raise", "fold", "fold", "returned", "award", "hand_over"]
    returned = of_kind(log, "returned")[0]
    assert (returned.seat, returned.amount) == (3, 8)  # NM-H-6: above the big blind's 2
    (award,) = of_kind(log, "award")
    assert award.winners == (3,) and award.amount == 5 and award.hand is None
    assert not of_kind(log, "show")


@pytest.mark.clause("DE-HOLE-1", "DE-HOLE-2", "DE-MUCKVIEW-1", "DE-BURN-11")
def test_DE_HOLE_1_other_players_hole_cards_are_never_in_the_log_until_shown() -> None:
    hand = start("nm-holdem", [100, 100, 100], holes=["KsKd", "QsQd", "JsJd"])
    for seat, own in ((1, {"Ks", "Kd"}), (2, {"Qs", "Qd"}), (3, {"Js", "Jd"}), (None, set())):
        view = hand.seat_view(seat)
        assert log_cards(view) == own
        (dealt,) = of_kind(view.log, "dealt")
        assert dealt.seat == seat
        assert dealt.cards == (tuple(sorted(own, reverse=True)) if own else None)
    finished = side_pot_showdown()
    burned = {str(c) for c in finished.burned}
    for seat in (None, 1, 2, 3):
        cards = log_cards(finished.seat_view(seat))
        assert not cards & burned
        # seat 3 mucked his jacks: only his own view names them
        assert ("Js" in cards) == (seat == 3)


def test_a_misdeal_drops_the_collected_cards_from_the_log() -> None:
    hand = start("nm-holdem", [100, 100, 100], holes=["KsKd", "QsQd", "JsJd"])
    deck = [c for c in new_deck() if c not in parse_cards("KsKd")] + list(parse_cards("KsKd"))
    hand.misdeal("a card exposed", deck=deck)  # DE-MISDEAL-1
    log = hand.seat_view(1).log
    assert kinds(log).count("misdeal") == 1
    first, again = of_kind(log, "dealt")
    assert first.cards is None and again.cards is not None
    assert not {"Ks", "Kd"} & set(again.cards)


# ------------------------------------------------------------------ the draw


def draw_deck(hands: list[str], rest: str = "") -> list[Card]:
    """Five cards per player dealt one at a time (deck[i + k * n]), then
    ``rest`` for the draw, then the other cards."""
    n = len(hands)
    cards = [parse_cards(h) for h in hands]
    dealt = [cards[i][k] for k in range(5) for i in range(n)]
    named = [*dealt, *parse_cards(rest)]
    return [*named, *[c for c in new_deck() if c not in set(named)]]


NM_DRAW = load_profile("nm-draw")
HANDS = ["AsAdKc7h2d", "QsQdJc8h3d", "TsTd9c6h4d", "5s5d5c8c2c"]


def draw_hand(carried_pot: int = 0, deck: list[Card] | None = None) -> DrawHand:
    return DrawHand.start(
        NM_DRAW,
        seats=[1, 2, 3, 4],
        stacks=[200] * 4,
        button=4,
        ante_unit=2,
        carried_pot=carried_pot,
        deck=deck or draw_deck(HANDS),
    )


@pytest.mark.clause("OQ-10")
def test_OQ_10_everyone_checks_the_pot_is_carried_out_then_into_the_next_deal() -> None:
    hand = draw_hand()
    for seat in (1, 2, 3, 4):
        hand.check(seat)
    assert hand.is_complete
    log = hand.seat_view(1).log
    assert kinds(log) == [
        *["ante"] * 4,
        "dealt",
        *["check"] * 4,
        "check_pot_out",
        "hand_over",
    ]
    assert all(line.round == "pre-draw" for line in of_kind(log, "check"))
    carried = of_kind(log, "check_pot_out")[0].amount
    assert carried == 8 and not of_kind(log, "award")
    following = draw_hand(carried_pot=carried)
    first = following.seat_view(None).log[0]
    assert (first.kind, first.amount) == ("check_pot_in", 8)


def play_to_the_draw() -> DrawHand:
    hand = draw_hand(deck=draw_deck(HANDS, "KhKs9d 6c 7c7d 3c3h"))
    hand.bet_or_raise_to(1, 10)
    for seat in (2, 3, 4):
        hand.call(seat)
    assert hand.phase == "drawing"
    return hand


@pytest.mark.clause("OQ-17", "NM-D-2D")
def test_OQ_17_draw_counts_are_public_during_the_draw_then_only_the_dealers() -> None:
    hand = play_to_the_draw()
    hand.draw(1, parse_cards("Kc7h2d"))  # three
    hand.draw(2, ())  # stands pat
    hand.draw(3, parse_cards("6h"))
    during = hand.seat_view(3).log
    draws = [(line.kind, line.seat, line.count) for line in during if line.round is None]
    assert ("draw", 1, 3) in draws and ("stand_pat", 2, 0) in draws and ("draw", 3, 1) in draws
    hand.draw(4, parse_cards("8c2c"))  # the dealer draws last: the draw is over (NM-D-2D s4)
    assert hand.phase == "betting"
    for viewer in (None, 3):
        after = {line.seat: line for line in hand.seat_view(viewer).log if line.round is None}
        assert after[4].count == 2 and after[4].kind == "draw"  # the dealer's, always (s5)
        assert after[1].count is None and after[1].kind == "draw"
        assert after[2].count is None and after[2].kind == "draw"  # standing pat not told
        assert after[3].count == (1 if viewer == 3 else None)  # he knows his own
    # what he drew is never listed; his drawn card stays face down until he looks
    drawn = {str(c) for c in hand.drawn[hand.position[3]]}
    assert drawn and not log_cards(hand.seat_view(3)) & drawn


@pytest.mark.clause("NM-D-2E")
def test_NM_D_2E_unlooked_drawn_cards_and_other_hands_never_reach_any_log() -> None:
    hand = play_to_the_draw()
    for seat, cards in ((1, "Kc7h2d"), (2, ""), (3, "6h"), (4, "8c2c")):
        hand.draw(seat, parse_cards(cards) if cards else ())
    hand.look(1)
    hand.bet_or_raise_to(1, 20)  # the high bidder (NM-D-2E s2), seen
    for seat in (2, 3, 4):
        hand.call(seat)
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        hand.check(actor)
    for viewer in (None, 1, 2, 3, 4):
        view = hand.seat_view(viewer)
        VALIDATOR.validate(view.to_json())
        seen = log_cards(view)
        for i, seat in enumerate(hand.seats):
            if i in hand.shown:
                continue
            if seat != viewer:
                assert not seen & {str(c) for c in hand.cards[i]}, (viewer, seat)
            assert not seen & {str(c) for c in hand.drawn[i]}, (viewer, seat)
    log = hand.seat_view(2).log
    assert of_kind(log, "look")[0].seat == 1
    opening = of_kind(log, "raise")[-1] if of_kind(log, "raise") else of_kind(log, "bet")[-1]
    assert opening.seat == 1 and opening.to == 20
    (award, *_) = of_kind(log, "award")
    assert award.pot == 0 and award.hand is not None


def test_hand_names_use_the_evaluator_categories() -> None:
    from floorman.engine.evaluator import evaluate

    def name(text: str) -> HandName:
        return hand_name(evaluate(parse_cards(text)))

    assert name("Kd Kc 7s 7h 2d") == HandName("two_pair", ("K", "7"))
    assert name("Kd Kc Ks 7h 7d") == HandName("full_house", ("K", "7"))
    assert name("As 2d 3h 4c 5s") == HandName("straight", ("5",))  # NM-D-4.5, OQ-25
    assert name("As Ks Qs Js Ts") == HandName("straight_flush", ("A",))
    assert name("2s 5s 9s Js Ks") == HandName("flush", ("K",))
    assert name("2s 5d 9c Jh Ks") == HandName("high_card", ("K",))
    assert name("9s 9d 9c Jh Ks") == HandName("three_of_a_kind", ("9",))
    assert name("9s 9d 9c 9h Ks") == HandName("four_of_a_kind", ("9",))


def test_bots_views_carry_no_log() -> None:
    hand = start("nm-holdem", [100, 100, 100])
    assert hand.seat_view(3, display=False).log == ()
    assert hand.seat_view(3).log


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def test_the_log_round_trips_through_json() -> None:
    view = side_pot_showdown().seat_view(1)
    again = SeatView.from_json(_plain(view.to_json()))
    assert again.log == view.log


def test_NM_H_13_an_agreed_check_down_is_one_line() -> None:
    hand = start("nm-holdem", [100, 100, 100])
    assert hand.profile.checkdown_agreement
    hand.call(3)
    hand.call(1)
    hand.check(2)
    hand.propose_checkdown(1)  # the flop
    hand.vote_checkdown(2, True)
    assert not of_kind(hand.seat_view(None).log, "checkdown")  # seat 3 has yet to agree
    hand.vote_checkdown(3, True)
    (line,) = of_kind(hand.seat_view(None).log, "checkdown")
    assert line.round == "flop"
