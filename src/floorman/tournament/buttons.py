"""Where the button and blinds go at a table, hand after hand.

Hold'em uses the dead button (``dead_button``, OQ-43, OQ-47): the big blind
moves on to the next active player every hand, the small blind takes the
previous big blind's seat (dead if that player is gone) and the button the
previous small blind's seat (dead if empty).  With the switch off the button
moves: to the next player with chips, the blinds the two after it, never
dead.  Heads-up the button posts the small blind (OQ-29, DE-BLINDS-3), or
with ``heads_up_button_posts_small_blind`` off the big blind.  A player who
arrives between the button and the small blind waits until the button has
passed him (DE-BREAK-3, OQ-53).  In the draw the deal simply passes to the
next player every deal (OQ-07).

>>> first = next_positions([1, 3, 5, 7], None, first_button=1, blinds=True)
>>> first.button, first.small_blind, first.big_blind
(1, 3, 5)
>>> nxt = next_positions([1, 3, 7], first, blinds=True)  # seat 5 (last BB) busted
>>> nxt.button, nxt.small_blind, nxt.big_blind
(3, None, 7)
>>> moving = next_positions([1, 3, 7], first, blinds=True, dead_button=False)
>>> moving.button, moving.small_blind, moving.big_blind
(3, 7, 1)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from floorman.engine.seating import clockwise_from_button, strictly_between


@dataclass(frozen=True, slots=True)
class Positions:
    button: int
    small_blind: int | None  # None: a dead small blind (nobody posts)
    big_blind: int | None  # None in games without blinds
    small_blind_seat: int  # the seat the small blind belongs to, posted or not
    dealt: tuple[int, ...]  # seats dealt in, in seat order
    waiting: tuple[int, ...]  # seats that wait for the button to pass (OQ-53)


def _after(seats: Sequence[int], seat: int) -> int:
    """The first seat of ``seats`` clockwise after ``seat``."""
    return clockwise_from_button(seats, seat)[0]


def next_positions(
    active: Collection[int],
    previous: Positions | None,
    *,
    first_button: int | None = None,
    blinds: bool = True,
    newcomers: Collection[int] = (),
    dead_button: bool = True,
    heads_up_button_posts_small_blind: bool = True,
) -> Positions:
    """Positions for the next hand at a table.

    ``active`` are the occupied seats whose players have chips; ``newcomers``
    those of them who joined since their last hand here (they may have to
    wait, OQ-53).  ``previous`` is what the last hand used (None for the
    table's first hand, with ``first_button`` the seat that holds the button:
    seat 1 in DE-SEAT-2, drawn by lot in OQ-07).  ``dead_button`` and
    ``heads_up_button_posts_small_blind`` are the profile's switches
    (OQ-43, OQ-47; OQ-29, DE-BLINDS-3).
    """
    seats = sorted(active)
    if len(seats) < 2:
        raise ValueError("a hand needs two players with chips")
    if not blinds:
        if previous is None:
            button = (
                first_button if first_button in seats else _after(seats, (first_button or 1) - 1)
            )
        else:
            button = _after(seats, previous.button)
        return Positions(button, None, None, button, tuple(seats), ())
    if previous is None:
        button = first_button if first_button is not None else seats[0]
        order = [s for s in seats if s > button] + [s for s in seats if s <= button]
        if len(seats) == 2 and heads_up_button_posts_small_blind:
            sb = button if button in seats else order[1]
            bb = order[0] if order[0] != sb else order[1]
        else:
            sb, bb = order[0], order[1]
        return Positions(button, sb, bb, sb, tuple(seats), ())
    if not dead_button:
        # A moving button: the next player with chips, the blinds after him.
        return _moving(seats, _after(seats, previous.button), heads_up_button_posts_small_blind)
    assert previous.big_blind is not None
    bb = _after(seats, previous.big_blind)
    if len(seats) == 2:
        other = seats[0] if seats[1] == bb else seats[1]
        if heads_up_button_posts_small_blind:
            # Heads-up: the other player has the button and the small blind (OQ-29).
            return Positions(other, other, bb, other, tuple(seats), ())
        # Switch off: the big blind has the button, the other the small blind.
        return Positions(bb, other, bb, other, tuple(seats), ())
    sb_seat = previous.big_blind
    button = previous.small_blind_seat
    posted = sb_seat if sb_seat in seats and sb_seat != bb else None  # None: dead
    waiting = tuple(
        s for s in newcomers if s != bb and s != posted and strictly_between(s, button, sb_seat)
    )
    dealt = tuple(s for s in seats if s not in waiting)
    if len(dealt) < 2:
        dealt, waiting = tuple(seats), ()
    return Positions(button, posted, bb, sb_seat, dealt, waiting)


def _moving(seats: Sequence[int], button: int, button_posts_small_blind: bool) -> Positions:
    """A moving button at ``button``: the small blind the next player, the
    big blind the one after (heads-up the button posts the small blind,
    OQ-29, unless the switch is off); nobody waits, no blind is dead."""
    after = _after(seats, button)
    if len(seats) == 2 and button_posts_small_blind:
        return Positions(button, button, after, button, tuple(seats), ())
    if len(seats) == 2:
        return Positions(button, after, button, after, tuple(seats), ())
    bb = _after(seats, after)
    return Positions(button, after, bb, after, tuple(seats), ())
