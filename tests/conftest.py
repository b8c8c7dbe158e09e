"""Shared test configuration.  The helpers are the package ``tests.helpers``
(``from tests.helpers.holdem import start``), importable because pytest puts
the repository root on the path (``pythonpath`` in pyproject.toml)."""
