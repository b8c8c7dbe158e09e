"""The betting core shared by the hold'em and draw hands.

It keeps the chips (stacks, this round's bets, each position's total in the
pot), whose turn it is, the limits of the next bet or raise, and applies the
betting events.  Each action has a ``can_…``/``verify_…``/``…`` triad: the
verify step checks everything and raises a :class:`RuleViolation` naming the
seat, the amounts and the clause; only then is an event made and applied.

Positions are indices 0..n-1 clockwise from the first seat left of the
button; events and errors speak of table seats.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from operator import add
from typing import Any, ClassVar, NamedTuple, Self

from floorman.engine.awarding import AwardingMixin
from floorman.engine.cards import Card
from floorman.engine.clauses import clauses_for
from floorman.engine.common import (
    BETTING,
    COMPLETE,
    POSTING,
    CommonMixin,
)
from floorman.engine.common import Phase as Phase  # re-exported: the games import it from here
from floorman.engine.errors import (
    ActionNotAllowed,
    AmountOutOfRange,
    HandFinished,
    OutOfTurn,
    ProfileError,
    RuleViolation,
)
from floorman.engine.events import (
    BetOrRaised,
    BetsCollected,
    Called,
    Checked,
    Event,
    Folded,
    HandStarted,
    PotAwarded,
    new_called,
    new_checked,
    new_collected,
    new_folded,
    new_raised,
)
from floorman.engine.floor import FloorMixin
from floorman.engine.hand_fields import BETTING_FIELDS
from floorman.engine.limits import POT_LIMITS, limit_is_stack, limit_max
from floorman.engine.profile import RuleProfile
from floorman.engine.seat_view import (
    BetLimit,
    GameFields,
    PlayerView,
    SeatView,
    build_seat_view,
    profile_bet_limit,
)
from floorman.engine.seating import AFTER, AROUND


class LegalActions(NamedTuple):
    """What the seat to act may do now."""

    seat: int
    can_fold: bool
    can_check: bool
    call_amount: int  # 0 when checking is possible; all-in call may be less than owed
    min_raise_to: int | None  # None: no bet or raise is open
    max_raise_to: int | None
    is_bet: bool  # True when no bet has been made in the round (a bet, not a raise)
    must_look: bool = False  # draw: look before calling or raising (NM-D-2E s4)


class BotFields(NamedTuple):
    """The game's part of what an in-process bot reads of its own seat:
    exactly what its seat view says (``bots.base.situation``)."""

    cards: tuple[Card, ...]  # the cards of his own he can see
    hidden_cards: int  # drawn cards not looked at (NM-D-2E)
    board: tuple[Card, ...]
    round: str
    can_look: bool
    is_high_bidder: bool
    must_look: bool
    max_draw: int


_NONE: frozenset[int] = frozenset()
_ZEROS = [(0,) * n for n in range(11)]  # a round's bets once collected, by table size
_new_legal = tuple.__new__  # LegalActions without the namedtuple's Python-level __new__


class BettingHand(CommonMixin, AwardingMixin, FloorMixin, ABC):
    """State and rules common to every betting game floorman deals."""

    # Slots, not an instance dict: a hand has more fields than a dict shares
    # keys for (30), and without slots no method call on it is specialised.
    __slots__ = BETTING_FIELDS

    profile: RuleProfile
    events: list[Event]
    used: set[int]
    burned: list[Card]
    hole_card_count = 0  # how many cards each player is dealt
    #: everyone checked and the pot goes to the next deal (the draw's OQ-10)
    check_pot = False
    has_unseen_cards = False  # only the draw deals cards a player may not have seen
    has_extra_rules = False  # the draw adds the unseen rules to raising

    game = ""

    @classmethod
    def replay(cls, events: Iterable[Event]) -> Self:
        """The hand rebuilt from its log alone: a fold over the events."""
        iterator = iter(events)
        first = next(iterator)
        if not isinstance(first, HandStarted) or first.game != cls.game:
            raise ProfileError(f"a {cls.game} hand log must begin with its HandStarted")
        hand = cls(first)  # type: ignore[call-arg]
        hand.extend(iterator)
        return hand

    def extend(self, events: Iterable[Event]) -> None:
        """Fold events recorded elsewhere onto this hand (a replay, or a
        replica following the process that deals it).  They are not
        checked again: they were when they were made."""
        for event in events:
            self.events.append(event)
            self._apply(event)

    def _begin_from(self, started: HandStarted) -> None:
        """The state every hand starts from: its first event, the seats and
        chips, the level, the deck to deal from and the dead hands."""
        self.events = [started]
        self.started = started
        self._init_table(
            started.profile, started.seats, started.players, started.stacks, started.min_bet
        )
        self.ante_unit = started.ante_unit
        self.button = started.button
        self.deck = started.deck
        self.deck_position = 0
        self.dead = frozenset([self.position[s] for s in started.dead]) if started.dead else _NONE
        self.auto_showdown = started.auto_showdown
        self.carried_pot = started.carried_pot
        self.showdown_queue: deque[int] = deque()
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.mucked: set[int] = set()
        self.round_openers: list[int] = []
        self.revealed: dict[int, tuple[Card, ...]] = {}  # shown to all of his own will
        self.declared_dead: set[int] = set()
        self.voided = False
        self.is_complete = False  # a field, not a property: play loops ask it at every step
        self._pots_cache: list[tuple[int, ...]] | None = None
        self._reset_cards()

    @abstractmethod
    def _reset_cards(self) -> None:
        """No card dealt yet (at the start and after a misdeal)."""

    # ----------------------------------------------------------------- views

    def seat_view(self, seat: int | None = None, *, display: bool = True) -> SeatView:
        """What ``seat`` may see (None: a spectator), typed: see
        :mod:`floorman.engine.seat_view`.  Built on demand, never while
        applying events.  ``display=False`` leaves out what only a screen
        shows (the pot lines and the suggested bet sizes), for in-process
        bots, which read one view at every decision."""
        return build_seat_view(self, seat, display=display)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The seat view as plain data (the websocket frame's ``hand``)."""
        return self.seat_view(seat).to_json()

    @abstractmethod
    def _seat_player(self, i: int, mine: int | None) -> PlayerView:
        """Position ``i`` as the viewer at position ``mine`` may see it."""

    @abstractmethod
    def _view_fields(self, seat: int | None, mine: int | None) -> GameFields:
        """The game's round, board, hints and own part of the seat view."""

    def limit_clause(self) -> str:
        """The clause a bet over the limit is refused by: the profile's (a
        game with a limit of its own cites its own)."""
        return self.rulings.get("half_pot", self.rulings["no_limit"])

    def bet_limit_view(self) -> BetLimit:
        """The betting structure as the seat view names it: the profile's
        (a game with a limit of its own names it here)."""
        return profile_bet_limit(self)

    #: the log line of a pot carried in from the previous deal (the hand log)
    log_carried_in = "carried_in"

    @abstractmethod
    def _log_round(self) -> str | None:
        """The round the hand log files an event under (the seat view's
        ``round``), None before the first."""

    def _public_draw_count(self, i: int) -> int | None:
        """How many cards position ``i`` exchanged, where anyone may know it
        (the hand log's draw lines); a game without a draw has none."""
        return None

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The whole state as data (every card included), to compare a live
        hand with its replay."""

    @property
    def vote_open(self) -> bool:
        """Whether a vote among the players is open (hold'em's check-down,
        NM-H-13); none in a game without one."""
        return False

    @abstractmethod
    def bot_fields(self, i: int) -> BotFields:
        """The game's part of an in-process bot's situation at position
        ``i``: what its seat view says, read without building the view."""

    @property
    @abstractmethod
    def bet_unit(self) -> int:
        """The unit bets are counted in: the big blind, or the ante."""

    def _player_view(self, i: int) -> tuple[int, str, int, int, int, bool, bool, bool, bool]:
        """What anyone may see of position ``i``, chips and status: the first
        fields of :class:`PlayerView` in order (seat, player, stack, bet,
        in_pot, folded, all_in, mucked, dead), positional because a bot
        builds a view at every decision."""
        folded = self.folded[i]
        stack = self.stacks[i]
        bet = self.bets[i]
        return (
            self.seats[i],
            self.players[i],
            stack,
            bet,
            self.total[i] + bet,
            folded,
            not folded and not stack and self.phase != COMPLETE,
            i in self._mucked_positions(),
            i in self.dead,
        )

    def _mucked_positions(self) -> set[int]:
        return self.mucked

    def _init_table(
        self,
        profile: RuleProfile,
        seats: Sequence[int],
        players: Sequence[str],
        stacks: Sequence[int],
        min_bet: int,
    ) -> None:
        self.profile = profile
        self.rulings = clauses_for(profile)
        # the bet limit is the all-in, read without a call on every decision
        own_limit = type(self).max_raise_to is not BettingHand.max_raise_to
        self.limit_is_stack = not own_limit and limit_is_stack(profile)
        self.seats = tuple(seats)
        self.players = tuple(players)
        self.n = len(seats)
        self.position = dict(zip(seats, range(self.n), strict=True))
        self.starting_stacks = tuple(stacks)
        self.stacks = list(stacks)
        self.bets = [0] * self.n
        self.total = [0] * self.n
        self.folded = [False] * self.n
        self.min_bet = min_bet
        self.carried_pot = 0
        self.misdeals = 0
        self.ante_unit = 1
        self.button = 0
        self.phase = POSTING
        self.street = 0
        # betting round
        self.to_act: deque[int] = deque()
        self.max_bet = 0
        self.full_increment = 0
        self.full_level = 0
        self.acted_level: list[int | None] = [None] * self.n
        self.aggressor: int | None = None
        self.round_first: int | None = None
        self.round_aggressors: list[int | None] = []
        # results
        self.awards: list[PotAwarded] = []
        self.final_stacks: tuple[int, ...] | None = None

    # ----------------------------------------------------------------- queries

    def seat_of(self, position: int) -> int:
        return self.seats[position]

    def _position(self, seat: int) -> int:
        try:
            return self.position[seat]
        except KeyError:
            raise ActionNotAllowed(
                "seat {seat} is not dealt in this hand",
                clause=self.rulings["turn"],
                seat=seat,
                values={"seat": seat},
            ) from None

    @property
    def pot_total(self) -> int:
        """Every chip in the middle: collected pots, this round's bets, and a
        carried check-pot."""
        return self.carried_pot + sum(self.total) + sum(self.bets)

    def live_positions(self) -> list[int]:
        return [i for i in range(self.n) if not self.folded[i]]

    def _can_raise_reason(self, i: int) -> tuple[str, str] | None:
        """Why position ``i`` may not bet or raise now, or None if it may."""
        bets, stacks, folded = self.bets, self.stacks, self.folded
        max_bet = self.max_bet
        if stacks[i] <= max_bet - bets[i]:
            return ("your chips do not cover more than a call", self.rulings["covered"])
        for j in AFTER[self.n][i]:
            if not folded[j] and stacks[j] + bets[j] > max_bet:
                break
        else:
            return (
                "no other player has chips left to call a raise",
                self.rulings["nobody_to_call"],
            )
        level = self.acted_level[i]
        if level is not None:
            if self.profile.short_all_ins_add_up:
                reopened = max_bet - level >= self._full_raise_threshold()
            else:
                reopened = self.full_level > level
            if not reopened:
                return (
                    "you have acted and only a short all-in has raised since,"
                    " which does not reopen the betting",
                    self.rulings["short_all_in"],
                )
        return self._extra_raise_block(i) if self.has_extra_rules else None

    def _full_raise_threshold(self) -> int:
        """The raise increment that counts as a full raise (reopens betting):
        the last full bet or raise, at least the minimum bet, which the big
        blind is pre-flop (OQ-32, DE-RAISE-6, NM-H-15).  The PokerKit switch
        measures from the round's first wager instead, whatever its size."""
        increment = self.full_increment
        if self.profile.first_wager_is_full or increment > self.min_bet:
            return increment
        return self.min_bet

    def _extra_raise_block(self, i: int) -> tuple[str, str] | None:
        """Game-specific reasons a raise is closed (draw: the unseen rules)."""
        return None

    def must_look(self, i: int) -> bool:
        """Whether position ``i`` must look at drawn cards before calling or
        raising (only the draw has unseen cards)."""
        return False

    def min_raise_to(self, i: int) -> int:
        """The smallest legal bet/raise-to before the all-in cap: minimum bet,
        then the last full raise (OQ-31, OQ-12, DE-RAISE-6)."""
        increment = self.full_increment
        return self.max_bet + (increment if increment > self.min_bet else self.min_bet)

    def max_raise_to(self, i: int) -> int:
        """The profile's ``betting`` limit (NM-H-5, NM-D-3A, OQ-48): :func:`limit_max`."""
        profile = self.profile
        return limit_max(
            profile,
            self.ante_unit,
            pot=self.pot_total if profile.betting in POT_LIMITS else 0,
            max_bet=self.max_bet,
            bet=self.bets[i],
            stack=self.stacks[i],
        )

    def legal_actions(self, seat: int | None = None) -> LegalActions | None:
        """The options of the player to act (or of ``seat`` if it is his
        turn): blinds and button too fold, call or raise (NM-H-4, DE-ROUND1-2/3,
        DE-RAISE-1), or check or bet (DE-ROUND2-2); None when nobody is to act."""
        to_act = self.to_act
        if self.phase != BETTING or not to_act:
            return None
        i = to_act[0]
        if seat is not None and self.seats[i] != seat:
            return None
        max_bet = self.max_bet
        bet = self.bets[i]
        stack = self.stacks[i]
        can_check = bet >= max_bet
        lo = hi = None
        if self._can_raise_reason(i) is None:
            hi = cap = stack + bet
            if not self.limit_is_stack:
                hi = self.max_raise_to(i)
                if hi > cap:
                    hi = cap
            increment = self.full_increment
            lo = max_bet + (increment if increment > self.min_bet else self.min_bet)
            if lo > hi:
                lo = hi
        return _new_legal(
            LegalActions,
            (
                self.seats[i],
                (not can_check) or self.profile.fold_when_check_allowed,
                can_check,
                0 if can_check else (max_bet - bet if max_bet - bet < stack else stack),
                lo,
                hi,
                max_bet == 0,
                self.has_unseen_cards and self.must_look(i),
            ),
        )

    # ----------------------------------------------------------------- verify

    def _actor(self, seat: int, action: str) -> int:
        to_act = self.to_act
        if to_act and self.phase == BETTING:
            i = to_act[0]
            if self.seats[i] == seat and not self.has_extra_rules:
                return i  # the common case, with nothing to refuse
        if self.phase == COMPLETE:
            raise HandFinished(
                "the hand is over", clause=self.rulings["turn"], seat=seat, action=action
            )
        if self.phase != BETTING or not self.to_act:
            raise OutOfTurn(
                "no betting action is open now (the hand is in its {phase} phase)",
                clause=self.rulings["turn"],
                seat=seat,
                action=action,
                values={"phase": self.phase},
            )
        i = self.to_act[0]
        if self.seats[i] != seat:
            raise OutOfTurn(
                "it is seat {actor}'s turn, not yours",
                clause=self.rulings["turn"],
                seat=seat,
                action=action,
                allowed="wait for seat {actor}",
                values={"actor": self.seats[i]},
            )
        if self.has_extra_rules:
            self._check_actor_extra(i, action)
        return i

    def _check_actor_extra(self, i: int, action: str) -> None:
        """Game-specific conditions on any action (draw: looking, unseen)."""

    def verify_fold(self, seat: int) -> None:
        i = self._actor(seat, "fold")
        if self.bets[i] >= self.max_bet and not self.profile.fold_when_check_allowed:
            raise ActionNotAllowed(
                "you may check; folding is not allowed when no bet faces you",
                clause=self.rulings["fold"],
                seat=seat,
                action="fold",
            )

    def verify_check(self, seat: int) -> None:
        i = self._actor(seat, "check")
        if self.bets[i] < self.max_bet:
            raise ActionNotAllowed(
                "you face a bet of {amount} more and cannot check",
                clause=self.rulings["check"],
                seat=seat,
                action="check",
                allowed="fold, call or raise",
                values={"amount": self.max_bet - self.bets[i]},
            )

    def verify_call(self, seat: int) -> None:
        i = self._actor(seat, "call")
        if self.bets[i] >= self.max_bet:
            raise ActionNotAllowed(
                "there is no bet to call; check instead",
                clause=self.rulings["call"],
                seat=seat,
                action="call",
                allowed="check or bet",
            )

    # ``amount: object``: anything reaches here from outside (JSON, bots), and
    # what is not a whole number is refused here with its clause, not a TypeError.
    def verify_bet_or_raise_to(self, seat: int, amount: object) -> None:
        i = self._actor(seat, "raise")
        word = "bet" if self.max_bet == 0 else "raise"
        if type(amount) is not int and (isinstance(amount, bool) or not isinstance(amount, int)):
            raise AmountOutOfRange(
                "a {action} must be a whole number of chips, not {amount}",
                clause=self.rulings["min_bet"],
                seat=seat,
                action=word,
                attempted=amount,
                values={"action": word, "amount": repr(amount)},
            )
        blocked = self._can_raise_reason(i)
        if blocked is not None:
            raise ActionNotAllowed(
                "you may not {action}: {why}",
                clause=blocked[1],
                seat=seat,
                action=word,
                attempted=amount,
                allowed="fold or call" if self.bets[i] < self.max_bet else "check",
                values={"action": word, "why": blocked[0]},
            )
        cap = self.stacks[i] + self.bets[i]
        hi = cap if self.limit_is_stack else min(self.max_raise_to(i), cap)
        lo = min(self.min_raise_to(i), hi)
        if lo <= amount <= hi:
            return
        values: dict[str, int | str] = {"action": word, "amount": amount}
        if amount < lo:
            values["minimum"] = lo
            if self.max_bet == 0:
                why = "{action} to {amount}: a bet must be at least {minimum}"
                clause = self.rulings["min_bet"]
            else:
                why = (
                    "{action} to {amount}: a raise must be to at least {minimum}"
                    " (the bet of {bet} plus the last full raise of {increment})"
                )
                clause = self.rulings["min_raise"]
                values["bet"] = self.max_bet
                values["increment"] = max(self.full_increment, self.min_bet)
            raise AmountOutOfRange(
                why,
                clause=clause,
                seat=seat,
                action=word,
                attempted=amount,
                allowed=(lo, hi),
                values=values,
            )
        if amount > hi:
            if hi < cap:
                clause = self.limit_clause()
                why = "{action} to {amount}: the limit allows at most {maximum}"
                values["maximum"] = hi
            else:
                clause = self.rulings["covered"]
                why = "{action} to {amount}: you have only {stack} in all"
                values["stack"] = cap
            raise AmountOutOfRange(
                why,
                clause=clause,
                seat=seat,
                action=word,
                attempted=amount,
                allowed=(lo, hi),
                values=values,
            )

    def _can(self, verify: Callable[..., None], *args: Any) -> bool:
        try:
            verify(*args)
        except RuleViolation:
            return False
        return True

    def can_fold(self, seat: int) -> bool:
        return self._can(self.verify_fold, seat)

    def can_check(self, seat: int) -> bool:
        return self._can(self.verify_check, seat)

    def can_call(self, seat: int) -> bool:
        return self._can(self.verify_call, seat)

    def can_bet_or_raise_to(self, seat: int, amount: int) -> bool:
        return self._can(self.verify_bet_or_raise_to, seat, amount)

    # ----------------------------------------------------------------- actions

    def fold(self, seat: int) -> Folded:
        self.verify_fold(seat)
        event = new_folded(seat, "")
        self._act(event)
        return event

    def check(self, seat: int) -> Checked:
        self.verify_check(seat)
        event = new_checked(seat, "")
        self._act(event)
        return event

    def call(self, seat: int) -> Called:
        self.verify_call(seat)
        i = self.position[seat]
        event = new_called(seat, min(self.max_bet - self.bets[i], self.stacks[i]))
        self._act(event)
        return event

    def bet_or_raise_to(self, seat: int, amount: object) -> BetOrRaised:
        self.verify_bet_or_raise_to(seat, amount)
        assert isinstance(amount, int)  # verified
        event = new_raised(seat, amount)
        self._act(event)
        return event

    def check_or_call(self, seat: int) -> Checked | Called:
        """Check when nothing is owed, else call (all-in if short): the one
        passive action, verified once (the turn is all it needs)."""
        i = self._actor(seat, "check or call")
        owed = self.max_bet - self.bets[i]
        event: Checked | Called
        if owed <= 0:
            event = new_checked(seat, "")
        else:
            stack = self.stacks[i]
            event = new_called(seat, owed if owed < stack else stack)
        self._act(event)
        return event

    def time_out(self, seat: int) -> Checked | Folded:
        """The clock ran out (time comes from outside the engine): check if
        possible, otherwise fold (DE-TIME-4, OQ-63, OQ-42)."""
        return self._auto_act(seat, "timeout")

    def act_absent(self, seat: int) -> Checked | Folded:
        """The player is away when due to act: deemed checked if he could
        check, else folded (DE-ABSENT-3, DE-ABSENT-4, OQ-45)."""
        return self._auto_act(seat, "absent")

    def kill(self, seat: int) -> None:
        """The floor kills a hand out of turn while betting is open (a
        disqualification, NM-D-1C/1D/1E, NM-D-1G): what he put in stays in the pot."""
        if self.phase != BETTING or self.folded[self._position(seat)]:
            raise OutOfTurn(
                "no hand to kill in the {phase} phase",
                clause=self.rulings["floor"],
                values={"phase": self.phase},
            )
        self._act(Folded(seat=seat, reason="disqualified"))

    def _auto_act(self, seat: int, reason: str) -> Checked | Folded:
        i = self._actor(seat, reason)
        event: Checked | Folded
        if self.bets[i] >= self.max_bet:
            event = Checked(seat=seat, reason=reason)
        else:
            event = Folded(seat=seat, reason=reason)
        self._act(event)
        return event

    def _act(self, event: Event) -> None:
        self.events.append(event)
        self.appliers[type(event)](self, event)
        if not self.to_act or self.phase != BETTING:  # else a player is to act: nothing runs
            self._advance()

    # ----------------------------------------------------------------- events

    #: How each event type changes the state; each game fills in its own.
    appliers: ClassVar[dict[type, Callable[[Any, Any], None]]] = {}

    def _emit(self, event: Event) -> None:
        self.events.append(event)
        self.appliers[type(event)](self, event)

    def _apply(self, event: Event) -> None:
        self.appliers[type(event)](self, event)

    @abstractmethod
    def _advance(self) -> None:
        """Run the steps nobody decides (each game has its own); nothing
        while a player is to act in a betting round (``_act`` relies on it)."""

    def _start_round(self, first: int, call_at: int = 0) -> None:
        """Open a betting round with ``first`` to act (bets already posted,
        e.g. blinds, stay in ``self.bets``; a blind is no action, so the big
        blind keeps his option, once, pre-flop: DE-ROUND1-4/5).  ``call_at``:
        what everyone must put in to stay, whatever was posted: the full big
        blind even when its poster was all-in for less (DE-ROUND1-1, OQ-31)."""
        n = self.n
        top_bet = max(self.bets)
        max_bet = self.max_bet = top_bet if top_bet > call_at else call_at
        self.full_level = max_bet
        self.full_increment = 0
        self.acted_level = [None] * n
        self.aggressor = None
        self.round_first = None
        # A player whose bet already covers everything any other player in
        # the hand could put in has nothing to decide (nobody can call a
        # raise, there is nothing to call): he is skipped.
        bets, stacks, folded = self.bets, self.stacks, self.folded
        top = second = -1
        top_at = -1
        for i in range(n):
            if not folded[i]:
                reach = bets[i] + stacks[i]
                if reach > top:
                    top, second, top_at = reach, top, i
                elif reach > second:
                    second = reach
        order: deque[int] = deque()
        for i in AROUND[n][first]:
            if folded[i] or not stacks[i]:
                continue
            # he owes chips (folds or calls, even if nobody can call more:
            # a small blind completes to a short big blind's full blind,
            # DE-ROUND1-1, DE-ROUND1-3, OQ-31), or someone could call his raise
            if bets[i] < max_bet or bets[i] < (second if i == top_at else top):
                order.append(i)
        if order:
            self.round_first = order[0]
        if len(order) == 1 and bets[order[0]] >= max_bet:
            order.clear()
        if folded.count(False) < 2:
            order.clear()
        self.to_act = order
        self.phase = BETTING

    def _apply_fold(self, event: Folded) -> None:
        i = self.position[event.seat]
        self.folded[i] = True
        to_act = self.to_act
        if to_act and to_act[0] == i:
            to_act.popleft()
        elif i in to_act:
            to_act.remove(i)
        if to_act and self.folded.count(False) < 2:
            to_act.clear()  # one player left: the round and the hand are over

    def _apply_check(self, event: Checked) -> None:
        # he acts again on a later bet (DE-CHECK-2); all checked: round over (DE-CHECK-4)
        i = self.to_act.popleft()
        self.acted_level[i] = self.max_bet

    def _apply_call(self, event: Called) -> None:
        i = self.to_act.popleft()
        self.bets[i] += event.amount
        self.stacks[i] -= event.amount
        self.acted_level[i] = self.max_bet

    def _apply_raise(self, event: BetOrRaised) -> None:
        i = self.to_act.popleft()
        to = event.to
        increment = to - self.max_bet
        if increment >= self._full_raise_threshold():
            self.full_increment = increment
            self.full_level = to
        self.stacks[i] -= to - self.bets[i]
        self.bets[i] = to
        self.max_bet = to
        self.acted_level[i] = to
        self.aggressor = i
        folded, stacks = self.folded, self.stacks
        self.to_act = deque([j for j in AFTER[self.n][i] if not folded[j] and stacks[j]])

    def _collect(self) -> BetsCollected:
        """The event that closes a betting round: the uncalled part of the
        largest bet goes back (NM-D-3B, NM-H-6)."""
        bets = self.bets
        top = max(bets)
        returned_seat = None
        returned = 0
        # A folded player forfeits what he put in: a dead big blind's
        # blind stays in the pot (DE-SEATED-3, OQ-45).
        if top and bets.count(top) == 1 and not self.folded[bets.index(top)]:
            second = sorted(bets)[-2] if self.n > 1 else 0  # the largest of the others
            returned = top - second
            returned_seat = self.seats[bets.index(top)]
        return new_collected(self.street, returned_seat if returned else None, returned)

    def _apply_collect(self, event: BetsCollected) -> None:
        if event.returned and event.returned_seat is not None:
            i = self.position[event.returned_seat]
            self.bets[i] -= event.returned
            self.stacks[i] += event.returned
        self.total = list(map(add, self.total, self.bets))
        self.bets[:] = _ZEROS[self.n]
        self.max_bet = 0
        self.round_aggressors.append(self.aggressor)
        self.to_act.clear()
