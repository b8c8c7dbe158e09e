"""Tournament events: the append-only log a tournament is folded from.

Each event serialises to one JSON line ``{"type": "seated", "player": …}``;
the names and fields are the ones ``floorman simulate --events`` promises.

>>> event_to_dict(Seated(player="p1", table=1, seat=3))
{'type': 'seated', 'player': 'p1', 'table': 1, 'seat': 3}
>>> event_from_dict({'type': 'seated', 'player': 'p1', 'table': 1, 'seat': 3})
Seated(player='p1', table=1, seat=3)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar, dataclass_transform

from floorman.engine.errors import FloormanError


class TournamentEvent:
    """Base of every tournament event.  ``kind`` names the event in its JSON
    line (``{"type": kind, …}``) and in any dispatch, in snake_case;
    :func:`tournament_event` sets it once per class.  The names are the ones
    stored logs hold: never change one."""

    __slots__ = ()
    kind: ClassVar[str]


#: every tournament event class by its ``kind``
_TYPES: dict[str, type[TournamentEvent]] = {}
_T = TypeVar("_T", bound=TournamentEvent)


@dataclass_transform(frozen_default=True, kw_only_default=True)
def tournament_event(kind: str) -> Callable[[type[_T]], type[_T]]:
    """Declare a tournament event class (a frozen, slotted, keyword-only
    dataclass) stored and dispatched under ``kind``."""

    def declare(cls: type[_T]) -> type[_T]:
        if kind in _TYPES:
            raise TypeError(f"two tournament events are named {kind!r}")
        made = dataclass(frozen=True, slots=True, kw_only=True)(cls)
        made.kind = kind
        _TYPES[kind] = made
        return made

    return declare


@tournament_event("created")
class Created(TournamentEvent):
    tournament: str
    name: str
    profile: dict[str, Any]
    structure: dict[str, Any]
    mode: str = "online"  # "online" (hands dealt here) or "live" (real cards)


@tournament_event("registered")
class Registered(TournamentEvent):
    player: str
    name: str
    bot: str | None = None
    # False: a "running-along" entry, not yet confirmed (paid, checked in);
    # withdrawn at the end of the profile's level unless confirmed
    # (DE-DEAL-4, OQ-46).
    confirmed: bool = True


@tournament_event("confirmed")
class Confirmed(TournamentEvent):
    """An unconfirmed entry is confirmed (paid, checked in): his stack is a
    redeemed one, blinded down while he is away, never withdrawn (DE-DEAL-3,
    OQ-46)."""

    player: str
    clause: str = "DE-DEAL-3, OQ-46"


@tournament_event("withdrawn")
class Withdrawn(TournamentEvent):
    """A still-unconfirmed entry's stack is withdrawn when the level after
    the profile's ``unconfirmed_withdrawn_after_level`` starts (or when his
    running hand ends): his chips leave play and the entry is cancelled -
    no elimination, no place, no prize, not counted among the entrants
    (DE-DEAL-4, OQ-46, OQ-39)."""

    player: str
    chips_removed: int
    table: int | None = None
    level: int = 0
    clause: str = "DE-DEAL-4, OQ-46"


@tournament_event("seated")
class Seated(TournamentEvent):
    player: str
    table: int
    seat: int


@tournament_event("started")
class Started(TournamentEvent):
    at: float


@tournament_event("level")
class LevelChanged(TournamentEvent):
    level: int  # 1-based
    ante: int
    small_blind: int
    big_blind: int
    at: float
    is_break: bool = False
    manual: bool = False  # set by the director (NM-D-1G, OQ-03)


@tournament_event("paused")
class Paused(TournamentEvent):
    at: float


@tournament_event("resumed")
class Resumed(TournamentEvent):
    at: float


@tournament_event("hand_started")
class HandBegun(TournamentEvent):
    table: int
    hand: int
    button_seat: int
    small_blind_seat: int | None
    big_blind_seat: int | None
    dealt: dict[str, int]  # player -> chips at the start of the hand
    dead: tuple[str, ...] = ()
    ante: int = 0
    carried_pot: int = 0


@tournament_event("hand_ended")
class TableHandEnded(TournamentEvent):
    table: int
    hand: int
    button_seat: int
    stacks: dict[str, int]  # every player dealt in -> chips after the hand
    carried_pot: int = 0


@tournament_event("moved")
class Moved(TournamentEvent):
    player: str
    from_table: int
    from_seat: int
    table: int
    seat: int
    clause: str = ""


@tournament_event("table_broken")
class TableBroken(TournamentEvent):
    table: int
    clause: str
    chip_totals: dict[int, int] = field(default_factory=dict)
    spread: int = 0


@tournament_event("eliminated")
class Eliminated(TournamentEvent):
    player: str
    place: int
    table: int | None = None
    hand: int | None = None
    shared: int = 1  # how many players share this place (OQ-06)


@tournament_event("prize")
class PrizeAwarded(TournamentEvent):
    player: str
    place: int
    amount: int
    percent: float


@tournament_event("warning")
class Warned(TournamentEvent):
    player: str
    clause: str
    note: str = ""


@tournament_event("time_penalty")
class TimePenalty(TournamentEvent):
    """The player sits out ``hands`` hands: his forced bets are posted, his
    hands dealt and killed (DE-PENALTY-3/4, OQ-62)."""

    player: str
    hands: int
    clause: str
    note: str = ""


@tournament_event("disqualified")
class Disqualified(TournamentEvent):
    player: str
    clause: str
    note: str = ""
    chips_removed: int = 0


@tournament_event("absence")
class Absence(TournamentEvent):
    """Away from the seat: hands dealt dead, blinds posted (OQ-45, DE-DEAL-3).
    ``reason``: who said so: "player" (sits out, or is back), "timeouts"
    (his clock ran out twice in a row), "director", or "" (older logs)."""

    player: str
    absent: bool
    reason: str = ""


@tournament_event("sit_out_requested")
class SitOutRequested(TournamentEvent):
    """During his hand a player asks to sit out from the next hand on
    (``requested``; False: he takes it back).  His current hand plays on;
    the next hand dealt at his table records his :class:`Absence` first
    (DE-SEATED-1/2, OQ-45)."""

    player: str
    requested: bool


@tournament_event("hand_ruling")
class HandRuled(TournamentEvent):
    """The director rules on table ``table``'s running hand (number
    ``hand``): "misdeal" (dealt again, DE-MISDEAL-1/2, NM-D-1F, OQ-59),
    "void" (annulled, every bet returned, DE-DECK-3…6, OQ-08) or
    "dead_hand" (``player``'s hand dead, DE-FOUL-1/2, DE-SDFOUL-1).  The
    hand's own log holds what it did to the cards and chips.  At a live
    event no hands are counted: ``hand`` is None."""

    ruling: str
    table: int
    hand: int | None
    clause: str
    note: str = ""
    player: str | None = None


@tournament_event("clock_called")
class ClockCalled(TournamentEvent):
    """A seated player (``by``) called the clock on ``player``, who is to
    act: he has ``seconds`` to decide (DE-TIME-2, OQ-63)."""

    by: str
    player: str
    table: int
    hand: int
    seconds: int
    clause: str


@tournament_event("override")
class Overridden(TournamentEvent):
    """The director's override of an automated ruling (NM-D-1G, OQ-03)."""

    ruling: str
    clause: str
    note: str = ""
    player: str | None = None
    chips: int | None = None
    table: int | None = None
    seat: int | None = None
    level: int | None = None


@tournament_event("correction_pending")
class CorrectionPending(TournamentEvent):
    """A director's correction made while the player's hand runs at
    ``table``: recorded now, carried out when that hand ends, after its
    result (NM-D-1G, OQ-03).  ``ruling``: "chips" (his stack becomes
    ``chips``), "seat" (to ``to_table`` seat ``seat``) or "disqualify" (his
    hand is killed at once; his chips leave play when the hand ends:
    NM-D-1C/1D/1E, DE-PENALTY-3)."""

    ruling: str
    player: str
    table: int
    clause: str
    note: str = ""
    chips: int | None = None
    to_table: int | None = None
    seat: int | None = None


@tournament_event("correction_lapsed")
class CorrectionLapsed(TournamentEvent):
    """A pending correction that no longer applies when the hand ends: the
    player is out, or the seat he was to take was filled meanwhile.  Logged
    so the director sees it and rules again (NM-D-1G, OQ-03)."""

    ruling: str
    player: str
    reason: str
    clause: str = "NM-D-1G, OQ-03"


@tournament_event("timed_out")
class TimedOut(TournamentEvent):
    """The action clock ran out on a player: his hand was checked or folded
    for him (DE-TIME-4, OQ-63, OQ-42).  Recorded for the ruling log."""

    player: str
    table: int
    hand: int
    clause: str = "DE-TIME-4, OQ-63"


@tournament_event("penalty_hand_served")
class PenaltyHandServed(TournamentEvent):
    """Everyone at the table sat out, so no hand was dealt; a player on a
    time penalty still served one hand of it (OQ-62).  Only in older logs:
    such a hand is now dealt with every hand dead (DE-DEAL-3, OQ-45)."""

    player: str
    table: int


@tournament_event("carried_pot_awarded")
class CarriedPotAwarded(TournamentEvent):
    """A check-pot whose table has one player left goes to him; with nobody
    left it leaves play (OQ-10, NM-D-3B)."""

    table: int
    player: str | None
    amount: int
    clause: str = "OQ-10, NM-D-3B"


@tournament_event("chip_count")
class ChipCount(TournamentEvent):
    """Live events: the floor's count of a table."""

    table: int
    counts: dict[str, int]


@tournament_event("unregistered")
class Unregistered(TournamentEvent):
    """The entry is taken back before the seat draw (registration is open
    until then, OQ-41): as if it had never been made."""

    player: str


@tournament_event("cancelled")
class Cancelled(TournamentEvent):
    """The director called the tournament off before its start (OQ-41)."""

    note: str = ""


@tournament_event("time_bank_used")
class TimeBankUsed(TournamentEvent):
    """A player's decision ran past the action clock into his time bank;
    ``seconds`` came off it (DE-TIME-1/2, OQ-63: the 30 s clock is the base)."""

    player: str
    seconds: int
    table: int | None = None


@tournament_event("chat_muted")
class ChatMuted(TournamentEvent):
    """The director silences a player's table chat, or lets him speak
    again (DE-ETIQ-1/2: excessive talk is a breach of etiquette)."""

    player: str
    muted: bool
    clause: str = "DE-ETIQ-2"
    note: str = ""


@tournament_event("seat_link_reissued")
class SeatLinkReissued(TournamentEvent):
    """The director gives a player a new seat link (a player he registered
    at the desk, a lost phone, a cleared browser): the link's token is
    derived from the server's key and ``link``, the player's reissues so
    far, so only the new one seats him from now on (OQ-74)."""

    player: str
    link: int
    clause: str = "OQ-74"


@tournament_event("re_entered")
class ReEntered(TournamentEvent):
    """A busted player buys a new entry while late registration is open,
    where the profile allows re-entry (``re_entry``; never in a freeze-out,
    OQ-41): a new stack, his buy-in in the pool; his bust before is no
    place.  ``entry``: his entries so far, this one included."""

    player: str
    entry: int


@tournament_event("late_registration_closed")
class LateRegistrationClosed(TournamentEvent):
    """Late registration is over (its level has ended, or the tournament
    with it): the field is final.  The players out while it was open get
    their places now, counted from the final field in the order they went
    out (those out in one hand share, OQ-06); ``places`` and ``shared`` by
    player.  Their prizes, if any, follow as prize events."""

    level: int
    places: dict[str, int] = field(default_factory=dict)
    shared: dict[str, int] = field(default_factory=dict)
    clause: str = "OQ-41"


@tournament_event("finished")
class Finished(TournamentEvent):
    """The tournament is over: one player left, or none (every entry
    withdrawn or disqualified: DE-DEAL-4, OQ-46) and then no winner."""

    winner: str | None
    at: float | None = None


@tournament_event("hand_for_hand")
class HandForHand(TournamentEvent):
    """The director turns hand-for-hand play on (``on``) or off (OQ-71):
    while it is on, each table finishes the hand it plays, then every table
    deals one hand and waits until every table has finished it; players out
    in the same hand-for-hand hand are placed together (OQ-06)."""

    on: bool
    clause: str
    note: str = ""
    at: float | None = None


@tournament_event("hand_for_hand_played")
class HandForHandPlayed(TournamentEvent):
    """Every table has finished hand-for-hand hand ``hand`` (OQ-71): the
    players out in it, at whichever table, are placed together (Eliminated
    events follow: the larger stack at the start of the hand places higher,
    equal stacks share, OQ-06); the next hand may be dealt everywhere."""

    hand: int
    clause: str


@tournament_event("hand_for_hand_ending")
class HandForHandEnding(TournamentEvent):
    """The director ends hand-for-hand while tables still play hand-for-hand
    hand ``hand`` (OQ-71): that hand is finished at every table, the players
    out in it are placed together (OQ-06), then it is off (a
    :class:`HandForHand` event follows).  Online the tables deal again at
    once, so a director waiting for a moment when none plays would wait in
    vain."""

    hand: int
    clause: str
    note: str = ""
    at: float | None = None


@tournament_event("clock_adjusted")
class ClockAdjusted(TournamentEvent):
    """The director adds time to level ``level`` (``seconds`` > 0) or takes
    time off it (< 0): the level lasts that much longer or shorter, every
    later level starts that much later or sooner (NM-D-1G, OQ-03)."""

    level: int
    seconds: int
    clause: str
    note: str = ""
    at: float | None = None


@tournament_event("break_called")
class BreakCalled(TournamentEvent):
    """The director calls a break now, of ``seconds`` (NM-D-1G, OQ-03,
    OQ-09): the level clock stops and no hand is dealt until the break is
    over (:class:`BreakEnded`); the level then goes on where it stood."""

    seconds: int
    clause: str
    note: str = ""
    at: float = 0.0


@tournament_event("break_ended")
class BreakEnded(TournamentEvent):
    """The break the director called is over (its time ran out, or he ended
    it early): the level clock runs again from where it stood."""

    at: float


@tournament_event("chip_race")
class ChipRace(TournamentEvent):
    """The smallest chip ``chip`` goes out of play; every stack becomes a
    multiple of ``unit`` (OQ-72).  ``method``: "race" (the chip race: one
    card per odd small chip, ``cards`` by player; the highest cards win the
    race chips, one each at most; nobody is raced out) or "round-up" (each
    player's odd chips are coloured up to one ``unit``).  ``stacks``: every
    changed stack after it, by player; ``cards``: each racing player's
    cards (e.g. "A♠ 7♦"); ``table``: where the race was run."""

    chip: int
    unit: int
    method: str
    stacks: dict[str, int]
    clause: str
    cards: dict[str, str] = field(default_factory=dict)
    table: int | None = None
    note: str = ""


@tournament_event("ruling_undone")
class RulingUndone(TournamentEvent):
    """The director takes back his last ruling that can be undone (NM-D-1G,
    OQ-03): ``ruling`` ("chips", "seat" or "count") recorded as event
    number ``index`` of the log.  Nothing is deleted: this event restores
    what it changed - ``stacks`` (chips by player), ``tables`` and
    ``seats`` (the table and seat each player goes back to) and, for a
    count's wrong eliminations, ``revived`` (players back in play, their
    places and prizes taken back)."""

    ruling: str
    index: int
    clause: str
    note: str = ""
    player: str | None = None
    stacks: dict[str, int] = field(default_factory=dict)
    tables: dict[str, int] = field(default_factory=dict)
    seats: dict[str, int] = field(default_factory=dict)
    revived: tuple[str, ...] = ()


@tournament_event("deal_proposed")
class DealProposed(TournamentEvent):
    """The director proposes a deal over the prize money left among the
    players still in (OQ-34, OQ-73): ``method`` "chip" or "icm", from
    each one's ``chips`` now; ``amounts`` add up to ``prize_money`` to the
    unit.  No hand is dealt until it is made or withdrawn."""

    method: str
    chips: dict[str, int]
    amounts: dict[str, int]
    prize_money: int
    clause: str = "OQ-34, OQ-73"
    note: str = ""


@tournament_event("deal_agreed")
class DealAgreed(TournamentEvent):
    """``player`` agrees to the deal proposed: from his own seat (``by``
    "player") or, at a live event, as the director records it ("director")."""

    player: str
    by: str = "player"


@tournament_event("deal_withdrawn")
class DealWithdrawn(TournamentEvent):
    """The deal proposed is off: ``player`` declined it, or the director
    withdrew it (``player`` None); play goes on (OQ-73)."""

    player: str | None = None
    clause: str = "OQ-73"


@tournament_event("deal_made")
class DealMade(TournamentEvent):
    """Everyone agreed: the deal is made and play ends (OQ-73).  Each
    player gets his ``amounts`` share; ``places`` rank them by their chips
    at the deal (equal stacks share a place), for the record and the
    trophy."""

    method: str
    amounts: dict[str, int]
    places: dict[str, int]
    clause: str = "OQ-34, OQ-73"
    at: float | None = None


def event_classes() -> tuple[type[TournamentEvent], ...]:
    """Every tournament event class, in declaration order."""
    return tuple(_TYPES.values())


def event_type(event: TournamentEvent) -> str:
    return event.kind


def event_to_dict(event: TournamentEvent) -> dict[str, Any]:
    data: dict[str, Any] = {"type": event.kind}
    for f in dataclasses.fields(event):  # type: ignore[arg-type]
        value = getattr(event, f.name)
        if isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, dict) and value and isinstance(next(iter(value)), int):
            value = {str(k): v for k, v in value.items()}
        data[f.name] = value
    return data


def event_from_dict(data: dict[str, Any]) -> TournamentEvent:
    kind = data.get("type")
    cls = _TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise FloormanError(f"unknown tournament event type {kind!r}")
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name == "chip_totals" and isinstance(value, dict):
            value = {int(k): v for k, v in value.items()}
        elif isinstance(value, list):
            value = tuple(value)
        kwargs[f.name] = value
    try:
        return cls(**kwargs)
    except TypeError as error:
        raise FloormanError(f"bad {kind} event: {error}") from None
