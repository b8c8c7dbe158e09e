"""Every seat a paid one (issue 26, OQ-70): an entry not confirmed as paid
or checked in (DE-DEAL-3/4, OQ-46) takes no seat at the start.  The seat
draw and the start are refused while one is unconfirmed, naming each and
the clause, until the director confirms or strikes it; an entry after the
start is confirmed as it is made.  The results and the accounts then count
the same entries, and every prize is paid to a paid entry."""

from __future__ import annotations

import dataclasses
import random

import pytest

from floorman.profiles import load_profile
from floorman.tournament.core import Tournament, TournamentError
from floorman.tournament.events import PrizeAwarded
from tests.helpers.tournament import Player, events_of, structure

PROFILES = ["nm-draw", "nm-holdem", "de-holdem", "tda", "phh-nt"]
REFUSED = "confirm or strike the unconfirmed entries first: {players}"


def field(profile: str, *, unpaid: tuple[str, ...], late: int | None = None) -> Tournament:
    """Eight entries of 50 (+5 fee), those named in ``unpaid`` unconfirmed."""
    s = dataclasses.replace(
        structure(profile, prize_pool=0), buy_in=50, fee=5, late_registration_level=late
    )
    t = Tournament.create("t", load_profile(profile), s)
    for name in ("Anna", "Bjørn", "Carla", "Dieter", "Eva", "Frode", "Gerd", "Hans"):
        t.register(name.lower(), name, confirmed=name not in unpaid)
    return t


@pytest.mark.clause("DE-DEAL-3", "DE-DEAL-4", "OQ-46", "OQ-70")
@pytest.mark.parametrize("profile", PROFILES)
def test_OQ_70_the_seat_draw_and_start_wait_for_each_unconfirmed_entry(profile: str) -> None:
    t = field(profile, unpaid=("Carla", "Hans"))
    rng = random.Random(1)
    for refused_step in (lambda: t.draw_seats(rng.randrange), lambda: t.start(0.0)):
        with pytest.raises(TournamentError) as refused:
            refused_step()
        error = refused.value
        assert error.clause == "DE-DEAL-3, DE-DEAL-4, OQ-70"
        assert (error.template, error.values) == (REFUSED, {"players": "Carla, Hans"})
        assert str(error).startswith("confirm or strike the unconfirmed entries first: Carla, Hans")
    assert not t.can_draw_seats() and t.status == "registering" and not t.tables
    t.confirm("carla")
    with pytest.raises(TournamentError, match="first: Hans"):
        t.draw_seats(rng.randrange)
    t.unregister("hans")  # struck
    assert t.can_draw_seats()
    t.draw_seats(rng.randrange)
    t.start(0.0)
    assert t.status == "running" and all(p.confirmed for p in t.players.values())


@pytest.mark.clause("DE-DEAL-3", "OQ-70")
def test_OQ_70_an_entry_after_the_start_is_confirmed_as_it_is_made() -> None:
    t = field("tda", unpaid=(), late=3)
    t.draw_seats(random.Random(2).randrange)
    t.start(0.0)
    assert not t.can_register("ivar", "Ivar", confirmed=False)
    with pytest.raises(TournamentError) as refused:
        t.register("ivar", "Ivar", confirmed=False)
    assert refused.value.clause == "DE-DEAL-3, OQ-70"
    assert "ivar" not in t.players
    assert t.can_register("ivar", "Ivar")
    t.register("ivar", "Ivar")
    assert t.players["ivar"].confirmed


@pytest.mark.clause("DE-DEAL-3", "DE-DEAL-4", "OQ-39", "OQ-70")
@pytest.mark.parametrize("profile", PROFILES)
def test_OQ_70_the_results_and_the_accounts_count_the_same_entries(profile: str) -> None:
    """The issue's "entries: 8" beside "7 × 50": one entry unpaid at the
    start.  Now it is confirmed before the draw, and at the end the entries
    on the results, the paid entries of the accounts and the players paid
    from the pool agree; every prize went to a paid entry."""
    t = field(profile, unpaid=("Eva",))
    assert (t.entries, t.accounts.paid_entries) == (8, 7)  # before the start they may differ
    with pytest.raises(TournamentError):
        t.draw_seats(random.Random(3).randrange)
    t.confirm("eva")
    t.draw_seats(random.Random(3).randrange)
    t.start(0.0)
    Player(t, seed=3).to_the_end()
    a = t.accounts
    assert t.status == "finished"
    assert t.entries == a.paid_entries == 8 and a.buy_ins == 8 * 50 == t.prize_pool
    prizes = events_of(t.events, PrizeAwarded)
    assert sum(e.amount for e in prizes) == a.prize_pool
    assert all(t.players[e.player].confirmed for e in prizes)


@pytest.mark.clause("DE-DEAL-4", "OQ-46", "OQ-70")
def test_OQ_70_where_stacks_run_along_the_results_flag_an_unpaid_entry() -> None:
    """A profile that seats unconfirmed stacks (DE-DEAL-4 literally): the
    results sheet flags the entry that is not paid, in the reader's words."""
    from types import SimpleNamespace

    from floorman.engine.profile import with_changes
    from floorman.server.i18n import catalogue
    from floorman.services.results import result_rows, results_csv

    profile = with_changes(load_profile("de-holdem"), seat_unconfirmed_at_start=True)
    t = Tournament.create("t", profile, structure(profile))
    for name, paid in (("Anna", True), ("Bjørn", False), ("Carla", True)):
        t.register(name.lower(), name, confirmed=paid)
    t.draw_seats(random.Random(4).randrange)
    t.start(0.0)
    service = SimpleNamespace(tournament=t)
    rows = {r["name"]: r["paid"] for r in result_rows(service)}  # type: ignore[arg-type]
    assert rows == {"Anna": True, "Bjørn": False, "Carla": True}
    sheet = results_csv(service, catalogue("nb"))  # type: ignore[arg-type]
    assert ";Bjørn (ikke betalt);0;1" in sheet and ";Anna;0;1" in sheet
