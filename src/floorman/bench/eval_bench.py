"""``floorman bench eval``: seven-card evaluations per second.

Measured in one run, on the same random hands: floorman's per-call
``evaluate7``, phevaluator's ``evaluate_7cards`` (the peer, when installed)
and floorman's single-core numba ``evaluate7_batch``.  Each timing is the best
of several repetitions, floorman and the peer alternating, so a busy machine
slows both alike; ratios are the figures to compare.  The hands come from
generators seeded by ``--seed``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np

from floorman.batch import evaluate7_batch
from floorman.engine.cards import CARDS
from floorman.engine.evaluator import evaluate7

Hand = tuple[int, ...]


@dataclass(frozen=True)
class Rate:
    name: str
    evaluations: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.evaluations / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True)
class EvalReport:
    per_call: Rate
    per_call_cards: Rate
    peer: Rate | None
    batch: Rate

    def ratio(self, rate: Rate) -> float | None:
        """How many times the peer's per-call rate ``rate`` is."""
        if self.peer is None or self.peer.per_second == 0:
            return None
        return rate.per_second / self.peer.per_second


def random_hands(count: int, rng: random.Random) -> list[Hand]:
    """``count`` hands of seven distinct cards (plain ints)."""
    sample = rng.sample
    deck = range(52)
    return [tuple(sample(deck, 7)) for _ in range(count)]


def random_hand_array(rows: int, rng: np.random.Generator) -> np.ndarray:
    """``(rows, 7)`` uint8 hands of distinct cards: draw with replacement and
    keep the rows without a repeat (about 65 % of them)."""
    kept: list[np.ndarray] = []
    have = 0
    while have < rows:
        draw = rng.integers(0, 52, size=(int((rows - have) * 1.6) + 16, 7), dtype=np.uint8)
        ordered = np.sort(draw, axis=1)
        distinct = draw[(np.diff(ordered, axis=1) != 0).all(axis=1)]
        kept.append(distinct)
        have += distinct.shape[0]
    return np.ascontiguousarray(np.concatenate(kept)[:rows])


def _time_calls(function: Callable[..., int], hands: Sequence[Sequence[int]]) -> float:
    start = time.perf_counter()
    for hand in hands:
        function(*hand)
    return time.perf_counter() - start


def _peer() -> Callable[..., int] | None:
    try:
        from phevaluator import evaluate_7cards  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - phevaluator is a dev dependency
        return None
    return cast("Callable[..., int]", evaluate_7cards)


def run(
    hands: int = 200_000, seed: int = 1, batch_rows: int = 2_000_000, repeats: int = 7
) -> EvalReport:
    """Measure; ``hands`` per-call evaluations and ``batch_rows`` batch rows
    per repetition."""
    pool = random_hands(hands, random.Random(seed))
    card_pool = [tuple(CARDS[c] for c in hand) for hand in pool]
    peer = _peer()
    warm = pool[: min(len(pool), 20_000)]
    _time_calls(evaluate7, warm)
    if peer is not None:
        _time_calls(peer, warm)
        # Timing a wrong answer proves nothing: phevaluator numbers 1 = best.
        if any(evaluate7(*h) != 7463 - peer(*h) for h in warm[:2000]):
            raise RuntimeError("floorman and phevaluator disagree: not benchmarking")
    best = {"floorman": float("inf"), "cards": float("inf"), "peer": float("inf")}
    for _ in range(repeats):
        best["floorman"] = min(best["floorman"], _time_calls(evaluate7, pool))
        if peer is not None:
            best["peer"] = min(best["peer"], _time_calls(peer, pool))
        best["cards"] = min(best["cards"], _time_calls(evaluate7, card_pool))

    rows = random_hand_array(batch_rows, np.random.default_rng(seed))
    sample = rows[:2000]  # also compiles or loads the numba cache
    if evaluate7_batch(sample).tolist() != [evaluate7(*h) for h in sample.tolist()]:
        raise RuntimeError("batch and per-call evaluation disagree: not benchmarking")
    batch_best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        evaluate7_batch(rows)
        batch_best = min(batch_best, time.perf_counter() - start)

    return EvalReport(
        per_call=Rate("floorman evaluate7 (int cards)", hands, best["floorman"]),
        per_call_cards=Rate("floorman evaluate7 (Card objects)", hands, best["cards"]),
        peer=Rate("phevaluator evaluate_7cards", hands, best["peer"]) if peer else None,
        batch=Rate("floorman evaluate7_batch (numba, 1 core)", batch_rows, batch_best),
    )


def print_report(report: EvalReport) -> None:
    """A rich table, then ``evals_per_second_7card: X`` as the last line."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Seven-card hand evaluation")
    table.add_column("evaluator")
    table.add_column("evaluations/s", justify="right")
    table.add_column("× phevaluator", justify="right")
    rows = [report.per_call, report.per_call_cards]
    rows += [report.peer] if report.peer else []
    for rate in [*rows, report.batch]:
        ratio = report.ratio(rate)
        shown = f"{ratio:.2f}" if ratio is not None else "-"
        table.add_row(rate.name, f"{rate.per_second:,.0f}", shown)
    Console().print(table)
    ratio = report.ratio(report.per_call)
    if ratio is not None:
        print(f"per-call ratio floorman/phevaluator: {ratio:.2f}")
        print(f"batch ratio floorman/phevaluator: {report.ratio(report.batch):.2f}")
    else:
        print("phevaluator is not installed: no ratio")
    print(f"evals_per_second_7card: {int(report.per_call.per_second)}")
