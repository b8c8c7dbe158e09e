"""The answers to commands sent with an idempotency key (issue 19).

Revision ID: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "command_answers",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("tournament_id", sa.String(64), nullable=True),
        sa.Column("answer", sa.Text, nullable=False),
    )
    op.create_index("ix_command_answers_tournament_id", "command_answers", ["tournament_id"])


def downgrade() -> None:
    op.drop_index("ix_command_answers_tournament_id", "command_answers")
    op.drop_table("command_answers")
