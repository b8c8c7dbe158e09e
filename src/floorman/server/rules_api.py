"""``/api/rules``: the clause registry over HTTP (issue 9), for the director's
console (its clause picker) and anyone reading the rulings."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from floorman.rules import RULEBOOKS, UnknownClause, get, registry

router = APIRouter(prefix="/api")


@router.get("/rules", summary="Every clause and open question with its status")
async def rules(rulebook: str | None = None) -> list[dict[str, str]]:
    """Each entry: id, rulebook, status, text (``?rulebook=NM-D|NM-H|DE|OQ``
    keeps one rulebook)."""
    if rulebook is not None and rulebook not in RULEBOOKS:
        raise HTTPException(422, f"unknown rulebook {rulebook!r}: one of {', '.join(RULEBOOKS)}")
    return [
        {"id": c.id, "rulebook": c.rulebook, "status": c.status, "text": c.text}
        for c in registry().values()
        if rulebook is None or c.rulebook == rulebook
    ]


@router.get("/rules/{clause_id}", summary="One clause: text, original, status, where")
async def rule(clause_id: str) -> dict[str, Any]:
    try:
        return get(clause_id).to_dict()
    except UnknownClause as error:
        raise HTTPException(404, str(error)) from None
