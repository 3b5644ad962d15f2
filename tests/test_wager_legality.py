"""Every wager ruling is an action the hand allows (issue 7, audit H1 / L9, method of audit §4).

Random spots: 2-9 seats, no-limit and pot-limit, cash and tournament, profiles tda-2026 and
cash; a random legal action sequence, then a random wager by the seat to act (random chips,
declaration, amount said, speech order, motions, prior and pulled-back chips, wanted change).
Each ruling whose decision is an action (call, raise, bet, all-in, raise-to-max, check, fold)
must be among `HandState.legal_options()` for that seat and be accepted by `HandState.apply`;
its numbers must add up (chips pushed + chips to add - change = the amount ruled) and none
may be negative. A seeded generator keeps the run reproducible; one Floor is reused.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from dataclasses import dataclass, field

import pytest

from floorman.engine.facts import Situation
from floorman.engine.floor import Floor
from floorman.errors import FloormanError
from floorman.model.events import Action, Board, Post
from floorman.model.incidents.betting import Wager
from floorman.model.state import HandState
from floorman.model.table import Table

CHIPS = (1, 5, 25, 100, 500, 1000, 5000)
DECLARATIONS = ("none", "none", "none", "check", "bet", "call", "raise", "raise", "fold", "all-in", "pot",
                "amount-only", "tap", "non-standard")
PROFILES = ("tda-2026", "cash")
SPOTS = 10_000
RANKS, SUITS = "23456789TJQKA", "cdhs"

#: decisions that are one action at the table; the others (call-or-fold, floor-decides...)
#: leave the choice to the player or the floor and are not an action to check
ACTION_DECISIONS = {"call", "raise", "bet", "all-in", "raise-to-max", "check", "fold"}


@pytest.fixture(scope="module")
def floor():
    floor = Floor()
    yield floor
    floor.close()


def random_table(rng: random.Random) -> Table:
    count = rng.randint(2, 9)
    numbers = sorted(rng.sample(range(1, 10), count))
    big = rng.choice((2, 10, 100, 200, 1000))
    seats = []
    for number in numbers:
        depth = rng.choice((1, 3, 5, 10, 20, 50, 100, 300))
        seats.append({"number": number, "stack": max(1, depth * big + rng.choice((0, 0, big // 2, -big // 2)))})
    return Table.model_validate({
        "seats": seats, "button": rng.choice(numbers),
        "structure": {"betting": rng.choice(("no-limit", "pot-limit"))},
        "format": rng.choice(("cash", "tournament")),
        "forced_bets": {"small_blind": big // 2, "big_blind": big},
    })


def blinds(table: Table) -> list[Post]:
    order = [seat.number for seat in table.seats]
    button = table.button
    after = [n for n in order if n > button] + [n for n in order if n <= button]
    sb, bb = (button, after[0]) if len(order) == 2 else (after[0], after[1])
    stacks = {seat.number: seat.stack for seat in table.seats}
    return [Post(seat=sb, kind="small-blind", amount=min(table.forced_bets.small_blind, stacks[sb])),
            Post(seat=bb, kind="big-blind", amount=min(table.forced_bets.big_blind, stacks[bb]))]


def random_hand(rng: random.Random, table: Table) -> tuple[list, HandState] | None:
    """Posts, then random legal actions (and boards as they fall due), stopping at a seat to act."""
    deck = [r + s for r in RANKS for s in SUITS]
    rng.shuffle(deck)
    state = HandState(table)
    events: list = []
    for post in blinds(table):
        state.apply(post)
        events.append(post)
    for _ in range(rng.randint(0, 25)):
        if state.hand_over:
            return None
        if state.awaiting_cards:
            count = 3 if state.street_index == 0 else 1
            event = Board(cards=tuple(deck.pop() for _ in range(count)))
        else:
            if state.actor is None:
                return None
            option = rng.choice(state.legal_options())
            if option.action in ("bet", "raise"):
                amount = rng.choice((option.min_to, option.max_to, rng.randint(option.min_to, option.max_to)))
                event = Action(seat=state.actor, action=option.action, amount=amount)
            else:
                event = Action(seat=state.actor, action=option.action)
        state.apply(event)
        events.append(event)
    if state.hand_over or state.awaiting_cards or state.actor is None:
        return None
    return events, state


def random_chips(rng: random.Random, limit: int, most: int = 6) -> list[int]:
    chips: list[int] = []
    for _ in range(rng.randint(0, most)):
        usable = [c for c in CHIPS if c <= limit - sum(chips)]
        if not usable:
            break
        chips.append(rng.choice(usable))
    return chips


def prior_for(rng: random.Random, live_bet: int) -> list[int]:
    """Chips in front that make up (or over-make) the seat's live bet, as they lie."""
    if live_bet == 0:
        return []
    chips, left = [], live_bet
    for chip in sorted(CHIPS, reverse=True):
        while left >= chip:
            chips.append(chip)
            left -= chip
    if rng.random() < 0.3:                     # one bigger chip posted for the blind
        bigger = [c for c in CHIPS if c > live_bet]
        if bigger:
            return [bigger[0]]
    return chips


def random_wager(rng: random.Random, state: HandState) -> Wager:
    seat = state.seats[state.actor]
    declared = rng.choice(DECLARATIONS)
    prior: list[int] = []
    pulled: list[int] = []
    if seat.street_bet and rng.random() < 0.3:
        prior = prior_for(rng, seat.street_bet)
        pulled = [c for c in prior if rng.random() < 0.4]
    in_front = sum(prior) - sum(pulled) if prior else seat.street_bet
    behind = seat.street_bet + seat.stack - in_front
    chips = random_chips(rng, behind)
    if rng.random() < 0.15 and behind > 0:
        chips = random_chips(rng, behind, 1) or chips   # one chip, often the oversized case
    if declared == "none" and not chips:
        chips = [c for c in CHIPS if c <= behind][-1:] or [1]
        if chips[0] > behind:
            declared = "fold"
            chips = []
    said = None
    if declared in ("bet", "raise", "amount-only") and (declared == "amount-only" or rng.random() < 0.5):
        said = rng.choice((state.current_bet, state.min_raise_to(), state.pot, rng.randint(1, 3 * state.pot + 100),
                           seat.street_bet + seat.stack))
    motions, first = 1, None
    if len(chips) >= 2 and rng.random() < 0.2:
        motions = rng.randint(2, 3)
        first = tuple(chips[: rng.randint(1, len(chips) - 1)])
    speech = rng.choice((None, "before", "with", "after")) if declared != "none" else None
    return Wager(seat=seat.number, declared=declared, amount_said=said, chips=tuple(chips),
                 first_motion_chips=first, motions=motions, speech=speech, prior_chips=tuple(prior),
                 pulled_back=tuple(pulled), unclear=declared in ("bet", "amount-only") and rng.random() < 0.05,
                 wanted_change=rng.random() < 0.1)


@dataclass
class Tally:
    spots: int = 0
    refused: int = 0
    rulings: int = 0
    checked: int = 0
    rules: Counter = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)


def ruled_action(decision: str, params: dict, state: HandState, seat: int) -> tuple[Action, int | None] | str:
    """The action a ruling makes, with the street total it comes to (None: no chips)."""
    s = state.seats[seat]
    options = {o.action: o for o in state.legal_options(seat)}
    if decision == "fold":
        # a fold is always accepted (TDA 2024 58: a needless fold binds), even with nothing to call
        return Action(seat=seat, action="fold"), None
    if decision == "check":
        return (Action(seat=seat, action="check"), None) if "check" in options else "check facing a bet"
    if decision == "call":
        if "call" not in options:
            return "a call with nothing to call"
        to = options["call"].min_to
        if "call_to" in params and params["call_to"] != to:
            return f"call_to {params['call_to']} but the call is to {to}"
        return Action(seat=seat, action="call"), to
    all_in_to = s.street_bet + s.stack
    if decision == "all-in":
        to = params.get("all_in_to", all_in_to)
        if to != all_in_to:
            return f"all-in to {to} but the seat's all-in is to {all_in_to}"
        if all_in_to <= state.current_bet:
            if "call" not in options:
                return "an all-in call with nothing to call"
        else:
            raising = options.get("bet") or options.get("raise")
            if raising is None or not raising.min_to <= to <= raising.max_to:
                return f"all-in to {to} outside the raise range {raising}"
        return Action(seat=seat, action="all-in", amount=to), to
    to = next((params[k] for k in ("raise_to", "bet_to", "raise_at_least", "bet_at_least") if k in params), None)
    if to is None:
        return f"{decision} without an amount"
    kind = "bet" if state.current_bet == 0 else "raise"
    if decision in ("raise", "bet") and decision != kind:
        return f"{decision} ruled but the seat would {kind} (current bet {state.current_bet})"
    option = options.get(kind)
    if option is None:
        return f"{decision} to {to}, but the seat may not {kind} ({sorted(options)})"
    if not option.min_to <= to <= option.max_to:
        return f"{decision} to {to} outside {option.min_to}..{option.max_to}"
    return Action(seat=seat, action=kind, amount=to), to


def check_ruling(ruling, facts: dict, table: Table, events: list, wager: Wager, tally: Tally) -> None:
    label = f"{ruling.rule_id} {ruling.decision} {ruling.params} [{wager!r}]"
    seat = wager.seat
    for key, value in ruling.params.items():
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            tally.problems.append(f"{label}: negative {key}")
    if ruling.decision not in ACTION_DECISIONS:
        return
    state = HandState.replay(table, events)
    result = ruled_action(ruling.decision, ruling.params, state, seat)
    if isinstance(result, str):
        tally.problems.append(f"{label}: {result}")
        return
    action, to = result
    fact = facts.get(ruling.matched.get("w", ""))
    if fact is not None and to is not None and ("change" in ruling.params or "chips_to_add" in ruling.params):
        # the chips judged, plus what the seat adds, less what comes back, make the amount ruled
        added = fact["chips_total"] + ruling.params.get("chips_to_add", 0) - ruling.params.get("change", 0)
        if fact["street_bet"] + added != to:
            tally.problems.append(f"{label}: {fact['street_bet']} in front + {fact['chips_total']} pushed "
                                  f"+ chips_to_add - change does not come to {to}")
        if ruling.params.get("chips_to_add", 0) and ruling.params.get("change", 0):
            tally.problems.append(f"{label}: both chips to add and change")
    try:
        state.apply(action)
    except FloormanError as error:
        tally.problems.append(f"{label}: HandState refuses {action!r}: {error}")
        return
    tally.checked += 1


def run_spots(floor: Floor, seed: int, spots: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    options = {profile: floor.situation_options(profile) for profile in PROFILES}
    while tally.spots < spots:
        table = random_table(rng)
        hand = random_hand(rng, table)
        if hand is None:
            continue
        events, state = hand
        wager = random_wager(rng, state)
        profile = rng.choice(PROFILES)
        tally.spots += 1
        situation = Situation(table, events, [wager], profile, options[profile])
        try:
            report = floor.rule(situation)
        except FloormanError:
            tally.refused += 1
            continue
        facts = {fact["id"]: fact for fact in report.trace.facts}
        for ruling in report.rulings:
            tally.rulings += 1
            tally.rules[ruling.rule_id] += 1
            check_ruling(ruling, facts, table, events, wager, tally)
    return tally


def test_every_wager_ruling_is_a_legal_action(floor):
    tally = run_spots(floor, seed=7, spots=SPOTS)
    assert tally.spots == SPOTS
    # the generator must reach the rulings that matter, not only refusals
    assert tally.rulings > SPOTS // 2 and tally.checked > SPOTS // 3
    # every rule that decides a raise, bet, all-in or raise-to-max was reached (audit H1's list)
    deciding = {"DECL-RAISE-DECLARED-CHIPS", "DECL-RAISE-AMOUNT", "DECL-RAISE-AMOUNT-SHORT", "DECL-AMOUNT-ONLY-RAISE",
                "DECL-AMOUNT-ONLY-MUST-RAISE", "DECL-MULTI-MOTION-RAISE", "DECL-MULTI-MOTION-RAISE-CASH",
                "DECL-POT-LIMIT-POT-RAISE", "DECL-POT-NO-LIMIT-FACING-BET", "DECL-RAISE-WORD-ONLY",
                "DECL-ALL-IN-DECLARED", "DECL-STRING-BET-FIRST-MOTION-RAISE", "ACT-POT-LIMIT-OVER-MAX",
                "ACT-RAISE-CLOSED-DECLARED", "BET-FIFTY-PERCENT-RAISE", "BET-OVERSIZED-CHIP-RAISE",
                "BET-CHIPS-FULL-RAISE", "BET-OVERBET-FOR-CHANGE", "BET-MULTIPLE-CHIPS-ALL-IN",
                "BET-SHORT-OPENING-CORRECTED", "BET-OVERSIZED-CHIP-OPENS", "BET-MULTIPLE-CHIPS-OPENS"}
    assert deciding <= set(tally.rules), sorted(deciding - set(tally.rules))
    assert not tally.problems, f"{len(tally.problems)} bad rulings, e.g.:\n" + "\n".join(tally.problems[:15])


def test_a_short_stack_that_says_raise_calls_all_in(floor):
    """Audit H1: blinds 50/100, seat 1 (550) in the small blind faces a raise to 1,000."""
    table = Table.model_validate({"seats": [{"number": 1, "stack": 550}, {"number": 2, "stack": 5000},
                                            {"number": 3, "stack": 5000}],
                                  "button": 3, "forced_bets": {"small_blind": 50, "big_blind": 100}})
    events = [Post(seat=1, kind="small-blind", amount=50), Post(seat=2, kind="big-blind", amount=100),
              Action(seat=3, action="raise", amount=1000)]
    for wager in (Wager(seat=1, declared="raise", speech="before", chips=(100,)),
                  Wager(seat=1, declared="raise", amount_said=3000),
                  Wager(seat=1, declared="amount-only", amount_said=2000),
                  Wager(seat=1, declared="pot")):
        for profile in PROFILES:
            report = floor.rule(Situation(table, events, [wager], profile, floor.situation_options(profile)))
            [ruling] = report.rulings
            assert ruling.decision == "call", (wager, ruling.rule_id)
            assert ruling.params["call_amount"] == 500 and ruling.params["call_to"] == 550
            assert ruling.params["all_in"] is True
            assert ruling.params["chips_to_add"] == 500 - sum(wager.chips) and ruling.params["change"] == 0
            assert "all in for 550" in ruling.explanation


# ---------------------------------------------------------------------- impossible wagers are refused
RIVER_TABLE = {"seats": [{"number": 1, "stack": 10000}, {"number": 2, "stack": 10000}, {"number": 3, "stack": 8900}],
               "button": 3, "forced_bets": {"small_blind": 50, "big_blind": 100}}


def checked_to(street: str) -> list:
    """Blinds 50/100, everyone limps, then checks round on every street up to `street`'s end."""
    events = [Post(seat=1, kind="small-blind", amount=50), Post(seat=2, kind="big-blind", amount=100),
              Action(seat=3, action="call"), Action(seat=1, action="call"), Action(seat=2, action="check")]
    for cards, name in ((("Ks", "9h", "4d"), "flop"), (("2c",), "turn"), (("7s",), "river")):
        events.append(Board(cards=cards))
        events += [Action(seat=n, action="check") for n in (1, 2, 3)]
        if name == street:
            break
    return events


def refusal(floor, table: dict, events: list, incident) -> FloormanError:
    with pytest.raises(FloormanError) as caught:
        floor.rule(Situation(Table.model_validate(table), events, [incident], "tda-2026",
                             floor.situation_options("tda-2026")))
    return caught.value


def test_a_wager_after_the_river_betting_is_refused(floor):
    """Audit M5: today ruled a fresh bet of 100."""
    error = refusal(floor, RIVER_TABLE, checked_to("river"), Wager(seat=1, chips=(100,)))
    assert error.field == "incidents[0]" and "the betting is over" in error.message


def test_a_wager_between_streets_asks_for_the_cards(floor):
    error = refusal(floor, RIVER_TABLE, checked_to("flop"), Wager(seat=1, chips=(100,)))
    assert error.field == "incidents[0]" and "turn cards were not given" in error.message


def test_an_out_of_turn_bet_beyond_the_stack_is_refused(floor):
    """Item 6: 50,000 out of turn from a seat with 8,800 behind was ruled 'in for 50,000'."""
    from floorman.model.incidents.action import OutOfTurn

    events = checked_to("flop") + [Board(cards=("2c",))]
    error = refusal(floor, RIVER_TABLE, events, OutOfTurn(seat=3, action="bet", amount=50000))
    assert error.field == "incidents[0].amount" and "table stakes" in error.message
    assert "has only 8,800" in error.message     # 8,900 less the 100 it put in pre-flop


def test_chips_not_in_play_are_refused_and_any_chip_is_fine_when_unlisted(floor):
    table = {**RIVER_TABLE, "chip_denominations": [5, 25, 100]}
    events = checked_to("flop") + [Board(cards=("2c",))]
    error = refusal(floor, table, events, Wager(seat=1, chips=(30, 7)))
    assert error.field == "incidents[0].chips[0]" and "no 30 chip" in error.message
    error = refusal(floor, table, events, Wager(seat=1, chips=(100, 7), motions=2, first_motion_chips=(100,)))
    assert error.field == "incidents[0].chips[1]"
    # no denominations listed: a 30 and a 7 are chips like any other
    report = floor.rule(Situation(Table.model_validate(RIVER_TABLE), events, [Wager(seat=1, chips=(30, 7))],
                                  "tda-2026", floor.situation_options("tda-2026")))
    assert report.rulings


@pytest.mark.parametrize("raw, field", [
    ({"type": "wager", "seat": 1, "declared": "amount-only", "amount_said": 10 ** 30}, "amount_said"),
    ({"type": "wager", "seat": 1, "chips": [2 ** 53]}, "chips.0"),
    ({"type": "wager", "seat": 1, "chips": [100], "prior_chips": [2 ** 53]}, "prior_chips.0"),
    ({"type": "out-of-turn", "seat": 1, "action": "bet", "amount": 2 ** 53}, "amount"),
])
def test_amounts_of_2_53_and_more_never_reach_a_fact(raw, field):
    from pydantic import ValidationError

    from floorman.model.incidents import parse_incident

    with pytest.raises(ValidationError) as caught:
        parse_incident(raw)
    assert [".".join(map(str, e["loc"])) for e in caught.value.errors()] == [field]
    assert parse_incident({**raw, **{field.split(".")[0]: 2 ** 53 - 1 if "." not in field else [2 ** 53 - 1]}})


def test_the_tiny_push_threshold_is_the_room_option(floor):
    """Item 9: 300 into a 4,800 opening bet is 6%: an undercall at the default 5, tiny at 10."""
    from floorman.scenarios import load_scenario

    scenarios = Path(__file__).parent.parent / "scenarios"
    scenario = load_scenario(scenarios / "action" / "tiny-push-300-into-4800-is-an-undercall.yaml")
    ruled = {}
    for percent in (None, 10):
        options = dict(floor.situation_options("tda-2026"))
        if percent is not None:
            options["tiny_push_percent"] = percent
        [ruling] = floor.rule(scenario.situation("tda-2026", options)).rulings
        ruled[percent] = ruling.rule_id
    assert ruled == {None: "ACT-UNDERCALL-FULL-CALL", 10: "BET-TINY-CHIP-DISCRETION"}
    assert floor.situation_options("tda-2026")["tiny_push_percent"] == 5


def test_a_big_blind_pulling_back_its_own_chip_in_a_limped_pot_has_nothing_to_call(floor):
    """Audit L9: the prior-chip frame ruled a call where HandState says there is nothing to call."""
    table = Table.model_validate({"seats": [{"number": n, "stack": 5000} for n in (1, 2, 3)], "button": 3,
                                  "forced_bets": {"small_blind": 50, "big_blind": 100}})
    events = [Post(seat=1, kind="small-blind", amount=50), Post(seat=2, kind="big-blind", amount=100),
              Action(seat=3, action="call"), Action(seat=1, action="call")]
    for wager in (Wager(seat=2, chips=(25,), prior_chips=(100,), pulled_back=(100,)),
                  Wager(seat=2, chips=(5, 5), prior_chips=(100,), pulled_back=(100,)),
                  Wager(seat=2, declared="call", prior_chips=(100,), pulled_back=(100,))):
        report = floor.rule(Situation(table, events, [wager], "tda-2026", floor.situation_options("tda-2026")))
        facts = {fact["id"]: fact for fact in report.trace.facts}
        assert facts["wager:0"]["to_call"] == 0 and not facts["wager:0"]["facing_bet"]
        assert all(ruling.decision != "call" for ruling in report.rulings), report.rulings
