"""Pot-limit hold'em, a game of the tests only: hold'em whose bets and
raises are bounded by the pot (a raise to at most the bet, plus the pot
after the call).  It is added the way the variant contract says, with no
line of floorman edited: a hand class, its variant, its formats, each
registered (:func:`registered_pot_limit`)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from floorman.engine.holdem import HoldemHand
from floorman.engine.profile import RuleProfile
from floorman.engine.seat_view import BetLimit
from floorman.engine.variants import Hand, HoldemVariant, VariantUI, registered
from floorman.formats.phh import hand_to_phh, replay_phh
from floorman.formats.pokerstars import hand_to_pokerstars
from floorman.formats.variants import VariantFormats, registered_formats
from floorman.profiles import profile_from_toml

GAME = "pl-holdem"
#: the betting structure's open question (OQ-48): the clause a refused bet cites
LIMIT_CLAUSE = "OQ-48"
PROFILE_TOML = Path(__file__).with_name("pl-holdem.toml")


class PotLimitHoldemHand(HoldemHand):
    """Hold'em with the pot limit; everything else is hold'em's."""

    game = GAME

    def max_raise_to(self, i: int) -> int:
        call = self.max_bet - self.bets[i]
        return self.max_bet + self.pot_total + call

    def limit_clause(self) -> str:
        return LIMIT_CLAUSE

    def bet_limit_view(self) -> BetLimit:
        return BetLimit("pot-limit", None, "Pot limit: the pot after the call", LIMIT_CLAUSE)


class PotLimitHoldem(HoldemVariant):
    """Hold'em's variant with its own hand class and name: the seat view's
    part, the fuzz moves, the check-down votes and the bots' strategy are
    hold'em's (a game may reuse another's)."""

    game = GAME
    hand_class = PotLimitHoldemHand
    phh_code = "PT"  # PHH's pot-limit hold'em
    ui = VariantUI(True, True, ("checkdown",), "Pot-limit hold'em")


class PotLimitFormats(VariantFormats):
    """PHH variant PT, written and read by hold'em's PHH code (the
    variant line apart); text as hold'em's."""

    game = GAME

    def to_phh(self, hand: Hand, **options: Any) -> str:
        assert isinstance(hand, PotLimitHoldemHand)
        return hand_to_phh(hand, **options).replace("variant = 'NT'", "variant = 'PT'", 1)

    def read_phh(self, text: str, *, profile: RuleProfile | None = None) -> Hand:
        nt = re.sub(r"""^variant = (["'])PT\1""", "variant = 'NT'", text, count=1, flags=re.M)
        return replay_phh(nt, profile=profile or pot_limit_profile(), hand_class=PotLimitHoldemHand)

    def to_text(
        self, hand: Hand, *, hand_number: int, played_at: datetime.datetime, **options: Any
    ) -> str:
        assert isinstance(hand, PotLimitHoldemHand)
        text = hand_to_pokerstars(hand, hand_number=hand_number, played_at=played_at, **options)
        return text.replace("No Limit", "Pot Limit")


def pot_limit_profile() -> RuleProfile:
    """The game's profile (its ``game`` must be registered to load)."""
    return profile_from_toml(PROFILE_TOML.read_text(encoding="utf-8"), source=PROFILE_TOML.name)


@contextmanager
def registered_pot_limit() -> Iterator[RuleProfile]:
    """The game playable for the block: its variant and formats registered
    (the profile loads only then), taken away after."""
    with ExitStack() as stack:
        stack.enter_context(registered(PotLimitHoldem()))
        stack.enter_context(registered_formats(PotLimitFormats()))
        yield pot_limit_profile()
