"""The seat draw: every player gets a uniformly random table and seat
(GLI-style, randomness from ``secrets`` in play), and tables as even as
possible (NM-D-1A, NM-H-1, DE-SEAT-1).

>>> table_sizes(23, 10, 5)
[8, 8, 7]
>>> table_sizes(13, 5, 4)
[5, 4, 4]
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.engine.cards import RandBelow, shuffled


def table_sizes(players: int, capacity: int, minimum: int) -> list[int]:
    """How many players each table starts with: the fewest tables that seat
    everyone, filled as evenly as possible."""
    tables = -(-players // capacity)
    base, extra = divmod(players, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def draw_seats(
    players: Sequence[str], capacity: int, minimum: int, randbelow: RandBelow
) -> list[tuple[str, int, int]]:
    """(player, table, seat) for everyone, tables numbered from 1."""
    slots: list[tuple[int, int]] = []
    for table, size in enumerate(table_sizes(len(players), capacity, minimum), 1):
        seats = sorted(shuffled(range(1, capacity + 1), randbelow)[:size])
        slots.extend((table, seat) for seat in seats)
    order = shuffled(players, randbelow)
    return [(player, table, seat) for player, (table, seat) in zip(order, slots, strict=True)]
