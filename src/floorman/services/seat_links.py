"""A player's seat link shown or reissued by the director (OQ-74).

A player the director registers at the desk, or one who changed his phone
or cleared his browser, holds no link to his seat.  The director reissues
one: a :class:`~floorman.tournament.events.SeatLinkReissued` event counts
the player's reissues, and the link's token is derived from the server's
key, the tournament, the player and that count
(:meth:`floorman.storage.crypto.Seal.derive`).  So the token itself is
stored nowhere, a restart or another process derives the same one from the
events, and the director can show the current link again (not the one made
at registration: only its hash is kept).  Every token the player had before
is closed, and his open sockets are told why and closed (4410).

The QR code of the link is drawn here as SVG (segno), so the console only
shows it: the browser computes nothing.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import segno

from floorman.services.auth import token_hash

if TYPE_CHECKING:
    from floorman.services.runtime import TournamentService

#: websocket close code: the director reissued this seat's link (final)
LINK_REISSUED_CODE = 4410
LINK_REISSUED = {
    "type": "seat_link_reissued",
    "code": LINK_REISSUED_CODE,
    "message": "the director gave this seat a new link: this one no longer opens it",
    "clause": "OQ-74",
}


def seat_token(service: TournamentService, player: str, link: int) -> str:
    """The token of ``player``'s ``link``-th reissued link (the same in every
    process sharing the server's key)."""
    return service.store.seal.derive(f"seat link\n{service.id}\n{player}\n{link}")


def seat_link_path(tournament_id: str, token: str) -> str:
    """The seat page with the token in its fragment (never in an access log)."""
    return f"/t/{tournament_id}/play#seat={token}"


def qr_svg(text: str, title: str) -> str:
    """``text`` as a QR code, an inline ``<svg>`` (medium error correction:
    a phone reads it off a printed slip or a screen across the desk)."""
    code = segno.make(text, error="m")
    out = io.BytesIO()
    # with its namespace: the console parses it as SVG, never as HTML
    code.save(
        out, kind="svg", xmldecl=False, svgns=True, nl=False, scale=4, title=title,
        svgclass="qr", lineclass="qr-line",
    )  # fmt: skip
    return out.getvalue().decode("utf-8")


def current_link(service: TournamentService, player: str) -> int:
    """How many times the director reissued ``player``'s link (0: never)."""
    return service.tournament.seat_links.get(player, 0)


def refresh(service: TournamentService) -> list[str]:
    """Bring the tokens in line with the events (a load, a replica's fold,
    the reissue itself): the players whose link changed here."""
    changed = []
    for player, link in service.tournament.seat_links.items():
        if service.auth.link_of(player) != link:
            service.auth.reissue(player, token_hash(seat_token(service, player, link)), link)
            changed.append(player)
    return changed


def link_answer(
    service: TournamentService, player: str, link: int, base_url: str
) -> dict[str, Any]:
    """What the director's console shows of ``player``'s ``link``-th link:
    the link, its address for the QR code, and the code."""
    path = seat_link_path(service.id, seat_token(service, player, link))
    url = base_url.rstrip("/") + path
    name = service.tournament.players[player].name
    return {
        "player": player,
        "name": name,
        "link": link,
        "seat_link": path,
        "url": url,
        "qr_svg": qr_svg(url, name),
    }


__all__ = [
    "LINK_REISSUED",
    "LINK_REISSUED_CODE",
    "current_link",
    "link_answer",
    "qr_svg",
    "refresh",
    "seat_link_path",
    "seat_token",
]
