"""In-process bots read their situation straight from the hand (issue 21):
it must say exactly what the seat view says, as an external bot reads it
from its frames (``situation_from_view``).  Compared at every decision of
hundreds of hands of both games, every profile, with short stacks, dead
hands and both kinds of bot (so the answers they give are today's)."""

from __future__ import annotations

import random

import pytest

from floorman.bots import make_bot
from floorman.bots.base import situation, situation_from_view
from floorman.dealing import seeded_randbelow
from floorman.engine.actions import apply_action
from floorman.engine.cards import shuffled_deck
from floorman.engine.draw import DrawHand
from floorman.engine.holdem import HoldemHand
from floorman.profiles import load_profile


def play_and_compare(hand: HoldemHand | DrawHand, rng: random.Random, bots: list[str]) -> int:
    decisions = 0
    while not hand.is_complete and hand.actor is not None:
        seat = hand.actor
        fast = situation(hand, seat)
        slow = situation_from_view(hand.seat_view(seat, display=False))
        assert fast == slow, (hand.events, fast, slow)
        decisions += 1
        bot = make_bot(bots[hand.position[seat] % len(bots)])
        apply_action(hand, seat, bot.decide(fast, rng))
    return decisions


@pytest.mark.parametrize("profile", ["nm-holdem", "de-holdem", "tda", "phh-nt"])
def test_holdem_situations_match_the_seat_view(profile: str) -> None:
    rules = load_profile(profile)
    decisions = 0
    for seed in range(150):
        rng = random.Random(seed)
        n = rng.randint(2, 10)
        stacks = [rng.choice([1, 3, 40, 200, 1000]) + rng.randint(0, 50) for _ in range(n)]
        dead = [s for s in range(1, n + 1) if rng.random() < 0.1][: n - 2]
        hand = HoldemHand.start(
            rules,
            seats=range(1, n + 1),
            stacks=stacks,
            button=n,
            ante_unit=rng.choice([1, 5]),
            deck=shuffled_deck(seeded_randbelow(seed)),
            dead=dead,
        )
        decisions += play_and_compare(hand, rng, ["sensible", "random"])
    assert decisions > 1000


@pytest.mark.parametrize("switches", [{}, {"show_all_draw_counts": True, "strict_unseen": True}])
def test_draw_situations_match_the_seat_view(switches: dict[str, bool]) -> None:
    from floorman.engine.profile import with_changes

    rules = with_changes(load_profile("nm-draw"), **switches)
    decisions = 0
    for seed in range(300):
        rng = random.Random(seed)
        n = rng.randint(2, 5)
        stacks = [rng.choice([2, 10, 60, 300]) + rng.randint(0, 20) for _ in range(n)]
        hand = DrawHand.start(
            rules,
            seats=range(1, n + 1),
            stacks=stacks,
            button=n,
            ante_unit=2,
            carried_pot=rng.choice([0, 0, 12]),
            deck=shuffled_deck(seeded_randbelow(seed)),
        )
        decisions += play_and_compare(hand, rng, ["sensible", "random"])
    assert decisions > 1500
