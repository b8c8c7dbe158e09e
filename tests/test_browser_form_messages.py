"""A form's complaints are in the page's language, not the browser's.

Chromium words its validation bubbles ("Please fill out this field.") in its
own UI language; on a Norwegian or German page that is English.  With the
browser in en-US, each page here is opened in nb or de and a form is sent
with a field left wrong: the field's message is the page's language, and
the field is marked aria-invalid until it is corrected."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.test_browser import Api, api, browser, open_director, open_page

__all__ = ["api", "browser"]

pytestmark = pytest.mark.browser


@pytest.fixture
def english_browser(browser: Browser) -> Iterator[Page]:
    yield from open_page(browser, "en-US")


def message(page: Page, testid: str) -> str:
    return str(page.get_by_test_id(testid).evaluate("(el) => el.validationMessage"))


def test_an_empty_name_in_the_norwegian_lobby_is_told_in_norwegian(
    english_browser: Page, api: Api
) -> None:
    page = english_browser
    api.create("nm-holdem", bots=2, name="Fredagsturnering")
    page.goto(f"{api.url}/?lang=nb")
    page.wait_for_selector("#register-tournament option", state="attached")
    english = message(page, "register-name")
    assert english == "Please fill out this field."  # the browser's own, before a submit
    page.get_by_test_id("register-submit").click()
    field = page.get_by_test_id("register-name")
    assert message(page, "register-name") == "Fyll ut dette feltet."
    assert field.get_attribute("aria-invalid") == "true"
    field.fill("Kari")
    assert field.get_attribute("aria-invalid") is None
    assert message(page, "register-name") == ""


def test_a_number_out_of_range_is_told_in_norwegian(english_browser: Page, api: Api) -> None:
    page = english_browser
    page.goto(f"{api.url}/?lang=nb")
    page.wait_for_selector("#create-bots")
    page.locator("#create-bots").fill("20000")
    page.get_by_test_id("create-submit").click()
    text = page.locator("#create-bots").evaluate("(el) => el.validationMessage")
    assert text.replace("\u00a0", " ") == "Verdien kan være høyst 10 000.", text


def test_a_warning_without_a_clause_is_told_in_german(english_browser: Page, api: Api) -> None:
    page = english_browser
    tid = api.create("de-holdem", bots=3, name="Freitagsturnier")
    page.goto(f"{api.url}/?lang=de")  # the choice stays in a cookie
    open_director(page, api, tid)
    page.wait_for_selector("#f-player option", state="attached")
    page.get_by_test_id("f-kind").select_option("warn")
    page.get_by_test_id("f-submit").click()
    assert message(page, "f-clause") == "Bitte füllen Sie dieses Feld aus."
    assert page.get_by_test_id("f-clause").get_attribute("aria-invalid") == "true"
    page.get_by_test_id("f-clause").fill("x")
    page.get_by_test_id("f-submit").click()
    assert message(page, "f-clause") == "Mindestens 2 Zeichen."
