"""``/api/rules``: the clause registry over HTTP (issues 9 and 18), for the
director's console (its clause picker) and anyone reading the rulings.
Every entry is the whole clause: the original, the full English rendering
(every sentence, list item and step of an open question's default), the
notes, and a short summary for pickers; ``?lang=nb|de|en`` adds the clause
in the reader's language (``local``), since the pages in nb and de show no
English."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, HTTPException

from floorman.profiles import load_profile, profile_names
from floorman.rules import RULEBOOKS, Clause, UnknownClause, citable_at, get, registry
from floorman.rules.local import reader_text

Language = Literal["nb", "de", "en"]

router = APIRouter(prefix="/api")


@router.get("/rules", summary="Every clause and open question, whole, with its status")
async def rules(
    rulebook: str | None = None, profile: str | None = None, lang: Language | None = None
) -> list[dict[str, Any]]:
    """Each entry: id, rulebook, status, summary, text (the full English),
    original, notes, reason; with ``?lang=nb|de|en`` also ``local``:
    {language, summary, source}, the clause as a reader of that language
    reads it (the rulebook's own words when they are in his language, else
    a translation of the summary; English only for ``lang=en``).
    ``?rulebook=NM-D|NM-H|DE|OQ`` keeps one
    rulebook; ``?profile=de-holdem`` keeps what a ruling at a table of that
    profile may cite: its own rulebook and the open questions, the
    console's clause picker).  ``/api/rules/{id}`` adds the evidence."""
    if rulebook is not None and rulebook not in RULEBOOKS:
        raise HTTPException(422, f"unknown rulebook {rulebook!r}: one of {', '.join(RULEBOOKS)}")
    if profile is not None and profile not in profile_names():
        raise HTTPException(
            422, f"unknown profile {profile!r}: one of {', '.join(profile_names())}"
        )
    clauses = registry().values() if profile is None else citable_at(load_profile(profile))
    return [
        _local(c, c.texts(), lang) for c in clauses if rulebook is None or c.rulebook == rulebook
    ]


@router.get("/rules/{clause_id}", summary="One clause, whole: its texts, status and what proves it")
async def rule(clause_id: str, lang: Language | None = None) -> dict[str, Any]:
    """The clause's texts as in the list (``local`` in ``lang``), with
    ``tests`` (the passing tests marked with it) and ``code`` (the source
    files citing it) when it is implemented, else the ``reason``."""
    try:
        clause = get(clause_id)
    except UnknownClause as error:
        raise HTTPException(404, str(error)) from None
    return _local(clause, clause.to_dict(), lang)


def _local(clause: Clause, entry: dict[str, Any], lang: str | None) -> dict[str, Any]:
    # only when asked: a client that does not name a language keeps the shape it knows
    return entry if lang is None else {**entry, "local": reader_text(clause, lang).to_dict()}
