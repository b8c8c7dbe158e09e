"""The director rules at any moment, through the services and the server
(issue 9): corrections and disqualifications during a hand (NM-D-1G,
OQ-03), a pause that stops every action clock (NM-D-1G, OQ-03), one name
one entry (DE-GEN-2, OQ-64), live counts that add up (NM-D-1B s2), a ruling
log with times, and a seat taken to another device."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed

from floorman.engine.errors import RuleViolation
from floorman.services import Floor, director
from floorman.services import commands as c
from floorman.services.runtime import SEAT_TAKEN_CODE, TournamentService
from floorman.storage import Store
from floorman.tournament.events import Disqualified, TimedOut
from tests.helpers.clock import FakeClock, until
from tests.helpers.server import (
    AUTH,
    DIRECTOR,
    LiveServer,
    Socket,
    create_tournament,
    wait_until,
)


def two_humans(
    clock: FakeClock, profile: str = "nm-holdem", **config: Any
) -> tuple[TournamentService, str, str]:
    """Ann and Bob registered on ``clock``: a 30 s action clock, an hour a level."""
    floor = Floor(Store("sqlite://"), DIRECTOR)
    service = floor.create(
        profile=profile,
        starting_stack=1000,
        level_seconds=3600,
        action_seconds=30,
        action_delay_ms=0,
        between_hands_s=0,
        **config,
    )
    service.now = clock
    ann, _ = service.register("Ann")
    bob, _ = service.register("Bob")
    return service, ann, bob


async def settle_loop(service: TournamentService, table: int = 1) -> None:
    """Wake the table and let its loop look at the (fake) clock."""
    service._table(table).wake.set()
    await asyncio.sleep(0.05)


# ---------------------------------------------------------------- pause means pause


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_pause_stops_every_action_clock_where_it_stood_NM_D_1G_OQ_03() -> None:
    """NM-D-1G, OQ-03: paused with 20 s left, an hour passes, nobody times
    out and nobody may act; resumed, the clock goes on from 20 s."""

    async def scenario() -> None:
        clock = FakeClock()
        service, _, _ = two_humans(clock)
        service.start()
        table = await until(
            lambda: service.tables.get(1) and service.tables[1].deadline and service.tables[1]
        )
        hand = table.hand
        assert table.deadline == clock.t + 30
        actor = hand.actor
        actor_player = hand.players[hand.position[actor]]
        clock.t += 10
        director.pause(service, c.Pause(tournament=service.id, author=c.DIRECTOR))
        assert table.deadline is None and table.remaining == pytest.approx(20)
        view = service.table_view(1, actor_player)
        assert view["paused"] is True and view["timer"]["remaining"] == pytest.approx(20)
        assert view["timer"]["deadline"] is None
        clock.t += 3600
        await settle_loop(service)
        assert hand.actor == actor and not [
            e for e in service.tournament.events if isinstance(e, TimedOut)
        ]
        with pytest.raises(RuleViolation) as info:
            service.submit(actor_player, {"action": "fold"})
        assert "NM-D-1G" in info.value.clause and hand.actor == actor
        director.resume(service, c.Resume(tournament=service.id, author=c.DIRECTOR))
        assert table.deadline == pytest.approx(clock.t + 20) and table.remaining is None
        clock.t += 19
        await settle_loop(service)
        assert hand.actor == actor, "timed out before the 20 s it had left"
        clock.t += 2
        await until(lambda: [e for e in service.tournament.events if isinstance(e, TimedOut)])
        [timed_out] = [e for e in service.tournament.events if isinstance(e, TimedOut)]
        assert timed_out.player == actor_player and timed_out.clause == "DE-TIME-4, OQ-63"
        await service.shutdown()

    asyncio.run(scenario())


def test_pause_caught_by_the_table_loop_also_holds_the_clock_NM_D_1G() -> None:
    """A pause recorded straight in the core (as after a restart) is held
    by the table loop from the moment of the pause."""

    async def scenario() -> None:
        clock = FakeClock()
        service, _, _ = two_humans(clock)
        service.start()
        table = await until(
            lambda: service.tables.get(1) and service.tables[1].deadline and service.tables[1]
        )
        clock.t += 5
        service.tournament.pause(clock.t)
        clock.t += 100
        await settle_loop(service)
        assert table.remaining == pytest.approx(25) and table.deadline is None
        await service.shutdown()

    asyncio.run(scenario())


# ---------------------------------------------------------------- disqualified in a hand


@pytest.mark.clause("NM-D-1C", "NM-D-1G")
def test_disqualified_during_his_hand_it_is_dead_at_once_NM_D_1C_NM_D_1G() -> None:
    """NM-D-1C/1D/1E with NM-D-1G: the runtime kills his hand at once; his
    blind stays in the pot, the rest of his chips leave play."""

    async def scenario() -> None:
        clock = FakeClock()
        service, ann, bob = two_humans(clock)
        service.start()
        table = await until(
            lambda: service.tables.get(1) and service.tables[1].deadline and service.tables[1]
        )
        hand = table.hand
        seat = hand.actor
        player = hand.players[hand.position[seat]]
        other = bob if player == ann else ann
        put_in = 1000 - hand.stacks[hand.position[seat]]
        director.disqualify(
            service,
            c.Disqualify(
                tournament=service.id,
                author=c.DIRECTOR,
                target=player,
                clause="NM-D-1C",
                note="chip dumping",
            ),
        )
        assert hand.folded[hand.position[seat]]
        await until(lambda: service.tournament.status == "finished")
        [dq] = [e for e in service.tournament.events if isinstance(e, Disqualified)]
        assert dq.player == player and dq.chips_removed == 1000 - put_in
        assert service.tournament.winner == other
        assert service.tournament.players[other].chips == 1000 + put_in
        # The stored logs replay to the same tournament.
        again = TournamentService.load(service.store, service.id, service.config.to_dict())
        assert again.tournament.standings() == service.tournament.standings()
        await service.shutdown()

    asyncio.run(scenario())


# ---------------------------------------------------------------- over HTTP


def players_stored(client: TestClient, tid: str) -> int:
    return len(client.app.state.floor.store.players(tid))  # type: ignore[attr-defined]


@pytest.mark.clause("DE-GEN-2", "OQ-64")
def test_one_name_one_entry_over_http_DE_GEN_2_OQ_64(client: TestClient) -> None:
    """DE-GEN-2, OQ-64: refused with the reason and the clause, nothing stored."""
    tid = create_tournament(client, "nm-holdem")
    url = f"/api/tournaments/{tid}/register"
    first = client.post(url, json={"name": "  Ann   Lee "})
    assert first.status_code == 200
    assert first.json()["seat_link"] == f"/t/{tid}/play#seat={first.json()['token']}"
    assert client.get(f"/api/tournaments/{tid}").json()["standings"][0]["name"] == "Ann   Lee"
    for name, why in [
        ("ann lee", "already entered"),
        ("ANN  LEE", "already entered"),
        ("", "needs a name"),
        ("x" * 41, "at most 40"),
        ("Bob\u200bby", "control"),
        ("Bob\nby", "control"),
    ]:
        answer = client.post(url, json={"name": name})
        assert answer.status_code in (409, 422), (name, answer.text)
        detail = answer.json()["detail"]
        assert why in detail["message"] and detail["clause"] == "DE-GEN-2, OQ-64", detail
    assert players_stored(client, tid) == 1


@pytest.mark.clause("NM-D-1G", "DE-GEN-2", "OQ-03")
@pytest.mark.parametrize(
    ("profile", "clause"), [("nm-holdem", "NM-D-1G, OQ-03"), ("de-holdem", "DE-GEN-2, OQ-03")]
)
def test_bots_cannot_sit_at_a_live_table_cited_from_its_own_rulebook(
    client: TestClient, profile: str, clause: str
) -> None:
    """The refusal cites the event's own rulebook (a German event no
    Norwegian clause, a Norwegian one no German clause) and the OQ."""
    answer = client.post(
        "/api/tournaments",
        json={"profile": profile, "mode": "live", "bots": 3},
        headers=AUTH,
    )
    assert answer.status_code == 422 and "live" in answer.json()["detail"]["message"]
    assert answer.json()["detail"]["clause"] == clause
    assert client.get("/api/tournaments").json() == []
    tid = create_tournament(client, profile, mode="live")
    added = client.post(f"/api/tournaments/{tid}/bots", json={"count": 2}, headers=AUTH)
    assert added.status_code == 409 and "bots cannot" in added.json()["detail"]["message"]
    assert added.json()["detail"]["clause"] == clause
    assert players_stored(client, tid) == 0


def live_table(client: TestClient, players: int = 6) -> tuple[str, list[str]]:
    tid = create_tournament(client, "nm-holdem", mode="live", starting_stack=1000)
    names = [
        client.post(f"/api/tournaments/{tid}/register", json={"name": f"Live {k}"})
        for k in range(players)
    ]
    assert all(r.status_code == 200 for r in names)
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    seats = client.get(f"/api/tournaments/{tid}").json()["tables"][0]["seats"]
    return tid, [s["player"] for s in seats]


@pytest.mark.clause("NM-D-1B", "NM-D-1G")
def test_live_counts_must_add_up_NM_D_1B_s2_unless_confirmed_NM_D_1G(client: TestClient) -> None:
    tid, players = live_table(client)
    url = f"/api/tournaments/{tid}/live/counts"
    counts = dict.fromkeys(players, 1000) | {players[0]: 500}
    refused = client.post(url, json={"table": 1, "counts": counts}, headers=AUTH)
    assert refused.status_code == 409
    detail = refused.json()["detail"]
    assert "counts total 5,500, table had 6,000: 500 missing" in detail["message"]
    assert "NM-D-1B s2" in detail["clause"]
    assert client.get(f"/api/tournaments/{tid}/rulings").json() == []
    confirmed = client.post(
        url,
        json={"table": 1, "counts": counts, "confirm_correction": True, "note": "chips lost"},
        headers=AUTH,
    )
    assert confirmed.status_code == 200, confirmed.text
    [ruling] = client.get(f"/api/tournaments/{tid}/rulings").json()
    assert ruling["type"] == "override" and ruling["ruling"] == "count"
    # the director's note as he wrote it, the change in chips (no English
    # sentence in the note, which nb and de pages show as it is)
    assert (ruling["note"], ruling["chips"]) == ("chips lost", -500)
    assert isinstance(ruling["at"], float)


def test_ruling_log_has_times_eliminations_and_moves_NM_D_1G(client: TestClient) -> None:
    """Every entry has its time; eliminations, moves and breaks are in it
    with the penalties (NM-D-1G, OQ-03, DE-PENALTY-3)."""
    tid = create_tournament(client, "nm-holdem", mode="live", starting_stack=1000)
    for k in range(12):
        client.post(f"/api/tournaments/{tid}/register", json={"name": f"Live {k}"})
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    first = client.get(f"/api/tournaments/{tid}").json()["tables"][0]
    players = [s["player"] for s in first["seats"]]
    warned = client.post(
        f"/api/tournaments/{tid}/floor/warn",
        json={"player": players[0], "clause": "DE-ETIQ-1"},
        headers=AUTH,
    )
    # a Norwegian event cites its own books and the open questions, never the German
    assert warned.status_code == 409 and "DE-ETIQ-1" in warned.json()["detail"]["message"]
    warned = client.post(
        f"/api/tournaments/{tid}/floor/warn",
        json={"player": players[0], "clause": "NM-H-18"},
        headers=AUTH,
    )
    assert warned.status_code == 200, warned.text
    counts = dict.fromkeys(players, 1000) | {players[1]: 0, players[2]: 0, players[3]: 3000}
    answer = client.post(
        f"/api/tournaments/{tid}/live/counts",
        json={"table": first["table"], "counts": counts},
        headers=AUTH,
    )
    assert answer.status_code == 200, answer.text
    log = client.get(f"/api/tournaments/{tid}/rulings").json()
    types = {e["type"] for e in log}
    assert {"warning", "eliminated", "moved", "table_broken"} <= types, types
    assert all(isinstance(e["at"], float) for e in log), log
    assert [e["at"] for e in log] == sorted(e["at"] for e in log)


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_corrections_during_a_hand_are_pending_over_http_NM_D_1G_OQ_03(client: TestClient) -> None:
    """NM-D-1G, OQ-03: accepted at once, shown as pending on the seating
    chart and in the ruling log."""
    tid = create_tournament(client, "nm-holdem", action_seconds=600)
    for name in ("Ann", "Bob", "Cy"):
        client.post(f"/api/tournaments/{tid}/register", json={"name": name})
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200

    def in_hand() -> dict[str, Any] | None:
        state: dict[str, Any] = client.get(f"/api/tournaments/{tid}").json()
        return state if state["tables"] and state["tables"][0]["in_hand"] else None

    # a correction is pending only while the hand runs: wait for one, however long
    state = wait_until(in_hand, 30, "the first hand")
    player = state["tables"][0]["seats"][0]["player"]
    answer = client.post(
        f"/api/tournaments/{tid}/override/chips",
        json={"player": player, "chips": 777, "note": "miscount"},
        headers=AUTH,
    )
    assert answer.status_code == 200, answer.text
    seat = client.get(f"/api/tournaments/{tid}").json()["tables"][0]["seats"][0]
    assert seat["pending"] == ["chips"]
    log = client.get(f"/api/tournaments/{tid}/rulings").json()
    assert log[-1]["type"] == "correction_pending" and log[-1]["chips"] == 777


# ---------------------------------------------------------------- a seat on another device


def test_opening_the_seat_link_elsewhere_takes_the_seat_over(tmp_path: Path) -> None:
    """The newest device plays; the old socket gets a seat_taken frame and
    is closed with 4409 (DE-GEN-2: one participant per seat)."""
    with LiveServer(tmp_path) as server:
        tid = create_tournament(server.http, "nm-holdem")
        answer = server.http.post(f"/api/tournaments/{tid}/register", json={"name": "Ann"})
        token = answer.json()["token"]
        assert answer.json()["seat_link"].endswith(f"#seat={token}")
        with Socket(server.ws_url(tid, token=token)) as old:
            old.wait_for(lambda f: f["type"] == "tournament", 30, "the summary")
            with Socket(server.ws_url(tid, token=token)) as new:
                new.wait_for(lambda f: f["type"] == "tournament", 30, "the summary")
                frame = old.wait_for(lambda f: f["type"] == "seat_taken", 30, "seat_taken")
                assert frame["code"] == SEAT_TAKEN_CODE
                with pytest.raises(ConnectionClosed):
                    old.recv(5)
                assert old.conn.close_code == SEAT_TAKEN_CODE
                assert "another device" in (old.conn.close_reason or "")
                subs = server.call(
                    lambda: [s.player for s in server.floor.get(tid).subscribers if s.player]
                )
                assert subs == [answer.json()["player"]]


@pytest.mark.clause("DE-GEN-2", "OQ-64")
def test_bots_never_take_a_name_already_entered_DE_GEN_2_OQ_64() -> None:
    """DE-GEN-2, OQ-64: a person called "Bot 1" keeps his name; the bots
    added after him are numbered around it."""

    async def scenario() -> None:
        service, _, _ = two_humans(FakeClock())
        service.register("bot  4")  # the first name add_bots would pick
        added = service.add_bots(3)
        names = [service.tournament.players[p].name for p in added]
        assert names == ["Bot 5", "Bot 6", "Bot 7"]

    asyncio.run(scenario())
