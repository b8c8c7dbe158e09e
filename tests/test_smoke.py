"""The README's main command, as a user runs it: ``make run`` (issue
"Server and browser client", Tests).  It answers ``/health``, prints its URL
and the director token's first characters, keeps its database in
``FLOORMAN_DATA_DIR``, plays a bots' tournament created through the API, and
stops cleanly on Ctrl-C."""

from __future__ import annotations

import re
import shutil
import socket
import time
from pathlib import Path

import httpx
import pytest

from tests.helpers.server import REPO, free_port, serving, tournament_body, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.timeout(200)]

TOKEN = "smoke-director-token-4711"


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_make_run_serves_a_tournament(tmp_path: Path) -> None:
    port = free_port()
    data = tmp_path / "data"
    env: dict[str, str | None] = {
        "FLOORMAN_PORT": str(port),
        "FLOORMAN_DATA_DIR": str(data),
        "FLOORMAN_DIRECTOR_TOKEN": TOKEN,
        "FLOORMAN_DATABASE_URL": None,  # only what the user sets
    }
    stray = REPO / "var"
    # other tests running beside this one (pytest-xdist) write clause reports there
    there_before = set(stray.iterdir()) if stray.exists() else set()
    try:
        with serving(["make", "run"], env, REPO, port) as server:
            health = server.wait_healthy(120)  # make may first (re)install the venv
            assert health["status"] == "ok"
            output = server.output()
            url = f"http://127.0.0.1:{port}/"
            assert url in output, output
            # Only the token's first characters are printed (issue 12, Secrets).
            printed = re.search(r"director token:\s*(\S+)", output)
            assert printed and printed.group(1) == TOKEN[:4] + "…", output
            assert TOKEN not in output, output
            auth = {"Authorization": f"Bearer {TOKEN}"}

            with httpx.Client(base_url=server.url, timeout=10) as http:
                lobby = http.get("/")
                assert lobby.status_code == 200 and "<html" in lobby.text.lower()
                body = tournament_body(
                    "nm-holdem", bots=6, action_delay_ms=10, level_seconds=600, starting_stack=5000
                )
                created = http.post("/api/tournaments", json=body, headers=auth)
                assert created.status_code == 200, created.text
                tid = created.json()["id"]
                assert http.get(f"/api/tournaments/{tid}").json()["status"] == "registering"
                started = http.post(f"/api/tournaments/{tid}/start", headers=auth)
                assert started.status_code == 200, started.text

                def hands_played() -> list[dict[str, object]] | None:
                    hands = http.get(f"/api/tournaments/{tid}/hands").json()
                    return hands if len(hands) >= 3 else None

                hands = wait_until(hands_played, 30, "three hands played")
                assert all(h["status"] == "finished" for h in hands)
                steps = http.get(f"/api/hands/{hands[0]['id']}").json()["steps"]
                assert steps[-1]["view"]["phase"] == "complete"
                state = http.get(f"/api/tournaments/{tid}").json()
                assert state["status"] in ("running", "finished")
                assert sum(r["chips"] for r in state["standings"]) == 6 * body["starting_stack"]

            # Ctrl-C at the terminal: make and the server stop within seconds,
            # with no traceback, though the tournament is still being played.
            problems = []
            started_stop = time.monotonic()
            try:
                server.stop(timeout=10)
            except AssertionError:
                problems.append("Ctrl-C did not stop `make run` within 10 s")
            else:
                assert not port_open(port), "the server still listens after Ctrl-C"
            stopped_after = time.monotonic() - started_stop
            output = server.output()
            assert "Traceback" not in output, output

        # The database lives where FLOORMAN_DATA_DIR says, not in ./var.
        # (rich wraps long lines at 80 columns when the output is not a terminal)
        said = output.replace("\n", "")
        if not (data / "floorman.sqlite3").exists() or str(data) not in said:
            problems.append(f"FLOORMAN_DATA_DIR={data} was ignored; the server said:\n{output}")
        assert not problems, f"(stopped after {stopped_after:.1f} s)\n" + "\n".join(problems)
    finally:
        left = set(stray.iterdir()) - there_before if stray.exists() else set()
        for path in left:  # left by a server that ignored FLOORMAN_DATA_DIR
            if not path.name.startswith("clause-report"):
                shutil.rmtree(path) if path.is_dir() else path.unlink()
