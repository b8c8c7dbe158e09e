"""The chip-count chart (issue 11): players left, the average stack and the
leaders' stacks at every level, folded from the tournament's events, and
drawn as SVG in the reader's language."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from fastapi.testclient import TestClient

from floorman.profiles import load_profile
from floorman.sim.simulate import simulate
from floorman.tournament.chip_history import chip_history
from floorman.tournament.structure import Structure
from tests.helpers.server import AUTH, create_tournament, wait_until

pytestmark = pytest.mark.timeout(120)


def test_the_history_follows_the_field_from_the_start_to_the_winner() -> None:
    profile = load_profile("de-holdem")
    structure = Structure.default(profile, level_seconds=900, starting_stack=1000)
    result = simulate(profile, 20, 5, structure=structure)
    samples = chip_history(result.tournament.events)
    first, last = samples[0], samples[-1]
    assert (first.level, first.at, first.players_left, first.average_stack) == (1, 0.0, 20, 1000)
    assert first.leaders[0][2] == 1000
    assert last.players_left == 1
    winner = result.tournament.winner
    assert last.leaders == ((winner, result.tournament.players[winner].name, 20_000),)
    assert [s.level for s in samples[1:-1]] == list(range(2, len(samples)))
    assert all(b.at - a.at == 900 for a, b in itertools.pairwise(samples[:-1]))
    for sample in samples:  # chips are conserved: the average is the total over the field
        assert sample.average_stack == 20_000 // sample.players_left
        assert [c for _, _, c in sample.leaders] == sorted(
            (c for _, _, c in sample.leaders), reverse=True
        )


def test_the_chart_is_svg_labelled_in_the_readers_language(client: TestClient) -> None:
    tid = create_tournament(client, "nm-holdem", bots=6, level_seconds=1, starting_stack=50_000)
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200

    def half_the_field_out() -> bool:
        # a level's start (or the finish) with 3 of the 6 left: the average
        # stack is 100 000 from then on, so every chart below has that tick.
        # Two levels alone may not (bots slowed by a loaded machine can still
        # be under 95 000 a stack, and the axis then ends at 80 000)
        samples = client.get(f"/api/tournaments/{tid}/chips").json()
        return len(samples) >= 2 and samples[-1]["players_left"] <= 3

    wait_until(half_the_field_out, 60, "a level or the finish with 3 players left")
    samples = client.get(f"/api/tournaments/{tid}/chips").json()
    assert samples[0]["players_left"] == 6 and samples[0]["level"] == 1
    norwegian = client.get(
        f"/api/tournaments/{tid}/chart.svg", headers={"Accept-Language": "nb-NO,nb;q=0.9"}
    )
    assert norwegian.status_code == 200
    assert norwegian.headers["content-type"].startswith("image/svg+xml")
    assert norwegian.headers["content-language"] == "nb"
    assert ET.fromstring(norwegian.text).tag.endswith("svg")
    assert "spillere igjen" in norwegian.text and "players left" not in norwegian.text
    german = client.get(f"/api/tournaments/{tid}/chart.svg?lang=de")
    assert "verbleibende Spieler" in german.text
    # the numbers the reader's way too (issue 20): 100 000, 100.000, 100,000
    english = client.get(f"/api/tournaments/{tid}/chart.svg?lang=en")
    assert "100\u00a0000" in norwegian.text and "100,000" not in norwegian.text
    assert "100.000" in german.text and "100,000" in english.text
    assert client.get("/api/tournaments/nope/chart.svg").status_code == 404


def test_the_chart_of_the_first_level_has_no_negative_minutes() -> None:
    """One sample (the tournament just started): the time axis starts at 0
    and no tick reads "-0"."""
    from floorman.services.charts import chip_chart_svg
    from floorman.tournament.chip_history import ChipSample

    words = {"chart.players_left": "P", "chart.chips": "C", "chart.minutes": "M"}
    words["chart.average_stack"] = "A"
    sample = ChipSample(level=1, at=0.0, players_left=10, average_stack=1000, leaders=())
    svg = chip_chart_svg([sample], words, "T", "de")
    # matplotlib writes each label's text in a comment beside its glyphs
    labels = re.findall(r"<!-- (.*?) -->", svg)
    minutes = labels[labels.index("T") + 1 : labels.index("M")]
    assert minutes[0] == "0" and minutes[-1] == "1", labels
    assert not [label for label in labels if label.startswith(("-", "\u2212"))], labels


def test_the_field_line_comes_down_within_a_level_and_at_a_ruling_s_end() -> None:
    """Players out within a level show in the running tournament's last
    point (the line stayed at the level start's 5 with 1 left), and an end
    a ruling made (no time of its own) is drawn after the last point, never
    back at the start."""
    from floorman.tournament.chip_history import field_now
    from tests.helpers.tournament import new_tournament

    t = new_tournament("nm-holdem", 5)
    [first] = chip_history(t.events)
    assert first.players_left == 5
    for player in ("p2", "p3", "p4"):
        t.override_chips(player, 0, "busted at the rail")
    now = field_now(t, 600.0)
    assert now is not None and now.players_left == 2 and now.at == 600.0
    t.override_level(2, 300.0, "the next level")  # a level change 300 s in
    t.disqualify("p5", "NM-D-1E", "collusion")
    assert t.status == "finished"
    last = chip_history(t.events)[-1]
    assert (last.players_left, last.at) == (1, 300.0)  # was drawn at 0, the start
    assert field_now(t, 900.0) is None  # finished: the history's own end


def test_a_running_events_chart_is_drawn_again_once_a_minute_not_on_every_request(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawing takes a few hundred milliseconds: while nobody goes out and no
    level begins, the chart is kept for the minute of the clock it was drawn
    in (its "now" point used to change the key on every request)."""
    import floorman.services.runtime as runtime

    drawn: list[float] = []
    real_draw = runtime.chip_chart_svg

    def counted(*args: object, **kwargs: object) -> str:
        drawn.append(1.0)
        return real_draw(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(runtime, "chip_chart_svg", counted)
    tid = create_tournament(client, "nm-holdem", level_seconds=600, action_seconds=600)
    for name in ("Ann", "Bo", "Cy", "Di", "Ed"):
        assert client.post(f"/api/tournaments/{tid}/register", json={"name": name}).is_success
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    service = client.app.state.floor.get(tid)  # type: ignore[attr-defined]
    started = service.tournament.clock.started_at
    clock = {"now": started + 5.0}
    monkeypatch.setattr(service, "now", lambda: clock["now"])
    first = client.get(f"/api/tournaments/{tid}/chart.svg?lang=en")
    clock["now"] = started + 50.0
    again = client.get(f"/api/tournaments/{tid}/chart.svg?lang=en")
    assert first.status_code == again.status_code == 200
    assert (len(drawn), again.text) == (1, first.text)
    clock["now"] = started + 65.0
    assert client.get(f"/api/tournaments/{tid}/chart.svg?lang=en").status_code == 200
    assert len(drawn) == 2
