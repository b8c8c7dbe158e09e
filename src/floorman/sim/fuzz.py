"""Random hands of both games, checked as they are played (``floorman fuzz
hands``; issue 12, "Fuzzing in make test").

Hand ``k`` of a run with seed ``s`` is dealt and played from its own
``random.Random`` (:func:`hand_seed`), so any one hand can be played again
alone (``--seed s --start k --hands 1``).  The games alternate, hold'em
under ``nm-holdem`` and ``de-holdem`` and the draw under ``nm-draw``
(:data:`PROFILES`); each hand has a random table size within its profile
(2 up to ``table_max``: NM-H-1, NM-D-1A), random seats, button and ante,
and random stacks, a quarter of them short enough to be all in at once.

Each step is a legal move picked from what the engine offers
(:meth:`legal_actions`, ``can_look``, ``can_muck``, the check-down votes of
NM-H-13, the draw of NM-D-2D), and now and then a move the engine must
refuse: out of turn, a raise outside the offered range, a check facing a
bet, a draw of cards not held, anything once the hand is over.  Checked:

* chips are conserved after every move: stacks + pots == the chips the
  hand began with (and the final stacks at the end);
* a refusal is a :class:`RuleViolation` naming its clause, and changed
  nothing (state and log);
* at the end the log, through JSON and back, replays to the same state
  (the whole snapshot, compared as sorted JSON text).

A broken invariant or any other exception is a failure, reported with the
seed and the hand number; the run goes on with the next hand.
"""

from __future__ import annotations

import json
import random
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from floorman.engine.actions import Action, apply_action
from floorman.engine.betting import Phase
from floorman.engine.cards import CARDS, Card, parse_cards, shuffled_deck
from floorman.engine.errors import RuleViolation
from floorman.engine.events import event_from_dict, event_to_dict
from floorman.engine.profile import RuleProfile
from floorman.engine.variants import Hand, variant_for
from floorman.profiles import load_profile

#: the profile of hand ``k`` is ``PROFILES[k % 4]``: the games alternate
PROFILES = ("nm-holdem", "nm-draw", "de-holdem", "nm-draw")
#: a hand that has not ended after this many moves is stuck
MAX_STEPS = 2_000
#: how often a move the engine must refuse is tried, per legal move
ILLEGAL_RATE = 0.25


class InvariantBroken(AssertionError):
    """A hand broke what must always hold."""


@dataclass
class Failure:
    seed: int
    hand: int
    profile: str
    message: str

    def __str__(self) -> str:
        return (
            f"hand {self.hand} ({self.profile}), seed {self.seed}: {self.message}"
            f"  [again: floorman fuzz hands --seed {self.seed} --start {self.hand} --hands 1]"
        )


@dataclass
class FuzzResult:
    seed: int
    hands: dict[str, int] = field(default_factory=dict)  # by game
    actions: int = 0  # legal moves played
    refusals: int = 0  # illegal moves tried and refused
    failures: list[Failure] = field(default_factory=list)  # the first few
    failed: int = 0  # all of them
    seconds: float = 0.0

    @property
    def total(self) -> int:
        return sum(self.hands.values())


def hand_seed(seed: int, k: int) -> int:
    """Hand ``k``'s own seed: distinct for every (seed, k) with k < 2**32."""
    return (seed << 32) | k


# ---------------------------------------------------------------- the deal


def _stack(rng: random.Random, ante: int) -> int:
    pick = rng.random()
    if pick < 0.25:
        return rng.randint(1, 3 * ante)  # short: all in at once, or soon
    if pick < 0.7:
        return rng.randint(3 * ante, 60 * ante)
    return rng.randint(60 * ante, 600 * ante)


def deal(profile: RuleProfile, rng: random.Random) -> tuple[Hand, int]:
    """A new hand under ``profile`` and the chips it holds (stacks and any
    carried check-pot)."""
    variant = variant_for(profile)
    most = min(profile.table_max, variant.max_players)
    n = rng.randint(2, most)
    seats = sorted(rng.sample(range(1, most + 1), n))
    ante = rng.choice((1, 1, 2, 5, 25))
    stacks = [_stack(rng, ante) for _ in seats]
    button = rng.choice(seats)
    deck = shuffled_deck(rng.randrange)
    auto_showdown = rng.random() < 0.5
    # a pot carried in: a check-pot of the draw (OQ-10), a dead hand's (DE-SEATED-3)
    carried = rng.choice((0, 0, 0, ante * n))
    hand = variant.start(
        profile,
        seats=seats,
        stacks=stacks,
        button=button,
        ante_unit=ante,
        carried_pot=carried,
        deck=deck,
        auto_showdown=auto_showdown,
    )
    return hand, sum(stacks) + carried


# ---------------------------------------------------------------- checks


def chips_in(hand: Hand) -> int:
    if hand.is_complete:
        return sum(hand.stacks) + hand.carried_pot
    return sum(hand.stacks) + hand.pot_total


def check_chips(hand: Hand, chips: int, after: str) -> None:
    held = chips_in(hand)
    if held != chips:
        raise InvariantBroken(f"after {after}: {held} chips at the table, {chips} dealt in")
    if any(s < 0 for s in hand.stacks):
        raise InvariantBroken(f"after {after}: a negative stack {list(hand.stacks)}")
    if hand.is_complete and hand.final_stacks is not None:
        final = sum(hand.final_stacks) + hand.carried_pot
        if final != chips:
            raise InvariantBroken(f"final stacks hold {final} chips, {chips} dealt in")


def stable(hand: Hand) -> str:
    """The whole state (every card, bet, pot and award) as sorted JSON text."""
    return json.dumps(hand.snapshot(), sort_keys=True, default=str)


def check_replay(hand: Hand) -> None:
    text = json.dumps([event_to_dict(e) for e in hand.events])
    log = [event_from_dict(d) for d in json.loads(text)]
    again = type(hand).replay(log)
    if stable(again) != stable(hand):
        raise InvariantBroken(f"the log of {len(log)} events replays to another state")


def refused(hand: Hand, what: str, move: Callable[[], Any]) -> None:
    """``move`` must be refused with a RuleViolation naming its clause, and
    change nothing."""
    before, logged = hand.snapshot(), len(hand.events)
    try:
        move()
    except RuleViolation as error:
        if not error.clause:
            raise InvariantBroken(f"refused {what} without a clause: {error}") from None
        if hand.snapshot() != before or len(hand.events) != logged:
            raise InvariantBroken(f"refused {what} ({error}) but the hand changed") from None
        return
    raise InvariantBroken(f"accepted an illegal move: {what}")


# ---------------------------------------------------------------- moves


def illegal_move(hand: Hand, rng: random.Random) -> None:
    """One move the rules forbid now, which must change nothing."""
    actor = hand.actor
    others = [s for s in hand.seats if s != actor] + [0, 11]
    seat = rng.choice(others)
    legal = hand.legal_actions()
    pick = rng.randrange(4)
    if hand.is_complete or pick == 0 or legal is None:
        kind = rng.choice(("fold", "check", "call", "raise"))
        if kind == "raise":
            refused(hand, f"seat {seat} out of turn: raise", lambda: hand.bet_or_raise_to(seat, 99))
        else:
            refused(hand, f"seat {seat} out of turn: {kind}", lambda: getattr(hand, kind)(seat))
        return
    me = legal.seat
    lo, hi = legal.min_raise_to, legal.max_raise_to
    if pick == 1 and hi is not None:
        amount = hi + 1 + rng.randrange(3 * hand.ante_unit + 1)
        refused(hand, f"raise to {amount} above {hi}", lambda: hand.bet_or_raise_to(me, amount))
    elif pick == 2 and lo is not None:
        amount = lo - 1 - rng.randrange(lo + 1)
        refused(hand, f"raise to {amount} below {lo}", lambda: hand.bet_or_raise_to(me, amount))
    elif pick == 3 and not legal.can_check:
        refused(hand, "a check facing a bet", lambda: hand.check(me))
    else:
        refused(hand, "a raise where none is offered", lambda: hand.bet_or_raise_to(me, 10**9))


def held_cards(hand: Hand, seat: int) -> list[Card]:
    """The cards ``seat`` holds, as his own seat view shows them."""
    mine = hand.seat_view(seat, display=False).players[hand.position[seat]].cards or ()
    return list(parse_cards(" ".join(c for c in mine if c is not None)))


def draw(seat: int, cards: list[Card]) -> Action:
    return Action("draw", cards=tuple(cards))


def illegal_draw(hand: Hand, seat: int, rng: random.Random) -> None:
    held = held_cards(hand, seat)
    if rng.random() < 0.5:
        foreign = [c for c in CARDS if c not in held]
        cards = [rng.choice(foreign)]
        refused(
            hand, "a draw of a card not held", lambda: apply_action(hand, seat, draw(seat, cards))
        )
    else:
        cards = held[: hand.profile.max_draw + 1]
        refused(
            hand,
            f"a draw of {len(cards)} cards",
            lambda: apply_action(hand, seat, draw(seat, cards)),
        )


def legal_move(hand: Hand, rng: random.Random) -> str:
    """One move the engine offers, picked at random; returns what it was."""
    voters = variant_for(hand.profile).pending_voters(hand)  # NM-H-13
    if voters and rng.random() < 0.6:
        voter = rng.choice(voters)
        agree = rng.random() < 0.7
        apply_action(hand, voter, Action("vote_checkdown", agree=agree))
        return f"seat {voter} votes {agree} on the check-down"
    seat = hand.actor
    if seat is None:
        raise InvariantBroken(f"nobody to act in the {hand.phase} phase of an unfinished hand")
    phase = hand.phase
    if phase == Phase.SHOWDOWN:
        if rng.random() < 0.4 and hand.can_muck(seat):
            hand.muck(seat)
            return f"seat {seat} mucks"
        hand.show(seat)
        return f"seat {seat} shows"
    if phase == Phase.DRAWING and rng.random() < ILLEGAL_RATE:
        illegal_draw(hand, seat, rng)
    # the game's own moves: the draw's exchange and looks (NM-D-2E), a check-down proposal
    move = variant_for(hand.profile).fuzz_move(hand, seat, rng)
    if move is not None:
        return move
    if phase != Phase.BETTING:
        raise InvariantBroken(f"seat {seat} to act in the {phase} phase")
    legal = hand.legal_actions()
    if legal is None:
        raise InvariantBroken(f"seat {seat} to act but no legal actions")
    options = ["check_or_call", "check_or_call"]
    if legal.can_fold:
        options.append("fold")
    if legal.min_raise_to is not None:
        options.append("raise")
    choice = rng.choice(options)
    if choice == "fold":
        hand.fold(seat)
        return f"seat {seat} folds"
    if choice == "raise":
        lo, hi = legal.min_raise_to, legal.max_raise_to
        assert lo is not None and hi is not None
        amount = rng.choice((lo, hi, rng.randint(lo, hi)))
        hand.bet_or_raise_to(seat, amount)
        return f"seat {seat} raises to {amount}"
    hand.check_or_call(seat)
    return f"seat {seat} checks or calls"


def play_hand(profile: RuleProfile, rng: random.Random) -> tuple[int, int]:
    """Deal and play one hand to its end, checking as it goes; returns the
    legal moves played and the illegal ones refused.  Raises on a failure."""
    hand, chips = deal(profile, rng)
    check_chips(hand, chips, "the deal")
    actions = refusals = 0
    while not hand.is_complete:
        if actions >= MAX_STEPS:
            raise InvariantBroken(f"no end after {MAX_STEPS} moves")
        if rng.random() < ILLEGAL_RATE:
            illegal_move(hand, rng)
            refusals += 1
        done = legal_move(hand, rng)
        actions += 1
        check_chips(hand, chips, done)
    illegal_move(hand, rng)  # nothing happens after the end (a HandFinished or out of turn)
    refusals += 1
    check_replay(hand)
    return actions, refusals


# ---------------------------------------------------------------- a run


def fuzz_hands(
    hands: int,
    seed: int,
    *,
    start: int = 0,
    progress: Callable[[int, FuzzResult], None] | None = None,
    keep: int = 20,
) -> FuzzResult:
    """Play hands ``start`` to ``start + hands - 1`` of run ``seed``;
    ``progress(done, result)`` is called every few hundred hands."""
    profiles = [load_profile(name) for name in PROFILES]
    result = FuzzResult(seed=seed, hands={p.game: 0 for p in profiles})
    began = time.perf_counter()
    for done, k in enumerate(range(start, start + hands)):
        profile = profiles[k % len(profiles)]
        try:
            actions, refusals = play_hand(profile, random.Random(hand_seed(seed, k)))
        except Exception as error:  # any exception is a finding, reported with its seed
            result.failed += 1
            if len(result.failures) < keep:
                where = traceback.extract_tb(error.__traceback__)[-1]
                message = f"{type(error).__name__}: {error} (at {where.filename}:{where.lineno})"
                result.failures.append(Failure(seed, k, profile.name, message))
        else:
            result.actions += actions
            result.refusals += refusals
        result.hands[variant_for(profile).game] += 1
        if progress is not None and done % 500 == 0:
            result.seconds = time.perf_counter() - began
            progress(done, result)
    result.seconds = time.perf_counter() - began
    if progress is not None:
        progress(hands, result)
    return result


def merge(into: FuzzResult, part: FuzzResult, keep: int = 20) -> None:
    """Add a run of later hands (of the same seed) to ``into``."""
    for game, count in part.hands.items():
        into.hands[game] = into.hands.get(game, 0) + count
    into.actions += part.actions
    into.refusals += part.refusals
    into.failed += part.failed
    into.failures.extend(part.failures[: max(0, keep - len(into.failures))])


def _chunk(args: tuple[int, int, int]) -> FuzzResult:
    hands, seed, start = args
    return fuzz_hands(hands, seed, start=start)


def fuzz_in_chunks(
    hands: int,
    seed: int,
    *,
    start: int = 0,
    workers: int = 1,
    chunk: int = 1_000,
    done: Callable[[FuzzResult], None] | None = None,
) -> FuzzResult:
    """:func:`fuzz_hands` over ``workers`` processes, ``chunk`` hands at a
    time; ``done(total so far)`` after every chunk.  The hands and so the
    findings are the same for any number of workers."""
    parts = [(min(chunk, hands - i), seed, start + i) for i in range(0, hands, chunk)]
    total = FuzzResult(seed=seed, hands={load_profile(name).game: 0 for name in PROFILES})
    began = time.perf_counter()

    def add(part: FuzzResult) -> None:
        merge(total, part)
        total.seconds = time.perf_counter() - began
        if done is not None:
            done(total)

    if workers <= 1:
        for args in parts:
            add(_chunk(args))
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as pool:
            for part in pool.map(_chunk, parts):  # in order: the first failures first
                add(part)
    total.seconds = time.perf_counter() - began
    return total


__all__ = [
    "PROFILES",
    "Failure",
    "FuzzResult",
    "InvariantBroken",
    "check_chips",
    "check_replay",
    "deal",
    "fuzz_hands",
    "fuzz_in_chunks",
    "hand_seed",
    "merge",
    "play_hand",
]
