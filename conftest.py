"""The repository's own pytest configuration, loaded whatever paths a run
names (a plugin named in a deeper conftest is refused then): the ``clause``
marker's plugin, tests/helpers/clause_plugin.py (``--clause-report=PATH``),
and ``pytester``, which drives that plugin's tests."""

pytest_plugins = ("tests.helpers.clause_plugin", "pytester")
