"""The relay that cuts a runner off in ``floorman chaos`` (issue 27): it
forwards both ways; cut, the far side (PostgreSQL, Redis) sees the
connection end at once while the runner's side hears nothing; healed, the
runner's side is closed and a new connection goes through again."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator

import pytest

from floorman.chaos.cutoff import PartitionRelay, through


class FarSide:
    """A server that accepts connections and keeps them, for the test to use."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.accepted: list[socket.socket] = []
        self.arrived = threading.Semaphore(0)
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            connection.settimeout(10)
            self.accepted.append(connection)
            self.arrived.release()

    def next(self) -> socket.socket:
        assert self.arrived.acquire(timeout=10), "no connection reached the far side"
        return self.accepted[-1]


@pytest.fixture()
def relayed() -> Iterator[tuple[FarSide, PartitionRelay]]:
    far = FarSide()
    relay = PartitionRelay("127.0.0.1", far.port)
    relay.start()
    try:
        yield far, relay
    finally:
        relay.stop()
        far.listener.close()
        for connection in far.accepted:
            connection.close()


def connect(relay: PartitionRelay) -> socket.socket:
    return socket.create_connection(("127.0.0.1", relay.port), timeout=10)


def ended(connection: socket.socket) -> bool:
    """The peer closed or reset it (read within the socket's timeout)."""
    try:
        return connection.recv(16) == b""
    except ConnectionResetError:
        return True


def test_a_relay_forwards_both_ways(relayed: tuple[FarSide, PartitionRelay]) -> None:
    far, relay = relayed
    near = connect(relay)
    near.sendall(b"ping")
    server_side = far.next()
    assert server_side.recv(16) == b"ping"
    server_side.sendall(b"pong")
    assert near.recv(16) == b"pong"
    near.close()


def test_cut_the_far_side_sees_the_end_the_near_side_nothing_until_healed(
    relayed: tuple[FarSide, PartitionRelay],
) -> None:
    far, relay = relayed
    near = connect(relay)
    near.sendall(b"hello")
    server_side = far.next()
    assert server_side.recv(16) == b"hello"
    relay.cut()
    assert ended(server_side)  # PostgreSQL drops the runner's leases with it
    near.settimeout(1.0)
    near.sendall(b"lost")  # into the partition: no answer, no reset
    with pytest.raises(TimeoutError):
        near.recv(16)
    relay.heal()
    near.settimeout(10)
    assert ended(near)  # the runner learns of it only now, and connects again
    again = connect(relay)
    again.sendall(b"back")
    assert far.next().recv(16) == b"back"
    again.close()


def test_a_url_through_a_relay_keeps_its_user_and_database(
    relayed: tuple[FarSide, PartitionRelay],
) -> None:
    _, relay = relayed
    url = "postgresql://floorman:secret@db.example:5432/floorman"
    assert through(url, relay) == f"postgresql://floorman:secret@127.0.0.1:{relay.port}/floorman"
    assert through("redis://10.0.0.7:6379/0", relay) == f"redis://127.0.0.1:{relay.port}/0"
