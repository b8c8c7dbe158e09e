"""The repository's own pytest configuration, loaded whatever paths a run
names (a plugin named in a deeper conftest is refused then): the ``clause``
marker's plugin, tests/helpers/clause_plugin.py (``--clause-report=PATH``),
and ``pytester``, which drives that plugin's tests.

Under pytest-xdist (``make test`` runs ``-n``) each worker gets Redis
databases of its own (``FLOORMAN_TEST_REDIS_URL`` rewritten before any test
module reads it): the cluster tests empty theirs (``flushdb``) and read
streams by fixed names, which a test on the other worker would share."""

from __future__ import annotations

import os

pytest_plugins = ("tests.helpers.clause_plugin", "pytester")

#: Redis databases each worker has: its own and a spare
#: (tests.helpers.server.spare_redis_database)
REDIS_DATABASES_PER_WORKER = 2


def _one_redis_database_per_worker() -> None:
    url = os.environ.get("FLOORMAN_TEST_REDIS_URL", "")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "").removeprefix("gw")
    if not url or not worker.isdigit():
        return
    server, _, database = url.rpartition("/")
    first = int(database or 0) + int(worker) * REDIS_DATABASES_PER_WORKER
    os.environ["FLOORMAN_TEST_REDIS_URL"] = f"{server}/{first}"


_one_redis_database_per_worker()
