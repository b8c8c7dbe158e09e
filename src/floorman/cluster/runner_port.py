"""A runner's own port (``floorman serve --runner-metrics-port``): a runner
serves no players, so its metrics and probes have a small server of their
own, on a thread: ``/metrics`` (its registry, :mod:`floorman.server.metrics`),
``/health`` (the process runs) and ``/ready`` (its database, Redis and
lease connection answer; 503 naming what does not)."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Iterable
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import make_wsgi_app

from floorman.server.metrics import Metrics, Readiness

#: how long /ready waits for the runner's event loop to run the checks
READY_TIMEOUT_SECONDS = 5.0

StartResponse = Callable[..., Any]


class _ThreadingServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """A scrape every 15 s is no news: nothing on standard error."""


class RunnerPort:
    def __init__(
        self,
        port: int,
        process: str,
        metrics: Metrics,
        readiness: Readiness,
        loop: asyncio.AbstractEventLoop,
    ) -> None:
        self.process = process
        self.readiness = readiness
        self.loop = loop
        self.metrics_app = make_wsgi_app(metrics.registry)
        self.server = make_server(
            "", port, self.app, server_class=_ThreadingServer, handler_class=_QuietHandler
        )
        self.thread = threading.Thread(
            target=self.server.serve_forever, name="runner-port", daemon=True
        )

    def start(self) -> None:
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def app(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path == "/health":
            return self._json(start_response, 200, {"status": "ok", "process": self.process})
        if path == "/ready":
            # the checks are the runner's coroutines: they run on its loop
            future = asyncio.run_coroutine_threadsafe(self.readiness.report(), self.loop)
            try:
                ready, checks = future.result(READY_TIMEOUT_SECONDS)
            except Exception:  # its loop is stuck: that is not ready either
                future.cancel()
                ready, checks = False, {"runner": "its event loop does not answer"}
            body = {"status": "ready" if ready else "not ready", "checks": checks}
            return self._json(start_response, 200 if ready else 503, body)
        result: Iterable[bytes] = self.metrics_app(environ, start_response)
        return result

    @staticmethod
    def _json(start_response: StartResponse, status: int, body: dict[str, Any]) -> list[bytes]:
        text = json.dumps(body).encode()
        reason = "OK" if status == 200 else "Service Unavailable"
        start_response(
            f"{status} {reason}",
            [("Content-Type", "application/json"), ("Content-Length", str(len(text)))],
        )
        return [text]


__all__ = ["RunnerPort"]
