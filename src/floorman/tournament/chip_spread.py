"""Seating a broken table's players so the chips are as even as possible
(NM-H-16, OQ-36 (iii)).

NM-H-16 breaks a table "so that the distribution of chips between the
different tables is as even as possible".  OQ-36 (iii) reads this as: seat
the broken table's players so as to make the tables' chip totals as even as
possible, and names the largest-stack-first greedy as an example only.  The
greedy is not exact (stacks 3k, 3k, 2k, 2k, 2k into two equal tables: it
ends 2,000 apart where 0 is possible), so this module solves it exactly.

**Objective.**  Given the broken table's stacks and, for every destination
table (every other table, OQ-36 (iii); the final table alone when the final
table is formed, OQ-05), its chip total and free seats, choose a table for
each player, at most ``free`` players per table, minimising the *spread*:
the largest minus the smallest destination total after the moves.  Every
destination counts, also one that receives nobody - the same totals
:class:`~floorman.tournament.balancing.Decision` reports as ``chip_totals``.

**Tie-break** (deterministic).  The players are taken in the order given
(the caller: largest stack first, ties by seat at the broken table); for each
player the tables are ranked by their running total at that point, ties by
their order in ``tables``.  Of all the assignments with the least spread,
the first in that order is returned - so when the OQ-36 (iii) greedy is
optimal, its choice (with ties by table order, not by lot) is the answer.
Seats at the chosen tables are still drawn by lot by the caller, and the
decisions are recorded as events, so replays never solve again.

**Method.**  Depth-first branch and bound in that order: the first leaf is
the greedy, every later leaf must be strictly better, and the search stops
at a leaf that meets the lower bound of the root.  A node is cut when no
completion can beat the best found: (1) the least possible largest total
(the largest now, the largest stack left on the lowest open table, the
average) less the most the least table can still reach (its total plus the
largest stacks its free seats hold, the first table that no player left can
reach, water filling of the chips left, the average) is no better; (2) the
tables short of the needed minimum cannot all be covered by disjoint
groups of the players left (counting and sum tests; an exact covering test
over subsets once at most ``EXACT_LIFT`` players are left); or (3) the
players left cannot all be seated under the needed maximum (each table
takes at most as many of the k largest stacks as its free seats and its
room allow).  Tables in the same state (total, free seats) are tried only
once, and a state met before - (player index, multiset of (total, free)) -
is never searched again: whatever it holds was found already or is no
better than the best.  Full tables fold into two constants.  Exact for any
size (a cut never drops a strictly better leaf, so the answer is the first
optimum in the order above); fast for every break a real event meets (up
to 10 players into 30 tables: milliseconds typically, a few tenths of a second
in random stress cases with 1-10 free seats a table; hundreds of full
tables cost nothing).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import accumulate

EXACT_LIFT = 8  # players left at most, for the exact covering test


def spread_of(totals: Sequence[int]) -> int:
    """Largest minus smallest total (0 for no tables)."""
    return max(totals) - min(totals) if totals else 0


def final_totals(
    stacks: Sequence[int], tables: Sequence[tuple[int, int]], assignment: Sequence[int]
) -> list[int]:
    """The destination totals after ``assignment`` (player -> table index)."""
    totals = [total for total, _ in tables]
    for stack, index in zip(stacks, assignment, strict=True):
        totals[index] += stack
    return totals


def solve(stacks: Sequence[int], tables: Sequence[tuple[int, int]]) -> tuple[int, ...] | None:
    """The table index (into ``tables``, each ``(chip total, free seats)``)
    for each of ``stacks``, with the least spread of the tables' totals
    (NM-H-16, OQ-36); ties as the module docstring says.  ``None`` when the
    free seats do not hold every player; ``()`` when nobody moves."""
    n = len(stacks)
    if n == 0:
        return ()
    if not tables or sum(max(free, 0) for _, free in tables) < n:
        return None
    open_ = [k for k, (_, free) in enumerate(tables) if free > 0]
    full = [total for total, free in tables if free <= 0]
    fixed_hi = max(full) if full else None
    fixed_lo = min(full) if full else None
    if len(open_) == 1:
        return (open_[0],) * n

    totals = [tables[k][0] for k in open_]
    free = [min(tables[k][1], n) for k in open_]
    m = len(open_)
    # The stacks of players i, i+1, ... largest first; suffix_top[i][j]: the
    # sum of the j largest of them.
    stacks_desc = [sorted(stacks[i:], reverse=True) for i in range(n + 1)]
    suffix_top = [[0, *accumulate(rest)] for rest in stacks_desc]
    neg_desc = [[-s for s in rest] for rest in stacks_desc]
    grand = sum(total for total, _ in tables) + sum(stacks)
    count = len(tables)
    avg_hi = -(-grand // count)  # some table ends at least here
    avg_lo = grand // count  # and some at most here

    best_value = [-1]
    best: list[tuple[int, ...]] = [()]
    choice = [0] * n
    seen: set[tuple[object, ...]] = set()

    def bounds(i: int) -> tuple[int, int]:
        """At least the largest and at most the least final total of every
        completion from player ``i``."""
        top = suffix_top[i]
        left = n - i
        hi = max(totals)
        if fixed_hi is not None and fixed_hi > hi:
            hi = fixed_hi
        if avg_hi > hi:
            hi = avg_hi
        lo = avg_lo
        if fixed_lo is not None and fixed_lo < lo:
            lo = fixed_lo
        if not left:
            return hi, min(lo, min(totals))
        # The largest stack left goes to some table with a free seat.
        reach = min(totals[k] + top[1] for k in range(m) if free[k] > 0)
        if reach > hi:
            hi = reach
        # The least table can reach at most its total plus the largest
        # stacks its free seats hold; a full table stays as it is.
        liftable = []
        for k in range(m):
            f = free[k]
            r = totals[k] + top[f if f < left else left]
            if r < lo:
                lo = r
            if f:
                liftable.append(totals[k])
        # At most ``left`` tables receive anyone, and the chips left fill the
        # lowest of them at most to a common level (water filling).
        liftable.sort()
        cap = min(left, len(liftable))
        if cap < len(liftable) and liftable[cap] < lo:
            lo = liftable[cap]
        chips_left = top[left]
        running = 0
        for k in range(cap):
            running += liftable[k]
            level = (chips_left + running) // (k + 1)
            if k + 1 == cap or level <= liftable[k + 1]:
                if level < lo:
                    lo = level
                break
        return hi, lo

    def can_lift(i: int, lo: int) -> bool:
        """Whether the players from ``i`` on could bring every table to at
        least ``lo`` (a necessary condition only)."""
        if fixed_lo is not None and fixed_lo < lo:
            return False
        left = n - i
        top = suffix_top[i]
        short: list[tuple[int, int]] = []
        for k in range(m):
            if totals[k] < lo:
                if not free[k]:
                    return False
                short.append((lo - totals[k], free[k]))
        q = len(short)
        if q > left:
            return False
        # Each short table gets a player of its own; the k neediest share
        # what the other q - k leave them.
        short.sort(reverse=True)
        spare = left - q
        needed = 0
        extra = 0
        for k, (deficit, f) in enumerate(short, 1):
            needed += deficit
            if needed > top[spare + k]:
                return False
            # At least as many players as the largest stacks need to cover it.
            players = bisect_left(top, deficit)
            if players > f:
                return False
            extra += players - 1
            if extra > spare:
                return False
            # Of the k neediest, only as many as there are stacks covering
            # the k-th's deficit alone can make do with one player.
            singles = bisect_right(neg_desc[i], -deficit)
            if k - singles > spare:
                return False
        return left > EXACT_LIFT or covers(i, short)

    def covers(i: int, short: list[tuple[int, int]]) -> bool:
        """Exactly: whether disjoint groups of the (few) players from ``i``
        on cover every ``(deficit, free seats)`` in ``short``."""
        rest = stacks[i:]
        sums = [0] * (1 << len(rest))
        for mask in range(1, len(sums)):
            low = mask & -mask
            sums[mask] = sums[mask ^ low] + rest[low.bit_length() - 1]
        failed: set[tuple[int, int]] = set()

        def cover(j: int, mask: int) -> bool:
            if j == len(short):
                return True
            if (j, mask) in failed:
                return False
            deficit, f = short[j]
            sub = mask
            while sub:
                if sums[sub] >= deficit and sub.bit_count() <= f and cover(j + 1, mask ^ sub):
                    return True
                sub = (sub - 1) & mask
            failed.add((j, mask))
            return False

        return cover(0, len(sums) - 1)

    def can_hold(i: int, hi: int) -> bool:
        """Whether the players from ``i`` on could be seated with no table
        above ``hi`` (a necessary condition only)."""
        if fixed_hi is not None and fixed_hi > hi:
            return False
        if max(totals) > hi:
            return False
        left = n - i
        room = [(hi - totals[k], free[k]) for k in range(m) if free[k]]
        top = suffix_top[i]
        if sum(min(r, top[f if f < left else left]) for r, f in room) < top[left]:
            return False
        # The k largest stacks each need a seat at a table with room for
        # them: a table takes at most as many of them as its free seats and
        # as the smallest of them add up to within its room.
        prefix = top
        for k in range(1, left + 1):
            seats = 0
            for r, f in room:
                j = min(f, k)
                while j and prefix[k] - prefix[k - j] > r:
                    j -= 1
                seats += j
                if seats >= k:
                    break
            if seats < k:
                return False
        return True

    def search(i: int) -> bool:
        """Explore from player ``i``; True once the spread cannot improve."""
        limit = best_value[0]
        if limit >= 0:
            hi, lo = bounds(i)
            if hi - lo >= limit:
                return False
            if not can_lift(i, hi - limit + 1) or not can_hold(i, lo + limit - 1):
                return False
        if i == n:
            hi, lo = max(totals), min(totals)
            if fixed_hi is not None and fixed_lo is not None:
                hi, lo = max(hi, fixed_hi), min(lo, fixed_lo)
            value = hi - lo
            best_value[0] = value
            best[0] = tuple(open_[c] for c in choice)
            return value <= root_bound
        key = (i, tuple(sorted(zip(totals, free, strict=True))))
        if key in seen:
            return False
        seen.add(key)
        s = stacks[i]
        order = sorted((k for k in range(m) if free[k] > 0), key=lambda k: (totals[k], k))
        tried: set[tuple[int, int]] = set()
        for k in order:
            state = (totals[k], free[k])
            if state in tried:
                continue  # the same as a table already tried (symmetry)
            tried.add(state)
            totals[k] += s
            free[k] -= 1
            choice[i] = k
            done = search(i + 1)
            totals[k] -= s
            free[k] += 1
            if done:
                return True
        return False

    hi0, lo0 = bounds(0)
    root_bound = hi0 - lo0
    search(0)
    return best[0]
