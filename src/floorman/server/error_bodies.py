"""The error bodies of :mod:`floorman.services.error_bodies` as HTTP errors.

The bodies are made below the server, because the command handler answers
refusals in that shape whichever transport carried the command."""

from __future__ import annotations

from fastapi import HTTPException

from floorman.services.error_bodies import LANGUAGE, clause_texts, error_body, message_body


def http_error(
    status: int,
    template: str,
    values: dict[str, int | str] | None = None,
    *,
    clause: str | None = None,
) -> HTTPException:
    return HTTPException(status, message_body(template, values, clause=clause))


__all__ = ["LANGUAGE", "clause_texts", "error_body", "http_error", "message_body"]
