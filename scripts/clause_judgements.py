# ruff: noqa: E501
"""The hand-made part of the clause registry (read by
scripts/build_clause_registry.py): every clause no passing test marked with
it proves, with why (issue 18).

``not-applicable``: the clause cannot arise in floorman at all - an
introductory sentence with no rule of its own, a stud-only clause (OQ-58), a
stray page fragment.
``floor-judgement``: the director rules it with the floor tools (warnings,
time penalties, disqualification, chip and seat corrections, the chat mute;
NM-D-1G, OQ-03).  floorman serves live events, where a person deals and the
players handle cards and chips: a physical dealing or chip error can happen
there, and the director rules it at the table, so it is his judgement, not
"not applicable"; online floorman deals every card itself and takes only
stated amounts, so such an error cannot happen there.

A clause that a passing marked test proves is ``implemented`` and must not
be judged here (``build_clause_registry.py --check`` refuses the judgement).
"""

from __future__ import annotations

NA = "not-applicable"
FLOOR = "floor-judgement"

JUDGED: dict[str, tuple[str, str]] = {}

#: a person deals at a live event; floorman deals every online card itself
_LIVE_DEAL = (
    "a dealing error at a live event, where a person deals: the director rules it at the table"
    " and records what it changes with the floor tools (a chip correction or a ruling citing"
    " the clause, NM-D-1G, OQ-03); online floorman shuffles a full deck for every hand and deals"
    " every card itself, so the error cannot happen there"
)
#: chips are pushed by hand at a live table; online every amount is stated
_LIVE_CHIPS = (
    "how chips are put in at a live table: the dealer and the director rule it there, with a"
    " chip correction from the floor tools where needed (NM-D-1G, OQ-55); online every bet, call"
    " and raise is a stated whole amount, checked against the limits before it is taken"
)
#: cards are handled at a live table; online they never leave the engine
_LIVE_CARDS = (
    "how cards are handled at a live table (protected, shown, mucked): the dealer and the"
    " director rule it there with the floor tools; online a hand always holds exactly its dealt"
    " cards, a shown hand is read at once and folded cards are shown to nobody"
)
#: conduct at the table or in the table chat
_CONDUCT = (
    "conduct at the table or in the table chat: the director rules it with the floor tools - a"
    " warning, a time penalty or disqualification citing the clause (DE-PENALTY-1…4), and a mute"
    " of the player's chat (DE-ETIQ-2) - each ruling kept in the ruling log"
)
#: OQ-58: the stud-derived clauses that apply, adapted, to hold'em
_STUD_ADAPTED = (
    "; stud-derived, applied to hold'em as OQ-58's default says (the initial deal, a face-up card"
    " that would have been a board card, premature board cards)"
)
_INTRO = "an introductory sentence with no rule of its own; the clauses it introduces follow it"

JUDGED.update(
    {
        # ------------------------------------------------------------ not applicable
        "NM-PRE-1": (
            NA,
            "a stray page fragment with no rule of its own; nothing is imported through it (OQ-01)",
        ),
        "OQ-01": (NA, "NM-PRE-1 is read as a page fragment with nothing to implement"),
        "NM-D-4.0c": (NA, _INTRO + " (NM-D-4.1…4.9, the ranking)"),
        "DE-RAISE-2": (NA, _INTRO + " (DE-RAISE-3…9)"),
        "DE-MISDEAL-11": (NA, _INTRO + " (DE-MISDEAL-12…14)"),
        "DE-ABSENT-1": (NA, _INTRO + " (DE-ABSENT-2…4)"),
        "DE-ACCEPT-1": (
            NA,
            "a statement that taking part accepts the rules, with nothing to apply",
        ),
        "DE-MISDEAL-14": (
            NA,
            "a stud rule (face-up cards in the initial deal): it cannot arise in hold'em, OQ-58's default",
        ),
        "DE-EXPOSED-2": (
            NA,
            "a stud rule (a player's other face-up cards): it cannot arise in hold'em, OQ-58's default",
        ),
        "OQ-58": (
            NA,
            "its default: DE-MISDEAL-14 and DE-EXPOSED-2 cannot arise in hold'em (not applicable); the"
            " other stud-derived clauses apply, adapted, to a live deal and are the director's"
            " (floor-judgement); software dealing makes none of these errors",
        ),
        # ------------------------------------------------------------ conduct
        "DE-GEN-1": (
            FLOOR,
            "the language spoken at the table or written in the table chat: " + _CONDUCT,
        ),
        "DE-GEN-4": (
            FLOOR,
            "what lies on a live table is the director's to rule with the floor tools (a warning, a"
            " time penalty or disqualification citing the clause); online there is no table top",
        ),
        "DE-GEN-5": (
            FLOOR,
            "taking chips off a live table: the director disqualifies the player with the floor tool"
            " citing DE-GEN-5 (his chips leave play, he gets no place); online chips cannot be taken"
            " off the table",
        ),
        "DE-GEN-6": (
            FLOOR,
            "the chips on a live table are the dealer's and the director's to keep in view; online"
            " every stack is shown exactly to everyone at the table",
        ),
        "DE-INFO-3": (FLOOR, "assessing an unshown hand aloud or mocking a player: " + _CONDUCT),
        "DE-ETIQ-1": (
            FLOOR,
            "whether breaches were repeated is the director's judgement: every warning is logged"
            " with its clause and counted per player, and he penalises with the floor tools (a"
            " time penalty or disqualification citing the clause)",
        ),
        "DE-PENALTY-2": (FLOOR, "verbal abuse and improper behaviour: " + _CONDUCT),
        "DE-LEAVE-1": (
            FLOOR,
            "staying seated during a hand: "
            + _CONDUCT
            + "; online a player who does not act is timed out (DE-TIME-4) and marked away after"
            " two time-outs (OQ-45)",
        ),
        "DE-LEAVE-2": (FLOOR, "leaving the table after betting: " + _CONDUCT),
        "DE-COLLUSION-2": (
            FLOOR,
            "floorman deals one hand per seat and takes one entry per name (DE-GEN-2, OQ-64); a"
            " person playing two entries under two names is for the director to find and"
            " disqualify (DE-COLLUSION-1, OQ-64)",
        ),
        # ------------------------------------------------------------ chips at a live table
        "DE-BET-1": (FLOOR, _LIVE_CHIPS),
        "DE-BET-2": (FLOOR, _LIVE_CHIPS),
        "DE-BET-3": (FLOOR, _LIVE_CHIPS + "; an action sent in turn is binding (DE-INTURN-1)"),
        "DE-CALL-2": (FLOOR, _LIVE_CHIPS + ": a call is always the exact amount"),
        "DE-RAISE-3": (
            FLOOR,
            _LIVE_CHIPS + "; a raise without a whole-number amount is refused (engine/actions.py)",
        ),
        "DE-RAISE-4": (FLOOR, _LIVE_CHIPS),
        "OQ-55": (
            FLOOR,
            "its default rules the physical cases at a live table, where the director applies it;"
            " online amounts are always stated explicitly (DE-BET-1…3, DE-CALL-2, DE-RAISE-3/4)",
        ),
        "DE-CHECK-3": (
            FLOOR,
            "how a check is shown at a live table (a knock or the word): the dealer reads it, the"
            " director rules a dispute; online a check is the check action",
        ),
        # ------------------------------------------------------------ the dealer's procedure
        "DE-KNOCK-1": (
            FLOOR,
            "the dealer's knock at a live table closes objections to the finished round, and the"
            " director rules one that comes late (DE-OBJECT-1/2); online the engine deals the next"
            " street only when the round is complete, and no action is ever taken back",
        ),
        "DE-KNOCK-2": (FLOOR, "the dealer's knock at a live table (see DE-KNOCK-1, OQ-57)"),
        "OQ-57": (
            FLOOR,
            "when the dealer knocks at a live table (its default: before the flop, the turn and the"
            " river) is the director's to uphold; online there is no knock (DE-KNOCK-1/2)",
        ),
        "DE-COMMUNITY-2": (
            FLOOR,
            "how the dealer lays the board out on a live table, a dispute the director's; online the"
            " client lays the board out left to right in the order dealt",
        ),
        "DE-POTAWARD-1": (
            FLOOR,
            "at a live table only the dealer pushes the pot, a dispute the director's; online the"
            " engine awards every pot",
        ),
        "DE-POTAWARD-2": (
            FLOOR,
            "a player taking or handing over a pot at a live table is the director's to rule;"
            " online the engine awards every pot and nobody else can",
        ),
        # ------------------------------------------------------------ cards at a live table
        "DE-PROTECT-1": (FLOOR, _LIVE_CARDS),
        "DE-PROTECT-2": (FLOOR, _LIVE_CARDS),
        "DE-PROTECT-3": (FLOOR, _LIVE_CARDS + "; a hand that cannot be reconstructed: OQ-61"),
        "DE-PROTECT-4": (FLOOR, _LIVE_CARDS),
        "OQ-61": (
            FLOOR,
            "its default: the director decides (DE-PROTECT-3); online a hand cannot touch the muck",
        ),
        "DE-CARDSPEAK-2": (
            FLOOR,
            "a hand announced too high at a live table and the hands folded to it: the director"
            " rules it; online players announce nothing, the cards speak (DE-CARDSPEAK-1)",
        ),
        "DE-READHAND-1": (
            FLOOR,
            "a hand read by the dealer at a live table stays valid, a dispute the director's;"
            " online a shown hand is read by the engine at once and cannot be mucked afterwards",
        ),
        "DE-SDFOUL-2": (FLOOR, _LIVE_CARDS + " (OQ-66)"),
        "OQ-65": (
            FLOOR,
            "a player exposing his own cards at a live table: its default is the director's to apply (DE-EXPOSED-3); online a player cannot expose his cards",
        ),
        "OQ-66": (
            FLOOR,
            "picking up one's cards at a live showdown: its default is the director's to apply (DE-SDFOUL-2); online nobody picks up cards",
        ),
        # ------------------------------------------------------------ out of turn at a live table
        "DE-OOT-2": (
            FLOOR,
            "a player passed over at a live table must object, and the director rules it (OQ-60);"
            " online the engine refuses every action out of turn (DE-OOT-1), so nobody is passed over",
        ),
        "DE-OOT-3": (
            FLOOR,
            "bets out of turn at a live table stand and are adjusted as the director rules (OQ-60);"
            " online no bet out of turn is ever taken (DE-OOT-1)",
        ),
        "DE-OOT-4": (
            FLOOR,
            "bets out of turn at a live table may be taken back as the director rules (OQ-60);"
            " online no bet out of turn is ever taken (DE-OOT-1)",
        ),
        "DE-OOT-5": (
            FLOOR,
            "folded cards at a live table are never given back, the director's to uphold; online a"
            " fold is final and no action takes folded cards back",
        ),
        "OQ-60": (
            FLOOR,
            "its default rules out-of-turn action at a live table, the director's to apply; online"
            " the engine refuses every action out of turn (DE-OOT-1)",
        ),
        # ------------------------------------------------------------ the director's rulings
        "DE-TIME-1": (
            FLOOR,
            "what is reasonable is the director's call; the action clock (30 s, DE-TIME-2) and the"
            " time bank bound every online decision, and a player who runs out is checked or folded"
            " (DE-TIME-4)",
        ),
        "DE-MUCKVIEW-3": (
            FLOOR,
            "the director looks at any cards: at a live table himself; online every finished hand's"
            " PHH history with all hole cards is his alone (the director token)",
        ),
        "DE-OBJECT-1": (
            FLOOR,
            "an objection goes to the director, who can correct a stack with an override (NM-D-1G,"
            " OQ-03)",
        ),
        "DE-OBJECT-2": (
            FLOOR,
            "whether an objection came in time is the director's ruling (DE-OBJECT-1)",
        ),
    }
)

# Dealing errors at a live event (a person deals there; floorman never makes them).
for _id in (
    "DE-DECK-2",
    "DE-DECK-3",
    "DE-DECK-4",
    "DE-BURN-2",
    "DE-BURN-3",
    "DE-BURN-4",
    "DE-BURN-5",
    "DE-BURN-6",
    "DE-BURN-7",
    "DE-BURN-8",
    "DE-BURN-9",
    "DE-BURN-10",
    "DE-MISDEAL-3",
    "DE-MISDEAL-4",
    "DE-MISDEAL-5",
    "DE-MISDEAL-6",
    "DE-MISDEAL-7",
    "DE-MISDEAL-8",
    "DE-MISDEAL-9",
    "DE-MISDEAL-10",
    "DE-MISDEAL-13",
    "DE-EARLY-1",
    "DE-EARLY-3",
    "DE-ORDER-1",
    "DE-SHORT-1",
    "DE-EXTRA-2",
    "DE-EXTRA-3",
    "DE-FACEUP-1",
    "DE-EXPOSED-1",
):
    JUDGED.setdefault(_id, (FLOOR, _LIVE_DEAL))
for _id in ("DE-EARLY-2", "DE-ORDER-2", "DE-SHORT-2", "DE-EXTRA-1", "DE-EXTRA-4", "DE-FACEUP-2"):
    JUDGED.setdefault(_id, (FLOOR, _LIVE_DEAL + _STUD_ADAPTED))
JUDGED["DE-MISDEAL-12"] = (
    FLOOR,
    _LIVE_DEAL + "; online the engine posts every blind before it deals a card",
)
JUDGED["DE-EXPOSED-3"] = (
    FLOOR,
    _LIVE_DEAL + "; a player who exposes his own cards keeps them (OQ-65), the director's to rule",
)
