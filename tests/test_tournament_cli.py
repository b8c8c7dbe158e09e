"""``floorman simulate``: JSON output, the JSON-lines event log and clear
errors for bad flags."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from floorman.cli.app import app
from floorman.tournament.core import Tournament
from floorman.tournament.events import event_from_dict
from tests.helpers.tournament import PROFILES

runner = CliRunner()


def simulate(*args: str) -> Any:
    return runner.invoke(app, ["simulate", *args])


@pytest.fixture(scope="module")
def holdem_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], list[dict]]:  # type: ignore[type-arg]
    path = tmp_path_factory.mktemp("sim") / "events.jsonl"
    result = simulate(
        "--profile", "nm-holdem", "--players", "34", "--seed", "3", "--events", str(path), "--json"
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    lines = path.read_text(encoding="utf-8").splitlines()
    return summary, [json.loads(line) for line in lines]


def test_json_output_has_standings_and_prizes(holdem_run) -> None:  # type: ignore[no-untyped-def]
    summary, _ = holdem_run
    assert (summary["profile"], summary["players"], summary["seed"]) == ("nm-holdem", 34, 3)
    assert summary["hands"] > 0
    assert summary["seconds"] >= 0 and summary["peak_memory_mib"] > 0  # measured, reported
    standings = summary["standings"]
    assert len(standings) == 34
    assert {row["player"] for row in standings} == {f"p{k}" for k in range(1, 35)}
    assert all({"player", "place", "prize"} <= set(row) for row in standings)
    assert standings[0]["place"] == 1 and standings[0]["player"] == summary["winner"]
    places = [row["place"] for row in standings]
    assert places == sorted(places) and all(isinstance(p, int) for p in places)


def test_event_log_has_the_promised_events(holdem_run) -> None:  # type: ignore[no-untyped-def]
    _, events = holdem_run
    kinds = {e["type"] for e in events}
    assert {"seated", "moved", "table_broken", "level", "hand_ended", "eliminated"} <= kinds
    fields = {
        "seated": {"player", "table", "seat"},
        "moved": {"player", "from_table", "from_seat", "table", "seat"},
        "table_broken": {"table"},
        "level": {"level", "ante"},
        "hand_ended": {"table", "hand", "button_seat", "stacks"},
        "eliminated": {"player", "place"},
        "prize": {"player", "place", "amount", "percent"},
    }
    for e in events:
        if e["type"] in fields:
            assert fields[e["type"]] <= set(e), e
    assert len([e for e in events if e["type"] == "seated"]) == 34
    assert len([e for e in events if e["type"] == "eliminated"]) == 33
    # hand_ended lists the stacks of every player dealt in.
    dealt: dict[int, set[str]] = {}
    for e in events:
        if e["type"] == "hand_started":
            dealt[e["table"]] = set(e["dealt"])
        elif e["type"] == "hand_ended":
            assert set(e["stacks"]) == dealt.pop(e["table"])
            assert all(isinstance(v, int) and v >= 0 for v in e["stacks"].values())
    levels = [e["level"] for e in events if e["type"] == "level"]
    assert levels == list(range(1, len(levels) + 1))
    prizes = [e for e in events if e["type"] == "prize"]
    assert sorted(e["place"] for e in prizes) == [1, 2, 3, 4, 5] or len(prizes) >= 5
    assert sum(e["percent"] for e in prizes) == pytest.approx(100.0)


def test_event_log_rebuilds_the_tournament(holdem_run) -> None:  # type: ignore[no-untyped-def]
    summary, events = holdem_run
    t = Tournament.replay(event_from_dict(e) for e in events)
    assert t.status == "finished" and t.winner == summary["winner"]
    assert [
        {"player": r["player"], "place": r["place"], "prize": r["prize"]} for r in t.standings()
    ] == summary["standings"]


@pytest.mark.parametrize("profile", PROFILES)
def test_every_profile_simulates_to_a_winner(profile: str) -> None:
    result = simulate(
        "--profile", profile, "--players", "12", "--seed", "5", "--json", "--bot", "random"
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["winner"] and len(summary["standings"]) == 12


def test_same_seed_same_tournament() -> None:
    args = ("--profile", "nm-draw", "--players", "9", "--seed", "11", "--json", "--bot", "random")
    first, second = json.loads(simulate(*args).stdout), json.loads(simulate(*args).stdout)
    for measured in ("seconds", "peak_memory_mib"):
        first.pop(measured)
        second.pop(measured)
    assert first == second


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--profile", "bogus"), "no rule profile"),
        (("--profile", "nm-draw", "--players", "1"), "--players"),
        (("--profile", "nm-draw", "--players", "many"), "--players"),
        (("--profile", "nm-draw", "--seed", "x"), "--seed"),
        (("--profile", "nm-draw", "--bot", "genius"), "unknown bot"),
        ((), "--profile"),
        (("--profile", "nm-draw", "--frobnicate"), "frobnicate"),
    ],
)
def test_bad_flags_are_clear_errors(args: tuple[str, ...], message: str) -> None:
    result = simulate(*args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_an_events_file_that_cannot_be_written_is_a_clear_error(tmp_path: Path) -> None:
    """A bad --events path is a bad flag: exit code 2 and a message naming
    the file - today the simulation runs to the end and then dies with a
    FileNotFoundError traceback (exit code 1)."""
    target = tmp_path / "no" / "such" / "dir" / "events.jsonl"
    result = simulate("--profile", "nm-draw", "--players", "5", "--events", str(target))
    assert result.exit_code == 2, (result.exit_code, result.exception)
    assert "events.jsonl" in result.output
