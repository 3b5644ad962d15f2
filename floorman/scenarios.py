"""Scenario files: a situation and the ruling expected for it ("you make the call").

A scenario holds the table, the events that happened, the incidents in dispute, and an
`expect` block: one mapping for the whole hand, or a list with one entry per incident.
`check` rules on each scenario and compares; a check can only pass on what floorman produced.
See docs/scenario-format.md.
"""

from __future__ import annotations

import dataclasses
import difflib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, StrictStr

from floorman.engine.facts import Situation
from floorman.errors import FloormanError, InputFileError, InvalidEvent, NothingToCheck
from floorman.model.events import EVENT_ADAPTER, Event
from floorman.model.incidents import INCIDENT_TYPES, Incident, _load_families, incident_class
from floorman.model.table import Table
from floorman.rulebook.profiles import default_profile
from floorman.ruling import Ruling, RulingReport
from floorman.source import field_path, line_of, load_yaml, relative, translate, validate

# Bounds that keep a hostile or runaway file from hanging a check (docs/scenario-format.md).
MAX_EVENTS = 10_000
MAX_INCIDENTS = 200
MAX_PARAMS = 1_000
MAX_LISTED = 1_000        # rules in fires/not_fires, citations, pots, hands


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CitationRef(_Strict):
    source: str
    edition: str
    rule: str | None = None


Seats = tuple[StrictInt, ...]


def _param_value(value: Any) -> int | bool | str:
    if isinstance(value, str) or (isinstance(value, int) and abs(value) < 2**53):
        return value
    raise ValueError("a param is a whole number, true/false or text")


ParamValue = Annotated[Any, AfterValidator(_param_value)]


class PotExpectation(_Strict):
    """One pot at the showdown; only the keys given are checked. Seats are compared as sets."""

    name: StrictStr | None = Field(None, description="'main pot', 'side pot 1', 'uncalled bet returned'")
    amount: StrictInt | None = Field(None, ge=0)
    eligible: Seats | None = None
    winners: Seats | None = None
    winners_high: Seats | None = None
    winners_low: Seats | None = None
    shares: dict[StrictInt, StrictInt] | None = Field(None, description="seat -> chips awarded")
    returned_to: StrictInt | None = Field(None, description="the seat an uncalled bet goes back to")


class Expectation(_Strict):
    """What the floor should rule. Omitted keys are not checked; at least one must be given."""

    rule: str | None = Field(None, description="the rule whose ruling must stand")
    decision: str | None = None
    params: dict[str, ParamValue] = Field(
        default_factory=dict, max_length=MAX_PARAMS, description="only the params listed are compared")
    cites: tuple[CitationRef, ...] = Field((), max_length=MAX_LISTED)
    fires: tuple[str, ...] = Field((), max_length=MAX_LISTED, description="rules that must fire (even if "
                                   "overridden)")
    not_fires: tuple[str, ...] = Field((), max_length=MAX_LISTED, description="near-miss: rules that must "
                                       "not fire at all")
    no_ruling: bool | None = Field(None, description="true: the floor has nothing to rule; false: some "
                                                     "ruling must be made")
    pots: tuple[PotExpectation, ...] = Field((), max_length=MAX_LISTED, description="pots in order (main "
                                             "first)")
    hands: dict[StrictInt, str] = Field(default_factory=dict, max_length=MAX_LISTED,
                                        description="seat -> the hand's name at showdown")
    hand_void: bool | None = Field(None, description="true: the hand is void (one entry per incident: this "
                                                     "incident gets no ruling because an earlier ruling voided "
                                                     "the hand); false: it is not")

    @property
    def empty(self) -> bool:
        return not self.model_dump(exclude_defaults=True)

    @property
    def needs_ruling(self) -> bool:
        """A rule, decision, params, citations, pots or hands only count if a ruling was made
        (unless the scenario says outright that no ruling is expected)."""
        named = self.rule or self.decision or self.params or self.cites or self.pots or self.hands
        return bool(named) and self.no_ruling is not True


class ScenarioHeader(_Strict):
    title: str
    question: str = ""
    source: str | None = Field(None, description="where the example comes from (seed file and section, "
                                                  "TDA addendum example)")
    notes: str | None = Field(None, description="anything worth knowing, e.g. an error in the seed")
    profile: str = Field("tda-2026", description="the profile to rule under; when absent, the table's format "
                         "decides: cash for a cash game, tda-2026 for a tournament")
    house: str | None = Field(None, description="a house file, relative to the scenario file")
    tags: tuple[str, ...] = ()


@dataclass
class Scenario:
    path: str
    header: ScenarioHeader
    table: Table
    events: list[Event]
    incidents: list[Incident]
    expects: tuple[Expectation, ...]   # one for the hand, or one per incident
    document: Any
    per_incident: bool = False
    source_path: Path | None = None    # the file as given, to find a `house:` next to it

    @property
    def title(self) -> str:
        return self.header.title

    @property
    def expect(self) -> Expectation:
        """The expectation for the hand, or the first incident's (an empty one if none)."""
        return self.expects[0] if self.expects else Expectation()

    @property
    def near_misses(self) -> list[str]:
        """Every rule some expectation says must not fire."""
        return [rule_id for expect in self.expects for rule_id in expect.not_fires]

    def expected_json(self) -> dict[str, Any]:
        if self.per_incident:
            return {"incidents": [e.model_dump(exclude_defaults=True) for e in self.expects]}
        return self.expect.model_dump(exclude_defaults=True)

    def house_path(self) -> Path | None:
        if self.header.house is None:
            return None
        base = (self.source_path or Path(self.path)).parent
        return base / self.header.house

    def situation(self, profile: str | None, options: dict[str, Any]) -> Situation:
        return Situation(self.table, self.events, self.incidents, profile or self.header.profile, options)


_SECTIONS = ("title", "question", "source", "notes", "profile", "house", "tags", "table", "events", "incidents",
             "expect")
_HEADER = ("title", "question", "source", "notes", "profile", "house", "tags")


def load_scenario(path: Path | str) -> Scenario:
    """Read and check a scenario file; every error names the file, line and field."""
    path = Path(path)
    return scenario_of(load_yaml(path), relative(path), path)


def scenario_of(document: Any, name: str, path: Path | None = None) -> Scenario:
    """A scenario from its loaded document (a file's, or a JSON request's); errors name `name`."""
    if not isinstance(document, dict):
        raise InputFileError("a scenario file is a mapping with title, table, events, incidents, expect",
                             file=name, line=getattr(document, "line", None) or 1)
    for key in document:
        if key not in _SECTIONS:
            close = difflib.get_close_matches(str(key), _SECTIONS, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise InputFileError(f"unknown section {key!r}{hint}", expected="one of " + ", ".join(_SECTIONS),
                                 file=name, line=line_of(document, (key,)), field=str(key))
    header = validate(ScenarioHeader, {k: document[k] for k in _HEADER if k in document},
                      filename=name, document=document)
    if "table" not in document:
        raise InputFileError("missing section", file=name, line=1, field="table")
    table = validate(Table, document["table"], filename=name, document=document, prefix=("table",))
    if "profile" not in document:        # no profile named: the table's format decides (cash -> cash)
        header = header.model_copy(update={"profile": default_profile(table.format)})
    events: list[Event] = []
    for index, raw in enumerate(_section_list(document, "events", name, MAX_EVENTS)):
        try:
            events.append(EVENT_ADAPTER.validate_python(raw))
        except Exception as error:  # pydantic ValidationError
            raise _located(error, name, document, ("events", index)) from None
    incidents: list[Incident] = []
    for index, raw in enumerate(_section_list(document, "incidents", name, MAX_INCIDENTS)):
        kind = raw.get("type") if isinstance(raw, dict) else None
        cls = incident_class(kind) if isinstance(kind, str) else None
        if cls is None:
            _load_families()
            known = ", ".join(sorted(INCIDENT_TYPES))
            close = difflib.get_close_matches(kind, INCIDENT_TYPES, n=1) if isinstance(kind, str) else []
            hint = f"; did you mean {close[0]!r}?" if close else ""
            where = ("incidents", index, "type") if isinstance(raw, dict) else ("incidents", index)
            raise InputFileError(f"unknown incident type {kind!r}{hint}", file=name, field=field_path(where),
                                 line=line_of(document, where), expected=known)
        incidents.append(validate(cls, raw, filename=name, document=document, prefix=("incidents", index)))
    expects, per_incident = _expectations(document, name, len(incidents))
    return Scenario(name, header, table, events, incidents, expects, document, per_incident, path)


def _section_list(document: Any, key: str, name: str, limit: int) -> list[Any]:
    raw = document.get(key)
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise InputFileError(f"{key} is a list (one `- ...` line each), not {_kind(raw)}", file=name,
                             line=line_of(document, (key,)), field=key)
    if len(raw) > limit:
        raise InputFileError(f"{len(raw):,} {key}: a scenario holds at most {limit:,}", file=name,
                             line=line_of(document, (key,)), field=key)
    return raw


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _expectations(document: Any, name: str, incidents: int) -> tuple[tuple[Expectation, ...], bool]:
    """`expect:` as one mapping (the hand) or a list (entry i for incident i)."""
    raw = document.get("expect")
    if raw is None:
        return (), False
    if isinstance(raw, list):
        if len(raw) != incidents:
            raise InputFileError(f"a list gives one expect per incident: {len(raw)} given for "
                                 f"{incidents} incident{'s' if incidents != 1 else ''}",
                                 file=name, line=line_of(document, ("expect",)), field="expect")
        expects = []
        for index, entry in enumerate(raw):
            if not isinstance(entry, dict):
                raise InputFileError(f"each expect is a mapping, not {_kind(entry)}", file=name,
                                     line=line_of(document, ("expect", index)), field=f"expect[{index}]")
            expects.append(validate(Expectation, entry, filename=name, document=document,
                                    prefix=("expect", index)))
        return tuple(expects), True
    if not isinstance(raw, dict):
        raise InputFileError(f"expect is a mapping (or a list, one per incident), not {_kind(raw)}", file=name,
                             line=line_of(document, ("expect",)), field="expect")
    return (validate(Expectation, raw, filename=name, document=document, prefix=("expect",)),), False


def _located(error: Exception, name: str, document: Any, prefix: tuple) -> FloormanError:
    from pydantic import ValidationError

    if isinstance(error, ValidationError):
        return translate(error, filename=name, document=document, prefix=prefix, model=Event)
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
        parts.extend(int(i) for i in indexes if i.isdigit())
    return tuple(parts)


# ----------------------------------------------------------------------------- profile and house

def rules_for(scenario: Scenario, rulebook: Any, *, profile: str | None = None,
              house: Path | None = None) -> tuple[str, dict[str, Any]]:
    """The profile and room options a scenario is ruled under.

    A house file (`--house`, else the scenario's `house:`) gives the profile it extends and its
    options over that profile's; `--profile` overrides the profile. Errors name the scenario's
    `profile:` or `house:` line when that is where the name came from."""
    from_file = house is None and scenario.header.house is not None
    house_rules = None
    if house is not None or from_file:
        from floorman.rulebook.house import load_house

        path = house if house is not None else scenario.house_path()
        if from_file and not path.is_file():
            raise InputFileError(f"no house file at {relative(path)} (a house: path is relative to the scenario)",
                                 file=scenario.path, line=line_of(scenario.document, ("house",)), field="house")
        try:
            house_rules = load_house(path, rulebook)
        except FloormanError as error:
            if from_file and error.file is None:
                raise error.located(file=scenario.path, line=line_of(scenario.document, ("house",)),
                                    field="house") from None
            raise
        if from_file and "profile" in scenario.document and scenario.header.profile != house_rules.extends \
                and profile is None:
            raise InputFileError(f"the scenario says profile {scenario.header.profile!r}, but its house file "
                                 f"extends {house_rules.extends!r}", file=scenario.path,
                                 line=line_of(scenario.document, ("profile",)), field="profile")
    chosen = profile or (house_rules.extends if house_rules else scenario.header.profile)
    if house_rules is not None and house_rules.extends != chosen:
        house_rules = dataclasses.replace(house_rules, extends=chosen)   # --profile overrides
    try:
        options = rulebook.options(chosen, house=house_rules) if house_rules else rulebook.options(chosen)
    except FloormanError as error:
        if profile is None and house_rules is None and error.file is None:
            # the name came from the scenario's `profile:` line
            error.file = scenario.path
            error.line = line_of(scenario.document, ("profile",)) or 1
            error.field = "profile"
        raise
    return chosen, options


# ----------------------------------------------------------------------------- checking

HOUSE_FOLDER = "house"     # a folder of this name holds house files, not scenarios


def find_scenarios(paths: list[Path]) -> list[Path]:
    """Scenario files under the given files and folders (folders searched recursively, except
    folders named `house`, which hold house-rules files)."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(file for file in path.rglob("*.yaml")
                                if HOUSE_FOLDER not in file.relative_to(path).parts[:-1]))
        elif path.exists():
            found.append(path)
        else:
            raise NothingToCheck("no such file or folder", file=str(path))
    return found


def scenario_files(paths: list[Path]) -> list[Path]:
    """Like find_scenarios, but a path that holds no scenario file is an error: a check of an
    empty or mistyped folder must not pass."""
    found: list[Path] = []
    for path in paths:
        here = find_scenarios([path])
        if not here:
            raise NothingToCheck("no scenario files (*.yaml) here", file=str(path))
        found.extend(here)
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
