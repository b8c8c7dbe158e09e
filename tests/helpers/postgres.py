"""A throw-away PostgreSQL database on the server ``make test`` starts
(``FLOORMAN_TEST_POSTGRES_URL``, from scripts/ensure-postgres)."""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator

import sqlalchemy

SERVER = os.environ.get("FLOORMAN_TEST_POSTGRES_URL", "")
NO_SERVER = "no PostgreSQL: 'make test' starts one when run as root (scripts/ensure-postgres)"


@contextlib.contextmanager
def fresh_database(server: str = SERVER, prefix: str = "floorman_test") -> Iterator[str]:
    """A new, empty database on ``server`` (its URL), dropped afterwards
    with whatever is still connected to it."""
    name = f"{prefix}_{secrets.token_hex(4)}"
    admin = sqlalchemy.create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sqlalchemy.text(f'CREATE DATABASE "{name}"'))
    try:
        yield server.rsplit("/", 1)[0] + "/" + name
    finally:
        with admin.connect() as connection:
            connection.execute(
                sqlalchemy.text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    f" WHERE datname = '{name}' AND pid <> pg_backend_pid()"
                )
            )
            connection.execute(sqlalchemy.text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()
