"""The layering the project holds itself to, enforced.

The engine is pure: no I/O, clock, asyncio, databases or global randomness.
Each layer imports only from itself and the layers below it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "floorman"

# Lower number = lower layer.  A module may import floorman modules of its
# own layer or below, never above.
LAYERS = {
    "engine": 0,
    "profiles": 1,
    "formats": 1,
    "rules": 1,
    "tournament": 1,
    "batch": 1,
    "dealing": 2,
    "bots": 2,
    "sim": 2,
    "services": 3,
    "storage": 3,
    "server": 4,
    "cluster": 5,  # the multi-process deployment, around the server
    "chaos": 5,  # that deployment run under faults and checked (floorman chaos)
    "bench": 5,
    "cli": 5,
    "__main__": 6,
    "__init__": 0,
    "ports": 0,  # ports for servers started later (no floorman import)
}

FORBIDDEN_IN_ENGINE = {
    "os",
    "io",
    "sys",
    "time",
    "datetime",
    "asyncio",
    "random",
    "secrets",
    "socket",
    "threading",
    "subprocess",
    "pathlib",
    "sqlite3",
    "sqlalchemy",
    "fastapi",
    "starlette",
    "numpy",
    "numba",
    "tomllib",
    "importlib",
}
FORBIDDEN_CALLS_IN_ENGINE = {"open", "print", "input", "exec", "eval"}
MAX_MODULE_LINES = 800


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def layer_of(path: Path) -> str:
    relative = path.relative_to(PACKAGE)
    return relative.parts[0].removesuffix(".py")


def imported_modules(tree: ast.AST) -> list[str]:
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_every_top_level_module_has_a_layer() -> None:
    unknown = {layer_of(p) for p in modules()} - set(LAYERS)
    assert not unknown, f"give these a layer in LAYERS: {sorted(unknown)}"


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down(path: Path) -> None:
    own = LAYERS[layer_of(path)]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for name in imported_modules(tree):
        parts = name.split(".")
        if parts[0] != "floorman" or len(parts) < 2:
            continue
        target = LAYERS.get(parts[1])
        assert target is not None, f"{path.name} imports unknown layer {name}"
        assert target <= own, f"{path.relative_to(PACKAGE)} (layer {own}) imports {name} ({target})"


ENGINE_MODULES = [p for p in modules() if layer_of(p) == "engine"]


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=lambda p: p.name)
def test_engine_is_pure(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for name in imported_modules(tree):
        root = name.split(".")[0]
        assert root not in FORBIDDEN_IN_ENGINE, f"engine module {path.name} imports {name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS_IN_ENGINE, (
                f"engine module {path.name} calls {node.func.id}()"
            )


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_modules_stay_readable_in_one_sitting(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_MODULE_LINES, f"{path.name} has {lines} lines"


def test_the_check_catches_an_impure_engine_module(tmp_path: Path) -> None:
    """The purity check itself can fail (a test that cannot fail proves nothing)."""
    tree = ast.parse("import random\nfrom floorman.server import app\nopen('x')\n")
    roots = {name.split(".")[0] for name in imported_modules(tree)}
    assert "random" in roots & FORBIDDEN_IN_ENGINE
    assert any(
        isinstance(n, ast.Call) and getattr(n.func, "id", "") == "open" for n in ast.walk(tree)
    )


REPOSITORY = PACKAGE.parents[1]
#: where project files live (not the virtual environment or caches)
PROJECT_PARTS = (
    "src",
    "tests",
    "scripts",
    "docs",
    ".ci",
    "Makefile",
    "pyproject.toml",
    "README.md",
)
#: a path that leaves the repository for the reference shelf beside the checkout
OUTSIDE_PATH = re.compile(r"\.\./shared\b|parents?\[\d+\]\.parent\s*/\s*[\"']shared[\"']")


def project_text_files() -> list[Path]:
    files: list[Path] = []
    for part in PROJECT_PARTS:
        root = REPOSITORY / part
        candidates = [root] if root.is_file() else root.rglob("*")
        files.extend(
            p
            for p in candidates
            if p.is_file()
            and "__pycache__" not in p.parts
            and not any(part.endswith(".egg-info") for part in p.parts)
            and p.suffix not in {".png", ".gz", ".phh", ".pyc"}
        )
    return files


def outside_references(text: str) -> list[str]:
    return [m.group(0) for m in OUTSIDE_PATH.finditer(text)]


def test_nothing_in_the_project_reads_outside_the_repository() -> None:
    """A clone of the repository alone must test, run and document itself:
    tests/data and docs/rules hold what the project needs."""
    offenders = {
        str(p.relative_to(REPOSITORY)): found
        for p in project_text_files()
        if p.name != "test_architecture.py"
        and (found := outside_references(p.read_text(encoding="utf-8", errors="replace")))
    }
    assert not offenders, f"these read the reference shelf beside the checkout: {offenders}"
    assert (REPOSITORY / "docs" / "rules" / "RULES_EN.md").is_file()
    assert len(list((REPOSITORY / "tests" / "data" / "phh" / "nt-sidepots").glob("*.phh"))) == 500


def test_the_outside_reference_check_can_fail() -> None:
    # The samples are put together here so that this file itself names no
    # path outside the repository.
    shelf = "sha" + "red"
    assert outside_references(f'DATA = Path(__file__).parents[1].parent / "{shelf}" / "x"')
    assert outside_references(f"see ../{shelf}/rules/RULES_EN.md")
    assert not outside_references("shared_prizes(table, place)")
