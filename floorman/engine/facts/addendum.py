"""Facts for the TDA addendum incidents that are not a push of chips (see
`floorman.model.incidents.addendum`): an under-raise found late, a pot-limit count error, a
call made before the amount was known.
"""

from __future__ import annotations

from typing import Any

from floorman.engine.facts import Fact, Situation, builds, incident_seat
from floorman.errors import InvalidEvent
from floorman.model.incidents.addendum import CallBeforeAmount, FollowingAction, PotCountError, UnderRaiseFound
from floorman.model.table import BettingStructure


def _followers(situation: Situation, then: tuple[FollowingAction, ...], where: str) -> dict[str, Any]:
    """Who called and who folded after the disputed bet, and whether that was substantial action
    (TDA 2024 36 / 2026 38: two actions of which one puts chips in, or any three actions)."""
    for i, follower in enumerate(then):
        incident_seat(situation, follower.seat, f"{where}.then[{i}].seat", live=True)
    callers = [f.seat for f in then if f.action == "call"]
    substantial = len(then) >= 3 or (len(then) == 2 and bool(callers))
    return {"callers": ", ".join(map(str, callers)) or "none", "caller_count": len(callers),
            "folds": sum(f.action == "fold" for f in then), "actions_after": len(then),
            "substantial_action_after": substantial}


@builds("under-raise-found")
def under_raise_facts(situation: Situation, found: UnderRaiseFound, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    incident_seat(situation, found.seat, f"{where}.seat", live=True)
    seat = state.seats[found.seat]
    all_in_to = seat.street_bet + seat.stack
    opening = state.current_bet == 0
    legal_to = state.min_bet if opening else state.min_raise_to()
    if found.to <= state.current_bet:
        raise InvalidEvent(f"a bet to {found.to} does not pass the current bet of {state.current_bet}",
                           field=f"{where}.to")
    if found.to >= legal_to:
        raise InvalidEvent(f"{found.to} reaches the minimum of {legal_to}: it is not an under-raise",
                           field=f"{where}.to")
    if found.to >= all_in_to:
        raise InvalidEvent(f"seat {found.seat} is all-in at {all_in_to}: a short all-in is not an under-raise",
                           field=f"{where}.to")
    corrected_to = min(legal_to, all_in_to)
    fact: Fact = {
        "type": "under_raise", "id": f"under_raise:{index}", "seat": found.seat,
        "betting": state.betting.value, "street": state.street, "opening": opening,
        "kind": "bet" if opening else "raise", "to": found.to, "legal_to": legal_to,
        "corrected_to": corrected_to, "short_by": corrected_to - found.to,
        "found": found.found, "correctable": found.found == "same-street",
        **_followers(situation, found.then, where),
    }
    return [fact]


@builds("pot-count-error")
def pot_count_facts(situation: Situation, error: PotCountError, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    if state.betting is not BettingStructure.POT_LIMIT:
        raise InvalidEvent("a pot count error needs a pot-limit game", field=f"{where}.type")
    incident_seat(situation, error.seat, f"{where}.seat", live=True)
    seat = state.seats[error.seat]
    all_in_to = seat.street_bet + seat.stack
    bet_to = error.bet_to if error.bet_to is not None else error.count_said
    if error.bet_to is None and state.current_bet > 0:
        raise InvalidEvent("facing a bet, give bet_to (the street total of the pot raise)", field=f"{where}.bet_to")
    pot_to = min(state.pot_limit_max_to(error.seat), all_in_to)
    if bet_to == pot_to:
        raise InvalidEvent(f"a bet to {bet_to} is the pot: there is no count error", field=f"{where}.bet_to")
    if bet_to > all_in_to:
        raise InvalidEvent(f"seat {error.seat} has only {all_in_to} (table stakes)", field=f"{where}.bet_to")
    followers = _followers(situation, error.then, where)
    too_low = bet_to < pot_to
    fact: Fact = {
        "type": "pot_count_error", "id": f"pot_count_error:{index}", "seat": error.seat,
        "street": state.street, "count_said": error.count_said, "bet_to": bet_to, "pot_to": pot_to,
        "pot_before": state.pot, "too_low": too_low, "too_high": not too_low,
        "difference": abs(pot_to - bet_to), "found": error.found,
        # too low: corrected until substantial action after the bet; too high (an illegal bet):
        # corrected anywhere on the street, substantial action or not
        "low_correctable": too_low and error.found == "same-street" and not followers["substantial_action_after"],
        "high_correctable": not too_low and error.found == "same-street",
        **followers,
    }
    return [fact]


@builds("call-before-amount")
def call_before_amount_facts(situation: Situation, call: CallBeforeAmount, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    incident_seat(situation, call.seat, f"{where}.seat", live=True)
    incident_seat(situation, call.bettor, f"{where}.bettor", live=True)
    bettor = state.seats[call.bettor]
    caller = state.seats[call.seat]
    if call.amount_to <= state.current_bet:
        raise InvalidEvent(f"a {call.declared} to {call.amount_to} does not pass the current bet of "
                           f"{state.current_bet}", field=f"{where}.amount_to")
    if call.amount_to > bettor.street_bet + bettor.stack:
        raise InvalidEvent(f"seat {call.bettor} has only {bettor.street_bet + bettor.stack} (table stakes)",
                           field=f"{where}.amount_to")
    caller_all_in_to = caller.street_bet + caller.stack
    call_to = min(call.amount_to, caller_all_in_to)
    fact: Fact = {
        "type": "call_before_amount", "id": f"call_before_amount:{index}", "seat": call.seat,
        "bettor": call.bettor, "declared": call.declared, "amount_to": call.amount_to,
        "amount_known": call.amount_known, "call_to": call_to, "call_adds": call_to - caller.street_bet,
        "caller_all_in": call_to == caller_all_in_to,
    }
    return [fact]
