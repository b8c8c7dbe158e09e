"""A player's seat link shown or reissued by the director, over HTTP and
the websocket (OQ-74, issue 26): a player registered at the desk, or one
who lost his phone, gets a new link with a QR code; only the director may
ask; the old token is refused from then on and a socket open on it is told
and closed (4410); the reissue is an event, so a restart keeps it."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed

from tests.helpers.server import (
    AUTH,
    WRONG,
    LiveServer,
    Socket,
    create_tournament,
    wait_until,
)
from tests.helpers.server_api import bearer, make_client, register

pytestmark = pytest.mark.timeout(60)


def link_path(tid: str, player: str) -> str:
    return f"/api/tournaments/{tid}/players/{player}/seat-link"


def token_of(answer: dict[str, str]) -> str:
    return answer["seat_link"].split("#seat=", 1)[1]


def me(client: TestClient, tid: str, token: str) -> int:
    return client.get(f"/api/tournaments/{tid}/me", headers=bearer(token)).status_code


@pytest.mark.clause("OQ-74")
def test_OQ_74_only_the_director_shows_or_reissues_a_seat_link(client: TestClient) -> None:
    tid = create_tournament(client, "de-holdem")
    player, token = register(client, tid, "Ann")
    for headers in ({}, WRONG, bearer(token)):  # nobody, a wrong token, the player himself
        assert client.post(link_path(tid, player), headers=headers).status_code in (401, 403)
        assert client.get(link_path(tid, player), headers=headers).status_code in (401, 403)
    assert me(client, tid, token) == 200  # nothing changed
    # the link made at registration is the player's alone: nothing to show yet
    unseen = client.get(link_path(tid, player), headers=AUTH)
    assert unseen.status_code == 409 and unseen.json()["detail"]["clause"] == "OQ-74"
    reissued = client.post(link_path(tid, player), headers=AUTH)
    assert reissued.status_code == 200, reissued.text
    body = reissued.json()
    assert body["name"] == "Ann" and body["link"] == 1
    assert body["seat_link"].startswith(f"/t/{tid}/play#seat=")
    assert body["url"].endswith(body["seat_link"])
    assert body["qr_svg"].startswith("<svg") and "<title>Ann</title>" in body["qr_svg"]
    shown = client.get(link_path(tid, player), headers=AUTH).json()
    assert shown["seat_link"] == body["seat_link"]  # shown again: the same link
    (logged,) = [
        e for e in client.get(f"/api/tournaments/{tid}/rulings").json()
        if e["type"] == "seat_link_reissued"
    ]  # fmt: skip
    assert logged["player"] == player and logged["clause"] == "OQ-74"
    assert token_of(body) not in str(logged)
    bot = client.post(f"/api/tournaments/{tid}/bots", json={"count": 1}, headers=AUTH)
    assert bot.status_code == 200
    robot = bot.json()["result"][0]
    refused = client.post(link_path(tid, robot), headers=AUTH)
    assert refused.status_code == 409 and refused.json()["detail"]["clause"] == "OQ-74"


@pytest.mark.clause("OQ-74")
def test_OQ_74_the_directors_entry_comes_with_its_link_and_qr_code(client: TestClient) -> None:
    tid = create_tournament(client, "de-holdem")
    entry = client.post(f"/api/tournaments/{tid}/register", json={"name": "Bo"}, headers=AUTH)
    assert entry.status_code == 200
    assert entry.json()["qr_svg"].startswith("<svg")
    assert me(client, tid, token_of(entry.json())) == 200
    public = client.post(f"/api/tournaments/{tid}/register", json={"name": "Cy"})
    assert "qr_svg" not in public.json()  # a player registering himself has his link


@pytest.mark.clause("OQ-74")
def test_OQ_74_a_reissued_link_closes_the_old_token_and_its_socket(tmp_path: Path) -> None:
    with LiveServer(tmp_path) as server:
        tid = create_tournament(server.http, "de-holdem")
        player, old = server.register(tid, "Ann")
        with Socket(server.ws_url(tid, token=old)) as socket:
            reissued = server.http.post(link_path(tid, player), headers=AUTH)
            assert reissued.status_code == 200
            with pytest.raises(ConnectionClosed) as closed:
                socket.wait_for(lambda f: False, 10, "the close")
            told = [f for f in socket.frames if f.get("type") == "seat_link_reissued"]
            assert told and told[0]["clause"] == "OQ-74"
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410
        new = token_of(reissued.json())
        status = server.http.get(f"/api/tournaments/{tid}/me", headers=bearer(old)).status_code
        assert status == 403
        answer = server.http.get(f"/api/tournaments/{tid}/me", headers=bearer(new))
        assert answer.status_code == 200 and answer.json()["player"] == player
        with pytest.raises(ConnectionClosed) as refused:
            Socket(server.ws_url(tid, token=old)).recv(2)
        assert refused.value.rcvd is not None and refused.value.rcvd.code == 4403
        with Socket(server.ws_url(tid, token=new)) as fresh:
            wait_until(lambda: fresh.frames or fresh.recv(1), 10, "the new seat's frame")
        # reissued again: the second link closes the first
        again = server.http.post(link_path(tid, player), headers=AUTH).json()
        assert again["link"] == 2 and token_of(again) != new
        status = server.http.get(f"/api/tournaments/{tid}/me", headers=bearer(new)).status_code
        assert status == 403


@pytest.mark.clause("OQ-74")
def test_OQ_74_a_reissued_link_survives_a_restart(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        tid = create_tournament(client, "de-holdem")
        player, old = register(client, tid, "Ann")
        reissued = client.post(link_path(tid, player), headers=AUTH).json()
    with make_client(tmp_path) as client:  # the same database, a new process
        assert me(client, tid, old) == 403
        assert me(client, tid, token_of(reissued)) == 200
        shown = client.get(link_path(tid, player), headers=AUTH)
        assert shown.status_code == 200 and shown.json()["seat_link"] == reissued["seat_link"]
