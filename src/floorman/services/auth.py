"""Who a request or a socket is: players' secret tokens.

A player's token is made once, at registration, and given to him alone;
only its SHA-256 is stored, so a copy of the database seats nobody.  The
seat link (``/t/{id}/play#seat=TOKEN``: a fragment, never in an access log)
opened on another device takes the seat over: the older sockets are closed
(see :meth:`floorman.services.broadcast.Broadcaster.take_seat`)."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Mapping


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Tokens:
    """The players of one tournament by the hash of their token."""

    def __init__(self) -> None:
        self.by_hash: dict[str, str] = {}  # token hash -> player

    def load(self, rows: Iterable[Mapping[str, str]]) -> None:
        """The stored players (rows with ``token_hash`` and ``player``)."""
        for row in rows:
            self.by_hash[row["token_hash"]] = row["player"]

    def issue(self, player: str) -> tuple[str, str]:
        """A new secret token for ``player`` and its hash (to store)."""
        token = secrets.token_urlsafe(18)
        digest = token_hash(token)
        self.by_hash[digest] = player
        return token, digest

    def player_for(self, token: str | None) -> str | None:
        if not token:
            return None
        return self.by_hash.get(token_hash(token))


__all__ = ["Tokens", "token_hash"]
