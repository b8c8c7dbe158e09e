"""Issue 19: adding a variant is what docs/variants.md says it is.  A third
game, pot-limit hold'em (tests/variants/pl_holdem.py and its profile),
lives in the tests only and is registered through the registries alone;
it deals, refuses a bet over its limit with a clause, shows in seat views
and frames that keep the schema, is played by bots hand by hand, through
the fuzzer and in whole tournaments, and is written to and read from PHH.
The contract refuses a game that leaves a member out."""

from __future__ import annotations

import asyncio
import datetime
import random
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest

from floorman.bots import make_bot, situation
from floorman.bots.remote import situation_from_frame
from floorman.engine.actions import Action, apply_action
from floorman.engine.cards import shuffled_deck
from floorman.engine.errors import AmountOutOfRange, ProfileError
from floorman.engine.profile import RuleProfile
from floorman.engine.seat_view import SeatView, seat_view_schema
from floorman.engine.variants import (
    VARIANTS,
    HoldemVariant,
    Variant,
    VariantUI,
    register,
    registered,
    replay_any,
    unregister,
    variant_for,
)
from floorman.formats.variants import (
    FORMATS,
    VariantFormats,
    hand_to_phh_text,
    hand_to_text,
    register_formats,
    replay_phh_text,
)
from floorman.profiles import load_profile, profile_from_toml
from floorman.services.runtime import TournamentService
from floorman.sim import fuzz
from floorman.sim.simulate import simulate
from floorman.storage import Store
from floorman.tournament.structure import Structure
from tests.helpers.clock import FakeClock, until
from tests.variants.pl_holdem import (
    GAME,
    LIMIT_CLAUSE,
    PROFILE_TOML,
    PotLimitFormats,
    PotLimitHoldem,
    PotLimitHoldemHand,
    registered_pot_limit,
)


@pytest.fixture
def pot_limit() -> Iterator[RuleProfile]:
    with registered_pot_limit() as profile:
        yield profile
    assert GAME not in VARIANTS and GAME not in FORMATS  # nothing left behind


def start(profile: RuleProfile, seed: int = 1, players: int = 3, stack: int = 200) -> Any:
    return variant_for(profile).start(
        profile,
        seats=list(range(1, players + 1)),
        stacks=[stack] * players,
        button=players,
        ante_unit=1,
        deck=shuffled_deck(random.Random(seed).randrange),
    )


# ------------------------------------------------------------------ the contract


def test_a_profile_of_an_unregistered_game_does_not_load() -> None:
    with pytest.raises(ProfileError, match="field 'game' must be one of 'holdem', 'draw'"):
        profile_from_toml(PROFILE_TOML.read_text(encoding="utf-8"))


def test_a_variant_without_a_declared_attribute_fails_when_it_is_made() -> None:
    with pytest.raises(TypeError, match=r"does not declare .*ui"):

        class NoUi(Variant):  # its creation is the test
            game = "no-ui"
            hand_class = PotLimitHoldemHand
            part_class = HoldemVariant.part_class
            hole_cards = 2
            max_players = 10
            uses_blinds = True
            phh_code = "XX"
            bot_strategy = "equity"


def test_a_variant_without_a_method_fails_when_it_is_registered() -> None:
    class NoFuzz(Variant):
        game = "no-fuzz"
        hand_class = PotLimitHoldemHand
        part_class = HoldemVariant.part_class
        hole_cards = 2
        max_players = 10
        uses_blinds = True
        phh_code = "XX"
        bot_strategy = "equity"
        ui = VariantUI(True, True, (), "no fuzz")

        def start(self, profile: RuleProfile, **spec: Any) -> Any:
            raise NotImplementedError

        def replay(self, events: Any) -> Any:
            raise NotImplementedError

        def view_fields(self, hand: Any, seat: int | None, mine: int | None) -> Any:
            raise NotImplementedError

    with pytest.raises(TypeError, match=r"abstract method.*fuzz_move"):
        register(NoFuzz())  # type: ignore[abstract]
    assert "no-fuzz" not in VARIANTS


def test_formats_without_a_reader_fail_when_they_are_made() -> None:
    class NoReader(VariantFormats):
        game = GAME

        def to_phh(self, hand: Any, **options: Any) -> str:
            return ""

        def to_text(self, hand: Any, **options: Any) -> str:  # type: ignore[override]
            return ""

    with pytest.raises(TypeError, match=r"abstract method.*read_phh"):
        register_formats(NoReader())  # type: ignore[abstract]


def test_a_game_is_registered_once_and_the_built_in_ones_stay() -> None:
    with registered(PotLimitHoldem()), pytest.raises(ProfileError, match="already plays"):
        register(PotLimitHoldem())
    with pytest.raises(ProfileError, match="already plays"):
        register(HoldemVariant())
    with pytest.raises(ProfileError, match="built in"):
        unregister("holdem")
    assert variant_for("holdem").game == "holdem"
    with pytest.raises(ProfileError, match="no variant plays"):
        register_formats(PotLimitFormats())  # formats of a game the engine does not play


# ------------------------------------------------------------------ the game's rules


@pytest.mark.clause("OQ-48")
def test_the_pot_limit_bounds_a_raise_and_a_bet_over_it_is_refused_with_its_clause(
    pot_limit: RuleProfile,
) -> None:
    hand = start(pot_limit)
    assert isinstance(hand, PotLimitHoldemHand) and hand.started.game == GAME
    legal = hand.legal_actions()
    # blinds 1 and 2: the button calls 2, then raises the pot after his call (3 + 2)
    assert legal.seat == 3 and legal.max_raise_to == 2 + 3 + 2
    with pytest.raises(AmountOutOfRange) as refused:
        apply_action(hand, 3, Action("raise", amount=8))
    assert refused.value.clause == LIMIT_CLAUSE and refused.value.values["maximum"] == 7
    apply_action(hand, 3, Action("raise", amount=7))
    # the small blind: 7 to call (6 more), pot 10 after it: at most 7 + 16
    assert hand.legal_actions().max_raise_to == 7 + (1 + 2 + 7) + 6
    # the same deal under no limit lets the button move all in
    assert start(load_profile("nm-holdem")).legal_actions().max_raise_to == 200


def test_its_seat_views_and_frames_keep_the_schema(pot_limit: RuleProfile) -> None:
    validator = jsonschema.Draft202012Validator(seat_view_schema())
    hand = start(pot_limit, seed=4)
    rng = random.Random(4)
    bots = {s: make_bot("sensible") for s in hand.seats}
    while not hand.is_complete:
        seat = hand.actor
        for viewer in (None, *hand.seats):
            view = hand.seat_view(viewer)
            frame = view.to_json()
            validator.validate(frame)
            assert frame["game"] == GAME and frame["bet_limit"]["kind"] == "pot-limit"
            assert frame["variant"]["game"] == "holdem"  # it reuses hold'em's part
            assert "can_draw" not in frame["variant"] and "must_look" not in frame
            assert SeatView.from_json(frame) == view
        mine = situation(hand, seat)
        assert situation_from_frame({"hand": hand.view(seat), "you": {"seat": seat}}) == mine
        apply_action(hand, seat, bots[seat].decide(mine, rng))


# ------------------------------------------------------------------ played


def test_bots_play_whole_hands_chips_kept_replayed_and_written(pot_limit: RuleProfile) -> None:
    rng = random.Random(7)
    played_at = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    for seed in range(12):
        players = 2 + seed % 5
        hand = start(pot_limit, seed=seed, players=players, stack=150)
        bots = {s: make_bot("sensible" if seed % 2 else "random") for s in hand.seats}
        chips = players * 150
        while not hand.is_complete:
            seat = hand.actor
            apply_action(hand, seat, bots[seat].decide(situation(hand, seat), rng))
        assert sum(hand.final_stacks) == chips  # no chip made or lost
        assert replay_any(hand.events).snapshot() == hand.snapshot()
        phh = hand_to_phh_text(hand)
        assert "variant = 'PT'" in phh
        again = replay_phh_text(phh)
        assert isinstance(again, PotLimitHoldemHand)
        assert again.final_stacks == hand.final_stacks
        text = hand_to_text(hand, hand_number=seed + 1, played_at=played_at)
        assert "Pot Limit" in text


def test_the_fuzzer_plays_it_legal_and_illegal_moves(pot_limit: RuleProfile) -> None:
    rng = random.Random(19)
    moves = refusals = 0
    for _ in range(150):
        played, refused = fuzz.play_hand(pot_limit, rng)  # raises on a broken invariant
        moves += played
        refusals += refused
    assert moves > 500 and refusals > 150


def test_bots_play_a_whole_tournament_of_it(pot_limit: RuleProfile) -> None:
    result = simulate(pot_limit, players=14, seed=3, bot="sensible")
    tournament = result.tournament
    assert tournament.alive == 1 and result.hands > 20
    total = sum(p.chips for p in tournament.players.values())
    assert total == 14 * tournament.structure.starting_stack


def test_a_tournament_service_deals_it_and_sends_its_frames(pot_limit: RuleProfile) -> None:
    async def scenario() -> None:
        clock = FakeClock()
        service = TournamentService.create(
            Store("sqlite://"), pot_limit, Structure.default(pot_limit)
        )
        service.now = clock
        players = [service.register(name)[0] for name in ("Ann", "Bob", "Cy")]
        service.start()
        await until(lambda: service.tables.get(1) and service.tables[1].hand)
        frame = service.table_view(1, players[0])
        assert frame["game"] == GAME and frame["profile"] == "pl-holdem"
        view = frame["hand"]
        assert view["bet_limit"] == {
            "kind": "pot-limit",
            "floor": None,
            "text": "Pot limit: the pot after the call",
            "clause": LIMIT_CLAUSE,
        }
        jsonschema.Draft202012Validator(seat_view_schema()).validate(view)
        hand = service.tables[1].hand
        actor = hand.players[hand.position[hand.actor]]
        legal = hand.legal_actions()
        with pytest.raises(AmountOutOfRange) as refused:
            service.submit(actor, {"action": "raise", "amount": legal.max_raise_to + 1})
        assert refused.value.clause == LIMIT_CLAUSE and hand.legal_actions() == legal
        service.submit(actor, {"action": "raise", "amount": legal.max_raise_to})
        assert hand.legal_actions() != legal
        await service.stored()  # the writes done before the loop closes
        await service.shutdown()

    asyncio.run(scenario())
