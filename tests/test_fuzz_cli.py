"""``floorman fuzz hands``: random hands of both games, a summary, and exit
code 1 with the seed and hand of every failure."""

from __future__ import annotations

import re
from typing import Any

import pytest
from typer.testing import CliRunner

from floorman.engine.events import Called
from floorman.engine.holdem import HoldemHand
from floorman.sim import fuzz

runner = CliRunner()


def fuzz_hands(*args: str) -> Any:
    from floorman.cli.app import app

    return runner.invoke(app, ["fuzz", "hands", *args])


def figure(output: str, label: str) -> int:
    found = re.search(rf"^{label}: (\d+)$", output, re.M)
    assert found, (label, output)
    return int(found.group(1))


def test_300_hands_of_both_games_pass() -> None:
    result = fuzz_hands("--hands", "300", "--seed", "4")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "seed: 4, hands 0 to 299" in out
    assert figure(out, "holdem hands") == 150 and figure(out, "draw hands") == 150
    assert figure(out, "legal moves") > 1500  # about 9 a hand
    assert figure(out, "illegal moves refused") > 300
    assert figure(out, "failures") == 0 and "FAILED" not in out
    assert re.search(r"^elapsed: \d+\.\d s$", out, re.M)


def test_a_broken_invariant_fails_the_run_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A call that creates a chip: every hold'em hand with a call fails
    conservation, and each failure says how to play it again."""
    original = HoldemHand.appliers[Called]

    def leaky(hand: Any, event: Any) -> None:
        original(hand, event)
        hand.stacks[0] += 1

    monkeypatch.setitem(HoldemHand.appliers, Called, leaky)
    result = fuzz_hands("--hands", "60", "--seed", "9")
    assert result.exit_code == 1, result.output
    out = result.stdout
    failed = figure(out, "failures")
    assert 0 < failed <= 30  # hold'em hands only: every other hand
    first = re.search(r"FAILED hand (\d+) \((nm|de)-holdem\), seed 9: InvariantBroken: after", out)
    assert first, out
    assert "chips at the table" in out
    hand = first.group(1)
    assert f"--seed 9 --start {hand} --hands 1" in out
    # and that command fails on that one hand
    again = fuzz_hands("--hands", "1", "--seed", "9", "--start", hand)
    assert again.exit_code == 1 and figure(again.stdout, "failures") == 1


def test_an_unexpected_exception_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(profile: Any, rng: Any) -> tuple[int, int]:
        raise KeyError("boom")

    monkeypatch.setattr(fuzz, "play_hand", crash)
    result = fuzz_hands("--hands", "4", "--seed", "1")
    assert result.exit_code == 1
    assert figure(result.stdout, "failures") == 4
    assert "KeyError: 'boom'" in result.stdout
