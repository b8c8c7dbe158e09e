"""Issues 10 and 19: only the variant modules know which game they play.
Every other module (Python, the cluster, the command line and the browser's
JavaScript) asks the variant (:mod:`floorman.engine.variants`,
:mod:`floorman.formats.variants`) or reads the seat view; none branches on
the game.  The check (:mod:`tests.helpers.variant_guard`) reads Python with
``ast`` and the scripts token by token."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.variant_guard import (
    game_attributes,
    game_classes,
    js_branches,
    js_tokens,
    python_branches,
)

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "floorman"

#: the modules that are the games (each game's own module, the registries)
VARIANT_MODULES = {
    "engine/holdem.py",
    "engine/draw.py",
    "engine/draw_view.py",
    "engine/variants.py",
    "formats/variants.py",
}


def python_modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def scripts() -> list[Path]:
    return sorted(PACKAGE.rglob("*.js"))


def test_the_check_reads_every_module_and_script() -> None:
    relative = {p.relative_to(PACKAGE).as_posix() for p in [*python_modules(), *scripts()]}
    assert {"cluster/runner.py", "cli/bench.py", "server/static/js/structures.js"} <= relative
    assert relative >= VARIANT_MODULES  # an exemption names a module that exists


def test_nothing_outside_the_variants_branches_on_the_game() -> None:
    offenders: dict[str, list[str]] = {}
    for path in python_modules():
        relative = path.relative_to(PACKAGE).as_posix()
        if relative not in VARIANT_MODULES:
            found = python_branches(path.read_text(encoding="utf-8"))
            if found:
                offenders[relative] = found
    for path in scripts():
        found = js_branches(path.read_text(encoding="utf-8"))
        if found:
            offenders[path.relative_to(PACKAGE).as_posix()] = found
    assert not offenders, f"ask the variant or read the seat view instead: {offenders}"


def test_the_games_classes_and_attributes_are_known() -> None:
    assert {"HoldemHand", "DrawHand", "HoldemPart", "DrawPart"} <= game_classes()
    attributes = game_attributes()
    assert {"checkdown_votes", "round_kind", "can_look", "draw_limit"} <= attributes
    assert not {"fold", "legal_actions", "phase", "game", "check_pot"} & attributes


@pytest.mark.parametrize(
    "source",
    [
        'if profile.game == "draw":\n    pass',
        'blinds = self.profile.game == "holdem"',
        'if "draw" != view.game:\n    pass',
        'ok = situation.game in ("draw", "other")',
        'ok = frame["game"] == "draw"',
        'ok = frame.get("game") != "holdem"',
        'ok = game_name == "draw"',
        "ok = profile.game is not None and 1",
        'ok = kind == "holdem"',
        'match hand.game:\n    case "draw":\n        pass',
        'WRITERS = {"holdem": 1, "draw": 2}',
        "if isinstance(hand, DrawHand):\n    pass",
        "ok = isinstance(hand, (HoldemHand, Other))",
        "ok = isinstance(part, HoldemPart | DrawPart)",
        "ok = isinstance(view.variant, engine.draw_view.DrawPart)",
        "ok = type(hand) is HoldemHand",
        'if hasattr(hand, "draw"):\n    pass',
        'votes = getattr(shadow, "checkdown_votes", None)',
        'ok = getattr(view.variant, "can_look", False)',
        'if (\n    profile\n    .game\n    == "draw"\n):\n    pass',  # split over lines
    ],
)
def test_the_python_check_can_fail(source: str) -> None:
    assert python_branches(source), source


@pytest.mark.parametrize(
    "source",
    [
        "variant = variant_for(profile)",
        "ok = first.game != cls.game",  # a log checked against its own class
        '# profile.game == "draw" was asked here once',
        '"""if profile.game == "draw": in a docstring"""',
        'ok = action.kind == "draw"',  # the draw action, not the game
        "ok = getattr(hand, kind, None)",
        'ok = hasattr(hand, "legal_actions")',
        "ok = isinstance(event, HandStarted)",
        "name = variant_for(profile).game",
    ],
)
def test_the_python_check_passes_what_asks_the_variant(source: str) -> None:
    assert not python_branches(source), source


@pytest.mark.parametrize(
    "source",
    [
        'if (view.game === "draw") {}',
        'const blinds = game === "draw" ? 0 : 1;',
        'if ("holdem" == frame.game) {}',
        'if (games.get(name) !== "draw") {}',
        'if (profile["game"] === "draw") {}',
        "if (frame?.game !== x) {}",
        'const k = kind === "holdem";',
        "switch (view.game) { case 1: }",
        'switch (kind) { case "holdem": break; }',
        'const s = `${view.game === "draw" ? "a" : "b"}`;',
        'const r = /x/g; if (view.game === "draw") {}',
    ],
)
def test_the_script_check_can_fail(source: str) -> None:
    assert js_branches(source), source


@pytest.mark.parametrize(
    "source",
    [
        '// if (view.game === "draw") {}',
        '/* view.game === "draw" */ const a = 1;',
        "const s = \"view.game === 'draw'\";",
        "const s = `view.game === draw`;",
        'if (entry.kind === "draw") {}',
        'switch (entry.kind) { case "draw": break; }',
        "const ui = uis.get(name); if (ui && !ui.blinds) {}",
        'const re = /game === "draw"/; const b = a / 2;',
    ],
)
def test_the_script_check_passes_comments_strings_and_other_draws(source: str) -> None:
    assert not js_branches(source), source


def test_the_tokenizer_reads_strings_templates_and_regular_expressions() -> None:
    tokens = js_tokens('a = "x\\"y" + `t${b}u` / 2; c = /[/]x/g; // z')
    assert ("string", 'x\\"y') in tokens and ("word", "b") in tokens
    assert ("regex", "/[/]x/") in tokens and ("word", "z") not in tokens
