"""Scenario files: a situation and the ruling expected for it ("you make the call").

A scenario holds the table, the events that happened, the incident in dispute, and an
`expect` block. `check` rules on each scenario and compares. See docs/scenario-format.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from floorman.engine.facts import Situation
from floorman.errors import FloormanError, InputFileError, InvalidEvent
from floorman.model.events import EVENT_ADAPTER, Event
from floorman.model.incidents import INCIDENT_TYPES, Incident, _load_families, incident_class
from floorman.model.table import Table
from floorman.ruling import RulingReport
from floorman.source import field_path, line_of, load_yaml, relative, translate, validate


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CitationRef(_Strict):
    source: str
    edition: str
    rule: str | None = None


class Expectation(_Strict):
    """What the floor should rule. Omitted keys are not checked."""

    rule: str | None = Field(None, description="the rule whose ruling must stand")
    decision: str | None = None
    params: dict[str, int | str | bool] = Field(default_factory=dict)
    cites: tuple[CitationRef, ...] = ()
    fires: tuple[str, ...] = Field((), description="rules that must fire (even if overridden)")
    not_fires: tuple[str, ...] = Field((), description="near-miss: rules that must not fire at all")
    no_ruling: bool = Field(False, description="the floor has nothing to rule")
    pots: tuple[dict[str, Any], ...] = Field((), description="pots in order (main first); each checks "
                                             "only the keys given: amount, eligible, winners, shares")
    hands: dict[int, str] = Field(default_factory=dict, description="seat -> the hand's name at showdown")


class ScenarioHeader(_Strict):
    title: str
    question: str = ""
    source: str | None = Field(None, description="where the example comes from (seed file and section, "
                                                  "TDA addendum example)")
    notes: str | None = Field(None, description="anything worth knowing, e.g. an error in the seed")
    profile: str = "tda-2026"
    tags: tuple[str, ...] = ()


@dataclass
class Scenario:
    path: str
    header: ScenarioHeader
    table: Table
    events: list[Event]
    incidents: list[Incident]
    expect: Expectation
    document: Any

    @property
    def title(self) -> str:
        return self.header.title

    def situation(self, profile: str | None, options: dict[str, Any]) -> Situation:
        return Situation(self.table, self.events, self.incidents, profile or self.header.profile, options)


_SECTIONS = ("title", "question", "source", "notes", "profile", "tags", "table", "events", "incidents", "expect")


def load_scenario(path: Path | str) -> Scenario:
    """Read and check a scenario file; every error names the file, line and field."""
    path = Path(path)
    name = relative(path)
    document = load_yaml(path)
    if not isinstance(document, dict):
        raise InputFileError("a scenario file is a mapping with title, table, events, incidents, expect",
                             file=name, line=1)
    for key in document:
        if key not in _SECTIONS:
            raise InputFileError(f"unknown section {key!r} (expected one of: {', '.join(_SECTIONS)})",
                                 file=name, line=line_of(document, (key,)), field=str(key))
    header = validate(ScenarioHeader, {k: document[k] for k in ("title", "question", "source", "notes",
                                                                 "profile", "tags") if k in document},
                      filename=name, document=document)
    if "table" not in document:
        raise InputFileError("missing section", file=name, line=1, field="table")
    table = validate(Table, document["table"], filename=name, document=document, prefix=("table",))
    events: list[Event] = []
    for index, raw in enumerate(document.get("events") or []):
        try:
            events.append(EVENT_ADAPTER.validate_python(raw))
        except Exception as error:  # pydantic ValidationError
            raise _located(error, name, document, ("events", index)) from None
    incidents: list[Incident] = []
    for index, raw in enumerate(document.get("incidents") or []):
        kind = raw.get("type") if isinstance(raw, dict) else None
        cls = incident_class(kind) if isinstance(kind, str) else None
        if cls is None:
            _load_families()
            known = ", ".join(sorted(INCIDENT_TYPES))
            raise InputFileError(f"unknown incident type {kind!r}", file=name, field=f"incidents[{index}].type",
                                 line=line_of(document, ("incidents", index, "type")), expected=known)
        incidents.append(validate(cls, raw, filename=name, document=document, prefix=("incidents", index)))
    expect = validate(Expectation, document.get("expect") or {}, filename=name, document=document,
                      prefix=("expect",))
    return Scenario(name, header, table, events, incidents, expect, document)


def _located(error: Exception, name: str, document: Any, prefix: tuple) -> FloormanError:
    from pydantic import ValidationError

    if isinstance(error, ValidationError):
        return translate(error, filename=name, document=document, prefix=prefix)
    return InputFileError(str(error), file=name, line=line_of(document, prefix), field=field_path(prefix))


def locate_replay_error(error: FloormanError, scenario: Scenario) -> FloormanError:
    """Point a replay or fact error at the event or incident in the scenario file."""
    if isinstance(error, InvalidEvent) and error.event_index is not None and error.file is None:
        location: tuple = ("events", error.event_index)
        if error.field and "[" not in error.field:
            location += (error.field,)
            error.field = None
        return error.located(file=scenario.path, line=line_of(scenario.document, location),
                             field=field_path(location))
    if error.file is None:
        location = _parse_field(error.field) if error.field else ()
        error.file = scenario.path
        error.line = line_of(scenario.document, location) if location else None
    return error


def _parse_field(text: str) -> tuple:
    parts: list[Any] = []
    for piece in text.replace("]", "").split("."):
        name, *indexes = piece.split("[")
        if name:
            parts.append(name)
        parts.extend(int(i) for i in indexes)
    return tuple(parts)


def find_scenarios(paths: list[Path]) -> list[Path]:
    """Scenario files under the given files and folders (folders searched recursively)."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(path.rglob("*.yaml")))
        elif path.exists():
            found.append(path)
        else:
            raise InputFileError("no such file or folder", file=str(path))
    return found


@dataclass
class CheckResult:
    path: str
    title: str
    passed: bool
    problems: list[str]
    expected: dict[str, Any]
    actual: dict[str, Any]
    report: RulingReport | None = None

    def to_json(self) -> dict[str, Any]:
        return {"file": self.path, "title": self.title, "passed": self.passed, "problems": self.problems,
                "expected": self.expected, "actual": self.actual}


def compare(scenario: Scenario, report: RulingReport) -> CheckResult:
    """Compare a report with the scenario's expectation; list each mismatch in words."""
    expect = scenario.expect
    problems: list[str] = []
    main = report.ruling_for(expect.rule) if expect.rule else (report.rulings[0] if report.rulings else None)
    if expect.no_ruling and report.rulings:  # e.g. a plain showdown: only the pots are checked
        problems.append(f"expected no ruling, got {', '.join(r.rule_id for r in report.rulings)}")
    if expect.rule and main is None:
        fired = report.fired_rule_ids
        why = "it fired but was overridden" if expect.rule in fired else "it did not fire"
        problems.append(f"expected a ruling by {expect.rule}; {why}")
    if main is not None:
        if expect.decision and main.decision != expect.decision:
            problems.append(f"decision: expected {expect.decision}, got {main.decision}")
        for key, value in expect.params.items():
            if main.params.get(key) != value:
                problems.append(f"{key}: expected {value!r}, got {main.params.get(key, 'nothing')!r}")
        labels = {(c.source, c.edition, c.rule) for c in main.citations}
        for cite in expect.cites:
            if (cite.source, cite.edition, cite.rule) not in labels:
                problems.append(f"citation missing: {cite.source} {cite.edition} {cite.rule or ''}".rstrip())
    for index, wanted in enumerate(expect.pots):
        got = report.pots[index] if index < len(report.pots) else None
        if got is None:
            problems.append(f"pot {index}: expected {wanted}, but there are only {len(report.pots)} pots")
            continue
        for key, value in wanted.items():
            have = got.get(key)
            if key == "shares":
                value = {str(seat): chips for seat, chips in value.items()}
            if have != value:
                problems.append(f"{got.get('name', f'pot {index}')} {key}: expected {value!r}, got {have!r}")
    for seat, name in expect.hands.items():
        hand = report.hands.get(seat, {})
        have = hand.get("name") or hand.get("low_name")   # razz and 2-7 hands have only a low
        if have != name:
            problems.append(f"seat {seat} hand: expected {name!r}, got {have!r}")
    fired = set(report.fired_rule_ids)
    for rule_id in expect.fires:
        if rule_id not in fired:
            problems.append(f"expected {rule_id} to fire")
    for rule_id in expect.not_fires:
        if rule_id in fired:
            problems.append(f"near-miss: {rule_id} must not fire, but it did")
    expected = expect.model_dump(exclude_defaults=True)
    actual: dict[str, Any] = {"rulings": [r.to_json() for r in report.rulings], "fired": sorted(fired)}
    if main is not None:
        actual.update({"rule": main.rule_id, "decision": main.decision, "params": main.params})
    return CheckResult(scenario.path, scenario.title, not problems, problems, expected, actual, report)


def run_checks(paths: list[Path], *, profile: str | None = None, floor: Any = None) -> list[CheckResult]:
    """Rule on every scenario under `paths` and compare with its expectation.

    A scenario whose events or incident cannot happen fails with the error as its problem.
    """
    from floorman.engine.floor import Floor

    floor = floor or Floor()
    results: list[CheckResult] = []
    for path in find_scenarios(paths):
        scenario = load_scenario(path)
        chosen = profile or scenario.header.profile
        try:
            report = floor.rule(scenario.situation(chosen, floor.situation_options(chosen)))
        except FloormanError as error:
            error = locate_replay_error(error, scenario)
            results.append(CheckResult(scenario.path, scenario.title, False, [str(error)],
                                       scenario.expect.model_dump(exclude_defaults=True), {}))
            continue
        results.append(compare(scenario, report))
    return results
