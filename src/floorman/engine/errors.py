"""Typed errors.  Every rejected action says who tried what, what was allowed,
and which clause forbids it, so the message alone reproduces the case.

>>> error = AmountOutOfRange(
...     "raise to {amount} is below the minimum raise",
...     seat=3, action="raise", attempted=50, allowed=(60, 200),
...     clause="DE-RAISE-6", values={"amount": 50})
>>> str(error)
'seat 3: raise to 50 is below the minimum raise (allowed 60 to 200) [DE-RAISE-6]'
>>> error.clause, error.allowed
('DE-RAISE-6', (60, 200))
>>> error.template, error.values
('raise to {amount} is below the minimum raise', {'amount': 50})

The reason is a message template (gettext style: the English template is
the message id) and its values, so the browser can say it in the user's
language with the engine's own numbers: the catalogue key of a template is
``errors.msg.<template>`` (``server/i18n/*/errors.json``).  Values are ints
and strings; a value named in :data:`TRANSLATED_VALUES` (``action``,
``phase`` …) is an English word the catalogue translates too, under
``errors.value.<name>.<value>``.  The ``seat N:`` prefix and the
``(allowed …)`` suffix come from the structured fields, so a client builds
them in its language as well.
"""

from __future__ import annotations

from typing import Any

#: value names whose value is an English word or phrase that clients look up
#: as ``errors.value.<name>.<value>`` (the rest are numbers, names, cards)
TRANSLATED_VALUES = ("action", "phase", "status", "what", "why")


def _plain(values: dict[str, Any] | None) -> dict[str, int | str]:
    """The values JSON-safe: ints stay ints, anything else is its text."""
    return {
        k: v if isinstance(v, int) and not isinstance(v, bool) else str(v)
        for k, v in (values or {}).items()
    }


class FloormanError(Exception):
    """Base class of every error floorman raises on purpose.

    ``FloormanError("no table {table}", values={"table": 3})`` says "no
    table 3" and keeps the template and values for a translated message;
    without values the message is its own template."""

    template: str
    values: dict[str, int | str]

    def __init__(self, *args: object, values: dict[str, Any] | None = None) -> None:
        if values and args and isinstance(args[0], str):
            self.template, self.values = args[0], _plain(values)
            args = (args[0].format(**values), *args[1:])
        else:
            self.template, self.values = (str(args[0]) if args else ""), {}
        super().__init__(*args)


class CardError(FloormanError, ValueError):
    """Card text that cannot be read, or a card used twice."""


class ProfileError(FloormanError, ValueError):
    """A rule profile or structure that is incomplete or contradicts itself."""


class RuleViolation(FloormanError):
    """An action the rules forbid.  Nothing was changed.

    ``clause`` names the rule (``NM-D-3A``, ``OQ-32``, …); ``allowed`` is a
    ``(minimum, maximum)`` pair for amounts, or a description of what may be
    done instead (itself a template filled from ``values``).
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
        values: dict[str, Any] | None = None,
    ) -> None:
        template = reason
        plain = _plain(values)
        self.reason = reason.format(**values) if values else reason
        self.clause = clause
        self.seat = seat
        self.action = action
        self.attempted = attempted
        self.allowed_template = allowed if isinstance(allowed, str) else None
        self.allowed = allowed.format(**values) if isinstance(allowed, str) and values else allowed
        super().__init__(self._message())
        self.template, self.values = template, plain  # the base set the whole message

    def _message(self) -> str:
        who = f"seat {self.seat}: " if self.seat is not None else ""
        allowed = ""
        if isinstance(self.allowed, tuple) and len(self.allowed) == 2:
            allowed = f" (allowed {self.allowed[0]} to {self.allowed[1]})"
        elif self.allowed is not None:
            allowed = f" (allowed: {self.allowed})"
        return f"{who}{self.reason}{allowed} [{self.clause}]"

    def to_dict(self) -> dict[str, Any]:
        """The error as data, for an error frame or a JSON line: the English
        ``message`` and ``reason``, and ``template``/``values`` (and
        ``allowed_template``) to say it in another language."""
        return {
            "error": type(self).__name__,
            "message": str(self),
            "reason": self.reason,
            "template": self.template,
            "values": dict(self.values),
            "clause": self.clause,
            "seat": self.seat,
            "action": self.action,
            "attempted": self.attempted,
            "allowed": list(self.allowed) if isinstance(self.allowed, tuple) else self.allowed,
            "allowed_template": self.allowed_template,
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
