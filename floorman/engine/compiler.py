"""Compile the matching part of rulebook rules (`when:` and `derive:`) into durable-rules JSON.

One job: turn rule dicts into the JSON that durable_rules 2.0.28 compiles, adding the guards
and refusing the constructs with which durable gives silently wrong answers. Plain data in,
plain data out: this module never imports durable, so it is testable without the engine.

Trap numbers below ("docs/durable-rules.md §x") refer to that page of the repository;
"trap A..F" are findings made while building the engine (documented in `TRAPS`).

Rule input (already parsed from YAML)::

    id: BET-OVERSIZED-CHIP
    priority: 10                      # lower fires first (durable 'pri'); 0..65535, default 0
    when:                             # 1..16 patterns; each binds one fact by alias
      - {as: a, fact: action, where: [[chip_count, '==', 1], [chips_total, '>', '@self.to_call']]}
      - {as: f, fact: derived, where: [[name, '==', facing_bet], [action_id, '==', '@a.id']]}
    derive: {fact: derived, name: full_raise, seat: '@a.seat'}   # optional

Conditions are ``[field, op, value]`` with op one of ``== != < <= > >= in``, or
``[field, exists]`` / ``[field, absent]``. A value is a literal (int, str, bool), a list of
literals (``in`` only), ``'@alias.field'`` (a pattern earlier in the same rule) or
``'@self.field'`` (the same fact). Arithmetic, ``$or``/``$not``, None and floats are refused.

Semantics the compiled JSON guarantees:
* every field a condition reads must exist on the fact (``$ex`` guards, docs/durable-rules.md §1.3);
* one fact binds at most one alias in one activation (durable's default ``distinct``);
* booleans are compiled to 0/1, because durable treats ``True == 1`` (docs/durable-rules.md §1.3); the
  field-kind table (`FieldKinds`) lets the backend refuse a fact whose field has another
  kind than the rules compare it with, so ``True`` never silently matches ``1``;
* ``in`` becomes a ``$or`` of equalities on one field: the branches are mutually exclusive,
  so durable's once-per-true-branch firing (docs/durable-rules.md §1.5) cannot duplicate an activation.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from floorman.errors import FloormanError

__all__ = [
    "MAX_PATTERNS",
    "MAX_PRIORITY",
    "MAX_IN_VALUES",
    "INT_LIMIT",
    "TYPE_FIELD",
    "ID_FIELD",
    "TRAPS",
    "RuleCompileError",
    "Ref",
    "RuleSpec",
    "FieldKinds",
    "CompiledRulebook",
    "compile_rule",
    "compile_rules",
    "compile_rulebook",
    "is_field_name",
    "is_fact_type",
]

MAX_PATTERNS = 16          # durable error 304 at assert time beyond this (docs/durable-rules.md §1.4, §6.12)
MAX_PRIORITY = 65535       # trap E
MAX_IN_VALUES = 32         # keeps the `$or` small; longer lists belong in a precomputed field
INT_LIMIT = 2**53          # |int| must stay below: exact in a double, whatever durable does inside
TYPE_FIELD = "t"           # durable field holding fact['type']
ID_FIELD = "__id"          # durable mirror of fact['id'] used in every test (trap B)

# New traps found while building this module (durable-rules 2.0.28, CPython 3.11.7).
TRAPS = {
    "A": "delete_state segfaults on a state in which no action ever ran, in a fresh ruleset: "
         "createStateNode leaves context.messages/stateFact uninitialised and deleteStateNode "
         "frees them. The backend primes the state pool once per ruleset.",
    "B": "A test that reads the reserved 'id' field of a stored fact (e.g. a join on a.id) reads "
         "freed memory (copyMessage does not re-point id/sid): no match, or a segfault. "
         "Tests use the mirror field '__id' instead.",
    "F": "When the last test of a join group fails, durable's short-circuit skips the group's "
         "end marker and reads past the expression array (wrong matches or a segfault, more "
         "likely with many rulesets). Every pattern with a join ends with an always-true join.",
    "C": "A '$or' placed before a join test ({f: {alias: g}} or '$m') inside one '$and' makes "
         "durable drop that join test. '$or' tests are therefore emitted last.",
    "D": "Error 303 means one fact reached more than 64 patterns (whole ruleset) at once in one "
         "assert: durable's 64-entry stack of matching alpha nodes, not '64 thresholds per "
         "property'. Patterns share nodes while their tests are equal, and an '==' literal test "
         "branches, so 120 patterns split first by `kind == a|b` work while the same split placed "
         "after a test every fact passes fails. Counting patterns per fact type is a safe bound; "
         "lint (L012, floorman/authoring/lint.py) checks it.",
    "E": "'pri' is kept in 16 unsigned bits: -2 sorts as 65534 (fires last) and 65536 as 0. "
         "Priorities must be 0..65535.",
}

_OPS = ("==", "!=", "<", "<=", ">", ">=", "in", "exists", "absent")
_JSON_OP = {"==": None, "!=": "$neq", "<": "$lt", "<=": "$lte", ">": "$gt", ">=": "$gte"}
_ORDERING = frozenset({"<", "<=", ">", ">="})
_FORBIDDEN_WORDS = {"or", "$or", "any", "not", "$not", "none", "and", "$and", "all"}
_NAME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_RULE_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
_REF_RE = re.compile(r"^@([A-Za-z][A-Za-z0-9_]*)\.([A-Za-z][A-Za-z0-9_]*)$")
_ARITH_RE = re.compile(r"[-+*/%()\s]")
_PATTERN_KEYS = frozenset({"as", "fact", "where"})
# Fact fields the engine owns: 't' (type) and 'sid' (session). '__id' (trap B) is excluded by
# _NAME_RE (names start with a letter); 'because' is set on derived facts only.
_RESERVED_FIELDS = frozenset({"t", "sid"})

Kind = str  # 'int' | 'str' | 'bool'


class RuleCompileError(FloormanError, ValueError):
    """A rule's `when:`/`derive:` cannot be compiled safely; names the rule id and the field."""

    def __init__(self, rule_id: str, path: str, message: str):
        self.rule_id = rule_id
        self.path = path
        self.message = message
        where = f"{path}: " if path else ""
        super().__init__(f"rule {rule_id}: {where}{message}")


@dataclass(frozen=True)
class Ref:
    """A reference to `field` of the fact bound to `alias` ('self' = the same fact)."""

    alias: str
    field: str


Literal = int | str | bool
Test = dict[str, Any]          # one durable JSON test, e.g. {"$gte": {"to_call": 10}}


@dataclass(frozen=True)
class RuleSpec:
    """What the backend needs to run one compiled rule."""

    rule_id: str
    priority: int
    aliases: tuple[str, ...]                      # in `when` order
    fact_types: tuple[str, ...]                   # fact type bound by each alias
    derive_type: str | None                       # type of the derived fact, if any
    derive_fields: tuple[tuple[str, Literal | Ref], ...]
    durable: dict[str, Any]                       # durable JSON for this rule (no 'run')


def is_field_name(name: object) -> bool:
    """True for names a fact may use as a field (letters, digits, '_'; starts with a letter)."""
    return isinstance(name, str) and bool(_NAME_RE.match(name)) and name not in _RESERVED_FIELDS


def is_fact_type(name: object) -> TypeGuard[str]:
    return isinstance(name, str) and bool(_NAME_RE.match(name))


def _kind_of(value: object) -> Kind | None:
    if isinstance(value, bool):          # before int: bool is an int subclass
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, str):
        return "str"
    return None


def _is_list(value: object) -> TypeGuard[Sequence[Any]]:
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes, Mapping))


def _durable_field(name: str) -> str:
    if name == "type":
        return TYPE_FIELD
    if name == "id":
        return ID_FIELD                  # trap B
    return name


def _durable_literal(value: Literal) -> int | str:
    # durable treats True == 1 (docs/durable-rules.md §1.3): normalise bools to ints, facts get the same treatment
    return int(value) if isinstance(value, bool) else value


class FieldKinds:
    """Which kind (int/str/bool) each (fact type, field) must have, as the rules use it.

    Fields joined by a reference (``a.seat == @b.seat``) or copied by `derive:` form one group
    and must share a kind. A group whose kind no literal fixes is checked for consistency
    within one run. The backend calls `check` on every fact before asserting it: durable
    compares '100' with 100 as equal and True with 1 (docs/durable-rules.md §1.3), so a kind mismatch is
    refused rather than matched.
    """

    def __init__(self) -> None:
        self._parent: dict[tuple[str, str], tuple[str, str]] = {}
        self._kind: dict[tuple[str, str], tuple[Kind, str]] = {}   # root -> (kind, where fixed)
        self._frozen: dict[tuple[str, str], tuple[int, Kind | None]] | None = None
        self._by_type: dict[str, dict[str, tuple[int, Kind | None]]] = {}

    # -- building (compile time) -------------------------------------------------------
    def _find(self, node: tuple[str, str]) -> tuple[str, str]:
        parent = self._parent.setdefault(node, node)
        if parent != node:
            parent = self._parent[node] = self._find(parent)
        return parent

    def fix(self, node: tuple[str, str], kind: Kind, where: str) -> str | None:
        """Record that `node` has `kind`; return a conflict message or None."""
        root = self._find(node)
        known = self._kind.get(root)
        if known is None:
            self._kind[root] = (kind, where)
            return None
        if known[0] != kind:
            return (f"{node[0]}.{node[1]} is used as {kind} here but as {known[0]} "
                    f"({known[1]})")
        return None

    def join(self, a: tuple[str, str], b: tuple[str, str], where: str) -> str | None:
        """Record that `a` and `b` are compared or copied; return a conflict message or None."""
        ra, rb = self._find(a), self._find(b)
        if ra == rb:
            return None
        ka, kb = self._kind.get(ra), self._kind.get(rb)
        if ka and kb and ka[0] != kb[0]:
            return (f"{a[0]}.{a[1]} ({ka[0]}, {ka[1]}) is compared with "
                    f"{b[0]}.{b[1]} ({kb[0]}, {kb[1]})")
        self._parent[rb] = ra
        if kb and not ka:
            self._kind[ra] = kb
        self._kind.pop(rb, None)
        return None

    def freeze(self) -> "FieldKinds":
        groups: dict[tuple[str, str], int] = {}
        self._by_type = {}
        for node in list(self._parent):
            root = self._find(node)
            gid = groups.setdefault(root, len(groups))
            kind = self._kind.get(root, (None, ""))[0]
            self._by_type.setdefault(node[0], {})[node[1]] = (gid, kind)
        return self

    # -- checking (run time) -----------------------------------------------------------
    def expected(self, fact_type: str, field_name: str) -> Kind | None:
        entry = self._by_type.get(fact_type, {}).get(field_name)
        return entry[1] if entry else None

    def check(self, fact_type: str, fact: Mapping[str, Any], seen: dict[int, Kind | None]) -> str | None:
        """Return a message if a field of `fact` has a kind the rules cannot compare safely.

        `seen` carries the kinds met so far in this run for groups no literal fixes.
        """
        fields = self._by_type.get(fact_type)
        if not fields:
            return None
        for name, (gid, kind) in fields.items():
            if name not in fact:
                continue
            actual = _kind_of(fact[name])
            if kind is not None:
                if actual != kind:
                    return (f"field {name!r} is {actual or type(fact[name]).__name__} but the "
                            f"rules compare {fact_type}.{name} as {kind}")
            else:
                first = seen.setdefault(gid, actual)
                if first != actual:
                    return (f"field {name!r} is {actual} but a field it is compared with "
                            f"was {first} in this run")
        return None


@dataclass(frozen=True)
class CompiledRulebook:
    """The compiled rules (input order) and the field-kind table shared by all of them."""

    specs: dict[str, RuleSpec]
    kinds: FieldKinds = field(repr=False)
    patterns_per_type: dict[str, int]

    @property
    def durable(self) -> dict[str, dict[str, Any]]:
        return {rule_id: spec.durable for rule_id, spec in self.specs.items()}


# ----------------------------------------------------------------------------- compiling

class _RuleCompiler:
    """Compiles one rule; `kinds` is shared across a rulebook so conflicts are cross-rule."""

    def __init__(self, rule: object, kinds: FieldKinds):
        self.kinds = kinds
        if not isinstance(rule, Mapping):
            raise RuleCompileError("?", "", f"a rule must be a mapping, got {type(rule).__name__}")
        rid = rule.get("id")
        if not isinstance(rid, str) or not _RULE_ID_RE.match(rid):
            raise RuleCompileError(repr(rid), "id",
                                   "rule id must be a string of letters, digits, '_', '.', '-'")
        self.rule = rule
        self.rid = rid

    def fail(self, path: str, message: str) -> RuleCompileError:
        return RuleCompileError(self.rid, path, message)

    def _note(self, conflict: str | None, path: str) -> None:
        if conflict:
            raise self.fail(path, f"type conflict: {conflict}")

    def compile(self) -> RuleSpec:
        rule = self.rule
        if "pri" in rule:
            raise self.fail("pri", "use 'priority:' (lower fires first)")
        priority = rule.get("priority", 0)
        if isinstance(priority, bool) or not isinstance(priority, int) \
                or not 0 <= priority <= MAX_PRIORITY:
            # trap E: durable keeps 'pri' in 16 unsigned bits (-2 fires last, 65536 first)
            raise self.fail("priority", f"priority must be an int from 0 to {MAX_PRIORITY}, "
                                        f"got {priority!r}")
        when = rule.get("when")
        if not _is_list(when):
            raise self.fail("when", "when must be a list of patterns")
        if not when:
            raise self.fail("when", "when needs at least one pattern")
        if len(when) > MAX_PATTERNS:
            raise self.fail("when", f"{len(when)} patterns; durable allows at most {MAX_PATTERNS} "
                                    "per rule (error 304)")

        aliases: list[str] = []
        types: list[str] = []
        guards: list[set[str]] = []       # durable field names that must exist, per pattern
        tests: list[list[Test]] = []
        or_tests: list[list[Test]] = []
        absent: list[set[str]] = []
        for i, pattern in enumerate(when):
            self._pattern(i, pattern, aliases, types, guards, tests, or_tests, absent)

        derive_type, derive_fields = self._derive(aliases, types)

        all_patterns = []
        for i, alias in enumerate(aliases):
            clash = guards[i] & absent[i]
            if clash:
                raise self.fail(f"when[{i}]", f"field {sorted(clash)[0]!r} is required absent but "
                                              "is also compared or referenced")
            conds: list[Test] = [{TYPE_FIELD: types[i]}]
            conds += [{"$ex": {name: 1}} for name in sorted(guards[i])]
            conds += tests[i]
            if i > 0 and any(_is_join(test) for test in tests[i]):
                # trap F: when the LAST test of a join group fails, durable's short-circuit
                # (reduceExpressionSequence) steps over the group's end marker and reads past the
                # expression array until it happens on one: wrong matches or a segfault, more
                # likely the more rulesets a process holds. A final join that is always true
                # (two distinct facts never share an id) keeps every failing test off the end.
                conds.append({"$neq": {ID_FIELD: {aliases[0]: ID_FIELD}}})
            conds += or_tests[i]          # trap C: every '$or' after the join tests
            all_patterns.append({alias: {"$and": conds}})
        durable = {"all": all_patterns, "pri": priority}
        return RuleSpec(self.rid, priority, tuple(aliases), tuple(types), derive_type,
                        derive_fields, durable)

    def _pattern(self, i: int, pattern: object, aliases: list[str], types: list[str], guards: list[set[str]],
                 tests: list[list[Test]], or_tests: list[list[Test]], absent: list[set[str]]) -> None:
        path = f"when[{i}]"
        if not isinstance(pattern, Mapping):
            raise self.fail(path, "a pattern must be a mapping {as, fact, where}")
        unknown = set(pattern) - _PATTERN_KEYS
        if unknown:
            word = sorted(map(str, unknown))[0]
            hint = ""
            if word.lower() in _FORBIDDEN_WORDS:
                hint = (" (disjunction and negation are not supported: use 'in', or precompute "
                        "a field in Python; docs/durable-rules.md §1.5, §1.6)")
            raise self.fail(f"{path}.{word}", f"unknown pattern key{hint}")
        alias = pattern.get("as")
        if not isinstance(alias, str) or not _NAME_RE.match(alias) or alias == "self":
            raise self.fail(f"{path}.as",
                            f"alias must be a simple name (not 'self'), got {alias!r}")
        if alias in aliases:
            raise self.fail(f"{path}.as", f"alias {alias!r} is already bound in this rule")
        ftype = pattern.get("fact")
        if not is_fact_type(ftype):
            raise self.fail(f"{path}.fact", f"fact type must be a simple name, got {ftype!r}")
        aliases.append(alias)
        types.append(ftype)
        guards.append(set())
        tests.append([])
        or_tests.append([])
        absent.append(set())
        where = pattern.get("where", [])
        if not _is_list(where):
            raise self.fail(f"{path}.where", "where must be a list of [field, op, value]")
        for j, cond in enumerate(where):
            self._condition(f"{path}.where[{j}]", i, cond, aliases, types, guards, tests,
                            or_tests, absent)

    def _field(self, path: str, name: object) -> str:
        if name == "type" or name == "id" or is_field_name(name):
            return name  # type: ignore[return-value]
        if isinstance(name, str) and "." in name:
            raise self.fail(path, f"field {name!r}: nested fields are not supported (flat facts)")
        raise self.fail(path, f"bad field name {name!r}")

    def _ref(self, path: str, text: str, i: int, aliases: list[str]) -> Ref:
        m = _REF_RE.match(text)
        if not m:
            if _ARITH_RE.search(text[1:]):
                raise self.fail(path, f"{text!r}: arithmetic is not allowed in conditions; "
                                      "precompute the value as a fact field (docs/durable-rules.md §1.3)")
            raise self.fail(path, f"{text!r}: a reference is '@alias.field' or '@self.field'")
        alias, fname = m.group(1), m.group(2)
        if fname != "type" and fname != "id" and not is_field_name(fname):
            raise self.fail(path, f"{text!r}: bad field name")
        if alias == "self":
            return Ref("self", fname)
        if alias not in aliases:
            raise self.fail(path, f"{text!r}: no pattern binds {alias!r} in this rule")
        k = aliases.index(alias)
        if k == i:
            raise self.fail(path, f"{text!r}: a pattern refers to its own fact as "
                                  f"'@self.{fname}'")
        return Ref(alias, fname)

    def _literal(self, path: str, value: object) -> Literal:
        kind = _kind_of(value)
        if kind is None:
            what = "None" if value is None else type(value).__name__
            raise self.fail(path, f"value {value!r} is {what}; literals are int, str or bool "
                                  "(no None, no floats: docs/durable-rules.md §1.3)")
        if kind == "int" and abs(value) >= INT_LIMIT:  # type: ignore[arg-type]
            raise self.fail(path, f"int {value} is too large (|n| < 2**53)")
        return value  # type: ignore[return-value]

    def _condition(self, path: str, i: int, cond: object, aliases: list[str], types: list[str],
                   guards: list[set[str]], tests: list[list[Test]], or_tests: list[list[Test]],
                   absent: list[set[str]]) -> None:
        if isinstance(cond, Mapping):
            word = next(iter(cond), "")
            if str(word).lower() in _FORBIDDEN_WORDS:
                raise self.fail(path, f"{word!r} is not supported: durable fires '$or' once per "
                                      "true branch and '$not' depends on fact order (docs/durable-rules.md §1.5, "
                                      "§1.6); use 'in' or precompute a field")
            raise self.fail(path, "a condition is a list [field, op, value] or [field, exists]")
        if not _is_list(cond) or len(cond) not in (2, 3):
            raise self.fail(path, "a condition is a list [field, op, value] or [field, exists]")
        fname = self._field(path, cond[0])
        op = cond[1]
        if not isinstance(op, str) or op not in _OPS:
            hint = (" (disjunction/negation are not supported; use 'in' or precompute a field)"
                    if isinstance(op, str) and op.lower() in _FORBIDDEN_WORDS else "")
            raise self.fail(path, f"unknown operator {op!r}; allowed: {', '.join(_OPS)}{hint}")
        ftype = types[i]
        dfield = _durable_field(fname)
        node = (ftype, fname)
        if op in ("exists", "absent"):
            if len(cond) != 2:
                raise self.fail(path, f"'{op}' takes no value: [field, {op}]")
            if fname in ("type", "id"):
                raise self.fail(path, f"every fact has {fname!r}; '{op}' on it is meaningless")
            if op == "exists":
                guards[i].add(dfield)
            else:
                absent[i].add(dfield)
                tests[i].append({"$nex": {dfield: 1}})
            return
        if len(cond) != 3:
            raise self.fail(path, f"operator {op!r} needs a value: [field, {op}, value]")
        value = cond[2]
        if fname not in ("type", "id"):
            guards[i].add(dfield)     # docs/durable-rules.md §1.3: a missing operand can make a test PASS
        if fname in ("type", "id"):
            self._note(self.kinds.fix(node, "str", f"rule {self.rid} {path}"), path)

        if op == "in":
            self._in(path, i, dfield, node, value, or_tests)
            return
        if isinstance(value, (list, tuple)):
            raise self.fail(path, f"a list value needs the 'in' operator, not {op!r}")
        json_op = _JSON_OP[op]
        where = f"rule {self.rid} {path}"
        if isinstance(value, str) and value.startswith("@"):
            ref = self._ref(path, value, i, aliases)
            if ref.alias == "self":
                rtype, k = ftype, i
                rhs: Test = {"$m": _durable_field(ref.field)}
            else:
                k = aliases.index(ref.alias)
                rtype = types[k]
                rhs = {ref.alias: _durable_field(ref.field)}
            if ref.field not in ("type", "id"):
                guards[k].add(_durable_field(ref.field))   # guard the referenced fact too
            other = (rtype, ref.field)
            if ref.field in ("type", "id"):
                self._note(self.kinds.fix(other, "str", where), path)
            if op in _ORDERING:
                self._note(self.kinds.fix(node, "int", where), path)
                self._note(self.kinds.fix(other, "int", where), path)
            else:
                self._note(self.kinds.join(node, other, where), path)
            tests[i].append({dfield: rhs} if json_op is None else {json_op: {dfield: rhs}})
            return
        lit = self._literal(path, value)
        kind = _kind_of(lit)
        if op in _ORDERING and kind != "int":
            raise self.fail(path, f"{op!r} needs an int, got {kind} {lit!r} (durable orders "
                                  "strings and booleans unreliably)")
        self._note(self.kinds.fix(node, kind or "?", where), path)
        dval = _durable_literal(lit)
        tests[i].append({dfield: dval} if json_op is None else {json_op: {dfield: dval}})

    def _in(self, path: str, i: int, dfield: str, node: tuple[str, str], value: object,
            or_tests: list[list[Test]]) -> None:
        if not isinstance(value, (list, tuple)):
            raise self.fail(path, "'in' takes a list of literals")
        if not value:
            raise self.fail(path, "'in' with an empty list never matches")
        if len(value) > MAX_IN_VALUES:
            raise self.fail(path, f"'in' list has {len(value)} values (max {MAX_IN_VALUES}); "
                                  "precompute a field instead")
        kinds: set[Kind] = set()
        values: list[int | str] = []
        for k, item in enumerate(value):
            if isinstance(item, str) and item.startswith("@"):
                raise self.fail(f"{path}[{k}]", "'in' takes literals only, not references")
            lit = self._literal(f"{path}[{k}]", item)
            kinds.add(_kind_of(lit) or "?")
            dval = _durable_literal(lit)
            if dval not in values:
                values.append(dval)
        if len(kinds) != 1:
            raise self.fail(path, f"'in' list mixes {', '.join(sorted(kinds))}")
        self._note(self.kinds.fix(node, kinds.pop(), f"rule {self.rid} {path}"), path)
        if len(values) == 1:
            or_tests[i].append({dfield: values[0]})
        else:
            # Mutually exclusive branches (one field, distinct values): at most one is true,
            # so durable's per-branch firing (docs/durable-rules.md §1.5) cannot duplicate an activation.
            or_tests[i].append({"$or": [{dfield: v} for v in values]})

    def _derive(self, aliases: list[str], types: list[str]) \
            -> tuple[str | None, tuple[tuple[str, Literal | Ref], ...]]:
        derive = self.rule.get("derive")
        if derive is None:
            return None, ()
        if not isinstance(derive, Mapping):
            raise self.fail("derive", "derive must be a mapping {fact: type, field: value...}")
        dtype = derive.get("fact")
        if not is_fact_type(dtype):
            raise self.fail("derive.fact",
                            f"derived fact type must be a simple name, got {dtype!r}")
        out: list[tuple[str, Literal | Ref]] = []
        for key, value in derive.items():
            if key == "fact":
                continue
            path = f"derive.{key}"
            if key in ("id", "type", "because") or not is_field_name(key):
                raise self.fail(path, "not a settable field (id, type and because are set by "
                                      "the engine)")
            node = (dtype, key)
            where = f"rule {self.rid} {path}"
            if isinstance(value, str) and value.startswith("@"):
                ref = self._ref(path, value, len(aliases), aliases)
                if ref.alias == "self":
                    raise self.fail(path, "'@self' means nothing in derive; name an alias")
                other = (types[aliases.index(ref.alias)], ref.field)
                if ref.field in ("type", "id"):
                    self._note(self.kinds.fix(other, "str", where), path)
                self._note(self.kinds.join(node, other, where), path)
                out.append((key, ref))
            else:
                lit = self._literal(path, value)
                self._note(self.kinds.fix(node, _kind_of(lit) or "?", where), path)
                out.append((key, lit))
        return dtype, tuple(out)


def _is_join(test: Mapping[str, Any]) -> bool:
    """A test whose right side reads another pattern's fact: {f: {alias: g}} or {op: {f: {alias: g}}}."""
    key, body = next(iter(test.items()))
    rhs = next(iter(body.values()), None) if key.startswith("$") and isinstance(body, Mapping) else body
    return isinstance(rhs, Mapping) and not next(iter(rhs), "$").startswith("$")


def compile_rulebook(rules: Iterable[Mapping[str, Any]]) -> CompiledRulebook:
    """Compile every rule; checks ids are unique and field kinds agree across rules."""
    kinds = FieldKinds()
    specs: dict[str, RuleSpec] = {}
    per_type: dict[str, int] = {}
    for rule in rules:
        spec = _RuleCompiler(rule, kinds).compile()
        if spec.rule_id in specs:
            raise RuleCompileError(spec.rule_id, "id", "duplicate rule id")
        specs[spec.rule_id] = spec
        for t in spec.fact_types:
            per_type[t] = per_type.get(t, 0) + 1
    return CompiledRulebook(specs, kinds.freeze(), per_type)


def compile_rule(rule: Mapping[str, Any]) -> dict[str, Any]:
    """Durable JSON for one rule: ``{'all': [{alias: {'$and': [...]}}, ...], 'pri': n}``."""
    return _RuleCompiler(rule, FieldKinds()).compile().durable


def compile_rules(rules: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Durable JSON for a rulebook, keyed by rule id (input order)."""
    return compile_rulebook(rules).durable
