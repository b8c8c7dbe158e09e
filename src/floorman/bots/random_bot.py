"""A bot that picks uniformly among the legal choices."""

from __future__ import annotations

import random

from floorman.bots.base import Situation, bet_action
from floorman.engine.actions import Action
from floorman.engine.common import Phase


class RandomBot:
    """Fold (only when facing a bet), check/call or bet/raise, uniformly;
    amounts uniform in the legal range; in the draw a random number of
    cards and random looks."""

    name = "random"

    def decide(self, situation: Situation, rng: random.Random) -> Action:
        if situation.phase == Phase.DRAWING:
            count = rng.randrange(min(situation.max_draw, len(situation.cards)) + 1)
            return Action("draw", cards=tuple(rng.sample(situation.cards, count)))
        if situation.can_look and (situation.must_look or rng.randrange(3) == 0):
            return Action("look")
        legal = situation.legal
        assert legal is not None
        choices = ["check" if legal.can_check else "call"]
        if not legal.can_check:
            choices.append("fold")
        if legal.min_raise_to is not None:
            choices.append("raise")
        pick = rng.choice(choices)
        if pick == "raise":
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            return bet_action(legal, rng.randint(legal.min_raise_to, legal.max_raise_to))
        return Action(pick)
