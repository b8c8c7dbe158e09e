"""Services: running tournaments with time, randomness and storage.

The server keeps to what this package exports: the :class:`Floor` of all
tournaments, each one's :class:`TournamentService` facade, and the errors
they raise (the rules' own, with their clauses)."""

from floorman.engine.errors import FloormanError, ProfileError, RuleViolation
from floorman.services.floor import Floor
from floorman.services.profiles import profile_listing
from floorman.services.runtime import SEAT_TAKEN_CODE, ServiceConfig, TournamentService

__all__ = [
    "SEAT_TAKEN_CODE",
    "Floor",
    "FloormanError",
    "ProfileError",
    "RuleViolation",
    "ServiceConfig",
    "TournamentService",
    "profile_listing",
]
