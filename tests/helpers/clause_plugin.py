"""The ``clause`` marker's pytest plugin (issue 18, "A registry proved by
tests"), loaded by ``tests/conftest.py``.

A test names the clauses whose rule it proves::

    @pytest.mark.clause("DE-ROUND1-1", "OQ-31")
    def test_the_player_after_the_big_blind_acts_first() -> None: ...

(on a function, a class, a module's ``pytestmark`` or a ``pytest.param``; a
sentence may be named too, ``"NM-D-2C s7"``, and counts for its clause).

- Every ID must be a clause or open question of ``docs/rules/RULES_EN.md``
  (read by :mod:`floorman.rules.reference`): a marker naming anything else
  makes its module a collection error that names it.
- ``--clause-report=PATH`` writes, when the session ends, which marked tests
  passed for each clause (setup, call and teardown passed; a skipped, xfailed
  or failed test proves nothing) and which clauses had a marked test that
  failed, as JSON; ``complete`` says whether the run was the whole suite (no
  paths, ``-k``, ``-m`` or deselection, nothing stopped early), as
  ``scripts/build_clause_registry.py`` needs.  Any run may write one; only
  ``make test``'s full run checks the registry against it.
- Under pytest-xdist (``make test`` runs ``-n``) the workers collect and
  the controller writes the report: each worker hands what it collected
  (the tests, their clauses, how many it deselected) to the controller
  through ``workeroutput``, and the controller sees every test's outcome as
  the workers report it.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from floorman.rules.reference import read_reference

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules" / "RULES_EN.md"
MARKER = "clause"
#: the report's format (scripts/build_clause_registry.py reads it)
REPORT_FORMAT = 1
#: the key of a pytest-xdist worker's collection in its ``workeroutput``
WORKER_OUTPUT = "clause_collection"


@cache
def known_ids() -> frozenset[str]:
    """Every clause and open question ID of docs/rules/RULES_EN.md."""
    return frozenset(entry.id for entry in read_reference(RULES))


#: a clause ID, optionally with the sentences meant: "NM-D-2C s7", "NM-D-2D s7-s8"
_ARGUMENT = re.compile(r"(?P<id>\S+?)(?: s\d+(?:[-–]s?\d+)?)?")


def clause_id(argument: object) -> str | None:
    """The clause a marker argument names (``"NM-D-2C s7"`` names NM-D-2C),
    or None when it names no clause of the reference.

    >>> clause_id("NM-D-2C s7"), clause_id("OQ-31"), clause_id("no clause"), clause_id(7)
    ('NM-D-2C', 'OQ-31', None, None)
    """
    if not isinstance(argument, str):
        return None
    match = _ARGUMENT.fullmatch(argument.strip())
    if match is None or match["id"] not in known_ids():
        return None
    return match["id"]


def marker_problems(item: pytest.Item) -> list[str]:
    """What is wrong with the ``clause`` markers of ``item`` (nothing: [])."""
    problems = []
    for mark in item.iter_markers(MARKER):
        if not mark.args or mark.kwargs:
            problems.append(
                f"{item.nodeid}: @pytest.mark.clause takes one or more clause IDs, "
                f"e.g. @pytest.mark.clause('DE-RAISE-6'), not {mark.args!r} {mark.kwargs!r}"
            )
        for argument in mark.args:
            if clause_id(argument) is None:
                problems.append(
                    f"{item.nodeid}: unknown clause {argument!r} in @pytest.mark.clause: "
                    "not a clause or open question of docs/rules/RULES_EN.md"
                )
    return problems


def clauses_of(item: pytest.Item) -> frozenset[str]:
    """The clause IDs the markers of ``item`` name (its class's and
    module's included; a sentence named counts for its clause)."""
    return frozenset(
        c for mark in item.iter_markers(MARKER) for a in mark.args if (c := clause_id(a))
    )


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> pytest.CollectReport:
    """A module or class whose tests name an unknown clause is not
    collected: its collection fails with every unknown ID named."""
    report: pytest.CollectReport = yield
    if report.passed:
        problems = [
            problem
            for node in report.result
            if isinstance(node, pytest.Item)
            for problem in marker_problems(node)
        ]
        if problems:
            report.outcome = "failed"
            report.longrepr = "\n".join(problems)
            report.result = []
    return report


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--clause-report",
        metavar="PATH",
        default=None,
        help="write JSON of each clause's passing @pytest.mark.clause tests (and the "
        "clauses whose marked tests failed) to PATH at the end of the session",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "clause(*ids): the rule clauses (NM-D-*, NM-H-*, DE-*, OQ-*) this test proves"
    )
    path = config.getoption("--clause-report")
    if path:
        config.pluginmanager.register(ClauseReport(config, Path(path)), "clause-report")


def is_xdist_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


class ClauseReport:
    """Collects the outcome of every marked test and writes the report
    (on a pytest-xdist worker: hands its collection to the controller)."""

    def __init__(self, config: pytest.Config, path: Path) -> None:
        self.config = config
        self.path = path
        self.clauses: dict[str, frozenset[str]] = {}
        self.collected: list[str] = []
        self.deselected = 0
        self.called: set[str] = set()
        self.failed: set[str] = set()
        self.finished: set[str] = set()

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        self.collected = [item.nodeid for item in items]
        self.clauses = {item.nodeid: c for item in items if (c := clauses_of(item))}

    def pytest_deselected(self, items: list[pytest.Item]) -> None:
        self.deselected += len(items)

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: object) -> None:
        """A pytest-xdist worker is done: take in what it collected.  Every
        worker collects the same tests (xdist checks it), so the lists are
        merged, not added up."""
        collection = getattr(node, "workeroutput", {}).get(WORKER_OUTPUT)
        if collection is None:  # the worker crashed before its session ended
            return
        known = set(self.collected)
        self.collected += [nodeid for nodeid in collection["collected"] if nodeid not in known]
        self.clauses.update(
            {nodeid: frozenset(ids) for nodeid, ids in collection["clauses"].items()}
        )
        self.deselected = max(self.deselected, int(collection["deselected"]))

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.failed:
            self.failed.add(report.nodeid)
        elif report.when == "call" and report.passed and not hasattr(report, "wasxfail"):
            self.called.add(report.nodeid)
        if report.when == "teardown":
            self.finished.add(report.nodeid)

    def incomplete_because(self, session: pytest.Session, exitstatus: int) -> list[str]:
        """Why this run was not the whole suite (nothing: it was)."""
        config = self.config
        why = []
        if config.args_source != pytest.Config.ArgsSource.TESTPATHS:
            why.append(f"paths were named: {' '.join(config.args)}")
        if config.option.keyword or config.option.markexpr:
            why.append("-k or -m chose tests")
        if self.deselected:
            why.append(f"{self.deselected} tests were deselected")
        if session.shouldstop or session.shouldfail:
            why.append("the session stopped early")
        if exitstatus in (pytest.ExitCode.INTERRUPTED, pytest.ExitCode.INTERNAL_ERROR):
            why.append("the session was interrupted")
        if not_run := len(set(self.collected) - self.finished):
            why.append(f"{not_run} collected tests did not run")
        if not self.collected:
            why.append("no tests were collected")
        return why

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if is_xdist_worker(self.config):
            self.config.workeroutput[WORKER_OUTPUT] = {  # type: ignore[attr-defined]
                "collected": self.collected,
                "clauses": {nodeid: sorted(ids) for nodeid, ids in self.clauses.items()},
                "deselected": self.deselected,
            }
            return
        passed: dict[str, list[str]] = defaultdict(list)
        failed: dict[str, list[str]] = defaultdict(list)
        for nodeid, clauses in self.clauses.items():
            proved = nodeid in self.called and nodeid not in self.failed
            for clause_id in clauses:
                if nodeid in self.failed:
                    failed[clause_id].append(nodeid)
                elif proved:
                    passed[clause_id].append(nodeid)
        why = self.incomplete_because(session, int(exitstatus))
        report = {
            "format": REPORT_FORMAT,
            "complete": not why,
            "incomplete_because": why,
            "tests": len(self.collected),
            "marked_tests": len(self.clauses),
            "passed": {c: sorted(nodes) for c, nodes in sorted(passed.items())},
            "failed": {c: sorted(nodes) for c, nodes in sorted(failed.items())},
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", "utf-8")

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        marked = len(self.clauses)
        clauses = len({c for cs in self.clauses.values() for c in cs})
        terminalreporter.write_line(
            f"clause report: {marked} marked tests naming {clauses} clauses -> {self.path}"
        )
