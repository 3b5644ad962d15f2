"""The 32-card (piquet) deck game: hold'em dealt from the 7s to the aces (seed 004).

pokerkit has no evaluator for it, so this is a small one of its own. How a hand ranks:

- categories, best first: straight flush, four of a kind, FLUSH, FULL HOUSE, straight, three
  of a kind, two pair, one pair, high card: with only eight ranks a flush is rarer than a full
  house, so it ranks above it;
- straights run from A-7-8-9-T (the ace plays below the seven; the ten is its top card) to
  T-J-Q-K-A;
- suits break ties only between straights, flushes and straight flushes with the same ranks:
  the suit of the top card decides (the ten of A-7-8-9-T; a flush's one suit). Any other tie
  is exact and splits the pot.

The suit order is part of the game (a named variant), because the seed gives only one
comparison (K of diamonds over K of spades). `piquet` uses the classic order of the 32-card
game, hearts > diamonds > clubs > spades, which agrees with it; `piquet-bridge-suits` uses the
button-draw order, spades > hearts > diamonds > clubs.

Strength: one integer, larger is better, equal only for an exact tie:
category, then five rank values (4 bits each), then the deciding suit (2 bits, 0 when suits
do not count).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

RANKS = "789TJQKA"
VALUE = {rank: value for value, rank in enumerate(RANKS, start=7)}   # 7..14

#: Suit orders, highest first, by variant name.
SUIT_ORDERS: dict[str, str] = {
    "piquet": "hdcs",                 # hearts, diamonds, clubs, spades (the seed's example: Kd over Ks)
    "piquet-bridge-suits": "shdc",    # spades, hearts, diamonds, clubs (the button-draw order)
}
SUIT_WORDS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}

#: Categories from worst (0) to best (8), in pokerkit's words.
CATEGORIES = ("high card", "one pair", "two pair", "three of a kind", "straight", "full house",
              "flush", "four of a kind", "straight flush")
_CATEGORY = {name: index for index, name in enumerate(CATEGORIES)}
#: The categories in which suits break a tie.
SUITED_TIES = frozenset({"straight", "flush", "straight flush"})

_ACE_LOW_STRAIGHT = frozenset({14, 7, 8, 9, 10})


def suit_order_words(variant: str) -> str:
    """'hearts, diamonds, clubs, spades' for the variant's suit order, highest first."""
    return ", ".join(SUIT_WORDS[suit] for suit in SUIT_ORDERS[variant])


def _suit_rank(order: str) -> dict[str, int]:
    return {suit: len(order) - 1 - index for index, suit in enumerate(order)}   # highest = 3


def evaluate_five(five: Sequence[str], order: str = SUIT_ORDERS["piquet"]) -> tuple[int, str, str]:
    """(strength, category, deciding card or '') of exactly five piquet cards."""
    values = [VALUE[card[0]] for card in five]
    counts = Counter(values)
    flush = len({card[1] for card in five}) == 1
    top = 0
    if len(counts) == 5:
        if set(values) == _ACE_LOW_STRAIGHT:
            top = 10
        elif max(values) - min(values) == 4:
            top = max(values)
    if top and flush:
        category = "straight flush"
    elif 4 in counts.values():
        category = "four of a kind"
    elif flush:
        category = "flush"
    elif sorted(counts.values()) == [2, 3]:
        category = "full house"
    elif top:
        category = "straight"
    elif 3 in counts.values():
        category = "three of a kind"
    elif list(counts.values()).count(2) == 2:
        category = "two pair"
    elif 2 in counts.values():
        category = "one pair"
    else:
        category = "high card"
    if top:
        ranks = [top, 0, 0, 0, 0]
    else:
        # the biggest group first, then by rank: K-K-K-8-8 reads (13, 13, 13, 8, 8)
        ranks = sorted(values, key=lambda v: (counts[v], v), reverse=True)
    deciding = ""
    suit = 0
    if category in SUITED_TIES:
        deciding = next(card for card in five if VALUE[card[0]] == (top or max(values)))
        suit = _suit_rank(order)[deciding[1]]
    strength = _CATEGORY[category]
    for value in ranks:
        strength = strength * 16 + value
    return strength * 4 + suit, category, deciding


def best_hand(cards: Iterable[str], order: str = SUIT_ORDERS["piquet"]) -> tuple[int, tuple[str, ...], str, str]:
    """(strength, best five, category, deciding card or '') of five to seven piquet cards.
    Give the board first: among equal fives the first found is kept."""
    best: tuple[int, tuple[str, ...], str, str] | None = None
    for five in combinations(tuple(cards), 5):
        strength, category, deciding = evaluate_five(five, order)
        if best is None or strength > best[0]:
            best = (strength, five, category, deciding)
    if best is None:
        raise ValueError("a piquet hand needs at least five cards")
    return best


def category_of(strength: int) -> str:
    """The category a strength belongs to."""
    return CATEGORIES[strength // (4 * 16**5)]
