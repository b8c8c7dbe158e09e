"""The NM five-card draw hand (rule profile ``nm-draw``, NM-D-*).

Antes from everyone (NM-D-2A); five cards one at a time from the dealer's
left (NM-D-2B); pre-draw betting, check (*jekk*) or open, no openers
(NM-D-2C, OQ-11, OQ-13); if everyone checks the deal ends and the pot is
carried to the next deal (OQ-10); the draw of 0–4 cards, a 4-card draw as
3 now and 1 after the round, the dealer burning before his fourth (NM-D-2D,
OQ-15, OQ-16, OQ-17); then the unseen (*usett*) round and the seen round
exactly as OQ-19 (NM-D-2E, NM-D-2F, OQ-20, OQ-21); half-pot limit with the
10-antes floor in every round (NM-D-3A, OQ-23); side pots (NM-D-3B).

The dealer is the player on the button; positions run clockwise from his
left, so he is the last position when he is dealt in.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from floorman.engine.betting import BettingHand
from floorman.engine.cards import CARDS, Card
from floorman.engine.common import AWARDING, BETTING, DEALING, DRAWING, POSTING, SHOWDOWN
from floorman.engine.draw_view import DrawViews
from floorman.engine.errors import ActionNotAllowed, BadCards, OutOfTurn, ProfileError
from floorman.engine.events import (
    AntePosted,
    BetOrRaised,
    BetsCollected,
    Burned,
    Called,
    CardsShown,
    Checked,
    DeclaredDead,
    Discarded,
    DrawDealt,
    Event,
    Folded,
    HandEnded,
    HandStarted,
    HandVoided,
    HoleDealt,
    Looked,
    Misdealt,
    Mucked,
    PenaltyPosted,
    PotAwarded,
    Shown,
)
from floorman.engine.profile import RuleProfile
from floorman.engine.seating import checked_deck, dead_seats, seat_players
from floorman.engine.showdown import ShowdownMixin


class DrawRound(enum.StrEnum):
    """The draw's betting rounds (NM-D-2C, NM-D-2E).  The members are strings:
    views and JSON show the values ("pre-draw")."""

    PREDRAW = "pre-draw"
    OPENING = "opening"
    UNSEEN = "unseen"
    SEEN = "seen"


# The members under module names, which the hand and the text writer use (on
# Python 3.11 an enum class's attribute costs five times a module global).
PREDRAW: Final = DrawRound.PREDRAW
OPENING: Final = DrawRound.OPENING
UNSEEN: Final = DrawRound.UNSEEN
SEEN: Final = DrawRound.SEEN


class DrawHand(ShowdownMixin, DrawViews, BettingHand):
    """One deal of NM five-card draw.  Use :meth:`start` or :meth:`replay`."""

    __slots__ = (
        "cards",
        "check_pot",
        "discarded",
        "draw_order",
        "drawn",
        "high_bidder",
        "in_unseen",
        "kept",
        "looked",
        "opener_checked",
        "owed",
        "owed_now",
        "pending_posts",
        "round_kind",
        "seen_acted",
        "unseen_round_played",
    )

    game = "draw"
    hole_card_count = 5
    has_unseen_cards = True
    has_extra_rules = True

    @classmethod
    def start(
        cls,
        profile: RuleProfile,
        *,
        seats: Sequence[int],
        stacks: Sequence[int],
        button: int,
        ante_unit: int,
        players: Sequence[str] | None = None,
        carried_pot: int = 0,
        deck: Sequence[Card] | None = None,
        dead: Iterable[int] = (),
        hand_id: str = "",
        table: int | None = None,
        auto_showdown: bool = True,
    ) -> DrawHand:
        """Start a deal.  ``carried_pot`` is a check-pot from the previous
        deal (OQ-10); with ``profile.reante_check_pot`` false nobody antes
        into it."""
        if profile.game != cls.game:
            raise ProfileError(f"profile {profile.name!r} is not a draw profile")
        # NM-D-1A: 4 or 5 a table; five players is also what one deck can
        # serve when everyone draws four (25 + 20 + a burn).
        seated = seat_players(seats, stacks, players, button=button, most=5, rule="NM-D-1A")
        if ante_unit <= 0 or carried_pot < 0:
            raise ProfileError("the ante must be positive and a carried pot not negative")
        ante = ante_unit if (profile.reante_check_pot or not carried_pot) else 0
        dead_seen = dead_seats(dead, seated.order)
        if len(dead_seen) == len(seated.order):
            # Every hand dead: the absent are blinded down (DE-DEAL-3, OQ-46,
            # OQ-62), so they ante even into a check-pot; with no new antes
            # such a table would deal for ever without a chip changing hands.
            ante = ante_unit
        event = HandStarted(
            game=cls.game,
            profile=profile,
            hand_id=hand_id,
            table=table,
            seats=seated.order,
            players=seated.players,
            stacks=seated.stacks,
            button=button,
            small_blind_seat=None,
            big_blind_seat=None,
            small_blind=0,
            big_blind=0,
            antes=(ante,) * len(seated.order),
            min_bet=ante_unit * profile.min_bet_antes,
            ante_unit=ante_unit,
            dead=dead_seen,
            carried_pot=carried_pot,
            deck=checked_deck(deck, "NM-D-1F"),
            auto_showdown=auto_showdown,
        )
        hand = cls(event)
        hand._advance()
        return hand

    def __init__(self, started: HandStarted) -> None:
        self._begin_from(started)
        self.pending_posts = [
            AntePosted(seat=seat, amount=min(ante, stack))
            for seat, ante, stack in zip(started.seats, started.antes, started.stacks, strict=True)
            if ante
        ]
        self.round_kind = PREDRAW
        self.high_bidder: int | None = None  # H of OQ-19
        self.unseen_round_played = False
        self.seen_acted = False  # NM-D-2E s4: a seen call or raise this round
        self.opener_checked = False
        self.in_unseen = [False] * self.n
        self.check_pot = False
        if not self.pending_posts:
            self.phase = DEALING

    def _before_first_round_ends(self) -> bool:
        return self.phase in (DEALING, BETTING) and self.round_kind == PREDRAW

    def _reset_cards(self) -> None:
        self.used: set[int] = set()
        self.cards: list[list[Card]] = [[] for _ in range(self.n)]
        self.kept: list[tuple[Card, ...]] = [() for _ in range(self.n)]
        self.drawn: list[list[Card]] = [[] for _ in range(self.n)]
        self.discarded: list[tuple[Card, ...] | None] = [None] * self.n
        self.owed = [0] * self.n  # replacement cards still to come
        self.owed_now = [0] * self.n  # of those, due before the next player draws
        self.looked = [False] * self.n
        self.burned: list[Card] = []
        self.draw_order: list[int] = []

    # ------------------------------------------------------------- queries

    def dealer_position(self) -> int | None:
        return self.position.get(self.button)

    def _next_drawer(self) -> int | None:
        for i in self.draw_order:
            if self.discarded[i] is None:
                if any(self.owed_now[j] for j in self.draw_order):
                    return None  # the dealer still owes the previous player cards
                return i
        return None

    def draw_counts(self) -> dict[int, int]:
        return {
            self.seats[i]: len(self.discarded[i] or ())
            for i in range(self.n)
            if self.discarded[i] is not None
        }

    # ------------------------------------------------------------- limits

    def _check_actor_extra(self, i: int, action: str) -> None:
        if self.must_look(i) and action in ("call", "raise", "check", "check or call"):
            raise ActionNotAllowed(
                "a player has already acted seen in this round, so nobody after that player"
                " can be in unseen: look at your cards first",
                clause="NM-D-2E s4, OQ-19",
                seat=self.seats[i],
                action=action,
                allowed="look, or fold",
            )

    def must_look(self, i: int) -> bool:
        """NM-D-2E s4: behind a player who acted seen nobody may call or raise
        unseen."""
        return self.round_kind == UNSEEN and self.seen_acted and not self.looked[i]

    def _extra_raise_block(self, i: int) -> tuple[str, str] | None:
        if self.must_look(i):
            return (
                "a player has acted seen in this round: look at your cards first",
                "NM-D-2E s4, OQ-19",
            )
        if self.round_kind == SEEN and self.max_bet == 0 and self.opener_checked:
            if self.unseen_round_played and not self.in_unseen[i]:
                return (
                    "the opener bid 0, so only players who were in unseen may bet",
                    "NM-D-2F s2, OQ-19",
                )
            if not self.unseen_round_played and self.profile.strict_unseen:
                return (
                    "nobody was in unseen and the opener bid 0 (strict reading)",
                    "NM-D-2F s2, OQ-19 step 5",
                )
        return None

    # ------------------------------------------------------------- the draw

    def verify_draw(self, seat: int, discards: Sequence[int]) -> None:
        i = self._position(seat)
        if self.phase != DRAWING:
            raise OutOfTurn("there is no draw now", clause="NM-D-2D s1", seat=seat, action="draw")
        nxt = self._next_drawer()
        if nxt != i:
            template = "seat {next} draws first: the draw goes clockwise from the dealer's left"
            if nxt is None:
                template = "the dealer deals first: the draw goes clockwise from the dealer's left"
            raise OutOfTurn(
                template,
                clause="NM-D-2D s1, OQ-16",
                seat=seat,
                action="draw",
                values={"next": self.seats[nxt] if nxt is not None else ""},
            )
        limit = self.profile.max_draw
        if len(discards) > limit:
            raise ActionNotAllowed(
                "you may exchange at most {limit} cards, not {given}",
                clause="NM-D-2D s6, OQ-15",
                seat=seat,
                action="draw",
                attempted=len(discards),
                allowed=(0, limit),
                values={"limit": limit, "given": len(discards)},
            )
        if len(set(discards)) != len(discards) or any(c not in self.cards[i] for c in discards):
            raise BadCards(
                "you can only discard cards you hold: {cards}",
                clause="NM-D-2D s2",
                seat=seat,
                action="draw",
                values={"cards": str([str(CARDS[c]) for c in discards])},
            )

    def draw(self, seat: int, discards: Sequence[int]) -> Discarded:
        """Exchange ``discards`` (0 to 4 cards; 0 stands pat, OQ-15)."""
        self.verify_draw(seat, discards)
        event = Discarded(seat=seat, cards=tuple(CARDS[c] for c in discards))
        self._act(event)
        return event

    def verify_deal_draw(self, seat: int, cards: Sequence[int]) -> None:
        i = self._position(seat)
        if self.phase != DRAWING or self.deck is not None:
            raise OutOfTurn("no replacement cards are due now", clause="NM-D-2D s7")
        # NM-D-2D s7-s8: the cards come in one go, a 4-card draw as 3 now and
        # the last once everyone has drawn (the dealer's fourth last, OQ-16).
        due = self.owed_now[i] or min(self.owed[i], 1)
        if len(cards) != due:
            template = "seat {seat} gets {due} card(s) now, not {given}"
            if self.owed[i] == 4 and self.owed_now[i]:
                template = (
                    "seat {seat} drew 4: 3 cards now and the fourth once everyone"
                    " has drawn, not {given}"
                )
            elif self.owed[i] == 1 and not self.owed_now[i]:
                template = "seat {seat}'s fourth card comes alone, not {given}"
            raise BadCards(
                template,
                clause="NM-D-2D s7-s8, OQ-16",
                seat=seat,
                attempted=len(cards),
                allowed=due,
                values={"seat": seat, "due": due, "given": len(cards)},
            )
        if self.owed_now[i] == 0 and any(self.owed_now):
            raise OutOfTurn("other players' cards come first", clause="OQ-16", seat=seat)
        if self.owed_now[i] == 0 and any(self.discarded[j] is None for j in self.draw_order):
            raise OutOfTurn(
                "a fourth card comes only after everyone has drawn",
                clause="NM-D-2D s7, OQ-16",
                seat=seat,
            )
        if self.owed_now[i] == 0:
            order = self._fourth_card_order()
            if order and order[0] != i:
                raise OutOfTurn(
                    "seat {next}'s fourth card comes first (draw order, the dealer's last)",
                    clause="NM-D-2D s7-s8, OQ-16",
                    seat=seat,
                    values={"next": self.seats[order[0]]},
                )
        self._verify_unused(cards, "NM-D-1F")

    def deal_draw(self, seat: int, cards: Sequence[int]) -> DrawDealt:
        """Replacement cards dealt by hand (live dealing, hand histories)."""
        self.verify_deal_draw(seat, cards)
        event = DrawDealt(seat=seat, cards=tuple(CARDS[c] for c in cards))
        self._act(event)
        return event

    def verify_look(self, seat: int) -> None:
        i = self._position(seat)
        if self.phase != BETTING or self.round_kind == PREDRAW or self.folded[i]:
            raise ActionNotAllowed(
                "you can look at your drawn cards once the draw is over and you are in the hand",
                clause="NM-D-2E s1",
                seat=seat,
                action="look",
            )
        if self.looked[i]:
            raise ActionNotAllowed(
                "you have already seen your cards", clause="NM-D-2E", seat=seat, action="look"
            )

    def look(self, seat: int) -> Looked:
        """Look at the drawn cards: from now on this player is *seen*."""
        self.verify_look(seat)
        event = Looked(seat=seat)
        self._act(event)
        return event

    def can_look(self, seat: int) -> bool:
        try:
            self.verify_look(seat)
        except ActionNotAllowed:
            return False
        return True

    def verify_deal_hole(self, seat: int, cards: Sequence[int]) -> None:
        if self.phase != DEALING or self.deck is not None:
            raise OutOfTurn("cards are not being dealt by hand now", clause="NM-D-2B")
        i = self._position(seat)
        expected = next((k for k in range(self.n) if not self.cards[k]), None)
        if expected != i:
            raise OutOfTurn(
                "the deal goes clockwise from the dealer's left", clause="NM-D-2B", seat=seat
            )
        if len(cards) != 5:
            raise BadCards(
                "five cards are dealt, not {given}",
                clause="NM-D-2B s1",
                values={"given": len(cards)},
            )
        self._verify_unused(cards, "NM-D-1F")

    def deal_hole(self, seat: int, cards: Sequence[int]) -> HoleDealt:
        self.verify_deal_hole(seat, cards)
        event = HoleDealt(seat=seat, cards=tuple(CARDS[c] for c in cards))
        self._act(event)
        return event

    # ------------------------------------------------------------- showdown

    def _hand_cards(self, i: int) -> tuple[Card, ...]:
        return tuple(self.cards[i])

    _shown_cards = _hand_cards

    def _cards_final(self) -> bool:
        return True

    # ------------------------------------------------------------- automation

    def _advance(self) -> None:
        while True:
            phase = self.phase
            if phase == POSTING:
                self._emit(self.pending_posts[0])
            elif phase == DEALING:
                if self.deck is None:
                    return
                n = self.n
                deck = self.deck
                for i in range(n):
                    self._emit(
                        HoleDealt(
                            seat=self.seats[i], cards=tuple(deck[i + k * n] for k in range(5))
                        )
                    )
            elif phase == BETTING:
                if self.to_act:
                    return
                self._emit(self._collect())
            elif phase == DRAWING:
                if self.deck is None or not self._deal_replacement_from_deck():
                    return
            elif phase == SHOWDOWN:
                if not self.showdown_queue or not self.auto_showdown:
                    return
                self._emit(self._auto_showdown_event())
            elif phase == AWARDING:
                for event in self._award_events(self._strengths()):
                    self._emit(event)
            else:
                return

    def replacement_due(self) -> tuple[int, int] | None:
        """Which seat the dealer serves next in the draw and how many cards
        (NM-D-2D s7-s8, OQ-16): the player who just discarded (at most 3),
        then, once everyone has drawn, the fourth cards in draw order (the
        dealer's last unless the switch says otherwise).  None when a player
        must discard first or the draw is over."""
        for i in self.draw_order:
            if self.owed_now[i]:
                return self.seats[i], self.owed_now[i]
        if any(self.discarded[i] is None for i in self.draw_order):
            return None
        order = self._fourth_card_order()
        return (self.seats[order[0]], 1) if order else None

    def _deal_replacement_from_deck(self) -> bool:
        """Deal the next cards the draw owes from the deck; False when a
        player must discard first."""
        deck = self.deck
        assert deck is not None
        due = self.replacement_due()
        if due is None:
            return False
        seat, count = due
        i = self.position[seat]
        first_three = self.owed_now[i] > 0
        start = self.deck_position
        self._emit(DrawDealt(seat=seat, cards=tuple(deck[start : start + count])))
        if first_three and i == self.dealer_position() and self.owed[i]:
            # NM-D-2D s8: the dealer drawing 4 gives himself 3, puts one
            # aside, then takes his last (OQ-16 says when).
            self._emit(Burned(card=deck[self.deck_position]))
        return True

    def _fourth_card_order(self) -> list[int]:
        """Who gets a fourth card now, in draw order; the dealer last unless
        the switch gives him his right after his burn (OQ-16)."""
        dealer = self.dealer_position()
        owed = [i for i in self.draw_order if self.owed[i]]
        if dealer in owed:
            owed.remove(dealer)
            if self.profile.dealer_fourth_card_last:
                owed.append(dealer)
            else:
                owed.insert(0, dealer)
        return owed

    # ------------------------------------------------------------- applying

    def _apply_post(self, event: AntePosted) -> None:
        i = self.position[event.seat]
        self.stacks[i] -= event.amount
        self.total[i] += event.amount
        self.pending_posts.pop(0)
        if not self.pending_posts:
            self.phase = DEALING

    def _apply_hole(self, event: HoleDealt) -> None:
        i = self.position[event.seat]
        self.cards[i] = list(event.cards)
        self.used.update(event.cards)
        if self.deck is not None:
            self.deck_position += len(event.cards)
        if all(self.cards):
            for k in self.dead:
                self.folded[k] = True
            self._begin_round(0, PREDRAW)

    def _begin_round(self, first: int, kind: DrawRound) -> None:
        self._start_round(first)
        self.round_kind = kind
        self.round_openers.append(first)
        self.seen_acted = False
        self.opener_checked = False

    def _apply_action(self, event: Event) -> None:
        if isinstance(event, Folded) and event.reason == "disqualified":
            # Killed out of turn by the floor (kill): the round's kind is
            # decided by those who act in turn, not by him (NM-D-1G).
            self._apply_fold(event)
            return
        i = self.to_act[0] if self.to_act else self.position[event.seat]  # type: ignore[attr-defined]
        kind = self.round_kind
        if kind == OPENING:
            if isinstance(event, BetOrRaised) and (not self.looked[i] or self._stood_pat(i)):
                # NM-D-2E s2: H decides whether and how much is bid unseen,
                # whatever he drew: standing pat he has nothing to look at,
                # and his bet is still the unseen bid (the literal reading)
                self.round_kind = UNSEEN
                self.unseen_round_played = True
                self.in_unseen[i] = True
            else:
                self.round_kind = SEEN  # H declined: his action opens the seen round
                self.opener_checked = isinstance(event, Checked)
        elif kind == UNSEEN and isinstance(event, (Called, BetOrRaised)):
            if self.looked[i]:
                self.seen_acted = True
            else:
                self.in_unseen[i] = True
        elif (
            kind == SEEN
            and isinstance(event, Checked)
            and i == self.round_openers[-1]
            and self.max_bet == 0
        ):
            self.opener_checked = True
        if kind == SEEN and not self.looked[i] and not isinstance(event, Folded):
            self.looked[i] = True  # every seen-round action is seen (OQ-19 step 4)
        if isinstance(event, Folded):
            self._apply_fold(event)
        elif isinstance(event, Checked):
            self._apply_check(event)
        elif isinstance(event, Called):
            self._apply_call(event)
        else:
            assert isinstance(event, BetOrRaised)
            self._apply_raise(event)

    def _apply_collected(self, event: BetsCollected) -> None:
        kind = self.round_kind
        aggressor = self.aggressor
        self._apply_collect(event)
        live = self.live_positions()
        if len(live) == 1:
            self.phase = AWARDING
            return
        if kind == PREDRAW:
            everyone_checked = aggressor is None and all(self.stacks[i] for i in live)
            if everyone_checked:
                # OQ-10: no draw, the pot is carried to the next deal.
                self.check_pot = True
                self.phase = AWARDING
                return
            self.high_bidder = aggressor
            self.phase = DRAWING
            self.draw_order = live  # clockwise from the dealer's left, dealer last
            return
        with_chips = [i for i in live if self.stacks[i]]
        if kind == UNSEEN and len(with_chips) >= 2:
            # OQ-19 step 4: the seen round, opened by whoever set the highest
            # unseen bid (or the first player with chips to his left).
            assert aggressor is not None
            self._begin_round(self._first_with_chips_from(aggressor), SEEN)
            return
        self._begin_showdown()

    def _first_with_chips_from(self, start: int) -> int:
        for k in range(self.n):
            i = (start + k) % self.n
            if not self.folded[i] and self.stacks[i]:
                return i
        return start

    def _hand_cards_held(self, i: int) -> tuple[Card, ...]:
        return tuple(self.cards[i])

    def _dealt_to(self, i: int) -> bool:
        return len(self.cards[i]) == 5

    def _fold_out(self, i: int) -> None:
        """A hand declared dead leaves the exchange (and is owed nothing);
        dead before H's decision after the draw, there is no unseen bid:
        the seen round goes on from his left (as OQ-19 step 6)."""
        if self.round_kind == OPENING and self.high_bidder == i:
            self.round_kind = SEEN
        if self.phase == DRAWING and i in self.draw_order:
            self.draw_order = [k for k in self.draw_order if k != i]
            self.owed[i] = self.owed_now[i] = 0
            self._after_draw_step()

    def _stood_pat(self, i: int) -> bool:
        return self.discarded[i] == ()

    def _apply_discard(self, event: Discarded) -> None:
        i = self.position[event.seat]
        self.discarded[i] = event.cards
        self.kept[i] = tuple(c for c in self.cards[i] if c not in event.cards)
        self.cards[i] = list(self.kept[i])
        count = len(event.cards)
        self.owed[i] = count
        self.owed_now[i] = min(count, 3)
        if count == 0:
            self.looked[i] = True  # standing pat there is nothing unseen
        self._after_draw_step()

    def _apply_draw_dealt(self, event: DrawDealt) -> None:
        i = self.position[event.seat]
        self.cards[i].extend(event.cards)
        self.drawn[i].extend(event.cards)
        self.used.update(event.cards)
        if self.deck is not None:
            self.deck_position += len(event.cards)
        self.owed[i] -= len(event.cards)
        self.owed_now[i] = max(0, self.owed_now[i] - len(event.cards))
        self._after_draw_step()

    def _after_draw_step(self) -> None:
        if any(d is None for d in (self.discarded[i] for i in self.draw_order)) or any(self.owed):
            return
        # The draw is over: betting after the draw (OQ-19).
        live = self.live_positions()
        with_chips = [i for i in live if self.stacks[i]]
        high = self.high_bidder
        if len(with_chips) < 2:
            # No betting is possible: the final round was the pre-draw one.
            self._begin_showdown()
        elif high is None:
            self._begin_round(self._first_with_chips_from(0), SEEN)
        elif not self.stacks[high] or self.folded[high]:
            # OQ-19 step 6: H is all-in (or his hand was declared dead), no
            # unseen round.
            self._begin_round(self._first_with_chips_from(high), SEEN)
        else:
            self._begin_round(high, OPENING)

    def _apply_look(self, event: Looked) -> None:
        self.looked[self.position[event.seat]] = True

    def _award_events(self, strengths: dict[int, int]) -> list[Event]:
        if self.check_pot and len(self.dead) < self.n:  # all dead: BettingHand rules it
            return [HandEnded(stacks=tuple(self.stacks), carried_pot=self.pot_total)]
        return super()._award_events(strengths)

    # ------------------------------------------------------------- views

    #: the hand log's name for a pot carried into this deal: a check-pot (OQ-10)
    log_carried_in = "check_pot_in"

    def _log_round(self) -> str | None:
        """The round the hand log files an action under (None: the draw)."""
        return None if self.phase == DRAWING else str(self.round_kind)

    def snapshot(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "round": self.round_kind,
            "stacks": list(self.stacks),
            "bets": list(self.bets),
            "total": list(self.total),
            "folded": list(self.folded),
            "cards": [list(c) for c in self.cards],
            "drawn": [list(c) for c in self.drawn],
            "looked": list(self.looked),
            "in_unseen": list(self.in_unseen),
            "owed": list(self.owed),
            "to_act": list(self.to_act),
            "max_bet": self.max_bet,
            "acted_level": list(self.acted_level),
            "showdown_queue": list(self.showdown_queue),
            "shown": {k: list(v) for k, v in self.shown.items()},
            "awards": list(self.awards),
            "final": self.final_stacks,
            "carried": self.carried_pot,
            "deck_position": self.deck_position,
        }


_APPLY: dict[type, Callable[[Any, Any], None]] = {
    AntePosted: DrawHand._apply_post,
    HoleDealt: DrawHand._apply_hole,
    Folded: DrawHand._apply_action,
    Checked: DrawHand._apply_action,
    Called: DrawHand._apply_action,
    BetOrRaised: DrawHand._apply_action,
    BetsCollected: DrawHand._apply_collected,
    Discarded: DrawHand._apply_discard,
    DrawDealt: DrawHand._apply_draw_dealt,
    Burned: BettingHand._apply_burn,
    Looked: DrawHand._apply_look,
    Shown: BettingHand._apply_shown,
    Mucked: BettingHand._apply_shown,
    PotAwarded: BettingHand._apply_award,
    HandEnded: BettingHand._apply_end,
    Misdealt: BettingHand._apply_misdeal,
    PenaltyPosted: BettingHand._apply_penalty,
    HandVoided: BettingHand._apply_void,
    DeclaredDead: BettingHand._apply_declared_dead,
    CardsShown: BettingHand._apply_cards_shown,
}
DrawHand.appliers = _APPLY
