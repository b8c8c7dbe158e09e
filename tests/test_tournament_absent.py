"""Absent players and unconfirmed stacks (issue 9).

DE-DEAL-3, OQ-45, OQ-62: a table where every player is away (or serving a
time penalty) keeps dealing - forced bets posted, every hand dead, the pot
carried to the next hand (DE-SEATED-3) - so the stacks are blinded down
until someone returns or they are gone, and the tournament ends.

DE-DEAL-4, OQ-46: an unconfirmed ("running-along") entry is withdrawn when
the level after ``unconfirmed_withdrawn_after_level`` (2) starts, at the end
of his hand if it is running: his chips leave play, he gets no place and
no prize and does not count among the entrants (OQ-39).  Unconfirmed
entries take a seat at the start only where the profile runs DE-DEAL-4
literally (``seat_unconfirmed_at_start``, OQ-70): these tests switch it on.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest

from floorman.bots import make_bot
from floorman.engine.cards import shuffled_deck
from floorman.engine.errors import ProfileError
from floorman.engine.profile import RuleProfile, with_changes
from floorman.profiles import load_profile, profile_names
from floorman.sim.simulate import play_out
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.events import (
    Eliminated,
    Finished,
    PrizeAwarded,
    Withdrawn,
    event_from_dict,
    event_to_dict,
)
from floorman.tournament.hands import hand_for, result_of
from floorman.tournament.structure import Level, Structure

pytestmark = pytest.mark.timeout(60)


def state_of(t: Tournament) -> dict[str, Any]:
    """What a replay must give back."""
    return {
        "players": {p: dataclasses.asdict(s) for p, s in t.players.items()},
        "tables": {n: (dict(s.seats), s.carried_pot, s.hands) for n, s in t.tables.items()},
        "alive": t.alive,
        "chips_in_play": t.chips_in_play,
        "status": t.status,
        "winner": t.winner,
        "level": t.level,
    }


def assert_replays(t: Tournament) -> None:
    """Tournament.replay of the log, and of its JSON form, is the same state."""
    assert state_of(Tournament.replay(t.events)) == state_of(t)
    again = [event_from_dict(event_to_dict(e)) for e in t.events]
    assert state_of(Tournament.replay(again)) == state_of(t)


def chips_on_tables(t: Tournament) -> int:
    stacks = sum(p.chips for p in t.players.values())
    return stacks + sum(s.carried_pot for s in t.tables.values())


def running_along(profile: str | RuleProfile) -> RuleProfile:
    """``profile`` with DE-DEAL-4's running-along stacks seated at the start
    (OQ-46; off by OQ-70's default)."""
    prof = load_profile(profile) if isinstance(profile, str) else profile
    return with_changes(prof, seat_unconfirmed_at_start=True)


def new_tournament(
    profile: str | RuleProfile, players: int, *, unconfirmed: tuple[str, ...] = ()
) -> Tournament:
    prof = running_along(profile)
    t = Tournament.create("t", prof, Structure.default(prof))
    for k in range(1, players + 1):
        player = f"p{k}"
        t.register(player, f"Player {k}", confirmed=player not in unconfirmed)
    t.draw_seats(random.Random(7).randrange)
    t.start(0.0)
    return t


def play_round(t: Tournament, rng: random.Random, now: float) -> int:
    """Every table with two players with chips plays one hand, live players
    played by bots (an all-dead hand needs nobody)."""
    hands = 0
    for table in sorted(t.tables):
        if t.status != "running":
            break
        state = t.tables[table]
        if sum(1 for p in state.seats.values() if t.players[p].chips) < 2:
            continue
        spec = t.begin_hand(table, rng.randrange)
        hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
        play_out(hand, {seat: make_bot("sensible") for seat in spec.seats}, rng)
        stacks, carried = result_of(hand)
        t.end_hand(table, stacks, rng.randrange, carried_pot=carried, at=now)
        hands += 1
    return hands


def run_to_finish(t: Tournament, rng: random.Random, *, rounds: int = 20_000) -> int:
    now, hands = 0.0, 0
    for _ in range(rounds):
        if t.status != "running":
            break
        hands += play_round(t, rng, now)
        assert chips_on_tables(t) == t.chips_in_play  # no chip lost or made
        now += 90.0
        t.tick(now, rng.randrange)
    return hands


# ---------------------------------------------------------------- DE-DEAL-3 / OQ-45


@pytest.mark.clause("DE-DEAL-3", "OQ-45")
@pytest.mark.parametrize("profile", profile_names())
def test_DE_DEAL_3_OQ_45_a_tournament_of_absent_players_plays_on_to_a_winner(
    profile: str,
) -> None:
    """Every player away from the first hand: every hand dead, the stacks
    blinded down until only one is left; chips conserved throughout, the
    places given (OQ-06) and the log replays to the same state."""
    t = new_tournament(profile, 12)
    for player in t.players:
        t.set_absent(player, True)
    total = t.chips_in_play
    hands = run_to_finish(t, random.Random(3))
    assert t.status == "finished" and t.winner is not None and hands > 0
    assert t.players[t.winner].chips == total == t.chips_in_play
    assert all(s.carried_pot == 0 for s in t.tables.values())
    places = sorted(p.place for p in t.players.values() if p.place is not None)
    assert places[0] == 1 and len(places) == 12
    assert_replays(t)


@pytest.mark.clause("DE-DEAL-3", "OQ-45")
@pytest.mark.parametrize("profile", ["de-holdem", "nm-holdem", "nm-draw"])
def test_DE_DEAL_3_OQ_45_a_heads_up_final_of_two_absent_players_finishes(profile: str) -> None:
    """The heads-up final: they blind each other off - the pot of each dead
    hand is carried, never returned - until one has everything."""
    t = new_tournament(profile, 2)
    t.set_absent("p1", True)
    t.set_absent("p2", True)
    total = t.chips_in_play
    run_to_finish(t, random.Random(5))
    assert t.status == "finished"
    assert sorted(p.place for p in t.players.values()) == [1, 2]
    assert t.players[t.winner or ""].chips == total
    finished = [e for e in t.events if isinstance(e, Finished)]
    out = [e for e in t.events if isinstance(e, Eliminated)]
    assert len(finished) == 1 and len(out) == 1 and out[0].place == 2
    assert_replays(t)


@pytest.mark.clause("DE-DEAL-3", "OQ-45")
@pytest.mark.parametrize("profile", ["de-holdem", "nm-holdem", "nm-draw"])
def test_DE_DEAL_3_OQ_45_a_player_who_returns_plays_again_and_wins_the_dead_pot(
    profile: str,
) -> None:
    """Two dead hands blind the absent down into a carried pot; when p1
    returns (set_absent False) his hand is live again and, against dead
    hands only, he takes that pot."""
    t = new_tournament(profile, 3)
    for player in t.players:
        t.set_absent(player, True)
    rng = random.Random(9)
    total = t.chips_in_play
    play_round(t, rng, 0.0)
    play_round(t, rng, 0.0)
    (table,) = t.tables
    carried = t.tables[table].carried_pot
    assert carried > 0 and sum(p.chips for p in t.players.values()) == total - carried
    t.set_absent("p1", False)
    before = t.players["p1"].chips
    spec = t.begin_hand(table, rng.randrange)
    p1_seat = spec.seats[spec.players.index("p1")]
    assert p1_seat not in spec.dead and len(spec.dead) == 2
    assert spec.carried_pot == carried
    hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
    assert hand.is_complete  # the others are dead: nobody to act against
    stacks, left = result_of(hand)
    t.end_hand(table, stacks, rng.randrange, carried_pot=left)
    assert left == 0 and t.tables[table].carried_pot == 0
    assert t.players["p1"].chips > before + carried - 1
    assert chips_on_tables(t) == total
    assert_replays(t)


@pytest.mark.clause("OQ-62")
def test_OQ_62_a_table_of_penalised_players_is_dealt_and_the_penalties_run_out() -> None:
    """OQ-62: during a time penalty the blinds are posted and the hands
    dealt and killed - also when everyone at the table serves one; each
    dealt hand counts one served."""
    t = new_tournament("de-holdem", 2)
    t.time_penalty("p1", 2, "DE-PENALTY-3", "abuse")
    t.time_penalty("p2", 3, "DE-PENALTY-3", "abuse")
    rng = random.Random(2)
    total = t.chips_in_play
    dead = []
    for _ in range(3):
        spec = t.begin_hand(1, rng.randrange)
        dead.append(len(spec.dead))
        hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
        assert hand.is_complete  # nobody live to act against
        stacks, carried = result_of(hand)
        t.end_hand(1, stacks, rng.randrange, carried_pot=carried)
        assert chips_on_tables(t) == total
        if len(dead) == 2:
            pot = t.tables[1].carried_pot
            assert pot > 0 and t.players["p1"].chips + t.players["p2"].chips == total - pot
    assert dead == [2, 2, 1]  # p1 has served his two; p2 still serves the third
    assert t.tables[1].carried_pot == 0 and t.players["p1"].chips > t.players["p2"].chips
    assert t.players["p1"].penalty_hands == 0 and t.players["p2"].penalty_hands == 0
    assert t.begin_hand(1, rng.randrange).dead == ()


# ---------------------------------------------------------------- DE-DEAL-4 / OQ-46


def level_start(t: Tournament, level: int) -> float:
    """The clock time at which ``level`` (1-based) starts."""
    return float(sum(lv.seconds for lv in t.struct.levels[: level - 1]))


def test_OQ_46_every_shipped_profile_withdraws_after_level_two() -> None:
    for name in profile_names():
        assert load_profile(name).unconfirmed_withdrawn_after_level == 2, name
        text = (
            Path(__file__).parents[1] / "src" / "floorman" / "profiles" / f"{name}.toml"
        ).read_text()
        assert "unconfirmed_withdrawn_after_level = 2" in text, name
    with pytest.raises(ProfileError, match="DE-DEAL-4"):
        with_changes(load_profile("de-holdem"), unconfirmed_withdrawn_after_level=0)


@pytest.mark.clause("DE-DEAL-4", "OQ-46", "DE-DEAL-3")
def test_DE_DEAL_4_OQ_46_unconfirmed_stacks_are_withdrawn_when_level_three_starts() -> None:
    t = new_tournament("de-holdem", 4, unconfirmed=("p3", "p4"))
    assert not t.players["p3"].confirmed and t.players["p1"].confirmed
    t.confirm("p4")  # paid and checked in: a redeemed stack (DE-DEAL-3)
    with pytest.raises(TournamentError) as twice:
        t.confirm("p4")
    assert twice.value.clause == "DE-DEAL-3, OQ-46"
    stack = t.players["p3"].chips
    total = t.chips_in_play
    assert not [e for e in t.tick(level_start(t, 3) - 1) if isinstance(e, Withdrawn)]
    assert t.level == 2 and t.players["p3"].status == "playing"
    emitted = t.tick(level_start(t, 3))
    assert t.level == 3
    withdrawn = [e for e in emitted if isinstance(e, Withdrawn)]
    assert withdrawn == [
        Withdrawn(player="p3", chips_removed=stack, table=1, level=3, clause="DE-DEAL-4, OQ-46")
    ]
    p3 = t.players["p3"]
    assert (p3.status, p3.chips, p3.place, p3.prize) == ("withdrawn", 0, None, 0)
    assert "p3" not in t.tables[1].seats.values()
    assert t.chips_in_play == total - stack and t.alive == 3 and t.entrants == 3
    assert not any(isinstance(e, Eliminated) for e in t.events)  # not an elimination
    assert t.players["p4"].status == "playing"
    with pytest.raises(TournamentError) as late:
        t.confirm("p3")
    assert late.value.clause == "DE-DEAL-4, OQ-46"
    assert_replays(t)


@pytest.mark.clause("DE-DEAL-4", "OQ-46")
def test_DE_DEAL_4_OQ_46_a_player_in_a_running_hand_is_withdrawn_when_it_ends() -> None:
    t = new_tournament("de-holdem", 3, unconfirmed=("p2",))
    rng = random.Random(4)
    spec = t.begin_hand(1, rng.randrange)
    assert t.tick(level_start(t, 3)) and t.level == 3
    assert t.players["p2"].status == "playing"  # his hand is running
    hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
    while not hand.is_complete:
        seat = hand.actor
        assert seat is not None
        if hand.legal_actions().call_amount:
            hand.fold(seat)
        else:
            hand.check(seat)
    stacks, carried = result_of(hand)
    emitted = t.end_hand(1, stacks, rng.randrange, carried_pot=carried)
    withdrawn = [e for e in emitted if isinstance(e, Withdrawn)]
    assert [(e.player, e.chips_removed) for e in withdrawn] == [("p2", stacks["p2"])]
    assert t.players["p2"].status == "withdrawn" and t.players["p2"].place is None
    assert t.chips_in_play == sum(p.chips for p in t.players.values())
    assert_replays(t)


@pytest.mark.clause("DE-DEAL-4", "OQ-39", "OQ-69")
def test_DE_DEAL_4_OQ_39_a_withdrawn_entry_fills_no_paid_place() -> None:
    """Three entries, one withdrawn: two can finish, so two places are paid,
    the whole pool 50:30 (OQ-69), and the withdrawn one gets nothing."""
    prof = running_along("de-holdem")
    struct = dataclasses.replace(
        Structure.default(prof), payout_shares=(50, 30, 20), prize_pool=1000
    )
    t = Tournament.create("t", prof, struct)
    for p in ("a", "b", "c"):
        t.register(p, p.upper(), confirmed=p != "c")
    t.draw_seats(random.Random(1).randrange)
    t.start(0.0)
    t.tick(level_start(t, 3))
    assert t.players["c"].status == "withdrawn" and t.entrants == 2
    for p in ("a", "b"):
        t.set_absent(p, True)
    run_to_finish(t, random.Random(8))
    assert t.status == "finished"
    prizes = {p.player: (p.place, p.prize) for p in t.players.values()}
    assert prizes["c"] == (None, 0)
    assert sorted(prizes[p] for p in ("a", "b")) == [(1, 625), (2, 375)]
    assert_replays(t)


@pytest.mark.clause("OQ-46")
def test_OQ_46_the_withdrawal_level_is_configurable() -> None:
    prof = with_changes(load_profile("nm-holdem"), unconfirmed_withdrawn_after_level=1)
    t = new_tournament(prof, 3, unconfirmed=("p1",))
    emitted = t.tick(level_start(t, 2), random.Random(1).randrange)
    assert [e.player for e in emitted if isinstance(e, Withdrawn)] == ["p1"]
    assert t.level == 2


@pytest.mark.clause("DE-DEAL-4")
def test_DE_DEAL_4_withdrawing_the_last_opponent_finishes_the_tournament() -> None:
    t = new_tournament("de-holdem", 2, unconfirmed=("p2",))
    emitted = t.tick(level_start(t, 3), random.Random(1).randrange)
    assert any(isinstance(e, Finished) for e in emitted)
    assert t.status == "finished" and t.winner == "p1" and t.players["p2"].place is None
    assert_replays(t)


@pytest.mark.clause("DE-DEAL-4", "OQ-46")
def test_DE_DEAL_4_OQ_46_every_entry_withdrawn_ends_the_tournament_without_a_winner() -> None:
    """DE-DEAL-4, OQ-46: nobody confirmed, nobody left: the tournament ends
    (it must not run on for ever with empty tables), with no winner, no
    place and no prize."""
    t = new_tournament("de-holdem", 3, unconfirmed=("p1", "p2", "p3"))
    emitted = t.tick(level_start(t, 3), random.Random(1).randrange)
    assert [e.player for e in emitted if isinstance(e, Withdrawn)] == ["p1", "p2", "p3"]
    assert emitted[-1] == Finished(winner=None, at=level_start(t, 3))
    assert (t.status, t.winner, t.alive, t.chips_in_play) == ("finished", None, 0, 0)
    assert all(p.place is None and p.prize == 0 for p in t.players.values())
    assert_replays(t)


@pytest.mark.clause("DE-DEAL-4")
def test_DE_DEAL_4_with_one_endless_level_no_second_level_ends_nothing_is_withdrawn() -> None:
    """Past the last level the last one goes on (Structure.playing_level):
    with a single level, level 2 never ends, so DE-DEAL-4 never applies."""
    prof = running_along("de-holdem")
    struct = dataclasses.replace(Structure.default(prof), levels=(Level(10, 60),))
    t = Tournament.create("t", prof, struct)
    t.register("a", "A")
    t.register("b", "B", confirmed=False)
    t.register("c", "C")
    t.draw_seats(random.Random(1).randrange)
    t.start(0.0)
    assert t.tick(10_000.0) == []
    assert t.level == 1 and t.players["b"].status == "playing"


# ---------------------------------------------------------------- the API


@pytest.mark.clause("DE-DEAL-3", "DE-DEAL-4", "OQ-46", "OQ-70")
def test_OQ_70_api_start_waits_until_each_unconfirmed_entry_is_confirmed_or_struck(
    tmp_path: Path,
) -> None:
    """Over the API (the shipped profiles: OQ-70's default): the director
    confirms one unconfirmed entry and the start is refused naming the
    other; once he strikes it the start goes ahead, every seat a paid one."""
    from fastapi.testclient import TestClient

    from floorman.server.app import create_app
    from tests.helpers.server import AUTH, DIRECTOR, create_tournament, sqlite_url

    with TestClient(create_app(sqlite_url(tmp_path), DIRECTOR)) as client:
        tid = create_tournament(client, "de-holdem", level_seconds=600, buy_in=50)
        names = {}
        for name, confirmed in (("Ann", False), ("Bob", False), ("Cid", True)):
            response = client.post(
                f"/api/tournaments/{tid}/register", json={"name": name, "confirmed": confirmed}
            )
            assert response.status_code == 200, response.text
            names[name] = response.json()["player"]
        ann, bob = names["Ann"], names["Bob"]
        url = f"/api/tournaments/{tid}/players/{bob}/confirm"
        assert client.post(url).status_code in (401, 403)  # director only
        assert client.post(url, headers=AUTH).status_code == 200
        again = client.post(url, headers=AUTH)
        assert again.status_code == 409 and again.json()["detail"]["clause"] == "DE-DEAL-3, OQ-46"
        refused = client.post(f"/api/tournaments/{tid}/start", headers=AUTH)
        assert refused.status_code == 409, refused.text
        detail = refused.json()["detail"]
        assert detail["clause"] == "DE-DEAL-3, DE-DEAL-4, OQ-70"
        assert detail["template"] == "confirm or strike the unconfirmed entries first: {players}"
        assert detail["values"] == {"players": "Ann"}
        assert client.get(f"/api/tournaments/{tid}").json()["status"] == "registering"
        struck = client.post(f"/api/tournaments/{tid}/players/{ann}/unregister", headers=AUTH)
        assert struck.status_code == 200, struck.text
        assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
        state = client.get(f"/api/tournaments/{tid}").json()
        assert state["entries"] == state["paid_entries"] == 2
        assert state["accounts"]["buy_ins"] == 100


def count_out(t: Tournament, loser: str, rng: random.Random) -> None:
    """The floor's count puts ``loser`` out, his chips with a table-mate."""
    table = t.players[loser].table
    assert table is not None
    seated = list(t.tables[table].seats.values())
    counts = {p: t.players[p].chips for p in seated}
    heir = next(p for p in seated if p != loser)
    counts[heir] += counts[loser]
    counts[loser] = 0
    t.record_chip_counts(table, counts, rng.randrange)


def live_field(names: str, unpaid: str) -> Tournament:
    prof = running_along("de-holdem")
    struct = dataclasses.replace(
        Structure.default(prof), payout_shares=(50, 30, 20), prize_pool=1000
    )
    t = Tournament.create("t", prof, struct, mode="live")
    for p in names:
        t.register(p, p.upper(), confirmed=p != unpaid)
    t.draw_seats(random.Random(1).randrange)
    t.start(0.0)
    return t


@pytest.mark.clause("DE-DEAL-4", "OQ-39")
def test_DE_DEAL_4_OQ_39_places_given_before_a_withdrawal_move_up_with_no_gap() -> None:
    """The reviewer's results: 1-5, then 7, 8 ... A player out before the
    unpaid entry was withdrawn had been placed counting it; the cancelled
    entry fills no place, so he moves up one and the places run 1..n."""
    rng = random.Random(3)
    t = live_field("abcde", unpaid="e")
    count_out(t, "a", rng)
    assert t.players["a"].place == 5
    t.tick(level_start(t, 3), rng.randrange)
    assert t.players["e"].status == "withdrawn"
    assert t.players["a"].place == 4
    for loser in ("b", "c"):
        count_out(t, loser, rng)
    assert t.status == "finished"
    places = sorted(p.place for p in t.players.values() if p.place is not None)
    assert places == [1, 2, 3, 4]
    assert t.players["e"].place is None
    assert_replays(t)


@pytest.mark.clause("DE-DEAL-4", "OQ-39")
def test_DE_DEAL_4_OQ_39_a_withdrawal_moves_a_player_out_into_the_money() -> None:
    """Four entries, three paid: out fourth, he moves to third when the
    unpaid entry is withdrawn, and is paid third's prize then."""
    rng = random.Random(5)
    t = live_field("abcd", unpaid="d")
    count_out(t, "a", rng)
    assert (t.players["a"].place, t.players["a"].prize) == (4, 0)
    emitted = t.tick(level_start(t, 3), rng.randrange)
    assert [(e.player, e.place, e.amount) for e in emitted if isinstance(e, PrizeAwarded)] == [
        ("a", 3, 200)
    ]
    assert (t.players["a"].place, t.players["a"].prize) == (3, 200)
    count_out(t, "b", rng)
    assert t.status == "finished"
    prizes = sorted((p.place, p.prize) for p in t.players.values() if p.place is not None)
    assert prizes == [(1, 500), (2, 300), (3, 200)]
    assert_replays(t)
