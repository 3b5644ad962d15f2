"""Every betting-arithmetic example in the seed guides and the TDA addendum, as unit tests.

Each test names the seed (shared/seeds/<file>) or the addendum example (tda-citation-map §5)
it comes from. Amounts are "to" totals for the street unless the name says otherwise.
"""

from __future__ import annotations

import pytest

from floorman.errors import InvalidEvent
from floorman.model.events import Action, Board, Post
from floorman.model.room import RoomRules
from floorman.model.state import HandState
from floorman.model.table import Table


def make_table(stacks, *, button, sb=1, bb=2, betting="no-limit", fmt="cash", **structure):
    seats = [{"number": n, "stack": s} for n, s in stacks.items()]
    return Table.model_validate({
        "seats": seats, "button": button, "format": fmt,
        "forced_bets": {"small_blind": sb, "big_blind": bb},
        "structure": {"betting": betting, **structure},
    })


def start(stacks, *, button, sb=1, bb=2, sb_seat=None, bb_seat=None, **kw):
    table = make_table(stacks, button=button, sb=sb, bb=bb, **kw)
    state = HandState(table)
    order = table.clockwise_from(button)
    if len(order) == 2:      # heads-up: the button posts the small blind
        sb_seat, bb_seat = sb_seat or button, bb_seat or order[0]
    else:
        sb_seat, bb_seat = sb_seat or order[0], bb_seat or order[1]
    if sb:
        state.apply(Post(seat=sb_seat, kind="small-blind", amount=sb))
    state.apply(Post(seat=bb_seat, kind="big-blind", amount=bb))
    return state


def act(state, *moves):
    """moves: (seat, action[, amount])"""
    for move in moves:
        seat, action, *amount = move
        state.apply(Action(seat=seat, action=action, amount=amount[0] if amount else None))
    return state


def can_raise(state, seat=None):
    return any(o.action in ("bet", "raise") for o in state.legal_options(seat))


def options(state):
    return {o.action for o in state.legal_options()}


SIX = {n: 10_000 for n in range(1, 7)}


# ---------------------------------------------------------------- minimum raise tables
class TestMinimumRaiseTable000:
    """000_31aeb64916a6d0d6.txt, "Minimum bets and the minimum raise rule" ($1/$2 no-limit)."""

    def test_preflop_unraised_big_blind_is_the_bet(self):
        state = start(SIX, button=6)
        assert state.actor == 3
        assert state.min_raise_to() == 4

    def test_preflop_raised_to_6(self):
        state = act(start(SIX, button=6), (3, "raise", 6))
        assert state.min_raise_to() == 10

    def test_preflop_raised_to_6_reraised_to_20(self):
        state = act(start(SIX, button=6), (3, "raise", 6), (4, "raise", 20))
        assert state.min_raise_to() == 34

    def _flop(self):
        state = act(start(SIX, button=6), (3, "call"), (4, "fold"), (5, "fold"), (6, "fold"),
                    (1, "call"), (2, "check"))
        state.apply(Board(cards="2c7d9h"))
        assert state.street == "flop" and state.actor == 1
        return state

    def test_flop_first_bet_10(self):
        state = act(self._flop(), (1, "bet", 10))
        assert state.min_raise_to() == 20

    def test_flop_bet_10_raised_to_35(self):
        state = act(self._flop(), (1, "bet", 10), (2, "raise", 35))
        assert state.min_raise_to() == 60

    def test_flop_bet_10_short_all_in_14_leaves_the_increment_at_10(self):
        state = self._flop()
        state.seats[2].stack = 14     # seat 2 has exactly 14 behind
        act(state, (1, "bet", 10), (2, "all-in"))
        assert state.current_bet == 14
        assert state.actor == 3 and can_raise(state)     # seat 3 has not acted yet
        assert state.min_raise_to() == 24


def test_seed001_bet_10_raised_to_25_min_reraise_is_40():
    """001_24b94a5fee3a2e32.txt: "a player bets $10; another raises to $25 ... to $40" (and quick check 2)."""
    state = act(start(SIX, button=6), (3, "call"), (4, "fold"), (5, "fold"), (6, "fold"), (1, "call"),
                (2, "check"))
    state.apply(Board(cards="2c7d9h"))
    act(state, (1, "bet", 10), (2, "raise", 25))
    assert state.min_raise_to() == 40


def test_seed001_quick_check_1_big_blind_owes_nothing_after_limps():
    """001 quick check 1: everyone calls the $2 big blind; the BB may check or raise."""
    state = act(start(SIX, button=6), (3, "call"), (4, "call"), (5, "call"), (6, "call"), (1, "call"))
    assert state.actor == 2
    assert state.to_call() == 0
    assert options(state) == {"check", "raise"}


def test_seed002_bet_2_min_raise_to_4_and_bet_4_raised_to_10_needs_16():
    """002_241aca88e471cda3.txt: facing 2 the smallest raise is to 4; 4 raised to 10 -> 16."""
    state = act(start(SIX, button=6), (3, "call"), (4, "fold"), (5, "fold"), (6, "fold"), (1, "call"),
                (2, "check"))
    state.apply(Board(cards="2c7d9h"))
    act(state, (1, "bet", 2))
    assert state.min_raise_to() == 4
    state2 = act(start(SIX, button=6), (3, "call"), (4, "fold"), (5, "fold"), (6, "fold"), (1, "call"),
                 (2, "check"))
    state2.apply(Board(cards="2c7d9h"))
    act(state2, (1, "bet", 4), (2, "raise", 10))
    assert state2.min_raise_to() == 16


def test_seed003_bet_100_min_raise_to_200():
    """003_6a5541fcd3c88a93.txt: "If someone bets 100, the minimum raise is to 200"."""
    state = act(start(SIX, button=6, sb=50, bb=100), (3, "call"), (4, "fold"), (5, "fold"), (6, "fold"),
                (1, "call"), (2, "check"))
    state.apply(Board(cards="2c7d9h"))
    act(state, (1, "bet", 100))
    assert state.min_raise_to() == 200


def test_seed000_fifty_percent_example_min_raise_is_40():
    """000: $1/$2, an opening bet of $20 after the flop -> the minimum raise is to $40."""
    state = act(start(SIX, button=6), (3, "call"), (4, "fold"), (5, "fold"), (6, "fold"), (1, "call"),
                (2, "check"))
    state.apply(Board(cards="2c7d9h"))
    act(state, (1, "bet", 20))
    assert state.min_raise_to() == 40
    assert state.to_call() == 20


# ---------------------------------------------------------------- TDA addendum, raise amounts
def _flop_game(stacks, sb, bb, button=6):
    """Everyone limps pre-flop, then the flop comes: seat 1 is first to act post-flop."""
    state = start(stacks, button=button, sb=sb, bb=bb)
    order = state.table.clockwise_from(button)
    if len(order) == 2:   # heads-up: the button (small blind) acts first pre-flop
        moves = [(button, "call"), (order[0], "check")]
    else:
        moves = [(s, "call") for s in order[2:]] + [(order[0], "call"), (order[1], "check")]
    act(state, *moves)
    state.apply(Board(cards="2c7d9h"))
    return state


def test_tda_2024_43_example_1_min_reraise_uses_largest_increment():
    """T43-1: 100-200 flop. A bets 600, B raises to 1600, C to 3600: D's minimum is 5600."""
    state = _flop_game({n: 100_000 for n in range(1, 5)}, 100, 200, button=4)
    act(state, (1, "bet", 600), (2, "raise", 1600), (3, "raise", 3600))
    assert state.actor == 4 and state.min_raise_to() == 5600


def test_tda_2024_43_example_2_short_all_in_keeps_big_blind_increment():
    """T43-2: 50-100 pre-flop, UTG all-in for 150: the next minimum raise is to 250."""
    stacks = {n: 10_000 for n in range(1, 6)}
    stacks[3] = 150
    state = act(start(stacks, button=5, sb=50, bb=100), (3, "all-in"))
    assert state.min_raise_to() == 250


def test_tda_2024_43_example_3_two_500s_over_300_min_raise_to_1700():
    """T43-3: 100-200 turn. A bets 300, B puts in 1000 (a raise of 700): C's minimum is 1700."""
    state = _flop_game({n: 100_000 for n in range(1, 5)}, 100, 200, button=4)
    act(state, (1, "check"), (2, "check"), (3, "check"), (4, "check"))
    state.apply(Board(cards="Jc"))
    act(state, (1, "bet", 300), (2, "raise", 1000))
    assert state.min_raise_to() == 1700


def test_tda_2024_43_example_4a_and_4b():
    """T43-4A: 25-50, raises to 125, 200, 500 -> next 800. T43-4B: one raise to 500 called twice -> 950."""
    stacks = {n: 100_000 for n in range(1, 7)}
    state = act(start(stacks, button=6, sb=25, bb=50), (3, "raise", 125), (4, "raise", 200), (5, "raise", 500))
    assert state.min_raise_to() == 800
    state = act(start(stacks, button=6, sb=25, bb=50), (3, "raise", 500), (4, "call"), (5, "call"))
    assert state.min_raise_to() == 950


# ---------------------------------------------------------------- short all-ins and reopening
def test_seed001_short_all_in_does_not_reopen_for_the_raiser():
    """001: $1/$2, A raises to $6, B all-in for $8, C calls $8: A may call $2 or fold, not raise."""
    stacks = {1: 500, 2: 500, 3: 500, 4: 8, 5: 500}
    state = act(start(stacks, button=5), (3, "raise", 6), (4, "all-in"), (5, "call"), (1, "fold"), (2, "fold"))
    assert state.actor == 3
    assert state.to_call() == 2
    assert options(state) == {"fold", "call"}


def test_seed000_short_all_in_140_over_100():
    """000 "Short all-ins and reopening": A bets 100, B calls, C all-in 140: A and B may only call 40
    or fold; D, yet to act, may raise to at least 240."""
    stacks = {1: 10_000, 2: 10_000, 3: 10_000 + 2, 4: 10_000}
    state = _flop_game(stacks, 1, 2, button=4)
    state.seats[3].stack = 140
    act(state, (1, "bet", 100), (2, "call"), (3, "all-in"))
    assert state.actor == 4 and can_raise(state) and state.min_raise_to() == 240
    act(state, (4, "call"))
    assert state.actor == 1 and options(state) == {"fold", "call"} and state.to_call() == 40
    act(state, (1, "call"))
    assert state.actor == 2 and options(state) == {"fold", "call"}


def test_seed004_you_make_the_call_2_short_all_in_80_over_50():
    """004 "You make the call" 2: A bets 50, you call 50, C all-in for 80: A may only call 30 or fold."""
    stacks = {1: 1000, 2: 1000, 3: 1000}
    state = _flop_game(stacks, 1, 2, button=3)
    state.seats[3].stack = 80
    act(state, (1, "bet", 50), (2, "call"), (3, "all-in"))
    assert state.actor == 1 and options(state) == {"fold", "call"} and state.to_call() == 30
    act(state, (1, "call"))
    assert state.actor == 2 and options(state) == {"fold", "call"}


def _t47_1():
    """T47-1: 50-100 flop. A bets 100, B all-in 125, C calls 125, D all-in 200, E calls 200."""
    stacks = {n: 10_000 for n in range(1, 6)}
    state = _flop_game(stacks, 50, 100, button=5)
    state.seats[2].stack = 125
    state.seats[4].stack = 200
    act(state, (1, "bet", 100), (2, "all-in"), (3, "call"), (4, "all-in"), (5, "call"))
    return state


def test_tda_2024_47_example_1_cumulative_short_all_ins_reopen_for_a():
    state = _t47_1()
    assert state.actor == 1 and can_raise(state)
    assert state.min_raise_to() == 300     # the last full bet (100) is still the increment


def test_tda_2024_47_example_1a_c_faces_only_75_and_cannot_raise():
    state = act(_t47_1(), (1, "call"))
    assert state.actor == 3 and state.to_call() == 75
    assert options(state) == {"fold", "call"}


def test_tda_2024_47_example_1b_after_a_raises_c_may_reraise():
    state = act(_t47_1(), (1, "raise", 300))
    assert state.actor == 3 and state.to_call() == 175 and can_raise(state)


def test_tda_2024_47_example_2_min_raise_stays_300_after_three_short_all_ins():
    """T47-2: A bets 300, B all-in 500, C all-in 650, D all-in 800, E calls: F may call 800 or raise to 1100+."""
    stacks = {n: 10_000 for n in range(1, 7)}
    state = _flop_game(stacks, 50, 100, button=6)
    state.seats[2].stack, state.seats[3].stack, state.seats[4].stack = 500, 650, 800
    act(state, (1, "bet", 300), (2, "all-in"), (3, "all-in"), (4, "all-in"), (5, "call"))
    assert state.actor == 6 and state.to_call() == 800
    assert can_raise(state) and state.min_raise_to() == 1100


def test_tda_2024_47_example_3a_short_all_in_over_a_limp_does_not_reopen_for_the_limper():
    """T47-3A: 2000-4000. A limps, C all-in 7500, SB folds: BB may raise to 11,500+; if the BB calls,
    A (facing 3500 < 4000) may only call or fold. pokerkit reopens here (a known departure)."""
    stacks = {1: 100_000, 2: 100_000, 3: 100_000, 4: 7500}
    # button 2, SB 3? keep it simple: seats 1..4, button 4 -> SB 1, BB 2, A = 3 limps, C = 4 all-in
    stacks = {1: 100_000, 2: 100_000, 3: 100_000, 4: 7500, 5: 100_000}
    state = start(stacks, button=5, sb=2000, bb=4000)
    act(state, (3, "call"), (4, "all-in"), (5, "fold"), (1, "fold"))
    assert state.actor == 2 and can_raise(state) and state.min_raise_to() == 11_500
    act(state, (2, "call"))
    assert state.actor == 3 and state.to_call() == 3500 and options(state) == {"fold", "call"}


def test_tda_2024_47_example_3b_bb_raises_and_a_may_reraise():
    stacks = {1: 100_000, 2: 100_000, 3: 100_000, 4: 7500, 5: 100_000}
    state = start(stacks, button=5, sb=2000, bb=4000)
    act(state, (3, "call"), (4, "all-in"), (5, "fold"), (1, "fold"), (2, "raise", 11_500))
    assert state.actor == 3 and state.to_call() == 7500 and can_raise(state)


def test_roberts_rules_short_all_in_does_not_reopen_for_the_raiser():
    """RRoP cross-check: A bets 100, B raises to 200, C all-in for less than 300, A calls: B cannot raise."""
    stacks = {1: 10_000, 2: 10_000, 3: 10_000, 4: 10_000}
    state = _flop_game(stacks, 50, 100, button=4)
    state.seats[3].stack = 250
    act(state, (1, "bet", 100), (2, "raise", 200), (3, "all-in"), (4, "fold"), (1, "call"))
    assert state.actor == 2 and options(state) == {"fold", "call"}


# ---------------------------------------------------------------- pot-limit
@pytest.mark.parametrize("pot_before, bet, raise_to", [(3, 0, 3), (3, 2, 9), (10, 5, 25), (100, 50, 250),
                                                       (100, 100, 400)])
def test_seed002_pot_limit_table(pot_before, bet, raise_to):
    """002_241aca88e471cda3.txt "The largest pot-limit raise": call first, then raise by the pot.
    The seed's sentence says "raise to" the pot after the call; its own numbers are "raise by"."""
    state = _pot_on_the_flop(pot_before)
    if bet:
        act(state, (1, "bet", bet))
    assert state.actor == (2 if bet else 1)
    assert state.max_raise_to() == raise_to


def _pot_on_the_flop(pot_before):
    """Heads-up pot-limit, `pot_before` in the middle (as dead money), the flop just dealt."""
    table = make_table({1: 10_000, 2: 10_000}, button=2, sb=0, bb=0, betting="pot-limit", min_bet=1)
    state = HandState(table)
    state.apply(Post(seat=1, kind="ante", amount=pot_before))
    act(state, (1, "check"), (2, "check"))
    state.apply(Board(cards="2c7d9h"))
    return state


def test_seed000_pot_limit_worked_example_pot_30_bet_10_raise_to_60():
    """000: pot $30 on the flop, a $10 bet: the maximum raise is to $60 (3 x 10 + 30)."""
    state = act(_pot_on_the_flop(30), (1, "bet", 10))
    assert state.max_raise_to() == 60


def test_plo_preflop_pot_raise_is_7_at_1_2():
    """PLO 1/2, under the gun: call 2, then raise by the pot of 5 -> to 7 (pokerkit agrees)."""
    state = start({n: 1000 for n in range(1, 7)}, button=6, betting="pot-limit")
    assert state.actor == 3 and state.max_raise_to() == 7


@pytest.mark.parametrize("posts", [[("big-blind", 2, 200)], [("small-blind", 1, 100), ("big-blind", 2, 100)]])
def test_tda_2024_54_b_pot_counts_full_blinds_preflop(posts):
    """T54-B: PLO 100-200 with a dead small blind, or a big blind short-posting 100: the first pot bet is 700."""
    stacks = {n: 10_000 for n in range(1, 7)}
    stacks[2] = 100 if posts[-1][2] == 100 else 10_000
    table = make_table(stacks, button=6, sb=100, bb=200, betting="pot-limit")
    state = HandState(table)
    for kind, seat, amount in posts:
        state.apply(Post(seat=seat, kind=kind, amount=amount))
    assert state.actor == 3 and state.to_call() == 200
    assert state.max_raise_to() == 700


def test_pot_limit_refuses_a_raise_over_the_pot():
    state = start({n: 1000 for n in range(1, 7)}, button=6, betting="pot-limit")
    with pytest.raises(Exception, match="pot-limit maximum of 7"):
        act(state, (3, "raise", 8))


# ---------------------------------------------------------------- fixed-limit
def _limit(stacks, *, fmt="cash", players_left=None, lifted=False, cap=4):
    table = Table.model_validate({
        "seats": [{"number": n, "stack": s} for n, s in stacks.items()], "button": max(stacks),
        "format": fmt, "players_left_in_event": players_left,
        "forced_bets": {"small_blind": 2, "big_blind": 4},
        "structure": {"betting": "fixed-limit", "small_bet": 4, "big_bet": 8, "raise_cap": cap}})
    state = HandState(table, room=RoomRules(cap_lifted_heads_up=lifted))
    order = table.clockwise_from(table.button)
    if len(order) == 2:
        state.apply(Post(seat=table.button, kind="small-blind", amount=2))
        state.apply(Post(seat=order[0], kind="big-blind", amount=4))
    else:
        state.apply(Post(seat=order[0], kind="small-blind", amount=2))
        state.apply(Post(seat=order[1], kind="big-blind", amount=4))
    return state


def test_seed000_fixed_limit_4_8_bet_sizes_by_street():
    """000: in $4/$8 limit hold'em, bets and raises are $4 pre-flop and on the flop, $8 on turn and river."""
    state = _limit({1: 500, 2: 500, 3: 500})
    assert state.min_raise_to() == 8 and state.max_raise_to() == 8
    act(state, (3, "call"), (1, "call"), (2, "check"))
    state.apply(Board(cards="2c7d9h"))
    act(state, (1, "bet", 4))
    assert state.min_raise_to() == 8
    act(state, (2, "call"), (3, "call"))
    state.apply(Board(cards="Jc"))
    assert state.min_raise_to() == 8
    act(state, (1, "bet", 8))
    assert state.min_raise_to() == 16


def test_fixed_limit_cap_is_bet_and_three_raises():
    state = _limit({1: 500, 2: 500, 3: 500})
    act(state, (3, "raise", 8), (1, "raise", 12), (2, "raise", 16))
    assert state.cap_reached and state.actor == 3 and options(state) == {"fold", "call"}


def test_fixed_limit_cap_holds_heads_up_in_a_tournament_until_two_players_are_left():
    """TDA 2024 48 / 2026 50: the cap applies heads-up until the event is down to two players."""
    state = _limit({1: 500, 2: 500}, fmt="tournament", players_left=30)
    act(state, (2, "raise", 8), (1, "raise", 12), (2, "raise", 16))
    assert state.cap_reached
    state = _limit({1: 500, 2: 500}, fmt="tournament", players_left=2)
    act(state, (2, "raise", 8), (1, "raise", 12), (2, "raise", 16))
    assert not state.cap_reached and can_raise(state)


def test_fixed_limit_cash_room_may_lift_the_cap_heads_up():
    """000: many cash games lift the cap when only two players remain (a room option)."""
    state = _limit({1: 500, 2: 500}, lifted=True)
    act(state, (2, "raise", 8), (1, "raise", 12), (2, "raise", 16))
    assert not state.cap_reached
    state = _limit({1: 500, 2: 500}, lifted=False)
    act(state, (2, "raise", 8), (1, "raise", 12), (2, "raise", 16))
    assert state.cap_reached


def test_fixed_limit_cap_reached_three_way_is_not_lifted_by_a_later_fold():
    """Robert's Rules (Betting and Raising): the cap is lifted only if the action became heads-up
    BEFORE the cap. Capped three-way, then one folds: the two left may not raise again."""
    state = _limit({1: 500, 2: 500, 3: 500}, lifted=True)
    act(state, (3, "raise", 8), (1, "raise", 12), (2, "raise", 16))
    assert state.cap_reached and state.capped_multiway
    act(state, (3, "fold"))
    assert len(state.active_seats) == 2
    assert state.cap_reached and not can_raise(state)
    with pytest.raises(InvalidEvent, match="capped"):
        act(state, (1, "raise", 20))
    # heads-up BEFORE the cap: lifted (the next street starts afresh, too)
    state = _limit({1: 500, 2: 500, 3: 500}, lifted=True)
    act(state, (3, "fold"), (1, "raise", 8), (2, "raise", 12), (1, "raise", 16))
    assert not state.cap_reached and can_raise(state)


def test_fixed_limit_half_bet_all_in_reopens_and_counts_as_a_full_bet():
    """TDA 2024 47-B / 2026 49-B: in limit an all-in of at least half a bet reopens the betting."""
    state = _limit({1: 500, 2: 500, 3: 500})
    act(state, (3, "call"), (1, "call"), (2, "check"))
    state.apply(Board(cards="2c7d9h"))
    state.seats[2].stack = 6
    act(state, (1, "bet", 4), (2, "all-in"))       # 6 = +2, half of the 4 bet
    act(state, (3, "call"))
    assert state.actor == 1 and can_raise(state) and state.min_raise_to() == 10


def test_fixed_limit_short_all_in_under_half_may_be_completed():
    """A player yet to act who faces less than half a bet may fold, call or complete it."""
    state = _limit({1: 500, 2: 500, 3: 500})
    act(state, (3, "call"), (1, "call"), (2, "check"))
    state.apply(Board(cards="2c7d9h"))
    state.seats[1].stack = 1
    act(state, (1, "all-in"))                      # opening "bet" of 1 < half of 4
    assert state.actor == 2 and state.to_call() == 1
    assert state.min_raise_to() == 4               # complete to the full bet


# ---------------------------------------------------------------- heads-up and straddles
def test_heads_up_button_posts_small_blind_acts_first_preflop_and_last_after():
    """TDA 2024 34-B / 2026 36-C; seeds 001, 002, 000."""
    state = start({1: 1000, 2: 1000}, button=1)
    assert state.seats[1].street_bet == 1 and state.seats[2].street_bet == 2
    assert state.actor == 1
    act(state, (1, "call"), (2, "check"))
    state.apply(Board(cards="2c7d9h"))
    assert state.actor == 2
    act(state, (2, "check"))
    assert state.actor == 1


def test_straddle_acts_last_preflop_and_keeps_its_option():
    state = start({n: 1000 for n in range(1, 7)}, button=6)
    state.apply(Post(seat=3, kind="straddle", amount=4))
    assert state.actor == 4 and state.to_call() == 4 and state.min_raise_to() == 8
    act(state, (4, "call"), (5, "call"), (6, "call"), (1, "call"), (2, "call"))
    assert state.actor == 3 and options(state) == {"check", "raise"}


# ---------------------------------------------------------------- uncalled bets and side pots
def test_seed000_uncalled_300_into_180_returns_120():
    """000 "Uncalled bets are returned": bet 300 into a player with 180 who calls all-in: 120 comes back."""
    state = _flop_game({1: 1000, 2: 1000}, 1, 2, button=2)
    state.seats[2].stack = 180
    act(state, (1, "bet", 300), (2, "call"))
    assert state.uncalled_bet() == (1, 120)


def test_seed000_side_pot_worked_example_through_the_hand():
    """000 "Side pots: a worked example": A all-in 40, B all-in 100, C and D call 100; flop: C bets 150, D calls.
    Main 160 (A,B,C,D), side 1 180 (B,C,D), side 2 300 (C,D); total 640."""
    stacks = {1: 40, 2: 100, 3: 5000, 4: 5000}
    table = make_table(stacks, button=4, sb=0, bb=0)
    state = HandState(table)
    act(state, (1, "all-in"), (2, "all-in"), (3, "call"), (4, "call"))
    state.apply(Board(cards="2c7d9h"))
    act(state, (3, "bet", 150), (4, "call"))
    pots = state.pots()
    assert [(p.amount, tuple(p.eligible)) for p in pots] == [(160, (1, 2, 3, 4)), (180, (2, 3, 4)), (300, (3, 4))]
    assert sum(p.amount for p in pots) == 640


def test_substantial_action_counts_actions_in_turn():
    """TDA 2024 36 / 2026 38: two actions with chips, or any three; posted blinds don't count."""
    state = start(SIX, button=6)
    assert state.actions_in_turn == 0 and not state.substantial_action
    act(state, (3, "fold"), (4, "fold"))
    assert state.actions_in_turn == 2 and not state.substantial_action
    act(state, (5, "fold"))
    assert state.substantial_action
    state = act(start(SIX, button=6), (3, "fold"), (4, "call"))
    assert state.substantial_action


def test_pots_as_they_stand_while_betting_is_open():
    """Mid-round only all-in players cut a side pot; nothing is returned as uncalled yet."""
    table = make_table({1: 40, 2: 5000, 3: 5000}, button=3, sb=0, bb=0, min_bet=1)
    state = act(HandState(table), (1, "all-in"), (2, "raise", 100))
    assert state.actor == 3
    assert [(p.amount, tuple(p.eligible)) for p in state.pots()] == [(80, (1, 2, 3)), (60, (2, 3))]
    state = act(HandState(table), (1, "check"), (2, "bet", 100))
    assert [(p.amount, tuple(p.eligible)) for p in state.pots()] == [(100, (1, 2, 3))]
