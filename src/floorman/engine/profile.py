"""Rule profiles: one frozen record per rulebook, loaded from TOML data.

Every field names the clauses that decide it (``clauses`` in the field's
metadata, shown by :func:`field_clauses`).  A profile is plain data: the
engines and the tournament read its fields, there is no subclass per
country.  The TOML files live in :mod:`floorman.profiles`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from floorman.engine.errors import ProfileError, SetupViolation

Game = Literal["holdem", "draw"]
Betting = Literal["no-limit", "half-pot-limit"]
ShowdownOrder = Literal["final-round", "last-aggressor-any-street"]
BreakPolicy = Literal["nm-draw", "nm-holdem", "de-holdem", "tda"]
Rulebook = Literal["NM-D", "NM-H", "DE"]


def _rule(default: Any, clauses: str) -> Any:
    return field(default=default, metadata={"clauses": clauses})


@dataclass(frozen=True, kw_only=True, slots=True)
class RuleProfile:
    name: str = _rule("custom", "")
    title: str = _rule("", "")
    game: Game = _rule("holdem", "NM-H-1, NM-D-2B")
    rulebook: Rulebook = _rule("NM-H", "which rulebook's clauses a ruling cites")
    betting: Betting = _rule("no-limit", "NM-H-5, NM-D-3A, OQ-48")

    # Forced bets, in units of the level's ante (NM-H-2, OQ-28).
    small_blind_antes: int = _rule(1, "NM-H-2, DE-BLINDS-1, OQ-28")
    big_blind_antes: int = _rule(2, "NM-H-2, DE-BLINDS-1, OQ-28")
    every_player_antes: bool = _rule(False, "NM-D-2A, DE-BLINDS-2")
    # True: a hand's blinds and antes must be exactly these multiples of one
    # ante (SB = small_blind_antes x a, BB = big_blind_antes x a, every
    # player's ante a or none), as a hand history is refused otherwise;
    # False: the organiser's (or the history's) amounts stand (OQ-68).
    forced_bets_in_antes: bool = _rule(False, "NM-H-2, OQ-28, OQ-68")
    heads_up_button_posts_small_blind: bool = _rule(True, "DE-BLINDS-3, OQ-29")
    dead_button: bool = _rule(True, "OQ-43, OQ-47")

    # Betting.
    min_bet_antes: int = _rule(2, "OQ-31, OQ-12")
    half_pot_floor_antes: int = _rule(10, "NM-D-3A, OQ-23")
    short_all_ins_add_up: bool = _rule(False, "OQ-32, OQ-56, NM-H-15, DE-RAISE-9")
    first_wager_is_full: bool = _rule(False, "OQ-32 (PokerKit/PHH reading), DE-RAISE-6")
    fold_when_check_allowed: bool = _rule(True, "OQ-50")
    checkdown_agreement: bool = _rule(False, "NM-H-13, OQ-33")

    # Dealing.
    burn_cards: bool = _rule(True, "DE-BURN-1, OQ-44, NM-D-2D s8")

    # Showdown.
    showdown_order: ShowdownOrder = _rule("final-round", "OQ-27, OQ-51, DE-SHOWDOWN-1/2")
    show_both_hole_cards: bool = _rule(True, "OQ-52, DE-SHOWALL-1, DE-PLAYBOARD-1")
    merge_pots_with_same_winners: bool = _rule(False, "OQ-67 (PokerKit/PHH reading), DE-ODDCHIP-1")

    # Five-card draw.
    max_draw: int = _rule(4, "NM-D-2D s6, OQ-15")
    reante_check_pot: bool = _rule(True, "OQ-10, NM-D-2A")
    show_all_draw_counts: bool = _rule(False, "OQ-17, NM-D-2D s4-s5")
    strict_unseen: bool = _rule(False, "OQ-19 step 5, NM-D-2F s2")
    dealer_fourth_card_last: bool = _rule(True, "OQ-16, NM-D-2D s7-s8")

    # Penalties, in antes.
    out_of_turn_penalty_antes: int = _rule(1, "NM-D-2C s8, OQ-14, NM-H-18")
    exposed_card_penalty_antes: int = _rule(1, "NM-D-2D s2, OQ-18")
    repeat_misdeal_fine_antes: int = _rule(5, "NM-D-1F s2, OQ-08")

    # Time.
    action_seconds: int = _rule(30, "DE-TIME-2, OQ-42, OQ-63")

    # Tournament.
    table_min: int = _rule(5, "NM-H-1, NM-H-17, NM-D-1A")
    table_max: int = _rule(10, "NM-H-1, NM-D-1A")
    # Each rulebook breaks tables its own way: NM-D-1B's break at 2 players
    # is the draw's only, never hold'em's (OQ-37).
    break_policy: BreakPolicy = _rule("nm-holdem", "NM-D-1B, NM-H-16, DE-BREAK-*, OQ-36, OQ-53")
    # Prizes: the default payout table pays ``paid_places`` places; with
    # ``paid_places_fixed`` every payout table must pay exactly that many
    # (NM-H-19 "the 5 best are awarded prizes"), else the organiser's table
    # may have any length (OQ-39 for the draw event, OQ-68).
    paid_places: int = _rule(5, "NM-H-19, OQ-39, OQ-68")
    paid_places_fixed: bool = _rule(False, "NM-H-19, OQ-39, OQ-40, OQ-68")
    level_minutes: int = _rule(30, "NM-D-2A s3, OQ-09")
    starting_stack_antes: int = _rule(100, "OQ-41")
    # Unconfirmed ("running-along") stacks are withdrawn at the end of this
    # blind level (DE-DEAL-4, reading *zeiten* as *zweiten*: 2; OQ-46).
    unconfirmed_withdrawn_after_level: int = _rule(2, "DE-DEAL-4, OQ-46")

    def __post_init__(self) -> None:
        problems = []
        if self.game not in ("holdem", "draw"):
            problems.append(f"game must be 'holdem' or 'draw', not {self.game!r}")
        if self.betting not in ("no-limit", "half-pot-limit"):
            problems.append(f"betting must be 'no-limit' or 'half-pot-limit', not {self.betting!r}")
        if self.showdown_order not in ("final-round", "last-aggressor-any-street"):
            problems.append(f"unknown showdown_order {self.showdown_order!r}")
        if self.rulebook not in ("NM-D", "NM-H", "DE"):
            problems.append(f"rulebook must be NM-D, NM-H or DE, not {self.rulebook!r}")
        if self.break_policy not in ("nm-draw", "nm-holdem", "de-holdem", "tda"):
            problems.append(f"unknown break_policy {self.break_policy!r}")
        if not 2 <= self.table_min <= self.table_max <= 10:
            problems.append(
                f"table sizes must satisfy 2 <= table_min <= table_max <= 10,"
                f" not {self.table_min}..{self.table_max}"
            )
        if not 0 <= self.max_draw <= 4:
            problems.append(f"max_draw must be 0..4 (NM-D-2D s6), not {self.max_draw}")
        if self.min_bet_antes < 1:
            problems.append("min_bet_antes must be at least 1")
        if self.paid_places < 1:
            problems.append(f"paid_places must be at least 1 (NM-H-19), not {self.paid_places}")
        if self.unconfirmed_withdrawn_after_level < 1:
            problems.append(
                "unconfirmed_withdrawn_after_level must be at least 1 (DE-DEAL-4, OQ-46),"
                f" not {self.unconfirmed_withdrawn_after_level}"
            )
        if problems:
            raise ProfileError(f"rule profile {self.name!r}: " + "; ".join(problems))


def field_clauses() -> dict[str, str]:
    """Each profile field and the clauses that decide it."""
    return {f.name: f.metadata.get("clauses", "") for f in dataclasses.fields(RuleProfile)}


def profile_from_mapping(data: Mapping[str, Any]) -> RuleProfile:
    """Build a profile from plain data (a parsed TOML table), rejecting
    unknown keys and wrong types with the key named."""
    fields = {f.name: f for f in dataclasses.fields(RuleProfile)}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise ProfileError(f"unknown rule profile field(s): {', '.join(unknown)}")
    defaults = RuleProfile()
    for key, value in data.items():
        expected = type(getattr(defaults, key))
        if expected is bool and not isinstance(value, bool):
            raise ProfileError(f"profile field {key!r} must be true or false, not {value!r}")
        if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ProfileError(f"profile field {key!r} must be a whole number, not {value!r}")
        if expected is str and not isinstance(value, str):
            raise ProfileError(f"profile field {key!r} must be text, not {value!r}")
    return RuleProfile(**dict(data))


def check_forced_bets(
    profile: RuleProfile,
    *,
    ante_unit: int,
    small_blind: int,
    big_blind: int,
    antes: Sequence[int],
) -> None:
    """Under a profile whose forced bets are stated in antes
    (``forced_bets_in_antes``: NM-H-2, OQ-28), a hand's blinds must be
    ``small_blind_antes`` and ``big_blind_antes`` times its ante, and each
    player antes one ante if ``every_player_antes``, else nothing; other
    profiles take any amounts (organiser-supplied, OQ-68).

    >>> nm = RuleProfile(forced_bets_in_antes=True)
    >>> check_forced_bets(nm, ante_unit=50, small_blind=50, big_blind=100, antes=[0, 0, 0])
    >>> try:
    ...     check_forced_bets(nm, ante_unit=50, small_blind=50, big_blind=100, antes=[0, 100, 0])
    ... except SetupViolation as error:
    ...     print(error.clause, "|", error.allowed)
    NM-H-2, OQ-28 | 50/100 and antes [0, 0, 0] for an ante of 50
    """
    if not profile.forced_bets_in_antes:
        return
    sb = ante_unit * profile.small_blind_antes
    bb = ante_unit * profile.big_blind_antes
    each = ante_unit if profile.every_player_antes else 0
    if ante_unit >= 1 and (small_blind, big_blind) == (sb, bb) and all(a == each for a in antes):
        return
    others = "every player antes one ante" if profile.every_player_antes else "nobody else antes"
    raise SetupViolation(
        f"blinds {small_blind}/{big_blind} with antes {list(antes)} are not stated in antes:"
        f" the small blind is {profile.small_blind_antes} ante, the big blind"
        f" {profile.big_blind_antes} antes, {others}",
        clause="NM-H-2, OQ-28",
        attempted={"small_blind": small_blind, "big_blind": big_blind, "antes": list(antes)},
        allowed=f"{sb}/{bb} and antes {[each] * len(antes)} for an ante of {ante_unit}",
    )


def with_changes(profile: RuleProfile, **changes: Any) -> RuleProfile:
    """A copy of ``profile`` with some switches flipped (validated again)."""
    return profile_from_mapping({**dataclasses.asdict(profile), **changes})
