"""Tournaments, hands, their events, and players.

Revision ID: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("profile", sa.String(40), nullable=False),
        sa.Column("status", sa.String(20), nullable=False, index=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("config", sa.Text, nullable=False),
    )
    op.create_table(
        "tournament_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "tournament_id",
            sa.String(64),
            sa.ForeignKey("tournaments.id"),
            index=True,
            nullable=False,
        ),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.UniqueConstraint("tournament_id", "seq"),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.String(100), primary_key=True),
        sa.Column("tournament_id", sa.String(64), sa.ForeignKey("tournaments.id"), nullable=False),
        sa.Column("table_no", sa.Integer, nullable=False),
        sa.Column("hand_no", sa.Integer, nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("ended_at", sa.Float, nullable=True),
    )
    op.create_index("ix_hands_tournament_status", "hands", ["tournament_id", "status"])
    op.create_table(
        "hand_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("hand_id", sa.String(100), sa.ForeignKey("hands.id"), index=True, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.UniqueConstraint("hand_id", "seq"),
    )
    op.create_table(
        "players",
        sa.Column(
            "tournament_id", sa.String(64), sa.ForeignKey("tournaments.id"), primary_key=True
        ),
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("players")
    op.drop_table("hand_events")
    op.drop_index("ix_hands_tournament_status", "hands")
    op.drop_table("hands")
    op.drop_table("tournament_events")
    op.drop_table("tournaments")
