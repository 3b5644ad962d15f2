"""The only door to the evaluators: phevaluator for standard and Omaha high, pokerkit for the rest.

Each function returns the best five cards and a strength where larger is better. Both
evaluators are imported on first use and cached: pokerkit costs ~270 ms to import (it builds
its lookup tables then), phevaluator ~20 ms, and most of floorman never reads a hand.

Strength scale: standard high hands (hold'em, Omaha, stud) use pokerkit's StandardLookup
index, 0 (7-5-4-3-2 offsuit) to 7461 (royal flush). phevaluator ranks the same 7462 classes
from 1 (royal flush) to 7462, so 7462 - rank is that same index; the tests hold the two
evaluators to exact equality on thousands of random hands. Low hands use minus pokerkit's
index, so a better low is a larger strength there too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations
from typing import Any

from floorman.evaluation import games

# phevaluator card ids are rank * 4 + suit, deuce = 0 and clubs = 0.
_PHE_ID = {rank + suit: r * 4 + s for r, rank in enumerate("23456789TJQKA") for s, suit in enumerate("cdhs")}

# phevaluator rank (1 best .. 7462 worst) -> category: the last rank of each class, best first.
# These are the fixed sizes of the 7462 five-card classes (10 straight flushes, 156 quads,
# 156 full houses, 1277 flushes, 10 straights, 858 trips, 858 two pair, 2860 pairs, 1277 high).
_PHE_CATEGORY_LAST_RANK = (
    (10, "straight flush"),
    (166, "four of a kind"),
    (322, "full house"),
    (1599, "flush"),
    (1609, "straight"),
    (2467, "three of a kind"),
    (3325, "two pair"),
    (6185, "one pair"),
    (7462, "high card"),
)
STANDARD_CLASSES = 7462

Evaluated = tuple[int, tuple[str, ...], str]
"""(strength, best five cards, category in pokerkit's words, lower case)."""


@cache
def _evaluate_5cards() -> Callable[..., int]:
    # phevaluator's own C function takes the five card ids; its Python wrapper (used if the
    # C module moves) converts each card first, which is most of the time of a hand read
    try:
        from phevaluator._pheval import evaluate_5cards
    except ImportError:      # pragma: no cover - a phevaluator without its C module's name
        from phevaluator.evaluator import evaluate_5cards

    return evaluate_5cards


@cache
def _pokerkit_hand_types() -> dict[str, Any]:
    import pokerkit

    return {
        games.SHORT_DECK: pokerkit.ShortDeckHoldemHand,
        games.EIGHT_OR_BETTER: pokerkit.EightOrBetterLowHand,
        games.OMAHA_EIGHT_OR_BETTER: pokerkit.OmahaEightOrBetterLowHand,
        games.ACE_TO_FIVE: pokerkit.RegularLowHand,
        games.DEUCE_TO_SEVEN: pokerkit.StandardLowHand,
    }


def _phe_category(rank: int) -> str:
    for last, category in _PHE_CATEGORY_LAST_RANK:
        if rank <= last:
            return category
    raise AssertionError(f"phevaluator rank {rank} out of range")


def _phe_best(candidates: Iterable[tuple[str, ...]]) -> Evaluated:
    evaluate = _evaluate_5cards()
    ids = _PHE_ID
    best_five: tuple[str, ...] = ()
    best_rank = STANDARD_CLASSES + 1
    for five in candidates:
        a, b, c, d, e = five
        rank = evaluate(ids[a], ids[b], ids[c], ids[d], ids[e])
        if rank < best_rank:
            best_rank, best_five = rank, five
    return STANDARD_CLASSES - best_rank, tuple(best_five), _phe_category(best_rank)


def standard_high(cards: Sequence[str]) -> Evaluated:
    """Best five of five to seven cards, standard high (hold'em, stud), read by phevaluator.
    Give the board first: among equal fives the first found is kept, so when the board
    plays the best five is the board itself."""
    return _phe_best(combinations(cards, 5))


def omaha_high(hole: Sequence[str], board: Sequence[str]) -> Evaluated:
    """Best Omaha high hand, exactly two hole cards and three board cards, read by phevaluator."""
    return _phe_best(two + three for two in combinations(hole, 2) for three in combinations(board, 3))


def standard_high_strength(cards: Sequence[str]) -> int:
    """Strength only, for bulk work: one phevaluator call on all five to seven cards."""
    from phevaluator.evaluator import evaluate_cards

    return STANDARD_CLASSES - evaluate_cards(*[_PHE_ID[card] for card in cards])


def omaha_high_strength(hole: Sequence[str], board: Sequence[str]) -> int:
    """Strength only, for bulk work. phevaluator has one call for four hole cards and a full
    board; other shapes (a flop, a turn, five hole cards) go through the five-card search."""
    if len(hole) == 4 and len(board) == 5:
        from phevaluator.evaluator_omaha import evaluate_omaha_cards

        return STANDARD_CLASSES - evaluate_omaha_cards(*[_PHE_ID[card] for card in (*board, *hole)])
    return omaha_high(hole, board)[0]


def piquet_high(game: str, cards: Sequence[str]) -> Evaluated:
    """Best 32-card (piquet) hand of five to seven cards, by floorman's own evaluator (pokerkit
    has none); `game` names the suit order. Give the board first, as for standard_high."""
    from floorman.evaluation import piquet

    strength, five, category, _ = piquet.best_hand(cards, piquet.SUIT_ORDERS[game])
    return strength, five, category


_LOW_RANKS = frozenset("A2345678")


def pokerkit_read(evaluator: str, hole: Sequence[str], board: Sequence[str]) -> Evaluated | None:
    """Best hand by pokerkit's evaluator of that name (short deck, every low), or None if
    no hand qualifies (an 8-or-better low that is not there)."""
    hand_type = _pokerkit_hand_types()[evaluator]
    if evaluator in (games.EIGHT_OR_BETTER, games.OMAHA_EIGHT_OR_BETTER):
        # A card above eight can never be part of an 8-or-better low: pokerkit reads the same
        # best low from the low cards alone, over far fewer five-card combinations.
        hole = tuple(card for card in hole if card[0] in _LOW_RANKS)
        board = tuple(card for card in board if card[0] in _LOW_RANKS)
        need_hole, need_board = (2, 3) if evaluator == games.OMAHA_EIGHT_OR_BETTER else (0, 0)
        if len(hole) < need_hole or len(board) < need_board or len(hole) + len(board) < 5:
            return None
    # pokerkit parses one string of cards; a list of strings would pass through unparsed.
    hole_text, board_text = "".join(hole), "".join(board)
    if evaluator != games.OMAHA_EIGHT_OR_BETTER:
        # Any-five hands search all the cards in order and keep the first of equal fives:
        # board first, so that when the board plays the best five is the board.
        hole_text, board_text = board_text + hole_text, ""
    hand = hand_type.from_game_or_none(hole_text, board_text)
    if hand is None:
        return None
    entry = hand.entry
    strength = -entry.index if hand_type.low else entry.index
    return strength, tuple(repr(card) for card in hand.cards), entry.label.value.lower()
