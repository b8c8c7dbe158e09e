"""Hand-history formats: PHH (read, replay, write) and PokerStars-style text."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from floorman.engine.events import BoardDealt, Burned, Event, HoleDealt, Misdealt


def voided_deal(events: Sequence[Event]) -> frozenset[int]:
    """Indices of the cards a misdeal took back.  The hand is dealt again
    with the forced bets staying (NM-D-1F, OQ-08, DE-MISDEAL-1/2, OQ-59), so
    a hand history shows only the deal that was played."""
    last = max((k for k, e in enumerate(events) if isinstance(e, Misdealt)), default=0)
    return frozenset(
        k for k, e in enumerate(events[:last]) if isinstance(e, HoleDealt | Burned | BoardDealt)
    )


def played_events(events: Sequence[Event]) -> Iterator[tuple[int, Event]]:
    """The events with their indices in the log, without the cards a
    misdeal took back (:func:`voided_deal`): what a hand history writes."""
    voided = voided_deal(events)
    return ((k, e) for k, e in enumerate(events) if k not in voided)
