"""``floorman demo``: a few hands between bots, printed as hand histories."""

from __future__ import annotations

import datetime
import random
from typing import Annotated

import typer

from floorman.bots import make_bot
from floorman.engine.cards import shuffled_deck
from floorman.engine.variants import Hand, variant_for
from floorman.formats.variants import hand_to_text
from floorman.profiles import load_profile, profile_names
from floorman.sim.simulate import play_out


def demo(
    hands: Annotated[int, typer.Option(min=1, max=100, help="How many hands.")] = 3,
    profile: Annotated[str, typer.Option(help=f"One of {', '.join(profile_names())}.")] = (
        "nm-holdem"
    ),
    players: Annotated[int, typer.Option(min=2, max=10, help="Bots at the table.")] = 6,
    seed: Annotated[int, typer.Option(help="Seed (the demo is reproducible).")] = 1,
) -> None:
    """Bots play a few hands at one table; each is printed in full."""
    rules = load_profile(profile)
    rng = random.Random(seed)
    variant = variant_for(rules)
    players = min(players, variant.max_players)
    seats = list(range(1, players + 1))
    stacks = [100 * 20] * players
    bots = {seat: make_bot("sensible") for seat in seats}
    when = datetime.datetime(2026, 11, 30, 12, 0, 0)
    carried = 0
    for number in range(1, hands + 1):
        button = seats[(number - 1) % players]
        deck = shuffled_deck(rng.randrange)
        names = [f"Bot {s}" for s in seats]
        hand = variant.start(
            rules,
            seats=seats,
            stacks=stacks,
            button=button,
            ante_unit=10,
            players=names,
            carried_pot=carried,
            deck=deck,
        )
        play_out(hand, bots, rng)
        assert hand.final_stacks is not None
        stacks = list(hand.final_stacks)
        carried = hand.carried_pot
        print(_text(hand, number, when + datetime.timedelta(minutes=2 * number)))
        print()
        if sum(1 for s in stacks if s) < 2:
            break
        if 0 in stacks:
            seats = [s for s, chips in zip(seats, stacks, strict=True) if chips]
            stacks = [c for c in stacks if c]
            players = len(seats)
            bots = {seat: bots[seat] for seat in seats}


def _text(hand: Hand, number: int, when: datetime.datetime) -> str:
    return hand_to_text(hand, hand_number=number, played_at=when)
