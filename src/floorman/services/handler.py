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
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from floorman.engine.errors import FloormanError, ProfileError, RuleViolation
from floorman.services import commands as c
from floorman.services import deals, entries
from floorman.services.error_bodies import error_body, message_body
from floorman.services.floor import Floor
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


_C = TypeVar("_C", bound=c.Command)
Run = Callable[[TournamentService, Any], Any]
_RUNS: dict[type[c.Command], tuple[Run, bool]] = {}


def runs(
    cls: type[_C], *, settle: bool = True
) -> Callable[[Callable[[TournamentService, _C], Any]], None]:
    """Register what a tournament command does; ``settle``: afterwards
    everyone is told and the tables woken (the director's calls)."""

    def register(run: Callable[[TournamentService, _C], Any]) -> None:
        _RUNS[cls] = (run, settle)

    return register


runs(c.Start)(lambda s, _: s.start())
runs(c.Pause)(lambda s, _: s.pause())
runs(c.Resume)(lambda s, _: s.resume())
runs(c.Warn)(lambda s, k: s.warn(k.target, k.clause, k.note))
runs(c.PenalizeTime)(lambda s, k: s.time_penalty(k.target, k.hands, k.clause, k.note))
runs(c.Disqualify)(lambda s, k: s.disqualify(k.target, k.clause, k.note))
runs(c.RuleHand)(
    lambda s, k: s.rule_hand(k.ruling, k.table, player=k.target, note=k.note, clause=k.clause)
)
runs(c.Confirm)(lambda s, k: s.confirm(k.target))
runs(c.ReEnter)(lambda s, k: entries.re_enter(s, k.target))  # OQ-41, OQ-68
runs(c.SetAbsent)(lambda s, k: s.set_absent(k.target, k.absent))
runs(c.MuteChat)(lambda s, k: s.mute_chat(k.target, k.muted, k.note))
runs(c.OverrideChips)(lambda s, k: s.override_chips(k.target, k.chips, k.note))
runs(c.OverrideSeat)(lambda s, k: s.override_seat(k.target, k.table, k.seat, k.note))
runs(c.OverrideLevel)(lambda s, k: s.override_level(k.level, k.note))
runs(c.RecordChipCounts)(
    lambda s, k: s.record_chip_counts(
        k.table, k.counts, confirm_correction=k.confirm_correction, note=k.note
    )
)
runs(c.ProposeDeal)(lambda s, k: deals.propose(s, k.method, k.note))  # OQ-34, OQ-73
runs(c.AnswerDeal)(lambda s, k: deals.answer(s, k.target, k.agree, by_director=k.player is None))
runs(c.WithdrawDeal)(lambda s, _: deals.withdraw(s))
runs(c.Unregister)(lambda s, k: s.unregister(k.target))
runs(c.Cancel)(lambda s, k: s.cancel(k.note))


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
        if not command.may_be_sent_by_author():
            return refused(403, "{kind} is not yours to send", {"kind": command.kind})
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
            return refused(
                404, "no tournament {tournament}", {"tournament": repr(command.tournament)}
            )
        scoped = command.scoped_key()
        first = service.answers.get(scoped) if scoped else None
        if first is not None:
            return Answer.from_dict(first)
        if isinstance(command, c.AddBots):
            answer = await self._add_bots(service, command)
            if scoped and answer.ok:  # bots come in steps, each stored on its own
                service.keep_answer(scoped, answer.to_dict())
                service.commit()
        elif isinstance(command, c.SeatOpened):
            answer = self._seat_opened(service, command)
        elif isinstance(command, c.Chat):
            answer = await self._chat(service, command)
        else:
            answer = self._run(service, command, scoped)
        try:
            await service.stored()  # "done" means stored
        except FloormanError as error:
            return Answer(503, error_body(error))
        return answer

    def _run(self, service: TournamentService, command: c.Command, scoped: str) -> Answer:
        entry = _RUNS.get(type(command))
        if entry is None:
            return refused(422, "unknown command {kind}", {"kind": command.kind})
        run, settle = entry
        with service.one_batch():  # the changes and the answer: one transaction
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
                service.keep_answer(scoped, answer.to_dict())
        return answer

    async def _add_bots(self, service: TournamentService, command: c.AddBots) -> Answer:
        try:
            added = await service.add_bots_in_steps(command.count, command.bot_kind)
        except FloormanError as error:
            return refusal(error)
        service.settle()
        return Answer(200, {"ok": True, "result": added})

    async def _chat(self, service: TournamentService, command: c.Chat) -> Answer:
        """A chat line is stored by a thread (it is no tournament event)."""
        try:
            await service.say(command.player, command.table, command.text)
        except FloormanError as error:
            return refusal(error)
        return Answer(200, {"ok": True})

    def _seat_opened(self, service: TournamentService, command: c.SeatOpened) -> Answer:
        player = str(command.player)
        service.back(player)
        if self.on_seat_opened is not None:
            self.on_seat_opened(service, player, command.socket)
        return Answer(200, {"ok": True})

    async def _create(self, command: c.CreateTournament) -> Answer:
        scoped = command.scoped_key()
        if scoped:
            first = await asyncio.to_thread(self.floor.store.answer, scoped)
            if first is not None:
                return Answer.from_dict(json.loads(first))
        settings = dict(command.settings)
        bots, bot_kind = settings.get("bots", 0), settings.get("bot_kind", "sensible")
        # made and first stored by a thread: the tables playing meanwhile
        # never wait for the database
        service = await asyncio.to_thread(
            self.floor.create, **settings, seat_bots=False, answer_key=scoped
        )
        if bots:  # in steps: other tournaments play on meanwhile
            await service.add_bots_in_steps(int(bots), str(bot_kind))
        try:
            await service.stored()
        except FloormanError as error:
            return Answer(503, error_body(error))
        return Answer(200, {"id": service.id})

    async def _delete(self, command: c.Delete) -> Answer:
        scoped = command.scoped_key()
        if scoped:
            first = await asyncio.to_thread(self.floor.store.answer, scoped)
            if first is not None:
                return Answer.from_dict(json.loads(first))
        answer = Answer(200, {"ok": True})
        await self.floor.delete(command.tournament, answer=(scoped, json.dumps(answer.to_dict())))
        return answer


#: what the server calls to carry out a command: this process's handler, or
#: a transport to the runner playing the tournament
Execute = Callable[[c.Command], Awaitable[Answer]]

__all__ = ["Answer", "CommandHandler", "Execute", "refusal", "refused"]
