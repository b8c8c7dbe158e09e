"""What balancing asks after every hand, kept up to date by the fold.

After each hand that put someone out the tournament asks whether a table
must be broken or balanced, and a break wants every table's chip total.
Scanning every table (and every player's stack) for that made a large
field quadratic: 100,000 entrants means 10,000 tables asked about after
each of some 100,000 busts.  The fold tells this index about every change
of seats, chips and running hands instead, so the questions cost the
table sizes (a handful) or the live tables, never the whole field.  It is
derived from the events like the rest of the state and changes nothing the
tournament decides.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeVar


class _Table(Protocol):
    seats: dict[int, str]


class _Player(Protocol):
    chips: int


_T = TypeVar("_T", bound=_Table)


class TableIndex:
    """Live tables in the tables' order, tables by size, the tables not
    between hands, and each table's chip total (summed again only after a
    change at it)."""

    __slots__ = ("_stale", "_totals", "busy", "changed", "live", "sizes")

    def __init__(self) -> None:
        #: tables with someone seated, in the order the tables were opened
        self.live: dict[int, None] = {}
        #: players seated -> how many tables have that many
        self.sizes: dict[int, int] = {}
        #: tables in a hand or holding a carried pot: nobody leaves them
        self.busy: set[int] = set()
        self._totals: dict[int, int] = {}
        self._stale: set[int] = set()
        #: tables whose seats, chips or hand changed since the caller last
        #: emptied it (what it keeps of each table is to be made again)
        self.changed: set[int] = set()

    def hand_begun(self, table: int) -> None:
        self.busy.add(table)
        self.changed.add(table)

    def hand_ended(self, table: int, carried_pot: int) -> None:
        if not carried_pot:
            self.busy.discard(table)
        self.touch(table)

    def pot_taken(self, table: int, in_hand: bool) -> None:
        if not in_hand:
            self.busy.discard(table)

    def reseated(self, tables: dict[int, _T], number: int, before: int) -> None:
        """The seats at ``number`` changed; it had ``before`` players."""
        after = len(tables[number].seats)
        self._stale.add(number)
        self.changed.add(number)
        if before == after:
            return
        sizes = self.sizes
        if before:
            left = sizes[before] - 1
            if left:
                sizes[before] = left
            else:
                del sizes[before]
        if after:
            sizes[after] = sizes.get(after, 0) + 1
            if not before:
                if number == next(reversed(tables)):
                    self.live[number] = None  # the newest table: last in order too
                else:  # a table emptied earlier is used again: keep the order
                    self.live = {n: None for n, t in tables.items() if t.seats}
        else:
            self.live.pop(number, None)

    def touch(self, table: int | None) -> None:
        """Chips changed at ``table``."""
        if table is not None:
            self._stale.add(table)
            self.changed.add(table)

    def total(self, number: int, seats: Mapping[int, str], players: Mapping[str, _Player]) -> int:
        """The chips of the players seated at ``number``."""
        total = self._totals.get(number)
        if total is None or number in self._stale:
            total = sum(players[p].chips for p in seats.values())
            self._totals[number] = total
            self._stale.discard(number)
        return total

    def may_need_action_args(self) -> tuple[int, int, int, int]:
        """Live tables, players seated, the smallest and the largest table."""
        sizes = self.sizes
        if not sizes:
            return 0, 0, 0, 0
        return (
            sum(sizes.values()),
            sum(size * n for size, n in sizes.items()),
            min(sizes),
            max(sizes),
        )


__all__ = ["TableIndex"]
