"""The fields every betting hand keeps, as the slots of
:class:`floorman.engine.betting.BettingHand` (its mixins' fields included;
each game adds its own)."""

from __future__ import annotations

BETTING_FIELDS = (
    "_log_entries",
    "_pots_cache",
    "_strength_cache",
    "acted_level",
    "aggressor",
    "ante_unit",
    "auto_showdown",
    "awards",
    "bets",
    "burned",
    "button",
    "carried_pot",
    "dead",
    "deck",
    "deck_position",
    "declared_dead",
    "events",
    "final_stacks",
    "folded",
    "full_increment",
    "full_level",
    "is_complete",
    "limit_is_stack",
    "max_bet",
    "min_bet",
    "misdeals",
    "mucked",
    "n",
    "phase",
    "players",
    "position",
    "profile",
    "revealed",
    "round_aggressors",
    "round_first",
    "round_openers",
    "rulings",
    "seats",
    "showdown_queue",
    "shown",
    "stacks",
    "started",
    "starting_stacks",
    "street",
    "to_act",
    "total",
    "used",
    "voided",
)

#: The mixins' own slots: none (the fields are BettingHand's).  A name rather
#: than a literal ``()``, which the type checker would hold the mixins'
#: field assignments against.
MIXIN_FIELDS: tuple[str, ...] = ()
