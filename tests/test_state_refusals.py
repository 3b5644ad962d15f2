"""Impossible input is refused with an error that names what is wrong."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from floorman.errors import ActionOutOfTurn, InvalidEvent
from floorman.model.events import Action, Board, DealHole, Post, parse_event
from floorman.model.state import HandState
from floorman.model.table import Table


def table(**changes):
    raw = {"seats": [{"number": 1, "stack": 1000}, {"number": 2, "stack": 1000},
                     {"number": 3, "stack": 1000, "present": False}, {"number": 4, "stack": 1000}],
           "button": 4, "forced_bets": {"small_blind": 5, "big_blind": 10}}
    raw.update(changes)
    return Table.model_validate(raw)


def started():
    state = HandState(table())
    state.apply(Post(seat=1, kind="small-blind", amount=5))
    state.apply(Post(seat=2, kind="big-blind", amount=10))
    return state


def test_a_card_dealt_twice_is_a_fouled_deck():
    state = started()
    state.apply(DealHole(seat=1, cards=("As", "Kd")))
    with pytest.raises(InvalidEvent, match="As was dealt twice"):
        state.apply(DealHole(seat=2, cards=("Qc", "As")))


def test_a_board_card_already_held_is_refused():
    state = HandState(table(seats=[{"number": 1, "stack": 100}, {"number": 2, "stack": 100}], button=2,
                            forced_bets={"small_blind": 0, "big_blind": 0}, structure={"min_bet": 1}))
    state.apply(DealHole(seat=1, cards=("As", "Kd")))
    state.apply(Action(seat=1, action="check"))
    state.apply(Action(seat=2, action="check"))
    with pytest.raises(InvalidEvent, match="As was dealt twice"):
        state.apply(Board(cards=("As", "2c", "3d")))


def test_a_negative_stack_is_refused():
    with pytest.raises(ValidationError, match="greater than or equal to 0"):
        table(seats=[{"number": 1, "stack": -5}, {"number": 2, "stack": 10}])


def test_a_duplicate_seat_is_refused():
    with pytest.raises(ValidationError, match="seat 2 appears twice"):
        table(seats=[{"number": 2, "stack": 5}, {"number": 2, "stack": 10}])


def test_an_action_by_a_folded_seat_is_refused():
    state = started()
    state.apply(Action(seat=4, action="fold"))
    state.apply(Action(seat=1, action="call"))
    state.apply(Action(seat=2, action="check"))
    with pytest.raises(InvalidEvent, match="seat 4 has folded"):
        state.apply(Action(seat=4, action="bet", amount=20))


def test_an_action_by_an_absent_seat_is_refused():
    state = started()
    with pytest.raises(InvalidEvent, match="seat 3 is away"):
        state.apply(Action(seat=3, action="call"))


def test_a_bet_beyond_the_stack_is_refused_table_stakes():
    state = started()
    with pytest.raises(InvalidEvent, match="has only 1000 .table stakes."):
        state.apply(Action(seat=4, action="raise", amount=5000))


def test_an_unknown_seat_is_refused():
    state = started()
    with pytest.raises(InvalidEvent, match="seat 9 is not at this table"):
        state.apply(Action(seat=9, action="call"))


def test_an_action_out_of_turn_is_refused_by_replay():
    state = started()
    with pytest.raises(ActionOutOfTurn) as caught:
        state.apply(Action(seat=1, action="call"))
    assert caught.value.seat == 1 and caught.value.expected_seat == 4


def test_a_raise_below_the_minimum_is_refused():
    state = started()
    with pytest.raises(InvalidEvent, match="below the minimum of 20"):
        state.apply(Action(seat=4, action="raise", amount=15))


def test_a_check_facing_a_bet_is_refused():
    state = started()
    with pytest.raises(InvalidEvent, match="cannot check: 10 to call"):
        state.apply(Action(seat=4, action="check"))


def test_chips_are_integers_never_strings_or_floats():
    with pytest.raises(InvalidEvent, match="amount: Input should be a valid integer"):
        parse_event({"type": "action", "seat": 1, "action": "bet", "amount": 10.5})
    with pytest.raises(InvalidEvent, match="amount"):
        parse_event({"type": "post", "seat": 1, "kind": "ante", "amount": "10"})
