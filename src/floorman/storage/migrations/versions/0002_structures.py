"""Named structures, archived tournaments, table chat.

Revision ID: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "structures",
        sa.Column("name", sa.String(100), primary_key=True),
        sa.Column("profile", sa.String(40), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("tournament_id", sa.String(64), sa.ForeignKey("tournaments.id"), nullable=False),
        sa.Column("table_no", sa.Integer, nullable=False),
        sa.Column("player", sa.String(64), nullable=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_tournament", "chat_messages", ["tournament_id", "id"])
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(
            sa.Column("archived", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("archived")
    op.drop_index("ix_chat_tournament", "chat_messages")
    op.drop_table("chat_messages")
    op.drop_table("structures")
