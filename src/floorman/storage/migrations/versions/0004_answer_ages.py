"""When each command's answer was stored, indexed: answers older than the
retention (24 h by default) are pruned, and a retry is answered by one
lookup of its key, never by loading a tournament's answers (issue 27).

Revision ID: 0004
"""

import time

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # the answers stored before this had no time: they count from now, so a
    # client retrying across the upgrade still finds its answer
    stored_before = repr(round(time.time(), 3))
    op.add_column(
        "command_answers",
        sa.Column("at", sa.Float, nullable=False, server_default=sa.text(stored_before)),
    )
    op.create_index("ix_command_answers_at", "command_answers", ["at"])


def downgrade() -> None:
    op.drop_index("ix_command_answers_at", "command_answers")
    with op.batch_alter_table("command_answers") as batch:
        batch.drop_column("at")
