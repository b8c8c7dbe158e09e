"""Security headers on every HTTP response (issue 12, "Secrets").

The pages run only the scripts and styles the server sends as files: the
content-security policy forbids inline scripts (the language catalogue is
inlined as ``<script type="application/json">``, which is data, never run)
and inline style attributes (the JS sets styles through ``element.style``,
which a policy does not govern).  No page may be framed (click-jacking),
browsers may not guess a content type, and no address — a seat link's
included — leaks to another site in a ``Referer``.

The API documentation FastAPI serves (``/docs``, ``/redoc``) is Swagger UI
and ReDoc: an inline script and files from a CDN.  Those two pages alone get
a policy that lets them run; they hold nothing but the public schema.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

#: the pages' policy; ``connect-src 'self'`` covers the page's own ws(s)://
#: origin in current browsers
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
CDN = "https://cdn.jsdelivr.net"
DOCS_POLICY = (
    f"default-src 'self'; script-src 'self' 'unsafe-inline' {CDN}; "
    f"style-src 'self' 'unsafe-inline' {CDN}; img-src 'self' data: https://fastapi.tiangolo.com; "
    f"worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc"})

HEADERS: list[tuple[bytes, bytes]] = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


def policy_for(path: str) -> str:
    return DOCS_POLICY if path in DOCS_PATHS else POLICY


class SecurityHeaders:
    """ASGI middleware: the headers above on every HTTP response (a header
    the application set itself is kept)."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        added = [
            (b"content-security-policy", policy_for(str(scope.get("path", ""))).encode()),
            *HEADERS,
        ]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                present = {name.lower() for name, _ in headers}
                headers += [(name, value) for name, value in added if name not in present]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


__all__ = ["POLICY", "SecurityHeaders", "policy_for"]
