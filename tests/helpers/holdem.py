"""Shared helpers for the hold'em engine tests: scripted decks, a one-line
hand starter, the "a rejected action changes nothing" check and the view
privacy check."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from floorman.engine.cards import CARDS, Card, new_deck, parse_cards
from floorman.engine.errors import RuleViolation
from floorman.engine.events import Event, event_from_dict, event_to_dict
from floorman.engine.holdem import HoldemHand
from floorman.engine.profile import RuleProfile
from floorman.profiles import load_profile


def profile(name: str | RuleProfile) -> RuleProfile:
    return name if isinstance(name, RuleProfile) else load_profile(name)


def build_deck(
    holes: Sequence[str],
    board: str = "",
    burns: Sequence[str] = (),
) -> list[Card]:
    """A 52-card deck that deals ``holes`` (one entry of two cards per player,
    in dealing order: first player left of the button first) and then
    ``board``: deck[i] and deck[i + n] are player i's cards, then burn, flop,
    burn, turn, burn, river.  Unnamed cards are filled in from the rest of
    the deck in a fixed order."""
    n = len(holes)
    pairs = [parse_cards(h) for h in holes]
    assert all(len(p) == 2 for p in pairs), holes
    board_cards = list(parse_cards(board))
    burn_cards = [parse_cards(b)[0] for b in burns]
    named = [c for p in pairs for c in p] + board_cards + burn_cards
    assert len(set(named)) == len(named), f"a card is named twice: {named}"
    rest = [c for c in new_deck() if c not in set(named)]
    deck: list[Card | None] = [None] * 52
    for i, (a, b) in enumerate(pairs):
        deck[i], deck[i + n] = a, b
    # burn, 3 flop, burn, turn, burn, river
    board_slots = [2 * n + 1, 2 * n + 2, 2 * n + 3, 2 * n + 5, 2 * n + 7]
    burn_slots = [2 * n, 2 * n + 4, 2 * n + 6]
    for slot, card in zip(board_slots, board_cards, strict=False):
        deck[slot] = card
    for slot, card in zip(burn_slots, burn_cards, strict=False):
        deck[slot] = card
    filler = iter(rest)
    full = [c if c is not None else next(filler) for c in deck]
    assert sorted(full) == list(range(52))
    return [CARDS[c] for c in full]


def start(
    profile_name: str | RuleProfile,
    stacks: Sequence[int],
    *,
    holes: Sequence[str] | None = None,
    board: str = "",
    burns: Sequence[str] = (),
    seats: Sequence[int] | None = None,
    button: int | None = None,
    ante_unit: int = 1,
    deck: Sequence[int] | None = None,
    **kwargs: Any,
) -> HoldemHand:
    """Start a hand that deals itself.  By default seats are 1..n and the
    button is the last seat, so positions are seat order: seat 1 posts the
    small blind, seat 2 the big blind, seat 3 acts first pre-flop (heads-up:
    seat 2 is button and small blind, seat 1 the big blind)."""
    n = len(stacks)
    seats = list(seats) if seats is not None else list(range(1, n + 1))
    button = button if button is not None else seats[-1]
    if deck is None:
        deck = build_deck(holes or default_holes(n, board), board, burns)
    return HoldemHand.start(
        profile(profile_name),
        seats=seats,
        stacks=list(stacks),
        button=button,
        ante_unit=ante_unit,
        deck=deck,
        **kwargs,
    )


def default_holes(n: int, board: str = "") -> list[str]:
    """Distinct filler hole cards (the lowest cards not on ``board``)."""
    taken = set(parse_cards(board))
    cards = [str(c) for c in new_deck() if c not in taken]
    return [cards[2 * i] + cards[2 * i + 1] for i in range(n)]


def state_of(hand: HoldemHand) -> tuple[Any, int]:
    return hand.snapshot(), len(hand.events)


def rejected(
    hand: HoldemHand,
    error: type[RuleViolation],
    clause: str | None,
    action: Callable[..., Any],
    *args: Any,
) -> RuleViolation:
    """Run an action that must be refused with ``error`` citing ``clause``,
    and check it changed nothing (snapshot and event count)."""
    before = state_of(hand)
    with pytest.raises(error) as caught:
        action(*args)
    assert state_of(hand) == before, "a rejected action changed the hand"
    if clause is not None:
        assert clause in caught.value.clause, (clause, caught.value.clause)
    return caught.value


def json_log(events: Sequence[Event]) -> list[Event]:
    """The log through JSON text and back."""
    text = json.dumps([event_to_dict(e) for e in events])
    return [event_from_dict(d) for d in json.loads(text)]


def assert_replays(hand: HoldemHand) -> None:
    snap = hand.snapshot()
    assert HoldemHand.replay(hand.events).snapshot() == snap
    assert HoldemHand.replay(json_log(hand.events)).snapshot() == snap


def secret_cards(hand: HoldemHand, seat: int | None) -> set[str]:
    """Every card text ``seat`` (None: a spectator) may not see now: other
    players' unshown hole cards, burn cards and the undealt deck."""
    visible = {str(c) for c in hand.board}
    for i in hand.shown:
        visible.update(str(c) for c in hand.shown[i])
    if seat is not None:
        own = hand.hole_cards(seat)
        if own is not None:
            visible.update(str(c) for c in own)
    everything = {str(c) for c in CARDS}
    return everything - visible


def view_cards(view: dict[str, Any]) -> set[str]:
    """Every card-like string anywhere in a view's JSON text."""
    text = json.dumps(view)
    return {str(c) for c in CARDS if f'"{c}"' in text}


def assert_views_private(hand: HoldemHand) -> None:
    for seat in [None, *hand.seats]:
        view = hand.view(seat)
        leaked = view_cards(view) & secret_cards(hand, seat)
        assert not leaked, f"view({seat}) shows {sorted(leaked)}"


def total_chips(hand: HoldemHand) -> int:
    return sum(hand.stacks) + hand.pot_total
