"""No silent default decides a ruling (issue 15 item 2): the incident fields a ruling rests on
that nobody gave, said back to the floor.

A rule tests fact fields (`when:`); `rulebook/questions.yaml` (`fields:`) says which incident
fields each fact field is computed from. So for an incident ruled, the fields the firing rules
tested (the rulings, the rules they overrode and the derivations) are known; those the user left
out (pydantic's `model_fields_set`) took their default, and a ruling resting on one says so:

    Assumed: into the muck (say `released` or `touching-muck` otherwise)

Not said back: an incident's `ordinary` fields (the ordinary course of play: nothing said, one
motion) and the fields `settled` by what was given (cards in the muck are not identifiable). The
ruling leads with the assumption when its own rule, or a derivation it stands on, tested the
field: the answer turns on it.

`assumed_fields(report)` gives {field: value} for an incident, so that `floorman ask` can ask for
each one and rule again.
"""

from __future__ import annotations

import typing
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from floorman.model.incidents import Incident
from floorman.ruling import Firing, Ruling, RulingReport

if TYPE_CHECKING:                   # a type only: the rulebook loader imports the engine
    from floorman.rulebook.loader import Rulebook

_NOT_INCIDENT = ("profile", "hand", "derived")     # facts no incident field feeds


@lru_cache(maxsize=8)
def _questions_map(folder: str) -> dict[str, dict[str, tuple[str, ...]]]:
    from floorman.consult.questions import load_questions

    return load_questions(folder).fields


def _fields_map(rulebook: Rulebook) -> dict[str, dict[str, tuple[str, ...]]]:
    """questions.yaml's fact -> field -> inputs: as the loader read it with the rulebook (cached
    with it), else read now from the rulebook's folder (a Rulebook built in Python)."""
    if rulebook.fact_inputs is not None:
        return rulebook.fact_inputs
    return _questions_map(str(rulebook.folder))


def inputs_tested_by(rule: Any, rulebook: Any) -> frozenset[str]:
    """The incident inputs (`<incident-type>.<field>`) a rule's `when:` tests, through the fact
    fields they feed; a value read from another field ('@self.call_amount') is tested too."""
    fields = _fields_map(rulebook)
    inputs: set[str] = set()
    for pattern in rule.when:
        if pattern.fact in _NOT_INCIDENT:
            continue
        for condition in pattern.where:
            names = [condition.field]
            if isinstance(condition.value, str) and condition.value.startswith("@self."):
                names.append(condition.value[len("@self."):])
            for name in names:
                inputs.update(i for i in fields.get(pattern.fact, {}).get(name, ()) if "." in i)
    return frozenset(inputs)


def assumptions(incident: Incident, inputs: frozenset[str] | set[str]) -> dict[str, Any]:
    """{field: value} of the incident's fields among `inputs` that were left out and took their
    default, leaving out the ordinary and the settled ones; in the order the model declares them."""
    tested = {i.split(".", 1)[1] for i in inputs if i.split(".", 1)[0] == incident.type}
    skipped = incident.given | type(incident).ordinary | incident.settled()
    return {name: _plain(getattr(incident, name)) for name in type(incident).model_fields
            if name in tested and name not in skipped}


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _choices(incident: Incident, name: str) -> list[Any]:
    """The values a field can take, when they can be listed (a choice, a yes/no)."""
    annotation = type(incident).model_fields[name].annotation
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation))
    if annotation is bool or args == [bool]:
        return [True, False]
    return []


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return " ".join(map(str, value)) or "none"
    return str(value)


def value_words(incident: Incident, name: str, value: Any) -> str:
    """A field's value as a floor person says it: 'into the muck', 'not identifiable'."""
    spec = type(incident).assumed_as.get(name)
    key = tuple(value) if isinstance(value, list) else value
    if spec is not None and key in spec.words:
        return spec.words[key]
    label = name.replace("_", " ")
    if isinstance(value, bool):
        return label if value else f"not {label}"
    if isinstance(value, str):
        return value.replace("-", " ")
    if value in ((), [], None, 0):
        return f"no {label}"
    return f"{label} {_value_text(value)}"


def otherwise_words(incident: Incident, name: str, value: Any) -> str:
    """What to say for another value: "`released` or `touching-muck`", "`identifiable=yes`"."""
    spec = type(incident).assumed_as.get(name)
    if spec is not None and spec.otherwise:
        return spec.otherwise
    others = [choice for choice in _choices(incident, name) if choice != value]
    if not others:
        return f"`{name}=...`"
    say = spec.say if spec is not None else {}
    return " or ".join(f"`{say[c]}`" if c in say else f"`{name}={_value_text(c)}`" for c in others)


def assumed_words(incident: Incident, assumed: dict[str, Any]) -> str:
    """"into the muck, not tabled first (say `released` or `touching-muck` / `tabled_first=yes`
    otherwise)": the values, then what to say instead; '' when nothing was assumed."""
    if not assumed:
        return ""
    values = ", ".join(value_words(incident, name, value) for name, value in assumed.items())
    others = " / ".join(otherwise_words(incident, name, value) for name, value in assumed.items())
    return f"{values} (say {others} otherwise)"


def _chain(ruling: Ruling, derivations: dict[str, Firing]) -> set[str]:
    """The rule ids a ruling stands on: its own and the derivations whose facts it matched, down
    the chain."""
    rules, todo = {ruling.rule_id}, list(ruling.matched.values())
    while todo:
        firing = derivations.get(todo.pop())
        if firing is not None and firing.rule_id not in rules:
            rules.add(firing.rule_id)
            todo.extend(firing.matched.values())
    return rules


def with_assumptions(rulings: list[Ruling], firings: list[Firing], incident: Incident, rulebook: Any) -> list[Ruling]:
    """The rulings on one incident, each with the fields assumed there: every field a firing rule
    on the incident tested and nobody gave; it leads when its own chain tested one of them."""
    if not rulings:
        return rulings
    tested = {f.rule_id: inputs_tested_by(rulebook.rules[f.rule_id], rulebook) for f in firings}
    assumed = assumptions(incident, frozenset().union(*tested.values()))
    if not assumed:
        return rulings
    words = assumed_words(incident, assumed)
    derivations = {f.derived: f for f in firings if f.derived}
    out = []
    for ruling in rulings:
        own = assumptions(incident, frozenset().union(*(tested.get(r, frozenset())
                                                        for r in _chain(ruling, derivations))))
        out.append(replace(ruling, assumed=assumed, assumed_words=words, assumed_leads=bool(own)))
    return out


def assumed_fields(report: RulingReport, situation: Any = None, incident: int | None = None) -> dict[str, Any]:
    """{field: value} for the incident's fields the rulings rest on that nobody gave (the last
    incident ruled unless `incident` is given): what `floorman ask` asks for before ruling again.
    `situation` is accepted for the caller's convenience and not needed: the floor records the
    assumptions on each ruling as it rules."""
    if incident is None:
        ruled = [r.incident for r in report.rulings if r.incident is not None]
        if not ruled:
            return {}
        incident = max(ruled)
    merged: dict[str, Any] = {}
    for ruling in report.rulings_on(incident):
        merged.update(ruling.assumed)
    return merged
