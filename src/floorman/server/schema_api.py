"""``GET /api/schema/seat-view``: the JSON Schema of the seat view every
client reads (the ``hand`` of a ``{"type": "table"}`` frame), made from the
engine's dataclasses (:func:`floorman.engine.seat_view.seat_view_schema`)."""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter

from floorman.engine.seat_view import seat_view_schema

router = APIRouter(prefix="/api")


@cache
def _schema() -> dict[str, Any]:
    return seat_view_schema()


@router.get("/schema/seat-view", summary="The JSON Schema of a seat's view of a hand")
async def seat_view() -> dict[str, Any]:
    """What one seat (or a spectator) receives as a table frame's ``hand``."""
    return _schema()
