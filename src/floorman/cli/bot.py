"""``floorman bot``: a bot as an external websocket client.

It registers over HTTP and plays over the same websocket as a person,
seeing only the frames its seat is sent."""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import time
import urllib.error
import urllib.request
from typing import Annotated, Any

import typer

from floorman.bots import Bot, make_bot
from floorman.bots.remote import situation_from_frame

#: seconds to wait before each retry of a call or a connection that got no
#: answer (the network, or a 502/503/504 while a runner takes over)
RETRY_SECONDS = (0.5, 1.0, 2.0, 4.0, 8.0)
RETRIED_STATUS = frozenset({502, 503, 504})
#: close codes after which the bot stops: refused (4400, 4403, 4404), or
#: the seat taken over on another device (4409)
FINAL_CLOSE = frozenset({4400, 4403, 4404, 4409})


def new_key() -> str:
    """An idempotency key of 128 random bits (what the server asks of a
    key sent without a token)."""
    return secrets.token_hex(16)


def register(server: str, tournament: str, name: str, *, key: str | None = None) -> dict[str, str]:
    """Register ``name``; a call whose answer is lost is sent again with
    the same Idempotency-Key, and the server registers once."""
    key = key or new_key()
    for pause in (*RETRY_SECONDS, None):
        request = urllib.request.Request(
            f"{server}/api/tournaments/{tournament}/register",
            data=json.dumps({"name": name}).encode(),
            headers={"content-type": "application/json", "Idempotency-Key": key},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return json.loads(response.read())  # type: ignore[no-any-return]
        except urllib.error.HTTPError as error:
            if error.code not in RETRIED_STATUS or pause is None:
                raise
        except (urllib.error.URLError, OSError):
            if pause is None:
                raise
        time.sleep(pause)
    raise AssertionError("unreachable")  # the last try returns or raises


class _Seat:
    """What a bot keeps across its connections: the last summary, the state
    it acted on, and its action not yet answered (sent again, with the same
    id, on the next connection: the server takes it once)."""

    def __init__(self) -> None:
        self.summary: dict[str, Any] = {}
        self.acted_on: object = None
        self.unanswered: str | None = None


async def play(
    server: str, tournament: str, token: str, bot: Bot, rng: random.Random
) -> dict[str, Any]:
    """Play until the tournament ends or this player is out; returns the
    last tournament summary.  A dropped connection is opened again (the
    seat is kept), and an action it may have lost is sent again."""
    import websockets

    # The token goes in the first message, never in the URL (access logs).
    url = server.replace("http", "ws", 1) + f"/ws/tournaments/{tournament}"
    seat = _Seat()
    failures = 0
    while True:
        try:
            async with websockets.connect(url) as socket:
                await socket.send(json.dumps({"type": "hello", "token": token}))
                if seat.unanswered is not None:
                    await socket.send(seat.unanswered)
                failures = 0
                if await _play_on(socket, seat, bot, rng):
                    return seat.summary
        except websockets.ConnectionClosed as closed:
            if closed.rcvd is not None and closed.rcvd.code in FINAL_CLOSE:
                if closed.rcvd.code == 4409:
                    return seat.summary
                raise
        except OSError:
            pass
        if failures >= len(RETRY_SECONDS):
            raise ConnectionError(f"lost the connection to {server}")
        await asyncio.sleep(RETRY_SECONDS[failures])
        failures += 1


async def _play_on(socket: Any, seat: _Seat, bot: Bot, rng: random.Random) -> bool:
    """Frames until the tournament is finished (True) or the server closes
    the socket without an error (False: connect again)."""
    async for text in socket:
        frame = json.loads(text)
        if frame.get("type") in ("table", "error"):
            seat.unanswered = None  # what was sent came through
        if frame.get("type") == "tournament":
            seat.summary = frame
            if frame.get("status") == "finished":
                return True
            continue
        if frame.get("type") != "table":
            continue
        situation = situation_from_frame(frame)
        if situation is None:
            continue
        view = frame["hand"]
        key = (frame.get("hand_id"), json.dumps(view, sort_keys=True))
        if key == seat.acted_on:
            continue  # one answer per state
        if view.get("actor") != situation.seat and not situation.can_look:
            continue
        action = bot.decide(situation, rng)
        if view.get("actor") != situation.seat and action.kind != "look":
            continue
        seat.acted_on = key
        seat.unanswered = json.dumps({**action.to_dict(), "id": new_key()})
        await socket.send(seat.unanswered)
    return False


def run(
    server: str, tournament: str, name: str, bot: Bot, seed: int | None = None
) -> dict[str, Any]:
    seat = register(server, tournament, name)
    rng = random.Random(seed)
    return asyncio.run(play(server, tournament, seat["token"], bot, rng))


def bot(
    tournament: Annotated[str, typer.Option(help="The tournament's id.")],
    server: Annotated[str, typer.Option(help="The server's address.")] = "http://127.0.0.1:8000",
    name: Annotated[str, typer.Option(help="The bot's name at the table.")] = "Remote bot",
    kind: Annotated[str, typer.Option(help="sensible or random.")] = "sensible",
    seed: Annotated[int | None, typer.Option(help="Seed of the bot's choices.")] = None,
) -> None:
    """Register a bot and play a tournament over the websocket protocol."""
    try:
        chosen = make_bot(kind)
    except ValueError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    try:
        summary = run(server.rstrip("/"), tournament, name, chosen, seed)
    except urllib.error.HTTPError as error:
        typer.echo(f"error: the server refused: {error.code} {error.read().decode()}", err=True)
        raise typer.Exit(2) from None
    except (urllib.error.URLError, OSError) as error:
        typer.echo(f"error: cannot reach {server}: {error}", err=True)
        raise typer.Exit(1) from None
    typer.echo(
        json.dumps(
            {
                "tournament": tournament,
                "status": summary.get("status"),
                "winner": summary.get("winner"),
            }
        )
    )
