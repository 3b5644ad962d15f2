"""Tests for floorman.model.button: the button and blinds for the next hand.

Table: 9 seats. Unless a test says otherwise, this hand has the button on seat 1, the small blind on
seat 2 and the big blind on seat 3, and every seat is occupied.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.model.button import PROCEDURES, BlindPositions, next_hand_positions

ALL = set(range(1, 10))


def nxt(occupied, button=1, small_blind=2, big_blind=3, procedure="dead-button", seat_count=9):
    return next_hand_positions(seat_count=seat_count, occupied_next_hand=occupied, button=button,
                               small_blind=small_blind, big_blind=big_blind, procedure=procedure)


def seats(positions: BlindPositions) -> tuple[int, int | None, int]:
    return positions.button, positions.small_blind, positions.big_blind


@pytest.mark.parametrize("procedure", PROCEDURES)
def test_normal_rotation_moves_everything_one_seat(procedure):
    positions = nxt(ALL, procedure=procedure)
    assert positions == BlindPositions(2, 3, 4, ())
    # ... and wraps around the table.
    assert seats(nxt(ALL, button=8, small_blind=9, big_blind=1, procedure=procedure)) == (9, 1, 2)


# --- dead button (TDA 2024 rule 32 / 2026 rule 34) ----------------------------------------------


def test_dead_button_player_due_the_small_blind_busts():
    """This hand's big blind (seat 3), due the small blind next, busts: the big blind still moves one
    player to seat 4, nobody posts the small blind, and the button moves to seat 2."""
    positions = nxt(ALL - {3})
    assert seats(positions) == (2, None, 4)
    assert any("dead small blind" in note for note in positions.notes)


def test_dead_button_small_blind_busts():
    """This hand's small blind (seat 2) busts: the big blind moves to seat 4, seat 3 posts the small
    blind, and the button sits on the empty seat 2 (dead button)."""
    positions = nxt(ALL - {2})
    assert seats(positions) == (2, 3, 4)
    assert positions.notes == ("the button is dead on seat 2 (empty seat)",)


def test_dead_button_player_due_the_big_blind_busts():
    """Seat 4, due the big blind, busts: the big blind goes to the next player, seat 5."""
    assert nxt(ALL - {4}) == BlindPositions(2, 3, 5, ())


def test_dead_button_button_busts():
    assert nxt(ALL - {1}) == BlindPositions(2, 3, 4, ())


def test_dead_button_small_and_big_blind_both_bust():
    positions = nxt(ALL - {2, 3})
    assert seats(positions) == (2, None, 4)
    assert len(positions.notes) == 2  # dead small blind and dead button


def test_dead_button_hand_after_a_dead_small_blind():
    """After seat 3 (big blind) busted the hand was: button 2, no small blind, big blind 4. Next hand
    the big blind moves to 5, seat 4 posts the small blind, and the button lands on the empty seat 3,
    where the small blind was due."""
    positions = nxt(ALL - {3}, button=2, small_blind=None, big_blind=4)
    assert seats(positions) == (3, 4, 5)
    assert positions.notes == ("the button is dead on seat 3 (empty seat)",)


def test_dead_button_nobody_skips_or_repeats_the_big_blind_over_an_orbit():
    """Play an orbit on a 9-seat table where players bust along the way: every player who is still
    there gets the big blind exactly once, in seat order."""
    occupied = set(ALL)
    button, small_blind, big_blind = 1, 2, 3
    big_blinds = [big_blind]
    busts = {2: {3}, 4: {5, 6}, 5: {1}}  # hand number -> seats busting on that hand
    for hand in range(1, 9):
        occupied -= busts.get(hand, set())
        positions = nxt(occupied, button, small_blind, big_blind)
        button, small_blind, big_blind = seats(positions)
        big_blinds.append(big_blind)
    assert big_blinds == [3, 4, 5, 6, 7, 8, 9, 2, 4]


# --- 2026 rule 36-B: the button may jump empty seats --------------------------------------------


def test_2026_button_jumps_empty_seats():
    """tda-citation-map §5.9 T36-B (2026 only): button on 9, small blind on 1, seats 2 and 3 empty,
    big blind on 4. Seat 1 busts. Next hand: button on 3, small blind on 4, big blind on 5.

    The blinds are the dead button's; only the button differs: 2024 rule 32 leaves it dead on
    seat 1, 2026 rule 36-B moves it over the empty seats 1-3 up to the small blind."""
    occupied = {4, 5, 6, 7, 8, 9}
    positions = nxt(occupied, button=9, small_blind=1, big_blind=4, procedure="tda-2026-dead-button")
    assert seats(positions) == (3, 4, 5)
    assert positions.notes == ("the button is dead on seat 3 (empty seat)",)

    assert seats(nxt(occupied, button=9, small_blind=1, big_blind=4, procedure="dead-button")) == (1, 4, 5)


def test_2026_button_never_jumps_a_player():
    """A new player is dealt in on seat 2: the button can only jump the empty seat 1... which it
    cannot leave without passing seat 2, so it stays dead on seat 1."""
    occupied = {2, 4, 5, 6, 7, 8, 9}
    positions = nxt(occupied, button=9, small_blind=1, big_blind=4, procedure="tda-2026-dead-button")
    assert seats(positions) == (1, 4, 5)


def test_2026_button_jumps_to_a_dead_small_blind():
    """Seats 1 (small blind) and 4 (big blind) bust, seats 2 and 3 are empty: no small blind, the big
    blind goes to 5, and the button jumps to seat 3, next to where the small blind was due."""
    positions = nxt({5, 6, 7, 8, 9}, button=9, small_blind=1, big_blind=4, procedure="tda-2026-dead-button")
    assert seats(positions) == (3, None, 5)


def test_2026_occupied_button_seat_does_not_move():
    assert nxt(ALL - {3}, procedure="tda-2026-dead-button") == nxt(ALL - {3}, procedure="dead-button")


# --- moving button --------------------------------------------------------------------------


def test_moving_button_small_blind_busts():
    """Seat 2 busts: the button moves to the next player (seat 3), blinds on 4 and 5. Seat 4, who
    was due the big blind, posts only the small blind and misses the big blind this round."""
    positions = nxt(ALL - {2}, procedure="moving-button")
    assert seats(positions) == (3, 4, 5)
    assert positions.notes == ("moving button: seat 4 misses the big blind this round",)


def test_moving_button_player_due_the_small_blind_busts():
    positions = nxt(ALL - {3}, procedure="moving-button")
    assert seats(positions) == (2, 4, 5)
    assert positions.notes == ("moving button: seat 4 misses the big blind this round",)


def test_moving_button_both_blinds_bust():
    positions = nxt(ALL - {2, 3}, procedure="moving-button")
    assert seats(positions) == (4, 5, 6)
    assert positions.notes == ("moving button: seat 4 and seat 5 miss the big blind this round",)


def test_moving_button_button_or_next_big_blind_busts_is_ordinary():
    assert nxt(ALL - {1}, procedure="moving-button") == BlindPositions(2, 3, 4, ())
    assert nxt(ALL - {4}, procedure="moving-button") == BlindPositions(2, 3, 5, ())


def test_moving_button_never_sits_on_an_empty_seat():
    positions = nxt({5, 6, 7, 8, 9}, button=9, small_blind=1, big_blind=4, procedure="moving-button")
    assert seats(positions) == (5, 6, 7)


# --- heads-up (TDA 2024 34-B / 2026 36-C) -------------------------------------------------------


@pytest.mark.parametrize("procedure", PROCEDURES)
def test_heads_up_button_posts_the_small_blind_and_alternates(procedure):
    positions = nxt({4, 7}, button=4, small_blind=4, big_blind=7, procedure=procedure)
    assert seats(positions) == (7, 7, 4)
    positions = nxt({4, 7}, *seats(positions), procedure=procedure)
    assert seats(positions) == (4, 4, 7)


@pytest.mark.parametrize("procedure", PROCEDURES)
@pytest.mark.parametrize(("bust", "expected"), [
    (1, (7, 7, 4)),   # button busts: the big blind (7) takes the button, seat 4 the big blind
    (4, (7, 7, 1)),   # small blind busts: seat 7 (big blind) to the button, seat 1 posts the big blind
    (7, (4, 4, 1)),   # big blind busts: the big blind moves on to seat 1, seat 4 gets the button
])
def test_becoming_heads_up_nobody_posts_the_big_blind_twice(procedure, bust, expected):
    """Three players: button 1, small blind 4, big blind 7. One busts and play is heads-up."""
    positions = nxt({1, 4, 7} - {bust}, button=1, small_blind=4, big_blind=7, procedure=procedure)
    assert seats(positions) == expected
    assert positions.big_blind != 7
    assert positions.button == positions.small_blind


def test_becoming_heads_up_overrides_the_moving_button():
    """A plain moving button would give seat 4 the button and seat 7 the big blind again."""
    positions = nxt({4, 7}, button=1, small_blind=4, big_blind=7, procedure="moving-button")
    assert seats(positions) == (7, 7, 4)
    assert "heads-up" in positions.notes[0]


# --- errors and properties ----------------------------------------------------------------------


def test_bad_arguments():
    with pytest.raises(ValueError):
        nxt(ALL, procedure="floating-button")
    with pytest.raises(ValueError):
        nxt({5})
    with pytest.raises(ValueError):
        nxt(ALL, big_blind=10)
    with pytest.raises(ValueError):
        nxt({1, 2, 12})


@st.composite
def tables(draw):
    seat_count = draw(st.integers(3, 10))
    occupied = set(draw(st.lists(st.integers(1, seat_count), min_size=3, unique=True)))
    # A legal hand: three distinct occupied seats in clockwise order for button, small, big blind.
    order = sorted(occupied)
    start = draw(st.integers(0, len(order) - 1))
    button, small_blind, big_blind = (order[(start + k) % len(order)] for k in range(3))
    leaving = set(draw(st.lists(st.sampled_from(order), max_size=len(order) - 2, unique=True)))
    return seat_count, occupied - leaving, button, small_blind, big_blind


@settings(max_examples=300, deadline=None)
@given(tables(), st.sampled_from(PROCEDURES))
def test_positions_are_sound(table, procedure):
    seat_count, occupied, button, small_blind, big_blind = table
    positions = next_hand_positions(seat_count=seat_count, occupied_next_hand=occupied, button=button,
                                    small_blind=small_blind, big_blind=big_blind, procedure=procedure)
    assert positions.big_blind in occupied
    assert positions.small_blind is None or positions.small_blind in occupied
    assert 1 <= positions.button <= seat_count
    assert positions.small_blind != positions.big_blind
    if len(occupied) == 2:
        assert positions.button == positions.small_blind
        assert positions.big_blind != big_blind
    elif procedure == "moving-button":
        assert positions.button in occupied and positions.small_blind is not None
    else:
        # Dead button: the big blind moves exactly one player; nobody skips or repeats it.
        after = sorted(occupied, key=lambda seat: (seat - big_blind - 1) % seat_count)
        assert positions.big_blind == after[0]
