"""Text hand histories of five-card draw in PokerStars' "5 Card Draw" layout:
the sections, the draw lines, the unseen round, check-pots, side pots, the
showdown and the summary; and nobody's hidden cards, ever."""

from __future__ import annotations

import datetime
import re
from random import Random

import pytest

from floorman.engine.betting import Phase
from floorman.engine.cards import format_cards, new_deck, parse_cards
from floorman.engine.draw import DrawHand
from floorman.formats.draw_text import describe_draw_hand, draw_hand_to_text
from floorman.formats.nmd import replay_nmd
from floorman.profiles import load_profile

NM_DRAW = load_profile("nm-draw")
WHEN = datetime.datetime(2026, 11, 30, 12, 0, 0)
CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")

UNSEEN = """
variant = 'NMD'
antes = [2, 2, 2, 2]
starting_stacks = [200, 200, 200, 200]
players = ['Ann', 'Bo', 'Cy', 'Di']
actions = [
  'd dh p1 AsAcAd2c3d', 'd dh p2 KhKsKd2d3h', 'd dh p3 QsQhQd4c5h', 'd dh p4 JsJhJd6c7h',
  'p1 cc', 'p2 cbr 4', 'p3 cc', 'p4 cc', 'p1 cc',
  'p1 sd 2c3d', 'd dh p1 9s9h', 'p2 sd 2d3h', 'd dh p2 9d9c',
  'p3 sd 4c5h', 'd dh p3 8s8h', 'p4 sd 6c7h', 'd dh p4 8d8c',
  'p2 cbr 10', 'p3 cc', 'p4 lk', 'p4 cc', 'p1 lk', 'p1 cc',
  'p2 cc', 'p3 cc', 'p4 cc', 'p1 cc',
  'p2 sm KhKsKd9d9c', 'p3 sm -', 'p4 sm -', 'p1 sm AsAcAd9s9h',
]
"""

SIDE_POTS = """
variant = 'NMD'
antes = [5, 5, 3]
starting_stacks = [100, 100, 3]
carried_pot = 12
actions = ['d dh p1 2c4d6h8sTc', 'd dh p2 3c5d7h9sJc', 'd dh p3 AdAh6s8cTd', 'p1 cc', 'p2 cc',
  'p1 sd', 'p2 sd', 'p3 sd', 'p1 cc', 'p2 cc',
  'p1 sm 2c4d6h8sTc', 'p2 sm 3c5d7h9sJc', 'p3 sm AdAh6s8cTd']
"""

CHECK_POT = """
variant = 'NMD'
antes = [5, 5, 5]
starting_stacks = [100, 100, 100]
actions = ['d dh p1 2c4d6h8sTc', 'd dh p2 3c5d7h9sJc', 'd dh p3 2d4h6s8cTd', 'p1 cc', 'p2 cc',
  'p3 cc']
"""


def text_of(source: str | DrawHand, hero: int | None = None) -> list[str]:
    hand = replay_nmd(source) if isinstance(source, str) else source
    return draw_hand_to_text(hand, hand_number=4242, played_at=WHEN, hero=hero).splitlines()


def between(lines: list[str], start: str, end: str) -> list[str]:
    return lines[lines.index(start) + 1 : lines.index(end)]


def test_header_seats_and_antes() -> None:
    lines = text_of(UNSEEN)
    assert lines[:11] == [
        "PokerStars Hand #4242: 5 Card Draw Half Pot Limit (ante 2) - 2026/11/30 12:00:00 ET",
        "Table 'floorman' 5-max Seat #4 is the button",
        "Seat 1: Ann (200 in chips)",
        "Seat 2: Bo (200 in chips)",
        "Seat 3: Cy (200 in chips)",
        "Seat 4: Di (200 in chips)",
        "Ann: posts the ante 2",
        "Bo: posts the ante 2",
        "Cy: posts the ante 2",
        "Di: posts the ante 2",
        "*** DEALING HANDS ***",
    ]


def test_the_pre_draw_round_and_the_draw_in_pokerstars_words() -> None:
    lines = text_of(UNSEEN, hero=3)
    assert between(lines, "*** DEALING HANDS ***", "*** FIRST DRAW ***") == [
        "Dealt to Cy [Qs Qh Qd 4c 5h]",
        "Ann: checks",
        "Bo: bets 4",
        "Cy: calls 4",
        "Di: calls 4",
        "Ann: calls 4",
    ]
    assert between(lines, "*** FIRST DRAW ***", "*** UNSEEN ***") == [
        "Ann: discards 2 cards",
        "Bo: discards 2 cards",
        "Cy: discards 2 cards [4c 5h]",  # the hero's own discards
        "Dealt to Cy [Qs Qh Qd] [8s 8h]",  # seen: he played the seen round
        "Di: discards 2 cards",
    ]


def test_the_unseen_round_is_marked_and_so_is_every_action_made_unseen() -> None:
    lines = text_of(UNSEEN)
    assert between(lines, "*** UNSEEN ***", "*** SEEN ***") == [
        "Bo: bets 10 (unseen)",
        "Cy: calls 10 (unseen)",
        "Di: looks at the cards drawn",
        "Di: calls 10",
        "Ann: looks at the cards drawn",
        "Ann: calls 10",
    ]
    assert between(lines, "*** SEEN ***", "*** SHOW DOWN ***") == [
        "Bo: checks",
        "Cy: checks",
        "Di: checks",
        "Ann: checks",
    ]


def test_when_H_declines_there_is_only_the_seen_round() -> None:
    text = UNSEEN.replace("'p2 cbr 10', 'p3 cc', 'p4 lk', 'p4 cc', 'p1 lk', 'p1 cc',\n", "")
    lines = text_of(text)
    assert "*** UNSEEN ***" not in lines and "(unseen)" not in "\n".join(lines)
    assert lines[lines.index("*** SEEN ***") - 1] == "Di: discards 2 cards"


def test_showdown_collection_and_summary() -> None:
    lines = text_of(UNSEEN, hero=3)
    assert lines[lines.index("*** SHOW DOWN ***") :] == [
        "*** SHOW DOWN ***",
        "Bo: shows [Kh Ks Kd 9d 9c] (a full house, Kings full of Nines)",
        "Cy: mucks hand",
        "Di: mucks hand",
        "Ann: shows [As Ac Ad 9s 9h] (a full house, Aces full of Nines)",
        "Ann collected 64 from pot",
        "*** SUMMARY ***",
        "Total pot 64 | Rake 0",
        "Seat 1: Ann showed [As Ac Ad 9s 9h] and won (64) with a full house, Aces full of Nines",
        "Seat 2: Bo showed [Kh Ks Kd 9d 9c] and lost with a full house, Kings full of Nines",
        "Seat 3: Cy mucked [Qs Qh Qd 8s 8h]",
        "Seat 4: Di (button) mucked",
    ]


def test_side_pots_a_carried_pot_and_an_all_in_ante() -> None:
    lines = text_of(SIDE_POTS)
    assert "Check-pot carried from the previous deal: 12 (OQ-10)" in lines
    assert "seat 3: posts the ante 3 and is all-in" in lines
    assert between(lines, "*** FIRST DRAW ***", "*** SEEN ***") == [
        "seat 1: stands pat",
        "seat 2: stands pat",
        "seat 3: stands pat",
    ]
    assert lines[lines.index("*** SHOW DOWN ***") + 4 :] == [
        "seat 2 collected 4 from side pot",  # the last side pot first, as PokerStars
        "seat 3 collected 21 from main pot",
        "*** SUMMARY ***",
        "Total pot 25 Main pot 21. Side pot 4. | Rake 0",
        "Seat 1: seat 1 showed [2c 4d 6h 8s Tc] and lost with high card Ten",
        "Seat 2: seat 2 showed [3c 5d 7h 9s Jc] and won (4) with high card Jack",
        "Seat 3: seat 3 (button) showed [Ad Ah 6s 8c Td] and won (21) with a pair of Aces",
    ]


def test_a_check_pot_is_carried_to_the_next_deal() -> None:
    lines = text_of(CHECK_POT)
    assert lines[-9:] == [
        "seat 1: checks",
        "seat 2: checks",
        "seat 3: checks",
        "everyone checked: the pot of 15 is carried to the next deal (OQ-10)",
        "*** SUMMARY ***",
        "Total pot 15 carried to the next deal (OQ-10) | Rake 0",
        "Seat 1: seat 1 checked: the pot is carried to the next deal",
        "Seat 2: seat 2 checked: the pot is carried to the next deal",
        "Seat 3: seat 3 (button) checked: the pot is carried to the next deal",
    ]
    assert "*** FIRST DRAW ***" not in lines and "*** SHOW DOWN ***" not in lines


def test_folds_uncalled_bets_timeouts_and_all_ins() -> None:
    hand = DrawHand.start(
        NM_DRAW, seats=[1, 2, 3], stacks=[100, 12, 100], button=3, ante_unit=2, deck=new_deck()
    )
    hand.time_out(1)
    hand.bet_or_raise_to(2, 10)
    hand.bet_or_raise_to(3, 30)
    hand.fold(1)
    hand.draw(2, ())
    hand.draw(3, ())
    lines = text_of(hand)
    assert between(lines, "*** DEALING HANDS ***", "*** FIRST DRAW ***") == [
        "seat 1 has timed out",
        "seat 1: checks",
        "seat 2: bets 10 and is all-in",
        "seat 3: raises 20 to 30",
        "seat 1: folds",
        "Uncalled bet (20) returned to seat 3",
    ]
    assert "Seat 1: seat 1 folded before the Draw (didn't bet)" in lines


def test_a_four_card_draw_the_dealers_burn_and_the_fourth_cards() -> None:
    hands = ["2c 3c 4c 5c Ah", "2s 3s 4s 7s Ac"]
    order = [hands[i].split()[k] for k in range(5) for i in range(2)]
    deck = [*parse_cards(" ".join(order)), *parse_cards("Kc Qc Jc Ks Qs Js 9c Tc Ts")]
    deck += [c for c in new_deck() if c not in deck]
    hand = DrawHand.start(NM_DRAW, seats=[1, 2], stacks=[50, 50], button=2, ante_unit=1, deck=deck)
    hand.bet_or_raise_to(1, 2)
    hand.call(2)
    hand.draw(1, parse_cards("2c 3c 4c 5c"))
    hand.draw(2, parse_cards("2s 3s 4s 7s"))
    hand.fold(1)
    lines = text_of(hand, hero=2)
    assert between(lines, "*** FIRST DRAW ***", "*** SEEN ***") == [
        "seat 1: discards 4 cards",
        "seat 2: discards 4 cards [2s 3s 4s 7s]",
        "Dealt to seat 2 [Ac] (3 unseen)",  # he never looked: folded to him
        "seat 2: burns a card before his fourth (NM-D-2D s8)",
        "seat 1: is dealt the fourth card (NM-D-2D s7)",
        "seat 2: is dealt the fourth card (NM-D-2D s7)",
        "Dealt to seat 2 [Ac] (4 unseen)",
    ]
    assert lines[-2:] == [
        "Seat 1: seat 1 folded after the Draw",
        "Seat 2: seat 2 (button) collected (6)",
    ]


def test_the_heros_drawn_cards_appear_once_he_has_looked() -> None:
    text = UNSEEN.replace("'p4 lk', 'p4 cc'", "'p4 f'").replace(
        "'p4 cc', 'p1 cc',\n  'p2", "'p1 cc',\n  'p2"
    )
    text = text.replace("'p4 sm -', ", "")
    unseen = text_of(text, hero=4)
    assert "Dealt to Di [Js Jh Jd] (2 unseen)" in unseen
    assert "8d" not in "\n".join(unseen)
    looked = text_of(UNSEEN, hero=4)
    assert "Dealt to Di [Js Jh Jd] [8d 8c]" in looked


def test_floor_events_are_written_with_their_clause() -> None:
    hand = DrawHand.start(
        NM_DRAW, seats=[1, 2], stacks=[50, 50], button=2, ante_unit=1, deck=new_deck()
    )
    hand.misdeal("a card was turned", new_deck()[::-1])
    hand.misdeal("again", new_deck())
    hand.penalize(1, 1, clause="NM-D-2C s8, OQ-14", reason="acting out of turn")
    hand.fold(1)
    lines = text_of(hand, hero=1)
    assert lines[4:12] == [
        "seat 1: posts the ante 1",
        "seat 2: posts the ante 1",
        "Misdeal (a card was turned): the same dealer deals again [NM-D-1F, OQ-08]",
        "Misdeal (again): the same dealer deals again [NM-D-1F, OQ-08]",
        "seat 2: pays a penalty of 5 for second misdeal [NM-D-1F s2, OQ-08]",
        "*** DEALING HANDS ***",
        f"Dealt to seat 1 [{format_cards(hand.cards[0])}]",
        "seat 1: pays a penalty of 1 for acting out of turn [NM-D-2C s8, OQ-14]",
    ]
    assert lines.count("*** DEALING HANDS ***") == 1  # only the deal that was played


def test_only_a_finished_hand_and_a_seat_of_it() -> None:
    hand = DrawHand.start(NM_DRAW, seats=[1, 2], stacks=[50, 50], button=2, ante_unit=1)
    with pytest.raises(ValueError, match="finished"):
        draw_hand_to_text(hand, hand_number=1, played_at=WHEN)
    with pytest.raises(ValueError, match="hero seat 5"):
        draw_hand_to_text(replay_nmd(UNSEEN), hand_number=1, played_at=WHEN, hero=5)


def test_hand_descriptions_follow_the_ranking() -> None:
    assert describe_draw_hand(parse_cards("Ah 2c 3d 4s 5h")) == "a straight, Ace to Five"
    assert describe_draw_hand(parse_cards("Qh Kh Ad 2h 3h")) == "high card Ace"


@pytest.mark.clause("NM-D-2E")
def test_no_hidden_card_ever_appears() -> None:
    """Random deals: for every hero (and none), no card of another player
    appears unless shown, and none of the hero's drawn cards before he saw
    them; every deal's text has its sections in order."""
    rng = Random(7)
    for _ in range(150):
        hand = random_deal(rng)
        for hero in (None, *hand.seats):
            written = set(CARD.findall("\n".join(text_of(hand, hero))))
            for i, seat in enumerate(hand.seats):
                if i in hand.shown:
                    continue
                own = seat == hero
                secret = [] if own and hand.looked[i] else list(hand.drawn[i])
                if not own:
                    secret += [*hand.cards[i], *(hand.discarded[i] or ())]
                assert not written & {str(c) for c in secret}, (hero, seat)
        lines = text_of(hand)
        sections = [line for line in lines if line.startswith("*** ")]
        expected = ["*** DEALING HANDS ***", "*** FIRST DRAW ***", "*** UNSEEN ***", "*** SEEN ***"]
        expected += ["*** SHOW DOWN ***", "*** SUMMARY ***"]
        assert sections == [s for s in expected if s in sections]
        assert ("*** UNSEEN ***" in sections) == hand.unseen_round_played


def random_deal(rng: Random) -> DrawHand:
    seats = sorted(rng.sample(range(1, 10), rng.randint(2, 5)))
    deck = new_deck()
    rng.shuffle(deck)
    hand = DrawHand.start(
        NM_DRAW,
        seats=seats,
        stacks=[rng.choice([3, 20, 90, 300]) for _ in seats],
        button=rng.choice(seats),
        ante_unit=rng.choice([1, 2]),
        players=[f"player {s}" for s in seats],
        deck=deck,
    )
    while not hand.is_complete:
        seat = hand.actor
        assert seat is not None
        if hand.phase == Phase.DRAWING:
            held = hand.cards[hand.position[seat]]
            hand.draw(seat, rng.sample(held, rng.randint(0, 4)))
            continue
        if hand.phase == Phase.SHOWDOWN:
            hand.muck(seat) if hand.can_muck(seat) else hand.show(seat)
            continue
        if rng.random() < 0.3 and hand.can_look(seat):
            hand.look(seat)
        legal = hand.legal_actions()
        assert legal is not None
        if not hand.can_call(seat) and legal.call_amount:
            hand.look(seat)  # NM-D-2E s4
        roll = rng.random()
        if roll < 0.1:
            hand.fold(seat)
        elif roll < 0.45 and legal.min_raise_to is not None and legal.max_raise_to is not None:
            hand.bet_or_raise_to(seat, rng.randint(legal.min_raise_to, legal.max_raise_to))
        else:
            hand.check_or_call(seat)
    return hand
