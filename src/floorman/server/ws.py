"""The websocket protocol: one socket per seat (or spectator).

Server → client frames: ``{"type": "table", …}`` (the engine's view for this
seat only), ``{"type": "tournament", …}`` (summaries), ``{"type": "error",
"clause": …, "message": …}`` (a rejected action: nothing changed),
``{"type": "seat_taken", …}`` (the player opened his seat on another device:
this socket is then closed with code 4409).
Client → server: an action object such as ``{"action": "raise", "amount": 40}``,
``{"action": "look"}``, ``{"action": "draw", "cards": ["As", "Kd"]}``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from floorman.engine.errors import FloormanError, RuleViolation
from floorman.services.runtime import SEAT_TAKEN_CODE

router = APIRouter()
log = logging.getLogger("floorman.server")


@router.websocket("/ws/tournaments/{tournament_id}")
async def tournament_socket(websocket: WebSocket, tournament_id: str) -> None:
    floor = websocket.app.state.floor
    service = floor.get(tournament_id)
    token = websocket.query_params.get("token")
    table_param = websocket.query_params.get("table")
    if service is None:
        await websocket.close(code=4404, reason="no such tournament")
        return
    player = service.player_for(token) if token else None
    if token and player is None:
        await websocket.close(code=4403, reason="unknown player token")
        return
    table = (
        int(table_param)
        if table_param and table_param.isascii() and table_param.isdigit()
        else None
    )
    turn = service.rulings["turn"]  # messages out of turn or out of form
    await websocket.accept()
    sub = service.subscribe(player, table)
    if player is not None:
        service.take_seat(sub)  # one device per seat: the older ones are closed
        service.back(player)
    sub.send(service.summary())
    number = service.table_of(sub)
    if number is not None:
        sub.send(service.table_view(number, player))

    async def pump() -> None:
        while True:
            message = await sub.queue.get()
            await websocket.send_text(json.dumps(message))
            if message.get("type") == "seat_taken":
                await websocket.close(code=SEAT_TAKEN_CODE, reason=str(message["message"]))
                return

    sender = asyncio.create_task(pump())
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                sub.send(
                    {
                        "type": "error",
                        "message": "send text frames holding JSON",
                        "clause": turn,
                    }
                )
                continue
            if len(text) > 10_000:
                sub.send({"type": "error", "message": "message too long", "clause": turn})
                continue
            try:
                data = json.loads(text)
            except json.JSONDecodeError:
                sub.send({"type": "error", "message": "not JSON", "clause": turn})
                continue
            if isinstance(data, dict) and data.get("type") == "watch":
                watched = data.get("table")
                sub.table = watched if isinstance(watched, int) else None
                if sub.table is not None:
                    sub.send(service.table_view(sub.table, player))
                continue
            if player is None:
                sub.send(
                    {
                        "type": "error",
                        "message": "spectators cannot act",
                        "clause": service.rulings["not_a_player"],
                    }
                )
                continue
            try:
                service.submit(player, data)
            except RuleViolation as error:
                sub.send({"type": "error", **error.to_dict()})
            except FloormanError as error:
                sub.send({"type": "error", "message": str(error), "clause": turn})
            except Exception:  # a bug must cost one message, not the player's socket
                log.exception("action %r from %s failed", data, player)
                sub.send(
                    {
                        "type": "error",
                        "message": "the server could not take that action",
                        "clause": turn,
                    }
                )
    except (WebSocketDisconnect, RuntimeError):  # RuntimeError: closed by pump (4409)
        pass
    finally:
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sender
        service.unsubscribe(sub)
