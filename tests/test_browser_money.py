"""A tournament made from a saved structure keeps the structure's money
(issue 26): the create form's 0/0 used to win over the structure's buy-in
1,500 and fee 150.  Choosing the structure now fills the form's money
fields with its amounts, and only a field the director types in himself
is sent in place of the structure's; the payout unit (OQ-69) comes with
them.  Through the API: what is not sent is the structure's."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from playwright.sync_api import Page, expect

from tests.test_browser import DIRECTOR, Api, api, browser, open_director, page

__all__ = ["api", "browser", "page"]  # the fixtures, shared with test_browser

STRUCTURE = {
    "profile": "tda",
    "levels": [{"ante": 10, "seconds": 900}, {"ante": 20, "seconds": 900}],
    "starting_stack": 5000,
    "table_size": 9,
    "payout_shares": [50, 30, 20],
    "buy_in": 1500,
    "fee": 150,
    "guarantee": 20_000,
    "payout_unit": 50,
}


def money_of(api: Api, tournament: str) -> tuple[int, int, int, int]:
    d = api.call("GET", f"/tournaments/{tournament}")
    return d["buy_in"], d["fee"], d["guarantee"], d["payout_unit"]


@pytest.mark.clause("OQ-69")
def test_a_saved_structures_money_wins_unless_the_director_types_other_amounts(
    page: Page, api: Api
) -> None:
    api.call("PUT", "/structures/Fredagscup", STRUCTURE, DIRECTOR)
    # the API: what the body leaves out is the structure's; what it says wins
    plain = api.create("tda", bots=0, structure_name="Fredagscup")
    assert money_of(api, plain) == (1500, 150, 20_000, 50)
    typed = api.create("tda", bots=0, structure_name="Fredagscup", fee=0, buy_in=1000)
    assert money_of(api, typed) == (1000, 0, 20_000, 50)

    open_director(page, api)
    page.goto(f"{api.url}/director?lang=nb")
    page.get_by_test_id("c-profile").select_option("tda")
    page.get_by_test_id("c-structure").select_option("Fredagscup")
    # the form shows the structure's amounts, not 0/0
    expect(page.get_by_test_id("c-buy-in")).to_have_value("1500")
    expect(page.get_by_test_id("c-fee")).to_have_value("150")
    expect(page.get_by_test_id("c-guarantee")).to_have_value("20000")
    expect(page.get_by_test_id("c-payout-unit")).to_have_value("50")
    page.locator("#c-name").fill("Fredagscup uke 1")
    page.get_by_test_id("create-submit").click()
    message = page.get_by_test_id("director-message")
    expect(message).to_contain_text("Fredagscup uke 1")
    made = [t["id"] for t in api.call("GET", "/tournaments") if t["name"] == "Fredagscup uke 1"]
    assert len(made) == 1 and money_of(api, made[0]) == (1500, 150, 20_000, 50)

    # a fee the director types wins; the rest stays the structure's
    page.get_by_test_id("c-fee").fill("100")
    page.locator("#c-name").fill("Fredagscup uke 2")
    page.get_by_test_id("create-submit").click()
    expect(message).to_contain_text("Fredagscup uke 2")
    made = [t["id"] for t in api.call("GET", "/tournaments") if t["name"] == "Fredagscup uke 2"]
    assert len(made) == 1 and money_of(api, made[0]) == (1500, 100, 20_000, 50)

    # back to no saved structure: the untouched fields go back to the form's own
    page.get_by_test_id("c-structure").select_option("")
    expect(page.get_by_test_id("c-buy-in")).to_have_value("0")
    expect(page.get_by_test_id("c-payout-unit")).to_have_value("1")
    expect(page.get_by_test_id("c-fee")).to_have_value("100")  # typed: his


@pytest.mark.clause("OQ-69")
def test_the_prizes_say_they_are_rounded_to_the_directors_unit(page: Page, api: Api) -> None:
    tournament = api.create("tda", bots=0, prize_pool=10_370, payout_unit=50)
    for name in ("Anna", "Bjørn", "Carla", "Dag", "Eva", "Frida"):
        api.register(tournament, name)
    page.goto(f"{api.url}/t/{tournament}?lang=de")
    amounts = page.get_by_test_id("prize-amount")
    expect(amounts).to_have_text(["4.270", "2.550", "1.550", "1.200", "800"])
    expect(page.get_by_test_id("payout-unit")).to_have_text(
        "Preise unterhalb des 1. Platzes auf 50 abgerundet; der Rest geht an den 1. Platz"
    )


@pytest.mark.clause("OQ-41")
def test_the_director_is_refused_a_past_start_and_warned_of_a_far_one(page: Page, api: Api) -> None:
    """In nb: a tournament that starts by itself at a time gone is refused
    with the reason; one 45 days ahead is made, with a warning."""
    open_director(page, api)
    page.goto(f"{api.url}/director?lang=nb")
    page.get_by_test_id("c-profile").select_option("tda")
    page.locator("#c-name").fill("Gammel start")
    page.get_by_test_id("c-starts-at").fill("01.01.2020 19:00")
    page.get_by_test_id("c-auto-start").check()
    page.get_by_test_id("create-submit").click()
    message = page.get_by_test_id("director-message")
    expect(message).to_contain_text(
        "en turnering som starter av seg selv, må ha et starttidspunkt som ikke har passert"
    )
    assert not [t for t in api.call("GET", "/tournaments") if t["name"] == "Gammel start"]
    far = datetime.now() + timedelta(days=45, hours=2)
    page.get_by_test_id("c-starts-at").fill(far.strftime("%d.%m.%Y %H:%M"))
    page.locator("#c-name").fill("Sommercup")
    page.get_by_test_id("create-submit").click()
    expect(message).to_contain_text("Opprettet turnering «Sommercup».")
    expect(message).to_contain_text("Merk: turneringen starter om 45 dager. Stemmer datoen?")


@pytest.mark.clause("DE-DEAL-3", "DE-DEAL-4", "OQ-70")
def test_the_console_will_not_start_while_an_entry_is_unpaid(page: Page, api: Api) -> None:
    """In de: Berit registered as not yet paid; Start is refused naming her
    and the clause until the director confirms her; then it starts."""
    tournament = api.create("de-holdem", bots=0, mode="live")
    api.register(tournament, "Anna")
    open_director(page, api, tournament)
    page.goto(f"{api.url}/director?lang=de&t={tournament}")
    page.get_by_test_id("entry-name").fill("Berit")
    page.get_by_test_id("entry-unconfirmed").check()
    page.get_by_test_id("entry-submit").click()
    expect(page.get_by_test_id("unconfirmed-entry")).to_have_count(1)
    page.get_by_test_id("start").click()
    page.get_by_test_id("start-confirm-yes").click()
    message = page.get_by_test_id("director-message")
    expect(message).to_contain_text(
        "erst die unbestätigten Anmeldungen bestätigen oder streichen: Berit"
    )
    expect(message.get_by_test_id("error-clause").first).to_have_attribute(
        "data-clause", "DE-DEAL-3"
    )
    assert api.call("GET", f"/tournaments/{tournament}")["status"] == "registering"
    page.get_by_test_id("confirm-entry").click()
    expect(page.get_by_test_id("unconfirmed-entry")).to_have_count(0)
    page.get_by_test_id("start").click()
    page.get_by_test_id("start-confirm-yes").click()
    expect(page.get_by_test_id("t-status")).to_contain_text("läuft", timeout=15_000)
    state = api.call("GET", f"/tournaments/{tournament}")
    assert state["entries"] == state["paid_entries"] == 2
