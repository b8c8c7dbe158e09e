"""What a bot knows and how it answers: the same actions people send.

A bot sees a :class:`Situation`, built only from what its seat may see (its
own cards, drawn cards only once looked at, the board, the chips), and
answers with an :class:`~floorman.engine.actions.Action` that goes through
:func:`~floorman.engine.actions.apply_action` like any browser's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from floorman.engine.actions import Action
from floorman.engine.betting import BettingHand, LegalActions
from floorman.engine.cards import CARD_BY_TEXT, Card
from floorman.engine.seat_view import SeatView


@dataclass(frozen=True, slots=True)
class Situation:
    seat: int
    game: str  # the variant ("holdem", "draw"): which strategy plays it
    phase: str  # "betting", "drawing", "showdown"
    round: str  # hold'em street or draw round ("pre-draw", "opening", "unseen", "seen")
    cards: tuple[Card, ...]  # the cards this seat can see of its own hand
    hidden_cards: int  # drawn cards not yet looked at
    board: tuple[Card, ...]
    legal: LegalActions | None
    pot: int
    stack: int
    opponents: int  # live opponents
    can_look: bool
    big_blind: int
    is_high_bidder: bool = False
    must_look: bool = False  # NM-D-2E s4: behind a seen player, look before calling
    max_draw: int = 0  # the most cards the draw lets him exchange


def situation(hand: BettingHand, seat: int) -> Situation:
    """The situation of ``seat``, from its own point of view only: what its
    seat view says (``situation_from_view``, as an external bot reads its
    frames), read straight from the hand without building the view, since
    in-process bots decide thousands of times a second (issue 21; a test
    compares the two over thousands of decisions of both games)."""
    i = hand.position[seat]
    fields = hand.bot_fields(i)
    legal = hand.legal_actions(seat)
    folded = hand.folded
    opponents = 0
    for j in range(hand.n):
        if j != i and not folded[j]:
            opponents += 1
    return Situation(
        seat,
        hand.game,
        hand.phase,
        fields.round,
        fields.cards,
        fields.hidden_cards,
        fields.board,
        legal,
        hand.pot_total,
        hand.stacks[i],
        opponents,
        fields.can_look,
        hand.bet_unit,
        fields.is_high_bidder,
        fields.must_look or bool(legal and legal.must_look),
        fields.max_draw,
    )


def situation_from_view(view: SeatView) -> Situation:
    """A bot's situation from the seat view (its ``you`` is the bot's seat)."""
    seat = view.you
    assert seat is not None, "a spectator's view has no situation"
    opponents = 0
    me = None
    for p in view.players:
        if p.seat == seat:
            me = p
        elif not p.folded:
            opponents += 1
    assert me is not None, f"seat {seat} is not in its own view"
    own = me.cards or ()
    facts = view.variant.bot_facts(seat)
    v = view.legal
    legal = (
        LegalActions(
            v.seat,
            v.can_fold,
            v.can_check,
            v.call_amount,
            v.min_raise_to,
            v.max_raise_to,
            v.is_bet,
            v.must_look,
        )
        if v is not None
        else None
    )
    return Situation(
        seat=seat,
        game=view.game,
        phase=view.phase,
        round=view.round,
        cards=tuple([CARD_BY_TEXT[c] for c in own if c]),
        hidden_cards=own.count(None),
        board=tuple([CARD_BY_TEXT[c] for c in view.board or ()]),
        legal=legal,
        pot=view.pot,
        stack=me.stack,
        opponents=opponents,
        can_look=facts.can_look,
        big_blind=view.bet_unit,
        is_high_bidder=facts.is_high_bidder,
        must_look=facts.must_look or bool(legal and legal.must_look),
        max_draw=facts.max_draw,
    )


class Bot(Protocol):
    name: str

    def decide(self, situation: Situation, rng: random.Random) -> Action: ...


def bet_action(legal: LegalActions, amount: int) -> Action:
    """A bet or raise to ``amount``, clamped into the legal range."""
    assert legal.min_raise_to is not None and legal.max_raise_to is not None
    amount = max(legal.min_raise_to, min(legal.max_raise_to, amount))
    return Action("bet" if legal.is_bet else "raise", amount=amount)


def passive_action(legal: LegalActions) -> Action:
    return Action("check") if legal.can_check else Action("call")


def describe(bot: Any) -> str:
    return str(getattr(bot, "name", type(bot).__name__))
