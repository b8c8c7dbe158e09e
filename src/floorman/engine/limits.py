"""Betting limits: the profile's ``betting`` switch read (NM-H-5, NM-D-3A,
OQ-48), one function for both games.

>>> from floorman.engine.profile import RuleProfile
>>> no_limit = RuleProfile(betting="no-limit")
>>> limit_max(no_limit, 10, pot=300, max_bet=0, bet=0, stack=1000)
1000
>>> half_pot = RuleProfile(betting="half-pot-limit", half_pot_floor_antes=10)
>>> limit_max(half_pot, 10, pot=300, max_bet=0, bet=0, stack=1000)
150
>>> limit_max(half_pot, 10, pot=40, max_bet=0, bet=0, stack=1000)  # 10 antes
100
>>> limit_max(half_pot, 10, pot=400, max_bet=100, bet=0, stack=1000)  # 100 + (400 + 100) / 2
350
"""

from __future__ import annotations

from floorman.engine.profile import RuleProfile

#: The limits whose maximum depends on the pot; under the others the pot is
#: not read, so the betting core need not add it up on every decision.
POT_LIMITS = frozenset({"half-pot-limit"})


def limit_max(
    profile: RuleProfile, ante_unit: int, *, pot: int, max_bet: int, bet: int, stack: int
) -> int:
    """The most a player with ``stack`` behind his ``bet`` may bet or raise
    to, before the all-in cap, when the round's bet is ``max_bet`` and
    ``pot`` chips are in the pot (bets of the round included).

    No limit (NM-H-5, DE-RAISE-8, OQ-48): all his chips.  Half-pot limit, or
    ``half_pot_floor_antes`` antes if more (NM-D-3A, OQ-23): a bet at most
    max(P/2, 10a); a raise at most max((P + C)/2, 10a) on top of the call,
    P being every chip in the pot and C the call."""
    if profile.betting == "half-pot-limit":
        floor = profile.half_pot_floor_antes * ante_unit
        if max_bet == 0:
            return max(pot // 2, floor)
        call = max_bet - bet
        return max_bet + max((pot + call) // 2, floor)
    return stack + bet


def limit_is_stack(profile: RuleProfile) -> bool:
    """Whether :func:`limit_max` is always the player's whole stack (no
    limit), whatever the pot."""
    return profile.betting != "half-pot-limit"
