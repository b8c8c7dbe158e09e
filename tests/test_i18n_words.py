"""Issue 20, the words: one word for one thing in each language.  In
Norwegian a seat is "sete" and a finishing place "plass"; the director's
pause ("stoppet", German "unterbrochen") is not a scheduled break
("pause"); German says "checken" (DE-CHECK) and "faules Blatt" (DE-FOUL)
throughout; a count of players, cards or hands has its plural form.  The
clauses' translated summaries use the pages' words: Norwegian "jekk" (the
NM rulebook's word for a check, NM-D-2C, NM-H-13) and "sidepott", German
"Chips", "Level" and "Miss-Deal" (the German rulebook's spelling,
DE-MISDEAL-1); a robot is a "robot" in Norwegian ("bot" is a fine)."""

from __future__ import annotations

import re

from floorman.rules.local import translations
from floorman.server import i18n


def catalogue(lang: str) -> dict[str, str]:
    return dict(i18n.catalogue(lang))


def test_nb_seat_is_sete_and_place_is_plass() -> None:
    nb = catalogue("nb")
    assert nb["table.seat_n"] == "Sete {seat}" and nb["common.col.seat"] == "Sete"
    assert nb["table.info.place"].startswith("Plass ")
    seat_keys = [k for k in nb if re.search(r"(^|[._])seat", k) and "place" not in k]
    for key in seat_keys:
        assert not re.search(r"\bplass(en|lenke)?\b", nb[key], re.I), (key, nb[key])
    for key, value in nb.items():
        if "{seat}" in value or "{next}" in value or "{actor}" in value:
            assert not re.search(r"\bplass\b", value, re.I), (key, value)


def test_the_directors_pause_is_not_a_break() -> None:
    for lang in ("nb", "de"):
        words = catalogue(lang)
        paused = {
            words[k].lower() for k in ("table.paused", "clock.paused", "common.status.paused")
        }
        breaks = {words[k].lower() for k in ("common.break", "table.info.break_level")}
        assert not paused & breaks, (lang, paused, breaks)
        assert all("paus" not in word for word in paused), (lang, paused)


def test_german_checks_and_foul_hands_are_one_word_each() -> None:
    de = catalogue("de")
    for key, value in de.items():
        assert not re.search(r"schieb|geschoben", value, re.I), (key, value)
        assert "tote Hand" not in value, (key, value)
    assert de["table.seat.dead"] == de["hands.reason.dead"] == "faules Blatt"


def test_counts_have_their_singular() -> None:
    en = catalogue("en")
    for key in ("table.info.players", "hands.event.dealt", "clock.payouts_more"):
        assert f"{key}.one" in en, key
    assert en["table.info.players.one"] == "{players} player left"
    assert en["hands.event.dealt.one"] == "{name} is dealt {count} card"


def test_the_rules_summaries_and_the_pages_use_the_same_words() -> None:
    nb = [*catalogue("nb").values(), *translations("nb").values()]
    for value in nb:
        assert not re.search(r"\bsjekk|\bbi-pott", value, re.I), value
        assert not re.search(r"\bbot(er|ene|enes)\b", value, re.I), value
    assert catalogue("nb")["table.check"] == "Jekk"
    assert catalogue("nb")["common.bots"] == "Roboter"
    de = [*catalogue("de").values(), *translations("de").values()]
    for value in de:
        assert not re.search(r"Jeton|Stufe|Misdeal", value), value
    assert catalogue("de")["director.hand.misdeal"] == "Miss-Deal"
