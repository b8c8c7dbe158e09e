"""The results to print (issue 20) in Chromium, in Norwegian and German:
the tournament's page links to /t/{id}/results, which shows each player's
place, name, prize and entries and the entries' accounts (buy-ins, fees,
the guarantee's top-up, the pool) exactly as the server gives them; on
paper (print media) the bars and buttons are gone and the text is black
on white; no English word; a phone gets no sideways scrolling.

A live tournament: the floor's chip counts put players out, no cards."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.test_browser import DIRECTOR, Api, api, browser
from tests.test_browser_director_tools import LAPTOP, new_page
from tests.test_browser_lobby import english_left

__all__ = ["api", "browser"]  # the fixtures, shared with test_browser

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

PHONE = {"width": 390, "height": 844}
NAMES = ("Åse", "Björn", "Cato", "Dörte")


def digits(text: str) -> int:
    return int(re.sub(r"\D", "", text))


def bust(api: Api, tournament: str, name: str) -> None:
    """The floor counts ``name``'s table with him at 0, his chips with another."""
    state = api.call("GET", f"/tournaments/{tournament}")
    row = next(r for r in state["standings"] if r["name"] == name)
    table = next(t for t in state["tables"] if t["table"] == row["table"])
    counts = {s["player"]: s["chips"] for s in table["seats"]}
    other = next(p for p in counts if p != row["player"])
    counts[other] += counts[row["player"]]
    counts[row["player"]] = 0
    body = {"table": row["table"], "counts": counts}
    api.call("POST", f"/tournaments/{tournament}/live/counts", body, DIRECTOR)


def finished(api: Api) -> tuple[str, dict[str, Any]]:
    tournament = api.create(
        "tda", bots=0, mode="live", name="Høst / Herbst", buy_in=100, fee=10, guarantee=1000
    )
    for name in NAMES:
        api.call("POST", f"/tournaments/{tournament}/register", {"name": name}, DIRECTOR)
    api.start(tournament)
    for name in NAMES[:3]:
        bust(api, tournament, name)
    sheet = api.call("GET", f"/tournaments/{tournament}/results")
    assert sheet["status"] == "finished"
    return tournament, sheet


@pytest.mark.parametrize(
    ("locale", "lang", "viewport", "lines"),
    [
        (
            "nb-NO",
            "nb",
            LAPTOP,
            [
                "Innskudd til premiepotten (4 × 100)",
                "Avgifter (4 × 10), ikke i premiepotten",
                "Lagt til av garantien (1\xa0000)",
                "Premiepott",
            ],
        ),
        (
            "de-DE",
            "de",
            PHONE,
            [
                "Buy-ins in den Preispool (4 × 100)",
                "Gebühren (4 × 10), nicht im Preispool",
                "Aufgestockt durch die Garantie (1.000)",
                "Preispool",
            ],
        ),
    ],
)
def test_the_results_page_prints_the_servers_rows_and_accounts(
    browser: Browser,
    api: Api,
    locale: str,
    lang: str,
    viewport: dict[str, int],
    lines: list[str],
) -> None:
    tournament, sheet = finished(api)
    page = new_page(browser, locale, viewport)
    try:
        page.goto(f"{api.url}/t/{tournament}")
        link = page.get_by_test_id("results-print")
        expect(link).to_have_attribute("href", f"/t/{tournament}/results")
        # the tournament's page shows the same accounts beside its prizes
        expect(page.get_by_test_id("accounts").locator("tr")).to_have_count(4)
        page.goto(f"{api.url}/t/{tournament}/results")
        rows = page.get_by_test_id("result-row")
        expect(rows).to_have_count(len(sheet["rows"]))
        assert rows.get_by_test_id("result-name").all_inner_texts() == [
            r["name"] for r in sheet["rows"]
        ]
        prizes = [digits(x) for x in rows.get_by_test_id("result-prize").all_inner_texts()]
        assert prizes == [r["prize"] for r in sheet["rows"]]
        places = [digits(x) for x in rows.get_by_test_id("result-place").all_inner_texts()]
        assert places == [r["place"] for r in sheet["rows"]]
        accounts = page.get_by_test_id("accounts")
        labels = accounts.locator("th").all_inner_texts()
        assert labels == lines
        a = sheet["accounts"]
        amounts = [digits(x) for x in accounts.get_by_test_id("accounts-amount").all_inner_texts()]
        assert (
            amounts
            == [a["buy_ins"], a["fees"], a["top_up"], a["prize_pool"]]
            == [
                400,
                40,
                600,
                1000,
            ]
        )
        expect(page.get_by_test_id("results-running")).to_be_hidden()
        # the same sheet as files, in the page's language
        pdf = page.get_by_test_id("results-pdf").get_attribute("href")
        csv = page.get_by_test_id("results-csv").get_attribute("href")
        assert (pdf, csv) == (
            f"/api/tournaments/{tournament}/results.pdf?lang={lang}",
            f"/api/tournaments/{tournament}/results.csv?lang={lang}",
        )
        answer = httpx.get(f"{api.url}{csv}")
        assert answer.status_code == 200 and sheet["rows"][0]["name"] in answer.text
        assert not english_left(page, lang, [*NAMES, "Høst / Herbst"])
        assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
        small = page.evaluate(
            """() => [...document.querySelectorAll('main *')]
                .filter(e => e.offsetParent && e.childNodes.length && e.innerText
                        && parseFloat(getComputedStyle(e).fontSize) < 12)
                .map(e => e.innerText)"""
        )
        assert not small, small

        # on paper: no bars, no buttons, black text on white
        page.emulate_media(media="print")
        expect(page.locator("header.topbar")).to_be_hidden()
        expect(page.get_by_test_id("print")).to_be_hidden()
        expect(page.get_by_test_id("results-pdf")).to_be_hidden()
        expect(rows.first).to_be_visible()
        ink = rows.first.get_by_test_id("result-name").evaluate("e => getComputedStyle(e).color")
        paper = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        assert (ink, paper) == ("rgb(0, 0, 0)", "rgb(255, 255, 255)")
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
