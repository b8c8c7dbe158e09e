# ruff: noqa: E501
"""The hand-made part of the clause registry: clauses floorman does not
implement in code, each with why (read by scripts/build_clause_registry.py).

``not-applicable``: the clause cannot arise in floorman (e.g. a physical
dealing error under software dealing, a stud-only clause, OQ-58).
``floor-judgement``: the director rules it by hand with the floor tools
(warnings, time penalties, disqualification, overrides; NM-D-1G, OQ-03).
"""

from __future__ import annotations

NA = "not-applicable"
FLOOR = "floor-judgement"

JUDGED: dict[str, tuple[str, str]] = {}

#: software dealing: floorman shuffles and deals every online hand itself, and at
#: a live event it never sees the cards (the director enters chip counts)
_DEALT = (
    "software dealing cannot make this error: floorman shuffles a full deck for every hand"
    " and deals hole and board cards itself; at a live event it does not see the deal"
    " (the director enters chip counts), so the table's dealer and the director handle it"
)
_CHIPS = (
    "a physical-chips rule: in floorman every bet, call and raise is a stated whole amount,"
    " checked against the limits before it is taken (OQ-55)"
)
_CONDUCT = (
    "table conduct the director rules by hand with the floor tools: a warning, a time"
    " penalty or disqualification, each citing its clause (DE-PENALTY-1…4)"
)
_INTRO = "an introductory sentence with no rule of its own; the clauses it introduces follow it"

JUDGED.update(
    {
        "NM-PRE-1": (
            NA,
            "a stray page fragment with no rule of its own; nothing is imported through it (OQ-01)",
        ),
        "NM-D-4.0c": (NA, _INTRO + " (NM-D-4.1…4.9, the ranking, implemented)"),
        "DE-SEAT-3": (
            NA,
            "seat numbering at the physical table; floorman numbers seats 1-10 and every order of play runs clockwise from the button (engine/seating.py)",
        ),
        "DE-GEN-1": (
            FLOOR,
            "floorman carries no table talk; at a live event the language of play is " + _CONDUCT,
        ),
        "DE-GEN-2": (
            FLOOR,
            "the software gives each entry one seat at one table and never seats a name twice; a person playing two entries is for the director to find and disqualify (DE-COLLUSION-1, OQ-64)",
        ),
        "DE-GEN-4": (
            FLOOR,
            "objects on a live table are " + _CONDUCT + "; online there are no physical chips",
        ),
        "DE-GEN-6": (
            NA,
            "online every stack is shown exactly to everyone at the table; floorman keeps no physical chips",
        ),
        "DE-SEATED-1": (
            FLOOR,
            "the director marks a player absent with the floor tools (floor/absent); his hand is then dealt dead (DE-SEATED-2, OQ-45)",
        ),
        "DE-INFO-1": (FLOOR, "giving information about hands is " + _CONDUCT),
        "DE-INFO-2": (FLOOR, "advice or criticism during a hand is " + _CONDUCT),
        "DE-INFO-3": (FLOOR, "assessing an unshown hand aloud or mocking a player is " + _CONDUCT),
        "DE-ETIQ-2": (FLOOR, "examples of breaches of etiquette (DE-ETIQ-1): " + _CONDUCT),
        "DE-PENALTY-1": (
            FLOOR,
            "the director imposes the penalty with the floor tools (warn, time penalty, disqualify), each citing the clause broken; the ruling log keeps them",
        ),
        "DE-PENALTY-2": (FLOOR, "verbal abuse and improper behaviour are " + _CONDUCT),
        "DE-DEAL-4": (
            FLOOR,
            "floorman does not track whether an entry has paid; the director removes an unpaid 'running-along' stack with a chip override after level 2 (OQ-46)",
        ),
        "DE-LEAVE-1": (
            FLOOR,
            "staying seated during a hand is "
            + _CONDUCT
            + "; online, an absent player is marked absent (DE-ABSENT-2…4)",
        ),
        "DE-LEAVE-2": (FLOOR, "leaving the table after betting is " + _CONDUCT),
        "DE-BET-1": (NA, _CHIPS),
        "DE-BET-2": (NA, _CHIPS),
        "DE-BET-3": (NA, _CHIPS + "; an action once sent is binding (DE-INTURN-1)"),
        "DE-CALL-2": (NA, _CHIPS + ": a call is always the exact amount"),
        "DE-RAISE-2": (NA, _INTRO + " (DE-RAISE-3…9)"),
        "DE-RAISE-3": (
            NA,
            _CHIPS + "; a raise without a whole-number amount is refused (engine/actions.py)",
        ),
        "DE-RAISE-4": (NA, _CHIPS),
        "DE-DECK-2": (NA, _DEALT),
        "DE-DECK-3": (NA, _DEALT),
        "DE-DECK-4": (NA, _DEALT),
        "DE-DECK-6": (NA, _DEALT),
        "DE-KNOCK-1": (
            NA,
            "there is no dealer's knock: the engine deals the next street only when the betting round is complete, and a completed action cannot be objected to (OQ-57)",
        ),
        "DE-KNOCK-2": (NA, "there is no dealer's knock (see DE-KNOCK-1, OQ-57)"),
        "DE-FOUL-1": (
            NA,
            "a hand in floorman always holds exactly its dealt cards and never touches the muck, so it cannot be foul",
        ),
        "DE-FOUL-2": (NA, "a hand in floorman cannot be foul (DE-FOUL-1)"),
        "DE-HOLE-3": (
            NA,
            "the client offers no way to show a hole card to one player or to fold face up: folded cards are never shown to anyone",
        ),
        "DE-HOLE-4": (
            NA,
            "cards cannot be shown to one player only (DE-HOLE-3), so show-one-show-all never arises",
        ),
        "DE-PROTECT-1": (
            NA,
            "protecting cards is physical: online hole cards cannot be touched or mixed with the muck",
        ),
        "DE-PROTECT-2": (NA, "protecting cards is physical (DE-PROTECT-1)"),
        "DE-PROTECT-3": (
            NA,
            "online a hand cannot touch the muck; at a live event the director reconstructs it (OQ-61)",
        ),
        "DE-PROTECT-4": (NA, "online a hand cannot touch the muck (DE-PROTECT-1)"),
        "DE-COMMUNITY-2": (
            NA,
            "a physical layout rule; the client lays the board out left to right in the order dealt",
        ),
        "DE-MISDEAL-11": (NA, _INTRO + " (DE-MISDEAL-12…14)"),
        "DE-MISDEAL-12": (
            NA,
            "the engine posts every blind before it deals a card, so cards are never dealt before the blinds",
        ),
        "DE-MISDEAL-14": (
            NA,
            "a stud rule (face-up cards in the initial deal); not applicable to hold'em (OQ-58)",
        ),
        "DE-EARLY-2": (NA, _DEALT + "; stud-derived (OQ-58)"),
        "DE-ORDER-2": (NA, _DEALT + "; stud-derived (OQ-58)"),
        "DE-SHORT-2": (NA, _DEALT + "; stud-derived (OQ-58)"),
        "DE-FACEUP-2": (NA, _DEALT + "; stud-derived (OQ-58)"),
        "DE-EXPOSED-2": (
            NA,
            "a stud rule (face-up cards of one's own); not applicable to hold'em (OQ-58)",
        ),
        "DE-EXPOSED-3": (NA, _DEALT + "; a player cannot expose his own cards online (OQ-65)"),
        "DE-OOT-2": (
            NA,
            "the engine refuses every action out of turn (DE-OOT-1), so nobody is ever passed over",
        ),
        "DE-OOT-3": (
            NA,
            "no bet out of turn is ever taken (DE-OOT-1), so none stands or is adjusted (OQ-60)",
        ),
        "DE-OOT-4": (
            NA,
            "no bet out of turn is ever taken (DE-OOT-1), so none is taken back (OQ-60)",
        ),
        "DE-OOT-5": (
            NA,
            "a fold is final in the engine and there is no action to take folded cards back",
        ),
        "DE-ABSENT-1": (NA, _INTRO + " (DE-ABSENT-2…4, implemented)"),
        "DE-TIME-1": (
            FLOOR,
            "what is reasonable is the director's call; the action clock (DE-TIME-2, DE-TIME-4) bounds it",
        ),
        "DE-TIME-3": (
            NA,
            "there is no dealer or floorman with a stopwatch: the server's action clock times every decision",
        ),
        "DE-MUCKVIEW-3": (
            FLOOR,
            "the director may look at any cards at any time: he gets every hand's PHH history with all hole cards",
        ),
        "DE-SHOWALL-2": (
            NA,
            "there is no dealer to announce: the engine reads every shown hand itself (cards speak, DE-CARDSPEAK-1)",
        ),
        "DE-CARDSPEAK-2": (
            NA,
            "players do not announce their hands in floorman; the cards speak (DE-CARDSPEAK-1)",
        ),
        "DE-READHAND-1": (
            NA,
            "a shown hand is read by the engine at once and cannot be thrown away or touch the muck afterwards",
        ),
        "DE-OBJECT-1": (
            FLOOR,
            "an objection goes to the director, who can correct a stack with an override (NM-D-1G, OQ-03)",
        ),
        "DE-OBJECT-2": (
            FLOOR,
            "whether an objection came in time is the director's ruling (DE-OBJECT-1)",
        ),
        "DE-SDFOUL-1": (NA, "a hand in floorman always has exactly its cards at the showdown"),
        "DE-SDFOUL-2": (NA, "cards cannot be picked up online (OQ-66)"),
        "DE-POTAWARD-1": (NA, "the engine awards every pot; no player or dealer hands it over"),
        "DE-POTAWARD-2": (NA, "the engine awards every pot; no player can award one"),
        "DE-COLLUSION-2": (
            FLOOR,
            "the engine deals one hand per seat; a person playing more than one entry is for the director to find and disqualify (DE-COLLUSION-1, OQ-64)",
        ),
        "DE-ACCEPT-1": (NA, "a statement about taking part, with nothing to apply"),
        "OQ-01": (NA, "NM-PRE-1 is read as a page fragment with nothing to implement"),
        "OQ-46": (
            FLOOR,
            "its first half is implemented (an absent entrant's stack is dealt in and blinded off, DE-DEAL-3); floorman does not track payment, so the director removes an unpaid 'running-along' stack with a chip override (DE-DEAL-4)",
        ),
        "OQ-55": (
            NA,
            "amounts are always stated explicitly in floorman; the physical cases do not arise (DE-BET-1…3, DE-CALL-2, DE-RAISE-3/4)",
        ),
        "OQ-57": (NA, "there is no dealer's knock (DE-KNOCK-1/2)"),
        "OQ-58": (NA, "the stud-derived dealing clauses cannot occur with software dealing"),
        "OQ-60": (NA, "the engine refuses every action out of turn (DE-OOT-1)"),
        "OQ-61": (
            NA,
            "online a hand cannot touch the muck; at a live event the director decides (DE-PROTECT-3)",
        ),
        "OQ-64": (
            FLOOR,
            "one seat per entry is enforced; whether a person plays for or advises another, or what lies on a live table, is the director's to rule (DE-GEN-2/4, DE-COLLUSION-1/2)",
        ),
        "OQ-65": (NA, "a player cannot expose his own cards online (DE-EXPOSED-3)"),
        "OQ-66": (NA, "cards cannot be picked up online (DE-SDFOUL-2)"),
    }
)
for _id in (
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
    "DE-MISDEAL-7",
    "DE-MISDEAL-8",
    "DE-MISDEAL-9",
    "DE-MISDEAL-10",
    "DE-MISDEAL-13",
    "DE-EARLY-1",
    "DE-EARLY-3",
    "DE-ORDER-1",
    "DE-SHORT-1",
    "DE-EXTRA-1",
    "DE-EXTRA-2",
    "DE-EXTRA-3",
    "DE-EXTRA-4",
    "DE-FACEUP-1",
    "DE-EXPOSED-1",
):
    JUDGED.setdefault(_id, (NA, _DEALT))
