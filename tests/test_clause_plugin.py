"""The ``clause`` marker's plugin (issue 18, tests/helpers/clause_plugin.py):
an unknown clause is a collection error naming it; ``--clause-report``
writes which marked tests passed for each clause and which failed.

Each test runs pytest on made-up test files (``pytester``); the IDs they
mark are real, except where a test is about an unknown one (DE-FOO-9)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clause_plugin import known_ids

PLUGIN = "tests.helpers.clause_plugin"
ROOT = Path(__file__).resolve().parents[1]

SUITE = """
import pytest

pytestmark = pytest.mark.clause("OQ-02")

@pytest.mark.clause("DE-RAISE-6", "OQ-56")
def test_passes():
    assert 1 + 1 == 2

@pytest.mark.clause("DE-RAISE-6")
def test_fails():
    assert 1 + 1 == 3

@pytest.mark.clause("NM-H-15")
@pytest.mark.skip(reason="comes back never: a made-up suite")
def test_skipped():
    pass

@pytest.mark.clause("NM-H-5")
@pytest.mark.xfail(reason="a made-up suite")
def test_xfails():
    assert False

@pytest.mark.clause("NM-H-7")
@pytest.mark.xfail(reason="a made-up suite", strict=False)
def test_xpasses():
    pass

@pytest.mark.clause("DE-CALL-1", "NM-D-2C s7-s8")
@pytest.mark.parametrize("n", [1, 2])
def test_parametrised(n):
    assert n in (1, 2)

@pytest.mark.parametrize(
    "n", [pytest.param(1, marks=pytest.mark.clause("NM-H-12")), pytest.param(2)]
)
def test_one_case_marked(n):
    assert n

@pytest.mark.clause("DE-CHECK-4")
class TestAClass:
    def test_in_a_class(self):
        assert True

    @pytest.mark.clause("DE-CHECK-1")
    def test_marked_twice(self):
        assert True

@pytest.fixture
def broken_teardown():
    yield
    raise RuntimeError("teardown")

@pytest.mark.clause("NM-H-8")
def test_teardown_fails(broken_teardown):
    assert True

def test_unmarked():
    assert True
"""


def run(pytester: pytest.Pytester, *args: str) -> tuple[pytest.RunResult, dict[str, Any]]:
    report = pytester.path / "report.json"
    result = pytester.runpytest("-p", PLUGIN, "--clause-report", str(report), *args)
    return result, json.loads(report.read_text(encoding="utf-8"))


def test_the_plugin_reads_every_clause_of_the_reference() -> None:
    ids = known_ids()
    assert len(ids) == 290
    assert {"NM-PRE-1", "NM-D-4.0a", "NM-H-19", "DE-ACCEPT-1", "OQ-68"} <= ids
    assert "DE-FOO-9" not in ids and "NM-D-4" not in ids


def test_the_report_counts_only_tests_that_passed(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_suite=SUITE)
    result, report = run(pytester)
    result.assert_outcomes(passed=9, failed=1, skipped=1, xfailed=1, xpassed=1, errors=1)
    suite = "test_suite.py::"
    assert report["passed"] == {
        "DE-CALL-1": [f"{suite}test_parametrised[1]", f"{suite}test_parametrised[2]"],
        "NM-D-2C": [f"{suite}test_parametrised[1]", f"{suite}test_parametrised[2]"],
        "DE-CHECK-1": [f"{suite}TestAClass::test_marked_twice"],
        "DE-CHECK-4": [
            f"{suite}TestAClass::test_in_a_class",
            f"{suite}TestAClass::test_marked_twice",
        ],
        "DE-RAISE-6": [f"{suite}test_passes"],
        "NM-H-12": [f"{suite}test_one_case_marked[1]"],
        "OQ-02": sorted(
            f"{suite}{name}"
            for name in (
                "test_passes",
                "test_parametrised[1]",
                "test_parametrised[2]",
                "test_one_case_marked[1]",
                "test_one_case_marked[2]",
                "TestAClass::test_in_a_class",
                "TestAClass::test_marked_twice",
                "test_unmarked",
            )
        ),
        "OQ-56": [f"{suite}test_passes"],
    }
    # a failure in the call or the teardown is a failure; skips and xfails prove nothing
    assert report["failed"] == {
        "DE-RAISE-6": [f"{suite}test_fails"],
        "NM-H-8": [f"{suite}test_teardown_fails"],
        "OQ-02": [f"{suite}test_fails", f"{suite}test_teardown_fails"],
    }
    for nothing in ("NM-H-15", "NM-H-5", "NM-H-7"):
        assert nothing not in report["passed"] and nothing not in report["failed"]
    assert report["tests"] == 13 and report["marked_tests"] == 13
    assert report["format"] == 1
    assert "clause report: 13 marked tests" in result.stdout.str()


def test_a_run_of_the_whole_suite_is_complete_and_a_subset_is_not(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeini("[pytest]\ntestpaths = checks\n")
    checks = pytester.mkpydir("checks")
    for name in ("test_one", "test_two"):
        (checks / f"{name}.py").write_text(
            'import pytest\n\n@pytest.mark.clause("DE-FOLD-1")\ndef test_x():\n    pass\n',
            encoding="utf-8",
        )
    _, whole = run(pytester)
    assert whole["complete"] is True and whole["incomplete_because"] == []
    assert whole["passed"] == {
        "DE-FOLD-1": ["checks/test_one.py::test_x", "checks/test_two.py::test_x"]
    }
    _, named = run(pytester, "checks/test_one.py")
    assert named["complete"] is False
    assert named["incomplete_because"] == ["paths were named: checks/test_one.py"]
    _, chosen = run(pytester, "-k", "test_one")
    assert chosen["complete"] is False
    assert chosen["incomplete_because"] == ["-k or -m chose tests", "1 tests were deselected"]
    (checks / "test_two.py").write_text("def test_x():\n    assert False\n", encoding="utf-8")
    _, stopped = run(pytester, "-x")
    assert "the session stopped early" in stopped["incomplete_because"]


def test_a_run_on_xdist_workers_reports_what_a_serial_run_does(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``make test`` runs the suite on pytest-xdist workers: the controller
    never collects, so the report must come from what the workers hand it
    (a report with no tests would be "incomplete" and check nothing)."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    pytester.makeini("[pytest]\ntestpaths = checks\n")
    checks = pytester.mkpydir("checks")
    (checks / "test_suite.py").write_text(SUITE, encoding="utf-8")
    (checks / "test_more.py").write_text(
        'import pytest\n\n@pytest.mark.clause("DE-FOLD-1")\ndef test_x():\n    pass\n',
        encoding="utf-8",
    )
    _, serial = run(pytester)
    result, parallel = run(pytester, "-p", "xdist", "-n", "2")
    result.assert_outcomes(passed=10, failed=1, skipped=1, xfailed=1, xpassed=1, errors=1)
    assert "clause report: 14 marked tests" in result.stdout.str()
    assert parallel == serial
    assert parallel["tests"] == 14 and parallel["complete"] is True
    _, chosen = run(pytester, "-p", "xdist", "-n", "2", "-k", "test_more")
    assert chosen["incomplete_because"] == ["-k or -m chose tests", "13 tests were deselected"]
    assert chosen["passed"] == {"DE-FOLD-1": ["checks/test_more.py::test_x"]}


@pytest.mark.parametrize(
    "source",
    [
        '@pytest.mark.clause("DE-RAISE-6", "DE-FOO-9")\ndef test_x():\n    pass\n',
        '@pytest.mark.clause("DE-FOO-9 s2")\ndef test_x():\n    pass\n',
        '@pytest.mark.clause("DE-FOO-9")\nclass TestX:\n    def test_x(self):\n        pass\n',
        'pytestmark = pytest.mark.clause("DE-FOO-9")\n\ndef test_x():\n    pass\n',
        '@pytest.mark.parametrize("n", [pytest.param(1, marks=pytest.mark.clause("DE-FOO-9"))])\n'
        "def test_x(n):\n    pass\n",
    ],
    ids=["function", "sentence", "class", "module", "param"],
)
def test_an_unknown_clause_is_a_collection_error_naming_it(
    pytester: pytest.Pytester, source: str
) -> None:
    pytester.makepyfile(
        test_bad="import pytest\n\n" + source, test_good="def test_y():\n    pass\n"
    )
    result = pytester.runpytest("-p", PLUGIN)
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(
        [
            "*ERROR collecting test_bad.py*",
            "*unknown clause 'DE-FOO-9*' in @pytest.mark.clause: not a clause or open question"
            " of docs/rules/RULES_EN.md*",
            "*Interrupted: 1 error during collection*",
        ]
    )
    assert "DE-RAISE-6'" not in result.stdout.str()


@pytest.mark.parametrize(
    ("marker", "shown"),
    [
        ("clause()", "() {}"),
        ('clause(ids="DE-FOLD-1")', "() {'ids': 'DE-FOLD-1'}"),
        ("clause(7)", "7"),
    ],
)
def test_a_marker_without_clause_ids_is_a_collection_error(
    pytester: pytest.Pytester, marker: str, shown: str
) -> None:
    pytester.makepyfile(
        test_bad=f"import pytest\n\n@pytest.mark.{marker}\ndef test_x():\n    pass\n"
    )
    result = pytester.runpytest("-p", PLUGIN)
    assert result.ret == pytest.ExitCode.INTERRUPTED
    assert "ERROR collecting test_bad.py" in result.stdout.str()
    assert shown in result.stdout.str()


def test_the_report_is_written_where_asked(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_a='import pytest\n\n@pytest.mark.clause("OQ-50")\ndef test_x():\n    pass\n'
    )
    report = pytester.path / "deep" / "down" / "report.json"
    pytester.runpytest("-p", PLUGIN, f"--clause-report={report}").assert_outcomes(passed=1)
    assert json.loads(Path(report).read_text(encoding="utf-8"))["passed"] == {
        "OQ-50": ["test_a.py::test_x"]
    }


def test_the_option_is_known_whatever_paths_a_run_names() -> None:
    """The plugin is loaded by the repository's conftest.py, so an existing
    report path after ``--clause-report`` is read as its value, never as a
    path to test (pytest reads the arguments before the tests' conftest)."""
    existing = ROOT / "var" / f"clause-report-probe-{os.getpid()}.json"
    existing.parent.mkdir(exist_ok=True)
    existing.write_text("{}", encoding="utf-8")
    try:
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "--collect-only",
                "--clause-report",
                str(existing.relative_to(ROOT)),
                "tests/test_clause_plugin.py",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert run.returncode == 0, run.stdout + run.stderr
        assert json.loads(existing.read_text(encoding="utf-8"))["format"] == 1
    finally:
        existing.unlink(missing_ok=True)
