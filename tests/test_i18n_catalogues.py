"""The pages' catalogues (src/floorman/server/i18n/{en,nb,de}/<area>.json):
every key in all three languages with the same {placeholders}, no empty
string, every key the static pages use present, and Norwegian and German
strings that are only the English one copied where the word really is the
same in that language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from floorman.server import i18n

HERE = Path(i18n.__file__).parent
STATIC = Path(i18n.__file__).parents[1] / "static"
OTHERS = ("nb", "de")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
WORD = re.compile(r"[^\W\d_]+")

#: Words a Norwegian or German string may share with the English one: poker
#: terms both rooms use as they are (the NM rulebook writes "ante", "blinds";
#: German rooms say "Level", "Chips", "Pot", "Hand", "all-in"; "BB" for
#: big blinds everywhere), names of
#: things ("floorman", "API", "OpenAPI", "PHH") and words spelt alike in
#: the language ("Lobby", "Status", "Start", "Pause", "Name", "Details",
#: "optional", "Bots"); "C", the key of "Checken" as of "Check".
SAME_WORDS = frozenset(
    {
        "all",
        "ante",
        "api",
        "bb",
        "blinds",
        "bots",
        "c",
        "chips",
        "deal",  # German poker says "Deal" too
        "details",
        "floorman",
        "hand",
        "in",
        "level",
        "lobby",
        "name",
        "openapi",
        "optional",
        "pause",
        "phh",
        "pot",
        "start",
        "status",
    }
)


def load(lang: str, area: str) -> dict[str, str]:
    data = json.loads((HERE / lang / f"{area}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{lang}/{area}.json is not a JSON object"
    for key, value in data.items():
        assert isinstance(key, str) and isinstance(value, str), f"{lang}/{area}.json: {key!r}"
    return data


AREAS = i18n.areas()


def test_there_are_areas_and_every_language_has_each() -> None:
    assert "common" in AREAS
    for lang in i18n.LANGUAGES:
        folder = {p.stem for p in (HERE / lang).glob("*.json")}
        assert folder == set(AREAS), f"{lang}: areas {sorted(folder ^ set(AREAS))} differ from en"


@pytest.mark.parametrize("area", AREAS)
def test_every_key_is_in_all_three_languages_with_its_placeholders(area: str) -> None:
    english = load("en", area)
    assert english, f"en/{area}.json is empty"
    for key in english:
        # a feature's area may hold the refusals it raises beside its words
        assert key.startswith((f"{area}.", "errors.msg.")), (
            f"en/{area}.json: {key} is not in the {area} namespace"
        )
    for lang in OTHERS:
        other = load(lang, area)
        assert set(other) == set(english), (
            f"{lang}/{area}.json: missing {sorted(set(english) - set(other))}, "
            f"extra {sorted(set(other) - set(english))}"
        )
        for key, text in english.items():
            assert set(PLACEHOLDER.findall(other[key])) == set(PLACEHOLDER.findall(text)), (
                f"{lang} {key}: {other[key]!r} has other placeholders than {text!r}"
            )


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_value_is_empty_and_no_key_is_in_two_areas(lang: str) -> None:
    seen: dict[str, str] = {}
    for area in AREAS:
        for key, value in load(lang, area).items():
            assert value.strip(), f"{lang} {key} is empty"
            assert key not in seen, f"{lang}: {key} is in {seen.get(key)} and {area}"
            seen[key] = area


def used_keys() -> dict[str, set[str]]:
    """Literal keys in the static pages: t("key") / tr("key") in the JS
    (a key built with ${…} is skipped), data-i18n, data-i18n-attr and
    data-i18n-title in the HTML and the JS that builds elements."""
    call = re.compile(r"""\b(?:t|tr)\(\s*(["'`])([\w.\-]+)\1""")
    text_attr = re.compile(r"""data-i18n(?:-title)?=["']([\w.\-]+)["']""")
    pairs = re.compile(r"""data-i18n-attr=["']([^"']+)["']""")
    # comments describe the scheme with made-up keys ("table.fold", "key")
    comments = re.compile(r"/\*.*?\*/|^\s*//[^\n]*|<!--.*?-->", re.S | re.M)
    found: dict[str, set[str]] = {}
    for path in sorted([*STATIC.glob("*.html"), *STATIC.glob("js/*.js")]):
        source = comments.sub("", path.read_text(encoding="utf-8"))
        keys = {m.group(2) for m in call.finditer(source)}
        keys |= set(text_attr.findall(source))
        for spec in pairs.findall(source):
            keys |= {pair.split(":", 1)[1].strip() for pair in spec.split(";") if ":" in pair}
        for key in keys:
            found.setdefault(key, set()).add(path.name)
    return found


def test_every_key_the_pages_use_is_in_the_english_catalogue() -> None:
    english = i18n.catalogue("en")
    used = used_keys()
    assert "common.language" in used and "lobby.tournaments" in used  # the scan sees the pages
    missing = {key: sorted(files) for key, files in used.items() if key not in english}
    assert not missing, f"keys used but not in en: {missing}"


@pytest.mark.parametrize("lang", OTHERS)
def test_a_copied_english_string_has_only_words_the_language_shares(lang: str) -> None:
    copied = []
    for area in AREAS:
        english, other = load("en", area), load(lang, area)
        for key, text in english.items():
            if other[key] != text:
                continue
            words = {w.lower() for w in WORD.findall(PLACEHOLDER.sub("", text))}
            if words - SAME_WORDS:
                copied.append((key, text))
    assert not copied, f"{lang} strings left in English: {copied}"


def test_ordinals_follow_the_language() -> None:
    # "1st" in English, "1." in Norwegian and German (dom.js ordinal()).
    assert i18n.catalogue("en")["common.ordinal.one"] == "{n}st"
    assert i18n.catalogue("nb")["common.ordinal.other"] == "{n}."
    assert i18n.catalogue("de")["common.ordinal.two"] == "{n}."
