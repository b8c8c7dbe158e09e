"""Ports for servers started later by someone else (a subprocess
``floorman serve --port``, a redis-server, a relay): chosen below the
kernel's ephemeral range, in a slice of their own per pytest-xdist worker.

A port bind(0) hands out is in the ephemeral range: between choosing it
and the server's bind, any outgoing connection on the machine (an HTTP
poll, a database client, a test on the other worker) may take it as its
own end, and the server then fails to start; a Redis restarted on the
same port (``floorman chaos``) is exposed all the time it is down.
Below the range nothing is handed out by the kernel, and each worker
(``PYTEST_XDIST_WORKER``, gw0 when there is none) tries its own
thousand ports, so two workers never choose the same one.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

#: how many ports each pytest-xdist worker may hand out below the range
PORTS_PER_WORKER = 1000
_next_ports: Iterator[int] | None = None


def ephemeral_low() -> int:
    """The first port the kernel hands out by itself (to bind(0) and to
    every outgoing connection)."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def _port_candidates() -> Iterator[int]:
    """This worker's own slice below the ephemeral range (gw0 the highest),
    started at an offset of this process's, so two runs on one machine
    rarely try the same ports first."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    index = int(worker) if worker.isdigit() else 0
    top = ephemeral_low() - index * PORTS_PER_WORKER
    start = os.getpid() % PORTS_PER_WORKER
    for k in range(PORTS_PER_WORKER):
        yield top - 1 - (start + k) % PORTS_PER_WORKER
    raise RuntimeError(f"no free port left in {top - PORTS_PER_WORKER}…{top - 1}")


def free_port() -> int:
    """A port nothing listens on now, outside the ephemeral range, handed
    out once per process."""
    global _next_ports
    if _next_ports is None:
        _next_ports = _port_candidates()
    for port in _next_ports:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:  # taken, or still held by a closed server
                continue
            return port
    raise RuntimeError("unreachable: the candidates end with an error")


__all__ = ["PORTS_PER_WORKER", "ephemeral_low", "free_port"]
