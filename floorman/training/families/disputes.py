"""Quiz templates for the rulings no single-dispute template asked: two disputes in one hand (a
second undercall right after a first), an opening bet below the minimum, the home game that does
not enforce string bets, and the tabled losing hands at a 2026 showdown. Each question asks
about one ruling (its `subject`); the engine rules the whole hand."""

from __future__ import annotations

from floorman.model.cards import deck
from floorman.model.events import Show
from floorman.model.incidents.betting import Wager
from floorman.model.incidents.showdown import ShowdownQuestion
from floorman.training.chipset import make_push
from floorman.training.families.pots import _check_down, _deal
from floorman.training.mistakes import Case, Mistake
from floorman.training.question import Answer
from floorman.training.templates import Draft, Template, act, actor, chips_of, deal, story, to_flop
from floorman.training.wording import chips_phrase


def _undercalls(rng, difficulty, floor, profile):
    b = deal(rng, "hard" if difficulty == "hard" else "medium", floor, profile)
    to_flop(b, rng)
    state = b.state
    if len(state.seats_to_act) < 3:
        raise ValueError("three players needed on the flop")
    chips = chips_of(b)
    bettor = state.actor
    bet = state.big_blind * rng.randint(3, 8)
    act(b, "bet", bet)
    first = actor(b)
    short = make_push(rng.choice([c for c in chips if c < bet] or chips[:1]), chips)
    if short is None:
        raise ValueError("no push short of the bet")
    b.add_incident(Wager(seat=first, chips=short))
    second = next(n for n in b.state.seats_to_act if n not in (first, bettor))
    again = make_push(rng.choice([c for c in chips if c < bet] or chips[:1]), chips)
    if again is None:
        raise ValueError("no push short of the bet")
    b.add_incident(Wager(seat=second, chips=again))
    if sum(short) >= bet or sum(again) >= bet:
        raise ValueError("not undercalls")
    return Draft(b, f"{story(b)} Seat {first} silently puts out {chips_phrase(short)}, and before anyone says "
                    f"a word seat {second} silently puts out {chips_phrase(again)}. What happens to seat "
                    f"{second}'s chips?", subject="undercall-order")


def _short_opening(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    to_flop(b, rng)
    state = b.state
    below = [c for c in chips_of(b) if c < state.big_blind]
    if not below or state.current_bet:
        raise ValueError("no chip below the big blind")
    push = make_push(below[-1] * rng.randint(1, max(1, (state.big_blind - 1) // below[-1])), below)
    if push is None or sum(push) >= state.big_blind:
        raise ValueError("no push below the minimum")
    seat = actor(b)
    b.add_incident(Wager(seat=seat, chips=push))
    return Draft(b, f"{story(b)} Nobody has bet. Seat {seat} silently puts out {chips_phrase(push)}, with plenty "
                    "behind. What is it?", "bet_to" if rng.random() < 0.4 else None)


def _home_string_bet(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile or "home", fmt="cash")
    to_flop(b, rng)
    act(b, "bet", b.state.big_blind * rng.randint(1, 4))
    seat = b.state.seats[actor(b)]
    chips = chips_of(b)
    first = make_push(b.state.to_call(), chips)
    more = make_push(b.state.big_blind * rng.randint(1, 6), chips)
    if first is None or more is None or sum(first) + sum(more) > seat.stack:
        raise ValueError("short")
    b.add_incident(Wager(seat=seat.number, chips=first + more, first_motion_chips=first, motions=2))
    return Draft(b, f"A home game whose players agreed not to enforce string bets. {story(b)} Seat {seat.number} "
                    f"silently pushes out {chips_phrase(first)}, then goes back to the stack for {chips_phrase(more)}"
                    " more. How are the chips judged?", subject="string-bet")


def _tabled_losers(rng, difficulty, floor, profile):
    b = deal(rng, "medium", floor, profile or "tda-2026", fmt="tournament")
    _deal(b, {}, rng)
    while b.state.actor is not None:
        act(b, "call" if b.state.to_call() else "check")
    left = [c for c in deck() if c not in {card for s in b.state.seats.values() for card in s.hole}]
    rng.shuffle(left)
    _check_down(b, [tuple(left[:3]), (left[3],), (left[4],)])
    live = sorted(n for n, s in b.state.seats.items() if s.live)
    for seat in live:
        b.add_event(Show(seat=seat, cards=tuple(b.state.seats[seat].hole)))
    b.add_incident(ShowdownQuestion(asks="award"))
    return Draft(b, f"{story(b)} All {len(live)} hands are tabled and the dealer reads the winner. What happens "
                    "to the losing hands?", subject="tabled-losers")


TEMPLATES: tuple[Template, ...] = (
    Template("undercalls-in-a-row", "undercall", _undercalls),
    Template("short-opening-bet", "chips", _short_opening),
    Template("home-game-string-bet", "declarations", _home_string_bet),
    Template("tabled-losing-hands", "showdown", _tabled_losers),
)


# ----------------------------------------------------------------------------- common mistakes
def _each_undercall_alone(case: Case) -> Answer | None:
    if case.incident.type == "wager" and case.ruling is not None and case.ruling.subject == "undercall-order":
        return Answer("call", case.state.current_bet)
    return None


def _under_bet_stands(case: Case) -> Answer | None:
    incident = case.incident
    if incident.type == "wager" and not case.state.current_bet and incident.chips and incident.motions == 1:
        return Answer("bet", sum(incident.chips))
    return None


def _string_bet_enforced(case: Case) -> Answer | None:
    if case.incident.type == "wager" and case.incident.motions > 1:
        return Answer("first-motion-only")
    return None


def _muck_losers(case: Case) -> Answer | None:
    if case.incident.type == "showdown-question" and case.incident.asks == "award":
        return Answer("muck-losing-hands")
    return None


MISTAKES: tuple[Mistake, ...] = (
    Mistake("each-undercall-alone", "ruling the second undercall before the first: with undercalls in a row the "
            "action goes back to the first undercaller, whose call is settled first", _each_undercall_alone,
            answers=("undercall-order",)),
    Mistake("under-bet-stands", "letting an opening bet below the minimum stand as pushed: with chips behind it "
            "is brought up to the minimum bet (the big blind)", _under_bet_stands,
            lambda case: getattr(_under_bet_stands(case), "amount", None), asks=("bet_to",)),
    Mistake("string-bet-rule-at-home", "holding a home game to the string-bet rule it agreed to drop: there every "
            "motion's chips count together", _string_bet_enforced, answers=("string-bet",)),
    Mistake("muck-losers-at-once", "mucking the losing hands as soon as the winner is read: under the 2026 rules "
            "they stay face down and apart until the pot is pushed", _muck_losers, answers=("tabled-losers",)),
)
