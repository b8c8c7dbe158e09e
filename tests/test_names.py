"""Issue 10: one name, one thing.  No two top-level classes of the package
share a name, so an import never silently means the other one (the
tournament's ``TableHandEnded`` is not the hand's ``HandEnded``)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "floorman"


def top_level_classes(source: str) -> list[str]:
    return [n.name for n in ast.parse(source).body if isinstance(n, ast.ClassDef)]


def clashes(sources: dict[str, str]) -> dict[str, list[str]]:
    """Class name -> the modules defining it, for names defined twice."""
    where: dict[str, list[str]] = defaultdict(list)
    for module, source in sources.items():
        for name in top_level_classes(source):
            where[name].append(module)
    return {name: modules for name, modules in where.items() if len(modules) > 1}


def test_no_two_top_level_classes_share_a_name() -> None:
    sources = {
        p.relative_to(PACKAGE).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(PACKAGE.rglob("*.py"))
        if "__pycache__" not in p.parts
    }
    found = clashes(sources)
    assert not found, f"give these classes self-explaining names: {found}"


def test_the_check_can_fail() -> None:
    found = clashes({"a.py": "class Hand:\n    pass\n", "b.py": "class Hand(Protocol): ...\n"})
    assert found == {"Hand": ["a.py", "b.py"]}
    assert not clashes({"a.py": "class A:\n    class Inner: ...\n", "b.py": "class Inner: ..."})
