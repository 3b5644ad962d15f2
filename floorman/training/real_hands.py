"""Real hands for the quiz: the PHH hands shipped under floorman/data/phh, with ONE irregularity
injected at a random point of the hand where it can legally happen.

The hands are read with floorman/phh/ and replayed once (cached); each replay records, event by
event, where each irregularity could be injected. A question takes the events up to that point
into the shared HandBuilder and enters the irregularity as the dispute.

What a question states is what could happen at that table: a history's unknown (`inf`) stack is
given a real number (what the seat put in, and more); chips are the table's (chipset.py); a card
the dealer exposes goes, by its place off the deck, to the seat the deal gives it.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from floorman.training.chipset import hand_amounts, make_push, round_to, table_chips, unit_of
from floorman.training.wording import ORDINAL_WORDS, chips_phrase, ordinal, sentence

DATA = Path(__file__).resolve().parent.parent / "data" / "phh"

IRREGULARITIES = ("oversized-chip", "short-all-in", "exposed-card", "premature-flop", "out-of-turn",
                  "multiple-chips", "undercall")
TOPIC_OF = {"oversized-chip": "chips", "short-all-in": "raises", "exposed-card": "deal",
            "premature-flop": "board", "out-of-turn": "out-of-turn", "multiple-chips": "chips",
            "undercall": "undercall"}
#: a history's unknown stack becomes what the seat put in and this many big blinds more (at least
#: this many in all): a stack that plays the hand as recorded, never all in
UNKNOWN_STACK_BIG_BLINDS = 100


@dataclass(frozen=True)
class Point:
    """A place in a hand: the events before it, and the hand as it stands there."""

    hand: int                 # index into hands()
    events: int               # how many events come before the irregularity
    actor: int
    to_call: int
    stack: int
    others: tuple[int, ...]   # other seats still to act this round
    preflop: bool


def data_files() -> list[Path]:
    return sorted(DATA.glob("*.phhs"))


@lru_cache(maxsize=1)
def hands() -> tuple[Any, ...]:
    """The shipped hands that replay regularly under the TDA (no site departure), as PhhHand, each
    with real stacks and the chips the hand's amounts are made of."""
    from floorman.phh import load, replay_hand

    kept = []
    for path in data_files():
        for hand in load(path):
            if hand.table.variant.family != "flop":
                continue                      # the templates and incidents here are for flop games
            hand = with_real_stacks(hand)
            # the chips of the whole hand: a question at any point of it names only these; the
            # players' screen names (often hashes) are no part of a question
            seats = tuple(seat.model_copy(update={"name": ""}) for seat in hand.table.seats)
            table = hand.table.model_copy(update={"chip_denominations": table_chips(hand.table, hand.events),
                                                  "seats": seats})
            hand = dataclasses.replace(hand, table=table)
            report = replay_hand(hand, tolerate=())
            if report.regular and not report.warnings:
                kept.append(hand)
    return tuple(kept)


def with_real_stacks(hand: Any) -> Any:
    """The hand with each unknown (`inf`) starting stack made a real one: what the seat puts in over
    the hand plus UNKNOWN_STACK_BIG_BLINDS big blinds, in the hand's own chips."""
    if not hand.unknown_stacks:
        return hand
    from floorman.errors import FloormanError
    from floorman.model.state import HandState

    state = HandState(hand.table)
    for event in hand.events:
        try:
            state.apply(event)
        except FloormanError:
            return hand                       # not a regular hand: hands() leaves it out anyway
    from floorman.phh import UNKNOWN_STACK

    unit = unit_of(a for a in hand_amounts(hand.table, hand.events) if a < UNKNOWN_STACK)
    big = hand.table.forced_bets.big_blind or hand.table.structure.small_bet or unit
    extra = UNKNOWN_STACK_BIG_BLINDS * big
    seats = tuple(seat.model_copy(update={"stack": round_to(max(state.seats[seat.number].total + extra, extra), unit,
                                                                up=True)})
                  if seat.number in hand.unknown_stacks else seat for seat in hand.table.seats)
    return dataclasses.replace(hand, table=hand.table.model_copy(update={"seats": seats}),
                               unknown_stacks=frozenset())


@lru_cache(maxsize=1)
def points() -> dict[str, list[Point]]:
    """For each irregularity, every point of every hand where it can be injected."""
    from floorman.model.events import Action, Post
    from floorman.model.state import HandState

    found: dict[str, list[Point]] = {kind: [] for kind in IRREGULARITIES}
    for index, hand in enumerate(hands()):
        state = HandState(hand.table)
        unit = hand.table.chip_denominations[0]
        for k, event in enumerate(hand.events):
            actor = state.actor
            if actor is not None and not isinstance(event, Post):
                seat = state.seats[actor]
                owed = state.to_call()
                others = tuple(sorted(n for n in state.seats_to_act if n != actor))
                point = Point(index, k, actor, owed, seat.stack, others, state.street_index == 0)
                if hand.table.structure.betting.value != "fixed-limit":
                    if owed and seat.stack > owed * 2 and state.current_bet:
                        found["oversized-chip"].append(point)
                        found["multiple-chips"].append(point)
                        if owed > unit:           # a push of chips short of the call exists
                            found["undercall"].append(point)
                    if owed and seat.stack > owed and len(state.active_seats) >= 3:
                        found["short-all-in"].append(point)
                if others:
                    found["out-of-turn"].append(point)
                if point.preflop:
                    found["premature-flop"].append(point)
                    # a card exposed in the deal is noticed before anyone acts
                    if not any(isinstance(e, Action) for e in hand.events[:k]):
                        found["exposed-card"].append(point)
            state.apply(event)
    return found


def source_name(hand: Any) -> str:
    return f"real:{Path(hand.source).name}#{hand.section or 1}"


def inject(kind: str, rng: random.Random, floor: Any, profile: str | None) -> tuple[Any, str, Any, str | None]:
    """A real hand with `kind` injected: (builder, prompt, hand, number param)."""
    from floorman.builder import HandBuilder
    from floorman.model.events import Action
    from floorman.model.incidents.action import OutOfTurn
    from floorman.model.incidents.action import Question as AskFloor
    from floorman.model.incidents.betting import Wager
    from floorman.model.incidents.irregularities import ExposedCard, PrematureBoard
    from floorman.notation.setup import DEFAULT_PROFILE
    from floorman.training.templates import story
    from floorman.training.validate import deal_sequence

    point = rng.choice(points()[kind])
    hand = hands()[point.hand]
    table = hand.table
    events = hand.events[:point.events]
    chips = table.chip_denominations
    unit = chips[0]
    chosen = profile or DEFAULT_PROFILE[table.format]
    number = None
    if kind == "short-all-in":
        # the actor's stack is made short: all in for more than the call, less than a full raise
        from floorman.model.state import HandState

        state = HandState.replay(table, events)
        increment = state.min_raise_to() - state.current_bet
        in_hand = state.seats[point.actor]
        room = [to for to in range(state.current_bet + unit, state.current_bet + increment, unit)]
        if not room:
            raise ValueError("no short all-in here")
        short_to = rng.choice(room)
        seats = tuple(s.model_copy(update={"stack": in_hand.total + short_to - in_hand.street_bet})
                      if s.number == point.actor else s for s in table.seats)
        table = table.model_copy(update={"seats": seats})
    builder = HandBuilder(table, chosen, floor=floor)
    for event in events:
        builder.add_event(event)
    told = story(builder)
    actor = point.actor
    if kind == "oversized-chip":
        chip = next((c for c in chips if c > point.to_call and c <= point.stack), None)
        if chip is None:
            raise ValueError("no oversized chip fits the stack")
        builder.add_incident(Wager(seat=actor, chips=(chip,)))
        what = f"seat {actor}, facing {point.to_call:,}, silently puts out a single {chip:,} chip"
        number = "change" if rng.random() < 0.5 else None
    elif kind == "multiple-chips":
        state = builder.state
        increment = state.min_raise_to() - state.current_bet
        total = round_to(point.to_call + rng.randint(1, max(1, int(increment * 1.3))), unit, up=True)
        push = make_push(total, [c for c in chips if c < total])
        if push is None or total > point.stack:
            raise ValueError("no push of several chips makes that amount")
        builder.add_incident(Wager(seat=actor, chips=push))
        what = f"seat {actor}, facing {point.to_call:,}, silently pushes out {chips_phrase(push)}"
    elif kind == "undercall":
        pushed = round_to(rng.randint(max(unit, point.to_call // 4), point.to_call - 1), unit)
        push = make_push(pushed, chips) if pushed else None
        if push is None:
            raise ValueError("no push short of the call")
        builder.add_incident(Wager(seat=actor, chips=push))
        what = f"seat {actor}, facing {point.to_call:,}, silently puts out {chips_phrase(push)}"
    elif kind == "short-all-in":
        builder.add_event(Action(seat=actor, action="all-in"))
        state = builder.state
        askers = sorted(n for n in state.seats_to_act if n != actor)
        if not askers:
            raise ValueError("nobody left to ask")
        asker = rng.choice(askers)
        builder.add_incident(AskFloor(seat=asker, asks="may-raise"))
        what = (f"seat {actor} goes all in for {state.seats[actor].street_bet:,}, less than a full raise; "
                f"seat {asker} asks: may I raise?")
    elif kind == "exposed-card":
        order = deal_sequence(table)
        seat = rng.choice(order)
        card = rng.randint(1, table.variant.hole_cards)
        place = order.index(seat) + 1 + (card - 1) * len(order)
        builder.add_incident(ExposedCard(by="dealer", seat=seat, deal_positions=(place,)))
        what = (f"the dealer finds that the {ordinal(place)} card off the deck, seat {seat}'s {ORDINAL_WORDS[card]} "
                "card, was turned face up in the deal")
    elif kind == "premature-flop":
        builder.add_incident(PrematureBoard(street="flop"))
        what = f"the dealer deals the flop before seat {actor} has acted"
    else:   # out of turn
        seat = rng.choice(point.others)
        state = builder.state
        owed = state.to_call(seat)
        action: Literal["call", "fold", "check", "bet"] = rng.choice(("call", "fold") if owed else ("check", "bet"))
        amount = state.big_blind * rng.randint(2, 6) if action == "bet" else None
        if amount is not None and amount > state.seats[seat].stack:
            action, amount = "check", None
        builder.add_incident(OutOfTurn(seat=seat, action=action, amount=amount))
        what = f"it is seat {actor}'s turn, but seat {seat} {action}s" + (f" {amount:,}" if amount else "")
    prompt = f"Real hand {Path(hand.source).name} #{hand.section or 1}. {told} Now {what}. What is the ruling?"
    return builder, sentence(prompt), hand, number
