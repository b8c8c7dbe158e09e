"""Issue 11: what the table and clock pages show besides the hand.  The
table frame's ``level`` (time left, the next level's ante and blinds, time
to the next break) and ``stats`` (players left, average stack, the viewer's
place by chips, the prize pool); the summary's clock with the same; the
details' payout table in chips, as the core pays it (NM-H-19, OQ-39)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fastapi.testclient import TestClient

from floorman.profiles import load_profile
from floorman.services import Floor
from floorman.services.runtime import TournamentService
from floorman.storage import Store
from floorman.tournament.clock import LevelClock
from floorman.tournament.structure import Level, Structure
from tests.helpers.clock import FakeClock, until
from tests.helpers.server import AUTH, DIRECTOR, create_tournament

pytestmark = pytest.mark.timeout(120)

LEVELS: list[dict[str, Any]] = [
    {"ante": 10, "seconds": 600},
    {"ante": 20, "seconds": 600},
    {"ante": 0, "seconds": 300, "is_break": True},
    {"ante": 30, "seconds": 600},
]


# ---------------------------------------------------------------- the clock


HOLDEM = load_profile("nm-holdem")  # blinds of 1 and 2 antes (NM-H-2, OQ-28)
DRAW = load_profile("nm-draw")  # antes only (NM-D-2A)


def test_the_clock_tells_the_next_blinds_and_the_time_to_the_break() -> None:
    levels = [Level(int(lv["ante"]), int(lv["seconds"]), bool(lv.get("is_break"))) for lv in LEVELS]
    structure = Structure(levels=tuple(levels), starting_stack=1000, table_size=9)
    clock = LevelClock(structure.levels)
    clock.start(0.0)
    first = clock.describe(100.0, structure, HOLDEM.blinds_for)
    assert first["level"] == 1 and first["seconds_left"] == 500
    assert first["next_ante"] == 20 and first["next_blinds"] == [20, 40]
    assert first["seconds_to_break"] == 500 + 600
    second = clock.describe(700.0, structure, HOLDEM.blinds_for)
    assert second["next_is_break"] and second["next_blinds"] is None
    assert second["seconds_to_break"] == 500
    on_break = clock.describe(1300.0, structure, HOLDEM.blinds_for)
    assert on_break["is_break"] and on_break["seconds_left"] == 200
    assert on_break["next_blinds"] == [30, 60] and on_break["seconds_to_break"] is None
    # antes only (NM-D-2A): no blinds to tell
    assert clock.describe(100.0, structure, DRAW.blinds_for)["next_blinds"] is None
    clock.pause(100.0)
    held = clock.describe(5000.0, structure, HOLDEM.blinds_for)
    assert held["paused"] and held["seconds_left"] == 500 and held["seconds_to_break"] == 1100


# ---------------------------------------------------------------- the table frame


def three_players(clock: FakeClock) -> tuple[TournamentService, list[str]]:
    floor = Floor(Store("sqlite://"), DIRECTOR)
    service = floor.create(
        profile="de-holdem",
        starting_stack=1000,
        levels=LEVELS,
        payout_shares=[50, 30, 20],
        prize_pool=900,
        action_seconds=60,
        action_delay_ms=0,
        between_hands_s=0,
    )
    service.now = clock
    players = [service.register(name)[0] for name in ("Ann", "Bob", "Cy")]
    return service, players


def test_the_table_frame_has_the_level_clock_and_the_standings() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        service, players = three_players(clock)
        service.start()
        await until(lambda: service.tables.get(1) and service.tables[1].hand)
        frame = service.table_view(1, players[0])
        level = frame["level"]
        assert (level["level"], level["ante"], level["blinds"]) == (1, 10, [10, 20])
        assert level["is_break"] is False and level["paused"] is False
        assert level["seconds_left"] == 600 and level["next_ante"] == 20
        assert level["next_blinds"] == [20, 40]  # DE-BLINDS-1: 1 and 2 antes
        assert level["seconds_to_break"] == 1200
        stats = frame["stats"]
        assert stats == {"players_left": 3, "average_stack": 1000, "place": 1, "prize_pool": 900}
        assert service.table_view(1, None)["stats"]["place"] is None  # a spectator
        clock.t += 250
        later = service.table_view(1, players[1])["level"]
        assert later["seconds_left"] == 350 and later["seconds_to_break"] == 950
        summary = service.summary()["clock"]
        assert summary["next_blinds"] == [20, 40] and summary["seconds_to_break"] == 950

        # the button folds, then the small blind: the big blind wins his blind
        hand = service.tables[1].hand
        assert hand is not None
        assert hand.started.small_blind_seat is not None
        small_blind = hand.players[hand.position[hand.started.small_blind_seat]]
        for _ in range(2):
            assert hand.actor is not None
            service.submit(hand.players[hand.position[hand.actor]], {"action": "fold"})
        chips = service.tournament.players
        await until(lambda: chips[small_blind].chips < 1000)
        places = {p: service.table_view(1, p)["stats"]["place"] for p in players}
        assert sorted(places.values()) == [1, 2, 3]
        for p in players:
            assert places[p] == 1 + sum(1 for q in players if chips[q].chips > chips[p].chips)
        assert places[small_blind] == 3
        assert service.table_view(1, None)["stats"]["average_stack"] == 1000
        await service.shutdown()

    asyncio.run(scenario())


# ---------------------------------------------------------------- through the API


@pytest.mark.clause("OQ-39", "OQ-69")
def test_NM_H_19_OQ_39_details_list_the_prize_of_each_paid_place(client: TestClient) -> None:
    tid = create_tournament(
        client, "de-holdem", bots=5, payout_shares=[50, 30, 20], prize_pool=1001
    )
    details = client.get(f"/api/tournaments/{tid}").json()
    # the odd chip of the pool goes to first place (OQ-39)
    assert details["prizes"] == [
        {"place": 1, "amount": 501, "percent": 50.0},
        {"place": 2, "amount": 300, "percent": 30.0},
        {"place": 3, "amount": 200, "percent": 20.0},
    ]
    assert {"next_blinds", "seconds_to_break"} <= set(details["clock"])
    two = create_tournament(
        client, "de-holdem", bots=2, payout_shares=[50, 30, 20], prize_pool=1000
    )
    # two entrants cannot fill third place: its share goes 50:30 to the
    # first two, the whole pool is announced (OQ-69)
    assert client.get(f"/api/tournaments/{two}").json()["prizes"] == [
        {"place": 1, "amount": 625, "percent": 62.5},
        {"place": 2, "amount": 375, "percent": 37.5},
    ]


def test_a_spectators_table_frame_over_the_api_has_stats_and_level(client: TestClient) -> None:
    tid = create_tournament(
        client,
        "nm-draw",
        bots=4,
        prize_pool=500,
        level_seconds=600,
        starting_stack=10_000,  # nobody busts while the test looks
        action_delay_ms=500,
    )
    response = client.post(f"/api/tournaments/{tid}/start", headers=AUTH)
    assert response.status_code == 200, response.text
    frame = client.get(f"/api/tournaments/{tid}/tables/1").json()
    assert frame["stats"]["players_left"] == 4 and frame["stats"]["place"] is None
    assert frame["stats"]["prize_pool"] == 500
    level = frame["level"]
    assert level["next_blinds"] is None  # the draw has antes only (NM-D-2A)
    assert level["seconds_to_break"] is None and 0 < level["seconds_left"] <= 600
