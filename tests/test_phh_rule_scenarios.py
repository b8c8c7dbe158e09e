"""Hand histories written from the rules (tests/data/phh/rules, issue 18):
short blinds and antes (DE-ROUND1-1/3, OQ-31, NM-D-3B), the 3 + 1 draw
(NM-D-2D s7-s8, OQ-16) and H standing pat (NM-D-2E s2), replayed through
``floorman phh replay`` as a user would, under every profile that plays
them.  PokerKit shares the short-blind bug, so no peer checks these:
``expected.json`` was worked out by hand from the clauses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from floorman.cli.app import app

FOLDER = Path(__file__).resolve().parent / "data" / "phh" / "rules"
EXPECTED = json.loads((FOLDER / "expected.json").read_text())


def replay(path: Path, *profile: str) -> dict[str, object]:
    result = CliRunner().invoke(app, ["phh", "replay", "--json", str(path), *profile])
    line: dict[str, object] = json.loads(result.stdout)
    assert (result.exit_code == 0) == ("error" not in line), result.stdout
    return line


def test_every_scenario_has_its_expectation() -> None:
    assert sorted(p.name for p in FOLDER.glob("*.phh")) == sorted(EXPECTED)


#: each short-bet scenario under the profiles that take its forced bets
#: (nm-holdem takes no antes: NM-H-2, OQ-28)
SHORT = [
    (name, profile)
    for name in sorted(n for n in EXPECTED if n.startswith("short"))
    for profile in [(), ("--profile", "de-holdem"), ("--profile", "nm-holdem")]
    if not (name == "short-ante.phh" and "nm-holdem" in profile)
]


@pytest.mark.clause("DE-ROUND1-1", "DE-ROUND1-3", "OQ-31", "NM-D-3B", "NM-H-6")
@pytest.mark.parametrize(("name", "profile"), SHORT)
def test_short_forced_bets_replay_by_the_rule(name: str, profile: tuple[str, ...]) -> None:
    line = replay(FOLDER / name, *profile)
    assert line.get("finishing_stacks") == EXPECTED[name]["finishing_stacks"], line


@pytest.mark.clause("NM-D-2D", "OQ-16", "NM-D-2E")
@pytest.mark.parametrize("name", sorted(n for n in EXPECTED if not n.startswith("short")))
def test_draw_scenarios_replay_or_are_refused_with_their_clause(name: str) -> None:
    line = replay(FOLDER / name)
    expected = EXPECTED[name]
    if "clause" in expected:
        assert f"[{expected['clause']}]" in str(line["error"]), line
    else:
        assert line["finishing_stacks"] == expected["finishing_stacks"], line
