"""PokerStars-style text export: the layout tracker software reads, checked
line by line on hands with side pots, split pots, uncalled bets and all-in
run-outs, and read back by PokerKit's PokerStars parser to the same stacks."""

from __future__ import annotations

import datetime
import re
import warnings
from pathlib import Path
from random import Random

import pytest
from pokerkit import HandHistory

from floorman.engine.cards import parse_cards, shuffled_deck
from floorman.engine.holdem import HoldemHand
from floorman.formats.phh import read_phh_file, replay_phh
from floorman.formats.pokerstars import describe_hand, hand_to_pokerstars
from floorman.profiles import load_profile
from tests.helpers.holdem import start as holdem_start

DATA = Path(__file__).resolve().parent / "data" / "phh"
WHEN = datetime.datetime(2026, 11, 30, 12, 0, 0)


def sample(name: str) -> HoldemHand:
    """A sample hand replayed under the NM rulebook: one pot per all-in
    level (NM-D-3B), each with its own odd chip (OQ-67)."""
    return replay_phh(
        read_phh_file(DATA / name), profile=load_profile("nm-holdem"), check_finishing_stacks=False
    )


def text_of(hand: HoldemHand, hero: int | None = None) -> list[str]:
    return hand_to_pokerstars(hand, hand_number=4242, played_at=WHEN, hero=hero).splitlines()


def between(lines: list[str], start: str, end: str) -> list[str]:
    return lines[lines.index(start) + 1 : lines.index(end)]


def pokerkit_stacks(text: str) -> tuple[int, ...]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        (history,) = HandHistory.from_pokerstars(text, error_status=True)
        *_, final = history
    return tuple(final.stacks)


def test_header_table_seats_and_blinds() -> None:
    lines = text_of(sample("nt-sidepots/00000.phh"), hero=1)
    assert lines[0] == "PokerStars Hand #4242: Hold'em No Limit (100/200) - 2026/11/30 12:00:00 ET"
    assert lines[1] == "Table 'floorman' 10-max Seat #5 is the button"
    assert lines[2:7] == [
        "Seat 1: seat 1 (285 in chips)",
        "Seat 2: seat 2 (45600 in chips)",
        "Seat 3: seat 3 (1243 in chips)",
        "Seat 4: seat 4 (58000 in chips)",
        "Seat 5: seat 5 (6200 in chips)",
    ]
    assert lines[7:11] == [
        "seat 1: posts small blind 100",
        "seat 2: posts big blind 200",
        "*** HOLE CARDS ***",
        "Dealt to seat 1 [Ts Ah]",
    ]


def test_all_in_run_out_with_an_uncalled_bet() -> None:
    """The hands were tabled before the board (OQ-27); PokerStars prints the
    board first, then the showdown."""
    lines = text_of(sample("nt-sidepots/00000.phh"))
    assert between(lines, "*** HOLE CARDS ***", "*** FLOP *** [9s 2d Th]") == [
        "seat 3: calls 200",
        "seat 4: folds",
        "seat 5: raises 200 to 400",
        "seat 1: calls 185 and is all-in",
        "seat 2: folds",
        "seat 3: folds",
        "Uncalled bet (115) returned to seat 5",
    ]
    assert between(lines, "*** RIVER *** [9s 2d Th 8s] [7s]", "*** SUMMARY ***") == [
        "*** SHOW DOWN ***",
        "seat 5: shows [3s 4s] (a flush, Nine high)",
        "seat 1: shows [Ts Ah] (a pair of Tens)",
        "seat 5 collected 970 from pot",
    ]
    assert lines[lines.index("*** SUMMARY ***") + 1 :] == [
        "Total pot 970 | Rake 0",
        "Board [9s 2d Th 8s 7s]",
        "Seat 1: seat 1 (small blind) showed [Ts Ah] and lost with a pair of Tens",
        "Seat 2: seat 2 (big blind) folded before Flop",
        "Seat 3: seat 3 folded before Flop",
        "Seat 4: seat 4 folded before Flop (didn't bet)",
        "Seat 5: seat 5 (button) showed [3s 4s] and won (970) with a flush, Nine high",
    ]
    assert not any(line.startswith("Dealt to") for line in lines)


def test_side_pots_are_numbered_and_settled_from_the_last() -> None:
    lines = text_of(sample("nt-sidepots/00163.phh"))
    collected = [line for line in lines if " collected " in line]
    assert collected == [
        "seat 3 collected 1390 from side pot-3",
        "seat 3 collected 2 from side pot-2",
        "seat 5 collected 2 from side pot-2",
        "seat 3 collected 126 from side pot-1",
        "seat 5 collected 125 from side pot-1",
        "seat 3 collected 39 from main pot",
        "seat 5 collected 38 from main pot",
    ]
    summary = lines[lines.index("*** SUMMARY ***") + 1]
    assert summary == (
        "Total pot 1722 Main pot 77. Side pot-1 251. Side pot-2 4. Side pot-3 1390. | Rake 0"
    )
    assert "Seat 3: seat 3 showed [Kd Ah] and won (1557) with two pair, Aces and Jacks" in lines
    assert "Seat 8: seat 8 (button) folded before Flop" in lines


def test_one_side_pot_is_just_the_side_pot() -> None:
    lines = text_of(sample("nt-sidepots/00099.phh"))
    assert [line for line in lines if " collected " in line] == [
        "seat 3 collected 18 from side pot",
        "seat 3 collected 182 from main pot",
    ]
    assert "Total pot 200 Main pot 182. Side pot 18. | Rake 0" in lines


def test_a_split_pot_has_one_line_per_winner_odd_chip_first() -> None:
    """The odd chip goes to the first winner left of the button (DE-ODDCHIP-1)."""
    lines = text_of(sample("pluribus-sample/102_0.phh"))
    assert [line for line in lines if " collected " in line] == [
        "MrBlue collected 675 from pot",
        "MrBrown collected 674 from pot",
    ]
    assert "MrBrown: bets 337" in lines and "MrBlue: calls 337" in lines
    assert "Seat 5: MrBrown showed [6d Ad] and won (674) with a pair of Aces" in lines
    assert "Seat 2: MrBlonde (big blind) folded on the River" in lines


def test_mucked_hands_and_winners_without_a_showdown() -> None:
    hand = sample("nt-sidepots/00341.phh")
    lines = text_of(hand)
    mucks = [line for line in lines if line.endswith(": mucks hand")]
    assert mucks and all(line.split(":")[0] in hand.players for line in mucks)
    assert any(line.endswith(" mucked") for line in lines)
    folded_out = text_of(sample("nt-sidepots/00028.phh"))
    assert "*** SHOW DOWN ***" not in folded_out
    assert any(re.fullmatch(r"Seat \d+: .+ collected \(\d+\)", line) for line in folded_out)


def test_big_blind_ante_is_posted_as_an_ante() -> None:
    hand = replay_phh(
        """
variant = 'NT'
antes = [0, 3, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'd dh p3 QhQd', 'p3 f', 'p1 f']
"""
    )
    lines = text_of(hand, hero=2)
    assert lines[5:8] == [
        "seat 2: posts the ante 3",
        "seat 1: posts small blind 1",
        "seat 2: posts big blind 2",
    ]
    assert "Uncalled bet (1) returned to seat 2" in lines
    assert "seat 2 collected 5 from pot" in lines
    assert "Seat 2: seat 2 (big blind) collected (5)" in lines


def test_heads_up_the_button_is_the_small_blind_and_a_time_out_is_said() -> None:
    deck = shuffled_deck(Random(5).randrange)
    hand = HoldemHand.start(
        load_profile("nm-holdem"), seats=[2, 6], stacks=[300, 300], button=6, deck=deck
    )
    hand.bet_or_raise_to(6, 8)
    hand.time_out(2)
    lines = text_of(hand, hero=6)
    assert lines[4:] == [
        "seat 6: posts small blind 1",
        "seat 2: posts big blind 2",
        "*** HOLE CARDS ***",
        f"Dealt to seat 6 [{deck[1]} {deck[3]}]",  # second in the deal, two rounds
        "seat 6: raises 6 to 8",
        "seat 2 has timed out",
        "seat 2: folds",
        "Uncalled bet (6) returned to seat 6",
        "seat 6 collected 4 from pot",
        "*** SUMMARY ***",
        "Total pot 4 | Rake 0",
        "Seat 2: seat 2 (big blind) folded before Flop",
        "Seat 6: seat 6 (button) (small blind) collected (4)",
    ]


def test_only_a_finished_hand_and_a_seat_in_it() -> None:
    deck = shuffled_deck(Random(1).randrange)
    hand = HoldemHand.start(
        load_profile("nm-holdem"), seats=[1, 2, 3], stacks=[100] * 3, button=3, deck=deck
    )
    with pytest.raises(ValueError, match="finished"):
        text_of(hand)
    hand.fold(3)
    hand.fold(1)
    with pytest.raises(ValueError, match="hero seat 9"):
        text_of(hand, hero=9)


def test_a_misdealt_hand_shows_the_second_deal_and_a_penalty_is_refused() -> None:
    hand = HoldemHand.start(
        load_profile("nm-holdem"), seats=[1, 2, 3], stacks=[100] * 3, button=3, deck=None
    )
    for seat, cards in ((1, "2c2d"), (2, "2h2s"), (3, "3c3d")):
        hand.deal_hole(seat, parse_cards(cards))
    hand.misdeal("a card exposed in the deal")
    for seat, cards in ((1, "4c4d"), (2, "4h4s"), (3, "5c5d")):
        hand.deal_hole(seat, parse_cards(cards))
    hand.penalize(3, 1, clause="NM-H-18, OQ-14")
    hand.fold(3)
    hand.fold(1)
    with pytest.raises(ValueError, match="penalty"):
        text_of(hand)


@pytest.mark.parametrize(
    "name",
    [
        "nt-sidepots/00000.phh",
        "nt-sidepots/00099.phh",
        "nt-sidepots/00341.phh",
        "nt-sidepots/00444.phh",
        "pluribus-sample/102_0.phh",
        "pluribus-sample/90_57.phh",
    ]
    + [f"nt-sidepots/{k:05}.phh" for k in range(1, 500, 25)],
)
def test_pokerkit_reads_the_text_back_to_our_stacks(name: str) -> None:
    """(Not on the hands where PokerKit's rules differ from ours: test_phh.)"""
    hand = sample(name)
    lines = text_of(hand)
    collected = sum(int(m[1]) for line in lines if (m := re.search(r" collected (\d+) from", line)))
    total = re.search(r"^Total pot (\d+)", lines[lines.index("*** SUMMARY ***") + 1])
    assert total is not None and collected == int(total[1])
    assert sum(hand.starting_stacks) == sum(hand.final_stacks or ())
    assert pokerkit_stacks("\n".join(lines)) == hand.final_stacks


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("AsKsQsJsTs 2c 3d", "a Royal Flush"),
        ("9h8h7h6h5h Ac Ad", "a straight flush, Five to Nine"),
        ("As2s3s4s5s Kd Qd", "a straight flush, Ace to Five"),
        ("7c7d7h7s 2c 3d Kd", "four of a kind, Sevens"),
        ("6c6d6h 9s9c Ks 2d", "a full house, Sixes full of Nines"),
        ("Ah9h5h3h2h Kd Qd", "a flush, Ace high"),
        ("Tc9d8h7s6c 2d 2h", "a straight, Six to Ten"),
        ("Ac2d3h4s5c Kd Jh", "a straight, Ace to Five"),
        ("QcQdQh 2s 7c 9d Kh", "three of a kind, Queens"),
        ("AcAd KhKs 2c 2d 7h", "two pair, Aces and Kings"),
        ("JcJd 2h 5s 7c 9d Kh", "a pair of Jacks"),
        ("Ac Jd 2h 5s 7c 9d 3h", "high card Ace"),
    ],
)
def test_hands_are_named_as_pokerstars_names_them(cards: str, words: str) -> None:
    assert describe_hand(parse_cards(cards)) == words


def test_an_all_dead_hand_says_its_pot_is_carried_and_the_next_hand_carries_it_in() -> None:
    """DE-DEAL-3, DE-SEATED-3, OQ-45: every player away, the blinds are
    posted and the pot goes on to the next hand; the history says so instead
    of a pot of 0, and the next hand's history opens with the carried pot."""
    dead = holdem_start("de-holdem", [100, 100, 100], dead=[1, 2, 3])
    lines = text_of(dead)
    assert "seat 1: posts small blind 1" in lines and "seat 2: posts big blind 2" in lines
    assert (
        "every hand is dead: the pot of 3 is carried to the next hand (DE-SEATED-3, OQ-45)" in lines
    )
    assert "Total pot 3 carried to the next hand (DE-SEATED-3) | Rake 0" in lines
    assert not any(line.startswith("Total pot 0") or "collected" in line for line in lines)
    following = holdem_start("de-holdem", [99, 98, 100], dead=[2, 3], carried_pot=3)
    lines = text_of(following)
    assert lines[5] == "Dead pot carried from the previous hand: 3 (DE-SEATED-3, OQ-45)"
    assert any(line.startswith("seat 1 collected 6 from pot") for line in lines), lines
