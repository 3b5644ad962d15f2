"""The 32-card (piquet) evaluator, held EXHAUSTIVELY to an independent brute-force ranking.

Every one of the C(32, 5) = 201,376 five-card hands is ranked twice: by floorman's evaluator
(floorman/evaluation/piquet.py) and by the ranking written out below from the seed's text
(004_50681841f5e099c0.txt) a different way: categories from a table of rank-count shapes,
straights from an explicit list of the five rank windows, kickers spelled out per category.
The two orders must agree exactly: the same hands tie, and every other pair of hands is in the
same order.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest

from floorman.evaluation import piquet, read_hands
from floorman.evaluation.games import InvalidHand

DECK = [rank + suit for rank in "789TJQKA" for suit in "cdhs"]

# The five straights, lowest first: the ace plays under the seven (seed: A789T is lower than 789TJ).
WINDOWS = ["A789T", "789TJ", "89TJQ", "9TJQK", "TJQKA"]
ORDER = "789TJQKA"
# Categories worst first; the flush is above the full house (seed 004).
LADDER = ["high", "pair", "twopair", "trips", "straight", "fullhouse", "flush", "quads", "straightflush"]
SHAPE = {(1, 1, 1, 1, 1): "high", (1, 1, 1, 2): "pair", (1, 2, 2): "twopair", (1, 1, 3): "trips",
         (2, 3): "fullhouse", (1, 4): "quads"}


def brute_key(five: tuple[str, ...], suits_high_first: str) -> tuple:
    ranks = "".join(card[0] for card in five)
    one_suit = all(card[1] == five[0][1] for card in five)
    window = next((i for i, w in enumerate(WINDOWS) if set(w) == set(ranks)), None)
    shape = SHAPE[tuple(sorted(Counter(ranks).values()))]
    suit_value = {s: -i for i, s in enumerate(suits_high_first)}      # higher suit, larger value
    if window is not None:
        top_rank = WINDOWS[window][-1]            # T for A789T: the ten decides
        top_card = next(card for card in five if card[0] == top_rank)
        name = "straightflush" if one_suit else "straight"
        return LADDER.index(name), window, suit_value[top_card[1]]
    if one_suit:
        desc = sorted(ranks, key=ORDER.index, reverse=True)
        return LADDER.index("flush"), [ORDER.index(r) for r in desc], suit_value[five[0][1]]
    counts = Counter(ranks)
    by = {n: sorted((r for r in counts if counts[r] == n), key=ORDER.index, reverse=True) for n in (1, 2, 3, 4)}
    if shape == "quads":
        kick = by[4] + by[1]
    elif shape == "fullhouse":
        kick = by[3] + by[2]
    elif shape == "trips":
        kick = by[3] + by[1]
    elif shape in ("twopair", "pair"):
        kick = by[2] + by[1]
    else:
        kick = by[1]
    return LADDER.index(shape), [ORDER.index(r) for r in kick], 0


@pytest.mark.parametrize("variant", sorted(piquet.SUIT_ORDERS))
def test_every_five_card_hand_ranks_as_the_brute_force_does(variant: str) -> None:
    order = piquet.SUIT_ORDERS[variant]
    hands = list(combinations(DECK, 5))
    assert len(hands) == comb(32, 5) == 201_376
    ours = [piquet.evaluate_five(five, order)[0] for five in hands]
    theirs = [brute_key(five, order) for five in hands]
    ranked = sorted(range(len(hands)), key=lambda i: theirs[i])
    mismatches = []
    for a, b in zip(ranked, ranked[1:]):
        same = theirs[a] == theirs[b]
        if (same and ours[a] != ours[b]) or (not same and not ours[a] < ours[b]):
            mismatches.append((hands[a], hands[b]))
            if len(mismatches) > 5:
                break
    assert not mismatches, mismatches


def test_category_counts_match_the_combinatorics() -> None:
    counts = Counter(piquet.evaluate_five(five)[1] for five in combinations(DECK, 5))
    straights = 5 * (4**5 - 4)
    expected = {
        "straight flush": 5 * 4, "four of a kind": 8 * 28, "full house": 8 * 4 * 7 * 6,
        "flush": 4 * (comb(8, 5) - 5), "straight": straights, "three of a kind": 8 * 4 * comb(7, 2) * 16,
        "two pair": comb(8, 2) * 36 * 24, "one pair": 8 * 6 * comb(7, 3) * 64,
        "high card": (comb(8, 5) - 5) * (4**5 - 4),
    }
    assert counts == expected
    # the seed's reason for the swap: a flush is rarer than a full house in 32 cards
    assert counts["flush"] < counts["full house"]


@pytest.mark.parametrize(("a", "b", "board", "winner"), [
    # S004-05: K-Q-J-T-9 against K-Q-J-T-9, the king of diamonds over the king of spades
    (("Kd", "9c"), ("Ks", "9h"), ("Qh", "Jh", "Tc", "7s", "7d"), "a"),
    # S004-06: two A-7-8-9-T straights: the ten decides, not the ace
    (("As", "Td"), ("Ah", "Tc"), ("7h", "8s", "9c", "Kd", "Qs"), "a"),
    # S004-03: A-7-8-9-T loses to 7-8-9-T-J
    (("Ah", "Kc"), ("Jc", "Kd"), ("7s", "8d", "9h", "Ts", "Qc"), "b"),
    # S004-04: a flush beats a full house
    (("Ah", "Kh"), ("Qs", "Qd"), ("Qh", "9h", "7h", "9s", "Tc"), "a"),
    # pairs with the same ranks tie whatever the suits
    (("Ah", "Kc"), ("As", "Kd"), ("7s", "8d", "Jh", "Js", "Qc"), "tie"),
])
def test_seed_examples_at_showdown(a, b, board, winner) -> None:
    high_a = read_hands("piquet", a, board)[0]
    high_b = read_hands("piquet", b, board)[0]
    assert {"a": high_a.strength > high_b.strength, "b": high_b.strength > high_a.strength,
            "tie": high_a.strength == high_b.strength}[winner]


def test_suit_order_is_part_of_the_variant() -> None:
    board = ("Qh", "Jh", "Tc", "7s", "7d")
    diamonds = read_hands("piquet-bridge-suits", ("Kd", "9c"), board)[0]
    spades = read_hands("piquet-bridge-suits", ("Ks", "9h"), board)[0]
    assert spades.strength > diamonds.strength       # spades > hearts > diamonds > clubs
    assert piquet.suit_order_words("piquet") == "hearts, diamonds, clubs, spades"


def test_ace_low_straight_reads_ten_high() -> None:
    high = read_hands("piquet", ("As", "Td"), ("7h", "8s", "9c", "Kd", "Qs"))[0]
    assert high.name == "straight, ten high"
    assert high.best_five[-1] == "As"


def test_a_card_outside_the_32_card_deck_is_refused() -> None:
    with pytest.raises(InvalidHand, match="not a card that can be read"):
        read_hands("piquet", ("6s", "Td"), ("7h", "8s", "9c", "Kd", "Qs"))
