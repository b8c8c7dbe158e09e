"""A bot that plays sensibly: hand strength against pot odds.

Hold'em: Monte Carlo equity of its two cards against the live opponents
(the batch evaluator in :mod:`floorman.batch`), compared with the price
of calling; bets and raises sized to the pot.  Draw: the made hand decides
the opening, the draw keeps pairs and four-card flushes and straights, and
the unseen rules are used (NM-D-2E/2F): the high bidder with a strong hand
sometimes bets before looking, and everyone looks before calling behind a
seen player.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import ClassVar

from floorman.batch import equity_monte_carlo
from floorman.bots.base import Situation, bet_action, passive_action
from floorman.engine.actions import Action
from floorman.engine.cards import Card
from floorman.engine.common import Phase
from floorman.engine.draw import DrawRound
from floorman.engine.evaluator import HandCategory, category, evaluate
from floorman.engine.variants import variant_for

Strategy = Callable[["SensibleBot", Situation, random.Random], Action]


class SensibleBot:
    name = "sensible"
    #: the strategies by name; each variant names its own (``bot_strategy``)
    strategies: ClassVar[dict[str, Strategy]]

    def __init__(self, trials: int = 150) -> None:
        self.trials = trials
        self._by_game: dict[str, Strategy] = {}

    def decide(self, situation: Situation, rng: random.Random) -> Action:
        strategy = self._by_game.get(situation.game)
        if strategy is None:
            strategy = self.strategies[variant_for(situation.game).bot_strategy]
            self._by_game[situation.game] = strategy
        return strategy(self, situation, rng)

    # ------------------------------------------------------------ hold'em

    def _holdem(self, s: Situation, rng: random.Random) -> Action:
        legal = s.legal
        assert legal is not None
        opponents = max(1, min(s.opponents, 6))
        equity = equity_monte_carlo(s.cards, s.board, opponents, self.trials, rng.getrandbits(62))
        return self._bet_by_strength(s, equity, 1.0 / (opponents + 1), rng)

    def _bet_by_strength(
        self, s: Situation, equity: float, fair: float, rng: random.Random
    ) -> Action:
        """Equity against pot odds; ``fair`` is the share a random hand gets."""
        legal = s.legal
        assert legal is not None
        to_call = legal.call_amount
        pot = max(s.pot, 1)
        strong = equity > min(0.85, fair * 1.9)
        good = equity > fair * 1.25
        can_raise = legal.min_raise_to is not None
        if legal.can_check:
            if can_raise and (strong or (good and rng.random() < 0.4) or rng.random() < 0.05):
                return bet_action(legal, int(pot * (0.5 + 0.25 * rng.random())))
            return Action("check")
        price = to_call / (pot + to_call)
        if can_raise and strong and rng.random() < 0.6:
            return bet_action(legal, legal.min_raise_to + int(pot * 0.75))  # type: ignore[operator]
        if equity >= price or (good and to_call <= s.big_blind):
            return passive_action(legal)
        return Action("fold")

    # ------------------------------------------------------------ draw

    def _draw_game(self, s: Situation, rng: random.Random) -> Action:
        if s.phase == Phase.DRAWING:
            return Action("draw", cards=discards(s.cards))
        if s.must_look:
            return Action("look")
        legal = s.legal
        if s.can_look and s.hidden_cards:
            unseen_bid = (
                s.round == DrawRound.OPENING
                and s.is_high_bidder
                and legal is not None
                and legal.can_check
                and legal.min_raise_to is not None
                and strength_of(s.cards) >= HandCategory.TWO_PAIR
                and rng.random() < 0.5
            )
            if unseen_bid:
                assert legal is not None
                return bet_action(legal, legal.min_raise_to + s.big_blind)  # type: ignore[operator]
            calls_unseen = (
                s.round == DrawRound.UNSEEN
                and legal is not None
                and not legal.can_check
                and strength_of(s.cards) >= HandCategory.PAIR
                and legal.call_amount <= max(s.pot // 4, s.big_blind)
                and rng.random() < 0.3
            )
            if calls_unseen:
                assert legal is not None
                return passive_action(legal)  # in unseen (NM-D-2E s3)
            return Action("look")
        assert legal is not None
        made = strength_of(s.cards)
        share = {
            HandCategory.HIGH_CARD: 0.12,
            HandCategory.PAIR: 0.45,
            HandCategory.TWO_PAIR: 0.7,
            HandCategory.THREE_OF_A_KIND: 0.8,
        }.get(made, 0.92)
        if made == HandCategory.PAIR and s.round == DrawRound.PREDRAW:
            share = 0.35 + 0.3 * (_pair_rank(s.cards) / 12)
        fair = 1.0 / (max(1, s.opponents) + 1)
        return self._bet_by_strength(s, share, fair, rng)


def strength_of(cards: tuple[Card, ...]) -> HandCategory:
    if len(cards) == 5:
        return category(evaluate(cards))
    counts = Counter(c.rank for c in cards)
    top = max(counts.values(), default=0)
    if top >= 3:
        return HandCategory.THREE_OF_A_KIND
    pairs = sum(1 for v in counts.values() if v == 2)
    return (
        HandCategory.TWO_PAIR
        if pairs >= 2
        else HandCategory.PAIR
        if pairs
        else HandCategory.HIGH_CARD
    )


def _pair_rank(cards: tuple[Card, ...]) -> int:
    counts = Counter(c.rank for c in cards)
    return max((r for r, v in counts.items() if v >= 2), default=0)


def discards(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Which cards to throw: keep made hands, pairs and trips, four to a
    flush or an open straight; otherwise keep the highest card (draw 4;
    never 5, NM-D-2D s6)."""
    made = category(evaluate(cards))
    if made in (
        HandCategory.STRAIGHT,
        HandCategory.FLUSH,
        HandCategory.FULL_HOUSE,
        HandCategory.FOUR_OF_A_KIND,
        HandCategory.STRAIGHT_FLUSH,
    ):
        return ()
    counts = Counter(c.rank for c in cards)
    if made in (HandCategory.THREE_OF_A_KIND, HandCategory.TWO_PAIR, HandCategory.PAIR):
        return tuple(c for c in cards if counts[c.rank] == 1)
    suits = Counter(c.suit for c in cards)
    suit, number = suits.most_common(1)[0]
    if number == 4:
        return tuple(c for c in cards if c.suit != suit)
    ranks = sorted({c.rank for c in cards})
    for low in range(0, 10):
        window = [r for r in ranks if low <= r <= low + 3]
        if len(window) == 4 and low + 3 < 12:
            return tuple(c for c in cards if c.rank not in window)
    best = max(cards, key=lambda c: c.rank)
    return tuple(c for c in cards if c is not best)


#: hold'em's equity against pot odds; the draw's made hand, exchange and unseen play
SensibleBot.strategies = {"equity": SensibleBot._holdem, "made-hand": SensibleBot._draw_game}


def register_strategy(name: str, strategy: Strategy) -> None:
    """A strategy a variant may name as its ``bot_strategy`` (a game whose
    play differs from the built-in ones')."""
    SensibleBot.strategies[name] = strategy
