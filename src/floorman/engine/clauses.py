"""Which clause decides a ruling, per rulebook.

The engines share their betting code; a rejected action must still cite the
rulebook the table plays by (an NM hold'em table cites NM-H-15, a German
table DE-RAISE-9, both with the open question whose default decides).
"""

from __future__ import annotations

from floorman.engine.profile import RuleProfile

_NM_H = {
    "turn": "NM-H-18, NM-D-2C s7, OQ-14",
    "check": "NM-H-13, OQ-33",
    "call": "NM-H-3, NM-H-6",
    "fold": "NM-H-3, OQ-50",
    "min_bet": "OQ-31",
    "min_raise": "OQ-31",
    "no_limit": "NM-H-5",
    "short_all_in": "NM-H-15, OQ-32",
    "covered": "NM-H-6, NM-D-3B",
    "nobody_to_call": "NM-D-2G, OQ-22",
    "showdown_order": "OQ-27",
    "muck": "OQ-27",
    "winner_shows": "OQ-27",
    "all_in_show": "OQ-27",
    "timeout": "OQ-42",
    "absent": "OQ-42",
    "dead": "OQ-45",
    "misdeal": "NM-H-18, OQ-38, NM-D-1F",
    "void": "NM-D-1G, OQ-03, OQ-08",
    "foul": "NM-D-1G, OQ-03",
    "show_cards": "OQ-27, NM-D-1G, OQ-03",
    "clock": "OQ-42",
    "floor": "NM-D-1G, OQ-03",
    "mute": "NM-D-1G, OQ-03",
    "not_a_player": "NM-D-1G, OQ-03",
    "live_bots": "NM-D-1G, OQ-03",
    "declaration": "NM-H-3",
    "amount": "NM-H-3, NM-H-5",
    "draw_cards": "NM-H-3",
    "no_checkdown": "NM-H-13, OQ-33",
    "deal": "NM-H-3, OQ-47",
    "board": "NM-H-7, NM-H-9, NM-H-10",
    "wrong_cards": "NM-H-3, OQ-38",
    "short_table": "NM-H-16, NM-H-17",
}

_DE = {
    "turn": "DE-OOT-1, DE-ETIQ-3",
    "check": "DE-CHECK-1, DE-ROUND1-4, OQ-49",
    "call": "DE-CALL-1",
    "fold": "DE-FOLD-1, OQ-50",
    "min_bet": "DE-RAISE-6, OQ-56",
    "min_raise": "DE-RAISE-6, OQ-56",
    "no_limit": "DE-RAISE-8, OQ-48",
    "short_all_in": "DE-RAISE-9, DE-RAISE-5, OQ-56",
    "covered": "DE-RAISE-7, DE-CALL-1",
    "nobody_to_call": "DE-CALL-1, OQ-68",
    "showdown_order": "DE-SHOWDOWN-1, DE-SHOWDOWN-2, OQ-51",
    "muck": "DE-MUCKVIEW-1, OQ-51",
    "winner_shows": "DE-MUCKVIEW-2",
    "all_in_show": "DE-SHOWDOWN-1, DE-SHOWALL-1",
    "timeout": "DE-TIME-4, OQ-63",
    "absent": "DE-ABSENT-3, DE-ABSENT-4, OQ-45",
    "dead": "DE-SEATED-2, DE-DEAL-2, OQ-45",
    "misdeal": "DE-MISDEAL-1, DE-MISDEAL-2, OQ-59",
    "void": "DE-DECK-5, DE-DECK-6, OQ-59",
    "foul": "DE-FOUL-1, DE-FOUL-2",
    "show_cards": "DE-HOLE-3, DE-HOLE-4",
    "clock": "DE-TIME-2, OQ-63",
    "floor": "OQ-03",
    "mute": "DE-ETIQ-2",
    "not_a_player": "DE-COLLUSION-1",
    "live_bots": "DE-GEN-2, OQ-03",
    "declaration": "DE-INTURN-1",
    "amount": "DE-RAISE-3, OQ-55",
    "draw_cards": "DE-INTURN-1",
    "no_checkdown": "DE-CHECK-1, OQ-49",
    "deal": "DE-DEAL-1, OQ-47",
    "board": "DE-ROUND1-6",
    "wrong_cards": "DE-MISDEAL-5, DE-MISDEAL-6",
    "short_table": "DE-BALANCE-1, OQ-03",
}

_NM_D = {
    "turn": "NM-D-2C s7, OQ-14",
    "check": "NM-D-2C s1, OQ-11",
    "call": "NM-D-2C s5",
    "fold": "NM-D-2C s5, OQ-50",
    "min_bet": "OQ-12",
    "min_raise": "OQ-12",
    "no_limit": "NM-D-3A",
    "half_pot": "NM-D-3A, OQ-23",
    "short_all_in": "OQ-12, OQ-32",
    "covered": "NM-D-3B",
    "nobody_to_call": "NM-D-2G, OQ-22",
    "showdown_order": "OQ-27",
    "muck": "OQ-27",
    "winner_shows": "OQ-27",
    "all_in_show": "OQ-27",
    "timeout": "OQ-42",
    "absent": "OQ-42",
    "dead": "OQ-45",
    "misdeal": "NM-D-1F, OQ-08",
    "void": "NM-D-1G, OQ-03, OQ-08",
    "foul": "NM-D-1G, OQ-03",
    "show_cards": "OQ-27, NM-D-1G, OQ-03",
    "clock": "OQ-42",
    "floor": "NM-D-1G, OQ-03",
    "mute": "NM-D-1G, OQ-03",
    "not_a_player": "NM-D-1G, OQ-03",
    "live_bots": "NM-D-1G, OQ-03",
    "declaration": "NM-D-2C s5",
    "amount": "NM-D-2C s4, NM-D-3A",
    "draw_cards": "NM-D-2D",
    "no_checkdown": "NM-D-2C s1, OQ-10",
    "deal": "NM-D-2D, OQ-08",
    "board": "NM-D-2D",
    "wrong_cards": "NM-D-1F, OQ-08",
    "short_table": "NM-D-1B, OQ-04",
}

#: which rulebooks' clauses a ruling at a table of each rulebook may cite:
#: its own, the draw's where the hold'em rules import them (NM-H-6 -> NM-D-3B,
#: NM-H-18 -> NM-D-1C/1D/1E, NM-D-2C s7-s8), and the open questions (OQ-*)
CITABLE: dict[str, tuple[str, ...]] = {
    "NM-D": ("NM-D-", "NM-PRE-", "OQ-"),
    "NM-H": ("NM-H-", "NM-D-", "NM-PRE-", "OQ-"),
    "DE": ("DE-", "OQ-"),
}


_BY_RULEBOOK = {"NM-D": _NM_D, "NM-H": _NM_H, "DE": _DE}


def clauses_for(profile: RuleProfile) -> dict[str, str]:
    return _BY_RULEBOOK[profile.rulebook]


def citable(profile: RuleProfile, clause_id: str) -> bool:
    """May a ruling at a table of ``profile`` cite ``clause_id``?  Its own
    rulebook's clauses and the open questions, never another event's
    (a German table cites no Norwegian clause).

    >>> from floorman.profiles import load_profile
    >>> citable(load_profile("de-holdem"), "NM-D-1G"), citable(load_profile("de-holdem"), "OQ-03")
    (False, True)
    """
    return clause_id.startswith(CITABLE[profile.rulebook])
