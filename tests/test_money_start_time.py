"""A start time a director can trust (issue 26): a tournament that starts
by itself with a start time already gone used to be accepted and then
started on its second entry, before anyone was told.  Now it is refused
with the reason (a catalogue text, OQ-41: the start is the organiser's to
set); a time typed as "now" to the minute still passes, and one more than
30 days ahead is accepted with a warning (a typo of the month or year?)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient

from tests.helpers.server import AUTH, tournament_body
from tests.helpers.server_api import floor

NOW = datetime(2027, 3, 5, 18, 0, tzinfo=UTC)
REFUSED = "a tournament that starts by itself needs a start time still to come, not {time}"


def create(client: TestClient, starts: datetime, *, auto_start: bool = True) -> dict[str, object]:
    floor(client).wall_clock = lambda: NOW
    response = client.post(
        "/api/tournaments",
        json=tournament_body("tda", starts_at=starts.isoformat(), auto_start=auto_start),
        headers=AUTH,
    )
    return {"status": response.status_code, **response.json()}


@pytest.mark.clause("OQ-41")
def test_OQ_41_a_tournament_that_starts_by_itself_cannot_start_in_the_past(
    client: TestClient,
) -> None:
    gone = NOW - timedelta(hours=1)
    answer = create(client, gone)
    assert answer["status"] == 422
    detail = answer["detail"]
    assert isinstance(detail, dict)
    assert (detail["template"], detail["clause"]) == (REFUSED, "OQ-41")
    assert detail["values"] == {"time": gone.isoformat()}
    assert client.get("/api/tournaments").json() == []  # nothing made


def test_a_start_typed_for_now_and_a_past_time_the_director_starts_pass(
    client: TestClient,
) -> None:
    """ "Now" typed to the minute is a minute or two gone when it arrives;
    a past time on a tournament the director starts himself starts nothing."""
    assert create(client, NOW - timedelta(minutes=2))["status"] == 200
    assert create(client, NOW - timedelta(days=1), auto_start=False)["status"] == 200


def test_a_start_more_than_30_days_ahead_is_taken_with_a_warning(client: TestClient) -> None:
    far = create(client, NOW + timedelta(days=40, hours=1))
    assert far["status"] == 200
    assert far["warnings"] == [{"key": "money.start_far_off", "values": {"days": 40}}]
    near = create(client, NOW + timedelta(days=29))
    assert near["status"] == 200 and "warnings" not in near
