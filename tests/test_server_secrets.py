"""Secrets (issue 12): every HTTP response carries a content-security policy
and forbids framing; the director token comes from a file or the
environment and ``floorman serve`` never prints it in full; a token it makes
itself is kept in a file only its owner may read."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from floorman.cli.serve import TOKEN_FILE, TokenError, director_token_for, shown
from floorman.server.headers import POLICY
from tests.helpers.server import AUTH, VENV_BIN, free_port, serving, tournament_body

pytestmark = pytest.mark.timeout(90)


# ---------------------------------------------------------------- headers


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/"),
        ("GET", "/director"),
        ("GET", "/t/nowhere/play"),
        ("GET", "/static/js/api.js"),
        ("GET", "/api/tournaments"),
        ("GET", "/api/tournaments/nowhere"),  # a 404
        ("GET", "/health"),
        ("POST", "/api/tournaments"),  # a 401 without the token
    ],
)
def test_every_response_sends_the_security_headers(
    client: TestClient, method: str, path: str
) -> None:
    response = client.request(method, path, json={})
    csp = response.headers["content-security-policy"]
    assert csp == POLICY
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";"))
    assert directives["script-src"] == "'self'"  # no inline script runs
    assert directives["frame-ancestors"] == "'none'"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_a_refused_huge_body_has_them_too(client: TestClient) -> None:
    response = client.post(
        "/api/tournaments",
        content=b"{" + b" " * (2 << 20) + b"}",
        headers={"content-type": "application/json", **AUTH},
    )
    assert response.status_code == 413
    assert response.headers["x-frame-options"] == "DENY"


def test_the_catalogue_is_inlined_as_data_not_script(client: TestClient) -> None:
    page = client.get("/").text
    assert '<script type="application/json" id="i18n-catalogue">' in page
    # every other script is a file the policy allows
    assert page.count("<script") == page.count('type="application/json"') + page.count(" src=")


# ---------------------------------------------------------------- the director token


def test_a_token_file_wins_and_is_read_stripped(tmp_path: Path) -> None:
    path = tmp_path / "token"
    path.write_text("  from-the-file\n")
    assert director_token_for("from-env", path, tmp_path)[0] == "from-the-file"
    assert director_token_for("from-env", None, tmp_path)[0] == "from-env"
    path.write_text("\n")
    with pytest.raises(TokenError, match="empty"):
        director_token_for(None, path, tmp_path)
    with pytest.raises(TokenError, match="cannot read"):
        director_token_for(None, tmp_path / "missing", tmp_path)


def test_a_made_token_is_kept_0600_and_reused(tmp_path: Path) -> None:
    token, source = director_token_for(None, None, tmp_path / "data")
    path = tmp_path / "data" / TOKEN_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text().strip() == token and len(token) >= 32
    assert str(path) in source
    path.chmod(0o644)  # loosened by hand: tightened again on the next start
    assert director_token_for(None, None, tmp_path / "data")[0] == token
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert shown(token) == token[:4] + "…"


SERVE = [str(VENV_BIN / "floorman"), "serve", "--host", "127.0.0.1"]


@pytest.mark.parametrize("source", ["made", "environment", "file"])
def test_serve_never_prints_the_director_token_in_full(tmp_path: Path, source: str) -> None:
    port = free_port()
    data = tmp_path / "data"
    env: dict[str, str | None] = {
        "FLOORMAN_DATA_DIR": str(data),
        "FLOORMAN_DATABASE_URL": None,
        "FLOORMAN_DIRECTOR_TOKEN": None,
        "FLOORMAN_DIRECTOR_TOKEN_FILE": None,
        "COLUMNS": "200",
    }
    command = [*SERVE, "--port", str(port)]
    token = "s3cret-director-token-0123456789"
    if source == "environment":
        env["FLOORMAN_DIRECTOR_TOKEN"] = token
    elif source == "file":
        path = tmp_path / "director.token"
        path.write_text(token + "\n")
        os.chmod(path, 0o600)
        command += ["--director-token-file", str(path)]
    with serving(command, env, tmp_path, port) as server:
        server.wait_healthy(30)
        if source == "made":
            token = (data / TOKEN_FILE).read_text().strip()
            assert stat.S_IMODE((data / TOKEN_FILE).stat().st_mode) == 0o600
        body = tournament_body("nm-holdem")
        with httpx.Client(base_url=server.url, timeout=10) as http:
            bearer = {"Authorization": f"Bearer {token}"}
            assert http.post("/api/tournaments", json=body, headers=bearer).status_code == 200
            wrong = {"Authorization": "Bearer guessed"}
            assert http.post("/api/tournaments", json=body, headers=wrong).status_code in (401, 403)
        output = server.output()
    assert token not in output, output
    assert f"director token: {token[:4]}…" in output, output
    if source == "made":
        assert str((data / TOKEN_FILE).resolve()) in output.replace("\n", "")
