"""Build src/floorman/rules/registry.toml from what the tests proved (issue 18,
"A registry proved by tests"), or check it against a test run.

    .venv/bin/python -m pytest --clause-report=var/clause-report.json   # the whole suite
    .venv/bin/python scripts/build_clause_registry.py var/clause-report.json
    .venv/bin/python scripts/build_clause_registry.py --check var/clause-report.json

A clause is ``implemented`` only if at least one test marked
``@pytest.mark.clause(ID)`` passed in the report's run; its entry lists
those tests (pytest node IDs, a parametrised test once) and the source
files under ``src/`` that cite the clause.  Every other clause keeps its
hand judgement from ``JUDGED`` in scripts/clause_judgements.py
(``not-applicable`` or ``floor-judgement``, with the reason), or is written
``unjudged`` (the tests refuse it).  The texts are the whole clauses of
docs/rules/RULES_EN.md (floorman.rules.reference).  The report must come
from a run of the whole suite that passed.

``--check`` exits with 1 when registry.toml disagrees with the report: a
clause listed implemented without a passing marked test, a clause with one
not listed implemented, a listed test that did not pass, a marked test that
failed, a hand judgement of a clause the tests prove, an unjudged clause.
Differences that only a rebuild would tidy (new passing tests not yet
listed, texts, citations in src/) are printed as notes.

The script is not needed at run time: the TOML is committed.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))

from clause_judgements import JUDGED  # noqa: E402

from floorman.rules.reference import ReferenceEntry, read_reference  # noqa: E402
from floorman.rules.registry import ids_in  # noqa: E402

RULES = ROOT / "docs" / "rules" / "RULES_EN.md"
TARGET = ROOT / "src" / "floorman" / "rules" / "registry.toml"
CODE_SUFFIXES = {".py", ".toml", ".js", ".html"}
#: the registry and its readers cite every ID; they are no evidence
SELF = {
    "src/floorman/rules/registry.toml",
    "src/floorman/rules/registry.py",
    "src/floorman/rules/reference.py",
    "src/floorman/rules/__init__.py",
    "src/floorman/cli/rules.py",
    "src/floorman/server/rules_api.py",
}
REPORT_FORMAT = 1


class ReportError(Exception):
    """A report the registry cannot be built from or checked against."""


def citations(folder: str) -> dict[str, set[str]]:
    """Clause ID → the files under ``folder`` that name it (ranges: ends only)."""
    where: dict[str, set[str]] = {}
    for path in sorted((ROOT / folder).rglob("*")):
        relative = path.relative_to(ROOT).as_posix()
        if (
            path.suffix not in CODE_SUFFIXES
            or "__pycache__" in path.parts
            or relative in SELF
            or not path.is_file()
        ):
            continue
        for clause_id in ids_in(path.read_text(encoding="utf-8"), ranges=False):
            where.setdefault(clause_id, set()).add(relative)
    return where


def test_of(nodeid: str) -> str:
    """A node ID without its parameters: ``tests/t.py::test_x[a-1]`` →
    ``tests/t.py::test_x`` (which pytest runs with every parameter)."""
    return nodeid.split("[", 1)[0]


def load_report(path: Path, *, partial: bool = False) -> dict[str, list[str]]:
    """Clause ID → the tests (parameters dropped) that passed marked with
    it; :class:`ReportError` for a report of a failing or partial run."""
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ReportError(f"cannot read the clause report {path}: {error}") from None
    if report.get("format") != REPORT_FORMAT:
        raise ReportError(f"{path}: not a clause report of format {REPORT_FORMAT}")
    if report["failed"]:
        failed = "; ".join(f"{c}: {', '.join(n)}" for c, n in sorted(report["failed"].items()))
        raise ReportError(f"marked tests failed, so the run proves nothing: {failed}")
    if not report["complete"] and not partial:
        why = "; ".join(report["incomplete_because"])
        raise ReportError(
            f"{path} is the report of part of the suite ({why}); the registry needs the "
            "whole suite: .venv/bin/python -m pytest --clause-report=PATH"
        )
    return {c: sorted({test_of(n) for n in nodes}) for c, nodes in report["passed"].items()}


def build(entries: list[ReferenceEntry], proved: dict[str, list[str]]) -> list[dict[str, Any]]:
    """Every clause's registry entry, in the reference's order."""
    unknown = sorted(set(proved) - {e.id for e in entries})
    if unknown:
        raise ReportError(f"the report names clauses RULES_EN.md does not have: {unknown}")
    code = citations("src")
    out = []
    for entry in entries:
        record: dict[str, Any] = {
            "id": entry.id,
            "rulebook": entry.rulebook,
            "summary": entry.summary,
            "text": entry.text,
            "original": entry.original,
            "notes": entry.notes,
        }
        if entry.id in proved:
            record["status"] = "implemented"
            record["tests"] = proved[entry.id]
            record["code"] = sorted(code.get(entry.id, ()))
        elif entry.id in JUDGED:
            record["status"], record["reason"] = JUDGED[entry.id]
        else:
            record["status"] = "unjudged"
            record["reason"] = (
                "no marked test passed and scripts/clause_judgements.py has no judgement"
            )
        out.append(record)
    return out


def _string(value: str) -> str:
    if "\n" in value:
        return '"""\n' + value.replace("\\", "\\\\").replace('"""', '""\\"') + '"""'
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _list(values: list[str]) -> str:
    if len(values) <= 1:
        return "[" + ", ".join(_string(v) for v in values) + "]"
    return "[\n" + "".join(f"    {_string(v)},\n" for v in values) + "]"


def render(records: list[dict[str, Any]]) -> str:
    out = [
        "# Every clause and open question of docs/rules/RULES_EN.md, whole, and its status",
        "# in floorman (issues 9 and 18).  Written by scripts/build_clause_registry.py from",
        "# a full test run's clause report: implemented = a test marked",
        "# @pytest.mark.clause(ID) passed (tests: those tests; code: the files in src/ that",
        "# cite the clause); otherwise the hand judgement of scripts/clause_judgements.py",
        "# (not-applicable or floor-judgement, with the reason).  Do not edit by hand.",
        "",
    ]
    for r in records:
        out += ["[[clause]]", f"id = {_string(r['id'])}", f"rulebook = {_string(r['rulebook'])}"]
        out.append(f"status = {_string(r['status'])}")
        for key in ("summary", "text", "original", "notes"):
            if r[key]:
                out.append(f"{key} = {_string(r[key])}")
        if r["status"] == "implemented":
            out += [f"tests = {_list(r['tests'])}", f"code = {_list(r['code'])}"]
        else:
            out.append(f"reason = {_string(r['reason'])}")
        out.append("")
    return "\n".join(out)


def write(report: Path, *, partial: bool) -> int:
    records = build(read_reference(RULES), load_report(report, partial=partial))
    text = render(records)
    if [r for r in tomllib.loads(text)["clause"]] != [_toml_view(r) for r in records]:
        raise AssertionError("registry.toml would not read back as written")
    TARGET.write_text(text, encoding="utf-8")
    print(f"{len(records)} entries written to {_shown(TARGET)}")
    stale = sorted(r["id"] for r in records if r["status"] == "implemented" and r["id"] in JUDGED)
    if stale:
        print(f"tests prove {' '.join(stale)}: drop their judgements in clause_judgements.py")
    unjudged = [r["id"] for r in records if r["status"] == "unjudged"]
    if unjudged:
        print(f"{len(unjudged)} unjudged: {' '.join(unjudged)}")
    return 1 if stale or unjudged else 0


def _shown(path: Path) -> str:
    """``path`` as the repository names it, where it is in the repository."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def _toml_view(record: dict[str, Any]) -> dict[str, Any]:
    """A record as it reads back from the TOML (empty texts left out)."""
    return {k: v for k, v in record.items() if v != "" or k in ("id", "status")}


def check(report: Path) -> int:
    """Compare registry.toml with a full run's report (see the module doc)."""
    proved = load_report(report)
    registry = {e["id"]: e for e in tomllib.loads(TARGET.read_text("utf-8"))["clause"]}
    errors, notes = [], []
    implemented = {i for i, e in registry.items() if e["status"] == "implemented"}
    for clause_id in sorted(implemented - set(proved), key=list(registry).index):
        errors.append(f"{clause_id} is listed implemented but no test marked with it passed")
    for clause_id in sorted(set(proved) - implemented):
        errors.append(
            f"{clause_id} has passing marked tests but is listed "
            f"{registry.get(clause_id, {}).get('status', 'nowhere')}"
        )
    for clause_id in sorted(implemented & set(proved), key=list(registry).index):
        listed, passed = set(registry[clause_id]["tests"]), set(proved[clause_id])
        if gone := sorted(listed - passed):
            errors.append(f"{clause_id} lists tests that did not pass: {', '.join(gone)}")
        if new := sorted(passed - listed):
            notes.append(f"{clause_id}: passing tests not yet listed: {', '.join(new)}")
    for clause_id in sorted(set(proved) & set(JUDGED)):
        errors.append(f"{clause_id} is proved by tests: drop its judgement in clause_judgements.py")
    for clause_id, entry in registry.items():
        if entry["status"] == "unjudged":
            errors.append(f"{clause_id} is unjudged")
    if not errors:
        expected = render(build(read_reference(RULES), proved))
        if expected != TARGET.read_text(encoding="utf-8"):
            notes.append("texts, citations or reasons changed since registry.toml was built")
    for note in notes:
        print(f"note: {note}")
    for error in errors:
        print(f"error: {error}")
    rebuild = f"make registry, or .venv/bin/python scripts/build_clause_registry.py {report}"
    if errors:
        print(f"registry.toml disagrees with {report}: rebuild it ({rebuild}) and commit it")
        return 1
    if notes:
        print(f"registry.toml agrees with {report}; a rebuild would tidy it ({rebuild})")
    else:
        print(f"registry.toml agrees with {report}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report", type=Path, help="the JSON of pytest --clause-report")
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument(
        "--partial",
        action="store_true",
        help="accept a report of part of the suite (trying out only: clauses proved "
        "only by tests that did not run are lost)",
    )
    args = parser.parse_args(argv)
    try:
        if args.check:
            return check(args.report)
        return write(args.report, partial=args.partial)
    except ReportError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
