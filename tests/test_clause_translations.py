"""The clauses in the reader's language: the pages in nb and de show no
English (the reviewer's 68 of 145 clause suggestions in English, and a
Norwegian page's rule error in German and English, DE-GEN-2 / OQ-64).

A reader of nb reads the NM rulebooks in their own words and the open
questions and the German rulebook in translation; a reader of de the German
rulebook in its own words and the rest in translation
(``floorman.rules.local``, ``src/floorman/rules/translations/*.toml``)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from floorman.rules import get, registry
from floorman.rules.local import (
    TRANSLATED,
    missing,
    needs_translation,
    reader_summaries,
    reader_text,
    translations,
)
from floorman.services.error_bodies import clause_texts

# Function words of English that neither nb nor de uses; the poker words the
# three languages share (all-in, flop, heads-up, the German rulebook's Hole Cards …)
# are not here.
ENGLISH = re.compile(
    r"\b(the|and|which|must|player|players|with|should|when|before|after|is|are|of|"
    r"only|default|raise|fold|call)\b",
    re.IGNORECASE,
)
NORWEGIAN = re.compile(
    r"\b(og|ikke|spilleren?|kan|må|når|eller|hånden?|bud|potten?|er|på|til|med|som|av|det)\b"
)
GERMAN = re.compile(
    r"\b(und|nicht|Spieler|kann|muss|wenn|oder|Hand|Pot|der|die|das|ist|mit|für|gilt)\b",
    re.IGNORECASE,
)
_IDS = re.compile(r"(NM-PRE|NM-D|NM-H|DE-[A-Z0-9]+|OQ)-[0-9][0-9.a-zA-Z]*")


def _words(text: str) -> str:
    """The text without clause IDs, numbers and punctuation: what a
    translation must change."""
    return re.sub(r"[^A-Za-zÆØÅæøåÄÖÜäöüß]+", " ", _IDS.sub(" ", text)).strip()


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_clause_a_reader_needs_translated_has_a_translation(language: str) -> None:
    """nb: every OQ-* and DE-*; de: every OQ-*, NM-PRE-*, NM-D-* and NM-H-*.
    A clause added to the registry without one fails here."""
    books = {"nb": {"OQ", "DE"}, "de": {"OQ", "NM-D", "NM-H"}}[language]
    needed = [c.id for c in registry().values() if needs_translation(c, language)]
    assert {get(i).rulebook for i in needed} == books
    assert not missing(language), (
        f"no {language} summary for {', '.join(missing(language))}: translate the registry's "
        f"English summary into src/floorman/rules/translations/{language}.toml"
    )


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_translations_are_of_registry_clauses_and_not_english(language: str) -> None:
    table = translations(language)
    stray = [i for i in table if i not in registry() or not needs_translation(get(i), language)]
    assert not stray, f"{language}.toml translates clauses it should not: {stray}"
    for clause_id, text in table.items():
        assert text.strip(), clause_id
        english = get(clause_id).summary
        assert _words(text) != _words(english) or not _words(english), clause_id
        assert not ENGLISH.search(_IDS.sub(" ", text)), (clause_id, text)
        # a translation keeps every clause the summary cites
        assert set(_IDS.findall(english)) <= set(_IDS.findall(text)), clause_id


def test_a_reader_reads_his_own_rulebook_in_its_own_words() -> None:
    assert reader_text(get("NM-D-1B"), "nb").source == "original"
    assert "turneringsleder" in reader_text(get("NM-D-1B"), "nb").summary
    assert "[s1]" not in reader_text(get("NM-D-1B"), "nb").summary
    assert reader_text(get("DE-GEN-2"), "de").summary.startswith("Nur ein Spielteilnehmer")
    assert reader_text(get("DE-GEN-2"), "nb").source == "translation"
    assert reader_text(get("NM-D-1B"), "de").source == "translation"
    assert reader_text(get("OQ-64"), "en") == reader_text(get("OQ-64"), "xx")
    assert reader_text(get("OQ-64"), "en").summary == get("OQ-64").summary


def test_api_rules_in_norwegian_for_a_german_table(client: TestClient) -> None:
    """The director's clause picker at a de-holdem table on a page in nb:
    every OQ and DE clause in Norwegian, none of them its English summary."""
    entries = client.get("/api/rules", params={"profile": "de-holdem", "lang": "nb"}).json()
    assert {e["rulebook"] for e in entries} == {"DE", "OQ"}
    for entry in entries:
        local = entry["local"]
        assert local["language"] == "nb" and local["source"] == "translation", entry["id"]
        assert _words(local["summary"]) != _words(entry["summary"]), entry["id"]
        assert not ENGLISH.search(_IDS.sub(" ", local["summary"])), entry["id"]
    by_id = {e["id"]: e["local"]["summary"] for e in entries}
    assert "deltaker per hånd" in by_id["DE-GEN-2"] and "to bord" in by_id["DE-GEN-2"]
    assert "turneringssjetonger" in by_id["OQ-64"]
    assert "høyning" in by_id["OQ-31"] and "store blind" in by_id["OQ-31"]
    norwegian = sum(bool(NORWEGIAN.search(s)) for s in by_id.values())
    assert norwegian >= 0.95 * len(by_id)
    # the fields other clients know are unchanged, and there without ?lang=
    plain = client.get("/api/rules", params={"profile": "de-holdem"}).json()
    assert [{k: v for k, v in e.items() if k != "local"} for e in entries] == plain
    assert "local" not in plain[0]


def test_api_rules_in_german_for_an_nm_table(client: TestClient) -> None:
    entries = client.get("/api/rules", params={"profile": "nm-holdem", "lang": "de"}).json()
    assert {e["local"]["language"] for e in entries} == {"de"}
    assert {e["local"]["source"] for e in entries} == {"translation"}
    german = sum(bool(GERMAN.search(e["local"]["summary"])) for e in entries)
    assert german >= 0.95 * len(entries)
    own = client.get("/api/rules/DE-RAISE-6", params={"lang": "de"}).json()
    assert own["local"]["source"] == "original" and own["local"]["summary"].startswith("Eine")
    assert own["tests"] and own["original"]  # the evidence as before
    nm = client.get("/api/rules/NM-H-15", params={"lang": "nb"}).json()["local"]
    assert nm == {
        "language": "nb",
        "summary": get("NM-H-15").original.replace("[s1] ", "").replace("[s2] ", "").strip(),
        "source": "original",
    }
    english = client.get("/api/rules/OQ-31", params={"lang": "en"}).json()["local"]
    assert english == {"language": "en", "summary": get("OQ-31").summary, "source": "english"}
    assert client.get("/api/rules", params={"lang": "fr"}).status_code == 422


def test_a_refusal_carries_its_clauses_for_both_readers() -> None:
    """An error frame goes to pages in any language: each clause carries its
    text for a reader of nb and of de (errors.js shows the page's)."""
    oq, de, nm = clause_texts("OQ-31, DE-GEN-2, NM-D-1B")
    assert oq["reader"] == {"nb": translations("nb")["OQ-31"], "de": translations("de")["OQ-31"]}
    assert de["reader"]["nb"] == translations("nb")["DE-GEN-2"]
    assert de["reader"]["de"].startswith("Nur ein Spielteilnehmer")
    assert nm["reader"]["nb"].startswith("B) Dersom bare 2 spillere")
    assert nm["reader"] == reader_summaries("NM-D-1B")
    assert oq["english"] == get("OQ-31").text  # API clients keep the English
