"""A running tournament: the facade the server keeps to.

Its tables deal hands (:mod:`floorman.services.tables`, on the shared
:class:`~floorman.sim.driver.TableDriver`), every event is stored as it
happens, the per-seat views are pushed to whoever watches
(:mod:`floorman.services.broadcast`), players are known by their tokens
(:mod:`floorman.services.auth`), and the director's rulings and the API's
reports go through here (:mod:`floorman.services.reports`).

Everything runs in one asyncio event loop, so state changes never race.  The
engine and the tournament core stay pure: this package brings the clock
(``time.time``), the randomness (``secrets``) and the database.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from bisect import bisect_left
from collections.abc import Callable, Mapping
from typing import Any

from floorman.bots import Bot, make_bot
from floorman.dealing import secure_deck, secure_randbelow
from floorman.engine.actions import Action, apply_action
from floorman.engine.clauses import clauses_for
from floorman.engine.errors import FloormanError, RuleViolation
from floorman.engine.events import event_from_dict as hand_event_from_dict
from floorman.engine.events import event_to_dict as hand_event_to_dict
from floorman.engine.profile import RuleProfile
from floorman.engine.variants import variant_for
from floorman.services import reports
from floorman.services.auth import Tokens, token_hash
from floorman.services.broadcast import SEAT_TAKEN, SEAT_TAKEN_CODE, Broadcaster, Subscriber
from floorman.services.charts import chip_chart_svg
from floorman.services.chat import TableChat
from floorman.services.tables import ServiceConfig, TableLoops, TableRuntime, wait_for_event
from floorman.sim.driver import TableDriver
from floorman.storage import Store
from floorman.tournament.chip_history import ChipSample, chip_history
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.events import LevelChanged, event_from_dict, event_to_dict
from floorman.tournament.hands import replay_hand
from floorman.tournament.names import name_key
from floorman.tournament.structure import Structure


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
        self.auth = Tokens()
        self.bots: dict[str, Bot] = {}
        self.timeouts: dict[str, int] = {}
        self.rng = secrets.SystemRandom()
        self.driver = TableDriver(
            tournament,
            self.bots,
            rng=self.rng,
            randbelow=secure_randbelow,
            deck=secure_deck,
            action_seconds=lambda: self.action_seconds,
            timeouts_before_absent=config.timeouts_before_absent,
            timeouts=self.timeouts,
        )
        self.loops = TableLoops(self, self.driver)
        self.broadcaster = Broadcaster(self.table_view, self.summary, self._seated_at)
        self.changed = asyncio.Event()
        self._new_hands: list[tuple[str, int, int]] = []
        self._finished_hands: set[str] = set()
        self._runner: asyncio.Task[None] | None = None
        self._chip_history: tuple[int, list[ChipSample]] | None = None
        self.table_chat = TableChat(self)
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

    @property
    def tables(self) -> dict[int, TableRuntime]:
        """The tables' hands and action clocks, by number."""
        return self.loops.tables

    @property
    def tokens(self) -> Mapping[str, str]:
        """Token hash -> player."""
        return self.auth.by_hash

    @property
    def subscribers(self) -> set[Subscriber]:
        return self.broadcaster.subscribers

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
        # 128 bits: an id in a link cannot be guessed (issue 12); unnamed,
        # the tournament is called by its first 8 digits, as people read it
        tournament_id = secrets.token_hex(16)
        config = config or ServiceConfig()
        tournament = Tournament.create(
            tournament_id, profile, structure, name=name or tournament_id[:8], mode=mode
        )
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
        service.auth.load(store.players(tournament_id))
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
            table = service.table(number)
            table.hand = replay_hand(hand_events)
            table.hand_id = hand_id
            table.saved = len(hand_events)
            if table.hand.is_complete:
                service._finished_hands.add(hand_id)
        return service

    def table(self, number: int) -> TableRuntime:
        """Table ``number``'s runtime (made when first asked for)."""
        return self.loops.table(number)

    _table = table  # the older name, kept for callers outside the package

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

    def hand_dealt(self, hand_id: str, table: int, number: int) -> None:
        """A new hand to store with the next commit."""
        self._new_hands.append((hand_id, table, number))

    # ------------------------------------------------------------ registration

    def register(self, name: str, kind: str = "human", confirmed: bool = True) -> tuple[str, str]:
        """A new player and his secret token (only its hash is stored).  The
        name is trimmed; empty, too long, control characters or a name
        already entered (case and spaces aside) are refused (DE-GEN-2, OQ-64).
        ``confirmed=False``: a running-along entry (DE-DEAL-4, OQ-46)."""
        bot = kind if kind in ("random", "sensible") else None
        if bot:
            self._verify_bots_allowed()
        player = f"p{self.tournament.entries_made + 1}"  # never reused (OQ-41: unregistered)
        name = self.tournament.register(player, name, bot=bot, confirmed=confirmed).name
        token, digest = self.auth.issue(player)
        self.store.add_player(self.id, player, name, "bot" if bot else kind, digest)
        if bot:
            self.bots[player] = make_bot(bot)
        self.commit()
        self.broadcast_summary()
        return player, token

    def _verify_bots_allowed(self) -> None:
        if self.tournament.mode == "live":
            raise TournamentError(
                "bots cannot be seated at a live event: real cards need real players",
                clause="DE-GEN-2, NM-D-1G",
            )

    def add_bots(self, count: int, kind: str = "sensible") -> list[str]:
        self._verify_bots_allowed()
        if not 0 < count <= 10_000:
            raise TournamentError("add between 1 and 10000 bots", clause="OQ-41")
        if kind not in ("sensible", "random"):
            raise TournamentError(
                "unknown bot kind {kind}: 'sensible' or 'random'",
                clause="OQ-41",
                values={"kind": repr(kind)},
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
        """The player a token seats (None: no token, or nobody's)."""
        return self.auth.player_for(token)

    def start(self) -> None:
        if self.tournament.status != "registering":
            raise TournamentError(
                "the tournament is {status}",
                clause="OQ-41",
                values={"status": self.tournament.status},
            )
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
        await self.loops.run()

    async def shutdown(self) -> None:
        """Stop dealing and wait until every table has stopped."""
        self.stopping = True
        runner = self._runner
        if runner is not None:
            runner.cancel()
            await asyncio.gather(runner, return_exceptions=True)

    def pause(self) -> None:
        """The director's pause: the level clock and every action clock
        stop where they stand; nobody acts or times out (NM-D-1G, OQ-03)."""
        self.tournament.pause(self.now())
        for table in self.tables.values():
            self.driver.hold_clock(table)

    def resume(self) -> None:
        at = self.now()
        self.tournament.resume(at)
        for table in self.tables.values():
            self.driver.release_clock(table, at)

    def disqualify(self, player: str, clause: str, note: str = "") -> None:
        """Disqualification; during his hand it is dead at once, his chips
        leave play when it ends (NM-D-1C/1D/1E, DE-PENALTY-3, NM-D-1G)."""
        self.tournament.disqualify(player, clause, note)
        state = self.tournament.players[player]
        table = self.tables.get(state.table) if state.table is not None else None
        if table is not None:
            if self.driver.kill_disqualified(table):
                self.commit()
                self.broadcast_table(table.number)
            table.wake.set()

    # ------------------------------------------------------------ the director's rulings
    # Each is verified by the core; the server then calls :meth:`settle`.

    def warn(self, player: str, clause: str, note: str = "") -> None:
        self.tournament.warn(player, clause, note)

    def time_penalty(self, player: str, hands: int, clause: str, note: str = "") -> None:
        """His next ``hands`` hands are dealt dead (OQ-62)."""
        self.tournament.time_penalty(player, hands, clause, note)

    def chat(self, player: str | None, table: int | None, text: Any) -> dict[str, Any]:
        """A table chat line (see :class:`~floorman.services.chat.TableChat`)."""
        return self.table_chat.say(player, table, text)

    def chat_log(self, table: int | None = None, limit: int = 500) -> list[dict[str, Any]]:
        return self.table_chat.log(table, limit)

    def mute_chat(self, player: str, muted: bool, note: str = "") -> None:
        self.tournament.mute_chat(player, muted, note)

    def unregister(self, player: str) -> None:
        """Take an entry back before the seat draw (OQ-41); a bot goes too."""
        self.tournament.unregister(player)
        self.bots.pop(player, None)

    def cancel(self, note: str = "") -> None:
        """Call the tournament off before its start (OQ-41)."""
        self.tournament.cancel(note)

    def confirm(self, player: str) -> None:
        """An unconfirmed entry is paid or checked in (DE-DEAL-3/4, OQ-46)."""
        self.tournament.confirm(player)

    def set_absent(self, player: str, absent: bool) -> None:
        self.tournament.set_absent(player, absent)

    def override_chips(self, player: str, chips: int, note: str) -> None:
        """Correct a stack (NM-D-1G, OQ-03): pending while his hand runs."""
        self.tournament.override_chips(player, chips, note)

    def override_seat(self, player: str, table: int, seat: int, note: str) -> None:
        self.tournament.override_seat(player, table, seat, note)

    def override_level(self, level: int, note: str) -> None:
        self.tournament.override_level(level, self.now(), note)

    def record_chip_counts(
        self,
        table: int,
        counts: Mapping[str, int],
        *,
        confirm_correction: bool = False,
        note: str = "",
    ) -> list[dict[str, Any]]:
        """A live table's chip counts (NM-D-1B s2); the eliminations, moves
        and breaks they lead to, as event dictionaries."""
        events = self.tournament.record_chip_counts(
            table,
            dict(counts),
            secure_randbelow,
            self.now(),
            confirm_correction=confirm_correction,
            note=note,
        )
        return [event_to_dict(e) for e in events]

    def settle(self) -> None:
        """After a director's call: store it, tell everyone, wake the tables."""
        self.commit()
        self.broadcast_summary()
        for number in self.tournament.tables:
            self.broadcast_table(number)
            self.table(number).wake.set()

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
            self.driver.turn_taken(table, seat, self.now())  # the time bank used comes off
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
            # the engine's typed seat view, serialised once (what every client reads)
            hand_view = hand.seat_view(seat).to_json()
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
            "game": variant_for(self.profile).game,
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
                    # the time bank of the player to act (DE-TIME-1, OQ-63)
                    "in_bank": table.bank_from is not None or table.bank_elapsed is not None,
                    "bank_left": self._bank_left(hand),
                }
                if table is not None and (table.deadline is not None or table.remaining is not None)
                else None
            ),
            "level": self._level_frame(level) if level else None,
            "stats": self._stats_frame(player),
            "paused": t.clock.paused_at is not None,
            "status": t.status,
            "last_result": table.last_result if table else None,
        }

    def _level_frame(self, level: LevelChanged) -> dict[str, Any]:
        """The level being played and the clock's view of what comes next
        (the same numbers the summary's ``clock`` gives the clock page)."""
        t = self.tournament
        clock = t.clock.describe(self.now(), t.struct, self.profile.blinds_for)
        return {
            "level": level.level,
            "ante": level.ante,
            "blinds": [level.small_blind, level.big_blind],
            "is_break": level.is_break,
            "seconds_left": clock["seconds_left"],
            "next_ante": clock["next_ante"],
            "next_blinds": clock["next_blinds"],
            "seconds_to_break": clock["seconds_to_break"],
            "paused": clock["paused"],
        }

    def _stats_frame(self, player: str | None) -> dict[str, Any]:
        """Players left, their average stack, the viewer's place by chips
        among them (1: the chip leader; a player out: his finishing place)
        and the prize pool."""
        t = self.tournament
        key = len(t.events)
        cached: tuple[int, list[int]] | None = getattr(self, "_chips_in_play", None)
        if cached is None or cached[0] != key:
            # chips only change by tournament events: sorted once per change,
            # not for every frame of every watcher
            alive = [p.chips for p in t.players.values() if p.status in ("playing", "won")]
            cached = (key, sorted(alive, reverse=True))
            self._chips_in_play = cached
        chips = cached[1]
        place = None
        state = t.players.get(player) if player is not None else None
        if state is not None:
            if state.place is not None:
                place = state.place
            elif state.status in ("playing", "won"):
                place = 1 + bisect_left(chips, -state.chips, key=lambda c: -c)
        return {
            "players_left": len(chips),
            "average_stack": sum(chips) // len(chips) if chips else 0,
            "place": place,
            "prize_pool": t.struct.prize_pool if t.structure else 0,
        }

    def _bank_left(self, hand: Any) -> int | None:
        """What is left of the time bank of the player to act (None: nobody)."""
        if hand is None or hand.actor is None:
            return None
        return self.tournament.time_bank_left(hand.players[hand.position[hand.actor]])

    def summary(self) -> dict[str, Any]:
        return {"type": "tournament", **self.tournament.summary(self.now())}

    # ------------------------------------------------------------ reports

    def details(self) -> dict[str, Any]:
        """The summary with standings, levels, payouts and the seating chart."""
        return {**self.summary(), **reports.details(self.tournament)}

    def seating_chart(self) -> list[dict[str, Any]]:
        return reports.seating_chart(self.tournament)

    def ruling_log(self) -> list[dict[str, Any]]:
        """Every ruling with its clause and the time it was stored."""
        return reports.ruling_log(self.tournament, self.logged_at)

    def chip_history(self) -> list[ChipSample]:
        """The field at every level (one fold over the events, kept until
        the next event)."""
        events = self.tournament.events
        if self._chip_history is None or self._chip_history[0] != len(events):
            self._chip_history = (len(events), chip_history(events))
        return self._chip_history[1]

    def chip_chart_svg(self, words: Mapping[str, str]) -> str:
        title = words["chart.title"].replace("{name}", self.tournament.name)
        return chip_chart_svg(self.chip_history(), words, title)

    def player_record(self, player: str) -> dict[str, Any]:
        return reports.player_record(self.tournament, player)

    def player_names(self) -> dict[str, str]:
        return {p.player: p.name for p in self.tournament.players.values()}

    def table_cards(self) -> list[dict[str, Any]]:
        """Each player's table and seat (DE-SEAT-1)."""
        return self.tournament.table_cards()

    def table_cards_text(self) -> str:
        return self.tournament.table_cards_text()

    def finished_hands(self) -> list[dict[str, Any]]:
        return [h for h in self.store.hands(self.id) if h["status"] == "finished"]

    # ------------------------------------------------------------ watchers

    def _seated_at(self, player: str) -> int | None:
        state = self.tournament.players.get(player)
        return state.table if state is not None else None

    def subscribe(self, player: str | None, table: int | None) -> Subscriber:
        return self.broadcaster.subscribe(player, table)

    def unsubscribe(self, sub: Subscriber) -> None:
        self.broadcaster.unsubscribe(sub)

    def take_seat(self, sub: Subscriber) -> int:
        """The player opened his seat on another device: every older socket
        of his is told and closed (4409); the newest one plays."""
        return self.broadcaster.take_seat(sub)

    def table_of(self, sub: Subscriber) -> int | None:
        return self.broadcaster.table_of(sub)

    def broadcast_table(self, number: int) -> None:
        self.broadcaster.broadcast_table(number)

    def broadcast_summary(self) -> None:
        self.broadcaster.broadcast_summary()


__all__ = [
    "SEAT_TAKEN",
    "SEAT_TAKEN_CODE",
    "FloormanError",
    "ServiceConfig",
    "Subscriber",
    "TableRuntime",
    "TournamentService",
    "token_hash",
    "wait_for_event",
]
