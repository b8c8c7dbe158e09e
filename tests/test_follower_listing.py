"""A web process of the cluster reads every tournament's row as it starts
(``Followers.load_all``) while its reader already applies the changes
stream.  A ``listing`` message (archived, created, deleted) read in between
must win over the rows read before it: a clean run's cluster test found a
restarted web process listing a tournament archived while it loaded, for
good (``test_cluster.py``, "archived everywhere")."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from floorman.cluster.follower import Followers
from floorman.services import Floor
from floorman.storage import Store
from tests.helpers.server import DIRECTOR, sqlite_url


def test_an_archive_read_while_every_row_is_read_stays_archived(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    made = Floor(Store(url), DIRECTOR).create(profile="nm-holdem", name="Friday")
    tid = made.id
    store = Store(url)
    web = Followers(Floor(store, DIRECTOR), client=None)
    rows_read, go_on = threading.Event(), threading.Event()
    read_rows = store.tournaments

    def slow_rows() -> Any:
        rows = read_rows()  # not archived yet
        rows_read.set()
        assert go_on.wait(10)
        return rows

    store.tournaments = slow_rows  # type: ignore[method-assign]

    async def body() -> None:
        loading = asyncio.create_task(web.load_all())
        assert await asyncio.to_thread(rows_read.wait, 10)
        store.set_archived(tid, True)  # the director archives it meanwhile
        listing = asyncio.create_task(web.listing_changed(tid))
        await asyncio.sleep(0.1)  # the message is read while the rows are
        go_on.set()
        await asyncio.gather(loading, listing)

    asyncio.run(body())
    assert tid in web.floor.archived
    assert [s.id for s in web.floor.listed(archived=True)] == [tid]
    assert web.floor.listed() == []
