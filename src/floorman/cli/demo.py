"""``floorman demo``: a few hands between bots, printed as hand histories."""

from __future__ import annotations

import datetime
import random
from typing import Annotated

import typer

from floorman.bots import make_bot
from floorman.engine.cards import shuffled_deck
from floorman.engine.draw import DrawHand
from floorman.engine.holdem import HoldemHand
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
    if rules.game == "draw":
        players = min(players, 5)
    seats = list(range(1, players + 1))
    stacks = [100 * 20] * players
    bots = {seat: make_bot("sensible") for seat in seats}
    when = datetime.datetime(2026, 11, 30, 12, 0, 0)
    carried = 0
    for number in range(1, hands + 1):
        button = seats[(number - 1) % players]
        deck = shuffled_deck(rng.randrange)
        names = [f"Bot {s}" for s in seats]
        hand: HoldemHand | DrawHand
        if rules.game == "draw":
            hand = DrawHand.start(
                rules,
                seats=seats,
                stacks=stacks,
                button=button,
                ante_unit=10,
                players=names,
                carried_pot=carried,
                deck=deck,
            )
        else:
            hand = HoldemHand.start(
                rules,
                seats=seats,
                stacks=stacks,
                button=button,
                ante_unit=10,
                players=names,
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


def _text(hand: HoldemHand | DrawHand, number: int, when: datetime.datetime) -> str:
    if isinstance(hand, DrawHand):
        try:
            from floorman.formats.draw_text import draw_hand_to_text
        except ImportError:  # the draw text export is optional for the demo
            return "\n".join(repr(e) for e in hand.events[1:])
        return draw_hand_to_text(hand, hand_number=number, played_at=when)
    from floorman.formats.pokerstars import hand_to_pokerstars

    return hand_to_pokerstars(hand, hand_number=number, played_at=when)
