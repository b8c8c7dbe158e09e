"""What an external bot knows: its situation read from the table frames the
server sends its seat, the same frames a browser gets (``floorman bot`` is
the client that plays with it)."""

from __future__ import annotations

from typing import Any

from floorman.bots.base import Situation, situation_from_view
from floorman.engine.seat_view import SeatView


def situation_from_frame(frame: dict[str, Any]) -> Situation | None:
    """The bot's situation from a table frame, or None when it need not
    act (not its turn and nothing to look at)."""
    data = frame.get("hand")
    you = frame.get("you") or {}
    if not data or you.get("seat") is None:
        return None
    view = SeatView.from_json(data)
    if view.you is None or not (view.legal or view.variant.awaits_seat()):
        return None
    return situation_from_view(view)
