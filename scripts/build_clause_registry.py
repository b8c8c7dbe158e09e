"""Build src/floorman/rules/registry.toml from docs/rules/RULES_EN.md and the
citations in src/ and tests/ (issue 9).  Run it after adding citations:

    .venv/bin/python scripts/build_clause_registry.py

A clause cited in code and in tests is ``implemented``, with those files.
Every other clause keeps the status and reason judged by hand: from
``JUDGED`` in scripts/clause_judgements.py, or failing that from the
registry.toml already there; a
clause judged by nobody is written as ``unjudged`` (the tests refuse it).
The script is not needed at run time: the TOML is the truth and is committed.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from floorman.rules.reference import read_reference  # noqa: E402
from floorman.rules.registry import ids_in  # noqa: E402

RULES = ROOT / "docs" / "rules" / "RULES_EN.md"
TARGET = ROOT / "src" / "floorman" / "rules" / "registry.toml"
CODE_SUFFIXES = {".py", ".toml", ".js", ".html"}
#: the registry and its own tests cite every ID; they are no evidence
SELF = {
    "src/floorman/rules/registry.toml",
    "src/floorman/rules/registry.py",
    "src/floorman/rules/reference.py",
    "src/floorman/rules/__init__.py",
    "src/floorman/cli/rules.py",
    "src/floorman/server/rules_api.py",
    "tests/test_clause_registry.py",
}

sys.path.insert(0, str(ROOT / "scripts"))
from clause_judgements import JUDGED  # noqa: E402


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


def _string(value: str) -> str:
    if "\n" in value:
        return '"""\n' + value.replace("\\", "\\\\").replace('"""', '""\\"') + '"""'
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _list(values: list[str]) -> str:
    return "[" + ", ".join(_string(v) for v in values) + "]"


def main() -> int:
    entries = read_reference(RULES)
    previous: dict[str, dict[str, object]] = {}
    if TARGET.exists():
        previous = {e["id"]: e for e in tomllib.loads(TARGET.read_text("utf-8"))["clause"]}
    code, tests = citations("src"), citations("tests")
    out = [
        "# Every clause and open question of docs/rules/RULES_EN.md and its status in",
        "# floorman (issue 9).  Written by scripts/build_clause_registry.py, reviewed by",
        "# hand; statuses: implemented (code + tests cite it), not-applicable, floor-judgement.",
        "",
    ]
    unjudged = []
    for entry in entries:
        clause_id = entry.id
        in_code, in_tests = sorted(code.get(clause_id, ())), sorted(tests.get(clause_id, ()))
        if in_code and in_tests:
            status, reason = "implemented", ""
        elif clause_id in JUDGED:
            status, reason = JUDGED[clause_id]
        elif clause_id in previous and previous[clause_id]["status"] != "implemented":
            status, reason = str(previous[clause_id]["status"]), str(previous[clause_id]["reason"])
        else:
            status, reason = "unjudged", f"cited in code {in_code}, tests {in_tests}"
            unjudged.append(clause_id)
        out += ["[[clause]]", f"id = {_string(clause_id)}"]
        out += [f"rulebook = {_string(entry.rulebook)}", f"status = {_string(status)}"]
        out.append(f"summary = {_string(entry.summary)}")
        out.append(f"text = {_string(entry.text)}")
        for key, value in (("original", entry.original), ("notes", entry.notes)):
            if value:
                out.append(f"{key} = {_string(value)}")
        if status == "implemented":
            out += [f"code = {_list(in_code)}", f"tests = {_list(in_tests)}"]
        else:
            out.append(f"reason = {_string(reason)}")
        out.append("")
    TARGET.write_text("\n".join(out), encoding="utf-8")
    tomllib.loads(TARGET.read_text("utf-8"))
    print(f"{len(entries)} entries written to {TARGET.relative_to(ROOT)}")
    if unjudged:
        print(f"{len(unjudged)} unjudged: {' '.join(unjudged)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
