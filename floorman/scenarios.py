"""Scenario files: a situation and the ruling expected for it ("you make the call").

A scenario holds the table, the events that happened, the incidents in dispute, and an
`expect` block: one mapping for the whole hand, or a list with one entry per incident.
The check runner (floorman/checks/runner.py) rules on each scenario and compares; a check can
only pass on what floorman produced.
See docs/scenario-format.md.
"""

from __future__ import annotations

import dataclasses
import difflib
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
    path = house if house is not None else scenario.house_path()
    from_file = house is None and path is not None      # the scenario's `house:` line named it
    house_rules = None
    if path is not None:
        from floorman.rulebook.house import load_house

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


# ----------------------------------------------------------------------------- finding scenario files

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
