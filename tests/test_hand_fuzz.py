"""The hand fuzzer of ``floorman fuzz hands`` (:mod:`floorman.sim.fuzz`),
driven by Hypothesis here and by the command for the million-hand run.

The step-by-step state machines of each game are
``tests/test_holdem_state_machine.py`` (nm-holdem, de-holdem, tda) and
``tests/test_draw_state_machine.py`` (nm-draw): Hypothesis picks every move
there.  Here Hypothesis picks whole hands of the fuzzer (its seed and
profile), which then plays legal moves taken from the engine's own
``legal_actions``/``can_*`` answers and illegal ones it must refuse, with
chips conserved after every move and the log replayed at the end.  The
fuzzer is also shown to catch what it is there to catch: a chip created, an
illegal move accepted, a log that replays to another state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.engine.betting import BettingHand
from floorman.engine.draw import DrawHand
from floorman.engine.events import Called
from floorman.engine.holdem import HoldemHand
from floorman.profiles import load_profile
from floorman.sim import fuzz
from floorman.sim.fuzz import InvariantBroken, deal, fuzz_hands, fuzz_in_chunks, play_hand

GAMES = ("nm-holdem", "de-holdem", "nm-draw")


@settings(
    max_examples=1000,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**64), name=st.sampled_from(GAMES))
def test_random_hands_keep_every_invariant(seed: int, name: str) -> None:
    """Chips conserved after every move, refusals typed and harmless, the log
    replaying to the same state (play_hand raises on any of them)."""
    actions, refusals = play_hand(load_profile(name), random.Random(seed))
    # none when the forced bets put everyone all in; one refusal at least: a
    # move after the end (a HandFinished, or out of turn)
    assert actions >= 0 and refusals >= 1


@pytest.mark.parametrize("name", GAMES)
def test_deals_cover_every_table_size_and_short_stacks(name: str) -> None:
    """Table sizes 2 to the profile's most (NM-H-1: 10, NM-D-1A: 5), and
    stacks short enough to be all in with the forced bets."""
    profile = load_profile(name)
    sizes: set[int] = set()
    short = 0
    for k in range(400):
        hand, chips = deal(profile, random.Random(k))
        started = hand.started
        assert chips == sum(started.stacks) + started.carried_pot
        sizes.add(len(hand.seats))
        short += any(s <= 2 * started.ante_unit for s in started.stacks)
    assert sizes == set(range(2, profile.table_max + 1))
    assert short >= 50


def test_the_games_alternate_and_a_hand_replays_alone() -> None:
    run = fuzz_hands(40, seed=7)
    assert run.hands == {"holdem": 20, "draw": 20} and run.failed == 0
    assert run.actions > 200 and run.refusals > 40
    # the same hands, 10 by 10, on two processes: the same moves
    split = fuzz_in_chunks(40, seed=7, workers=2, chunk=10)
    assert (split.hands, split.actions, split.refusals) == (run.hands, run.actions, run.refusals)
    # hand 13 on its own is hand 13 of the run
    alone = fuzz_hands(1, seed=7, start=13)
    again = fuzz_hands(1, seed=7, start=13)
    assert alone.actions == again.actions > 0


# ---------------------------------------------------------------- the fuzzer catches


def _first_failure(run: Any) -> str:
    assert run.failed > 0 and run.failures, "the fuzzer missed a broken engine"
    return str(run.failures[0])


def test_a_chip_created_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    original: Callable[[Any, Any], None] = HoldemHand.appliers[Called]

    def leaky(hand: Any, event: Any) -> None:
        original(hand, event)
        hand.stacks[0] += 1  # a chip out of nowhere

    monkeypatch.setitem(HoldemHand.appliers, Called, leaky)
    message = _first_failure(fuzz_hands(30, seed=3))
    assert "chips at the table" in message and "seed 3" in message
    assert "--seed 3 --start" in message  # how to play it again


def test_an_illegal_move_accepted_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A check facing a bet (DE-CHECK-3, NM-D-3B) let through."""
    monkeypatch.setattr(BettingHand, "verify_check", lambda self, seat: self._actor(seat, "check"))
    with pytest.raises(InvariantBroken, match="accepted an illegal move"):
        for k in range(200):
            play_hand(load_profile(GAMES[k % 3]), random.Random(k))


def test_a_log_that_replays_elsewhere_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = DrawHand.replay.__func__  # type: ignore[attr-defined]

    def forgetful(cls: type[DrawHand], events: Any) -> DrawHand:
        return real(cls, list(events)[:-1])  # type: ignore[no-any-return]

    monkeypatch.setattr(DrawHand, "replay", classmethod(forgetful))
    run = fuzz_hands(20, seed=5)
    assert run.failed == 10  # every draw hand, no hold'em hand
    assert all(f.profile == "nm-draw" for f in run.failures)
    assert "replays to another state" in _first_failure(run)


def test_the_profiles_alternate_games() -> None:
    games = [load_profile(name).game for name in fuzz.PROFILES]
    assert games == ["holdem", "draw", "holdem", "draw"]
