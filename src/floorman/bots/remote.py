"""What an external bot knows: its situation read from the table frames the
server sends its seat, the same frames a browser gets (``floorman bot`` is
the client that plays with it)."""

from __future__ import annotations

from typing import Any

from floorman.bots.base import Situation
from floorman.engine.betting import LegalActions
from floorman.engine.cards import parse_card


def situation_from_frame(frame: dict[str, Any]) -> Situation | None:
    """The bot's situation from a table frame, or None when it need not
    act (not its turn and nothing to look at)."""
    view = frame.get("hand")
    you = frame.get("you") or {}
    seat = you.get("seat")
    if not view or seat is None:
        return None
    legal = LegalActions(**view["legal"]) if view.get("legal") else None
    drawing = bool(view.get("can_draw"))
    can_look = bool(view.get("can_look"))
    if legal is None and not drawing and not can_look:
        return None
    me = next(p for p in view["players"] if p["seat"] == seat)
    own = me.get("cards") or []
    cards = tuple(parse_card(c) for c in own if c)
    draw = view["game"] == "draw"
    return Situation(
        seat=seat,
        game=view["game"],
        phase=view["phase"],
        round=view.get("round") or view.get("street") or "",
        cards=cards,
        hidden_cards=sum(1 for c in own if c is None),
        board=tuple(parse_card(c) for c in view.get("board", [])),
        legal=legal,
        pot=view["pot"],
        stack=me["stack"],
        opponents=sum(1 for p in view["players"] if not p["folded"] and p["seat"] != seat),
        can_look=can_look,
        big_blind=view["ante"] if draw else view["blinds"][1],
        is_high_bidder=view.get("high_bidder") == seat,
        must_look=bool(view.get("must_look")) or bool(legal and legal.must_look),
    )
