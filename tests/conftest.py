"""The test helpers (``holdem_helpers``, ``server_helpers``, …) live beside
the tests; pytest imports test modules by path (``--import-mode=importlib``),
so their folder is put on the path once, here."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
