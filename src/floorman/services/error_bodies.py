"""Error bodies and frames a user may see, in one shape for the HTTP API and
the websocket, so the browser can say them in the user's language
(``static/js/errors.js``) and show the clause beside them as the rulebook
has it::

    {"error": "AmountOutOfRange",             # the class, or "HTTPError"
     "message": "seat 3: raise to 50: … (allowed 60 to 200) [DE-RAISE-6]",
     "reason": "raise to 50: …",              # English, for API clients
     "template": "{action} to {amount}: …",   # the catalogue's message id
     "values": {"action": "raise", "amount": 50},
     "clause": "DE-RAISE-6",                  # as cited, may name several
     "clauses": [{"id": "DE-RAISE-6", "original": "Eine Erhöhung …",
                  "english": "A raise must …", "language": "de",
                  "reader": {"nb": "En høyning må …", "de": "Eine Erhöhung …"}}],
     ...}                                     # seat, action, attempted, allowed

A rule violation keeps every field of :meth:`RuleViolation.to_dict`
(``seat``, ``attempted``, ``allowed``, ``allowed_template`` …).
"""

from __future__ import annotations

from typing import Any

from floorman.engine.errors import FloormanError, RuleViolation
from floorman.rules import UnknownClause, get, ids_in, rulebook_of
from floorman.rules.local import reader_summaries
from floorman.rules.registry import LANGUAGE


def clause_texts(citation: str | None) -> list[dict[str, Any]]:
    """Each clause a citation names ("NM-H-15, OQ-32", "NM-D-2D s7"), with
    its text in the rulebook's language and in English, and ``reader``: its
    text for a reader of nb and of de (the frame goes to pages in any
    language, and those pages show no English); IDs the registry does not
    hold are left out.

    >>> [(c["id"], c["language"]) for c in clause_texts("NM-D-2D s7, DE-RAISE-6, OQ-16, XX-1")]
    [('NM-D-2D', 'nb'), ('DE-RAISE-6', 'de'), ('OQ-16', 'en')]
    """
    found: list[dict[str, Any]] = []
    for part in (citation or "").split(","):
        for clause_id in ids_in(part, ranges=False):
            try:
                clause = get(clause_id)
            except UnknownClause:
                continue
            if any(c["id"] == clause.id for c in found):
                continue
            found.append(
                {
                    "id": clause.id,
                    "original": clause.original.strip() or clause.text,
                    "english": clause.text,
                    "language": LANGUAGE.get(rulebook_of(clause.id), "en"),
                    "reader": reader_summaries(clause.id),
                }
            )
    return found


def error_body(error: FloormanError) -> dict[str, Any]:
    """The body of a refused request or the fields of an error frame."""
    if isinstance(error, RuleViolation):
        body = error.to_dict()
    else:
        body = {
            "error": type(error).__name__,
            "message": str(error),
            "reason": str(error),
            "template": error.template,
            "values": dict(error.values),
            "clause": None,
        }
    body["clauses"] = clause_texts(body.get("clause"))
    return body


def message_body(
    template: str,
    values: dict[str, int | str] | None = None,
    *,
    clause: str | None = None,
    error: str = "HTTPError",
) -> dict[str, Any]:
    """A body for a refusal that is no :class:`FloormanError` (a wrong
    token, an unknown tournament), in the same shape."""
    values = dict(values or {})
    message = template.format(**values) if values else template
    return {
        "error": error,
        "message": message,
        "reason": message,
        "template": template,
        "values": values,
        "clause": clause,
        "clauses": clause_texts(clause),
    }


__all__ = ["LANGUAGE", "clause_texts", "error_body", "message_body"]
