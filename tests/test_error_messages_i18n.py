"""Issue 11: rule errors in the user's language, with the clause beside them.

Every message template a refusal can carry (the first argument of each rule
error raised in the engine, the tournament and the services, its
``allowed`` text, the server's own refusals) is found in the source with
:mod:`ast`, gettext style, and must be in the ``errors`` catalogue of all
three languages with the same placeholders.  Then real refusals, over the
API and the websocket, must carry the template, its values and the
clause's own text in the rulebook's language (Norwegian for NM-*, German
for DE-*) beside its English rendering.
"""

from __future__ import annotations

import ast
import json
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from floorman.engine.actions import KINDS
from floorman.engine.common import Phase
from floorman.engine.errors import TRANSLATED_VALUES, AmountOutOfRange, RuleViolation
from floorman.server.error_bodies import clause_texts, error_body
from floorman.server.i18n import LANGUAGES
from tests.helpers.server import AUTH, create_tournament

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "floorman"
I18N = SRC / "server" / "i18n"
#: calls whose first argument is a rule error's message template
RULE_CALLS = {
    "RuleViolation",
    "OutOfTurn",
    "ActionNotAllowed",
    "AmountOutOfRange",
    "BadCards",
    "HandFinished",
    "SetupViolation",
    "TournamentError",
    "MalformedName",
    "_fail",
    "note",  # an engine note or hint (seat_view.note): the same catalogue
}
#: other errors: their templates count where they are given values, or in
#: the services (whose errors reach the director's forms)
OTHER_CALLS = {"CardError", "ProfileError", "FloormanError"}
#: the server's own refusals (server/api.py, server/ws.py)
SERVER_CALLS = {"http_error", "message_body", "error"}
#: functions returning (reason, clause): the reason is the value ``why``
WHY_FUNCTIONS = {"_can_raise_reason", "_extra_raise_block"}


def _name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _strings(node: ast.AST, scope: ast.AST) -> Iterator[str | None]:
    """The strings ``node`` can be; None for an f-string (a message left
    untranslatable) or anything the extractor cannot follow."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _strings(node.body, scope)
        yield from _strings(node.orelse, scope)
    elif isinstance(node, ast.Name):  # every string the function assigns to it
        for assign in ast.walk(scope):
            if isinstance(assign, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == node.id for t in assign.targets
            ):
                if isinstance(assign.value, ast.Constant) and assign.value.value is None:
                    continue
                yield from _strings(assign.value, scope)
    elif isinstance(node, ast.JoinedStr):
        yield None


def _functions(tree: ast.AST) -> Iterator[ast.AST]:
    """Each function with its own body (the module for top-level code)."""
    yield tree
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def extract(path: Path) -> tuple[set[str], list[str], set[str]]:
    """(templates, f-strings left at rule-error sites, ``why`` reasons) of
    one source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    templates: set[str] = set()
    untranslated: list[str] = []
    why: set[str] = set()
    server = path.parent.name == "server"
    for scope in _functions(tree):
        calls = [n for n in ast.walk(scope) if isinstance(n, ast.Call)]
        if isinstance(scope, ast.FunctionDef) and scope.name in WHY_FUNCTIONS:
            for ret in ast.walk(scope):
                if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple):
                    why.update(s for s in _strings(ret.value.elts[0], scope) if s)
        for call in calls:
            name = _name(call)
            keywords = {k.arg: k.value for k in call.keywords}
            if name == "error" and path.name != "ws.py":
                continue  # only the socket's SocketSession.error sends a frame
            if name in RULE_CALLS or (server and name in SERVER_CALLS):
                wanted = True
            elif name in OTHER_CALLS:
                wanted = "values" in keywords or path.parent.name == "services"
            else:
                continue
            if not wanted or len(call.args) < (2 if name == "http_error" else 1):
                continue
            if server and name == "error" and not isinstance(call.args[0], ast.Constant):
                continue  # SocketSession.error(message) passes its own argument on
            sources = [call.args[1] if name == "http_error" else call.args[0]]
            if "allowed" in keywords:
                sources.append(keywords["allowed"])
            for source in sources:
                if isinstance(source, ast.Attribute):  # error.template: found where raised
                    continue
                if isinstance(source, ast.Call):  # ", ".join(KINDS): API words
                    continue
                for text in _strings(source, scope):
                    if text is None and name in OTHER_CALLS:
                        continue  # a set-up error for developers (a stored log, a profile)
                    if text is None:
                        untranslated.append(f"{path.relative_to(ROOT)}:{call.lineno}")
                    else:
                        templates.add(text)
    return templates, untranslated, why


def sources() -> list[Path]:
    files = [*(SRC / "engine").glob("*.py"), *(SRC / "tournament").glob("*.py")]
    files += [*(SRC / "services").glob("*.py"), *(SRC / "server").glob("*.py")]
    return sorted(files)


def all_templates() -> tuple[set[str], list[str], set[str]]:
    templates: set[str] = set()
    untranslated: list[str] = []
    why: set[str] = set()
    for path in sources():
        t, u, w = extract(path)
        templates |= t
        untranslated += u
        why |= w
    return templates, untranslated, why


def catalogue(lang: str) -> dict[str, str]:
    """errors.json with the refusals an area file holds beside its own words
    (``errors.msg.*`` keys of a feature's area, e.g. money.json)."""
    data: dict[str, str] = {}
    for path in sorted((I18N / lang).glob("*.json")):
        area: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
        data.update(
            (k, v) for k, v in area.items() if path.stem == "errors" or k.startswith("errors.")
        )
    return data


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


#: the English words the engine puts in values, per value name
TRANSLATED_WORDS = {
    "action": {*KINDS, "check or call"},
    "phase": {phase.value for phase in Phase},
    "status": {
        *("registering", "running", "finished", "cancelled"),  # the tournament's
        *("registered", "playing", "out", "disqualified", "withdrawn", "won"),  # a player's
    },
    "what": {"hole cards", "board cards"},
}


# ------------------------------------------------------------ the catalogues


def test_every_error_template_is_in_all_three_catalogues() -> None:
    templates, untranslated, why = all_templates()
    assert not untranslated, f"f-string messages left at rule-error sites: {untranslated}"
    assert len(templates) > 80, "the extractor lost the raise sites"
    assert "{action} to {amount}: a bet must be at least {minimum}" in templates
    assert "it is seat {actor}'s turn, not yours" in templates
    assert "wait for seat {actor}" in templates  # an allowed= text
    assert "unknown player token" in templates  # the server's own
    for lang in LANGUAGES:
        cat = catalogue(lang)
        missing = sorted(t for t in templates if f"errors.msg.{t}" not in cat)
        assert not missing, f"{lang}/errors.json lacks {missing}"
        for template in templates:
            said = cat[f"errors.msg.{template}"]
            assert placeholders(said) == placeholders(template), (lang, template, said)
            assert ":" not in "".join(f for _, _, f, _ in string.Formatter().parse(said) if f), (
                f"{lang}: the browser fills only plain {{name}} placeholders: {said}"
            )
        for reason in why:
            assert f"errors.value.why.{reason}" in cat, (lang, reason)


def test_translated_values_have_their_words() -> None:
    assert set(TRANSLATED_WORDS) | {"why"} == set(TRANSLATED_VALUES)
    for lang in LANGUAGES:
        cat = catalogue(lang)
        for name, words in TRANSLATED_WORDS.items():
            missing = sorted(w for w in words if f"errors.value.{name}.{w}" not in cat)
            assert not missing, f"{lang}/errors.json: errors.value.{name}.{missing}"


def test_the_three_catalogues_hold_the_same_keys_and_placeholders() -> None:
    en = catalogue("en")
    for lang in ("nb", "de"):
        other = catalogue(lang)
        assert set(other) == set(en), (lang, set(other) ^ set(en))
        for key, text in en.items():
            assert placeholders(other[key]) == placeholders(text), (lang, key, other[key])
            if lang != "en" and key.startswith("errors.msg."):
                # NM-D/NM-H words left in English would show on a Norwegian page
                assert other[key] != text or not any(c.isalpha() for c in text), (lang, key)


def test_the_english_catalogue_says_the_engine_s_own_message() -> None:
    for key, text in catalogue("en").items():
        if key.startswith("errors.msg."):
            template = key.removeprefix("errors.msg.")
            plain = "".join(
                lit + ("{" + name + "}" if name is not None else "")
                for lit, name, _, _ in string.Formatter().parse(template)
            )
            assert text == plain, key


# ----------------------------------------------------------- the error data


def test_DE_RAISE_6_template_values_and_byte_identical_message() -> None:
    error = AmountOutOfRange(
        "{action} to {amount}: a bet must be at least {minimum}",
        clause="DE-RAISE-6",
        seat=3,
        action="bet",
        attempted=10,
        allowed=(20, 400),
        values={"action": "bet", "amount": 10, "minimum": 20},
    )
    assert (
        str(error)
        == "seat 3: bet to 10: a bet must be at least 20 (allowed 20 to 400) [DE-RAISE-6]"
    )
    data = error.to_dict()
    assert data["template"] == "{action} to {amount}: a bet must be at least {minimum}"
    assert data["values"] == {"action": "bet", "amount": 10, "minimum": 20}
    assert data["reason"] == "bet to 10: a bet must be at least 20"


def test_allowed_text_is_a_template_too() -> None:
    error = RuleViolation(
        "it is seat {actor}'s turn, not yours",
        clause="DE-INTURN-1",
        seat=2,
        allowed="wait for seat {actor}",
        values={"actor": 5},
    )
    assert error.allowed == "wait for seat 5" and error.allowed_template == "wait for seat {actor}"
    assert (
        str(error)
        == "seat 2: it is seat 5's turn, not yours (allowed: wait for seat 5) [DE-INTURN-1]"
    )


def test_clause_texts_split_the_citation_and_skip_unknown_ids() -> None:
    texts = clause_texts("NM-H-15, OQ-32, DE-RAISE-6, NM-D-2D s7-s8, XX-9")
    assert [c["id"] for c in texts] == ["NM-H-15", "OQ-32", "DE-RAISE-6", "NM-D-2D"]
    by_id = {c["id"]: c for c in texts}
    assert by_id["NM-H-15"]["language"] == "nb" and by_id["DE-RAISE-6"]["language"] == "de"
    assert by_id["OQ-32"]["language"] == "en"
    assert "Erhöhung" in by_id["DE-RAISE-6"]["original"]
    assert by_id["DE-RAISE-6"]["english"].startswith("A raise must")
    assert "Spilleren til venstre for deleren" in by_id["NM-D-2D"]["original"]
    assert clause_texts(None) == [] and clause_texts("") == []


def test_a_card_error_keeps_its_template_through_a_draw_action() -> None:
    from floorman.engine.actions import Action
    from floorman.engine.clauses import clauses_for
    from floorman.profiles import load_profile

    with pytest.raises(RuleViolation) as caught:
        Action.from_dict({"action": "draw", "cards": "Xx"}, clauses_for(load_profile("nm-draw")))
    body = error_body(caught.value)
    assert body["template"].startswith("bad card text {text}: a card is a rank")
    assert body["values"]["text"] == "'Xx'"
    assert [c["id"] for c in body["clauses"]] == ["NM-D-2D"]
    assert body["clauses"][0]["language"] == "nb"


# ------------------------------------------------- real refusals, server side


pytestmark = pytest.mark.timeout(120)


def test_OQ_41_a_refused_api_call_in_a_nb_context_carries_template_values_and_clauses(
    client: TestClient,
) -> None:
    tid = create_tournament(client, "nm-draw")
    client.cookies.set("floorman_lang", "nb")
    refused = client.post(f"/api/tournaments/{tid}/start", headers=AUTH)
    assert refused.status_code == 409, refused.text
    detail = refused.json()["detail"]
    assert detail["message"].startswith("a tournament needs at least two players")  # English kept
    assert detail["template"] == "a tournament needs at least two players"
    assert detail["values"] == {}
    assert [c["id"] for c in detail["clauses"]] == ["OQ-41"]
    said = catalogue("nb")[f"errors.msg.{detail['template']}"]
    assert said != detail["template"] and "spillere" in said


def test_NM_D_2D_a_refused_draw_over_the_websocket_has_the_norwegian_clause(
    client: TestClient,
) -> None:
    tid = create_tournament(client, "nm-draw")
    seat = client.post(f"/api/tournaments/{tid}/register", json={"name": "Kari"}).json()
    with client.websocket_connect(f"/ws/tournaments/{tid}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": seat["token"]}))
        ws.send_text(json.dumps({"action": "draw", "cards": "Zz"}))
        frame = ws.receive_json()
        while frame["type"] != "error":
            frame = ws.receive_json()
    assert frame["template"].startswith("bad card text {text}")
    assert frame["values"]["text"] == "'Zz'"
    (clause,) = frame["clauses"]
    assert clause["id"] == "NM-D-2D" and clause["language"] == "nb"
    assert "bytter kort" in clause["original"] and "exchanges cards" in clause["english"]
    assert f"errors.msg.{frame['template']}" in catalogue("nb")


def test_DE_GEN_2_a_refused_set_up_has_the_german_clause(client: TestClient) -> None:
    refused = client.post(
        "/api/tournaments",
        json={"profile": "de-holdem", "bots": 3, "mode": "live"},
        headers=AUTH,
    )
    assert refused.status_code == 422, refused.text
    detail = refused.json()["detail"]
    assert detail["error"] == "SetupViolation" and "live" in detail["message"]
    by_id = {c["id"]: c for c in detail["clauses"]}
    # a German event cites its own rulebook and the open questions, no NM clause
    assert set(by_id) == {"DE-GEN-2", "OQ-03"} and by_id["DE-GEN-2"]["language"] == "de"
    assert by_id["DE-GEN-2"]["original"] != by_id["DE-GEN-2"]["english"]
    assert f"errors.msg.{detail['template']}" in catalogue("de")


def test_a_wrong_token_is_refused_in_the_same_shape(client: TestClient) -> None:
    tid = create_tournament(client, "nm-holdem")
    refused = client.get(f"/api/tournaments/{tid}/me", headers={"authorization": "Bearer nope"})
    assert refused.status_code == 403
    detail = refused.json()["detail"]
    assert (
        detail["message"] == "unknown player token" and detail["template"] == "unknown player token"
    )
    assert detail["clauses"] == [] and detail["error"] == "HTTPError"
    missing = client.get("/api/tournaments/nope/me")
    assert missing.json()["detail"]["values"] == {"tournament": "'nope'"}
