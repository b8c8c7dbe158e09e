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
import functools
import json
import logging
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from floorman.bots import Bot, make_bot
from floorman.dealing import secure_deck, secure_randbelow
from floorman.engine.actions import Action, apply_action
from floorman.engine.clauses import clauses_for
from floorman.engine.errors import FloormanError, RuleViolation
from floorman.engine.events import event_from_dict as hand_event_from_dict
from floorman.engine.profile import RuleProfile
from floorman.services import entries, reports, results, room, seat_links, table_views
from floorman.services.answers import AnswerBook
from floorman.services.auth import Tokens, token_hash
from floorman.services.broadcast import (
    SEAT_TAKEN,
    SEAT_TAKEN_CODE,
    Broadcaster,
    Publisher,
    Subscriber,
)
from floorman.services.charts import chip_chart_svg
from floorman.services.chat import TableChat
from floorman.services.floor_tools import FloorTools
from floorman.services.journal import UnitOfWork
from floorman.services.tables import ServiceConfig, TableLoops, TableRuntime, wait_for_event
from floorman.sim.driver import TableDriver
from floorman.storage import Store
from floorman.tournament.chip_history import ChipSample, chip_history, field_now
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.events import event_from_dict
from floorman.tournament.hands import replay_hand
from floorman.tournament.names import name_key
from floorman.tournament.state import hand_id
from floorman.tournament.structure import Structure

log = logging.getLogger("floorman.services")

#: the most entries a tournament takes (people and bots together)
MAX_ENTRIES = 10_000
#: bots registered between two turns of the event loop
BOTS_AT_ONCE = 250


def no_live_bots(profile: RuleProfile, kind: type[RuleViolation]) -> RuleViolation:
    """The refusal of bots at a live event (real cards need real players):
    the director decides how his room is run (OQ-03), cited from the event's
    own rulebook (a German event cites no Norwegian clause).  ``kind``: a
    :class:`SetupViolation` when the event is created, else a refused command."""
    return kind(
        "bots cannot be seated at a live event: real cards need real players",
        clause=clauses_for(profile)["live_bots"],
    )


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
        fanout: Callable[[TournamentService], Publisher] | None = None,
        read_only: bool = False,
    ) -> None:
        """``fanout``: where its changes go instead of this process's
        sockets (a runner's relay to the web processes); ``read_only``: a
        replica of a tournament another process plays (it never stores)."""
        self.tournament = tournament
        self.store = store
        self.config = config
        self.now = now
        self.changed = asyncio.Event()
        self.stopping = False
        #: its unit of work: the changes and answers, stored together
        self.work = UnitOfWork(
            tournament,
            store,
            now=lambda: self.now(),
            tables=lambda: self.tables,
            publish=lambda batch, start, hands: self.publisher.committed(batch, start, hands),
            stopped=self._stop_dealing,
            changed=self.changed,
            read_only=read_only,
        )
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
        self.sockets = Broadcaster(
            self.table_frames, self.summary, self._seated_at, self._seated, self.after_stored
        )
        #: where its changes are published: this process's sockets, or a runner's relay
        self.publisher: Publisher = self.sockets if fanout is None else fanout(self)
        self._runner: asyncio.Task[None] | None = None
        self._chip_history: tuple[int, list[ChipSample]] | None = None
        #: the last chart drawn in each language, with what it was drawn from
        self._charts: dict[str, tuple[tuple[Any, ...], str]] = {}
        self.chips_in_play: tuple[int, list[int]] | None = None  # (events, stacks), for frames
        # (events read, the warnings and penalties to each player), for frames
        self.floor_notices: tuple[int, dict[str, list[dict[str, Any]]]] | None = None
        self.table_chat = TableChat(self)
        self.floor_tools = FloorTools(self)

    def _stop_dealing(self) -> None:
        self.stopping = True

    # ------------------------------------------------------------ its unit of work

    @property
    def id(self) -> str:
        return self.tournament.id

    @property
    def read_only(self) -> bool:
        """A replica of a tournament another process plays (it never stores)."""
        return self.work.read_only

    @property
    def saved(self) -> int:
        """Tournament events stored."""
        return self.work.saved

    @saved.setter
    def saved(self, count: int) -> None:  # a replica folds what another process stored
        self.work.saved = count

    @property
    def logged_at(self) -> list[float | None]:
        """When each tournament event was stored (the ruling log's times)."""
        return self.work.logged_at

    @property
    def answers(self) -> AnswerBook:
        """The commands answered whose answers are stored, by scoped key."""
        return self.work.answers

    @property
    def store_error(self) -> BaseException | None:
        return self.work.store_error

    def commit(self, only: TableRuntime | None = None) -> None:
        """Store what changed (:meth:`UnitOfWork.commit`)."""
        self.work.commit(only)

    def after_stored(self, callback: Callable[[], None]) -> None:
        self.work.after_stored(callback)

    async def stored(self) -> None:
        """Wait until every change committed so far is stored."""
        await self.work.stored()

    @property
    def status(self) -> str:
        """registering, running, finished or cancelled."""
        return self.tournament.status

    @property
    def live(self) -> bool:
        """Players to seat or hands to deal: somebody must play it."""
        return self.tournament.status in ("registering", "running")

    def table_numbers(self) -> list[int]:
        return list(self.tournament.tables)

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
    def broadcaster(self) -> Publisher:
        """The older name of :attr:`publisher`."""
        return self.publisher

    @property
    def subscribers(self) -> set[Subscriber]:
        return self.sockets.subscribers

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
        claim: Callable[[str], bool] | None = None,
        answer_key: str = "",
        answer_fingerprint: str = "",
        fanout: Callable[[TournamentService], Publisher] | None = None,
    ) -> TournamentService:
        """``claim(id)``: called before anything is stored (a runner of the
        multi-process deployment takes the tournament's lease first, so no
        other runner can take the new tournament for one nobody plays)."""
        # 128 bits: an id in a link cannot be guessed (issue 12); unnamed,
        # the tournament is called by its first 8 digits, as people read it
        tournament_id = secrets.token_hex(16)
        if claim is not None and not claim(tournament_id):
            raise FloormanError("tournament {id} is held elsewhere", values={"id": tournament_id})
        config = config or ServiceConfig()
        tournament = Tournament.create(
            tournament_id, profile, structure, name=name or tournament_id[:8], mode=mode
        )
        # a creation's answer is stored with the tournament's row: a retry
        # of the command finds it, and makes no second tournament
        answer = {"status": 200, "body": {"id": tournament_id}, "fingerprint": answer_fingerprint}
        store.create_tournament(
            tournament_id,
            tournament.name,
            profile.name,
            config.to_dict(),
            answer=(answer_key, json.dumps(answer)) if answer_key else None,
        )
        service = cls(tournament, store, config, fanout=fanout)
        service.work.saved = 0
        service.work.logged_at = []
        service.commit()
        return service

    @classmethod
    def load(
        cls,
        store: Store,
        tournament_id: str,
        config: dict[str, Any],
        *,
        fanout: Callable[[TournamentService], Publisher] | None = None,
        read_only: bool = False,
    ) -> TournamentService:
        """Rebuild a tournament from its events, and the hand each table was
        playing from that hand's events (it goes on where it stopped)."""
        if not read_only:
            store.forget_failure(tournament_id)  # what follows is written after what was stored
        stored = store.tournament_events(tournament_id)
        tournament = Tournament.replay(event_from_dict(e) for e in stored)
        service = cls(
            tournament, store, ServiceConfig(**config), fanout=fanout, read_only=read_only
        )
        service.work.logged_at = [e.get("logged_at") for e in stored]
        service.auth.load(store.players(tournament_id))
        seat_links.refresh(service)  # the links the director reissued (OQ-74)
        for player in tournament.players.values():
            if player.bot:
                service.bots[player.player] = make_bot(player.bot)
        service.load_running_hands(missing_is_error=True)
        return service

    def load_running_hands(self, *, missing_is_error: bool) -> None:
        """Each table's running hand, as stored: it goes on where it stopped
        (a restart, a runner taking over, a replica catching up).
        ``missing_is_error``: a hand the core says runs must have events."""
        for number, state in self.tournament.tables.items():
            if not state.in_hand:
                continue
            running = hand_id(self.id, number, state.hands)  # the one the core says runs
            events = [hand_event_from_dict(e) for e in self.store.hand_events(running)]
            if not events:
                if missing_is_error:
                    raise FloormanError(f"hand {running} is running but has no stored events")
                continue
            table = self.table(number)
            table.hand, table.hand_id, table.saved = replay_hand(events), running, len(events)
            if table.hand.is_complete:
                self.work.finished_hands.add(running)

    def table(self, number: int) -> TableRuntime:
        """Table ``number``'s runtime (made when first asked for)."""
        return self.loops.table(number)

    _table = table  # the older name, kept for callers outside the package

    # ------------------------------------------------------------ registration

    def register(
        self,
        name: str,
        kind: str = "human",
        confirmed: bool = True,
        *,
        commit: bool = True,
        token_hash: str | None = None,
    ) -> tuple[str, str]:
        """A new player and his secret token (only its hash is stored).  The
        name is trimmed; empty, too long, control characters or a name
        already entered (case and spaces aside) are refused (DE-GEN-2, OQ-64).
        ``confirmed=False``: a running-along entry (DE-DEAL-4, OQ-46).
        ``token_hash``: the hash of a token made by whoever registers him
        (the server's edge: no token travels in a command); the token
        returned is then empty."""
        bot = kind if kind in ("random", "sensible") else None
        if bot:
            self._verify_bots_allowed()
        if len(self.tournament.players) >= MAX_ENTRIES:
            raise TournamentError(
                "the tournament is full: {limit} entries",
                clause="OQ-41",
                values={"limit": MAX_ENTRIES},
            )
        player = f"p{self.tournament.entries_made + 1}"  # never reused (OQ-41: unregistered)
        name = self.tournament.register(player, name, bot=bot, confirmed=confirmed).name
        entries.seat_if_late(self, player)  # late registration: seated at once
        if token_hash is None:
            token, digest = self.auth.issue(player)
        else:
            token, digest = "", token_hash
            self.auth.by_hash[digest] = player
        # the player's row goes in the registration event's transaction:
        # a crash leaves both or neither (issue 12)
        self.work.player_registered((player, name, "bot" if bot else kind, digest))
        if bot:
            self.bots[player] = make_bot(bot)
        if commit:
            self.commit()
            self.broadcast_summary()
            if self.tournament.status == "running":  # a late entry: his table sees him
                self.settle()
        return player, token

    def _verify_bots_allowed(self) -> None:
        if self.tournament.mode == "live":
            raise no_live_bots(self.profile, TournamentError)

    def add_bots(self, count: int, kind: str = "sensible") -> list[str]:
        """``count`` bots, stored in one transaction."""
        self.verify_add_bots(count, kind)
        added = [self.register(name, kind, commit=False)[0] for name in self._bot_names(count)]
        self.commit()
        self.broadcast_summary()
        return added

    async def add_bots_in_steps(
        self,
        count: int,
        kind: str = "sensible",
        step: int = BOTS_AT_ONCE,
        *,
        on_step: Callable[[list[str]], None] | None = None,
    ) -> list[str]:
        """:meth:`add_bots` that lets other tournaments play in between:
        ``step`` bots at a time, each step stored in its own transaction
        (``on_step(added)``: before each is stored, for what goes with it)."""
        self.verify_add_bots(count, kind)
        added: list[str] = []
        names = self._bot_names(count)
        for start in range(0, count, step):
            this_step = [
                self.register(name, kind, commit=False)[0] for name in names[start : start + step]
            ]
            added += this_step
            if on_step is not None:
                on_step(this_step)
            self.commit()
            await asyncio.sleep(0)
        self.broadcast_summary()
        await self.stored()
        return added

    def verify_add_bots(self, count: int, kind: str) -> None:
        self._verify_bots_allowed()
        if not 0 < count <= MAX_ENTRIES:
            raise TournamentError(
                "add between 1 and {limit} bots", clause="OQ-41", values={"limit": MAX_ENTRIES}
            )
        if kind not in ("sensible", "random"):
            raise TournamentError(
                "unknown bot kind {kind}: 'sensible' or 'random'",
                clause="OQ-41",
                values={"kind": repr(kind)},
            )
        names = self._bot_names(1)
        self.tournament.verify_register(f"p{self.tournament.entries_made + 1}", names[0])
        if len(self.tournament.players) + count > MAX_ENTRIES:
            raise TournamentError(
                "the tournament is full: {limit} entries",
                clause="OQ-41",
                values={"limit": MAX_ENTRIES},
            )

    def _bot_names(self, count: int) -> list[str]:
        names: list[str] = []
        taken = self.tournament.names
        number = len(self.tournament.players)
        while len(names) < count:
            number += 1
            if name_key(f"Bot {number}") not in taken:  # one name, one entry
                names.append(f"Bot {number}")
        return names

    def player_for(self, token: str | None) -> str | None:
        """The player a token seats (None: no token, or nobody's)."""
        return self.auth.player_for(token)

    def reissue_seat_link(self, player: str) -> dict[str, int | str]:
        """A new seat link for ``player`` (the director's, OQ-74): stored as
        an event, his older tokens closed with his sockets."""
        self.tournament.reissue_seat_link(player)
        self.seat_links_changed()
        return {"player": player, "link": seat_links.current_link(self, player)}

    def seat_link_of(self, player: str) -> int:
        """How many times the director reissued ``player``'s link (0:
        never); a 404-style refusal for nobody's."""
        self.tournament.verify_player(player)
        return seat_links.current_link(self, player)

    def seat_links_changed(self) -> None:
        """After events were folded: the players whose link was reissued
        lose their older tokens, and their sockets here are told and closed."""
        for player in seat_links.refresh(self):
            self.sockets.close_others(player, "", seat_links.LINK_REISSUED)

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

    # ------------------------------------------------------------ chat

    def chat(self, player: str | None, table: int | None, text: Any) -> dict[str, Any]:
        """A table chat line (see :class:`~floorman.services.chat.TableChat`)."""
        return self.table_chat.say(player, table, text)

    async def say(
        self,
        player: str | None,
        table: int | None,
        text: Any,
        *,
        answer: tuple[str, dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """:meth:`chat`, stored off the event loop (the command handler's
        way); ``answer``: the command's (scoped key, answer), stored with
        the line and kept once it is."""
        said = await self.table_chat.say_off_the_loop(player, table, text, answer=answer)
        if answer is not None:
            self.work.answers[answer[0]] = answer[1]
        return said

    def chat_log(
        self, table: int | None = None, limit: int = 500, *, reader: str | None = None
    ) -> list[dict[str, Any]]:
        return self.table_chat.log(table, limit, reader=reader)

    async def read_chat(
        self, table: int | None = None, limit: int = 500, *, reader: str | None = None
    ) -> list[dict[str, Any]]:
        """:meth:`chat_log`, read off the event loop."""
        return await self.table_chat.log_off_the_loop(table, limit, reader=reader)

    async def read_finished_hands(self) -> list[dict[str, Any]]:
        """:meth:`finished_hands`, read off the event loop."""
        return await asyncio.to_thread(self.finished_hands)

    # ------------------------------------------------------------ player input

    def submit(self, player: str, data: Any) -> None:
        """A player's action from a browser or an external bot; any rule
        violation is raised (nothing changes) for an error frame.  Beside
        the hand's actions: ``sit_out``, ``sit_out_next``, ``back`` and
        ``call_clock``.  (A
        message sent again, a double click, is answered once by the command
        handler: :class:`~floorman.services.commands.Act` with its key.)"""
        kind = data.get("action") if isinstance(data, dict) else None
        if kind in ("sit_out", "back"):
            return self.floor_tools.sit_out(player, kind == "sit_out")
        if kind == "sit_out_next":
            return self.floor_tools.sit_out_next(player)
        if kind == "call_clock":
            self.floor_tools.call_clock(player)
            return None
        action = Action.from_dict(data, self.rulings)
        turn = self.rulings["turn"]
        state = self.tournament.players.get(player)
        if state is None or state.table is None:
            raise RuleViolation("you are not seated", clause=turn, action=action.kind)
        if self.tournament.hands_held:
            # The director's pause stops the tables for everyone (NM-D-1G, OQ-03;
            # a German table cites OQ-03 alone).
            raise RuleViolation(
                "the tournament is paused", clause=self.rulings["floor"], action=action.kind
            )
        if self.tournament.disqualification_pending(player):
            raise RuleViolation(
                "you are disqualified: your hand is dead",
                clause=self.rulings["floor"],
                action=action.kind,
            )
        table = self.tables.get(state.table)
        hand = table.hand if table is not None else None
        over = hand is not None and hand.is_complete and action.kind != "show_cards"
        if table is None or hand is None or over or player not in hand.players:
            raise RuleViolation("you are not in a hand", clause=turn, action=action.kind)
        seat = hand.seats[hand.players.index(player)]
        acting = hand.actor == seat
        apply_action(hand, seat, action)
        if acting and hand.actor != seat:
            self.driver.turn_taken(table, seat, self.now())  # the time bank used comes off
            self.driver.start_clock(table, self.now())  # the next person's, in the same frame
        self.timeouts[player] = 0
        if state.absent:
            self.tournament.set_absent(player, False, reason="player")
        self.commit(table)
        table.wake.set()
        self.broadcast_table(table.number)

    def back(self, player: str) -> None:
        """The player's seat is open again (a connection): no longer absent
        if his clock had made him so; a player who sat out himself stays
        out until he says he is back (OQ-45)."""
        state = self.tournament.players.get(player)
        self.timeouts[player] = 0
        if (
            state is not None
            and state.absent
            and state.status == "playing"
            and state.away_reason in ("timeouts", "")
        ):
            self.tournament.set_absent(player, False, reason="player")
            self.commit()

    # ------------------------------------------------------------ views

    def table_view(self, number: int, player: str | None) -> dict[str, Any]:
        """What ``player`` (None: a spectator) may see of table ``number``:
        the engine's per-seat view (DE-HOLE-1/2), never the deck."""
        return self.table_frames(number, [player])[player]

    def table_frames(
        self, number: int, viewers: Iterable[str | None]
    ) -> dict[str | None, dict[str, Any]]:
        """:meth:`table_view` for several viewers at once: what they share
        (seats, level, clock) is built once, each seat's view once."""
        return table_views.table_frames(self, number, viewers)

    def summary(self) -> dict[str, Any]:
        return {"type": "tournament", **self.tournament.summary(self.now())}

    # ------------------------------------------------------------ reports

    def details(self) -> dict[str, Any]:
        """The summary with standings, levels, payouts and the seating chart."""
        return {**self.summary(), **reports.details(self.tournament)}

    def seating_chart(self) -> list[dict[str, Any]]:
        return reports.seating_chart(self.tournament)

    def room(self) -> dict[str, Any]:
        """The director's room view (services/room.py).  Connected: a socket
        of the player's open to this process (in the multi-process
        deployment, to this web process)."""
        connected = {s.player for s in self.subscribers if s.player and not s.closing}
        return room.room_view(self, connected)

    def move_slips(self) -> dict[str, Any]:
        """The move and balancing slips and the seating list (services/room.py)."""
        return room.move_slips(self.tournament, self.logged_at)

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

    async def chip_chart(self, words: Mapping[str, str], language: str = "en") -> str:
        """The chip-count chart (SVG), drawn by a thread (matplotlib takes
        a few hundred milliseconds the sockets must not wait for) and kept
        until it would change: its samples change only when a level begins
        or the tournament ends, its point for "now" when a player goes out,
        and otherwise once a minute of the clock (chips move every hand, and
        a chart drawn again for each of them would never be kept)."""
        title = words["chart.title"].replace("{name}", self.tournament.name)
        now = field_now(self.tournament, self.now())
        moment = None if now is None else (now.level, now.players_left, now.at // 60)
        drawn_from = (tuple(self.chip_history()), title, moment)
        kept = self._charts.get(language)
        if kept is not None and kept[0] == drawn_from:
            return kept[1]
        svg = await asyncio.to_thread(
            functools.partial(chip_chart_svg, drawn_from[0], words, title, language, now=now)
        )
        self._charts[language] = (drawn_from, svg)
        return svg

    def player_record(self, player: str) -> dict[str, Any]:
        """His seat, chips and place, and the director's rulings to him: a
        player put out of his table gets no more table frames, so his page
        reads a disqualification (and its clause) here."""
        record = reports.player_record(self.tournament, player)
        record["rulings"] = table_views.floor_notices(self, player)
        return record

    def player_names(self) -> dict[str, str]:
        return {p.player: p.name for p in self.tournament.players.values()}

    def table_cards(self) -> list[dict[str, Any]]:
        """Each player's table and seat (DE-SEAT-1)."""
        return self.tournament.table_cards()

    def table_cards_text(self) -> str:
        return self.tournament.table_cards_text()

    def seat_link_answer(self, player: str, link: int, base: str) -> dict[str, Any]:
        """The director's view of ``player``'s ``link``-th seat link (OQ-74)."""
        return seat_links.link_answer(self, player, link, base)

    def results(self) -> dict[str, Any]:
        """The results sheet as data (services/results.py)."""
        return results.results_view(self)

    def results_csv(self, words: Mapping[str, str]) -> str:
        return results.results_csv(self, words)

    def results_pdf(self, words: Mapping[str, str]) -> bytes:
        """The printable results (matplotlib: call it in a thread)."""
        return results.results_pdf(self, words)

    def results_file_names(self) -> tuple[str, str]:
        return results.results_file_names(self)

    def finished_hands(self) -> list[dict[str, Any]]:
        return [h for h in self.store.hands(self.id) if h["status"] == "finished"]

    # ------------------------------------------------------------ watchers

    def _seated_at(self, player: str) -> int | None:
        state = self.tournament.players.get(player)
        return state.table if state is not None else None

    def _seated(self, table: int) -> Iterable[str]:
        state = self.tournament.tables.get(table)
        return state.seats.values() if state is not None else ()

    def subscribe(self, player: str | None, table: int | None) -> Subscriber:
        return self.sockets.subscribe(player, table)

    def unsubscribe(self, sub: Subscriber) -> None:
        self.sockets.unsubscribe(sub)

    def take_seat(self, sub: Subscriber) -> int:
        """The player opened his seat on another device: every older socket
        of his is told and closed (4409); the newest one plays.  A replica
        closes none here: which socket is the newest is the runner's order
        of the seat openings (:meth:`Broadcaster.seat_opened`), the same on
        every web process, never the order one of them saw."""
        if self.read_only:
            return 0
        return self.sockets.take_seat(sub)

    def table_of(self, sub: Subscriber) -> int | None:
        return self.sockets.table_of(sub)

    def broadcast_table(self, number: int) -> None:
        self.publisher.broadcast_table(number)

    def broadcast_summary(self) -> None:
        self.publisher.broadcast_summary()

    def settle(self) -> None:
        """After a director's call: store it, tell everyone, wake the tables."""
        self.commit()
        self.broadcast_summary()
        for number in self.tournament.tables:
            self.broadcast_table(number)
            self.table(number).wake.set()


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
