"""A tournament's structure: levels, starting chips, table size and payouts.

Antes (draw) or blinds in ante units (hold'em) rise by time, e.g. every 30
minutes (NM-D-2A s3, NM-H-16, OQ-09); breaks sit between levels; prizes come
from an organiser's payout table, top 5 by default (NM-H-19, OQ-39).  Nothing
here invents amounts the rulebooks leave open: the defaults are editable
placeholders and say so.  How many places a table must pay is the profile's
data (``paid_places``, ``paid_places_fixed``): under nm-holdem exactly five
(NM-H-19, OQ-39, OQ-40), elsewhere any number the organiser gives (OQ-39 for
the draw event, OQ-68).

>>> s = Structure.default(RuleProfile(level_minutes=30))
>>> s.levels[0].ante, s.levels[1].ante, s.levels[0].seconds
(10, 15, 1800)
>>> s.payout_shares
(40, 25, 15, 12, 8)
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from floorman.engine.errors import ProfileError, SetupViolation
from floorman.engine.profile import RuleProfile
from floorman.tournament.money import PayoutRange, check_payout_ranges, payout_ranges_from

#: A placeholder schedule of antes (the blind unit in hold'em): NOT from the
#: rulebooks, which give none (OQ-09, OQ-28, OQ-68).  Organisers replace it.
DEFAULT_ANTES = (
    10,
    15,
    20,
    30,
    40,
    50,
    75,
    100,
    150,
    200,
    300,
    400,
    500,
    750,
    1000,
    1500,
    2000,
    3000,
    4000,
    5000,
    7500,
    10000,
    15000,
    20000,
    30000,
    40000,
    50000,
    75000,
    100000,
)

#: OQ-39's editable placeholder for the top five (percent) – not in the source.
DEFAULT_PAYOUT_SHARES = (40, 25, 15, 12, 8)


#: the bounds of a structure: nothing stored may overflow the clock or a
#: listing later (a level of 10**400 s once broke every tournament list)
MAX_LEVEL_SECONDS = 7 * 24 * 3600
MAX_CHIPS = 10**12


@dataclass(frozen=True, slots=True)
class Level:
    ante: int
    seconds: int
    is_break: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class Structure:
    """Everything an organiser decides for one tournament."""

    levels: tuple[Level, ...]
    starting_stack: int
    table_size: int
    payout_shares: tuple[int, ...] = DEFAULT_PAYOUT_SHARES
    #: a fixed prize pool (the organiser's number); 0: the pool is made
    #: from the paid entries' buy-ins with the guarantee below it
    prize_pool: int = 0
    #: each entry's buy-in, all of it in the pool, and the organiser's fee,
    #: none of it (whole units of the event's currency)
    buy_in: int = 0
    fee: int = 0
    #: the least pool the organiser pays out, whatever the entries
    guarantee: int = 0
    #: payout tables by the number of entries (empty: ``payout_shares``)
    payout_tables: tuple[PayoutRange, ...] = ()
    #: every prize below 1st is rounded down to a multiple of this (a cash
    #: unit, e.g. 50 kr) and 1st takes the rest (OQ-69); 1: no rounding
    payout_unit: int = 1
    #: entries are taken (and re-entries, where the profile allows them)
    #: until the end of this level; None: registration closes at the seat draw
    late_registration_level: int | None = None
    #: when the organiser means to start, ISO 8601, for the lobby
    starts_at: str | None = None
    #: the tournament starts by itself at ``starts_at`` (an online event);
    #: False: the director starts it (a live event's seat draw, DE-SEAT-1)
    auto_start: bool = False
    seat_draw: str = "random"  # GLI-style uniform draw by secrets (DE-SEAT-1, NM-D-1A, NM-H-1)
    #: each player's time bank in seconds, set by the director; None: the
    #: profile's (DE-TIME-1, OQ-42, OQ-63)
    time_bank_seconds: int | None = None
    #: deals over the prize money left may be proposed (a chip or an ICM
    #: chop, OQ-73); None: the profile's ``deals_allowed`` (off: OQ-34)
    deals_allowed: bool | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_payout_unit(self.payout_unit)
        problems: list[str] = []
        if not self.levels or all(level.is_break for level in self.levels):
            problems.append(Problem("the structure needs at least one playing level"))
        for k, level in enumerate(self.levels, 1):
            if not 0 < level.seconds <= MAX_LEVEL_SECONDS:
                problems.append(
                    Problem(
                        "level {level} must last 1 s to a week ({most} s), not {given} s",
                        level=k,
                        most=MAX_LEVEL_SECONDS,
                        given=level.seconds,
                    )
                )
            if level.ante > MAX_CHIPS:
                problems.append(
                    Problem(
                        "level {level}: an ante of at most {most}, not {given}",
                        level=k,
                        most=MAX_CHIPS,
                        given=level.ante,
                    )
                )
            if not level.is_break and level.ante <= 0:
                problems.append(
                    Problem(
                        "level {level} needs a positive ante, not {given}",
                        level=k,
                        given=level.ante,
                    )
                )
        if not 0 < self.starting_stack <= MAX_CHIPS:
            problems.append(
                Problem("the starting stack must be 1 to {most} (OQ-41)", most=MAX_CHIPS)
            )
        if self.prize_pool > MAX_CHIPS * 1000:
            problems.append(Problem("a prize pool of at most {most}", most=MAX_CHIPS * 1000))
        if not 2 <= self.table_size <= 10:
            problems.append(
                Problem("a table seats 2 to 10 players, not {given}", given=self.table_size)
            )
        check_payout_shares(self.payout_shares, problems)
        if self.prize_pool < 0 or self.buy_in < 0 or self.fee < 0 or self.guarantee < 0:
            problems.append(Problem("prize pool, buy-in, fee and guarantee cannot be negative"))
        if max(self.buy_in, self.fee, self.guarantee) > MAX_CHIPS * 1000:
            problems.append(
                Problem("a buy-in, fee or guarantee of at most {most}", most=MAX_CHIPS * 1000)
            )
        check_payout_ranges(self.payout_tables, problems)
        if self.late_registration_level is not None and not (
            1 <= self.late_registration_level <= 1000
        ):
            problems.append(
                Problem(
                    "late registration runs to a level from 1 to 1000, not {given}",
                    given=self.late_registration_level,
                )
            )
        if self.starts_at is not None and len(self.starts_at) > 64:
            problems.append(Problem("the start time is an ISO time of at most 64 characters"))
        if self.auto_start and self.starts_at is None:
            problems.append(Problem("a tournament that starts by itself needs a start time"))
        if self.time_bank_seconds is not None and not 0 <= self.time_bank_seconds <= 3600:
            problems.append(
                Problem("a time bank lasts 0 to 3600 s, not {given}", given=self.time_bank_seconds)
            )
        if problems:
            raise structure_error(problems)

    @classmethod
    def default(
        cls,
        profile: RuleProfile,
        *,
        level_seconds: int | None = None,
        starting_stack: int | None = None,
        table_size: int | None = None,
        antes: Sequence[int] = DEFAULT_ANTES,
        payout_shares: Sequence[int] | None = None,
        prize_pool: int = 0,
    ) -> Structure:
        """A structure for ``profile`` with the placeholder antes and, unless
        given, OQ-39's placeholder payout table; a table the profile's prize
        rule refuses raises :class:`SetupViolation` (NM-H-19, OQ-39)."""
        seconds = level_seconds if level_seconds is not None else profile.level_minutes * 60
        first = antes[0]
        if payout_shares is None:
            if profile.paid_places != len(DEFAULT_PAYOUT_SHARES):
                raise ProfileError(
                    f"profile {profile.name!r} pays {profile.paid_places} places and the"
                    f" placeholder table {len(DEFAULT_PAYOUT_SHARES)}: give a payout table"
                    " (OQ-39: nothing is invented)"
                )
            payout_shares = DEFAULT_PAYOUT_SHARES
        structure = cls(
            levels=tuple(Level(ante=a, seconds=seconds) for a in antes),
            starting_stack=starting_stack or first * profile.starting_stack_antes,
            table_size=table_size or profile.table_max,
            payout_shares=tuple(payout_shares),
            prize_pool=prize_pool,
        )
        check_paid_places(profile, structure.payout_shares)
        return structure

    def playing_level(self, index: int) -> Level:
        """Level ``index`` (0-based); past the end the last level goes on."""
        return self.levels[min(index, len(self.levels) - 1)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "levels": [
                {"ante": lv.ante, "seconds": lv.seconds, "is_break": lv.is_break}
                for lv in self.levels
            ],
            "starting_stack": self.starting_stack,
            "table_size": self.table_size,
            "payout_shares": list(self.payout_shares),
            "prize_pool": self.prize_pool,
            "buy_in": self.buy_in,
            "fee": self.fee,
            "guarantee": self.guarantee,
            "payout_tables": [r.to_dict() for r in self.payout_tables],
            "payout_unit": self.payout_unit,
            "late_registration_level": self.late_registration_level,
            "starts_at": self.starts_at,
            "auto_start": self.auto_start,
            "seat_draw": self.seat_draw,
            "time_bank_seconds": self.time_bank_seconds,
            "deals_allowed": self.deals_allowed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Structure:
        try:
            levels = tuple(
                Level(
                    ante=int(lv.get("ante", 0)),
                    seconds=int(lv["seconds"]),
                    is_break=bool(lv.get("is_break", False)),
                )
                for lv in data["levels"]
            )
            return cls(
                levels=levels,
                starting_stack=int(data["starting_stack"]),
                table_size=int(data["table_size"]),
                payout_shares=tuple(
                    int(x) for x in data.get("payout_shares", DEFAULT_PAYOUT_SHARES)
                ),
                prize_pool=int(data.get("prize_pool", 0)),
                buy_in=int(data.get("buy_in", 0)),
                fee=int(data.get("fee", 0)),
                guarantee=int(data.get("guarantee", 0)),
                payout_tables=payout_ranges_from(data.get("payout_tables") or ()),
                payout_unit=int(data.get("payout_unit", 1)),
                late_registration_level=_optional_int(data.get("late_registration_level")),
                starts_at=_optional_text(data.get("starts_at")),
                auto_start=bool(data.get("auto_start", False)),
                seat_draw=str(data.get("seat_draw", "random")),
                time_bank_seconds=_optional_int(data.get("time_bank_seconds")),
                deals_allowed=_optional_bool(data.get("deals_allowed")),
            )
        except SetupViolation:
            raise  # refused by a rule, with its clause (a payout unit of 0, OQ-69)
        except (KeyError, TypeError, ValueError) as error:
            raise ProfileError(f"tournament structure: missing or bad field ({error})") from None


class Problem(str):
    """One thing wrong with a structure: its English words, with the
    template and values the pages say it with in their own language."""

    template: str
    values: dict[str, int | str]

    def __new__(cls, template: str, **values: int | str) -> Problem:
        made = super().__new__(cls, template.format(**values))
        made.template, made.values = template, dict(values)
        return made


def structure_error(problems: Sequence[str]) -> ProfileError:
    """The refusal of a structure: every problem in its English message
    (for API clients), the first one as the template and values a page
    translates."""
    first = problems[0]
    template = first.template if isinstance(first, Problem) else str(first)
    error = ProfileError(template, values=first.values if isinstance(first, Problem) else None)
    error.args = ("tournament structure: " + "; ".join(problems),)
    return error


def _listed(shares: Sequence[int]) -> str:
    return ", ".join(str(s) for s in shares)


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _optional_bool(value: Any) -> bool | None:
    return None if value is None else bool(value)


def _optional_text(value: Any) -> str | None:
    return None if value is None else str(value)


#: the largest payout unit: the largest pool (a unit above the pool pays it all to 1st)
MAX_PAYOUT_UNIT = MAX_CHIPS * 1000


def check_payout_unit(unit: object) -> None:
    """A payout unit is a whole amount from 1 (no rounding) up; refused
    with the clause otherwise (OQ-69)."""
    if isinstance(unit, bool) or not isinstance(unit, int) or not 1 <= unit <= MAX_PAYOUT_UNIT:
        raise SetupViolation(
            "the payout unit is a whole amount from 1 (no rounding) to {most}, not {unit}",
            clause="OQ-69",
            attempted=repr(unit)[:40],
            values={"most": MAX_PAYOUT_UNIT, "unit": repr(unit)[:40]},
        )


def check_payout_shares(shares: Sequence[int], problems: list[str]) -> None:
    """A payout table in percent must add up to 100 and never pay a lower
    place more than a higher one (NM-H-19, OQ-39)."""
    if not shares:
        problems.append(Problem("the payout table is empty"))
        return
    if any(isinstance(s, bool) or not isinstance(s, int) or s <= 0 for s in shares):
        problems.append(
            Problem(
                "payout shares must be positive whole percents: {shares}", shares=_listed(shares)
            )
        )
        return
    if sum(shares) != 100:
        problems.append(
            Problem(
                "payout shares add up to {total}%, not 100% ({shares})",
                total=sum(shares),
                shares=_listed(shares),
            )
        )
    if any(a < b for a, b in itertools.pairwise(shares)):
        problems.append(
            Problem(
                "a lower place may not get more than a higher one: {shares}",
                shares=_listed(shares),
            )
        )


def check_paid_places(profile: RuleProfile, shares: Sequence[int]) -> None:
    """The profile's prize rule as data: with ``paid_places_fixed`` a payout
    table must pay exactly ``paid_places`` places (nm-holdem: "the 5 best
    are awarded prizes", NM-H-19, OQ-39, OQ-40), neither more nor fewer;
    otherwise the organiser's table may have any length (OQ-39, OQ-68).

    >>> from floorman.profiles import load_profile
    >>> check_paid_places(load_profile("nm-draw"), (60, 40))
    >>> check_paid_places(load_profile("nm-holdem"), (30, 20, 20, 10, 10, 10))
    Traceback (most recent call last):
    ...
    floorman.engine.errors.SetupViolation: a payout table of 6 places is refused: \
nm-holdem pays exactly the first 5 places (allowed: 5 places) [NM-H-19, OQ-39]
    """
    if profile.paid_places_fixed and len(shares) != profile.paid_places:
        # stated for one table: a structure's tables by entries are each checked
        # by :func:`check_structure_paid_places`
        raise SetupViolation(
            "a payout table of {given} places is refused:"
            " {profile} pays exactly the first {places} places",
            clause="NM-H-19, OQ-39",
            attempted=list(shares),
            allowed="{places} places",
            values={"given": len(shares), "profile": profile.name, "places": profile.paid_places},
        )


def check_structure_paid_places(profile: RuleProfile, structure: Structure) -> None:
    """:func:`check_paid_places` for the structure's default table and for
    every table of its entry ranges: under nm-holdem each must pay exactly
    the first five (NM-H-19, OQ-39), whatever the number of entries."""
    check_paid_places(profile, structure.payout_shares)
    for payout in structure.payout_tables:
        check_paid_places(profile, payout.shares)
