"""Issue 10: one clockwise measure and one shuffle serve the engine and the
tournament (dealing order, button and blinds, balancing, the seat draw)."""

from __future__ import annotations

import itertools
from collections import Counter

from floorman.engine.cards import pick, shuffle, shuffled
from floorman.engine.seating import clockwise_distance, clockwise_from_button, strictly_between


def test_the_dealing_order_is_the_clockwise_distance_with_the_button_last() -> None:
    for seats in itertools.combinations(range(1, 10), 4):
        for button in range(1, 10):
            by_distance = sorted(seats, key=lambda s: clockwise_distance(s, button, 9) or 99)
            assert clockwise_from_button(seats, button) == by_distance


def test_between_is_a_walk_round_the_table() -> None:
    for start, end in itertools.product(range(1, 11), repeat=2):
        walked, seat = [], start % 10 + 1
        while seat != end or (start == end and seat != start):
            walked.append(seat)
            seat = seat % 10 + 1
            if seat == start:
                break
        assert [s for s in range(1, 11) if strictly_between(s, start, end)] == sorted(walked)


def test_one_shuffle_makes_every_order_once() -> None:
    """Driven by every value of its one draw, the shuffle makes each order of
    four items exactly once: uniform for a uniform source."""
    orders: Counter[tuple[str, ...]] = Counter()
    for value in range(24):
        items = ["a", "b", "c", "d"]
        shuffle(items, lambda n, v=value: v % n)
        orders[tuple(items)] += 1
    assert len(orders) == 24 and set(orders.values()) == {1}
    assert shuffled(["x"], lambda n: 1 // 0) == ["x"]  # nothing to draw


def test_pick_draws_only_among_several() -> None:
    assert pick([4, 5, 6], lambda n: n - 1) == 6
    assert pick(("only",), lambda n: 1 // 0) == "only"
