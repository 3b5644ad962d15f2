"""`POST /api/rule`: a scenario given as JSON (the scenario file's format, docs/scenario-format.md)
ruled as `floorman rule --json` rules a file, with no Starlette in it.

A request never names a file on the server: `house:` is a house file's content inline
(`{extends: cash, options: {...}}`) or a profile name; a path is refused. The rulebook is the
server's. Nothing is recorded in the ruling journal: the API is a look-up for tournament
software, and the server never touches the floor's journal.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from floorman.errors import FloormanError, InputFileError

REQUEST = "request"          # what errors call the body, where the CLI names the scenario file


@dataclass(frozen=True)
class Answered:
    status: int
    document: dict[str, Any]


def refusal(status: int, error: FloormanError | str) -> Answered:
    """An error as the API answers it: `error` is the line the CLI prints after `Error: `."""
    if isinstance(error, str):
        return Answered(status, {"error": error})
    where = {k: v for k, v in (("file", error.file), ("line", error.line), ("field", error.field),
                               ("expected", error.expected)) if v is not None}
    return Answered(status, {"error": str(error), **where})


def parse_body(body: bytes) -> Any:
    """The JSON document, or InputFileError saying where it is not JSON."""
    try:
        return json.loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputFileError("the body is not UTF-8 text", file=REQUEST) from None
    except json.JSONDecodeError as error:
        raise InputFileError(f"not valid JSON: {error.msg} (column {error.colno})", file=REQUEST,
                             line=error.lineno) from None
    except RecursionError:
        raise InputFileError("not valid JSON: nested too deep", file=REQUEST) from None


def _house(house: Any, rulebook: Any) -> Any:
    """The request's `house:` as HouseRules: inline, or a profile's name (no options of its own)."""
    from floorman.rulebook.house import HouseRules, house_of

    if isinstance(house, dict):
        return house_of(house, f"{REQUEST}.house", rulebook)
    if isinstance(house, str) and house in rulebook.profiles:
        return HouseRules(path=REQUEST, extends=house)
    raise InputFileError("a request names no file on the server: give the house inline or as a profile name",
                         file=REQUEST, field="house",
                         expected="{extends: PROFILE, options: {...}} or one of " + ", ".join(sorted(rulebook.profiles)))


def rule(body: bytes, floor: Any) -> Answered:
    """Rule on the scenario in `body` (JSON): 200 and the ruling as `floorman rule --json` prints
    it, or 4xx and the CLI's error message."""
    from floorman.scenarios import locate_replay_error, rules_for, scenario_of

    try:
        document = parse_body(body)
    except FloormanError as error:
        return refusal(400, error)
    try:
        if not isinstance(document, dict):
            raise InputFileError("a scenario is a JSON object with title, table, events, incidents", file=REQUEST)
        house = None
        if "house" in document:
            document = dict(document)
            house = _house(document.pop("house"), floor.rulebook)
        scenario = scenario_of(document, REQUEST)
        if house is None:
            chosen, options = rules_for(scenario, floor.rulebook)
        else:
            chosen = house.extends
            if "profile" in document and scenario.header.profile != chosen:
                raise InputFileError(f"the scenario says profile {scenario.header.profile!r}, but its house "
                                     f"extends {chosen!r}", file=REQUEST, field="profile")
            options = floor.rulebook.options(chosen, house=house)
        situation = scenario.situation(chosen, options)
        try:
            report = floor.rule(situation)
        except FloormanError as error:
            raise locate_replay_error(error, scenario) from None
    except FloormanError as error:
        return refusal(422, error)
    return Answered(200, {"file": scenario.path, "title": scenario.title, **report.to_json()})
