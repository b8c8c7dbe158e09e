"""``floorman simulate --plot``: players left against time, for a director
planning how long an event runs (issue 11)."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from floorman.cli.app import app
from floorman.profiles import load_profile
from floorman.sim.simulate import simulate
from floorman.tournament.structure import Structure


def test_the_timeline_follows_the_field_down_to_the_winner() -> None:
    profile = load_profile("nm-holdem")
    result = simulate(profile, 30, 3, structure=Structure.default(profile, level_seconds=600))
    timeline = result.timeline
    assert timeline[0].players_left == 30 and timeline[0].seconds == 0
    assert timeline[-1].players_left == 1
    assert timeline[-1].seconds == result.simulated_seconds
    assert all(a.seconds <= b.seconds for a, b in itertools.pairwise(timeline))
    assert all(a.players_left >= b.players_left for a, b in itertools.pairwise(timeline))
    # the levels rise on the simulated clock: 600 s a level
    assert max(p.level for p in timeline) == result.tournament.level > 1


def test_simulate_writes_an_svg_plot(tmp_path: Path) -> None:
    out = tmp_path / "field.svg"
    result = CliRunner().invoke(
        app, ["simulate", "--profile", "nm-draw", "--players", "12", "--plot", str(out)]
    )
    assert result.exit_code == 0, result.output
    root = ET.parse(out).getroot()
    assert root.tag.endswith("svg")
    text = out.read_text(encoding="utf-8")
    assert "players left" in text and "nm-draw: 12 players" in text


def test_a_plot_file_of_another_kind_is_refused_before_the_run(tmp_path: Path) -> None:
    out = tmp_path / "field.txt"
    result = CliRunner().invoke(
        app, ["simulate", "--profile", "nm-holdem", "--players", "12", "--plot", str(out)]
    )
    assert result.exit_code == 2
    assert "must end in .svg, .png, .pdf" in result.output
    assert not out.exists()
