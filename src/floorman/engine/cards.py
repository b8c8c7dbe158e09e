"""Cards, their usual notation, and the Fisher–Yates shuffle.

A card is an ``int`` from 0 to 51, ``rank * 4 + suit``: ranks 0..12 stand for
2..A and suits 0..3 for clubs, diamonds, hearts, spades.  Suits never rank
(NM-D-4.0b); their order here is only an encoding.  :class:`Card` keeps the
integer (so tables index with it at full speed) and prints as ``As``.

>>> parse_cards("As Kd")
(As, Kd)
>>> parse_card("Th").rank, parse_card("Th").suit
(8, 2)
>>> format_cards(parse_cards("2c3d"))
'2c 3d'
>>> parse_card("1x")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
floorman.engine.errors.CardError: bad card text '1x': a card is a rank (23456789TJQKA) and a suit...
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from typing import TypeVar

from floorman.engine.errors import CardError

RANKS = "23456789TJQKA"
SUITS = "cdhs"

#: ``randbelow(n)`` returns an integer uniformly in ``range(n)``.  The engine
#: never picks its own randomness: play passes ``secrets.randbelow``, tests and
#: replays a seeded generator (see :mod:`floorman.dealing`).
RandBelow = Callable[[int], int]
_T = TypeVar("_T")


class Card(int):
    """One of the 52 cards; an ``int`` that prints in the usual notation."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        return self >> 2

    @property
    def suit(self) -> int:
        return self & 3

    def __repr__(self) -> str:
        return RANKS[self >> 2] + SUITS[self & 3]

    __str__ = __repr__


#: The 52 card objects; every card in floorman is one of these.
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
_ORDERS = {52: math.factorial(52)}

#: Each card's text by its number (``CARD_TEXT[card]``): views name many
#: cards at every decision, and a table lookup is cheaper than ``str``.
CARD_TEXT: tuple[str, ...] = tuple(RANKS[i >> 2] + SUITS[i & 3] for i in range(52))

#: The 52 cards as a set, to check that a deck holds each card exactly once.
FULL_DECK: frozenset[int] = frozenset(range(52))
_BY_TEXT = {str(card): card for card in CARDS}
_BY_TEXT.update({str(card).replace("T", "10"): card for card in CARDS if card.rank == 8})
#: A card from its text as floorman writes it (``CARD_BY_TEXT["As"]``); for
#: text from outside, :func:`parse_card`, which explains a bad card.
CARD_BY_TEXT: dict[str, Card] = {str(card): card for card in CARDS}


def parse_card(text: str) -> Card:
    """Read one card such as ``As``, ``Th`` or ``10h`` (rank case-insensitive)."""
    # As floorman writes it: the common case, found at once.
    card = _BY_TEXT.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    cleaned = text.strip()
    key = cleaned[:-1].upper() + cleaned[-1:].lower() if cleaned else cleaned
    try:
        return _BY_TEXT[key]
    except KeyError:
        raise CardError(
            "bad card text {text}: a card is a rank ({ranks}) and a suit ({suits}),"
            " e.g. 'As' or 'Th'",
            values={"text": repr(text), "ranks": RANKS, "suits": SUITS},
        ) from None


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards written together or apart: ``AsKd``, ``As Kd``, ``As,Kd``.

    >>> parse_cards("")
    ()
    >>> parse_cards("AsKd Qh")
    (As, Kd, Qh)
    """
    compact = text.replace(",", " ").replace("10", "T").split()
    cards: list[Card] = []
    for chunk in compact:
        if len(chunk) % 2:
            raise CardError(
                "bad card text {text}: {chunk} is not a run of two-letter cards such as 'AsKd'",
                values={"text": repr(text), "chunk": repr(chunk)},
            )
        cards.extend(parse_card(chunk[i : i + 2]) for i in range(0, len(chunk), 2))
    return tuple(cards)


def format_cards(cards: Iterable[int], separator: str = " ") -> str:
    return separator.join(str(CARDS[card]) for card in cards)


def new_deck() -> list[Card]:
    """The 52 cards in a fixed order (2c, 2d, 2h, 2s, 3c, … As)."""
    return list(CARDS)


def deck_starting_with(text: str) -> list[Card]:
    """A full deck whose top cards are ``text`` (then the rest in order):
    scripted hands for tests, examples and live-dealing replays.

    >>> deck_starting_with("As Kd")[:3]
    [As, Kd, 2c]
    """
    top = parse_cards(text)
    check_distinct(top, "stacked deck")
    return [*top, *(card for card in CARDS if card not in top)]


def shuffle(items: MutableSequence[_T], randbelow: RandBelow) -> None:
    """Shuffle in place by Fisher–Yates; every order is equally likely when
    ``randbelow`` is uniform.  The one shuffle of the package: decks, the
    seat draw, the order a broken table's players move in.

    The swaps are driven by the digits of one number drawn uniformly below
    n! (its factorial-base digits are independent and uniform, each exactly
    the ``randbelow(i + 1)`` of the textbook loop): one call to the random
    source, a secure one included, instead of n - 1.
    """
    n = len(items)
    if n < 2:
        return
    draw = randbelow(_ORDERS.get(n) or math.factorial(n))
    for i in range(n - 1, 0, -1):
        draw, j = divmod(draw, i + 1)
        items[i], items[j] = items[j], items[i]


def shuffled(items: Iterable[_T], randbelow: RandBelow) -> list[_T]:
    """A shuffled copy of ``items`` (see :func:`shuffle`)."""
    result = list(items)
    shuffle(result, randbelow)
    return result


def pick(options: Sequence[_T], randbelow: RandBelow) -> _T:
    """One of ``options``, each equally likely (no draw when there is one).

    >>> pick([7], lambda n: 1 // 0)
    7
    """
    return options[randbelow(len(options))] if len(options) > 1 else options[0]


def shuffled_deck(randbelow: RandBelow) -> list[Card]:
    deck = new_deck()
    shuffle(deck, randbelow)
    return deck


def check_distinct(cards: Sequence[int], context: str) -> None:
    """Reject a card that appears twice (each card is dealt once)."""
    if len(set(cards)) != len(cards):
        seen: set[int] = set()
        for card in cards:
            if card in seen:
                raise CardError(f"{context}: {CARDS[card]} appears twice")
            seen.add(card)
