"""Persistence: every tournament and hand event as it happens (SQLAlchemy 2,
SQLite by default, PostgreSQL by URL; Alembic migrations at start)."""

from floorman.storage.store import Store

__all__ = ["Store"]
