"""Finished hands for people: step-by-step public replays and downloads.

A step shows what a spectator saw after each public event: hole cards only
once shown (DE-HOLE-1), never the deck, burn cards or discards."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import hashlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from floorman.engine.events import (
    Burned,
    Discarded,
    DrawDealt,
    Event,
    HandStarted,
    HoleDealt,
    event_from_dict,
)
from floorman.formats.variants import hand_to_phh_text, hand_to_text
from floorman.tournament.hands import Hand, replay_hand

_QUIET = (HandStarted, Burned)


def public_event(event: Event) -> dict[str, Any]:
    """An event as everyone may see it: who got cards, not which."""
    name = event.kind
    if isinstance(event, HoleDealt | DrawDealt):
        return {"type": name, "seat": event.seat, "count": len(event.cards)}
    if isinstance(event, Discarded):
        return {"type": name, "seat": event.seat, "count": len(event.cards)}
    from floorman.engine.events import event_to_dict

    data = event_to_dict(event)
    data.pop("deck", None)  # never the deck (DE-BURN-11): not even after the hand
    return data


def hand_steps(raw: list[dict[str, Any]]) -> list[dict[str, Any]]:
    events = [event_from_dict(e) for e in raw]
    steps = []
    for k in range(1, len(events) + 1):
        event = events[k - 1]
        if isinstance(event, _QUIET) and k > 1:
            continue
        hand = replay_hand(events[:k])
        steps.append({"event": public_event(event), "view": hand.view(None)})
    return steps


#: the finished hands whose steps stay built (least recently asked for out first)
STEPS_CACHE_SIZE = 512


class FinishedHandSteps:
    """:func:`hand_steps` of finished hands, built once: a finished hand
    never changes, and its page is open to anyone, so a stranger asking
    for it again costs no replay (a hand's steps replay it once per event).
    Bounded: the :data:`STEPS_CACHE_SIZE` asked for last."""

    def __init__(self, size: int | None = None) -> None:
        self.size = STEPS_CACHE_SIZE if size is None else size
        self.kept: OrderedDict[str, list[dict[str, Any]]] = OrderedDict()

    def __len__(self) -> int:
        return len(self.kept)

    async def steps(
        self, hand_id: str, events: Callable[[], Awaitable[list[dict[str, Any]]]]
    ) -> list[dict[str, Any]]:
        """The steps of finished hand ``hand_id``; ``events()`` reads its
        events when they are not built yet (the replays run in a thread)."""
        built = self.kept.get(hand_id)
        if built is None:
            built = await asyncio.to_thread(hand_steps, await events())
            self.kept[hand_id] = built
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
        self.kept.move_to_end(hand_id)
        return built


#: one per process: a hand's id is unique and its steps the same everywhere
FINISHED_HAND_STEPS = FinishedHandSteps()


def hand_text(
    raw: list[dict[str, Any]],
    hero_player: str | None,
    *,
    hand_id: str,
    started_at: float,
    names: dict[str, str] | None = None,
) -> str:
    """The hand as PokerStars-style text, dated when it was played (UTC) and
    numbered stably from its id, players by their names; only the hero's own
    cards besides shown ones."""
    events = [event_from_dict(e) for e in raw]
    hero = _seat_of(replay_hand(events), hero_player)
    first = events[0]
    if names and isinstance(first, HandStarted):
        players = tuple(names.get(p, p) for p in first.players)
        events[0] = dataclasses.replace(first, players=players)
    hand = replay_hand(events)
    number = hand_number(hand_id)
    when = datetime.datetime.fromtimestamp(started_at, datetime.UTC).replace(tzinfo=None)
    return hand_to_text(hand, hand_number=number, played_at=when, hero=hero, time_zone="UTC")


def hand_number(hand_id: str) -> int:
    """A number for text histories (trackers want one), the same in every
    process: a digest of the hand's id."""
    return int(hashlib.sha256(hand_id.encode()).hexdigest()[:11], 16)


def hand_phh(raw: list[dict[str, Any]]) -> str:
    return hand_to_phh_text(replay_hand([event_from_dict(e) for e in raw]))


def _seat_of(hand: Hand, player: str | None) -> int | None:
    if player is None or player not in hand.players:
        return None
    return hand.seats[hand.players.index(player)]
