"""What the server takes from a client, and no more: request bodies of at
most :data:`MAX_BODY` bytes, JSON without NaN, Infinity, lone surrogates
or absurd nesting (each answered with a clear 413 or 422, never a 500), and
422 bodies that never echo the input back.
"""

from __future__ import annotations

import json
import math
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from floorman.server.error_bodies import error_body, message_body
from floorman.services import FloormanError

MAX_BODY = 1 << 20  # bytes of one request body
MAX_DEPTH = 32  # nesting of JSON a client sends

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class BadJson(ValueError):
    """JSON floorman refuses; ``template`` says why, in the catalogue's words."""

    def __init__(self, template: str) -> None:
        super().__init__(template)
        self.template = template


def _no_constant(name: str) -> Any:
    raise BadJson("numbers must be finite: NaN and Infinity are not JSON")


def parse_json(text: str | bytes) -> Any:
    """``json.loads`` for client input: refuses NaN and Infinity, text that
    is not UTF-8 or holds a lone surrogate, and nesting deeper than
    :data:`MAX_DEPTH`.  Raises :class:`BadJson` (or ``json.JSONDecodeError``
    for what is not JSON at all)."""
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise BadJson("JSON nested too deeply") from None
    except UnicodeDecodeError:
        raise BadJson("the body is not UTF-8 text") from None
    _check(value, 0)
    return value


def _check(value: Any, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise BadJson("JSON nested too deeply")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise BadJson("text holds a lone surrogate: it is not Unicode") from None
    elif isinstance(value, dict):
        for key, item in value.items():
            _check(key, depth + 1)
            _check(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check(item, depth + 1)
    elif isinstance(value, float) and not math.isfinite(value):  # 1e400 reads as inf
        raise BadJson("numbers must be finite: NaN and Infinity are not JSON")


def _refusal(
    status: int, template: str, values: dict[str, int | str] | None = None
) -> JSONResponse:
    return JSONResponse({"detail": message_body(template, values)}, status_code=status)


async def too_large(scope: Scope, receive: Receive, send: Send) -> None:
    response = _refusal(413, "request body too large: at most {limit} bytes", {"limit": MAX_BODY})
    await response(scope, receive, send)


class BodyGuard:
    """ASGI middleware: reads an HTTP request's body (at most
    :data:`MAX_BODY` bytes: 413 beyond), checks JSON bodies with
    :func:`parse_json` (422), then hands the body on unchanged."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        declared = headers.get(b"content-length", b"0")
        if declared.isdigit() and int(declared) > MAX_BODY:
            await too_large(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                await too_large(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        if body.strip() and b"json" in headers.get(b"content-type", b""):
            try:
                parse_json(body)
            except BadJson as error:
                await _refusal(422, error.template)(scope, receive, send)
                return
            except json.JSONDecodeError:
                pass  # FastAPI answers it with its own 422
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def validation_error(request: Request, error: Exception) -> JSONResponse:
    """422 for input the models refuse, naming the field and the reason but
    never echoing the input (it may be huge, or not encodable)."""
    assert isinstance(error, RequestValidationError)
    for item in error.errors():
        refused = (item.get("ctx") or {}).get("error")
        if isinstance(refused, FloormanError):
            # one of our own checks (a made-up clause): its reason, in the
            # shape the pages translate, not "invalid input: clause"
            return JSONResponse({"detail": error_body(refused)}, status_code=422)
    details = [
        {
            "loc": [str(part) for part in item.get("loc", ())],
            "msg": str(item.get("msg", "")),
            "type": str(item.get("type", "")),
        }
        for item in error.errors()[:20]
    ]
    return JSONResponse({"detail": details}, status_code=422)


__all__ = ["MAX_BODY", "MAX_DEPTH", "BadJson", "BodyGuard", "parse_json", "validation_error"]
