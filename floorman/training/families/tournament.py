"""Quiz templates and common mistakes for the tournament family (see families/__init__.py).

One template per incident type: a tournament table with random stakes, seats and stacks, the
dispute entered between hands (or, for hand-for-hand, after an all-in and a call). Number
questions ask for a seat's chips after a chip race, a busted seat's finishing place, or the
seat that moves to balance the tables."""

from __future__ import annotations

import random
from typing import Any

from floorman.builder import HandBuilder
from floorman.model.cards import deck
from floorman.model.incidents.tournament import (
    AbsentChips,
    CashOutRequest,
    ChipRace,
    DealProposal,
    HandForHandAllIn,
    RebuyRequest,
    SimultaneousEliminations,
    TableBalance,
    TableBreak,
    WrongSeat,
)
from floorman.model.table import Table
from floorman.training.chipset import stakes_chips
from floorman.training.families._shared import always, fold_around
from floorman.training.mistakes import Mistake
from floorman.training.question import Answer
from floorman.training.templates import Draft, Template, act, story
from floorman.training.wording import article, seats_list, sentence

LEVELS = ((100, 200), (200, 400), (500, 1000), (1000, 2000), (2000, 4000))
SEATS = {"easy": (4, 6), "medium": (6, 8), "hard": (8, 9)}


def _table(rng: random.Random, difficulty: str, floor: Any, profile: str | None, *,
           stacks: dict[int, int] | None = None, left: int | None = None, chips: tuple[int, ...] | None = None,
           count: int | None = None, numbers: list[int] | None = None) -> HandBuilder:
    small, big = rng.choice(LEVELS)
    lo, hi = SEATS[difficulty]
    count = count or rng.randint(lo, hi)
    numbers = numbers or sorted(rng.sample(range(1, 10), count))
    seats = [{"number": n, "stack": (stacks or {}).get(n, big * rng.randint(10, 120))} for n in numbers]
    raw: dict[str, Any] = {"format": "tournament", "button": rng.choice(numbers), "seat_count": 9,
                           "forced_bets": {"small_blind": small, "big_blind": big}, "seats": seats}
    if left:
        raw["players_left_in_event"] = left
    raw["chip_denominations"] = list(chips or stakes_chips(small, big))
    return HandBuilder(Table.from_data(raw), profile or "tda-2026", floor=floor)


def _line(b: HandBuilder, *, stacks: bool = False) -> str:
    """The event and the table; the stacks only where the question turns on them."""
    table = b.table
    blinds = table.forced_bets
    head = f"Tournament, blinds {blinds.small_blind:,}/{blinds.big_blind:,}, button seat {table.button}"
    if stacks:
        return head + "; " + ", ".join(f"seat {s.number} {s.stack:,}" for s in table.seats) + "."
    return f"{head}; players in {seats_list(s.number for s in table.seats)}."


# ----------------------------------------------------------------------------- templates
def _chip_race(rng, difficulty, floor, profile):
    removed, next_up = rng.choice(((25, 100), (100, 500), (500, 1000), (1000, 5000)))
    per_chip = next_up // removed
    count = rng.randint(*SEATS[difficulty])
    numbers = sorted(rng.sample(range(1, 10), count))
    racing = sorted(rng.sample(numbers, rng.randint(2, min(5, count))))
    exact = rng.random() < 0.15
    held = {n: per_chip * rng.randint(0, 3) + (0 if exact else rng.randint(0, per_chip - 1)) for n in racing}
    held = {n: c for n, c in held.items() if c > 0}
    if len(held) < 1:
        raise ValueError("nobody holds the removed chips")
    stacks = {}
    for n in numbers:
        other = next_up * rng.randint(0 if n in held and rng.random() < 0.2 else 5, 150)
        stacks[n] = other + held.get(n, 0) * removed
    b = _table(rng, difficulty, floor, profile, stacks=stacks, chips=(removed, next_up, next_up * 5),
               numbers=numbers)
    seats = sorted(held)
    odd = {n: held[n] % per_chip for n in seats}
    with_cards = not exact and any(odd.values()) and rng.random() < 0.75
    cards = rng.sample(deck(), sum(odd.values())) if with_cards else []
    b.add_incident(ChipRace(removed=removed, next_up=next_up, seats=tuple(seats),
                            removed_chips=tuple(held[n] for n in seats), cards=tuple(cards)))
    chips = "; ".join(f"seat {n} has {held[n]} of them" for n in seats)
    colour_up = f"{_line(b, stacks=True)} At the colour-up the {removed} chips go ({chips}); next chip up {next_up}."
    if with_cards:
        at, dealt = 0, []
        for n in seats:
            if odd[n]:
                dealt.append(f"seat {n} {' '.join(cards[at:at + odd[n]])}")
                at += odd[n]
        asked = rng.choice(seats)
        prompt = (f"{colour_up} Race cards: {'; '.join(dealt)}. How much does seat {asked} have after the "
                  "race?")
        return Draft(b, prompt, f"seat_{asked}_chips_after")
    if all(o == 0 for o in odd.values()):
        asked = rng.choice(seats)
        return Draft(b, f"{colour_up} How much does seat {asked} have afterwards?", f"seat_{asked}_chips_after")
    return Draft(b, f"{colour_up} How many {next_up} chips does the race give away?", "chips_raced")


def _rebuild(b: HandBuilder, stacks: dict[int, int]) -> HandBuilder:
    """The same table with these stacks (the template draws the stacks after the seats)."""
    raw = b.table.model_dump(mode="json")
    raw["seats"] = [{**seat, "stack": stacks[seat["number"]]} for seat in raw["seats"]]
    return HandBuilder(Table.from_data(raw), b.profile, floor=b.floor)


def _eliminations(rng, difficulty, floor, profile):
    b = _table(rng, difficulty, floor, profile, left=rng.randint(9, 60))
    numbers = [s.number for s in b.table.seats]
    busted = sorted(rng.sample(numbers, rng.randint(2, 3 if difficulty == "hard" else 2)))
    stacks = {s.number: s.stack for s in b.table.seats}
    if rng.random() < 0.3:
        stacks[busted[1]] = stacks[busted[0]]            # equal stacks: they share
        b = _rebuild(b, stacks)
    left = b.table.players_left_in_event or 9
    announcement = rng.random() < 0.2
    b.add_incident(SimultaneousEliminations(seats=tuple(busted), announcement_hand=announcement))
    who = " and ".join(f"seat {n} ({stacks[n]:,} at the start of the hand)" for n in busted)
    asked = rng.choice(busted)
    extra = " Hand-for-hand was announced during this very hand." if announcement else ""
    both = "both" if len(busted) == 2 else "all"
    return Draft(b, f"{_line(b, stacks=True)} {left} players are left in the event. {sentence(who)} {both} bust on "
                    f"the same hand.{extra} What place does seat {asked} finish in?", f"seat_{asked}_place")


def _cash_out(rng, difficulty, floor, profile):
    b = _table(rng, difficulty, floor, profile)
    seat = rng.choice(b.table.seats)
    wants = rng.choice(("cash-chips", "paid-by-chips"))
    b.add_incident(CashOutRequest(seat=seat.number, wants=wants))
    asks = "to cash the chips in and go home" if wants == "cash-chips" else "to be paid now by chip count"
    return Draft(b, f"{_line(b)} Between hands seat {seat.number} asks {asks}. Ruling?")


def _absent(rng, difficulty, floor, profile):
    b = _table(rng, difficulty, floor, profile)
    seat = rng.choice(b.table.seats)
    reason = rng.choice(("away", "disqualified"))
    b.add_incident(AbsentChips(seat=seat.number, reason=reason))
    what = "walks out of the event, leaving the chips" if reason == "away" else "is disqualified for collusion"
    return Draft(b, f"{_line(b)} Seat {seat.number} {what}. What happens to the {seat.stack:,} in chips?")


def _rebuy(rng, difficulty, floor, profile):
    b = _table(rng, difficulty, floor, profile)
    seat = rng.choice(b.table.seats)
    kind = rng.choice(("rebuy", "re-entry", "add-on"))
    offered = rng.random() < 0.8
    period_open = rng.random() < 0.6
    declared = rng.random() < 0.4
    b.add_incident(RebuyRequest(seat=seat.number, kind=kind, offered=offered, period_open=period_open,
                                declared_before_hand=declared))
    if not offered:
        event = f"The event offers no {kind}"
    else:
        event = f"The event offers {article(kind)}" + (" and its period is still open" if period_open
                                                 else ", but its period has ended")
    said = " The player said so before this hand was dealt." if declared else ""
    return Draft(b, f"{_line(b)} {event}. Seat {seat.number} asks for one.{said} Ruling?")


def _deal(rng, difficulty, floor, profile):
    b = _table(rng, difficulty, floor, profile, count=rng.randint(2, 4))
    numbers = [s.number for s in b.table.seats]
    declining = tuple(n for n in numbers if rng.random() < 0.25)
    agreeing = tuple(n for n in numbers if n not in declining)
    approved = not declining and rng.random() < 0.5
    b.add_incident(DealProposal(agreeing=agreeing, declining=declining, director_approved=approved))
    words = (f"{sentence(seats_list(agreeing))} {'wants' if len(agreeing) == 1 else 'want'} to split the remaining "
             "prize money" if agreeing else "Nobody wants to split the remaining prize money")
    if declining:
        words += f"; {seats_list(declining)} {'says' if len(declining) == 1 else 'say'} no"
    words += "; the director has approved it" if approved else "; the director has not been asked"
    return Draft(b, f"{_line(b)} Final table. {words}. Ruling?")


def _balance(rng, difficulty, floor, profile):
    b = _table(rng, difficulty, floor, profile, count=rng.randint(7, 9))
    here = len(b.table.seats)
    gap = 2 if rng.random() < 0.6 else 3        # two apart: a player moves; three: the short table halts too
    short = here - gap
    b.add_incident(TableBalance(short_table_players=short))
    return Draft(b, f"{_line(b)} This table has {here} players, the shortest table {short}. "
                    f"Which seat moves to balance?", "seat_to_move")


def _break(rng, difficulty, floor, profile):
    b = _table(rng, difficulty, floor, profile)
    if rng.random() < 0.4:
        away = rng.choice(b.table.seats).number
        b.add_incident(TableBreak(absent=(away,)))
        return Draft(b, f"{_line(b)} This table is broken while the player in seat {away} is away from it. "
                        f"What happens to seat {away}'s chips?")
    b.add_incident(TableBreak())
    return Draft(b, f"{_line(b)} This table is broken. How do its players get their new seats?")


def _wrong_seat(rng, difficulty, floor, profile):
    b = _table(rng, difficulty, floor, profile, count=rng.randint(4, 8))
    taken = {s.number for s in b.table.seats}
    seat = rng.choice(b.table.seats)
    free = [n for n in range(1, 10) if n not in taken]
    elsewhere = not free or rng.random() < 0.4
    assigned = rng.randint(1, 9) if elsewhere else rng.choice(free)
    if assigned == seat.number and not elsewhere:
        raise ValueError("the same seat")
    b.add_incident(WrongSeat(seat=seat.number, assigned_seat=assigned, assigned_elsewhere=elsewhere))
    where = f"seat {assigned} at another table" if elsewhere else f"seat {assigned} here"
    return Draft(b, f"{_line(b)} After several hands the floor finds that the player in seat {seat.number} "
                    f"was assigned {where}. Ruling?")


def _hand_for_hand(rng, difficulty, floor, profile):
    b = _table(rng, difficulty, floor, profile)
    b.post_forced_bets()
    act(b, "all-in")
    act(b, "call")
    fold_around(b)
    b.add_incident(HandForHandAllIn())
    return Draft(b, f"{story(b)} The event is playing hand-for-hand. The dealer reaches to turn the hands up "
                    f"and deal the board. What now?")


TEMPLATES: tuple[Template, ...] = (
    Template("chip-race", "tournament", _chip_race),
    Template("simultaneous-eliminations", "tournament", _eliminations),
    Template("cash-out-request", "tournament", _cash_out),
    Template("absent-chips", "tournament", _absent),
    Template("rebuy-request", "tournament", _rebuy),
    Template("deal-proposal", "tournament", _deal),
    Template("table-balance", "tournament", _balance),
    Template("table-break", "tournament", _break),
    Template("wrong-seat", "tournament", _wrong_seat),
    Template("hand-for-hand-all-in", "tournament", _hand_for_hand),
)


# ----------------------------------------------------------------------------- common mistakes
MISTAKES: tuple[Mistake, ...] = (
    Mistake("tournament-chips-cashed", "treating tournament chips like cash-game chips: cashing them in",
            always("cash-out-request", Answer("chips-cashed-at-face-value")), answers=("chip-value",)),
    Mistake("wrong-seat-stays", "leaving a player in the wrong seat because hands have been played there",
            always("wrong-seat", Answer("stays-in-seat")), answers=("seating",)),
    Mistake("hand-for-hand-run-it-out", "running out an all-in at once during hand-for-hand, as at any other time",
            always("hand-for-hand-all-in", Answer("table-all-hands-now")), answers=("hand-for-hand",)),
)
