"""The HTTP API (documented at ``/openapi.json``).  Director calls need the
director token as a bearer token; player calls the player's own token.
Wrong or missing tokens get 401/403 and change nothing; a request the rules
forbid gets 409 with the clause; malformed input 422, and a set-up the rules
refuse (a payout table of the wrong length, NM-H-19) 422 with the clause."""

from __future__ import annotations

import dataclasses
import math
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, HTTPException, Request
from fastapi.responses import PlainTextResponse
from pydantic import AfterValidator, BaseModel, Field
from starlette.requests import HTTPConnection

from floorman.rules import check_citation
from floorman.server.error_bodies import error_body, http_error, message_body
from floorman.server.history import FINISHED_HAND_STEPS, hand_phh, hand_text
from floorman.server.rate import RateLimiter
from floorman.services import (
    FloormanError,
    ProfileError,
    RuleViolation,
    profile_listing,
)
from floorman.services import commands as c
from floorman.services.auth import token_hash
from floorman.services.handler import Execute
from floorman.services.seat_links import qr_svg, seat_link_path
from floorman.services.view import FloorView, TournamentView
from floorman.storage.crypto import StoredHandUnreadable

router = APIRouter(prefix="/api")

#: every number a client sends has a bound: nothing stored can overflow a
#: listing later (a level of 10**400 s once broke GET /api/tournaments)
MAX_CHIPS = 10**12
MAX_PRIZE_POOL = 10**15
MAX_LEVEL_SECONDS = 7 * 24 * 3600


def floor_of(request: HTTPConnection) -> FloorView:
    """The tournaments as this process reads them (the deployment's view
    source: the single process's floor, or a web process's replicas)."""
    return request.app.state.floor  # type: ignore[no-any-return]


async def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    return (token.strip() or None) if scheme.lower() == "bearer" else None


async def require_director(request: Request, token: Annotated[str | None, Depends(bearer)]) -> None:
    if token is None:
        # The scheme goes in the standard header, not in the words people read.
        refused = http_error(401, "director token required")
        refused.headers = {"WWW-Authenticate": "Bearer"}
        raise refused
    if not floor_of(request).is_director(token):
        raise http_error(403, "wrong director token")


Director = Depends(require_director)

#: a client's key for a command: sent again (a retry after a lost answer),
#: the command is not carried out again and the first answer comes back
IdempotencyKey = Annotated[
    str | None,
    Header(
        alias="Idempotency-Key",
        max_length=c.MAX_KEY,
        description="the same key again gets the first answer (the command is done once)",
    ),
]


def execute_of(request: HTTPConnection) -> Execute:
    """What carries a command out, as the deployment set it: this
    process's handler, or the transport to the runner (a web process of
    the cluster); refusing every command once the server drains for a
    restart."""
    state = request.app.state
    execute: Execute = state.commands
    drain = getattr(state, "drain", None)  # a server stopping takes no more (server/drain.py)
    return drain.guard(execute) if drain is not None else execute


async def player_of(
    connection: HTTPConnection, service: TournamentView, token: str | None
) -> str | None:
    """The player a token seats; a web process of the cluster asks the
    database (off the loop) for one its replica does not know yet."""
    find = getattr(connection.app.state, "find_player", None)
    if find is not None and token:
        player: str | None = await find(service, token)
        return player
    return service.player_for(token)


async def carried_out(request: Request, command: c.Command) -> dict[str, Any]:
    """The command's answer, or its refusal as an HTTP error."""
    answer = await execute_of(request)(command)
    if not answer.ok:
        raise HTTPException(answer.status, answer.body)
    return answer.body


async def director_command(
    request: Request, cls: type[c.Command], tournament_id: str, key: str | None, **fields: Any
) -> dict[str, Any]:
    return await carried_out(
        request, cls(tournament=tournament_id, author=c.DIRECTOR, key=key or "", **fields)
    )


def service_of(request: Request, tournament_id: str) -> TournamentView:
    service = floor_of(request).get(tournament_id)
    if service is None:
        raise http_error(404, "no tournament {tournament}", {"tournament": repr(tournament_id)})
    return service


def rule_error(error: FloormanError) -> HTTPException:
    """409 with the clause for a move the rules forbid now; 422 for a set-up
    they refuse (a :class:`SetupViolation`, with its clause too, e.g. a
    payout table of 6 places under nm-holdem, NM-H-19) or a malformed one.
    The body is :func:`error_body`: English message, template and values to
    translate it, the clause texts."""
    if isinstance(error, RuleViolation):
        return HTTPException(422 if isinstance(error, ProfileError) else 409, error_body(error))
    return HTTPException(422, error_body(error))


class LevelIn(BaseModel):
    """One level of a structure: its ante (blinds follow from it under the
    profile, NM-H-2) and length; a break has no ante."""

    ante: int = Field(0, ge=0, le=MAX_CHIPS)
    seconds: int = Field(ge=1, le=MAX_LEVEL_SECONDS)
    is_break: bool = False


class PayoutTableIn(BaseModel):
    """The payout table (percent per place) for a range of entries."""

    min_entries: int = Field(ge=1, le=100_000)
    max_entries: int | None = Field(None, ge=1, le=100_000, description="none: and above")
    shares: list[Annotated[int, Field(ge=0, le=100)]] = Field(min_length=1, max_length=1000)


class NewTournament(BaseModel):
    profile: str = Field(description="nm-draw, nm-holdem, de-holdem, tda")
    bots: int = Field(0, ge=0, le=10_000, description="bots registered at once")
    bot_kind: str = Field("sensible", description="sensible or random")
    name: str = Field("", max_length=100)
    starting_stack: int | None = Field(None, ge=1, le=MAX_CHIPS)
    level_seconds: int | None = Field(
        None,
        ge=1,
        le=MAX_LEVEL_SECONDS,
        description="length of each level in seconds (the console's forms take minutes)",
    )
    break_every: int | None = Field(
        None, ge=0, le=100, description="a break after every so many levels (0: none)"
    )
    break_seconds: int | None = Field(
        None, ge=1, le=MAX_LEVEL_SECONDS, description="each break's length in seconds"
    )
    table_size: int | None = Field(None, ge=2, le=10)
    payout_shares: list[Annotated[int, Field(ge=0, le=100)]] | None = Field(
        None,
        max_length=1000,
        description="percent per place, sum 100; nm-holdem pays exactly 5 places"
        " (NM-H-19, OQ-39), other profiles any number (default 40/25/15/12/8)",
    )
    prize_pool: int = Field(
        0,
        ge=0,
        le=MAX_PRIZE_POOL,
        description="a fixed prize pool; 0: the confirmed entries' buy-ins, at least the guarantee",
    )
    buy_in: int | None = Field(
        None, ge=0, le=MAX_PRIZE_POOL, description="per entry, all in the pool"
    )
    fee: int | None = Field(None, ge=0, le=MAX_PRIZE_POOL, description="per entry, not in the pool")
    guarantee: int | None = Field(None, ge=0, le=MAX_PRIZE_POOL, description="the least pool")
    payout_tables: list[PayoutTableIn] | None = Field(
        None,
        max_length=100,
        description="payout tables by the number of entries; nm-holdem: 5 places in each",
    )
    late_registration_level: int | None = Field(
        None, ge=1, le=1000, description="entries (and re-entries) until the end of this level"
    )
    payout_unit: int | None = Field(
        None,
        ge=-MAX_PRIZE_POOL,
        le=MAX_PRIZE_POOL,
        description="every prize below 1st rounded down to a multiple of this (e.g. 50),"
        " 1st takes the rest (OQ-69); default 1: no rounding, or the saved structure's",
    )
    starts_at: str | None = Field(None, max_length=64, description="ISO 8601, for the lobby")
    auto_start: bool | None = Field(
        None, description="true: it starts by itself at starts_at; default: the director starts it"
    )
    action_delay_ms: int = Field(800, ge=0, le=60_000, description="bots' thinking time")
    action_seconds: float | None = Field(None, gt=0, le=600, description="action clock")
    time_bank_seconds: int | None = Field(
        None,
        ge=0,
        le=3600,
        description="each player's time bank once the action clock has run out;"
        " default: the profile's (de-holdem 60 s, the NM profiles none: OQ-42)",
    )
    between_hands_s: float = Field(2.0, ge=0, le=60)
    deals_allowed: bool | None = Field(
        None,
        description="the organiser allows deals over the prize money left (a chip or an ICM"
        " chop, OQ-73); default: the profile's, off in every profile (OQ-34)",
    )
    mode: str = Field("online", description="online or live")
    structure_name: str | None = Field(
        None, max_length=100, description="a saved structure (GET /api/structures)"
    )
    levels: list[LevelIn] | None = Field(
        None, min_length=1, max_length=200, description="the levels, instead of the default"
    )


class Entry(BaseModel):
    # Empty, too long or otherwise unfit names are refused by the rules with
    # their clause (DE-GEN-2, OQ-64); the bound here only stops abuse.
    name: str = Field(max_length=1000)
    confirmed: bool = Field(
        True,
        description="false: registered but not yet paid or checked in; the stack is"
        " withdrawn at the end of blind level 2 unless the director confirms it"
        " (DE-DEAL-4, OQ-46)",
    )


class BotsToAdd(BaseModel):
    count: int = Field(ge=1, le=10_000)
    kind: str = "sensible"


def _in_the_registry(clause: str) -> str:
    check_citation(clause)  # a made-up clause: 422 naming it, nothing recorded
    return clause


#: a director's citation: clauses of the rules registry
Citation = Annotated[str, Field(min_length=2, max_length=80), AfterValidator(_in_the_registry)]


class FloorRuling(BaseModel):
    player: str
    clause: Citation
    note: str = Field("", max_length=500)
    hands: int | None = Field(None, ge=1, le=1000)


class HandRuling(BaseModel):
    ruling: Literal["misdeal", "void", "dead_hand"] = Field(
        description="misdeal: dealt again (DE-MISDEAL-1/2, NM-D-1F, OQ-59); void: annulled,"
        " every bet returned (DE-DECK-5/6, OQ-08); dead_hand: the player's hand cannot win"
        " and loses what it put in (DE-FOUL-1/2, DE-SDFOUL-1)"
    )
    table: int = Field(ge=1, le=100_000)
    player: str | None = Field(None, max_length=100, description="dead_hand: whose hand")
    note: str = Field("", max_length=500)
    clause: Citation | None = Field(None, description="default: the hand's own clause")


class ChipOverride(BaseModel):
    player: str
    chips: int = Field(ge=0, le=MAX_CHIPS)
    note: str = Field(min_length=1, max_length=500)


class SeatOverride(BaseModel):
    player: str
    table: int = Field(ge=1)
    seat: int = Field(ge=1, le=10)
    note: str = Field(min_length=1, max_length=500)


class LevelOverride(BaseModel):
    level: int = Field(ge=1, le=10_000)
    note: str = Field(min_length=1, max_length=500)


class Absent(BaseModel):
    player: str
    absent: bool


class ChipCounts(BaseModel):
    table: int = Field(ge=1)
    counts: dict[str, Annotated[int, Field(ge=0, le=MAX_CHIPS)]] = Field(max_length=10)
    confirm_correction: bool = Field(
        False, description="record counts that change the table's total (NM-D-1G, OQ-03)"
    )
    note: str = Field("", max_length=500, description="why: needed to confirm a correction")


@router.get("/profiles", summary="The rule profiles a tournament can use")
async def profiles() -> list[dict[str, Any]]:
    return profile_listing()


@router.get("/tournaments", summary="All tournaments")
async def list_tournaments(request: Request, archived: bool = False) -> list[dict[str, Any]]:
    """The lobby's list; ``?archived=true``: the director's archive instead."""
    return [s.summary() for s in floor_of(request).listed(archived=archived)]


@router.post("/tournaments", dependencies=[Director], summary="Create a tournament (director)")
async def create_tournament(
    request: Request, body: NewTournament, key: IdempotencyKey = None
) -> dict[str, Any]:
    command = c.CreateTournament(
        tournament="", author=c.DIRECTOR, key=key or "", settings=body.model_dump()
    )
    return await carried_out(request, command)


@router.get("/tournaments/{tournament_id}", summary="Status, standings, tables and prizes")
async def get_tournament(request: Request, tournament_id: str) -> dict[str, Any]:
    return service_of(request, tournament_id).details()


#: registrations need no login: one address gets a burst (a club's players
#: behind one router), then a trickle
REGISTRATION_BURST = 20
REGISTRATIONS_PER_MINUTE = 20


def registration_limiter(request: Request) -> RateLimiter:
    """The app's limiter of registrations per client address (made on first
    use; a test puts its own, with its own clock, on ``app.state``)."""
    state = request.app.state
    limiter = getattr(state, "registration_limiter", None)
    if limiter is None:
        limiter = state.registration_limiter = RateLimiter(
            REGISTRATION_BURST, REGISTRATIONS_PER_MINUTE
        )
    return limiter


def verify_registration_allowed(request: Request) -> None:
    """429 for an address over its rate (the director is not limited; OQ-41:
    a limit of our administration, not of a rulebook; a full tournament is
    the handler's 409)."""
    limiter = registration_limiter(request)
    address = request.client.host if request.client else "unknown"
    if not limiter.allow(address):
        seconds = max(1, math.ceil(limiter.retry_after(address)))
        raise HTTPException(
            429,
            message_body(
                "too many registrations from your address: try again in {seconds} s",
                {"seconds": seconds},
                clause="OQ-41",
            ),
            headers={"Retry-After": str(seconds)},
        )


@router.post("/tournaments/{tournament_id}/register", summary="Entry a player")
async def register(
    request: Request,
    tournament_id: str,
    body: Entry,
    token: Annotated[str | None, Depends(bearer)] = None,
    key: IdempotencyKey = None,
) -> dict[str, str]:
    service_of(request, tournament_id)
    director = bool(token and floor_of(request).is_director(token))
    command = c.Register(
        tournament=tournament_id,
        author=c.DIRECTOR if director else c.PUBLIC,
        key=key or "",
        name=body.name,
        confirmed=body.confirmed,
    )
    # the token is made here and only its hash travels with the command;
    # made from the key and the request, a retry gets the same token
    player_token = floor_of(request).new_token(command)
    command = dataclasses.replace(command, token_hash=token_hash(player_token))
    if not director:
        verify_registration_allowed(request)
    answer = await carried_out(request, command)  # a token only for a stored entry
    # Open the link on another device to take the seat there (the socket of
    # the old device is closed with 4409).
    link = seat_link_path(tournament_id, player_token)
    entered = {"player": str(answer["player"]), "token": player_token, "seat_link": link}
    if director:  # for the desk: a QR code to hand the seat to his phone (OQ-74)
        entered["qr_svg"] = qr_svg(str(request.base_url).rstrip("/") + link, body.name.strip())
    return entered


@router.post("/tournaments/{tournament_id}/start", dependencies=[Director])
async def start(request: Request, tournament_id: str, key: IdempotencyKey = None) -> dict[str, Any]:
    return await director_command(request, c.Start, tournament_id, key)


@router.post("/tournaments/{tournament_id}/pause", dependencies=[Director])
async def pause(request: Request, tournament_id: str, key: IdempotencyKey = None) -> dict[str, Any]:
    return await director_command(request, c.Pause, tournament_id, key)


@router.post("/tournaments/{tournament_id}/resume", dependencies=[Director])
async def resume(
    request: Request, tournament_id: str, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(request, c.Resume, tournament_id, key)


@router.post(
    "/tournaments/{tournament_id}/bots", dependencies=[Director], summary="Fill seats with bots"
)
async def add_bots(
    request: Request, tournament_id: str, body: BotsToAdd, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request, c.AddBots, tournament_id, key, count=body.count, bot_kind=body.kind
    )


@router.post("/tournaments/{tournament_id}/floor/warn", dependencies=[Director])
async def warn(
    request: Request, tournament_id: str, body: FloorRuling, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request, c.Warn, tournament_id, key, target=body.player, clause=body.clause, note=body.note
    )


@router.post(
    "/tournaments/{tournament_id}/floor/penalty",
    dependencies=[Director],
    summary="Time penalty: the player's hands are dealt dead (OQ-62)",
)
async def penalty(
    request: Request, tournament_id: str, body: FloorRuling, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request,
        c.PenalizeTime,
        tournament_id,
        key,
        target=body.player,
        hands=body.hands or 1,
        clause=body.clause,
        note=body.note,
    )


@router.post("/tournaments/{tournament_id}/floor/disqualify", dependencies=[Director])
async def disqualify(
    request: Request, tournament_id: str, body: FloorRuling, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request,
        c.Disqualify,
        tournament_id,
        key,
        target=body.player,
        clause=body.clause,
        note=body.note,
    )


@router.post(
    "/tournaments/{tournament_id}/floor/hand",
    dependencies=[Director],
    summary="Rule on a table's running hand: misdeal, void or dead hand (director)",
)
async def hand_ruling(
    request: Request, tournament_id: str, body: HandRuling, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request,
        c.RuleHand,
        tournament_id,
        key,
        ruling=body.ruling,
        table=body.table,
        target=body.player,
        note=body.note,
        clause=body.clause,
    )


@router.post(
    "/tournaments/{tournament_id}/players/{player}/confirm",
    dependencies=[Director],
    summary="Confirm an unconfirmed entry (paid, checked in): never withdrawn (DE-DEAL-3/4, OQ-46)",
)
async def confirm(
    request: Request, tournament_id: str, player: str, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(request, c.Confirm, tournament_id, key, target=player)


@router.post("/tournaments/{tournament_id}/floor/absent", dependencies=[Director])
async def absent(
    request: Request, tournament_id: str, body: Absent, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request, c.SetAbsent, tournament_id, key, target=body.player, absent=body.absent
    )


@router.post(
    "/tournaments/{tournament_id}/override/chips",
    dependencies=[Director],
    summary="Correct a stack (NM-D-1G, OQ-03)",
)
async def override_chips(
    request: Request, tournament_id: str, body: ChipOverride, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request,
        c.OverrideChips,
        tournament_id,
        key,
        target=body.player,
        chips=body.chips,
        note=body.note,
    )


@router.post("/tournaments/{tournament_id}/override/seat", dependencies=[Director])
async def override_seat(
    request: Request, tournament_id: str, body: SeatOverride, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request,
        c.OverrideSeat,
        tournament_id,
        key,
        target=body.player,
        table=body.table,
        seat=body.seat,
        note=body.note,
    )


@router.post("/tournaments/{tournament_id}/override/level", dependencies=[Director])
async def override_level(
    request: Request, tournament_id: str, body: LevelOverride, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request, c.OverrideLevel, tournament_id, key, level=body.level, note=body.note
    )


@router.post(
    "/tournaments/{tournament_id}/live/counts",
    dependencies=[Director],
    summary="Live event: a table's chip counts; returns breaks and moves",
)
async def live_counts(
    request: Request, tournament_id: str, body: ChipCounts, key: IdempotencyKey = None
) -> dict[str, Any]:
    return await director_command(
        request,
        c.RecordChipCounts,
        tournament_id,
        key,
        table=body.table,
        counts=body.counts,
        confirm_correction=body.confirm_correction,
        note=body.note,
    )


@router.get(
    "/tournaments/{tournament_id}/rulings",
    summary="The ruling log: every ruling with its clause, eliminations, time-outs,"
    " moves and breaks, each with the time it was recorded (``at``, Unix seconds)",
)
async def rulings(request: Request, tournament_id: str) -> list[dict[str, Any]]:
    return service_of(request, tournament_id).ruling_log()


@router.get(
    "/tournaments/{tournament_id}/table-cards",
    summary="Table cards: each player's table and seat (DE-SEAT-1)",
)
async def table_cards(request: Request, tournament_id: str) -> list[dict[str, Any]]:
    return service_of(request, tournament_id).table_cards()


@router.get(
    "/tournaments/{tournament_id}/table-cards.txt",
    response_class=PlainTextResponse,
    summary="The table cards, ready to print and cut (DE-SEAT-1)",
)
async def table_cards_text(request: Request, tournament_id: str) -> str:
    return service_of(request, tournament_id).table_cards_text()


@router.get("/tournaments/{tournament_id}/tables/{table}", summary="A table as you may see it")
async def table_view(
    request: Request,
    tournament_id: str,
    table: int,
    token: Annotated[str | None, Depends(bearer)] = None,
) -> dict[str, Any]:
    service = service_of(request, tournament_id)
    player = await player_of(request, service, token)
    if token and player is None:
        raise http_error(403, "unknown player token")
    return service.table_view(table, player)


@router.get("/tournaments/{tournament_id}/me", summary="Your seat (player token)")
async def me(
    request: Request, tournament_id: str, token: Annotated[str | None, Depends(bearer)] = None
) -> dict[str, Any]:
    service = service_of(request, tournament_id)
    if token is None:
        raise http_error(401, "player token required")
    player = await player_of(request, service, token)
    if player is None:
        raise http_error(403, "unknown player token")
    return service.player_record(player)


@router.post("/tournaments/{tournament_id}/actions", summary="Act (player token)")
async def act(
    request: Request,
    tournament_id: str,
    body: dict[str, Any],
    token: Annotated[str | None, Depends(bearer)] = None,
    key: IdempotencyKey = None,
) -> dict[str, Any]:
    """An action (or ``sit_out``, ``sit_out_next``, ``back``, ``call_clock``).  Its key: the
    Idempotency-Key header, or the message's ``id`` as over the websocket
    (a double click, a retry: done once)."""
    service = service_of(request, tournament_id)
    if token is None:
        raise http_error(401, "player token required")
    player = await player_of(request, service, token)
    if player is None:
        raise http_error(403, "unknown player token")
    return await carried_out(request, c.act_command(tournament_id, player, body, key))


@router.get("/tournaments/{tournament_id}/hands", summary="Finished hands")
async def hands(
    request: Request, tournament_id: str, table: int | None = None
) -> list[dict[str, Any]]:
    """Every finished hand (ids and numbers, no cards: the replays filter
    those), oldest first; ``table``: only that table's (a table page)."""
    found = await service_of(request, tournament_id).read_finished_hands()
    return found if table is None else [h for h in found if h["table"] == table]


async def finished_hand(
    request: Request, hand_id: str
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A finished hand's stored record and events; 404 for any other id."""
    try:
        found = await floor_of(request).read_finished_hand(hand_id)
    except StoredHandUnreadable as error:  # another key, or a row altered
        raise HTTPException(500, error_body(error)) from None
    if found is None:
        raise http_error(404, "no finished hand with that id")
    return found


@router.get("/hands/{hand_id}", summary="A finished hand, step by step, as a spectator saw it")
async def hand_history(request: Request, hand_id: str) -> dict[str, Any]:
    async def events() -> list[dict[str, Any]]:
        return (await finished_hand(request, hand_id))[1]

    return {"hand_id": hand_id, "steps": await FINISHED_HAND_STEPS.steps(hand_id, events)}


@router.get(
    "/hands/{hand_id}/text",
    response_class=PlainTextResponse,
    summary="PokerStars-style text (your own cards with your token)",
)
async def hand_history_text(
    request: Request, hand_id: str, token: Annotated[str | None, Depends(bearer)] = None
) -> str:
    row, events = await finished_hand(request, hand_id)
    service = floor_of(request).get(row["tournament"])
    hero = service.player_for(token) if service and token else None
    names = service.player_names() if service else None
    return hand_text(events, hero, hand_id=hand_id, started_at=row["started_at"], names=names)


@router.get(
    "/hands/{hand_id}/phh",
    response_class=PlainTextResponse,
    dependencies=[Director],
    summary="PHH with every card (director)",
)
async def hand_history_phh(request: Request, hand_id: str) -> str:
    try:
        return hand_phh((await finished_hand(request, hand_id))[1])
    except FloormanError as error:  # e.g. dead hands, which PHH cannot write
        raise rule_error(error) from None
