"""Entries after the start and the money settings of a new tournament.

An entry made while late registration is open is seated at once by the
tournament's own rules (:meth:`Tournament.seat_late_entry`), as is a
re-entry; the tables are then told and woken, so the newcomer is dealt in
at his table's next hand.  The settings (buy-in, fee, guarantee, payout
tables by entries, late registration, start time) are checked here and
again by the structure."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from floorman.dealing import secure_randbelow
from floorman.engine.errors import ProfileError, SetupViolation
from floorman.tournament.money import payout_ranges_from
from floorman.tournament.structure import Structure

if TYPE_CHECKING:
    from floorman.services.runtime import TournamentService


def with_entries_and_money(
    structure: Structure,
    *,
    buy_in: int | None = None,
    fee: int | None = None,
    guarantee: int | None = None,
    payout_tables: list[dict[str, Any]] | None = None,
    late_registration_level: int | None = None,
    starts_at: str | None = None,
    auto_start: bool | None = None,
    payout_unit: int | None = None,
) -> Structure:
    """``structure`` with the settings given (None: as it was, e.g. a
    saved structure's); a start time must be an ISO 8601 time."""
    changes: dict[str, Any] = {}
    for name, value in (
        ("buy_in", buy_in),
        ("fee", fee),
        ("guarantee", guarantee),
        ("late_registration_level", late_registration_level),
    ):
        if value is not None:
            changes[name] = int(value)
    if payout_unit is not None:
        changes["payout_unit"] = payout_unit  # a whole amount from 1: the structure checks (OQ-69)
    if payout_tables is not None:
        try:
            changes["payout_tables"] = payout_ranges_from(payout_tables)
        except (KeyError, TypeError, ValueError):
            raise ProfileError("a payout table is min_entries, max_entries and shares") from None
    if starts_at is not None:
        changes["starts_at"] = iso_time(starts_at)
    if auto_start is not None:
        changes["auto_start"] = bool(auto_start)
    return dataclasses.replace(structure, **changes) if changes else structure


def iso_time(text: str) -> str:
    """``text`` if it is an ISO 8601 time (with its zone, or read as UTC by
    the lobby); refused otherwise."""
    try:
        datetime.fromisoformat(text)
    except ValueError:
        raise ProfileError(
            "the start time {time} is no ISO 8601 time", values={"time": repr(text)[:40]}
        ) from None
    return text


#: how long ago a start time "now" typed to the minute may be: beyond it a
#: tournament that starts by itself would start at its next entry, unseen
START_GRACE = timedelta(minutes=5)
#: a start further ahead than this is probably a typo of the year or month
FAR_OFF = timedelta(days=30)


def start_time(text: str) -> datetime:
    """An ISO 8601 start time; one without a zone is read as UTC, as the
    lobby reads it."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def verify_start_time(structure: Structure, now: datetime) -> None:
    """A tournament that starts by itself must not start in the past: it
    would start at once, on its second entry, before anyone is told (OQ-41:
    the start is the organiser's to set)."""
    if not structure.auto_start or structure.starts_at is None:
        return
    if start_time(structure.starts_at) < now - START_GRACE:
        raise SetupViolation(
            "a tournament that starts by itself needs a start time still to come, not {time}",
            clause="OQ-41",
            attempted=structure.starts_at,
            values={"time": structure.starts_at},
        )


def start_time_warnings(structure: Structure, now: datetime) -> list[dict[str, Any]]:
    """What the director is told, not refused: a start more than
    ``FAR_OFF`` ahead (a catalogue key and its values)."""
    if structure.starts_at is None:
        return []
    ahead = start_time(structure.starts_at) - now
    if ahead <= FAR_OFF:
        return []
    return [{"key": "money.start_far_off", "values": {"days": ahead.days}}]


def seat_if_late(service: TournamentService, player: str) -> None:
    """A new entry of a running tournament (late registration): his seat
    and stack now, the tables told and woken."""
    if service.tournament.status != "running":
        return
    service.tournament.seat_late_entry(player, secure_randbelow)
    wake(service)


def re_enter(service: TournamentService, player: str) -> None:
    """A busted player's new entry (where the profile allows re-entry,
    while late registration is open): refused with the clause otherwise."""
    service.tournament.re_enter(player, secure_randbelow)
    wake(service)


def wake(service: TournamentService) -> None:
    """A new seat may make a new table: the loops look again at once."""
    for number in service.tournament.tables:
        service.table(number).wake.set()
    service.changed.set()


__all__ = [
    "iso_time",
    "re_enter",
    "seat_if_late",
    "start_time",
    "start_time_warnings",
    "verify_start_time",
    "wake",
    "with_entries_and_money",
]
