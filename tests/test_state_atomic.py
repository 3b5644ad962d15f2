"""A question never changes the hand, a refused event leaves it exactly as it was, and the last
live hand mucking keeps its pot (audit M1, M2, H2, L7)."""

from __future__ import annotations

import pytest

from floorman.errors import FloormanError
from floorman.model.events import Action, Board, DealHole, Draw, Muck, Post, Show
from floorman.model.pots import Pot
from floorman.model.state import HandState
from floorman.model.table import Table
from state_snapshot import dump


def table(stacks=(1000, 1000, 1000, 1000), *, button=4, sb=5, bb=10, **changes):
    raw = {"seats": [{"number": n, "stack": s} for n, s in enumerate(stacks, start=1)],
           "button": button, "forced_bets": {"small_blind": sb, "big_blind": bb}}
    raw.update(changes)
    return Table.model_validate(raw)




HAND = [Post(seat=1, kind="small-blind", amount=5), Post(seat=2, kind="big-blind", amount=10),
        DealHole(seat=1, cards="AsKs"), DealHole(seat=2, cards="QdQc"), DealHole(seat=3, cards="7h7d"),
        DealHole(seat=4, cards="2c3c"),
        Action(seat=3, action="call"), Action(seat=4, action="raise", amount=40), Action(seat=1, action="fold"),
        Action(seat=2, action="call"), Action(seat=3, action="call"),
        Board(cards="Ah9d4s"), Action(seat=2, action="check"), Action(seat=3, action="bet", amount=60),
        Action(seat=4, action="call"), Action(seat=2, action="fold"),
        Board(cards="Jc"), Action(seat=3, action="check"), Action(seat=4, action="check"),
        Board(cards="5h"), Action(seat=3, action="check"), Action(seat=4, action="check"),
        Show(seat=3), Show(seat=4)]


def ask_everything(state: HandState) -> None:
    _ = state.actor          # a question: must not change the hand
    state.to_call()
    state.legal_options()
    state.max_raise_to()
    for n in state.seats:
        state.to_call(n)
        state.legal_options(n)
        state.max_raise_to(n)
    state.pots()
    state.unfinished()
    _ = state.betting_complete


def test_questions_before_every_event_do_not_change_the_replay():
    """M1: reading actor, to_call(), legal_options(), max_raise_to() before the blinds are in (and
    before every later event) used to open the round early, so the first call was out of turn."""
    plain = HandState.replay(table(), HAND)
    asked = HandState(table())
    for event in HAND:
        before = dump(asked)
        ask_everything(asked)
        assert dump(asked) == before, f"a question changed the hand before {event}"
        asked.apply(event)
    assert dump(asked) == dump(plain)
    assert asked.result().net == plain.result().net


def test_the_actor_read_before_the_blinds_does_not_put_the_first_caller_out_of_turn():
    """The audit's repro: read s.actor before each of SB, BB and seat 3's call."""
    state = HandState(table())
    for event in HAND[:7]:
        _ = state.actor
        state.apply(event)
    assert state.actor == 4


def refused(state: HandState, event) -> FloormanError:
    before = dump(state)
    with pytest.raises(FloormanError) as caught:
        state.apply(event)
    assert dump(state) == before, f"the refused {event} changed the hand"
    return caught.value


def test_a_refused_flop_leaves_no_card_marked_as_dealt():
    """M2: flop Ah Kd 2c refused (2c already dealt), then Ah Kd 3c is accepted."""
    state = HandState(table())
    for event in HAND[:11]:
        state.apply(event)
    error = refused(state, Board(cards="Ah Kd 2c"))      # seat 4 holds 2c
    assert "2c was dealt twice" in str(error)
    state.apply(Board(cards="Ah Kd 8c"))
    assert state.board == ["Ah", "Kd", "8c"]


def test_a_card_twice_in_one_event_is_refused_without_marking_either():
    state = HandState(table())
    refused(state, DealHole(seat=1, cards="AsAs"))
    state.apply(DealHole(seat=1, cards="AsKs"))


def test_a_refused_action_between_streets_does_not_start_the_next_street():
    """M2: an action before the flop is refused; the street stays, and the real flop is accepted."""
    state = HandState(table())
    for event in HAND[:11]:
        state.apply(event)
    assert state.awaiting_cards
    refused(state, Action(seat=2, action="bet", amount=5))    # below the minimum bet of 10
    refused(state, Action(seat=3, action="check"))            # out of turn on the flop
    state.apply(Board(cards="Ah9d4s"))
    assert state.street == "flop" and state.actor == 2


@pytest.mark.parametrize("bad", [
    Action(seat=1, action="fold"),                      # folded already
    Action(seat=3, action="raise", amount=5000),        # beyond the stack
    Action(seat=2, action="bet", amount=5),            # below the minimum bet
    Action(seat=4, action="check"),                     # out of turn (seat 2 to act)
    Action(seat=2, action="call"),                      # nothing to call
    Board(cards="Jc"),                                  # premature
    Post(seat=9, kind="ante", amount=1),                # not at this table
    DealHole(seat=1, cards="Ah"),                       # on the board
    Draw(seat=1, discards=("As",), replacements=("8c",)),  # not a draw game
    Show(seat=1, cards="KhKc"),                         # folded
    Muck(seat=1),                                       # folded
], ids=lambda e: f"{e.type}-{getattr(e, 'seat', '')}-{getattr(e, 'action', '')}")
def test_any_refused_event_mid_hand_leaves_the_hand_exactly_as_it_was(bad):
    state = HandState(table())
    for event in HAND[:12]:
        state.apply(event)
    refused(state, bad)
    for event in HAND[12:]:
        state.apply(event)
    assert sum(state.result().net.values()) == 0


# ---------------------------------------------------------------- the last live hand mucks (H2, L7)
def test_everyone_folds_to_the_big_blind_who_mucks_and_still_wins_the_pot():
    """H2: seat 3 folds, seat 1 folds, the big blind throws its cards in: it wins the blinds."""
    state = HandState(table((1000, 1000, 1000), button=3))
    for event in (Post(seat=1, kind="small-blind", amount=5), Post(seat=2, kind="big-blind", amount=10),
                  Action(seat=3, action="fold"), Action(seat=1, action="fold"), Muck(seat=2)):
        state.apply(event)
    assert state.hand_over and state.active_seats == [2]
    assert state.pots() == [Pot(10, (2,))]
    result = state.result()
    assert result.net == {1: -5, 2: 5} and result.final_stacks == {1: 995, 2: 1005, 3: 1000}
    state.apply(Muck(seat=2))          # mucking again changes nothing
    assert state.result().net == {1: -5, 2: 5}


def test_the_winner_heads_up_mucks_after_the_other_mucked():
    """The audit's minimized H2: 2 seats, seat 1 mucks, then seat 2 mucks too."""
    state = HandState(table((100, 100), button=1, sb=1, bb=2))
    state.apply(Post(seat=1, kind="small-blind", amount=1))
    state.apply(Post(seat=2, kind="big-blind", amount=2))
    state.apply(Muck(seat=1))
    state.apply(Muck(seat=2))
    assert state.pots() == [Pot(2, (2,))] and state.result().net == {1: -1, 2: 1}


def test_pots_as_they_stand_keep_folded_chips_above_every_all_in():
    """L7: stacks 2/0/0/1/2, blinds 1/2: seat 2 posts 0 (no chips); seats 4 and 5 fold, then seat 1
    mucks. The live seats 2 and 3 are all-in for 0, and seat 1's chip must stay in a pot."""
    state = HandState(table((2, 0, 0, 1, 2), button=5, sb=1, bb=2))
    for event in (Post(seat=1, kind="small-blind", amount=1), Post(seat=2, kind="big-blind", amount=0),
                  Action(seat=4, action="fold"), Action(seat=5, action="fold"), Muck(seat=1)):
        state.apply(event)
    pots = state.pots()
    assert sum(p.amount for p in pots) == state.pot == 1
    assert all(p.eligible for p in pots)
