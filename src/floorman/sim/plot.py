"""The plot of a simulated tournament: players left against time.

A director plans how long an event runs from it: the structure simulated
(levels, breaks, starting stack) with the time each hand takes.  Drawn with
matplotlib (its Agg back end: no display needed), written as SVG, PNG or
PDF by the file's suffix.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path

from floorman.sim.simulate import TimelinePoint

FORMATS = (".svg", ".png", ".pdf")


def plot_players_left(
    timeline: Sequence[TimelinePoint], path: Path, *, title: str, level_seconds: Sequence[int] = ()
) -> None:
    """Write the plot of ``timeline`` to ``path``.  ``level_seconds`` (the
    structure's level lengths, breaks included) marks where levels begin."""
    if path.suffix.lower() not in FORMATS:
        raise ValueError(f"cannot plot to {path.name}: the file must end in {', '.join(FORMATS)}")
    import matplotlib

    matplotlib.use("Agg")  # no display: a file only
    from matplotlib import pyplot

    hours = [point.seconds / 3600 for point in timeline]
    left = [point.players_left for point in timeline]
    figure, axes = pyplot.subplots(figsize=(9, 4.8), layout="constrained")
    try:
        axes.step(hours, left, where="post", color="#1f6f43", linewidth=1.8, label="players left")
        end = hours[-1] if hours else 0.0
        start = 0.0
        for k, seconds in enumerate(level_seconds):
            if start > end:
                break
            axes.axvline(start, color="#999999", linewidth=0.5, linestyle=":")
            if k < 40:
                axes.annotate(
                    str(k + 1), (start, 1), xytext=(2, 2), textcoords="offset points", fontsize=6
                )
            start += seconds / 3600
        for point, following in itertools.pairwise(timeline):
            if point.on_break:
                axes.axvspan(
                    point.seconds / 3600, following.seconds / 3600, color="#f2c14e", alpha=0.3
                )
        axes.set_xlabel("hours played (simulated)")
        axes.set_ylabel("players left")
        axes.set_title(title)
        axes.set_xlim(left=0)
        axes.set_ylim(bottom=0)
        axes.grid(True, alpha=0.3)
        figure.savefig(path)
    finally:
        pyplot.close(figure)


__all__ = ["FORMATS", "plot_players_left"]
