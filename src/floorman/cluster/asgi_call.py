"""One HTTP request carried through an ASGI application in the same process,
as a runner carries out a request a web process forwarded: the same
routes, checks and answers as when the request comes over the network."""

from __future__ import annotations

import base64
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[MutableMapping[str, Any], Receive, Send], Awaitable[None]]


def request_message(
    method: str,
    path: str,
    query: str,
    headers: list[tuple[str, str]],
    body: bytes,
    client: str,
) -> dict[str, Any]:
    """The JSON a web process sends for one request."""
    return {
        "op": "http",
        "method": method,
        "path": path,
        "query": query,
        "headers": headers,
        "body": base64.b64encode(body).decode("ascii"),
        "client": client,
    }


async def call(app: App, request: dict[str, Any]) -> dict[str, Any]:
    """Run ``request`` (:func:`request_message`) through ``app``; its status,
    headers and body (base64), as a web process answers them."""
    body = base64.b64decode(request.get("body") or "")
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": str(request["method"]),
        "scheme": "http",
        "path": str(request["path"]),
        "raw_path": str(request["path"]).encode(),
        "query_string": str(request.get("query") or "").encode(),
        "root_path": "",
        "headers": [
            (k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in request["headers"]
        ],
        "client": (str(request.get("client") or "unknown"), 0),
        "server": ("runner", 80),
        "state": {},
    }
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    status = 500
    headers: list[tuple[str, str]] = []
    chunks: list[bytes] = []

    async def send(message: Message) -> None:
        nonlocal status, headers
        if message["type"] == "http.response.start":
            status = int(message["status"])
            headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in message["headers"]]
        elif message["type"] == "http.response.body":
            chunks.append(bytes(message.get("body", b"")))

    await app(scope, receive, send)
    return {
        "status": status,
        "headers": headers,
        "body": base64.b64encode(b"".join(chunks)).decode("ascii"),
    }


__all__ = ["call", "request_message"]
