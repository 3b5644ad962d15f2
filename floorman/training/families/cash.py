"""Quiz templates and common mistakes for the cash family (see families/__init__.py): buy-ins and
returns, seat lists, playing over, rabbit hunting, running it twice, leaving, sitting out, the
online timer and accounts, deck changes and a dropped stub (rulebook/cash_game/).

The room options these rules read (playing over, rabbit hunting, running it twice...) are drawn
at random for each question and stated in its prompt, through a house file made on the spot."""

from __future__ import annotations

import random
from typing import Any

from floorman.builder import HandBuilder
from floorman.model.incidents.cash_game import (
    BuyIn,
    DeckChange,
    DrawStubShort,
    LeaveGame,
    OnlineAccount,
    OnlineTimeout,
    PlayOver,
    RabbitHunt,
    Rake,
    RunItTwice,
    SeatChange,
    SitOut,
    StubDropped,
)
from floorman.training.chipset import round_to
from floorman.training.families._shared import KIND_WORDS, always, blinds_table, fold_around, holdem_table
from floorman.training.mistakes import Mistake
from floorman.training.question import Answer
from floorman.training.templates import SEATS, STAKES, Draft, Template, act, actor, flop, to_flop
from floorman.training.wording import plural, seats_list, sentence


def _hand(rng: random.Random, difficulty: str, floor: Any, profile: str | None, *, fmt: str | None = None,
          empty: int | None = None, post: bool = True, stacks: dict[int, int] | None = None,
          **options: Any) -> HandBuilder:
    """A nine-seat table with random stakes (seat `empty` left open); `options`: the room's."""
    small, big = rng.choice(STAKES)
    lo, hi = SEATS[difficulty]
    count = rng.randint(max(lo, 3), max(hi, 3))
    occupied = [n for n in range(1, 10) if n != empty][:count]
    fmt = fmt or rng.choice(("cash", "tournament"))
    stacks = stacks or {}
    chips = {n: stacks.get(n, big * rng.randint(40, 250)) for n in occupied}
    return holdem_table(small, big, fmt, chips, occupied[0], profile, floor, options=options, post=post)


def _line(b: HandBuilder) -> str:
    t = b.table
    fb = t.forced_bets
    return f"No-limit hold'em {fb.small_blind:,}/{fb.big_blind:,} {KIND_WORDS[t.format.value]}, button seat {t.button}."


def _allows(flag: bool, what: str) -> str:
    return f"The room {'allows' if flag else 'does not allow'} {what}."


def _fold_out(b: HandBuilder) -> None:
    """The first player to act raises and everyone folds: the hand is over."""
    act(b, "raise", 3 * b.state.big_blind)
    fold_around(b)


# ----------------------------------------------------------------------------- the templates
def _buy_in(rng, difficulty, floor, profile):
    kind = rng.choice(("new", "top-up", "return"))
    b = _hand(rng, difficulty, floor, profile, fmt="cash", empty=9 if kind != "top-up" else None, post=False)
    big = b.table.forced_bets.big_blind
    low, high = 40 * big, 100 * big
    if kind == "top-up":
        seat = b.table.seats[0]
        amount = big * rng.randint(1, 120)
        b.add_incident(BuyIn(seat=seat.number, amount=amount, kind="top-up"))
        prompt = (f"{_line(b)} The buy-in is {low:,} to {high:,}. Between hands, seat {seat.number} (with "
                  f"{seat.stack:,}) wants to add {amount:,}. What does the floor say?")
        return Draft(b, prompt, "may_add" if seat.stack + amount > high and rng.random() < 0.4 else None)
    amount = big * rng.choice((20, 39, 40, 75, 100, 101, 150))
    if kind == "new":
        b.add_incident(BuyIn(seat=9, amount=amount))
        return Draft(b, f"{_line(b)} The buy-in is {low:,} to {high:,}. A new player takes seat 9 with {amount:,}. "
                        f"What does the floor say?")
    minutes = rng.choice((10, 30, 59, 61, 120))
    left = big * rng.choice((30, 80, 250))
    b.add_incident(BuyIn(seat=9, amount=amount, kind="return", minutes_away=minutes, left_with=left))
    return Draft(b, f"{_line(b)} The buy-in is {low:,} to {high:,}; a player back within an hour buys in for at "
                    f"least what they took. A player who left {minutes} minutes ago with {left:,} comes back to "
                    f"seat 9 with {amount:,}. What does the floor say?")


def _seat_change(rng, difficulty, floor, profile):
    b = _hand(rng, difficulty, floor, profile, empty=9, post=False)
    kind = rng.choice(("seat", "table", "must-move"))
    seats = [s.number for s in b.table.seats]
    pool = seats if kind == "seat" else list(range(1, 10))
    waiting = tuple(rng.sample(pool, min(len(pool), rng.randint(1, 3))))
    claimed = rng.choice((None, waiting[0], rng.choice(pool)))
    b.add_incident(SeatChange(kind=kind, open_seat=9, waiting=waiting, claimed_by=claimed))
    listed = {"seat": "On the seat-change list, in order, are the players in", "table": "On the table-change list, "
              "in order, are the players of the other table in", "must-move": "On the must-move list, in order, "
              "are the players of the feeder game in"}[kind]
    where = "here" if kind == "seat" else "at the other table" if kind == "table" else "in the feeder game"
    who = (f" The player {'in' if kind == 'seat' else 'from'} seat {claimed} {where} takes it." if claimed is not None
           else " Who gets it?")
    return Draft(b, f"{_line(b)} Seat 9 opens. {listed} {seats_list(waiting)}.{who}",
                 "moves" if claimed is None and b.table.format.value == "cash" and rng.random() < 0.4 else None)


def _play_over(rng, difficulty, floor, profile):
    allowed = rng.random() < 0.5
    b = _hand(rng, difficulty, floor, profile, post=False, playing_over=allowed)
    seat = rng.choice(b.table.seats)
    b.add_incident(PlayOver(seat=seat.number))
    return Draft(b, f"{_line(b)} {_allows(allowed, 'playing over')} Seat {seat.number}'s player "
                    f"has stepped away; a waiting player asks to play the seat. What does the floor say?")


def _rabbit_hunt(rng, difficulty, floor, profile):
    allowed = rng.random() < 0.6
    b = _hand(rng, difficulty, floor, profile, rabbit_hunting=allowed)
    over = rng.random() < 0.8
    if over:
        _fold_out(b)
        seat = b.table.seats[-1].number
        what = "everyone folds to a raise. Then"
    else:
        seat = actor(b)
        what = "the action is on"
    b.add_incident(RabbitHunt(seat=seat))
    return Draft(b, f"{_line(b)} {_allows(allowed, 'rabbit hunting')} Before the flop {what} seat {seat} asks to "
                    f"see the flop. What does the floor say?")


def _run_it_twice(rng, difficulty, floor, profile):
    allowed = rng.random() < 0.6
    b = _hand(rng, difficulty, floor, profile, run_it_twice=allowed)
    raiser = b.state.actor
    act(b, "raise", 3 * b.state.big_blind)
    shover = b.state.actor
    act(b, "all-in")
    fold_around(b, raiser)
    if b.state.actor == raiser:
        act(b, "call")
    if rng.random() < 0.3:
        flop(b, rng)
    live = [n for n, s in b.state.seats.items() if s.live]
    agreed = tuple(live) if rng.random() < 0.6 else (rng.choice(live),)
    b.add_incident(RunItTwice(agreed=agreed))
    return Draft(b, f"{_line(b)} {_allows(allowed, 'running it twice')} Seat {shover} is all in and called by seat "
                    f"{raiser}. {sentence(seats_list(agreed))} {'agrees' if len(agreed) == 1 else 'agree'} to run "
                    "it twice. What does the floor say?")


def _leave_game(rng, difficulty, floor, profile):
    # a cash game only: a tournament player walking away is the tournament family's absent-chips
    b = _hand(rng, difficulty, floor, profile, fmt="cash")
    when = rng.choice(("between-hands", "mid-hand", "mid-hand"))
    if when == "between-hands":
        b = _hand(rng, difficulty, floor, profile, fmt="cash", post=False)
        seat = rng.choice(b.table.seats).number
        story = f"Between hands seat {seat} racks up to leave."
    else:
        seat = b.state.actor
        action = rng.choice(("call", "fold"))
        act(b, action)
        story = f"Seat {seat} {action}s before the flop, then gets up and leaves the game while the hand goes on."
    b.add_incident(LeaveGame(seat=seat, when=when))
    return Draft(b, f"{_line(b)} {story} What does the floor say?")


def _sit_out(rng, difficulty, floor, profile):
    limit = rng.choice((0, 10))
    b = _hand(rng, difficulty, floor, profile, post=False, sit_out_removal_hands=limit)
    seat = rng.choice(b.table.seats).number
    hands = rng.randint(2, 15)
    missed = rng.choice(("both", "big-blind"))
    online = rng.random() < 0.6
    b.add_incident(SitOut(seat=seat, hands_missed=hands, missed=missed, online=online))
    rule = f"The room removes a player after {limit} hands sat out. " if limit else ""
    blinds = "both blinds" if missed == "both" else "the big blind"
    return Draft(b, f"{'Online. ' if online else ''}{_line(b)} {rule}Seat {seat} sat out {hands} hands, missing "
                    f"{blinds}, and comes back. What does the floor say?")


def _online_timeout(rng, difficulty, floor, profile):
    protected = rng.random() < 0.3
    b = _hand(rng, difficulty, floor, profile, online_disconnect_protection=protected)
    to_flop(b, rng)
    if rng.random() < 0.5:
        act(b, "bet", b.state.big_blind * rng.randint(1, 4))
    seat = actor(b)
    cause = rng.choice(("timer", "timer", "disconnected"))
    bank = rng.choice((0, 0, 15))
    b.add_incident(OnlineTimeout(seat=seat, cause=cause, time_bank_left=bank))
    owed = b.state.to_call(seat)
    what = "loses its connection" if cause == "disconnected" else "lets its decision timer run out"
    site = "The site has disconnection protection. " if protected else ""
    return Draft(b, f"Online. {_line(b)} {site}On the flop seat {seat} ({owed:,} to call) {what} with {bank} "
                    f"seconds left in its time bank. What happens?")


def _online_account(rng, difficulty, floor, profile):
    b = _hand(rng, difficulty, floor, profile, post=False)
    violation = rng.choice(("multi-accounting", "account-sharing", "ghosting"))
    seat = rng.choice(b.table.seats).number
    b.add_incident(OnlineAccount(seat=seat, violation=violation))
    found = {"multi-accounting": "that its player also plays a second account",
             "account-sharing": "that two people take turns playing it",
             "ghosting": "that a stronger player is playing it for its owner"}[violation]
    return Draft(b, f"Online. {_line(b)} The site finds, about the account at seat {seat}, {found}. What is the rule?")


def _rake(rng, difficulty, floor, profile):
    b = _hand(rng, difficulty, floor, profile, fmt="cash", post=False)
    big = b.table.forced_bets.big_blind
    unit = b.table.smallest_chip
    percent, cap = rng.choice(((10, 0), (10, 2 * big), (5, 3 * big)))
    pot = round_to(big * rng.randint(5, 80), unit * 100 // percent, up=True)    # the rake is whole chips
    allowed = min(pot * percent // 100, cap) if cap else pot * percent // 100
    taken = max(0, allowed + rng.choice((-unit, 0, 0, unit, big)))
    seat = rng.choice(b.table.seats).number
    b.add_incident(Rake(seat=seat, pot=pot, taken=taken, percent=percent, cap=cap))
    capped = f", capped at {cap:,}" if cap else ", with no cap"
    return Draft(b, f"{_line(b)} The posted rake is {percent}% of the pot{capped}. Seat {seat} wins a pot of "
                    f"{pot:,} and the dealer drops {taken:,}. Seat {seat} disputes it. What does the floor say?",
                 "refund" if taken > allowed and rng.random() < 0.4 else None)


def _deck_change(rng, difficulty, floor, profile):
    allowed = rng.random() < 0.4
    b = _hand(rng, difficulty, floor, profile, post=False, player_deck_change=allowed)
    seat = rng.choice(b.table.seats).number
    b.add_incident(DeckChange(seat=seat))
    return Draft(b, f"{_line(b)} {_allows(allowed, 'players to ask for a deck change')} After losing three pots, "
                    f"seat {seat} asks for a new deck. What does the floor say?")


def _stub_dropped(rng, difficulty, floor, profile):
    b = _hand(rng, difficulty, floor, profile)
    to_flop(b, rng)
    how = rng.choice(("order", "scattered", "muck"))
    b.add_incident(StubDropped(reconstructable=how == "order", mixed_with_discards=how == "muck"))
    words = {"order": "it lands in one pile, its order plainly intact",
             "scattered": "the cards scatter and their order is lost",
             "muck": "it falls onto the muck and the cards mix"}[how]
    return Draft(b, f"{_line(b)} After the flop the dealer drops the stub: {words}. What now?",
                 "new_stub_cards" if how != "order" and rng.random() < 0.3 else None)


def _draw_stub_short(rng, difficulty, floor, profile):
    small, big = rng.choice(STAKES)
    fmt = rng.choice(("cash", "tournament"))
    b = blinds_table("2-7-triple-draw", fmt, small, big, dict.fromkeys(range(1, 5), 50 * big), 4, profile, floor)
    needed = rng.randint(3, 9)
    stub = rng.randint(max(0, needed - 5), needed)
    burns = rng.randint(1, 3)
    seen = rng.random() < 0.25
    b.add_incident(DrawStubShort(cards_needed=needed, stub_cards=stub, burn_cards=burns, burn_exposed=seen))
    flashed = " One of the burns was flashed." if seen else ""
    return Draft(b, f"2-7 triple draw {KIND_WORDS[fmt]}. On the last draw the players need {needed} cards; the stub "
                    f"holds {stub} and {plural(burns, 'burn card')} {'is' if burns == 1 else 'are'} set aside."
                    f"{flashed} How does the dealer go on?")


TEMPLATES: tuple[Template, ...] = (
    Template("buy-in", "cash", _buy_in),
    Template("seat-change", "cash", _seat_change),
    Template("play-over", "cash", _play_over),
    Template("rabbit-hunt", "cash", _rabbit_hunt),
    Template("run-it-twice", "cash", _run_it_twice),
    Template("leave-game", "cash", _leave_game),
    Template("sit-out", "cash", _sit_out),
    Template("online-timeout", "cash", _online_timeout),
    Template("online-account", "cash", _online_account),
    Template("rake", "cash", _rake),
    Template("deck-change", "cash", _deck_change),
    Template("stub-dropped", "cash", _stub_dropped),
    Template("draw-stub-short", "cash", _draw_stub_short),
)


def _tournament_seat_change(case: Any) -> Answer | None:
    incident = case.incident
    if incident.type == "seat-change" and case.situation.table.format.value == "tournament":
        return Answer("first-on-list-moves")
    return None


def _tournament_sit_out(case: Any) -> Answer | None:
    if case.incident.type == "sit-out" and case.situation.table.format.value == "tournament":
        return Answer("post-missed-blinds")
    return None


MISTAKES: tuple[Mistake, ...] = (
    Mistake("seat-change-in-tournament", "granting a seat change in a tournament as in a cash game: tournament "
            "seats are drawn and balanced by the staff, never chosen", _tournament_seat_change, answers=("seating",)),
    Mistake("sit-out-in-tournament", "treating a tournament player who sat out like a cash player who owes the "
            "blinds: in a tournament the absent player is dealt in, posts from the stack and the hand is folded",
            _tournament_sit_out),
    Mistake("shared-account-allowed", "allowing a second or shared account as long as its players never sit "
            "at the same table", always("online-account", Answer("allowed-if-never-together")),
            answers=("online-account",)),
)
