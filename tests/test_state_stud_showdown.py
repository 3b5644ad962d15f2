"""Stud-family showdowns with every card known (issue 7 item 7): each hand's best five (razz: the
lowest) wins, the odd chip follows TDA 2024 20-B / 2026 21-B (high card by suit in the five-card
hand; in hi-lo the odd chip of the whole pot goes high), and the winners agree with pokerkit's
evaluators on random deals."""

from __future__ import annotations

import random

import pytest

from floorman.evaluation import high_card_by_suit
from floorman.model.cards import RANKS, SUITS
from floorman.model.events import Action, DealHole, Post, Show
from floorman.model.state import HandState
from floorman.model.table import Table


def stud_table(variant: str, seats: int, *, ante: int = 1, chips=None) -> Table:
    raw = {"seats": [{"number": n, "stack": 1000} for n in range(1, seats + 1)], "variant": variant,
           "structure": {"betting": "fixed-limit", "small_bet": 10, "big_bet": 20},
           "forced_bets": {"ante": ante, "ante_style": "every-player", "bring_in": 3}}
    if chips:
        raw["chip_denominations"] = chips
    return Table.model_validate(raw)


def check_down(state: HandState) -> None:
    while state.actor is not None:
        seat = state.actor
        state.apply(Action(seat=seat, action="call" if state.to_call(seat) else "check"))


def play_to_showdown(variant: str, hands: list[str], *, ante: int = 1, chips=None, show_each=True) -> HandState:
    """Antes, the bring-in called round, checks to seventh street, then every hand tabled in the
    showdown order (asked again after each show, as the facts do)."""
    state = HandState(stud_table(variant, len(hands), ante=ante, chips=chips))
    for seat in range(1, len(hands) + 1):
        state.apply(Post(seat=seat, kind="ante", amount=ante))
    for seat, hand in enumerate(hands, start=1):
        state.apply(DealHole(seat=seat, cards=hand[:6]))
    state.apply(Action(seat=state.actor, action="bring-in"))
    check_down(state)
    for first in (6, 8, 10, 12):
        for seat, hand in enumerate(hands, start=1):
            state.apply(DealHole(seat=seat, cards=hand[first:first + 2]))
        check_down(state)
    assert state.betting_complete and state.unfinished() is None
    shown: set[int] = set()
    while show_each and len(shown) < len(hands):
        seat = next(n for n in state.showdown_order() if n not in shown)
        state.apply(Show(seat=seat, cards=hands[seat - 1]))     # tabled, the cards named
        shown.add(seat)
    return state


def test_razz_with_both_hands_tabled_after_seventh_street_is_awarded_to_the_lowest():
    """The audit's case: razz stopped with "a showing hand is 1 to 4 up-cards, got 7"."""
    state = play_to_showdown("razz", ["As2c3d4h5s6c7d", "Ad2d3c4c6h7c8s"])
    result = state.result()
    [award] = result.awards
    assert award.winners_high == (1,) and award.shares == {1: state.pot}
    high, low = result.readings[1]
    assert high is None and low.category == "five-low" and sorted(low.best_five) == sorted(["As", "2c", "3d", "4h", "5s"])
    assert sum(result.net.values()) == 0


def test_razz_with_the_down_cards_unknown_until_they_are_tabled():
    """Hole cards dealt face down as "??" (a hand history), then tabled at the showdown."""
    hands = ["As2c3d4h5s6c7d", "Ad2d3c4c6h7c8s"]
    state = HandState(stud_table("razz", 2))
    for seat in (1, 2):
        state.apply(Post(seat=seat, kind="ante", amount=1))
    for seat, hand in enumerate(hands, start=1):
        state.apply(DealHole(seat=seat, cards=["??", "??", hand[4:6]]))
    state.apply(Action(seat=state.actor, action="bring-in"))
    check_down(state)
    for first in (6, 8, 10):
        for seat, hand in enumerate(hands, start=1):
            state.apply(DealHole(seat=seat, cards=hand[first:first + 2]))
        check_down(state)
    for seat in (1, 2):
        state.apply(DealHole(seat=seat, cards=["??"]))
    check_down(state)
    for seat in state.showdown_order():
        state.apply(Show(seat=seat, cards=hands[seat - 1]))
        state.showdown_order()
    assert state.result().awards[0].shares == {1: state.pot}


def test_stud_best_five_of_seven_wins():
    state = play_to_showdown("stud", ["AsAcKdKh2s7c3d", "2h2d9c9s8h7d6s"])
    result = state.result()
    assert result.awards[0].winners_high == (1,)
    assert result.readings[1][0].category == "two pair"
    assert sum(result.net.values()) == 0


def test_stud_hi_lo_splits_high_and_low_and_the_odd_chip_goes_high():
    """Seat 1 makes a wheel (best high: a straight; and the best low), seat 2 two pair and no
    low: seat 1 scoops. Then a split: seat 1 the low, seat 2 the high, odd pot: the odd chip goes high."""
    scoop = play_to_showdown("stud-hi-lo", ["As2c3d4h5s9cKd", "KhKs9d9hQcQdJs"])
    assert scoop.result().awards[0].shares == {1: scoop.pot}
    split = play_to_showdown("stud-hi-lo", ["As2c3d4h6s9cKd", "KhKsKc9hQcQdJs", "TdTcJdJc8c8d7s"], ante=1)
    # the pot: 3 antes, bring-in 3 called twice = 12
    pot = split.pot
    result = split.result()
    [award] = result.awards
    assert award.winners_high == (2,) and award.winners_low == (1,)
    assert award.shares == {2: pot - pot // 2, 1: pot // 2}
    odd = play_to_showdown("stud-hi-lo", ["As2c3d4h6s9cKd", "KhKsKc9hQcQdJs", "TdTcJdJc8c8d7s"], ante=2)
    assert odd.pot % 2 == 1
    [award] = odd.result().awards
    assert award.shares[2] == award.shares[1] + 1          # the odd chip of the whole pot goes high


def test_razz_tie_splits_and_the_odd_chip_goes_to_the_high_card_by_suit():
    """Both make 5-4-3-2-A: a tie. The odd chip goes to the high card by suit in the five-card
    hand: the 5s (spades) beats the 5h."""
    state = play_to_showdown("razz", ["As2c3d4h5sKcKd", "Ad2d3c4c5hQhQd", "8s8d9s9d7h7c6h"], ante=2)
    assert state.pot % 2 == 1
    result = state.result()
    [award] = result.awards
    assert set(award.winners_high) == {1, 2}
    assert award.shares[1] == award.shares[2] + 1 and award.odd_chips == {1: 1}


def test_stud_tie_odd_chip_by_high_card_of_the_five():
    """Identical straights to the ace: the ace of spades takes the odd chip over the ace of hearts."""
    state = play_to_showdown("stud", ["AsKcQdJhTs2c3c", "AhKdQcJsTd2d3d", "4c4d7s7d8s9h6h"], ante=2)
    assert state.pot % 2 == 1
    [award] = state.result().awards
    assert set(award.winners_high) == {1, 2} and award.odd_chips == {1: 1}


def _deck(rng: random.Random) -> list[str]:
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    rng.shuffle(deck)
    return deck


@pytest.mark.parametrize("variant", ["stud", "stud-hi-lo", "razz"])
def test_random_stud_showdowns_agree_with_pokerkit(variant):
    """60 random 2-4 seat deals per game, every card known: the winners of the pot (high and low
    halves) are pokerkit's best hands, every chip is awarded, and the odd chip rule holds."""
    from pokerkit import EightOrBetterLowHand, RegularLowHand, StandardHighHand

    rng = random.Random(f"stud-showdown-{variant}")
    for _ in range(60):
        players = rng.randint(2, 4)
        deck = _deck(rng)
        hands = ["".join(deck[7 * i: 7 * i + 7]) for i in range(players)]
        state = play_to_showdown(variant, hands, ante=rng.choice([1, 2, 3]))
        result = state.result()
        [award] = result.awards
        assert sum(award.shares.values()) == award.amount == state.pot
        assert sum(result.net.values()) == 0
        seats = range(1, players + 1)
        if variant == "razz":
            lows = {n: RegularLowHand.from_game(hands[n - 1]) for n in seats}
            best = max(lows.values())
            assert set(award.winners_high) == {n for n in seats if lows[n] == best}, hands
            continue
        highs = {n: StandardHighHand.from_game(hands[n - 1]) for n in seats}
        best = max(highs.values())
        assert set(award.winners_high) == {n for n in seats if highs[n] == best}, hands
        if variant == "stud-hi-lo":
            lows = {n: EightOrBetterLowHand.from_game_or_none(hands[n - 1]) for n in seats}
            qualified = {n: low for n, low in lows.items() if low is not None}
            if qualified:
                best_low = max(qualified.values())
                assert set(award.winners_low) == {n for n, low in qualified.items() if low == best_low}, hands
                assert sum(award.shares.get(n, 0) for n in award.winners_high) >= award.amount // 2
            else:
                assert award.winners_low == ()
        if len(award.winners_high) > 1 and not award.winners_low:
            # the odd chip, if any, goes to the high card by suit of the five-card hand
            cards = {n: high_card_by_suit(result.readings[n][0].best_five) for n in award.winners_high}
            top = max(award.winners_high, key=lambda n: (RANKS.index(cards[n][0]), SUITS.index(cards[n][1])))
            assert award.shares[top] == max(award.shares.values())
