"""The director's hand rulings and the players' own table controls over the
HTTP API (issue 18): a misdeal, a void and a dead hand on a running hand,
each citing its clause in the ruling log and the hand log; calling the
clock (DE-TIME-2, OQ-63); sitting out and coming back (DE-SEATED-1/2,
OQ-45); cards shown to everyone (DE-HOLE-4).  Every refusal names its
clause and changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.helpers.server import (
    AUTH,
    LiveServer,
    create_tournament,
    stored_hand_events,
    wait_until,
)
from tests.helpers.server_api import (
    bearer,
    floor,
    hand_running,
    snapshot,
    start_humans,
    status,
    table_view,
)

pytestmark = pytest.mark.timeout(120)


def players_by_seat(client: TestClient, tid: str, by_seat: dict[int, str]) -> dict[int, str]:
    return {
        seat: client.get(f"/api/tournaments/{tid}/me", headers=bearer(token)).json()["player"]
        for seat, token in by_seat.items()
    }


def rule(client: TestClient, tid: str, **body: Any) -> Any:
    return client.post(f"/api/tournaments/{tid}/floor/hand", json=body, headers=AUTH)


def act(client: TestClient, tid: str, token: str, **body: Any) -> Any:
    return client.post(f"/api/tournaments/{tid}/actions", json=body, headers=bearer(token))


def rulings_of(client: TestClient, tid: str, kind: str) -> list[dict[str, Any]]:
    log = client.get(f"/api/tournaments/{tid}/rulings", headers=AUTH).json()
    return [entry for entry in log if entry["type"] == kind]


def next_hand(
    client: TestClient, tid: str, after: str, seconds: float = 10, what: str = "the next hand"
) -> dict[str, Any]:
    """The first running hand other than ``after``, waited for."""
    return dict(
        wait_until(
            lambda: (v := hand_running(client, tid)) and v["hand_id"] != after and v,
            seconds,
            what,
        )
    )


@pytest.mark.clause("DE-MISDEAL-1", "DE-MISDEAL-2", "OQ-59")
def test_a_misdeal_before_anyone_acts_redeals_with_button_and_blinds_kept(
    client: TestClient,
) -> None:
    tid, by_seat = start_humans(client, ["Ann", "Ben", "Cat"], between_hands_s=60)
    before = table_view(client, tid, None)["hand"]
    answer = rule(client, tid, ruling="misdeal", table=1, note="a card turned over")
    assert answer.status_code == 200, answer.text
    assert answer.json()["result"]["clause"] == "DE-MISDEAL-1, DE-MISDEAL-2, OQ-59"
    hand = table_view(client, tid, None)["hand"]
    assert hand["hand_id"] == before["hand_id"] and hand["button"] == before["button"]
    assert [p["bet"] for p in hand["players"]] == [p["bet"] for p in before["players"]]
    misdeal = [line for line in hand["log"] if line["kind"] == "misdeal"]
    assert misdeal and misdeal[0]["clause"] == "DE-MISDEAL-1, DE-MISDEAL-2, OQ-59"
    (entry,) = rulings_of(client, tid, "hand_ruling")
    assert (entry["ruling"], entry["table"], entry["note"]) == ("misdeal", 1, "a card turned over")
    # once someone has acted the misdeal rules lapse (DE-MISDEAL-1, OQ-59)
    actor = hand["actor"]
    assert act(client, tid, by_seat[actor], action="call").status_code == 200
    unchanged = snapshot(client, tid)
    late = rule(client, tid, ruling="misdeal", table=1)
    assert late.status_code == 409 and late.json()["detail"]["clause"].startswith("DE-MISDEAL-1")
    assert snapshot(client, tid) == unchanged


@pytest.mark.clause("DE-DECK-5", "DE-DECK-6")
def test_a_voided_hand_gives_every_chip_back_and_the_next_hand_follows(
    client: TestClient,
) -> None:
    tid, by_seat = start_humans(client, ["Ann", "Ben", "Cat"], between_hands_s=0.2)
    view = table_view(client, tid, None)
    hand_id = view["hand_id"]
    chips = {s["player"]: s["chips"] for s in view["seats"]}
    actor = view["hand"]["actor"]
    assert act(client, tid, by_seat[actor], action="raise", amount=200).status_code == 200
    answer = rule(client, tid, ruling="void", table=1, note="two aces of spades")
    assert answer.status_code == 200, answer.text

    next_hand(client, tid, hand_id)
    after = {p["player"]: p["chips"] for p in status(client, tid)["standings"]}
    assert after == chips  # the voided hand moved no chip
    events = stored_hand_events(floor(client).store, hand_id)
    assert [e.kind for e in events][-2:] == ["HandVoided", "HandEnded"]
    assert events[-2].clause == "DE-DECK-5, DE-DECK-6, OQ-59"
    # a finished hand stands: there is no hand to void between hands
    assert rulings_of(client, tid, "hand_ruling")[0]["ruling"] == "void"


@pytest.mark.clause("DE-DECK-5", "DE-DECK-6")
def test_a_void_while_a_bot_thinks_ends_the_hand_at_once(client: TestClient) -> None:
    """The director rules at any moment of a hand: a void while a bot has
    a minute to think ends the hand now, and the next one is dealt (the
    table used to wait out the bot's minute)."""
    tid = create_tournament(
        client, "de-holdem", bots=3, action_delay_ms=60_000, between_hands_s=0.2
    )
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    hand_id = wait_until(lambda: hand_running(client, tid), 10, "the first hand")["hand_id"]
    assert rule(client, tid, ruling="void", table=1).status_code == 200

    # well inside the bot's minute, and far beyond what the void takes
    next_hand(client, tid, hand_id, 20, "the next hand, dealt before the bot's minute was up")
    events = stored_hand_events(floor(client).store, hand_id)
    assert [e.kind for e in events][-2:] == ["HandVoided", "HandEnded"]


@pytest.mark.clause("DE-FOUL-1", "DE-FOUL-2")
def test_a_dead_hand_leaves_the_play_and_loses_what_it_put_in(client: TestClient) -> None:
    tid, by_seat = start_humans(client, ["Ann", "Ben", "Cat"], between_hands_s=60)
    names = players_by_seat(client, tid, by_seat)
    hand = table_view(client, tid, None)["hand"]
    actor = hand["actor"]
    assert act(client, tid, by_seat[actor], action="call").status_code == 200
    victim = names[actor]
    answer = rule(client, tid, ruling="dead_hand", table=1, player=victim, note="three cards")
    assert answer.status_code == 200, answer.text
    hand = table_view(client, tid, None)["hand"]
    dead = next(p for p in hand["players"] if p["player"] == victim)
    assert dead["folded"] and dead["in_pot"] > 0  # what he put in stays in the pot
    line = next(line for line in hand["log"] if line["kind"] == "dead_hand")
    assert line["seat"] == actor and line["clause"] == "DE-FOUL-1, DE-FOUL-2"
    (entry,) = rulings_of(client, tid, "hand_ruling")
    assert entry["player"] == victim and entry["clause"] == "DE-FOUL-1, DE-FOUL-2"
    again = rule(client, tid, ruling="dead_hand", table=1, player=victim)
    assert again.status_code == 409 and "DE-FOUL-1" in again.json()["detail"]["clause"]


def test_hand_rulings_refuse_what_they_cannot_do_and_change_nothing(client: TestClient) -> None:
    tid, _ = start_humans(client, ["Ann", "Ben", "Cat"], between_hands_s=60)
    unchanged = snapshot(client, tid)
    for body, status_code, said in (
        ({"ruling": "redeal", "table": 1}, 422, "ruling"),
        ({"ruling": "misdeal", "table": 7}, 409, "no table 7"),
        ({"ruling": "dead_hand", "table": 1, "player": "nobody"}, 409, "holds no hand"),
        ({"ruling": "void", "table": 1, "clause": "NM-D-1G"}, 409, "NM-D-1G"),  # not German
        ({"ruling": "void", "table": 1, "clause": "XX-1"}, 422, "XX-1"),
    ):
        answer = rule(client, tid, **body)
        assert answer.status_code == status_code, (body, answer.text)
        assert said in answer.text, answer.text
    anyone = client.post(f"/api/tournaments/{tid}/floor/hand", json={"ruling": "void", "table": 1})
    assert anyone.status_code == 401
    assert snapshot(client, tid) == unchanged


@pytest.mark.clause("DE-TIME-2", "DE-TIME-3", "OQ-63")
def test_any_seated_player_calls_the_clock_on_the_player_to_act(client: TestClient) -> None:
    tid, by_seat = start_humans(client, ["Ann", "Ben", "Cat"], action_seconds=300)
    names = players_by_seat(client, tid, by_seat)
    view = table_view(client, tid, None)
    actor = view["hand"]["actor"]
    caller = next(seat for seat in by_seat if seat != actor)
    own = act(client, tid, by_seat[actor], action="call_clock")
    assert own.status_code == 409 and own.json()["detail"]["clause"] == "DE-TIME-2, OQ-63"
    mine = table_view(client, tid, by_seat[caller])["you"]
    assert mine["can_call_clock"] is True
    started = floor(client).get(tid).now()
    answer = act(client, tid, by_seat[caller], action="call_clock")
    assert answer.status_code == 200, answer.text
    timer = table_view(client, tid, None)["timer"]
    assert timer["called"] is True and timer["seconds"] == 30
    assert started + 29 <= timer["deadline"] <= started + 31  # 30 s from the call, not 300
    (entry,) = rulings_of(client, tid, "clock_called")
    assert (entry["by"], entry["player"], entry["seconds"]) == (names[caller], names[actor], 30)
    twice = act(client, tid, by_seat[caller], action="call_clock")
    assert twice.status_code == 409 and "already" in twice.json()["detail"]["message"]
    assert table_view(client, tid, by_seat[caller])["you"]["can_call_clock"] is False
    # the next player's turn has a clock of its own again
    assert act(client, tid, by_seat[actor], action="call").status_code == 200
    timer = table_view(client, tid, None)["timer"]
    assert timer["called"] is False and timer["seconds"] == 300


@pytest.mark.clause("DE-SEATED-1", "DE-SEATED-2", "OQ-45")
def test_a_player_sits_out_sees_it_and_comes_back_with_one_message(client: TestClient) -> None:
    tid, by_seat = start_humans(client, ["Ann", "Ben", "Cat"], between_hands_s=0.2)
    names = players_by_seat(client, tid, by_seat)
    seat = next(iter(by_seat))
    token = by_seat[seat]
    assert act(client, tid, token, action="sit_out").status_code == 200
    you = table_view(client, tid, token)["you"]
    assert you["away"] is True and you["away_reason"] == "player"
    seat_row = next(s for s in table_view(client, tid, None)["seats"] if s["seat"] == seat)
    assert seat_row["absent"] and seat_row["away_reason"] == "player"
    # a reconnecting socket does not bring back a player who sat out himself
    floor(client).get(tid).back(names[seat])
    assert table_view(client, tid, token)["you"]["away"] is True
    (away,) = [e for e in rulings_of(client, tid, "absence") if e["absent"]]
    assert away["reason"] == "player"
    assert act(client, tid, token, action="back").status_code == 200
    assert table_view(client, tid, token)["you"]["away"] is False


@pytest.mark.clause("DE-HOLE-3", "DE-HOLE-4")
def test_folded_cards_stay_hidden_until_the_hand_is_over_then_go_to_everyone(
    client: TestClient,
) -> None:
    tid, by_seat = start_humans(client, ["Ann", "Ben", "Cat"], between_hands_s=60)
    folder = table_view(client, tid, None)["hand"]["actor"]
    early = act(client, tid, by_seat[folder], action="show_cards")
    assert early.status_code == 409 and "DE-HOLE-3" in early.json()["detail"]["clause"]
    assert act(client, tid, by_seat[folder], action="fold").status_code == 200
    # two players still in: the folded cards are neither offered nor shown
    assert "show_cards" not in table_view(client, tid, by_seat[folder])["hand"]["actions"]
    live = act(client, tid, by_seat[folder], action="show_cards")
    assert live.status_code == 409 and "DE-HOLE-3" in live.json()["detail"]["clause"]
    for viewer in [None, *(t for s, t in by_seat.items() if s != folder)]:
        players = table_view(client, tid, viewer)["hand"]["players"]
        assert not next(p for p in players if p["seat"] == folder)["cards"], viewer
    second = table_view(client, tid, None)["hand"]["actor"]
    assert act(client, tid, by_seat[second], action="fold").status_code == 200
    assert table_view(client, tid, None)["hand"]["phase"] == "complete"
    assert "show_cards" in table_view(client, tid, by_seat[folder])["hand"]["actions"]
    assert act(client, tid, by_seat[folder], action="show_cards").status_code == 200
    for viewer in [None, *by_seat.values()]:
        players = table_view(client, tid, viewer)["hand"]["players"]
        shown = next(p for p in players if p["seat"] == folder)
        assert shown["cards"] and all(shown["cards"]), viewer


@pytest.mark.clause("NM-D-1F", "OQ-08")
def test_the_same_dealers_second_misdeal_in_a_row_costs_him_five_antes(
    client: TestClient,
) -> None:
    """NM-D-1F s2: "if a dealer makes two consecutive misdeals, he must in
    addition pay a fine of 5 times the ante into the pot" (OQ-08: the
    redeal of a hand he has just misdealt)."""
    from tests.helpers.server import create_tournament
    from tests.helpers.server_api import register

    tid = create_tournament(
        client, "nm-draw", starting_stack=1000, level_seconds=600, action_seconds=300,
        between_hands_s=60, antes=[5],
    )  # fmt: skip
    for name in ("Ann", "Ben", "Cat", "Dan"):
        register(client, tid, name)
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    view = wait_until(lambda: hand_running(client, tid), 10, "the first hand")
    dealer = view["hand"]["button"]
    stacks = {p["seat"]: p["stack"] for p in view["hand"]["players"]}
    first = rule(client, tid, ruling="misdeal", table=1, note="too few cards")
    assert first.status_code == 200, first.text
    assert first.json()["result"]["clause"] == "NM-D-1F, OQ-08"
    after_one = {p["seat"]: p["stack"] for p in table_view(client, tid, None)["hand"]["players"]}
    assert after_one == stacks  # the first misdeal costs nobody anything
    second = rule(client, tid, ruling="misdeal", table=1, note="a card turned over")
    assert second.status_code == 200, second.text
    hand = table_view(client, tid, None)["hand"]
    after_two = {p["seat"]: p["stack"] for p in hand["players"]}
    ante = hand["ante"]
    assert after_two == {**stacks, dealer: stacks[dealer] - 5 * ante}
    penalty = [line for line in hand["log"] if line["kind"] == "penalty"]
    assert penalty and penalty[0]["seat"] == dealer and penalty[0]["amount"] == 5 * ante


@pytest.mark.clause("DE-MISDEAL-1", "DE-FOUL-1")
def test_at_a_live_event_hand_rulings_are_recorded_for_the_log(client: TestClient) -> None:
    """The dealer deals real cards: the director's ruling is recorded (its
    clause, table and player) and the chips move by the next chip count."""
    from tests.helpers.server import create_tournament
    from tests.helpers.server_api import register

    tid = create_tournament(client, "de-holdem", mode="live", starting_stack=1000)
    players = [register(client, tid, f"Live {k}")[0] for k in range(4)]
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    seated = status(client, tid)["tables"][0]["seats"]
    someone = seated[0]["player"]
    assert someone in players
    for body in (
        {"ruling": "misdeal", "table": 1, "note": "the dealer exposed a card"},
        {"ruling": "dead_hand", "table": 1, "player": someone, "note": "six cards"},
    ):
        answer = rule(client, tid, **body)
        assert answer.status_code == 200, answer.text
    entries = rulings_of(client, tid, "hand_ruling")
    assert [(e["ruling"], e["player"], e["clause"]) for e in entries] == [
        ("misdeal", None, "DE-MISDEAL-1, DE-MISDEAL-2, OQ-59"),
        ("dead_hand", someone, "DE-FOUL-1, DE-FOUL-2"),
    ]
    nobody = rule(client, tid, ruling="dead_hand", table=1, player="p999")
    assert nobody.status_code == 409


@pytest.mark.clause("DE-MISDEAL-1", "DE-DECK-5", "DE-FOUL-1")
def test_the_details_name_each_hand_ruling_s_clause_before_the_director_confirms(
    client: TestClient,
) -> None:
    """The console shows the clause a hand ruling will cite in its confirm
    step: the hand's own clause, online and at a live event alike (where the
    ruling is recorded for the log only)."""
    tid, _ = start_humans(client, ["Ann", "Ben", "Cat"], between_hands_s=60)
    assert status(client, tid)["hand_rulings"] == {
        "misdeal": "DE-MISDEAL-1, DE-MISDEAL-2, OQ-59",
        "void": "DE-DECK-5, DE-DECK-6, OQ-59",
        "dead_hand": "DE-FOUL-1, DE-FOUL-2",
    }
    answer = rule(client, tid, ruling="void", table=1)
    assert answer.json()["result"]["clause"] == status(client, tid)["hand_rulings"]["void"]
    live = client.post(
        "/api/tournaments",
        json={"profile": "nm-holdem", "mode": "live", "bots": 0},
        headers=AUTH,
    ).json()["id"]
    assert status(client, live)["hand_rulings"] == {
        "misdeal": "NM-H-18, OQ-38, NM-D-1F",
        "void": "NM-D-1G, OQ-03, OQ-08",
        "dead_hand": "NM-D-1G, OQ-03",
    }


def test_an_action_sent_twice_with_its_id_is_taken_once(client: TestClient) -> None:
    """Issue 20: a client's retry or double click repeats the message's id;
    the repeat is ignored, not refused as out of turn."""
    tid, by_seat = start_humans(client, ["Ann", "Ben", "Cat"], between_hands_s=60)
    actor = table_view(client, tid, None)["hand"]["actor"]
    for _ in range(2):
        answer = act(client, tid, by_seat[actor], action="call", id="k1")
        assert answer.status_code == 200, answer.text
    calls = [e for e in table_view(client, tid, None)["hand"]["log"] if e["kind"] == "call"]
    assert len(calls) == 1
    # without an id (or with another) the second try is out of turn, as before
    again = act(client, tid, by_seat[actor], action="call", id="k2")
    assert again.status_code == 409


def fold_to_the_end(client: TestClient, tid: str, by_seat: dict[int, str]) -> str:
    """Whoever is to act folds until the running hand is over; its id."""
    hand_id = table_view(client, tid, None)["hand_id"]
    while (view := hand_running(client, tid)) and view["hand_id"] == hand_id:
        assert act(client, tid, by_seat[view["hand"]["actor"]], action="fold").status_code == 200
    return str(hand_id)


@pytest.mark.clause("DE-SEATED-1", "DE-SEATED-2", "OQ-45")
def test_asked_during_his_hand_he_plays_it_out_and_sits_out_from_the_next(
    client: TestClient,
) -> None:
    tid, by_seat = start_humans(client, ["Ann", "Ben", "Cat"], between_hands_s=0.2)
    seat, token = next(iter(by_seat.items()))
    hand_id = table_view(client, tid, None)["hand_id"]
    answer = act(client, tid, token, action="sit_out_next")
    assert answer.status_code == 200, answer.text
    view = table_view(client, tid, token)
    assert view["you"]["sit_out_next"] is True and view["you"]["away"] is False
    assert view["hand_id"] == hand_id and view["you"]["seat"] == seat  # his hand plays on
    assert not rulings_of(client, tid, "absence")
    ended = fold_to_the_end(client, tid, by_seat)
    assert table_view(client, tid, token)["you"]["sit_out_next"] is True
    dealt = next_hand(client, tid, ended)
    assert next(p for p in dealt["hand"]["players"] if p["seat"] == seat)["dead"] is True
    you = table_view(client, tid, token)["you"]
    assert you["away"] is True and you["away_reason"] == "player"
    assert you["sit_out_next"] is False
    (away,) = rulings_of(client, tid, "absence")
    assert away["absent"] and away["reason"] == "player"
    # away already: no request to make (DE-SEATED-2, OQ-45)
    again = act(client, tid, token, action="sit_out_next")
    assert again.status_code == 409
    assert again.json()["detail"]["clause"] == "DE-SEATED-2, DE-DEAL-2, OQ-45"


@pytest.mark.clause("DE-SEATED-1", "OQ-45")
def test_a_request_taken_back_with_back_leaves_him_dealt_in(client: TestClient) -> None:
    tid, by_seat = start_humans(client, ["Ann", "Ben", "Cat"], between_hands_s=0.2)
    seat, token = next(iter(by_seat.items()))
    assert act(client, tid, token, action="sit_out_next").status_code == 200
    assert act(client, tid, token, action="back").status_code == 200
    assert table_view(client, tid, token)["you"]["sit_out_next"] is False
    ended = fold_to_the_end(client, tid, by_seat)
    view = next_hand(client, tid, ended)
    assert table_view(client, tid, token)["you"]["away"] is False
    mine = next(p for p in view["hand"]["players"] if p["seat"] == seat)
    assert mine["dead"] is False
    assert not rulings_of(client, tid, "absence")


@pytest.mark.clause("DE-SEATED-1", "DE-SEATED-2", "OQ-45")
def test_the_request_to_sit_out_next_survives_a_restart(tmp_path: Path) -> None:
    """Asked during his hand and the server restarted before the next deal:
    the request is in the tournament's log, so his frame still says so and
    the next hand after the restart finds him away."""

    def you(server: LiveServer, tid: str, token: str) -> dict[str, Any]:
        answer = server.http.get(f"/api/tournaments/{tid}/tables/1", headers=bearer(token))
        assert answer.status_code == 200, answer.text
        return dict(answer.json()["you"])

    with LiveServer(tmp_path) as server:
        tid = create_tournament(
            server.http, "de-holdem", level_seconds=600, starting_stack=1000,
            action_seconds=60, between_hands_s=0.2,
        )  # fmt: skip
        tokens = dict(server.register(tid, name) for name in ("Ann", "Ben", "Cat"))
        server.start(tid)
        client: Any = server.http  # the helpers take any httpx client
        wait_until(lambda: hand_running(client, tid), 10, "the first hand")
        token = next(iter(tokens.values()))
        answer = act(client, tid, token, action="sit_out_next")
        assert answer.status_code == 200, answer.text
        assert you(server, tid, token)["sit_out_next"] is True

    with LiveServer(tmp_path) as server:
        client = server.http
        assert you(server, tid, token)["sit_out_next"] is True
        assert you(server, tid, token)["away"] is False
        by_seat = {you(server, tid, t)["seat"]: t for t in tokens.values()}
        ended = fold_to_the_end(client, tid, by_seat)
        next_hand(client, tid, ended)
        mine = you(server, tid, token)
        assert mine["away"] is True and mine["away_reason"] == "player"
