"""A tournament that starts by itself at its start time (issue 20: the
lobby's start time and countdown); a live event's director starts by hand,
the default.  The start is the director's own Start command, so it is
stored and answered like one; refused for too few players (OQ-41), it is
sent again once another player has registered."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from floorman.services.auto_start import AutoStarts, due_starts, start_time
from tests.helpers.server import AUTH, create_tournament, tournament_body
from tests.helpers.server_api import floor, make_client, status

# a start time still to come (one gone is refused for a tournament that
# starts by itself), on the hour in +01:00, and the moments around it
_HOUR = (datetime.now(UTC) + timedelta(days=2)).replace(minute=0, second=0, microsecond=0)
AT = _HOUR.astimezone(timezone(timedelta(hours=1))).isoformat()
BEFORE = _HOUR - timedelta(seconds=1)
AFTER = _HOUR + timedelta(seconds=1)


def tick_at(client: object, now: datetime) -> list[int]:
    """One tick of the auto starts at ``now`` on the app's own loop."""
    starts = AutoStarts(floor(client).listed, client.app.state.commands, now=lambda: now)  # type: ignore[attr-defined]
    answers = client.portal.call(starts.tick)  # type: ignore[attr-defined]
    return [a.status for a in answers]


def test_it_starts_at_its_time_and_not_before(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        # bots thinking a minute an action: still running when looked at
        tid = create_tournament(
            client, "nm-holdem", bots=6, starts_at=AT, auto_start=True, action_delay_ms=60_000
        )
        assert status(client, tid)["auto_start"] is True
        assert tick_at(client, BEFORE) == []
        assert status(client, tid)["status"] == "registering"
        assert tick_at(client, AFTER) == [200]
        assert status(client, tid)["status"] == "running"
        assert tick_at(client, AFTER) == [], "a running tournament is not started again"


def test_a_tournament_the_director_starts_waits_for_him(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "de-holdem", bots=6, starts_at=AT)
        assert status(client, tid)["auto_start"] is False
        assert tick_at(client, AFTER) == []
        assert status(client, tid)["status"] == "registering"


def test_too_few_players_then_one_more_OQ_41(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "de-holdem", bots=1, starts_at=AT, auto_start=True)
        refused = tick_at(client, AFTER)
        assert len(refused) == 1 and refused[0] >= 400
        assert status(client, tid)["status"] == "registering"
        assert tick_at(client, AFTER) == refused, "the same entries: the same answer, once"
        entry = client.post(f"/api/tournaments/{tid}/register", json={"name": "Greta"})
        assert entry.status_code == 200, entry.text
        assert tick_at(client, AFTER) == [200]
        assert status(client, tid)["status"] == "running"


def test_starting_by_itself_needs_a_start_time(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        response = client.post(
            "/api/tournaments", json=tournament_body("tda", auto_start=True), headers=AUTH
        )
        assert response.status_code in (400, 422)
        assert "needs a start time" in response.text
        assert client.get("/api/tournaments").json() == []


@pytest.mark.parametrize(
    ("text", "utc"),
    [
        ("2026-12-24T18:00:00+01:00", datetime(2026, 12, 24, 17, tzinfo=UTC)),
        ("2026-12-24T17:00:00", datetime(2026, 12, 24, 17, tzinfo=UTC)),  # no zone: UTC
    ],
)
def test_a_start_time_without_a_zone_is_read_as_utc(text: str, utc: datetime) -> None:
    assert start_time(text) == utc


def test_nothing_is_due_in_an_empty_room() -> None:
    assert due_starts([], AFTER) == []
