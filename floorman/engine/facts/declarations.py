"""Facts for verbal declarations, words against chips and the method of raising.

Two jobs:
* `@extends("wager")`: add to the `wager` fact the numbers the declaration rules compare:
  what the words name as a street total (`said_to`) and how that amount fares under the
  50% standard, the first forward motion of a multi-motion push judged on its own, the most
  the seat may bet (`cap_to`), and the reading of an unclear amount ("I bet five").
* `@builds("conditional-statement")`: the `conditional` fact.

Every field has a value (never None); the arithmetic is here, the rules only compare.
"""

from __future__ import annotations

from collections import Counter

from floorman.engine.facts import Fact, Situation, builds, extends, incident_seat
from floorman.errors import InvalidEvent
from floorman.model.incidents.betting import Wager
from floorman.model.incidents.declarations import ConditionalStatement
from floorman.model.table import BettingStructure

_THIRD_PERSON = {"check": "checks", "bet": "bets", "call": "calls", "raise": "raises", "fold": "folds",
                 "all-in": "goes all-in"}

#: "I bet five" can mean 5, 50, 500... : the powers of ten tried when reading an unclear amount.
_SCALES = tuple(10 ** k for k in range(13))


@extends("wager")
def declaration_fields(situation: Situation, wager: Wager, index: int, facts: list[Fact]) -> None:
    fact = next(f for f in facts if f.get("type") == "wager")
    state = situation.state
    where = f"incidents[{index}]"
    fixed = state.betting is BettingStructure.FIXED_LIMIT
    street_bet: int = fact["street_bet"]
    stack: int = fact["stack"]
    to_call: int = fact["to_call"]
    current: int = fact["current_bet"]
    min_raise_to: int = fact["min_raise_to"]
    raise_size: int = fact["last_full_raise"]
    all_in_to = street_bet + stack                   # the base fact's `all_in_to`, in this frame
    # the most this seat may bet or raise to: its stack, the pot-limit maximum, the limit bet
    cap_to = min(min_raise_to if fixed else fact["max_raise_to"], all_in_to)

    # --- the first forward motion of a push made in several motions
    chips = list(wager.chips)
    if wager.motions >= 2:
        if wager.first_motion_chips is None:
            raise InvalidEvent("with motions of 2 or more, say which chips went in with the first motion",
                               field=f"{where}.first_motion_chips")
        if not wager.first_motion_chips or Counter(wager.first_motion_chips) - Counter(chips):
            raise InvalidEvent("the first motion's chips must be some of the chips put out",
                               field=f"{where}.first_motion_chips")
        if len(wager.first_motion_chips) >= len(chips):
            raise InvalidEvent("with several motions, the first motion cannot hold every chip",
                               field=f"{where}.first_motion_chips")
        first = list(wager.first_motion_chips)
    else:
        first = chips
    fm_total = sum(first)
    fm_to = street_bet + fm_total
    fm_over_call = fm_total > to_call
    fm_every_chip_needed = bool(first) and fm_total - min(first) < to_call
    fm_raise_attempt = len(first) > 1 and fm_over_call and not fm_every_chip_needed
    standard = int(situation.room_option("raise_standard_percent"))
    fm_percent = 100 * max(0, fm_total - to_call) // max(raise_size, 1)
    fm_half = fm_percent >= standard
    fm_full = fm_to >= min_raise_to
    fm_raises = fm_raise_attempt and (fm_half or fm_full) and fact["may_raise"]

    # --- the amount the words name, as a total for the street
    said = wager.amount_said
    if said is None:
        said_to = 0
    elif wager.declared == "amount-only":
        said_to = street_bet + said          # naming an amount = pushing that many chips (TDA 2024 40-C)
    elif wager.raise_by:
        said_to = current + said             # "raise BY 15" names the increment over the bet faced (S001-11)
    else:
        said_to = said                       # "raise, eight thousand" = 8,000 in all (TDA 2024 43-B)
    said_extra = max(0, said_to - current)
    said_covers_call = said is not None and said_to >= current
    said_percent = 100 * said_extra // max(raise_size, 1)
    said_half = said_percent >= standard
    said_full = said_to >= min_raise_to
    said_raise_allowed = fact["may_raise"]   # limit too: 43-A's 50% standard is not big-bet only

    # --- an unclear amount: the largest legal meaning that is no more than the pot (TDA 2024 57)
    legal_from = min_raise_to if to_call > 0 else state.min_bet
    readings = [said * scale for scale in _SCALES] if said else []
    legal = [amount for amount in readings if amount >= legal_from]
    within = [amount for amount in legal if amount <= state.pot]

    fields: Fact = {
        "has_chips": bool(wager.chips),
        "multi_motion": wager.motions >= 2,
        "oversized_single_chip": fact["single_chip"] and fact["chip_value"] > fact["call_amount"],
        "cap_to": cap_to,
        # the first motion, judged as if it were the whole push
        "fm_total": fm_total, "fm_to": fm_to, "fm_chip_count": len(first),
        "fm_over_call": fm_over_call, "fm_every_chip_needed": fm_every_chip_needed,
        "fm_raise_attempt": fm_raise_attempt, "fm_half_raise_met": fm_half, "fm_raise_percent": fm_percent,
        "fm_full_raise_met": fm_full, "fm_raises": fm_raises,
        "later_motions_total": fact["chips_total"] - fm_total,
        # the amount said
        "said_to": said_to, "said_extra": said_extra, "said_covers_call": said_covers_call,
        "said_half_raise_met": said_half, "said_full_raise_met": said_full, "said_raise_percent": said_percent,
        "said_is_call": said_covers_call and not (said_raise_allowed and (said_half or said_full)),
        "said_forces_raise": said_covers_call and said_raise_allowed and said_half and not said_full,
        "said_raises": said_covers_call and said_raise_allowed and said_full,
        # an unclear amount
        "unclear_reading": max(within) if within else (min(legal) if legal else 0),
        "unclear_reading_in_pot": bool(within),
        "unclear_legal_from": legal_from,
    }
    clash = sorted(set(fields) & set(fact))
    if clash:
        raise RuntimeError(f"wager fields {clash} are set twice (facts/declarations.py and another family)")
    fact.update(fields)


@builds("conditional-statement")
def conditional_facts(situation: Situation, statement: ConditionalStatement, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    seat = incident_seat(situation, statement.seat, f"{where}.seat")
    if statement.condition_seat is not None:
        incident_seat(situation, statement.condition_seat, f"{where}.condition_seat")
    who = f"seat {statement.condition_seat}" if statement.condition_seat is not None else "another player"
    condition_words = (f"whatever {who} does" if statement.condition == "any"
                       else f"{who} {_THIRD_PERSON[statement.condition]}")
    to_call = max(0, min(state.current_bet - seat.street_bet, seat.stack))
    return [{
        "type": "conditional", "id": f"conditional:{index}", "seat": statement.seat,
        "condition_seat": statement.condition_seat or 0,
        "condition": statement.condition, "condition_words": condition_words,
        "promised": statement.promised,
        "condition_met": statement.condition_met,
        "said_amount": statement.amount_said is not None,
        "amount_said": statement.amount_said or 0,
        "to_call": to_call, "facing_bet": to_call > 0,
        "min_raise_to": state.min_raise_to(), "current_bet": state.current_bet,
        "stack": seat.stack, "folded": seat.folded,
    }]
