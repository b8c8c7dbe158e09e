"""Actions as data: what a browser, a bot or a file asks a hand to do.

Every client speaks this one vocabulary; :func:`apply_action` turns a request
into the hand's verified method call, so a malformed request is rejected with
the same typed errors as an illegal one.

A refusal cites the rulebook the table plays by (``rulings``, from
:func:`floorman.engine.clauses.clauses_for`):

>>> from floorman.engine.clauses import clauses_for
>>> from floorman.profiles import load_profile
>>> german = clauses_for(load_profile("de-holdem"))
>>> Action.from_dict({"action": "raise", "amount": 40}, german)
Action(kind='raise', amount=40, cards=(), agree=None)
>>> Action.from_dict({"action": "dance"}, german)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
floorman.engine.errors.ActionNotAllowed: unknown action 'dance' (allowed: fold, ...) [DE-INTURN-1]
>>> norwegian_draw = clauses_for(load_profile("nm-draw"))
>>> Action.from_dict({"action": "dance"}, norwegian_draw)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
floorman.engine.errors.ActionNotAllowed: unknown action 'dance' (allowed: fold, ...) [NM-D-2C s5]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from floorman.engine.cards import Card, parse_cards
from floorman.engine.errors import ActionNotAllowed, CardError
from floorman.engine.events import Event

#: a check is one explicit action, however it would be announced at a table
#: (DE-CHECK-3); no action divides a pot by agreement (NM-H-14, OQ-34)
KINDS = (
    "fold",
    "check",
    "call",
    "bet",
    "raise",
    "check_or_call",
    "show",
    "muck",
    "propose_checkdown",
    "vote_checkdown",
    "look",
    "draw",
    "show_cards",  # cards out of play, to everyone (DE-HOLE-4)
)


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    amount: int | None = None
    cards: tuple[Card, ...] = ()
    agree: bool | None = None

    @classmethod
    def from_dict(cls, data: Any, rulings: Mapping[str, str]) -> Action:
        """Read a request such as ``{"action": "bet", "amount": 20}``;
        ``rulings``: the clauses of the table's rulebook its refusals cite."""
        if not isinstance(data, dict):
            raise ActionNotAllowed("an action must be an object", clause=rulings["declaration"])
        kind = data.get("action")
        if kind not in KINDS:
            raise ActionNotAllowed(
                "unknown action {kind}",
                clause=rulings["declaration"],
                allowed=", ".join(KINDS),
                values={"kind": repr(kind)},
            )
        amount = data.get("amount")
        if kind in ("bet", "raise") and (isinstance(amount, bool) or not isinstance(amount, int)):
            raise ActionNotAllowed(
                "{action} needs a whole-number 'amount' (the total to bet to), not {amount}",
                clause=rulings["amount"],
                action=kind,
                attempted=amount,
                values={"action": kind, "amount": repr(amount)},
            )
        cards: tuple[Card, ...] = ()
        if kind == "draw":
            raw = data.get("cards", "")
            if isinstance(raw, list):
                raw = " ".join(str(c) for c in raw)
            if not isinstance(raw, str):
                raise ActionNotAllowed(
                    "draw needs 'cards': the cards to discard", clause=rulings["draw_cards"]
                )
            try:
                cards = parse_cards(raw)
            except CardError as error:
                raise ActionNotAllowed(
                    error.template, clause=rulings["draw_cards"], action=kind, values=error.values
                ) from None
        agree = data.get("agree")
        if kind == "vote_checkdown" and not isinstance(agree, bool):
            raise ActionNotAllowed(
                "vote_checkdown needs 'agree': true or false", clause=rulings["no_checkdown"]
            )
        return cls(
            kind=kind, amount=amount if kind in ("bet", "raise") else None, cards=cards, agree=agree
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"action": self.kind}
        if self.amount is not None:
            data["amount"] = self.amount
        if self.cards:
            data["cards"] = [str(c) for c in self.cards]
        if self.agree is not None:
            data["agree"] = self.agree
        return data


class PlayableHand(Protocol):
    """What :func:`apply_action` needs of a hand (hold'em or draw)."""

    rulings: dict[str, str]  # the clauses its refusals cite (engine/clauses.py)

    def fold(self, seat: int) -> Event: ...
    def check(self, seat: int) -> Event: ...
    def call(self, seat: int) -> Event: ...
    def check_or_call(self, seat: int) -> Event: ...
    def bet_or_raise_to(self, seat: int, amount: int) -> Event: ...


#: the refusal of an action a game does not have, and which of the table's
#: rulings it cites (its rulebook's check-down rule, its actions)
_NOT_IN_THIS_GAME = {
    "vote_checkdown": ("this game has no agreed check-down", "no_checkdown"),
    "draw": ("this game has no draw", "draw_cards"),
}


def apply_action(hand: PlayableHand, seat: int, action: Action) -> Event:
    """Verify and apply ``action`` for ``seat``; raises a RuleViolation and
    changes nothing when it is not allowed."""
    kind = action.kind
    if kind in ("bet", "raise"):
        assert action.amount is not None
        return hand.bet_or_raise_to(seat, action.amount)
    method = getattr(hand, kind, None)  # the game's own action of that name, if it has one
    if method is None:
        missing = _NOT_IN_THIS_GAME.get(kind)
        if missing is not None:
            text, ruling = missing
            raise ActionNotAllowed(text, clause=hand.rulings[ruling], seat=seat, action=kind)
        raise ActionNotAllowed(
            "{action} is not part of this game",
            clause=hand.rulings["declaration"],
            seat=seat,
            action=kind,
            values={"action": kind},
        )
    if kind == "vote_checkdown":
        return method(seat, bool(action.agree))  # type: ignore[no-any-return]
    if kind == "draw":
        return method(seat, action.cards)  # type: ignore[no-any-return]
    return method(seat)  # type: ignore[no-any-return]
