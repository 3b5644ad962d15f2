"""Question templates: one small function per rule family, with stakes, seats, stacks and chips
drawn at random, built with the shared HandBuilder (as `floorman table` and `ask` build hands).

A template returns a `Draft`: the builder with the dispute entered last, the prompt, and the
ruling param to ask as a number (if the question is a number). Adding a template to CORE_TEMPLATES
(or to a family module's TEMPLATES, floorman/training/families/) makes it part of the quiz, and of
the coverage test, at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from floorman.builder import HandBuilder
from floorman.model.cards import deck
from floorman.model.events import Action, ActionKind, Board
from floorman.model.incidents.action import OutOfTurn
from floorman.model.incidents.action import Question as AskFloor
from floorman.model.incidents.betting import Wager
from floorman.model.incidents.irregularities import ExposedCard, PrematureBoard
from floorman.model.incidents.showdown import MuckAtShowdown, ShowdownQuestion
from floorman.notation.setup import parse_setup
from floorman.training.chipset import make_push, round_to, stakes_chips
from floorman.training.wording import ORDINAL_WORDS, chips_phrase, ordinal

STAKES = ((1, 2), (2, 5), (5, 10), (25, 50), (100, 200), (500, 1000), (1000, 2000))
SEATS = {"easy": (2, 3), "medium": (4, 6), "hard": (6, 9)}


@dataclass
class Draft:
    builder: HandBuilder
    prompt: str
    number: str | None = None          # the ruling param asked as a number
    subject: str | None = None         # the ruling asked about, when the dispute has several (its subject)


@dataclass(frozen=True)
class Template:
    name: str
    topic: str
    build: Callable[[random.Random, str, Any, str | None], Draft]


def deal(rng: random.Random, difficulty: str, floor: Any, profile: str | None, *,
         fmt: str | None = None) -> HandBuilder:
    """A table with random stakes, seats and stacks, in the chips of its stakes, the forced bets
    posted; a cash game or a tournament (`fmt`, else drawn)."""
    small, big = rng.choice(STAKES)
    lo, hi = SEATS[difficulty]
    count = rng.randint(lo, hi)
    stacks = [big * rng.randint(40, 250) for _ in range(count)]
    fmt = fmt or rng.choice(("cash", "tournament"))
    button = rng.randint(1, count)
    seats = " ".join(f"{n}:{s}" for n, s in enumerate(stacks, 1))
    chips = "/".join(map(str, stakes_chips(small, big)))
    setup = parse_setup(f"nl {small}/{big} {fmt} seats {seats} max {max(count, 2)} button {button} chips {chips}")
    builder = HandBuilder(setup.table, profile or setup.profile, floor=floor)
    builder.post_forced_bets()
    return builder


def actor(builder: HandBuilder) -> int:
    """The seat to act. A template asks where someone is; where nobody is, the draw is refused
    (ValueError) and the generator draws again, as for any draw that does not fit."""
    seat = builder.state.actor
    if seat is None:
        raise ValueError("nobody is to act")
    return seat


def act(builder: HandBuilder, action: ActionKind, amount: int | None = None) -> Action:
    event = Action(seat=actor(builder), action=action, amount=amount)
    builder.add_event(event)
    return event


def limp_around(builder: HandBuilder) -> None:
    """Everyone calls or checks until the betting round is over."""
    state = builder.state
    while state.actor is not None:
        act(builder, "call" if state.to_call() else "check")
        state = builder.state


def flop(builder: HandBuilder, rng: random.Random) -> None:
    builder.add_event(Board(cards=tuple(rng.sample(deck(), 3))))


def to_flop(builder: HandBuilder, rng: random.Random) -> None:
    """Everyone limps (or checks) pre-flop, then the flop comes."""
    limp_around(builder)
    flop(builder, rng)


def open_action(builder: HandBuilder, rng: random.Random, difficulty: str) -> None:
    """Some betting on the current street: a bet, maybe raises (hard: more), callers and folds."""
    state = builder.state
    raises = {"easy": 0, "medium": rng.randint(0, 1), "hard": rng.randint(1, 2)}[difficulty]
    big = state.big_blind
    if state.current_bet == 0:
        act(builder, "bet", big * rng.randint(1, 6))
    for _ in range(raises):
        state = builder.state
        if state.actor is None or state.seats[state.actor].stack < state.to_call() * 3 + big * 4:
            break
        if rng.random() < 0.5:          # a caller before the raise
            act(builder, "call")
            state = builder.state
            if state.actor is None:
                return
        target = state.min_raise_to() + big * rng.randint(0, 4)
        act(builder, "raise", target)


def story(builder: HandBuilder) -> str:
    """The game and the hand so far, street by street."""
    from floorman.training.describe import story as told

    return told(builder.table, builder.events)


def chips_of(builder: HandBuilder) -> tuple[int, ...]:
    """The chips the table plays with."""
    from floorman.training.chipset import table_chips

    return table_chips(builder.table, builder.events)


# ----------------------------------------------------------------------------- the templates
def _oversized_chip(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    if rng.random() < 0.5:
        to_flop(b, rng)
    open_action(b, rng, difficulty)
    state = b.state
    seat = state.seats[actor(b)]
    owed = state.to_call()
    chip = next((c for c in chips_of(b) if c > owed and c <= seat.stack), None)
    if chip is None or owed == 0:
        raise ValueError("no oversized chip fits")
    declared: Literal["raise", "none"] = "raise" if rng.random() < 0.25 else "none"
    prompt = (f"{story(b)} Seat {seat.number}, facing {owed:,}, puts out a single {chip:,} chip"
              + (" and says 'raise'." if declared == "raise" else " without a word.") + " What is it?")
    b.add_incident(Wager(seat=seat.number, chips=(chip,), declared=declared))
    return Draft(b, prompt, "change" if declared == "none" and rng.random() < 0.5 else None)


def _multiple_chips(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    open_action(b, rng, difficulty)
    state = b.state
    seat = state.seats[actor(b)]
    owed = state.to_call()
    chips = chips_of(b)
    increment = state.min_raise_to() - state.current_bet
    total = round_to(owed + rng.randint(1, max(1, int(increment * 1.3))), chips[0], up=True)
    push = make_push(total, [c for c in chips if c < total])
    if push is None or total > seat.stack:
        raise ValueError("no push of several chips makes that amount")
    b.add_incident(Wager(seat=seat.number, chips=push))
    return Draft(b, f"{story(b)} Seat {seat.number}, facing {owed:,}, silently pushes out {chips_phrase(push)}. "
                    "What is it?")


def _min_raise(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    if rng.random() < 0.5:
        to_flop(b, rng)
    open_action(b, rng, difficulty)
    seat = b.state.actor
    b.add_incident(AskFloor(seat=seat, asks="min-raise"))
    return Draft(b, f"{story(b)} Seat {seat} asks: what is the least I can raise to?",
                 "min_raise_to" if rng.random() < 0.6 else None)


def _short_all_in(rng, difficulty, floor, profile):
    b = deal(rng, "medium" if difficulty == "easy" else difficulty, floor, profile)
    to_flop(b, rng)
    bet = b.state.big_blind * rng.randint(2, 8)
    act(b, "bet", bet)
    while True:
        state = b.state
        seat = state.seats[actor(b)]
        if rng.random() < 0.5 or len(state.seats_to_act) <= 2:
            break
        act(b, "call")
    # the short all-in: a stack between the call and a full raise, in the table's chips
    unit = chips_of(b)[0]
    short_to = rng.choice(range(bet + unit, 2 * bet, unit))
    table = b.table
    seats = [s.model_copy(update={"stack": seat.total + short_to}) if s.number == seat.number else s
             for s in table.seats]
    rebuilt = HandBuilder(table.model_copy(update={"seats": tuple(seats)}), b.profile, floor=b.floor)
    for event in b.events:
        rebuilt.add_event(event)
    act(rebuilt, "all-in", short_to)
    state = rebuilt.state
    askers = [n for n in state.seats_to_act if n != seat.number]
    if not askers:
        raise ValueError("nobody left to ask")
    asker = rng.choice(sorted(askers))
    rebuilt.add_incident(AskFloor(seat=asker, asks="may-raise"))
    return Draft(rebuilt, f"{story(rebuilt)} Seat {seat.number}'s all-in is less than a full raise. Seat {asker} "
                          "asks: may I raise?")


def _undercall(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    to_flop(b, rng)
    open_action(b, rng, difficulty)
    state = b.state
    owed = state.to_call()
    seat = actor(b)
    chips = chips_of(b)
    pushed = round_to(rng.randint(max(1, owed // 4), max(1, owed - 1)), chips[0])
    push = make_push(pushed, chips) if 0 < pushed < owed else None
    if push is None:
        raise ValueError("no undercall")
    b.add_incident(Wager(seat=seat, chips=push))
    return Draft(b, f"{story(b)} Seat {seat}, facing {owed:,}, silently puts out {chips_phrase(push)}. "
                    "What is it?", "call_amount" if rng.random() < 0.4 else None)


def _string_bet(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    to_flop(b, rng)
    if rng.random() < 0.6:
        open_action(b, rng, difficulty)
    state = b.state
    seat = state.seats[actor(b)]
    chips = chips_of(b)
    first = make_push(state.to_call() or state.big_blind * rng.randint(1, 4), chips)
    more = make_push(state.big_blind * rng.randint(1, 8), chips)
    if first is None or more is None or sum(first) + sum(more) > seat.stack:
        raise ValueError("short")
    b.add_incident(Wager(seat=seat.number, chips=first + more, first_motion_chips=first, motions=2))
    return Draft(b, f"{story(b)} Seat {seat.number} silently pushes out {chips_phrase(first)}, then goes back to "
                    f"the stack for {chips_phrase(more)} more. What is it?")


def _words_vs_chips(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    to_flop(b, rng)
    open_action(b, rng, difficulty)
    state = b.state
    seat = state.seats[actor(b)]
    owed = state.to_call()
    said = rng.choice(("call", "raise"))
    push = make_push(owed + state.big_blind * rng.randint(1, 6), chips_of(b))
    if push is None or sum(push) > seat.stack:
        raise ValueError("short")
    b.add_incident(Wager(seat=seat.number, declared=said, chips=push, speech="before"))
    return Draft(b, f"{story(b)} Seat {seat.number}, facing {owed:,}, says '{said}', then puts out "
                    f"{chips_phrase(push)}. What is it?")


def _out_of_turn(rng, difficulty, floor, profile):
    b = deal(rng, "medium" if difficulty == "easy" else difficulty, floor, profile)
    if rng.random() < 0.5:
        to_flop(b, rng)
        if rng.random() < 0.5:
            act(b, "bet", b.state.big_blind * rng.randint(1, 5))
    state = b.state
    others = sorted(n for n in state.seats_to_act if n != state.actor)
    if not others:
        raise ValueError("nobody out of turn")
    seat = rng.choice(others)
    owed = state.to_call(seat)
    action = rng.choice(("call", "fold") if owed else ("check", "bet"))
    amount = state.big_blind * rng.randint(2, 6) if action == "bet" else None
    b.add_incident(OutOfTurn(seat=seat, action=action, amount=amount))
    words = f"{action}s" + (f" {amount:,}" if amount else "")
    return Draft(b, f"{story(b)} It is seat {state.actor}'s turn, but seat {seat} {words}. What now?")


def _exposed_card(rng, difficulty, floor, profile):
    from floorman.training.validate import deal_sequence

    b = deal(rng, difficulty, floor, profile)
    order = deal_sequence(b.table)
    seat = rng.choice(order)
    card = rng.randint(1, b.table.variant.hole_cards)
    place = order.index(seat) + 1 + (card - 1) * len(order)
    acted = rng.random() < 0.4
    if acted:
        for _ in range(rng.randint(1, 3)):
            if b.state.actor is None:
                break
            act(b, rng.choice(("call", "fold")))
    b.add_incident(ExposedCard(by="dealer", seat=seat, deal_positions=(place,)))
    found = "only now " if acted else ""
    return Draft(b, f"{story(b)} The dealer {found}finds that the {ordinal(place)} card off the deck, seat {seat}'s "
                    f"{ORDINAL_WORDS[card]} card, was turned face up in the deal. What is the ruling?")


def _premature_flop(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    for _ in range(rng.randint(0, 2)):
        if b.state.actor is None or len(b.state.seats_to_act) <= 1:
            break
        act(b, "call")
    if b.state.actor is None:
        raise ValueError("betting over")
    b.add_incident(PrematureBoard(street="flop"))
    return Draft(b, f"{story(b)} Before seat {b.state.actor} has acted, the dealer deals the flop. What now?")


def _to_showdown(b: HandBuilder, rng: random.Random, river_bet: bool) -> None:
    to_flop(b, rng)
    for _ in range(2):
        limp_around(b)
        used = set(b.state.board)
        b.add_event(Board(cards=(rng.choice([c for c in deck() if c not in used]),)))
    if river_bet:
        if rng.random() < 0.5:
            act(b, "check")
        act(b, "bet", b.state.big_blind * rng.randint(2, 10))
    limp_around(b)


def _showdown_order(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    _to_showdown(b, rng, rng.random() < 0.6)
    b.add_incident(ShowdownQuestion(asks="order"))
    return Draft(b, f"{story(b)} Showdown: who shows first?")


def _mucked_hand(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    _to_showdown(b, rng, True)
    seat = rng.choice(sorted(b.state.active_seats))
    where = rng.choice(("released", "touching-muck", "in-muck"))
    identifiable = where != "in-muck" and rng.random() < 0.7
    b.add_incident(MuckAtShowdown(seat=seat, where=where, identifiable=identifiable))
    how = {"released": "pushes the cards away face down", "touching-muck": "throws the cards against the discards",
           "in-muck": "throws the cards into the muck"}[where]
    return Draft(b, f"{story(b)} At showdown seat {seat} {how}"
                    f"{' (still identifiable)' if identifiable else ''}. What is the ruling?")


def _uncalled_bet(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    to_flop(b, rng)
    bettor = act(b, "bet", b.state.big_blind * rng.randint(2, 12)).seat
    while b.state.actor is not None:
        act(b, rng.choice(("fold", "fold", "call")))
    b.add_incident(AskFloor(seat=bettor, asks="uncalled", by="dealer"))
    return Draft(b, f"{story(b)} The dealer asks: how much comes back to the bettor?",
                 "returned" if rng.random() < 0.5 else None)


CORE_TEMPLATES: tuple[Template, ...] = (
    Template("oversized-chip", "chips", _oversized_chip),
    Template("multiple-chips", "chips", _multiple_chips),
    Template("min-raise", "raises", _min_raise),
    Template("short-all-in", "raises", _short_all_in),
    Template("undercall", "undercall", _undercall),
    Template("string-bet", "declarations", _string_bet),
    Template("words-vs-chips", "declarations", _words_vs_chips),
    Template("out-of-turn", "out-of-turn", _out_of_turn),
    Template("exposed-card", "deal", _exposed_card),
    Template("premature-flop", "board", _premature_flop),
    Template("showdown-order", "showdown", _showdown_order),
    Template("mucked-hand", "showdown", _mucked_hand),
    Template("uncalled-bet", "pots", _uncalled_bet),
)
