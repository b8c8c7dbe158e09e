"""A wheel a user installs (issue 28, point 2): ``python -m build`` makes an
sdist and, from it, a wheel holding every data file of the package; the
wheel goes into an empty virtual environment without the dev extras, and
``floorman simulate`` and ``floorman serve`` run from there.

The dependencies come from a wheelhouse (``pip download``, kept between
runs in the temporary directory) and are installed with ``--no-index``,
without compiling their bytecode: the slow part of a plain ``pip install``
on the shared machine."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import httpx
import pytest

from tests.helpers.server import free_port, serving

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "src" / "floorman"
WHEELHOUSE = Path(tempfile.gettempdir()) / "floorman-wheelhouse"
#: what the build and the fresh environment must not see of this checkout
NOT_SHIPPED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", ".mypy_cache")


def run(command: list[str | Path], *, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=400,
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def data_files() -> set[str]:
    """Every file of the package that is not Python source, as the wheel names it."""
    return {
        str(path.relative_to(PACKAGE.parent))
        for path in PACKAGE.rglob("*")
        if path.is_file()
        and path.suffix not in (".py", ".pyc", ".so")
        and "__pycache__" not in path.parts
        and ".mypy_cache" not in path.parts
    }


def test_the_wheel_installs_into_an_empty_venv_and_serves(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, project / name)
    shutil.copytree(PACKAGE, project / "src" / "floorman", ignore=NOT_SHIPPED)
    dist = tmp_path / "dist"
    # the sdist first, the wheel built from it: both carry the data files
    run([sys.executable, "-m", "build", "--no-isolation", "--outdir", dist, project], cwd=tmp_path)
    sdists = sorted(dist.glob("floorman-*.tar.gz"))
    wheels = sorted(dist.glob("floorman-*-py3-none-any.whl"))
    assert len(sdists) == 1 and len(wheels) == 1, sorted(p.name for p in dist.iterdir())
    wheel = wheels[0]
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    assert data_files() - shipped == set()  # static files, catalogues, profiles, migrations, …
    assert "floorman/rules/registry.toml" in shipped
    assert any(name.startswith("floorman/storage/migrations/versions/") for name in shipped)

    venv = tmp_path / "venv"
    # no pip inside: this environment's pip installs into it (--python), as
    # quick as a venv gets on the shared machine
    run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=tmp_path)
    bin_dir = venv / "bin"
    # the user's environment: this checkout's sources and tools out of sight
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    install = [
        *(sys.executable, "-m", "pip", "--python", bin_dir / "python", "install", "--quiet"),
        *("--no-compile", "--no-index", "--find-links", WHEELHOUSE, wheel),
    ]
    try:
        run(install, cwd=tmp_path, env=env)
    except AssertionError:  # the wheelhouse lacks a dependency (the first run, a new pin)
        # a floorman wheel left there by an earlier run has the same name as
        # this one, and pip download would reuse it ("already downloaded"),
        # with that run's dependencies: the wheelhouse holds dependencies only
        for stale in WHEELHOUSE.glob("floorman-*"):
            stale.unlink()
        download = [sys.executable, "-m", "pip", "download", "--quiet", "--dest", WHEELHOUSE]
        run([*download, wheel], cwd=tmp_path, env=env)
        (WHEELHOUSE / wheel.name).unlink(missing_ok=True)
        run(install, cwd=tmp_path, env=env)
    where = run(
        [
            bin_dir / "python",
            "-c",
            "import floorman, importlib.util as u; "
            "print(floorman.__file__); print(u.find_spec('pytest') is None)",
        ],
        cwd=tmp_path,
        env=env,
    ).split()
    assert where[0].startswith(str(venv)), where  # the installed package, not this checkout
    assert where[1] == "True"  # no dev extras

    simulated = run(
        [
            bin_dir / "floorman",
            "simulate",
            "--profile",
            "nm-holdem",
            *("--players", "20", "--seed", "1"),
        ],
        cwd=tmp_path,
        env=env,
    )
    assert "winner:" in simulated

    port = free_port()
    served_env: dict[str, str | None] = {
        "PYTHONPATH": None,
        "VIRTUAL_ENV": None,
        "FLOORMAN_DATA_DIR": str(tmp_path / "data"),
        "FLOORMAN_DIRECTOR_TOKEN": None,
        "FLOORMAN_DATABASE_URL": None,
    }
    command = [str(bin_dir / "floorman"), "serve", "--port", str(port)]
    with serving(command, served_env, tmp_path, port) as server:
        health = server.wait_healthy(60)
        assert health["status"] == "ok"
        with httpx.Client(base_url=server.url, timeout=10) as http:
            assert http.get("/ready").json()["checks"] == {"database": "ok"}  # migrated
            lobby = http.get("/", params={"lang": "nb"})
            assert lobby.status_code == 200 and 'id="i18n-catalogue"' in lobby.text
            assert http.get("/static/js/i18n.js").status_code == 200
            profiles = {p["name"] for p in http.get("/api/profiles").json()}
            assert {"nm-draw", "nm-holdem", "de-holdem"} <= profiles
            rules = http.get("/api/rules/NM-D-2D")
            assert rules.status_code == 200, rules.text
        assert server.stop() == 0
