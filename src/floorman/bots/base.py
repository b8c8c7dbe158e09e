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
from floorman.engine.betting import LegalActions
from floorman.engine.cards import Card
from floorman.engine.draw import DrawHand
from floorman.engine.holdem import HoldemHand


@dataclass(frozen=True, slots=True)
class Situation:
    seat: int
    game: str  # "holdem" or "draw"
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


def situation(hand: HoldemHand | DrawHand, seat: int) -> Situation:
    """The situation of ``seat``, from its own point of view only."""
    i = hand.position[seat]
    legal = hand.legal_actions(seat)
    opponents = sum(1 for k in range(hand.n) if k != i and not hand.folded[k])
    if isinstance(hand, DrawHand):
        if hand.discarded[i] is None:
            cards: tuple[Card, ...] = tuple(hand.cards[i])
            hidden = 0
        else:
            drawn = tuple(hand.drawn[i]) if hand.looked[i] else ()
            cards = (*hand.kept[i], *drawn)
            hidden = 0 if hand.looked[i] else len(hand.drawn[i])
        return Situation(
            seat=seat,
            game="draw",
            phase=hand.phase,
            round=hand.round_kind,
            cards=cards,
            hidden_cards=hidden,
            board=(),
            legal=legal,
            pot=hand.pot_total,
            stack=hand.stacks[i],
            opponents=opponents,
            can_look=hand.can_look(seat),
            big_blind=hand.ante_unit,
            is_high_bidder=hand.high_bidder == i,
            must_look=hand.must_look(i),
        )
    hole = hand.holes[i] or ()
    return Situation(
        seat=seat,
        game="holdem",
        phase=hand.phase,
        round=hand.street_name,
        cards=tuple(hole),
        hidden_cards=0,
        board=hand.board,
        legal=legal,
        pot=hand.pot_total,
        stack=hand.stacks[i],
        opponents=opponents,
        can_look=False,
        big_blind=hand.started.big_blind,
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
