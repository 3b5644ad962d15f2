"""Quiz templates and common mistakes for the setup family (see families/__init__.py): the button
draw, the next hand's button and blinds, new and returning players, straddles, antes and the
big-blind ante, and the dealing procedures (rulebook/setup/)."""

from __future__ import annotations

import random
from typing import Any

from floorman.builder import HandBuilder
from floorman.model.cards import RANKS, SUITS, deck
from floorman.model.incidents.setup import (
    BigBlindAnteShort,
    ButtonDraw,
    ForcedBetQuestion,
    MissedBlinds,
    NewPlayer,
    NextHandButton,
    ProcedureQuestion,
    Straddle,
)
from floorman.training.chipset import round_to
from floorman.training.families._shared import KIND_WORDS, holdem_table
from floorman.training.mistakes import Case, Mistake
from floorman.training.question import Answer
from floorman.training.templates import SEATS, STAKES, Draft, Template, act, actor
from floorman.training.wording import article


def _hand(rng: random.Random, difficulty: str, floor: Any, profile: str | None, *, fmt: str | None = None,
          empty: bool = False, least: int = 2, extra: str = "", post: bool = True) -> HandBuilder:
    """A nine-seat table with random stakes; `empty`: some seats are empty (else seats 1..N)."""
    small, big = rng.choice(STAKES)
    lo, hi = SEATS[difficulty]
    count = rng.randint(max(lo, least), max(hi, least))
    if empty:
        count = min(count, 8)
        occupied = sorted(rng.sample(range(1, 10), count))
    else:
        occupied = list(range(1, count + 1))
    fmt = fmt or rng.choice(("cash", "tournament"))
    button = rng.choice(occupied)
    stacks = {n: big * rng.randint(40, 250) for n in occupied}
    return holdem_table(small, big, fmt, stacks, button, profile, floor, extra=extra, post=post)


def _line(b: HandBuilder) -> str:
    t = b.table
    fb = t.forced_bets
    seated = ", ".join(str(s.number) for s in t.seats)
    return (f"No-limit hold'em {fb.small_blind:,}/{fb.big_blind:,} {KIND_WORDS[t.format.value]}, players in seats "
            f"{seated}, button seat {t.button}.")


def _blinds(b: HandBuilder) -> tuple[int | None, int | None]:
    return b.state.expected_blind_seats()


# ----------------------------------------------------------------------------- the templates
def _button_draw(rng, difficulty, floor, profile):
    b = _hand(rng, difficulty, floor, profile, post=False)
    seats = [s.number for s in b.table.seats]
    cards = rng.sample(deck(), len(seats))
    if rng.random() < 0.5:
        # two players tie on the top rank: suit decides
        top = max(card[0] for card in cards)
        rank = RANKS[max(RANKS.index(top), 8)]
        suits = rng.sample(SUITS, 2)
        cards = [c for c in cards if c[0] != rank][:len(seats) - 2] + [rank + suits[0], rank + suits[1]]
        rng.shuffle(cards)
    draw = dict(zip(seats, cards))
    b.add_incident(ButtonDraw(cards=tuple(f"{s}:{c}" for s, c in draw.items())))
    dealt = ", ".join(f"seat {s} {c}" for s, c in draw.items())
    return Draft(b, f"A new {KIND_WORDS[b.table.format.value]} starts; one card is dealt face up to each player "
                    f"for the button: {dealt}. Who gets the button?", "button" if rng.random() < 0.6 else None)


def _next_hand_button(rng, difficulty, floor, profile):
    shape = rng.choice(("bust", "bust", "two", "heads-up", "none"))
    b = _hand(rng, difficulty, floor, profile, empty=shape != "heads-up", least=3 if shape == "heads-up" else 4)
    if shape == "heads-up":
        # three players left: one of them busts
        t = b.table
        keep = {s.number: s.stack for s in sorted(t.seats, key=lambda s: s.number)[:3]}
        b = holdem_table(t.forced_bets.small_blind, t.forced_bets.big_blind, t.format.value, keep, min(keep),
                         profile, floor)
    small, big = _blinds(b)
    players = [s.number for s in b.table.seats]
    if shape == "none":
        leaving: list[int] = []
    elif shape == "two":
        leaving = rng.sample([n for n in (small, big, b.table.button) if n is not None], 2)
    else:
        leaving = [rng.choice([n for n in (small, big, b.table.button, rng.choice(players)) if n is not None])]
    b.add_incident(NextHandButton(leaving=tuple(sorted(set(leaving)))))
    gone = " and ".join(f"seat {n}" for n in sorted(set(leaving))) or "nobody"
    return Draft(b, f"{_line(b)} Small blind seat {small}, big blind seat {big}. On this hand {gone} "
                    f"{'busts' if len(set(leaving)) == 1 else 'bust' if leaving else 'busts'}. Where do the button "
                    "and the blinds go next hand?", rng.choice(("big_blind", "button", None)))


def _new_player(rng, difficulty, floor, profile):
    b = _hand(rng, difficulty, floor, profile, empty=True, least=3)
    taken = {s.number for s in b.table.seats}
    seat = rng.choice([n for n in range(1, 10) if n not in taken])
    small, big = _blinds(b)
    b.add_incident(NewPlayer(empty_seat=seat))
    return Draft(b, f"{_line(b)} Blinds: seats {small} and {big}. A new player sits down in the empty seat {seat} "
                    "as the cards are about to go out. What now?",
                 "hands_until_big_blind" if rng.random() < 0.3 else None)


def _missed_blinds(rng, difficulty, floor, profile):
    b = _hand(rng, difficulty, floor, profile, fmt="cash" if rng.random() < 0.75 else "tournament", least=3)
    small, big = _blinds(b)
    seat = rng.choice([s.number for s in b.table.seats if s.number not in (small, big)])
    missed = rng.choice(("both", "both", "big-blind", "small-blind"))
    b.add_incident(MissedBlinds(seat=seat, missed=missed))
    what = {"both": "both blinds", "big-blind": "the big blind", "small-blind": "the small blind"}[missed]
    return Draft(b, f"{_line(b)} Seat {seat} was away and missed {what}; back now, the player wants this hand. "
                    "What must be posted?", "total_posted" if rng.random() < 0.5 else None)


def _straddle(rng, difficulty, floor, profile):
    b = _hand(rng, difficulty, floor, profile, fmt="cash" if rng.random() < 0.7 else "tournament", least=4)
    seat = actor(b)
    big = b.table.forced_bets.big_blind
    amount = 2 * big if rng.random() < 0.7 else 2 * big + big * rng.randint(1, 3)
    b.add_incident(Straddle(seat=seat, amount=amount))
    return Draft(b, f"{_line(b)} The blinds are posted. Seat {seat}, under the gun, puts out {amount:,} as a "
                    "straddle before the deal. What is the ruling?",
                 "min_raise_to" if rng.random() < 0.5 else None)


def _forced_bet_question(rng, difficulty, floor, profile):
    style = rng.choice(("none", "ante", "bba", "button-ante"))
    fmt = "cash" if style == "button-ante" else rng.choice(("cash", "tournament"))
    small, big = rng.choice(STAKES)
    extra = {"none": "", "ante": f"ante {max(1, big // 4)}", "bba": "bba", "button-ante": ""}[style]
    b = _hand(rng, difficulty, floor, profile, fmt=fmt, least=4, extra=extra, post=style != "button-ante")
    if style == "button-ante":
        t = b.table
        forced = t.forced_bets.model_copy(update={"ante": t.forced_bets.big_blind, "ante_style": "button"})
        b = HandBuilder(t.model_copy(update={"forced_bets": forced}), b.profile, floor=floor)
        b.post_forced_bets()
    posts = [e for e in b.events if getattr(e, "type", "") == "post"]
    raise_to = 3 * b.table.forced_bets.big_blind
    act(b, "raise", raise_to)
    post = rng.choice(posts)
    b.add_incident(ForcedBetQuestion(post=post.kind, poster=post.seat))
    name = post.kind.replace("-", " ")
    return Draft(b, f"{_line(b)} Seat {post.seat} posted {article(name)} of {post.amount:,}; the first player "
                    f"raises to {raise_to:,}. Seat {post.seat} asks whether the {name} counts toward the call.",
                 "to_call" if rng.random() < 0.5 else None)


def _big_blind_ante_short(rng, difficulty, floor, profile):
    b = _hand(rng, difficulty, floor, profile, fmt="tournament", least=3, extra="bba", post=False)
    fb = b.table.forced_bets
    unit = b.table.smallest_chip
    stack = rng.randint(1, 2 * (fb.big_blind + fb.ante)) if rng.random() < 0.7 else \
        rng.randint(fb.big_blind + fb.ante, 10 * fb.big_blind)
    stack = max(unit, round_to(stack, unit))           # a stack is whole chips
    b.add_incident(BigBlindAnteShort(stack=stack))
    _, big = _blinds(b)
    return Draft(b, f"{_line(b)} Big-blind ante {fb.ante:,}. The big blind, seat {big}, has {stack:,} in chips. "
                    "How is it posted?", rng.choice(("ante_posted", "blind_posted", None)))


def _procedure_question(rng, difficulty, floor, profile):
    topic = rng.choice(("deck-preparation", "deal-order", "burn-cards", "blind-levels"))
    home = topic == "deck-preparation" and rng.random() < 0.5
    b = _hand(rng, difficulty, floor, profile, empty=rng.random() < 0.5, least=3, post=False)
    b.add_incident(ProcedureQuestion(topic=topic, home_game=home))
    ask = {"deck-preparation": f"who shuffles and cuts the deck{' in this home game' if home else ''}",
           "deal-order": "where the deal starts, who gets the last card and how many cards go out",
           "burn-cards": "how many cards are burned in a hand, and whether a burn can play",
           "blind-levels": "when the blinds go up"}[topic]
    number = {"deal-order": "cards_dealt", "burn-cards": "burns", "deck-preparation": "cutter_seat" if home else None,
              "blind-levels": None}[topic]
    return Draft(b, f"{_line(b)} A player asks {ask}.", number if rng.random() < 0.5 else None)


TEMPLATES: tuple[Template, ...] = (
    Template("button-draw", "setup", _button_draw),
    Template("next-hand-button", "setup", _next_hand_button),
    Template("new-player", "setup", _new_player),
    Template("missed-blinds", "setup", _missed_blinds),
    Template("straddle", "setup", _straddle),
    Template("forced-bet-question", "setup", _forced_bet_question),
    Template("big-blind-ante-short", "setup", _big_blind_ante_short),
    Template("procedure-question", "setup", _procedure_question),
)


# ----------------------------------------------------------------------------- common mistakes
def _type(case: Case) -> str:
    return case.incident.type


def _straddle_raise_from_the_big_blind(case: Case) -> int | None:
    """Taking the raise as a big blind over the straddle, instead of the straddle again."""
    if _type(case) != "straddle":
        return None
    big = case.situation.table.forced_bets.big_blind
    return (case.incident.amount or 2 * big) + big


def _ante_counts_toward_call(case: Case) -> int | None:
    """Counting a posted ante as part of the call."""
    if _type(case) != "forced-bet-question" or case.incident.post not in ("ante", "big-blind-ante", "button-ante"):
        return None
    poster = case.incident.poster
    seat = case.state.seats.get(poster)
    if seat is None:
        return None
    ante = sum(e.amount for e in case.situation.events
               if getattr(e, "type", "") == "post" and e.seat == poster and e.kind == case.incident.post)
    return max(0, min(case.state.current_bet - seat.street_bet, seat.stack) - ante)


def _ante_before_blind(case: Case) -> int | None:
    """Filling the big-blind ante before the blind (the ante posted is then the whole ante)."""
    if _type(case) != "big-blind-ante-short":
        return None
    table = case.situation.table
    stack = case.incident.stack or 0
    ante = case.incident.ante or table.forced_bets.ante
    return min(stack, ante) if stack else None


def _cash(case: Case) -> bool:
    return case.situation.table.format.value == "cash"


def _missed_blinds_nothing_in_cash(case: Case) -> Answer | None:
    return Answer("nothing-to-make-up") if _type(case) == "missed-blinds" and _cash(case) else None


def _missed_blinds_posted_in_tournament(case: Case) -> Answer | None:
    return Answer("post-missed-blinds") if _type(case) == "missed-blinds" and not _cash(case) else None


def _missed_small_blind_live(case: Case) -> Answer | None:
    """Both missed blinds posted live (or the small dead in a room that plays it live): the wrong one."""
    if _type(case) != "missed-blinds" or not _cash(case) or case.incident.missed != "both":
        return None
    dead = case.situation.option("missed_small_blind", "dead") == "dead"
    return Answer("post-missed-blinds-live" if dead else "post-missed-blinds")


def _straddle_wrong_game(case: Case) -> Answer | None:
    if _type(case) != "straddle":
        return None
    allowed = _cash(case) and case.situation.option("straddles_allowed", True)
    return Answer("straddle-refused" if allowed else "straddle-stands")


_PROCEDURE_SLIPS = {
    "blind-levels": lambda case: Answer("blinds-rise-by-level" if _cash(case) else "blinds-fixed"),
    "deck-preparation": lambda case: Answer("dealer-shuffles-and-cuts" if case.incident.home_game
                                            else "right-of-dealer-cuts"),
    "deal-order": lambda case: Answer("deal-from-button"),
    "burn-cards": lambda case: Answer("burn-before-flop-only"),
}


def _next_button_other_rule(case: Case) -> Answer | None:
    """The other button rule's button: the dead button (the old small blind's seat) in a room that
    moves the button, the next player after the button in a room that plays a dead button."""
    if _type(case) != "next-hand-button":
        return None
    fact = next(iter(case.facts.get("next_hand_button") or ()), None)
    if fact is None or fact["heads_up"] or fact["becoming_heads_up"]:
        return None
    if fact["moving"]:
        return Answer("dead-button", fact["this_small_blind"]) if fact["this_small_blind"] else None
    staying = [s.number for s in case.situation.table.seats if s.number not in case.incident.leaving]
    after = [n for n in staying if n > fact["this_button"]] + [n for n in staying if n <= fact["this_button"]]
    return Answer("moving-button", after[0]) if after else None


_DRAW_RANKS = "23456789TJQKA"


def _button_draw_slip(case: Case) -> Answer | None:
    """The button drawn with the ace low (no tie), or a tie broken with the suits in reverse order."""
    if _type(case) != "button-draw":
        return None
    drawn = [item.split(":") for item in case.incident.cards]
    if case.ruling is not None and case.ruling.decision == "button-to-high-card-by-suit":
        top = max(_DRAW_RANKS.index(card[0]) for _, card in drawn)
        tied = [(seat, card) for seat, card in drawn if _DRAW_RANKS.index(card[0]) == top]
        seat = min(tied, key=lambda pair: "shdc".index(pair[1][1]))[0]       # clubs ranked highest
        return Answer("button-to-high-card-by-suit", int(seat))
    ace_low = max(drawn, key=lambda pair: -1 if pair[1][0] == "A" else _DRAW_RANKS.index(pair[1][0]))
    return Answer("button-to-high-card", int(ace_low[0]))


def _procedure_slip(case: Case) -> Answer | None:
    return _PROCEDURE_SLIPS[case.incident.topic](case) if _type(case) == "procedure-question" else None


MISTAKES: tuple[Mistake, ...] = (
    Mistake("button-draw-slip", "drawing for the button with the ace low, or breaking a tie with the suits upside "
            "down: the ace is the highest card, and a tie goes to the higher suit (spades, hearts, diamonds, "
            "clubs)", _button_draw_slip),
    Mistake("other-button-rule", "moving the button by the other rule: under the dead button the big blind moves "
            "on exactly one player and the button may sit in front of an empty seat; under the moving button the "
            "button always goes to the next player", _next_button_other_rule),
    Mistake("missed-blinds-forgiven-in-cash", "letting a cash-game player who missed the blinds back in for free: "
            "in a cash game the missed blinds are made up (a tournament player is blinded off instead)",
            _missed_blinds_nothing_in_cash),
    Mistake("missed-blinds-owed-in-tournament", "making a tournament player post the blinds missed while away: "
            "the blinds were posted from the stack as the player was dealt in, so nothing is owed",
            _missed_blinds_posted_in_tournament),
    Mistake("missed-small-blind-live", "treating the missed small blind the other way round: in this room the "
            "small blind made up is dead money (or live, where the room says so), the big blind live",
            _missed_small_blind_live),
    Mistake("straddle-in-the-wrong-game", "allowing a straddle where the game does not (a tournament, or a room "
            "that bars them), or refusing one a cash room allows", _straddle_wrong_game),
    Mistake("procedure-from-another-game", "answering with the practice of another game: tournament blinds rise "
            "by level and cash blinds stay; a cardroom dealer shuffles and cuts, in a home game the player on the "
            "dealer's right cuts; the deal starts left of the button; a card is burned before each street",
            _procedure_slip, answers=("procedure",)),
    Mistake("straddle-raise-from-big-blind", "adding one big blind to the straddle for the minimum raise (the "
            "straddle is the bet to raise: the raise is at least the straddle again)",
            lambda case: None, _straddle_raise_from_the_big_blind),
    Mistake("ante-counts-toward-call", "counting the ante toward the call (an ante is dead money)",
            lambda case: None, _ante_counts_toward_call),
    Mistake("ante-before-blind", "filling the big-blind ante before the big blind (RP-11: the blind comes first)",
            lambda case: None, _ante_before_blind),
)
