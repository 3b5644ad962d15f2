"""Run compiled rules on durable-rules 2.0.28: facts in, activations and derived facts out.

One job: be the only door to `durable` (no other floorman module imports it) and contain its
traps. Trap numbers refer to docs/durable-rules.md (§x; the checklist is §6) and to
`compiler.TRAPS` (A-F, found while building the engine).

What a caller can rely on:
* `run(facts)` is a pure function of the facts: a fresh session per call, always deleted;
* activations come back in firing order (priority within one assert, then assert order),
  each at most once per (rule id, matched fact ids);
* derived facts (`derive:`) are asserted back (forward chaining) and always reported, even
  when no rule consumes them;
* an exception in an action reaches the caller as `RuleActionError`;
* facts are plain mappings with 'type' and a unique string 'id'; field values are int, str
  or bool (bools travel as 0/1, and `FieldKinds` refuses a fact whose field kind differs
  from the kind the rules compare it with, so True never matches 1 silently).
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
import re
import threading
import uuid
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import durable_rules_engine
from durable import engine

from floorman.engine.compiler import (
    ID_FIELD,
    INT_LIMIT,
    TYPE_FIELD,
    CompiledRulebook,
    FieldKinds,
    Ref,
    RuleSpec,
    compile_rulebook,
    is_fact_type,
    is_field_name,
)
from floorman.errors import FloormanError

__all__ = [
    "Activation",
    "RunResult",
    "DurableBackend",
    "RuleActionError",
    "FactError",
    "EngineError",
]

_PRIME_TYPE = "__floorman_prime__"   # type of the internal fact that primes the state pool
_PRIME_RULE = "__floorman_prime__"
_PRIME_SLOTS = 7                     # durable's state pool starts with 8 nodes; node 0 is unused
_DERIVED_PREFIX = "derived:"
_ERROR_CODE_RE = re.compile(r"error code: (\d+)")
_ERROR_HINTS = {
    "303": "one fact reached more than 64 patterns of the ruleset in one assert "
           "(durable stack limit, compiler.TRAPS['D']); `floorman rulebook lint` (L012) finds it, and "
           "docs/rulebook-format.md says how past it",
    "304": "a rule has more than 16 patterns",
    "302": "a fact has more than about 250 fields",
}
_instances = itertools.count()
_good_names: set[str] = set()        # field names already validated


class RuleActionError(FloormanError, RuntimeError):
    """An action (the Python side of a rule firing) raised; durable would have swallowed it."""

    def __init__(self, rule_id: str, cause: BaseException, others: int = 0):
        self.rule_id = rule_id
        self.cause = cause
        more = f" (and {others} more failing activation(s))" if others else ""
        super().__init__(f"rule {rule_id}: action failed: {type(cause).__name__}: {cause}{more}")


class FactError(FloormanError, ValueError):
    """A fact cannot be asserted safely (bad shape, reserved field, unsafe value kind)."""


class EngineError(FloormanError, RuntimeError):
    """durable-rules failed or reported an impossible state (error code, id/sid collision)."""


@dataclass
class Activation:
    """One rule firing: the matched fact per alias (caller's view) and the fact it derived."""

    rule_id: str
    matched: dict[str, dict[str, Any]]
    derived: dict[str, Any] | None = None


@dataclass
class RunResult:
    activations: list[Activation]        # in firing order
    derived_facts: list[dict[str, Any]]  # in derivation order, each id once

    def rule_ids(self) -> list[str]:
        return [a.rule_id for a in self.activations]


@dataclass
class _Run:
    """Per-run collector; the sink that actions write into (docs/durable-rules.md §1.8)."""

    sid: str
    facts: dict[str, Mapping[str, Any]]        # id -> caller's fact (input and derived)
    kinds_seen: dict[int, str | None]
    activations: list[Activation] = field(default_factory=list)
    derived: list[dict[str, Any]] = field(default_factory=list)
    seen: set[tuple[str, tuple[str, ...]]] = field(default_factory=set)
    errors: list[tuple[str, BaseException]] = field(default_factory=list)


class _Sink:
    """What actions can reach. Holds no reference to the backend, so a dropped backend can be
    collected and its finalizer can free the C ruleset (docs/durable-rules.md §2.2: dropped Hosts leak)."""

    def __init__(self, kinds: FieldKinds):
        self.kinds = kinds
        self.active: _Run | None = None


class _QuietHost(engine.Host):  # type: ignore[misc]  # durable-rules ships no type hints
    """A Host without the two self-re-arming timer threads (docs/durable-rules.md §2.4, §6.9).

    Synchronous assert_fact does not need them; they steal activations and add a latency tail.
    """

    def _run(self) -> None:
        pass


def _to_durable(fact: object, kinds: FieldKinds, seen: dict[int, str | None]) -> dict[str, Any]:
    """Validate a caller's fact and build the dict durable gets ('t', '__id', bools as ints)."""
    if not isinstance(fact, Mapping):
        raise FactError(f"a fact must be a mapping, got {type(fact).__name__}")
    ftype = fact.get("type")
    fid = fact.get("id")
    if not isinstance(fid, str) or not fid:
        raise FactError(f"fact {dict(fact)!r}: 'id' must be a non-empty string")
    if not is_fact_type(ftype):
        raise FactError(f"fact {fid}: 'type' must be a simple name, got {ftype!r}")
    out: dict[str, Any] = {TYPE_FIELD: ftype, "id": fid, ID_FIELD: fid}   # trap B: tests read '__id', never 'id'
    for key, value in fact.items():
        if key == "type" or key == "id":
            continue
        if key not in _good_names:
            if not is_field_name(key):
                raise FactError(f"fact {fid}: field name {key!r} is reserved or not a simple name")
            if len(_good_names) < 10_000:  # a cache, bounded whatever the caller sends
                _good_names.add(key)
        if isinstance(value, bool):
            out[key] = int(value)        # durable: True == 1 (docs/durable-rules.md §1.3); FieldKinds guards it
        elif isinstance(value, int):
            if abs(value) >= INT_LIMIT:
                raise FactError(f"fact {fid}: field {key!r}: int {value} too large (|n| < 2**53)")
            out[key] = value
        elif isinstance(value, str):
            out[key] = value
        else:
            what = "None" if value is None else type(value).__name__
            raise FactError(f"fact {fid}: field {key!r} is {what}; values are int, str or bool "
                            "(docs/durable-rules.md §1.3: no None, no floats; use sentinels)")
    problem = kinds.check(ftype, fact, seen)
    if problem:
        raise FactError(f"fact {fid} ({ftype}): {problem}")
    return out


def _make_action(sink: _Sink, spec: RuleSpec) -> Callable[[Any], None]:
    """The Python side of one rule. Must take exactly one parameter: durable treats a
    two-parameter callable as an async action f(c, complete)."""
    rule_id = spec.rule_id
    aliases = spec.aliases
    derive_type = spec.derive_type
    derive_fields = spec.derive_fields

    def action(c: Any) -> None:
        run = sink.active
        if run is None:
            return                        # cannot happen with the Host's threads disabled
        try:
            if c.s["sid"] != run.sid:
                # docs/durable-rules.md §2.3: sids are indexed by a 32-bit hash with no string compare
                raise EngineError(f"activation for session {c.s['sid']!r} while running "
                                  f"{run.sid!r}: sid hash collision")
            bound = c._m
            ids = tuple(bound[a]["id"] for a in aliases)
            key = (rule_id, ids)
            if key in run.seen:           # de-duplicate (docs/durable-rules.md §1.5, §6.4)
                return
            run.seen.add(key)
            matched = {a: dict(run.facts[i]) for a, i in zip(aliases, ids)}
            activation = Activation(rule_id, matched)
            run.activations.append(activation)
            if derive_type is None:
                return
            derived: dict[str, Any] = {"type": derive_type,
                             "id": f"{_DERIVED_PREFIX}{rule_id}:{','.join(ids)}",
                             "because": rule_id}
            for name, value in derive_fields:
                if isinstance(value, Ref):
                    source = matched[value.alias]
                    if value.field not in source:
                        raise KeyError(f"derive.{name} needs {value.alias}.{value.field} but "
                                       f"fact {source['id']} has no field {value.field!r}")
                    value = source[value.field]
                derived[name] = value
            activation.derived = derived
            did = derived["id"]
            if did in run.facts:
                return                    # already known in this run
            dfact = _to_durable(derived, sink.kinds, run.kinds_seen)
            dfact["sid"] = run.sid
            run.facts[did] = derived
            run.derived.append(derived)
            try:
                c.assert_fact(dfact)      # forward chaining in the same session
            except engine.MessageNotHandledException:
                pass                      # docs/durable-rules.md §1.7: no rule consumes it; still reported
            except engine.MessageObservedException:
                # ids are unique per run, so "already observed" means a 32-bit id hash
                # collision inside the session (docs/durable-rules.md §2.3): the fact would be dropped
                raise EngineError(f"derived fact {did} was dropped as 'already observed' "
                                  "(fact id hash collision)") from None
        except BaseException as exc:      # durable swallows exceptions (docs/durable-rules.md §0.1, §6.3)
            run.errors.append((rule_id, exc))

    return action


def _noop(c: Any) -> None:
    pass


def _free_ruleset(host: engine.Host, name: str) -> None:
    """Unregister and free a ruleset; private API, the only removal that works (docs/durable-rules.md §2.2)."""
    ruleset = host._ruleset_directory.pop(name, None)
    if ruleset is None:
        return
    host._ruleset_list.remove(ruleset)
    durable_rules_engine.delete_ruleset(ruleset._handle)


def _engine_error(exc: BaseException, doing: str) -> EngineError:
    match = _ERROR_CODE_RE.search(str(exc))
    hint = _ERROR_HINTS.get(match.group(1), "") if match else ""
    return EngineError(f"durable-rules failed while {doing}: {exc}"
                       + (f" ({hint})" if hint else ""))


class DurableBackend:
    """Compiled rules registered in their own quiet Host; one `run` at a time (lock).

    Use `close()` (or a `with` block) to free the C ruleset; a dropped backend is freed by
    a finalizer when it is garbage-collected.
    """

    def __init__(self, rules: Sequence[Mapping[str, Any]], *, name: str):
        self._book: CompiledRulebook = compile_rulebook(rules)
        durable_json = self._book.durable
        digest = hashlib.sha1(json.dumps(durable_json, sort_keys=True).encode()).hexdigest()[:10]
        safe = re.sub(r"[^A-Za-z0-9_]", "_", name) or "rules"
        # A Host cannot re-register a name (docs/durable-rules.md §2.2): unique per instance.
        self.ruleset_name = f"{safe}_{digest}_{next(_instances)}"
        self._sink = _Sink(self._book.kinds)
        self._lock = threading.Lock()
        self._closed = False
        self._uid = uuid.uuid4().hex[:16]
        self._counter = itertools.count()

        definition = copy.deepcopy(durable_json)   # docs/durable-rules.md §1.1: registration mutates the dict
        for rule_id, spec in self._book.specs.items():
            definition[rule_id]["run"] = _make_action(self._sink, spec)
        definition[_PRIME_RULE] = {"all": [{"m": {TYPE_FIELD: _PRIME_TYPE}}], "run": _noop}
        self._host = _QuietHost()
        try:
            self._host.register_rulesets({self.ruleset_name: definition})
        except Exception as exc:
            raise _engine_error(exc, f"registering ruleset {self.ruleset_name}") from exc
        self._ruleset = self._host.get_ruleset(self.ruleset_name)
        self._finalizer = weakref.finalize(self, _free_ruleset, self._host, self.ruleset_name)
        self._prime()

    @property
    def rule_ids(self) -> list[str]:
        return list(self._book.specs)

    @property
    def compiled(self) -> CompiledRulebook:
        return self._book

    def _prime(self) -> None:
        # Trap A: a state in which no action ever ran has garbage context pointers that
        # delete_state frees. Run one action in every initial pool slot, then delete: each
        # slot's pointers are NULL from then on, and with one live session at a time the same
        # slot is reused forever.
        sids = [f"__prime-{self._uid}-{i}" for i in range(_PRIME_SLOTS)]
        for sid in sids:   # through the Host, so the action really runs (sets the context)
            self._host.assert_fact(self.ruleset_name, {TYPE_FIELD: _PRIME_TYPE, "sid": sid})
        for sid in sids:
            self._host.delete_state(self.ruleset_name, sid)

    def run(self, facts: Sequence[Mapping[str, Any]]) -> RunResult:
        """Assert `facts` in order into a fresh session; return the firings and derived facts."""
        kinds_seen: dict[int, str | None] = {}
        known: dict[str, Mapping[str, Any]] = {}
        prepared = []
        for fact in facts:                 # validate everything before any state exists
            dfact = _to_durable(fact, self._book.kinds, kinds_seen)
            fid = dfact["id"]
            if fid in known:
                raise FactError(f"duplicate fact id {fid!r}")
            if fid.startswith(_DERIVED_PREFIX):
                raise FactError(f"fact id {fid!r}: the prefix {_DERIVED_PREFIX!r} is reserved "
                                "for derived facts")
            known[fid] = fact
            prepared.append(dfact)

        with self._lock:
            if self._closed:
                raise RuntimeError(f"backend {self.ruleset_name} is closed")
            sid = f"{self._uid}-{next(self._counter)}"     # fresh per run (docs/durable-rules.md §2.1)
            run = _Run(sid, known, kinds_seen)
            self._sink.active = run
            created = False
            ok = False
            try:
                for dfact in prepared:
                    dfact["sid"] = sid
                    created = True         # any assert creates the state, matched or not (§2.1)
                    try:
                        # one at a time: batch asserts abort on one unmatched fact (docs/durable-rules.md §1.8)
                        state = self._host.assert_fact(self.ruleset_name, dfact)
                    except engine.MessageNotHandledException:
                        continue           # no pattern wants this fact: not stored, fine
                    except engine.MessageObservedException:
                        raise EngineError(f"fact {dfact['id']} was dropped as 'already observed' "
                                          "(fact id hash collision, docs/durable-rules.md §2.3)") from None
                    except durable_rules_engine.error as exc:
                        raise _engine_error(exc, f"asserting fact {dfact['id']}") from exc
                    if run.errors:
                        break
                    if isinstance(state, dict) and "exception" in state:
                        # an exception escaped our own wrapper and durable swallowed it
                        run.errors.append(("?", RuntimeError(str(state["exception"]))))
                        break
                ok = True
            finally:
                self._sink.active = None
                if created:                # docs/durable-rules.md §2.1: always, or the 1024-session cap hits
                    try:
                        self._host.delete_state(self.ruleset_name, sid)
                    except Exception as exc:
                        if ok:             # don't mask the error already propagating
                            raise _engine_error(exc, f"deleting session {sid}") from exc
        if run.errors:
            rule_id, failure = run.errors[0]
            if not isinstance(failure, Exception):
                raise failure              # KeyboardInterrupt and friends stay what they are
            raise RuleActionError(rule_id, failure, len(run.errors) - 1) from failure
        return RunResult(run.activations, run.derived)

    def close(self) -> None:
        """Free the C ruleset (docs/durable-rules.md §2.2). Idempotent; `run` raises afterwards."""
        with self._lock:
            self._closed = True
            self._finalizer()

    def __enter__(self) -> "DurableBackend":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
