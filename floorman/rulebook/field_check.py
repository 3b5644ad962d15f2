"""The fact-field check (L010) the loader makes on every rulebook and `floorman rulebook lint`
reports: a rule that names a fact type or field the facts do not have would never fire, silently
(a typo in `when:`), and a room option compared with a value it cannot take would never hold.

It lives in the rulebook core, not with lint (floorman/authoring/), because loading a rulebook
refuses one with any of these problems; the facts' fields come from the engine at call time.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass

from floorman.rulebook.loader import Rulebook
from floorman.rulebook.options import did_you_mean
from floorman.rulebook.schema import Rule


@dataclass(frozen=True)
class Problem:
    """One finding of lint (or of the loader's L010 check): its code, file:line and what is wrong."""

    code: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.code} {self.message}"


def fact_field_problems(book: Rulebook) -> list[Problem]:
    """L010 for every rule of the book (the loader refuses a rulebook with any of them)."""
    from floorman.engine.fact_fields import fact_fields

    fields = fact_fields(book.option_specs, [r.derive.model_dump() for r in book.rules.values() if r.derive])
    return [Problem("L010", f"{book.path_of(rule.id)}:{line or book.lines.get(rule.id, 1)}", f"{rule.id} {message}")
            for rule in book.rules.values() for line, message in field_problems(rule, fields, book)]


def field_problems(rule: Rule, fields: Mapping[str, Mapping[str, str]], book: Rulebook) -> list[tuple[int | None, str]]:
    """Fact types and fields the rule names that the facts do not have; option values out of range."""
    from floorman.engine.fact_fields import COMMON_FIELDS

    lines = book.field_lines.get(rule.id, {})
    when_line = lines.get("when")
    types = {p.alias: p.fact for p in rule.when}
    found: list[tuple[int | None, str]] = []

    def unknown(fact: str, name: str, place: str) -> None:
        known = fields.get(fact, {})
        if name in known or name in COMMON_FIELDS:
            return
        found.append((when_line if place.startswith("when") else lines.get(place.split(".")[0]),
                      f"{place}: {fact} facts have no field {name!r}{did_you_mean(name, known)}"))

    for i, pattern in enumerate(rule.when):
        if pattern.fact not in fields:
            found.append((when_line, f"when[{i}].fact: unknown fact type {pattern.fact!r}"
                                     f"{did_you_mean(pattern.fact, fields)}"))
            continue
        for j, condition in enumerate(pattern.where):
            place = f"when[{i}].where[{j}]"
            unknown(pattern.fact, condition.field, place)
            value = condition.value
            if isinstance(value, str) and value.startswith("@") and "." in value:
                alias, name = value[1:].split(".", 1)
                fact = pattern.fact if alias == "self" else types.get(alias)
                if fact is not None and fact in fields:
                    unknown(fact, name, place)
            elif pattern.fact == "profile" and condition.field in book.option_specs:
                spec = book.option_specs[condition.field]
                values = value if condition.op == "in" and isinstance(value, (list, tuple)) else [value]
                for item in values if condition.op in ("==", "!=", "in") else []:
                    problem = spec.refuse(item)
                    if problem:
                        found.append((when_line, f"{place}: option {condition.field}: {problem}"))
    if rule.derive is not None:
        for key, value in rule.derive.model_dump().items():
            if isinstance(value, str) and value.startswith("@") and "." in value:
                alias, name = value[1:].split(".", 1)
                if types.get(alias) in fields:
                    unknown(types[alias], name, f"derive.{key}")
    if rule.ruling is not None:
        in_scope = {**types, "hand": "hand", "profile": "profile"}
        for key, expression in rule.ruling.params.items():
            for alias, name in _reads(expression):
                if in_scope.get(alias) in fields:
                    unknown(in_scope[alias], name, f"ruling.params.{key}")
        for effect in rule.ruling.effect:
            for key, expression in effect.expressions().items():
                for alias, name in _reads(expression):
                    if in_scope.get(alias) in fields:
                        unknown(in_scope[alias], name, f"ruling.effect.{key}")
    return found


def _reads(expression: str) -> list[tuple[str, str]]:
    """The alias.field pairs an expression reads (nothing if it does not parse: L004 says why)."""
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    return [(node.value.id, node.attr) for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)]
