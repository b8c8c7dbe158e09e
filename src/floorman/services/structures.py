"""The director's saved structures: levels (antes or blinds per level, and
their length), breaks, the starting stack and the payout table, kept under
a name and chosen when a tournament is created.  The clock follows the
structure's levels (tournament/clock.py)."""

from __future__ import annotations

from typing import Any

from floorman.engine.errors import ProfileError
from floorman.engine.profile import RuleProfile
from floorman.profiles import load_profile
from floorman.storage import Store
from floorman.tournament.names import clean_name
from floorman.tournament.schedule import rising_levels
from floorman.tournament.structure import Structure, check_structure_paid_places


def check_table_size(rules: RuleProfile, size: int) -> None:
    """A table seats the profile's minimum to maximum (NM-D-1A, NM-H-1)."""
    if not rules.table_min <= size <= rules.table_max:
        raise ProfileError(
            "{profile} tables seat {minimum} to {maximum} players (NM-D-1A, NM-H-1), not {given}",
            values={
                "profile": rules.name,
                "minimum": rules.table_min,
                "maximum": rules.table_max,
                "given": size,
            },
        )


def wizard_levels(
    profile: str,
    *,
    first_ante: int,
    rise_percent: float,
    count: int,
    minutes: float,
    break_every: int = 0,
    break_minutes: float = 0,
) -> list[dict[str, Any]]:
    """The structure wizard's levels (:func:`rising_levels`), each with the
    blinds its ante makes under the profile (NM-H-2), for the editor."""
    rules = load_profile(profile)
    levels = rising_levels(
        first_ante,
        rise_percent,
        count,
        max(1, round(minutes * 60)),
        break_every=break_every,
        break_seconds=max(1, round(break_minutes * 60)),
    )
    return [
        {
            "ante": level.ante,
            "seconds": level.seconds,
            "is_break": level.is_break,
            "blinds": None if level.is_break else list(rules.blinds_for(level.ante)),
        }
        for level in levels
    ]


class StructureLibrary:
    def __init__(self, store: Store) -> None:
        self.store = store

    def all(self) -> list[dict[str, Any]]:
        return [self._with_blinds(record) for record in self.store.structures()]

    def get(self, name: str) -> dict[str, Any] | None:
        record = self.store.structure(name)
        return self._with_blinds(record) if record is not None else None

    def save(self, name: str, profile: str, data: dict[str, Any]) -> dict[str, Any]:
        """Check and keep ``data`` (a :meth:`Structure.to_dict`) under
        ``name``, for ``profile``: a structure the profile's rules refuse
        (a payout table of the wrong length under nm-holdem, NM-H-19,
        OQ-39) is not saved."""
        title = clean_name(name)  # no empty, overlong or control-character names
        rules = load_profile(profile)
        structure = Structure.from_dict(data)
        check_structure_paid_places(rules, structure)  # every entry range (NM-H-19)
        check_table_size(rules, structure.table_size)
        self.store.save_structure(title, rules.name, structure.to_dict())
        saved = self.get(title)
        assert saved is not None
        return saved

    def delete(self, name: str) -> bool:
        return self.store.delete_structure(name)

    def structure_for(self, name: str, profile: str) -> Structure:
        """The saved structure ``name`` for a tournament under ``profile``."""
        record = self.store.structure(name)
        if record is None:
            raise ProfileError("no saved structure {name}", values={"name": repr(name)})
        if record["profile"] != profile:
            raise ProfileError(
                "structure {name} is for {saved}, not {profile}",
                values={"name": repr(name), "saved": record["profile"], "profile": profile},
            )
        return Structure.from_dict(record["structure"])

    @staticmethod
    def _with_blinds(record: dict[str, Any]) -> dict[str, Any]:
        """Each level with the blinds its ante makes under the profile
        (NM-H-2: 1 and 2 antes), so no client computes them."""
        rules = load_profile(record["profile"])
        levels = [
            {
                **level,
                "blinds": list(rules.blinds_for(level["ante"])),
            }
            for level in record["structure"]["levels"]
        ]
        return {**record, "structure": {**record["structure"], "levels": levels}}


__all__ = ["StructureLibrary", "check_table_size"]
