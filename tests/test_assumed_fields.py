"""No silent default decides a ruling (issue 15 item 2).

Every incident field a firing rule tests that the user did not give is said back: in the panel
("Assumed: into the muck (say `released` or `touching-muck` otherwise)", first when the answer
turns on it) and in `--json` (`assumed: {field: value}`); `assumed_fields(report)` gives the same
to `floorman ask`. Defaults are read as a floor person reads the words: "mucks" is into the muck.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

from floorman.cli.ruling_view import ruling_panel
from floorman.engine.assumed import assumed_fields, inputs_tested_by
from floorman.engine.facts import Situation
from floorman.model.incidents import INCIDENT_TYPES, _load_families, parse_incident
from floorman.scenarios import find_scenarios, load_scenario, rules_for
from floorman.session import TableSession

ROOT = Path(__file__).resolve().parents[1]


def panel_lines(ruling) -> list[str]:
    console = Console(width=200, record=True, file=io.StringIO(), color_system=None)
    console.print(ruling_panel(ruling))
    body = console.export_text().splitlines()[1:-1]              # inside the border: title and rule id off
    lines = [re.sub(r"^│\s?|\s*│$", "", line).strip() for line in body]
    return [line for line in lines if line]


def table(floor, setup: str, lines: list[str]):
    session = TableSession(floor=floor, recorder=lambda *args: (None, None))
    assert session.start(setup).ok
    outcomes = [session.enter(line) for line in lines]
    assert all(o.ok for o in outcomes), [o.error for o in outcomes if not o.ok]
    return [shown.ruling for shown in outcomes[-1].rulings]


RIVER = ["s5 call", "s2 check", "checked to river", "river 9c", "s2 bet 1000", "s5 call"]


def test_repro_s2_mucks_alone_is_into_the_muck_and_the_panel_leads_with_the_assumption(floor):
    """`s2 mucks` alone meant "released, identifiable" and ruled the hand live; a floor person
    hears "into the muck". Where the notation leaves `where` out, the panel says so first."""
    [ruling] = table(floor, "nl 100/200 tournament seats 2:10000 5:10000 button 5", [*RIVER, "s2 mucks"])
    assert (ruling.rule_id, ruling.decision) == ("SD-MUCKED-HAND-DEAD", "dead-hand")
    if ruling.assumed:                 # the notation left `where` out: the model's default, said back
        assert ruling.assumed == {"where": "in-muck"} and ruling.assumed_leads
        lines = panel_lines(ruling)
        assert lines[1] == "Assumed: into the muck (say `released` or `touching-muck` otherwise)"
        assert ruling.to_json()["assumed"] == {"where": "in-muck"}


def test_a_muck_said_released_assumes_identifiable_and_says_how_to_say_otherwise(floor):
    [ruling] = table(floor, "nl 100/200 tournament seats 2:10000 5:10000 button 5",
                     [*RIVER, "incident muck-at-showdown seat=2 where=released"])
    assert ruling.rule_id == "SD-IDENTIFIABLE-HAND-LIVE"
    assert ruling.assumed == {"identifiable": True} and ruling.assumed_leads
    assert panel_lines(ruling)[1] == "Assumed: identifiable (say `unidentifiable` otherwise)"


def test_repro_dealer_exposes_with_no_card_position_is_not_silently_not_a_misdeal(floor):
    """`dealer exposes s1` was stated "not one of the first two cards: not a misdeal" silently."""
    [ruling] = table(floor, "nl 100/200 tournament 4 seats 10000 button 4", ["dealer exposes s1"])
    assert ruling.rule_id == "DEAL-EXPOSED-CARD-REPLACED-AS-BURN"
    assert ruling.assumed == {"deal_positions": []} and ruling.assumed_leads
    lines = panel_lines(ruling)
    assert lines[1].startswith("Assumed: not one of the first two cards off the deck (say `first`")
    assert lines.index(lines[1]) < next(i for i, line in enumerate(lines) if "not a misdeal" in line)
    # said: nothing assumed, and the first card off the deck is a misdeal
    [said] = table(floor, "nl 100/200 tournament 4 seats 10000 button 4", ["dealer exposes s1 first"])
    assert said.rule_id == "DEAL-MISDEAL-DEALER-EXPOSED" and said.assumed == {}
    assert not any(line.startswith("Assumed:") for line in panel_lines(said))


def test_json_and_assumed_fields_give_the_field_and_value(floor):
    from floorman.model.incidents.showdown import MuckAtShowdown

    scenario = load_scenario(ROOT / "scenarios/showdown/muck-released-still-identifiable.yaml")
    profile, options = rules_for(scenario, floor.rulebook)
    muck = MuckAtShowdown(seat=scenario.incidents[0].seat)          # only the seat given
    report = floor.rule(Situation(scenario.table, scenario.events, [muck], profile, options))
    assert assumed_fields(report) == {"where": "in-muck"}
    assert assumed_fields(report, incident=0) == report.to_json()["rulings"][0]["assumed"]
    # everything given: nothing assumed, and no `assumed` key in the JSON
    given = floor.rule(scenario.situation(profile, options))
    assert assumed_fields(given) == {} and "assumed" not in given.to_json()["rulings"][0]


# ---------------------------------------------------------------------------- every incident type
def _assumable() -> dict[str, list[str]]:
    """Incident type -> its fields with a default that is not the ordinary course."""
    _load_families()
    out = {}
    for name, cls in INCIDENT_TYPES.items():
        fields = [f for f, info in cls.model_fields.items()
                  if not info.is_required() and f != "type" and f not in cls.ordinary]
        if fields:
            out[name] = fields
    return out


def test_the_assumed_line_for_every_incident_type_with_defaults(floor):
    """For every incident type whose defaults a rule tests, a bundled scenario (as written, or with
    a given field left out) is ruled with the field assumed: the value is the incident's own, the
    panel says it (first when the ruling's own rule tested it), the JSON carries it, and a field
    that was given is never assumed."""
    assumable = _assumable()
    tested = set().union(*(inputs_tested_by(rule, floor.rulebook) for rule in floor.rulebook.rules.values()))
    wanted = {name for name, fields in assumable.items() if any(f"{name}.{f}" in tested for f in fields)}
    shown: dict[str, str] = {}
    for path in find_scenarios([ROOT / "scenarios"]):
        scenario = load_scenario(path)
        if len(scenario.incidents) != 1 or scenario.incidents[0].type not in wanted - set(shown):
            continue
        incident = scenario.incidents[0]
        profile, options = rules_for(scenario, floor.rulebook)
        raw = incident.model_dump(exclude_unset=True)
        variants = [incident]
        for name in assumable[incident.type]:
            if name in raw:
                try:
                    variants.append(parse_incident({k: v for k, v in raw.items() if k != name}))
                except ValueError:
                    pass                  # the field is needed with the others given
        for variant in variants:
            try:
                report = floor.rule(Situation(scenario.table, scenario.events, [variant], profile, options))
            except Exception:             # noqa: BLE001 - a stripped field the hand needs
                continue
            for ruling in report.rulings:
                assert not set(ruling.assumed) & variant.given, (path, ruling.rule_id)
                for name, value in ruling.assumed.items():
                    own = getattr(variant, name)
                    assert value == (list(own) if isinstance(own, tuple) else own), (path, name)
                    assert name in assumable[variant.type], (path, name)
                if ruling.assumed:
                    lines = panel_lines(ruling)
                    line = f"Assumed: {ruling.assumed_words}"
                    assert any(line.startswith(text) or text.startswith(line[:60]) for text in lines), (path, lines)
                    if ruling.assumed_leads:
                        assert lines[1].startswith("Assumed: "), (path, lines[:3])
                    assert report.to_json()["rulings"][report.rulings.index(ruling)]["assumed"] == ruling.assumed
                    shown[variant.type] = f"{path.name}: {ruling.rule_id}: {line}"
            if variant.type in shown:
                break
    missing = sorted(wanted - set(shown))
    print(f"\nassumed line shown for {len(shown)} of {len(wanted)} incident types whose defaults a rule tests")
    assert not missing, missing
    assert len(wanted) >= 40
