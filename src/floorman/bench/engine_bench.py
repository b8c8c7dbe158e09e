"""``floorman bench engine``: complete hands per second on random legal play.

The workload (issue: hold'em engine): blinds 1/2, stacks 200, every player
picks uniformly among fold (only when facing a bet), check/call and
bet/raise, the amount uniform between the legal minimum and maximum, and
every showdown evaluated.  PokerKit, where installed, plays the same workload
in the same run, so figures are reported as a ratio, never in isolation.

For the draw the workload adds a random draw (0-4 cards) and random looks, so
unseen bets and the OQ-19 restrictions are exercised.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from floorman.engine.betting import BettingHand
from floorman.engine.cards import shuffled_deck
from floorman.engine.draw import DrawHand
from floorman.engine.errors import RuleViolation
from floorman.engine.holdem import HoldemHand
from floorman.engine.profile import RuleProfile


@dataclass(frozen=True)
class Measurement:
    name: str
    hands: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0


def fast_randbelow(rng: random.Random) -> Callable[[int], int]:
    """A quick uniform integer below n for the workload's choices and
    shuffles (both engines get the same generator; play uses ``secrets``)."""
    draw = rng.random
    exact = rng.randrange

    def randbelow(n: int) -> int:
        # random() carries 53 bits: enough for a choice among a few, not for
        # the one draw below 52! that a shuffle makes.
        return int(draw() * n) if n < 1 << 32 else exact(n)

    return randbelow


def play_holdem_hand(profile: RuleProfile, rng: random.Random, players: int, stack: int) -> None:
    randrange = fast_randbelow(rng)
    hand = HoldemHand.start(
        profile,
        seats=range(1, players + 1),
        stacks=[stack] * players,
        button=players,
        ante_unit=1,
        deck=shuffled_deck(randrange),
    )
    while not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None
        seat = legal.seat
        choices = 2 if legal.can_check else 3
        if legal.min_raise_to is None:
            choices -= 1
        pick = randrange(choices)
        if pick == 0:
            hand.check_or_call(seat)
        elif pick == 1 and legal.min_raise_to is not None:
            assert legal.max_raise_to is not None
            low = legal.min_raise_to
            hand.bet_or_raise_to(seat, low + randrange(legal.max_raise_to - low + 1))
        else:
            hand.fold(seat)


def play_draw_hand(profile: RuleProfile, rng: random.Random, players: int, stack: int) -> None:
    randrange = fast_randbelow(rng)
    hand = DrawHand.start(
        profile,
        seats=range(1, players + 1),
        stacks=[stack] * players,
        button=players,
        ante_unit=1,
        deck=shuffled_deck(randrange),
    )
    while not hand.is_complete:
        seat = hand.actor
        assert seat is not None
        if hand.phase == "drawing":
            cards = hand.cards[hand.position[seat]]
            hand.draw(seat, rng.sample(cards, randrange(5)))
            continue
        if hand.can_look(seat) and randrange(3) == 0:
            hand.look(seat)
        legal = hand.legal_actions()
        assert legal is not None
        choices = 2 if legal.can_check else 3
        if legal.min_raise_to is None:
            choices -= 1
        pick = randrange(choices)
        try:
            if pick == 0:
                hand.check_or_call(seat)
            elif pick == 1 and legal.min_raise_to is not None:
                assert legal.max_raise_to is not None
                low = legal.min_raise_to
                hand.bet_or_raise_to(seat, low + randrange(legal.max_raise_to - low + 1))
            else:
                hand.fold(seat)
        except RuleViolation:
            # NM-D-2E s4: behind a seen player one must look before acting.
            hand.look(seat)


@dataclass(frozen=True)
class EngineWorkload:
    """How the engine bench plays one game's hands, and the peer (PokerKit,
    for no-limit hold'em) that plays the same hands, if any."""

    play: Callable[[RuleProfile, random.Random, int, int], None]
    peer: Callable[[int, int, int], Measurement | None] | None


def workload_for(hand_class: type[BettingHand]) -> EngineWorkload:
    """The bench of a game, by its variant's hand class: each game's loop is
    written for speed against its own hand class."""
    workloads = {
        HoldemHand: EngineWorkload(play_holdem_hand, measure_pokerkit),
        DrawHand: EngineWorkload(play_draw_hand, None),
    }
    try:
        return workloads[hand_class]
    except KeyError:
        raise LookupError(f"no engine bench plays {hand_class.__name__} hands") from None


def measure(
    name: str,
    play: Callable[[RuleProfile, random.Random, int, int], None],
    profile: RuleProfile,
    players: int,
    hands: int,
    seed: int,
    stack: int = 200,
    progress: Callable[[int], None] | None = None,
) -> Measurement:
    rng = random.Random(seed)
    step = max(1, hands // 50)
    started = time.perf_counter()
    for k in range(hands):
        play(profile, rng, players, stack)
        if progress is not None and k % step == 0:
            progress(k)
    return Measurement(name, hands, time.perf_counter() - started)


def measure_pokerkit(players: int, hands: int, seed: int, stack: int = 200) -> Measurement | None:
    """PokerKit 0.7.7 on the same workload, or None if it is not installed."""
    try:
        from pokerkit import Automation, Mode, NoLimitTexasHoldem
    except ImportError:
        return None
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    randrange = fast_randbelow(rng)
    started = time.perf_counter()
    for _ in range(hands):
        state = NoLimitTexasHoldem.create_state(
            automations, True, 0, (1, 2), 2, (stack,) * players, players, mode=Mode.TOURNAMENT
        )
        while state.status:
            can_raise = state.can_complete_bet_or_raise_to()
            facing = state.checking_or_calling_amount
            choices = 3 if facing else 2
            if not can_raise:
                choices -= 1
            pick = randrange(choices)
            if pick == 0:
                state.check_or_call()
            elif pick == 1 and can_raise:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None and high is not None
                state.complete_bet_or_raise_to(low + randrange(high - low + 1))
            else:
                state.fold()
    return Measurement("pokerkit", hands, time.perf_counter() - started)
