"""Which ruling rules can fire on the same facts and decide them differently (lint L014).

Two ruling rules conflict when, with nothing declared between them, the floor would settle
them by the order of their ids (floorman/engine/floor.py `settle`): they decide the same
subject at the same priority with different decisions, they apply under a common profile, and
some facts satisfy both `when:`s at once. A rule that `overrides` the other, or a pair declared
`compatible_with` (with the reason), is settled on purpose.

Whether both `when:`s can hold is worked out from the conditions alone, without running a
scenario:
* each rule's patterns are grouped by fact type; a pattern on a derived fact is replaced by the
  `when:` of the rules that derive it (one alternative per deriving rule);
* the conditions of both rules on one fact type must hold together: per field, equalities, `in`
  lists, `!=` and integer bounds must leave a value;
* what the fact builders guarantee between fields (floorman/engine/fact_relations.py, checked
  by the tests on every fact the scenarios and random spots produce) is added first: a rule
  testing `facing_bet == true` also has `no_bet_yet == false`.
A comparison with a field of the profile or the hand (one of each per run) bounds the difference
between the two fields; conditions that compare two fields of incident facts
(`'@self.call_amount'`) are not decided and count as satisfiable, so the check never misses a
conflict it cannot rule out.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from floorman.engine.fact_relations import RELATIONS, Relation
from floorman.rulebook.loader import Rulebook
from floorman.rulebook.schema import Condition, Rule

#: facts every incident's run has once; the incident facts decide whether two rulings meet
_SHARED = ("profile", "hand", "derived")
_UNBOUNDED = 10 ** 18

Conditions = dict[str, list[Condition]]     # fact type -> conditions on one fact of that type


@dataclass(frozen=True)
class Conflict:
    first: Rule
    second: Rule

    @property
    def message(self) -> str:
        a, b = self.first, self.second
        return (f"{a.id} ({a.ruling.decision}) and {b.id} ({b.ruling.decision}) can both rule on one "  # type: ignore[union-attr]
                f"{'/'.join(incident_types(a)) or 'hand'} at priority {a.priority} on subject {a.subject!r}: "
                f"declare which wins (`overrides`) or that they agree (`compatible_with`, with the reason)")


def rule_conflicts(book: Rulebook, relations: Mapping[str, Sequence[Relation]] = RELATIONS) -> list[Conflict]:
    """Every pair of ruling rules that can fire on the same facts at the same priority with
    different decisions and nothing declared between them, in id order."""
    derivers: dict[str, list[Rule]] = defaultdict(list)
    for rule in book.rules.values():
        if rule.derive is not None:
            derivers[rule.derive.name].append(rule)
    rulings = sorted((r for r in book.rules.values() if r.ruling is not None), key=lambda r: r.id)
    groups: dict[tuple, list[Rule]] = defaultdict(list)
    for rule in rulings:
        groups[(rule.subject, rule.priority, incident_types(rule))].append(rule)
    alternatives: dict[str, list[Conditions]] = {}
    found: list[Conflict] = []
    for group in groups.values():
        for a, b in itertools.combinations(group, 2):
            if not _undeclared(a, b) or not _profiles_meet(a, b):
                continue
            for rule in (a, b):
                if rule.id not in alternatives:
                    alternatives[rule.id] = _expand(rule, derivers)
            if any(_satisfiable(_merge(x, y), relations)
                   for x in alternatives[a.id] for y in alternatives[b.id]):
                found.append(Conflict(a, b))
    return found


def incident_types(rule: Rule) -> tuple[str, ...]:
    """The incident fact types a rule matches: two rulings meet only on the same incident facts."""
    return tuple(sorted({p.fact for p in rule.when} - set(_SHARED)))


def _undeclared(a: Rule, b: Rule) -> bool:
    """Different decisions, and neither an override nor a declared agreement between them."""
    assert a.ruling is not None and b.ruling is not None
    if a.ruling.decision == b.ruling.decision:
        return False
    return not ({b.id} & (set(a.overrides) | set(a.compatible_with))
                or {a.id} & (set(b.overrides) | set(b.compatible_with)))


def _profiles_meet(a: Rule, b: Rule) -> bool:
    return "all" in a.profiles or "all" in b.profiles or bool(set(a.profiles) & set(b.profiles))


def _expand(rule: Rule, derivers: Mapping[str, list[Rule]], depth: int = 0) -> list[Conditions]:
    """The rule's conditions by fact type, one set per way its derived facts can come about."""
    alternatives: list[Conditions] = [{}]
    facts_of = {p.alias: p.fact for p in rule.when}
    for pattern in rule.when:
        conditions = [c for c in (_relative(c, facts_of) for c in pattern.where) if c is not None]
        if pattern.fact != "derived":
            alternatives = [_merge(a, {pattern.fact: conditions}) for a in alternatives]
            continue
        name = next((c.value for c in pattern.where if c.field == "name" and c.op == "=="), None)
        sources = derivers.get(str(name), []) if depth < 8 else []
        if not sources:
            continue           # a derived fact no rule derives: nothing to add (L006 finds it)
        ways = [way for source in sources for way in _expand(source, derivers, depth + 1)]
        alternatives = [_merge(a, way) for a in alternatives for way in ways]
    return alternatives


def _is_reference(value: Any) -> bool:
    return isinstance(value, str) and value.startswith("@")


def _relative(condition: Condition, facts_of: Mapping[str, str]) -> Condition | None:
    """A condition as the bounds it puts on a field: as written, or, for a comparison with a
    field of a fact every run has once (`'@p.raise_standard_percent'` on the profile), as a
    bound on the difference between the two (`raise_percent - profile.raise_standard_percent`
    compared with 0), so that `< '@p.x'` and `>= '@p.x'` are seen to exclude each other whatever
    alias each rule gives the profile. Comparisons with other facts' fields: None (undecided)."""
    if not _is_reference(condition.value):
        return condition
    alias, _, field = str(condition.value)[1:].partition(".")
    fact = facts_of.get(alias)
    if fact not in ("profile", "hand") or not field or condition.op not in ("==", "!=", "<", "<=", ">", ">="):
        return None
    return condition.model_copy(update={"field": f"{condition.field} - {fact}.{field}", "value": 0})


def _merge(a: Conditions, b: Conditions) -> Conditions:
    merged = {fact: list(conditions) for fact, conditions in a.items()}
    for fact, conditions in b.items():
        merged.setdefault(fact, []).extend(conditions)
    return merged


def _satisfiable(conditions: Conditions, relations: Mapping[str, Sequence[Relation]]) -> bool:
    return all(_fields_hold(_closed(fact, found, relations.get(fact, ())))
               for fact, found in conditions.items())


def _closed(fact: str, conditions: list[Condition], relations: Sequence[Relation]) -> list[Condition]:
    """The conditions with what the builders guarantee from them, to a fixed point."""
    closed = list(conditions)
    applied: set[int] = set()
    changed = True
    while changed:
        changed = False
        for index, relation in enumerate(relations):
            if index not in applied and relation.applies(closed):
                applied.add(index)
                closed.extend(relation.then)
                changed = True
    return closed


def _fields_hold(conditions: list[Condition]) -> bool:
    """Some value of each field meets every condition on it."""
    by_field: dict[str, list[Condition]] = defaultdict(list)
    for condition in conditions:
        by_field[condition.field].append(condition)
    return all(_one_field(found) for found in by_field.values())


def _key(value: Any) -> tuple[str, Any]:
    return (type(value).__name__, value)     # True and 1 are different values here


def _one_field(conditions: list[Condition]) -> bool:
    if any(c.op == "absent" for c in conditions):
        return all(c.op == "absent" for c in conditions)
    allowed: set | None = None
    for condition in conditions:
        if condition.op == "==":
            values = {_key(condition.value)}
        elif condition.op == "in":
            values = {_key(v) for v in condition.value}
        else:
            continue
        allowed = values if allowed is None else allowed & values
    excluded = {_key(c.value) for c in conditions if c.op == "!="}
    low, high = -_UNBOUNDED, _UNBOUNDED
    for condition in conditions:
        value = condition.value
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        if condition.op == ">":
            low = max(low, value + 1)
        elif condition.op == ">=":
            low = max(low, value)
        elif condition.op == "<":
            high = min(high, value - 1)
        elif condition.op == "<=":
            high = min(high, value)
    if low > high:
        return False
    if allowed is None:
        return True
    left = allowed - excluded
    return any(not (kind == "int" and not low <= value <= high) for kind, value in left)
