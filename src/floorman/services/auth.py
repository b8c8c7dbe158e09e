"""Who a request or a socket is: players' secret tokens.

A player's token is made once, at registration, and given to him alone;
only its SHA-256 is stored, so a copy of the database seats nobody.  The
seat link (``/t/{id}/play#seat=TOKEN``: a fragment, never in an access log)
opened on another device takes the seat over: the older sockets are closed
(see :meth:`floorman.services.broadcast.Broadcaster.take_seat`).  A link the
director reissued (:mod:`floorman.services.seat_links`, OQ-74) replaces
every token the player had: from then on only the new one seats him."""

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
        # player -> (reissues, the hash of his one token now), OQ-74
        self.reissued: dict[str, tuple[int, str]] = {}

    def load(self, rows: Iterable[Mapping[str, str]]) -> None:
        """The stored players (rows with ``token_hash`` and ``player``); a
        row's token of a player whose link was reissued stays closed."""
        for row in rows:
            self.admit(row["token_hash"], row["player"])

    def admit(self, digest: str, player: str) -> bool:
        """Let the token with hash ``digest`` seat ``player`` (a stored row,
        a registration) unless his link was reissued since."""
        now = self.reissued.get(player)
        if now is not None and now[1] != digest:
            return False
        self.by_hash[digest] = player
        return True

    def reissue(self, player: str, digest: str, link: int) -> None:
        """Only the token with hash ``digest`` seats ``player`` from now on."""
        for old in [d for d, p in self.by_hash.items() if p == player]:
            del self.by_hash[old]
        self.by_hash[digest] = player
        self.reissued[player] = (link, digest)

    def link_of(self, player: str) -> int:
        """How many times ``player``'s link has been reissued here."""
        return self.reissued.get(player, (0, ""))[0]

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
