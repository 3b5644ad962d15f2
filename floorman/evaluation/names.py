"""Cardroom words for a hand: the order a dealer reads the five cards in, and the hand's name.

Nothing here decides which hand wins; the evaluator has already chosen the five cards and
their category. This only lays them out ("K-K-K-2-2", wheel as 5-4-3-2-A) and says them
("full house, kings full of deuces", "8-6-4-3-2 low", "seven-five low (7-5-4-3-2)").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from floorman.evaluation import games

RANK_WORDS = {
    "2": "deuce", "3": "trey", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
    "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}
_ACE_HIGH = {rank: value for value, rank in enumerate("23456789TJQKA", start=2)}
_ACE_LOW = {**_ACE_HIGH, "A": 1}
_SUIT_ORDER = {"c": 0, "d": 1, "h": 2, "s": 3}   # only to make the layout deterministic


def word(rank: str) -> str:
    return RANK_WORDS[rank]


def plural(rank: str) -> str:
    return "sixes" if rank == "6" else RANK_WORDS[rank] + "s"


def dashed(ranks: Sequence[str]) -> str:
    """'T-8-6-4-2' as a dealer writes it: '10-8-6-4-2'."""
    return "-".join("10" if rank == "T" else rank for rank in ranks)


def arrange(cards: Sequence[str], category: str, *, ace_low: bool) -> tuple[str, ...]:
    """The five cards strongest-first as they are read aloud: the biggest group first
    (quads, trips, the higher pair), then kickers high to low; an ace that plays low in a
    straight (the wheel, short deck's A-6-7-8-9) goes last."""
    values = _ACE_LOW if ace_low else _ACE_HIGH
    counts = Counter(card[0] for card in cards)
    ordered = sorted(cards, key=lambda c: (counts[c[0]], values[c[0]], _SUIT_ORDER[c[1]]), reverse=True)
    if category in ("straight", "straight flush") and ordered[0][0] == "A" and ordered[1][0] != "K":
        ordered.append(ordered.pop(0))
    return tuple(ordered)


def _kickers(ranks: Sequence[str]) -> str:
    if len(ranks) == 1:
        return f"{word(ranks[0])} kicker"
    return "-".join(word(rank) for rank in ranks) + " kickers"


def name_by_category(category: str, five: Sequence[str]) -> str:
    """The name of an arranged hand in one of the nine standard categories."""
    r = [card[0] for card in five]
    match category:
        case "high card":
            return f"{word(r[0])} high ({dashed(r)})"
        case "one pair":
            return f"pair of {plural(r[0])}, {_kickers(r[2:])}"
        case "two pair":
            return f"two pair, {plural(r[0])} and {plural(r[2])}, {_kickers(r[4:])}"
        case "three of a kind":
            return f"three of a kind, {plural(r[0])}, {_kickers(r[3:])}"
        case "straight":
            return f"straight, {word(r[0])} high" + (" (wheel)" if r[-1] == "A" and r[0] == "5" else "")
        case "flush":
            return f"{word(r[0])}-high flush ({dashed(r)})"
        case "full house":
            return f"full house, {plural(r[0])} full of {plural(r[3])}"
        case "four of a kind":
            return f"four of a kind, {plural(r[0])}, {_kickers(r[4:])}"
        case "straight flush":
            if r[0] == "A":
                return "royal flush"
            return f"straight flush, {word(r[0])} high" + (" (steel wheel)" if r[0] == "5" else "")
    raise ValueError(f"unknown hand category {category!r}")


def name_low(evaluator: str, label: str, five: Sequence[str]) -> tuple[str, str]:
    """(category, name) of an arranged low hand.

    An unpaired low is named by its cards: ace-to-five lows (razz, 8-or-better) as
    '8-6-4-3-2 low', category 'eight-low'; deuce-to-seven by its top two cards,
    'seven-five low (7-5-4-3-2)', category 'seven-low' -- except that an ace there plays
    high, so A-K-5-3-2 is 'ace-king high', category 'ace-high'. A paired hand, or a 2-7
    straight or flush, keeps its standard category and name ('pair of kings, ...').
    """
    r = [card[0] for card in five]
    if label != "high card":
        return label, name_by_category(label, five)
    if evaluator == games.DEUCE_TO_SEVEN:
        if r[0] == "A":
            return "ace-high", f"ace-{word(r[1])} high ({dashed(r)})"
        return f"{word(r[0])}-low", f"{word(r[0])}-{word(r[1])} low ({dashed(r)})"
    wheel = " (wheel)" if r == ["5", "4", "3", "2", "A"] else ""
    return f"{word(r[0])}-low", f"{dashed(r)} low{wheel}"
