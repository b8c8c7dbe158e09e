"""Issue 10: no two top-level packages of floorman import each other, even
within one layer (bots and sim once did: the sensible bot reached into the
simulator for the batch evaluator).  The graph between the top-level
packages, with every import the source names (lazy and type-checking ones
too), has no cycle."""

from __future__ import annotations

import ast
from collections.abc import Mapping

from tests.test_architecture import LAYERS, imported_modules, layer_of, modules


def package_graph() -> dict[str, set[str]]:
    """Top-level package -> the other top-level packages it imports."""
    graph: dict[str, set[str]] = {name: set() for name in LAYERS}
    for path in modules():
        own = layer_of(path)
        for name in imported_modules(ast.parse(path.read_text(encoding="utf-8"))):
            parts = name.split(".")
            if parts[0] == "floorman" and len(parts) > 1 and parts[1] != own:
                graph[own].add(parts[1])
    return graph


def find_cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a path that ends where it starts, or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if cycle := visit(target):
                return cycle
        path.pop()
        done.add(node)
        return None

    for start in sorted(graph):
        if cycle := visit(start):
            return cycle
    return None


def test_the_packages_import_each_other_without_a_cycle() -> None:
    cycle = find_cycle(package_graph())
    assert cycle is None, f"these packages import each other: {' -> '.join(cycle or [])}"


def test_the_simulator_uses_the_bots_not_the_other_way_round() -> None:
    graph = package_graph()
    assert "bots" in graph["sim"] and "sim" not in graph["bots"]
    assert "batch" in graph["bots"]


def test_the_check_can_fail() -> None:
    assert find_cycle({"bots": {"sim"}, "sim": {"bots", "engine"}, "engine": set()}) == [
        "bots",
        "sim",
        "bots",
    ]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"sim": {"bots"}, "bots": {"engine"}, "engine": set()}) is None
