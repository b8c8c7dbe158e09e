"""A running tournament: its tables dealing hands, the action clock, bots,
persistence of every event as it happens, and the per-seat views pushed to
whoever watches.

Everything runs in one asyncio event loop, so state changes never race.  The
engine and the tournament core stay pure: this module brings the clock
(``time.time``), the randomness (``secrets``) and the database.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from floorman.bots import Bot, make_bot, situation
from floorman.dealing import secure_deck, secure_randbelow
from floorman.engine.actions import Action, apply_action
from floorman.engine.clauses import clauses_for
from floorman.engine.draw import DrawHand
from floorman.engine.errors import FloormanError, RuleViolation
from floorman.engine.events import event_from_dict as hand_event_from_dict
from floorman.engine.events import event_to_dict as hand_event_to_dict
from floorman.engine.holdem import HoldemHand
from floorman.engine.profile import RuleProfile
from floorman.storage import Store
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.events import event_from_dict, event_to_dict
from floorman.tournament.hands import Hand, hand_for, replay_hand, result_of
from floorman.tournament.names import name_key
from floorman.tournament.structure import Structure

log = logging.getLogger("floorman.services")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class ServiceConfig:
    action_delay_ms: int = 800  # how long bots think
    between_hands_s: float = 2.0  # results stay on the table this long
    action_seconds: float | None = None  # default: the profile's (DE-TIME-2, OQ-42)
    timeouts_before_absent: int = 2  # then the player's hands are dealt dead (OQ-45)

    def to_dict(self) -> dict[str, Any]:
        return {
            "action_delay_ms": self.action_delay_ms,
            "between_hands_s": self.between_hands_s,
            "action_seconds": self.action_seconds,
            "timeouts_before_absent": self.timeouts_before_absent,
        }


@dataclass(eq=False)  # kept in a set: compared and hashed by identity
class Subscriber:
    """One websocket: a player (sees his seat), a spectator of a table, or
    the lobby/director (tournament summaries only)."""

    queue: asyncio.Queue[dict[str, Any]]
    player: str | None = None
    table: int | None = None  # spectators: the table watched

    def send(self, message: dict[str, Any]) -> None:
        """Queue a frame; a client that falls far behind loses its oldest
        frames, never the newest (each frame holds the whole state)."""
        if self.queue.qsize() >= 500:
            self.queue.get_nowait()
        self.queue.put_nowait(message)


@dataclass
class TableRuntime:
    number: int
    hand: Hand | None = None
    hand_id: str | None = None
    saved: int = 0  # hand events already stored
    deadline: float | None = None  # action clock of the player to act
    remaining: float | None = None  # its time left, held while paused (NM-D-1G, OQ-03)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    last_result: dict[str, Any] | None = None


class TournamentService:
    """One tournament being played.  Commands are synchronous and verified by
    the core or the engine; :meth:`run` plays the tables until the end."""

    def __init__(
        self,
        tournament: Tournament,
        store: Store,
        config: ServiceConfig,
        *,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.tournament = tournament
        self.store = store
        self.config = config
        self.now = now
        self.saved = len(tournament.events)
        # When each tournament event was stored (the ruling log's times): kept
        # beside the event, never in it, so a replay stays exactly the same.
        self.logged_at: list[float | None] = [None] * len(tournament.events)
        self.tables: dict[int, TableRuntime] = {}
        self.tokens: dict[str, str] = {}  # token hash -> player
        self.bots: dict[str, Bot] = {}
        self.subscribers: set[Subscriber] = set()
        self.timeouts: dict[str, int] = {}
        self.rng = secrets.SystemRandom()
        self.changed = asyncio.Event()
        self._new_hands: list[tuple[str, int, int]] = []
        self._finished_hands: set[str] = set()
        self._runner: asyncio.Task[None] | None = None
        self.stopping = False

    @property
    def id(self) -> str:
        return self.tournament.id

    @property
    def profile(self) -> RuleProfile:
        return self.tournament.profile

    @property
    def rulings(self) -> dict[str, str]:
        """The clauses this tournament's rulebook cites."""
        return clauses_for(self.profile)

    @property
    def action_seconds(self) -> float:
        return self.config.action_seconds or float(self.profile.action_seconds)

    # ------------------------------------------------------------ creating, loading

    @classmethod
    def create(
        cls,
        store: Store,
        profile: RuleProfile,
        structure: Structure,
        *,
        name: str = "",
        mode: str = "online",
        config: ServiceConfig | None = None,
    ) -> TournamentService:
        tournament_id = secrets.token_hex(4)
        config = config or ServiceConfig()
        tournament = Tournament.create(tournament_id, profile, structure, name=name, mode=mode)
        store.create_tournament(tournament_id, tournament.name, profile.name, config.to_dict())
        service = cls(tournament, store, config)
        service.saved = 0
        service.logged_at = []
        service.commit()
        return service

    @classmethod
    def load(cls, store: Store, tournament_id: str, config: dict[str, Any]) -> TournamentService:
        """Rebuild a tournament from its events, and the hand each table was
        playing from that hand's events (it goes on where it stopped)."""
        stored = store.tournament_events(tournament_id)
        tournament = Tournament.replay(event_from_dict(e) for e in stored)
        service = cls(tournament, store, ServiceConfig(**config))
        service.logged_at = [e.get("logged_at") for e in stored]
        for row in store.players(tournament_id):
            service.tokens[row["token_hash"]] = row["player"]
        for player in tournament.players.values():
            if player.bot:
                service.bots[player.player] = make_bot(player.bot)
        for number, state in tournament.tables.items():
            if not state.in_hand:
                continue
            # The hand the core says is running: its id follows from the
            # table and hand number (HandSpec.hand_id).
            hand_id = f"{tournament_id}-t{number}-h{state.hands}"
            hand_events = [hand_event_from_dict(e) for e in store.hand_events(hand_id)]
            if not hand_events:
                raise FloormanError(f"hand {hand_id} is running but has no stored events")
            table = service._table(number)
            table.hand = replay_hand(hand_events)
            table.hand_id = hand_id
            table.saved = len(hand_events)
            if table.hand.is_complete:
                service._finished_hands.add(hand_id)
        return service

    def _table(self, number: int) -> TableRuntime:
        table = self.tables.get(number)
        if table is None:
            table = self.tables[number] = TableRuntime(number)
        return table

    # ------------------------------------------------------------ persistence

    def commit(self) -> None:
        """Store every event made since the last commit, in one transaction,
        before anyone is told about them."""
        new_events = self.tournament.events[self.saved :]
        hand_batches = []
        for table in self.tables.values():
            if table.hand is None or table.hand_id is None:
                continue
            fresh = table.hand.events[table.saved :]
            finished = table.hand.is_complete and table.hand_id not in self._finished_hands
            if fresh or finished:
                hand_batches.append(
                    (table.hand_id, [hand_event_to_dict(e) for e in fresh], finished)
                )
                table.saved = len(table.hand.events)
                if finished:
                    self._finished_hands.add(table.hand_id)
        if not (new_events or hand_batches or self._new_hands):
            return
        stamp = self.now()
        self.store.commit(
            self.id,
            [{**event_to_dict(e), "logged_at": stamp} for e in new_events],
            self._new_hands,
            hand_batches,
            status=self.tournament.status if new_events else None,
        )
        self.saved = len(self.tournament.events)
        self.logged_at += [stamp] * (self.saved - len(self.logged_at))
        self._new_hands = []
        self.changed.set()

    # ------------------------------------------------------------ registration

    def register(self, name: str, kind: str = "human", confirmed: bool = True) -> tuple[str, str]:
        """A new player and his secret token (only its hash is stored).  The
        name is trimmed; empty, too long, control characters or a name
        already entered (case and spaces aside) are refused (DE-GEN-2, OQ-64).
        ``confirmed=False``: a running-along entry (DE-DEAL-4, OQ-46)."""
        bot = kind if kind in ("random", "sensible") else None
        if bot and self.tournament.mode == "live":
            raise TournamentError(
                "bots cannot be seated at a live event: real cards need real players",
                clause="DE-GEN-2, NM-D-1G",
            )
        name = self.tournament.check_name(name)
        player = f"p{len(self.tournament.players) + 1}"
        self.tournament.register(player, name, bot=bot, confirmed=confirmed)
        token = secrets.token_urlsafe(18)
        self.store.add_player(self.id, player, name, "bot" if bot else kind, token_hash(token))
        self.tokens[token_hash(token)] = player
        if bot:
            self.bots[player] = make_bot(bot)
        self.commit()
        self.broadcast_summary()
        return player, token

    def add_bots(self, count: int, kind: str = "sensible") -> list[str]:
        if self.tournament.mode == "live":
            raise TournamentError(
                "bots cannot be seated at a live event: real cards need real players",
                clause="DE-GEN-2, NM-D-1G",
            )
        if not 0 < count <= 10_000:
            raise TournamentError("add between 1 and 10000 bots", clause="OQ-41")
        if kind not in ("sensible", "random"):
            raise TournamentError(
                f"unknown bot kind {kind!r}: 'sensible' or 'random'", clause="OQ-41"
            )
        added = []
        number = len(self.tournament.players)
        for _ in range(count):
            number += 1
            while name_key(f"Bot {number}") in self.tournament.names:  # one name, one entry
                number += 1
            added.append(self.register(f"Bot {number}", kind)[0])
        return added

    def player_for(self, token: str | None) -> str | None:
        if not token:
            return None
        return self.tokens.get(token_hash(token))

    def start(self) -> None:
        if self.tournament.status != "registering":
            raise TournamentError(f"the tournament is {self.tournament.status}", clause="OQ-41")
        self.tournament.draw_seats(secure_randbelow)
        self.tournament.start(self.now())
        self.commit()
        self.launch()
        self.broadcast_summary()

    # ------------------------------------------------------------ running

    def launch(self) -> None:
        """Start (or restart after a reload) the table loops and the clock."""
        if self._runner is None or self._runner.done():
            self._runner = asyncio.get_running_loop().create_task(self.run())

    async def run(self) -> None:
        ticker = asyncio.create_task(self._tick_loop())
        try:
            while self.tournament.status == "running" and not self.stopping:
                for number in list(self.tournament.tables):
                    table = self._table(number)
                    if table.task is None or table.task.done():
                        table.task = asyncio.create_task(self._table_loop(table))
                self.changed.clear()
                await wait_for_event(self.changed, 1.0)
        finally:
            tasks = [ticker, *(t.task for t in self.tables.values() if t.task is not None)]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def shutdown(self) -> None:
        """Stop dealing and wait until every table has stopped."""
        self.stopping = True
        runner = self._runner
        if runner is not None:
            runner.cancel()
            await asyncio.gather(runner, return_exceptions=True)

    async def _tick_loop(self) -> None:
        while self.tournament.status == "running" and not self.stopping:
            if self.tournament.tick(self.now(), secure_randbelow):  # DE-DEAL-4 moves
                self.commit()
                self.broadcast_summary()
            await asyncio.sleep(0.5)

    def _may_deal(self, number: int) -> bool:
        t = self.tournament
        state = t.tables.get(number)
        level = t.current_level
        return (
            t.status == "running"
            and t.mode == "online"  # live events play with real cards
            and t.clock.paused_at is None
            and level is not None
            and not level.is_break
            and state is not None
            and not state.in_hand
            and sum(1 for p in state.seats.values() if t.players[p].chips > 0) >= 2
        )

    async def _table_loop(self, table: TableRuntime) -> None:
        try:
            while self.tournament.status == "running" and not self.stopping:
                if table.hand is not None and not table.hand.is_complete:
                    await self._drive(table)
                if table.hand is not None and table.hand.is_complete and self._hand_open(table):
                    self._finish_hand(table)
                    await asyncio.sleep(self.config.between_hands_s)
                    continue
                if not self._may_deal(table.number):
                    table.wake.clear()
                    await wait_for_event(table.wake, 0.5)
                    continue
                try:
                    dealt = self._begin_hand(table)
                except TournamentError:  # refused (a race with the clock, a break)
                    dealt = False
                if not dealt:  # nobody could play: give it a hand's time
                    await asyncio.sleep(max(1.0, self.config.between_hands_s))
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug must not silently stop a table
            log.exception("table %s stopped", table.number)
            raise

    def _hand_open(self, table: TableRuntime) -> bool:
        state = self.tournament.tables.get(table.number)
        return state is not None and state.in_hand

    def _begin_hand(self, table: TableRuntime) -> bool:
        # Dealt even when every hand is dead: blinded down (DE-DEAL-3, OQ-45).
        spec = self.tournament.begin_hand(table.number, secure_randbelow)
        table.hand = hand_for(self.profile, spec, secure_deck())
        table.hand_id = spec.hand_id
        table.saved = 0
        table.last_result = None
        self._new_hands.append((spec.hand_id, spec.table, spec.hand))
        self.commit()
        self.broadcast_table(table.number)
        return True

    def _finish_hand(self, table: TableRuntime) -> None:
        hand = table.hand
        assert hand is not None
        stacks, carried = result_of(hand)
        self.tournament.end_hand(
            table.number, stacks, secure_randbelow, carried_pot=carried, at=self.now()
        )
        table.last_result = {"hand_id": table.hand_id, "stacks": stacks}
        self.commit()
        for number in self.tournament.tables:
            self._table(number).wake.set()
            self.broadcast_table(number)
        self.broadcast_summary()

    async def _drive(self, table: TableRuntime) -> None:
        """Play the hand until it ends: bots act after their delay, people
        within the action clock (time-outs check or fold: DE-TIME-4, OQ-63)."""
        hand = table.hand
        assert hand is not None
        while not hand.is_complete:
            if self.tournament.status != "running" or self.stopping:
                return
            if self.tournament.clock.paused_at is not None:
                self._hold_clock(table)  # it stops where it stood (NM-D-1G, OQ-03)
                table.wake.clear()
                await wait_for_event(table.wake, 0.5)
                continue
            self._release_clock(table, self.now())
            if self._kill_disqualified(table):
                continue
            if isinstance(hand, HoldemHand) and hand.checkdown_votes is not None:
                self._bots_vote(table, hand)
            seat = hand.actor
            if seat is None:
                return
            player = hand.players[hand.position[seat]]
            bot = self.bots.get(player)
            if bot is not None:
                await asyncio.sleep(self.config.action_delay_ms / 1000)
                if hand.actor != seat or self.tournament.clock.paused_at is not None:
                    continue
                action = bot.decide(situation(hand, seat), self.rng)  # type: ignore[arg-type]
                self._act(table, seat, action)
                continue
            state = self.tournament.players.get(player)
            if (
                isinstance(hand, DrawHand)
                and hand.phase == "drawing"
                and self.tournament.disqualification_pending(player)
            ):
                hand.draw(seat, ())  # a dead hand draws nothing; it is killed when betting opens
                self.commit()
                self.broadcast_table(table.number)
                continue
            if state is not None and state.absent and hand.phase == "betting":
                # Away when due to act: deemed checked or folded at once
                # (DE-ABSENT-3/4, OQ-45), no clock to wait out.
                hand.act_absent(seat)
                table.deadline = None
                self.commit()
                self.broadcast_table(table.number)
                continue
            if table.deadline is None:
                table.deadline = self.now() + self.action_seconds
                self.broadcast_table(table.number)
            table.wake.clear()
            remaining = table.deadline - self.now()
            await wait_for_event(table.wake, max(0.0, remaining))
            if (
                hand.actor == seat
                and table.deadline is not None  # None: paused or acted meanwhile
                and self.tournament.clock.paused_at is None
                and self.now() >= table.deadline
            ):
                self._time_out(table, seat, player)
        table.deadline = None
        table.remaining = None

    def _hold_clock(self, table: TableRuntime) -> None:
        """Paused: the action clock keeps the time it had left when the
        director paused (NM-D-1G, OQ-03)."""
        paused_at = self.tournament.clock.paused_at
        if table.deadline is not None and paused_at is not None:
            table.remaining = max(0.0, table.deadline - paused_at)
            table.deadline = None

    def _release_clock(self, table: TableRuntime, at: float) -> None:
        """Resumed: the clock goes on from where it stood."""
        if table.remaining is not None:
            table.deadline = at + table.remaining
            table.remaining = None

    def pause(self) -> None:
        """The director's pause: the level clock and every action clock
        stop where they stand; nobody acts or times out (NM-D-1G, OQ-03)."""
        self.tournament.pause(self.now())
        for table in self.tables.values():
            self._hold_clock(table)

    def resume(self) -> None:
        at = self.now()
        self.tournament.resume(at)
        for table in self.tables.values():
            self._release_clock(table, at)

    def disqualify(self, player: str, clause: str, note: str = "") -> None:
        """Disqualification; during his hand it is dead at once, his chips
        leave play when it ends (NM-D-1C/1D/1E, DE-PENALTY-3, NM-D-1G)."""
        self.tournament.disqualify(player, clause, note)
        state = self.tournament.players[player]
        table = self.tables.get(state.table) if state.table is not None else None
        if table is not None:
            self._kill_disqualified(table)
            table.wake.set()

    def _kill_disqualified(self, table: TableRuntime) -> bool:
        """Kill the hands of players disqualified during this hand while
        betting is open (NM-D-1G, OQ-03); what they put in stays in the pot."""
        hand = table.hand
        killed = False
        while hand is not None and not hand.is_complete and hand.phase == "betting":
            seat = next(
                (
                    s
                    for i, (s, p) in enumerate(zip(hand.seats, hand.players, strict=True))
                    if not hand.folded[i] and self.tournament.disqualification_pending(p)
                ),
                None,
            )
            if seat is None:
                break
            if hand.actor == seat:
                table.deadline = table.remaining = None
            hand.kill(seat)
            killed = True
        if killed:
            self.commit()
            self.broadcast_table(table.number)
        return killed

    def _bots_vote(self, table: TableRuntime, hand: HoldemHand) -> None:
        """Bots answer a check-down proposal (NM-H-13): they agree when they
        would not bet themselves."""
        for seat in hand.checkdown_voters():
            bot = self.bots.get(hand.players[hand.position[seat]])
            if bot is None or hand.checkdown_votes is None or not hand.can_vote_checkdown(seat):
                continue
            legal = hand.legal_actions()
            wants_to_bet = False
            if legal is not None and legal.seat == seat:
                choice = bot.decide(situation(hand, seat), self.rng)
                wants_to_bet = choice.kind in ("bet", "raise")
            hand.vote_checkdown(seat, not wants_to_bet)
        self.commit()
        self.broadcast_table(table.number)

    def _act(self, table: TableRuntime, seat: int, action: Action) -> None:
        hand = table.hand
        assert hand is not None
        apply_action(hand, seat, action)
        table.deadline = None
        self.commit()
        self.broadcast_table(table.number)

    def _time_out(self, table: TableRuntime, seat: int, player: str) -> None:
        hand = table.hand
        assert hand is not None
        if hand.phase == "drawing":
            hand.draw(seat, ())  # stands pat: nothing to exchange without a decision
        elif (
            isinstance(hand, DrawHand)
            and hand.phase == "betting"
            and hand.can_look(seat)
            and hand.round_kind == "unseen"
            and hand.seen_acted
        ):
            hand.look(seat)
            hand.time_out(seat)
        else:
            hand.time_out(seat)
        table.deadline = None
        self.tournament.timed_out(player)  # for the ruling log (DE-TIME-4, OQ-63)
        self.timeouts[player] = self.timeouts.get(player, 0) + 1
        if self.timeouts[player] >= self.config.timeouts_before_absent:
            state = self.tournament.players.get(player)
            if state is not None and not state.absent:
                self.tournament.set_absent(player, True)
        self.commit()
        self.broadcast_table(table.number)

    # ------------------------------------------------------------ player input

    def submit(self, player: str, data: Any) -> None:
        """A player's action from a browser or an external bot; any rule
        violation is raised (nothing changes) for an error frame."""
        action = Action.from_dict(data)
        turn = self.rulings["turn"]
        state = self.tournament.players.get(player)
        if state is None or state.table is None:
            raise RuleViolation("you are not seated", clause=turn, action=action.kind)
        if self.tournament.clock.paused_at is not None:
            # The director's pause stops the tables for everyone (NM-D-1G, OQ-03).
            raise RuleViolation(
                "the tournament is paused", clause="NM-D-1G, OQ-03", action=action.kind
            )
        if self.tournament.disqualification_pending(player):
            raise RuleViolation(
                "you are disqualified: your hand is dead",
                clause="NM-D-1G, OQ-03",
                action=action.kind,
            )
        table = self.tables.get(state.table)
        hand = table.hand if table is not None else None
        if table is None or hand is None or hand.is_complete or player not in hand.players:
            raise RuleViolation("you are not in a hand", clause=turn, action=action.kind)
        seat = hand.seats[hand.players.index(player)]
        acting = hand.actor == seat
        apply_action(hand, seat, action)
        if acting and hand.actor != seat:
            table.deadline = None
        self.timeouts[player] = 0
        if state.absent:
            self.tournament.set_absent(player, False)
        self.commit()
        table.wake.set()
        self.broadcast_table(table.number)

    def back(self, player: str) -> None:
        """The player is back (a connection or any input): no longer absent."""
        state = self.tournament.players.get(player)
        self.timeouts[player] = 0
        if state is not None and state.absent and state.status == "playing":
            self.tournament.set_absent(player, False)
            self.commit()

    # ------------------------------------------------------------ views

    def table_view(self, number: int, player: str | None) -> dict[str, Any]:
        """What ``player`` (None: a spectator) may see of table ``number``:
        the engine's per-seat view (DE-HOLE-1/2), never the deck."""
        t = self.tournament
        state = t.tables.get(number)
        table = self.tables.get(number)
        hand = table.hand if table is not None else None
        seat = None
        hand_view = None
        if hand is not None:
            if player is not None and player in hand.players:
                seat = hand.seats[hand.players.index(player)]
            hand_view = hand.view(seat)
            if seat is not None:
                hand_view.update(seat_options(hand, seat))
        seats = []
        if state is not None:
            for s, p in sorted(state.seats.items()):
                ps = t.players[p]
                seats.append(
                    {
                        "seat": s,
                        "player": p,
                        "name": ps.name,
                        "chips": ps.chips,
                        "bot": ps.bot is not None,
                        "absent": ps.absent,
                        "pending": [c.ruling for c in t.pending_for(p)],
                    }
                )
        level = t.current_level
        return {
            "type": "table",
            "tournament": self.id,
            "table": number,
            "profile": self.profile.name,
            "game": self.profile.game,
            "seats": seats,
            "hand": hand_view,
            "hand_id": table.hand_id if table else None,
            "you": {"player": player, "seat": seat} if player else None,
            "timer": (
                {
                    "seat": hand.actor if hand else None,
                    "deadline": table.deadline,
                    "remaining": table.remaining,  # held while paused (NM-D-1G, OQ-03)
                    "seconds": self.action_seconds,
                }
                if table is not None and (table.deadline is not None or table.remaining is not None)
                else None
            ),
            "level": {
                "level": level.level,
                "ante": level.ante,
                "blinds": [level.small_blind, level.big_blind],
            }
            if level
            else None,
            "paused": t.clock.paused_at is not None,
            "status": t.status,
            "last_result": table.last_result if table else None,
        }

    def summary(self) -> dict[str, Any]:
        return {"type": "tournament", **self.tournament.summary(self.now())}

    def subscribe(self, player: str | None, table: int | None) -> Subscriber:
        sub = Subscriber(asyncio.Queue(), player, table)
        self.subscribers.add(sub)
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)

    def take_seat(self, sub: Subscriber) -> int:
        """The player opened his seat on another device: every older socket
        of his is told and closed (4409); the newest one plays.  Returns how
        many were closed."""
        older = [s for s in self.subscribers if s is not sub and s.player == sub.player]
        for old in older:
            self.subscribers.discard(old)
            old.send(dict(SEAT_TAKEN))
        return len(older)

    def table_of(self, sub: Subscriber) -> int | None:
        if sub.player is not None:
            state = self.tournament.players.get(sub.player)
            if state is not None and state.table is not None:
                return state.table
        return sub.table

    def broadcast_table(self, number: int) -> None:
        for sub in list(self.subscribers):
            if self.table_of(sub) == number:
                sub.send(self.table_view(number, sub.player))

    def broadcast_summary(self) -> None:
        message = self.summary()
        for sub in list(self.subscribers):
            sub.send(message)


SEAT_TAKEN_CODE = 4409  # websocket close code: the seat was opened on another device
SEAT_TAKEN = {
    "type": "seat_taken",
    "code": SEAT_TAKEN_CODE,
    "message": "seat taken over on another device",
}


def seat_options(hand: Hand, seat: int) -> dict[str, bool]:
    """What a seat may do beyond the engine's ``legal`` betting options, so a
    client offers only allowed actions: the check-down proposal and vote
    (NM-H-13), and whether he must look before calling or raising because a
    player in front of him acted seen (NM-D-2E s4)."""
    if isinstance(hand, DrawHand):
        return {"must_look": hand.must_look(hand.position[seat])}
    return {
        "can_propose_checkdown": hand.can_propose_checkdown(seat),
        "can_vote_checkdown": hand.can_vote_checkdown(seat),
    }


async def wait_for_event(event: asyncio.Event, timeout: float) -> None:
    """Wait until ``event`` is set or ``timeout`` passes.  Built on
    asyncio.wait, which (unlike wait_for on Python 3.11) never swallows the
    cancellation of the waiting task."""
    waiter = asyncio.ensure_future(event.wait())
    try:
        await asyncio.wait({waiter}, timeout=timeout)
    finally:
        waiter.cancel()


__all__ = ["FloormanError", "ServiceConfig", "TournamentService", "token_hash"]
