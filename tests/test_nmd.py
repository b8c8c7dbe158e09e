"""PHH variant NMD (docs/rules/NMD-PHH.md): files replay to their stacks and
carried pot, illegal histories are refused naming the clause, what we write
reads back to the same deal, and ``floorman phh replay`` takes NT and NMD
files alike."""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from pathlib import Path
from random import Random

import pytest
from typer.testing import CliRunner

from floorman.cli.app import app
from floorman.engine.betting import Phase
from floorman.engine.cards import new_deck, parse_cards
from floorman.engine.draw import DrawHand
from floorman.engine.errors import RuleViolation
from floorman.engine.events import Burned, Checked, Event, Folded, HandStarted, Misdealt
from floorman.engine.profile import RuleProfile, with_changes
from floorman.formats import voided_deal
from floorman.formats.nmd import (
    NmdError,
    draw_hand_to_phh,
    is_nmd_file,
    read_nmd,
    replay_nmd,
)
from floorman.formats.phh import replay_files
from floorman.profiles import load_profile

NM_DRAW = load_profile("nm-draw")

#: Four players; H (p2) bets unseen, p3 calls unseen, p4 and p1 look and
#: call; H checks the seen round, everyone checks; the aces full win.
HAND = """
variant = 'NMD'
antes = [2, 2, 2, 2]
starting_stacks = [200, 200, 200, 200]
actions = [
  'd dh p1 AsAcAd2c3d', 'd dh p2 KhKsKd2d3h', 'd dh p3 QsQhQd4c5h', 'd dh p4 JsJhJd6c7h',
  'p1 cc', 'p2 cbr 4', 'p3 cc', 'p4 cc', 'p1 cc',
  'p1 sd 2c3d', 'd dh p1 9s9h', 'p2 sd 2d3h', 'd dh p2 9d9c',
  'p3 sd 4c5h', 'd dh p3 8s8h', 'p4 sd 6c7h', 'd dh p4 8d8c',
  'p2 cbr 10', 'p3 cc', 'p4 lk', 'p4 cc', 'p1 lk', 'p1 cc',
  'p2 cc', 'p3 cc', 'p4 cc', 'p1 cc',
  'p2 sm KhKsKd9d9c', 'p3 sm -', 'p4 sm -', 'p1 sm AsAcAd9s9h',
]
finishing_stacks = [248, 184, 184, 184]
"""

CHECK_POT = """
variant = 'NMD'
antes = [5, 5, 5]
starting_stacks = [100, 100, 100]
carried_pot = 12
actions = ['d dh p1 2c4d6h8sTc', 'd dh p2 3c5d7h9sJc', 'd dh p3 2d4h6s8cTd', 'p1 cc', 'p2 cc',
  'p3 cc']
finishing_stacks = [95, 95, 95]
"""


def replaced(old: str, new: str, text: str = HAND) -> str:
    assert old in text, old
    return text.replace(old, new)


# ---------------------------------------------------------------- replaying


def test_a_hand_with_an_unseen_round_replays_to_its_stacks() -> None:
    hand = replay_nmd(HAND)
    assert hand.final_stacks == (248, 184, 184, 184) and hand.carried_pot == 0
    assert hand.unseen_round_played and hand.in_unseen == [False, True, True, False]


@pytest.mark.clause("OQ-10")
def test_a_check_pot_is_carried_to_the_next_deal_OQ_10() -> None:
    hand = replay_nmd(CHECK_POT)
    assert hand.final_stacks == (95, 95, 95) and hand.carried_pot == 12 + 15


NEXT_DEAL = """
variant = 'NMD'
antes = [5, 5, 5]
starting_stacks = [95, 95, 95]
carried_pot = 27
actions = ['d dh p1 2c4d6h8sTc', 'd dh p2 3c5d7h9sJc', 'd dh p3 2d4h6s8cTd', 'p1 cbr 50', 'p2 f',
  'p3 f']
"""


@pytest.mark.clause("OQ-10")
@pytest.mark.parametrize(("reante", "stacks"), [(True, (132, 90, 90)), (False, (122, 95, 95))])
def test_the_next_deal_wins_the_check_pot_with_or_without_new_antes(
    reante: bool, stacks: tuple[int, ...]
) -> None:
    """OQ-10 and its switch; either way ``antes`` gives the level, 5, so ten
    antes (50) may be bet (NM-D-3A)."""
    profile = with_changes(NM_DRAW, reante_check_pot=reante)
    hand = replay_nmd(NEXT_DEAL, profile=profile)
    assert hand.final_stacks == stacks and hand.carried_pot == 0


SHORT_ANTE = """
variant = 'NMD'
antes = [5, 5, 3]
starting_stacks = [100, 100, 3]
carried_pot = 12
actions = ['d dh p1 2c4d6h8sTc', 'd dh p2 3c5d7h9sJc', 'd dh p3 AdAh6s8cTd', 'p1 cc', 'p2 cc',
  'p1 sd', 'p2 sd', 'p3 sd', 'p1 cc', 'p2 cc',
  'p1 sm 2c4d6h8sTc', 'p2 sm 3c5d7h9sJc', 'p3 sm AdAh6s8cTd']
finishing_stacks = [95, 99, 21]
"""


@pytest.mark.clause("NM-D-3B", "NM-D-2A")
def test_a_short_stack_antes_all_he_has_and_plays_for_the_main_pot() -> None:
    """NM-D-2A, NM-D-3B: p3's 3 chips; the others checking is no check-pot
    while he is all-in (he could not check)."""
    hand = replay_nmd(SHORT_ANTE)
    assert [(a.amount, a.winners) for a in hand.awards] == [(21, (3,)), (4, (2,))]


@pytest.mark.clause("NM-D-2D", "OQ-16")
def test_a_four_card_draw_comes_as_three_then_one_after_the_round_never_otherwise() -> None:
    """NM-D-2D s7: "if one exchanges 4, one shall first get 3 and, when the
    round is over, the last one"."""
    four = replaced("'p3 sd 4c5h', 'd dh p3 8s8h'", "'p3 sd QsQhQd4c', 'd dh p3 8s8h7s6s'")
    three_one = replaced(
        "'d dh p4 8d8c',", "'d dh p4 8d8c', 'd dh p3 6s',", replaced("8s8h7s6s", "8s8h7s", four)
    )
    assert replay_nmd(three_one, check_finishing_stacks=False).is_complete
    for wrong in (
        four,  # all four at once
        replaced("8s8h7s6s'", "8s8h', 'd dh p3 7s6s'", four),  # 2 then 2
        # 3, then the fourth before p4 has drawn
        replaced("'d dh p3 8s8h7s6s'", "'d dh p3 8s8h7s', 'd dh p3 6s'", four),
    ):
        with pytest.raises(NmdError) as error:
            replay_nmd(wrong)
        assert error.value.clause in ("NM-D-2D s7-s8, OQ-16", "NM-D-2D s7, OQ-16")


def test_comments_and_look_lines_in_the_seen_round_are_allowed() -> None:
    text = replaced(
        "'p2 cc', 'p3 cc', 'p4 cc'", "'# the seen round', 'p2 lk', 'p2 cc', 'p3 cc # x', 'p4 cc'"
    )
    assert replay_nmd(text).final_stacks == (248, 184, 184, 184)


# ---------------------------------------------------------------- refusing


@pytest.mark.clause(
    "NM-D-3A",
    "OQ-12",
    "NM-D-2C",
    "NM-D-2E",
    "NM-D-2F",
    "NM-D-2D",
    "NM-D-2B",
    "OQ-27",
    "NM-D-2A",
    "NM-D-1A",
)
@pytest.mark.parametrize(
    ("old", "new", "clause"),
    [
        ("'p2 cbr 10'", "'p2 cbr 21'", "NM-D-3A"),  # pot 24: ten antes (20) is the most
        ("'p2 cbr 4'", "'p2 cbr 1'", "OQ-12"),  # below one ante
        ("'p1 cc', 'p2 cbr 4'", "'p2 cbr 4', 'p1 cc'", "NM-D-2C s7"),  # out of turn
        ("'p1 lk', 'p1 cc'", "'p1 cc'", "NM-D-2E s4"),  # unseen behind the seen p4
        ("'p4 cc', 'p1 cc',\n  'p2", "'p4 cc', 'p1 cc',\n  'p2 lk', 'p2 lk', 'p2", "NM-D-2E"),
        ("'p2 cc', 'p3 cc', 'p4 cc'", "'p2 cc', 'p3 cc', 'p4 cbr 10'", "NM-D-2F s2"),
        ("'p1 cc', 'p2 cbr 4'", "'p1 lk', 'p2 cbr 4'", "NM-D-2E s1"),  # no look before the draw
        ("'p1 sd 2c3d'", "'p1 sd AsAcAd2c3d'", "NM-D-2D s6"),  # never five
        ("'p1 sd 2c3d'", "'p1 sd 2c3h'", "NM-D-2D s2"),  # not his card
        ("'p1 sd 2c3d', 'd dh p1 9s9h', ", "", "NM-D-2D s1"),  # p2 before p1
        ("'d dh p1 9s9h'", "'d dh p1 9s', 'd dh p1 9h'", "NM-D-2D s7-s8, OQ-16"),
        ("'d dh p1 9s9h'", "'d dh p1 9sKh'", "NM-D-1F"),  # a card dealt twice
        ("'d dh p1 AsAcAd2c3d'", "'d dh p1 AsAcAd2c'", "NM-D-2B s1"),
        (
            "'d dh p1 AsAcAd2c3d', 'd dh p2 KhKsKd2d3h'",
            "'d dh p2 KhKsKd2d3h', 'd dh p1 AsAcAd2c3d'",
            "NM-D-2B",
        ),
        ("'p1 sm AsAcAd9s9h'", "'p1 sm AsAcAd9s8c'", "OQ-27"),  # not his cards
        (  # the last hand must be shown when everyone else mucked
            "'p2 sm KhKsKd9d9c', 'p3 sm -', 'p4 sm -', 'p1 sm AsAcAd9s9h'",
            "'p2 sm -', 'p3 sm -', 'p4 sm -', 'p1 sm -'",
            "OQ-27",
        ),
        ("'p2 sm KhKsKd9d9c', 'p3 sm -'", "'p3 sm -', 'p2 sm KhKsKd9d9c'", "OQ-27"),
        ("antes = [2, 2, 2, 2]", "antes = [2, 2, 1, 2]", "NM-D-2A"),
        ("antes = [2, 2, 2, 2]", "antes = [0, 0, 0, 0]", "NM-D-2A"),
        ("variant = 'NMD'", "variant = 'NMD'\nblinds_or_straddles = [1, 2, 0, 0]", "NM-D-2A"),
        ("variant = 'NMD'", "variant = 'NMD'\nmin_bet = 4", "OQ-12"),
        ("'p1 cc',\n  'p2 sm", "'p1 cc', 'd db 2h3h4h',\n  'p2 sm", "NM-D-2B"),
        ("[200, 200, 200, 200]", "[200, 200, 200, 200, 200, 200]", "NM-D-1A"),
        ("variant = 'NMD'", "variant = 'NMD'\nseats = [1, 2, 4, 3]", "DE-DEAL-1"),
    ],
)
def test_an_illegal_history_is_refused_naming_the_clause(old: str, new: str, clause: str) -> None:
    with pytest.raises(NmdError) as error:
        replay_nmd(replaced(old, new))
    assert error.value.clause is not None and clause in error.value.clause, error.value
    assert f"[{error.value.clause}]" in str(error.value)
    assert str(error.value).startswith("<text>: ")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("variant = 'NMD'", "variant = 'NT'", "this reader takes 'NMD'"),
        ("variant = 'NMD'\n", "", "field 'variant': the required field is missing"),
        ("antes = [2, 2, 2, 2]\n", "", "field 'antes': the required field is missing"),
        ("variant = 'NMD'", "variant = 'NMD'\nbring_in = 1", "fixed-limit or stud"),
        ("variant = 'NMD'", "variant = 'NMD'\nrake = 1", "unknown field"),
        ("variant = 'NMD'", "variant = 'NMD'\ncarried_pot = -5", "is below 0"),
        ("variant = 'NMD'", "variant = 'NMD'\nplayers = ['a', 'b']", "2 entries for 4 players"),
        ("[200, 200, 200, 200]", "[200, 200.5, 200, 200]", "not a whole number of chips"),
        ("'p3 sm -'", "'p3 sm'", "write 'p3 sm -' to muck"),
        ("'p3 sm -'", "'p3 sm ??'", "unknown cards"),
        ("'p3 sm -'", "'p3 sm 1x'", "bad card text"),
        ("'p3 sm -'", "'p9 sm -'", "'p9' is not a player"),
        ("'p3 sm -'", "'p3 pb'", "bring-in"),
        ("'p3 sm -'", "'p3 dance'", "not an NMD action"),
        ("'p2 cbr 10'", "'p2 cbr ten'", "'ten' is not a whole number"),
        ("[248, 184, 184, 184]", "[250, 182, 184, 184]", "differ from the replay's"),
        ("'p1 sm AsAcAd9s9h',", "'p1 sm AsAcAd9s9h', 'p1 cc',", "the hand is over"),
        ("actions = [", "actions = [1, ", "must be an array of strings"),
        ("antes = [2, 2, 2, 2]", "antes = 2", "field 'antes': must be an array of numbers"),
        ("antes = [2, 2, 2, 2]", "antes = [2, 2, 2]", "has 3 entries for 4 players"),
        ("variant = 'NMD'", "variant = 'NMD", "not valid TOML"),
    ],
)
def test_a_bad_file_is_refused_with_the_reason(old: str, new: str, message: str) -> None:
    with pytest.raises(NmdError) as error:
        replay_nmd(replaced(old, new))
    assert message in str(error.value)


def test_an_nt_reader_error_keeps_its_place() -> None:
    """An illegal action is an NmdError naming the action and its index."""
    with pytest.raises(NmdError) as error:
        replay_nmd(replaced("'p2 cbr 10'", "'p2 cbr 21'"))
    assert error.value.action is not None and error.value.action.text == "p2 cbr 21"
    assert error.value.action.index == 17
    assert isinstance(error.value.violation, RuleViolation)


# ---------------------------------------------------------------- writing


def random_deal(rng: Random, profile: RuleProfile = NM_DRAW) -> DrawHand:
    """A deal played by random legal actions: looks, timeouts, draws of 0 to
    4, all-ins, shows and mucks; now and then a misdeal first."""
    n = rng.randint(2, 5)
    seats = sorted(rng.sample(range(1, 10), n))
    ante = rng.choice([1, 2, 5])
    deck = new_deck()
    rng.shuffle(deck)
    hand = DrawHand.start(
        profile,
        seats=seats,
        stacks=[rng.choice([1, 4, 9, 30, 120, 500]) for _ in seats],
        button=rng.choice(seats),
        ante_unit=ante,
        players=[f"player {s}" for s in seats],
        carried_pot=rng.choice([0, 0, 0, 11, 60]),
        deck=deck,
        hand_id=str(rng.randint(1, 999)),
        auto_showdown=rng.random() < 0.5,
    )
    if rng.random() < 0.1 and hand.round_kind == "pre-draw" and hand.phase == Phase.BETTING:
        rng.shuffle(deck)
        hand.misdeal("a card was turned", deck)
    while not hand.is_complete:
        seat = hand.actor
        assert seat is not None
        if hand.phase == Phase.DRAWING:
            held = hand.cards[hand.position[seat]]
            hand.draw(seat, rng.sample(held, rng.randint(0, 4)))
        elif hand.phase == Phase.SHOWDOWN:
            hand.muck(seat) if hand.can_muck(seat) and rng.random() < 0.5 else hand.show(seat)
        else:
            for other in hand.seats:
                if hand.can_look(other) and rng.random() < 0.25:
                    hand.look(other)
            legal = hand.legal_actions()
            assert legal is not None
            roll = rng.random()
            if not hand.can_call(seat) and legal.call_amount and hand.can_look(seat):
                hand.look(seat)  # NM-D-2E s4
            if roll < 0.07:
                hand.fold(seat)
            elif roll < 0.1:
                hand.time_out(seat)
            elif (
                roll < 0.4
                and legal.min_raise_to is not None
                and hand.can_bet_or_raise_to(seat, legal.min_raise_to)
            ):
                assert legal.max_raise_to is not None
                hand.bet_or_raise_to(seat, rng.randint(legal.min_raise_to, legal.max_raise_to))
            else:
                hand.check_or_call(seat)
    return hand


def played(events: list[Event]) -> list[Event]:
    """The events a history records: not the deck, burns or voided deals;
    a timeout is only a comment (``pK cc # timeout``)."""
    voided = voided_deal(events)
    return [
        replace(e, reason="") if isinstance(e, Checked | Folded) else e
        for k, e in enumerate(events)
        if k not in voided and not isinstance(e, HandStarted | Burned | Misdealt)
    ]


@pytest.mark.parametrize("switches", [{}, {"reante_check_pot": False, "strict_unseen": True}])
def test_random_deals_round_trip(switches: dict[str, bool]) -> None:
    profile = with_changes(NM_DRAW, **switches)
    rng = Random(20261130)
    kinds = set()
    for _ in range(250):
        hand = random_deal(rng, profile)
        text = draw_hand_to_phh(hand)
        again = replay_nmd(read_nmd(text), profile=profile)
        assert again.final_stacks == hand.final_stacks
        assert again.carried_pot == hand.carried_pot
        assert played(again.events) == played(hand.events)
        fields = tomllib.loads(text)
        written = [a.partition(" #")[0] for a in fields["actions"] if not a.startswith("#")]
        assert written == tomllib.loads(draw_hand_to_phh(again))["actions"]
        kinds.add((hand.check_pot, hand.unseen_round_played, len(hand.awards) > 1))
    assert len(kinds) >= 4  # check-pots, unseen rounds and side pots all came up


def test_the_export_reads_as_the_format_says() -> None:
    hand = replay_nmd(HAND)
    text = draw_hand_to_phh(hand, fields={"event": "NM 2026", "_note": "round 1"})
    fields = tomllib.loads(text)
    assert fields["variant"] == "NMD" and fields["antes"] == [2, 2, 2, 2]
    assert fields["actions"] == tomllib.loads(HAND)["actions"]
    assert fields["finishing_stacks"] == [248, 184, 184, 184]
    assert fields["event"] == "NM 2026" and fields["_note"] == "round 1"
    assert "carried_pot" not in fields and "seats" not in fields
    with pytest.raises(NmdError, match="is written from the hand itself"):
        draw_hand_to_phh(hand, fields={"carried_pot": 3})
    with pytest.raises(NmdError, match="unknown field"):
        draw_hand_to_phh(hand, fields={"rake": 3})


def test_the_export_keeps_seats_names_hand_table_carried_pot_timeouts_and_misdeals() -> None:
    deck = new_deck()
    hand = DrawHand.start(
        NM_DRAW,
        seats=[3, 7, 9],
        stacks=[50, 60, 70],
        button=3,
        ante_unit=1,
        players=["Ann", "Bo", "Cy"],
        carried_pot=6,
        deck=deck,
        hand_id="42",
        table=2,
    )
    hand.misdeal("exposed card", deck[::-1])
    hand.time_out(7)
    hand.bet_or_raise_to(9, 2)
    hand.fold(3)
    hand.time_out(7)
    fields = tomllib.loads(draw_hand_to_phh(hand))
    assert fields["seats"] == [7, 9, 3] and fields["players"] == ["Bo", "Cy", "Ann"]
    assert fields["hand"] == 42 and fields["table"] == 2 and fields["carried_pot"] == 6
    assert fields["actions"][0] == "# misdeal, dealt again: exposed card (NM-D-1F, OQ-08)"
    assert fields["actions"][4:] == ["p1 cc # timeout", "p2 cbr 2", "p3 f", "p1 f # timeout"]
    assert replay_nmd(draw_hand_to_phh(hand)).final_stacks == (59, 78, 49)


def test_a_penalty_cannot_be_written() -> None:
    deck = new_deck()
    hand = DrawHand.start(NM_DRAW, seats=[1, 2], stacks=[50, 50], button=2, ante_unit=1, deck=deck)
    hand.penalize(2, 1, clause="NM-D-2C s8, OQ-14")
    with pytest.raises(NmdError, match="penalty"):
        draw_hand_to_phh(hand)


def test_a_running_deal_is_written_without_finishing_stacks() -> None:
    hand = DrawHand.start(NM_DRAW, seats=[1, 2], stacks=[50, 50], button=2, ante_unit=1)
    hand.deal_hole(1, parse_cards("As Ks Qs Js 9h"))
    fields = tomllib.loads(draw_hand_to_phh(hand))
    assert fields["actions"] == ["d dh p1 AsKsQsJs9h"] and "finishing_stacks" not in fields


# ---------------------------------------------------------------- the command


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "a.phh").write_text(HAND)
    (tmp_path / "b.phh").write_text(CHECK_POT)
    (tmp_path / "c.phh").write_text(replaced("'p2 cbr 10'", "'p2 cbr 21'"))
    nt = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'd dh p3 QhQd', 'p3 cbr 6', 'p1 f', 'p2 f']
finishing_stacks = [99, 98, 103]
"""
    (tmp_path / "d.phh").write_text(nt)
    return tmp_path


def test_replay_json_dispatches_on_the_variant(folder: Path) -> None:
    result = CliRunner().invoke(app, ["phh", "replay", "--json", str(folder)])
    assert result.exit_code == 1
    lines = [json.loads(line) for line in result.stdout.splitlines() if line]
    assert lines[0] == {
        "file": str(folder / "a.phh"),
        "finishing_stacks": [248, 184, 184, 184],
        "carried_pot": 0,
    }
    assert lines[1] == {
        "file": str(folder / "b.phh"),
        "finishing_stacks": [95, 95, 95],
        "carried_pot": 27,
    }
    assert lines[2]["file"] == str(folder / "c.phh") and "[NM-D-3A, OQ-23]" in lines[2]["error"]
    assert lines[3] == {"file": str(folder / "d.phh"), "finishing_stacks": [99, 98, 103]}


def test_replay_one_nmd_file(folder: Path) -> None:
    result = CliRunner().invoke(app, ["phh", "replay", str(folder / "b.phh"), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "file": str(folder / "b.phh"),
        "finishing_stacks": [95, 95, 95],
        "carried_pot": 27,
    }
    table = CliRunner().invoke(app, ["phh", "replay", str(folder / "b.phh")])
    assert table.exit_code == 0 and "carried pot 27" in table.stdout


def test_replay_uses_a_draw_profile_when_given_one(folder: Path) -> None:
    """``--profile`` names the rules of NT files; an NMD file is replayed
    under it only if it is a draw profile, else under nm-draw."""
    (outcome,) = replay_files([folder / "a.phh"], profile=load_profile("nm-holdem"))
    assert outcome.finishing_stacks == (248, 184, 184, 184)
    no_unseen_round = replaced("'p2 cbr 10', 'p3 cc', 'p4 lk', 'p4 cc', 'p1 lk', 'p1 cc',\n  ", "")
    seen_bet = replaced(
        "'p2 cc', 'p3 cc', 'p4 cc', 'p1 cc'",
        "'p2 cc', 'p3 cbr 2', 'p4 cc', 'p1 cc', 'p2 cc'",
        no_unseen_round,
    )
    seen_bet = replaced(
        "'p2 sm KhKsKd9d9c', 'p3 sm -', 'p4 sm -', 'p1 sm AsAcAd9s9h'",
        "'p3 sm QsQhQd8s8h', 'p4 sm -', 'p1 sm AsAcAd9s9h', 'p2 sm -'",  # p3 bet last (OQ-27)
        seen_bet,
    )
    (folder / "e.phh").write_text(
        replaced("[248, 184, 184, 184]", "[224, 192, 192, 192]", seen_bet)
    )
    strict = with_changes(NM_DRAW, strict_unseen=True)
    (ordinary,) = replay_files([folder / "e.phh"])
    (refused,) = replay_files([folder / "e.phh"], profile=strict)
    assert ordinary.finishing_stacks == (224, 192, 192, 192)
    assert refused.error is not None and "[NM-D-2F s2, OQ-19 step 5]" in refused.error


@pytest.mark.parametrize(
    ("actions", "awaited"),
    [
        (3, "p4 has no cards yet (d dh)"),
        (9, "p1 must discard or stand pat (sd)"),
        (16, "p4 is owed 2 card(s) (d dh)"),
        (17, "p2 is to act"),
        (30, "p1 must show or muck (sm CARDS / sm -)"),
    ],
)
def test_a_history_that_stops_early_says_what_the_deal_waits_for(
    actions: int, awaited: str
) -> None:
    fields = tomllib.loads(HAND)
    cut = ", ".join(repr(a) for a in fields["actions"][:actions])
    text = (
        f"variant = 'NMD'\nantes = [2, 2, 2, 2]\nstarting_stacks = [200] * 4\nactions = [{cut}]\n"
    )
    with pytest.raises(NmdError) as error:
        replay_nmd(text.replace("[200] * 4", "[200, 200, 200, 200]"))
    assert str(error.value) == f"<text>: the actions end before the hand: {awaited}"


def test_only_toml_with_variant_nmd_is_an_nmd_file(folder: Path, tmp_path: Path) -> None:
    assert is_nmd_file(folder / "a.phh") and not is_nmd_file(folder / "d.phh")
    (tmp_path / "x.phh").write_text("not = [toml")
    assert not is_nmd_file(tmp_path / "x.phh") and not is_nmd_file(tmp_path / "gone.phh")
