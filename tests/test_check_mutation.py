"""Every bundled scenario's `expect` is live: change any one thing in it and the check fails.

For each scenario (none skipped) the ruling is made once; then for each key of each
expectation one mutation is applied and `compare` must report a new problem:

- rule: another rule; decision: another decision; params: each value changed in turn;
- cites: each citation's rule changed; fires: a rule that did not fire added;
- not_fires: a rule that fired added (when none fired, one rule id misspelt: check refuses a
  rule id the rulebook does not have, so a near-miss cannot pass for ever on a typo);
- no_ruling: flipped;
- pots: each pot's amount, seats, shares, name changed in turn; hands: each hand's name changed.

The side-by-side rows (floorman/checks/comparison.py) agree with the check: no row is marked
different on a pass, and at least one on every mutant.

Run in-process (one Floor, one report per scenario) so that it takes seconds.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from floorman.checks.comparison import comparison_rows
from floorman.checks.runner import compare, fact_incident, ruling_incident
from floorman.scenarios import Expectation, PotExpectation, Scenario, find_scenarios, load_scenario, rules_for

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = find_scenarios([ROOT / "scenarios"])


def _other(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    return f"{value}-mutated"


def _pot_mutations(pot: PotExpectation) -> Iterator[tuple[str, PotExpectation]]:
    for key, value in pot.model_dump(exclude_none=True).items():
        if key in ("eligible", "winners", "winners_high", "winners_low"):
            changed: Any = tuple(value[1:]) if len(value) > 1 else (*value, max(value, default=0) + 1)
        elif key == "shares":
            seat = next(iter(value))
            changed = {**value, seat: value[seat] + 1}
        else:
            changed = _other(value)
        yield key, pot.model_copy(update={key: changed})


def mutations(expect: Expectation, fired: set[str], ruled: set[str], all_rules: list[str]) \
        -> Iterator[tuple[str, Expectation]]:
    """(what was changed, the mutated expectation) for every key the expectation gives."""
    not_fired = next(rule for rule in all_rules if rule not in fired)
    given = expect.model_dump(exclude_defaults=True)
    if "rule" in given:
        other = next(rule for rule in all_rules if rule not in ruled and rule != expect.rule)
        yield "rule", expect.model_copy(update={"rule": other})
    if "decision" in given:
        yield "decision", expect.model_copy(update={"decision": _other(expect.decision)})
    for key, value in expect.params.items():
        yield f"params.{key}", expect.model_copy(update={"params": {**expect.params, key: _other(value)}})
    for index, cite in enumerate(expect.cites):
        cites = list(expect.cites)
        cites[index] = cite.model_copy(update={"rule": _other(cite.rule or "")})
        yield f"cites[{index}]", expect.model_copy(update={"cites": tuple(cites)})
    if "fires" in given:
        yield "fires", expect.model_copy(update={"fires": (*expect.fires, not_fired)})
    if "not_fires" in given and fired:
        yield "not_fires", expect.model_copy(update={"not_fires": (*expect.not_fires, sorted(fired)[0])})
    elif "not_fires" in given:
        misspelt = (expect.not_fires[0][:-1], *expect.not_fires[1:])
        yield "not_fires (misspelt)", expect.model_copy(update={"not_fires": misspelt})
    if "no_ruling" in given:
        yield "no_ruling", expect.model_copy(update={"no_ruling": not expect.no_ruling})
    if "hand_void" in given:
        yield "hand_void", expect.model_copy(update={"hand_void": not expect.hand_void})
    for index, pot in enumerate(expect.pots):
        for key, changed in _pot_mutations(pot):
            pots = list(expect.pots)
            pots[index] = changed
            yield f"pots[{index}].{key}", expect.model_copy(update={"pots": tuple(pots)})
    for seat, name in expect.hands.items():
        yield f"hands.{seat}", expect.model_copy(update={"hands": {**expect.hands, seat: f"{name}-mutated"}})


def scopes(scenario: Scenario, report) -> list[tuple[set[str], set[str]]]:
    """(rules fired, rules that ruled) for each expectation, as compare() scopes them."""
    if not scenario.per_incident:
        return [(set(report.fired_rule_ids), {r.rule_id for r in report.rulings})]
    return [({f.rule_id for f in report.trace.fired if fact_incident(f.matched.values()) == index},
             {r.rule_id for r in report.rulings if ruling_incident(r) == index})
            for index in range(len(scenario.expects))]


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(p.relative_to(ROOT / "scenarios")) for p in SCENARIOS])
def test_every_expectation_key_is_live(path, floor):
    scenario = load_scenario(path)
    profile, options = rules_for(scenario, floor.rulebook)
    report = floor.rule(scenario.situation(profile, options))
    passing = compare(scenario, report, floor.rulebook)
    original = set(passing.problems)
    assert not original, f"the scenario fails before any mutation: {sorted(original)}"
    # the side-by-side view agrees: nothing marked different on a pass, something on each mutant
    assert not [row for row in comparison_rows(passing) if row.differs]
    all_rules = sorted(floor.rulebook.rules)
    tried = 0
    for index, (expect, (fired, ruled)) in enumerate(zip(scenario.expects, scopes(scenario, report))):
        for what, mutated in mutations(expect, fired, ruled, all_rules):
            expects = list(scenario.expects)
            expects[index] = mutated
            result = compare(dataclasses.replace(scenario, expects=tuple(expects)), report, floor.rulebook)
            assert not result.passed, f"expect[{index}].{what} changed and the check still passes"
            if "misspelt" not in what:       # a misspelt rule id is a problem of the file, not of the ruling
                assert [row for row in comparison_rows(result) if row.differs], f"expect[{index}].{what}: no row marked"
            tried += 1
    given = sum(len(e.model_dump(exclude_defaults=True)) for e in scenario.expects)
    assert tried >= given > 0
