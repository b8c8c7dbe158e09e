"""Honest profiles (issue 10): every field of :class:`RuleProfile` is read by
the code it claims to decide, the breaking and balancing switches are set
in every shipped profile, the text switches' allowed values come from their
``Literal`` types, and bad TOML names the field.  The switches that had no
reader before are tested here with their clauses: the dead button (OQ-43),
heads-up blinds (OQ-29, DE-BLINDS-3), the betting structure (OQ-48,
NM-D-3A), the floor's fines (NM-D-2C s8 / OQ-14, NM-D-2D s2 / OQ-18),
folding when a check is free (OQ-50) and the hold'em burn cards (OQ-44)."""

from __future__ import annotations

import ast
import dataclasses
import random
import re
import tomllib
from dataclasses import asdict
from importlib import resources
from pathlib import Path
from typing import get_args

import pytest

from floorman.engine.cards import deck_starting_with, shuffled_deck
from floorman.engine.common import Phase
from floorman.engine.draw import DrawHand
from floorman.engine.errors import ActionNotAllowed, ProfileError
from floorman.engine.events import BlindPosted, BoardDealt, Burned, Folded, PenaltyPosted
from floorman.engine.holdem import HoldemHand
from floorman.engine.penalties import penalize_exposed_card, penalize_out_of_turn
from floorman.engine.profile import (
    LEGACY_BREAK_POLICIES,
    BalanceMover,
    BalanceTrigger,
    Betting,
    FirstButton,
    RuleProfile,
    SeatBrokenPlayersBy,
    allowed_values,
    profile_from_mapping,
    upgrade_profile_data,
    with_changes,
)
from floorman.profiles import load_profile, profile_from_toml, profile_names
from floorman.tournament.buttons import next_positions
from floorman.tournament.core import Tournament
from floorman.tournament.hands import hand_for
from tests.helpers.tournament import bust, seated, settle

SRC = Path(__file__).resolve().parents[1] / "src" / "floorman"
FIELDS = [f.name for f in dataclasses.fields(RuleProfile)]
BREAKING = (
    "break_table_at_players",
    "break_when_players_fit",
    "seat_broken_players_by",
    "balance_trigger",
    "balance_mover",
    "first_button",
)


# ---------------------------------------------------------------- every field is read


def _attributes_read() -> set[str]:
    """Attribute names read anywhere in src/floorman (Python by its syntax
    tree, so comments and docstrings do not count; the browser's JS by
    ``.name``), leaving out the profile's own class body (its defaults and
    validation are not readers)."""
    names: set[str] = set()
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped: set[int] = set()
        if path.name == "profile.py" and path.parent.name == "engine":
            for node in tree.body:
                if isinstance(node, ast.ClassDef) and node.name == "RuleProfile":
                    skipped = {id(n) for n in ast.walk(node)}
        names |= {
            node.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and id(node) not in skipped
        }
    for path in SRC.rglob("*.js"):
        names |= set(re.findall(r"\.([a-z_]+)\b", path.read_text(encoding="utf-8")))
    return names


def test_every_profile_field_is_read_by_the_code() -> None:
    read = _attributes_read()
    unread = [name for name in FIELDS if name not in read]
    assert not unread, f"profile fields nothing reads: {unread}"


def test_the_dead_fields_are_gone_or_read() -> None:
    """``show_both_hole_cards`` is removed (OQ-52's default, DE-SHOWALL-1
    and DE-PLAYBOARD-1 all require every card shown; no clause offers
    another way); ``break_policy`` became the named switches."""
    assert "show_both_hole_cards" not in FIELDS and "break_policy" not in FIELDS
    for name in ("dead_button", "heads_up_button_posts_small_blind", "betting"):
        assert name in FIELDS
    assert {"exposed_card_penalty_antes", "out_of_turn_penalty_antes"} <= set(FIELDS)


# ---------------------------------------------------------------- the TOMLs


def _toml(name: str) -> dict[str, object]:
    text = resources.files("floorman.profiles").joinpath(f"{name}.toml").read_text("utf-8")
    return tomllib.loads(text)


@pytest.mark.parametrize("name", profile_names())
def test_every_shipped_profile_sets_the_breaking_switches(name: str) -> None:
    data = _toml(name)
    missing = [k for k in BREAKING if k not in data]
    assert not missing, f"{name}.toml leaves {missing} to the defaults"


@pytest.mark.parametrize("name", ["nm-draw", "nm-holdem", "de-holdem", "tda"])
def test_the_switches_say_what_break_policy_said(name: str) -> None:
    """Behaviour unchanged: each profile's switches are exactly its old
    ``break_policy`` spelled out (NM-D-1B, NM-H-16/17, DE-BREAK-*,
    DE-BALANCE-*, OQ-36, OQ-54)."""
    profile = load_profile(name)
    assert {k: getattr(profile, k) for k in BREAKING} == LEGACY_BREAK_POLICIES[name]


def test_a_log_written_with_break_policy_still_replays() -> None:
    """Tournaments recorded before the switches (``break_policy``,
    ``show_both_hole_cards`` in the Created event) fold into today's fields."""
    t = seated("de-holdem", {1: {1: "a", 2: "b", 3: "c"}})
    created = t.events[0]
    old = {k: v for k, v in asdict(t.profile).items() if k not in BREAKING}
    old |= {"break_policy": "de-holdem", "show_both_hole_cards": True}
    legacy = dataclasses.replace(created, profile=old)  # type: ignore[type-var]
    again = Tournament.replay([legacy, *t.events[1:]])
    assert again.profile == t.profile
    assert upgrade_profile_data(asdict(t.profile)) == asdict(t.profile)
    with pytest.raises(ProfileError, match="break_policy"):
        upgrade_profile_data({"break_policy": "sideways"})


# ---------------------------------------------------------------- validation from the types


@pytest.mark.parametrize(
    ("field", "kind"),
    [
        ("betting", Betting),
        ("seat_broken_players_by", SeatBrokenPlayersBy),
        ("balance_trigger", BalanceTrigger),
        ("balance_mover", BalanceMover),
        ("first_button", FirstButton),
    ],
)
def test_allowed_values_come_from_the_literal_types(field: str, kind: object) -> None:
    assert allowed_values(field) == get_args(kind)
    for value in get_args(kind):
        assert getattr(with_changes(RuleProfile(), **{field: value}), field) == value


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('balance_mover = "sideways"', r"field 'balance_mover' must be one of 'evens-chips'"),
        ('betting = "limit"', r"field 'betting' must be one of 'no-limit', 'half-pot-limit'"),
        ('first_button = "seat-2"', r"field 'first_button' must be one of 'seat-1', 'by-lot'"),
        ('dead_button = "yes"', r"field 'dead_button' must be true or false, not 'yes'"),
        ("break_table_at_players = true", r"field 'break_table_at_players' must be a whole"),
        ("title = 3", r"field 'title' must be text, not 3"),
        ("break_policy = 'tda'", r"unknown rule profile field\(s\): break_policy"),
    ],
)
def test_bad_toml_values_name_the_field(line: str, message: str) -> None:
    with pytest.raises(ProfileError, match=message) as refused:
        profile_from_toml(f'name = "mine"\n{line}\n', source="mine.toml")
    if "unknown" not in message:
        assert "'mine'" in str(refused.value)


def test_direct_construction_is_checked_the_same_way() -> None:
    with pytest.raises(ProfileError, match="field 'game' must be one of 'holdem', 'draw'"):
        RuleProfile(game="poker")  # type: ignore[arg-type]
    with pytest.raises(ProfileError, match="NM-D-1B s1"):
        RuleProfile(break_table_at_players=7, table_min=5)
    assert profile_from_mapping({"break_table_at_players": 2}).break_table_at_players == 2


# ---------------------------------------------------------------- OQ-43: the dead button


@pytest.mark.clause("OQ-43")
def test_OQ_43_dead_button_switch_off_moves_the_button_to_the_next_player() -> None:
    first = next_positions([1, 3, 5, 7], None, first_button=1)
    dead = next_positions([1, 3, 7], first)  # seat 5, the big blind, busted
    moving = next_positions([1, 3, 7], first, dead_button=False)
    assert (dead.button, dead.small_blind, dead.big_blind) == (3, None, 7)
    assert (moving.button, moving.small_blind, moving.big_blind) == (3, 7, 1)
    again = next_positions([1, 3, 7], moving, dead_button=False)
    assert (again.button, again.small_blind, again.big_blind) == (7, 1, 3)


@pytest.mark.clause("OQ-43")
def test_OQ_43_a_tournament_reads_the_dead_button_switch() -> None:
    """Seat 3 (the first hand's small blind) busts: with the dead button the
    next small blind is dead; with a moving button seat 4 has the button
    and nothing is dead."""
    six = {1: {s: f"p{s}" for s in range(1, 7)}}
    results = {}
    for dead in (True, False):
        profile = with_changes(load_profile("de-holdem"), dead_button=dead)
        t = seated(profile, six)
        settle(t, 1, lambda spec: bust(spec, ["p3"], "p1"))
        spec = t.begin_hand(1, random.Random(1).randrange)
        results[dead] = (spec.button, spec.small_blind_seat, spec.big_blind_seat)
    assert results[True][1] is None
    assert results[False] == (2, 4, 5)


# ---------------------------------------------------------------- OQ-29: heads-up blinds


@pytest.mark.clause("OQ-29", "DE-BLINDS-3")
@pytest.mark.parametrize("dead_button", [True, False])
def test_OQ_29_DE_BLINDS_3_heads_up_switch_off_the_button_posts_the_big_blind(
    dead_button: bool,
) -> None:
    for posts_small in (True, False):
        profile = with_changes(
            load_profile("nm-holdem"),
            heads_up_button_posts_small_blind=posts_small,
            dead_button=dead_button,
        )
        t = seated(profile, {1: {3: "a", 7: "b"}})
        rng = random.Random(4)
        for _ in range(3):
            spec = t.begin_hand(1, rng.randrange)
            blind_of_button = spec.small_blind_seat if posts_small else spec.big_blind_seat
            assert blind_of_button == spec.button
            assert {spec.small_blind_seat, spec.big_blind_seat} == {3, 7}
            hand = hand_for(t.profile, spec, shuffled_deck(rng.randrange))
            posted = {e.blind: e.seat for e in hand.events if isinstance(e, BlindPosted)}
            assert posted == {"small": spec.small_blind_seat, "big": spec.big_blind_seat}
            stacks = dict(zip(spec.players, spec.stacks, strict=True))
            t.end_hand(1, stacks, rng.randrange)


# ---------------------------------------------------------------- OQ-48: the betting structure


@pytest.mark.clause("OQ-48", "NM-H-5", "NM-D-3A")
def test_OQ_48_NM_D_3A_the_betting_switch_chooses_the_limit_in_holdem() -> None:
    """Hold'em no-limit (NM-H-5, OQ-48): all one's chips; switched to the
    half-pot limit (NM-D-3A, OQ-23): the call plus half of pot and call, at
    least 10 antes."""
    maxima = {}
    for betting in ("no-limit", "half-pot-limit"):
        profile = with_changes(load_profile("de-holdem"), betting=betting)
        hand = HoldemHand.start(
            profile,
            seats=[1, 2, 3],
            stacks=[1000] * 3,
            button=3,
            ante_unit=10,
            deck=shuffled_deck(random.Random(1).randrange),
        )
        legal = hand.legal_actions()
        assert legal is not None
        maxima[betting] = legal.max_raise_to
    assert maxima == {"no-limit": 1000, "half-pot-limit": 20 + max((30 + 20) // 2, 100)}


@pytest.mark.clause("NM-D-3A", "OQ-48", "OQ-23")
def test_NM_D_3A_OQ_48_the_draw_reads_the_betting_switch_too() -> None:
    hands = ["As Ac Ad 2c 3d", "Kh Ks Kd 2d 3h", "Qs Qh Qd 4c 5h", "Js Jh Jd 6c 7h"]
    maxima = {}
    for betting in ("half-pot-limit", "no-limit"):
        hand = _draw_hand(with_changes(load_profile("nm-draw"), betting=betting), hands)
        legal = hand.legal_actions()
        assert legal is not None
        maxima[betting] = legal.max_raise_to
    # 4 antes of 2 in the pot: half of it is below 10 antes, so 20.
    assert maxima == {"half-pot-limit": 20, "no-limit": 198}


def _draw_hand(profile: RuleProfile, hands: list[str]) -> DrawHand:
    cards = [h.split() for h in hands]
    order = [cards[i][k] for k in range(5) for i in range(len(cards))]
    spare = "9s 9h 9d 9c 8s 8h 8d 8c 7s 7d 7c 6s 6h 6d 5s 5d 5c"
    return DrawHand.start(
        profile,
        seats=range(1, 5),
        stacks=[200] * 4,
        button=4,
        ante_unit=2,
        deck=deck_starting_with(" ".join([*order, spare])),
        auto_showdown=False,
    )


# ---------------------------------------------------------------- the fines


@pytest.mark.clause("NM-D-2C", "OQ-14")
@pytest.mark.parametrize(("antes", "paid"), [(1, 2), (3, 6), (0, None)])
def test_NM_D_2C_s8_OQ_14_out_of_turn_fine_is_the_profiles_antes(
    antes: int, paid: int | None
) -> None:
    hands = ["As Ac Ad 2c 3d", "Kh Ks Kd 2d 3h", "Qs Qh Qd 4c 5h", "Js Jh Jd 6c 7h"]
    profile = with_changes(load_profile("nm-draw"), out_of_turn_penalty_antes=antes)
    hand = _draw_hand(profile, hands)
    pot = hand.pot_total
    event = penalize_out_of_turn(hand, 3)
    if paid is None:  # no fixed fine (DE-OOT-*, DE-PENALTY-1)
        assert event is None and hand.pot_total == pot
    else:
        assert event == PenaltyPosted(
            seat=3, amount=paid, clause="NM-D-2C s8, OQ-14", reason="out of turn"
        )
        assert hand.pot_total == pot + paid


@pytest.mark.clause("NM-H-18", "OQ-28", "OQ-14")
def test_NM_H_18_out_of_turn_fine_in_holdem_is_one_ante_the_small_blind() -> None:
    hand = HoldemHand.start(
        load_profile("nm-holdem"), seats=[1, 2, 3], stacks=[1000] * 3, button=3, ante_unit=10
    )
    event = penalize_out_of_turn(hand, 2)
    assert event is not None and event.amount == hand.started.small_blind == 10
    assert (
        penalize_out_of_turn(
            HoldemHand.start(
                load_profile("de-holdem"),
                seats=[1, 2, 3],
                stacks=[1000] * 3,
                button=3,
                ante_unit=10,
            ),
            2,
        )
        is None
    )  # DE: no fixed fine


@pytest.mark.clause("NM-D-2D", "OQ-18")
@pytest.mark.parametrize(("antes", "paid"), [(1, 2), (2, 4), (0, None)])
def test_NM_D_2D_s2_OQ_18_exposed_card_fine_is_the_profiles_antes(
    antes: int, paid: int | None
) -> None:
    hands = ["As Ac Ad 2c 3d", "Kh Ks Kd 2d 3h", "Qs Qh Qd 4c 5h", "Js Jh Jd 6c 7h"]
    profile = with_changes(load_profile("nm-draw"), exposed_card_penalty_antes=antes)
    hand = _draw_hand(profile, hands)
    with pytest.raises(ActionNotAllowed) as refused:  # only during the exchange
        penalize_exposed_card(hand, 2)
    assert refused.value.clause == "NM-D-2D s2, OQ-18"
    for seat, step in ((1, "bet"), (2, "call"), (3, "call"), (4, "call")):
        if step == "bet":
            hand.bet_or_raise_to(seat, 10)
        else:
            hand.call(seat)
    assert hand.phase == Phase.DRAWING
    pot, stack = hand.pot_total, hand.stacks[1]
    event = penalize_exposed_card(hand, 2)
    if paid is None:
        assert event is None and hand.pot_total == pot
    else:
        assert event == PenaltyPosted(
            seat=2, amount=paid, clause="NM-D-2D s2, OQ-18", reason="exposed card"
        )
        assert hand.pot_total == pot + paid and hand.stacks[1] == stack - paid
        assert hand.phase == Phase.DRAWING  # his hand stays live


# ---------------------------------------------------------------- OQ-50: fold or check


@pytest.mark.clause("OQ-50")
@pytest.mark.parametrize("rules", ["nm-holdem", "de-holdem"])
def test_OQ_50_fold_when_check_allowed_off_refuses_a_fold_while_checking_is_free(
    rules: str,
) -> None:
    """OQ-50's default (every shipped profile): a fold is allowed when a
    check is possible, and binding.  Switched off, the big blind facing
    no raise may only check or raise - the table offers no fold and a fold
    is refused citing OQ-50 - while a player facing a bet may still fold."""
    for allowed in (True, False):
        profile = with_changes(load_profile(rules), fold_when_check_allowed=allowed)
        hand = HoldemHand.start(
            profile,
            seats=[1, 2, 3],
            stacks=[100] * 3,
            button=3,
            ante_unit=1,
            deck=shuffled_deck(random.Random(2).randrange),
        )
        assert hand.legal_actions().can_fold  # seat 3 faces the big blind
        hand.call(3)
        hand.fold(1)  # facing the big blind: a fold, whatever the switch
        legal = hand.legal_actions()
        assert legal.seat == 2 and legal.can_check and legal.can_fold is allowed
        if allowed:
            assert hand.fold(2) == Folded(seat=2) and hand.is_complete
            continue
        before = hand.snapshot()
        with pytest.raises(ActionNotAllowed) as refused:
            hand.fold(2)
        assert "OQ-50" in refused.value.clause and hand.snapshot() == before
        hand.check(2)
        assert hand.street == 1


# ---------------------------------------------------------------- OQ-44: burn cards in hold'em


@pytest.mark.clause("OQ-44", "DE-BURN-1")
def test_OQ_44_burn_cards_off_deals_the_board_straight_from_the_deck() -> None:
    """DE-BURN-1, OQ-44: hold'em burns one card before the flop, the turn
    and the river; with ``burn_cards`` off (a random deal does not need
    them) the board cards follow the hole cards with none burned."""
    deck = shuffled_deck(random.Random(5).randrange)
    boards = {}
    for burn in (True, False):
        profile = with_changes(load_profile("de-holdem"), burn_cards=burn)
        hand = HoldemHand.start(
            profile, seats=[1, 2, 3], stacks=[100] * 3, button=3, ante_unit=1, deck=deck
        )
        while not hand.is_complete and hand.phase == "betting":
            hand.check_or_call(hand.actor)
        assert len(hand.board) == 5
        assert len([e for e in hand.events if isinstance(e, Burned)]) == (3 if burn else 0)
        assert len([e for e in hand.events if isinstance(e, BoardDealt)]) == 3
        boards[burn] = hand.board
    assert boards[False] == tuple(deck[6:11])  # six hole cards, then the board
    assert boards[True] == (*deck[7:10], deck[11], deck[13])
