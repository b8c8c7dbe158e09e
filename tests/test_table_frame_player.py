"""Issue 20, the player's table, as the frames carry it: the director's
warning or time penalty in the warned player's own frame only (never in
another player's nor a spectator's, over HTTP and over the websocket),
with its clause and the director's note."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.helpers.server import AUTH
from tests.helpers.server_api import start_humans, table_view

pytestmark = pytest.mark.timeout(120)


def players_of(client: TestClient, tid: str, by_seat: dict[int, str]) -> dict[str, str]:
    """Each player's token by his player id."""
    return {table_view(client, tid, token)["you"]["player"]: token for token in by_seat.values()}


@pytest.mark.clause("DE-PENALTY-3")
def test_a_warning_and_a_penalty_reach_only_the_players_own_frame(client: TestClient) -> None:
    tid, by_seat = start_humans(client, ["Ann", "Ben", "Cat"], between_hands_s=60)
    tokens = players_of(client, tid, by_seat)
    warned, penalised, other = sorted(tokens)
    base = f"/api/tournaments/{tid}"
    answer = client.post(
        base + "/floor/warn",
        json={"player": warned, "clause": "DE-ETIQ-1", "note": "mind your language"},
        headers=AUTH,
    )
    assert answer.status_code == 200, answer.text
    answer = client.post(
        base + "/floor/penalty",
        json={"player": penalised, "clause": "DE-PENALTY-3", "hands": 2, "note": "slow roll"},
        headers=AUTH,
    )
    assert answer.status_code == 200, answer.text

    mine = table_view(client, tid, tokens[warned])["you"]["rulings"]
    assert [(r["kind"], r["clause"], r["note"]) for r in mine] == [
        ("warning", "DE-ETIQ-1", "mind your language")
    ]
    assert mine[0]["clauses"][0]["id"] == "DE-ETIQ-1" and mine[0]["clauses"][0]["original"]
    theirs = table_view(client, tid, tokens[penalised])["you"]["rulings"]
    assert [(r["kind"], r["hands"], r["note"]) for r in theirs] == [
        ("time_penalty", 2, "slow roll")
    ]
    assert table_view(client, tid, tokens[other])["you"]["rulings"] == []
    spectator = table_view(client, tid, None)
    assert spectator["you"] is None
    assert "mind your language" not in str(spectator) and "slow roll" not in str(spectator)
    # not a word of another's ruling in any frame but his own
    assert "mind your language" not in str(table_view(client, tid, tokens[other]))
    assert "slow roll" not in str(table_view(client, tid, tokens[warned]))

    # over the websocket the same: his frame has it, the rail's has not
    frames: dict[str | None, dict[str, Any]] = {}
    for who in (warned, None):
        with client.websocket_connect(f"/ws/tournaments/{tid}?table=1") as ws:
            ws.send_json({"type": "hello", "token": tokens[who]} if who else {"type": "hello"})
            while True:
                frame = ws.receive_json()
                if frame.get("type") == "table":
                    frames[who] = frame
                    break
    assert frames[warned]["you"]["rulings"][0]["note"] == "mind your language"
    assert "mind your language" not in str(frames[None])


@pytest.mark.parametrize(
    ("profile", "unit"),
    [("nm-holdem", "bb"), ("de-holdem", "bb"), ("nm-draw", "ante")],
)
def test_the_level_says_what_unit_bets_may_be_shown_in(
    client: TestClient, profile: str, unit: str
) -> None:
    from tests.helpers.server import STILL_RUNNING, create_tournament

    # the table is still there when it is looked at
    tid = create_tournament(client, profile, bots=4, **STILL_RUNNING)
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    level = table_view(client, tid, None)["level"]
    chips = level["blinds"][1] if unit == "bb" else level["ante"]
    assert level["bet_unit"] == {"name": unit, "chips": chips}
    assert chips > 0
