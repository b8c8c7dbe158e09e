"""A break every so many levels (issue 26): the rulebook structures have
none (29 levels of 30 minutes straight, OQ-09); the director asks for one
after every N levels, of a length he chooses, when he creates a
tournament (the API in seconds, the console's form in minutes)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from floorman.tournament.schedule import with_breaks
from floorman.tournament.structure import Level
from tests.helpers.server import AUTH
from tests.helpers.server_api import status


@pytest.mark.clause("OQ-09")
def test_the_rulebook_levels_get_a_break_after_every_four(client: TestClient) -> None:
    plain = client.post(
        "/api/tournaments", json={"profile": "nm-holdem", "level_seconds": 1800}, headers=AUTH
    ).json()["id"]
    assert not any(lv["is_break"] for lv in status(client, plain)["levels"])
    body = {"profile": "nm-holdem", "level_seconds": 1800, "break_every": 4, "break_seconds": 900}
    answer = client.post("/api/tournaments", json=body, headers=AUTH)
    assert answer.status_code == 200, answer.text
    levels = status(client, answer.json()["id"])["levels"]
    breaks = [k for k, lv in enumerate(levels) if lv["is_break"]]
    playing = [lv for lv in levels if not lv["is_break"]]
    assert len(playing) == 29 and all(lv["seconds"] == 1800 for lv in playing)
    # after levels 4, 8, … 28: seven breaks of 15 minutes, none after the last
    assert breaks == [4, 9, 14, 19, 24, 29, 34]
    assert all(levels[k]["seconds"] == 900 for k in breaks)
    assert not levels[-1]["is_break"]


def test_breaks_put_in_replace_the_ones_there_were() -> None:
    levels = [Level(ante=10, seconds=60), Level(ante=0, seconds=5, is_break=True)]
    levels += [Level(ante=a, seconds=60) for a in (20, 30)]
    again = with_breaks(levels, 2, 300)
    assert [(lv.ante, lv.is_break) for lv in again] == [
        (10, False),
        (20, False),
        (0, True),
        (30, False),
    ]
    assert with_breaks(levels, 0, 300) == tuple(lv for lv in levels if not lv.is_break)
