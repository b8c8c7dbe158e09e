"""The engine hand for a tournament's hand spec."""

from __future__ import annotations

from collections.abc import Sequence

from floorman.engine.cards import Card
from floorman.engine.errors import FloormanError
from floorman.engine.events import Event, HandStarted
from floorman.engine.profile import RuleProfile
from floorman.engine.variants import Hand, replay_any, variant_for
from floorman.tournament.state import HandSpec

__all__ = ["Hand", "hand_for", "replay_hand", "result_of"]


def hand_for(profile: RuleProfile, spec: HandSpec, deck: Sequence[Card]) -> Hand:
    """Start the engine hand the tournament asked for, dealt from ``deck``
    (shuffled by the caller: ``secrets`` in play, a seed in simulation)."""
    return variant_for(profile).start(
        profile,
        seats=spec.seats,
        stacks=spec.stacks,
        button=spec.button,
        ante_unit=spec.ante,
        players=spec.players,
        small_blind_seat=spec.small_blind_seat,
        big_blind_seat=spec.big_blind_seat,
        carried_pot=spec.carried_pot,
        deck=deck,
        dead=spec.dead,
        hand_id=spec.hand_id,
        table=spec.table,
    )


def result_of(hand: Hand) -> tuple[dict[str, int], int]:
    """Each player's chips after the hand, and the pot carried to the next
    deal (a draw check-pot, OQ-10; the pot of a hand whose every hand was
    dead, DE-SEATED-3, OQ-45)."""
    final = hand.final_stacks
    assert final is not None, "the hand is not over"
    return {hand.players[i]: final[i] for i in range(hand.n)}, hand.carried_pot


def replay_hand(events: Sequence[Event]) -> Hand:
    """A stored hand rebuilt from its log, whichever game it is."""
    if not events or not isinstance(events[0], HandStarted):
        raise FloormanError("a hand log must begin with HandStarted")
    return replay_any(events)
