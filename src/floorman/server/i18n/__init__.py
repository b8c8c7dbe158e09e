"""The pages' three languages: Norwegian bokmål, German and English.

Every string a page shows is a key in the JSON catalogues beside this file,
one folder per language and one file per area of the site
(``nb/table.json``, ``de/errors.json`` …); a test checks that each key is in
all three with the same ``{placeholders}``.  A page is served with
``<html lang>`` set to the language chosen for the request and the merged
catalogue of that language inlined as JSON; ``static/js/i18n.js`` reads it
and translates the page.

The language is, in this order: ``?lang=`` (which also sets the cookie, the
switch on every page uses it), the ``floorman_lang`` cookie, the browser's
``Accept-Language`` (negotiated by Babel: ``no`` and ``nn`` read as bokmål),
English.  Rule errors are translated in the browser from the engine's
message template (:attr:`RuleViolation.template`) and its values, so the
numbers in them are the engine's own.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from babel import Locale, UnknownLocaleError, negotiate_locale

HERE = Path(__file__).parent
LANGUAGES = ("nb", "de", "en")
DEFAULT = "en"
COOKIE = "floorman_lang"
#: Accept-Language tags read as one of ours (Norwegian without a written
#: standard, or nynorsk, gets bokmål rather than English).
_ALIASES = {"no": "nb", "nn": "nb", "nb": "nb", "de": "de", "en": "en"}


def areas() -> tuple[str, ...]:
    """The catalogue files of the English folder, the reference."""
    return tuple(sorted(p.stem for p in (HERE / DEFAULT).glob("*.json")))


@functools.cache
def catalogue(lang: str) -> dict[str, str]:
    """Every key of ``lang``, all areas merged (a key is unique across them)."""
    merged: dict[str, str] = {}
    for area in areas():
        path = HERE / lang / f"{area}.json"
        data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        merged.update(data)
    return merged


def catalogue_json(lang: str) -> str:
    """The catalogue as JSON safe inside ``<script type="application/json">``."""
    return json.dumps(catalogue(lang), ensure_ascii=False).replace("</", "<\\/")


def known_language(tag: str | None) -> str | None:
    if not tag:
        return None
    primary = tag.strip().replace("_", "-").split("-")[0].lower()
    return _ALIASES.get(primary)


def choose_language(query: str | None, cookie: str | None, accept_language: str | None) -> str:
    """The language of a request (see the module's docstring)."""
    for given in (query, cookie):
        known = known_language(given)
        if known is not None:
            return known
    if accept_language:
        preferred = []
        for part in accept_language.split(","):
            tag, _, quality = part.strip().partition(";q=")
            try:
                weight = float(quality) if quality else 1.0
            except ValueError:
                continue
            known = known_language(tag)
            if known is not None and weight > 0:
                preferred.append((weight, known))
        preferred.sort(key=lambda pair: -pair[0])  # stable: the browser's order within a weight
        chosen = negotiate_locale([lang for _, lang in preferred], list(LANGUAGES))
        if chosen:
            return chosen
    return DEFAULT


def locale_name(lang: str) -> str:
    """The language's name in itself, for the switch ("norsk bokmål")."""
    try:
        return Locale.parse(lang).get_display_name(lang) or lang
    except (UnknownLocaleError, ValueError):
        return lang


__all__ = [
    "COOKIE",
    "DEFAULT",
    "LANGUAGES",
    "areas",
    "catalogue",
    "catalogue_json",
    "choose_language",
    "known_language",
]
