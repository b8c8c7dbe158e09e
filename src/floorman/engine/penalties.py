"""Floor penalties whose amount the profile fixes, in antes: posted into the
pot as dead money through the hand's :meth:`~BettingHand.penalize`.

- Acting out of turn: ``out_of_turn_penalty_antes`` (NM-D-2C s8, OQ-14; in
  hold'em too, NM-H-18, OQ-38: one ante is the small blind, OQ-28).  The
  German rules fix no fine (DE-OOT-*, DE-PENALTY-1): 0, nothing posted.
- Turning (exposing) one's own cards during the draw's exchange:
  ``exposed_card_penalty_antes`` (NM-D-2D s2, OQ-18); the hand stays live.

(The repeated misdeal's fine, ``repeat_misdeal_fine_antes``, is the hand's
own: :meth:`BettingHand.misdeal`, NM-D-1F s2, OQ-08.)
"""

from __future__ import annotations

from floorman.engine.betting import BettingHand
from floorman.engine.common import Phase
from floorman.engine.draw import DrawHand
from floorman.engine.errors import ActionNotAllowed
from floorman.engine.events import PenaltyPosted


def _fine(
    hand: BettingHand, seat: int, antes: int, clause: str, reason: str
) -> PenaltyPosted | None:
    if antes <= 0:
        return None
    return hand.penalize(seat, antes * hand.ante_unit, clause=clause, reason=reason)


def penalize_out_of_turn(hand: BettingHand, seat: int) -> PenaltyPosted | None:
    """``seat`` acted out of turn: he pays the profile's
    ``out_of_turn_penalty_antes`` antes into the pot (NM-D-2C s8, OQ-14,
    NM-H-18); None, nothing posted, when the profile fixes no fine."""
    antes = hand.profile.out_of_turn_penalty_antes
    return _fine(hand, seat, antes, "NM-D-2C s8, OQ-14", "out of turn")


def penalize_exposed_card(hand: DrawHand, seat: int) -> PenaltyPosted | None:
    """``seat`` turned one of his cards during the exchange: he pays the
    profile's ``exposed_card_penalty_antes`` antes into the pot, his hand
    stays live (NM-D-2D s2, OQ-18); None when the profile fixes no fine.
    Refused outside the draw (the clause is the exchange's)."""
    if hand.phase != Phase.DRAWING:
        raise ActionNotAllowed(
            "the exposed-card fine is for cards turned during the exchange",
            clause="NM-D-2D s2, OQ-18",
            seat=seat,
            action="penalty",
        )
    antes = hand.profile.exposed_card_penalty_antes
    return _fine(hand, seat, antes, "NM-D-2D s2, OQ-18", "exposed card")
