"""Random whole tournaments (Hypothesis): random profile, field, seeds,
bots, interleaved hands at several tables and occasional floor rulings.
After every hand the invariants hold:

- chips are conserved: the players' chips and the pots carried at tables
  add up to players x starting stack, less the chips of the disqualified;
- table sizes: never over the table size; nm-draw 4-5 and nm-holdem >= 5
  whenever the players can be arranged so (NM-D-1A, NM-H-17), except the
  final table; everyone at one table once they fit (OQ-05);
- the dead button (OQ-43): the big blind moves on to the next player every
  hand, the small blind and the button follow (dead if their seat is
  empty), heads-up the button posts the small blind (OQ-29);
- the entry rule (DE-BREAK-1/2/3, OQ-53): a player moved in between the
  button and the small blind is not dealt in until the button has passed
  him; every other player with chips is dealt in;

and at the end every player has exactly one place and the tournament
rebuilt from its log (through JSON) equals the live one.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from floorman.bots import make_bot
from floorman.engine.cards import shuffled_deck
from floorman.sim.simulate import play_out
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.events import Eliminated, HandBegun, Moved, TableBroken
from floorman.tournament.hands import hand_for, result_of
from floorman.tournament.state import HandSpec
from tests.helpers.tournament import (
    PROFILES,
    active_seats,
    assert_chips_conserved,
    assert_places_complete,
    assert_replay_equal,
    assert_table_sizes,
    new_tournament,
    structure,
)


def clockwise_after(seats: list[int], seat: int) -> int:
    ordered = sorted(seats)
    return next((s for s in ordered if s > seat), ordered[0])


def strictly_between(seat: int, start: int, end: int) -> bool:
    if start < end:
        return start < seat < end
    return seat > start or seat < end


@dataclass
class Watcher:
    """An independent model of positions and newcomers, checked against
    every hand the tournament deals."""

    t: Tournament
    newcomers: dict[int, set[str]] = field(default_factory=dict)
    last: dict[int, tuple[int, int, int | None]] = field(default_factory=dict)

    def saw(self, events: list) -> None:  # type: ignore[type-arg]
        for e in events:
            if isinstance(e, Moved):
                self.newcomers.setdefault(e.from_table, set()).discard(e.player)
                self.newcomers.setdefault(e.table, set()).add(e.player)

    def check_hand(self, table: int, active: dict[int, str], spec: HandSpec) -> None:
        holdem = self.t.profile.game == "holdem"
        seats = sorted(active)
        new = self.newcomers.setdefault(table, set())
        previous = self.last.get(table)
        if not holdem:
            if previous is not None:
                assert spec.button == clockwise_after(seats, previous[0]), (previous, spec)
            assert sorted(spec.seats) == seats
        elif previous is None:
            assert sorted(spec.seats) == seats
            assert spec.big_blind_seat is not None
        else:
            _, nominal_sb, last_bb = previous
            assert last_bb is not None
            bb = clockwise_after(seats, last_bb)
            assert spec.big_blind_seat == bb, ("OQ-43", previous, spec)
            if len(seats) == 2:
                other = seats[0] if seats[1] == bb else seats[1]
                assert spec.button == spec.small_blind_seat == other, ("OQ-29", spec)
                assert sorted(spec.seats) == seats
            else:
                assert spec.button == nominal_sb, ("OQ-43 button", previous, spec)
                sb = last_bb if last_bb in active and last_bb != bb else None
                assert spec.small_blind_seat == sb, ("OQ-43 small blind", previous, spec)
                waiting = {
                    s
                    for s, p in active.items()
                    if p in new and s not in (bb, sb) and strictly_between(s, spec.button, last_bb)
                }
                dealt = set(seats) - waiting
                if len(dealt) < 2:
                    dealt = set(seats)
                assert set(spec.seats) == dealt, ("DE-BREAK-3, OQ-53", waiting, new, spec)
        if holdem:
            if previous is None or len(seats) == 2:
                nominal = spec.small_blind_seat if len(seats) > 2 else spec.button
            else:
                nominal = previous[2]
            assert nominal is not None
            self.last[table] = (spec.button, nominal, spec.big_blind_seat)
        else:
            self.last[table] = (spec.button, spec.button, None)
        new -= set(spec.players)


@dataclass
class Run:
    t: Tournament
    rng: random.Random
    bots: dict
    interleave: bool
    floor: bool
    watcher: Watcher
    check_table_sizes: bool = True
    absent_until: dict[str, int] = field(default_factory=dict)
    rounds: int = 0
    hands: int = 0

    def floor_rulings(self) -> None:
        t, rng = self.t, self.rng
        for p, until in list(self.absent_until.items()):
            if self.rounds >= until:
                t.set_absent(p, False)
                del self.absent_until[p]
        if not self.floor or t.status != "running":
            return
        playing = sorted(p for p, s in t.players.items() if s.status == "playing" and s.chips)
        if not playing:
            return
        who = rng.choice(playing)
        table = t.players[who].table
        assert table is not None
        others_dead = any(
            t.players[q].absent or t.players[q].penalty_hands
            for q in active_seats(t, table).values()
        )
        roll = rng.random()
        if roll < 0.04 and not others_dead:
            t.time_penalty(who, rng.randint(1, 3), "DE-PENALTY-3")
        elif roll < 0.08 and not others_dead:
            t.set_absent(who, True)
            self.absent_until[who] = self.rounds + rng.randint(1, 3)
        elif roll < 0.09 and not t.tables[table].carried_pot:
            t.disqualify(who, "NM-D-1C", "random ruling")
        elif roll < 0.12:
            t.warn(who, "DE-ETIQ-1")

    def play_round(self) -> None:
        t, rng = self.t, self.rng
        self.rounds += 1
        self.floor_rulings()
        tables = [tb for tb in sorted(t.tables) if len(active_seats(t, tb)) >= 2]
        if self.interleave:
            rng.shuffle(tables)
        running = []
        for table in tables:
            if t.status != "running":
                break
            if len(active_seats(t, table)) < 2 or t.tables[table].in_hand:
                continue
            active = active_seats(t, table)
            spec = t.begin_hand(table, rng.randrange)
            self.watcher.check_hand(table, active, spec)
            hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
            play_out(
                hand, {s: self.bots[p] for s, p in zip(spec.seats, spec.players, strict=True)}, rng
            )
            running.append((table, hand))
            if not self.interleave or rng.random() < 0.4:
                self.finish(running.pop(rng.randrange(len(running))))
        while running:
            self.finish(running.pop(rng.randrange(len(running))))
        t.tick(self.rounds * 150.0)

    def finish(self, item) -> None:  # type: ignore[no-untyped-def]
        table, hand = item
        t = self.t
        stacks, carried = result_of(hand)
        events = t.end_hand(table, stacks, self.rng.randrange, carried_pot=carried)
        self.watcher.saw(events)
        check_spread(t, events)
        self.hands += 1
        assert_chips_conserved(t)
        if self.check_table_sizes and not any(tb.in_hand for tb in t.tables.values()):
            check_sizes(t)


def least_spread(stacks: tuple[int, ...], tables: tuple[tuple[int, int], ...]) -> int:
    """NM-H-16, OQ-36: the least spread any seating of ``stacks`` at
    ``tables`` ((chip total, free seats)) can reach - an exhaustive search
    (memoised on the sorted table states), independent of the solver."""

    @functools.cache
    def best(i: int, state: tuple[tuple[int, int], ...]) -> int:
        if i == len(stacks):
            return state[-1][0] - state[0][0]
        options = []
        for k, (total, free) in enumerate(state):
            if free:
                moved = (*state[:k], (total + stacks[i], free - 1), *state[k + 1 :])
                options.append(best(i + 1, tuple(sorted(moved))))
        return min(options)

    return best(0, tuple(sorted(tables)))


def check_spread(t: Tournament, events: list) -> None:  # type: ignore[type-arg]
    """NM-H-16, OQ-36: a table break reports the chip totals of the tables
    its players went to, and their spread (largest minus smallest); in
    nm-holdem that spread is the least any seating of the broken table's
    players could reach (recomputed from the tables before the break)."""
    broken = [k for k, e in enumerate(events) if isinstance(e, TableBroken)]
    if not broken:
        return
    last = events[broken[-1]]
    assert last.spread == max(last.chip_totals.values()) - min(last.chip_totals.values())
    if any(isinstance(e, Moved) for e in events[broken[-1] + 1 :]):
        return  # later moves changed the totals
    for table, total in last.chip_totals.items():
        assert total == sum(t.players[p].chips for p in active_seats(t, table).values())
    if t.profile.seat_broken_players_by != "chip-spread":
        return
    moves = []
    for e in reversed(events[: broken[-1]]):
        if not isinstance(e, Moved) or e.from_table != last.table:
            break
        moves.append(e)
    before = []
    for table, total in last.chip_totals.items():
        arrived = [m.player for m in moves if m.table == table]
        chips = sum(t.players[p].chips for p in arrived)
        seated = len(active_seats(t, table)) - len(arrived)
        before.append((total - chips, t.struct.table_size - seated))
    stacks = tuple(t.players[m.player].chips for m in moves)
    assert last.spread == least_spread(stacks, tuple(before)), (last, stacks, before)


def check_sizes(t: Tournament) -> None:
    """Table sizes, where the rules can be kept: a table holding a carried
    draw pot (OQ-10) cannot give up its players until the pot is won."""
    if any(tb.carried_pot for tb in t.tables.values()):
        counts = [len(active_seats(t, tb)) for tb in t.tables]
        assert all(c <= t.struct.table_size for c in counts)
        return
    assert_table_sizes(t)


@st.composite
def tournaments(draw: st.DrawFn) -> dict:  # type: ignore[type-arg]
    profile = draw(st.sampled_from(PROFILES))
    table_size = None
    if profile in ("de-holdem", "tda"):
        table_size = draw(st.integers(4, 10))  # the organiser's choice
    return {
        "profile": profile,
        "players": draw(st.integers(6, 80)),
        "seed": draw(st.integers(0, 2**32 - 1)),
        "bots": draw(st.sampled_from(["random", "sensible", "mixed"])),
        "table_size": table_size,
        "interleave": draw(st.booleans()),
        "floor": draw(st.booleans()),
    }


def build(case: dict, *, check_table_sizes: bool) -> Run:  # type: ignore[type-arg]
    rng = random.Random(case["seed"])
    struct = structure(case["profile"], table_size=case["table_size"], seconds=900)
    t = new_tournament(case["profile"], case["players"], struct=struct, randbelow=rng.randrange)
    kinds = ["random", "sensible"] if case["bots"] == "mixed" else [case["bots"]]
    bots = {p: make_bot(rng.choice(kinds)) for p in sorted(t.players)}
    return Run(t, rng, bots, case["interleave"], case["floor"], Watcher(t), check_table_sizes)


def play_to_the_end(run: Run, max_rounds: int = 3000) -> None:
    while run.t.status == "running":
        assert run.rounds < max_rounds, f"no winner after {max_rounds} rounds"
        try:
            run.play_round()
        except TournamentError as error:
            # Every table is stuck: report what the core said.
            raise AssertionError(f"round {run.rounds}: {error}") from error


# Whole tournaments are too big to shrink usefully: a failing example is
# reported as generated (it is replayable from the case printed).
PROPERTY_SETTINGS = {
    "deadline": None,
    "derandomize": True,
    "database": None,
    "phases": (Phase.explicit, Phase.reuse, Phase.generate),
    "report_multiple_bugs": False,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}


@pytest.mark.clause("OQ-43", "OQ-29", "DE-BREAK-3", "OQ-53")
@settings(max_examples=60, **PROPERTY_SETTINGS)  # type: ignore[arg-type]
@given(tournaments())
def test_random_tournaments_keep_the_invariants(case: dict) -> None:  # type: ignore[type-arg]
    """Chips, positions and the entry rule after every hand; one place
    each at the end; the log rebuilds the same tournament."""
    run = build(case, check_table_sizes=False)
    play_to_the_end(run)
    t = run.t
    assert_chips_conserved(t)
    assert_places_complete(t)
    assert_replay_equal(t, via_json=True)


@pytest.mark.clause("NM-D-1A", "NM-H-17", "OQ-04", "OQ-05")
@settings(max_examples=40, **PROPERTY_SETTINGS)  # type: ignore[arg-type]
@given(tournaments())
@example(  # found by this test: a draw check-pot blocked the final table (see the report)
    case={
        "profile": "nm-draw",
        "players": 10,
        "seed": 115744645,
        "bots": "sensible",
        "table_size": None,
        "interleave": True,
        "floor": False,
    }
)
def test_random_tournaments_keep_the_table_sizes(case: dict) -> None:  # type: ignore[type-arg]
    """NM-D-1A/1B, NM-H-17, OQ-04, OQ-05: table sizes whenever every table
    is between hands."""
    run = build(case, check_table_sizes=True)
    play_to_the_end(run)


@pytest.mark.clause("OQ-06")
@settings(max_examples=20, **PROPERTY_SETTINGS)  # type: ignore[arg-type]
@given(tournaments())
def test_players_out_in_one_hand_rank_by_their_stacks_at_its_start(case: dict) -> None:  # type: ignore[type-arg]
    """OQ-06: players eliminated in the same hand are ranked by their
    stacks at the start of that hand; equal stacks share the places."""
    run = build(dict(case, floor=False), check_table_sizes=False)
    play_to_the_end(run)
    starts: dict[tuple[int, int], dict[str, int]] = {}
    out: dict[tuple[int, int], list[Eliminated]] = {}
    for e in run.t.events:
        if isinstance(e, HandBegun):
            starts[(e.table, e.hand)] = dict(e.dealt)
        elif isinstance(e, Eliminated) and e.hand is not None and e.table is not None:
            out.setdefault((e.table, e.hand), []).append(e)
    for key, group in out.items():
        start = starts[key]
        for a in group:
            for b in group:
                if start[a.player] > start[b.player]:
                    assert a.place < b.place, (key, a, b, start)
                elif start[a.player] == start[b.player]:
                    assert a.place == b.place, (key, a, b, start)
