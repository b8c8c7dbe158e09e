"""After a fault run: what the clients were told against what was stored.

:func:`gather` reads the :class:`Evidence` from the database (the stored
answers by scoped key, the players, the tournament and hand logs, the chat)
and from the processes (each web process's view of each tournament beside
the fold of its stored log).  :func:`check` compares it with the clients'
ledger and returns every :class:`Finding`; it reads nothing itself, so a
test can hand it a doctored log and see it fail.

What must hold:

- every command answered 200 was applied (its answer is stored, and its
  result is in the log): nothing acknowledged is lost;
- no command was applied twice: its result is in the log at most once (a
  tournament's or a player's name, a chat line, a ruling's note), a player's chosen actions in the
  hand logs are exactly his action commands whose answers are stored, the
  bots are exactly those the stored AddBots answers added;
- a change and its answer are stored together: a result without its answer
  (or the other way round) is a retry that would apply it again;
- every hand is whole: its events numbered 0, 1, 2 … without a gap, one
  start, a finished hand ends with its end, the hands of a table numbered
  1, 2, 3 … without a gap or a repeat, at most one running per table;
- chips are conserved: into and out of every finished hand, and the
  players' chips in each tournament add up to the chips it was given;
- every web process's replica equals the state folded from the stored log.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import httpx
import sqlalchemy

from floorman.chaos.clients import HAND_ACTIONS, Sent
from floorman.services.commands import Command
from floorman.storage import Store

#: the hand events that are a player's own choice (a time-out's or an
#: absent player's fold or check carries its reason)
CHOSEN = frozenset({"Folded", "Checked", "Called", "BetOrRaised"})
#: what a replica and the fold are compared on: the tournament's, each player's
SUMMARY_FIELDS = ("status", "level", "players", "players_left", "tables", "entries")
STANDING_FIELDS = ("player", "name", "chips", "status", "place", "table", "seat")


@dataclass(frozen=True)
class Finding:
    """``kind``: "loss", "double", "unpaired" (a change without its answer
    or an answer without its change), "hand", "log" (the tournament's
    events numbered with a gap), "chips" or "replica"."""

    kind: str
    text: str


@dataclass
class StoredHand:
    id: str
    table: int
    number: int
    status: str
    seqs: list[int]
    events: list[dict[str, Any]]


@dataclass
class Evidence:
    """What the database and the processes hold after the run."""

    answers: dict[str, dict[str, Any]] = field(default_factory=dict)
    players: dict[str, list[dict[str, str]]] = field(default_factory=dict)
    events: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    hands: dict[str, list[StoredHand]] = field(default_factory=dict)
    chat: dict[str, list[str]] = field(default_factory=dict)
    #: the name of every tournament in the run's database (made by the run)
    tournament_names: list[str] = field(default_factory=list)
    #: the chips each tournament was given (entries × starting stack)
    chips_given: dict[str, int] = field(default_factory=dict)
    #: the numbers of each tournament's stored events, in order
    event_seqs: dict[str, list[int]] = field(default_factory=dict)
    #: the tournament folded from the stored log (its details: summary and standings)
    folded: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: each web process's details of each tournament: {tid: {process: details}}
    replicas: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)


def scoped_key(sent: Sent) -> str:
    """The key as the server stores it (the author's and tournament's scope)."""
    tournament = "" if sent.kind == "create" else sent.tournament
    return Command(tournament=tournament, author=sent.author, key=sent.key).scoped_key()


@dataclass
class Applied:
    """The ledger's commands found applied (their answers stored)."""

    total: int = 0
    by_kind: Counter[str] = field(default_factory=Counter)


def check(ledger: Iterable[Sent], evidence: Evidence) -> tuple[list[Finding], Applied]:
    sent = list(ledger)
    findings: list[Finding] = []
    applied = Applied()
    for record in sent:
        stored = scoped_key(record) in evidence.answers
        if stored:
            applied.total += 1
            applied.by_kind[record.kind] += 1
        if record.answers_differ:
            findings.append(
                Finding("double", f"{record.kind} {record.key}: sent twice, answered differently")
            )
        if record.acknowledged and not stored:
            findings.append(
                Finding("loss", f"{record.kind} {record.key} was answered 200 but never stored")
            )
        findings += _results(record, stored, evidence)
    findings += _actions(sent, evidence)
    findings += _bots(sent, evidence)
    findings += _once_per_tournament(sent, evidence)
    findings += _hands(evidence)
    findings += _event_numbers(evidence)
    findings += _chips(evidence)
    findings += _replicas(evidence)
    return findings, applied


def _results(record: Sent, stored: bool, evidence: Evidence) -> list[Finding]:
    """A command whose result names it: in the log once if applied, never twice."""
    tid = record.tournament
    if record.kind == "create":
        found = evidence.tournament_names.count(record.effect)
    elif record.kind == "register":
        found = sum(1 for p in evidence.players.get(tid, []) if p["name"] == record.effect)
    elif record.kind == "chat":
        found = evidence.chat.get(tid, []).count(record.effect)
    elif record.kind == "warn":
        found = sum(
            1
            for e in evidence.events.get(tid, [])
            if e.get("type") == "warning" and e.get("note") == record.effect
        )
    else:
        return []
    what = f"{record.kind} {record.key} ({record.effect!r})"
    if found > 1:
        return [Finding("double", f"{what} applied {found} times")]
    if record.acknowledged and found == 0:
        return [Finding("loss", f"{what} was answered 200 but is not in the log")]
    if found != int(stored):
        half = "its result without its answer" if found else "its answer without its result"
        return [Finding("unpaired", f"{what}: {half} stored")]
    return []


def _actions(sent: list[Sent], evidence: Evidence) -> list[Finding]:
    """Each player's chosen actions in the hand logs are his action
    commands whose answers are stored, no more (a double) and no fewer."""
    commanded: Counter[tuple[str, str]] = Counter()
    players: set[tuple[str, str]] = set()
    for record in sent:
        if record.kind == "act" and record.effect in HAND_ACTIONS:
            who = (record.tournament, record.author.removeprefix("player:"))
            players.add(who)
            if scoped_key(record) in evidence.answers:
                commanded[who] += 1
    chosen: Counter[tuple[str, str]] = Counter()
    for tid, hands in evidence.hands.items():
        for hand in hands:
            if not hand.events or hand.events[0].get("type") != "HandStarted":
                continue
            started = hand.events[0]
            by_seat = dict(zip(started["seats"], started["players"], strict=False))
            for event in hand.events:
                if event.get("type") in CHOSEN and not event.get("reason"):
                    chosen[(tid, str(by_seat.get(event.get("seat"))))] += 1
    findings = []
    for who in sorted(players):
        if chosen[who] > commanded[who]:
            findings.append(
                Finding(
                    "double",
                    f"player {who[1]} of {who[0]}: {chosen[who]} actions in the hand logs,"
                    f" {commanded[who]} action commands stored",
                )
            )
        elif chosen[who] < commanded[who]:
            findings.append(
                Finding(
                    "unpaired",
                    f"player {who[1]} of {who[0]}: {commanded[who]} action commands stored,"
                    f" only {chosen[who]} actions in the hand logs",
                )
            )
    return findings


def _bots(sent: list[Sent], evidence: Evidence) -> list[Finding]:
    """The bots are exactly those the stored AddBots commands asked for."""
    asked: Counter[str] = Counter()
    tournaments = set()
    for record in sent:
        if record.kind == "add_bots":
            tournaments.add(record.tournament)
            if scoped_key(record) in evidence.answers:
                asked[record.tournament] += record.count
    findings = []
    for tid in sorted(tournaments):
        bots = sum(1 for p in evidence.players.get(tid, []) if p["kind"] == "bot")
        if bots != asked[tid]:
            kind = "double" if bots > asked[tid] else "loss"
            findings.append(Finding(kind, f"{tid}: {bots} bots, {asked[tid]} asked for"))
    return findings


def _once_per_tournament(sent: list[Sent], evidence: Evidence) -> list[Finding]:
    """A start and a pause are each one event per stored command."""
    findings = []
    for kind, event in (("start", "started"), ("pause", "paused")):
        stored: Counter[str] = Counter(
            r.tournament for r in sent if r.kind == kind and scoped_key(r) in evidence.answers
        )
        for tid in sorted({r.tournament for r in sent if r.kind == kind}):
            found = sum(1 for e in evidence.events.get(tid, []) if e.get("type") == event)
            if found != stored[tid]:
                label = "double" if found > stored[tid] else "unpaired"
                findings.append(
                    Finding(label, f"{tid}: {found} {event} events, {stored[tid]} {kind}s stored")
                )
    return findings


def _hands(evidence: Evidence) -> list[Finding]:
    findings = []
    for tid, hands in evidence.hands.items():
        numbers: dict[int, list[int]] = {}
        running: Counter[int] = Counter()
        for hand in hands:
            numbers.setdefault(hand.table, []).append(hand.number)
            kinds = [e.get("type") for e in hand.events]
            if hand.seqs != list(range(len(hand.seqs))):
                findings.append(Finding("hand", f"{hand.id}: events numbered {hand.seqs}"))
            if not kinds or kinds[0] != "HandStarted" or kinds.count("HandStarted") != 1:
                findings.append(Finding("hand", f"{hand.id}: does not start once ({kinds[:3]})"))
            ended = "HandEnded" in kinds
            if hand.status == "finished" and (not kinds or kinds[-1] != "HandEnded"):
                findings.append(Finding("hand", f"{hand.id}: finished without its end"))
            if hand.status != "finished":
                running[hand.table] += 1
                if ended:
                    findings.append(Finding("hand", f"{hand.id}: ended but never closed"))
        for table, count in running.items():
            if count > 1:
                findings.append(Finding("hand", f"{tid} table {table}: {count} hands running"))
        for table, seen in numbers.items():
            if sorted(seen) != list(range(1, len(seen) + 1)):
                findings.append(
                    Finding("hand", f"{tid} table {table}: hand numbers {sorted(seen)}")
                )
    return findings


def _chips(evidence: Evidence) -> list[Finding]:
    findings = []
    for hands in evidence.hands.values():
        for hand in hands:
            if not hand.events or hand.events[-1].get("type") != "HandEnded":
                continue
            start, end = hand.events[0], hand.events[-1]
            into = sum(start["stacks"]) + int(start.get("carried_pot", 0))
            out = sum(end["stacks"]) + int(end.get("carried_pot", 0))
            if into != out:
                findings.append(Finding("chips", f"{hand.id}: {into} chips in, {out} out"))
    for tid, given in evidence.chips_given.items():
        held = sum(int(p["chips"]) for p in evidence.folded.get(tid, {}).get("standings", []))
        if held != given:
            findings.append(Finding("chips", f"{tid}: the players hold {held} of {given} chips"))
    return findings


def projection(details: dict[str, Any]) -> list[tuple[str, ...]]:
    """What a replica and the fold are compared on: a line for the
    tournament, one for each player."""
    summary = ("tournament", *(str(details.get(f)) for f in SUMMARY_FIELDS))
    players = sorted(
        tuple(str(p.get(f)) for f in STANDING_FIELDS) for p in details.get("standings", [])
    )
    return [summary, *players]


def _replicas(evidence: Evidence) -> list[Finding]:
    findings = []
    for tid, truth in evidence.folded.items():
        seen = evidence.replicas.get(tid, {})
        if not seen:
            findings.append(Finding("replica", f"{tid}: no web process answered for it"))
        for process, details in sorted(seen.items()):
            differ = set(projection(details)) ^ set(projection(truth))
            if differ:
                findings.append(
                    Finding(
                        "replica",
                        f"{tid} on {process}: {len(differ)} lines differ from the stored"
                        f" log, e.g. {sorted(differ)[:2]}",
                    )
                )
    return findings


def _event_numbers(evidence: Evidence) -> list[Finding]:
    """Each tournament's events numbered 0, 1, 2 … without a gap."""
    return [
        Finding("log", f"{tid}: tournament events numbered with a gap or a repeat")
        for tid, seqs in evidence.event_seqs.items()
        if seqs != list(range(len(seqs)))
    ]


# ---------------------------------------------------------------- gathering


def gather(
    store: Store, tournaments: list[str], chips_given: dict[str, int], web_url: str, processes: int
) -> Evidence:
    """Read the evidence once the run is still (every tournament paused)."""
    from floorman.services.runtime import TournamentService

    evidence = Evidence(chips_given=dict(chips_given))
    evidence.answers.update(_answers_of_no_tournament(store))
    evidence.tournament_names = [record.name for record in store.tournaments()]
    for tid in tournaments:
        evidence.answers.update(store.answers(tid))
        evidence.players[tid] = store.players(tid)
        evidence.events[tid] = store.tournament_events(tid)
        evidence.chat[tid] = [line["text"] for line in store.chat(tid, limit=1_000_000)]
        evidence.hands[tid] = _stored_hands(store, tid)
        record = store.tournament(tid)
        if record is not None:
            service = TournamentService.load(store, tid, record.config, read_only=True)
            evidence.folded[tid] = service.details()
        evidence.event_seqs[tid] = _event_seqs(store, tid)
    evidence.replicas = _replica_views(web_url, evidence.folded, processes)
    return evidence


def _answers_of_no_tournament(store: Store) -> dict[str, dict[str, Any]]:
    """The stored answers of commands no tournament held (creating one)."""
    with store.engine.connect() as connection:
        rows = connection.execute(
            sqlalchemy.text("SELECT key, answer FROM command_answers WHERE tournament_id IS NULL")
        )
        return {str(key): json.loads(answer) for key, answer in rows}


def _event_seqs(store: Store, tid: str) -> list[int]:
    with store.engine.connect() as connection:
        rows = connection.execute(
            sqlalchemy.text(
                "SELECT seq FROM tournament_events WHERE tournament_id = :tid ORDER BY seq"
            ),
            {"tid": tid},
        )
        return [int(seq) for (seq,) in rows]


def _stored_hands(store: Store, tid: str) -> list[StoredHand]:
    seqs: dict[str, list[int]] = {}
    with store.engine.connect() as connection:
        rows = connection.execute(
            sqlalchemy.text(
                "SELECT e.hand_id, e.seq FROM hand_events e JOIN hands h ON h.id = e.hand_id"
                " WHERE h.tournament_id = :tid ORDER BY e.hand_id, e.seq"
            ),
            {"tid": tid},
        )
        for hand_id, seq in rows:
            seqs.setdefault(str(hand_id), []).append(int(seq))
    return [
        StoredHand(
            h["id"],
            int(h["table"]),
            int(h["hand"]),
            str(h["status"]),
            seqs.get(h["id"], []),
            store.hand_events(h["id"]),
        )
        for h in store.hands(tid)
    ]


def _replica_views(
    web_url: str, folded: dict[str, dict[str, Any]], processes: int, seconds: float = 60
) -> dict[str, dict[str, dict[str, Any]]]:
    """Each web process's details of each tournament: asked over one
    connection that first says which process it reached, until every
    process has shown the fold (a replica catching up) or ``seconds`` pass;
    the last view of each process is kept."""
    views: dict[str, dict[str, dict[str, Any]]] = {tid: {} for tid in folded}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with httpx.Client(base_url=web_url, timeout=10) as client:
            try:
                process = str(client.get("/health").json()["process"])
                for tid in folded:
                    views[tid][process] = client.get(f"/api/tournaments/{tid}").json()
            except (httpx.HTTPError, KeyError, ValueError):
                continue
        if all(
            len(seen) >= processes
            and all(projection(s) == projection(folded[tid]) for s in seen.values())
            for tid, seen in views.items()
        ):
            break
        time.sleep(0.2)
    return views


__all__ = ["Evidence", "Finding", "StoredHand", "check", "gather", "projection", "scoped_key"]
