"""The clauses and open questions of the rules reference
(``docs/rules/RULES_EN.md``), read whole: every clause's original text, its
full English rendering (every sentence and list item) and its notes; every
open question's title, clauses, issue, options and default with all its
steps (issue 18: "whole clauses").

The registry (``registry.toml``) is built from this by
``scripts/build_clause_registry.py``; the test plugin
(``tests/helpers/clause_plugin.py``) reads the IDs a ``clause`` marker may
name from it.  The package never reads the reference at run time: the
registry carries the texts.

>>> text = '''#### NM-D-1G
... > [s1] Original. [s2] Mer.
...
... **EN:** [s1] First. [s2] Second:
... - one
... - two
...
... **Notes:** A note.
...
... **OQ-03 — A question.**
... - Clauses: NM-D-1G.
... - Default (steps):
...   1. First step.
...   2. Second step.
... '''
>>> clause, question = parse_reference(text)
>>> clause.id, clause.original, clause.notes
('NM-D-1G', '[s1] Original. [s2] Mer.', 'A note.')
>>> print(clause.text)
[s1] First. [s2] Second:
- one
- two
>>> clause.summary
'First. Second: one two'
>>> print(question.text)
A question.
- Clauses: NM-D-1G.
- Default (steps):
  1. First step.
  2. Second step.
>>> question.summary
'A question. Default: (steps) First step. Second step.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from floorman.rules.registry import rulebook_of

_CLAUSE_HEAD = re.compile(r"^#### (\S+)\s*$")
_QUESTION_HEAD = re.compile(r"^\*\*(OQ-\d+) — (.*)\*\*\s*$")


@dataclass(frozen=True, slots=True)
class ReferenceEntry:
    """One clause or open question as the reference has it."""

    id: str
    rulebook: str
    #: the full English rendering (a clause's EN text; an open question's
    #: title and every line of it), its lines and list items kept
    text: str
    #: the rulebook's own words (block quotes), empty for an open question
    original: str = ""
    #: the translator's notes, where there are any
    notes: str = ""

    @property
    def summary(self) -> str:
        """A clause's first two sentences, or an open question's title and
        default, for lists and pickers (at most about 360 characters)."""
        if self.rulebook == "OQ":
            title, _, rest = self.text.partition("\n")
            default = _default_of(rest)
            return _sentences(f"{title.rstrip('.')}. Default: {default}", limit=3, width=360)
        return _sentences(self.text)


def _flat(text: str) -> str:
    """Lines and list items run together as one paragraph."""
    return " ".join(re.sub(r"^\s*(?:[-•]|\d+\.)\s+", "", ln).strip() for ln in text.splitlines())


def _sentences(text: str, limit: int = 2, width: int = 320) -> str:
    text = re.sub(r"\[s\d+\]\s*", "", _flat(text)).strip()
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z(\"*])", text)
    short = " ".join(parts[:limit])
    if len(short) > width:
        short = short[: width - 1].rsplit(" ", 1)[0] + "…"
    return short


def _default_of(body: str) -> str:
    """An open question's default: its ``- Default…:`` line and the steps
    under it, as one paragraph."""
    lines = body.splitlines()
    for k, line in enumerate(lines):
        if line.startswith("- Default"):
            label, _, default = line[len("- Default") :].partition(":")
            steps = []
            for step in lines[k + 1 :]:
                if not step.startswith("  "):
                    break
                steps.append(step)
            return " ".join(
                p for p in (label.strip(), default.strip(), _flat("\n".join(steps))) if p
            )
    return ""


def _clause(lines: list[str], start: int, clause_id: str) -> ReferenceEntry:
    original: list[str] = []
    english: list[str] = []
    notes: list[str] = []
    part: list[str] | None = None
    for line in lines[start + 1 :]:
        if line.startswith("#") or line.strip() == "---" or _QUESTION_HEAD.match(line):
            break
        if line.startswith(">"):
            original.append(line[1:].strip())
            part = None
        elif line.startswith("**EN:**"):
            part = english
            line = line[len("**EN:**") :]
        elif line.startswith("**Notes:**"):
            part = notes
            line = line[len("**Notes:**") :]
        if part is not None and line.strip():
            part.append(line.rstrip() if line.startswith(" ") and part else line.strip())
    return ReferenceEntry(
        id=clause_id,
        rulebook=rulebook_of(clause_id),
        text="\n".join(english),
        original="\n".join(original),
        notes="\n".join(notes),
    )


def _question(lines: list[str], start: int, match: re.Match[str]) -> ReferenceEntry:
    body = []
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        body.append(line.rstrip())
    return ReferenceEntry(
        id=match.group(1), rulebook="OQ", text="\n".join([match.group(2).strip(), *body])
    )


def parse_reference(text: str) -> list[ReferenceEntry]:
    """Every clause (``#### ID``) and open question (``**OQ-nn — …**``) of
    the reference, in its order: the clauses, then the questions."""
    lines = text.splitlines()
    clauses: list[ReferenceEntry] = []
    questions: list[ReferenceEntry] = []
    for i, line in enumerate(lines):
        if head := _CLAUSE_HEAD.match(line):
            clauses.append(_clause(lines, i, head.group(1)))
        elif question := _QUESTION_HEAD.match(line):
            questions.append(_question(lines, i, question))
    return clauses + questions


def read_reference(path: Path) -> list[ReferenceEntry]:
    """:func:`parse_reference` of the file at ``path`` (the repository's
    ``docs/rules/RULES_EN.md``)."""
    return parse_reference(path.read_text(encoding="utf-8"))
