"""Throw-away PostgreSQL databases for the chaos run, the server bench and
the tests: made fresh, dropped with whatever is still connected."""

from __future__ import annotations

import secrets

import sqlalchemy
from sqlalchemy.engine import make_url


def create_database(server_url: str, prefix: str) -> tuple[str, str]:
    """A new, empty database on the server ``server_url`` reaches:
    (its URL, its name)."""
    name = f"{prefix}_{secrets.token_hex(4)}"
    admin = sqlalchemy.create_engine(server_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(sqlalchemy.text(f'CREATE DATABASE "{name}"'))
    finally:
        admin.dispose()
    url = make_url(server_url).set(database=name).render_as_string(hide_password=False)
    return url, name


def drop_database(server_url: str, name: str) -> None:
    """Drop ``name`` after ending our own sessions in it.  Only our role's:
    an autovacuum worker busy in a database just used belongs to the
    superuser, and asking to end it fails ('must be a superuser to
    terminate superuser process'); DROP DATABASE stops such a worker itself."""
    admin = sqlalchemy.create_engine(server_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(
                sqlalchemy.text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = :name AND usename = current_user"
                    " AND pid <> pg_backend_pid()"
                ),
                {"name": name},
            )
            connection.execute(sqlalchemy.text(f'DROP DATABASE IF EXISTS "{name}"'))
    finally:
        admin.dispose()
