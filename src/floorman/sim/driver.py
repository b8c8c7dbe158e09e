"""One table's deal / act / end loop, shared by the running service and
``floorman simulate``.

The driver is pure: time (``now``) and randomness (``randbelow``, the deck,
the bots' generator) are arguments, nothing waits and nothing is stored or
sent.  Each call makes at most one change and says what it did; the caller
decides how long to wait before the next one (the service: real time, bot
delays, the action clock, broadcasting; the simulator: not at all).

What a step does, in the order the rules want it:

- the tournament stopped: nothing (``stopped``);
- the director's pause: the action clock keeps the time it had left
  (``paused``, NM-D-1G, OQ-03);
- the hand of a player disqualified during it is killed once betting is open
  (``changed``, NM-D-1G, OQ-03); a dead draw hand draws nothing;
- bots answer a check-down proposal (NM-H-13);
- a bot to act: the caller may let it think, then :meth:`TableDriver.bot_acts`;
- an absent player due to act is deemed checked or folded at once
  (DE-ABSENT-3/4, OQ-45);
- a person to act: the action clock starts (``clock``), and once it has run
  out :meth:`TableDriver.time_out` checks or folds (DE-TIME-4, OQ-63); after
  ``timeouts_before_absent`` time-outs in a row he is marked absent (OQ-45).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from floorman.bots import Bot, situation
from floorman.engine.actions import Action, apply_action
from floorman.engine.cards import Card, RandBelow
from floorman.engine.common import BETTING, DRAWING
from floorman.engine.variants import variant_of
from floorman.tournament.core import Tournament
from floorman.tournament.hands import Hand, hand_for, result_of
from floorman.tournament.state import HandSpec

StepKind = Literal["stopped", "paused", "changed", "bot", "clock", "wait", "complete"]


@dataclass
class DrivenTable:
    """What the driver keeps of one table between steps."""

    number: int
    hand: Hand | None = None
    hand_id: str | None = None
    deadline: float | None = None  # action clock of the player to act
    remaining: float | None = None  # its time left, held while paused (NM-D-1G, OQ-03)
    #: when the action clock ran out and the time bank began (None: not in it)
    bank_from: float | None = None
    bank_elapsed: float | None = None  # bank time used when paused, held like ``remaining``
    #: a seated player called the clock on the player to act (DE-TIME-2,
    #: OQ-63): his deadline is the clock's, no time bank follows it
    clock_called: bool = False
    last_result: dict[str, Any] | None = None


@dataclass(frozen=True)
class Step:
    """What one step did.  ``changed``: the hand or the tournament moved
    (store and tell); ``clock``: the action clock started (tell);
    ``bot``/``wait``: ``seat`` is to act (a bot / a person by
    ``table.deadline``); ``complete``: the hand needs no more actions."""

    kind: StepKind
    seat: int | None = None


class TableDriver:
    """Plays the hands of a tournament's tables.

    ``bots`` maps players to their bots (looked up at every step, so bots
    registered later count); ``timeouts`` counts each player's time-outs in a
    row (the caller resets it when he acts)."""

    def __init__(
        self,
        tournament: Tournament,
        bots: Mapping[str, Bot],
        *,
        rng: random.Random,
        randbelow: RandBelow,
        deck: Callable[[], Sequence[Card]],
        action_seconds: Callable[[], float] | float = 30.0,
        timeouts_before_absent: int = 2,
        timeouts: MutableMapping[str, int] | None = None,
    ) -> None:
        self.tournament = tournament
        self.bots = bots
        self.rng = rng
        self.randbelow = randbelow
        self.deck = deck
        self._action_seconds = action_seconds
        self.timeouts_before_absent = timeouts_before_absent
        self.timeouts: MutableMapping[str, int] = {} if timeouts is None else timeouts

    @property
    def action_seconds(self) -> float:
        seconds = self._action_seconds
        return float(seconds() if callable(seconds) else seconds)

    # ------------------------------------------------------------ between hands

    def can_play(self, number: int) -> bool:
        """The tournament runs and two players at the table have chips."""
        t = self.tournament
        state = t.tables.get(number)
        return (
            t.status == "running"
            and state is not None
            and sum(1 for p in state.seats.values() if t.players[p].chips > 0) >= 2
        )

    def may_deal(self, number: int) -> bool:
        """A new hand may be dealt now: online (live events play with real
        cards), not paused, not a break, no hand running, not waiting for
        the other tables under hand-for-hand (OQ-71)."""
        t = self.tournament
        state = t.tables.get(number)
        level = t.current_level
        return (
            t.mode == "online"
            and t.clock.paused_at is None
            and level is not None
            and not level.is_break
            and state is not None
            and not state.in_hand
            and self.can_play(number)
            and t.hand_for_hand_wait(number) is None
        )

    def hand_open(self, table: DrivenTable) -> bool:
        """The core still counts the table's hand as running."""
        state = self.tournament.tables.get(table.number)
        return state is not None and state.in_hand

    def deal(self, table: DrivenTable) -> HandSpec:
        """The next hand, dealt even when every hand is dead: blinded down
        (DE-DEAL-3, OQ-45).  Raises TournamentError when the core refuses."""
        spec = self.tournament.begin_hand(table.number, self.randbelow)
        table.hand = hand_for(self.tournament.profile, spec, self.deck())
        table.hand_id = spec.hand_id
        table.last_result = None
        return spec

    def finish(self, table: DrivenTable, now: float) -> dict[str, int]:
        """The hand is over: its stacks (and a carried pot) go back to the
        tournament, which settles eliminations, corrections, moves."""
        hand = table.hand
        assert hand is not None and hand.is_complete
        stacks, carried = result_of(hand)
        self.tournament.end_hand(table.number, stacks, self.randbelow, carried_pot=carried, at=now)
        table.last_result = {"hand_id": table.hand_id, "stacks": stacks}
        return stacks

    # ------------------------------------------------------------ during a hand

    def step(self, table: DrivenTable, now: float) -> Step:
        """One step of the hand at ``table`` (see the module's docstring)."""
        hand = table.hand
        if hand is None or hand.is_complete:
            return Step("complete")
        t = self.tournament
        if t.status != "running":
            return Step("stopped")
        if t.hands_held:
            self.hold_clock(table)  # it stops where it stood (NM-D-1G, OQ-03)
            return Step("paused")
        self.release_clock(table, now)
        if self.kill_disqualified(table):
            return Step("changed")
        if self.bots_vote(hand):
            return Step("changed")
        seat = hand.actor
        if seat is None:
            return Step("complete")
        player = hand.players[hand.position[seat]]
        if player in self.bots:
            return Step("bot", seat)
        if hand.phase == DRAWING and t.disqualification_pending(player):
            # a dead hand draws nothing (the time-out policy: stands pat);
            # it is killed when betting opens
            variant_of(hand).time_out(hand, seat)
            return Step("changed", seat)
        state = t.players.get(player)
        if state is not None and state.absent and hand.phase == BETTING:
            # Away when due to act: deemed checked or folded at once
            # (DE-ABSENT-3/4, OQ-45), no clock to wait out.
            hand.act_absent(seat)
            table.deadline = None
            return Step("changed", seat)
        if self.start_clock(table, now):
            return Step("clock", seat)
        return Step("wait", seat)

    def start_clock(self, table: DrivenTable, now: float) -> bool:
        """The action clock of the person to act starts, if it is not
        running yet (DE-TIME-2, OQ-42).  Called by :meth:`step`, and right
        after an action, so the frame showing the action shows the next
        player's clock too (one frame to every viewer, not two)."""
        hand = table.hand
        t = self.tournament
        if (
            hand is None
            or hand.is_complete
            or hand.actor is None
            or table.deadline is not None
            or t.status != "running"
            or t.hands_held
        ):
            return False
        player = hand.players[hand.position[hand.actor]]
        state = t.players.get(player)
        if (
            player in self.bots
            or (state is not None and state.absent and hand.phase == BETTING)
            or (hand.phase == DRAWING and t.disqualification_pending(player))
        ):
            return False  # no clock: a bot decides, the absent and the dead act at once
        table.deadline = now + self.action_seconds
        table.bank_from = None
        table.clock_called = False
        return True

    def bot_acts(self, table: DrivenTable, seat: int) -> bool:
        """The bot at ``seat`` decides and acts, if it is still his turn and
        the tournament is not paused; False: nothing happened."""
        hand = table.hand
        if hand is None or hand.is_complete or hand.actor != seat or self.tournament.hands_held:
            return False
        bot = self.bots[hand.players[hand.position[seat]]]
        self.act(table, seat, bot.decide(situation(hand, seat), self.rng))
        return True

    def act(self, table: DrivenTable, seat: int, action: Action) -> None:
        hand = table.hand
        assert hand is not None
        apply_action(hand, seat, action)
        table.deadline = None
        table.clock_called = False

    def clock_ran_out(self, table: DrivenTable, seat: int, now: float) -> bool:
        """Has ``seat``'s time run out?  When the action clock ends, the
        player's time bank, if any is left, begins: the deadline moves by
        all of it, and what he uses comes off when he acts (DE-TIME-1,
        OQ-63: the clock is the base)."""
        hand = table.hand
        ran_out = (
            hand is not None
            and not hand.is_complete
            and hand.actor == seat
            and table.deadline is not None  # None: paused or acted meanwhile
            and not self.tournament.hands_held
            and now >= table.deadline
        )
        if not ran_out or table.bank_from is not None or table.clock_called:
            return ran_out
        assert hand is not None and table.deadline is not None
        left = self.tournament.time_bank_left(hand.players[hand.position[seat]])
        if left <= 0:
            return True
        table.bank_from = table.deadline
        table.deadline += left
        return now >= table.deadline

    def turn_taken(
        self, table: DrivenTable, seat: int, now: float, *, keep_clock: bool = False
    ) -> None:
        """``seat`` acted, or the clock was called on him (``keep_clock``):
        the time bank he used, in whole seconds begun, comes off (DE-TIME-1,
        OQ-63), and his clock stops unless it goes on as the called one."""
        hand = table.hand
        if table.bank_from is not None and hand is not None:
            player = hand.players[hand.position[seat]]
            left = self.tournament.time_bank_left(player)
            used = min(left, max(1, math.ceil(now - table.bank_from)))
            if used > 0:
                self.tournament.use_time_bank(player, used)
        if not keep_clock:
            table.deadline = None
            table.clock_called = False
        table.bank_from = None

    def time_out(self, table: DrivenTable, seat: int) -> None:
        """The action clock ran out: a check or a fold (DE-TIME-4, OQ-63), a
        pat draw, a look first in the unseen round (NM-D-2E)."""
        hand = table.hand
        assert hand is not None
        player = hand.players[hand.position[seat]]
        if table.bank_from is not None:  # the whole bank is gone (DE-TIME-1, OQ-63)
            left = self.tournament.time_bank_left(player)
            if left > 0:
                self.tournament.use_time_bank(player, left)
            table.bank_from = None
        variant_of(hand).time_out(hand, seat)  # the game's time-out policy
        table.deadline = None
        table.clock_called = False
        self.tournament.timed_out(player)  # for the ruling log (DE-TIME-4, OQ-63)
        self.timeouts[player] = self.timeouts.get(player, 0) + 1
        if self.timeouts[player] >= self.timeouts_before_absent:
            state = self.tournament.players.get(player)
            if state is not None and not state.absent:
                self.tournament.set_absent(player, True, reason="timeouts")

    def hold_clock(self, table: DrivenTable) -> None:
        """Paused: the action clock keeps the time it had left when the
        director paused (NM-D-1G, OQ-03)."""
        paused_at = self.tournament.clock.paused_at if self.tournament.hands_held else None
        if table.deadline is not None and paused_at is not None:
            table.remaining = max(0.0, table.deadline - paused_at)
            table.deadline = None
            if table.bank_from is not None:
                table.bank_elapsed = max(0.0, paused_at - table.bank_from)
                table.bank_from = None

    def release_clock(self, table: DrivenTable, at: float) -> None:
        """Resumed: the clock goes on from where it stood."""
        if table.remaining is not None:
            table.deadline = at + table.remaining
            table.remaining = None
            if table.bank_elapsed is not None:
                table.bank_from = at - table.bank_elapsed
                table.bank_elapsed = None

    def kill_disqualified(self, table: DrivenTable) -> bool:
        """Kill the hands of players disqualified during this hand while
        betting is open (NM-D-1G, OQ-03); what they put in stays in the pot."""
        hand = table.hand
        killed = False
        at = self.tournament.tables.get(table.number) if hand is not None else None
        if at is None or not at.pending:
            return False  # no correction waits at this table: nobody to kill
        while hand is not None and not hand.is_complete and hand.phase == BETTING:
            seat = next(
                (
                    s
                    for i, (s, p) in enumerate(zip(hand.seats, hand.players, strict=True))
                    if not hand.folded[i] and self.tournament.disqualification_pending(p)
                ),
                None,
            )
            if seat is None:
                break
            if hand.actor == seat:
                table.deadline = table.remaining = None
            hand.kill(seat)
            killed = True
        return killed

    def bots_vote(self, hand: Hand) -> bool:
        """Bots answer a check-down proposal (NM-H-13): they agree when they
        would not bet themselves.  True: some bot voted."""
        voted = False
        variant = variant_of(hand)
        for seat in variant.pending_voters(hand):
            bot = self.bots.get(hand.players[hand.position[seat]])
            if bot is None or seat not in variant.pending_voters(hand):
                continue
            legal = hand.legal_actions()
            wants_to_bet = False
            if legal is not None and legal.seat == seat:
                choice = bot.decide(situation(hand, seat), self.rng)
                wants_to_bet = choice.kind in ("bet", "raise")
            apply_action(hand, seat, Action("vote_checkdown", agree=not wants_to_bet))
            voted = True
        return voted

    def play_bots_only(self, table: DrivenTable, now: float) -> None:
        """Play the hand to its end when every seat is a bot (nobody waits)."""
        while (step := self.step(table, now)).kind != "complete":
            if step.kind == "bot":
                assert step.seat is not None
                self.bot_acts(table, step.seat)
            elif step.kind != "changed":
                hand = table.hand
                raise AssertionError(f"hand stuck in {hand.phase if hand else None}: {step}")


__all__ = ["DrivenTable", "Step", "TableDriver"]
