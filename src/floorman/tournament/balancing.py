"""Breaking and balancing tables, as the profile's switches say.

Everyone fitting at one table forms the final table, never broken (OQ-05,
OQ-36 (iv)).  Otherwise, between hands:

- ``break_table_at_players``: a table down to that many players with chips
  is broken (NM-D-1B s1: 2, the draw's only, OQ-37).
- ``break_when_players_fit``: the smallest table is broken whenever its
  players fit elsewhere (NM-H-17, OQ-36 (ii); DE-BREAK-1, OQ-53); off, only
  when it is below ``table_min`` (NM-D-1A, OQ-04).
- ``seat_broken_players_by``: ``"chip-spread"`` seats them so that the
  tables' chip totals end as even as possible (NM-H-16, OQ-36): the least
  possible spread, solved exactly by :mod:`floorman.tournament.chip_spread`
  (its docstring gives the objective and the tie-break);
  ``"fewest-players"`` at the tables with the fewest players, at free seats
  by lot (NM-D-1B s1, OQ-04; DE-BREAK-1/2, the newcomer waiting between
  button and small blind: DE-BREAK-3, OQ-53).
- ``balance_trigger``: a player moves between tables that are not broken
  only to bring one up to ``table_min`` (``"table-minimum"``: NM-H-17,
  OQ-36; NM-D-1A, OQ-04) or whenever two differ by two or more
  (``"difference-of-two"``: DE-BALANCE-*, OQ-54).
- ``balance_mover``: who moves: the stack that best evens the two tables'
  chips (``"evens-chips"``, NM-H-16), anyone by lot (``"random"``), the
  player in the same position as the free seat (``"same-position"``:
  DE-BALANCE-1, OQ-54's default), the player after the big blind (UTG) to
  the free seat furthest from the big blind, the one it reaches last
  (``"under-the-gun"``: DE-BALANCE-2, the second variant), or the player
  due the big blind next to the worst position, the free seat that pays the
  big blind soonest (``"next-big-blind"``: TDA, OQ-54's alternative).

Every decision names its clause.  Randomness (seats, ties) comes in as
``randbelow``; the decisions are recorded as events, so replays never draw.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field

from floorman.engine.cards import RandBelow, pick, shuffle
from floorman.engine.profile import RuleProfile
from floorman.engine.seating import clockwise_distance
from floorman.tournament import chip_spread


@dataclass(frozen=True, slots=True)
class TableLoad:
    """What balancing needs to know of one table."""

    table: int
    seats: Mapping[int, str]  # seat -> player (players with chips only)
    chips: Mapping[str, int]
    capacity: int
    button: int | None = None
    big_blind: int | None = None  # the last hand's big blind seat
    #: the seated players' chips when the caller knows them already
    chip_total: int | None = None

    @property
    def count(self) -> int:
        return len(self.seats)

    @property
    def total(self) -> int:
        if self.chip_total is not None:
            return self.chip_total
        return sum(self.chips[p] for p in self.seats.values())

    def free_seats(self) -> list[int]:
        return [s for s in range(1, self.capacity + 1) if s not in self.seats]


@dataclass(frozen=True, slots=True)
class Move:
    player: str
    from_table: int
    from_seat: int
    table: int
    seat: int
    clause: str


@dataclass(frozen=True, slots=True)
class Decision:
    """One table broken (with its moves) or one balancing move."""

    kind: str  # "break" or "balance"
    table: int  # the table broken, or the table a player leaves
    moves: tuple[Move, ...]
    clause: str
    chip_totals: dict[int, int] = field(default_factory=dict)

    @property
    def spread(self) -> int:
        """Largest minus smallest table chip total after the decision
        (the measure NM-H-16 asks to keep small)."""
        if not self.chip_totals:
            return 0
        return max(self.chip_totals.values()) - min(self.chip_totals.values())


def may_need_action(profile: RuleProfile, counts: Sequence[int], capacity: int) -> bool:
    """A quick test on the table sizes alone: False when :func:`plan` cannot
    decide anything, so a large field need not build its table views."""
    live = [c for c in counts if c]
    if len(live) <= 1:
        return False
    total = sum(live)
    if total <= (len(live) - 1) * capacity:
        return True  # a table can be broken (or the final table formed)
    if profile.balance_trigger == "table-minimum":
        return min(live) < profile.table_min
    return max(live) - min(live) >= 2


def may_need_action_by_sizes(profile: RuleProfile, sizes: Mapping[int, int], capacity: int) -> bool:
    """:func:`may_need_action` from how many tables have each number of
    players (``sizes``: players -> tables, no empty tables), which the
    tournament keeps as it goes: the same answer without a list of every
    table after every hand."""
    live = sum(n for size, n in sizes.items() if size)
    if live <= 1:
        return False
    total = sum(size * n for size, n in sizes.items())
    if total <= (live - 1) * capacity:
        return True
    smallest = min(size for size in sizes if size)
    if profile.balance_trigger == "table-minimum":
        return smallest < profile.table_min
    return max(sizes) - smallest >= 2


# The clauses a decision cites, by the rulebook rulings cite (``rulebook``).
_FINAL_TABLE = {"NM-D": "OQ-05, NM-D-5", "NM-H": "OQ-05, OQ-36, NM-H-17", "DE": "DE-BREAK-1, OQ-68"}
_BREAK_WHEN_FIT = {
    "NM-D": "NM-D-1A, OQ-04",
    "NM-H": "NM-H-16, NM-H-17, OQ-36",
    "DE": "DE-BREAK-1, OQ-53",
}
_UP_TO_MINIMUM = {"NM-D": "NM-D-1A, OQ-04", "NM-H": "NM-H-17, OQ-36", "DE": "DE-BALANCE-1, OQ-54"}
# A move between tables two or more apart, by the mover it cites (by lot
# when the blinds are not known yet).
_DIFFERENCE_OF_TWO = {
    "under-the-gun": "DE-BALANCE-2, OQ-54",
    "next-big-blind": "DE-BALANCE-2, OQ-54 (TDA)",
}


def plan(
    profile: RuleProfile,
    tables: Sequence[TableLoad],
    idle: Container[int],
    randbelow: RandBelow,
) -> list[Decision]:
    """Decisions to carry out now.  Only idle tables (between hands) lose
    players; a destination table may be mid-hand (the newcomer joins at the
    next deal).  Call again after each decision is applied."""
    live = [t for t in tables if t.seats]
    if len(live) <= 1:
        return []
    total_players = sum([len(t.seats) for t in live])
    capacity = max([t.capacity for t in live])
    by = profile.seat_broken_players_by
    if total_players <= capacity:
        # Everyone fits at one table: the final table (OQ-05, OQ-36 (iv)).
        final = _final_table(live)
        others = [t for t in live if t.table != final.table and t.table in idle]
        return _break(live, others[:1], [final], randbelow, _FINAL_TABLE[profile.rulebook], by)
    breakable = total_players <= (len(live) - 1) * capacity
    if profile.break_table_at_players:
        small = [t for t in live if t.count <= profile.break_table_at_players and t.table in idle]
        if small and breakable:
            # NM-D-1B s1: only 2 players with chips left: the table is broken.
            return _break(live, small[:1], None, randbelow, "NM-D-1B, OQ-04", by)
    smallest = min(live, key=lambda t: (t.count, -t.table))
    if breakable and smallest.table in idle:
        if profile.break_when_players_fit:
            # OQ-36 (ii), DE-BREAK-1: break the smallest table whenever its
            # players fit elsewhere.
            clause = _BREAK_WHEN_FIT[profile.rulebook]
            return _break(live, [smallest], None, randbelow, clause, by)
        if smallest.count < profile.table_min:
            return _break(live, [smallest], None, randbelow, "NM-D-1A, OQ-04", by)
    return _balance(profile, live, idle, randbelow)


def _final_table(live: Sequence[TableLoad]) -> TableLoad:
    """The table that stays: the one with the most players (ties: lowest
    number), so the fewest players move."""
    return max(live, key=lambda t: (t.count, -t.table))


def _break(
    live: Sequence[TableLoad],
    breaking: Sequence[TableLoad],
    targets: Sequence[TableLoad] | None,
    randbelow: RandBelow,
    clause: str,
    by: str,
) -> list[Decision]:
    """Break ``breaking`` (one table) and seat its players at ``targets``
    (default: every other table), ``by`` the profile's
    ``seat_broken_players_by``."""
    if not breaking:
        return []
    table = breaking[0]
    # the destinations' seats as the moves fill them: a table's copy is made
    # when a player is seated there (copying every table's for each break
    # made breaking a large field quadratic)
    seats: dict[int, dict[int, str]] = {}
    destinations = [t for t in (targets if targets is not None else live) if t.table != table.table]
    players = list(table.seats.items())
    if by == "chip-spread":
        return _break_evenly(table, players, destinations, seats, randbelow, clause)
    shuffle(players, randbelow)
    totals = {t.table: t.total for t in destinations}
    moves = []
    for from_seat, player in players:
        open_tables = [t for t in destinations if len(seats.get(t.table, t.seats)) < t.capacity]
        if not open_tables:
            return []  # no room: nothing is decided
        fewest = min(len(seats.get(t.table, t.seats)) for t in open_tables)
        best = [t for t in open_tables if len(seats.get(t.table, t.seats)) == fewest]
        dest = pick(best, randbelow)
        moves.append(_seat_at(dest, seats, totals, table, from_seat, player, clause, randbelow))
    return [Decision("break", table.table, tuple(moves), clause, totals)]


def _seat_at(
    dest: TableLoad,
    seats: dict[int, dict[int, str]],
    totals: dict[int, int],
    table: TableLoad,
    from_seat: int,
    player: str,
    clause: str,
    randbelow: RandBelow,
) -> Move:
    """Seat ``player`` of the broken ``table`` at a free seat of ``dest``
    drawn by lot, keeping ``seats`` (copied from ``dest`` at its first
    newcomer) and the chip ``totals`` up to date."""
    taken = seats.get(dest.table)
    if taken is None:
        taken = seats[dest.table] = dict(dest.seats)
    free = [s for s in range(1, dest.capacity + 1) if s not in taken]
    seat = pick(free, randbelow)
    taken[seat] = player
    totals[dest.table] += table.chips[player]
    return Move(player, table.table, from_seat, dest.table, seat, clause)


def _break_evenly(
    table: TableLoad,
    players: list[tuple[int, str]],
    destinations: Sequence[TableLoad],
    seats: dict[int, dict[int, str]],
    randbelow: RandBelow,
    clause: str,
) -> list[Decision]:
    """NM-H-16, OQ-36 (iii): the tables for the broken table's players that
    leave the destination tables' chip totals as even as possible (the least
    spread, exactly: :func:`chip_spread.solve`; ties: the first optimum in
    the largest-stack-first, lowest-total-first order), then a free seat at
    each by lot."""
    chips = table.chips
    players = sorted(players, key=lambda item: (-chips[item[1]], item[0]))
    totals: dict[int, int] = {}
    rooms: list[tuple[int, int]] = []
    for t in destinations:  # one pass: a large field has thousands of them
        total = totals[t.table] = t.total
        rooms.append((total, t.capacity - len(seats.get(t.table, t.seats))))
    assignment = chip_spread.solve([chips[p] for _, p in players], rooms)
    if assignment is None:
        return []  # no room: nothing is decided
    moves = []
    for (from_seat, player), index in zip(players, assignment, strict=True):
        dest = destinations[index]
        moves.append(_seat_at(dest, seats, totals, table, from_seat, player, clause, randbelow))
    return [Decision("break", table.table, tuple(moves), clause, totals)]


def _balance(
    profile: RuleProfile, live: Sequence[TableLoad], idle: Container[int], randbelow: RandBelow
) -> list[Decision]:
    """Move one player from the fullest idle table to the shortest, when the
    rules ask for it (see the module docstring)."""
    shortest = min(live, key=lambda t: (t.count, t.table))
    donors = sorted(
        (t for t in live if t.table in idle and t.table != shortest.table),
        key=lambda t: (-t.count, t.table),
    )
    if not donors or not shortest.free_seats():
        return []
    donor = donors[0]
    if profile.balance_trigger == "table-minimum":
        # Move only to keep every table at its minimum (NM-H-17, OQ-04, OQ-36).
        if shortest.count >= profile.table_min or donor.count <= profile.table_min:
            return []
        clause = _UP_TO_MINIMUM[profile.rulebook]
    else:
        if donor.count - shortest.count < 2:
            return []
        clause = _DIFFERENCE_OF_TWO.get(profile.balance_mover, "DE-BALANCE-1, OQ-54")
    from_seat, seat, clause = _choose_mover(profile, donor, shortest, randbelow, clause)
    player = donor.seats[from_seat]
    move = Move(player, donor.table, from_seat, shortest.table, seat, clause)
    totals = {t.table: t.total for t in live}
    totals[donor.table] -= donor.chips[player]
    totals[shortest.table] += donor.chips[player]
    return [Decision("balance", donor.table, (move,), clause, totals)]


def _choose_mover(
    profile: RuleProfile, donor: TableLoad, short: TableLoad, randbelow: RandBelow, clause: str
) -> tuple[int, int, str]:
    free = short.free_seats()
    occupied = sorted(donor.seats)
    mover = profile.balance_mover
    if mover == "evens-chips":
        # Keep the chip spread small (NM-H-16): the stack that best evens
        # the two tables' totals.
        gap = donor.total - short.total
        from_seat = min(occupied, key=lambda s: (abs(gap - 2 * donor.chips[donor.seats[s]]), s))
        return from_seat, pick(free, randbelow), clause
    if mover == "random" or donor.big_blind is None or short.big_blind is None:
        return pick(occupied, randbelow), pick(free, randbelow), clause
    donor_bb = donor.big_blind
    short_bb = short.big_blind
    # The player due the big blind next at the fuller table ("UTG").
    after_bb = sorted(occupied, key=lambda s: clockwise_distance(s, donor_bb, donor.capacity) or 99)
    utg = after_bb[0]
    if mover == "same-position":
        # Variant 1 (DE-BALANCE-1, OQ-54): the free seat nearest after the
        # big blind and the fuller table's player in the same position,
        # counted in players after the big blind.  It can always be applied:
        # either trigger moves a player only from a table with at least two
        # more players than the short one, so the fuller table has a player
        # of that rank before its big blind (OQ-54's "if it cannot be
        # applied" never arises; variant 2 is the "under-the-gun" switch).
        seat = min(free, key=lambda s: clockwise_distance(s, short_bb, short.capacity))
        rank = sum(
            1
            for s in short.seats
            if 0
            < clockwise_distance(s, short_bb, short.capacity)
            < clockwise_distance(seat, short_bb, short.capacity)
        )
        return after_bb[rank], seat, "DE-BALANCE-1, OQ-54"
    if mover == "under-the-gun":
        # Variant 2 (DE-BALANCE-2, OQ-54): the player after the big blind
        # (UTG) to the free seat furthest from the big blind, the one the big
        # blind reaches last (the greatest clockwise distance).
        far = max(free, key=lambda s: clockwise_distance(s, short_bb, short.capacity))
        return utg, far, "DE-BALANCE-2, OQ-54"
    # TDA: the next big blind moves to the worst position - the free seat
    # the big blind reaches first.
    worst = min(free, key=lambda s: clockwise_distance(s, short_bb, short.capacity) or 99)
    return utg, worst, "TDA balancing (OQ-54 alternative)"
