"""Card strings: parsing and checking "As", "Td", and "??" for a card nobody saw.

Cards stay plain two-character strings everywhere in floorman: they are what the dealer
and the hand history say, they hash fast, and pokerkit reads them as they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

RANKS = "23456789TJQKA"
SUITS = "cdhs"
UNKNOWN = "??"
SHORT_DECK_RANKS = "6789TJQKA"
PIQUET_RANKS = "789TJQKA"          # the 32-card deck (seed 004): 7s through aces

_CARD = re.compile(r"[2-9TJQKA][cdhs]|\?\?")
_CARDS = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?)*")


def parse_cards(text: str | Iterable[str]) -> list[str]:
    """Split "AsKd" or "As Kd" or ["As", "Kd"] into card strings.

    >>> parse_cards("AsKd")
    ['As', 'Kd']
    >>> parse_cards("?? 7c")
    ['??', '7c']
    """
    if not isinstance(text, str):
        cards = list(text)
        for card in cards:
            if not _CARD.fullmatch(card):
                raise ValueError(f"{card!r} is not a card (expected rank 2-9TJQKA and suit cdhs, e.g. 'As')")
        return cards
    compact = text.replace(" ", "").replace(",", "")
    if not _CARDS.fullmatch(compact):
        raise ValueError(f"{text!r} is not a list of cards (expected e.g. 'AsKd' or 'As Kd')")
    return [compact[i:i + 2] for i in range(0, len(compact), 2)]


def is_known(card: str) -> bool:
    return card != UNKNOWN


def deck(short: bool = False, *, ranks: str | None = None) -> list[str]:
    """The full deck: 52 cards, 36 for short deck (2s to 5s removed), or the deck of the
    `ranks` given (PIQUET_RANKS: the 32-card deck)."""
    if ranks is None:
        ranks = SHORT_DECK_RANKS if short else RANKS
    return [rank + suit for rank in ranks for suit in SUITS]


def deck_ranks(variant: str) -> str:
    """The ranks in the deck a game is dealt from, by variant name."""
    if variant == "short-deck":
        return SHORT_DECK_RANKS
    if variant.startswith("piquet"):
        return PIQUET_RANKS
    return RANKS
