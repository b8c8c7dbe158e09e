"""Any director's command by its kind: ``POST
/api/tournaments/{id}/commands/{kind}`` with the command's fields as the
body (``services/commands.py`` names them), carried out by the handler as
every command is.  A new director command needs no route of its own: the
console sends it here.  The typed routes (``/pause``, ``/clock/adjust`` …)
stay, with their documented bodies; this one answers the same."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from fastapi import APIRouter, Body, Request

from floorman.server.api import Director, IdempotencyKey, carried_out, rule_error
from floorman.services import commands as c

router = APIRouter(prefix="/api")

#: the kinds this route takes (the schema lists them)
DirectorKind = StrEnum("DirectorKind", {kind: kind for kind in sorted(c.DIRECTOR_COMMANDS)})  # type: ignore[misc]


@router.post(
    "/tournaments/{tournament_id}/commands/{kind}",
    dependencies=[Director],
    summary="Any director's command by its kind, its fields in the body (services/commands.py)",
)
async def director_command_by_kind(
    request: Request,
    tournament_id: str,
    kind: DirectorKind,
    body: dict[str, Any] = Body(default_factory=dict),  # noqa: B008
    key: IdempotencyKey = None,
) -> dict[str, Any]:
    """The body's fields are checked as a command read from a message is
    (each field's type and bounds, no field unknown): 422 names the first
    wrong one.  The tournament, the author and the key are the request's,
    never the body's."""
    fields = {k: v for k, v in body.items() if k not in ("kind", "tournament", "author", "key")}
    data = {
        **fields,
        "kind": str(kind.value),
        "tournament": tournament_id,
        "author": c.DIRECTOR,
        "key": key or "",
    }
    try:
        command = c.command_from_dict(data)
    except c.CommandError as error:
        raise rule_error(error) from None
    return await carried_out(request, command)
