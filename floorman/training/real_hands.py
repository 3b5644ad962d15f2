"""Real hands for the quiz: the PHH hands shipped under floorman/data/phh, with ONE irregularity
injected at a random point of the hand where it can legally happen.

The hands are read with floorman/phh.py and replayed once (cached); each replay records, event by
event, where each irregularity could be injected. A question takes the events up to that point
into the shared HandBuilder and enters the irregularity as the dispute.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "data" / "phh"

IRREGULARITIES = ("oversized-chip", "short-all-in", "exposed-card", "premature-flop", "out-of-turn",
                  "multiple-chips", "undercall")
TOPIC_OF = {"oversized-chip": "chips", "short-all-in": "raises", "exposed-card": "deal",
            "premature-flop": "board", "out-of-turn": "out-of-turn", "multiple-chips": "chips",
            "undercall": "undercall"}


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
    """The shipped hands that replay regularly under the TDA (no site departure), as PhhHand."""
    from floorman.phh import load, replay_hand

    kept = []
    for path in data_files():
        for hand in load(path):
            if hand.table.variant.family != "flop":
                continue                      # the templates and incidents here are for flop games
            report = replay_hand(hand, tolerate=())
            if report.regular and not report.warnings:
                kept.append(hand)
    return tuple(kept)


@lru_cache(maxsize=1)
def points() -> dict[str, list[Point]]:
    """For each irregularity, every point of every hand where it can be injected."""
    from floorman.model.events import Action, Post
    from floorman.model.state import HandState

    found: dict[str, list[Point]] = {kind: [] for kind in IRREGULARITIES}
    for index, hand in enumerate(hands()):
        state = HandState(hand.table)
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
                        found["undercall"].append(point)
                    if owed and seat.stack > owed and len(state.active_seats) >= 3:
                        found["short-all-in"].append(point)
                if others:
                    found["out-of-turn"].append(point)
                if point.preflop:
                    found["premature-flop"].append(point)
                    if k <= len(hand.events) and not any(isinstance(e, Action) and e.action != "fold"
                                                         for e in hand.events[:k]):
                        found["exposed-card"].append(point)
            state.apply(event)
    return found


def source_name(hand: Any) -> str:
    return f"real:{Path(hand.source).name}#{hand.section or 1}"


def inject(kind: str, rng: random.Random, floor: Any, profile: str | None) -> tuple[Any, str, Any, str | None]:
    """A real hand with `kind` injected: (builder, prompt, hand, number param)."""
    from floorman.builder import DEFAULT_PROFILE, HandBuilder
    from floorman.model.events import Action
    from floorman.model.incidents.action import OutOfTurn, Question as AskFloor
    from floorman.model.incidents.betting import Wager
    from floorman.model.incidents.irregularities import ExposedCard, PrematureBoard
    from floorman.training.templates import _chips_above, story

    point = rng.choice(points()[kind])
    hand = hands()[point.hand]
    table = hand.table
    events = hand.events[:point.events]
    chosen = profile or DEFAULT_PROFILE[table.format]
    number = None
    if kind == "short-all-in":
        # the actor's stack is made short: all in for more than the call, less than a full raise
        from floorman.model.state import HandState

        state = HandState.replay(table, events)
        increment = state.min_raise_to() - state.current_bet
        seat = state.seats[point.actor]
        short_to = state.current_bet + rng.randint(1, max(1, increment - 1))
        if increment <= 1:
            raise ValueError("no short all-in here")
        seats = tuple(s.model_copy(update={"stack": seat.total + short_to - seat.street_bet})
                      if s.number == point.actor else s for s in table.seats)
        table = table.model_copy(update={"seats": seats})
    builder = HandBuilder(table, chosen, floor=floor)
    for event in events:
        builder.add_event(event)
    actor = point.actor
    if kind == "oversized-chip":
        chip = next(c for c in _chips_above(point.to_call, table.forced_bets.big_blind))
        if chip > point.stack:
            chip = point.to_call + 1
        builder.add_incident(Wager(seat=actor, chips=(chip,)))
        what = f"seat {actor} silently puts out a single {chip:,} chip"
        number = "change" if rng.random() < 0.5 else None
    elif kind == "multiple-chips":
        state = builder.state
        increment = state.min_raise_to() - state.current_bet
        count = rng.randint(2, 4)
        total = point.to_call + rng.randint(1, max(1, int(increment * 1.3)))
        value = -(-total // count)
        if value * count > point.stack:
            value = point.stack // count
        builder.add_incident(Wager(seat=actor, chips=(value,) * count))
        what = f"seat {actor} silently pushes out {count} chips of {value:,}"
    elif kind == "undercall":
        pushed = rng.randint(max(1, point.to_call // 4), max(1, point.to_call - 1))
        builder.add_incident(Wager(seat=actor, chips=(pushed,)))
        what = f"seat {actor}, owing {point.to_call:,}, silently puts out {pushed:,}"
    elif kind == "short-all-in":
        builder.add_event(Action(seat=actor, action="all-in"))
        state = builder.state
        askers = sorted(n for n in state.seats_to_act if n != actor)
        if not askers:
            raise ValueError("nobody left to ask")
        asker = rng.choice(askers)
        builder.add_incident(AskFloor(seat=asker, asks="may-raise"))
        what = f"seat {actor} goes all in for less than a full raise; seat {asker} asks: may I raise?"
    elif kind == "exposed-card":
        live = sorted(builder.state.active_seats)
        seat = rng.choice(live)
        position = rng.randint(1, 2 * len(live))
        builder.add_incident(ExposedCard(by="dealer", seat=seat, deal_positions=(position,)))
        what = f"the dealer turns out card {position} of the deal, to seat {seat}"
    elif kind == "premature-flop":
        builder.add_incident(PrematureBoard(street="flop"))
        what = f"the dealer deals the flop before seat {actor} has acted"
    else:   # out of turn
        seat = rng.choice(point.others)
        state = builder.state
        owed = state.to_call(seat)
        action = rng.choice(("call", "fold") if owed else ("check", "bet"))
        amount = state.big_blind * rng.randint(2, 6) if action == "bet" else None
        if amount is not None and amount > state.seats[seat].stack:
            action, amount = "check", None
        builder.add_incident(OutOfTurn(seat=seat, action=action, amount=amount))
        what = f"it is seat {actor}'s turn, but seat {seat} {action}s" + (f" {amount:,}" if amount else "")
    prompt = f"Real hand {Path(hand.source).name} #{hand.section or 1}. {story(builder)} Now {what}. What is the ruling?"
    return builder, prompt, hand, number
