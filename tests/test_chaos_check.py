"""The fault run's checker (``floorman chaos``, issue 27 point 8) fails on
what it is there to find: a clean log passes, and each doctored copy — a
command applied twice, an acknowledged command lost, a change stored
without its answer, a hand with a hole, chips made from nothing, a stale
replica — is found, named by its kind.  A checker that cannot fail proves
nothing."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from floorman.chaos.check import Evidence, Finding, StoredHand, check, scoped_key
from floorman.chaos.clients import Sent

TID = "t1"
ALICE, BOB = "p1", "p2"


def hand(hand_id: str, number: int, actions: list[dict[str, Any]]) -> StoredHand:
    """A finished two-seat hand: seat 1 is Alice, seat 2 Bob; 30 chips
    change hands."""
    events = [
        {
            "type": "HandStarted",
            "seats": [1, 2],
            "players": [ALICE, BOB],
            "stacks": [1000, 1000],
            "carried_pot": 0,
        },
        *actions,
        {"type": "HandEnded", "stacks": [970, 1030], "carried_pot": 0},
    ]
    return StoredHand(hand_id, 1, number, "finished", list(range(len(events))), events)


def stored(*records: Sent) -> dict[str, dict[str, Any]]:
    return {scoped_key(r): {"status": 200, "body": {"ok": True}} for r in records}


def clean() -> tuple[list[Sent], Evidence]:
    """A small run as the checker would find it: every command once."""
    create = Sent("create", TID, "director", "k-create", effect="Chaos 1", acknowledged=True)
    register = Sent("register", TID, "public", "k-reg", effect="Alice", acknowledged=True)
    act_1 = Sent("act", TID, f"player:{ALICE}", "k-act-1", effect="check_or_call", over="ws")
    act_2 = Sent("act", TID, f"player:{ALICE}", "k-act-2", effect="fold", acknowledged=True)
    chat = Sent("chat", TID, f"player:{BOB}", "k-chat", effect="chaos line 1", over="ws")
    warn = Sent("warn", TID, "director", "k-warn", effect="chaos warning 1", acknowledged=True)
    bots = Sent("add_bots", TID, "director", "k-bots", count=1, acknowledged=True)
    start = Sent("start", TID, "director", "k-start", acknowledged=True)
    ledger = [create, register, act_1, act_2, chat, warn, bots, start]
    standings = [
        {"player": ALICE, "name": "Alice", "chips": 970, "status": "playing", "table": 1},
        {"player": BOB, "name": "Bob", "chips": 1030, "status": "playing", "table": 1},
        {"player": "p3", "name": "Bot 1", "chips": 0, "status": "out", "place": 3},
    ]
    details = {"status": "running", "level": 1, "players": 3, "standings": standings}
    evidence = Evidence(
        answers=stored(*ledger),
        players={
            TID: [
                {"player": ALICE, "name": "Alice", "kind": "human"},
                {"player": BOB, "name": "Bob", "kind": "human"},
                {"player": "p3", "name": "Bot 1", "kind": "bot"},
            ]
        },
        events={
            TID: [
                {"type": "started"},
                {"type": "warning", "player": BOB, "note": "chaos warning 1"},
            ]
        },
        hands={
            TID: [
                hand("h1", 1, [{"type": "Called", "seat": 1, "amount": 30}]),
                hand("h2", 2, [{"type": "Folded", "seat": 1, "reason": ""}]),
                hand("h3", 3, [{"type": "Folded", "seat": 1, "reason": "timeout"}]),
            ]
        },
        chat={TID: ["chaos line 1", "hello"]},
        tournament_names=["Chaos 1"],
        chips_given={TID: 2000},
        event_seqs={TID: [0, 1]},
        folded={TID: details},
        replicas={TID: {"web-1": copy.deepcopy(details), "web-2": copy.deepcopy(details)}},
    )
    return ledger, evidence


def kinds(findings: list[Finding]) -> list[str]:
    return sorted(f.kind for f in findings)


def test_a_clean_log_passes_and_counts_what_was_applied() -> None:
    ledger, evidence = clean()
    findings, applied = check(ledger, evidence)
    assert findings == []
    assert applied.total == 8
    assert applied.by_kind["act"] == 2


def _tournament_made_twice(ledger: list[Sent], evidence: Evidence) -> None:
    evidence.tournament_names.append("Chaos 1")


def _registration_answered_twice(ledger: list[Sent], evidence: Evidence) -> None:
    # two sendings of one key got two seats' answers (the second's not stored)
    next(r for r in ledger if r.kind == "register").answers_differ = True


def _registered_twice(ledger: list[Sent], evidence: Evidence) -> None:
    evidence.players[TID].append({"player": "p9", "name": "Alice", "kind": "human"})


def _action_applied_twice(ledger: list[Sent], evidence: Evidence) -> None:
    # Alice's call is in the log twice: once more than her stored commands
    evidence.hands[TID].append(hand("h4", 4, [{"type": "Called", "seat": 1, "amount": 30}]))


def _chat_line_said_twice(ledger: list[Sent], evidence: Evidence) -> None:
    evidence.chat[TID].append("chaos line 1")


def _warning_given_twice(ledger: list[Sent], evidence: Evidence) -> None:
    evidence.events[TID].append({"type": "warning", "player": BOB, "note": "chaos warning 1"})


def _bots_added_twice(ledger: list[Sent], evidence: Evidence) -> None:
    evidence.players[TID].append({"player": "p4", "name": "Bot 2", "kind": "bot"})


def _started_twice(ledger: list[Sent], evidence: Evidence) -> None:
    evidence.events[TID].append({"type": "started"})


def _acknowledged_warning_lost(ledger: list[Sent], evidence: Evidence) -> None:
    warn = next(r for r in ledger if r.kind == "warn")
    del evidence.answers[scoped_key(warn)]
    evidence.events[TID] = [e for e in evidence.events[TID] if e["type"] != "warning"]


def _acknowledged_action_lost(ledger: list[Sent], evidence: Evidence) -> None:
    fold = next(r for r in ledger if r.effect == "fold")
    del evidence.answers[scoped_key(fold)]
    evidence.hands[TID][1].events[1] = {"type": "Folded", "seat": 1, "reason": "timeout"}


def _registration_without_its_answer(ledger: list[Sent], evidence: Evidence) -> None:
    register = next(r for r in ledger if r.kind == "register")
    register.acknowledged = False  # the client never heard: only the pairing is wrong
    del evidence.answers[scoped_key(register)]


def _hand_with_a_hole(ledger: list[Sent], evidence: Evidence) -> None:
    evidence.hands[TID][0].seqs = [0, 2, 3]


def _hand_started_twice(ledger: list[Sent], evidence: Evidence) -> None:
    first = evidence.hands[TID][0]
    first.events.insert(1, dict(first.events[0]))
    first.seqs = list(range(len(first.events)))


def _hand_number_repeated(ledger: list[Sent], evidence: Evidence) -> None:
    evidence.hands[TID][2].number = 2


def _chips_from_nothing(ledger: list[Sent], evidence: Evidence) -> None:
    evidence.hands[TID][2].events[-1]["stacks"] = [1000, 1030]


def _stale_replica(ledger: list[Sent], evidence: Evidence) -> None:
    evidence.replicas[TID]["web-2"]["standings"][0]["chips"] = 1000


def _replica_behind_on_the_level(ledger: list[Sent], evidence: Evidence) -> None:
    evidence.replicas[TID]["web-1"]["level"] = 2


def _tournament_event_lost(ledger: list[Sent], evidence: Evidence) -> None:
    evidence.event_seqs[TID] = [0, 2]


DOCTORED: list[tuple[Callable[[list[Sent], Evidence], None], list[str]]] = [
    (_tournament_made_twice, ["double"]),
    (_registered_twice, ["double"]),
    (_registration_answered_twice, ["double"]),
    (_action_applied_twice, ["double"]),
    (_chat_line_said_twice, ["double"]),
    (_warning_given_twice, ["double"]),
    (_bots_added_twice, ["double"]),
    (_started_twice, ["double"]),
    (_acknowledged_warning_lost, ["loss", "loss"]),
    (_acknowledged_action_lost, ["loss"]),
    (_registration_without_its_answer, ["unpaired"]),
    (_hand_with_a_hole, ["hand"]),
    (_hand_started_twice, ["hand"]),
    (_hand_number_repeated, ["hand"]),
    (_chips_from_nothing, ["chips"]),
    (_stale_replica, ["replica"]),
    (_replica_behind_on_the_level, ["replica"]),
    (_tournament_event_lost, ["log"]),
]


@pytest.mark.parametrize(("doctor", "found"), DOCTORED, ids=[d.__name__[1:] for d, _ in DOCTORED])
def test_a_doctored_log_is_found_out(
    doctor: Callable[[list[Sent], Evidence], None], found: list[str]
) -> None:
    ledger, evidence = clean()
    doctor(ledger, evidence)
    findings, _ = check(ledger, evidence)
    assert kinds(findings) == found, findings
