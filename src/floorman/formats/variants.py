"""The hand-history writers of each variant, keyed by the engine variant
(:mod:`floorman.engine.variants` carries only the names: the formats live
here, above the engine).  Adding a variant adds its entries here."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from floorman.engine.variants import Hand, variant_of
from floorman.formats.draw_text import draw_hand_to_text
from floorman.formats.nmd import draw_hand_to_phh
from floorman.formats.phh import hand_to_phh
from floorman.formats.pokerstars import hand_to_pokerstars

#: PHH writer by the variant's PHH code
PHH_WRITERS: dict[str, Callable[..., str]] = {"NT": hand_to_phh, "NMD": draw_hand_to_phh}
#: PokerStars-style text writer by the variant's game
TEXT_WRITERS: dict[str, Callable[..., str]] = {
    "holdem": hand_to_pokerstars,
    "draw": draw_hand_to_text,
}


def hand_to_phh_text(hand: Hand, **options: Any) -> str:
    """The hand as PHH text of its variant (``NT``, ``NMD``)."""
    return PHH_WRITERS[variant_of(hand).phh_code](hand, **options)


def hand_to_text(
    hand: Hand, *, hand_number: int, played_at: datetime.datetime, **options: Any
) -> str:
    """The finished hand as PokerStars-style text, whichever game it is."""
    writer = TEXT_WRITERS[variant_of(hand).game]
    return writer(hand, hand_number=hand_number, played_at=played_at, **options)
