"""Whole tournaments played by bots, for testing the rules at scale and for
``floorman simulate``.  Simulated time: every table plays one hand per round
and the clock advances by ``seconds_per_hand`` (levels rise on that clock).
The hands are played by the same :class:`~floorman.sim.driver.TableDriver`
as a running tournament's tables, with seeded randomness and no waiting."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from floorman.bots import Bot, make_bot, situation
from floorman.engine.actions import apply_action
from floorman.engine.cards import shuffled_deck
from floorman.engine.profile import RuleProfile
from floorman.engine.variants import Hand
from floorman.sim.driver import DrivenTable, TableDriver
from floorman.tournament.core import Tournament
from floorman.tournament.structure import Structure


@dataclass(frozen=True, slots=True)
class TimelinePoint:
    """The field after a round of hands, on the simulated clock."""

    seconds: float  #: simulated time since the start
    players_left: int
    level: int
    on_break: bool


@dataclass
class SimulationResult:
    tournament: Tournament
    hands: int
    rounds: int
    seconds: float
    simulated_seconds: float
    #: players left over time, a point whenever the field or the level changed
    timeline: list[TimelinePoint] = field(default_factory=list)


def play_out(hand: Hand, bots: Mapping[int, Bot], rng: random.Random) -> None:
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
    keep_events: bool = True,
) -> SimulationResult:
    """``keep_events=False``: the tournament's event log is not kept (its
    ``events`` stay empty), for fields too large to hold it; the play and
    the outcome are the same."""
    rng = random.Random(seed)
    randbelow = rng.randrange
    structure = structure or Structure.default(profile)
    tournament = Tournament.create(
        f"sim-{seed}", profile, structure, name="simulation", keep_log=keep_events
    )
    bots: dict[str, Bot] = {}
    for k in range(1, players + 1):
        player = f"p{k}"
        tournament.register(player, f"Bot {k}", bot=bot)
        bots[player] = make_bot(bot)
    tournament.draw_seats(randbelow)
    now = 0.0
    tournament.start(now)
    driver = TableDriver(
        tournament, bots, rng=rng, randbelow=randbelow, deck=lambda: shuffled_deck(rng.randrange)
    )
    tables: dict[int, DrivenTable] = {}
    started = time.perf_counter()
    hands = rounds = 0
    timeline = [TimelinePoint(0.0, tournament.alive, tournament.level, False)]
    while tournament.status == "running" and rounds < max_rounds:
        rounds += 1
        for number in sorted(tournament.tables):
            if tournament.status != "running":
                break
            if not driver.can_play(number):
                continue
            table = tables.setdefault(number, DrivenTable(number))
            # dealt even when every hand is dead (DE-DEAL-3, OQ-45, OQ-62)
            driver.deal(table)
            driver.play_bots_only(table, now)
            driver.finish(table, now)
            hands += 1
        now += seconds_per_hand
        tournament.tick(now, randbelow)
        level = tournament.current_level
        on_break = level is not None and level.is_break
        last = timeline[-1]
        if (tournament.alive, tournament.level, on_break) != (
            last.players_left,
            last.level,
            last.on_break,
        ):
            timeline.append(TimelinePoint(now, tournament.alive, tournament.level, on_break))
        if progress is not None:
            progress(tournament, hands)
    timeline.append(TimelinePoint(now, tournament.alive, tournament.level, False))
    return SimulationResult(tournament, hands, rounds, time.perf_counter() - started, now, timeline)
