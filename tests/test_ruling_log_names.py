"""Issue 20: the ruling log names the player of its own tournament.

Player ids (p1, p2, …) are per tournament; the director's page once named
a player by a name it had seen in another tournament.  Each log entry now
carries the name the player registered under in this tournament, also
once his entry was taken back."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.server import AUTH, create_tournament
from tests.helpers.server_api import make_client


def test_each_ruling_names_its_own_tournaments_player(tmp_path: Path) -> None:
    with make_client(tmp_path) as client:
        first = create_tournament(client, "de-holdem")
        second = create_tournament(client, "de-holdem")
        for tid, names in ((first, ["Anna", "Carl"]), (second, ["Bjørn", "Dora"])):
            for name in names:
                answer = client.post(f"/api/tournaments/{tid}/register", json={"name": name})
                assert answer.is_success, answer.text
        warned = {"player": "p1", "clause": "OQ-03", "note": "splashing"}
        for tid in (first, second):
            url = f"/api/tournaments/{tid}/floor/warn"
            assert client.post(url, json=warned, headers=AUTH).is_success
        taken_back = client.post(f"/api/tournaments/{first}/players/p2/unregister", headers=AUTH)
        assert taken_back.is_success, taken_back.text
        log = client.get(f"/api/tournaments/{first}/rulings", headers=AUTH).json()
        by_type = {entry["type"]: entry for entry in log}
        assert by_type["warning"]["name"] == "Anna"
        assert by_type["unregistered"]["name"] == "Carl"  # no longer in the standings
        other = client.get(f"/api/tournaments/{second}/rulings", headers=AUTH).json()
        assert [e["name"] for e in other if e["type"] == "warning"] == ["Bjørn"]
