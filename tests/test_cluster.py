"""The multi-process deployment (issue 12, "Beyond one process"): ``floorman
serve --workers 2 --runners 2`` on a real PostgreSQL and a real Redis, a bot
tournament with people playing over websockets through either web process;
the runner playing it is killed with SIGKILL in the middle of the play;
every registration is retried with its idempotency key (issue 19); every
Redis connection is killed, then Redis itself (SIGKILL, started again
empty), then a web process.  Another runner takes the tournament over
within seconds, the people's sockets come back through a web process, and
the tournament plays to the end: one entry per person, every place given,
every chip accounted for, no hand dealt twice, no token in Redis, and no
frame to any seat carrying a card that seat may not see."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis

from floorman.engine.events import event_from_dict
from floorman.storage import Store
from floorman.storage.crypto import new_key, parse_key
from tests.helpers.postgres import fresh_database
from tests.helpers.server import (
    AUTH,
    DIRECTOR,
    VENV_BIN,
    HandTruth,
    Socket,
    cards_in,
    free_port,
    hand_chips_conserved,
    serving,
    tournament_body,
    wait_until,
)

POSTGRES = os.environ.get("FLOORMAN_TEST_POSTGRES_URL", "")
REDIS = os.environ.get("FLOORMAN_TEST_REDIS_URL", "")
pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


@pytest.fixture(autouse=True)
def backends() -> None:
    """A backend missing fails the test loudly (issue 19): 'make test' installs
    and starts both (scripts/ensure-postgres, scripts/ensure-redis)."""
    if not (POSTGRES and REDIS):
        pytest.fail(
            "FLOORMAN_TEST_POSTGRES_URL and FLOORMAN_TEST_REDIS_URL are needed: run 'make test'"
        )


BOTS = 14
PEOPLE = 4
STACK = 300


@pytest.fixture()
def database() -> Iterator[str]:
    with fresh_database(POSTGRES, "floorman_cluster") as url:
        yield url


class Person(threading.Thread):
    """A person at the table: checks or calls, reconnecting through whichever
    web process answers when his socket is lost.  Keeps every frame."""

    def __init__(self, url: str, token: str, done: threading.Event) -> None:
        super().__init__(daemon=True)
        self.url, self.token, self.done = url, token, done
        self.frames: list[dict[str, Any]] = []
        self.connections = 0
        self.errors: list[dict[str, Any]] = []

    def run(self) -> None:
        while not self.done.is_set():
            try:
                sock = Socket(f"{self.url}#token={self.token}")
            except Exception:  # the web process is down: another one, in a moment
                time.sleep(0.3)
                continue
            self.connections += 1
            try:
                self.play(sock)
            except Exception:
                time.sleep(0.2)
            finally:
                self.frames += sock.frames
                sock.frames = []
                with contextlib.suppress(Exception):
                    sock.close()

    def play(self, sock: Socket) -> None:
        acted: set[tuple[str, int]] = set()
        while not self.done.is_set():
            frame = sock.recv(0.5)
            if frame is None:
                continue
            if frame["type"] == "error":
                self.errors.append(frame)
            if frame["type"] == "tournament" and frame["status"] == "finished":
                return
            hand = frame.get("hand") if frame["type"] == "table" else None
            you = frame.get("you") or {}
            if not hand or hand.get("legal") is None or hand["actor"] != you.get("seat"):
                continue
            moment = (frame["hand_id"], len(hand.get("log") or ()))
            if moment in acted:
                continue
            acted.add(moment)
            sock.send({"action": "check_or_call"})


class OwnRedis:
    """A Redis of this test's own, on a free port, to kill and start again
    (the one 'make test' started serves the other tests meanwhile)."""

    def __init__(self, directory: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is needed: 'make test' installs it (scripts/ensure-redis)")
        self.binary, self.directory, self.port = binary, directory, free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                *(self.binary, "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--dir", str(self.directory)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis.from_url(self.url)
        wait_until(lambda: _pings(client), 10, "redis-server to start")

    def kill(self) -> None:
        """SIGKILL: every stream, group and pending command is gone."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)


def _pings(client: redis.Redis) -> bool:
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False


def owner(client: redis.Redis, tid: str) -> str | None:
    value = client.get(f"floorman:owner:{tid}")
    return value.decode() if isinstance(value, bytes) else value


def pid_of(process: str) -> int:
    """``runner-<pid>-<tag>`` / ``web-<pid>-<tag>`` -> pid."""
    return int(process.split("-")[1])


def tournament_over(reader: Store, tid: str) -> bool:
    record = reader.tournament(tid)
    return record is not None and record.status == "finished"


def hands_finished(reader: Store, tid: str) -> int:
    return len(reader.hands(tid, status="finished"))


def went_on(reader: Store, tid: str, before: int) -> bool:
    """A hand finished since ``before`` hands were, or the tournament itself
    (a loaded machine may be slow to recover while the levels run on)."""
    return hands_finished(reader, tid) > before or tournament_over(reader, tid)


def test_two_web_processes_two_runners_survive_kill_minus_nine(
    tmp_path: Path, database: str
) -> None:
    port = free_port()
    key = new_key()
    own_redis = OwnRedis(tmp_path)
    own_redis.start()
    env: dict[str, str | None] = {
        "FLOORMAN_DIRECTOR_TOKEN": DIRECTOR,
        "FLOORMAN_SECRET_KEY": key,
        "FLOORMAN_DATA_DIR": str(tmp_path / "var"),
    }
    command = [
        str(VENV_BIN / "floorman"),
        "serve",
        "--port",
        str(port),
        "--workers",
        "2",
        "--runners",
        "2",
        "--database-url",
        database,
        "--redis-url",
        own_redis.url,
    ]
    bus = redis.Redis.from_url(own_redis.url)
    done = threading.Event()
    people: list[Person] = []
    with serving(command, env, tmp_path, port) as cluster:
        cluster.wait_healthy(60)
        url = cluster.url
        body = tournament_body(
            "nm-holdem",
            bots=BOTS,
            starting_stack=STACK,
            level_seconds=8,
            action_delay_ms=40,
            between_hands_s=0.2,
            action_seconds=20,
        )
        created = httpx.post(f"{url}/api/tournaments", json=body, headers=AUTH, timeout=30)
        assert created.status_code == 200, created.text
        tid = created.json()["id"]
        ws_url = f"ws://127.0.0.1:{port}/ws/tournaments/{tid}"
        tokens = {}
        registrations = {}  # idempotency key -> the first answer

        def register(k: int) -> httpx.Response:
            return httpx.post(
                f"{url}/api/tournaments/{tid}/register",
                json={"name": f"Person {k}"},
                headers={"Idempotency-Key": f"{tid}-person-{k}"},
                timeout=30,
            )

        for k in range(PEOPLE):
            answer = register(k)
            assert answer.status_code == 200, answer.text
            assert register(k).json() == answer.json()  # a retry at once: the same entry
            registrations[k] = answer.json()
            tokens[answer.json()["player"]] = answer.json()["token"]
        # both web processes answer, and each sees the registrations (its replica)
        seen_by = {}
        for _ in range(40):
            health = httpx.get(f"{url}/health", timeout=5).json()
            status = httpx.get(f"{url}/api/tournaments/{tid}", timeout=5).json()
            seen_by[health["process"]] = len(status["standings"])
            if len(seen_by) == 2:
                break
        assert len(seen_by) == 2, seen_by
        assert set(seen_by.values()) == {BOTS + PEOPLE}, seen_by
        people = [Person(ws_url, token, done) for token in tokens.values()]
        for person in people:
            person.start()
        started = httpx.post(f"{url}/api/tournaments/{tid}/start", headers=AUTH, timeout=30)
        assert started.status_code == 200, started.text

        reader = Store(database, key=parse_key(key, "the test"))
        try:
            wait_until(lambda: hands_finished(reader, tid) >= 4, 90, "four finished hands")
            first_owner = owner(bus, tid)
            assert first_owner and first_owner.startswith("runner-")
            wait_until(
                lambda: any(h["status"] == "running" for h in reader.hands(tid)),
                30,
                "a hand being played",
                interval=0.02,
            )
            os.kill(pid_of(first_owner), 9)  # the runner dies in the middle of a hand
            killed_at = time.monotonic()
            wait_until(
                lambda: (o := owner(bus, tid)) is not None and o != first_owner,
                30,
                "another runner to take the tournament over",
                interval=0.1,
            )
            takeover_seconds = time.monotonic() - killed_at
            # every registration retried after its runner died: answered from
            # the database, by the runner that took over, never registered again
            for k, first in registrations.items():
                again = register(k)
                assert again.status_code == 200 and again.json() == first, again.text
            # every process loses its Redis connections at once: they read on
            # from where they stopped (replies and changes are streams)
            bus.client_kill_filter(_type="normal", skipme=True)
            before = hands_finished(reader, tid)
            wait_until(lambda: went_on(reader, tid, before), 60, "play to go on after the loss")
            # then Redis itself dies and comes back empty: the runners make
            # their groups again, the web processes read what they missed
            # from the database, a command lost with it is retried by its client
            own_redis.kill()
            time.sleep(1.0)
            own_redis.start()
            before = hands_finished(reader, tid)
            wait_until(lambda: went_on(reader, tid, before), 60, "play to go on after the takeover")
            web = httpx.get(f"{url}/health", timeout=5).json()["process"]
            os.kill(pid_of(web), 9)  # then a web process, with sockets on it
            wait_until(
                lambda: (
                    httpx.get(f"{url}/api/tournaments/{tid}", timeout=5).json()["status"]
                    == "finished"
                ),
                180,
                "the tournament to finish",
                interval=0.5,
            )
            final = httpx.get(f"{url}/api/tournaments/{tid}", timeout=5).json()
            # a finished tournament is nobody's: any runner carries the
            # director's call out, and every web process's list shows it
            archived = httpx.post(
                f"{url}/api/tournaments/{tid}/archive",
                json={"archived": True},
                headers=AUTH,
                timeout=30,
            )
            assert archived.status_code == 200, archived.text

            def listed() -> bool:
                return tid in [t["id"] for t in httpx.get(f"{url}/api/tournaments").json()]

            # the web process that did not carry the call out folds it in
            # from the stream a moment later; from then on none lists it
            wait_until(lambda: not any(listed() for _ in range(4)), 10, "archived everywhere")
            for _ in range(20):  # whichever web process answers
                assert not listed()
            hands = reader.hands(tid)
            logs = {h["id"]: reader.hand_events(h["id"]) for h in hands}
            changes = [fields[b"message"].decode() for _, fields in bus.xrange("floorman:changes")]
            in_redis = [
                str(entry)
                for key in bus.scan_iter("floorman:*")
                if bus.type(key) == b"stream"
                for entry in bus.xrange(key)
            ]
        finally:
            done.set()
            for person in people:
                person.join(timeout=10)
            reader.close()
    own_redis.kill()
    assert takeover_seconds < 10, takeover_seconds
    # the runners' messages carry the hands sealed as the database does: no deck, no card
    relayed = [
        text
        for change in changes
        for batch in json.loads(change)["batches"]
        for _hand, _start, texts, _done in batch["hands"]
        for text in texts
    ]
    assert len(relayed) > 100 and all(text.startswith("fm1:") for text in relayed)
    assert not [c for c in changes if '"deck"' in c or '"cards"' in c][:1]
    # no command or reply in Redis holds a token: the edge sends its hash
    secrets_seen = [t for t in [*tokens.values(), DIRECTOR] if any(t in e for e in in_redis)]
    assert not secrets_seen
    assert len(final["standings"]) == BOTS + PEOPLE  # nobody registered twice
    # every place given: 1 to 18, players out in the same hand with the same
    # stack sharing theirs (competition ranking, as the core gives it)
    places = sorted(p["place"] for p in final["standings"])
    assert len(places) == BOTS + PEOPLE and places[0] == 1
    assert all(p == k + 1 or p == places[k - 1] for k, p in enumerate(places)), places
    winner = next(p for p in final["standings"] if p["place"] == 1)
    assert winner["chips"] == STACK * (BOTS + PEOPLE)
    # no hand dealt twice: one start per hand, hand numbers without a gap or a repeat
    assert all(h["status"] == "finished" for h in hands)
    for hand_id, log in logs.items():
        assert Counter(e["type"] for e in log)["HandStarted"] == 1, hand_id
        into, out = hand_chips_conserved([event_from_dict(e) for e in log])
        assert into == out, hand_id
    by_table: dict[int, list[int]] = {}
    for h in hands:
        by_table.setdefault(h["table"], []).append(h["hand"])
    for numbers in by_table.values():
        assert sorted(numbers) == list(range(1, len(numbers) + 1))
    # the people played through the kills: each reconnected at least once
    # when his web process died or not, and no frame showed a card not his
    assert all(p.frames for p in people)
    assert sum(p.connections for p in people) > PEOPLE, "someone's socket came back"
    truths = {hand_id: HandTruth(log) for hand_id, log in logs.items()}
    checked = 0
    for person in people:
        for frame in person.frames:
            if frame["type"] != "table" or not frame.get("hand") or not frame.get("hand_id"):
                continue
            truth = truths[frame["hand_id"]]
            seat = (frame.get("you") or {}).get("seat")
            moment = truth.moment(frame["hand"], seat)
            assert moment is not None, f"a frame of {frame['hand_id']} at no moment of the hand"
            leaked = cards_in(frame["hand"]) - truth.cards_allowed(moment, seat)
            assert not leaked, (frame["hand_id"], seat, leaked)
            checked += 1
    assert checked > 50, checked
    failures = [e for p in people for e in p.errors if "could not" in str(e.get("message"))]
    assert not failures, [json.dumps(e)[:200] for e in failures]
