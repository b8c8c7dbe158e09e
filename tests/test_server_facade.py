"""The server keeps to the services' facade (issue 10): its route
functions call only the public methods of a TournamentService or the Floor,
never a service's private parts (``service._table``), its store
(``service.store``) or the tournament core inside it
(``service.tournament.…``), and the server package imports neither the
engine nor the tournament core — the errors it maps to HTTP codes come from
``floorman.services``.

Allowed, and why:

- ``server/history.py`` renders finished hands from their stored events
  (step-by-step replays, PokerStars text, PHH): pure formatting of the
  engine's hand events, no state of a running tournament.
- ``server/schema_api.py`` publishes the JSON schema of the engine's typed
  seat view (what every table frame's ``hand`` holds).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SERVER = Path(__file__).resolve().parents[1] / "src" / "floorman" / "server"

#: module -> the floorman modules below the services it may import, and why
ALLOWED_IMPORTS: dict[str, dict[str, str]] = {
    "history.py": {
        "floorman.engine.events": "finished hands are rendered from their stored events",
        "floorman.tournament.hands": "replaying a stored hand, whichever game, to render it",
    },
    "schema_api.py": {
        "floorman.engine.seat_view": "the JSON schema of the seat view the server publishes",
    },
}
#: attributes of anything in the server that reach behind the facade
FORBIDDEN_ATTRIBUTES = {"store", "tournament"}
FORBIDDEN_PACKAGES = ("floorman.engine", "floorman.tournament")


def server_modules() -> list[Path]:
    return sorted(p for p in SERVER.glob("*.py"))


def imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        return [node.module]
    return []


def problems(source: str, name: str) -> list[str]:
    """Every place where ``source`` (module ``name`` of the server) goes
    behind the services' facade."""
    tree = ast.parse(source)
    allowed = ALLOWED_IMPORTS.get(name, {})
    found: list[str] = []
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    inside_functions = {id(n) for f in functions for n in ast.walk(f) if n is not f}
    for node in ast.walk(tree):
        for module in imported(node):
            if module.startswith(FORBIDDEN_PACKAGES) and module not in allowed:
                found.append(f"line {node.lineno}: imports {module}")
            elif (
                module.startswith("floorman.")
                and module not in allowed
                and id(node) in inside_functions
            ):
                found.append(f"line {node.lineno}: imports {module} inside a function")
        if isinstance(node, ast.Attribute):
            private = node.attr.startswith("_") and not node.attr.startswith("__")
            if private or node.attr in FORBIDDEN_ATTRIBUTES:
                found.append(f"line {node.lineno}: .{node.attr}")
    return found


@pytest.mark.parametrize("path", server_modules(), ids=lambda p: p.name)
def test_the_server_keeps_to_the_facade(path: Path) -> None:
    found = problems(path.read_text(encoding="utf-8"), path.name)
    assert not found, f"server/{path.name} goes behind the services' facade: {found}"


CLUSTER = SERVER.parent / "cluster"


def cluster_problems(source: str) -> list[str]:
    """Where a module of the multi-process deployment goes behind the
    services' facade: it imports the engine or the tournament core, or
    reaches into a service's tournament (``service.tournament.status``).
    It keeps its own store and leases: those are its job."""
    found = []
    for node in ast.walk(ast.parse(source)):
        for module in imported(node):
            if module.startswith(FORBIDDEN_PACKAGES):
                found.append(f"line {node.lineno}: imports {module}")
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "tournament"
        ):
            found.append(f"line {node.lineno}: .tournament.{node.attr}")
    return found


@pytest.mark.parametrize("path", sorted(CLUSTER.glob("*.py")), ids=lambda p: p.name)
def test_the_cluster_keeps_to_the_facade(path: Path) -> None:
    """Issue 19: the runner and the web processes compose services (a
    replica, a relay, the command handler); they fold no event themselves."""
    found = cluster_problems(path.read_text(encoding="utf-8"))
    assert not found, f"cluster/{path.name} goes behind the services' facade: {found}"


def test_the_cluster_check_can_fail() -> None:
    assert cluster_problems("from floorman.tournament.events import event_from_dict\n")
    assert cluster_problems("x = service.tournament.status\n")
    assert not cluster_problems("tid = command.tournament or None\n")


def test_every_allowed_import_is_still_needed() -> None:
    """An exemption nobody uses any more is removed, not left to grow."""
    for name, modules in ALLOWED_IMPORTS.items():
        tree = ast.parse((SERVER / name).read_text(encoding="utf-8"))
        used = {m for node in ast.walk(tree) for m in imported(node)}
        assert set(modules) & used, f"server/{name}: none of {sorted(modules)} is imported"


def test_the_check_catches_each_kind_of_poke() -> None:
    """The check itself can fail (a test that cannot fail proves nothing)."""
    source = (
        "from floorman.engine.errors import FloormanError\n"
        "from floorman.tournament.events import event_to_dict\n"
        "def route(service):\n"
        "    from floorman.dealing import secure_randbelow\n"
        "    service._table(1).wake.set()\n"
        "    rows = service.store.hands('x')\n"
        "    return service.tournament.standings()\n"
    )
    found = problems(source, "api.py")
    assert any("floorman.engine.errors" in f for f in found)
    assert any("floorman.tournament.events" in f for f in found)
    assert any("inside a function" in f for f in found)
    assert any("._table" in f for f in found)
    assert any(".store" in f for f in found)
    assert any(".tournament" in f for f in found)
    assert not problems("from floorman.services import Floor\nx = Floor.get\n", "api.py")


# ---------------------------------------------------------------- the read side (issue 27)

#: what can change a tournament: only the command handler is given it
WRITABLE = {"TournamentService", "Floor", "CommandHandler", "CommandLanes", "UnitOfWork"}
WRITABLE_MODULES = ("floorman.services.runtime", "floorman.services.journal")
#: the single process's composition root builds the floor and its handler
#: (and hands the routes only their views, services/view.py)
COMPOSITION_ROOT = {"deployment.py": {"Floor", "CommandHandler", "CommandLanes"}}


def writable_uses(source: str, name: str) -> list[str]:
    """Where server module ``name`` imports, names or annotates the
    writable side instead of the read-only views (``TournamentView``)."""
    allowed = COMPOSITION_ROOT.get(name, set())
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith(WRITABLE_MODULES):
                found.append(f"line {node.lineno}: imports {node.module}")
            for alias in node.names:
                if alias.name in WRITABLE and alias.name not in allowed:
                    found.append(f"line {node.lineno}: imports {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(WRITABLE_MODULES):
                    found.append(f"line {node.lineno}: imports {alias.name}")
        elif isinstance(node, ast.Name) and node.id in WRITABLE and node.id not in allowed:
            found.append(f"line {node.lineno}: names {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in WRITABLE:
            if node.attr not in allowed:
                found.append(f"line {node.lineno}: names .{node.attr}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            # a quoted annotation ("TournamentService") is an annotation too
            words = set(node.value.replace("|", " ").replace("[", " ").split())
            for word in sorted((words & WRITABLE) - allowed):
                if node.value.strip().startswith(word):
                    found.append(f"line {node.lineno}: annotates {word}")
    return found


@pytest.mark.parametrize("path", server_modules(), ids=lambda p: p.name)
def test_the_server_reads_through_views_only(path: Path) -> None:
    """Issue 27 point 7: routes, pages and sockets get a TournamentView (a
    read-only Protocol); only the command handler gets the writable
    service.  mypy --strict holds the types; this holds the names."""
    found = writable_uses(path.read_text(encoding="utf-8"), path.name)
    assert not found, f"server/{path.name} reaches the writable side: {found}"


def test_the_read_side_check_can_fail() -> None:
    assert writable_uses("from floorman.services import TournamentService\n", "api.py")
    assert writable_uses("from floorman.services.runtime import ServiceConfig\n", "api.py")
    assert writable_uses("def route(service: TournamentService) -> None: ...\n", "api.py")
    assert writable_uses('def route(service: "TournamentService") -> None: ...\n', "api.py")
    assert writable_uses("x = services.TournamentService\n", "api.py")
    assert writable_uses("from floorman.services.floor import Floor\n", "api.py")
    assert not writable_uses("from floorman.services.floor import Floor\n", "deployment.py")
    assert writable_uses("def f(s: TournamentService) -> None: ...\n", "deployment.py")
    assert not writable_uses("def route(service: TournamentView) -> None: ...\n", "api.py")
