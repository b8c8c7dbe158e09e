"""Table chat (issue 11): players and spectators of a table talk; every
line is stored for the director's log; the director mutes a player
(DE-ETIQ-1/2: excessive talk is a breach of etiquette)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.server import AUTH, LiveServer, Socket, create_tournament

pytestmark = pytest.mark.timeout(60)


def is_chat(frame: dict) -> bool:  # type: ignore[type-arg]
    return frame.get("type") == "chat"


@pytest.mark.clause("DE-INFO-1", "DE-INFO-2", "DE-ETIQ-2")
def test_players_and_spectators_chat_and_the_director_mutes(tmp_path: Path) -> None:
    with LiveServer(tmp_path) as server:
        tid = create_tournament(server.http, "de-holdem", action_seconds=60, level_seconds=600)
        ann, ann_token = server.register(tid, "Ann")
        bob, bob_token = server.register(tid, "Bob")
        server.start(tid)
        with (
            Socket(server.ws_url(tid, ann_token)) as ann_socket,
            Socket(server.ws_url(tid, bob_token)) as bob_socket,
            Socket(server.ws_url(tid, table=1)) as rail,
        ):
            ann_socket.send({"type": "chat", "text": "  good   luck\n all "})
            line = bob_socket.wait_for(is_chat, 10, "Ann's line at Bob's seat")
            assert (line["name"], line["text"], line["table"]) == ("Ann", "good luck all", 1)
            assert rail.wait_for(is_chat, 10, "Ann's line on the rail")["text"] == "good luck all"
            own = ann_socket.wait_for(is_chat, 10, "her own line back")
            assert own["text"] == "good luck all"
            # DE-INFO-1…3: while the hand runs the players do not read the rail
            rail.send({"type": "chat", "text": "go Bob"})
            kept = rail.wait_for(lambda f: is_chat(f) and f["text"] == "go Bob", 10, "rail")
            assert kept["name"] == "spectator" and kept["players_see"] is False
            ann_socket.send({"type": "chat", "text": "x" * 301})
            too_long = ann_socket.wait_for(lambda f: f.get("type") == "error", 10)
            assert too_long["template"] == "a chat line is 1 to {most} characters of text"
            muted = server.http.post(
                f"/api/tournaments/{tid}/floor/mute-chat",
                json={"player": ann, "note": "shouting"},
                headers=AUTH,
            )
            assert muted.status_code == 200, muted.text
            ann_socket.send({"type": "chat", "text": "still here"})
            refused = ann_socket.wait_for(lambda f: f.get("type") == "error", 10)
            assert refused["clause"] == "DE-ETIQ-2"
            assert refused["clauses"][0]["language"] == "de"
            heard = [f.get("text") for f in bob_socket.drain(0.5) + ann_socket.drain(0.1)]
            assert "still here" not in heard and "go Bob" not in heard
        # a socket joining the table gets its recent lines
        with Socket(server.ws_url(tid, bob_token)) as again:
            history = again.wait_for(lambda f: f.get("type") == "chat_history", 10)
            # seated, with the hand still running: the rail's line is kept from him
            assert [line["text"] for line in history["lines"]] == ["good luck all"]
        log = server.http.get(f"/api/tournaments/{tid}/chat", headers=AUTH).json()
        assert [(line["name"], line["text"]) for line in log] == [
            ("Ann", "good luck all"),
            ("spectator", "go Bob"),
        ]
        assert server.http.get(f"/api/tournaments/{tid}/chat").status_code == 401
        rulings = server.http.get(f"/api/tournaments/{tid}/rulings", headers=AUTH).json()
        mute = [r for r in rulings if r["type"] == "chat_muted"]
        assert mute and mute[0]["player"] == ann and mute[0]["clause"] == "DE-ETIQ-2"
        assert bob  # seated, heard his table


@pytest.mark.clause("OQ-03")
def test_without_the_switch_players_read_the_rail_during_a_hand(tmp_path: Path) -> None:
    """nm-holdem has no rule keeping spectators silent (spectator_chat_in_hand
    is on): the rail's line reaches the seated players mid-hand."""
    with LiveServer(tmp_path) as server:
        tid = create_tournament(server.http, "nm-holdem", action_seconds=60, level_seconds=600)
        _, ann_token = server.register(tid, "Ann")
        server.register(tid, "Bob")
        server.start(tid)
        with (
            Socket(server.ws_url(tid, ann_token)) as ann_socket,
            Socket(server.ws_url(tid, table=1)) as rail,
        ):
            ann_socket.wait_for(lambda f: f.get("type") == "table" and f["hand"], 10, "a hand")
            rail.send({"type": "chat", "text": "go Ann"})
            heard = ann_socket.wait_for(is_chat, 10, "the rail's line")
            assert heard["text"] == "go Ann" and "players_see" not in heard
