"""One write path, one read side (issue 27 point 7): sockets and change
publishing are two interfaces (a runner's relay only publishes), and the
app is made for its deployment, which provides the lifespan, the views the
routes read and the command transport; nothing is patched after."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.middleware import Middleware

from floorman.cluster.relay import Relay
from floorman.cluster.web import ClusterWeb, Following, create_web_app
from floorman.server.app import create_app
from floorman.services import Floor
from floorman.services.broadcast import Broadcaster, Publisher, SocketHub, Subscriber
from floorman.services.commands import Command
from floorman.services.handler import Answer
from floorman.services.structures import StructureLibrary
from floorman.services.view import TournamentView
from floorman.storage import Store

PUBLISHING = ("broadcast_table", "broadcast_chat", "broadcast_summary", "committed")
SOCKETS = ("subscribers", "subscribe", "unsubscribe", "take_seat", "table_of")


def protocol_members(protocol: type) -> set[str]:
    return {
        name
        for name in vars(protocol)
        if not name.startswith("_") and name not in ("_is_protocol", "_is_runtime_protocol")
    }


def test_publishing_and_sockets_are_two_interfaces() -> None:
    assert protocol_members(Publisher) == set(PUBLISHING)
    assert protocol_members(SocketHub) == set(SOCKETS)


def test_a_runners_relay_only_publishes() -> None:
    """A runner has no sockets: its relay implements publishing and
    nothing it would have to refuse (it raised on subscribe before)."""
    for name in PUBLISHING:
        assert callable(getattr(Relay, name))
    for name in SOCKETS:
        assert not hasattr(Relay, name), f"Relay.{name}: a relay has no sockets"


def test_a_service_publishing_through_a_relay_keeps_its_own_socket_hub() -> None:
    """The service made with a runner's relay publishes there; subscribing
    is its own (empty) hub's, never a relay's refusal."""
    published: list[dict[str, Any]] = []
    floor = Floor(Store("sqlite://"), "secret", fanout=lambda s: Relay(s, "r1", published.append))
    service = floor.create(profile="nm-holdem", starting_stack=1000)
    assert isinstance(service.publisher, Relay)
    assert isinstance(service.sockets, Broadcaster)
    sub = service.subscribe(None, 1)
    assert isinstance(sub, Subscriber) and service.subscribers == {sub}
    service.unsubscribe(sub)
    assert not service.subscribers


class StubView:
    """A tournament as a deployment of this test's own serves it."""

    id = "t-stub"
    live = False

    def __init__(self) -> None:
        self.rulings: dict[str, str] = {}
        self.subscribers: set[Subscriber] = set()

    def summary(self) -> dict[str, Any]:
        return {"type": "tournament", "id": self.id, "name": "from the deployment"}


class StubFloor:
    def __init__(self) -> None:
        self.view = StubView()
        self.tournaments: Mapping[str, Any] = {self.view.id: self.view}
        self.structures = StructureLibrary(Store("sqlite://"))

    def get(self, tournament_id: str) -> TournamentView | None:
        return None

    def listed(self, *, archived: bool = False) -> Iterable[Any]:
        return [self.view]

    def is_director(self, token: str | None) -> bool:
        return token == "stub-director"


class StubDeployment:
    process = "stub-7"

    def __init__(self) -> None:
        self.served = False
        self.sent: list[Command] = []

    def middleware(self) -> Sequence[Middleware]:
        return ()

    @contextlib.asynccontextmanager
    async def serving(self, app: FastAPI) -> AsyncIterator[None]:
        app.state.floor = StubFloor()

        async def execute(command: Command) -> Answer:
            self.sent.append(command)
            return Answer(200, {"ok": True, "carried": command.kind})

        app.state.commands = execute
        self.served = True
        yield
        self.served = False


def test_the_app_is_made_for_the_deployment_it_is_given() -> None:
    """Its lifespan, its views and its command transport: the routes read
    what the deployment's floor lists and send commands to its transport."""
    deployment = StubDeployment()
    app = create_app(deployment=deployment)
    with TestClient(app) as client:
        assert deployment.served
        assert client.get("/health").json()["process"] == "stub-7"
        listed = client.get("/api/tournaments").json()
        assert [t["name"] for t in listed] == ["from the deployment"]
        answer = client.post(
            "/api/tournaments/t-stub/pause", headers={"Authorization": "Bearer stub-director"}
        )
        assert answer.status_code == 200 and answer.json()["carried"] == "pause"
        assert [c.kind for c in deployment.sent] == ["pause"]
    assert not deployment.served


def test_the_cluster_web_app_is_composed_not_patched() -> None:
    """A web process's app: the server's create_app with a ClusterWeb,
    whose Following middleware is the innermost, and whose lifespan is the
    app's own, the deployment's serving inside it."""
    deployment = ClusterWeb("sqlite://", "redis://127.0.0.1:1/0", "secret")
    app = create_app(deployment=deployment)
    assert app.state.process == deployment.process and deployment.process.startswith("web-")
    assert app.user_middleware[-1].cls is Following
    web = create_web_app("sqlite://", "redis://127.0.0.1:1/0", "secret")
    assert web.user_middleware[-1].cls is Following
