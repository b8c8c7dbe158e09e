"""Typed errors.  Every rejected action says who tried what, what was allowed,
and which clause forbids it, so the message alone reproduces the case.

>>> error = AmountOutOfRange(
...     "raise to 50 is below the minimum raise",
...     seat=3, action="raise", attempted=50, allowed=(60, 200),
...     clause="DE-RAISE-6")
>>> str(error)
'seat 3: raise to 50 is below the minimum raise (allowed 60 to 200) [DE-RAISE-6]'
>>> error.clause, error.allowed
('DE-RAISE-6', (60, 200))
"""

from __future__ import annotations

from typing import Any


class FloormanError(Exception):
    """Base class of every error floorman raises on purpose."""


class CardError(FloormanError, ValueError):
    """Card text that cannot be read, or a card used twice."""


class ProfileError(FloormanError, ValueError):
    """A rule profile or structure that is incomplete or contradicts itself."""


class RuleViolation(FloormanError):
    """An action the rules forbid.  Nothing was changed.

    ``clause`` names the rule (``NM-D-3A``, ``OQ-32``, …); ``allowed`` is a
    ``(minimum, maximum)`` pair for amounts, or a description of what may be
    done instead.
    """

    def __init__(
        self,
        reason: str,
        *,
        clause: str,
        seat: int | None = None,
        action: str | None = None,
        attempted: Any = None,
        allowed: Any = None,
    ) -> None:
        self.reason = reason
        self.clause = clause
        self.seat = seat
        self.action = action
        self.attempted = attempted
        self.allowed = allowed
        super().__init__(self._message())

    def _message(self) -> str:
        who = f"seat {self.seat}: " if self.seat is not None else ""
        allowed = ""
        if isinstance(self.allowed, tuple) and len(self.allowed) == 2:
            allowed = f" (allowed {self.allowed[0]} to {self.allowed[1]})"
        elif self.allowed is not None:
            allowed = f" (allowed: {self.allowed})"
        return f"{who}{self.reason}{allowed} [{self.clause}]"

    def to_dict(self) -> dict[str, Any]:
        """The error as data, for an error frame or a JSON line."""
        return {
            "error": type(self).__name__,
            "message": str(self),
            "reason": self.reason,
            "clause": self.clause,
            "seat": self.seat,
            "action": self.action,
            "attempted": self.attempted,
            "allowed": list(self.allowed) if isinstance(self.allowed, tuple) else self.allowed,
        }


class OutOfTurn(RuleViolation):
    """Someone acted who is not the player to act."""


class ActionNotAllowed(RuleViolation):
    """The action is not open to this player now (e.g. check facing a bet)."""


class AmountOutOfRange(RuleViolation):
    """A bet or raise below the minimum or above the limit."""


class BadCards(RuleViolation):
    """Cards dealt, shown or drawn that do not fit the hand."""


class HandFinished(RuleViolation):
    """An action after the hand has ended."""


class SetupViolation(RuleViolation, ProfileError):
    """A set-up the profile's rules forbid, refused before anything is
    played: a payout table of the wrong length (NM-H-19, OQ-39), blinds or
    antes not stated in antes (NM-H-2, OQ-28).  It carries its clause like
    every :class:`RuleViolation`, and is a :class:`ProfileError` (bad
    configuration, HTTP 422) like the other set-up errors."""
