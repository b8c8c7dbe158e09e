"""The fault run's clients (``floorman chaos``, issue 27): a call that gets
no answer, or a 5xx or 429, is sent again with the same Idempotency-Key
until it is answered; any other answer is final; a call sent twice at once
on purpose must get one answer twice, or the run counts a double."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import httpx

from floorman.chaos.clients import Ledger, call

Handler = Callable[[httpx.Request], httpx.Response]


def calling(handler: Handler, *, twice: bool = False) -> tuple[Ledger, list[httpx.Request]]:
    seen: list[httpx.Request] = []

    def recorded(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return handler(request)

    async def go() -> Ledger:
        ledger = Ledger()
        record = ledger.new("warn", "t1", "director")
        transport = httpx.MockTransport(recorded)
        async with httpx.AsyncClient(transport=transport, base_url="http://chaos") as http:
            await call(http, ledger, record, "/api/tournaments/t1/floor/warn", {}, twice=twice)
        return ledger

    return asyncio.run(go()), seen


def test_a_call_without_an_answer_is_sent_again_with_the_same_key() -> None:
    answers = iter([None, 503, 200])

    def handler(request: httpx.Request) -> httpx.Response:
        status = next(answers)
        if status is None:
            raise httpx.ReadTimeout("no answer", request=request)
        return httpx.Response(status, json={"ok": status == 200})

    ledger, seen = calling(handler)
    record = ledger.sent[0]
    assert record.acknowledged and record.attempts == 3
    assert {r.headers["idempotency-key"] for r in seen} == {record.key}
    assert (ledger.retried, ledger.resent, ledger.doubled) == (1, 2, 0)


def test_a_refusal_is_final_and_not_acknowledged() -> None:
    ledger, seen = calling(lambda _: httpx.Response(409, json={"clause": "NM-D-1G"}))
    record = ledger.sent[0]
    assert (record.status, record.acknowledged, len(seen)) == (409, False, 1)
    assert ledger.retried == 0


def test_sent_twice_at_once_with_two_different_answers_is_a_double() -> None:
    players = iter(["p1", "p2"])
    ledger, seen = calling(
        lambda _: httpx.Response(200, json={"player": next(players)}), twice=True
    )
    record = ledger.sent[0]
    assert len(seen) == 2 and record.answers_differ and ledger.doubled == 1
    assert ledger.retried == 0  # a double click is no retry


def test_sent_twice_at_once_with_one_answer_is_fine() -> None:
    ledger, _ = calling(lambda _: httpx.Response(200, json={"player": "p1"}), twice=True)
    assert not ledger.sent[0].answers_differ and ledger.sent[0].acknowledged
