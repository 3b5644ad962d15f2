"""Tests for floorman.model.pots: uncalled bets, main and side pots, awards, odd chips, net results.

The worked examples come from the seed rule guides in shared/seeds/ (beside the repository); pokerkit is used as an
oracle for pot building and for awards where it agrees with the TDA.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from floorman.model.pots import (
    Pot,
    PotAward,
    award_pots,
    build_pots,
    net_results,
    pot_name,
    uncalled_bet,
)

A, B, C, D = 1, 2, 3, 4  # the seed examples' players, sitting in seats 1-4


def without_uncalled(contributions: dict[int, int]) -> tuple[dict[int, int], tuple[int, int] | None]:
    """The contributions left in the pots once the uncalled bet goes back."""
    uncalled = uncalled_bet(contributions)
    matched = dict(contributions)
    if uncalled is not None:
        matched[uncalled[0]] -= uncalled[1]
    return matched, uncalled


# --- worked examples from the seeds ----------------------------------------------------------


def test_seed_000_side_pots_worked_example():
    """000 "Side pots: a worked example": A all-in 40, B all-in 100, C and D call 100,
    on the flop C bets 150 and D calls. Hands rank A > B > C > D."""
    contributions = {A: 40, B: 100, C: 250, D: 250}
    matched, uncalled = without_uncalled(contributions)
    assert uncalled is None
    pots = build_pots(matched, live={A, B, C, D})
    assert pots == [Pot(160, (A, B, C, D)), Pot(180, (B, C, D)), Pot(300, (C, D))]
    assert sum(pot.amount for pot in pots) == 640
    assert [pot_name(i) for i in range(3)] == ["main pot", "side pot 1", "side pot 2"]

    awards = award_pots(pots, strength_high={A: 4, B: 3, C: 2, D: 1}, strength_low=None,
                        seat_order_from_button=[A, B, C, D])
    # Side pots first, working back to the main pot.
    assert [(award.name, award.shares) for award in awards] == [
        ("side pot 2", {C: 300}), ("side pot 1", {B: 180}), ("main pot", {A: 160})]
    net = net_results(contributions, uncalled, awards)
    assert net == {A: 120, B: 80, C: 50, D: -250}
    assert sum(net.values()) == 0


def test_seed_001_four_way_all_in_best_hand_in_the_middle():
    """001: contributions A 50, B 100, C 200, D 200 make a $550 pot in three layers.
    Quick rule check 3: B has the best hand and wins $350 (main + side pot 1); C and D contest $200."""
    contributions = {A: 50, B: 100, C: 200, D: 200}
    pots = build_pots(contributions, live={A, B, C, D})
    assert pots == [Pot(200, (A, B, C, D)), Pot(150, (B, C, D)), Pot(200, (C, D))]
    assert sum(pot.amount for pot in pots) == 550

    awards = award_pots(pots, strength_high={A: 1, B: 9, C: 5, D: 3}, strength_low=None,
                        seat_order_from_button=[A, B, C, D])
    by_pot = {award.pot_index: award for award in awards}
    assert by_pot[0].shares == {B: 200} and by_pot[1].shares == {B: 150}
    assert by_pot[2].shares == {C: 200}  # B cannot win the second side pot
    assert net_results(contributions, None, awards) == {A: -50, B: 250, C: 0, D: -200}


def test_seed_001_simple_main_pot_and_uncalled_bet():
    """001: "A commits 50, B and C call 50 -> main pot 150"; and an unmatched extra bet comes back:
    a bet of 300 into a player with 180 who calls all-in returns 120."""
    assert uncalled_bet({A: 50, B: 50, C: 50}) is None
    assert build_pots({A: 50, B: 50, C: 50}, live={A, B, C}) == [Pot(150, (A, B, C))]

    contributions = {A: 300, B: 180}
    assert uncalled_bet(contributions) == (A, 120)
    matched, uncalled = without_uncalled(contributions)
    assert build_pots(matched, live={A, B}) == [Pot(360, (A, B))]
    awards = award_pots(build_pots(matched, live={A, B}), strength_high={A: 1, B: 2}, strength_low=None,
                        seat_order_from_button=[A, B])
    assert net_results(contributions, uncalled, awards) == {A: -180, B: 180}


def test_seed_002_short_stack_wins_only_the_main_pot():
    """002: three players all in for 50, 200, 200: main pot 150 (3 players), side pot 300 (2 players).
    The short stack's best hand takes only the main pot; the side pot goes to the better of the other two."""
    contributions = {A: 50, B: 200, C: 200}
    pots = build_pots(contributions, live={A, B, C})
    assert pots == [Pot(150, (A, B, C)), Pot(300, (B, C))]
    awards = award_pots(pots, strength_high={A: 3, B: 1, C: 2}, strength_low=None,
                        seat_order_from_button=[A, B, C])
    assert [(award.pot_index, award.shares) for award in awards] == [(1, {C: 300}), (0, {A: 150})]
    assert net_results(contributions, None, awards) == {A: 100, B: -200, C: 100}


# --- uncalled bets and pot building ------------------------------------------------------------


def test_uncalled_bet_edge_cases():
    assert uncalled_bet({}) is None
    assert uncalled_bet({5: 0, 6: 0}) is None
    assert uncalled_bet({5: 100, 6: 100, 7: 40}) is None        # tie for the largest: all matched
    assert uncalled_bet({5: 3}) == (5, 3)                        # nobody else put anything in
    assert uncalled_bet({5: 1, 6: 2, 7: 0}) == (6, 1)            # a walk: the big blind gets 1 back
    with pytest.raises(ValueError):
        uncalled_bet({5: -1})


def test_folded_chips_are_dead_money_in_the_layers_they_reach():
    """A folded player's chips stay in: up to each all-in level, in the pots they reached."""
    # Seat 3 all-in 100; seat 4 folded after putting in 150; seats 5 and 6 went on to 300.
    pots = build_pots({3: 100, 4: 150, 5: 300, 6: 300}, live={3, 5, 6})
    assert pots == [Pot(400, (3, 5, 6)), Pot(450, (5, 6))]


def test_dead_money_can_make_a_single_player_pot():
    """Seat 2 folded after matching seat 1's 200; seat 3 is all-in for 100. Seat 1 is the only live
    player above 100, yet seat 2's chips there are in the pot: a side pot with one eligible seat."""
    pots = build_pots({1: 200, 2: 200, 3: 100}, live={1, 3})
    assert pots == [Pot(300, (1, 3)), Pot(200, (1,))]
    awards = award_pots(pots, strength_high={1: 1, 3: 2}, strength_low=None, seat_order_from_button=[1, 3])
    assert [(award.pot_index, award.shares) for award in awards] == [(1, {1: 200}), (0, {3: 300})]


def test_single_eligible_pot_needs_no_hand_read():
    awards = award_pots([Pot(75, (4,))], strength_high=None, strength_low=None, seat_order_from_button=[4])
    assert awards == [PotAward(0, 75, {4: 75}, (4,), (), {})]


def test_empty_pots_are_dropped_and_no_live_seat_is_an_error():
    assert build_pots({1: 0, 2: 0}, live={1, 2}) == []
    with pytest.raises(ValueError):
        build_pots({1: 10, 2: 10}, live=set())


def test_big_blind_ante_is_dead_money_not_a_bet_to_match():
    """BBA (TDA RP-11): seat 3 posts a 100 ante and a 100 big blind, seat 4 goes all in for 150 and
    seat 3 calls; seat 2 folds its 50 small blind. The ante is dead money in the main pot, so nothing
    is uncalled. Counted as a bet, it would wrongly send 100 back to seat 3."""
    contributions = {2: 50, 3: 250, 4: 150}
    ante = {3: 100}
    assert uncalled_bet(contributions) == (3, 100)                   # the naive reading
    assert uncalled_bet(contributions, dead_money=ante) is None
    assert build_pots(contributions, live={3, 4}, dead_money=ante) == [Pot(450, (3, 4))]


def test_ante_only_all_in_can_win_the_antes():
    """Everyone antes 10 (dead); seat 1 is all in for the ante alone; seats 2 and 3 bet 100 each."""
    contributions = {1: 10, 2: 110, 3: 110}
    antes = {1: 10, 2: 10, 3: 10}
    assert build_pots(contributions, live={1, 2, 3}, dead_money=antes) == [Pot(30, (1, 2, 3)), Pot(200, (2, 3))]


# --- odd chips ---------------------------------------------------------------------------------


def test_odd_chip_goes_to_first_winner_left_of_the_button():
    """201 split two ways in a flop game: the first winner left of the button gets 101.
    Button on seat 5: seat 7 is left of the button before seat 3, so seat 7 gets the odd chip."""
    awards = award_pots([Pot(201, (3, 7))], strength_high={3: 10, 7: 10}, strength_low=None,
                        seat_order_from_button=[7, 3])
    (award,) = awards
    assert award.shares == {7: 101, 3: 100}
    assert award.odd_chips == {7: 1}
    assert award.winners_high == (3, 7)


def test_pot_is_broken_down_to_the_smallest_chip_first():
    """Smallest chip 25, pot 1,075 split two ways: 43 units -> 22 and 21 units, 550 / 525."""
    (award,) = award_pots([Pot(1075, (2, 6))], strength_high={2: 5, 6: 5}, strength_low=None,
                          seat_order_from_button=[2, 6], smallest_chip=25)
    assert award.shares == {2: 550, 6: 525}
    assert award.odd_chips == {2: 25}


def test_several_odd_chips_go_one_at_a_time():
    """Three-way tie for 152 (1-chip units): 50 each and two odd chips, one each to the first two winners
    left of the button: 51, 51, 50. (pokerkit gives both to the first winner: see the pokerkit tests.)"""
    (award,) = award_pots([Pot(152, (1, 3, 4))], strength_high={1: 7, 3: 7, 4: 7}, strength_low=None,
                          seat_order_from_button=[1, 3, 4])
    assert award.shares == {1: 51, 3: 51, 4: 50}
    assert award.odd_chips == {1: 1, 3: 1}


def test_sub_unit_remainder_is_an_odd_chip():
    """A pot that the stated smallest chip does not divide: the leftover below one unit is an odd chip."""
    (award,) = award_pots([Pot(110, (1, 2))], strength_high={1: 1, 2: 1}, strength_low=None,
                          seat_order_from_button=[2, 1], smallest_chip=25)
    assert award.shares == {2: 60, 1: 50}
    assert award.odd_chips == {2: 10}


def test_hi_lo_even_pot_splits_in_half():
    """1,050 with smallest chip 25 is 42 units: 21 to the high hand, 21 to the low hand."""
    (award,) = award_pots([Pot(1050, (1, 2, 3))], strength_high={1: 9, 2: 5, 3: 1},
                          strength_low={2: 4, 3: 7}, seat_order_from_button=[1, 2, 3], smallest_chip=25)
    assert award.shares == {1: 525, 3: 525}
    assert award.winners_high == (1,) and award.winners_low == (3,)
    assert award.odd_chips == {}


def test_hi_lo_odd_unit_of_the_whole_pot_goes_high():
    """1,075 with smallest chip 25 is 43 units: the odd unit goes to the high half (550), low gets 525,
    even though the low hand sits first left of the button."""
    (award,) = award_pots([Pot(1075, (1, 2))], strength_high={1: 2, 2: 1}, strength_low={2: 3},
                          seat_order_from_button=[2, 1], smallest_chip=25)
    assert award.shares == {1: 550, 2: 525}
    assert award.odd_chips == {1: 25}


def test_hi_lo_tied_low_half_is_split_by_the_odd_chip_rule():
    """1,075 (chip 25): high 550 to seat 1; the low half 525 (21 units) is tied between seats 4 and 2:
    11 units to the first of them left of the button (button on 3: seat 4 first), 10 to the other."""
    (award,) = award_pots([Pot(1075, (1, 2, 4))], strength_high={1: 9, 2: 1, 4: 2},
                          strength_low={2: 5, 4: 5}, seat_order_from_button=[4, 1, 2], smallest_chip=25)
    assert award.shares == {1: 550, 4: 275, 2: 250}
    assert award.winners_low == (2, 4)
    assert award.odd_chips == {1: 25, 4: 25}


def test_hi_lo_tied_high_half_takes_the_whole_pots_odd_unit_before_splitting():
    """1,075 (chip 25): the high half is 22 units, split evenly 11/11 between tied high hands."""
    (award,) = award_pots([Pot(1075, (1, 2, 3))], strength_high={1: 9, 2: 9, 3: 1},
                          strength_low={3: 5}, seat_order_from_button=[1, 2, 3], smallest_chip=25)
    assert award.shares == {1: 275, 2: 275, 3: 525}


def test_hi_lo_without_a_qualifying_low_the_high_hand_scoops():
    (award,) = award_pots([Pot(1075, (1, 2))], strength_high={1: 2, 2: 1}, strength_low={},
                          seat_order_from_button=[1, 2], smallest_chip=25)
    assert award.shares == {1: 1075}
    assert award.winners_low == ()
    # A low held only by a seat not eligible for this pot does not count either.
    (award,) = award_pots([Pot(1075, (1, 2))], strength_high={1: 2, 2: 1}, strength_low={5: 9, 2: None},
                          seat_order_from_button=[1, 2], smallest_chip=25)
    assert award.shares == {1: 1075}


def test_hi_lo_one_player_wins_both_halves():
    (award,) = award_pots([Pot(1075, (1, 2))], strength_high={1: 2, 2: 1}, strength_low={1: 3, 2: 1},
                          seat_order_from_button=[2, 1], smallest_chip=25)
    assert award.shares == {1: 1075}
    assert award.winners_high == (1,) and award.winners_low == (1,)


def test_low_only_game_low_wins_everything():
    """Razz / 2-7: only low strengths are given; the best low takes the pot, tied lows split."""
    (award,) = award_pots([Pot(300, (1, 2, 3))], strength_high=None, strength_low={1: 1, 2: 8, 3: 8},
                          seat_order_from_button=[1, 2, 3], smallest_chip=25, odd_chip_rule="high-card-by-suit",
                          high_card_by_suit={2: "8c", 3: "8d"})
    assert award.winners_high == (2, 3) and award.winners_low == ()
    assert award.shares == {3: 150, 2: 150}
    (award,) = award_pots([Pot(325, (1, 2, 3))], strength_high=None, strength_low={1: 1, 2: 8, 3: 8},
                          seat_order_from_button=[1, 2, 3], smallest_chip=25, odd_chip_rule="high-card-by-suit",
                          high_card_by_suit={2: "8c", 3: "8d"})
    assert award.shares == {3: 175, 2: 150}     # 8d beats 8c for the odd chip


def test_stud_odd_chip_goes_to_the_high_card_by_suit():
    """Stud, tied hands for 201: the odd chip goes to the winner whose hand holds the highest card by
    suit, As beating Ah, so seat 6 gets 101 although seat 2 sits first.

    TDA 2024 rule 20-B / 2026 rule 21-B. pokerkit 0.7.7 departs from the TDA here: its push_chips gives
    the odd chip to the lowest player index (player_indices[0]) in every game, stud included. We assert
    the TDA answer."""
    (award,) = award_pots([Pot(201, (2, 6))], strength_high={2: 50, 6: 50}, strength_low=None,
                          seat_order_from_button=[2, 6], odd_chip_rule="high-card-by-suit",
                          high_card_by_suit={2: "Ah", 6: "As"})
    assert award.shares == {6: 101, 2: 100}
    assert award.odd_chips == {6: 1}


def test_stud_several_odd_chips_follow_the_card_ranking():
    """Three tied stud hands for 5 units of 5: the two odd units go to Kd then Kc; Qs gets none."""
    (award,) = award_pots([Pot(25, (1, 2, 3))], strength_high={1: 1, 2: 1, 3: 1}, strength_low=None,
                          seat_order_from_button=[1, 2, 3], smallest_chip=5, odd_chip_rule="high-card-by-suit",
                          high_card_by_suit={1: "Qs", 2: "Kc", 3: "Kd"})
    assert award.shares == {3: 10, 2: 10, 1: 5}


def test_stud_hi_lo_low_half_uses_the_low_hands_card():
    (award,) = award_pots([Pot(25, (1, 2, 3))], strength_high={1: 9, 2: 1, 3: 1},
                          strength_low={2: 5, 3: 5}, seat_order_from_button=[1, 2, 3], smallest_chip=5,
                          odd_chip_rule="high-card-by-suit", high_card_by_suit={1: "Ac", 2: "Kh", 3: "Ks"},
                          low_card_by_suit={2: "8s", 3: "8h"})
    # 5 units: 3 high to seat 1; 2 low units split 1/1, no odd chip there.
    assert award.shares == {1: 15, 2: 5, 3: 5}
    (award,) = award_pots([Pot(35, (1, 2, 3))], strength_high={1: 9, 2: 1, 3: 1},
                          strength_low={2: 5, 3: 5}, seat_order_from_button=[1, 2, 3], smallest_chip=5,
                          odd_chip_rule="high-card-by-suit", high_card_by_suit={1: "Ac", 2: "Kh", 3: "Ks"},
                          low_card_by_suit={2: "8s", 3: "8h"})
    # 7 units: 4 high, 3 low -> the low odd unit goes to 8s (seat 2), not to Ks's owner (seat 3).
    assert award.shares == {1: 20, 2: 10, 3: 5}


def test_mucked_hand_cannot_win():
    """A seat missing from the strengths (mucked at showdown) does not contend for the pot."""
    (award,) = award_pots([Pot(100, (1, 2, 3))], strength_high={2: 1, 3: 0}, strength_low=None,
                          seat_order_from_button=[1, 2, 3])
    assert award.shares == {2: 100}


def test_award_argument_errors():
    pot = Pot(100, (1, 2))
    with pytest.raises(ValueError):
        award_pots([pot], strength_high=None, strength_low=None, seat_order_from_button=[1, 2])
    with pytest.raises(ValueError):
        award_pots([pot], strength_high={1: 1, 2: 1}, strength_low=None, seat_order_from_button=[1, 2],
                   odd_chip_rule="random")
    with pytest.raises(ValueError):
        award_pots([pot], strength_high={1: 1, 2: 1}, strength_low=None, seat_order_from_button=[1, 2],
                   smallest_chip=0)
    with pytest.raises(ValueError):  # stud odd chip without the cards
        award_pots([Pot(101, (1, 2))], strength_high={1: 1, 2: 1}, strength_low=None,
                   seat_order_from_button=[1, 2], odd_chip_rule="high-card-by-suit")
    with pytest.raises(ValueError):  # a split winner missing from the seat order
        award_pots([Pot(101, (1, 2))], strength_high={1: 1, 2: 1}, strength_low=None, seat_order_from_button=[1])
    with pytest.raises(ValueError):  # nobody showed a hand
        award_pots([pot], strength_high={}, strength_low=None, seat_order_from_button=[1, 2])


# --- properties --------------------------------------------------------------------------------


@st.composite
def hands(draw):
    """A random end of hand: contributions, live seats, strengths, lows, smallest chip."""
    seats = draw(st.lists(st.integers(1, 10), min_size=2, max_size=9, unique=True))
    contributions = {seat: draw(st.integers(0, 400)) for seat in seats}
    live = set(draw(st.lists(st.sampled_from(seats), min_size=1, unique=True)))
    strength_high = {seat: draw(st.integers(0, 3)) for seat in live}
    strength_low = draw(st.none() | st.dictionaries(st.sampled_from(sorted(live)), st.integers(0, 3)))
    smallest_chip = draw(st.sampled_from([1, 5, 25]))
    button = draw(st.integers(1, 10))  # a 10-seat table
    order = sorted(live, key=lambda seat: (seat - button - 1) % 10)
    return contributions, live, strength_high, strength_low, smallest_chip, order


@settings(max_examples=400, deadline=None)
@given(hands())
def test_chips_are_conserved_and_pots_only_go_to_eligible_seats(hand):
    contributions, live, strength_high, strength_low, smallest_chip, order = hand
    matched, uncalled = without_uncalled(contributions)
    pots = build_pots(matched, live)
    returned = uncalled[1] if uncalled else 0
    assert sum(pot.amount for pot in pots) + returned == sum(contributions.values())

    for pot in pots:
        assert pot.amount > 0
        assert pot.eligible and set(pot.eligible) <= live and list(pot.eligible) == sorted(pot.eligible)
    for outer, inner in zip(pots, pots[1:]):  # each side pot is contested by fewer players
        assert set(inner.eligible) < set(outer.eligible)

    awards = award_pots(pots, strength_high=strength_high, strength_low=strength_low,
                        seat_order_from_button=order, smallest_chip=smallest_chip)
    assert [award.pot_index for award in awards] == list(reversed(range(len(pots))))
    for award in awards:
        pot = pots[award.pot_index]
        assert award.amount == pot.amount == sum(award.shares.values())
        assert set(award.shares) <= set(pot.eligible)
        assert all(chips > 0 for chips in award.shares.values())
        assert set(award.odd_chips) <= set(award.shares)
        # Shares are whole units of the smallest chip, except that one seat may hold the sub-unit remainder.
        off_unit = [seat for seat, chips in award.shares.items() if chips % smallest_chip]
        assert len(off_unit) <= (1 if pot.amount % smallest_chip else 0)
        # The winners hold the best eligible high hand.
        if len(pot.eligible) > 1:
            best = max(strength_high[seat] for seat in pot.eligible)
            assert all(strength_high[seat] == best for seat in award.winners_high)
            if not award.winners_low:  # no split: winners' shares differ by at most one unit (+ remainder)
                shares = [award.shares.get(seat, 0) for seat in award.winners_high]
                assert max(shares) - min(shares) <= smallest_chip + pot.amount % smallest_chip

    net = net_results(contributions, uncalled, awards)
    assert sum(net.values()) == 0
    assert set(contributions) <= set(net)
    for seat in set(contributions) - live:  # folded seats lose exactly what they put in (less any uncalled)
        assert net[seat] == -matched[seat]


# --- pokerkit as an oracle -------------------------------------------------------------------

pokerkit = pytest.importorskip("pokerkit")
from pokerkit import Automation, NoLimitTexasHoldem, StandardHighHand  # noqa: E402

# pokerkit posts, collects and kills losing hands; the test deals, shows, and pushes the pots.
_AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
                Automation.CARD_BURNING, Automation.HAND_KILLING)
# We deal our own cards; pokerkit warns when they are not the top of its own shuffled deck.
_OWN_CARDS = pytest.mark.filterwarnings("ignore:A card being dealt:UserWarning")
_DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
# Boards that everybody plays (ties and odd chips), and any random board.
_BOARDS_PLAYED_BY_ALL = ["AsKsQsJsTs", "5c6d7h8s9c", "AhAdAcAsKd"]


def _all_in_preflop(stacks, folders, hole_cards):
    """Play a no-limit hold'em hand where everyone shoves or calls pre-flop, except the players in
    `folders`, who fold when they can. pokerkit player i sits in seat i + 1, the button in the last
    seat (heads-up: player 1), so seat order from the button is plain seat order."""
    state = NoLimitTexasHoldem.create_state(_AUTOMATIONS, True, 0, (1, 2), 2, stacks, len(stacks))
    for cards in hole_cards:
        state.deal_hole(cards)
    while state.actor_index is not None:
        if state.actor_index in folders and state.can_fold():
            state.fold()
        elif state.can_complete_bet_or_raise_to():
            state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
        else:
            state.check_or_call()
    return state


def _show_down_and_pay(state, board):
    """Table every hand, run out the board, and let pokerkit push and pull the pots."""
    while state.can_show_or_muck_hole_cards():
        state.show_or_muck_hole_cards(True)
    for street in (board[:6], board[6:8], board[8:]):
        if state.can_deal_board():
            state.deal_board(street)
    while state.can_push_chips():
        state.push_chips()
    while state.can_pull_chips():
        state.pull_chips()
    assert not state.status  # the hand is over


@st.composite
def all_in_hands(draw, distinct_stacks: bool):
    n = draw(st.integers(2, 7))
    stack = st.integers(1, 300)
    stacks = draw(st.lists(stack, min_size=n, max_size=n, unique=distinct_stacks))
    folders = set(draw(st.lists(st.integers(0, n - 1), max_size=n - 1, unique=True)))
    deck = draw(st.permutations(_DECK))
    board = draw(st.sampled_from(_BOARDS_PLAYED_BY_ALL + ["random"]))
    if board == "random":
        board, rest = "".join(deck[:5]), deck[5:]
    else:
        rest = [card for card in deck if card not in board]
    holes = ["".join(rest[2 * i:2 * i + 2]) for i in range(n)]
    return stacks, folders, holes, board


@_OWN_CARDS
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(all_in_hands(distinct_stacks=True))
def test_pots_match_pokerkit_with_distinct_all_in_stacks(hand):
    stacks, folders, holes, _ = hand
    state = _all_in_preflop(stacks, folders, holes)
    contributions = {i + 1: -payoff for i, payoff in enumerate(state.payoffs)}  # uncalled already returned
    live = {i + 1 for i, in_hand in enumerate(state.statuses) if in_hand}
    expected = [Pot(pot.amount, tuple(i + 1 for i in pot.player_indices)) for pot in state.pots]
    event(f"live players: {min(len(live), 3)}{'+' if len(live) >= 3 else ''}, pots: {len(expected)}")
    if len(live) > 1:
        assert uncalled_bet(contributions) is None  # pokerkit has already given it back
        assert build_pots(contributions, live) == expected
    else:
        # Everyone else folded: pokerkit has not returned the uncalled bet (its last bets are still
        # in front of the players, outside its pots), so there is nothing to compare; the payout is
        # compared in the award test below. Ours: the uncalled bet goes back, the rest is one pot.
        (winner,) = live
        matched, uncalled = without_uncalled(contributions)
        assert uncalled is None or uncalled[0] == winner
        assert build_pots(matched, live) == [Pot(sum(matched.values()), (winner,))]


def _pokerkit_style_payout(pots, strength, contributions, uncalled):
    """What pokerkit 0.7.7 pays, modelled on our pots, with its two departures from the TDA:

    1. after the showdown it kills every hand that wins nothing and rebuilds the pots, merging
       adjacent pots left with the same contenders, so side pots are mixed before being split
       (TDA 2024 rule 21 / 2026 rule 23 splits each side pot on its own);
    2. all odd chips of a split go to the first winner (lowest player index = first seat left of
       the button), not one at a time.
    """
    winners = {seat for pot in pots for seat in pot.eligible
               if strength.get(seat) is not None
               and strength[seat] == max(strength[s] for s in pot.eligible if strength.get(s) is not None)}
    merged: list[list] = []  # [amount, contenders]
    for pot in pots:
        contenders = tuple(seat for seat in pot.eligible if seat in winners or len(pot.eligible) == 1)
        if merged and merged[-1][1] == contenders:
            merged[-1][0] += pot.amount
        else:
            merged.append([pot.amount, contenders])
    result = {seat: -chips for seat, chips in contributions.items()}
    if uncalled:
        result[uncalled[0]] += uncalled[1]
    for amount, contenders in merged:
        best = max(strength.get(seat) for seat in contenders) if len(contenders) > 1 else None
        pot_winners = [seat for seat in contenders if len(contenders) == 1 or strength[seat] == best]
        each, odd = divmod(amount, len(pot_winners))
        for seat in pot_winners:
            result[seat] += each
        result[pot_winners[0]] += odd
    return result


@_OWN_CARDS
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(all_in_hands(distinct_stacks=False))
def test_awards_match_pokerkit_where_it_follows_the_tda(hand):
    """Full hands to showdown, checked against pokerkit's payouts.

    Where no pot has an odd chip, pokerkit and the TDA agree, and so must we. Where there are odd
    chips, pokerkit departs from the TDA in two ways (see _pokerkit_style_payout): we check that
    pokerkit's payouts are exactly what those two departures predict from our pots, and that ours
    are the TDA's (the unit tests above)."""
    stacks, folders, holes, board = hand
    state = _all_in_preflop(stacks, folders, holes)
    contributions = {i + 1: -payoff for i, payoff in enumerate(state.payoffs)}
    live = {i + 1 for i, in_hand in enumerate(state.statuses) if in_hand}
    matched, uncalled = without_uncalled(contributions)  # only left over when everyone else folded
    pots = build_pots(matched, live)
    strength = {seat: StandardHighHand.from_game(holes[seat - 1], board) for seat in live}
    awards = award_pots(pots, strength_high=strength, strength_low=None, seat_order_from_button=sorted(live))
    ours = net_results(contributions, uncalled, awards)

    _show_down_and_pay(state, board)
    theirs = {i + 1: stack - start for i, (stack, start) in enumerate(zip(state.stacks, stacks))}

    odd_chips = any(award.odd_chips for award in awards)
    departs = ours != _pokerkit_style_payout(pots, strength, contributions, uncalled)
    event(f"pots: {len(pots)}, odd chips: {odd_chips}, pokerkit departs from the TDA: {departs}")
    if not odd_chips:
        assert ours == theirs
    assert theirs == _pokerkit_style_payout(pots, strength, contributions, uncalled)
    assert sum(ours.values()) == 0


@_OWN_CARDS
def test_pokerkit_mixes_side_pots_before_splitting_them():
    """Departure from the TDA: seats 3 and 6 tie with ten-high straights for a 7-chip main pot and a
    3-chip side pot. TDA 2024 rule 21 / 2026 rule 23 splits each pot on its own: main 4/3 and side
    2/1, the odd chip of each to seat 3 (first left of the button), so seat 3 nets +4 and seat 6 +2.
    pokerkit merges the two pots once the losing hands are killed and splits 10 chips 5/5."""
    holes = ["2c2d", "2s3c", "3dTd", "3s4c", "4d4h", "4sTc", "5h5s"]
    state = _all_in_preflop([1, 1, 2, 1, 1, 2, 2], set(), holes)
    contributions = {i + 1: -payoff for i, payoff in enumerate(state.payoffs)}
    pots = build_pots(contributions, live=set(range(1, 8)))
    assert pots == [Pot(7, (1, 2, 3, 4, 5, 6, 7)), Pot(3, (3, 6, 7))]
    board = "5c6d7h8s9c"
    strength = {seat: StandardHighHand.from_game(holes[seat - 1], board) for seat in range(1, 8)}
    awards = award_pots(pots, strength_high=strength, strength_low=None, seat_order_from_button=range(1, 8))
    assert [award.shares for award in awards] == [{3: 2, 6: 1}, {3: 4, 6: 3}]
    net = net_results(contributions, None, awards)
    assert (net[3], net[6]) == (4, 2)                       # TDA

    _show_down_and_pay(state, board)
    assert (state.stacks[2] - 2, state.stacks[5] - 2) == (3, 3)  # pokerkit


@_OWN_CARDS
def test_pokerkit_gives_all_odd_chips_to_the_first_winner():
    """Departure from the TDA: a 152 pot shared three ways (everyone plays a royal-flush board).
    pokerkit pays 52/50/50; the TDA hands the two odd chips out one at a time: 51/51/50."""
    state = _all_in_preflop((50, 50, 50, 50), folders={1}, hole_cards=["2c3c", "4d5d", "2h3h", "4s5s"])
    contributions = {i + 1: -payoff for i, payoff in enumerate(state.payoffs)}
    live = {i + 1 for i, in_hand in enumerate(state.statuses) if in_hand}
    assert (contributions, live) == ({1: 50, 2: 2, 3: 50, 4: 50}, {1, 3, 4})
    _show_down_and_pay(state, "AsKsQsJsTs")
    assert list(state.stacks) == [52, 48, 50, 50]          # pokerkit

    awards = award_pots(build_pots(contributions, live), strength_high={1: 1, 3: 1, 4: 1}, strength_low=None,
                        seat_order_from_button=[1, 3, 4])
    assert awards[0].shares == {1: 51, 3: 51, 4: 50}       # TDA
