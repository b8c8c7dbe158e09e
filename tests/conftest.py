"""Shared test configuration.  The helpers are the package ``tests.helpers``
(``from tests.helpers.holdem import start``), importable because pytest puts
the repository root on the path (``pythonpath`` in pyproject.toml).

The ``clause`` marker (``@pytest.mark.clause("DE-RAISE-6")``: the clauses a
test proves) is checked and reported by :mod:`tests.helpers.clause_plugin`
(``--clause-report=PATH``), loaded by the repository's ``conftest.py``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

#: How long a browser test's ``expect`` waits for the page (Playwright's own
#: default is 5 s): what it waits for comes from a server whose bots, clock
#: and writer share two cores with a second test worker and a Chromium, and
#: a slow run must not fail where a quick one passes.  An ``expect`` that
#: holds returns at once, so only a failure waits this long.
BROWSER_EXPECT_TIMEOUT_MS = 20_000
expect.set_options(timeout=BROWSER_EXPECT_TIMEOUT_MS)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A TestClient of the server on a fresh SQLite store in ``tmp_path``,
    with the test director token (``tests.helpers.server.DIRECTOR``)."""
    from tests.helpers.server_api import make_client  # the server only when asked for

    with make_client(tmp_path) as c:
        yield c


@pytest.fixture(autouse=True)
def stop_this_tests_tournaments(request: pytest.FixtureRequest) -> Iterator[None]:
    """A browser test's module shares one server (``tests.test_browser.api``,
    module-scoped): when the test is over, the tournaments it started stop
    dealing, so their bots, acting every 20 ms, do not load the tests after
    it (those there before it, a module fixture's, play on, and those a
    module's tests play one after another: ``kept_between_tests``)."""
    if "api" not in request.fixturenames:
        yield
        return
    server = getattr(request.getfixturevalue("api"), "server", None)
    if server is None:
        yield
        return
    before = server.tournament_ids()
    yield
    server.stop_tournaments(keep=before | server.kept_between_tests)
