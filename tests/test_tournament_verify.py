"""The tournament's verify methods (issue 10), like the engine's triads:
each ``verify_*`` refuses exactly what its command refuses, with the same
typed error and clause, before anything is recorded; ``can_*`` agrees with
``verify_*``; and what a verify lets through, the command carries out."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from floorman.engine.errors import RuleViolation
from floorman.engine.profile import with_changes
from floorman.profiles import load_profile
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.names import MalformedName
from floorman.tournament.state import HandSpec
from tests.helpers.tournament import new_tournament, seated, structure

SIX = {1: {s: f"p{s}" for s in range(1, 7)}}
TWO_TABLES = {1: {s: f"a{s}" for s in range(1, 6)}, 2: {s: f"b{s}" for s in range(1, 6)}}


def rng() -> Callable[[int], int]:
    return random.Random(7).randrange


def refused_alike(
    t: Tournament,
    verify: Callable[[], object],
    command: Callable[[], object],
    can: Callable[[], bool] | None = None,
    *,
    clause: str | None = None,
    kind: type[RuleViolation] = TournamentError,
) -> RuleViolation:
    """``verify`` and ``command`` refuse alike (type, clause, reason) and
    nothing is recorded; ``can`` says no."""
    logged = list(t.events)
    with pytest.raises(RuleViolation) as by_verify:
        verify()
    assert t.events == logged
    with pytest.raises(RuleViolation) as by_command:
        command()
    assert t.events == logged, "the command recorded something before refusing"
    v, c = by_verify.value, by_command.value
    assert type(v) is type(c) and isinstance(v, kind)
    assert (v.clause, v.reason) == (c.clause, c.reason)
    if clause is not None:
        assert clause in v.clause, v
    if can is not None:
        assert can() is False
    return v


def allowed_alike(verify: Callable[[], object], can: Callable[[], bool] | None = None) -> None:
    verify()
    if can is not None:
        assert can() is True


def started_hand(t: Tournament, table: int = 1) -> HandSpec:
    return t.begin_hand(table, rng())


def stacks_of(spec: HandSpec) -> dict[str, int]:
    return dict(zip(spec.players, spec.stacks, strict=True))


# ---------------------------------------------------------------- registration


def test_verify_register_refuses_what_register_refuses() -> None:
    prof = load_profile("nm-holdem")
    t = Tournament.create("t", prof, structure(prof))
    t.register("p1", "Ann Lee")
    allowed_alike(lambda: t.verify_register("p2", "Bo"), lambda: t.can_register("p2", "Bo"))
    for player, name, clause, kind in [
        ("", "Cy", "DE-GEN-2", TournamentError),
        ("p1", "Cy", "DE-GEN-2", TournamentError),
        ("p3", "ann  LEE", "DE-GEN-2, OQ-64", TournamentError),
        ("p3", "   ", "", MalformedName),
    ]:
        refused_alike(
            t,
            lambda: t.verify_register(player, name),  # noqa: B023
            lambda: t.register(player, name),  # noqa: B023
            lambda: t.can_register(player, name),  # noqa: B023
            clause=clause,
            kind=kind,
        )
    t.register("p2")
    t.draw_seats(rng())
    refused_alike(
        t,
        lambda: t.verify_register("p9"),
        lambda: t.register("p9"),
        lambda: t.can_register("p9"),
        clause="OQ-41, DE-SEAT-1",
    )


def test_verify_confirm_refuses_what_confirm_refuses() -> None:
    # running-along stacks seated at the start (DE-DEAL-4 literally, OQ-70's switch)
    prof = with_changes(load_profile("de-holdem"), seat_unconfirmed_at_start=True)
    t = Tournament.create("t", prof, structure(prof))
    t.register("p1")
    t.register("p2", confirmed=False)
    t.register("p3", confirmed=False)
    allowed_alike(lambda: t.verify_confirm("p2"), lambda: t.can_confirm("p2"))
    for player, clause in [("p1", "DE-DEAL-3"), ("nobody", "OQ-03")]:
        refused_alike(
            t,
            lambda: t.verify_confirm(player),  # noqa: B023
            lambda: t.confirm(player),  # noqa: B023
            lambda: t.can_confirm(player),  # noqa: B023
            clause=clause,
        )
    t.draw_seats(rng())
    t.start(0.0)
    t.override_level(3, 10.0, "the director moves on")
    refused_alike(
        t,
        lambda: t.verify_confirm("p3"),
        lambda: t.confirm("p3"),
        lambda: t.can_confirm("p3"),
        clause="DE-DEAL-4, OQ-46",
    )


def test_verify_draw_seats_and_verify_start() -> None:
    prof = load_profile("nm-draw")
    t = Tournament.create("t", prof, structure(prof))
    t.register("p1")
    refused_alike(
        t, t.verify_draw_seats, lambda: t.draw_seats(rng()), t.can_draw_seats, clause="OQ-41"
    )
    refused_alike(t, t.verify_start, lambda: t.start(0.0), t.can_start, clause="DE-SEAT-1")
    t.register("p2")
    allowed_alike(t.verify_draw_seats, t.can_draw_seats)
    t.draw_seats(rng())
    refused_alike(
        t, t.verify_draw_seats, lambda: t.draw_seats(rng()), t.can_draw_seats, clause="DE-SEAT-1"
    )
    allowed_alike(t.verify_start, t.can_start)
    t.start(0.0)
    refused_alike(t, t.verify_start, lambda: t.start(1.0), t.can_start, clause="OQ-41")


# ---------------------------------------------------------------- the clock


def test_verify_pause_and_verify_resume() -> None:
    t = seated("nm-holdem", SIX, start=False)
    refused_alike(t, t.verify_pause, lambda: t.pause(1.0), t.can_pause, clause="NM-D-1G, OQ-03")
    refused_alike(t, t.verify_resume, lambda: t.resume(1.0), t.can_resume, clause="NM-D-1G, OQ-03")
    t.start(0.0)
    allowed_alike(t.verify_pause, t.can_pause)
    t.pause(5.0)
    refused_alike(t, t.verify_pause, lambda: t.pause(6.0), t.can_pause)
    allowed_alike(t.verify_resume, t.can_resume)
    t.resume(7.0)
    refused_alike(t, t.verify_resume, lambda: t.resume(8.0), t.can_resume)


# ---------------------------------------------------------------- hands


def test_verify_begin_hand_refuses_what_begin_hand_refuses() -> None:
    t = seated("nm-holdem", TWO_TABLES, start=False)

    def case(table: int, clause: str) -> None:
        refused_alike(
            t,
            lambda: t.verify_begin_hand(table),
            lambda: t.begin_hand(table, rng()),
            lambda: t.can_begin_hand(table),
            clause=clause,
        )

    case(1, "OQ-41")  # not started
    t.start(0.0)
    case(9, "NM-D-1G")  # no such table
    t.pause(1.0)
    case(1, "NM-D-1G, OQ-03")  # the clock is paused
    t.resume(2.0)
    allowed_alike(lambda: t.verify_begin_hand(1), lambda: t.can_begin_hand(1))
    started_hand(t, 1)
    case(1, "NM-D-1G")  # its hand runs
    allowed_alike(lambda: t.verify_begin_hand(2), lambda: t.can_begin_hand(2))


@pytest.mark.parametrize(
    ("profile", "clause"),
    [
        ("nm-draw", "NM-D-1B, OQ-04"),
        ("nm-holdem", "NM-H-16, NM-H-17"),
        ("de-holdem", "DE-BALANCE-1, OQ-03"),
    ],
)
def test_verify_begin_hand_refuses_a_table_of_one(profile: str, clause: str) -> None:
    """Each rulebook's own clause: a German table cites no Norwegian one."""
    t = seated(profile, {1: {1: "a", 2: "b"}, 2: {1: "c", 2: "d", 3: "e"}})
    t.override_seat("b", 2, 4, "moved by the director")
    error = refused_alike(
        t,
        lambda: t.verify_begin_hand(1),
        lambda: t.begin_hand(1, rng()),
        lambda: t.can_begin_hand(1),
        clause=clause,
    )
    assert error.clause == clause


def test_verify_begin_hand_refuses_a_break() -> None:
    from floorman.tournament.structure import Level, Structure

    prof = load_profile("nm-holdem")
    s = structure(prof)
    with_break = Structure(
        levels=(Level(ante=10, seconds=600), Level(ante=0, seconds=600, is_break=True)),
        starting_stack=s.starting_stack,
        table_size=s.table_size,
        payout_shares=s.payout_shares,
        prize_pool=s.prize_pool,
    )
    t = seated(prof, SIX, struct=with_break)
    t.tick(700.0)
    assert t.current_level is not None and t.current_level.is_break
    refused_alike(
        t,
        lambda: t.verify_begin_hand(1),
        lambda: t.begin_hand(1, rng()),
        lambda: t.can_begin_hand(1),
        clause="OQ-09",
    )


def test_verify_end_hand_refuses_what_end_hand_refuses() -> None:
    t = seated("nm-holdem", SIX)
    stacks = {f"p{s}": 1000 for s in range(1, 7)}

    def case(table: int, result: dict[str, Any], clause: str, carried: Any = 0) -> None:
        refused_alike(
            t,
            lambda: t.verify_end_hand(table, result, carried),
            lambda: t.end_hand(table, result, rng(), carried_pot=carried),
            lambda: t.can_end_hand(table, result, carried),
            clause=clause,
        )

    case(1, stacks, "NM-D-1G")  # no hand running
    spec = started_hand(t)
    good = stacks_of(spec)
    allowed_alike(lambda: t.verify_end_hand(1, good), lambda: t.can_end_hand(1, good))
    case(2, good, "NM-D-1G")  # no such table
    case(1, {k: v for k, v in good.items() if k != "p1"}, "NM-D-1G")  # a player missing
    case(1, {**good, "p9": 0}, "NM-D-1G")  # one not dealt in
    case(1, {**good, "p1": good["p1"] + 5}, "NM-D-1B s2")  # chips appear
    case(1, {**good, "p1": good["p1"] + 5}, "NM-D-1B s2", carried=-5)  # a pot below 0
    case(1, {**good, "p1": good["p1"] - 10, "p2": good["p2"] + 10.0}, "NM-D-1B s2")
    case(1, {**good, "p1": -1, "p2": good["p2"] + good["p1"] + 1}, "NM-D-1B s2")
    case(1, {**good, "p1": True, "p2": good["p2"] + good["p1"] - 1}, "NM-D-1B s2")
    t.end_hand(1, good, rng())


# ---------------------------------------------------------------- the floor


def test_verify_override_chips_refuses_what_override_chips_refuses() -> None:
    t = seated("nm-holdem", SIX, start=False)

    def case(player: str, chips: Any, clause: str = "NM-D-1G") -> None:
        refused_alike(
            t,
            lambda: t.verify_override_chips(player, chips),
            lambda: t.override_chips(player, chips, "note"),
            lambda: t.can_override_chips(player, chips),
            clause=clause,
        )

    case("p1", 0)  # a starting stack is at least one chip
    case("p1", -3)
    case("p1", True)
    case("p1", 2.5)
    case("nobody", 10)
    allowed_alike(
        lambda: t.verify_override_chips("p1", 1500), lambda: t.can_override_chips("p1", 1500)
    )
    t.start(0.0)
    t.disqualify("p6", "DE-PENALTY-3")
    case("p6", 100)  # not playing
    spec = started_hand(t)
    in_hand = spec.players[0]
    t.disqualify(in_hand, "DE-PENALTY-3")  # pending: his hand is dead
    case(in_hand, 100)
    other = spec.players[1]
    allowed_alike(
        lambda: t.verify_override_chips(other, 10), lambda: t.can_override_chips(other, 10)
    )


def test_verify_override_seat_refuses_what_override_seat_refuses() -> None:
    t = seated("nm-holdem", TWO_TABLES)

    def case(player: str, table: int, seat: Any) -> None:
        refused_alike(
            t,
            lambda: t.verify_override_seat(player, table, seat),
            lambda: t.override_seat(player, table, seat, "note"),
            lambda: t.can_override_seat(player, table, seat),
            clause="NM-D-1G",
        )

    case("a1", 2, 1)  # taken
    case("a1", 7, 6)  # no such table
    case("a1", 2, 11)  # no such seat
    case("a1", 2, 0)
    case("nobody", 2, 6)
    allowed_alike(
        lambda: t.verify_override_seat("a1", 2, 6), lambda: t.can_override_seat("a1", 2, 6)
    )
    started_hand(t, 1)
    t.override_seat("a1", 2, 6, "pending: after his hand")
    case("a2", 2, 6)  # a pending move has taken it
    t.disqualify("b1", "DE-PENALTY-3")
    case("b1", 1, 7)  # not playing


def test_verify_override_level_time_penalty_timed_out() -> None:
    t = seated("nm-holdem", SIX, start=False)
    refused_alike(
        t,
        lambda: t.verify_override_level(2),
        lambda: t.override_level(2, 1.0, "n"),
        lambda: t.can_override_level(2),
        clause="NM-D-1G, OQ-03",
    )
    t.start(0.0)
    levels = len(t.struct.levels)
    for level in (0, levels + 1, True):
        refused_alike(
            t,
            lambda: t.verify_override_level(level),  # noqa: B023
            lambda: t.override_level(level, 1.0, "n"),  # noqa: B023
            lambda: t.can_override_level(level),  # noqa: B023
            clause="NM-D-1G, OQ-03",
        )
    allowed_alike(lambda: t.verify_override_level(levels), lambda: t.can_override_level(levels))
    bad_hands: list[tuple[str, Any]] = [("p1", 0), ("p1", -2), ("p1", 1.5), ("nobody", 1)]
    for player, hands in bad_hands:
        refused_alike(
            t,
            lambda: t.verify_time_penalty(player, hands),  # noqa: B023
            lambda: t.time_penalty(player, hands, "DE-PENALTY-4"),  # noqa: B023
            lambda: t.can_time_penalty(player, hands),  # noqa: B023
        )
    allowed_alike(lambda: t.verify_time_penalty("p1", 2), lambda: t.can_time_penalty("p1", 2))
    refused_alike(
        t, lambda: t.verify_timed_out("p1"), lambda: t.timed_out("p1"), clause="DE-TIME-4, OQ-63"
    )
    spec = started_hand(t)
    t.verify_timed_out(spec.players[0])
    t.timed_out(spec.players[0])


def test_verify_disqualify_refuses_what_disqualify_refuses() -> None:
    t = seated("de-holdem", SIX)
    spec = started_hand(t)
    player = spec.players[0]
    allowed_alike(
        lambda: t.verify_disqualify(player, "DE-GEN-5"),
        lambda: t.can_disqualify(player, "DE-GEN-5"),
    )
    t.disqualify(player, "DE-GEN-5")
    for who in (player, "nobody"):
        refused_alike(
            t,
            lambda: t.verify_disqualify(who, "DE-GEN-5"),  # noqa: B023
            lambda: t.disqualify(who, "DE-GEN-5"),  # noqa: B023
            lambda: t.can_disqualify(who, "DE-GEN-5"),  # noqa: B023
        )
    t.end_hand(1, stacks_of(spec), rng())
    refused_alike(
        t,
        lambda: t.verify_disqualify(player, "DE-GEN-5"),
        lambda: t.disqualify(player, "DE-GEN-5"),
        lambda: t.can_disqualify(player, "DE-GEN-5"),
        clause="DE-GEN-5",
    )


def test_verify_record_chip_counts_refuses_what_record_chip_counts_refuses() -> None:
    online = seated("nm-holdem", SIX)
    refused_alike(
        online,
        lambda: online.verify_record_chip_counts(1, {"p1": 1000}),
        lambda: online.record_chip_counts(1, {"p1": 1000}, rng()),
        lambda: online.can_record_chip_counts(1, {"p1": 1000}),
        clause="NM-D-1G",
    )
    t = seated("nm-holdem", SIX, mode="live")

    def case(table: int, counts: dict[str, Any], clause: str, **kw: Any) -> None:
        refused_alike(
            t,
            lambda: t.verify_record_chip_counts(table, counts, **kw),
            lambda: t.record_chip_counts(table, counts, rng(), **kw),
            lambda: t.can_record_chip_counts(table, counts, **kw),
            clause=clause,
        )

    case(3, {"p1": 1000}, "NM-D-1G")
    case(1, {"p9": 1000}, "NM-D-1G")
    case(1, {"p1": -1, "p2": 2001}, "NM-D-1G")
    case(1, {"p1": 1500, "p2": 500.0}, "NM-D-1G")
    case(1, {"p1": 1100}, "NM-D-1B s2")
    case(1, {"p1": 1100}, "NM-D-1B s2", confirm_correction=True, note="  ")
    case(1, {"p1": 1100}, "NM-D-1B s2", confirm_correction=False, note="miscount")
    fixed = {"confirm_correction": True, "note": "miscount"}
    allowed_alike(
        lambda: t.verify_record_chip_counts(1, {"p1": 1100}, **fixed),  # type: ignore[arg-type]
        lambda: t.can_record_chip_counts(1, {"p1": 1100}, **fixed),  # type: ignore[arg-type]
    )
    allowed_alike(lambda: t.verify_record_chip_counts(1, {"p1": 0, "p2": 2000}))
    t.record_chip_counts(1, {"p1": 0, "p2": 2000}, rng())
    assert t.players["p1"].place is not None


# ---------------------------------------------------------------- can agrees with verify


def _agrees(verify: Callable[..., None], can: Callable[..., bool], *args: Any) -> bool:
    try:
        verify(*args)
    except RuleViolation:
        verified = False
    else:
        verified = True
    assert can(*args) is verified, (verify.__name__, args)
    return verified


@pytest.mark.parametrize("profile", ["nm-draw", "nm-holdem", "de-holdem", "tda"])
def test_can_agrees_with_verify_through_a_tournament(profile: str) -> None:
    """Played hand by hand to the end: before every step each ``can_*``
    says what its ``verify_*`` says, and every hand the verify allows is
    dealt."""
    t = new_tournament(profile, 12, seed=3)
    players = list(t.players)
    for step in range(400):
        if t.status != "running":
            break
        for table in [*t.tables, 99]:
            _agrees(t.verify_begin_hand, t.can_begin_hand, table)
            _agrees(t.verify_end_hand, t.can_end_hand, table, {})
        for player in players[:4]:
            _agrees(t.verify_override_chips, t.can_override_chips, player, 500)
            _agrees(t.verify_time_penalty, t.can_time_penalty, player, 1)
            _agrees(t.verify_disqualify, t.can_disqualify, player, "DE-GEN-5")
        _agrees(t.verify_pause, t.can_pause)
        _agrees(t.verify_resume, t.can_resume)
        _agrees(t.verify_override_level, t.can_override_level, 2)
        tables = [n for n in t.tables if t.can_begin_hand(n)]
        assert tables or t.status != "running"
        table = tables[step % len(tables)]
        spec = t.begin_hand(table, random.Random(step).randrange)
        # The first player dealt in loses everything to the last.
        stacks = stacks_of(spec)
        loser, winner = spec.players[0], spec.players[-1]
        stacks[winner] += stacks[loser] + spec.carried_pot
        stacks[loser] = 0
        assert _agrees(t.verify_end_hand, t.can_end_hand, table, stacks)
        t.end_hand(table, stacks, random.Random(step).randrange, at=float(step))
    assert t.status == "finished"
