"""The per-call evaluator: the rulings (clause-named), every five-card hand,
the generated tables against the reference code, and properties."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, permutations, starmap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.engine import _eval_tables, evaluator
from floorman.engine.cards import Card, parse_cards
from floorman.engine.errors import CardError
from floorman.engine.evaluator import (
    BEST,
    CATEGORY_FLOORS,
    WORST,
    HandCategory,
    best_five,
    category,
    describe,
    evaluate,
    evaluate5,
    evaluate6,
    evaluate7,
)

C = HandCategory


def strength(text: str) -> int:
    return evaluate(parse_cards(text))


def brute_force(cards: Sequence[int]) -> int:
    """Independent reference: the best of every five-card subset."""
    return max(evaluate5(*five) for five in combinations(cards, 5))


# ------------------------------------------------------------------ rulings


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
def test_NM_D_4_0a_categories_rank_in_the_standard_order() -> None:
    ladder = [
        ("Ks Jd 9c 6h 3s", C.HIGH_CARD),
        ("Ks Kd 9c 6h 3s", C.PAIR),
        ("Ks Kd 9c 9h 3s", C.TWO_PAIR),
        ("Ks Kd Kc 6h 3s", C.THREE_OF_A_KIND),
        ("9s 8d 7c 6h 5s", C.STRAIGHT),
        ("Ks Js 9s 6s 3s", C.FLUSH),
        ("Ks Kd Kc 6h 6s", C.FULL_HOUSE),
        ("Ks Kd Kc Kh 3s", C.FOUR_OF_A_KIND),
        ("9s 8s 7s 6s 5s", C.STRAIGHT_FLUSH),
    ]
    strengths = [strength(text) for text, _ in ladder]
    assert strengths == sorted(strengths) and len(set(strengths)) == len(strengths)
    assert [category(s) for s in strengths] == [kind for _, kind in ladder]


@pytest.mark.clause("NM-D-4.0a")
def test_NM_D_4_0a_strengths_run_from_worst_to_best() -> None:
    assert strength("7s 5d 4c 3h 2s") == WORST == 1  # the worst hand there is
    assert strength("As Ks Qs Js Ts") == BEST == 7462
    assert [category(f) for f in CATEGORY_FLOORS] == list(HandCategory)
    assert [category(f - 1) for f in CATEGORY_FLOORS[1:]] == list(HandCategory)[:-1]


@pytest.mark.clause("NM-D-4.0b")
def test_NM_D_4_0b_suits_never_rank() -> None:
    assert strength("As Ks Qs Js Ts") == strength("Ah Kh Qh Jh Th") == strength("Ac Kc Qc Jc Tc")
    assert strength("As Kd 9c 6h 3s") == strength("Ac Kh 9d 6s 3c")
    assert strength("Ks Kd 7c 7h 2s 3d 4c") == strength("Kc Kh 7s 7d 2h 3c 4d")


@pytest.mark.clause("NM-D-4.0b")
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True), st.permutations(range(4)))
def test_NM_D_4_0b_relabelling_suits_changes_nothing(cards: list[int], suits: list[int]) -> None:
    relabelled = [card & ~3 | suits[card & 3] for card in cards]
    assert evaluate7(*relabelled) == evaluate7(*cards)


@pytest.mark.clause("NM-D-4.1", "NM-D-4.0a")
def test_NM_D_4_1_wheel_is_lowest_straight_flush() -> None:
    wheel = strength("5s 4s 3s 2s As")
    assert category(wheel) is C.STRAIGHT_FLUSH
    assert wheel == CATEGORY_FLOORS[C.STRAIGHT_FLUSH]
    assert wheel < strength("6s 5s 4s 3s 2s")
    assert wheel > strength("As Ad Ac Ah Ks")  # still beats any four of a kind


@pytest.mark.clause("NM-D-4.1")
def test_NM_D_4_1_royal_flush_is_just_the_best_straight_flush() -> None:
    royal = strength("As Ks Qs Js Ts")
    assert category(royal) is C.STRAIGHT_FLUSH and royal == BEST
    assert royal == strength("Ah Kh Qh Jh Th 2h 3h")  # a flush of seven: five count
    assert describe(royal) == "a Royal Flush"


@pytest.mark.clause("NM-D-4.2", "OQ-26")
def test_NM_D_4_2_four_of_a_kind_then_kicker() -> None:
    assert strength("3s 3d 3c 3h 2s") > strength("2s 2d 2c 2h As")
    assert strength("Ks Kd Kc Kh Qs") > strength("Ks Kd Kc Kh Js")
    assert strength("Ks Kd Kc Kh Qs 2d 2c") == strength("Ks Kd Kc Kh Qd Qc Qh")


@pytest.mark.clause("NM-D-4.3", "OQ-26")
def test_NM_D_4_3_full_house_by_trips_then_pair() -> None:
    assert strength("3s 3d 3c 2h 2s") > strength("2s 2d 2c Ah As")
    assert strength("Ks Kd Kc 9h 9s") > strength("Ks Kd Kc 8h 8s")
    # Two trips: the lower plays as the pair.
    assert strength("Ks Kd Kc 9h 9s 9d 2c") == strength("Ks Kd Kc 9h 9s")


@pytest.mark.clause("NM-D-4.4")
def test_NM_D_4_4_flush_compares_card_by_card() -> None:
    assert strength("As 9s 7s 4s 2s") > strength("Ks Qs Js 9s 7s")
    assert strength("Ah 9h 7h 4h 3h") > strength("As 9s 7s 4s 2s")
    assert strength("Ah 9h 7h 4h 3h") == strength("Ad 9d 7d 4d 3d")
    assert strength("Ah 9h 7h 4h 3h 2h Kd") == strength("Ah 9h 7h 4h 3h Kd Qc")


@pytest.mark.clause("NM-D-4.5")
def test_NM_D_4_5_straights_by_top_card() -> None:
    assert strength("As Kd Qc Jh Ts") > strength("Ks Qd Jc Th 9s") > strength("6s 5d 4c 3h 2s")
    assert category(strength("Ts 9d 8c 7h 6s 5d 4c")) is C.STRAIGHT
    assert strength("Ts 9d 8c 7h 6s 5d 4c") == strength("Ts 9d 8c 7h 6s")  # the top five


@pytest.mark.clause("OQ-25", "NM-D-4.0a", "NM-D-4.5")
def test_OQ_25_ace_low_straight_no_wraparound() -> None:
    wheel = strength("As 2d 3c 4h 5s")
    assert category(wheel) is C.STRAIGHT
    assert wheel == CATEGORY_FLOORS[C.STRAIGHT]  # the lowest straight: five high
    assert wheel < strength("2s 3d 4c 5h 6s")
    for wrap in ("Qs Kd Ac 2h 3s", "Ks Ad 2c 3h 4s", "Js Qd Kc Ah 2s"):
        assert category(strength(wrap)) is C.HIGH_CARD
    assert category(strength("Qs Kd Ac 2h 3s 9c 8d")) is C.HIGH_CARD


@pytest.mark.clause("NM-D-4.6")
def test_NM_D_4_6_three_of_a_kind_then_kickers() -> None:
    assert strength("4s 4d 4c 2h 3s") > strength("3s 3d 3c Ah Ks")
    assert strength("4s 4d 4c Ah 3s") > strength("4s 4d 4c Kh Qs")
    assert strength("4s 4d 4c Ah Ks") > strength("4s 4d 4c Ah Qs")


@pytest.mark.clause("NM-D-4.7")
def test_NM_D_4_7_two_pair_high_pair_low_pair_kicker() -> None:
    assert strength("As Ad 2c 2h 3s") > strength("Ks Kd Qc Qh As")
    assert strength("As Ad 3c 3h 2s") > strength("As Ad 2c 2h Ks")
    assert strength("As Ad 3c 3h 5s") > strength("As Ad 3c 3h 4s")
    # Three pairs: the best two and the best remaining card.
    assert strength("As Ad 3c 3h 2s 2d 4c") == strength("As Ad 3c 3h 4c")
    assert strength("As Ad 3c 3h 5s 5d 4c") == strength("As Ad 5s 5d 4c")


@pytest.mark.clause("NM-D-4.8")
def test_NM_D_4_8_one_pair_then_three_kickers() -> None:
    assert strength("3s 3d 2c 4h 5s") > strength("2s 2d Ac Kh Qs")
    assert strength("9s 9d Ac 4h 3s") > strength("9s 9d Kc Qh Js")
    assert strength("9s 9d Ac Kh 3s") > strength("9s 9d Ac Qh Js")
    assert strength("9s 9d Ac Kh 4s") > strength("9s 9d Ac Kh 3s")


@pytest.mark.clause("NM-D-4.9")
def test_NM_D_4_9_high_card_compares_card_by_card() -> None:
    assert strength("As 4d 3c 2h 6s") > strength("Ks Qd Jc 9h 8s")
    assert strength("As Kd 3c 2h 5s") > strength("As Qd Jc 9h 8s")
    assert strength("As Kd Qc Jh 9s") == CATEGORY_FLOORS[C.PAIR] - 1  # the best high card


@pytest.mark.clause("OQ-26")
def test_OQ_26_kickers() -> None:
    """Kickers decide in order; equal five-card hands tie."""
    assert strength("Ah Ad Kc 7s 3h") > strength("As Ac Qd Jh Ts")
    assert strength("Ah Ad Kc 7s 4h") > strength("As Ac Kd 7h 3s")
    assert strength("Ah Ad Kc 7s 3h") == strength("As Ac Kd 7h 3s")
    board = "Ah Ad 9c 7s 2h"
    assert strength(f"{board} Kc 3d") > strength(f"{board} Qc Jd")


@pytest.mark.clause("OQ-35", "NM-D-4.0b")
def test_OQ_35_equal_hands_tie_whatever_the_suits() -> None:
    assert strength("Ts 9s 8d 7d 6c 2h 2c") == strength("Th 9c 8c 7h 6d 2s 2d")
    assert strength("Kh Kd 5s 5c 9d") == strength("Ks Kc 5h 5d 9c")


@pytest.mark.clause("DE-FIVECARDS-1")
def test_DE_FIVECARDS_1_only_five_cards_count() -> None:
    """A sixth or seventh card never breaks a tie."""
    board = "As Kd Qc Jh 9s"
    assert strength(f"{board} 2c 3d") == strength(f"{board} 4c 5d") == strength(board)
    assert strength("7s 7d 7c 7h Ks Qd Jc") == strength("7s 7d 7c 7h Ks 2d 3c")
    assert strength("Ks Kd 8c 8h 6s 4d 2c") == strength("Ks Kd 8c 8h 6s 5d 3c")


@pytest.mark.clause("DE-FIVECARDS-2", "NM-H-11")
def test_DE_FIVECARDS_2_the_best_five_of_seven_play() -> None:
    cards = parse_cards("Kd Th Kc 2c Ks Td 3d")
    five = best_five(cards)
    assert five == parse_cards("Ks Kd Kc Th Td")
    assert evaluate(five) == evaluate(cards)
    assert describe(evaluate(cards)) == "a full house, Kings full of Tens"


# --------------------------------------------------------------- exhaustive

FIVE_CARD_COUNTS = {
    C.STRAIGHT_FLUSH: 40,
    C.FOUR_OF_A_KIND: 624,
    C.FULL_HOUSE: 3_744,
    C.FLUSH: 5_108,
    C.STRAIGHT: 10_200,
    C.THREE_OF_A_KIND: 54_912,
    C.TWO_PAIR: 123_552,
    C.PAIR: 1_098_240,
    C.HIGH_CARD: 1_302_540,
}


def test_every_five_card_hand() -> None:
    """All 2,598,960 hands: the category counts, 7,462 distinct strengths."""
    by_strength = Counter(starmap(evaluate5, combinations(range(52), 5)))
    assert sum(by_strength.values()) == 2_598_960
    assert len(by_strength) == 7462 and min(by_strength) == 1 and max(by_strength) == 7462
    counts: Counter[HandCategory] = Counter()
    for value, n in by_strength.items():
        counts[category(value)] += n
    assert counts == FIVE_CARD_COUNTS


# ------------------------------------------------------------------ tables


def test_generated_tables_match_the_reference_code() -> None:
    """_eval_tables.py is what scripts/gen_eval_tables.py writes today."""
    built = evaluator.build_tables()
    for name in ("NONFLUSH5", "NONFLUSH6", "NONFLUSH7", "FLUSH"):
        stored = evaluator.decode_table(getattr(_eval_tables, name)).tolist()
        assert stored == built[name.lower()], f"{name} is stale: run scripts/gen_eval_tables.py"


def test_table_keys_are_the_rank_key_sums() -> None:
    for n in (5, 6, 7):
        expected = [
            sum(evaluator.RANK_KEYS[r] for r in ranks) - n * evaluator.CENTRE
            for ranks in evaluator.rank_multisets(n)
        ]
        assert evaluator.table_keys(n) == expected
        assert len(set(expected)) == len(expected) == {5: 6175, 6: 18395, 7: 49205}[n]


def test_six_and_seven_card_tables_are_the_best_five_card_subset() -> None:
    """Every rank multiset of 6 and 7 cards (and every flush mask of 6 or 7
    ranks) against the best of its five-card parts, from the 5-card table."""
    reference = evaluator.build_tables()["nonflush5"]
    five = dict(zip(evaluator.rank_multisets(5), reference, strict=True))
    for n in (6, 7):
        table = evaluator.nonflush_table(n)
        for ranks, key in zip(evaluator.rank_multisets(n), evaluator.table_keys(n), strict=True):
            assert table[key] == max(five[sub] for sub in set(combinations(ranks, 5)))
    flush = evaluator.flush_table()
    for mask in range(8192):
        if mask.bit_count() > 5:
            ranks = [r for r in range(13) if mask >> r & 1]
            assert flush[mask] == max(
                flush[sum(1 << r for r in sub)] for sub in combinations(ranks, 5)
            )


def test_partial_sums_stay_single_digit_ints() -> None:
    """The speed claim: every partial sum evaluate7 forms fits one 30-bit
    CPython digit (the highest and lowest j cards bound them all)."""
    keys = sorted(evaluator._KEY)
    for j in range(1, 8):
        assert sum(keys[:j]) > -(2**30) and sum(keys[-j:]) < 2**30


# ----------------------------------------------------------- differential


@pytest.mark.parametrize("n", [5, 6, 7])
def test_per_call_matches_brute_force_and_phevaluator(n: int) -> None:
    from phevaluator import evaluate_cards

    rng = random.Random(20240 + n)
    fast = {5: evaluate5, 6: evaluate6, 7: evaluate7}[n]
    for _ in range(20_000 if n > 5 else 5_000):
        cards = rng.sample(range(52), n)
        value = fast(*cards)
        assert value == evaluate(cards) == brute_force(cards)
        # phevaluator numbers the same classes 1 (best) .. 7462 (worst).
        assert value == 7463 - evaluate_cards(*cards)


def test_ordering_agrees_with_phevaluator() -> None:
    from phevaluator import evaluate_cards

    rng = random.Random(7)
    hands = [rng.sample(range(52), 7) for _ in range(3_000)]
    ours = [evaluate7(*h) for h in hands]
    theirs = [evaluate_cards(*h) for h in hands]
    for i in range(0, len(hands) - 1, 2):
        a, b = ours[i] - ours[i + 1], theirs[i + 1] - theirs[i]
        assert (a > 0) == (b > 0) and (a == 0) == (b == 0)


def test_card_objects_and_ints_agree() -> None:
    cards = parse_cards("As Kd Qc Jh 9s 9d 2c")
    assert evaluate7(*cards) == evaluate7(*map(int, cards))


# --------------------------------------------------------------- properties

seven = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)


@given(seven)
def test_adding_a_card_never_weakens_a_hand(cards: list[int]) -> None:
    assert evaluate5(*cards[:5]) <= evaluate6(*cards[:6]) <= evaluate7(*cards)


@settings(max_examples=50)
@given(seven, st.randoms(use_true_random=False))
def test_order_of_the_cards_does_not_matter(cards: list[int], rnd: random.Random) -> None:
    expected = evaluate7(*cards)
    for _ in range(20):
        rnd.shuffle(cards)
        assert evaluate7(*cards) == expected
    assert {evaluate5(*p) for p in permutations(cards[:5])} == {evaluate5(*cards[:5])}


@given(seven)
def test_best_five_is_five_of_the_cards_and_as_strong(cards: list[int]) -> None:
    five = best_five(cards)
    assert len(five) == 5 and set(five) <= set(cards)
    assert all(isinstance(card, Card) for card in five)
    assert evaluate(five) == evaluate(cards)


# ---------------------------------------------------------------- display


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("As Ks Qs Js Ts 2c 3d", "a Royal Flush"),
        ("9h 8h 7h 6h 5h Ac Ad", "a straight flush, Five to Nine"),
        ("As 2s 3s 4s 5s Kd Qd", "a straight flush, Ace to Five"),
        ("7c 7d 7h 7s 2c 3d Kd", "four of a kind, Sevens"),
        ("Kd Kc Ks Th Td 2c 3d", "a full house, Kings full of Tens"),
        ("6c 6d 6h 9s 9c Ks 2d", "a full house, Sixes full of Nines"),
        ("Ah 9h 5h 3h 2h Kd Qd", "a flush, Ace high"),
        ("Tc 9d 8h 7s 6c 2d 2h", "a straight, Six to Ten"),
        ("Ac 2d 3h 4s 5c Kd Jh", "a straight, Ace to Five"),
        ("2c 2d 2h 7s Kh 9c 4d", "three of a kind, Deuces"),
        ("Ac Ad 9h 9s 2c 5d 7h", "two pair, Aces and Nines"),
        ("Qc Qd 2h 5s 7c 9d Kh", "a pair of Queens"),
        ("Ac Jd 2h 5s 7c 9d 3h", "high card Ace"),
    ],
)
def test_describe_in_pokerstars_words(cards: str, words: str) -> None:
    assert describe(strength(cards)) == words


def test_every_strength_has_a_description_and_category() -> None:
    starts = {
        C.HIGH_CARD: "high card ",
        C.PAIR: "a pair of ",
        C.TWO_PAIR: "two pair, ",
        C.THREE_OF_A_KIND: "three of a kind, ",
        C.STRAIGHT: "a straight, ",
        C.FLUSH: "a flush, ",
        C.FULL_HOUSE: "a full house, ",
        C.FOUR_OF_A_KIND: "four of a kind, ",
        C.STRAIGHT_FLUSH: "a straight flush, ",
    }
    for value in range(WORST, BEST + 1):
        words = describe(value)
        assert words.startswith(starts[category(value)]) or words == "a Royal Flush"


def test_best_five_orders_for_display() -> None:
    assert best_five(parse_cards("2c 3d 4h 5s 7c Ah Kd")) == parse_cards("5s 4h 3d 2c Ah")
    assert best_five(parse_cards("9c 9d 2h 4s Kc 7d Jh")) == parse_cards("9d 9c Kc Jh 7d")


# ----------------------------------------------------------------- checks


@pytest.mark.parametrize(
    "cards",
    [[0, 1, 2, 3], [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 3], [0, 1, 2, 3, 52], [-1, 0, 1, 2, 3]],
)
def test_evaluate_and_best_five_reject_bad_hands(cards: list[int]) -> None:
    with pytest.raises(CardError):
        evaluate(cards)
    with pytest.raises(CardError):
        best_five(cards)


@pytest.mark.parametrize("value", [0, 7463, -5])
def test_category_rejects_what_is_not_a_strength(value: int) -> None:
    with pytest.raises(ValueError, match="strength"):
        category(value)


def test_the_shuffle_makes_every_order_equally_likely() -> None:
    """One draw below n! drives the Fisher–Yates swaps: all 24 orders of
    four cards come up equally often (chi-square, 23 degrees of freedom)."""
    import random
    from collections import Counter

    from floorman.engine.cards import shuffle

    rng = random.Random(11)
    counts: Counter[tuple[int, ...]] = Counter()
    trials = 24_000
    for _ in range(trials):
        cards = [0, 1, 2, 3]
        shuffle(cards, rng.randrange)  # type: ignore[arg-type]
        counts[tuple(cards)] += 1
    expected = trials / 24
    chi2 = sum((counts[order] - expected) ** 2 / expected for order in counts)
    assert len(counts) == 24
    assert chi2 < 49.7  # p = 0.001 for 23 degrees of freedom
