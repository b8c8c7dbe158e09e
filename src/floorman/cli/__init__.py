"""The ``floorman`` command line (typer + rich)."""

from floorman.cli.app import app


def main() -> None:
    app()
