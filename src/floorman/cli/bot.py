"""``floorman bot``: a bot as an external websocket client.

It registers over HTTP and plays over the same websocket as a person,
seeing only the frames its seat is sent."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.error
import urllib.request
from typing import Annotated, Any

import typer

from floorman.bots import Bot, make_bot
from floorman.bots.remote import situation_from_frame


def register(server: str, tournament: str, name: str) -> dict[str, str]:
    request = urllib.request.Request(
        f"{server}/api/tournaments/{tournament}/register",
        data=json.dumps({"name": name}).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())  # type: ignore[no-any-return]


async def play(
    server: str, tournament: str, token: str, bot: Bot, rng: random.Random
) -> dict[str, Any]:
    """Play until the tournament ends or this player is out; returns the
    last tournament summary."""
    import websockets

    # The token goes in the first message, never in the URL (access logs).
    url = server.replace("http", "ws", 1) + f"/ws/tournaments/{tournament}"
    summary: dict[str, Any] = {}
    acted_on: object = None
    async with websockets.connect(url) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token}))
        async for text in socket:
            frame = json.loads(text)
            if frame.get("type") == "tournament":
                summary = frame
                if frame.get("status") == "finished":
                    break
                continue
            if frame.get("type") != "table":
                continue
            situation = situation_from_frame(frame)
            if situation is None:
                continue
            view = frame["hand"]
            key = (frame.get("hand_id"), json.dumps(view, sort_keys=True))
            if key == acted_on:
                continue  # one answer per state
            if view.get("actor") != situation.seat and not situation.can_look:
                continue
            action = bot.decide(situation, rng)
            if view.get("actor") != situation.seat and action.kind != "look":
                continue
            acted_on = key
            await socket.send(json.dumps(action.to_dict()))
    return summary


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
