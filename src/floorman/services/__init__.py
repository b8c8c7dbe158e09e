"""Services: running tournaments with time, randomness and storage."""

from floorman.services.floor import Floor
from floorman.services.runtime import ServiceConfig, TournamentService

__all__ = ["Floor", "ServiceConfig", "TournamentService"]
