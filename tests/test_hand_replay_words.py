"""The hand replay (/hands/{id}) words every step in the page's language:
each public hand event kind, the floor's rulings among them (a void,
DE-DECK-5; a dead hand, DE-FOUL-1; a misdeal, NM-D-1F), has its case in
js/hand_steps.js, and every key that case names is in all three catalogues.
A kind without words would show its raw name ("HandVoided") on a German
page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from floorman.engine.events import event_classes
from floorman.server import i18n

STEPS = Path(i18n.__file__).parents[1] / "static" / "js" / "hand_steps.js"


def cases() -> dict[str, str]:
    """Each ``case "Kind":`` of describeStep with the source of its branch."""
    source = STEPS.read_text(encoding="utf-8")
    body = source[source.index("export function describeStep") :]
    parts = re.split(r'\n\s*case "(\w+)":', body)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_event_kind_has_a_case() -> None:
    kinds = {cls.kind for cls in event_classes()}
    assert {"HandVoided", "DeclaredDead", "CardsShown", "Misdealt"} <= kinds
    missing = kinds - set(cases())
    assert not missing, f"hand events the replay cannot word: {sorted(missing)}"


def test_no_step_shows_the_raw_event_name() -> None:
    source = STEPS.read_text(encoding="utf-8")
    assert "return event.type" not in source


@pytest.mark.parametrize("lang", ["en", "nb", "de"])
def test_every_key_the_cases_name_is_in_the_catalogue(lang: str) -> None:
    words = i18n.catalogue(lang)
    for kind, branch in cases().items():
        keys = re.findall(r'"((?:hands|hand)\.[\w.]+)"', branch)
        if "wager(" in branch:  # hands.log.bet or hands.log.raise, as the server's log says
            keys += ["hands.log.bet", "hands.log.raise"]
        assert keys, f"{kind}: no catalogue key"
        for key in keys:
            assert key in words, f"{lang}: {kind} needs {key}"
