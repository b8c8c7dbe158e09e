"""The no-limit hold'em hand: one state machine for the NM (NM-H-*) and German
(DE-*) rulebooks, their differences carried by the rule profile.

A hand is its event log.  :meth:`HoldemHand.start` makes the first event and
lets the hand run (posting, dealing, board cards) until a player must act;
each action is verified, recorded and applied; :meth:`HoldemHand.replay`
rebuilds the same state from the log alone.

>>> from floorman.profiles import load_profile
>>> from floorman.engine.cards import deck_starting_with
>>> deck = deck_starting_with("AsKs 7c2d QhQd 8h8s 9c Tc Jc Qc 2h Ac 3h Kc")
>>> hand = HoldemHand.start(load_profile("nm-holdem"), seats=[1, 2, 3], stacks=[100, 100, 100],
...                         button=3, ante_unit=1, deck=deck)
>>> hand.actor, hand.legal_actions().call_amount
(3, 2)
>>> _ = hand.bet_or_raise_to(3, 6); _ = hand.fold(1); _ = hand.call(2)
>>> hand.board, hand.actor
((8s, 9c, Tc), 2)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from floorman.engine.betting import BettingHand, BotFields
from floorman.engine.cards import CARD_TEXT, CARDS, Card
from floorman.engine.common import AWARDING, BETTING, COMPLETE, DEALING, POSTING, SHOWDOWN
from floorman.engine.errors import ActionNotAllowed, BadCards, OutOfTurn, ProfileError
from floorman.engine.events import (
    AntePosted,
    BetOrRaised,
    BetsCollected,
    BlindPosted,
    BoardDealt,
    Burned,
    Called,
    CardsShown,
    CheckdownProposed,
    CheckdownVoted,
    Checked,
    DeclaredDead,
    Event,
    Folded,
    HandEnded,
    HandStarted,
    HandVoided,
    HoleDealt,
    Misdealt,
    Mucked,
    PenaltyPosted,
    PotAwarded,
    Shown,
    new_blind,
    new_board,
    new_burned,
    new_hole,
    new_started,
)
from floorman.engine.holdem_view import HoldemPart as HoldemPart  # the variants import it here
from floorman.engine.profile import RuleProfile, check_forced_bets
from floorman.engine.seat_view import GameFields, PlayerView
from floorman.engine.seating import checked_deck, dead_seats, seat_players
from floorman.engine.showdown import ShowdownMixin


class _Unset(enum.Enum):
    # A typed sentinel, not ``Any = object()``: "not given" stays apart from
    # None (no small blind) and the parameters keep their types.
    UNSET = 0


_UNSET: Final = _Unset.UNSET
# flop; turn (NM-H-9, DE-ROUND2-3); river (NM-H-10, DE-ROUND3-2)
_BOARD_SIZES = (3, 1, 1)
_STREETS = ("preflop", "flop", "turn", "river")


def blind_seats(order: Sequence[int], button: int, profile: RuleProfile) -> tuple[int, int]:
    """Small- and big-blind seats when no seat is dead: the two players left
    of the button (NM-H-2, DE-BLINDS-1); heads-up the button posts the small
    blind (DE-BLINDS-3, OQ-29)."""
    if len(order) == 2 and profile.heads_up_button_posts_small_blind and button in order:
        return order[1], order[0]
    return order[0], order[1]


class HoldemHand(ShowdownMixin, BettingHand):
    """One hold'em hand.  Use :meth:`start` or :meth:`replay`."""

    __slots__ = (
        "antes_are_stakes",
        "board",
        "checkdown_votes",
        "holes",
        "holes_dealt",
        "pending_posts",
        "runout",
        "showdown_done",
    )

    game = "holdem"
    hole_card_count = 2

    # ------------------------------------------------------------- creation

    @classmethod
    def start(
        cls,
        profile: RuleProfile,
        *,
        seats: Sequence[int],
        stacks: Sequence[int],
        button: int,
        players: Sequence[str] | None = None,
        ante_unit: int | None = None,
        small_blind: int | None = None,
        big_blind: int | None = None,
        antes: Sequence[int] | None = None,
        min_bet: int | None = None,
        small_blind_seat: int | _Unset | None = _UNSET,
        big_blind_seat: int | _Unset = _UNSET,
        deck: Sequence[Card] | None = None,
        dead: Iterable[int] = (),
        carried_pot: int = 0,
        hand_id: str = "",
        table: int | None = None,
        auto_showdown: bool = True,
    ) -> HoldemHand:
        """Start a hand and run it to the first decision.

        ``ante_unit`` is the level's ante; the blinds follow from the
        profile (SB = 1, BB = 2 antes: NM-H-2, OQ-28) unless given; given
        amounts that break a profile with ``forced_bets_in_antes`` are
        refused before anything is posted (:func:`check_forced_bets`).
        ``deck`` (already shuffled, by :func:`floorman.engine.cards.shuffle`)
        lets the hand deal itself; without it, cards come through
        :meth:`deal_hole` and :meth:`deal_board` (live tables, PHH import).
        ``dead`` seats post their forced bets and have their hands killed
        (absent at the deal, time penalty: DE-SEATED-2, OQ-45, OQ-62).
        ``carried_pot`` is the pot of a hand in which every hand was dead,
        carried to this one (DE-SEATED-3, OQ-45: see ``_all_dead_events``).
        """
        if profile.game != cls.game:  # a game built on hold'em plays its own profiles
            raise ProfileError(f"profile {profile.name!r} is not a hold'em profile")
        seated = seat_players(seats, stacks, players, button=button, most=10, rule="NM-H-1")
        order, index = seated.order, seated.place_of
        if ante_unit is None:
            ante_unit = small_blind if small_blind is not None else 1
        sb, bb = profile.blinds_for(ante_unit)  # NM-H-2, OQ-28, unless the hand names them
        sb = sb if small_blind is None else small_blind
        bb = bb if big_blind is None else big_blind
        if antes is None:
            ante_list = [ante_unit if profile.every_player_antes else 0] * len(order)
        else:
            ante_list = [antes[index[seat]] for seat in order]
        check_forced_bets(
            profile, ante_unit=ante_unit, small_blind=sb, big_blind=bb, antes=ante_list
        )
        if isinstance(carried_pot, bool) or not isinstance(carried_pot, int) or carried_pot < 0:
            raise ProfileError(f"a carried pot must be whole chips, not {carried_pot!r}")
        if (small_blind_seat is _UNSET) != (big_blind_seat is _UNSET):
            raise ProfileError("give both blind seats (a dead small blind is None) or neither")
        if small_blind_seat is _UNSET:
            small_blind_seat, big_blind_seat = blind_seats(order, button, profile)
        if big_blind_seat not in index or (
            small_blind_seat is not None and small_blind_seat not in index
        ):
            raise ProfileError("the blinds must be posted by players dealt in")
        event = new_started(  # HandStarted's fields, in order
            cls.game,
            profile,
            hand_id,
            table,
            order,
            seated.players,
            seated.stacks,
            button,
            small_blind_seat,
            big_blind_seat,
            sb,
            bb,
            tuple(ante_list),
            ante_unit * profile.min_bet_antes if min_bet is None else min_bet,
            ante_unit,
            dead_seats(dead, order) if dead else (),
            carried_pot,
            checked_deck(deck, "DE-DECK-1"),
            auto_showdown,
        )
        hand = cls(event)
        hand._advance()
        return hand

    def __init__(self, started: HandStarted) -> None:
        self._begin_from(started)
        # Every player owes the same ante: each ante is his stake in the pot,
        # so an ante short of it is all-in and the main pot takes only as
        # much from each player (NM-D-3B, NM-H-6).  Antes of unequal amounts
        # (one seat antes for the table) are dead money in the main pot.
        antes = started.antes
        self.antes_are_stakes = bool(antes) and all(antes) and antes.count(antes[0]) == len(antes)
        self.pending_posts: list[BlindPosted | AntePosted] = self._required_posts(started)
        self.showdown_done = False
        self.checkdown_votes: dict[int, bool] | None = None
        self.runout = False
        if not self.pending_posts:
            self.phase = DEALING

    def _required_posts(self, started: HandStarted) -> list[BlindPosted | AntePosted]:
        stacks = list(started.stacks)
        posts: list[BlindPosted | AntePosted] = []
        if any(started.antes):
            for i, ante in enumerate(started.antes):
                if ante:
                    amount = min(ante, stacks[i])
                    stacks[i] -= amount
                    posts.append(AntePosted(seat=started.seats[i], amount=amount))
        for blind, seat, amount in (
            ("small", started.small_blind_seat, started.small_blind),
            ("big", started.big_blind_seat, started.big_blind),
        ):
            if seat is not None and amount:
                i = self.position[seat]
                if stacks[i]:
                    posted = amount if amount < stacks[i] else stacks[i]
                    stacks[i] -= posted
                    posts.append(new_blind(seat, blind, posted))
        return posts

    def _reset_cards(self) -> None:
        self.used: set[int] = set()
        self.holes: list[tuple[Card, ...] | None] = [None] * self.n
        self.holes_dealt = 0
        self.board: tuple[Card, ...] = ()
        self.burned: list[Card] = []

    # ------------------------------------------------------------- queries

    @property
    def street_name(self) -> str:
        return _STREETS[self.street]

    def hole_cards(self, seat: int) -> tuple[Card, ...] | None:
        return self.holes[self._position(seat)]

    # ------------------------------------------------------------- dealing

    def verify_deal_hole(self, seat: int, cards: Sequence[int]) -> None:
        if self.phase != DEALING or self.street != 0 or self.deck is not None:
            raise OutOfTurn("hole cards are not being dealt now", clause=self.rulings["deal"])
        i = self._position(seat)
        expected = next(k for k in range(self.n) if self.holes[k] is None)
        if i != expected:
            raise OutOfTurn(
                "hole cards go to seat {next} next (clockwise from the button)",
                clause=self.rulings["deal"],
                seat=seat,
                values={"next": self.seats[expected]},
            )
        self._verify_new_cards(cards, 2, "hole cards")

    def deal_hole(self, seat: int, cards: Sequence[int]) -> HoleDealt:
        self.verify_deal_hole(seat, cards)
        event = HoleDealt(seat=seat, cards=tuple(CARDS[c] for c in cards))
        self._act(event)
        return event

    def verify_deal_board(self, cards: Sequence[int]) -> None:
        if self.phase != DEALING or (self.street == 0 and not self._hole_done()):
            raise OutOfTurn("board cards are not due now", clause=self.rulings["board"])
        if self.deck is not None:
            raise OutOfTurn("this hand deals from its own deck", clause=self.rulings["deal"])
        self._verify_new_cards(cards, _BOARD_SIZES[self.street], "board cards")

    def deal_board(self, cards: Sequence[int]) -> BoardDealt:
        self.verify_deal_board(cards)
        event = BoardDealt(cards=tuple(CARDS[c] for c in cards))
        self._act(event)
        return event

    def _verify_new_cards(self, cards: Sequence[int], count: int, what: str) -> None:
        if len(cards) != count:
            raise BadCards(
                "{count} {what} are due, not {given}",
                clause=self.rulings["wrong_cards"],
                attempted=len(cards),
                allowed=count,
                values={"count": count, "what": what, "given": len(cards)},
            )
        self._verify_unused(cards, "DE-DECK-1, DE-DECK-5", what)

    def _hand_cards_held(self, i: int) -> tuple[Card, ...]:
        return self.holes[i] or ()

    def _dealt_to(self, i: int) -> bool:
        return self.holes[i] is not None

    def _fold_out(self, i: int) -> None:
        if self.checkdown_votes is not None:
            self._close_vote()  # he may have been the last one yet to agree (NM-H-13)

    def _hole_done(self) -> bool:
        return self.holes_dealt == self.n

    # ------------------------------------------------------------- check-down

    def verify_propose_checkdown(self, seat: int) -> None:
        i = self._position(seat)
        if not self.profile.checkdown_agreement:
            raise ActionNotAllowed(
                "this rulebook has no agreed check-down",
                clause=self.rulings["no_checkdown"],
                seat=seat,
            )
        if self.phase != BETTING or not self.to_act or self.street == 0 or self.max_bet:
            raise ActionNotAllowed(
                "a check-down can only be proposed after the flop while nobody has bet",
                clause="NM-H-13",
                seat=seat,
            )
        if i not in self._checkdown_voters():
            raise ActionNotAllowed(
                "only players in the pot with chips may propose", clause="NM-H-13", seat=seat
            )
        if self.checkdown_votes is not None:
            raise ActionNotAllowed("a check-down vote is already open", clause="NM-H-13", seat=seat)

    def propose_checkdown(self, seat: int) -> CheckdownProposed:
        self.verify_propose_checkdown(seat)
        event = CheckdownProposed(seat=seat)
        self._act(event)
        return event

    def verify_vote_checkdown(self, seat: int) -> None:
        i = self._position(seat)
        if not self.profile.checkdown_agreement:
            raise ActionNotAllowed(
                "this rulebook has no agreed check-down",
                clause=self.rulings["no_checkdown"],
                seat=seat,
            )
        if self.checkdown_votes is None:
            raise ActionNotAllowed("no check-down vote is open", clause="NM-H-13", seat=seat)
        if i not in self._checkdown_voters() or i in self.checkdown_votes:
            raise ActionNotAllowed("you have no vote to cast", clause="NM-H-13", seat=seat)

    def checkdown_voters(self) -> list[int]:
        """Seats whose agreement a check-down needs: players in the pot who
        could still bet (NM-H-13)."""
        return [self.seats[i] for i in self._checkdown_voters()]

    def can_vote_checkdown(self, seat: int) -> bool:
        # Every view asks; no vote open is the common answer, found without
        # building the refusal.
        return self.checkdown_votes is not None and self._can(self.verify_vote_checkdown, seat)

    def can_propose_checkdown(self, seat: int) -> bool:
        if self.phase != BETTING or self.street == 0 or self.max_bet:
            return False  # the common refusal, without building it (NM-H-13)
        return self._can(self.verify_propose_checkdown, seat)

    def vote_checkdown(self, seat: int, agree: bool) -> CheckdownVoted:
        self.verify_vote_checkdown(seat)
        event = CheckdownVoted(seat=seat, agree=bool(agree))
        self._act(event)
        return event

    def _checkdown_voters(self) -> list[int]:
        return [i for i in range(self.n) if not self.folded[i] and self.stacks[i]]

    # ------------------------------------------------------------- showdown

    def _hand_cards(self, i: int) -> tuple[Card, ...]:
        # the best five of his two and the board's five, any number of each (NM-H-11);
        # the board is every player's (DE-COMMUNITY-1)
        hole = self.holes[i]
        assert hole is not None
        return (*hole, *self.board)

    def _shown_cards(self, i: int) -> tuple[Card, ...]:
        """Both hole cards are tabled (OQ-52, DE-SHOWALL-1, DE-PLAYBOARD-1)."""
        hole = self.holes[i]
        assert hole is not None
        return hole

    def _cards_final(self) -> bool:
        return len(self.board) == 5

    # ------------------------------------------------------------- automation

    def _advance(self) -> None:
        """Run the steps nobody decides (posting, dealing from the deck,
        closing rounds, awarding) until a decision is due."""
        events, appliers = self.events, self.appliers
        while True:
            phase = self.phase
            if phase == BETTING:
                if self.to_act:
                    return
                event: Event = self._collect()
                events.append(event)
                appliers[BetsCollected](self, event)
            elif phase == POSTING:
                event = self.pending_posts[0]
                events.append(event)
                appliers[type(event)](self, event)
            elif phase == DEALING:
                if self.deck is None:
                    return
                self._deal_from_deck()
            elif phase == SHOWDOWN:
                if self.showdown_queue:
                    if not self.auto_showdown:
                        return
                    event = self._auto_showdown_event()
                    events.append(event)
                    appliers[type(event)](self, event)
            elif phase == AWARDING:
                for event in self._award_events(self._strengths()):
                    events.append(event)
                    appliers[type(event)](self, event)
            else:
                return

    def _deal_from_deck(self) -> None:
        deck = self.deck
        assert deck is not None
        if self.holes_dealt != self.n:
            # The whole deal at once: the same events, and the same state as
            # applying them one by one (_apply_hole), which a replay does.
            n = self.n
            seats, holes, events = self.seats, self.holes, self.events
            for i in range(n):
                holes[i] = cards = (deck[i], deck[i + n])
                events.append(new_hole(seats[i], cards))
            self.holes_dealt = n
            self.used.update(deck[: 2 * n])
            self.deck_position += 2 * n
            self._holes_done()
            return
        events, appliers = self.events, self.appliers
        if self.profile.burn_cards:
            burned = new_burned(deck[self.deck_position])
            events.append(burned)
            appliers[Burned](self, burned)
        start = self.deck_position
        board = new_board(deck[start : start + _BOARD_SIZES[self.street]])
        events.append(board)
        appliers[BoardDealt](self, board)

    # ------------------------------------------------------------- applying

    def _apply_post(self, event: AntePosted | BlindPosted) -> None:
        i = self.position[event.seat]
        amount = event.amount
        self.stacks[i] -= amount
        if type(event) is BlindPosted:
            self.bets[i] += amount
        elif self.antes_are_stakes:
            self.total[i] += amount
        else:
            self.carried_pot += amount
        pending = self.pending_posts
        del pending[0]
        if not pending:
            self.phase = DEALING

    def _apply_hole(self, event: HoleDealt) -> None:
        i = self.position[event.seat]
        self.holes[i] = event.cards
        self.holes_dealt += 1
        self.used.update(event.cards)
        if self.deck is not None:
            self.deck_position += 2
        if self._hole_done():
            self._holes_done()

    def _holes_done(self) -> None:
        for k in self.dead:
            self.folded[k] = True
        self._begin_round(self._preflop_first(), self._big_blind_to_call())

    def _preflop_first(self) -> int:
        """The player left of the big blind acts first pre-flop (DE-ROUND1-1,
        NM-H-3, OQ-30); heads-up that is the button (OQ-29)."""
        bb = self.started.big_blind_seat
        assert bb is not None
        return (self.position[bb] + 1) % self.n

    def _postflop_first(self) -> int:
        """After the flop the first active player left of the button acts
        first (NM-H-8, NM-H-9, NM-H-10; DE-ROUND2-1, DE-ROUND3-1, DE-ROUND4-1);
        heads-up that is the big blind (OQ-29, DE-BLINDS-3), even when the
        button's seat is empty."""
        bb = self.started.big_blind_seat
        if self.n == 2 and bb is not None:
            return self.position[bb]
        return 0

    def _big_blind_to_call(self) -> int:
        """Pre-flop everyone calls the full big blind, even when its poster
        was all-in for less: the call is "a bet in the amount of the big
        blind" (DE-ROUND1-1) and the minimum bet is the big blind (OQ-31);
        the short blind's chips make the main pot (NM-D-3B, NM-H-6).  0 when
        no big blind was posted."""
        started = self.started
        return started.big_blind if started.big_blind_seat is not None else 0

    def _begin_round(self, first: int, call_at: int = 0) -> None:
        self._start_round(first, call_at)
        self.round_openers.append(first)
        self.checkdown_votes = None
        if self.folded.count(False) < 2:
            self.to_act.clear()

    def _apply_board(self, event: BoardDealt) -> None:
        self.board = self.board + event.cards
        self.used.update(event.cards)
        if self.deck is not None:
            self.deck_position += len(event.cards)
        self.street += 1
        if self.runout:
            if self.street == 3:
                self.phase = AWARDING
        else:
            self._begin_round(self._postflop_first())

    def _apply_fold(self, event: Folded) -> None:
        BettingHand._apply_fold(self, event)
        if self.checkdown_votes is not None:
            self._close_vote()  # the last player yet to agree may just have left (NM-H-13)

    def _apply_raise(self, event: BetOrRaised) -> None:
        self.checkdown_votes = None  # a bet ends any check-down vote (NM-H-13)
        BettingHand._apply_raise(self, event)

    def _apply_proposal(self, event: CheckdownProposed) -> None:
        self.checkdown_votes = {self.position[event.seat]: True}
        self._close_vote()

    def _apply_vote(self, event: CheckdownVoted) -> None:
        assert self.checkdown_votes is not None
        if not event.agree:
            self.checkdown_votes = None
            return
        self.checkdown_votes[self.position[event.seat]] = True
        self._close_vote()

    def _close_vote(self) -> None:
        """NM-H-13: when every player in the pot agrees, the round's bet is 0
        and play goes on to the next card."""
        assert self.checkdown_votes is not None
        if all(i in self.checkdown_votes for i in self._checkdown_voters()):
            for i in self.to_act:
                self.acted_level[i] = 0
            self.to_act.clear()
            self.checkdown_votes = None

    def _apply_collected(self, event: BetsCollected) -> None:
        self._apply_collect(event)
        folded = self.folded
        if folded.count(False) <= 1:  # none: every hand dead (OQ-45, _all_dead_events)
            self.phase = AWARDING
            return
        stacks = self.stacks
        with_chips = 0
        for i in range(self.n):
            if stacks[i] and not folded[i]:
                with_chips += 1
        if self.street == 3 or with_chips <= 1:
            self.runout = self.street < 3
            self._begin_showdown()
        else:
            self.phase = DEALING

    def _showdown_over(self) -> None:
        self.showdown_done = True
        self.phase = DEALING if len(self.board) < 5 else AWARDING

    # ------------------------------------------------------------- views

    #: the hand log's name for a pot carried into this hand (a dead hand's, DE-SEATED-3)
    log_carried_in = "carried_in"

    def _log_round(self) -> str | None:
        """The round the hand log files an action under."""
        return self.street_name

    def _seat_player(self, i: int, mine: int | None) -> PlayerView:
        """Other players' hole cards appear only once shown (DE-HOLE-1,
        DE-HOLE-2); the deck and burn cards never (DE-BURN-11)."""
        cards: tuple[str | None, ...] | None = None
        hole = self.holes[i]
        if i in self.shown:
            cards = tuple([CARD_TEXT[c] for c in self.shown[i]])
        elif i in self.revealed:  # shown to everyone of his own will (DE-HOLE-4)
            cards = tuple([CARD_TEXT[c] for c in self.revealed[i]])
        elif i == mine and hole is not None:
            cards = tuple([CARD_TEXT[c] for c in hole])
        return PlayerView(*self._player_view(i), hole is not None and not self.folded[i], cards)

    @property
    def bet_unit(self) -> int:
        return self.started.big_blind

    def bot_fields(self, i: int) -> BotFields:
        """What an in-process bot at position ``i`` reads, straight from the
        state: the same as its seat view says (a test compares them), built
        without the view (issue 21)."""
        shown = self.shown.get(i) or self.holes[i] or ()
        return BotFields(shown, 0, self.board, self.street_name, False, False, False, 0)

    def _view_fields(self, seat: int | None, mine: int | None) -> GameFields:
        started = self.started
        street = self.street_name
        votes = self.checkdown_votes
        part = HoldemPart(
            started.small_blind_seat,
            started.big_blind_seat,
            (started.small_blind, started.big_blind),
            seat is not None and self.can_propose_checkdown(seat),
            seat is not None and self.can_vote_checkdown(seat),
            tuple(sorted(self.seats[i] for i in votes)) if votes is not None else None,
            tuple(self.checkdown_voters()) if self.profile.checkdown_agreement else (),
        )
        board = tuple([CARD_TEXT[c] for c in self.board])
        label = "hand over" if self.phase == COMPLETE else street
        return GameFields(street, label, board, (), (), part)

    @property
    def vote_open(self) -> bool:
        return self.checkdown_votes is not None

    def snapshot(self) -> dict[str, Any]:
        """The whole state as data (every card included), to compare a live
        hand with its replay."""
        return {
            "phase": self.phase,
            "street": self.street,
            "stacks": list(self.stacks),
            "bets": list(self.bets),
            "total": list(self.total),
            "folded": list(self.folded),
            "holes": [list(h) if h else None for h in self.holes],
            "board": list(self.board),
            "burned": list(self.burned),
            "to_act": list(self.to_act),
            "max_bet": self.max_bet,
            "full_increment": self.full_increment,
            "full_level": self.full_level,
            "acted_level": list(self.acted_level),
            "showdown_queue": list(self.showdown_queue),
            "shown": {k: list(v) for k, v in self.shown.items()},
            "mucked": sorted(self.mucked),
            "awards": list(self.awards),
            "final": self.final_stacks,
            "checkdown": self.checkdown_votes,
            "deck_position": self.deck_position,
        }


_APPLY: dict[type, Callable[[Any, Any], None]] = {
    AntePosted: HoldemHand._apply_post,
    BlindPosted: HoldemHand._apply_post,
    HoleDealt: HoldemHand._apply_hole,
    Burned: BettingHand._apply_burn,
    BoardDealt: HoldemHand._apply_board,
    Folded: HoldemHand._apply_fold,
    Checked: BettingHand._apply_check,
    Called: BettingHand._apply_call,
    BetOrRaised: HoldemHand._apply_raise,
    CheckdownProposed: HoldemHand._apply_proposal,
    CheckdownVoted: HoldemHand._apply_vote,
    BetsCollected: HoldemHand._apply_collected,
    Shown: BettingHand._apply_shown,
    Mucked: BettingHand._apply_shown,
    PotAwarded: BettingHand._apply_award,
    Misdealt: BettingHand._apply_misdeal,
    PenaltyPosted: BettingHand._apply_penalty,
    HandEnded: BettingHand._apply_end,
    HandVoided: BettingHand._apply_void,
    DeclaredDead: BettingHand._apply_declared_dead,
    CardsShown: BettingHand._apply_cards_shown,
}
HoldemHand.appliers = _APPLY
