"""Alembic environment: runs on the connection the store hands over, so
migrations need no configuration file and work on SQLite and PostgreSQL."""

from alembic import context

from floorman.storage.models import Base

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
