"""Issue 10: hand and tournament events name themselves one way.  Every
event class carries its ``kind`` (set once when the class is declared), the
name its JSON is stored and dispatched under; the names never change, so the
logs stored by any earlier version still load."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

import pytest

from floorman.engine import events as hand_events
from floorman.engine.profile import RuleProfile
from floorman.profiles import load_profile
from floorman.tournament import events as tournament_events

#: the names stored logs hold: a change here breaks every stored log
HAND_KINDS = [
    "HandStarted",
    "AntePosted",
    "BlindPosted",
    "HoleDealt",
    "Burned",
    "BoardDealt",
    "Folded",
    "Checked",
    "Called",
    "BetOrRaised",
    "CheckdownProposed",
    "CheckdownVoted",
    "BetsCollected",
    "Shown",
    "Mucked",
    "PotAwarded",
    "HandEnded",
    "Discarded",
    "DrawDealt",
    "Looked",
    "PenaltyPosted",
    "Misdealt",
    "HandVoided",
    "DeclaredDead",
    "CardsShown",
]
TOURNAMENT_KINDS = [
    "created",
    "registered",
    "confirmed",
    "withdrawn",
    "seated",
    "started",
    "level",
    "paused",
    "resumed",
    "hand_started",
    "hand_ended",
    "moved",
    "table_broken",
    "eliminated",
    "prize",
    "warning",
    "time_penalty",
    "disqualified",
    "absence",
    "sit_out_requested",
    "override",
    "correction_pending",
    "correction_lapsed",
    "timed_out",
    "penalty_hand_served",
    "carried_pot_awarded",
    "chip_count",
    "unregistered",
    "cancelled",
    "time_bank_used",
    "chat_muted",
    "finished",
    "hand_ruling",
    "clock_called",
    "re_entered",
    "late_registration_closed",
    "seat_link_reissued",
    "hand_for_hand",
    "hand_for_hand_played",
    "hand_for_hand_ending",
    "clock_adjusted",
    "break_called",
    "break_ended",
    "chip_race",
    "ruling_undone",
    "deal_proposed",
    "deal_agreed",
    "deal_withdrawn",
    "deal_made",
]

HAND_CLASSES = hand_events.event_classes()
TOURNAMENT_CLASSES = tournament_events.event_classes()


def test_every_event_has_one_unique_kind() -> None:
    assert [c.kind for c in HAND_CLASSES] == HAND_KINDS
    assert sorted(c.kind for c in TOURNAMENT_CLASSES) == sorted(TOURNAMENT_KINDS)
    assert all(kind.islower() or "_" in kind for kind in TOURNAMENT_KINDS)
    every = [c.kind for c in (*HAND_CLASSES, *TOURNAMENT_CLASSES)]
    assert len(every) == len(set(every))


def test_every_event_class_of_the_modules_is_registered() -> None:
    for module, base, registered in (
        (hand_events, hand_events.Event, HAND_CLASSES),
        (tournament_events, tournament_events.TournamentEvent, TOURNAMENT_CLASSES),
    ):
        declared = {v for v in vars(module).values() if isinstance(v, type) and issubclass(v, base)}
        assert declared - {base} == set(registered)


def test_the_renamed_tournament_event_keeps_its_stored_name() -> None:
    assert tournament_events.TableHandEnded.kind == "hand_ended"
    assert tournament_events.HandBegun.kind == "hand_started"
    stored = {"type": "hand_ended", "table": 1, "hand": 3, "button_seat": 2, "stacks": {"a": 5}}
    loaded = tournament_events.event_from_dict(stored)
    assert isinstance(loaded, tournament_events.TableHandEnded)
    assert tournament_events.event_to_dict(loaded) == {**stored, "carried_pot": 0}


def _sample(kind: Any, name: str) -> Any:
    """A value of a field's type (cards where the field holds cards)."""
    if name == "card":
        return 12
    if name in ("cards", "deck"):
        return (0, 13, 51)
    if typing.get_origin(kind) in (typing.Union, type(int | None)):
        kind = next(a for a in typing.get_args(kind) if a is not type(None))
    origin = typing.get_origin(kind) or kind
    if kind is RuleProfile:
        return load_profile("nm-holdem")
    if origin is tuple:
        return (1, 2)
    if origin is dict:
        key = typing.get_args(kind)[0]
        return {1: 7} if key is int else {"p1": 7}
    return {bool: True, int: 3, float: 1.5, str: "x"}[origin]


def _instance(cls: type) -> Any:
    hints = typing.get_type_hints(cls, vars(hand_events) | vars(tournament_events))
    return cls(**{f.name: _sample(hints[f.name], f.name) for f in dataclasses.fields(cls)})


@pytest.mark.parametrize("cls", HAND_CLASSES, ids=lambda c: c.kind)
def test_hand_events_round_trip(cls: type[hand_events.Event]) -> None:
    event = _instance(cls)
    data = hand_events.event_to_dict(event)
    assert data["type"] == cls.kind
    assert hand_events.event_from_dict(data) == event


@pytest.mark.parametrize("cls", TOURNAMENT_CLASSES, ids=lambda c: c.kind)
def test_tournament_events_round_trip(cls: type[tournament_events.TournamentEvent]) -> None:
    event = _instance(cls)
    data = tournament_events.event_to_dict(event)
    assert data["type"] == cls.kind == tournament_events.event_type(event)
    assert tournament_events.event_from_dict(data) == event


def test_two_events_cannot_share_a_kind() -> None:
    with pytest.raises(TypeError, match="named 'seated'"):

        @tournament_events.tournament_event("seated")
        class Again(tournament_events.TournamentEvent):
            player: str
