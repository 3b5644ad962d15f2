"""Reading a player's hand at showdown: the best high and low hand, their names and strengths.

Hold'em, Omaha and stud high hands are read by phevaluator (fast, no pokerkit import);
short deck and every low by pokerkit. Both score standard high hands on the same scale
(see backends.py), so a strength never depends on which evaluator produced it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from floorman.evaluation import backends, games, names


@dataclass(frozen=True, slots=True)
class HandReading:
    """One hand as the floor reads it.

    strength is totally ordered within one game and kind: larger is better (for a low,
    better means lower), and equal strength is an exact tie that splits the pot. Strengths
    of different games or kinds are not comparable. When the board plays (no hole card
    improves on it), best_five is the board's five cards.
    """

    kind: str                      # 'high' or 'low'
    category: str                  # 'two pair', 'flush', 'eight-low', 'seven-low', 'ace-high' ...
    name: str                      # 'two pair, aces and kings, queen kicker'
    best_five: tuple[str, ...]     # the five cards that play, in reading order
    strength: int

    def __str__(self) -> str:
        return self.name


def _high(rules: games.GameRules, hole: tuple[str, ...], board: tuple[str, ...]) -> HandReading:
    if rules.high == games.STANDARD:
        strength, five, category = backends.standard_high(board + hole)
    elif rules.high == games.OMAHA:
        strength, five, category = backends.omaha_high(hole, board)
    elif rules.high == games.PIQUET:
        strength, five, category = backends.piquet_high(rules.name, board + hole)
    else:
        assert rules.high is not None, "callers read a high hand only where the game has one"
        evaluated = backends.pokerkit_read(rules.high, hole, board)
        assert evaluated is not None, "every five cards make a high hand"
        strength, five, category = evaluated
    five = names.arrange(five, category, ace_low=False)
    return HandReading("high", category, names.name_by_category(category, five), five, strength)


def _low(rules: games.GameRules, hole: tuple[str, ...], board: tuple[str, ...]) -> HandReading | None:
    assert rules.low is not None
    evaluated = backends.pokerkit_read(rules.low, hole, board)
    if evaluated is None:
        return None  # no five unpaired cards eight or lower: no low, the high hand scoops
    strength, five, label = evaluated
    five = names.arrange(five, label, ace_low=rules.low != games.DEUCE_TO_SEVEN)
    category, name = names.name_low(rules.low, label, five)
    return HandReading("low", category, name, five, strength)


def read_high(game: str, hole: Sequence[str], board: Sequence[str] = ()) -> HandReading:
    """The best high hand. Razz and deuce-to-seven have none: asking is an error."""
    rules, hole_cards, board_cards = games.check_hand(game, hole, board)
    if rules.high is None:
        raise games.InvalidHand(f"{game} is played for low only; there is no high hand", field="game")
    return _high(rules, hole_cards, board_cards)


def read_low(game: str, hole: Sequence[str], board: Sequence[str] = ()) -> HandReading | None:
    """The low hand: for omaha-hi-lo and stud-hi-lo the 8-or-better low or None when there is
    no qualifying low; for razz and deuce-to-seven the low, which always exists. High-only
    games have no low: asking is an error."""
    rules, hole_cards, board_cards = games.check_hand(game, hole, board)
    if rules.low is None:
        raise games.InvalidHand(f"{game} is played for high only; there is no low hand", field="game")
    return _low(rules, hole_cards, board_cards)


def read_hands(
    game: str, hole: Sequence[str], board: Sequence[str] = (),
) -> tuple[HandReading | None, HandReading | None]:
    """(high, low) as the game plays them: razz and 2-7 (None, low); the hi-lo games
    (high, low or None); every other game (high, None)."""
    rules, hole_cards, board_cards = games.check_hand(game, hole, board)
    high = _high(rules, hole_cards, board_cards) if rules.high is not None else None
    low = _low(rules, hole_cards, board_cards) if rules.low is not None else None
    return high, low


def high_strength(game: str, hole: Sequence[str], board: Sequence[str] = ()) -> int:
    """Only the high hand's strength, for bulk work (equities, replays): the same number as
    read_high(...).strength, without finding or naming the five cards where it can."""
    rules, hole_cards, board_cards = games.check_hand(game, hole, board)
    if rules.high == games.STANDARD:
        return backends.standard_high_strength(board_cards + hole_cards)
    if rules.high == games.OMAHA:
        return backends.omaha_high_strength(hole_cards, board_cards)
    return read_high(game, hole_cards, board_cards).strength
