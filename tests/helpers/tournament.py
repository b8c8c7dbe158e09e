"""Shared helpers for the tournament tests: building a seeded tournament,
playing hands through the engine or settling them with scripted stacks, and
the invariants every tournament must keep."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

from floorman.bots import Bot, make_bot
from floorman.engine.cards import shuffled_deck
from floorman.engine.profile import RuleProfile
from floorman.profiles import load_profile
from floorman.sim.simulate import play_out
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.events import (
    Created,
    Disqualified,
    Eliminated,
    HandBegun,
    Moved,
    Registered,
    Seated,
    TableHandEnded,
    TournamentEvent,
    event_from_dict,
    event_to_dict,
)
from floorman.tournament.hands import hand_for, result_of
from floorman.tournament.state import HandSpec
from floorman.tournament.structure import Level, Structure

PROFILES = ("nm-draw", "nm-holdem", "de-holdem", "tda")


def rules(name: str | RuleProfile) -> RuleProfile:
    return name if isinstance(name, RuleProfile) else load_profile(name)


def structure(
    profile: str | RuleProfile,
    *,
    antes: Sequence[int] = (10, 20, 40, 80, 160, 320, 640, 1280, 2560, 5120, 10240),
    seconds: int = 600,
    starting_stack: int = 1000,
    table_size: int | None = None,
    payout_shares: Sequence[int] = (40, 25, 15, 12, 8),
    prize_pool: int = 10_000,
) -> Structure:
    """A short, fast-rising structure for tests."""
    return Structure(
        levels=tuple(Level(ante=a, seconds=seconds) for a in antes),
        starting_stack=starting_stack,
        table_size=table_size or rules(profile).table_max,
        payout_shares=tuple(payout_shares),
        prize_pool=prize_pool,
    )


def new_tournament(
    profile: str | RuleProfile,
    players: int,
    seed: int = 1,
    *,
    struct: Structure | None = None,
    mode: str = "online",
    start: bool = True,
    randbelow: Callable[[int], int] | None = None,
) -> Tournament:
    """Players p1..pN registered, seats drawn with ``seed``, started at 0."""
    prof = rules(profile)
    t = Tournament.create(f"t-{seed}", prof, struct or structure(prof), mode=mode)
    for k in range(1, players + 1):
        t.register(f"p{k}")
    t.draw_seats(randbelow or random.Random(seed).randrange)
    if start:
        t.start(0.0)
    return t


def seated(
    profile: str | RuleProfile,
    layout: Mapping[int, Mapping[int, str]],
    *,
    struct: Structure | None = None,
    mode: str = "online",
    start: bool = True,
) -> Tournament:
    """A tournament whose seat draw came out as ``layout`` (table -> seat ->
    player), rebuilt from hand-made events."""
    prof = rules(profile)
    s = struct or structure(prof)
    events: list[TournamentEvent] = [
        Created(
            tournament="t",
            name="t",
            profile=asdict(prof),
            structure=s.to_dict(),
            mode=mode,
        )
    ]
    players = [p for table in sorted(layout) for _, p in sorted(layout[table].items())]
    events += [Registered(player=p, name=p) for p in players]
    events += [
        Seated(player=p, table=table, seat=seat)
        for table in sorted(layout)
        for seat, p in sorted(layout[table].items())
    ]
    t = Tournament.replay(events)
    if start:
        t.start(0.0)
    return t


def active_seats(t: Tournament, table: int) -> dict[int, str]:
    """Seat -> player of the players with chips at ``table``."""
    return {s: p for s, p in t.tables[table].seats.items() if t.players[p].chips > 0}


def live_tables(t: Tournament) -> list[int]:
    return sorted(tb for tb in t.tables if active_seats(t, tb))


def table_counts(t: Tournament) -> dict[int, int]:
    return {tb: len(active_seats(t, tb)) for tb in live_tables(t)}


def settle(
    t: Tournament,
    table: int,
    stacks: Mapping[str, int] | Callable[[HandSpec], Mapping[str, int]] | None = None,
    *,
    seed: int = 0,
    carried_pot: int = 0,
) -> tuple[HandSpec, list[TournamentEvent]]:
    """Begin a hand at ``table`` and end it with scripted ``stacks`` (the
    players named; by default nobody's chips change; a callable gets the
    hand's spec).  Returns the spec and the events."""
    randbelow = random.Random(seed).randrange
    spec = t.begin_hand(table, randbelow)
    if spec is None:  # everyone sat out a time penalty: no hand (OQ-62)
        raise TournamentError("no hand was dealt", clause="OQ-62")
    result = dict(zip(spec.players, spec.stacks, strict=True))
    if callable(stacks):
        result.update(stacks(spec))
    elif stacks is not None:
        result.update(stacks)
    return spec, t.end_hand(table, result, randbelow, carried_pot=carried_pot)


def bust(spec: HandSpec, losers: Sequence[str], winner: str) -> dict[str, int]:
    """Stacks after a hand in which ``losers`` lose everything to ``winner``."""
    result = dict(zip(spec.players, spec.stacks, strict=True))
    for p in losers:
        result[winner] += result[p]
        result[p] = 0
    return result


class Player:
    """Plays whole hands through the engine with bots, for a tournament."""

    def __init__(self, t: Tournament, seed: int, bot: str | Mapping[str, str] = "random"):
        self.t = t
        self.rng = random.Random(seed)
        kinds = bot if isinstance(bot, Mapping) else dict.fromkeys(t.players, bot)
        self.bots: dict[str, Bot] = {p: make_bot(kinds[p]) for p in t.players}
        self.hands = 0

    def hand(self, table: int) -> tuple[HandSpec, Any, list[TournamentEvent]]:
        t = self.t
        spec = t.begin_hand(table, self.rng.randrange)
        hand = hand_for(t.profile, spec, shuffled_deck(self.rng.randrange))
        seat_bots = {s: self.bots[p] for s, p in zip(spec.seats, spec.players, strict=True)}
        play_out(hand, seat_bots, self.rng)
        stacks, carried = result_of(hand)
        events = t.end_hand(table, stacks, self.rng.randrange, carried_pot=carried)
        self.hands += 1
        return spec, hand, events

    def round(self, after_hand: Callable[[HandSpec, Any], None] | None = None) -> None:
        """Every table that can play deals one hand."""
        t = self.t
        for table in sorted(t.tables):
            if t.status != "running":
                return
            if table not in t.tables or len(active_seats(t, table)) < 2:
                continue
            spec, hand, _ = self.hand(table)
            if after_hand is not None:
                after_hand(spec, hand)

    def to_the_end(
        self,
        after_hand: Callable[[HandSpec, Any], None] | None = None,
        *,
        max_rounds: int = 5000,
        seconds_per_round: float = 120.0,
    ) -> None:
        now = 0.0
        for _ in range(max_rounds):
            if self.t.status != "running":
                return
            self.round(after_hand)
            now += seconds_per_round
            self.t.tick(now)
        raise AssertionError(f"no winner after {max_rounds} rounds")


# ---------------------------------------------------------------- invariants


def disqualified_chips(t: Tournament) -> int:
    return sum(e.chips_removed for e in t.events if isinstance(e, Disqualified))


def chips_total(t: Tournament) -> int:
    """Chips of every player plus the pots carried at tables."""
    return sum(p.chips for p in t.players.values()) + sum(
        tb.carried_pot for tb in t.tables.values()
    )


def assert_chips_conserved(t: Tournament) -> None:
    expected = len(t.players) * t.struct.starting_stack - disqualified_chips(t)
    assert chips_total(t) == expected, (chips_total(t), expected)


def assert_places_complete(t: Tournament) -> None:
    """At the end every player has exactly one place; places form a
    competition ranking (1, 2, 2, 4, …): ``shared`` players share a place."""
    assert t.status == "finished"
    eliminated = [e.player for e in t.events if isinstance(e, Eliminated)]
    assert len(eliminated) == len(set(eliminated)), "a player was eliminated twice"
    dq = {e.player for e in t.events if isinstance(e, Disqualified)}
    assert not dq & set(eliminated)
    placed = {p.player: p.place for p in t.players.values() if p.player not in dq}
    assert all(place is not None for place in placed.values()), placed
    assert sorted(placed) == sorted(set(eliminated) | {t.winner})
    places = sorted(placed.values())  # type: ignore[type-var]
    assert places[0] == 1 and places.count(1) == 1
    for player, place in placed.items():
        assert t.players[player].shared == places.count(place), (player, places)
    if dq:
        # A player disqualified later leaves his place empty: no contiguity.
        assert places[-1] <= len(t.players), places
        return
    k = 0
    while k < len(places):
        group = places.count(places[k])
        assert places[k] == k + 1, places
        k += group


def assert_table_sizes(t: Tournament) -> None:
    """Between hands: no table over its size; the profile's minimum kept
    whenever the players could be arranged to keep it (NM-D-1A, NM-H-17)."""
    if t.status != "running":
        return
    counts = table_counts(t)
    size = t.struct.table_size
    assert all(c <= size for c in counts.values()), counts
    total = sum(counts.values())
    if len(counts) <= 1:
        return
    # More than one table while everyone fits at one: the final table was
    # not formed (OQ-05, OQ-36 (iv)).
    idle = all(not t.tables[tb].in_hand for tb in counts)
    if idle:
        assert total > size, f"{total} players fit at one table: {counts}"
    prof = t.profile
    if prof.break_table_at_players == 2 and idle and _splittable(total, 4, 5):  # nm-draw
        # 4-5 a table (NM-D-1A) when that is possible at all.
        assert all(4 <= c <= 5 for c in counts.values()), counts
    if prof.seat_broken_players_by == "chip-spread" and idle:  # nm-holdem
        assert all(c >= 5 for c in counts.values()), counts


def _splittable(total: int, low: int, high: int) -> bool:
    """Can ``total`` players sit at tables of ``low``..``high`` each?"""
    return any(k * low <= total <= k * high for k in range(1, total // low + 1))


def assert_replay_equal(t: Tournament, via_json: bool = True) -> None:
    """The tournament rebuilt from its log is the live one."""
    events = list(t.events)
    if via_json:
        events = [event_from_dict(json.loads(json.dumps(event_to_dict(e)))) for e in events]
    rebuilt = Tournament.replay(events)
    assert rebuilt.events == t.events
    assert rebuilt.standings() == t.standings()
    assert rebuilt.summary(now=1e9) == t.summary(now=1e9)
    assert snapshot_tables(rebuilt) == snapshot_tables(t)
    assert rebuilt.level == t.level and rebuilt.status == t.status
    assert rebuilt.clock.__dict__ == t.clock.__dict__


def snapshot_tables(t: Tournament) -> dict[int, Any]:
    return {
        tb.table: (
            dict(tb.seats),
            tb.positions,
            tb.hands,
            tb.in_hand,
            sorted(tb.newcomers),
            tb.carried_pot,
        )
        for tb in t.tables.values()
    }


def events_of(events: Sequence[TournamentEvent], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


__all__ = [
    "PROFILES",
    "HandBegun",
    "Moved",
    "Player",
    "TableHandEnded",
    "active_seats",
    "assert_chips_conserved",
    "assert_places_complete",
    "assert_replay_equal",
    "assert_table_sizes",
    "bust",
    "events_of",
    "live_tables",
    "new_tournament",
    "rules",
    "seated",
    "settle",
    "structure",
    "table_counts",
]
