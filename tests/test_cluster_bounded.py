"""Issue 27, point 5, in the cluster: bounded work for strangers.

- A command for a tournament that is over (cancelled here), sent to the
  shared stream as a web process sends it, is answered from the
  tournament's stored row — 409 with why (OQ-41), a retry with its stored
  answer, a seat opened taken note of — and an unknown one with 404: no
  runner replays any log for it (a spy counts the replays).
- A web process whose replica shows it over answers such commands
  itself, sending none on.
- Archiving and deleting it go through, and a web process applies the
  ``listing`` message by reading that one row again: no full reload, no
  replay, and its lobby is right afterwards.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from floorman.cluster import streams
from floorman.cluster.follower import Followers
from floorman.cluster.runner import Runner
from floorman.cluster.web import RemoteCommands
from floorman.services import Floor, TournamentService
from floorman.services import commands as c
from floorman.services.auth import token_hash
from floorman.storage import Store
from tests.helpers.server import DIRECTOR
from tests.test_cluster_runner import REDIS, create, with_runner
from tests.test_cluster_runner import database as database  # the fixture

pytestmark = [pytest.mark.timeout(120)]

CLOSED = "tournament {tournament} is {status}: nothing in it changes any more"


def count_replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every tournament whose log is replayed from now on (runner or replica)."""
    replayed: list[str] = []
    load = TournamentService.load.__func__  # type: ignore[attr-defined]

    def counted(cls: type[TournamentService], store: Store, tid: str, *a: Any, **k: Any) -> Any:
        replayed.append(tid)
        return load(cls, store, tid, *a, **k)

    monkeypatch.setattr(TournamentService, "load", classmethod(counted))
    return replayed


async def until(condition: Callable[[], bool], what: str) -> None:
    for _ in range(400):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"never: {what}")


@pytest.mark.clause("OQ-41")
def test_commands_for_a_tournament_that_is_over_replay_nothing(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def body(send: Any, runner: Runner) -> None:
        tid = (await send(create())).body["id"]
        ann = c.Register(
            tournament=tid,
            author=c.PUBLIC,
            key="0b5e3c1a-over-4d2e-9f7a-6c8b1d0e2f3a",
            name="Ann",
            token_hash=token_hash("ann"),
        )
        player = (await send(ann)).body["player"]
        cancel = c.Cancel(tournament=tid, author=c.DIRECTOR, key="rain-1", note="rain")
        first_cancel = await send(cancel)
        assert first_cancel.ok, first_cancel
        await until(
            lambda: tid not in runner.floor.tournaments and tid not in runner.releasing,
            "the runner gives the cancelled tournament up",
        )
        web = Followers(Floor(Store(database), DIRECTOR), streams.connect(REDIS))
        await web.start()
        full_reloads: list[int] = []
        monkeypatch.setattr(web, "load_all", lambda: full_reloads.append(1))
        replayed = count_replays(monkeypatch)
        try:
            refused = await send(
                c.Chat(tournament=tid, author=c.PUBLIC, key="", table=1, text="gg"), played=False
            )
            assert refused.status == 409, refused
            assert refused.body["template"] == CLOSED
            assert refused.body["values"] == {"tournament": tid, "status": "cancelled"}
            assert refused.body["clause"] == "OQ-41"
            again = c.Register(
                tournament=tid,
                author=c.PUBLIC,
                key="5f1d2c3b-over-4a5e-8d7c-9b0a1e2f3d4c",
                name="Bob",
                token_hash=token_hash("bob"),
            )
            assert (await send(again, played=False)).status == 409
            opened = c.SeatOpened(
                tournament=tid, author=c.player_author(player), key="sock-1", socket="sock-1"
            )
            assert (await send(opened, played=False)).ok  # nothing to take back
            # a retry of a command answered while it was live: its stored answer
            assert await send(cancel, played=False) == first_cancel
            unknown = c.Chat(tournament="no-such-id", author=c.PUBLIC, key="", table=1, text="x")
            assert (await send(unknown, played=False)).status == 404
            assert replayed == []  # no log was replayed for any of them

            archived = await send(c.Archive(tournament=tid, author=c.DIRECTOR), played=False)
            assert archived.ok, archived
            await until(lambda: tid in web.floor.archived, "the web process reads the row")
            assert tid not in {s.id for s in web.floor.listed()}
            assert tid in {s.id for s in web.floor.listed(archived=True)}
            deleted = await send(c.Delete(tournament=tid, author=c.DIRECTOR), played=False)
            assert deleted.ok, deleted
            await until(lambda: tid not in web.replicas, "the web process drops it")
            assert web.floor.get(tid) is None and tid not in web.floor.archived
            assert replayed == [] and full_reloads == []
        finally:
            await web.stop()
            await web.client.aclose()
            web.floor.store.close()

    asyncio.run(with_runner(database, body))


def test_a_listing_message_reads_one_row_not_every_tournament(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tournament made through another web process: the ``listing``
    message makes this one load that tournament only, and its lobby shows it."""

    async def body(send: Any, runner: Runner) -> None:
        before = [(await send(create())).body["id"] for _ in range(2)]
        web = Followers(Floor(Store(database), DIRECTOR), streams.connect(REDIS))
        await web.start()
        assert set(before) <= set(web.replicas)
        full_reloads: list[int] = []
        monkeypatch.setattr(web, "load_all", lambda: full_reloads.append(1))
        replayed = count_replays(monkeypatch)
        try:
            made = (await send(create())).body["id"]
            await until(lambda: made in web.replicas, "the web process follows the new one")
            assert {s.id for s in web.floor.listed()} == {*before, made}
            assert replayed == [made] and full_reloads == []
        finally:
            await web.stop()
            await web.client.aclose()
            web.floor.store.close()

    asyncio.run(with_runner(database, body))


@pytest.mark.clause("OQ-41")
def test_a_web_process_answers_commands_for_a_tournament_that_is_over_itself(
    database: str,
) -> None:
    """The edge: a web process whose replica shows the tournament over
    answers its commands itself (409 with why, a retry's stored answer, a
    seat opened noted), sending none of them to a runner; archiving goes on."""

    async def body(send: Any, runner: Runner) -> None:
        tid = (await send(create())).body["id"]
        cancel = c.Cancel(tournament=tid, author=c.DIRECTOR, key="rain-2", note="rain")
        first_cancel = await send(cancel)
        assert first_cancel.ok, first_cancel
        client = streams.connect(REDIS)
        web = Followers(Floor(Store(database), DIRECTOR), client)
        sender = streams.CommandSender(client, "web-edge-test")
        await sender.start()
        await web.start()
        await until(lambda: not web.replicas[tid].live, "the replica shows it over")
        sent: list[Any] = []
        send_on = sender.send

        async def counted(stream: str | None, payload: Any, **kw: Any) -> Any:
            sent.append(payload["command"]["kind"])
            return await send_on(stream, payload, **kw)

        sender.send = counted  # type: ignore[method-assign]
        remote = RemoteCommands(sender, web)
        try:
            chat = c.Chat(tournament=tid, author=c.PUBLIC, key="", table=1, text="gg")
            refused = await remote.execute(chat)
            assert refused.status == 409 and refused.body["template"] == CLOSED, refused
            opened = c.SeatOpened(tournament=tid, author=c.player_author("p1"), socket="s1")
            assert (await remote.execute(opened)).ok
            assert await remote.execute(cancel) == first_cancel  # a retry: its first answer
            started = await remote.execute(c.Start(tournament=tid, author=c.PUBLIC))
            assert started.status == 403, started  # not the public's to send, over or not
            assert sent == []
            archived = await remote.execute(c.Archive(tournament=tid, author=c.DIRECTOR))
            assert archived.ok and sent == ["archive"], (archived, sent)
            assert tid in web.floor.archived
        finally:
            await web.stop()
            await sender.stop()
            await client.aclose()
            web.floor.store.close()

    asyncio.run(with_runner(database, body))
