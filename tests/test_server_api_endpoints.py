"""The documented HTTP API, through FastAPI's TestClient:
the endpoints OpenAPI lists.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

pytestmark = pytest.mark.timeout(120)


def test_openapi_lists_the_endpoints(client: TestClient) -> None:
    response = client.get("/openapi.json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    expected = {
        "/api/profiles": {"get"},
        "/api/tournaments": {"get", "post"},
        "/api/tournaments/{tournament_id}": {"get"},
        "/api/tournaments/{tournament_id}/start": {"post"},
        "/api/tournaments/{tournament_id}/register": {"post"},
        "/api/tournaments/{tournament_id}/actions": {"post"},
        "/api/tournaments/{tournament_id}/rulings": {"get"},
        "/api/tournaments/{tournament_id}/hands": {"get"},
        "/api/tournaments/{tournament_id}/me": {"get"},
        "/api/tournaments/{tournament_id}/tables/{table}": {"get"},
        "/api/tournaments/{tournament_id}/floor/warn": {"post"},
        "/api/tournaments/{tournament_id}/floor/penalty": {"post"},
        "/api/tournaments/{tournament_id}/floor/disqualify": {"post"},
        "/api/tournaments/{tournament_id}/override/chips": {"post"},
        "/api/tournaments/{tournament_id}/override/seat": {"post"},
        "/api/tournaments/{tournament_id}/override/level": {"post"},
        "/api/tournaments/{tournament_id}/live/counts": {"post"},
        "/api/hands/{hand_id}": {"get"},
        "/api/hands/{hand_id}/text": {"get"},
        "/api/hands/{hand_id}/phh": {"get"},
    }
    for path, methods in expected.items():
        assert path in paths, f"{path} missing from /openapi.json"
        assert methods <= set(paths[path]), (path, set(paths[path]))
    create = paths["/api/tournaments"]["post"]["requestBody"]["content"]["application/json"]
    schema_name = create["schema"]["$ref"].rsplit("/", 1)[-1]
    fields = response.json()["components"]["schemas"][schema_name]["properties"]
    for field in ("profile", "bots", "starting_stack", "level_seconds", "action_delay_ms", "mode"):
        assert field in fields, field
    assert client.get("/health").json()["status"] == "ok"


def test_profiles_carry_what_the_browser_shows_of_their_game(client: TestClient) -> None:
    """Issue 19: the structure editor asks the profile's ``ui`` (its
    variant's metadata) whether blinds apply, never the game's name."""
    listed = {p["name"]: p for p in client.get("/api/profiles").json()}
    assert listed["nm-holdem"]["ui"]["blinds"] and listed["nm-holdem"]["ui"]["board"]
    draw = listed["nm-draw"]["ui"]
    assert not draw["blinds"] and not draw["board"] and set(draw["controls"]) == {"draw", "look"}
    assert all(set(p) == {"name", "title", "game", "ui"} for p in listed.values())
