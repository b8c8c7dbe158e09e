"""PostgreSQL by URL: the migrations build the schema on a fresh database and
a whole bot tournament is stored and reloaded there, as with SQLite."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest
import sqlalchemy
from fastapi.testclient import TestClient

from floorman.server.app import create_app
from floorman.storage import Store
from floorman.storage.crypto import new_key
from floorman.storage.scratch import create_database, drop_database
from tests.helpers.postgres import fresh_database

SERVER = os.environ.get("FLOORMAN_TEST_POSTGRES_URL", "")
pytestmark = pytest.mark.skipif(
    not SERVER,
    reason="no PostgreSQL: 'make test' starts one when run as root (scripts/ensure-postgres)",
)
TOKEN = "pg-director"


@pytest.fixture(autouse=True)
def secret_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """PostgreSQL needs the key of the stored hands from outside (issue 12):
    a server does not start without one."""
    monkeypatch.setenv("FLOORMAN_SECRET_KEY", new_key())


@pytest.fixture()
def database() -> Iterator[str]:
    """A fresh, empty database, dropped afterwards."""
    with fresh_database(SERVER) as url:
        yield url


def test_migrations_build_the_schema_on_postgresql(database: str) -> None:
    store = Store(database)
    tables = set(sqlalchemy.inspect(store.engine).get_table_names())
    assert {"tournaments", "tournament_events", "hands", "hand_events", "players"} <= tables
    assert "alembic_version" in tables
    store.close()


def test_a_bot_tournament_runs_stores_and_reloads_on_postgresql(database: str) -> None:
    with TestClient(create_app(database, TOKEN)) as client:
        created = client.post(
            "/api/tournaments",
            headers={"Authorization": f"Bearer {TOKEN}"},
            json={
                "profile": "nm-holdem",
                "bots": 8,
                "action_delay_ms": 0,
                "between_hands_s": 0,
                "starting_stack": 400,
                "level_seconds": 30,
            },
        )
        tournament = created.json()["id"]
        started = client.post(
            f"/api/tournaments/{tournament}/start", headers={"Authorization": f"Bearer {TOKEN}"}
        )
        assert started.status_code == 200
        deadline = time.monotonic() + 120
        while (status := client.get(f"/api/tournaments/{tournament}").json())["status"] != (
            "finished"
        ):
            assert time.monotonic() < deadline, "the tournament did not finish"
            time.sleep(0.2)
        hands = client.get(f"/api/tournaments/{tournament}/hands").json()
    # Every player placed; players out in one hand with equal stacks share a
    # place (OQ-06), so the places are a competition ranking: 1, 2, 3, 3, 5 …
    places = sorted(row["place"] for row in status["standings"])
    assert len(places) == 8 and places.count(1) == 1
    assert all(place == places.index(place) + 1 for place in places), places
    for row in status["standings"]:
        assert row["shared"] == places.count(row["place"]), row
    assert hands
    # A new server on the same database rebuilds the tournament from its events.
    with TestClient(create_app(database, TOKEN)) as client:
        again = client.get(f"/api/tournaments/{tournament}").json()
    assert again["status"] == "finished"
    assert again["standings"] == status["standings"]
    winner = next(row for row in again["standings"] if row["place"] == 1)
    assert winner["chips"] == 8 * 400


def test_a_scratch_database_is_dropped_with_our_sessions_still_in_it() -> None:
    """The throw-away databases of the tests, the chaos run and the server
    bench go even while a session of ours is left open in them; sessions of
    other roles (an autovacuum worker is the superuser's) are not asked to end."""
    url, name = create_database(SERVER, "floorman_scratch")
    engine = sqlalchemy.create_engine(url)
    left_open = engine.connect()
    left_open.execute(sqlalchemy.text("CREATE TABLE kept (n integer)"))
    left_open.commit()
    drop_database(SERVER, name)
    admin = sqlalchemy.create_engine(SERVER)
    with admin.connect() as connection:
        names = connection.execute(sqlalchemy.text("SELECT datname FROM pg_database")).scalars()
        assert name not in set(names)
    admin.dispose()
    engine.dispose()
