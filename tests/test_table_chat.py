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


@pytest.mark.clause("DE-ETIQ-2")
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
            rail.send({"type": "chat", "text": "go Bob"})
            own = ann_socket.wait_for(is_chat, 10, "her own line back")
            assert own["text"] == "good luck all"
            heard = ann_socket.wait_for(is_chat, 10, "the rail's line")
            assert heard["name"] == "spectator" and heard["player"] is None
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
            assert not [f for f in bob_socket.drain(0.5) if f.get("text") == "still here"]
        # a socket joining the table gets its recent lines
        with Socket(server.ws_url(tid, bob_token)) as again:
            history = again.wait_for(lambda f: f.get("type") == "chat_history", 10)
            assert [line["text"] for line in history["lines"]] == ["good luck all", "go Bob"]
        log = server.http.get(f"/api/tournaments/{tid}/chat", headers=AUTH).json()
        assert [(line["name"], line["text"]) for line in log] == [
            ("Ann", "good luck all"),
            ("spectator", "go Bob"),
        ]
        assert server.http.get(f"/api/tournaments/{tid}/chat").status_code == 401
        rulings = server.http.get(f"/api/tournaments/{tid}/rulings", headers=AUTH).json()
        mute = [r for r in rulings if r["type"] == "chat_muted"]
        assert mute and mute[0]["player"] == ann and mute[0]["clause"] == "DE-ETIQ-2"
        assert bob  # seated, heard everything
