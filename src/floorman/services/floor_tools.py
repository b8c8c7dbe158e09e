"""The director's tools on a running hand and the players' own table
controls: a misdeal, a void, a dead hand (each verified by the tournament
core and the hand before anything is recorded), calling the clock on the
player to act, sitting out (now or from the next hand) and coming back.

The tournament records each ruling for the ruling log; the hand's own log
holds what it did to the cards and the chips.  Nothing here is a rule of
its own: the rules are the core's and the engine's ``verify_*``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from floorman.dealing import secure_deck
from floorman.engine.cards import Card
from floorman.engine.errors import RuleViolation
from floorman.tournament.core import TournamentError

if TYPE_CHECKING:
    from floorman.services.runtime import TournamentService
    from floorman.services.tables import TableRuntime
    from floorman.tournament.hands import Hand

#: the hand's own clause of each hand ruling (engine/clauses.py)
HAND_RULING_CLAUSE = {"misdeal": "misdeal", "void": "void", "dead_hand": "foul"}


class FloorTools:
    """What the director and the players do to a table beside the play."""

    def __init__(self, service: TournamentService) -> None:
        self.service = service

    # ------------------------------------------------------------ the director

    def rule_hand(
        self,
        ruling: str,
        table: int,
        *,
        player: str | None = None,
        note: str = "",
        clause: str | None = None,
    ) -> dict[str, object]:
        """A misdeal (dealt again with a new shuffle, button and blinds
        stay: DE-MISDEAL-1/2, NM-D-1F, OQ-59), a void (every bet returned:
        DE-DECK-5/6, OQ-08) or a dead hand (DE-FOUL-1/2, DE-SDFOUL-1) at
        ``table``.  Online the running hand carries it out; at a live event
        it is recorded for the log (the dealer and the director act on the
        real cards).  ``clause``: the director's own citation, which must be
        this event's rulebook's; by default the hand's clause for it."""
        service = self.service
        t = service.tournament
        t.verify_hand_ruling(ruling, table, player)
        if clause:
            t.verify_clauses(clause)
        runtime = service.tables.get(table)
        hand = runtime.hand if runtime is not None else None
        deck: list[Card] | None = None
        seat: int | None = None  # the dead hand's
        if t.mode == "online":
            if runtime is None or hand is None or hand.is_complete:
                raise TournamentError(
                    "no hand is running at table {table}", clause=t.floor_clause,
                    values={"table": table},
                )  # fmt: skip
            if ruling == "misdeal":
                hand.verify_misdeal()
                deck = secure_deck() if hand.deck is not None else None
            elif ruling == "void":
                hand.verify_void()
            else:
                assert player is not None  # the core checked he was dealt in
                seat = hand.seats[hand.players.index(player)]
                hand.verify_declare_dead(seat)
        cited = clause or service.rulings[HAND_RULING_CLAUSE[ruling]]
        event = t.rule_hand(ruling, table, cited, note, player)
        if hand is not None and runtime is not None and t.mode == "online":
            self._carry_out(runtime, hand, ruling, seat, note, deck)
        service.settle()
        return {"ruling": event.ruling, "table": table, "hand": event.hand, "clause": cited}

    def _carry_out(
        self,
        runtime: TableRuntime,
        hand: Hand,
        ruling: str,
        seat: int | None,
        note: str,
        deck: list[Card] | None,
    ) -> None:
        """The hand carries out what the director ruled (verified above)."""
        if ruling == "misdeal":
            hand.misdeal(note or "misdeal", deck)
        elif ruling == "void":
            hand.void(note)
        else:
            assert seat is not None
            hand.declare_dead(seat, note)
        # whoever is to act now gets a fresh clock
        runtime.deadline = runtime.remaining = None
        runtime.bank_from = runtime.bank_elapsed = None
        runtime.clock_called = False

    # ------------------------------------------------------------ the players

    def verify_call_clock(self, by: str) -> tuple[TableRuntime, Hand, str]:
        """``by`` may call the clock on the person to act at his table now:
        a seated player (the core's check), a person with a running clock
        (a bot acts at once), not called yet, and the call gives him less
        time than he has (DE-TIME-2, OQ-63; OQ-42 in the NM events).
        Returns the table, its hand and the player called on."""
        service = self.service
        t = service.tournament
        clause = service.rulings["clock"]
        state = t.players.get(by)
        runtime = service.tables.get(state.table) if state and state.table is not None else None
        hand = runtime.hand if runtime is not None else None
        if runtime is None or hand is None or hand.is_complete or hand.actor is None:
            raise TournamentError("nobody at your table is to act now", clause=clause)
        player = hand.players[hand.position[hand.actor]]
        t.verify_call_clock(by, player)
        name = t.players[player].name
        if t.hands_held:
            raise TournamentError("the tournament is paused", clause=t.floor_clause)
        if player in service.bots or runtime.deadline is None:
            raise TournamentError(
                "{player} acts at once: there is no clock to call", clause=clause,
                values={"player": name},
            )  # fmt: skip
        if runtime.clock_called:
            raise TournamentError(
                "the clock is already called on {player}", clause=clause, values={"player": name}
            )
        seconds = service.profile.clock_seconds
        if runtime.bank_from is None and runtime.deadline - service.now() <= seconds:
            raise TournamentError(
                "{player} has less than {seconds} s left already",
                clause=clause,
                values={"player": name, "seconds": seconds},
            )
        return runtime, hand, player

    def can_call_clock(self, by: str) -> bool:
        """:meth:`verify_call_clock` as a yes or no (every player's frame asks)."""
        try:
            self.verify_call_clock(by)
        except RuleViolation:
            return False
        return True

    def call_clock(self, by: str) -> int:
        """``by``, seated at the table, calls the clock on the person to
        act there: he has the profile's ``clock_seconds`` from now, his time
        bank no longer counts, and then he checks or folds (DE-TIME-2…4,
        OQ-63; OQ-42 in the NM events).  Returns the seconds given."""
        service = self.service
        runtime, hand, player = self.verify_call_clock(by)
        seconds = service.profile.clock_seconds
        now = service.now()
        service.tournament.call_clock(by, player, seconds)
        assert hand.actor is not None
        service.driver.turn_taken(runtime, hand.actor, now, keep_clock=True)  # his bank so far
        runtime.deadline = now + seconds
        runtime.clock_called = True
        service.commit(runtime)
        runtime.wake.set()
        service.broadcast_table(runtime.number)
        return seconds

    def sit_out(self, player: str, away: bool) -> None:
        """The player sits out (his hands are dealt dead, his forced bets
        posted: DE-SEATED-1/2, OQ-45) or is back.  Sitting out during his
        hand, he is deemed to check or fold when his turn comes
        (DE-ABSENT-3/4)."""
        service = self.service
        t = service.tournament
        state = t.players.get(player)
        if state is None or state.status != "playing":
            raise RuleViolation("you are not playing", clause=service.rulings["absent"])
        service.timeouts[player] = 0
        if state.absent != away:
            t.set_absent(player, away, reason="player")
        elif not away:  # "I'm back" before his next hand: he plays it
            t.request_sit_out(player, False)
        self._changed(state.table)

    def sit_out_next(self, player: str) -> None:
        """During his hand the player asks to sit out from the next hand
        on: this hand plays on as usual, the next one is dealt to him dead
        (DE-SEATED-1/2, OQ-45).  ``back`` takes the request back."""
        t = self.service.tournament
        t.request_sit_out(player)
        self._changed(t.players[player].table)

    def _changed(self, table: int | None) -> None:
        service = self.service
        service.commit()
        if table is not None:
            runtime = service.tables.get(table)
            if runtime is not None:
                runtime.wake.set()
            service.broadcast_table(table)


__all__ = ["HAND_RULING_CLAUSE", "FloorTools"]
