"""The replay's fast paths give what the plain definitions give.

HandState and the pot arithmetic keep a few shortcuts for bulk replay (the 1,055 shared hands,
the audit): who is pending from the two largest reaches instead of a scan per seat, the last
live hand found without a list, one set test for new cards, the uncalled bet without a sort.
Each is checked here against the plain definition, at every step of every shared hand and on
random inputs.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from floorman import phh
from floorman.errors import FloormanError, InvalidEvent
from floorman.model import pots
from floorman.model.cards import UNKNOWN, deck, deck_ranks
from floorman.model.state import HandState, TurnAction
from floorman.model.table import Seat, Table, Variant

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "phh"


def _plain_pending(state: HandState) -> set[int]:
    return {n for n in state.order if state.seats[n].can_act and state._can_lose_more(n)}


def _check_state(state: HandState) -> None:
    assert state._round_pending() == _plain_pending(state)
    live = [n for n in state.order if state.seats[n].live]
    assert state.active_seats == live
    assert state._one_live_hand() == (len(live) == 1)
    for taken in state.actions_taken:
        assert type(taken) is TurnAction
        assert taken == TurnAction(taken.seat, taken.action, taken.put_in_chips, taken.street)


@pytest.mark.skipif(not DATA.is_dir(), reason=f"the shared PHH data is not at {DATA}")
def test_every_step_of_the_shared_hands_agrees_with_the_plain_definitions():
    steps = 0
    for path in sorted(DATA.glob("*.phhs")):
        for hand in phh.load(path):
            state = HandState(hand.table, tolerate=phh.SITE_DEPARTURES)
            for event in hand.events:
                _check_state(state)
                try:
                    state.apply(event)
                except FloormanError:
                    break
                steps += 1
            _check_state(state)
    assert steps > 15_000


def test_pending_seats_with_tied_and_short_reaches():
    # the two largest reaches tie, a seat covers everyone, a seat is all-in, one is absent
    rng = random.Random(9)
    for _ in range(3000):
        count = rng.randint(2, 9)
        numbers = sorted(rng.sample(range(1, 11), count))
        table = Table(seats=tuple(Seat(number=n, stack=rng.choice((0, 5, 10, 10, 40, 100)),
                                       present=rng.random() > 0.1) for n in numbers),
                      seat_count=10, button=numbers[-1])
        state = HandState(table, enforce_turn=False)
        for n in numbers:
            seat = state.seats[n]
            seat.street_bet = rng.choice((0, 5, 10, 20))
            seat.folded = rng.random() < 0.25
        assert state._round_pending() == _plain_pending(state)
        live = [n for n in state.order if state.seats[n].live]
        assert state._one_live_hand() == (len(live) == 1)


def _plain_new_cards_error(state: HandState, cards: tuple[str, ...]) -> str | None:
    for i, card in enumerate(cards):
        if card == UNKNOWN:
            continue
        if card[0] not in deck_ranks(state.variant.value):
            return "not in the deck"
        if card in state.seen_cards or (i and card in cards[:i]):
            return "twice"
    return None


@pytest.mark.parametrize("variant", [Variant.HOLDEM, Variant.SHORT_DECK, Variant.PIQUET])
def test_new_cards_are_refused_exactly_as_the_card_by_card_check_refuses_them(variant):
    rng = random.Random(str(variant))
    cards = deck()
    table = Table(seats=(Seat(number=1, stack=10), Seat(number=2, stack=10)), button=2, variant=variant)
    for _ in range(3000):
        state = HandState(table)
        state.seen_cards.update(rng.sample(cards, rng.randint(0, 6)))
        dealt = tuple(rng.choice(cards + [UNKNOWN] * 6) for _ in range(rng.randint(1, 5)))
        expected = _plain_new_cards_error(state, dealt)
        try:
            state._check_new_cards(dealt, 0, "cards")
        except InvalidEvent as error:
            got = "not in the deck" if "deck" in error.message and "twice" not in error.message else "twice"
        else:
            got = None
        assert got == expected, (dealt, sorted(state.seen_cards))


def _plain_uncalled(contributions: dict[int, int], dead: dict[int, int] | None) -> tuple[int, int] | None:
    live_part = pots._live_part(contributions, dead)
    if not live_part:
        return None
    ranked = sorted(live_part.items(), key=lambda item: item[1], reverse=True)
    seat, largest = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    return (seat, largest - second) if largest > second else None


def test_the_uncalled_bet_is_the_sorted_definition():
    rng = random.Random(20)
    for _ in range(5000):
        seats = rng.sample(range(1, 11), rng.randint(1, 9))
        contributions = {n: rng.choice((0, 1, 2, 5, 5, 10, 40, 100)) for n in seats}
        dead = {n: min(chips, rng.choice((0, 1, 2))) for n, chips in contributions.items()
                if rng.random() < 0.3} or None
        assert pots.uncalled_bet(contributions, dead_money=dead) == _plain_uncalled(contributions, dead)
    with pytest.raises(ValueError, match="negative"):
        pots.uncalled_bet({1: 5, 2: -1})
