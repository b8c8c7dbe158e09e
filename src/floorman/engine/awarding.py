"""Awarding the pots at the end of a hand, shared by every game: pots built
from the contributions (NM-D-3B), each split among its best claimants with
the odd chips (DE-ODDCHIP-1), and the pot of a hand whose every hand was
dead carried or taken (DE-SEATED-3, OQ-06, OQ-45)."""

from __future__ import annotations

from abc import abstractmethod
from collections import deque
from operator import not_

from floorman.engine.common import COMPLETE, Phase
from floorman.engine.events import (
    Event,
    HandEnded,
    HandStarted,
    PotAwarded,
    new_awarded,
    new_ended,
)
from floorman.engine.hand_fields import MIXIN_FIELDS
from floorman.engine.pots import build_pots, dead_pot_taker, split_pot
from floorman.engine.profile import RuleProfile


class AwardingMixin:
    """Needs the betting core's chips, seats and results."""

    # A name, not a literal: the type checker would refuse the fields the
    # hand's slots hold.
    __slots__ = MIXIN_FIELDS  # the hand's fields are slots (BettingHand)

    profile: RuleProfile
    started: HandStarted
    seats: tuple[int, ...]
    position: dict[int, int]
    n: int
    stacks: list[int]
    total: list[int]
    bets: list[int]
    folded: list[bool]
    dead: frozenset[int]
    carried_pot: int
    phase: Phase
    to_act: deque[int]
    awards: list[PotAwarded]
    final_stacks: tuple[int, ...] | None
    is_complete: bool  #: whether the hand is over (its phase is COMPLETE)

    @property
    @abstractmethod
    def pot_total(self) -> int:
        """BettingHand's."""

    def _award_events(self, strengths: dict[int, int]) -> list[Event]:
        """Pot awards and the end of the hand.  ``strengths`` holds the hand
        strength of every live position that still claims the pot; a pot
        whose claimants all mucked cannot arise (the last claimant must
        show)."""
        if self.dead and len(self.dead) == self.n:
            return self._all_dead_events()
        live = list(map(not_, self.folded))
        if self.profile.merge_pots_with_same_winners and len(strengths) > 1:
            live = self._winners_only(live, strengths)
        pots = build_pots(self.total, live, self.carried_pot)
        events: list[Event] = []
        stacks = list(self.stacks)
        seat_of = self.seats.__getitem__
        strength_of = strengths.get
        for k, (amount, eligible) in enumerate(pots):
            claimants = [i for i in eligible if i in strengths] or list(eligible)
            best = 0
            winners: list[int] = []
            for i in claimants:
                strength = strength_of(i, 0)
                if strength > best or not winners:
                    best, winners = strength, [i]
                elif strength == best:
                    winners.append(i)
            # split_pot's shares come in position order, as the winners do
            shares = split_pot(amount, winners) if len(winners) != 1 else {winners[0]: amount}
            for i, share in shares.items():
                stacks[i] += share
            events.append(
                new_awarded(
                    k,
                    amount,
                    tuple(map(seat_of, eligible)),
                    tuple(map(seat_of, shares)),
                    tuple(shares.values()),
                    best if len(claimants) > 1 and best else None,
                )
            )
        events.append(new_ended(tuple(stacks), 0))
        return events

    def _all_dead_events(self) -> list[Event]:
        """Every hand dead, forced bets posted (away or penalised: DE-SEATED-2,
        DE-DEAL-2, DE-ABSENT-2, OQ-45, OQ-62): the pot stays in the middle,
        carried to the next hand (DE-SEATED-3, OQ-10), the stacks blinded down
        (DE-DEAL-3, OQ-46); or taken as :func:`dead_pot_taker` rules when no
        hand can follow (NM-D-3B, OQ-06, DE-ODDCHIP-1)."""
        pot, stacks = self.pot_total, list(self.stacks)
        taker = dead_pot_taker(stacks, self.started.stacks)
        if taker is None:
            return [HandEnded(stacks=tuple(stacks), carried_pot=pot)]
        stacks[taker] += pot
        seat = self.seats[taker]
        return [
            PotAwarded(pot=0, amount=pot, eligible=(seat,), winners=(seat,), shares=(pot,)),
            HandEnded(stacks=tuple(stacks)),
        ]

    def _winners_only(self, live: list[bool], strengths: dict[int, int]) -> list[bool]:
        """The profile switch that splits pots as PokerKit does: hands that
        win no pot are killed first, so consecutive pots left to the same
        players are split as one (odd chips then fall once, OQ-67 variant)."""
        wins: set[int] = set()
        for pot in build_pots(self.total, live, self.carried_pot):
            claimants = [i for i in pot.eligible if i in strengths]
            if claimants:
                best = max(strengths[i] for i in claimants)
                wins.update(i for i in claimants if strengths[i] == best)
        return [is_live and i in wins for i, is_live in enumerate(live)]

    def _apply_award(self, event: PotAwarded) -> None:
        for seat, share in zip(event.winners, event.shares, strict=True):
            self.stacks[self.position[seat]] += share
        self.awards.append(event)

    def _apply_end(self, event: HandEnded) -> None:
        self.final_stacks = event.stacks
        self.carried_pot = event.carried_pot
        self.total = [0] * self.n
        self.phase = COMPLETE
        self.is_complete = True
        self.to_act.clear()
