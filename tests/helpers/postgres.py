"""A throw-away PostgreSQL database on the server ``make test`` starts
(``FLOORMAN_TEST_POSTGRES_URL``, from scripts/ensure-postgres)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from floorman.storage.scratch import create_database, drop_database

SERVER = os.environ.get("FLOORMAN_TEST_POSTGRES_URL", "")
NO_SERVER = "no PostgreSQL: 'make test' starts one when run as root (scripts/ensure-postgres)"


@contextlib.contextmanager
def fresh_database(server: str = SERVER, prefix: str = "floorman_test") -> Iterator[str]:
    """A new, empty database on ``server`` (its URL), dropped afterwards
    with whatever is still connected to it."""
    url, name = create_database(server, prefix)
    try:
        yield url
    finally:
        drop_database(server, name)
