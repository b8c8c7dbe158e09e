"""The database tables.  Events are stored as JSON text, one row each, in
order; everything else is derived from them.  A hand event's text is sealed
(storage/crypto.py): the database alone shows no card."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TournamentRow(Base):
    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    profile: Mapped[str] = mapped_column(String(40))
    status: Mapped[str] = mapped_column(String(20), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    config: Mapped[str] = mapped_column(Text, default="{}")
    #: kept but out of the lobby's list (the director's archive)
    archived: Mapped[bool] = mapped_column(Boolean, default=False)


class TournamentEventRow(Base):
    __tablename__ = "tournament_events"
    __table_args__ = (UniqueConstraint("tournament_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(40))
    data: Mapped[str] = mapped_column(Text)


class HandRow(Base):
    __tablename__ = "hands"
    __table_args__ = (Index("ix_hands_tournament_status", "tournament_id", "status"),)

    id: Mapped[str] = mapped_column(String(100), primary_key=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"))
    table_no: Mapped[int] = mapped_column(Integer)
    hand_no: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(20))
    started_at: Mapped[float] = mapped_column(Float)
    ended_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class HandEventRow(Base):
    __tablename__ = "hand_events"
    __table_args__ = (UniqueConstraint("hand_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    hand_id: Mapped[str] = mapped_column(ForeignKey("hands.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    data: Mapped[str] = mapped_column(Text)


class PlayerRow(Base):
    __tablename__ = "players"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    player: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    kind: Mapped[str] = mapped_column(String(20))  # "human", "bot", "external-bot"
    token_hash: Mapped[str] = mapped_column(String(64), index=True)


class StructureRow(Base):
    """A structure the director saved under a name (levels, breaks,
    starting stack, payouts), to choose when creating a tournament."""

    __tablename__ = "structures"

    name: Mapped[str] = mapped_column(String(100), primary_key=True)
    profile: Mapped[str] = mapped_column(String(40))
    data: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    """A table chat message, kept for the director's log."""

    __tablename__ = "chat_messages"
    __table_args__ = (Index("ix_chat_tournament", "tournament_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"))
    table_no: Mapped[int] = mapped_column(Integer)
    player: Mapped[str | None] = mapped_column(String(64), nullable=True)  # None: a spectator
    name: Mapped[str] = mapped_column(String(100))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class CommandAnswerRow(Base):
    """The first answer to a command sent with an idempotency key (stored
    in the transaction of what the command changed): a retry gets it again
    instead of the command being carried out twice."""

    __tablename__ = "command_answers"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)  # SHA-256 of author and key
    tournament_id: Mapped[str | None] = mapped_column(String(64), index=True, nullable=True)
    answer: Mapped[str] = mapped_column(Text)
    #: when it was stored (wall clock): pruned once older than the retention
    at: Mapped[float] = mapped_column(Float, index=True)
