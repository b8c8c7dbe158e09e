"""All tournaments of one server: creating them, loading them after a
restart, and the director's token."""

from __future__ import annotations

import asyncio
import dataclasses
import hmac
import logging
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from floorman.engine.errors import FloormanError, ProfileError, SetupViolation
from floorman.profiles import load_profile
from floorman.services.broadcast import Fanout
from floorman.services.commands import Command
from floorman.services.entries import verify_start_time, with_entries_and_money
from floorman.services.runtime import ServiceConfig, TournamentService, no_live_bots
from floorman.services.structures import StructureLibrary, check_table_size
from floorman.storage import Store
from floorman.storage.store import TournamentRecord
from floorman.tournament.schedule import with_breaks
from floorman.tournament.structure import Level, Structure

log = logging.getLogger("floorman.services")


#: the statuses of a tournament some process plays (a runner holds its lease)
LIVE_STATUSES = ("registering", "running")
#: the longest tournament id looked up in the store (ours are shorter)
LONGEST_ID = 64

#: a break's length when the director asks for breaks but not how long
DEFAULT_BREAK_SECONDS = 15 * 60


class Floor:
    def __init__(
        self,
        store: Store,
        director_token: str,
        *,
        claim: Callable[[str], bool] | None = None,
        fanout: Callable[[TournamentService], Fanout] | None = None,
    ) -> None:
        """``claim(id)``: taken before a new tournament is stored (a
        runner's lease); ``fanout``: where the changes of the tournaments
        made here go (a runner's relay), instead of this process's sockets."""
        self.store = store
        self.director_token = director_token
        self.tournaments: dict[str, TournamentService] = {}
        self.structures = StructureLibrary(store)
        self.archived: set[str] = set()
        self.claim = claim
        self.fanout = fanout
        #: the wall clock a start time is checked against (a test sets its own)
        self.wall_clock: Callable[[], datetime] = lambda: datetime.now(UTC)

    def is_director(self, token: str | None) -> bool:
        # Bytes, not text: compare_digest refuses non-ASCII strings.
        return bool(token) and hmac.compare_digest(
            str(token).encode(), self.director_token.encode()
        )

    def new_token(self, command: Command) -> str:
        """A registration's secret token, made at the edge (a command never
        carries one): from the server's secret key, the command's scoped
        key and its fingerprint when it has a key, so a retry of the same
        request gets the token the first try got, and nobody without the
        first request's key and content (nor without the server's key) can
        make it; at random otherwise."""
        scoped = command.scoped_key()
        if not scoped:
            return secrets.token_urlsafe(18)
        return self.store.seal.derive(f"player token\n{scoped}\n{command.fingerprint()}")

    async def resume_all(self) -> list[str]:
        """Load every stored tournament; running ones go on playing where
        they stopped (their hands included).  The replays run in a thread
        (a server with many stored tournaments never holds its event loop
        for them); the running ones are launched on the loop."""
        loaded = await asyncio.to_thread(self._load_stored)
        resumed = []
        for service in loaded:
            self.tournaments[service.id] = service
            if service.tournament.status == "running":
                service.launch()
                resumed.append(service.id)
        return resumed

    def _load_stored(self) -> list[TournamentService]:
        """Every stored tournament that loads, replayed (in a thread)."""
        loaded = []
        for record in self.store.tournaments():
            try:
                service = TournamentService.load(self.store, record.id, record.config)
            except FloormanError:
                log.exception("cannot load tournament %s", record.id)
                continue
            loaded.append(service)
            if record.archived:
                self.archived.add(record.id)
        return loaded

    def create(
        self,
        *,
        profile: str,
        bots: int = 0,
        bot_kind: str = "sensible",
        name: str = "",
        starting_stack: int | None = None,
        level_seconds: int | None = None,
        break_every: int | None = None,
        break_seconds: int | None = None,
        table_size: int | None = None,
        payout_shares: list[int] | None = None,
        prize_pool: int = 0,
        action_delay_ms: int = 800,
        action_seconds: float | None = None,
        between_hands_s: float = 2.0,
        mode: str = "online",
        antes: list[int] | None = None,
        structure_name: str | None = None,
        levels: list[dict[str, Any]] | None = None,
        time_bank_seconds: int | None = None,
        deals_allowed: bool | None = None,
        buy_in: int | None = None,
        fee: int | None = None,
        guarantee: int | None = None,
        payout_tables: list[dict[str, Any]] | None = None,
        late_registration_level: int | None = None,
        starts_at: str | None = None,
        auto_start: bool | None = None,
        payout_unit: int | None = None,
        seat_bots: bool = True,
        answer_key: str = "",
        answer_fingerprint: str = "",
    ) -> TournamentService:
        """A new tournament; ``bots`` are checked, and seated unless
        ``seat_bots`` is False (the server adds them in steps:
        :meth:`TournamentService.add_bots_in_steps`)."""
        rules = load_profile(profile)
        if table_size is not None:
            check_table_size(rules, table_size)
        if bots and mode == "live":
            raise no_live_bots(rules, SetupViolation)
        if bot_kind not in ("sensible", "random"):
            raise ProfileError(
                "unknown bot kind {kind}: 'sensible' or 'random'", values={"kind": repr(bot_kind)}
            )
        if not 0 <= action_delay_ms <= 60_000:
            raise ProfileError("action_delay_ms must be 0 to 60000")
        kwargs: dict[str, Any] = {}
        if antes:
            kwargs["antes"] = antes
        if structure_name is not None:
            # the director's saved structure: levels, breaks, stack, payouts
            structure = self.structures.structure_for(structure_name, rules.name)
        else:
            structure = Structure.default(
                rules,
                level_seconds=level_seconds,
                starting_stack=starting_stack,
                table_size=table_size,
                payout_shares=payout_shares or None,  # None: the profile's default (OQ-39)
                prize_pool=prize_pool,
                **kwargs,
            )
        if levels is not None:
            structure = dataclasses.replace(
                structure,
                levels=tuple(
                    Level(
                        ante=int(lv.get("ante", 0)),
                        seconds=int(lv["seconds"]),
                        is_break=bool(lv.get("is_break", False)),
                    )
                    for lv in levels
                ),
            )
        if break_every:  # a break every so many levels, the rulebook's levels too
            seconds = break_seconds or DEFAULT_BREAK_SECONDS
            levels_with_breaks = with_breaks(structure.levels, break_every, seconds)
            structure = dataclasses.replace(structure, levels=levels_with_breaks)
        if time_bank_seconds is not None:
            structure = dataclasses.replace(structure, time_bank_seconds=time_bank_seconds)
        if deals_allowed is not None:  # the organiser's choice for this one (OQ-34, OQ-73)
            structure = dataclasses.replace(structure, deals_allowed=deals_allowed)
        structure = with_entries_and_money(
            structure,
            buy_in=buy_in,
            fee=fee,
            guarantee=guarantee,
            payout_tables=payout_tables,
            late_registration_level=late_registration_level,
            starts_at=starts_at,
            auto_start=auto_start,
            payout_unit=payout_unit,
        )
        verify_start_time(structure, self.wall_clock())
        config = ServiceConfig(
            action_delay_ms=action_delay_ms,
            between_hands_s=between_hands_s,
            action_seconds=action_seconds,
        )
        service = TournamentService.create(
            self.store,
            rules,
            structure,
            name=name,
            mode=mode,
            config=config,
            claim=self.claim,
            answer_key=answer_key,
            answer_fingerprint=answer_fingerprint,
            fanout=self.fanout,
        )
        self.tournaments[service.id] = service
        if bots and seat_bots:
            service.add_bots(bots, bot_kind)
        return service

    def get(self, tournament_id: str) -> TournamentService | None:
        return self.tournaments.get(tournament_id)

    async def unplayed(self, tournament_id: str) -> TournamentRecord | None:
        """The stored row of a tournament nobody plays any more (finished
        or cancelled) that this floor does not hold (a runner's): one
        indexed lookup off the loop, never a replay of its log.  None: not
        stored, held here, or played by some runner."""
        if tournament_id in self.tournaments or not 0 < len(tournament_id) <= LONGEST_ID:
            return None
        record = await asyncio.to_thread(self.store.tournament, tournament_id)
        if record is None or record.status in LIVE_STATUSES:
            return None
        return record

    async def _status(self, tournament_id: str) -> str:
        """The tournament's status, held here or read from its stored row."""
        service = self.tournaments.get(tournament_id)
        if service is not None:
            return service.status
        record = await self.unplayed(tournament_id)
        if record is None:
            raise ProfileError("no tournament {id}", values={"id": repr(tournament_id)})
        return record.status

    def listed(self, *, archived: bool = False) -> list[TournamentService]:
        """The lobby's tournaments: those not archived, or only the archived."""
        return [s for tid, s in self.tournaments.items() if (tid in self.archived) == archived]

    async def archive(self, tournament_id: str, archived: bool = True) -> None:
        """Out of the lobby's list (or back in); a running tournament stays listed."""
        status = await self._status(tournament_id)  # refuses an unknown one
        if archived and status == "running":
            raise ProfileError("a running tournament cannot be archived")
        await asyncio.to_thread(self.store.set_archived, tournament_id, archived)
        if archived:
            self.archived.add(tournament_id)
        else:
            self.archived.discard(tournament_id)

    async def delete(self, tournament_id: str, *, answer: tuple[str, str] | None = None) -> None:
        """Remove a tournament that never started (registering or cancelled),
        with everything stored of it (``answer``: the command's, kept)."""
        # cancelled only ever before the start (OQ-41): neither state has played
        if await self._status(tournament_id) not in ("registering", "cancelled"):
            raise ProfileError(
                "only a tournament that never started can be deleted; archive it instead"
            )
        service = self.tournaments.get(tournament_id)
        if service is not None:
            await service.shutdown()
        await asyncio.to_thread(self.store.delete_tournament, tournament_id, answer=answer)
        self.tournaments.pop(tournament_id, None)
        self.archived.discard(tournament_id)

    async def read_finished_hand(
        self, hand_id: str
    ) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
        """:meth:`finished_hand`, read off the event loop."""
        return await asyncio.to_thread(self.finished_hand, hand_id)

    def finished_hand(self, hand_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
        """A finished hand's stored record and its events; None for a hand
        still being played or no hand at all (nothing of it is shown)."""
        row = self.store.hand(hand_id)
        if row is None or row["status"] != "finished":
            return None
        return row, self.store.hand_events(hand_id)

    async def stop_all(self) -> None:
        for service in self.tournaments.values():
            await service.shutdown()
