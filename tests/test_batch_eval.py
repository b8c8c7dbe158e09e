"""The numba batch evaluator against the per-call one and a brute-force
reference, every 7-card hand by category, and the equity helper."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import chain, combinations

import numpy as np
import pytest

from floorman import batch
from floorman.batch import (
    category_counts_all_7card,
    equity_monte_carlo,
    evaluate5_batch,
    evaluate6_batch,
    evaluate7_batch,
)
from floorman.engine import evaluator
from floorman.engine.cards import parse_cards
from floorman.engine.errors import CardError
from floorman.engine.evaluator import HandCategory, evaluate5, evaluate6, evaluate7

C = HandCategory


def brute_force(cards: list[int]) -> int:
    return max(evaluate5(*five) for five in combinations(cards, 5))


@pytest.mark.parametrize(
    ("n", "per_call", "batched"),
    [(7, evaluate7, evaluate7_batch), (6, evaluate6, evaluate6_batch)],
    ids=["7 cards", "6 cards"],
)
def test_batch_per_call_and_brute_force_agree(
    n: int, per_call: Callable[..., int], batched: Callable[[np.ndarray], np.ndarray]
) -> None:
    rng = random.Random(1000 + n)
    hands = [rng.sample(range(52), n) for _ in range(20_000)]
    got = batched(np.array(hands, dtype=np.uint8))
    assert got.dtype == np.int32 and got.shape == (len(hands),)
    assert got.tolist() == [per_call(*h) for h in hands]
    assert got.tolist() == [brute_force(h) for h in hands]


def test_every_five_card_hand_batch_equals_per_call() -> None:
    flat = chain.from_iterable(combinations(range(52), 5))
    hands = np.fromiter(flat, dtype=np.uint8, count=2_598_960 * 5).reshape(-1, 5)
    got = evaluate5_batch(hands)
    assert len(np.unique(got)) == 7462
    sample = np.random.default_rng(5).choice(len(hands), 50_000, replace=False)
    assert got[sample].tolist() == [evaluate5(*hands[i].tolist()) for i in sample]
    counts = Counter(evaluator.category(int(v)) for v in np.unique(got))
    assert counts[C.STRAIGHT_FLUSH] == 10 and counts[C.HIGH_CARD] == 1277


def test_flushes_and_straight_flushes_in_batch() -> None:
    texts = [
        "As Ks Qs Js Ts 2c 3d",
        "5h 4h 3h 2h Ah Kh Qh",
        "Ah 9h 7h 4h 3h 2h Kd",
        "Qs Kd Ac 2h 3s 9c 8d",
    ]
    hands = np.array([parse_cards(t) for t in texts], dtype=np.int64)
    assert evaluate7_batch(hands).tolist() == [evaluate7(*map(int, h)) for h in hands]


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.int32, np.int64, np.uint64])
def test_batch_takes_any_integer_dtype(dtype: type) -> None:
    hands = np.array([[12, 25, 38, 51, 0, 5, 9], [1, 2, 3, 4, 5, 6, 7]], dtype=dtype)
    assert evaluate7_batch(hands).tolist() == [evaluate7(*map(int, h)) for h in hands]


def test_batch_of_no_hands() -> None:
    assert evaluate7_batch(np.empty((0, 7), dtype=np.uint8)).shape == (0,)


@pytest.mark.parametrize(
    "hands",
    [
        [[0, 1, 2, 3, 4, 5, 5]],  # a repeated card
        [[0, 1, 2, 3, 4, 5, 52]],  # not a card
        [[0, 1, 2, 3, 4, 5, -1]],
        [[0, 1, 2, 3, 4, 5]],  # six cards for the 7-card evaluator
        [0, 1, 2, 3, 4, 5, 6],  # not two-dimensional
        [[0.0, 1, 2, 3, 4, 5, 6]],  # not integers
    ],
)
def test_batch_rejects_what_is_not_a_hand(hands: list[object]) -> None:
    with pytest.raises(CardError):
        evaluate7_batch(np.array(hands))


def test_uint8_rows_with_a_bad_card_are_caught_in_the_kernel() -> None:
    rows = np.array([[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 200]], dtype=np.uint8)
    with pytest.raises(CardError, match="row 1"):
        evaluate7_batch(rows)


def test_batch_tables_come_from_the_evaluator() -> None:
    for n in (5, 6, 7):
        ours = Counter(batch._T[f"nonflush{n}"].tolist())
        assert ours == Counter(evaluator.nonflush_table(n).values())
    assert batch._T["flush"].tolist() == list(evaluator.flush_table())


@pytest.mark.slow
def test_every_seven_card_hand_by_category() -> None:
    counts = category_counts_all_7card()
    assert sum(counts) == 133_784_560
    assert dict(zip(HandCategory, counts, strict=True)) == {
        C.STRAIGHT_FLUSH: 41_584,
        C.FOUR_OF_A_KIND: 224_848,
        C.FULL_HOUSE: 3_473_184,
        C.FLUSH: 4_047_644,
        C.STRAIGHT: 6_180_020,
        C.THREE_OF_A_KIND: 6_461_620,
        C.TWO_PAIR: 31_433_400,
        C.PAIR: 58_627_800,
        C.HIGH_CARD: 23_294_460,
    }


# ------------------------------------------------------------------- equity


def test_equity_is_reproducible_and_near_the_known_value() -> None:
    aces = parse_cards("As Ad")
    first = equity_monte_carlo(aces, (), 1, 20_000, seed=3)
    assert first == equity_monte_carlo(aces, (), 1, 20_000, seed=3)
    assert first != equity_monte_carlo(aces, (), 1, 20_000, seed=4)
    assert abs(first - 0.852) < 0.015  # AA against one random hand: 85.2 %


def test_equity_with_a_complete_board_is_exact() -> None:
    royal_board = parse_cards("As Ks Qs Js Ts")
    # Everyone plays the board: a tie among hero and three opponents.
    assert equity_monte_carlo(parse_cards("2c 3d"), royal_board, 3, 500, seed=1) == 0.25
    nuts = equity_monte_carlo(parse_cards("As Ks"), parse_cards("Qs Js Ts 2c 3d"), 4, 500, seed=1)
    assert nuts == 1.0


def test_equity_rejects_bad_input() -> None:
    with pytest.raises(CardError):
        equity_monte_carlo(parse_cards("As As"), (), 1, 10, seed=1)
    with pytest.raises(CardError):
        equity_monte_carlo(parse_cards("As"), (), 1, 10, seed=1)
    with pytest.raises(ValueError):
        equity_monte_carlo(parse_cards("As Kd"), (), 0, 10, seed=1)
