"""scripts/build_clause_registry.py (issue 18): the registry is built from a
full run's clause report - implemented only where a marked test passed,
every other clause its hand judgement or ``unjudged`` - and ``--check``
fails when the registry disagrees with a report.  ``make test`` runs the
check after the full suite; here the script runs on made-up reports."""

from __future__ import annotations

import importlib.util
import json
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_clause_registry", ROOT / "scripts" / "build_clause_registry.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = load_builder()


def report(path: Path, passed: dict[str, list[str]], **fields: Any) -> Path:
    data = {
        "format": 1,
        "complete": True,
        "incomplete_because": [],
        "tests": 10,
        "marked_tests": 5,
        "passed": passed,
        "failed": {},
        **fields,
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def every_unjudged_clause_proved() -> dict[str, list[str]]:
    entries = BUILD.read_reference(BUILD.RULES)
    return {e.id: ["tests/test_x.py::test_it"] for e in entries if e.id not in BUILD.JUDGED}


@pytest.fixture
def target(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The registry the builder writes and checks, in ``tmp_path``."""
    path = tmp_path / "registry.toml"
    monkeypatch.setattr(BUILD, "TARGET", path)
    return path


def test_parameters_are_folded_into_their_test() -> None:
    assert BUILD.test_of("tests/t.py::test_x[a-1]") == "tests/t.py::test_x"
    assert BUILD.test_of("tests/t.py::TestC::test_y") == "tests/t.py::TestC::test_y"
    assert BUILD.test_of("tests/t.py::test_z[a::b-c]") == "tests/t.py::test_z"


def test_implemented_only_where_a_marked_test_passed(tmp_path: Path) -> None:
    proved = BUILD.load_report(
        report(
            tmp_path / "r.json",
            {
                "NM-D-3A": [
                    "tests/test_draw_rules.py::test_b[2]",
                    "tests/test_draw_rules.py::test_b[1]",
                ]
            },
        )
    )
    assert proved == {"NM-D-3A": ["tests/test_draw_rules.py::test_b"]}
    records = {r["id"]: r for r in BUILD.build(BUILD.read_reference(BUILD.RULES), proved)}
    three_a = records["NM-D-3A"]
    assert three_a["status"] == "implemented"
    assert three_a["tests"] == ["tests/test_draw_rules.py::test_b"]
    assert "src/floorman/engine/draw.py" in three_a["code"]
    assert "half pot limit" in three_a["text"] and three_a["original"].startswith("A) [s1]")
    # a clause judged by hand keeps its judgement; one nobody proved or judged is unjudged
    assert (records["DE-BURN-6"]["status"], records["DE-BURN-6"]["reason"]) == BUILD.JUDGED[
        "DE-BURN-6"
    ]
    assert records["NM-D-2C"]["status"] == "unjudged" and "tests" not in records["NM-D-2C"]
    text = BUILD.render(list(records.values()))
    assert [e["id"] for e in tomllib.loads(text)["clause"]] == list(records)
    assert BUILD.render(list(records.values())) == text  # deterministic


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"failed": {"OQ-31": ["tests/t.py::test_a"]}}, "marked tests failed"),
        ({"complete": False, "incomplete_because": ["-k or -m chose tests"]}, "part of the suite"),
        ({"format": 0}, "not a clause report"),
    ],
)
def test_a_failing_partial_or_foreign_report_builds_nothing(
    tmp_path: Path, target: Path, fields: dict[str, Any], message: str
) -> None:
    path = report(tmp_path / "r.json", {"NM-D-3A": ["tests/t.py::test_a"]}, **fields)
    with pytest.raises(BUILD.ReportError, match=message):
        BUILD.load_report(path)
    assert BUILD.main([str(path)]) == 2 and not target.exists()
    assert BUILD.main(["--check", str(path)]) == 2


def test_a_partial_report_builds_only_when_asked(tmp_path: Path, target: Path) -> None:
    path = report(tmp_path / "r.json", every_unjudged_clause_proved(), complete=False)
    assert BUILD.main([str(path), "--partial"]) == 0
    assert target.is_file()


def test_the_check_passes_on_the_registry_the_report_built(
    tmp_path: Path, target: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    passed = every_unjudged_clause_proved()
    path = report(tmp_path / "r.json", passed)
    assert BUILD.main([str(path)]) == 0
    assert BUILD.main(["--check", str(path)]) == 0
    assert "agrees" in capsys.readouterr().out
    # one more passing test for a clause already implemented: a note, not a failure
    more = {**passed, "NM-D-3A": [*passed["NM-D-3A"], "tests/a.py::t", "tests/b.py::t"]}
    assert BUILD.main(["--check", str(report(tmp_path / "more.json", more))]) == 0
    assert "NM-D-3A: passing tests not yet listed: tests/a.py::t, tests/b.py::t" in (
        capsys.readouterr().out
    )


def test_the_check_fails_when_the_registry_disagrees_with_the_report(
    tmp_path: Path, target: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    passed = every_unjudged_clause_proved()
    assert BUILD.main([str(report(tmp_path / "r.json", passed))]) == 0
    capsys.readouterr()
    # NM-D-3A listed implemented, but its marked test no longer passed
    fewer = {k: v for k, v in passed.items() if k != "NM-D-3A"}
    assert BUILD.main(["--check", str(report(tmp_path / "fewer.json", fewer))]) == 1
    out = capsys.readouterr().out
    assert "NM-D-3A is listed implemented but no test marked with it passed" in out
    # DE-BURN-6 proved by a passing marked test, but listed floor-judgement
    extra = {**passed, "DE-BURN-6": ["tests/t.py::test_burn"]}
    assert BUILD.main(["--check", str(report(tmp_path / "extra.json", extra))]) == 1
    out = capsys.readouterr().out
    assert "DE-BURN-6 has passing marked tests but is listed floor-judgement" in out
    assert "DE-BURN-6 is proved by tests: drop its judgement" in out
    # a test listed as evidence that did not pass (renamed, say)
    moved = {**passed, "NM-D-3A": ["tests/test_x.py::test_renamed"]}
    assert BUILD.main(["--check", str(report(tmp_path / "moved.json", moved))]) == 1
    assert "NM-D-3A lists tests that did not pass: tests/test_x.py::test_it" in (
        capsys.readouterr().out
    )
