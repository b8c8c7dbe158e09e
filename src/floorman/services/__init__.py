"""Services: running tournaments with time, randomness and storage.

The server keeps to what this package exports: the read side
(:class:`FloorView` of all tournaments, each one's :class:`TournamentView`),
and the errors they raise (the rules' own, with their clauses).  The
writable :class:`Floor` and :class:`TournamentService` are the command
handler's and the deployments' (services/view.py)."""

from floorman.engine.errors import FloormanError, ProfileError, RuleViolation
from floorman.services.floor import Floor
from floorman.services.profiles import profile_listing
from floorman.services.runtime import SEAT_TAKEN_CODE, ServiceConfig, TournamentService
from floorman.services.view import FloorView, TournamentView

__all__ = [
    "SEAT_TAKEN_CODE",
    "Floor",
    "FloorView",
    "FloormanError",
    "ProfileError",
    "RuleViolation",
    "ServiceConfig",
    "TournamentService",
    "TournamentView",
    "profile_listing",
]
