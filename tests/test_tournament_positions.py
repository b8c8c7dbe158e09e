"""Where the button and the blinds go as players bust and seats empty
(OQ-43 dead button, OQ-29 heads-up, OQ-07 the deal in the draw), and how
newcomers from other tables come in (DE-BREAK-1/2/3, OQ-53)."""

from __future__ import annotations

import random

import pytest

from floorman.bots import make_bot
from floorman.engine.actions import Action, apply_action
from floorman.engine.cards import shuffled_deck
from floorman.engine.events import BlindPosted
from floorman.sim.simulate import play_out
from floorman.tournament.buttons import Positions, next_positions
from floorman.tournament.core import Tournament
from floorman.tournament.hands import hand_for, result_of
from floorman.tournament.state import HandSpec
from tests.helpers.tournament import (
    Moved,
    bust,
    events_of,
    seated,
    settle,
    structure,
)

SIX = {1: {s: f"p{s}" for s in range(1, 7)}}


def positions(spec: HandSpec) -> tuple[int, int | None, int | None]:
    return spec.button, spec.small_blind_seat, spec.big_blind_seat


def player_at(t: Tournament, table: int, seat: int) -> str:
    return t.tables[table].seats[seat]


# ---------------------------------------------------------------- first hand


@pytest.mark.clause("DE-SEAT-2", "DE-SEAT-3", "DE-BLINDS-1", "OQ-47")
def test_de_button_starts_at_seat_one() -> None:
    """DE-SEAT-2: the button holder is seat 1; DE-SEAT-3: the seats are
    numbered on clockwise from it, so DE-BLINDS-1's small and big blind, the
    next two players clockwise, are the next two seat numbers taken."""
    t = seated("de-holdem", {1: {1: "a", 3: "b", 4: "c", 7: "d"}})
    spec, _ = settle(t, 1)
    assert positions(spec) == (1, 3, 4)


@pytest.mark.clause("OQ-07")
def test_nm_first_dealer_is_drawn_by_lot() -> None:
    """OQ-07: the first dealer is chosen by lot; every seat can get it."""
    buttons = set()
    for seed in range(40):
        t = seated("nm-holdem", SIX)
        spec = t.begin_hand(1, random.Random(seed).randrange)
        buttons.add(spec.button)
        seats = sorted(spec.seats)
        k = seats.index(spec.button)
        assert spec.small_blind_seat == seats[(k + 1) % 6]
        assert spec.big_blind_seat == seats[(k + 2) % 6]
    assert buttons == set(range(1, 7))


# ---------------------------------------------------------------- dead button


@pytest.mark.clause("OQ-47", "OQ-43")
def test_button_and_blinds_move_one_seat_each_hand() -> None:
    t = seated("de-holdem", SIX)
    seen = [positions(settle(t, 1)[0]) for _ in range(7)]
    assert seen == [(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6), (5, 6, 1), (6, 1, 2), (1, 2, 3)]


@pytest.mark.clause("OQ-43")
def test_big_blind_busts_small_blind_is_dead() -> None:
    """OQ-43: the BB moves on to the next player; the SB seat (last hand's
    BB) is empty, so nobody posts the SB; the button moves to last hand's
    SB."""
    t = seated("de-holdem", SIX)
    spec, _ = settle(t, 1, lambda s: bust(s, ["p3"], "p1"))  # 1, 2, 3: BB busts
    spec, _ = settle(t, 1)
    assert positions(spec) == (2, None, 4)
    spec, _ = settle(t, 1)
    assert positions(spec) == (3, 4, 5)  # the button falls on the empty seat 3: dead


@pytest.mark.clause("OQ-43")
def test_small_blind_busts_button_is_dead() -> None:
    t = seated("de-holdem", SIX)
    settle(t, 1, lambda s: bust(s, ["p2"], "p1"))  # 1, 2, 3: SB busts
    spec, _ = settle(t, 1)
    assert positions(spec) == (2, 3, 4)  # button on the empty seat 2
    assert 2 not in spec.seats
    spec, _ = settle(t, 1)
    assert positions(spec) == (3, 4, 5)


@pytest.mark.clause("OQ-43")
def test_both_blinds_bust_big_blind_still_moves_one_player() -> None:
    t = seated("de-holdem", SIX)
    settle(t, 1, lambda s: bust(s, ["p2", "p3"], "p1"))
    spec, _ = settle(t, 1)
    assert positions(spec) == (2, None, 4)  # dead button and dead small blind
    spec, _ = settle(t, 1)
    assert positions(spec) == (3, 4, 5)
    spec, _ = settle(t, 1)
    assert positions(spec) == (4, 5, 6)
    spec, _ = settle(t, 1)
    assert positions(spec) == (5, 6, 1)


@pytest.mark.clause("OQ-43")
def test_nobody_skips_the_big_blind_when_players_bust() -> None:
    """OQ-43: every player pays the BB in turn: over a full orbit after a
    bust, the BB visits every remaining player exactly once."""
    t = seated("nm-holdem", {1: {s: f"p{s}" for s in (1, 2, 4, 5, 7, 8, 9)}})
    rng = random.Random(3)
    spec = t.begin_hand(1, rng.randrange)
    big_blind = player_at(t, 1, spec.big_blind_seat)  # type: ignore[arg-type]
    winner = next(p for p in spec.players if p != big_blind)
    t.end_hand(1, bust(spec, [big_blind], winner), rng.randrange)
    bbs = []
    for _ in range(6):
        spec, _ = settle(t, 1)
        bbs.append(spec.big_blind_seat)
    assert sorted(bbs) == sorted(s for s, p in t.tables[1].seats.items())


@pytest.mark.clause("OQ-43")
def test_engine_gets_dead_small_blind_and_dead_button() -> None:
    """The hand itself: no SB posted, the BB posts, action starts left of
    the BB."""
    t = seated("de-holdem", SIX)
    settle(t, 1, lambda s: bust(s, ["p3"], "p1"))
    rng = random.Random(1)
    spec = t.begin_hand(1, rng.randrange)
    hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
    blinds = [(e.seat, e.blind, e.amount) for e in hand.events if isinstance(e, BlindPosted)]
    assert blinds == [(4, "big", 20)]
    assert hand.actor == 5


# ---------------------------------------------------------------- heads-up


@pytest.mark.clause("OQ-29", "DE-BLINDS-3")
def test_heads_up_button_posts_small_blind_and_acts_first_preflop() -> None:
    """OQ-29, DE-BLINDS-3: heads-up the button is the SB and acts first
    pre-flop; the BB acts first after the flop."""
    for profile in ("nm-holdem", "de-holdem", "tda"):
        t = seated(profile, {1: {3: "a", 7: "b"}})
        rng = random.Random(4)
        spec = t.begin_hand(1, rng.randrange)
        assert spec.small_blind_seat == spec.button
        assert spec.big_blind_seat != spec.button
        hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
        assert hand.actor == spec.button
        apply_action(hand, spec.button, Action("call"))
        apply_action(hand, spec.big_blind_seat, Action("check"))  # type: ignore[arg-type]
        assert hand.street_name == "flop"
        assert hand.actor == spec.big_blind_seat


@pytest.mark.clause("OQ-43", "OQ-29")
@pytest.mark.parametrize("busted_seat", [1, 2, 3])
def test_going_heads_up_the_big_blind_moves_on(busted_seat: int) -> None:
    """From three to two players: the BB goes to the next player (OQ-43),
    the other player has the button and the SB (OQ-29); then they alternate."""
    t = seated("de-holdem", {1: {1: "a", 2: "b", 3: "c"}})
    survivors = [p for s, p in {1: "a", 2: "b", 3: "c"}.items() if s != busted_seat]
    spec, _ = settle(
        t, 1, lambda s: bust(s, [player_at(t, 1, busted_seat)], survivors[0])
    )  # positions 1, 2, 3
    last_bb = 3
    for _ in range(4):
        spec, _ = settle(t, 1)
        assert spec.button == spec.small_blind_seat
        remaining = sorted(spec.seats)
        expected_bb = next((s for s in remaining if s > last_bb), remaining[0])
        assert spec.big_blind_seat == expected_bb
        last_bb = expected_bb


# ---------------------------------------------------------------- the draw


def cw(seats: list[int], seat: int) -> int:
    """The first of ``seats`` clockwise after ``seat``."""
    return next((s for s in sorted(seats) if s > seat), min(seats))


@pytest.mark.clause("OQ-07")
def test_draw_deal_passes_to_the_next_player_with_chips() -> None:
    """OQ-07: the deal moves one player clockwise every deal; a seat whose
    player busted is passed over."""
    t = seated("nm-draw", {1: {1: "a", 2: "b", 3: "c", 4: "d", 5: "e"}})
    spec, _ = settle(t, 1)
    dealer = spec.button
    spec, _ = settle(t, 1)
    assert spec.button == cw([1, 2, 3, 4, 5], dealer)
    dealer = spec.button
    # The player due to deal next busts: the deal skips his empty seat.
    loser = player_at(t, 1, cw([1, 2, 3, 4, 5], dealer))
    winner = next(p for p in spec.players if p != loser)
    settle(t, 1, lambda s: bust(s, [loser], winner))
    spec, _ = settle(t, 1)
    remaining = sorted(spec.seats)
    assert len(remaining) == 4
    assert spec.button == cw(remaining, cw([1, 2, 3, 4, 5], dealer))


# ---------------------------------------------------------------- newcomers


@pytest.mark.clause("DE-BREAK-3", "OQ-53")
def test_newcomers_between_button_and_small_blind_wait_for_the_button() -> None:
    """DE-BREAK-3, OQ-53: players from a broken table cannot come in
    between the button and the SB; they are dealt in once the button has
    passed them."""
    struct = structure("de-holdem", table_size=8)
    t = seated(
        "de-holdem",
        {1: {s: f"a{s}" for s in (1, 2, 5, 6, 7, 8)}, 2: {1: "x", 2: "y"}},
        struct=struct,
    )
    spec, events = settle(t, 1)  # button 1, SB 2, BB 5; then table 2 is broken
    assert positions(spec) == (1, 2, 5)
    moved = {e.player: e.seat for e in events_of(events, Moved)}
    assert sorted(moved.values()) == [3, 4] and set(moved) == {"x", "y"}
    spec, _ = settle(t, 1)
    assert positions(spec) == (2, 5, 6)
    assert "x" not in spec.players and "y" not in spec.players
    spec, _ = settle(t, 1)
    assert positions(spec) == (5, 6, 7)
    assert {"x", "y"} <= set(spec.players)


@pytest.mark.clause("DE-BREAK-3", "OQ-53")
def test_newcomers_wait_only_while_a_hand_can_be_dealt_without_them() -> None:
    """DE-BREAK-3, OQ-53: newcomers between the button and the small blind
    wait for the button - unless only the big blind would be left to deal
    to: a hand needs two players, so then everyone is dealt in."""
    last = Positions(button=1, small_blind=2, big_blind=6, small_blind_seat=2, dealt=(), waiting=())
    # seats 1, 2 and 6 are empty now; 3, 4 and 5 came from a broken table
    alone = next_positions([3, 4, 5], last, newcomers=[3, 4, 5])
    assert (alone.button, alone.small_blind, alone.big_blind) == (2, None, 3)
    assert alone.dealt == (3, 4, 5) and alone.waiting == ()
    # with two players who were there (seats 7 and 8), the newcomers wait
    kept = next_positions([3, 4, 5, 7, 8], last, newcomers=[3, 4, 5])
    assert kept.big_blind == 7 and kept.waiting == (3, 4, 5) and kept.dealt == (7, 8)


@pytest.mark.clause("DE-BREAK-1", "DE-BREAK-2", "OQ-53")
def test_newcomers_take_the_big_blind_of_their_seat() -> None:
    """DE-BREAK-1/2: they take over the rights and duties of the seat: a
    newcomer in the big blind's seat posts it; one elsewhere (not between
    button and SB) is dealt in at once (OQ-53)."""
    struct = structure("de-holdem", table_size=8)
    t = seated(
        "de-holdem",
        {1: {s: f"a{s}" for s in (1, 2, 3, 5, 6, 7)}, 2: {1: "x", 2: "y"}},
        struct=struct,
    )
    spec, events = settle(t, 1)  # 1, 2, 3; table 2 broken into seats 4 and 8
    assert positions(spec) == (1, 2, 3)
    moved = {e.seat: e.player for e in events_of(events, Moved)}
    assert sorted(moved) == [4, 8]
    rng = random.Random(2)
    spec = t.begin_hand(1, rng.randrange)
    assert positions(spec) == (2, 3, 4)
    assert moved[4] in spec.players and moved[8] in spec.players
    hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
    blinds = {e.seat: e.amount for e in hand.events if isinstance(e, BlindPosted)}
    assert blinds == {3: 10, 4: 20}


@pytest.mark.clause("DE-BREAK-1", "DE-BREAK-2")
def test_newcomers_take_the_button_and_the_small_blind_of_their_seats() -> None:
    """DE-BREAK-2: a newcomer may come in on the button or in the SB."""
    struct = structure("de-holdem", table_size=8)
    t = seated(
        "de-holdem",
        {1: {s: f"a{s}" for s in range(1, 9)}, 2: {1: "x", 2: "y"}},
        struct=struct,
    )
    # Hand 1 at table 1 (button 1, SB 2, BB 3): SB and BB bust, table 2 is
    # broken into their seats 2 and 3.
    spec, events = settle(t, 1, lambda s: bust(s, ["a2", "a3"], "a1"))
    assert positions(spec) == (1, 2, 3)
    moved = {e.seat: e.player for e in events_of(events, Moved)}
    assert sorted(moved) == [2, 3]
    rng = random.Random(6)
    spec = t.begin_hand(1, rng.randrange)
    assert positions(spec) == (2, 3, 4)
    assert spec.players[spec.seats.index(2)] == moved[2]  # on the button
    hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
    blinds = {e.seat: e.amount for e in hand.events if isinstance(e, BlindPosted)}
    assert blinds == {3: 10, 4: 20}  # the newcomer in seat 3 posts the SB


@pytest.mark.clause("DE-BREAK-3", "OQ-53")
def test_a_seat_change_by_the_director_also_waits_between_button_and_small_blind() -> None:
    t = seated("de-holdem", {1: {s: f"a{s}" for s in (1, 2, 5, 6, 7)}, 2: SIX[1]})
    spec, _ = settle(t, 1)  # 1, 2, 5
    t.override_seat("p4", 1, 3, "TD seats him")
    spec, _ = settle(t, 1)
    assert positions(spec) == (2, 5, 6) and "p4" not in spec.players
    spec, _ = settle(t, 1)
    assert "p4" in spec.players


# ---------------------------------------------------------------- dead hands


@pytest.mark.clause("DE-PENALTY-4", "OQ-62")
def test_time_penalty_hands_are_dealt_and_killed_with_blinds_posted() -> None:
    """DE-PENALTY-3/4, OQ-62: during the penalty the player's blinds are
    posted and his hands dealt and killed."""
    t = seated("de-holdem", SIX)
    t.time_penalty("p3", 2, "DE-PENALTY-3", "abuse")
    rng = random.Random(8)
    for k in range(3):
        spec = t.begin_hand(1, rng.randrange)
        assert "p3" in spec.players
        seat = spec.seats[spec.players.index("p3")]
        assert spec.dead == ((seat,) if k < 2 else ())
        hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
        before = dict(zip(spec.players, spec.stacks, strict=True))
        if k == 0:
            assert spec.big_blind_seat == seat  # he posts the BB though away
            assert any(
                isinstance(e, BlindPosted) and e.seat == seat and e.amount == 20
                for e in hand.events
            )
        if k < 2:
            assert hand.folded[hand.position[seat]]  # killed at the deal
        play_out(hand, {s: make_bot("random") for s in spec.seats}, rng)
        stacks, carried = result_of(hand)
        if k < 2:
            assert stacks["p3"] <= before["p3"]  # a dead hand never wins
        t.end_hand(1, stacks, rng.randrange, carried_pot=carried)
    assert t.players["p3"].penalty_hands == 0


@pytest.mark.clause("OQ-62")
def test_draw_time_penalty_antes_and_kills_the_hand() -> None:
    t = seated("nm-draw", {1: {1: "a", 2: "b", 3: "c", 4: "d"}})
    t.time_penalty("b", 1, "OQ-62")
    rng = random.Random(2)
    spec = t.begin_hand(1, rng.randrange)
    seat = spec.seats[spec.players.index("b")]
    assert spec.dead == (seat,)
    hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
    play_out(hand, {s: make_bot("random") for s in spec.seats}, rng)
    stacks, carried = result_of(hand)
    assert stacks["b"] == 1000 - 10  # his ante, nothing more
    t.end_hand(1, stacks, rng.randrange, carried_pot=carried)


@pytest.mark.clause("OQ-45", "DE-SEATED-1", "DE-SEATED-2", "DE-DEAL-2")
def test_absent_players_are_dealt_dead_until_they_return() -> None:
    """DE-SEATED-1: a player away from his seat when his hand is dealt does
    not play it (at the moment OQ-45 fixes, the last card dealt:
    DE-SEATED-2, DE-DEAL-2): his blinds are posted, his hand is dead, until
    he is back."""
    t = seated("de-holdem", SIX)
    t.set_absent("p2", True)
    for _ in range(3):
        spec, _ = settle(t, 1)
        assert spec.dead == (2,)
    t.set_absent("p2", False)
    spec, _ = settle(t, 1)
    assert spec.dead == ()


@pytest.mark.clause("DE-DEAL-3", "OQ-45", "DE-SEATED-3")
@pytest.mark.timeout(20, method="signal")
@pytest.mark.parametrize("profile", ["nm-holdem", "de-holdem", "nm-draw"])
def test_a_hand_with_every_player_dead_ends(profile: str) -> None:
    """DE-DEAL-3, OQ-45, OQ-62: when every player dealt in is away (or
    serving a time penalty) the hand is still dealt: forced bets posted,
    every hand killed, and the pot - which no dead hand can win, the big
    blind's neither (DE-SEATED-3) - carried to the table's next hand; the
    stacks are blinded down, no chip is lost."""
    t = seated(profile, {1: {1: "a", 2: "b", 3: "c"}})
    t.set_absent("a", True)
    t.set_absent("b", True)
    t.time_penalty("c", 5, "DE-PENALTY-3", "abuse")
    rng = random.Random(1)
    spec = t.begin_hand(1, rng.randrange)
    assert len(spec.dead) == 3 and spec.carried_pot == 0
    hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
    assert hand.is_complete and not hand.awards
    stacks, carried = result_of(hand)
    assert carried > 0 and all(v <= 1000 for v in stacks.values())
    assert sum(stacks.values()) + carried == 3000
    t.end_hand(1, stacks, rng.randrange, carried_pot=carried)
    assert t.tables[1].carried_pot == carried and t.players["c"].penalty_hands == 4
    spec = t.begin_hand(1, rng.randrange)
    assert spec.carried_pot == carried and len(spec.dead) == 3
    hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
    after, carried_again = result_of(hand)
    assert carried_again > carried and sum(after.values()) < sum(stacks.values())
    assert sum(after.values()) + carried_again == 3000
