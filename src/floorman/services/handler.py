"""The one place a command is carried out (:mod:`floorman.services.commands`).

Whoever sent it — the HTTP API, a websocket, a web process of the cluster
through Redis — the handler checks that its author may send it, answers a
key it has answered before with that first answer, runs it against the
tournament, and stores what it changed together with its answer in one
batch: a runner killed after storing answers the client's retry from the
database, never by doing it twice.

An :class:`Answer` is HTTP-shaped (a status and a body), because that is
what every client needs: 200 and the result, 403/404, 409 with the clause
for a move the rules forbid now, 422 for a set-up they refuse, 503 when
the tournament could not be stored.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from floorman.engine.errors import FloormanError, ProfileError, RuleViolation, SetupViolation
from floorman.services import commands as c
from floorman.services import entries
from floorman.services.answers import stored_answer
from floorman.services.director import DECISIONS, decides
from floorman.services.error_bodies import error_body, message_body
from floorman.services.floor import LIVE_STATUSES, Floor
from floorman.services.runtime import TournamentService

log = logging.getLogger("floorman.services")


@dataclass(frozen=True)
class Answer:
    status: int
    body: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.status == 200

    def to_dict(self) -> dict[str, Any]:
        return {"status": self.status, "body": self.body}

    @classmethod
    def from_dict(cls, data: Any) -> Answer:
        if not isinstance(data, dict) or not isinstance(data.get("status"), int):
            return cls(500, message_body("the server could not take that action", clause="OQ-41"))
        body = data.get("body")
        return cls(int(data["status"]), body if isinstance(body, dict) else {})


def refusal(error: FloormanError) -> Answer:
    """409 for a move the rules forbid now; 422 for a set-up they refuse
    or a malformed request."""
    if isinstance(error, RuleViolation) and not isinstance(error, ProfileError):
        return Answer(409, error_body(error))
    return Answer(422, error_body(error))


def refused(status: int, template: str, values: dict[str, int | str] | None = None) -> Answer:
    return Answer(status, message_body(template, values))


#: the clause of the refusals below (422, as a malformed request): keys are
#: the server's administration of its commands, no rule of the game (OQ-41)
KEY_CLAUSE = "OQ-41"


def weak_key(command: c.Command) -> Answer | None:
    """422 for a key sent without a token that could be guessed
    (:meth:`~floorman.services.commands.Command.key_too_weak`)."""
    if not command.key_too_weak():
        return None
    return refusal(
        SetupViolation(
            "an Idempotency-Key sent without a token must hold at least {bits} random bits,"
            " such as a UUID: this one is too short",
            clause=KEY_CLAUSE,
            values={"bits": c.ANONYMOUS_KEY_BITS},
        )
    )


#: the clause of a refused command for a tournament that is over (OQ-41)
CLOSED_CLAUSE = "OQ-41"


def closed_to(command: c.Command, status: str) -> Answer | None:
    """:func:`over`'s answer for a tournament that is over; None for a
    live one (archiving and deleting are the lobby's, never refused here)."""
    return None if status in LIVE_STATUSES else over(command, status)


def over(command: c.Command, status: str) -> Answer:
    """What a tournament nobody plays any more (finished or cancelled)
    answers a command of its own, from its status alone: a seat opened is
    taken note of (there is no seat to take back), everything else is
    refused with 409 and why."""
    if isinstance(command, c.SeatOpened):
        return Answer(200, {"ok": True})
    return Answer(
        409,
        message_body(
            "tournament {tournament} is {status}: nothing in it changes any more",
            {"tournament": command.tournament, "status": status},
            clause=CLOSED_CLAUSE,
        ),
    )


def refused_at_once(command: c.Command) -> Answer | None:
    """403 for a command not its author's to send, 422 for a guessable key:
    refused before anything is looked up."""
    if not command.may_be_sent_by_author():
        return refused(403, "{kind} is not yours to send", {"kind": command.kind})
    return weak_key(command)


def first_answer(command: c.Command, first: dict[str, Any] | None) -> Answer | None:
    """The answer kept for the command's key: the first answer when the
    command is the one first sent with it, a 422 (never the first answer)
    when the key came with other content; None for a key not yet answered."""
    if first is None:
        return None
    if first.get("fingerprint") != command.fingerprint():
        return reused_key()
    return Answer.from_dict(first)


def reused_key() -> Answer:
    """422 for a key first sent with another request."""
    return refusal(
        SetupViolation(
            "this Idempotency-Key was sent before with another request:"
            " a new request needs a new key",
            clause=KEY_CLAUSE,
        )
    )


def kept(command: c.Command, answer: Answer) -> dict[str, Any]:
    """What is stored of ``answer`` under the command's key: the answer and
    the fingerprint of what it answered."""
    return {**answer.to_dict(), "fingerprint": command.fingerprint()}


#: what each command does: the director's decisions (services/director.py)
#: and, below, the players' and the start
_RUNS = DECISIONS
runs = decides


@runs(c.Start)
def _start(service: TournamentService, command: c.Start) -> None:
    service.start()


@runs(c.Register, settle=False)
def _register(service: TournamentService, command: c.Register) -> dict[str, Any]:
    player, _ = service.register(
        command.name, confirmed=command.confirmed, token_hash=command.token_hash or None
    )
    return {"player": player}


@runs(c.Act, settle=False)
def _act(service: TournamentService, command: c.Act) -> None:
    service.submit(str(command.player), dict(command.data))


class CommandHandler:
    """Carries out commands against one :class:`Floor` (this process's
    tournaments, or a runner's).  ``on_seat_opened(service, player,
    socket)``: a runner tells the web processes which socket keeps a seat."""

    def __init__(
        self,
        floor: Floor,
        *,
        on_seat_opened: Callable[[TournamentService, str, str], None] | None = None,
    ) -> None:
        self.floor = floor
        self.on_seat_opened = on_seat_opened

    async def execute(self, command: c.Command) -> Answer:
        refused_now = refused_at_once(command)
        if refused_now is not None:
            return refused_now
        try:
            if isinstance(command, c.CreateTournament):
                return await self._create(command)
            if isinstance(command, c.Archive):
                await self.floor.archive(command.tournament, command.archived)
                return Answer(200, {"ok": True})
            if isinstance(command, c.Delete):
                return await self._delete(command)
        except FloormanError as error:
            return refusal(error)
        service = self.floor.get(command.tournament)
        if service is None:
            return await self._unplayed(command)
        scoped = command.scoped_key()
        try:
            if service.store_error is not None or (
                scoped and service.work.answer_in_flight(scoped)
            ):
                # a retry of a command whose batch is on its way waits for
                # it; after a lost write nothing is answered, nor carried out
                await service.stored()
        except FloormanError as error:
            return Answer(503, error_body(error))
        try:
            first = first_answer(command, await stored_answer(service, scoped))
        except FloormanError as error:
            return Answer(503, error_body(error))
        if first is not None:
            return first
        closed = closed_to(command, service.status)
        if closed is not None:
            return closed
        if isinstance(command, c.AddBots):
            answer = await self._add_bots(service, command, scoped)
        elif isinstance(command, c.SeatOpened):
            answer = self._seat_opened(service, command, scoped)
        elif isinstance(command, c.Chat):
            answer = await self._chat(service, command, scoped)
        else:
            answer = self._run(service, command, scoped)
        try:
            await service.stored()  # "done" means stored
        except FloormanError as error:
            return Answer(503, error_body(error))
        return answer

    async def _unplayed(self, command: c.Command) -> Answer:
        """A command for a tournament not held here: 404 when none is
        stored; for one that is over (a runner holds only live ones) its
        stored row answers, and a retry its stored answer, never a replay
        of its log."""
        record = await self.floor.unplayed(command.tournament)
        if record is None:
            return refused(
                404, "no tournament {tournament}", {"tournament": repr(command.tournament)}
            )
        first = await self._stored_answer(command, command.scoped_key())
        return first or over(command, record.status)

    def _run(self, service: TournamentService, command: c.Command, scoped: str) -> Answer:
        entry = _RUNS.get(type(command))
        if entry is None:
            return refused(422, "unknown command {kind}", {"kind": command.kind})
        run, settle = entry
        with service.work.one_batch():  # the changes and the answer: one transaction
            try:
                result = run(service, command)
            except FloormanError as error:
                return refusal(error)  # nothing changed: a retry may be taken
            if settle:
                service.settle()
            if isinstance(result, dict) and not settle:
                answer = Answer(200, result)
            else:
                answer = Answer(
                    200, {"ok": True} if result is None else {"ok": True, "result": result}
                )
            if scoped:
                service.work.keep_answer(scoped, kept(command, answer))
        return answer

    async def _add_bots(
        self, service: TournamentService, command: c.AddBots, scoped: str
    ) -> Answer:
        """Bots come in steps, each stored on its own with a note of the
        bots it added under the command's key (:func:`step_key`): a retry
        after a crash adds only the bots still missing, never all again."""
        steps = await _steps(service, scoped)
        if any(step.get("fingerprint") != command.fingerprint() for step in steps):
            return reused_key()
        done = [str(p) for step in steps for p in step["body"]["result"]]
        numbered = len(steps)

        def note_step(added: list[str]) -> None:
            nonlocal numbered
            if scoped:
                numbered += 1
                step = Answer(200, {"ok": True, "result": added})
                service.work.keep_answer(step_key(scoped, numbered), kept(command, step))

        try:
            if command.count > len(done):
                done += await service.add_bots_in_steps(
                    command.count - len(done), command.bot_kind, on_step=note_step
                )
        except FloormanError as error:
            return refusal(error)
        answer = Answer(200, {"ok": True, "result": done})
        with service.work.one_batch():
            service.settle()
            if scoped:
                service.work.keep_answer(scoped, kept(command, answer))
        return answer

    async def _chat(self, service: TournamentService, command: c.Chat, scoped: str) -> Answer:
        """A chat line is stored by a thread (it is no tournament event),
        its answer in the same transaction."""
        answer = Answer(200, {"ok": True})
        keep = (scoped, kept(command, answer)) if scoped else None
        try:
            await service.say(command.player, command.table, command.text, answer=keep)
        except FloormanError as error:
            return refusal(error)
        return answer

    def _seat_opened(
        self, service: TournamentService, command: c.SeatOpened, scoped: str
    ) -> Answer:
        """Carried out once (its key is the socket's): sent again after a
        runner died, it is answered, never announced again, which would
        take the seat back from a newer socket."""
        player = str(command.player)
        answer = Answer(200, {"ok": True})
        with service.work.one_batch():
            service.back(player)
            if scoped:
                service.work.keep_answer(scoped, kept(command, answer))
        if self.on_seat_opened is not None:
            self.on_seat_opened(service, player, command.socket)
        return answer

    async def _create(self, command: c.CreateTournament) -> Answer:
        scoped = command.scoped_key()
        first = await self._stored_answer(command, scoped)
        if first is not None:
            return first
        settings = dict(command.settings)
        bots, bot_kind = settings.get("bots", 0), settings.get("bot_kind", "sensible")
        # made and first stored by a thread: the tables playing meanwhile
        # never wait for the database
        service = await asyncio.to_thread(
            self.floor.create,
            **settings,
            seat_bots=False,
            answer_key=scoped,
            answer_fingerprint=command.fingerprint(),
        )
        if bots:  # in steps: other tournaments play on meanwhile
            await service.add_bots_in_steps(int(bots), str(bot_kind))
        try:
            await service.stored()
        except FloormanError as error:
            return Answer(503, error_body(error))
        # told, not refused: a start a month or more ahead may be a typo
        warnings = entries.start_time_warnings(service.tournament.struct, self.floor.wall_clock())
        return Answer(200, {"id": service.id, **({"warnings": warnings} if warnings else {})})

    async def _delete(self, command: c.Delete) -> Answer:
        scoped = command.scoped_key()
        first = await self._stored_answer(command, scoped)
        if first is not None:
            return first
        answer = Answer(200, {"ok": True})
        await self.floor.delete(
            command.tournament, answer=(scoped, json.dumps(kept(command, answer)))
        )
        return answer

    async def _stored_answer(self, command: c.Command, scoped: str) -> Answer | None:
        """:func:`first_answer` for a command of no one tournament's
        (creating, deleting): its answer is read from the store."""
        if not scoped:
            return None
        text = await asyncio.to_thread(self.floor.store.answer, scoped)
        return first_answer(command, json.loads(text) if text is not None else None)


def step_key(scoped: str, step: int) -> str:
    """The stored key of step ``step`` (from 1) of a command carried out in
    steps (a key as long as any other: the store's column holds 64)."""
    return hashlib.sha256(f"{scoped}/{step}".encode()).hexdigest()


async def _steps(service: TournamentService, scoped: str) -> list[dict[str, Any]]:
    """The answers of the steps of a command carried out in steps, stored
    so far (each looked up by its key: a fresh command costs one lookup)."""
    steps: list[dict[str, Any]] = []
    while scoped:
        step = await stored_answer(service, step_key(scoped, len(steps) + 1))
        if step is None:
            break
        steps.append(step)
    return steps


#: what the server calls to carry out a command: this process's handler, or
#: a transport to the runner playing the tournament
Execute = Callable[[c.Command], Awaitable[Answer]]

__all__ = ["Answer", "CommandHandler", "Execute", "refusal", "refused"]
