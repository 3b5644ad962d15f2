"""Hand reading: the best high and low hands at showdown, and stud's showing-hand order.

Importing this package is cheap: pokerkit (~270 ms) and phevaluator load on the first read.
"""

from floorman.evaluation.games import GAME_NAMES, InvalidHand, splits_pot
from floorman.evaluation.reading import HandReading, high_strength, read_hands, read_high, read_low
from floorman.evaluation.showing import (
    bring_in_seat_key,
    card_by_suit_key,
    high_card_by_suit,
    low_card_by_suit_key,
    lowest_card_by_suit,
    showing_strength,
)

__all__ = [
    "GAME_NAMES",
    "HandReading",
    "InvalidHand",
    "bring_in_seat_key",
    "card_by_suit_key",
    "high_card_by_suit",
    "high_strength",
    "low_card_by_suit_key",
    "lowest_card_by_suit",
    "read_hands",
    "read_high",
    "read_low",
    "showing_strength",
    "splits_pot",
]
