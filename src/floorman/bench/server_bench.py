"""``floorman bench server``: N websocket players against ``floorman
serve``, measured as a player feels it, on one process and on the
multi-process deployment side by side.

For each client count and each deployment asked (``single``: one process on
SQLite; ``cluster``: ``--workers`` web processes and ``--runners`` runners
on PostgreSQL and Redis, :mod:`floorman.bench.server_bench_deploy`), in one
run: a fresh server, a hold'em tournament that cannot end during the
measurement (big stacks, day-long levels), N players registered over HTTP
and connected over websockets, then play.  Each client acts on its turn
(check if free, else call, sometimes fold) and times the action from its
send to the first table frame that reflects it (a new line in the hand log
or a new hand).  Only what happens inside the measured window, after a
warm-up, counts.

With ``spectators`` K, each of those runs is made twice: without spectators
and with K spectator sockets watching table 1 that read every frame, so the
table shows what they cost the players.

The clients are spread over several processes so one Python event loop is
not the bottleneck being measured (the spectators have processes of their
own); their CPU and their event-loop lag are reported beside the server's,
because on a small machine they share the cores with the server.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
import resource
import sys
import time
from array import array
from collections import Counter
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from floorman.bench.server_bench_clients import CONNECT_CONCURRENCY, worker_main
from floorman.bench.server_bench_deploy import (
    ClusterSettings,
    DeploymentUnavailable,
    Sampler,
    ServerProcess,
    cpu_seconds,
    machine_busy,
    peak_rss_mib,
    role_order,
)

#: a stack no one can lose in a measurement where nobody raises
STARTING_STACK = 10_000_000
#: one level lasts a day: the blinds never move during a run
LEVEL_SECONDS = 24 * 3600
CLIENTS_PER_PROCESS = 250
MAX_CLIENT_PROCESSES = 8
SPECTATORS_PER_PROCESS = 500
MAX_SPECTATOR_PROCESSES = 4
#: the server's own per-address spectator cap (ws.SocketLimits), and room
#: above the bench's spectators for anything else watching
DEFAULT_SPECTATORS_PER_ADDRESS = 20
SPECTATOR_TABLE = 1


@dataclass
class Settings:
    clients: list[int]
    think_ms: int = 0
    warmup_s: float = 5.0
    seconds: float = 20.0
    #: instead of ``seconds``: measure until every client has been dealt this many hands
    hands_per_client: int | None = None
    #: the longest a hands-per-client measurement may take
    max_seconds: float = 600.0
    client_processes: int | None = None  # None: one per CLIENTS_PER_PROCESS clients
    fold_percent: float = 10.0
    between_hands_s: float = 0.0
    compression: bool = False  # permessage-deflate: the server's default is off
    seed: int = 1
    #: run each server under cProfile, writing ``<this>-<clients>.prof`` (skews the figures)
    profile_server: str | None = None
    deployments: list[str] = field(default_factory=lambda: ["single"])
    cluster: ClusterSettings | None = None
    #: spectator sockets on table 1 (each run is then also made without them)
    spectators: int = 0


@dataclass
class RunResult:
    clients: int
    connected: int
    client_processes: int
    window_s: float
    #: actions taken: sent in the window and shown by a later frame
    actions: int
    actions_sent: int
    actions_per_second: float
    latency_ms: dict[str, float]
    latency_samples: int
    frames: int
    frames_per_second: float
    frame_mib_per_second: float
    #: errors and closes count over the whole run, warm-up included
    errors: int
    error_messages: dict[str, int]
    closed_unexpectedly: int
    close_codes: dict[str, int]
    #: the sum over the server's processes (one in ``single``)
    server_cpu_percent: float
    #: of the window, the time the server's event loops were ready but had no core (sum)
    server_wait_percent: float
    server_peak_rss_mib: float
    client_cpu_percent: float
    client_peak_rss_mib: float
    client_loop_lag_p99_ms: float
    machine_cpu_percent: float
    server_exit: int | None = None
    notes: list[str] = field(default_factory=list)
    deployment: str = "single"
    #: each server process: role ("serve"; "supervisor", "web 1", "runner 1"…), pid,
    #: cpu_percent, wait_percent, peak_rss_mib
    processes: list[dict[str, Any]] = field(default_factory=list)
    #: PostgreSQL and Redis working for the cluster, where they run on this machine
    services: list[dict[str, Any]] = field(default_factory=list)
    spectators: int = 0
    spectators_connected: int = 0
    spectator_frames_per_second: float = 0.0
    spectator_mib_per_second: float = 0.0
    spectator_client_cpu_percent: float = 0.0
    spectators_closed: int = 0


def percentile(ordered: list[float], q: float) -> float:
    """Nearest-rank percentile of a sorted list (0 for none)."""
    if not ordered:
        return 0.0
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def tournament_body(clients: int, between_hands_s: float) -> dict[str, Any]:
    return {
        "profile": "nm-holdem",
        "name": f"bench {clients} clients",
        "bots": 0,
        "table_size": 10,
        "starting_stack": STARTING_STACK,
        "level_seconds": LEVEL_SECONDS,
        "action_delay_ms": 0,
        "between_hands_s": between_hands_s,
    }


def register_players(server: ServerProcess, tournament: str, count: int) -> list[str]:
    """Over a few kept-alive connections at once: in the cluster each
    registration goes to the runner and back, one at a time would take long."""
    import http.client
    import json
    from concurrent.futures import ThreadPoolExecutor

    def register(ks: range) -> list[str]:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        headers = {"Authorization": f"Bearer {server.token}", "Content-Type": "application/json"}
        tokens = []
        try:
            for k in ks:
                body = json.dumps({"name": f"Bench {k + 1:04d}"})
                # In the cluster the web process asked may not have folded the
                # tournament's creation in yet (it comes over the stream): a
                # 404 just after creation is worth another try, for a while.
                unknown_until = time.monotonic() + 30
                while True:
                    path = f"/api/tournaments/{tournament}/register"
                    connection.request("POST", path, body, headers)
                    response = connection.getresponse()
                    raw = response.read()
                    if response.status != 404 or time.monotonic() > unknown_until:
                        break
                    time.sleep(0.1)
                if response.status != 200:
                    raise RuntimeError(f"registration answered {response.status}: {raw[:300]!r}")
                tokens.append(str(json.loads(raw)["token"]))
        finally:
            connection.close()
        return tokens

    lanes = 8
    with ThreadPoolExecutor(lanes) as pool:
        parts = list(pool.map(register, [range(k, count, lanes) for k in range(lanes)]))
    return [token for part in parts for token in part]


# ---------------------------------------------------------------- one run


def unpack(raw: bytes) -> array[float]:
    values = array("d")
    values.frombytes(raw)
    return values


def in_window(times: array[float], start: float, end: float) -> list[int]:
    return [k for k, t in enumerate(times) if start <= t < end]


def process_count(settings: Settings, clients: int) -> int:
    if settings.client_processes is not None:
        return max(1, min(settings.client_processes, clients))
    return max(1, min(MAX_CLIENT_PROCESSES, math.ceil(clients / CLIENTS_PER_PROCESS)))


def spectator_process_count(spectators: int) -> int:
    if spectators <= 0:
        return 0
    return max(1, min(MAX_SPECTATOR_PROCESSES, math.ceil(spectators / SPECTATORS_PER_PROCESS)))


Workers = list[tuple[multiprocessing.process.BaseProcess, Connection]]


def start_workers(specs: list[dict[str, Any]]) -> Workers:
    context = multiprocessing.get_context("spawn")
    workers: Workers = []
    for spec in specs:
        mine, theirs = context.Pipe()
        child = context.Process(target=worker_main, args=(spec, theirs), daemon=True)
        child.start()
        theirs.close()
        workers.append((child, mine))
    return workers


def run_one(
    settings: Settings,
    clients: int,
    say: Any = print,
    deployment: str = "single",
    spectators: int = 0,
) -> RunResult:
    """One client count against its own fresh server."""
    label = f"{clients} · {deployment}" + (f" · {spectators} spectators" if spectators else "")
    profile = f"{settings.profile_server}-{clients}.prof" if settings.profile_server else None
    cluster = settings.cluster if deployment == "cluster" else None
    if deployment == "cluster" and cluster is None:
        raise DeploymentUnavailable("the cluster needs --postgres-url and --redis-url")
    per_address = max(DEFAULT_SPECTATORS_PER_ADDRESS, spectators + DEFAULT_SPECTATORS_PER_ADDRESS)
    server = ServerProcess(
        profile, cluster, per_address if spectators else None, compression=settings.compression
    )
    workers: Workers = []
    notes: list[str] = []
    try:
        server.wait_healthy()
        tournament = server.call(
            "POST",
            "/api/tournaments",
            tournament_body(clients, settings.between_hands_s),
            retry_s=60,
        )["id"]
        say(f"[{label}] server pid {server.pid} on port {server.port}; registering {clients}")
        tokens = register_players(server, tournament, clients)
        count = process_count(settings, clients)
        watchers = spectator_process_count(spectators)
        url = f"ws://127.0.0.1:{server.port}/ws/tournaments/{tournament}"
        common = {
            "url": url,
            "think_ms": settings.think_ms,
            "fold_percent": settings.fold_percent,
            "compression": settings.compression,
            "concurrency": max(1, CONNECT_CONCURRENCY // (count + watchers)),
            "spectator_url": f"{url}?table={SPECTATOR_TABLE}",
        }
        specs = [
            {
                **common,
                "tokens": tokens[k::count],
                "spectators": 0,
                "seed": settings.seed * 1000 + k,
            }
            for k in range(count)
        ]
        specs += [
            {
                **common,
                "tokens": [],
                "spectators": len(range(k, spectators, watchers)),
                "seed": settings.seed * 1000 + count + k,
            }
            for k in range(watchers)
        ]
        workers = start_workers(specs)
        connected = watching = 0
        for k, (process, conn) in enumerate(workers):
            if not conn.poll(240):
                raise RuntimeError(f"client process {process.pid} did not connect its sockets")
            _, ok, failures = conn.recv()
            if k < count:
                connected += ok
            else:
                watching += ok
            if failures:
                notes.append(f"connect failures: {failures}")
        if connected == 0:
            raise RuntimeError(f"no websocket connected: {notes}")
        say(
            f"[{label}] {connected} players over {count} client processes"
            + (f", {watching} spectators over {watchers}" if spectators else "")
            + "; start"
        )
        server.call("POST", f"/api/tournaments/{tournament}/start", retry_s=30)
        start = time.monotonic() + settings.warmup_s
        for _, conn in workers:
            conn.send(("go", start, settings.hands_per_client))
        clients_pids = [p.pid for p, _ in workers if p.pid is not None]
        time.sleep(max(0.0, start - time.monotonic()))
        server_side = Sampler(server.processes())
        services = Sampler(server.services())
        client_cpu_before = [cpu_seconds(pid) for pid in [*clients_pids, os.getpid()]]
        busy_before = machine_busy()
        start = time.monotonic()
        end = wait_for_end(settings, start, workers[:count], server)
        window = end - start
        client_cpu = [
            (cpu_seconds(pid) - before) / window * 100
            for pid, before in zip([*clients_pids, os.getpid()], client_cpu_before, strict=True)
        ]
        busy_after = machine_busy()
        processes, changes = server_side.finish(window, server.processes())
        service_figures, _ = services.finish(window, server.services())
        notes += changes
        client_rss = [peak_rss_mib(pid) for pid in [*clients_pids, os.getpid()]]
        for _, conn in workers:
            conn.send(("stop",))
        reports = []
        for process, conn in workers:
            if conn.poll(60):
                reports.append(conn.recv()[1])
            else:
                notes.append(f"client process {process.pid} sent no figures")
        total = busy_after[1] - busy_before[1]
        machine = (busy_after[0] - busy_before[0]) / total * 100 * (os.cpu_count() or 1)
        result = summarise(
            clients,
            connected,
            count,
            start,
            end,
            reports,
            server_cpu=sum(p["cpu_percent"] for p in processes),
            server_wait=sum(p["wait_percent"] for p in processes),
            server_rss=sum(p["peak_rss_mib"] for p in processes),
            client_cpu=sum(client_cpu[:count]) + client_cpu[-1],
            client_rss=sum(client_rss[:count]) + client_rss[-1],
            machine_cpu=machine if total > 0 else 0.0,
            notes=notes,
            server_exit=server.proc.poll(),
            spectators=spectators,
            spectators_connected=watching,
            spectator_cpu=sum(client_cpu[count:-1]),
        )
        result.deployment = deployment
        result.processes = processes
        result.services = merge_services(service_figures)
        return result
    finally:
        for process, conn in workers:
            if process.is_alive():  # not told to stop yet (an error, Ctrl-C)
                with contextlib.suppress(OSError):
                    conn.send(("stop",))
        for process, conn in workers:
            process.join(timeout=15)
            if process.is_alive():
                process.kill()
                process.join(timeout=5)
            conn.close()
        server.stop()


def merge_services(figures: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One line per service: its processes' CPU summed (PostgreSQL runs a
    backend per connection; their shared memory makes an RSS sum meaningless)."""
    merged: dict[str, dict[str, Any]] = {}
    for figure in figures:
        name = figure["role"]
        line = merged.setdefault(name, {"service": name, "processes": 0, "cpu_percent": 0.0})
        line["processes"] += 1
        line["cpu_percent"] += figure["cpu_percent"]
    return list(merged.values())


def wait_for_end(
    settings: Settings,
    start: float,
    workers: list[tuple[multiprocessing.process.BaseProcess, Connection]],
    server: ServerProcess,
) -> float:
    """The end of the measured window: after ``seconds``, or once every
    client process says each of its players was dealt enough hands."""
    if settings.hands_per_client is None:
        time.sleep(settings.seconds)
        return time.monotonic()
    deadline = start + settings.max_seconds
    waiting = {id(conn): conn for _, conn in workers}
    while waiting and time.monotonic() < deadline:
        if server.proc.poll() is not None:
            break
        for key, conn in list(waiting.items()):
            if conn.poll(0.05):
                conn.recv()
                del waiting[key]
    return time.monotonic()


def summarise(
    clients: int,
    connected: int,
    processes: int,
    start: float,
    end: float,
    reports: list[dict[str, Any]],
    *,
    server_cpu: float,
    server_wait: float,
    server_rss: float,
    client_cpu: float,
    client_rss: float,
    machine_cpu: float,
    notes: list[str],
    server_exit: int | None,
    spectators: int = 0,
    spectators_connected: int = 0,
    spectator_cpu: float = 0.0,
) -> RunResult:
    window = max(end - start, 1e-9)
    watched = watched_bytes = watchers_closed = 0
    latencies: list[float] = []
    lags: list[float] = []
    sent_count = frames = errors = 0
    frame_bytes = 0.0
    messages: Counter[str] = Counter()
    closes: Counter[str] = Counter()
    for report in reports:
        sent_count += len(in_window(unpack(report["action_times"]), start, end))
        times = unpack(report["frame_times"])
        sizes = unpack(report["frame_bytes"])
        counted = in_window(times, start, end)
        frames += len(counted)
        frame_bytes += sum(sizes[k] for k in counted)
        sent = unpack(report["latency_sent"])
        millis = unpack(report["latency_ms"])
        latencies.extend(millis[k] for k in in_window(sent, start, end))
        lag_values = unpack(report["lag_ms"])
        lags.extend(lag_values[k] for k in in_window(unpack(report["lag_times"]), start, end))
        errors += len(unpack(report["error_times"]))
        messages.update(report["error_messages"])
        closes.update(reason for _, reason in report["closes"])
        watched_times = unpack(report.get("spectator_frame_times", b""))
        watched_sizes = unpack(report.get("spectator_frame_bytes", b""))
        counted = in_window(watched_times, start, end)
        watched += len(counted)
        watched_bytes += int(sum(watched_sizes[k] for k in counted))
        watchers_closed += len(report.get("spectator_closes", ()))
    latencies.sort()
    lags.sort()
    actions = len(latencies)
    return RunResult(
        clients=clients,
        connected=connected,
        client_processes=processes,
        window_s=round(window, 3),
        actions=actions,
        actions_sent=sent_count,
        actions_per_second=actions / window,
        latency_ms={
            "p50": percentile(latencies, 50),
            "p95": percentile(latencies, 95),
            "p99": percentile(latencies, 99),
            "max": latencies[-1] if latencies else 0.0,
        },
        latency_samples=len(latencies),
        frames=frames,
        frames_per_second=frames / window,
        frame_mib_per_second=frame_bytes / window / 2**20,
        errors=errors,
        error_messages=dict(messages.most_common(5)),
        closed_unexpectedly=sum(closes.values()),
        close_codes=dict(closes),
        server_cpu_percent=server_cpu,
        server_wait_percent=server_wait,
        server_peak_rss_mib=server_rss,
        client_cpu_percent=client_cpu,
        client_peak_rss_mib=client_rss,
        client_loop_lag_p99_ms=percentile(lags, 99),
        machine_cpu_percent=machine_cpu,
        server_exit=server_exit,
        notes=notes,
        spectators=spectators,
        spectators_connected=spectators_connected,
        spectator_frames_per_second=watched / window,
        spectator_mib_per_second=watched_bytes / window / 2**20,
        spectator_client_cpu_percent=spectator_cpu,
        spectators_closed=watchers_closed,
    )


# ---------------------------------------------------------------- the whole bench


def raise_open_files() -> None:
    """Every socket is a file on both sides: lift the soft limit to the hard
    one (the server and client processes inherit it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


DESCRIPTIONS = {
    "single": "one floorman serve process, embedded SQLite",
    "cluster": "floorman serve --workers {workers} --runners {runners}: PostgreSQL + Redis",
}


def describe(settings: Settings) -> dict[str, str]:
    cluster = settings.cluster or ClusterSettings("", "")
    return {
        name: DESCRIPTIONS[name].format(workers=cluster.workers, runners=cluster.runners)
        for name in settings.deployments
    }


def shown_settings(settings: Settings) -> dict[str, Any]:
    """The settings for the JSON file, a database password hidden."""
    from sqlalchemy.engine import make_url

    shown = asdict(settings)
    if settings.cluster is not None:
        shown["cluster"]["postgres_url"] = make_url(
            settings.cluster.postgres_url
        ).render_as_string()
    return shown


def run(settings: Settings, say: Any = print) -> dict[str, Any]:
    """Every client count, with and without spectators where asked, on every
    deployment; a deployment that cannot be started stops the whole bench
    (DeploymentUnavailable) rather than leave its column empty."""
    raise_open_files()
    watching = [0, settings.spectators] if settings.spectators else [0]
    runs = [
        run_one(settings, n, say, deployment, k)
        for n in settings.clients
        for k in watching
        for deployment in settings.deployments
    ]
    described = describe(settings)
    return {
        "bench": "server",
        "command": " ".join(["floorman", *sys.argv[1:]]),
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "deployment": " | ".join(described.values()),
        "deployments": described,
        "machine": {
            "cpus": os.cpu_count(),
            "note": "the bench's client processes run on the same machine as the server"
            " and share its cores; CPU % is of one core",
        },
        "settings": shown_settings(settings),
        "runs": [asdict(r) for r in runs],
    }


def column(r: dict[str, Any]) -> str:
    text = f"{r['clients']:,} · {r['deployment']}"
    return text + (f" · {r['spectators']:,} spect." if r["spectators"] else "")


def process_roles(runs: list[dict[str, Any]]) -> list[str]:
    roles: list[str] = []
    for r in runs:
        for figure in r["processes"]:
            if figure["role"] not in roles:
                roles.append(figure["role"])
    return sorted(roles, key=role_order)


def by_role(r: dict[str, Any], role: str, key: str, form: str) -> str:
    values = [f[key] for f in r["processes"] if f["role"] == role]
    return format(sum(values), form) if values else "–"


def by_service(r: dict[str, Any], name: str) -> str:
    values = [f"{s['cpu_percent']:.0f}" for s in r["services"] if s["service"] == name]
    return values[0] if values else "–"


def print_report(result: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    runs = result["runs"]
    s = result["settings"]
    measured = (
        f"until each client was dealt {s['hands_per_client']} hands"
        if s["hands_per_client"]
        else f"{s['seconds']:g} s"
    )
    described = result.get("deployments") or {"single": result["deployment"]}
    table = Table(
        title="floorman bench server: "
        + "; ".join(f"{name} = {text}" for name, text in described.items()),
        caption=(
            f"warm-up {s['warmup_s']:g} s, measured {measured}, think {s['think_ms']} ms,"
            f" fold {s['fold_percent']:g} % facing a bet,"
            f" compression {'on' if s['compression'] else 'off'}.\n"
            f"The bench clients share this {result['machine']['cpus']}-core machine with the"
            " server; CPU % is of one core."
            + (
                "  PostgreSQL and Redis are not in the server sum."
                if "cluster" in described
                else ""
            )
        ),
    )
    table.add_column("")
    for r in runs:
        table.add_column(column(r), justify="right")
    rows: list[tuple[str, Any]] = [
        ("connected sockets", lambda r: f"{r['connected']:,}"),
        ("actions / s", lambda r: f"{r['actions_per_second']:,.1f}"),
        ("action → next frame p50 ms", lambda r: f"{r['latency_ms']['p50']:.1f}"),
        ("p95 ms", lambda r: f"{r['latency_ms']['p95']:.1f}"),
        ("p99 ms", lambda r: f"{r['latency_ms']['p99']:.1f}"),
        ("max ms", lambda r: f"{r['latency_ms']['max']:.1f}"),
        ("frames / s", lambda r: f"{r['frames_per_second']:,.0f}"),
        ("frame MiB / s", lambda r: f"{r['frame_mib_per_second']:.2f}"),
    ]
    if any(r["spectators"] for r in runs):
        rows += [
            ("spectators connected", lambda r: f"{r['spectators_connected']:,}"),
            ("spectator frames / s (all)", lambda r: f"{r['spectator_frames_per_second']:,.0f}"),
            ("spectator MiB / s (all)", lambda r: f"{r['spectator_mib_per_second']:.2f}"),
            ("spectator clients CPU %", lambda r: f"{r['spectator_client_cpu_percent']:.0f}"),
            ("spectators closed", lambda r: str(r["spectators_closed"])),
        ]
    rows.append(("server CPU % (sum)", lambda r: f"{r['server_cpu_percent']:.0f}"))
    roles = process_roles(runs)
    for role in roles:
        rows.append(
            (f"  {role} CPU %", lambda r, role=role: by_role(r, role, "cpu_percent", ".0f"))
        )
    rows.append(("server waiting for a core % (sum)", lambda r: f"{r['server_wait_percent']:.0f}"))
    rows.append(("server peak RSS MiB (sum)", lambda r: f"{r['server_peak_rss_mib']:.0f}"))
    for role in roles:
        rows.append(
            (f"  {role} peak RSS MiB", lambda r, role=role: by_role(r, role, "peak_rss_mib", ".0f"))
        )
    if any(r["services"] for r in runs) or "cluster" in described:
        rows += [
            ("PostgreSQL backends CPU %", lambda r: by_service(r, "postgres")),
            ("redis-server CPU %", lambda r: by_service(r, "redis")),
        ]
    rows += [
        ("client processes", lambda r: str(r["client_processes"])),
        ("clients CPU % (sum)", lambda r: f"{r['client_cpu_percent']:.0f}"),
        ("clients peak RSS MiB (sum)", lambda r: f"{r['client_peak_rss_mib']:.0f}"),
        ("client loop lag p99 ms", lambda r: f"{r['client_loop_lag_p99_ms']:.1f}"),
        ("machine CPU % (all)", lambda r: f"{r['machine_cpu_percent']:.0f}"),
        ("error frames", lambda r: str(r["errors"])),
        ("sockets closed unexpectedly", lambda r: str(r["closed_unexpectedly"])),
    ]
    for name, cell in rows:
        table.add_row(name, *(cell(r) for r in runs))
    console = Console(width=max(120, 40 + 30 * len(runs)))
    console.print(table)
    for r in runs:
        for text in r["notes"]:
            console.print(f"[{column(r)}] {text}")
        if r["error_messages"]:
            console.print(f"[{column(r)}] error frames: {r['error_messages']}")
        if r["close_codes"]:
            console.print(f"[{column(r)}] closes: {r['close_codes']}")
        if r["server_exit"] is not None:
            console.print(f"[{column(r)}] the server exited early ({r['server_exit']})")
