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
from functools import cache
from typing import Any, Literal, get_args, get_origin, get_type_hints

from floorman.engine.errors import ProfileError, SetupViolation

# The allowed values of the text switches are these types' arguments, read
# by the validation (:func:`allowed_values`): a new value is added here only.
#: a registered variant's name (:mod:`floorman.engine.variants`), checked
#: against the registry, not a fixed list: a game registers itself
Game = str
Betting = Literal["no-limit", "half-pot-limit"]
ShowdownOrder = Literal["final-round", "last-aggressor-any-street"]
Rulebook = Literal["NM-D", "NM-H", "DE"]
# How broken tables' players are seated: at the tables whose chip totals they
# even out best (NM-H-16, OQ-36 (iii)), or at the tables with the fewest
# players, free seats by lot (NM-D-1B s1, OQ-04; DE-BREAK-1/2, OQ-53).
SeatBrokenPlayersBy = Literal["chip-spread", "fewest-players"]
# When a player moves between tables that are not broken: only to bring a
# table up to ``table_min`` (NM-H-17, OQ-36; NM-D-1A, OQ-04), or whenever two
# tables differ by two or more players (DE-BALANCE-*, OQ-54, TDA).
BalanceTrigger = Literal["table-minimum", "difference-of-two"]
# Who moves when tables are balanced: the stack that best evens the two
# tables' chips (NM-H-16, OQ-36), anyone by lot (NM-D-1A, OQ-04), the player
# in the same position as the free seat (DE-BALANCE-1, OQ-54), the player
# after the big blind to the free seat furthest from it (DE-BALANCE-2, the
# second variant), or the next big blind to the worst position (TDA, OQ-54).
BalanceMover = Literal["evens-chips", "random", "same-position", "under-the-gun", "next-big-blind"]
# Where a table's first button is: seat 1 (DE-SEAT-2, OQ-47) or drawn by
# lot among the players (OQ-07).
FirstButton = Literal["seat-1", "by-lot"]
#: how the odd chips go when the smallest chip leaves play (OQ-72)
ColourUp = Literal["race", "round-up"]
#: how players out in one hand-for-hand hand are placed (OQ-71)
HandForHandBusts = Literal["by-chips", "tie"]


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
    # Heads-up the button posts the small blind (DE-BLINDS-3, OQ-29); off:
    # the button posts the big blind.  Read by the engine's blind seats and
    # the tournament's positions.
    heads_up_button_posts_small_blind: bool = _rule(True, "DE-BLINDS-3, OQ-29")
    # The big blind moves on one active player every hand, the small blind and
    # button follow, dead if their seats are gone (OQ-43, OQ-47); off: the
    # button moves to the next player with chips and the blinds are the two
    # after it (a moving button, never dead).
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

    # Time.  Online a player must decide within a reasonable time (DE-TIME-1,
    # OQ-42): the action clock; any seated player may call the clock on the
    # player to act, who then has ``clock_seconds`` (DE-TIME-2, OQ-63),
    # after which he checks if he could, else folds (DE-TIME-4).
    action_seconds: int = _rule(60, "DE-TIME-1, OQ-42, OQ-63")
    clock_seconds: int = _rule(30, "DE-TIME-2, DE-TIME-3, OQ-63, OQ-42")
    #: each player's reserve once the action clock has run out, for the
    #: whole tournament; 0: none (the rulebooks know only the clock)
    time_bank_seconds: int = _rule(0, "DE-TIME-1, OQ-42, OQ-63")

    # Table talk and outside help.  Off: while a hand runs, the seated
    # players do not read the spectators' chat (no information or advice
    # from outside, DE-INFO-1…3, DE-GEN-1); the director reads it all.
    spectator_chat_in_hand: bool = _rule(True, "DE-INFO-1, DE-INFO-2, DE-INFO-3, DE-GEN-1")
    # A player may show his cards once they are out of play (folded, or the
    # hand over), and then only to the whole table: show one, show all
    # (DE-HOLE-3, DE-HOLE-4).
    voluntary_show: bool = _rule(True, "DE-HOLE-3, DE-HOLE-4")

    # Tournament.
    table_min: int = _rule(5, "NM-H-1, NM-H-17, NM-D-1A")
    table_max: int = _rule(10, "NM-H-1, NM-D-1A")
    # Breaking and balancing (tournament/balancing.py).  Each rulebook breaks
    # tables its own way: NM-D-1B's break at 2 players is the draw's only,
    # never hold'em's (OQ-37).  The final table, once everyone fits at one,
    # is never broken (OQ-05, OQ-36 (iv)).
    # A table down to this many players with chips is broken (NM-D-1B s1:
    # 2); 0: never for its size alone.
    break_table_at_players: int = _rule(0, "NM-D-1B s1, OQ-04, OQ-37")
    # Break the smallest table whenever its players fit at the other tables
    # (NM-H-17, OQ-36 (ii); DE-BREAK-1, OQ-53); off: only when it is below
    # ``table_min`` and can be broken (NM-D-1A, OQ-04).
    break_when_players_fit: bool = _rule(True, "NM-H-17, OQ-36, DE-BREAK-1, OQ-53, NM-D-1A")
    seat_broken_players_by: SeatBrokenPlayersBy = _rule(
        "chip-spread", "NM-H-16, OQ-36, NM-D-1B, OQ-04, DE-BREAK-1/2"
    )
    balance_trigger: BalanceTrigger = _rule("table-minimum", "NM-H-17, OQ-36, OQ-04, DE-BALANCE-*")
    balance_mover: BalanceMover = _rule(
        "evens-chips", "NM-H-16, OQ-36, OQ-04, DE-BALANCE-1/2, OQ-54"
    )
    first_button: FirstButton = _rule("by-lot", "OQ-07, DE-SEAT-2, OQ-47")
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
    # Unconfirmed entries may take a seat at the start and run along until
    # they are withdrawn (DE-DEAL-4 read literally, OQ-46); off (OQ-70's
    # default): the seat draw and start wait until each is confirmed or
    # struck, and an entry after the start is confirmed as it is made, so
    # every seat is a paid one and the results agree with the accounts.
    seat_unconfirmed_at_start: bool = _rule(False, "DE-DEAL-4, OQ-46, OQ-70")
    # A busted player may buy a new entry while late registration is open.
    # Never in the NM freeze-outs ("no rebuys or add-ons", OQ-41, NM-D-1B
    # s2); the German rules leave it to the organiser (OQ-68): off unless
    # he switches it on.
    re_entry: bool = _rule(False, "OQ-41, NM-D-1B s2, OQ-68")
    # When the smallest chip leaves play: the standard chip race, or each
    # player's odd chips coloured up to one chip of the next size (OQ-72).
    colour_up: ColourUp = _rule("race", "OQ-72")
    # Players out in the same hand-for-hand hand, at whichever table: the
    # bigger stack at the start of the hand places higher, equal stacks
    # share (OQ-06, OQ-71's default); "tie": they all share the places and
    # their prizes whatever their stacks (the alternative OQ-71 names).
    hand_for_hand_busts: HandForHandBusts = _rule("by-chips", "OQ-71, OQ-06")
    # Deals over the prize money left among the last players (a chip or an
    # ICM chop): never by default ("only the placing counts", NM-D-5, OQ-34);
    # the organiser may allow them for one tournament (OQ-73).
    deals_allowed: bool = _rule(False, "OQ-34, OQ-73")

    def blinds_for(self, ante: int) -> tuple[int, int]:
        """The small and big blind of an ante level: ``small_blind_antes``
        and ``big_blind_antes`` antes (1 and 2 under NM-H-2, DE-BLINDS-1,
        OQ-28); (0, 0) in a game without blinds."""
        return ante * self.small_blind_antes, ante * self.big_blind_antes

    def __post_init__(self) -> None:
        problems = [
            problem
            for f in dataclasses.fields(self)
            if (problem := _type_problem(f.name, getattr(self, f.name))) is not None
        ]
        if problems:  # the range checks below need the right types
            raise ProfileError(f"rule profile {self.name!r}: " + "; ".join(problems))
        if not 2 <= self.table_min <= self.table_max <= 10:
            problems.append(
                f"table sizes must satisfy 2 <= table_min <= table_max <= 10,"
                f" not {self.table_min}..{self.table_max}"
            )
        if self.break_table_at_players and not 2 <= self.break_table_at_players < self.table_min:
            problems.append(
                "break_table_at_players must be 0 (never) or 2 up to table_min - 1"
                f" (NM-D-1B s1), not {self.break_table_at_players}"
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


@cache
def _field_types() -> dict[str, Any]:
    return get_type_hints(RuleProfile)


def allowed_values(field_name: str) -> tuple[str, ...]:
    """The values a text switch takes, read from its ``Literal`` type
    (empty for a free text field such as ``name``).

    >>> allowed_values("balance_mover")
    ('evens-chips', 'random', 'same-position', 'under-the-gun', 'next-big-blind')
    """
    hint = _field_types()[field_name]
    return get_args(hint) if get_origin(hint) is Literal else ()


def _game_problem(value: object) -> str | None:
    # imported here: the variants' games read profiles
    from floorman.engine.variants import VARIANTS

    if isinstance(value, str) and value in VARIANTS:
        return None
    listed = ", ".join(repr(game) for game in VARIANTS)
    return f"field 'game' must be one of {listed}, not {value!r}"


def _type_problem(name: str, value: object) -> str | None:
    """What is wrong with ``value`` for the field ``name``, from its type."""
    if name == "game":
        return _game_problem(value)
    hint = _field_types()[name]
    if get_origin(hint) is Literal:
        choices = get_args(hint)
        if value in choices and isinstance(value, str):
            return None
        listed = ", ".join(repr(c) for c in choices)
        return f"field {name!r} must be one of {listed}, not {value!r}"
    if hint is bool:
        ok = isinstance(value, bool)
        return None if ok else f"field {name!r} must be true or false, not {value!r}"
    if hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return None if ok else f"field {name!r} must be a whole number, not {value!r}"
    if hint is str:
        return None if isinstance(value, str) else f"field {name!r} must be text, not {value!r}"
    raise TypeError(f"profile field {name!r} has a type the validation does not know: {hint!r}")


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
    for key, value in data.items():
        if (problem := _type_problem(key, value)) is not None:
            name = data.get("name", "custom")
            raise ProfileError(f"rule profile {name!r}: {problem}")
    return RuleProfile(**dict(data))


# The one ``break_policy`` string of earlier profiles, as the switches that
# replaced it (so that tournaments logged before still replay).
LEGACY_BREAK_POLICIES: dict[str, dict[str, Any]] = {
    "nm-draw": {
        "break_table_at_players": 2,
        "break_when_players_fit": False,
        "seat_broken_players_by": "fewest-players",
        "balance_trigger": "table-minimum",
        "balance_mover": "random",
        "first_button": "by-lot",
    },
    "nm-holdem": {
        "break_table_at_players": 0,
        "break_when_players_fit": True,
        "seat_broken_players_by": "chip-spread",
        "balance_trigger": "table-minimum",
        "balance_mover": "evens-chips",
        "first_button": "by-lot",
    },
    "de-holdem": {
        "break_table_at_players": 0,
        "break_when_players_fit": True,
        "seat_broken_players_by": "fewest-players",
        "balance_trigger": "difference-of-two",
        "balance_mover": "same-position",
        "first_button": "seat-1",
    },
    "tda": {
        "break_table_at_players": 0,
        "break_when_players_fit": True,
        "seat_broken_players_by": "fewest-players",
        "balance_trigger": "difference-of-two",
        "balance_mover": "next-big-blind",
        "first_button": "seat-1",
    },
}
# Fields earlier profiles had and no rule needs.  ``show_both_hole_cards``:
# both hole cards are shown at every showdown, at DE-SHOWDOWN-3's qualifier
# tables and, by OQ-52's default, at all others (DE-SHOWALL-1,
# DE-PLAYBOARD-1); no clause offers another way, so there is no switch.
_REMOVED_FIELDS = ("show_both_hole_cards",)


def upgrade_profile_data(data: Mapping[str, Any]) -> dict[str, Any]:
    """A profile as an older log recorded it, in today's fields: its
    ``break_policy`` spelled out as the switches that replaced it, removed
    fields dropped.  Data in today's fields comes back unchanged."""
    upgraded = {k: v for k, v in data.items() if k not in _REMOVED_FIELDS}
    policy = upgraded.pop("break_policy", None)
    if policy is not None:
        if policy not in LEGACY_BREAK_POLICIES:
            raise ProfileError(f"unknown break_policy {policy!r} in a recorded profile")
        upgraded = {**LEGACY_BREAK_POLICIES[policy], **upgraded}
    return upgraded


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
    sb, bb = profile.blinds_for(ante_unit)
    each = ante_unit if profile.every_player_antes else 0
    if ante_unit >= 1 and small_blind == sb and big_blind == bb and antes.count(each) == len(antes):
        return
    template = (
        "blinds {small_blind}/{big_blind} with antes {antes} are not stated in antes:"
        " the small blind is {sb_antes} ante, the big blind {bb_antes} antes,"
        " nobody else antes"
    )
    if profile.every_player_antes:
        template = (
            "blinds {small_blind}/{big_blind} with antes {antes} are not stated in antes:"
            " the small blind is {sb_antes} ante, the big blind {bb_antes} antes,"
            " every player antes one ante"
        )
    raise SetupViolation(
        template,
        clause="NM-H-2, OQ-28",
        attempted={"small_blind": small_blind, "big_blind": big_blind, "antes": list(antes)},
        allowed="{sb}/{bb} and antes {antes_due} for an ante of {ante}",
        values={
            "small_blind": small_blind,
            "big_blind": big_blind,
            "antes": str(list(antes)),
            "sb_antes": profile.small_blind_antes,
            "bb_antes": profile.big_blind_antes,
            "sb": sb,
            "bb": bb,
            "antes_due": str([each] * len(antes)),
            "ante": ante_unit,
        },
    )


def with_changes(profile: RuleProfile, **changes: Any) -> RuleProfile:
    """A copy of ``profile`` with some switches flipped (validated again)."""
    return profile_from_mapping({**dataclasses.asdict(profile), **changes})
