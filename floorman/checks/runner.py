"""The scenario check: rule on each scenario file and compare the report with its `expect` block,
one result per file (`floorman check scenarios`, lint's L006-L009, CI via junit.py).

A check can only pass on what floorman produced: an expectation with nothing in it fails, and
every mismatch is listed in words. The file format itself is floorman/scenarios.py.
"""

from __future__ import annotations

import dataclasses
import difflib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from floorman.errors import FloormanError, InputFileError
from floorman.ruling import Ruling, RulingReport
from floorman.scenarios import Expectation, Scenario, load_scenario, locate_replay_error, rules_for, scenario_files
from floorman.source import field_path, line_of, relative


@dataclass
class CheckResult:
    path: str
    title: str
    passed: bool
    problems: list[str]
    expected: dict[str, Any]
    actual: dict[str, Any]
    report: RulingReport | None = None
    near_misses: list[str] = dataclasses.field(default_factory=list)
    # the located error when the scenario could not be checked at all (it did not load, or its
    # events or incidents cannot happen): a CI reports it as an error, not as a wrong ruling
    error: str | None = None
    seconds: float | None = None       # how long loading, ruling and comparing took

    def to_json(self) -> dict[str, Any]:
        return {"file": self.path, "title": self.title, "passed": self.passed, "problems": self.problems,
                "expected": self.expected, "actual": self.actual,
                **({"error": self.error} if self.error is not None else {})}


def fact_incident(fact_ids: Any) -> int | None:
    """The incident a set of matched fact ids is about: incident facts are '<type>:<index>';
    a ruling on several incidents belongs to the last (it could only be made then)."""
    indexes = []
    for fact_id in fact_ids:
        kind, _, index = str(fact_id).rpartition(":")
        if kind and not str(fact_id).startswith("derived:") and index.isdigit():
            indexes.append(int(index))
    return max(indexes) if indexes else None


def ruling_incident(ruling: Ruling) -> int | None:
    """The index of the incident a ruling is about (Ruling.incident once the engine sets it)."""
    given = getattr(ruling, "incident", None)
    return given if isinstance(given, int) else fact_incident(ruling.matched.values())


def compare(scenario: Scenario, report: RulingReport, rulebook: Any = None) -> CheckResult:
    """Compare a report with the scenario's expectations; list each mismatch in words.
    A check passes only on what floorman produced: an expectation with nothing in it fails,
    and (given the rulebook) so does one naming a rule that does not exist, which a
    `not_fires` would otherwise pass for ever."""
    problems: list[str] = []
    if rulebook is not None:
        problems += unknown_rules(scenario, rulebook.rules)
    actual: dict[str, Any] = {"rulings": [r.to_json() for r in report.rulings],
                              "fired": sorted(set(report.fired_rule_ids)),
                              "pots": report.pots,
                              "hands": {str(seat): hand for seat, hand in report.hands.items()}}
    if not scenario.expects or any(expect.empty for expect in scenario.expects):
        empty = [i for i, e in enumerate(scenario.expects) if e.empty]
        where = ("expect", empty[0]) if scenario.per_incident and empty else ("expect",)
        line = line_of(scenario.document, where) if "expect" in scenario.document else None
        problems.append(str(InputFileError("nothing to check: give rule, decision, params, pots, hands, fires, "
                                           "not_fires or no_ruling", file=scenario.path, line=line,
                                           field=field_path(where))))
    if scenario.per_incident:
        per: list[dict[str, Any]] = []
        for index, expect in enumerate(scenario.expects):
            rulings = [r for r in report.rulings if ruling_incident(r) == index]
            fired = {f.rule_id for f in report.trace.fired if fact_incident(f.matched.values()) == index}
            found, shown = _compare_one(expect, rulings, fired, report)
            found += _compare_void(expect.hand_void, index in report.unruled, report.unruled.get(index))
            problems += [f"incident {index}: {problem}" for problem in found]
            per.append({**_shown_json(shown), "rulings": [_brief(r) for r in rulings], "fired": sorted(fired),
                        "hand_void": index in report.unruled})
        actual["incidents"] = per
    elif scenario.expects:
        found, shown = _compare_one(scenario.expect, report.rulings, set(report.fired_rule_ids), report)
        problems += found + _compare_void(scenario.expect.hand_void, report.void is not None, report.void)
        actual.update(_shown_json(shown), hand_void=report.void is not None)
    return CheckResult(scenario.path, scenario.title, not problems, problems, scenario.expected_json(), actual,
                       report, scenario.near_misses)


def unknown_rules(scenario: Scenario, rules: Any) -> list[str]:
    """A rule id in `rule`, `fires` or `not_fires` that the rulebook lacks, located."""
    problems = []
    for index, expect in enumerate(scenario.expects):
        base: tuple[Any, ...] = ("expect", index) if scenario.per_incident else ("expect",)
        named: list[tuple[tuple[Any, ...], str]] = [(base + ("rule",), expect.rule)] if expect.rule else []
        named += [(base + ("fires", i), r) for i, r in enumerate(expect.fires)]
        named += [(base + ("not_fires", i), r) for i, r in enumerate(expect.not_fires)]
        for where, rule_id in named:
            if rule_id not in rules:
                close = difflib.get_close_matches(rule_id, list(rules), n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                problems.append(str(InputFileError(f"no rule {rule_id!r} in the rulebook{hint}", file=scenario.path,
                                                   line=line_of(scenario.document, where), field=field_path(where))))
    return problems


def _brief(ruling: Ruling) -> dict[str, Any]:
    return {"rule": ruling.rule_id, "decision": ruling.decision, "params": ruling.params}


def _shown_json(shown: Ruling | None) -> dict[str, Any]:
    """The actual ruling set beside the expectation (the expected rule's, else the ruling made
    instead): rule, decision, params and what it cites."""
    if shown is None:
        return {}
    return {**_brief(shown), "cites": [{"source": c.source, "edition": c.edition, "rule": c.rule}
                                       for c in shown.citations]}


def _same(expected: Any, have: Any) -> bool:
    """Equal and of the same kind: `true` is not the number 1."""
    return type(expected) is type(have) and expected == have


def _compare_one(expect: Expectation, rulings: list[Ruling], fired: set[str],
                 report: RulingReport) -> tuple[list[str], Ruling | None]:
    problems: list[str] = []
    main = next((r for r in rulings if r.rule_id == expect.rule), None) if expect.rule else \
        (rulings[0] if rulings else None)
    # what is shown as the actual ruling: the expected rule's, else the ruling made instead
    shown = main or (rulings[0] if rulings else None)
    if expect.no_ruling is True and rulings:   # e.g. a plain showdown: only the pots are checked
        problems.append(f"expected no ruling, got {', '.join(r.rule_id for r in rulings)}")
    if not rulings and (expect.needs_ruling or expect.no_ruling is False):
        problems.append(f"expected {_summary(expect)}, no ruling")
    elif expect.rule and main is None:
        if expect.rule in fired:
            winner = next((r.rule_id for r in rulings if expect.rule in r.overridden), None)
            why = f"it fired but was overridden{' by ' + winner if winner else ''}"
        else:
            why = "it did not fire"
        problems.append(f"expected a ruling by {expect.rule}; {why} (ruled: "
                        f"{', '.join(f'{r.rule_id} {r.decision}' for r in rulings)})")
    if main is not None:
        if expect.decision and main.decision != expect.decision:
            problems.append(f"decision: expected {expect.decision}, got {main.decision}")
        for key, value in expect.params.items():
            if not _same(value, main.params.get(key)):
                problems.append(f"{key}: expected {value!r}, got {main.params.get(key, 'nothing')!r}")
        labels = {(c.source, c.edition, c.rule) for c in main.citations}
        for cite in expect.cites:
            if (cite.source, cite.edition, cite.rule) not in labels:
                problems.append(f"citation missing: {cite.source} {cite.edition} {cite.rule or ''}".rstrip())
    if rulings or expect.no_ruling is True:
        problems += _compare_showdown(expect, report)
    for rule_id in expect.fires:
        if rule_id not in fired:
            problems.append(f"expected {rule_id} to fire")
    for rule_id in expect.not_fires:
        if rule_id in fired:
            problems.append(f"near-miss: {rule_id} must not fire, but it did")
    return problems, shown


def _compare_void(expected: bool | None, void: bool, why: str | None) -> list[str]:
    if expected is None or expected == void:
        return []
    return ["expected the hand void, but it is not" if expected else f"expected the hand not void, but {why}"]


def _compare_showdown(expect: Expectation, report: RulingReport) -> list[str]:
    problems: list[str] = []
    for index, wanted in enumerate(expect.pots):
        got = report.pots[index] if index < len(report.pots) else None
        if got is None:
            problems.append(f"pot {index}: expected {wanted.model_dump(exclude_defaults=True)}, but there "
                            f"{'is' if len(report.pots) == 1 else 'are'} only {len(report.pots)} pot"
                            f"{'' if len(report.pots) == 1 else 's'}")
            continue
        label = got.get("name", f"pot {index}")
        for key, value in wanted.model_dump(exclude_none=True).items():
            have = got.get(key)
            value = pot_value(key, value)
            if not same_pot_value(key, value, have):
                problems.append(f"{label} {key}: expected {value!r}, got {have!r}")
    for seat, name in expect.hands.items():
        have = hand_name(report.hands.get(seat, {}))
        if have != name:
            problems.append(f"seat {seat} hand: expected {name!r}, got {have!r}")
    return problems


SEAT_LISTS = ("eligible", "winners", "winners_high", "winners_low")


def pot_value(key: str, value: Any) -> Any:
    """An expected pot value as the report writes it: seat lists as lists, share seats as text."""
    if key in SEAT_LISTS:
        return list(value)
    if key == "shares":
        return {str(seat): chips for seat, chips in value.items()}
    return value


def same_pot_value(key: str, expected: Any, have: Any) -> bool:
    """Seat lists compare as sets; shares seat by seat, in whole chips; the rest by value and kind."""
    if key in SEAT_LISTS:
        return isinstance(have, (list, tuple)) and sorted(expected) == sorted(have)
    if key == "shares":
        return isinstance(have, dict) and expected == {str(k): v for k, v in have.items()} and \
            all(type(v) is int for v in have.values())
    return _same(expected, have)


def hand_name(hand: dict[str, Any]) -> str | None:
    """A hand's name at showdown; razz and 2-7 hands have only a low."""
    return hand.get("name") or hand.get("low_name")


def _summary(expect: Expectation) -> str:
    parts = []
    if expect.rule:
        parts.append(f"a ruling by {expect.rule}")
    if expect.decision:
        parts.append(f"decision {expect.decision}")
    if expect.params:
        parts.append("params " + ", ".join(f"{k}={v!r}" for k, v in list(expect.params.items())[:5])
                     + (" ..." if len(expect.params) > 5 else ""))
    if expect.cites:
        parts.append(f"{len(expect.cites)} citation{'s' if len(expect.cites) > 1 else ''}")
    if expect.pots:
        parts.append(f"{len(expect.pots)} pot{'s' if len(expect.pots) > 1 else ''}")
    if expect.hands:
        parts.append("hands for seat" + ("s " if len(expect.hands) > 1 else " ")
                     + ", ".join(str(s) for s in expect.hands))
    return "; ".join(parts) or "a ruling"


NOT_LOADED = "(could not be loaded)"


def check_scenario(path: Path, floor: Any, *, profile: str | None = None, house: Path | None = None) \
        -> CheckResult:
    """Load, rule on and compare one scenario. A file that cannot be loaded, or whose events or
    incidents cannot happen, is a failed result carrying its located error (`error`)."""
    started = time.perf_counter()
    result = _check_scenario(path, floor, profile=profile, house=house)
    result.seconds = time.perf_counter() - started
    return result


def _check_scenario(path: Path, floor: Any, *, profile: str | None, house: Path | None) -> CheckResult:
    name = relative(path)
    try:
        scenario = load_scenario(path)
    except FloormanError as error:
        return CheckResult(name, NOT_LOADED, False, [str(error)], {}, {}, error=str(error))
    try:
        chosen, options = rules_for(scenario, floor.rulebook, profile=profile, house=house)
        report = floor.rule(scenario.situation(chosen, options))
    except FloormanError as error:
        error = locate_replay_error(error, scenario)
        return CheckResult(scenario.path, scenario.title, False, [str(error)], scenario.expected_json(), {},
                           near_misses=scenario.near_misses, error=str(error))
    return compare(scenario, report, floor.rulebook)


def run_checks(paths: list[Path], *, profile: str | None = None, floor: Any = None,
               house: Path | None = None) -> list[CheckResult]:
    """Rule on every scenario under `paths` and compare with its expectation; one result per file.

    A path holding no scenario file raises NothingToCheck; every other problem is a failed result.
    """
    from floorman.engine.floor import Floor

    files = scenario_files(paths)
    floor = floor or Floor()
    return [check_scenario(path, floor, profile=profile, house=house) for path in files]
