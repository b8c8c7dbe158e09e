"""floorman: poker tournaments dealt and ruled by the NM and German rulebooks."""

__version__ = "0.1.0"

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

#: Set (to anything but "" or "0") to run the pure-Python engine even where a
#: compiled build (scripts/build_engine.py) sits beside it: coverage and
#: doctests see only Python code, and a suspect build can be ruled out.
PURE_PYTHON_ENV = "FLOORMAN_PURE_PYTHON"


class _EngineSourceFirst:
    """Loads the engine's modules from their ``.py`` files, passing over the
    ``.so`` that the import system would otherwise prefer."""

    @staticmethod
    def find_spec(
        fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if path is None or not fullname.startswith("floorman.engine."):
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path:
            source = os.path.join(entry, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def _stale_build(engine: str) -> bool:
    """Whether a compiled module is older than its source: an edit not yet
    rebuilt.  The compiled modules call into each other directly, so one
    stale module sends the whole engine back to Python."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for entry in os.scandir(engine):
        if entry.name.endswith(suffix) and "__mypyc" not in entry.name:
            source = os.path.join(engine, entry.name.removesuffix(suffix) + ".py")
            if os.path.exists(source) and os.stat(source).st_mtime > entry.stat().st_mtime:
                return True
    return False


def engine_is_compiled() -> bool:
    """Whether the hold'em hand runs compiled (mypyc) in this process."""
    from floorman.engine import betting

    return not (betting.__file__ or "").endswith(".py")


if os.environ.get(PURE_PYTHON_ENV, "") not in ("", "0") or _stale_build(
    os.path.join(os.path.dirname(__file__), "engine")
):
    sys.meta_path.insert(0, _EngineSourceFirst())
