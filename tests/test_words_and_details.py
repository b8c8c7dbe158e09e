"""Words and details of a real event's first night (issue 26): each entry
of the ruling log says once what happened, and as what; a live table's
rulings name no hand number it never counted; a German event's answers and
help cite its own rulebook and the open questions, never a Norwegian
clause."""

from __future__ import annotations

import random
import re

import pytest
from fastapi.testclient import TestClient

from floorman.rules import ids_in
from floorman.services.reports import details, ruling_log
from tests.helpers.server import AUTH, create_tournament
from tests.helpers.server_api import register, status
from tests.helpers.tournament import seated

SIX = {1: {s: f"p{s}" for s in range(1, 7)}}


def _randbelow() -> random.Random:
    return random.Random(7)


def _log(t: object) -> list[tuple[str, str | None]]:
    entries = ruling_log(t, [])  # type: ignore[arg-type]
    return [(e["type"], e.get("ruling")) for e in entries]


@pytest.mark.clause("NM-D-1G", "OQ-03")
def test_a_correction_made_when_the_hand_ends_is_one_line_of_the_log() -> None:
    """While the hand runs the log shows the correction waiting; once it is
    made, the one ruling is one line (it was two: pending and made)."""
    t = seated("nm-holdem", SIX)
    spec = t.begin_hand(1, _randbelow().randrange)
    assert spec is not None
    t.override_chips("p2", 1500, "miscounted rack")
    assert _log(t) == [("correction_pending", "chips")]
    t.end_hand(1, dict(zip(spec.players, spec.stacks, strict=True)), _randbelow().randrange)
    [entry] = ruling_log(t, [])
    assert (entry["type"], entry["ruling"], entry["chips"], entry["note"]) == (
        "override",
        "chips",
        1500,
        "miscounted rack",
    )


@pytest.mark.clause("NM-D-1C", "NM-D-1G")
def test_a_disqualification_in_a_hand_is_logged_as_one_not_as_a_correction() -> None:
    t = seated("nm-holdem", SIX)
    spec = t.begin_hand(1, _randbelow().randrange)
    assert spec is not None
    t.disqualify("p3", "NM-D-1C", "collusion")
    t.end_hand(1, dict(zip(spec.players, spec.stacks, strict=True)), _randbelow().randrange)
    assert [k for k, _ in _log(t)] == ["disqualified"]


@pytest.mark.clause("DE-MISDEAL-1", "NM-D-1F")
@pytest.mark.parametrize("profile", ["de-holdem", "nm-holdem"])
def test_a_live_misdeal_names_no_hand_number(client: TestClient, profile: str) -> None:
    """A live table's hands are dealt by hand and never counted here: the
    ruling has no hand number (it was logged as "hand 0")."""
    tid = create_tournament(client, profile, mode="live", starting_stack=1000)
    for k in range(4):
        register(client, tid, f"Live {k}")
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    answer = client.post(
        f"/api/tournaments/{tid}/floor/hand", json={"ruling": "misdeal", "table": 1}, headers=AUTH
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["result"]["hand"] is None
    [entry] = client.get(f"/api/tournaments/{tid}/rulings", headers=AUTH).json()
    assert entry["hand"] is None


@pytest.mark.clause("OQ-03", "DE-GEN-2", "NM-D-1G", "NM-D-1B")
def test_a_german_live_event_cites_no_norwegian_clause(client: TestClient) -> None:
    """A chip correction, a live count (refused and confirmed) and the
    console's help for them cite DE-* or OQ-* at a de-holdem event."""
    tid = create_tournament(client, "de-holdem", mode="live", starting_stack=1000)
    for k in range(4):
        register(client, tid, f"Live {k}")
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    seats = status(client, tid)["tables"][0]["seats"]
    cited = list(status(client, tid)["floor_clauses"].values())
    counts = {s["player"]: s["chips"] for s in seats} | {seats[0]["player"]: 1500}
    url = f"/api/tournaments/{tid}/live/counts"
    refused = client.post(url, json={"table": 1, "counts": counts}, headers=AUTH)
    assert refused.status_code == 409
    cited.append(refused.json()["detail"]["clause"])
    body = {"table": 1, "counts": counts, "confirm_correction": True, "note": "recount"}
    assert client.post(url, json=body, headers=AUTH).status_code == 200
    answer = client.post(
        f"/api/tournaments/{tid}/override/chips",
        json={"player": seats[1]["player"], "chips": 900, "note": "rack"},
        headers=AUTH,
    )
    assert answer.status_code == 200, answer.text
    bots = client.post(f"/api/tournaments/{tid}/bots", json={"count": 1}, headers=AUTH)
    cited.append(bots.json()["detail"]["clause"])
    log = client.get(f"/api/tournaments/{tid}/rulings", headers=AUTH).json()
    cited += [e["clause"] for e in log]
    ids = [i for c in cited for i in ids_in(c, ranges=False)]
    assert ids and all(i.startswith(("DE-", "OQ-")) for i in ids), ids
    # the director's note is his own words: no English sentence added to it
    [count] = [e for e in log if e.get("ruling") == "count"]
    assert (count["note"], count["chips"]) == ("recount", 500)


def test_the_details_name_the_correction_clauses_of_each_rulebook() -> None:
    nm = details(seated("nm-holdem", SIX, mode="live"))["floor_clauses"]
    de = details(seated("de-holdem", SIX, mode="live"))["floor_clauses"]
    assert nm == {"correction": "NM-D-1G, OQ-03", "count": "NM-D-1B s2, NM-D-1G, OQ-03"}
    assert de == {"correction": "OQ-03", "count": "OQ-03"}


@pytest.mark.clause("NM-H-19", "OQ-39")
def test_a_refused_structure_is_said_in_the_reader_s_language(client: TestClient) -> None:
    """The refusal names its first problem by a template the nb and de
    catalogues hold (it was one English sentence of every problem, shown as
    it was on a German page); the English message still lists them all."""
    from floorman.server.i18n import catalogue

    answer = client.post(
        "/api/tournaments",
        json={"profile": "de-holdem", "payout_shares": [50, 30]},
        headers=AUTH,
    )
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"]
    assert detail["template"] == "payout shares add up to {total}%, not 100% ({shares})"
    assert detail["values"] == {"total": 80, "shares": "50, 30"}
    assert "payout shares add up to 80%" in detail["message"]
    for lang, words in (("nb", "premieandelene"), ("de", "Auszahlungsanteile")):
        said = catalogue(lang)[f"errors.msg.{detail['template']}"]
        assert words in said and "{total}" in said


@pytest.mark.clause("NM-D-2D", "OQ-16")
def test_a_draw_of_four_keeps_a_place_for_the_card_still_to_come() -> None:
    """NM-D-2D s7-s8, OQ-16: three now, the fourth once everyone has drawn;
    the view says one card is still to come (the page drew no place for
    it) until it is dealt."""
    from floorman.engine.cards import parse_cards
    from floorman.engine.draw import DrawHand
    from tests.helpers.draw import NM_DRAW, act

    hand = DrawHand.start(NM_DRAW, seats=[1, 2, 3], stacks=[50] * 3, button=3, ante_unit=1)
    for seat, cards in ((1, "2c 3c 4c 5c 7d"), (2, "2d 3d 4d 5d 7h"), (3, "2h 3h 4h 5h 7s")):
        hand.deal_hole(seat, parse_cards(cards))
    act(hand, "s1 bet 2, s2 call, s3 call, s1 draw 2c3c4c5c")
    hand.deal_draw(1, parse_cards("As Ks Qs"))

    def to_come(seat: int) -> int:
        draws = hand.view(1)["variant"]["seats"]
        return int(next(d["to_come"] for d in draws if d["seat"] == seat))

    assert to_come(1) == 1 and to_come(2) == 0
    assert len(hand.view(1)["players"][0]["cards"]) == 4  # one kept, three new: one owed
    act(hand, "s2 draw 2d3d4d5d")
    hand.deal_draw(2, parse_cards("Ah Kh Qh"))
    act(hand, "s3 draw 2h3h4h5h")
    hand.deal_draw(3, parse_cards("Ad Kd Qd"))
    hand.deal_draw(1, parse_cards("Js"))
    assert to_come(1) == 0


#: requests a player's client may send that a table refuses: out of form,
#: of another game, or of a rule the table's rulebook does not have
BAD_ACTIONS: list[object] = [
    {"action": "dance"},
    {"action": "raise", "amount": "lots"},
    {"action": "bet", "amount": 1.5},
    {"action": "draw", "cards": 5},
    {"action": "draw", "cards": "Xx"},
    {"action": "draw", "cards": []},
    {"action": "vote_checkdown"},
    {"action": "vote_checkdown", "agree": True},
    {"action": "propose_checkdown"},
    {"action": "show_cards"},
    {"action": "muck"},
]


@pytest.mark.clause("OQ-03", "DE-INTURN-1", "NM-D-2C", "NM-H-3")
@pytest.mark.parametrize("profile", ["de-holdem", "tda", "nm-holdem", "nm-draw"])
def test_every_refusal_at_a_table_cites_its_own_rulebook(client: TestClient, profile: str) -> None:
    """Issue 26: a page shows clauses of the event's own rulebook or the
    OQs, never another event's.  A player's refused actions (before his
    seat, out of form, of another game, out of turn) and the director's
    refused pause and resume, before and after the start, each cite only
    what ``citable`` allows for the profile (a German table no NM-*, a
    Norwegian draw table no DE-* nor NM-H-*)."""
    from floorman.engine.clauses import citable
    from floorman.profiles import load_profile

    rules = load_profile(profile)
    tid = create_tournament(client, profile, bots=4, action_delay_ms=50, starting_stack=5000)
    _, token = register(client, tid, "Carl")
    player = {"Authorization": f"Bearer {token}"}
    cited: list[str] = []

    def refused(method: str, path: str, body: object = None, headers: object = None) -> None:
        answer = client.request(method, f"/api/tournaments/{tid}{path}", json=body, headers=headers)
        if answer.status_code in (409, 422) and isinstance(answer.json()["detail"], dict):
            clause = answer.json()["detail"].get("clause")
            if clause:
                cited.append(clause)

    refused("POST", "/actions", {"action": "check"}, player)  # not seated yet
    refused("POST", "/pause", {}, AUTH)  # not running
    refused("POST", "/resume", {}, AUTH)  # not paused
    assert client.post(f"/api/tournaments/{tid}/start", headers=AUTH).status_code == 200
    for action in BAD_ACTIONS:
        refused("POST", "/actions", action, player)
    refused("POST", "/resume", {}, AUTH)  # running, not paused
    assert client.post(f"/api/tournaments/{tid}/pause", headers=AUTH).status_code == 200
    refused("POST", "/pause", {}, AUTH)  # paused already
    refused("POST", "/actions", {"action": "fold"}, player)  # the tournament is paused
    ids = [i for c in cited for i in ids_in(c, ranges=False)]
    assert len(cited) >= 10, cited  # the requests above were refused, each with a clause
    foreign = [i for i in ids if not citable(rules, i)]
    assert not foreign, (profile, foreign, cited)


#: the words that make a player a man, in the languages where a player can
#: be named without them (German's grammatical gender, "der Spieler … sein",
#: is the noun's, not the person's)
GENDERED = {
    "en": re.compile(r"\b(he|his|him|himself)\b", re.IGNORECASE),
    "nb": re.compile(r"\b(han|hans|ham)\b", re.IGNORECASE),
}


@pytest.mark.parametrize("lang", sorted(GENDERED))
def test_no_page_text_makes_a_player_a_man(lang: str) -> None:
    """Issue 26 ("his hand" for every player): every text a person reads
    names the player, the seat or "you", never "he" or "his"."""
    from floorman.server.i18n import catalogue

    found = {k: v for k, v in catalogue(lang).items() if GENDERED[lang].search(v)}
    assert not found, found
