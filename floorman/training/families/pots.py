"""Quiz templates and common mistakes for pots at showdown: the odd chip of a split pot, and side
pots (how big the main pot is, which pot is awarded first). Each hand is played to a showdown
with the hands tabled, so the engine awards the pots itself; the question asks about one ruling
on the award (its `subject`)."""

from __future__ import annotations

import random
import re
from typing import Any

from floorman.builder import HandBuilder
from floorman.model.cards import deck
from floorman.model.events import Board, DealHole, Show
from floorman.model.incidents.showdown import ShowdownQuestion
from floorman.notation.setup import parse_setup
from floorman.training.chipset import stakes_chips
from floorman.training.mistakes import Case, Mistake
from floorman.training.question import Answer
from floorman.training.templates import Draft, Template, act, limp_around, story

#: stakes whose small blind is the smallest chip: a split pot of one blind and big blinds is odd
_ODD_STAKES = ((1, 2), (25, 50), (100, 200), (500, 1000), (1000, 2000))


def _table(small: int, big: int, fmt: str, stacks: dict[int, int], button: int, profile: str | None,
           floor: Any) -> HandBuilder:
    seats = " ".join(f"{n}:{s}" for n, s in stacks.items())
    chips = "/".join(map(str, stakes_chips(small, big)))
    setup = parse_setup(f"nl {small}/{big} {fmt} seats {seats} max {max(stacks)} button {button} chips {chips}")
    builder = HandBuilder(setup.table, profile or setup.profile, floor=floor)
    builder.post_forced_bets()
    return builder


def _deal(builder: HandBuilder, hands: dict[int, tuple[str, str]], rng: random.Random,
          board: tuple[str, ...] = ()) -> list[str]:
    """Each seat its hole cards (the ones given, random for the others, none of the `board`); the
    cards left."""
    taken = {card for cards in hands.values() for card in cards} | set(board)
    left = [c for c in deck() if c not in taken]
    rng.shuffle(left)
    for seat in builder.table.seats:
        cards = hands.get(seat.number) or (left.pop(), left.pop())
        builder.add_event(DealHole(seat=seat.number, cards=cards))
    return left


def _check_down(builder: HandBuilder, boards: list[tuple[str, ...]]) -> None:
    for cards in boards:
        builder.add_event(Board(cards=cards))
        limp_around(builder)


def _odd_chip(rng, difficulty, floor, profile):
    small, big = rng.choice(_ODD_STAKES)
    count = rng.randint(3, 5)
    button = rng.randint(1, count)
    b = _table(small, big, rng.choice(("cash", "tournament")), {n: big * rng.randint(50, 150) for n in
                                                                 range(1, count + 1)}, button, profile, floor)
    order = b.table.clockwise_from(button)               # small blind first
    winners = sorted(rng.sample([n for n in order if n != order[0]], 2))
    # the same hand in two suits; a board with no flush and no straight: they split
    suits = rng.sample("shdc", 4)
    tie = {winners[0]: (f"A{suits[0]}", f"K{suits[1]}"), winners[1]: (f"A{suits[2]}", f"K{suits[3]}")}
    board = [f"Q{suits[0]}", f"9{suits[1]}", f"5{suits[2]}", f"3{suits[3]}", f"2{suits[0]}"]
    _deal(b, tie, rng, tuple(board))
    while b.state.actor is not None:
        seat = b.state.actor
        act(b, ("call" if b.state.to_call() else "check") if seat in winners else "fold")
    _check_down(b, [tuple(board[:3]), (board[3],), (board[4],)])
    for seat in winners:
        b.add_event(Show(seat=seat, cards=tie[seat]))
    b.add_incident(ShowdownQuestion(asks="award"))
    return Draft(b, f"{story(b)} Seats {winners[0]} and {winners[1]} both show ace-king and split the pot of "
                    f"{b.state.pot:,}. Who gets the odd chip?", "odd_chip_seat" if rng.random() < 0.5 else None,
                 subject="odd-chip")


def _side_pot(rng, difficulty, floor, profile):
    small, big = rng.choice(((25, 50), (100, 200), (500, 1000), (1000, 2000)))
    count = rng.randint(4, 6)
    button = rng.randint(1, count)
    short = big * rng.randint(4, 15)
    stacks = {n: big * rng.randint(60, 150) for n in range(1, count + 1)}
    b = _table(small, big, rng.choice(("cash", "tournament")), stacks, button, profile, floor)
    order = b.table.clockwise_from(button)
    small_seat, big_seat, first = order[0], order[1], order[2]
    table = b.table
    seats = tuple(s.model_copy(update={"stack": short}) if s.number == first else s for s in table.seats)
    b = HandBuilder(table.model_copy(update={"seats": seats}), b.profile, floor=floor)
    b.post_forced_bets()
    _deal(b, {}, rng)
    act(b, "all-in", short)
    caller = rng.choice([n for n in order[3:] + [small_seat] if n != first] or [small_seat])
    while b.state.actor is not None:
        seat = b.state.actor
        act(b, "call" if seat in (caller, big_seat) else "fold")
    left = [c for c in deck() if c not in {card for s in b.state.seats.values() for card in s.hole}]
    rng.shuffle(left)
    b.add_event(Board(cards=tuple(left[:3])))
    act(b, "bet", big * rng.randint(2, 8))
    limp_around(b)
    _check_down(b, [(left[3],), (left[4],)])
    for seat in sorted(n for n, s in b.state.seats.items() if s.live):
        b.add_event(Show(seat=seat, cards=tuple(b.state.seats[seat].hole)))
    b.add_incident(ShowdownQuestion(asks="award"))
    ask = rng.random() < 0.6
    question = "How much is the main pot?" if ask else "In what order are the pots awarded?"
    return Draft(b, f"{story(b)} All three hands are tabled. {question}", "main_pot" if ask else None,
                 subject="award-order")


TEMPLATES: tuple[Template, ...] = (
    Template("odd-chip", "pots", _odd_chip),
    Template("side-pot", "pots", _side_pot),
)


# ----------------------------------------------------------------------------- common mistakes
def _showdown(case: Case) -> dict[str, Any] | None:
    return next(iter(case.facts.get("showdown") or ()), None)


def _odd_chip_to_the_other_winner(case: Case) -> Answer | None:
    fact = _showdown(case)
    if fact is None or case.incident.type != "showdown-question" or not fact["odd_chip"]:
        return None
    winners = [int(n) for n in re.findall(r"\d+", fact["winners"])]
    others = [n for n in winners if n != fact["odd_chip_seat"]]
    return Answer("odd-chip-to-seat", others[0]) if others else None


def _main_pot_without_dead_money(case: Case) -> int | None:
    """The main pot counted as the all-in's stake from each caller, leaving out the folded blinds."""
    fact = _showdown(case)
    if fact is None or not fact["side_pots"]:
        return None
    all_in = [s for s in case.state.seats.values() if s.all_in]
    callers = [s for s in case.state.seats.values() if s.live]
    if not all_in:
        return None
    stake = min(s.total for s in all_in)
    return stake * len(callers)


def _main_pot_is_everything(case: Case) -> int | None:
    fact = _showdown(case)
    return fact["pot_total"] if fact is not None and fact["side_pots"] else None


MISTAKES: tuple[Mistake, ...] = (
    Mistake("odd-chip-to-the-other-winner", "giving the odd chip to the wrong winner: in flop games it goes to the "
            "first winner to the left of the button (stud: the highest card by suit; high-low: the high half)",
            _odd_chip_to_the_other_winner, lambda case: getattr(_odd_chip_to_the_other_winner(case), "amount", None),
            asks=("odd_chip_seat",), answers=("odd-chip",)),
    Mistake("main-pot-without-dead-money", "leaving the folded players' blinds out of the main pot: every chip put "
            "in up to the all-in's stake, dead money included, is the main pot", lambda case: None,
            _main_pot_without_dead_money, asks=("main_pot",)),
    Mistake("main-pot-is-everything", "counting every chip as the main pot: what the all-in player cannot match "
            "goes to a side pot only the others can win", lambda case: None, _main_pot_is_everything,
            asks=("main_pot",)),
)
