"""Issue 12, "Limits a client cannot exceed": registration needs no login,
so one address gets a burst and then a trickle (429 with ``Retry-After``
past it), the director is not limited, and no tournament takes more than
10,000 entries (409).  Both limits are our administration, not a rulebook's:
they cite OQ-41.  The clock is injected: nothing sleeps."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from floorman.server import api
from floorman.server.app import create_app
from floorman.server.rate import RateLimiter
from floorman.services import runtime
from tests.helpers.server import AUTH, DIRECTOR, create_tournament, sqlite_url


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def client(tmp_path: Path, clock: Clock) -> Iterator[TestClient]:
    """A server whose registration limit is 3 at once, then 6 a minute (one
    each 10 s), on the test's clock."""
    with TestClient(create_app(sqlite_url(tmp_path), DIRECTOR)) as c:
        c.app.state.registration_limiter = RateLimiter(3, 6, now=clock)  # type: ignore[attr-defined]
        yield c


def register(client: TestClient, tid: str, name: str, headers: dict[str, str] | None = None) -> int:
    response = client.post(f"/api/tournaments/{tid}/register", json={"name": name}, headers=headers)
    return int(response.status_code)


def players(client: TestClient, tid: str) -> int:
    return int(client.get(f"/api/tournaments/{tid}").json()["players"])


def test_an_address_over_its_rate_gets_429_with_retry_after_OQ_41(
    client: TestClient, clock: Clock
) -> None:
    tid = create_tournament(client, "nm-holdem")
    assert [register(client, tid, f"Ann {k}") for k in range(3)] == [200, 200, 200]
    refused = client.post(f"/api/tournaments/{tid}/register", json={"name": "Dee"})
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == "10"
    detail = refused.json()["detail"]
    assert detail["template"] == (
        "too many registrations from your address: try again in {seconds} s"
    )
    assert detail["values"] == {"seconds": 10}
    assert detail["message"] == "too many registrations from your address: try again in 10 s"
    assert detail["clause"] == "OQ-41"
    assert [c["id"] for c in detail["clauses"]] == ["OQ-41"]
    assert players(client, tid) == 3  # the refused one left no entry

    clock.now += 4  # part of a token back: still refused, and told the rest
    again = client.post(f"/api/tournaments/{tid}/register", json={"name": "Dee"})
    assert again.status_code == 429 and again.headers["Retry-After"] == "6"
    clock.now += 6
    assert register(client, tid, "Dee") == 200
    assert register(client, tid, "Eve") == 429
    clock.now += 60  # a quiet minute: six more, not a burst of more
    assert [register(client, tid, f"Late {k}") for k in range(4)] == [200, 200, 200, 429]
    assert players(client, tid) == 7


def test_the_limit_is_per_address_and_across_tournaments_OQ_41(client: TestClient) -> None:
    first = create_tournament(client, "nm-holdem")
    second = create_tournament(client, "nm-draw")
    assert [register(client, first, f"A {k}") for k in range(3)] == [200, 200, 200]
    assert register(client, second, "Bo") == 429  # a new tournament is no way round it
    other = TestClient(client.app, client=("203.0.113.7", 40000))  # same app, another address
    assert register(other, second, "Bo") == 200
    assert players(client, first) == 3 and players(client, second) == 1


def test_the_director_is_not_limited_OQ_41(client: TestClient) -> None:
    tid = create_tournament(client, "nm-holdem")
    codes = [register(client, tid, f"Door {k}", headers=AUTH) for k in range(8)]
    assert codes == [200] * 8
    wrong = {"Authorization": "Bearer not-the-director"}
    assert [register(client, tid, f"Fake {k}", headers=wrong) for k in range(4)] == [
        200,
        200,
        200,
        429,
    ]
    assert players(client, tid) == 11


def test_a_full_tournament_refuses_the_next_entry_with_409_OQ_41(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runtime, "MAX_ENTRIES", 4)
    tid = create_tournament(client, "nm-holdem", bots=2)
    assert register(client, tid, "Ann", headers=AUTH) == 200
    assert register(client, tid, "Ben", headers=AUTH) == 200
    for headers in (AUTH, {}):  # nobody, the director included, gets past it
        full = client.post(f"/api/tournaments/{tid}/register", json={"name": "Cy"}, headers=headers)
        assert full.status_code == 409
        detail = full.json()["detail"]
        assert detail["template"] == "the tournament is full: {limit} entries"
        assert detail["values"] == {"limit": 4}
        assert detail["clause"] == "OQ-41"
    assert players(client, tid) == 4


def test_bots_past_the_limit_are_refused_whole_OQ_41(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runtime, "MAX_ENTRIES", 5)
    tid = create_tournament(client, "nm-holdem", bots=3)
    more = client.post(f"/api/tournaments/{tid}/bots", json={"count": 3}, headers=AUTH)
    assert more.status_code == 409, more.text
    assert more.json()["detail"]["template"] == "the tournament is full: {limit} entries"
    assert players(client, tid) == 3  # none of the three: the call is refused before any
    assert (
        client.post(f"/api/tournaments/{tid}/bots", json={"count": 2}, headers=AUTH).status_code
        == 200
    )
    assert players(client, tid) == 5


def test_the_limits_by_default(tmp_path: Path) -> None:
    """10,000 entries at most (the API's largest bot field); an address gets
    20 registrations at once, then one each 3 s."""
    assert runtime.MAX_ENTRIES == 10_000
    with TestClient(create_app(sqlite_url(tmp_path), DIRECTOR)) as client:
        tid = create_tournament(client, "nm-holdem")
        codes = [register(client, tid, f"P {k}") for k in range(api.REGISTRATION_BURST)]
        assert codes == [200] * api.REGISTRATION_BURST
        limiter = client.app.state.registration_limiter  # type: ignore[attr-defined]
        assert limiter.burst == 20 and limiter.per_second == pytest.approx(20 / 60)
        # the burst is spent: the next waits for a refill (3 s each)
        limiter.buckets["testclient"].tokens = 0.0
        assert register(client, tid, "One too many") == 429
