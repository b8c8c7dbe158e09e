"""What lets ``floorman simulate`` play huge fields changes no outcome: the
tournament's table index (kept by the fold, for balancing without scanning
every table) always agrees with the tables, and a simulation that does not
keep its event log plays the same tournament as one that does."""

from __future__ import annotations

import pytest

from floorman.profiles import load_profile
from floorman.sim.simulate import simulate
from floorman.tournament.core import Tournament
from floorman.tournament.structure import Structure


def outcome(t: Tournament) -> list[tuple[object, object, object]]:
    return [(r["player"], r["place"], r["prize"]) for r in t.standings()]


def assert_index_agrees(t: Tournament) -> None:
    index = t.index
    live = [n for n, table in t.tables.items() if table.seats]
    assert list(index.live) == live
    sizes: dict[int, int] = {}
    for n in live:
        sizes[len(t.tables[n].seats)] = sizes.get(len(t.tables[n].seats), 0) + 1
    assert index.sizes == sizes
    assert index.busy == {n for n, table in t.tables.items() if table.in_hand or table.carried_pot}
    for n in live:
        seats = t.tables[n].seats
        assert index.total(n, seats, t.players) == sum(t.players[p].chips for p in seats.values())
    # the views balancing is given, kept between breaks, are the tables' now
    views = t._table_views()
    assert [v.table for v in views] == live
    for view in views:
        table = t.tables[view.table]
        assert view.seats == table.seats and view.count == len(table.seats)
        assert view.total == sum(t.players[p].chips for p in table.seats.values())
        positions = table.positions
        assert view.button == (positions.button if positions else None)
        assert view.big_blind == (positions.big_blind if positions else None)


@pytest.mark.parametrize(("profile", "players"), [("nm-holdem", 47), ("nm-draw", 23)])
def test_the_table_index_follows_every_event(profile: str, players: int) -> None:
    rules = load_profile(profile)
    played = simulate(rules, players, 7, structure=Structure.default(rules)).tournament
    t = Tournament()
    for event in played.events:
        t.apply(event)
        assert_index_agrees(t)
    assert outcome(t) == outcome(played)


@pytest.mark.parametrize("profile", ["nm-holdem", "nm-draw", "de-holdem"])
def test_a_simulation_without_its_log_plays_the_same_tournament(profile: str) -> None:
    rules = load_profile(profile)
    kept = simulate(rules, 60, 3, structure=Structure.default(rules))
    dropped = simulate(rules, 60, 3, structure=Structure.default(rules), keep_events=False)
    assert kept.tournament.events and not dropped.tournament.events
    assert (dropped.hands, dropped.rounds) == (kept.hands, kept.rounds)
    assert dropped.tournament.winner == kept.tournament.winner
    assert outcome(dropped.tournament) == outcome(kept.tournament)
