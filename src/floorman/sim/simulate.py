"""Whole tournaments played by bots, for testing the rules at scale and for
``floorman simulate``.  Simulated time: every table plays one hand per round
and the clock advances by ``seconds_per_hand`` (levels rise on that clock)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from floorman.bots import Bot, make_bot, situation
from floorman.engine.actions import apply_action
from floorman.engine.cards import shuffled_deck
from floorman.engine.draw import DrawHand
from floorman.engine.holdem import HoldemHand
from floorman.engine.profile import RuleProfile
from floorman.tournament.core import Tournament
from floorman.tournament.hands import hand_for, result_of
from floorman.tournament.structure import Structure


@dataclass
class SimulationResult:
    tournament: Tournament
    hands: int
    rounds: int
    seconds: float
    simulated_seconds: float


def play_out(hand: HoldemHand | DrawHand, bots: Mapping[int, Bot], rng: random.Random) -> None:
    """Let the bots act until the hand is over."""
    while not hand.is_complete:
        seat = hand.actor
        assert seat is not None, f"hand stuck in {hand.phase}"
        action = bots[seat].decide(situation(hand, seat), rng)
        apply_action(hand, seat, action)


def simulate(
    profile: RuleProfile,
    players: int,
    seed: int,
    *,
    structure: Structure | None = None,
    bot: str = "sensible",
    seconds_per_hand: float = 90.0,
    progress: Callable[[Tournament, int], None] | None = None,
    max_rounds: int = 1_000_000,
) -> SimulationResult:
    rng = random.Random(seed)
    randbelow = rng.randrange
    structure = structure or Structure.default(profile)
    tournament = Tournament.create(f"sim-{seed}", profile, structure, name="simulation")
    bots: dict[str, Bot] = {}
    for k in range(1, players + 1):
        player = f"p{k}"
        tournament.register(player, f"Bot {k}", bot=bot)
        bots[player] = make_bot(bot)
    tournament.draw_seats(randbelow)
    now = 0.0
    tournament.start(now)
    started = time.perf_counter()
    hands = rounds = 0
    while tournament.status == "running" and rounds < max_rounds:
        rounds += 1
        for table in sorted(tournament.tables):
            state = tournament.tables[table]
            if tournament.status != "running":
                break
            if sum(1 for p in state.seats.values() if tournament.players[p].chips) < 2:
                continue
            # dealt even when every hand is dead (DE-DEAL-3, OQ-45, OQ-62)
            spec = tournament.begin_hand(table, randbelow)
            hand = hand_for(profile, spec, shuffled_deck(rng.randrange))
            seat_bots = {
                seat: bots[player] for seat, player in zip(spec.seats, spec.players, strict=True)
            }
            play_out(hand, seat_bots, rng)
            stacks, carried = result_of(hand)
            tournament.end_hand(table, stacks, randbelow, carried_pot=carried, at=now)
            hands += 1
        now += seconds_per_hand
        tournament.tick(now, randbelow)
        if progress is not None:
            progress(tournament, hands)
    return SimulationResult(tournament, hands, rounds, time.perf_counter() - started, now)
