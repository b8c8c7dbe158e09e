"""The director's commands decided: pause and resume, the floor's rulings
(warnings, penalties, disqualification, a hand ruled a misdeal, void or
dead), corrections, the clock, hand-for-hand, the chip race and the live
event's chip counts.

Each is one function of the tournament service and its typed command
(:mod:`floorman.services.commands`), registered in :data:`DECISIONS` by
:func:`decides`; the command handler (:mod:`floorman.services.handler`)
looks the command's class up there and carries it out in one unit of work.
A decision calls the tournament core's verify-and-apply (or the engine's,
for a hand) directly: the core refuses with the clause before anything
changes.  Afterwards the handler settles the tournament (stored, told, the
tables woken) unless the decision was registered with ``settle=False``.

A new director command is a command class, a decision here, the core's
fold, the console's button and its words (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from floorman.dealing import secure_randbelow
from floorman.services import commands as c
from floorman.services import deals, entries
from floorman.tournament.events import event_to_dict

if TYPE_CHECKING:
    from floorman.services.runtime import TournamentService

_C = TypeVar("_C", bound=c.Command)
#: a decision: the service and the command; what it returns is the answer's result
Decide = Callable[["TournamentService", Any], Any]
#: every command the handler's table carries out, with whether it settles
DECISIONS: dict[type[c.Command], tuple[Decide, bool]] = {}


def decides(
    cls: type[_C], *, settle: bool = True
) -> Callable[[Callable[[TournamentService, _C], Any]], Callable[[TournamentService, _C], Any]]:
    """Register what command ``cls`` does; ``settle``: afterwards everyone
    is told and the tables woken (the director's calls)."""

    def register(
        decide: Callable[[TournamentService, _C], Any],
    ) -> Callable[[TournamentService, _C], Any]:
        DECISIONS[cls] = (decide, settle)
        return decide

    return register


# ---------------------------------------------------------------- the clock


@decides(c.Pause)
def pause(service: TournamentService, command: c.Pause) -> None:
    """The director's pause: the level clock and every action clock stop
    where they stand; nobody acts or times out (NM-D-1G, OQ-03)."""
    service.tournament.pause(service.now())
    for table in service.tables.values():
        service.driver.hold_clock(table)


@decides(c.Resume)
def resume(service: TournamentService, command: c.Resume) -> None:
    at = service.now()
    service.tournament.resume(at)
    for table in service.tables.values():
        service.driver.release_clock(table, at)


@decides(c.CallBreak)
def call_break(service: TournamentService, command: c.CallBreak) -> None:
    """A break now: the level clock stops, the hands being played are
    played out, no new hand is dealt until it is over (NM-D-1G, OQ-03,
    OQ-09)."""
    service.tournament.call_break(command.seconds, service.now(), command.note)


@decides(c.AdjustClock)
def adjust_clock(service: TournamentService, command: c.AdjustClock) -> None:
    """Time added to (or taken off) the level being played (NM-D-1G, OQ-03)."""
    service.tournament.adjust_clock(command.seconds, service.now(), command.note)


@decides(c.NextLevel)
def next_level(service: TournamentService, command: c.NextLevel) -> None:
    """The next level now (NM-D-1G, OQ-03)."""
    service.tournament.next_level(service.now(), command.note)


@decides(c.OverrideLevel)
def override_level(service: TournamentService, command: c.OverrideLevel) -> None:
    service.tournament.override_level(command.level, service.now(), command.note)


# ---------------------------------------------------------------- the floor's rulings


@decides(c.Warn)
def warn(service: TournamentService, command: c.Warn) -> None:
    service.tournament.verify_clauses(command.clause)
    service.tournament.warn(command.target, command.clause, command.note)


@decides(c.PenalizeTime)
def time_penalty(service: TournamentService, command: c.PenalizeTime) -> None:
    """His next ``hands`` hands are dealt dead (OQ-62)."""
    service.tournament.verify_clauses(command.clause)
    service.tournament.time_penalty(command.target, command.hands, command.clause, command.note)


@decides(c.Disqualify)
def disqualify(service: TournamentService, command: c.Disqualify) -> None:
    """Disqualification; during his hand it is dead at once, his chips
    leave play when it ends (NM-D-1C/1D/1E, DE-PENALTY-3, NM-D-1G)."""
    player = command.target
    service.tournament.verify_clauses(command.clause)
    service.tournament.disqualify(player, command.clause, command.note)
    state = service.tournament.players[player]
    table = service.tables.get(state.table) if state.table is not None else None
    if table is not None:
        if service.driver.kill_disqualified(table):
            service.commit()
            service.broadcast_table(table.number)
        table.wake.set()


@decides(c.RuleHand)
def rule_hand(service: TournamentService, command: c.RuleHand) -> dict[str, object]:
    """A misdeal, a void or a dead hand (:class:`FloorTools`)."""
    return service.floor_tools.rule_hand(
        command.ruling,
        command.table,
        player=command.target,
        note=command.note,
        clause=command.clause,
    )


@decides(c.MuteChat)
def mute_chat(service: TournamentService, command: c.MuteChat) -> None:
    service.tournament.mute_chat(command.target, command.muted, command.note)


@decides(c.UndoRuling)
def undo_ruling(service: TournamentService, command: c.UndoRuling) -> dict[str, Any]:
    """The director's last chip correction, move or live count taken
    back (NM-D-1G, OQ-03), as an event dictionary; ``command.index``: the
    ruling his console showed him (refused if his last is another)."""
    return event_to_dict(service.tournament.undo_ruling(command.note, command.index))


# ---------------------------------------------------------------- entries and corrections


@decides(c.Unregister)
def unregister(service: TournamentService, command: c.Unregister) -> None:
    """Take an entry back before the seat draw (OQ-41); a bot goes too."""
    service.tournament.unregister(command.target)
    service.bots.pop(command.target, None)


@decides(c.Cancel)
def cancel(service: TournamentService, command: c.Cancel) -> None:
    """Call the tournament off before its start (OQ-41)."""
    service.tournament.cancel(command.note)


@decides(c.Confirm)
def confirm(service: TournamentService, command: c.Confirm) -> None:
    """An unconfirmed entry is paid or checked in (DE-DEAL-3/4, OQ-46)."""
    service.tournament.confirm(command.target)


@decides(c.ReEnter)
def re_enter(service: TournamentService, command: c.ReEnter) -> None:
    """A re-entry (OQ-41, OQ-68)."""
    entries.re_enter(service, command.target)


@decides(c.SetAbsent)
def set_absent(service: TournamentService, command: c.SetAbsent) -> None:
    service.tournament.set_absent(command.target, command.absent, reason="director")


@decides(c.OverrideChips)
def override_chips(service: TournamentService, command: c.OverrideChips) -> None:
    """Correct a stack (NM-D-1G, OQ-03): pending while his hand runs."""
    service.tournament.override_chips(command.target, command.chips, command.note)


@decides(c.OverrideSeat)
def override_seat(service: TournamentService, command: c.OverrideSeat) -> None:
    service.tournament.override_seat(command.target, command.table, command.seat, command.note)


@decides(c.ReissueSeatLink)
def reissue_seat_link(service: TournamentService, command: c.ReissueSeatLink) -> dict[str, Any]:
    """A new seat link for the player (OQ-74)."""
    return service.reissue_seat_link(command.target)


# ---------------------------------------------------------------- procedures


@decides(c.SetHandForHand)
def set_hand_for_hand(service: TournamentService, command: c.SetHandForHand) -> list[Any]:
    """Hand-for-hand on or off (OQ-71); turned off, those out in the
    hand at the tables that played it are placed (as event dictionaries)."""
    events = service.tournament.set_hand_for_hand(
        command.on, service.now(), command.note, secure_randbelow
    )
    return [event_to_dict(e) for e in events]


@decides(c.CloseHandForHandHand)
def close_hand_for_hand_hand(
    service: TournamentService, command: c.CloseHandForHandHand
) -> list[Any]:
    """Live: every table has finished the hand-for-hand hand; those out
    in it are placed together (OQ-71, OQ-06), as event dictionaries."""
    events = service.tournament.close_hand_for_hand_hand(secure_randbelow, service.now())
    return [event_to_dict(e) for e in events]


@decides(c.RaceOff)
def race_off(service: TournamentService, command: c.RaceOff) -> list[Any]:
    """The smallest chip leaves play: a chip race at every table, or a
    colour-up by rounding, as the profile says (OQ-72); each table's
    race as an event dictionary (its cards and the stacks after it)."""
    return [event_to_dict(e) for e in service.tournament.race_off(secure_randbelow, command.note)]


@decides(c.RecordChipCounts)
def record_chip_counts(service: TournamentService, command: c.RecordChipCounts) -> list[Any]:
    """A live table's chip counts (NM-D-1B s2); the eliminations, moves
    and breaks they lead to, as event dictionaries."""
    events = service.tournament.record_chip_counts(
        command.table,
        dict(command.counts),
        secure_randbelow,
        service.now(),
        confirm_correction=command.confirm_correction,
        note=command.note,
    )
    return [event_to_dict(e) for e in events]


# ---------------------------------------------------------------- deals (OQ-34, OQ-73)


@decides(c.ProposeDeal)
def propose_deal(service: TournamentService, command: c.ProposeDeal) -> dict[str, Any]:
    return deals.propose(service, command.method, command.note)


@decides(c.AnswerDeal)
def answer_deal(service: TournamentService, command: c.AnswerDeal) -> dict[str, Any]:
    return deals.answer(service, command.target, command.agree, by_director=command.player is None)


@decides(c.WithdrawDeal)
def withdraw_deal(service: TournamentService, command: c.WithdrawDeal) -> dict[str, Any]:
    return deals.withdraw(service)


__all__ = ["DECISIONS", "Decide", "decides"]
