"""PHH (variant NT): the shared sample hands replay to their finishing stacks,
bad files are refused with the reason and its clause, and what we write
reads back, in floorman and in PokerKit, to the same stacks.

Ten of the 500 ``nt-sidepots`` hands were scored by PokerKit where our
rulebooks rule otherwise; they must fail exactly as documented here:

- :data:`SHORT_ALL_IN_REOPENS`: the first wager of a betting round is an
  all-in below the minimum (a pre-flop raise of less than the big blind, a
  bet below ``min_bet``).  PokerKit measures the first raise of a round
  against 0 and so counts it as a full raise that reopens the betting; under
  OQ-32 / NM-H-15 (DE-RAISE-6/9) it does not, and a player who had already
  acted may not raise.
- :data:`POTS_MERGED`: PokerKit merges pots won by the same players before
  splitting, so one odd chip falls once where we split pot by pot and give
  each pot's odd chip to the first winner left of the button (DE-ODDCHIP-1,
  OQ-24, OQ-67).
"""

from __future__ import annotations

import json
import tarfile
import tomllib
import warnings
from collections.abc import Iterator
from pathlib import Path
from random import Random

import pytest
from pokerkit import HandHistory
from typer.testing import CliRunner

from floorman.cli.app import app
from floorman.engine.cards import parse_cards, shuffled_deck
from floorman.engine.errors import SetupViolation
from floorman.engine.events import BetOrRaised, BoardDealt, HoleDealt, PotAwarded
from floorman.engine.holdem import HoldemHand
from floorman.engine.pots import split_pot
from floorman.formats.phh import (
    PhhError,
    PhhHand,
    hand_to_phh,
    phh_paths,
    play_action,
    read_phh,
    read_phh_file,
    replay_phh,
    start_hand,
    whole_chip_stacks,
)
from floorman.profiles import load_profile

DATA = Path(__file__).resolve().parent / "data" / "phh"

#: file -> index of the raise PokerKit allowed after a short all-in first wager (OQ-32)
SHORT_ALL_IN_REOPENS = {
    "nt-sidepots/00075.phh": 6,
    "nt-sidepots/00146.phh": 14,
    "nt-sidepots/00155.phh": 22,
    "nt-sidepots/00156.phh": 16,
    "nt-sidepots/00213.phh": 19,
    "nt-sidepots/00241.phh": 16,
    "nt-sidepots/00272.phh": 12,
    "nt-sidepots/00325.phh": 12,
}
#: files whose odd chip PokerKit split once over merged pots (DE-ODDCHIP-1, OQ-67)
POTS_MERGED = {"nt-sidepots/00163.phh", "nt-sidepots/00283.phh"}
WSOP_NT_HANDS = (1, 2, 3, 4, 62, 63, 64, 65, 66, 67, 68)
NM_HOLDEM = load_profile("nm-holdem")


def sample_files(folder: str) -> list[Path]:
    """The sample hands; a missing folder yields a path that fails to read,
    so absent data fails the run instead of skipping it."""
    return sorted((DATA / folder).glob("*.phh")) or [DATA / folder / "missing.phh"]


SAMPLES = sample_files("nt-sidepots") + sample_files("pluribus-sample")


def sample_id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def test_the_sample_data_is_all_there() -> None:
    assert len(list((DATA / "nt-sidepots").glob("*.phh"))) == 500
    assert len(list((DATA / "pluribus-sample").glob("*.phh"))) == 200
    assert (DATA / "wsop-2023-43-5.tar.gz").is_file()


# ---------------------------------------------------------------- the samples


@pytest.mark.parametrize("path", SAMPLES, ids=sample_id)
def test_sample_replays_to_its_finishing_stacks(path: Path) -> None:
    """Every sample replays under the PHH rules (profile ``phh-nt``)."""
    phh = read_phh_file(path)
    assert phh.finishing_stacks is not None
    hand = replay_phh(phh)
    assert hand.final_stacks == whole_chip_stacks(phh.finishing_stacks)


@pytest.mark.clause("NM-H-15", "OQ-32")
@pytest.mark.parametrize("name", sorted(SHORT_ALL_IN_REOPENS))
def test_under_the_nm_rules_a_short_all_in_opening_does_not_reopen(name: str) -> None:
    """Held to the NM rulebook, these files break OQ-32 / NM-H-15."""
    assert_short_all_in_does_not_reopen(read_phh_file(DATA / name), SHORT_ALL_IN_REOPENS[name])


@pytest.mark.clause("OQ-67")
@pytest.mark.parametrize("name", sorted(POTS_MERGED))
def test_under_the_nm_rules_each_pot_has_its_own_odd_chip(name: str) -> None:
    """Held to OQ-67 (odd chip per pot), these files end one chip apart."""
    assert_pokerkit_merged_the_pots(read_phh_file(DATA / name))


def assert_short_all_in_does_not_reopen(phh: PhhHand, index: int) -> None:
    """The file raises at ``actions[index]`` after only short all-ins: a
    PokerKit full raise, for us a raise that does not reopen (OQ-32)."""
    with pytest.raises(PhhError) as caught:
        replay_phh(phh, profile=NM_HOLDEM)
    error = caught.value
    assert error.clause == "NM-H-15, OQ-32"
    assert error.action is not None and error.action.index == index
    assert error.action.kind == "bet_or_raise_to"
    # The cause: every wager of this round so far was an all-in below the minimum.
    table = start_hand(phh, load_profile("nm-holdem"))
    for action in phh.actions[:index]:
        play_action(table, phh, action)
    round_start = max(
        k for k, e in enumerate(table.events) if isinstance(e, HoleDealt | BoardDealt)
    )
    level = table.started.big_blind if table.street == 0 else 0
    wagers = [e for e in table.events[round_start:] if isinstance(e, BetOrRaised)]
    assert wagers
    for wager in wagers:
        assert wager.to - level < table.min_bet
        assert table.stacks[table.position[wager.seat]] == 0
        level = wager.to


def assert_pokerkit_merged_the_pots(phh: PhhHand) -> None:
    """Our stacks differ from the file's by one odd chip, and splitting the
    pots merged by winners (PokerKit's way) gives the file's stacks."""
    with pytest.raises(PhhError, match="finishing stacks"):
        replay_phh(phh, profile=NM_HOLDEM)
    hand = replay_phh(phh, profile=NM_HOLDEM, check_finishing_stacks=False)
    recorded = phh.finishing_stacks
    assert recorded is not None
    differences = [a - b for a, b in zip(hand.final_stacks or (), recorded, strict=True)]
    assert sorted(d for d in differences if d) == [-1, 1]
    merged: dict[tuple[int, ...], int] = {}
    for award in (e for e in hand.events if isinstance(e, PotAwarded)):
        merged[award.winners] = merged.get(award.winners, 0) + award.amount
    stacks = list(hand.final_stacks or ())
    for award in (e for e in hand.events if isinstance(e, PotAwarded)):
        for seat, share in zip(award.winners, award.shares, strict=True):
            stacks[hand.position[seat]] -= share
    for winners, amount in merged.items():
        for position, share in split_pot(amount, [hand.position[s] for s in winners]).items():
            stacks[position] += share
    assert tuple(stacks) == tuple(recorded)


@pytest.mark.clause("DE-ODDCHIP-1", "OQ-24")
def test_half_chip_records_give_the_odd_chip_left_of_the_button() -> None:
    """The Pluribus logs split 1349 as 674.5 each; with whole chips the first
    winner left of the button gets 675 (DE-ODDCHIP-1, OQ-24)."""
    phh = read_phh_file(DATA / "pluribus-sample" / "102_0.phh")
    assert phh.finishing_stacks == (10112.5, 9775.0, 10000.0, 10000.0, 10112.5, 10000.0)
    assert replay_phh(phh).final_stacks == (10113, 9775, 10000, 10000, 10112, 10000)


@pytest.fixture(scope="module")
def wsop(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("wsop")
    with tarfile.open(DATA / "wsop-2023-43-5.tar.gz") as archive:
        archive.extractall(target, filter="data")
    return target / "wsop"


def test_the_wsop_final_table_has_eleven_hold_em_hands(wsop: Path) -> None:
    nt = [p for p in wsop.glob("*.phh") if tomllib.loads(p.read_text())["variant"] == "NT"]
    assert sorted(int(p.stem) for p in nt) == list(WSOP_NT_HANDS)
    others = {tomllib.loads(p.read_text())["variant"] for p in wsop.glob("*.phh")} - {"NT"}
    for path in wsop.glob("*.phh"):
        if int(path.stem) not in WSOP_NT_HANDS:
            with pytest.raises(PhhError, match="variant"):
                read_phh_file(path)
    assert others  # the other variants are there, and refused


@pytest.mark.parametrize("number", WSOP_NT_HANDS)
def test_wsop_big_blind_ante_hand_replays(wsop: Path, number: int) -> None:
    phh = read_phh_file(wsop / f"{number}.phh")
    assert phh.antes[1] > 0 and not any(phh.antes[:1] + phh.antes[2:])
    assert replay_phh(phh).final_stacks == phh.finishing_stacks


@pytest.mark.clause("NM-H-2", "OQ-28")
@pytest.mark.parametrize("number", WSOP_NT_HANDS)
def test_NM_H_2_a_big_blind_ante_is_refused_under_nm_holdem(wsop: Path, number: int) -> None:
    """Under nm-holdem the blinds are 1 and 2 antes and nobody else antes
    (NM-H-2, OQ-28): the WSOP big-blind ante is refused before any action,
    citing the clause; de-holdem (organiser-supplied amounts, OQ-68) and tda
    replay the file to its finishing stacks."""
    phh = read_phh_file(wsop / f"{number}.phh")
    with pytest.raises(PhhError) as caught:
        replay_phh(phh, profile=NM_HOLDEM)
    error = caught.value
    assert error.clause == "NM-H-2, OQ-28"
    assert isinstance(error.violation, SetupViolation)
    assert error.action is None  # refused at the start, no action applied
    assert f"with antes {[phh.ante_of(k) for k in range(1, phh.player_count + 1)]}" in str(error)
    assert "the small blind is 1 ante, the big blind 2 antes, nobody else antes" in str(error)
    with pytest.raises(PhhError, match=r"\[NM-H-2, OQ-28\]"):
        start_hand(phh, NM_HOLDEM)
    for name in ("de-holdem", "tda"):
        assert replay_phh(phh, profile=load_profile(name)).final_stacks == phh.finishing_stacks


@pytest.mark.clause("NM-H-2", "OQ-28")
@pytest.mark.parametrize(
    ("blinds", "antes", "nm_holdem_takes_it"),
    [
        ("[1, 2, 0]", "[0, 0, 0]", True),
        ("[2, 4, 0]", "[0, 0, 0]", True),
        ("[1, 3, 0]", "[0, 0, 0]", False),
        ("[2, 3, 0]", "[0, 0, 0]", False),
        ("[1, 1, 0]", "[0, 0, 0]", False),
        ("[0, 2, 0]", "[0, 0, 0]", False),
        ("[1, 2, 0]", "[1, 1, 1]", False),
        ("[1, 2, 0]", "[0, 0, 1]", False),
    ],
)
def test_NM_H_2_blinds_must_be_one_and_two_antes_under_nm_holdem(
    blinds: str, antes: str, nm_holdem_takes_it: bool
) -> None:
    """NM-H-2, OQ-28: SB = a, BB = 2a, no other ante.  The check comes from
    the profile's fields (``forced_bets_in_antes``), so de-holdem and the
    PHH rules take any amounts (OQ-68)."""
    text = TABLE.replace("[1, 2, 0]", blinds).replace("antes = [0, 0, 0]", f"antes = {antes}")
    text = text.replace("finishing_stacks = [94, 98, 108]\n", "").replace("cbr 6", "cbr 12")
    phh = read_phh(text, source="blinds.phh")
    for name in ("de-holdem", "phh-nt", "tda"):
        assert load_profile(name).forced_bets_in_antes is False
        assert replay_phh(phh, profile=load_profile(name)).is_complete
    assert NM_HOLDEM.forced_bets_in_antes is True
    if nm_holdem_takes_it:
        assert replay_phh(phh, profile=NM_HOLDEM).is_complete
    else:
        with pytest.raises(PhhError) as caught:
            replay_phh(phh, profile=NM_HOLDEM)
        assert caught.value.clause == "NM-H-2, OQ-28" and caught.value.action is None
        assert str(caught.value).startswith("blinds.phh: cannot start the hand: blinds ")


def test_NM_H_2_the_command_refuses_a_big_blind_ante_under_nm_holdem(wsop: Path) -> None:
    """``floorman phh replay --profile nm-holdem``: exit 1, the JSON error
    cites NM-H-2; under de-holdem the same file replays (exit 0)."""
    path = wsop / "1.phh"
    runner = CliRunner()
    refused = runner.invoke(app, ["phh", "replay", "--json", "--profile", "nm-holdem", str(path)])
    assert refused.exit_code == 1
    [line] = [json.loads(line) for line in refused.stdout.splitlines() if line]
    assert line["file"] == str(path) and "finishing_stacks" not in line
    assert line["error"].startswith(f"{path}: cannot start the hand: blinds 40000/80000")
    assert line["error"].endswith("[NM-H-2, OQ-28]")
    taken = runner.invoke(app, ["phh", "replay", "--json", "--profile", "de-holdem", str(path)])
    assert taken.exit_code == 0 and '"finishing_stacks"' in taken.stdout


# ---------------------------------------------------------------- round trips


def pokerkit_stacks(text: str) -> tuple[int, ...]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, final = HandHistory.loads(text)
    return tuple(final.stacks)


def replayable_samples() -> Iterator[Path]:
    known = set(SHORT_ALL_IN_REOPENS) | POTS_MERGED
    return (p for p in SAMPLES if sample_id(p) not in known)


@pytest.mark.parametrize("path", list(replayable_samples())[::7], ids=sample_id)
def test_export_reads_back_to_the_same_hand(path: Path) -> None:
    original = read_phh_file(path)
    hand = replay_phh(original)
    text = hand_to_phh(hand)
    again = replay_phh(read_phh(text, source="export"))
    assert again.final_stacks == hand.final_stacks
    assert [a.text for a in read_phh(text).actions] == [a.text for a in original.actions]
    assert hand_to_phh(again) == text
    assert pokerkit_stacks(text) == hand.final_stacks


def test_every_sample_round_trips() -> None:
    for path in replayable_samples():
        hand = replay_phh(read_phh_file(path))
        assert replay_phh(hand_to_phh(hand)).final_stacks == hand.final_stacks, path


def test_wsop_round_trip_keeps_the_big_blind_ante_dead(wsop: Path) -> None:
    hand = replay_phh(read_phh_file(wsop / "1.phh"))
    text = hand_to_phh(hand)
    assert "antes = [0, 120000, 0, 0, 0]" in text
    assert "ante_trimming_status = false" in text  # unequal antes: dead money in PHH
    assert "players = ['Matthew Ashton'" in text and "hand = 1\n" in text
    assert pokerkit_stacks(text) == hand.final_stacks == replay_phh(text).final_stacks


def dealt_hand(
    seats: list[int], stacks: list[int], button: int, profile: str = "nm-holdem", **options: object
) -> HoldemHand:
    deck = shuffled_deck(Random(2026).randrange)
    return HoldemHand.start(
        load_profile(profile),
        seats=seats,
        stacks=stacks,
        button=button,
        small_blind=5,
        big_blind=10,
        deck=deck,
        **options,  # type: ignore[arg-type]
    )


def play_to_the_end(hand: HoldemHand) -> None:
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        hand.check_or_call(actor)


def test_heads_up_blinds_and_antes_are_written_reversed_as_pokerkit_reads_them() -> None:
    """Heads-up the button posts the small blind (OQ-29); PHH lists p1 (the
    big blind) first but its blinds and antes reversed."""
    # A big-blind ante on seat 3: the PHH rules take it, nm-holdem would not (NM-H-2).
    hand = dealt_hand([3, 7], [500, 800], 7, "phh-nt", antes=[10, 0])
    assert hand.started.small_blind_seat == 7 and hand.started.big_blind_seat == 3
    hand.bet_or_raise_to(7, 30)
    play_to_the_end(hand)
    text = hand_to_phh(hand)
    assert "blinds_or_straddles = [5, 10]" in text
    assert "antes = [0, 10]" in text
    assert "seats = [3, 7]" in text
    assert replay_phh(text).final_stacks == hand.final_stacks
    assert pokerkit_stacks(text) == hand.final_stacks


def test_uniform_antes_are_written_trimmed() -> None:
    hand = dealt_hand([1, 2, 3, 4], [300, 45, 300, 300], 4, "phh-nt", antes=[5, 5, 5, 5])
    hand.bet_or_raise_to(3, 40)
    play_to_the_end(hand)
    text = hand_to_phh(hand)
    assert "ante_trimming_status = true" in text
    assert replay_phh(text).final_stacks == hand.final_stacks == pokerkit_stacks(text)


def test_an_agreed_check_down_is_written_as_checks() -> None:
    """PHH has no check-down (NM-H-13): the votes become comments and the
    players still to act check."""
    hand = dealt_hand([1, 2, 3], [200, 200, 200], 3)
    for seat in (3, 1, 2):
        hand.check_or_call(seat)
    hand.check(1)
    hand.propose_checkdown(2)
    hand.vote_checkdown(3, True)
    hand.vote_checkdown(1, True)
    assert hand.street == 2  # the flop round closed on the vote
    play_to_the_end(hand)
    text = hand_to_phh(hand)
    assert "'# p2 proposes a check-down (NM-H-13)'" in text
    assert "'p2 cc # check-down', 'p3 cc # check-down'" in text
    assert replay_phh(text).final_stacks == hand.final_stacks == pokerkit_stacks(text)


def test_a_misdeal_leaves_only_the_deal_that_was_played() -> None:
    hand = HoldemHand.start(
        load_profile("nm-holdem"), seats=[1, 2, 3], stacks=[100] * 3, button=3, deck=None
    )
    for seat, cards in ((1, "2c2d"), (2, "2h2s"), (3, "3c3d")):
        hand.deal_hole(seat, parse_cards(cards))
    hand.misdeal("a card exposed in the deal")
    for seat, cards in ((1, "4c4d"), (2, "4h4s"), (3, "5c5d")):
        hand.deal_hole(seat, parse_cards(cards))
    hand.fold(3)
    hand.fold(1)
    text = hand_to_phh(hand)
    actions = read_phh(text).actions
    assert [a.text for a in actions if a.kind == "deal_hole"] == [
        "d dh p1 4c4d",
        "d dh p2 4h4s",
        "d dh p3 5c5d",
    ]
    assert actions[0].text.startswith("# misdeal, dealt again: a card exposed in the deal")
    assert replay_phh(text).final_stacks == hand.final_stacks


def test_a_penalty_cannot_be_written() -> None:
    hand = dealt_hand([1, 2, 3], [100] * 3, 3)
    hand.penalize(1, 5, clause="NM-H-18, OQ-14")
    with pytest.raises(PhhError, match="penalty"):
        hand_to_phh(hand)


def test_seats_and_extra_fields_are_kept() -> None:
    text = TABLE.replace("min_bet = 2", "min_bet = 2\nseats = [7, 9, 2]\n_club = 'Oslo'")
    hand = replay_phh(text)
    assert hand.seats == (7, 9, 2) and hand.button == 2
    written = hand_to_phh(hand, fields={"event": "NM 2026", "_club": "Oslo"})
    assert "seats = [7, 9, 2]" in written and "event = 'NM 2026'" in written
    assert read_phh(written).fields["_club"] == "Oslo"
    with pytest.raises(PhhError, match="unknown field"):
        hand_to_phh(hand, fields={"club": "Oslo"})


# ---------------------------------------------------------------- refusals

TABLE = """
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'd dh p3 QhQd', 'p3 cbr 6', 'p1 cc', 'p2 f',
           'd db 2h3h4h', 'p1 cc', 'p3 cbr 10', 'p1 f']
finishing_stacks = [94, 98, 108]
"""


def test_the_reference_table_replays() -> None:
    assert replay_phh(TABLE).final_stacks == (94, 98, 108)


@pytest.mark.parametrize(
    ("old", "new", "message", "clause"),
    [
        ("variant = 'NT'", "variant = 'NMD'", "variant 'NMD' is not replayed here", None),
        ("min_bet = 2", "", "field 'min_bet': the required field is missing", None),
        ("min_bet = 2", "min_bet = 2\nnotes = 'x'", "field 'notes': unknown field", None),
        ("min_bet = 2", "min_bet = 2\nbring_in = 1", "belongs to fixed-limit or stud", None),
        ("antes = [0, 0, 0]", "antes = [0, 0]", "has 2 entries for 3 players", None),
        ("[100, 100, 100]", "[100, 100.5, 100]", "100.5 is not a whole number", None),
        ("[100, 100, 100]", "[100, inf, 100]", "inf is not a whole number", None),
        ("[1, 2, 0]", "[1, 2, 4]", "straddles are not played [NM-H-2, DE-BLINDS-1]", None),
        ("[1, 2, 0]", "[3, 2, 0]", "at least the small blind [NM-H-2, DE-BLINDS-1]", None),
        ("finishing_stacks", "time = 12:00:00\nday = 'x'\nfinishing_stacks", "day", None),
        ("variant = 'NT'", "variant = 'NT'\nvariant = 'NT'", "not valid TOML", None),
        ("'d dh p1 AsKs'", "'d dh p1 AsKx'", "bad card text 'AsKx'", None),
        ("'d dh p1 AsKs'", "'d dh p1 10sKs'", "bad card text '10sKs'", None),
        ("'d dh p1 AsKs'", "'d dh p1 ????'", "unknown cards in '????'", None),
        ("'d dh p2 7c2d'", "'d dh p2 7cAs'", "repeat a card already dealt", "DE-DECK-1, DE-DECK-5"),
        # the hand is played under phh-nt, which cites the Norwegian hold'em book
        ("'d dh p1 AsKs'", "'d dh p1 AsKsJs'", "2 hole cards are due, not 3", "NM-H-3, OQ-38"),
        ("'d dh p1 AsKs', 'd dh p2 7c2d'", "'d dh p2 7c2d', 'd dh p1 AsKs'", "NM-H-3, OQ-47", None),
        ("'p3 cbr 6'", "'p3 cbr 3'", "a raise must be to at least 4", "OQ-31"),
        ("'p3 cbr 6'", "'p1 cbr 6'", "it is seat 3's turn", "NM-H-18, NM-D-2C s7, OQ-14"),
        ("'p3 cbr 6'", "'p3 cbr 6.5'", "'6.5' is not a whole number", None),
        ("'p3 cbr 6'", "'p9 cbr 6'", "'p9' is not a player of this hand", None),
        ("'p3 cbr 6'", "'p3 sd AsKs'", "'sd' (draw, bring-in) is not an action", None),
        ("'p3 cbr 6'", "'p3 raise 6'", "not a PHH action", None),
        ("'p1 f']", "'p1 f', 'p3 sm QhQd']", "the hand is over", None),
        ("'p1 cc', 'p3 cbr 10', 'p1 f'", "'p1 cc'", "end before the hand: p3 is to act", None),
        ("[94, 98, 108]", "[95, 98, 107]", "differ from the replay's [94, 98, 108]", None),
    ],
)
def test_a_bad_file_is_refused_with_the_reason(
    old: str, new: str, message: str, clause: str | None
) -> None:
    assert old in TABLE
    with pytest.raises(PhhError) as caught:
        replay_phh(read_phh(TABLE.replace(old, new, 1), source="bad.phh"))
    text = str(caught.value)
    assert text.startswith("bad.phh: ")
    assert message in text
    if clause is not None:
        assert caught.value.clause is not None and caught.value.clause.startswith(clause)
        assert caught.value.action is not None  # names the action: index and text
        assert f"actions[{caught.value.action.index}] '" in text


SHOWDOWN = TABLE.replace(
    "'p3 cbr 10', 'p1 f'",
    "'p3 cbr 10', 'p1 cc', 'd db 9c', 'p1 cc', 'p3 cc', 'd db 9d', 'p1 cc', 'p3 cbr 10',"
    " 'p1 cc', 'p3 sm QhQd', 'p1 sm'",
).replace("[94, 98, 108]", "[74, 98, 128]")


def test_a_showdown_replays() -> None:
    assert replay_phh(SHOWDOWN).final_stacks == (74, 98, 128)
    shown_as_dealt = replay_phh(SHOWDOWN.replace("'p3 sm QhQd'", "'p3 sm -'"))
    assert shown_as_dealt.final_stacks == (74, 98, 128)


@pytest.mark.parametrize(
    ("old", "new", "message", "clause"),
    [
        ("'p3 sm QhQd', 'p1 sm'", "'p1 sm', 'p3 sm QhQd'", "shows or mucks first", "OQ-27"),
        ("'p3 sm QhQd'", "'p3 sm QhQs'", "p3 shows Qh Qs but was dealt Qh Qd", None),
        ("'p3 sm QhQd', 'p1 sm'", "'p3 sm', 'p1 sm'", "the winning hand must be shown", None),
    ],
)
def test_a_bad_showdown_is_refused(old: str, new: str, message: str, clause: str | None) -> None:
    with pytest.raises(PhhError, match=message) as caught:
        replay_phh(SHOWDOWN.replace(old, new))
    if clause is not None:
        assert caught.value.clause == clause


@pytest.mark.clause("OQ-27")
def test_an_all_in_hand_cannot_be_mucked_before_the_board() -> None:
    """All hands are shown when players are all-in before the board is
    complete (OQ-27)."""
    text = (
        TABLE.replace("'p3 cbr 6', 'p1 cc', 'p2 f',", "'p3 cbr 100', 'p1 cc', 'p2 f', 'p1 sm',")
        .replace(", 'p1 cc', 'p3 cbr 10', 'p1 f'", "")
        .replace("'d db 2h3h4h'", "'p3 sm QhQd', 'd db 2h3h4h'")
    )
    with pytest.raises(PhhError) as caught:
        replay_phh(text)
    assert caught.value.clause == "OQ-27"
    assert caught.value.action is not None and caught.value.action.text == "p1 sm"


@pytest.mark.clause("NM-D-2G", "OQ-22")
def test_a_big_blind_who_covers_everyone_does_not_act() -> None:
    """Heads-up, the button calls all-in for no more than the big blind:
    nobody can call a raise (NM-D-2G, OQ-22) and nothing is owed, so the big
    blind has no decision and PokerKit writes none."""
    text = """
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 2]
actions = ['d dh p1 5h6h', 'd dh p2 Kc4s', 'p2 cc', 'p2 sm Kc4s', 'p1 sm 5h6h',
           'd db KsQh5s', 'd db Th', 'd db Ac']
finishing_stacks = [198, 4]
"""
    hand = replay_phh(text)
    assert hand.final_stacks == (198, 4) == pokerkit_stacks(text)


def test_seats_must_run_clockwise_from_the_button() -> None:
    with pytest.raises(PhhError, match="do not run clockwise") as caught:
        read_phh(TABLE.replace("min_bet = 2", "min_bet = 2\nseats = [2, 9, 7]"))
    assert caught.value.clause == "DE-DEAL-1, OQ-47"


def test_comments_are_no_ops() -> None:
    text = TABLE.replace("'p3 cbr 6'", "'# the cut-off opens', 'p3 cbr 6 # three big blinds'")
    assert replay_phh(text).final_stacks == (94, 98, 108)


# ---------------------------------------------------------------- the command


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "a.phh").write_text(TABLE)
    (tmp_path / "b.phh").write_text(TABLE.replace("'p3 cbr 6'", "'p3 cbr 3'"))
    (tmp_path / "notes.txt").write_text("not a hand")
    return tmp_path


def test_replay_json_gives_one_line_per_file_and_fails_if_one_does(folder: Path) -> None:
    result = CliRunner().invoke(app, ["phh", "replay", "--json", str(folder)])
    assert result.exit_code == 1
    lines = [line for line in result.stdout.splitlines() if line]
    assert lines[0] == f'{{"file": "{folder / "a.phh"}", "finishing_stacks": [94, 98, 108]}}'
    assert lines[1].startswith(f'{{"file": "{folder / "b.phh"}", "error": "{folder / "b.phh"}: ')
    assert "[OQ-31]" in lines[1]
    assert len(lines) == 2


def test_replay_succeeds_when_every_file_does(folder: Path) -> None:
    result = CliRunner().invoke(app, ["phh", "replay", "--json", str(folder / "a.phh")])
    assert result.exit_code == 0
    assert result.stdout.count("finishing_stacks") == 1


def test_replay_prints_a_table(folder: Path) -> None:
    result = CliRunner().invoke(
        app, ["phh", "replay", str(folder / "a.phh"), str(folder / "b.phh")]
    )
    assert result.exit_code == 1
    assert "[94, 98, 108]" in result.stdout
    assert "1 replayed, 1 failed" in result.stdout


def test_replay_under_another_profile_and_a_bad_one(folder: Path) -> None:
    runner = CliRunner()
    good = runner.invoke(app, ["phh", "replay", "--json", "--profile", "de-holdem", str(folder)])
    assert good.exit_code == 1 and "[DE-RAISE-6, OQ-56]" in good.stdout
    bad = runner.invoke(app, ["phh", "replay", "--profile", "nowhere", str(folder)])
    assert bad.exit_code == 2


def test_replay_reports_missing_files_and_empty_folders(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(app, ["phh", "replay", "--json", str(tmp_path / "gone.phh")])
    assert missing.exit_code == 1 and "cannot read the file" in missing.stdout
    empty = runner.invoke(app, ["phh", "replay", "--json", str(tmp_path)])
    assert empty.exit_code == 1


def test_directories_expand_to_their_sorted_phh_files(folder: Path) -> None:
    assert phh_paths([folder]) == [folder / "a.phh", folder / "b.phh"]
