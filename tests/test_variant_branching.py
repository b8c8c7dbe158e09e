"""Issue 10: only the variant modules know which game they play.  Every
other module (Python and the browser's JavaScript) asks the variant
(:mod:`floorman.engine.variants`, :mod:`floorman.formats.variants`) or reads
the seat view; none branches on the game."""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "floorman"

#: the modules that are the variants (each game's own module, the registries)
VARIANT_MODULES = {
    "engine/holdem.py",
    "engine/draw.py",
    "engine/variants.py",
    "formats/variants.py",
}

BRANCHING = re.compile(
    r"""\.game\s*(?:===?|!==?)"""  # view.game === "draw", profile.game == "holdem"
    r"""|(?:===?|!==?)\s*[\w.]*\.game\b"""  # "draw" == x.game
    r"""|\bprofile\.game\b"""  # any decision on the profile's game
    r"""|isinstance\([^)]*\b(?:HoldemHand|DrawHand)\b"""  # isinstance(hand, DrawHand)
    r"""|\.game\s+in\s"""  # x.game in ("draw", ...)
)


#: not a branch: a log checked against its own class's game, whichever it is
GENERIC = ("first.game != cls.game",)


def branches(text: str) -> list[str]:
    return [
        line.strip()
        for line in text.splitlines()
        if BRANCHING.search(line)
        and not line.lstrip().startswith(("#", "//", "*"))
        and not any(g in line for g in GENERIC)
    ]


def test_nothing_outside_the_variants_branches_on_the_game() -> None:
    offenders: dict[str, list[str]] = {}
    for path in sorted([*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.js")]):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative in VARIANT_MODULES or "__pycache__" in path.parts:
            continue
        found = branches(path.read_text(encoding="utf-8"))
        if found:
            offenders[relative] = found
    assert not offenders, f"ask the variant or read the seat view instead: {offenders}"


def test_the_check_can_fail() -> None:
    assert branches('if profile.game == "draw":')
    assert branches('  if (view.game === "draw") {')
    assert branches("if isinstance(hand, DrawHand):")
    assert branches("elif isinstance(hand, (HoldemHand, Other)):")
    assert branches('blinds = self.profile.game == "holdem"')
    assert not branches("variant = variant_for(profile)")
    assert not branches("# profile.game == 'draw' was asked here once")
