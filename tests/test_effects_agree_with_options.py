"""The hand always follows the ruling (issue 15 item 1): the panel, `legal_options()` and the
table's "Next:" line agree.

Every bundled scenario is ruled one incident at a time, on the hand as the earlier rulings left
it (`Floor.rule(after=...)`, as the live table does). After each ruling's effect, what the hand
offers (`HandState.legal_options()`) and what the table says next (`whats_next`, the pure
function behind "Next:") must agree with the ruling's decision and numbers:

* call-or-fold: no bet or raise is offered to the seat;
* a forced call (`restrict` to call): exactly that call;
* a dead hand: that seat no longer acts and wins nothing;
* a binding action: applied (the seat's action is in the hand, at the amount ruled);
* an answer (the minimum raise, the pot-limit maximum, who acts first, the call owed): the
  hand's own figures are the ruling's figures.

Then every ruling rule: a decision that changes what a seat may do carries an effect that does it,
and a `none` says why (lint L015).
"""

from __future__ import annotations

import re
from pathlib import Path

from floorman.cli.table_view import whats_next
from floorman.engine.facts import Situation
from floorman.engine.floor import Floor
from floorman.model.events import Action
from floorman.rulebook.loader import load_rulebook
from floorman.scenarios import find_scenarios, load_scenario, rules_for

ROOT = Path(__file__).resolve().parents[1]

#: decisions that take an action for the seat: the ruling's effect must apply it
ACTION_DECISIONS = {"call", "check", "fold", "bet", "raise", "all-in", "raise-to-max", "correct-to-minimum",
                    "correct-to-pot", "reduce-to-pot", "fold-binds"}
#: decisions that leave the seat only a call or a fold
CALL_OR_FOLD = {"call-or-fold"}
#: decisions that keep a hand live
LIVE = {"hand-live", "live-hand", "table-the-hand", "hand-restored", "hand-stays-live"}
#: answers about who acts first: the hand's actor
FIRST = {"first-to-act": "first_to_act", "bring-in": "bring_in_seat",
         "action-starts-left-of-all-in": "first_to_act"}


def _may(next_line: str) -> str:
    """The options "Next:" offers: the words after "May"."""
    found = re.search(r"\bMay (.*)$", next_line)
    return found.group(1) if found else ""


def _seat_of(ruling, situation: Situation) -> int | None:
    """The seat a ruling is about: its `seat` param, else its incident's seat."""
    seat = ruling.params.get("seat")
    return seat if isinstance(seat, int) else getattr(situation.incidents[ruling.incident], "seat", None)


def disagreements(ruling, before, report, situation: Situation) -> list[str]:
    """What the hand after `ruling` (with the other rulings on its incident) says that the ruling
    does not."""
    state = report.state
    if state is None or report.void:
        return [] if report.void or ruling.decision not in ACTION_DECISIONS else ["no hand after the ruling"]
    found: list[str] = []
    next_line = whats_next(state)
    new_events = state.events[len(before.events):] if before is not None else state.events
    for effect in ruling.effect:
        kind, seat = effect["kind"], effect.get("seat")
        if kind == "action":
            taken = [e for e in new_events if isinstance(e, Action) and e.seat == seat]
            wanted = {"bet": {"bet", "raise"}, "raise": {"bet", "raise"}}.get(effect["action"], {effect["action"]})
            if not any(e.action in wanted for e in taken):
                found.append(f"seat {seat}'s {effect['action']} is not in the hand")
            elif effect.get("to") is not None and not effect.get("then") \
                    and state.seats[seat].street_bet != effect["to"] and state.street == before.street:
                found.append(f"seat {seat} is in for {state.seats[seat].street_bet}, not the {effect['to']} ruled")
        elif kind == "kill-hand":
            s = state.seats[seat]
            if s.live or state.actor == seat or seat in state.seats_to_act:
                found.append(f"seat {seat}'s hand is dead but still acts")
            if next_line.startswith((f"Seat {seat} to act", f"Seat {seat} (")):
                found.append(f"Next: names dead seat {seat}: {next_line}")
            if any(seat in pot.get("winners", []) for pot in report.pots if "ruled_by" not in pot):
                found.append(f"dead seat {seat} wins a pot")
        elif kind == "restrict" and state.actor == seat and seat in state.restrictions:
            allowed = set(effect["only"]) | ({"check"} if "call" in effect["only"] else set())
            offered = {o.action for o in state.legal_options(seat)}
            if not offered <= allowed | ({"bet", "raise"} if {"bet", "raise"} & allowed else set()):
                found.append(f"seat {seat} may only {effect['only']} but is offered {sorted(offered)}")
            may = _may(next_line)
            for word in ("raise", "bet", "call", "fold", "check"):
                if re.search(rf"\b{word}\b", may) and word not in allowed and not ({word} & {"bet", "raise"}
                                                                                  and {"bet", "raise"} & allowed):
                    found.append(f"Next: offers {word} to seat {seat}, restricted to {effect['only']}: {next_line}")
            if effect["only"] == ["call"] and state.to_call(seat) and [o.action for o in state.legal_options(seat)] \
                    != ["call"]:
                found.append(f"seat {seat} must call but is offered {offered}")
        elif kind == "back-up":
            incident = situation.incidents[ruling.incident]
            acted = [e for e in new_events if isinstance(e, Action) and e.seat == incident.seat]
            if effect["binding"] and not acted and state.actor == incident.seat:
                found.append(f"seat {incident.seat}'s out-of-turn {incident.action} binds but it is asked to act")
            if not effect["binding"] and any(e.action == incident.action for e in acted) \
                    and incident.seat not in {f.seat for f in incident.then}:
                found.append(f"seat {incident.seat}'s out-of-turn {incident.action} does not bind but was applied")
        elif kind == "award":
            if any(pot.get("winners") != [seat] for pot in report.pots if "returned_to" not in pot):
                found.append(f"the pots do not go to seat {seat} as ruled")
        elif kind == "correct-blinds":
            if state.table.forced_bets.big_blind != effect["big_blind"]:
                found.append(f"the big blind is {state.table.forced_bets.big_blind}, not {effect['big_blind']}")
        elif kind == "add-chips":
            in_play = ruling.params.get("in_play")
            s = state.seats[seat]
            if in_play is not None and s.stack + s.total != in_play:
                found.append(f"seat {seat} has {s.stack + s.total} in play, not {in_play}")
    found += decision_disagreements(ruling, state, next_line, _seat_of(ruling, situation))
    return found


def decision_disagreements(ruling, state, next_line: str, seat: int | None) -> list[str]:
    """The ruling's decision and numbers against the hand's own figures."""
    found: list[str] = []
    params = ruling.params
    if ruling.decision == "correct-blinds" and (state.table.forced_bets.small_blind, state.table.forced_bets.big_blind) \
            != (params["small_blind"], params["big_blind"]):
        found.append(f"blinds corrected to {params['small_blind']}/{params['big_blind']}, the hand plays "
                     f"{state.table.forced_bets.small_blind}/{state.table.forced_bets.big_blind}")
    if seat is None or seat not in state.seats:
        return found
    s = state.seats[seat]
    able = s.can_act and not state.betting_complete and not state.round_done
    options = {o.action: o for o in state.legal_options(seat)} if able else {}
    raising = options.get("raise") or options.get("bet")
    if ruling.decision in CALL_OR_FOLD and able:
        if raising is not None:
            found.append(f"call-or-fold, but seat {seat} is offered a {raising.action} to {raising.min_to}")
        if state.actor == seat and re.search(r"\b(raise|bet)\b", _may(next_line)):
            found.append(f"call-or-fold, but Next: offers a raise: {next_line}")
    if ruling.decision in ("may-raise", "min-bet") and able:
        low = params.get("min_raise_to", params.get("min_bet"))
        if raising is None:
            found.append(f"{ruling.decision}, but seat {seat} is offered no bet or raise")
        elif isinstance(low, int) and raising.min_to != low and raising.min_to != raising.max_to:
            found.append(f"minimum {low} ruled, the hand says {raising.min_to}")
    if ruling.decision in ("no-limit-max", "pot-limit-max") and raising is not None:
        if params.get("max_to") not in (None, raising.max_to):
            found.append(f"maximum {params['max_to']} ruled, the hand says {raising.max_to}")
    if ruling.decision == "fixed-amount" and raising is not None and params.get("amount_to") != raising.max_to:
        found.append(f"fixed amount {params.get('amount_to')} ruled, the hand says {raising.max_to}")
    if ruling.decision in ("count", "correct-count") and able and isinstance(params.get("to_call"), int) \
            and state.actor == seat and params["to_call"] != state.to_call(seat):
        found.append(f"{params['to_call']} to call ruled, the hand owes {state.to_call(seat)}")
    if ruling.decision == "cash-plays" and s.stack + s.total != params["in_play"]:
        found.append(f"{params['in_play']} in play ruled, the hand has {s.stack + s.total}")
    if ruling.decision == "dead-hand" and state.seats[ruling.dead_seat].live:
        found.append(f"dead hand of seat {ruling.dead_seat} still live")
    if ruling.decision in LIVE and seat == params.get("seat", seat) and not s.live:
        found.append(f"{ruling.decision}, but seat {seat}'s hand is out")
    first = FIRST.get(ruling.decision)
    if first and isinstance(params.get(first), int) and state.actor is not None and state.street_index == 0 \
            and not state.actions_in_turn and state.actor != params[first]:
        found.append(f"seat {params[first]} acts first as ruled, the hand has seat {state.actor}")
    return found


def _rule_in_turn(floor: Floor, scenario, profile: str, options: dict) -> list[tuple]:
    """(ruling, hand before its incident, report after it, situation) for every ruling, each
    incident ruled on the hand as the earlier rulings left it."""
    out = []
    report = None
    for k in range(max(1, len(scenario.incidents))):
        situation = Situation(scenario.table, scenario.events, scenario.incidents[:k + 1], profile, options)
        before = report.state if report is not None else situation.state
        after = floor.rule(situation, after=report if report is not None and (report.earlier or report.unruled)
                           else None)
        out += [(ruling, before, after, situation) for ruling in after.rulings_on(k)]
        report = after
    return out


def test_every_ruling_in_every_bundled_scenario_agrees_with_the_hand(floor):
    checked_rules: set[str] = set()
    scenarios = rulings = 0
    problems: list[str] = []
    for path in find_scenarios([ROOT / "scenarios"]):
        scenario = load_scenario(path)
        if not scenario.incidents:
            continue
        profile, options = rules_for(scenario, floor.rulebook)
        scenarios += 1
        for ruling, before, after, situation in _rule_in_turn(floor, scenario, profile, options):
            rulings += 1
            checked_rules.add(ruling.rule_id)
            problems += [f"{scenario.path}: {ruling.rule_id}: {p}"
                         for p in disagreements(ruling, before, after, situation)]
    ruling_rules = {rule.id for rule in floor.rulebook.rules.values() if rule.ruling is not None}
    print(f"\neffects agree with the hand: {len(checked_rules)} of {len(ruling_rules)} ruling rules fired in "
          f"{scenarios} scenarios ({rulings} rulings), {len(problems)} disagreements")
    assert problems == []
    assert scenarios > 600 and len(checked_rules) > 0.95 * len(ruling_rules)


# ---------------------------------------------------------------------------- every ruling rule
def test_every_ruling_rule_carries_what_it_decides_into_the_hand():
    """A decision that takes an action has an `action` effect (or a back-up that holds it); a dead
    hand kills; a misdeal voids; call-or-fold restricts unless the hand already leaves only that
    (an answer, saying so); every `none` says why."""
    book = load_rulebook()
    wrong = []
    rules = [rule for rule in book.rules.values() if rule.ruling is not None]
    for rule in rules:
        kinds = {effect.kind for effect in rule.ruling.effect}
        decision = rule.ruling.decision
        if decision in ACTION_DECISIONS and not kinds & {"action", "back-up", "restrict"}:
            wrong.append(f"{rule.id}: {decision} with effect {sorted(kinds)}")
        if decision == "dead-hand" and "kill-hand" not in kinds:
            wrong.append(f"{rule.id}: a dead hand not killed")
        if decision in ("misdeal", "void-hand", "correct-and-redeal") and "void-hand" not in kinds:
            wrong.append(f"{rule.id}: {decision} leaves the hand standing")
        nones = [effect for effect in rule.ruling.effect if effect.kind == "none"]
        if decision in CALL_OR_FOLD and "restrict" not in kinds and not all(
                (e.why or "").startswith("an answer") for e in nones):
            wrong.append(f"{rule.id}: call-or-fold neither restricts nor answers")
        if any(not effect.why for effect in nones):
            wrong.append(f"{rule.id}: effect none without why")
    assert len(rules) > 300
    assert wrong == []
