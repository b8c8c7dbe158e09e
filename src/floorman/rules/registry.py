"""The clause registry: every clause and open question of RULES_EN.md with
its status in floorman (issue 9, "Every clause has a status"; issue 18, "A
registry proved by tests").

The registry is data, ``registry.toml`` beside this module, written by
``scripts/build_clause_registry.py`` from the rules reference and from what
a full test run proved (the TOML is committed; the package never reads the
reference).  Each entry carries the whole clause: its original text, its
full English rendering and the translator's notes (an open question: its
title, clauses, issue, options and every step of its default), and a short
``summary`` for lists.  A clause is

- ``implemented``: at least one test marked ``@pytest.mark.clause(ID)``
  passed in the last full run; ``tests`` lists those tests (pytest node
  IDs), ``code`` the source files that cite the clause;
- ``not-applicable``: it cannot arise in floorman (a stud-only clause, a
  stray page fragment), with the reason;
- ``floor-judgement``: the director rules it with the floor tools (at a live
  event a person deals; conduct at the table or in its chat), with the
  reason;
- ``unjudged``: none of these yet (a test refuses it).

>>> get("NM-D-3A").rulebook, get("NM-D-3A").status
('NM-D', 'implemented')
>>> ids_in("NM-D-2C s7, OQ-14")
['NM-D-2C', 'OQ-14']
>>> ids_in("DE-PENALTY-3/4, NM-D-1C/1D/1E")
['DE-PENALTY-3', 'DE-PENALTY-4', 'NM-D-1C', 'NM-D-1D', 'NM-D-1E']
>>> ids_in("test_NM_D_4_0a_categories_rank and test_OQ_39_OQ_68_six_places")
['NM-D-4.0a', 'OQ-39', 'OQ-68']
>>> check_citation("DE-RAISE-9, DE-FOO-9")
Traceback (most recent call last):
...
floorman.rules.registry.UnknownClause: unknown clause 'DE-FOO-9': not in the rules registry
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType

from floorman.engine.clauses import citable
from floorman.engine.errors import FloormanError
from floorman.engine.profile import RuleProfile

#: the statuses a clause may have
STATUSES = ("implemented", "not-applicable", "floor-judgement")
#: what the builder writes for a clause nobody has proved or judged (refused by the tests)
UNJUDGED = "unjudged"
#: the rulebooks, in document order (NM-PRE-1 belongs to the draw rulebook)
RULEBOOKS = ("NM-D", "NM-H", "DE", "OQ")
#: the language each rulebook is written in (the open questions are ours)
LANGUAGE = {"NM-D": "nb", "NM-H": "nb", "DE": "de", "OQ": "en"}
#: IDs the reference uses for a group of clauses ("NM-D-4" = section 4 as a whole)
SECTIONS = {"NM-D-4": "NM-D-4.0a…NM-D-4.9"}


class UnknownClause(FloormanError, ValueError):
    """A citation that names a clause the rules registry does not hold, or no
    clause at all.  ``unknown`` lists the IDs that are not in the registry."""

    def __init__(
        self,
        template: str,
        *,
        citation: str,
        unknown: tuple[str, ...] = (),
        values: dict[str, str] | None = None,
    ) -> None:
        self.citation = citation
        self.unknown = unknown
        super().__init__(template, values=values or {})


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause (or open question) and what floorman does with it."""

    id: str
    rulebook: str
    status: str
    #: the full English rendering: every sentence and list item (an open
    #: question: its title and every line, all steps of its default)
    text: str
    #: the first sentences, for lists and pickers
    summary: str = ""
    #: the rulebook's own words, whole (empty for an open question)
    original: str = ""
    #: the translator's notes, where the reference has any
    notes: str = ""
    #: implemented: the source files that cite the clause
    code: tuple[str, ...] = ()
    #: implemented: the passing tests marked with the clause (pytest node IDs)
    tests: tuple[str, ...] = ()
    #: not implemented: why
    reason: str = ""

    def texts(self) -> dict[str, str]:
        """The clause without its evidence: what a list shows."""
        return {
            "id": self.id,
            "rulebook": self.rulebook,
            "language": LANGUAGE.get(self.rulebook, "en"),  # the original's
            "status": self.status,
            "summary": self.summary,
            "text": self.text,
            "original": self.original,
            "notes": self.notes,
            "reason": self.reason,
        }

    def to_dict(self) -> dict[str, object]:
        return {**self.texts(), "code": list(self.code), "tests": list(self.tests)}


def rulebook_of(clause_id: str) -> str:
    """The rulebook an ID belongs to (``NM-PRE-1`` is the draw rulebook's).

    >>> rulebook_of("NM-PRE-1"), rulebook_of("DE-ODDCHIP-1"), rulebook_of("OQ-07")
    ('NM-D', 'DE', 'OQ')
    """
    if clause_id.startswith(("NM-D-", "NM-PRE-")):
        return "NM-D"
    return clause_id.split("-")[0] if not clause_id.startswith("NM-H-") else "NM-H"


@cache
def _load() -> Mapping[str, Clause]:
    text = resources.files("floorman.rules").joinpath("registry.toml").read_text("utf-8")
    clauses: dict[str, Clause] = {}
    for entry in tomllib.loads(text)["clause"]:
        clause = Clause(
            id=entry["id"],
            rulebook=entry["rulebook"],
            status=entry["status"],
            text=entry["text"],
            summary=entry.get("summary", ""),
            original=entry.get("original", ""),
            notes=entry.get("notes", ""),
            code=tuple(entry.get("code", ())),
            tests=tuple(entry.get("tests", ())),
            reason=entry.get("reason", ""),
        )
        clauses[clause.id] = clause
    return MappingProxyType(clauses)


def registry() -> Mapping[str, Clause]:
    """Every clause and open question by ID, in the reference's order."""
    return _load()


def get(clause_id: str) -> Clause:
    """The clause with this ID; :class:`UnknownClause` if there is none."""
    clause = registry().get(clause_id.strip())
    if clause is None:
        raise UnknownClause(
            f"unknown clause {clause_id.strip()!r}: not in the rules registry",
            citation=clause_id,
            unknown=(clause_id.strip(),),
        )
    return clause


# An ID as cited in prose or code.  Deliberately wider than the real IDs, so a
# made-up one (DE-FOO-9, NM-D-9Z) is found and then refused.
_DASH = r"NM-PRE-\d+|NM-D-\d+(?:\.\d+[a-z]?|[A-Z])?|NM-H-\d+|DE-[A-Z][A-Z0-9]*-\d+|OQ-\d+"
# ... followed by more of the same rule: "/4", "/1D", "…3", "–OQ-27"
_MORE = r"(?:(?:[/…–]|\.\.)(?:" + _DASH + r"|\d+(?:\.\d+[a-z]?|[A-Z])?|\.?\d+[a-z]?))*"
_CITED = re.compile(r"(?<![A-Za-z0-9-])(" + _DASH + r")(" + _MORE + r")(?![A-Za-z0-9])")
# The same in a test's name: test_NM_D_3A_x, test_NM_D_4_0a_x, test_DE_ABSENT_2_x, test_OQ_45_x
_UNDERSCORE = re.compile(
    r"(?<![A-Za-z0-9])(?:NM_PRE_(?P<pre>\d+)|NM_D_(?P<d>4_(?:0[a-c]|[1-9])|\d[A-G]|\d)"
    r"|NM_H_(?P<h>\d+)|DE_(?P<slug>[A-Z][A-Z0-9]*)_(?P<de>\d+)|OQ_(?P<oq>\d+))(?![0-9A-Za-z])"
)
_PART = re.compile(r"([/…–]|\.\.)(" + _DASH + r"|(?:(?!\.\.)[^/…–])+)")


def _sibling(base: str, suffix: str) -> str:
    """``NM-D-1C`` + ``1D`` → ``NM-D-1D``; ``NM-D-4.1`` + ``4`` → ``NM-D-4.4``;
    ``DE-PENALTY-3`` + ``4`` → ``DE-PENALTY-4``; a full ID stands for itself."""
    if re.fullmatch(_DASH, suffix):
        return suffix
    head, _, last = base.rpartition("-")
    if "." in last and "." not in suffix:
        return f"{head}-{last.split('.')[0]}.{suffix}"
    if base.startswith("OQ-") and len(suffix) == 1:
        suffix = f"0{suffix}"
    return f"{head}-{suffix}"


def _between(first: str, last: str) -> list[str]:
    """The registry's IDs from ``first`` to ``last`` inclusive (one rulebook)."""
    ids = list(registry())
    if first in ids and last in ids and rulebook_of(first) == rulebook_of(last):
        start, end = ids.index(first), ids.index(last)
        if start <= end:
            return ids[start : end + 1]
    return [first, last]


def ids_in(text: str, *, ranges: bool = True) -> list[str]:
    """Every clause ID a citation (or a test's name) names, in order, once.

    ``NM-D-2C s7`` is NM-D-2C; ``DE-PENALTY-3/4`` names DE-PENALTY-3 and 4;
    ``DE-SEATED-1…3`` and ``OQ-04…OQ-27`` are ranges, expanded unless
    ``ranges`` is false (then only their ends count); ``NM-D-4`` (section 4
    as a whole) expands to its clauses likewise.

    >>> ids_in("DE-SEATED-1…3; NM-D-2E/2F; NM-D-4.1/4")
    ['DE-SEATED-1', 'DE-SEATED-2', 'DE-SEATED-3', 'NM-D-2E', 'NM-D-2F', 'NM-D-4.1', 'NM-D-4.4']
    >>> ids_in("OQ-04…OQ-06", ranges=False), ids_in("NM-D-4", ranges=False)
    (['OQ-04', 'OQ-06'], [])
    """
    found: list[str] = []
    for match in _CITED.finditer(text):
        base = match.group(1)
        group = [base]
        previous = base
        for sep, part in _PART.findall(match.group(2)):
            named = _sibling(base, part)
            if sep == "/":
                group.append(named)
            else:
                group.extend(_between(previous, named)[1:] if ranges else [named])
            previous = named
        found.extend(group)
    for match in _UNDERSCORE.finditer(text):
        if match["pre"]:
            found.append(f"NM-PRE-{match['pre']}")
        elif match["d"]:
            found.append("NM-D-" + match["d"].replace("_", "."))
        elif match["h"]:
            found.append(f"NM-H-{match['h']}")
        elif match["slug"]:
            found.append(f"DE-{match['slug']}-{match['de']}")
        else:
            found.append(f"OQ-{match['oq']}")
    out: list[str] = []
    for clause_id in found:
        members = [clause_id]
        if clause_id in SECTIONS:
            first, last = SECTIONS[clause_id].split("…")
            members = _between(first, last) if ranges else []
        out.extend(m for m in members if m not in out)
    return out


def check_citation(text: str) -> list[str]:
    """The clause IDs a citation names, all of them in the registry; else
    :class:`UnknownClause` naming the first unknown one (or saying it names
    none).

    >>> check_citation("NM-D-1G, OQ-03")
    ['NM-D-1G', 'OQ-03']
    >>> check_citation("be nice")
    Traceback (most recent call last):
    ...
    floorman.rules.registry.UnknownClause: 'be nice' cites no clause of the rules registry
    """
    ids = ids_in(text)
    if not ids:
        raise UnknownClause(
            "{citation} cites no clause of the rules registry",
            citation=text,
            values={"citation": repr(text.strip())},
        )
    known = registry()
    unknown = tuple(i for i in ids if i not in known)
    if unknown:
        raise UnknownClause(
            "unknown clause {clause}: not in the rules registry",
            citation=text,
            unknown=unknown,
            values={"clause": repr(unknown[0])},
        )
    return ids


def citable_at(profile: RuleProfile) -> list[Clause]:
    """The clauses a ruling at a table of ``profile`` may cite: its own
    rulebook's and the open questions (:func:`floorman.engine.clauses.citable`),
    for the director's clause picker."""
    return [c for c in registry().values() if citable(profile, c.id)]


def counts() -> dict[str, dict[str, int]]:
    """How many clauses each rulebook has per status (``unjudged`` too) and
    in all."""
    table = {book: {s: 0 for s in (*STATUSES, UNJUDGED, "all")} for book in RULEBOOKS}
    for clause in registry().values():
        table[clause.rulebook][clause.status] += 1
        table[clause.rulebook]["all"] += 1
    return table
