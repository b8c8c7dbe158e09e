"""Compile the hold'em engine's hot modules with mypyc, in place: each
``.so`` lands beside its ``.py``, which the import system then prefers
(issue 21).  Without a C compiler or the Python headers (a fresh Debian
needs ``apt-get install gcc python3-dev``) it says so and leaves the pure
Python engine, which stays complete.  ``--clean`` removes the built files.

Run with the venv's python: mypyc is the one inside its mypy."""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
BUILD = Path(__file__).resolve().parent.parent / "build" / "mypyc"
# What a hold'em hand runs through; the rest of the engine (draw, views, events,
# profile: introspected at run time) stays interpreted and imports these.
MODULES = [
    "floorman/engine/awarding.py",
    "floorman/engine/betting.py",
    "floorman/engine/cards.py",
    "floorman/engine/common.py",
    "floorman/engine/evaluator.py",
    "floorman/engine/hand_fields.py",
    "floorman/engine/holdem.py",
    "floorman/engine/limits.py",
    "floorman/engine/pots.py",
    "floorman/engine/seating.py",
    "floorman/engine/showdown.py",
]


def built_files() -> list[Path]:
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    return sorted((SRC / "floorman" / "engine").glob(f"*{suffix}"))


def clean() -> None:
    for path in built_files():
        path.unlink()
    shutil.rmtree(BUILD, ignore_errors=True)


def missing_toolchain() -> str | None:
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h)"
    return None


def main(argv: list[str]) -> int:
    clean()
    if "--clean" in argv:
        return 0
    problem = missing_toolchain()
    if problem is not None:
        print(
            f"engine not compiled: {problem}; the pure-Python engine runs "
            "(Debian: apt-get install gcc python3-dev)"
        )
        return 0
    from mypyc.build import mypycify
    from setuptools import setup

    os.chdir(SRC)
    # separate=True: mypyc's whole-program mode takes the compiled hands'
    # subclasses as final and then refuses the interpreted DrawHand.
    setup(
        name="floorman-engine",
        ext_modules=mypycify(MODULES, opt_level="3", separate=True, target_dir=str(BUILD / "c")),
        script_args=[
            "-q",
            "build_ext",
            "--inplace",
            "--build-temp",
            str(BUILD / "temp"),
            "--build-lib",
            str(BUILD / "lib"),
        ],
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
