"""Each clause in the reader's language (nb, de or en): the pages in
Norwegian and German show no English.

A clause whose rulebook is written in the reader's language is read in its
own words (the NM rulebooks in nb, the German one in de).  Every other clause
is read in a translation of its English ``summary``, kept as data beside the
registry (``translations/nb.toml``, ``translations/de.toml``) and written by
hand: the registry is built from the reference, the translations are not.

>>> reader_text(get("OQ-31"), "nb").source
'translation'
>>> reader_text(get("DE-RAISE-6"), "de").source, reader_text(get("NM-H-1"), "en").source
('original', 'english')
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType

from floorman.rules.registry import LANGUAGE, Clause, get, registry

#: the pages' languages
LANGUAGES = ("nb", "de", "en")
#: the languages translated into (English is the registry's own)
TRANSLATED = ("nb", "de")


@dataclass(frozen=True, slots=True)
class ReaderText:
    """What a reader of ``language`` reads for a clause, and where it comes
    from: the rulebook's ``original``, a ``translation`` of the summary, or
    the ``english`` summary (an English reader, or a translation missing)."""

    language: str
    summary: str
    source: str

    def to_dict(self) -> dict[str, str]:
        return {"language": self.language, "summary": self.summary, "source": self.source}


@cache
def translations(language: str) -> Mapping[str, str]:
    """Clause ID → the summary translated into ``language`` (nb or de)."""
    if language not in TRANSLATED:
        return MappingProxyType({})
    path = resources.files("floorman.rules").joinpath("translations", f"{language}.toml")
    table: dict[str, str] = tomllib.loads(path.read_text("utf-8"))["summary"]
    return MappingProxyType(table)


def needs_translation(clause: Clause, language: str) -> bool:
    """Whether a reader of ``language`` needs a translation of the clause:
    it is not written in his language and he does not read English."""
    return language in TRANSLATED and LANGUAGE.get(clause.rulebook, "en") != language


def missing(language: str) -> list[str]:
    """The clauses a reader of ``language`` needs translated that have none."""
    table = translations(language)
    return [
        c.id for c in registry().values() if needs_translation(c, language) and c.id not in table
    ]


def _unnumbered(text: str) -> str:
    # the reference numbers the sentences ([s1] …) for citations; a reader
    # does not need them (a list keeps its lines)
    return re.sub(r"\[s\d+\] *", "", text).strip()


def reader_text(clause: Clause, language: str) -> ReaderText:
    """The clause as a reader of ``language`` reads it (see the module doc);
    an unknown language reads English."""
    if language not in TRANSLATED:
        return ReaderText("en", clause.summary, "english")
    if not needs_translation(clause, language) and clause.original.strip():
        return ReaderText(language, _unnumbered(clause.original), "original")
    translated = translations(language).get(clause.id)
    if translated:
        return ReaderText(language, translated, "translation")
    return ReaderText("en", clause.summary, "english")


def reader_summaries(clause_id: str) -> dict[str, str]:
    """The clause's text for each translated language, where there is one
    in that language (an error frame carries them all: the server does not
    know the page's language)."""
    clause = get(clause_id)
    out: dict[str, str] = {}
    for language in TRANSLATED:
        shown = reader_text(clause, language)
        if shown.language == language:
            out[language] = shown.summary
    return out
