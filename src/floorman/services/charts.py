"""The tournament's chip-count chart, as SVG: players left and the average
stack at the start of every level, and the chip leaders' stacks.  Drawn
with matplotlib's object API (a :class:`~matplotlib.figure.Figure` of its
own, which needs no display and no pyplot) in the request's language; it
may run in any thread."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from floorman.tournament.chip_history import ChipSample


def load_drawing() -> None:
    """Import what drawing needs (matplotlib's figure and SVG backend,
    babel's numbers): call it in a thread before serving.  Imported first
    inside a request's thread, their C extensions would hold the
    interpreter lock, and so the event loop, for a good part of a second."""
    import babel.numbers  # noqa: F401
    import matplotlib.backends.backend_svg
    import matplotlib.figure  # noqa: F401


def chip_chart_svg(
    samples: Sequence[ChipSample],
    words: Mapping[str, str],
    title: str,
    language: str = "en",
    now: ChipSample | None = None,
) -> str:
    """``words``: the chart's labels in the reader's language (the
    ``chart.*`` keys of the catalogue); ``language``: how its numbers are
    written (10 000 in nb, 10.000 in de, 10,000 in en); ``now``: a running
    tournament's field as it stands, where the players-left line ends."""
    from babel.numbers import format_decimal
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter

    # round(-0.04, 1) is -0.0, which would be written "-0"
    numbers = FuncFormatter(
        lambda value, _: format_decimal(round(value, 1) or 0.0, locale=language)
    )

    minutes = [s.at / 60 for s in samples]
    # the object API: a figure of its own, no pyplot state shared with the
    # other threads drawing (charts, the results PDF)
    figure = Figure(figsize=(9, 6), layout="constrained")
    field, stacks = figure.subplots(2, 1, sharex=True)
    field_samples = [*samples, *([now] if now is not None else [])]
    field.step(
        [s.at / 60 for s in field_samples],
        [s.players_left for s in field_samples],
        where="post",
        color="#1f6f43",
    )
    field.set_ylabel(words["chart.players_left"])
    field.set_ylim(bottom=0)
    field.grid(True, alpha=0.3)
    field.set_title(title)
    stacks.plot(
        minutes,
        [s.average_stack for s in samples],
        color="#444444",
        linestyle="--",
        label=words["chart.average_stack"],
    )
    leaders = {player: name for s in samples for player, name, _ in s.leaders}
    final = samples[-1].leaders if samples else ()
    shown = [player for player, _, _ in final] or list(leaders)[:3]
    for player in shown:
        points = [
            (m, chips)
            for m, s in zip(minutes, samples, strict=True)
            for p, _, chips in s.leaders
            if p == player
        ]
        if points:
            stacks.plot(*zip(*points, strict=True), marker="o", label=leaders[player])
    stacks.set_ylabel(words["chart.chips"])
    stacks.set_xlabel(words["chart.minutes"])
    stacks.set_ylim(bottom=0)
    # the first level alone is one point in time: the axis starts at the
    # start and spans a minute at least, not a tenth either side of 0
    stacks.set_xlim(left=0, right=max([1.0, *minutes]))
    stacks.grid(True, alpha=0.3)
    stacks.legend(loc="upper left", fontsize=8)
    for axis in (field.yaxis, stacks.yaxis, stacks.xaxis):
        axis.set_major_formatter(numbers)
    out = io.StringIO()
    figure.savefig(out, format="svg")
    return out.getvalue()


__all__ = ["chip_chart_svg", "load_drawing"]
