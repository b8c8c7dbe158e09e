"""A tournament's answers to commands sent with a key, bounded in memory.

Every command a client may retry is stored with its answer (the key's
first answer answers a retry).  They are many — every action from a seat
has one — and a retry is rare, so none is loaded with a tournament: the
answers kept or found lately stay in a small cache (:data:`CACHE_SIZE`,
least recently used out first), and any other key is looked up in the
store by itself, one indexed query off the event loop.  The store forgets
answers past their retention (:mod:`floorman.storage.store`, 24 h by
default): a client retries within it or not at all.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from floorman.storage import Store

if TYPE_CHECKING:
    from floorman.services.runtime import TournamentService

#: the answers one tournament keeps in memory
CACHE_SIZE = 256


class AnswerBook:
    """One tournament's answers: the recent in memory, the rest in the store."""

    def __init__(self, store: Store, size: int | None = None) -> None:
        self.store = store
        self.size = CACHE_SIZE if size is None else size
        self._recent: OrderedDict[str, dict[str, Any]] = OrderedDict()

    def __len__(self) -> int:
        """How many are held in memory (never more than :attr:`size`)."""
        return len(self._recent)

    def __setitem__(self, key: str, answer: dict[str, Any]) -> None:
        """``answer`` is stored (its batch written): kept for a retry."""
        self._recent[key] = answer
        self._recent.move_to_end(key)
        while len(self._recent) > self.size:
            self._recent.popitem(last=False)

    def update(self, answers: Mapping[str, dict[str, Any]]) -> None:
        for key, answer in answers.items():
            self[key] = answer

    def cached(self, key: str) -> dict[str, Any] | None:
        """The answer to ``key`` if it is held in memory."""
        answer = self._recent.get(key)
        if answer is not None:
            self._recent.move_to_end(key)
        return answer

    async def find(self, key: str) -> dict[str, Any] | None:
        """The stored answer to ``key``: from memory, or one lookup of the
        key in the store, in a thread (None: never answered, or pruned)."""
        recent = self.cached(key)
        if recent is not None:
            return recent
        text = await asyncio.to_thread(self.store.answer, key)
        if text is None:
            return None
        answer: dict[str, Any] = json.loads(text)
        self[key] = answer
        return answer


async def stored_answer(service: TournamentService, key: str) -> dict[str, Any] | None:
    """The answer kept for ``key`` in ``service``: what a retry gets.  One
    sent while the command is carried out (its batch on its way, or its
    answer stored meanwhile by another sending) waits for that batch and
    finds its answer: a key is never carried out twice."""
    if not key:
        return None
    found = await service.answers.find(key)
    if found is None:  # looked up in a thread: the command may have run meanwhile
        if service.work.answer_in_flight(key):
            await service.stored()  # raises when the batch was lost: nothing answered
        found = service.answers.cached(key)
    return found


__all__ = ["CACHE_SIZE", "AnswerBook", "stored_answer"]
