"""The tournament's refusal (its own module so that the command mixins and
:mod:`floorman.tournament.core` share it without a cycle)."""

from __future__ import annotations

from floorman.engine.errors import RuleViolation


class TournamentError(RuleViolation):
    """A tournament command that the rules or the state do not allow."""
