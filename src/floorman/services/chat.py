"""Table chat for players and spectators: each line stored (the director's
log shows them) and sent to everyone at or watching the table; the
director can mute a player (DE-ETIQ-1/2: excessive talk)."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from floorman.engine.errors import ProfileError, RuleViolation

if TYPE_CHECKING:
    from floorman.services.runtime import TournamentService

#: the longest chat line, in characters
CHAT_MAX = 300
#: the least time between two lines of one speaker, in seconds
CHAT_INTERVAL = 1.0


class TableChat:
    def __init__(self, service: TournamentService) -> None:
        self.service = service
        self.last_line: dict[str, float] = {}

    def say(self, player: str | None, table: int | None, text: Any) -> dict[str, Any]:
        """A line from ``player`` (None: a spectator of ``table``; a player
        always speaks at his own table).  Refused: not text, empty or over
        :data:`CHAT_MAX` characters, faster than one line a second, or the
        director muted him (DE-ETIQ-1/2)."""
        table, name, line, now = self.verify_line(player, table, text)
        message_id = self.service.store.add_chat(self.service.id, table, player, name, line, now)
        return self._tell(player, table, name, line, now, message_id)

    async def say_off_the_loop(
        self,
        player: str | None,
        table: int | None,
        text: Any,
        *,
        answer: tuple[str, dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """:meth:`say`, the line stored by a thread: the event loop serving
        every socket never waits for the database.  ``answer``: the chat
        command's (scoped key, answer), stored in the line's transaction
        (a retry is answered, never said twice)."""
        table, name, line, now = self.verify_line(player, table, text)
        store = self.service.store
        stored_answer = (answer[0], json.dumps(answer[1])) if answer is not None else None
        message_id = await asyncio.to_thread(
            store.add_chat, self.service.id, table, player, name, line, now, answer=stored_answer
        )
        return self._tell(player, table, name, line, now, message_id)

    def verify_line(
        self, player: str | None, table: int | None, text: Any
    ) -> tuple[int, str, str, float]:
        """The table, the speaker's name, the line as shown and its time;
        raises for a line the rules refuse (see :meth:`say`)."""
        service = self.service
        tournament = service.tournament
        if not isinstance(text, str) or not text.strip() or len(text) > CHAT_MAX:
            raise ProfileError(
                "a chat line is 1 to {most} characters of text", values={"most": CHAT_MAX}
            )
        state = tournament.players.get(player) if player is not None else None
        if state is not None:
            table = state.table
            if state.chat_muted:
                raise RuleViolation(
                    "the director has muted your chat", clause=service.rulings["mute"]
                )
        if table is None or table not in tournament.tables:
            raise ProfileError("chat goes to a table: watch or sit at one")
        now = service.now()
        speaker = player or f"spectator-{table}"
        if now - self.last_line.get(speaker, -CHAT_INTERVAL) < CHAT_INTERVAL:
            raise ProfileError("one chat line a second")
        self.last_line[speaker] = now
        line = " ".join(text.split())  # control characters and layout go
        name = state.name if state is not None else "spectator"
        return table, name, line, now

    def _tell(
        self, player: str | None, table: int, name: str, line: str, now: float, message_id: int
    ) -> dict[str, Any]:
        message = {
            "type": "chat",
            "id": message_id,
            "table": table,
            "player": player,
            "name": name,
            "text": line,
            "at": now,
        }
        if player is None and self.hidden_from_players(table):
            # no help from outside while the hand runs (DE-INFO-1…3, DE-GEN-1)
            message["players_see"] = False
        self.service.publisher.broadcast_chat(table, message)
        return message

    def hidden_from_players(self, table: int) -> bool:
        """Spectators' lines are kept from the seated players of ``table``
        while its hand runs, under a profile that says so."""
        tournament = self.service.tournament
        state = tournament.tables.get(table)
        return not tournament.profile.spectator_chat_in_hand and state is not None and state.in_hand

    def log(
        self, table: int | None = None, limit: int = 500, *, reader: str | None = None
    ) -> list[dict[str, Any]]:
        """The stored lines, oldest first: all (the director's log) or one
        table's (for a socket that joins it).  ``reader``: a player seated
        at ``table``, who reads no spectator's line while its hand runs
        (DE-INFO-1…3, under a profile that says so)."""
        lines = self.service.store.chat(self.service.id, table=table, limit=limit)
        return self.readable(lines, table, reader)

    async def log_off_the_loop(
        self, table: int | None = None, limit: int = 500, *, reader: str | None = None
    ) -> list[dict[str, Any]]:
        """:meth:`log`, read by a thread."""
        store = self.service.store
        lines = await asyncio.to_thread(store.chat, self.service.id, table=table, limit=limit)
        return self.readable(lines, table, reader)

    def readable(
        self, lines: list[dict[str, Any]], table: int | None, reader: str | None
    ) -> list[dict[str, Any]]:
        if table is None or reader is None or not self.hidden_from_players(table):
            return lines
        state = self.service.tournament.players.get(reader)
        if state is None or state.table != table:
            return lines
        return [line for line in lines if line.get("player") is not None]


__all__ = ["CHAT_INTERVAL", "CHAT_MAX", "TableChat"]
