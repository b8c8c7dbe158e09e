"""Who sits where in a hand: the checks and the clockwise order every game's
hand starts from.

>>> seated = seat_players([1, 4, 6, 9], [50, 60, 70, 80], None, button=6, most=10, rule="NM-H-1")
>>> seated.order, seated.stacks
((9, 1, 4, 6), (80, 50, 60, 70))
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from floorman.engine.cards import CARDS, FULL_DECK, Card
from floorman.engine.errors import BadCards, ProfileError

_SEAT_NAMES = {seat: f"seat {seat}" for seat in range(1, 11)}

#: the other positions clockwise after each position, by table size (positions
#: 0..n-1 from the button's left): who is asked again after a bet or raise
AFTER = [[tuple((i + k) % n for k in range(1, n)) for i in range(n)] for n in range(11)]
#: every position clockwise from each position, by table size: a round's order
AROUND = [[(i, *after) for i, after in enumerate(table)] for table in AFTER]


def clockwise_distance(seat: int, origin: int, capacity: int) -> int:
    """How many seats clockwise ``seat`` lies from ``origin`` at a table of
    seats 1..``capacity`` (0 for ``origin`` itself).  The one clockwise
    measure of the package: the dealing order, the button's and blinds' moves,
    balancing's positions.  Any ``capacity`` at least the highest seat number
    gives the same order.

    >>> [clockwise_distance(s, 6, 10) for s in (6, 7, 10, 1, 5)]
    [0, 1, 4, 5, 9]
    """
    return (seat - origin) % capacity


def clockwise_from_button(seats: Iterable[int], button: int) -> list[int]:
    """Seats in dealing order: the first seat left of the button first, the
    button last (by :func:`clockwise_distance`).

    >>> clockwise_from_button([1, 4, 6, 9], 6)
    [9, 1, 4, 6]
    """
    ordered = sorted(seats)
    cut = bisect.bisect_right(ordered, button)
    return ordered[cut:] + ordered[:cut]


def strictly_between(seat: int, start: int, end: int) -> bool:
    """Does ``seat`` come strictly after ``start`` and before ``end`` going
    clockwise?  (When ``start`` is ``end``: every other seat does.)

    >>> [s for s in range(1, 11) if strictly_between(s, 8, 3)]
    [1, 2, 9, 10]
    """
    ring = max(seat, start, end) + 1
    distance = clockwise_distance(end, start, ring) or ring
    return 0 < clockwise_distance(seat, start, ring) < distance


class Seating(NamedTuple):
    order: tuple[int, ...]  # seats clockwise from the first left of the button
    players: tuple[str, ...]
    stacks: tuple[int, ...]
    place_of: dict[int, int]  # seat -> its place in the caller's lists


_new_seating = tuple.__new__  # a Seating without the namedtuple's Python-level __new__


def seat_players(
    seats: Sequence[int],
    stacks: Sequence[int],
    players: Sequence[str] | None,
    *,
    button: int,
    most: int,
    rule: str,
) -> Seating:
    """Check that seats and stacks pair up (distinct seats, 2 to ``most``
    players, positive whole stacks) and order them from the button's left."""
    seats = tuple(seats)
    n = len(seats)
    if n != len(stacks) or len(set(seats)) != n:
        raise ProfileError("seats and stacks must pair up, one distinct seat each")
    if not 2 <= n <= most:
        raise ProfileError(f"a hand needs 2 to {most} players, not {n} ({rule})")
    for stack in stacks:
        if type(stack) is not int or stack <= 0:
            raise ProfileError(f"every stack must be a positive whole number: {list(stacks)}")
    if players is not None and len(players) != n:
        raise ProfileError("one player name per seat")
    order, index, named = _arranged(seats, button)
    if players is None:
        players = named
    if order == seats:  # already clockwise from the button's left
        return _new_seating(Seating, (order, tuple(players), tuple(stacks), index.copy()))
    return _new_seating(
        Seating,
        (
            order,
            tuple([players[index[seat]] for seat in order]),
            tuple([stacks[index[seat]] for seat in order]),
            index.copy(),
        ),
    )


@lru_cache(maxsize=1024)
def _arranged(
    seats: tuple[int, ...], button: int
) -> tuple[tuple[int, ...], dict[int, int], tuple[str, ...]]:
    """The dealing order of distinct seats, each seat's place among them and
    their default names: the same for every hand the table deals with the
    button there (the caller copies the places before handing them out)."""
    index = dict(zip(seats, range(len(seats)), strict=True))
    names = tuple([_SEAT_NAMES.get(seat) or f"seat {seat}" for seat in seats])
    return tuple(clockwise_from_button(seats, button)), index, names


def checked_deck(deck: Sequence[int] | None, clause: str) -> tuple[Card, ...] | None:
    """A deck to deal from must hold the 52 cards once each."""
    if deck is None:
        return None
    cards = tuple(deck)
    if len(cards) != 52 or frozenset(cards) != FULL_DECK:
        raise BadCards("a deck must hold the 52 cards once each", clause=clause)
    if type(cards[0]) is not Card:  # plain ints: make them print as cards
        cards = tuple(map(CARDS.__getitem__, cards))
    return cards  # type: ignore[return-value]


def dead_seats(dead: Iterable[int], seats: Sequence[int]) -> tuple[int, ...]:
    """The seats dealt in whose hands are dead (OQ-45, OQ-62).  Every hand
    may be: a table of absent players is still dealt and blinded off
    (DE-DEAL-3, OQ-46); :func:`floorman.engine.pots.dead_pot_taker` rules its pot."""
    return tuple(sorted(set(dead) & set(seats)))
