"""The rules registry: every clause of docs/rules/RULES_EN.md and its status."""

from floorman.rules.registry import (
    RULEBOOKS,
    SECTIONS,
    STATUSES,
    UNJUDGED,
    Clause,
    UnknownClause,
    check_citation,
    citable_at,
    counts,
    get,
    ids_in,
    registry,
    rulebook_of,
)

__all__ = [
    "RULEBOOKS",
    "SECTIONS",
    "STATUSES",
    "UNJUDGED",
    "Clause",
    "UnknownClause",
    "check_citation",
    "citable_at",
    "counts",
    "get",
    "ids_in",
    "registry",
    "rulebook_of",
]
