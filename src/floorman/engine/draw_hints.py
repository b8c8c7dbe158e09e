"""The hints a draw seat reads about its face-down cards after the draw
(NM-D-2E, NM-D-2F, OQ-19): what looking, calling or betting unseen means
for it now."""

from __future__ import annotations

from floorman.engine.seat_view import Note, note

PAT_H_HINT = note(
    "You stood pat and made the highest bid before the draw: bet now to make it an"
    " unseen bid, or check.",
    "NM-D-2E s2",
)


def unseen_hints(
    round_kind: str, high_bidder: bool, hidden: int, must_look: bool
) -> tuple[Note, ...]:
    """What a seat's ``hidden`` face-down cards mean now (NM-D-2E/2F,
    OQ-19); ``high_bidder``: the seat is H, the highest bidder before the
    draw."""
    one = hidden == 1
    if must_look:
        template = "A player before you acted seen: look at your cards before you call or raise."
        return (note(template, "NM-D-2E s4"),)
    if round_kind == "opening" and high_bidder:
        template = (
            "Your {hidden} new cards are face down. You made the highest bid before the"
            " draw: bid unseen now, check, or look first."
        )
        if one:
            template = (
                "Your {hidden} new card is face down. You made the highest bid before the"
                " draw: bid unseen now, check, or look first."
            )
        return (note(template, "NM-D-2E s2", hidden=hidden),)
    if round_kind == "unseen":
        template = (
            "Your {hidden} new cards are face down. Call or raise without looking to stay"
            " in unseen, or look first."
        )
        if one:
            template = (
                "Your {hidden} new card is face down. Call or raise without looking to stay"
                " in unseen, or look first."
            )
        return (note(template, "NM-D-2E s3", hidden=hidden),)
    template = (
        "Your {hidden} new cards are face down. Look at them, or act: acting in the seen"
        " round turns them up."
    )
    if one:
        template = (
            "Your {hidden} new card is face down. Look at them, or act: acting in the seen"
            " round turns them up."
        )
    return (note(template, "OQ-19", hidden=hidden),)
