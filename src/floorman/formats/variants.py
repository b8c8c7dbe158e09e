"""The variant contract above the engine: each game's hand-history writers
and reader, keyed by the engine variant's ``game``
(:mod:`floorman.engine.variants` carries only its PHH code: the formats live
here).  A game is a :class:`VariantFormats` subclass whose abstract methods
are the PHH writer, the PHH reader and the PokerStars-style text writer;
:func:`register_formats` makes them the game's (a class that leaves one
out fails there, when it is made)."""

from __future__ import annotations

import datetime
import tomllib
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

from floorman.engine.errors import ProfileError
from floorman.engine.profile import RuleProfile
from floorman.engine.variants import Hand, variant_for, variant_of
from floorman.formats.draw_text import draw_hand_to_text
from floorman.formats.nmd import draw_hand_to_phh, replay_nmd
from floorman.formats.phh import hand_to_phh, replay_phh
from floorman.formats.pokerstars import hand_to_pokerstars


class VariantFormats(ABC):
    """How one game's hands are written and read."""

    game: ClassVar[str]  #: the engine variant's name

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not hasattr(cls, "game"):
            raise TypeError(f"formats {cls.__name__} do not name their game")

    @abstractmethod
    def to_phh(self, hand: Hand, **options: Any) -> str:
        """The hand (finished or running) as PHH text of its variant."""

    @abstractmethod
    def read_phh(self, text: str, *, profile: RuleProfile | None = None) -> Hand:
        """A PHH history of its variant played through the engine (its
        finishing stacks checked); raises the format's error, with the line."""

    @abstractmethod
    def to_text(
        self, hand: Hand, *, hand_number: int, played_at: datetime.datetime, **options: Any
    ) -> str:
        """The finished hand as PokerStars-style text."""


class HoldemFormats(VariantFormats):
    game = "holdem"

    def to_phh(self, hand: Hand, **options: Any) -> str:
        return hand_to_phh(hand, **options)  # type: ignore[arg-type]

    def read_phh(self, text: str, *, profile: RuleProfile | None = None) -> Hand:
        return replay_phh(text, profile=profile)

    def to_text(
        self, hand: Hand, *, hand_number: int, played_at: datetime.datetime, **options: Any
    ) -> str:
        return hand_to_pokerstars(hand, hand_number=hand_number, played_at=played_at, **options)  # type: ignore[arg-type]


class DrawFormats(VariantFormats):
    game = "draw"

    def to_phh(self, hand: Hand, **options: Any) -> str:
        return draw_hand_to_phh(hand, **options)  # type: ignore[arg-type]

    def read_phh(self, text: str, *, profile: RuleProfile | None = None) -> Hand:
        return replay_nmd(text, profile=profile)

    def to_text(
        self, hand: Hand, *, hand_number: int, played_at: datetime.datetime, **options: Any
    ) -> str:
        return draw_hand_to_text(hand, hand_number=hand_number, played_at=played_at, **options)  # type: ignore[arg-type]


_BUILT_IN: tuple[VariantFormats, ...] = (HoldemFormats(), DrawFormats())
FORMATS: dict[str, VariantFormats] = {f.game: f for f in _BUILT_IN}


def register_formats(formats: VariantFormats) -> VariantFormats:
    """Make ``formats`` the writers and reader of their game (a registered
    engine variant)."""
    variant_for(formats.game)  # the game must be one the engine plays
    if formats.game in FORMATS and FORMATS[formats.game] is not formats:
        raise ProfileError(f"the game {formats.game!r} already has its formats")
    FORMATS[formats.game] = formats
    return formats


@contextmanager
def registered_formats(formats: VariantFormats) -> Iterator[VariantFormats]:
    """``formats`` the game's for the block only (a test's own game)."""
    if any(f.game == formats.game for f in _BUILT_IN):
        raise ProfileError(f"the game {formats.game!r} is built in")
    register_formats(formats)
    try:
        yield formats
    finally:
        FORMATS.pop(formats.game, None)


def formats_for(game: str) -> VariantFormats:
    try:
        return FORMATS[game]
    except KeyError:
        raise ProfileError(f"no formats write the game {game!r}") from None


def hand_to_phh_text(hand: Hand, **options: Any) -> str:
    """The hand as PHH text of its variant (``NT``, ``NMD``)."""
    return formats_for(variant_of(hand).game).to_phh(hand, **options)


def hand_to_text(
    hand: Hand, *, hand_number: int, played_at: datetime.datetime, **options: Any
) -> str:
    """The finished hand as PokerStars-style text, whichever game it is."""
    writer = formats_for(variant_of(hand).game)
    return writer.to_text(hand, hand_number=hand_number, played_at=played_at, **options)


def replay_phh_text(text: str, *, profile: RuleProfile | None = None) -> Hand:
    """A PHH history of any registered game, read by the game whose PHH
    code its ``variant`` field names."""
    try:
        code = tomllib.loads(text).get("variant")
    except tomllib.TOMLDecodeError as error:
        raise ProfileError(f"not a PHH history: {error}") from None
    for formats in FORMATS.values():
        if variant_for(formats.game).phh_code == code:
            return formats.read_phh(text, profile=profile)
    raise ProfileError(f"no registered game reads PHH variant {code!r}")
