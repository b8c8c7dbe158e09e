"""The hot path's event makers (``events.new_*``) make exactly the events the
keyword calls make: equal, hashed alike, printed and serialised alike."""

from __future__ import annotations

import pytest

from floorman.engine import events as ev
from floorman.engine.cards import parse_cards
from floorman.profiles import load_profile

AS, KD, QH = parse_cards("As Kd Qh")

CASES = [
    (ev.new_checked(3, ""), ev.Checked(seat=3)),
    (ev.new_checked(3, "timeout"), ev.Checked(seat=3, reason="timeout")),
    (ev.new_called(4, 17), ev.Called(seat=4, amount=17)),
    (ev.new_folded(5, ""), ev.Folded(seat=5)),
    (ev.new_raised(6, 40), ev.BetOrRaised(seat=6, to=40)),
    (ev.new_hole(1, (AS, KD)), ev.HoleDealt(seat=1, cards=(AS, KD))),
    (ev.new_burned(QH), ev.Burned(card=QH)),
    (ev.new_board((AS, KD, QH)), ev.BoardDealt(cards=(AS, KD, QH))),
    (ev.new_collected(2, None, 0), ev.BetsCollected(street=2)),
    (ev.new_collected(1, 7, 30), ev.BetsCollected(street=1, returned_seat=7, returned=30)),
    (ev.new_shown(2, (AS, KD)), ev.Shown(seat=2, cards=(AS, KD))),
    (ev.new_mucked(4), ev.Mucked(seat=4)),
    (ev.new_blind(2, "big", 10), ev.BlindPosted(seat=2, blind="big", amount=10)),
    (
        ev.new_awarded(1, 90, (1, 2, 3), (2, 3), (45, 45), 3000),
        ev.PotAwarded(
            pot=1, amount=90, eligible=(1, 2, 3), winners=(2, 3), shares=(45, 45), strength=3000
        ),
    ),
    (
        ev.new_awarded(0, 3, (1,), (1,), (3,), None),
        ev.PotAwarded(pot=0, amount=3, eligible=(1,), winners=(1,), shares=(3,)),
    ),
    (ev.new_ended((10, 20), 0), ev.HandEnded(stacks=(10, 20))),
    (ev.new_ended((10, 20), 5), ev.HandEnded(stacks=(10, 20), carried_pot=5)),
]


@pytest.mark.parametrize(("made", "called"), CASES, ids=lambda e: type(e).__name__)
def test_a_made_event_is_the_called_one(made: ev.Event, called: ev.Event) -> None:
    assert type(made) is type(called)
    assert made == called
    assert hash(made) == hash(called)
    assert repr(made) == repr(called)
    assert ev.event_to_dict(made) == ev.event_to_dict(called)
    assert ev.event_from_dict(ev.event_to_dict(made)) == called


def test_a_made_start_is_the_called_one() -> None:
    fields = {
        "game": "holdem",
        "profile": load_profile("nm-holdem"),
        "hand_id": "h-1",
        "table": 3,
        "seats": (2, 5, 7),
        "players": ("ann", "bo", "cy"),
        "stacks": (100, 90, 80),
        "button": 7,
        "small_blind_seat": 2,
        "big_blind_seat": 5,
        "small_blind": 1,
        "big_blind": 2,
        "antes": (0, 0, 0),
        "min_bet": 2,
        "ante_unit": 1,
        "dead": (7,),
        "carried_pot": 4,
        "deck": (AS, KD, QH),
        "auto_showdown": False,
    }
    made = ev.new_started(*fields.values())
    called = ev.HandStarted(**fields)
    assert made == called
    assert repr(made) == repr(called)
    assert ev.event_to_dict(made) == ev.event_to_dict(called)
