"""An address no page answers: a person reads in his language that the page
does not exist, with the way back; programs keep the JSON 404."""

from __future__ import annotations

from fastapi.testclient import TestClient

HTML = {"accept": "text/html,application/xhtml+xml"}


def test_a_mistyped_page_address_says_so_in_the_reader_s_language(client: TestClient) -> None:
    response = client.get("/t/abc/dirctor", headers={**HTML, "accept-language": "nb-NO"})
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert '<html lang="nb"' in response.text
    assert '"common.missing.heading": "Denne siden finnes ikke"' in response.text
    assert 'href="/"' in response.text


def test_programs_and_missing_files_keep_the_json_404(client: TestClient) -> None:
    for path in ("/nowhere", "/api/tournaments/none/nothing"):
        response = client.get(path)  # no text/html asked for
        assert response.status_code == 404
        assert response.json() == {"detail": "Not Found"}
    for path in ("/api/nothing", "/static/nothing.js"):
        response = client.get(path, headers=HTML)
        assert response.status_code == 404
        assert not response.text.startswith("<!doctype html>")


def test_a_tournament_s_director_address_leads_to_the_director_s_console(
    client: TestClient,
) -> None:
    response = client.get("/t/t-1%20x/director", follow_redirects=False)
    assert response.status_code == 307
    assert response.headers["location"] == "/director?t=t-1%20x"
