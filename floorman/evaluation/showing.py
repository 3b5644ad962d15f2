"""Stud-family order from the face-up cards: who brings in, who acts first, who gets the odd chip.

These read only up-cards, where straights and flushes do not count, so they need no evaluator
(and no pokerkit import): pairs, trips, quads and ranks decide. The orders match pokerkit's
own stud and razz states (its opening rules, pokerkit.state: Opening.LOW_CARD / HIGH_CARD on
third street, HIGH_HAND / LOW_HAND after), which follow the standard rules:

- stud, stud-hi-lo: the lowest up-card brings in, aces high, suits breaking ties with clubs
  lowest (c < d < h < s). From fourth street the highest showing hand acts first.
- razz: the highest up-card brings in, kings highest and aces low, spades highest
  (so the K of spades brings in before the K of hearts). From fourth street the lowest
  showing hand acts first (aces low, any pair is worse than no pair).

Equal showing hands are an exact tie here. The caller breaks it as the room says (option
`stud_showing_tie`): by the high card by suit among the up-cards (TDA RP-10-D; in razz the ace
is the lowest card, so the high card of A-2 is the 2), or by position, the first dealt acting
first (Robert's Rules; pokerkit does the same: the first tied player in seat order).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from floorman.evaluation.games import InvalidHand, check_cards, game_rules

_ACE_HIGH = {rank: value for value, rank in enumerate("23456789TJQKA", start=2)}
_ACE_LOW = {**_ACE_HIGH, "A": 1}
_SUIT = {"c": 0, "d": 1, "h": 2, "s": 3}   # clubs lowest, spades highest


def _stud_game(game: str) -> bool:
    """True for razz, False for stud and stud-hi-lo; anything else has no up-cards."""
    rules = game_rules(game)
    if not rules.stud:
        raise InvalidHand(f"{game} is not a stud game; nobody has up-cards", field="game")
    return rules.name == "razz"


def _showing_key(upcards: Sequence[str], values: dict[str, int]) -> tuple[int, ...]:
    """High-hand key for up-cards: (shape, number of cards, ranks by group then rank).

    Shape: 0 no pair, 1 one pair, 2 two pair, 3 trips, 4 quads. The card count follows the
    shape because pokerkit's opening lookup orders that way (a hand of more cards outranks one
    of fewer within a shape); in a real hand everyone shows the same number of cards.
    """
    counts = Counter(card[0] for card in upcards)
    groups = sorted(counts.items(), key=lambda item: (item[1], values[item[0]]), reverse=True)
    multiplicities = sorted(counts.values(), reverse=True)
    if multiplicities[0] == 4:
        shape = 4
    elif multiplicities[0] == 3:
        shape = 3
    elif multiplicities[:2] == [2, 2]:
        shape = 2
    elif multiplicities[0] == 2:
        shape = 1
    else:
        shape = 0
    return (shape, len(upcards), *(values[rank] for rank, _ in groups))


def showing_strength(game: str, upcards: Sequence[str]) -> tuple[int, ...]:
    """Key of a showing hand (1 to 4 up-cards): larger acts first.

    stud and stud-hi-lo: the highest showing hand (quads > trips > two pair > pair > high
    cards, then ranks, aces high). razz: the lowest showing hand (aces low, no pair beats
    any pair). Ties are exact ties: break them by seat, first to the dealer's left.
    """
    razz = _stud_game(game)
    cards = check_cards(upcards, field="upcards")
    if not 1 <= len(cards) <= 4:
        raise InvalidHand(f"a showing hand is 1 to 4 up-cards, got {len(cards)}",
                          field="upcards", expected="1 to 4")
    if len(set(cards)) != len(cards):
        raise InvalidHand("the same up-card appears twice", field="upcards")
    if razz:
        # Lowest acts first: the high-hand key with aces low, negated so larger is better.
        return tuple(-value for value in _showing_key(cards, _ACE_LOW))
    return _showing_key(cards, _ACE_HIGH)


def bring_in_seat_key(game: str, upcard: str) -> tuple[int, int]:
    """Key of a third-street up-card: larger must bring in.

    stud and stud-hi-lo: the lowest card, aces high, clubs lowest (so 2c brings in before
    2d). razz: the highest card, aces low, spades highest (so Ks brings in before Kh).
    """
    razz = _stud_game(game)
    (card,) = check_cards((upcard,), field="upcard")
    if razz:
        return _ACE_LOW[card[0]], _SUIT[card[1]]
    return -_ACE_HIGH[card[0]], -_SUIT[card[1]]


def card_by_suit_key(card: str, *, aces_low: bool = False) -> tuple[int, int]:
    """Key of one card by rank (aces high, or low in a low hand) then suit, spades > hearts >
    diamonds > clubs."""
    (card,) = check_cards((card,), field="card")
    return (_ACE_LOW if aces_low else _ACE_HIGH)[card[0]], _SUIT[card[1]]


def high_card_by_suit(cards: Sequence[str], *, aces_low: bool = False) -> str:
    """The single highest card among the cards given, by rank, suits breaking ties spades >
    hearts > diamonds > clubs.

    This awards the odd chip in stud games (TDA 2024 20-B / 2026 21-B: the high card by suit of
    the five-card winning hand) and breaks a tie of showing hands (RP-10-D). In a low hand (razz,
    the low half of stud/8) the ace is the lowest card, so `aces_low`: the high card of
    A-2-3-4-5 is the 5, consistently with the razz bring-in. Robert's Rules differ for low
    games: the odd chip goes to the LOWEST card by suit of all the player's cards
    (`lowest_card_by_suit`).
    """
    checked = check_cards(cards, field="cards")
    if not checked:
        raise InvalidHand("no cards to find the high card among", field="cards")
    return max(checked, key=lambda card: card_by_suit_key(card, aces_low=aces_low))


def low_card_by_suit_key(card: str) -> tuple[int, int]:
    """Key of one card for a low game's odd chip: smaller is lower, aces low, clubs lowest."""
    (card,) = check_cards((card,), field="card")
    return _ACE_LOW[card[0]], _SUIT[card[1]]


def lowest_card_by_suit(cards: Sequence[str]) -> str:
    """The single lowest card, aces low, clubs lowest on a tie of rank (Robert's Rules' razz odd chip)."""
    checked = check_cards(cards, field="cards")
    if not checked:
        raise InvalidHand("no cards to find the low card among", field="cards")
    return min(checked, key=low_card_by_suit_key)
