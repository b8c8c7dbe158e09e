"""Issue 10: one typed seat view for every client.  The engine builds it;
in-process bots, ``floorman bot`` and the browser read it; its JSON Schema
is served at ``/api/schema/seat-view`` and holds for real frames; the pot
lines carry the antes and penalties carried into the pots."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from floorman.bots import make_bot
from floorman.bots.base import situation
from floorman.bots.remote import situation_from_frame
from floorman.engine.actions import apply_action
from floorman.engine.cards import deck_starting_with, shuffled_deck
from floorman.engine.holdem import HoldemHand
from floorman.engine.seat_view import SeatView, seat_view_schema
from floorman.engine.variants import variant_for
from floorman.profiles import load_profile
from tests.helpers.server import LiveServer, Socket, create_tournament

SCHEMA = seat_view_schema()
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def test_the_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert set(SCHEMA["required"]) >= {"pot_lines", "legal", "actions", "variant", "players"}
    # the game's own part: a union tagged by ``game``, one member per registered part
    members = SCHEMA["properties"]["variant"]["oneOf"]
    parts = [SCHEMA["$defs"][m["$ref"].split("/")[-1]] for m in members]
    tags = {part["properties"]["game"]["const"] for part in parts}
    assert tags >= {"holdem", "draw"}
    assert "draw_limit" in SCHEMA["$defs"]["DrawPart"]["required"]
    assert "draw_limit" not in SCHEMA["properties"]


def side_pot_hand_with_antes() -> HoldemHand:
    """Three players ante 5 each (each ante his stake in the pot, NM-D-3B);
    the short stack calls all-in pre-flop, so a side pot opens."""
    hand = HoldemHand.start(
        load_profile("de-holdem"),
        seats=[1, 2, 3],
        stacks=[30, 200, 200],
        button=3,
        ante_unit=5,
        small_blind=5,
        big_blind=10,
        antes=[5, 5, 5],
        deck=deck_starting_with("AsKs 7c2d QhQd 8h8s 9c Tc Jc Qc 2h Ac 3h Kc"),
    )
    assert hand.actor == 3
    hand.bet_or_raise_to(3, 100)
    hand.call(1)  # all-in for his 25 after the ante
    hand.call(2)
    return hand


@pytest.mark.clause("NM-D-3B")
def test_a_side_pot_holdem_hand_shows_its_antes_in_the_main_pot_line() -> None:
    hand = side_pot_hand_with_antes()
    view = hand.seat_view(2)
    assert hand.phase == "betting" and view.round == "flop"
    lines = [(p.amount, p.eligible, p.carried) for p in view.pot_lines]
    # main pot: the ante and 25 from each of three; the side pot: 75 each of two
    assert lines == [(30 * 3, (1, 2, 3), 0), (75 * 2, (2, 3), 0)]
    assert sum(p.amount for p in view.pot_lines) == view.pot == hand.pot_total
    frame = hand.view(None)
    VALIDATOR.validate(frame)
    assert frame["pot_lines"][0] == {"amount": 90, "eligible": [1, 2, 3], "carried": 0}


def test_a_penalty_is_carried_into_the_main_pot_line() -> None:
    hand = side_pot_hand_with_antes()
    hand.penalize(2, 20, clause="OQ-14", reason="out of turn")
    main = hand.seat_view(None).pot_lines[0]
    assert main.carried == 20 and main.amount == 90 + 20


def test_the_view_round_trips_and_holds_only_what_the_seat_sees() -> None:
    hand = side_pot_hand_with_antes()
    for seat in (None, 1, 2, 3):
        view = hand.seat_view(seat)
        assert SeatView.from_json(view.to_json()) == view
        VALIDATOR.validate(view.to_json())
        for player in view.players:
            if player.seat != seat:
                assert player.cards is None  # nobody has shown yet (DE-HOLE-1)
    own = hand.seat_view(2).players[1]
    assert own.seat == 2 and own.cards == tuple(str(c) for c in hand.hole_cards(2) or ())


def test_legal_actions_and_bet_sizes_come_from_the_engine() -> None:
    hand = HoldemHand.start(
        load_profile("nm-holdem"),
        seats=[1, 2, 3],
        stacks=[100, 100, 100],
        button=3,
        ante_unit=1,
        deck=shuffled_deck(random.Random(3).randrange),
    )
    view = hand.seat_view(3)
    assert view.actions == ("fold", "call", "raise")
    assert [s.name for s in view.bet_sizes] == ["min", "pot", "max"]
    assert view.bet_limit.kind == "no-limit" and view.variant.game == "holdem"
    assert not hasattr(view.variant, "draw_limit")  # hold'em sets no draw keys
    assert hand.seat_view(1).actions == () and hand.seat_view(None).legal is None
    assert view.variant.checkdown_voters == (1, 2, 3) and view.hole_cards == 2


def play_draw_views(seed: int) -> list[dict[str, Any]]:
    """A whole NM draw deal played by bots, the views of every step."""
    profile = load_profile("nm-draw")
    rng = random.Random(seed)
    hand = variant_for(profile).start(
        profile,
        seats=[1, 2, 3, 4],
        stacks=[300] * 4,
        button=4,
        ante_unit=5,
        deck=shuffled_deck(rng.randrange),
    )
    bots = {s: make_bot("random") for s in hand.seats}
    frames = []
    while not hand.is_complete:
        seat = hand.actor
        assert seat is not None
        for viewer in (None, *hand.seats):
            frames.append(hand.view(viewer))
        # an external bot's situation from its frame is the in-process one
        mine = situation(hand, seat)
        assert situation_from_frame({"hand": hand.view(seat), "you": {"seat": seat}}) == mine
        apply_action(hand, seat, bots[seat].decide(mine, rng))
    frames.append(hand.view(None))
    return frames


def test_draw_views_hold_the_schema_and_the_draw_limits() -> None:
    frames = [f for seed in range(6) for f in play_draw_views(seed)]
    for frame in frames:
        VALIDATOR.validate(frame)
        assert frame["board"] is None and frame["hole_cards"] == 5
        part = frame["variant"]
        assert part["game"] == "draw" and part["draw_limit"]["max_cards"] == 4
        assert "checkdown_voters" not in part  # the draw sets no check-down keys
        if part["must_look"] and frame["legal"]:
            assert set(frame["actions"]) <= {"fold", "look"}  # NM-D-2E s4
    assert any("draw" in f["actions"] for f in frames)
    assert any("look" in f["actions"] for f in frames)


# ------------------------------------------------------------------ real frames


def collect_frames(server: LiveServer, profile: str, seconds: float) -> list[dict[str, Any]]:
    """One person among bots, playing whatever the view offers, and a
    spectator: every table frame either got."""
    tid = create_tournament(
        server.http, profile, bots=4, starting_stack=100, action_seconds=5, level_seconds=1
    )
    _, token = server.register(tid, "Ann")
    frames: list[dict[str, Any]] = []
    with (
        Socket(server.ws_url(tid, token=token)) as mine,
        Socket(server.ws_url(tid, table=1)) as spectator,
    ):
        server.start(tid)
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            frame = mine.recv(0.2)
            if frame is None or frame.get("type") != "table" or not frame.get("hand"):
                continue
            frames.append(frame)
            view = frame["hand"]
            if view["actor"] == view["you"] and view["actions"]:
                server_action(mine, view)
        frames += [f for f in spectator.drain(0.2) if f.get("type") == "table" and f.get("hand")]
    return frames


def server_action(sock: Socket, view: dict[str, Any]) -> None:
    may = view["actions"]
    for kind in ("look", "call", "check", "fold"):
        if kind in may:
            sock.send({"action": kind})
            return
    if "draw" in may:
        sock.send({"action": "draw", "cards": []})


@pytest.mark.timeout(90)
def test_real_frames_of_holdem_and_draw_hold_the_served_schema(tmp_path: Path) -> None:
    with LiveServer(tmp_path) as server:
        served = server.http.get("/api/schema/seat-view")
        assert served.status_code == 200
        schema = served.json()
        assert schema == SCHEMA
        validator = jsonschema.Draft202012Validator(schema)
        for profile in ("nm-holdem", "nm-draw"):
            frames = collect_frames(server, profile, 6)
            assert len(frames) > 5, profile
            for frame in frames:
                validator.validate(frame["hand"])
                assert frame["hand"]["game"] == variant_for(load_profile(profile)).game
            assert any(f["hand"]["legal"] for f in frames), profile
