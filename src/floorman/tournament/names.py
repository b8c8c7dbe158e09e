"""Players' names: one person, one entry (DE-GEN-2, OQ-64).

>>> name_key("  Ann   Lee ") == name_key("ann lee")
True
>>> clean_name(" Ann  Lee ")
'Ann  Lee'
>>> clean_name("Ann\x07")
Traceback (most recent call last):
floorman.tournament.names.MalformedName: a name may not hold control characters [DE-GEN-2, OQ-64]
"""

from __future__ import annotations

import unicodedata

from floorman.engine.errors import ProfileError, RuleViolation

MAX_NAME = 40  # characters in a player's name
CLAUSE = "DE-GEN-2, OQ-64"


def name_key(name: str) -> str:
    """Two names are the same entry if they differ only in case or spaces."""
    return " ".join(name.split()).casefold()


class MalformedName(RuleViolation, ProfileError):
    """A name that is no name: empty, too long or with control characters
    (HTTP 422, with its clause)."""


def clean_name(name: object) -> str:
    """The name trimmed, or :class:`MalformedName`."""
    cleaned = name.strip() if isinstance(name, str) else ""
    problem = None
    if not cleaned:
        problem = "a player needs a name"
    elif len(cleaned) > MAX_NAME:
        problem = "a name has at most {limit} characters, not {given}"
    elif any(unicodedata.category(c).startswith("C") for c in cleaned):
        problem = "a name may not hold control characters"
    if problem:
        raise MalformedName(
            problem,
            clause=CLAUSE,
            attempted=cleaned,
            values={"limit": MAX_NAME, "given": len(cleaned)},
        )
    return cleaned
