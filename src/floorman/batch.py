"""Batch hand evaluation for simulation and equity (numba).

``evaluate7_batch(cards)`` takes an ``(N, 7)`` array of cards (0..51) and
returns the same int32 strengths as :func:`floorman.engine.evaluator.evaluate7`
(1..7462, higher is better).  ``evaluate5_batch`` and ``evaluate6_batch`` do
the same for five and six cards.

Design: a "split quinary" minimal perfect hash of the rank multiset, additive
card by card, so no sorting and no loop over the 13 ranks.  Each card adds
``5**rank`` to a low field (ranks 2..8, seven base-5 digits, < 2**17) or
``5**(rank - 7)`` to a high field (ranks 9..A, six digits, < 2**15); a rank
appears at most four times, so no digit carries.  Then

    index = HI_BASE[n][high field] + LO_INDEX[low field]

where ``LO_INDEX`` numbers the low-rank multisets of each size (0, 1, 2, ...)
and ``HI_BASE[n]`` counts, for each high-rank multiset, the ``n``-card
multisets that come before it.  The index is a bijection onto
``0 .. 49204`` for seven cards (18,394 for six, 6,174 for five): the
non-flush table is 98 KB of int16 and both index tables fit in L2.  The same
64-bit sum carries four suit counters (nibbles starting at 3: a count of five
or more sets the nibble's top bit), and a second word ORs
``1 << (16 * suit + rank)`` for the flush suit's rank mask and for checking the
cards are distinct.

All tables are derived at import from the evaluator's own lookups
(:func:`~floorman.engine.evaluator.nonflush_table`,
:func:`~floorman.engine.evaluator.flush_table`): one source of truth.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import njit

from floorman.engine import evaluator
from floorman.engine.errors import CardError

__all__ = [
    "category_counts_all_7card",
    "equity_monte_carlo",
    "evaluate5_batch",
    "evaluate6_batch",
    "evaluate7_batch",
]

_LO_RANKS = 7  # ranks 2..8 in the low field, 9..A in the high one
_LO_BITS = 17
_SUIT_SHIFT = 32
_START = 0x3333 << _SUIT_SHIFT  # each suit counter starts at 3: 3 + 5 = 8 sets bit 3
_POISON = 1 << 62  # marks a card number outside 0..51


def _digits(count: int, width: int) -> np.ndarray:
    """Base-5 digits (least significant first) of 0 .. count - 1."""
    return (np.arange(count)[:, None] // 5 ** np.arange(width)) % 5


def _build() -> dict[str, np.ndarray]:
    lo = _digits(5**_LO_RANKS, _LO_RANKS)
    hi = _digits(5 ** (13 - _LO_RANKS), 13 - _LO_RANKS)
    lo_size, hi_size = lo.sum(axis=1), hi.sum(axis=1)
    # LO_INDEX: rank of a low multiset among those of the same size, by key.
    order = np.lexsort((np.arange(lo.shape[0]), lo_size))
    starts = np.searchsorted(lo_size[order], np.arange(30))
    lo_index = np.empty(lo.shape[0], dtype=np.int32)
    lo_index[order] = np.arange(lo.shape[0]) - starts[lo_size[order]]
    lo_count = np.bincount(lo_size, minlength=30)
    rank_keys = np.array(evaluator.RANK_KEYS, dtype=np.int64)
    lo_rank_sum = lo @ rank_keys[:_LO_RANKS]
    hi_rank_sum = hi @ rank_keys[_LO_RANKS:]

    tables: dict[str, np.ndarray] = {"lo_index": lo_index}
    for n in (5, 6, 7):
        fits = hi_size <= n
        block = np.where(fits, lo_count[np.clip(n - hi_size, 0, None)], 0)
        hi_base = (np.cumsum(block) - block).astype(np.int32)
        lookup = evaluator.nonflush_table(n)
        nonflush = np.full(len(lookup), -1, dtype=np.int16)
        if sum(lo_count[m] * (hi_size == n - m).sum() for m in range(n + 1)) != len(lookup):
            raise AssertionError(
                f"{n}-card perfect hash: wrong number of slots"
            )  # pragma: no cover
        for m in range(n + 1):
            lows = np.flatnonzero(lo_size == m)
            highs = np.flatnonzero(hi_size == n - m)
            index = hi_base[highs][:, None] + lo_index[lows][None, :]
            keys = hi_rank_sum[highs][:, None] + lo_rank_sum[lows][None, :] - n * evaluator.CENTRE
            nonflush[index.ravel()] = [lookup[k] for k in keys.ravel().tolist()]
        if (nonflush <= 0).any():  # pragma: no cover - the perfect hash is checked here
            raise AssertionError(f"{n}-card perfect hash does not cover the table")
        tables[f"hi_base{n}"] = hi_base
        tables[f"nonflush{n}"] = nonflush

    cards = np.arange(256)
    rank, suit = np.minimum(cards >> 2, 12), cards & 3
    low = rank < _LO_RANKS
    field = 5 ** np.where(low, rank, rank - _LO_RANKS)
    weight = np.where(low, field, field << _LO_BITS) + (1 << (_SUIT_SHIFT + 4 * suit))
    bit = np.left_shift(1, 16 * suit + rank)
    tables["weight"] = np.where(cards < 52, weight, 0).astype(np.int64)
    tables["bit"] = np.where(cards < 52, bit, _POISON).astype(np.int64)
    tables["flush"] = np.array(evaluator.flush_table(), dtype=np.int16)
    category = np.zeros(evaluator.BEST + 1, dtype=np.int8)
    for cat, floor in enumerate(evaluator.CATEGORY_FLOORS):
        category[floor:] = cat
    tables["category"] = category
    return tables


_T = _build()
_EQUITY_TABLES = tuple(
    _T[k] for k in ("weight", "bit", "lo_index", "hi_base7", "nonflush7", "flush")
)


@njit(cache=True, nogil=True, inline="always")
def _flush_ranks(acc: int, mask: int) -> int:
    """The 13-bit rank mask of the flush suit, or -1 without a flush.  Takes
    scalars only: arrays passed to a helper cost numba a reference count
    each call (measured: 25 M hands/s instead of 100 M)."""
    flags = (acc >> 32) & 0x8888
    if flags == 0:
        return -1
    if flags & 0x8:
        shift = 0
    elif flags & 0x80:
        shift = 16
    elif flags & 0x800:
        shift = 32
    else:
        shift = 48
    return (mask >> shift) & 0x1FFF


@njit(cache=True, nogil=True)
def _evaluate_rows(
    cards: np.ndarray,
    out: np.ndarray,
    weight: np.ndarray,
    bit: np.ndarray,
    lo_index: np.ndarray,
    hi_base: np.ndarray,
    nonflush: np.ndarray,
    flush: np.ndarray,
) -> int:
    """Fill ``out``; return the first row with a repeated or unknown card, or -1."""
    n = cards.shape[1]
    for i in range(cards.shape[0]):
        acc = _START
        mask = 0
        total = 0
        for j in range(n):
            c = cards[i, j]
            acc += weight[c]
            b = bit[c]
            mask |= b
            total += b
        if mask != total or mask >> 62:
            return i
        ranks = _flush_ranks(acc, mask)
        if ranks >= 0:
            out[i] = flush[ranks]
        else:
            out[i] = nonflush[hi_base[(acc >> 17) & 0x7FFF] + lo_index[acc & 0x1FFFF]]
    return -1


def _batch(cards: Any, n: int) -> np.ndarray:
    array = np.asarray(cards)
    if array.ndim != 2 or array.shape[1] != n:
        raise CardError(f"evaluate{n}_batch needs an (N, {n}) array of cards, not {array.shape}")
    if not np.issubdtype(array.dtype, np.integer):
        raise CardError(f"cards are integers 0..51, not {array.dtype}")
    if array.dtype != np.uint8:
        if array.size and (array.min() < 0 or array.max() > 51):
            raise CardError("cards are integers 0..51")
        array = array.astype(np.uint8)
    array = np.ascontiguousarray(array)
    out = np.empty(array.shape[0], dtype=np.int32)
    t = _T
    bad = _evaluate_rows(
        array,
        out,
        t["weight"],
        t["bit"],
        t["lo_index"],
        t[f"hi_base{n}"],
        t[f"nonflush{n}"],
        t["flush"],
    )
    if bad >= 0:
        raise CardError(f"row {bad}: {array[bad].tolist()} repeats a card or has one above 51")
    return out


def evaluate7_batch(cards: Any) -> np.ndarray:
    """Strengths (int32) of an ``(N, 7)`` array of cards, one hand a row;
    identical to :func:`~floorman.engine.evaluator.evaluate7`.  Rows must be
    distinct cards 0..51 (checked: :class:`CardError`)."""
    return _batch(cards, 7)


def evaluate6_batch(cards: Any) -> np.ndarray:
    """As :func:`evaluate7_batch` for ``(N, 6)``."""
    return _batch(cards, 6)


def evaluate5_batch(cards: Any) -> np.ndarray:
    """As :func:`evaluate7_batch` for ``(N, 5)``."""
    return _batch(cards, 5)


# ------------------------------------------------------------ all 7-card hands


@njit(cache=True, nogil=True)
def _count_all_7(
    weight: np.ndarray,
    bit: np.ndarray,
    lo_index: np.ndarray,
    hi_base: np.ndarray,
    nonflush: np.ndarray,
    flush: np.ndarray,
    category: np.ndarray,
) -> np.ndarray:
    counts = np.zeros(9, dtype=np.int64)
    for a in range(46):
        acc_a, m_a = _START + weight[a], bit[a]
        for b in range(a + 1, 47):
            acc_b, m_b = acc_a + weight[b], m_a | bit[b]
            for c in range(b + 1, 48):
                acc_c, m_c = acc_b + weight[c], m_b | bit[c]
                for d in range(c + 1, 49):
                    acc_d, m_d = acc_c + weight[d], m_c | bit[d]
                    for e in range(d + 1, 50):
                        acc_e, m_e = acc_d + weight[e], m_d | bit[e]
                        for f in range(e + 1, 51):
                            acc_f, m_f = acc_e + weight[f], m_e | bit[f]
                            for g in range(f + 1, 52):
                                acc = acc_f + weight[g]
                                ranks = _flush_ranks(acc, m_f | bit[g])
                                if ranks >= 0:
                                    value = flush[ranks]
                                else:
                                    slot = hi_base[(acc >> 17) & 0x7FFF] + lo_index[acc & 0x1FFFF]
                                    value = nonflush[slot]
                                counts[category[value]] += 1
    return counts


def category_counts_all_7card() -> list[int]:
    """How many of the 133,784,560 seven-card hands fall in each category,
    indexed by :class:`~floorman.engine.evaluator.HandCategory` (high card
    first).  Enumerates them all (about a second once compiled)."""
    t = _T
    counts = _count_all_7(
        t["weight"],
        t["bit"],
        t["lo_index"],
        t["hi_base7"],
        t["nonflush7"],
        t["flush"],
        t["category"],
    )
    return [int(x) for x in counts]


# ------------------------------------------------------------------- equity


@njit(cache=True, nogil=True)
def _equity(
    known: np.ndarray,
    opponents: int,
    trials: int,
    seed: int,
    weight: np.ndarray,
    bit: np.ndarray,
    lo_index: np.ndarray,
    hi_base: np.ndarray,
    nonflush: np.ndarray,
    flush: np.ndarray,
) -> float:
    hole, board = known[:2], known[2:]
    used = np.zeros(52, dtype=np.bool_)
    for c in known:
        used[c] = True
    deck = np.empty(52, dtype=np.int64)
    left = 0
    for c in range(52):
        if not used[c]:
            deck[left] = c
            left += 1
    missing = 5 - board.shape[0]
    need = missing + 2 * opponents
    state = np.uint64(seed) ^ np.uint64(0x9E3779B97F4A7C15)
    share = 0.0
    for _ in range(trials):
        # Partial Fisher-Yates: deck[:need] becomes a uniform draw (splitmix64).
        for i in range(need):
            state += np.uint64(0x9E3779B97F4A7C15)
            z = state
            z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
            z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
            z ^= z >> np.uint64(31)
            j = i + int(z % np.uint64(left - i))
            deck[i], deck[j] = deck[j], deck[i]
        acc = _START
        mask = 0
        for c in board:
            acc += weight[c]
            mask |= bit[c]
        for i in range(missing):
            acc += weight[deck[i]]
            mask |= bit[deck[i]]
        hero = 0
        best = 0
        ties = 0
        for k in range(-1, opponents):  # -1: the hero
            x, y = (
                (hole[0], hole[1]) if k < 0 else (deck[missing + 2 * k], deck[missing + 2 * k + 1])
            )
            total = acc + weight[x] + weight[y]
            ranks = _flush_ranks(total, mask | bit[x] | bit[y])
            if ranks >= 0:
                value = flush[ranks]
            else:
                value = nonflush[hi_base[(total >> 17) & 0x7FFF] + lo_index[total & 0x1FFFF]]
            if k < 0:
                hero = value
            elif value > best:
                best, ties = value, 1
            elif value == best:
                ties += 1
        if hero > best:
            share += 1.0
        elif hero == best:
            share += 1.0 / (ties + 1)
    return share / trials


def equity_monte_carlo(
    hole: Sequence[int], board: Sequence[int], opponents: int, trials: int, seed: int
) -> float:
    """Hold'em equity of two hole cards against ``opponents`` random hands:
    the share of the pot won on average (ties split), over ``trials`` random
    run-outs drawn from a generator seeded with ``seed`` (no global state).

    >>> from floorman.engine.cards import parse_cards
    >>> round(equity_monte_carlo(parse_cards("As Ad"), (), 1, 20000, seed=1), 2)
    0.85
    """
    known = [int(card) for card in hole] + [int(card) for card in board]
    if len(known) - len(board) != 2 or len(board) > 5:
        raise CardError("equity needs two hole cards and a board of at most five")
    if min(known) < 0 or max(known) > 51 or len(set(known)) < len(known):
        raise CardError(f"cards must be distinct and 0..51: {known}")
    if not 1 <= opponents <= 9 or trials < 1:
        raise ValueError("1 to 9 opponents and at least one trial")
    seed &= 2**63 - 1
    return float(_equity(np.array(known, dtype=np.int64), opponents, trials, seed, *_EQUITY_TABLES))
