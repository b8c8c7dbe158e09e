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

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from floorman.rules.registry import ids_in, rulebook_of  # noqa: E402

RULES = ROOT / "docs" / "rules" / "RULES_EN.md"
TARGET = ROOT / "src" / "floorman" / "rules" / "registry.toml"
CODE_SUFFIXES = {".py", ".toml", ".js", ".html"}
#: the registry and its own tests cite every ID; they are no evidence
SELF = {
    "src/floorman/rules/registry.toml",
    "src/floorman/rules/registry.py",
    "src/floorman/rules/__init__.py",
    "src/floorman/cli/rules.py",
    "src/floorman/server/rules_api.py",
    "tests/test_clause_registry.py",
}

sys.path.insert(0, str(ROOT / "scripts"))
from clause_judgements import JUDGED  # noqa: E402


def _sentences(text: str, limit: int = 2, width: int = 320) -> str:
    text = re.sub(r"\[s\d+\]\s*", "", text).strip()
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z(\"*])", text)
    short = " ".join(parts[:limit])
    if len(short) > width:
        short = short[: width - 1].rsplit(" ", 1)[0] + "…"
    return short


def parse_clauses(lines: list[str]) -> list[dict[str, object]]:
    entries: list[dict[str, object]] = []
    for i, line in enumerate(lines):
        if not line.startswith("#### "):
            continue
        clause_id = line[5:].strip()
        original: list[str] = []
        english = ""
        for j in range(i + 1, len(lines)):
            body = lines[j]
            if body.startswith("#"):
                break
            if body.startswith(">"):
                original.append(body[1:].strip())
            elif body.startswith("**EN:**") and not english:
                english = body[len("**EN:**") :].strip()
                k = j + 1
                while k < len(lines) and lines[k].strip() and english.endswith(":"):
                    english += " " + lines[k].strip().lstrip("- ")
                    k += 1
        entries.append(
            {
                "id": clause_id,
                "rulebook": rulebook_of(clause_id),
                "text": _sentences(english),
                "original": "\n".join(original),
            }
        )
    return entries


def parse_questions(lines: list[str]) -> list[dict[str, object]]:
    entries: list[dict[str, object]] = []
    head = re.compile(r"^\*\*(OQ-\d+) — (.*)\*\*\s*$")
    for i, line in enumerate(lines):
        match = head.match(line)
        if not match:
            continue
        default = ""
        body_lines = lines[i + 1 :]
        for k, body in enumerate(body_lines):
            if not body.startswith(("- ", "  ")):
                break
            if body.startswith("- Default"):
                label, _, default = body[len("- Default") :].partition(":")
                default = default.strip()
                if not default:  # a list follows: "- Default (recommended …):"
                    items = [
                        re.sub(r"^\d+\.\s*", "", b.strip())
                        for b in body_lines[k + 1 : k + 2]
                        if b.startswith("  ")
                    ]
                    default = " ".join([label.strip(), *items]).strip()
        title = match.group(2).strip().rstrip(".")
        entries.append(
            {
                "id": match.group(1),
                "rulebook": "OQ",
                "text": _sentences(f"{title}. Default: {default}", limit=3, width=360),
                "original": "",
            }
        )
    return entries


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
        return '"""\n' + value.replace("\\", "\\\\").replace('"""', '\\"""') + '"""'
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _list(values: list[str]) -> str:
    return "[" + ", ".join(_string(v) for v in values) + "]"


def main() -> int:
    lines = RULES.read_text(encoding="utf-8").splitlines()
    entries = parse_clauses(lines) + parse_questions(lines)
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
        clause_id = str(entry["id"])
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
        out += [f"rulebook = {_string(str(entry['rulebook']))}", f"status = {_string(status)}"]
        out.append(f"text = {_string(str(entry['text']))}")
        if entry["original"]:
            out.append(f"original = {_string(str(entry['original']))}")
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
