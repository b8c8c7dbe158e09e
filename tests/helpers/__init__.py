"""Helpers shared by the test modules: ``holdem`` and ``holdem_rules`` (hands
played through the engine), ``server`` and ``server_api`` (a live or
in-process server, its stored logs), ``tournament`` (seeded tournaments and
their invariants)."""
