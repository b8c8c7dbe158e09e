"""The results as files a club's spreadsheet opens (issue 26): the CSV is
separated by semicolons (the comma is the decimal sign in Norway and
Germany) and starts with a UTF-8 byte order mark (else æ, ø, å, ä, ö, ü
come out garbled); the CSV and the PDF are named after the tournament, in
ASCII and, for the browsers that read it, as written."""

from __future__ import annotations

from urllib.parse import quote

from fastapi.testclient import TestClient

from tests.helpers.server import create_tournament


def register(client: TestClient, tid: str, *names: str) -> None:
    for name in names:
        answer = client.post(f"/api/tournaments/{tid}/register", json={"name": name})
        assert answer.status_code == 200, answer.text


def test_the_csv_opens_in_a_norwegian_or_german_spreadsheet(client: TestClient) -> None:
    tid = create_tournament(client, "tda", name="Fredagsturnering Ålesund", buy_in=50)
    register(client, tid, "Bjørn Æsøy", "Jürgen Weiß", "=SUM(A1)")
    sheet = client.get(f"/api/tournaments/{tid}/results.csv?lang=nb")
    assert sheet.status_code == 200
    assert sheet.headers["content-type"] == "text/csv; charset=utf-8"
    assert sheet.content.startswith(b"\xef\xbb\xbf")  # the BOM
    lines = sheet.content.decode("utf-8-sig").split("\r\n")
    assert lines[0] == "Plass;Navn;Premie;Innkjøp"
    assert sorted(lines[1:4]) == [";'=SUM(A1);0;1", ";Bjørn Æsøy;0;1", ";Jürgen Weiß;0;1"]
    german = client.get(f"/api/tournaments/{tid}/results.csv?lang=de").content
    assert german.decode("utf-8-sig").startswith("Platz;Name;Preisgeld;Einkäufe\r\n")


def test_the_files_are_named_after_the_tournament(client: TestClient) -> None:
    tid = create_tournament(client, "tda", name="Fredagsturnering Ålesund / Høst")
    csv = client.get(f"/api/tournaments/{tid}/results.csv").headers["content-disposition"]
    written = quote("Fredagsturnering-Ålesund-Høst", safe="")
    assert csv == (
        'attachment; filename="Fredagsturnering-Alesund-Host.csv";'
        f" filename*=UTF-8''{written}.csv"
    )
    pdf = client.get(f"/api/tournaments/{tid}/results.pdf").headers["content-disposition"]
    assert pdf.startswith('inline; filename="Fredagsturnering-Alesund-Host.pdf";')


def test_a_name_with_quotes_and_a_path_makes_a_safe_file_name(client: TestClient) -> None:
    tid = create_tournament(client, "tda", name='../"Sommer"\\Turnier; Straße')
    header = client.get(f"/api/tournaments/{tid}/results.csv").headers["content-disposition"]
    assert header.startswith('attachment; filename="Sommer-Turnier-Strasse.csv";')
    nameless = create_tournament(client, "tda", name="???")
    header = client.get(f"/api/tournaments/{nameless}/results.csv").headers["content-disposition"]
    assert header.startswith(f'attachment; filename="{nameless}.csv";')
