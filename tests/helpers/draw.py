"""Scripted five-card draw deals for the draw's rule tests
(``tests/test_draw_rules.py``, ``tests/test_draw_showdown.py``).

Positions: seats 1..n, the dealer (button) is the last seat, so seat 1 is
the first player left of the dealer (``p1`` of PHH).  Scripts read
``"s1 bet 6, s2 call, s3 fold, s1 draw 2c3d, s2 look"``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from floorman.engine.cards import Card, deck_starting_with, parse_cards
from floorman.engine.draw import DrawHand
from floorman.engine.errors import RuleViolation
from floorman.engine.profile import RuleProfile
from floorman.profiles import load_profile

NM_DRAW = load_profile("nm-draw")
FOUR = ["As Ac Ad 2c 3d", "Kh Ks Kd 2d 3h", "Qs Qh Qd 4c 5h", "Js Jh Jd 6c 7h"]
SPARE = "9s 9h 9d 9c 8s 8h 8d 8c 7s 7d 7c 6s 6h 6d 5s 5d 5c"


def stacked(hands: Sequence[str], replacements: str = "") -> list[Card]:
    """A deck that deals ``hands`` (p1 first, the dealer last) one card at a
    time round the table (NM-D-2B), then ``replacements`` in draw order."""
    cards = [h.split() for h in hands]
    order = [cards[i][k] for k in range(5) for i in range(len(cards))]
    return deck_starting_with(" ".join([*order, replacements]))


def deal(
    hands: Sequence[str] = FOUR,
    replacements: str = SPARE,
    *,
    stacks: Sequence[int] | None = None,
    ante: int = 2,
    profile: RuleProfile = NM_DRAW,
    carried_pot: int = 0,
    auto_showdown: bool = False,
) -> DrawHand:
    n = len(hands)
    return DrawHand.start(
        profile,
        seats=range(1, n + 1),
        stacks=stacks or [200] * n,
        button=n,
        ante_unit=ante,
        deck=stacked(hands, replacements),
        carried_pot=carried_pot,
        auto_showdown=auto_showdown,
    )


def act(hand: DrawHand, script: str) -> DrawHand:
    """Play ``script``: comma-separated ``sN verb [amount|cards]``."""
    for step in filter(None, (s.strip() for s in script.split(","))):
        who, verb, *rest = step.split()
        seat = int(who.removeprefix("s"))
        match verb:
            case "bet" | "raise":
                hand.bet_or_raise_to(seat, int(rest[0]))
            case "draw":
                hand.draw(seat, parse_cards(" ".join(rest)))
            case "show" | "muck" | "look" | "fold" | "check" | "call" | "time_out":
                getattr(hand, verb)(seat)
            case _:
                raise AssertionError(f"bad script step {step!r}")
    return hand


def rejected(hand: DrawHand, attempt: Callable[[], Any], clause: str) -> RuleViolation:
    """``attempt`` must raise a RuleViolation citing ``clause`` and change nothing."""
    before, logged = hand.snapshot(), len(hand.events)
    with pytest.raises(RuleViolation) as info:
        attempt()
    assert clause in info.value.clause, info.value
    assert hand.snapshot() == before
    assert len(hand.events) == logged
    return info.value


def drawn_to_h() -> DrawHand:
    """Four players, seat 2 the highest pre-draw bidder (H), everyone drew
    two: the hand waits for H's decision after the draw (OQ-19 step 2)."""
    hand = act(deal(), "s1 check, s2 bet 4, s3 call, s4 call, s1 call")
    return act(hand, "s1 draw 2c3d, s2 draw 2d3h, s3 draw 4c5h, s4 draw 6c7h")


def cards_of(view: dict[str, Any], seat: int) -> list[str | None] | None:
    cards: list[str | None] | None = view["players"][seat - 1]["cards"]
    return cards
