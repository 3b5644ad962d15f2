"""The pattern-matching core: compiler (rules -> durable JSON) and DurableBackend (runs them).

Trap numbers refer to docs/durable-rules.md (§x) and compiler.TRAPS.
"""

from __future__ import annotations

import gc
import importlib.util
import operator
import random
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from floorman.engine import backend_durable
from floorman.engine.backend_durable import (
    Activation,
    DurableBackend,
    EngineError,
    FactError,
    RuleActionError,
    RunResult,
)
from floorman.engine.compiler import (
    MAX_PATTERNS,
    RuleCompileError,
    compile_rule,
    compile_rulebook,
    compile_rules,
)

ROOT = Path(__file__).resolve().parents[1]


def action(n, **fields):
    return {"type": "action", "id": f"action:{n}", **fields}


def fired(result: RunResult):
    return [(a.rule_id, {k: v["id"] for k, v in a.matched.items()}) for a in result.activations]


@pytest.fixture
def make_backend():
    made = []

    def make(rules, name="test"):
        backend = DurableBackend(rules, name=name)
        made.append(backend)
        return backend

    yield make
    for backend in made:
        backend.close()


CHAIN = [
    {"id": "D.facing_bet", "priority": 0,
     "when": [{"as": "a", "fact": "action", "where": [["to_call", ">", 0]]}],
     "derive": {"fact": "derived", "name": "facing_bet", "seat": "@a.seat", "action_id": "@a.id"}},
    {"id": "D.full_raise", "priority": 1,
     "when": [{"as": "a", "fact": "action",
               "where": [["kind", "==", "raise"], ["raise_by", ">=", "@self.min_raise"]]},
              {"as": "f", "fact": "derived",
               "where": [["name", "==", "facing_bet"], ["action_id", "==", "@a.id"]]}],
     "derive": {"fact": "derived", "name": "full_raise", "seat": "@a.seat", "action_id": "@a.id"}},
    {"id": "D.reopened", "priority": 2,
     "when": [{"as": "r", "fact": "derived", "where": [["name", "==", "full_raise"]]}],
     "derive": {"fact": "derived", "name": "action_reopened", "after": "@r.action_id"}},
    {"id": "BET-OVERSIZED-CHIP", "priority": 10,
     "when": [{"as": "a", "fact": "action",
               "where": [["chip_count", "==", 1], ["declared", "==", "none"], ["to_call", ">", 0],
                         ["chips_total", ">", "@self.to_call"]]}]},
]


def chain_facts():
    common = dict(min_raise=100, declared="none", chip_count=2, chips_total=0)
    return [
        action(1, seat=2, kind="bet", to_call=0, raise_by=0, **common),
        action(2, seat=5, kind="raise", to_call=100, raise_by=100, **common),
        action(3, seat=7, kind="call", to_call=200, raise_by=0,
               **dict(common, chip_count=1, chips_total=1000)),
    ]


# ----------------------------------------------------------------------------- matching

def test_multi_pattern_join_binds_only_matching_pairs(make_backend):
    rules = [{"id": "SEAT-ACTS-TWICE", "when": [
        {"as": "a", "fact": "action", "where": [["kind", "==", "bet"]]},
        {"as": "b", "fact": "action", "where": [["seat", "==", "@a.seat"], ["order", ">", "@a.order"]]},
    ]}]
    backend = make_backend(rules)
    result = backend.run([
        action(1, seat=3, kind="bet", order=1),
        action(2, seat=4, kind="call", order=2),
        action(3, seat=3, kind="raise", order=3),
        action(4, seat=5, kind="bet", order=4),  # a bet, but nobody at seat 5 acts later
    ])
    assert fired(result) == [("SEAT-ACTS-TWICE", {"a": "action:1", "b": "action:3"})]


def test_one_fact_binds_at_most_one_alias(make_backend):
    rules = [{"id": "TWO-BETS", "when": [
        {"as": "a", "fact": "action", "where": [["kind", "==", "bet"]]},
        {"as": "b", "fact": "action", "where": [["kind", "==", "bet"]]}]}]
    backend = make_backend(rules)
    assert fired(backend.run([action(1, kind="bet")])) == []
    assert sorted(map(str, fired(backend.run([action(1, kind="bet"), action(2, kind="bet")])))) \
        == sorted(map(str, [("TWO-BETS", {"a": "action:1", "b": "action:2"}),
                            ("TWO-BETS", {"a": "action:2", "b": "action:1"})]))


def test_self_reference_compares_fields_of_the_same_fact(make_backend):
    rules = [{"id": "OVERSIZED", "when": [
        {"as": "a", "fact": "action", "where": [["chips_total", ">", "@self.to_call"]]}]}]
    backend = make_backend(rules)
    result = backend.run([action(1, chips_total=500, to_call=400),
                          action(2, chips_total=400, to_call=400),
                          action(3, chips_total=100, to_call=400)])
    assert fired(result) == [("OVERSIZED", {"a": "action:1"})]


@pytest.mark.parametrize("op,expected", [
    ("==", ["action:2"]), ("!=", ["action:1", "action:3"]), ("<", ["action:1"]),
    ("<=", ["action:1", "action:2"]), (">", ["action:3"]), (">=", ["action:2", "action:3"]),
])
def test_alias_reference_with_each_operator(make_backend, op, expected):
    rules = [{"id": "CMP", "when": [
        {"as": "h", "fact": "hand", "where": []},
        {"as": "a", "fact": "action", "where": [["amount", op, "@h.bet"]]}]}]
    backend = make_backend(rules)
    result = backend.run([{"type": "hand", "id": "hand", "bet": 200},
                          action(1, amount=100), action(2, amount=200), action(3, amount=300)])
    assert sorted(a.matched["a"]["id"] for a in result.activations) == expected


def test_join_on_the_id_field_works(make_backend):
    # trap B: durable reads freed memory for a.id in a join; the compiler uses '__id'
    rules = [{"id": "J", "when": [
        {"as": "a", "fact": "action", "where": []},
        {"as": "n", "fact": "note", "where": [["action_id", "==", "@a.id"]]}]},
             {"id": "L", "when": [{"as": "a", "fact": "action", "where": [["id", "==", "action:2"]]}]}]
    compiled = compile_rules(rules)
    assert {"action_id": {"a": "__id"}} in compiled["J"]["all"][1]["n"]["$and"]
    backend = make_backend(rules)
    for _ in range(200):
        result = backend.run([action(1), action(2),
                              {"type": "note", "id": "n1", "action_id": "action:2"},
                              {"type": "note", "id": "n2", "action_id": "action:9"}])
        assert fired(result) == [("L", {"a": "action:2"}), ("J", {"a": "action:2", "n": "n1"})]


def test_missing_compared_field_never_matches(make_backend):
    # docs/durable-rules.md §1.3: durable can make a comparison with a missing field PASS; $ex guards
    rules = [
        {"id": "NEQ", "when": [{"as": "a", "fact": "action", "where": [["kind", "!=", "fold"]]}]},
        {"id": "GT", "when": [{"as": "a", "fact": "action", "where": [["amount", ">", 0]]}]},
        {"id": "SELF", "when": [{"as": "a", "fact": "action",
                                 "where": [["amount", ">=", "@self.to_call"]]}]},
        {"id": "JOIN", "when": [{"as": "h", "fact": "hand", "where": []},
                                {"as": "a", "fact": "action", "where": [["seat", "==", "@h.button"]]}]},
    ]
    compiled = compile_rules(rules)
    assert compiled["SELF"]["all"][0]["a"]["$and"][:3] == [
        {"t": "action"}, {"$ex": {"amount": 1}}, {"$ex": {"to_call": 1}}]
    assert {"$ex": {"button": 1}} in compiled["JOIN"]["all"][0]["h"]["$and"]
    backend = make_backend(rules)
    bare = backend.run([{"type": "hand", "id": "hand"}, action(1)])
    assert fired(bare) == []
    partial = backend.run([{"type": "hand", "id": "hand"}, action(1, amount=5, seat=1)])
    assert [r for r, _ in fired(partial)] == ["GT"]
    full = backend.run([{"type": "hand", "id": "hand", "button": 1},
                        action(1, amount=5, to_call=5, seat=1, kind="bet")])
    assert sorted(r for r, _ in fired(full)) == ["GT", "JOIN", "NEQ", "SELF"]


def test_exists_and_absent(make_backend):
    rules = [{"id": "HAS", "when": [{"as": "a", "fact": "action", "where": [["verbal", "exists"]]}]},
             {"id": "HASNT", "when": [{"as": "a", "fact": "action", "where": [["verbal", "absent"]]}]}]
    backend = make_backend(rules)
    result = backend.run([action(1, verbal="raise"), action(2)])
    assert fired(result) == [("HAS", {"a": "action:1"}), ("HASNT", {"a": "action:2"})]


def test_in_matches_any_listed_value_once_and_keeps_joins(make_backend):
    rules = [{"id": "AGGRESSIVE", "when": [
        {"as": "h", "fact": "hand", "where": []},
        {"as": "a", "fact": "action",
         "where": [["kind", "in", ["bet", "raise", "raise", "allin"]], ["seat", ">", "@h.button"]]}]}]
    compiled = compile_rule(rules[0])
    tests = compiled["all"][1]["a"]["$and"]
    # trap C: the '$or' comes after the join test, and repeated values are dropped
    assert tests[-1] == {"$or": [{"kind": "bet"}, {"kind": "raise"}, {"kind": "allin"}]}
    assert {"$gt": {"seat": {"h": "button"}}} in tests[:-1]
    backend = make_backend(rules)
    result = backend.run([{"type": "hand", "id": "hand", "button": 3},
                          action(1, kind="raise", seat=5), action(2, kind="raise", seat=2),
                          action(3, kind="call", seat=6), action(4, kind="allin", seat=9)])
    assert [a.matched["a"]["id"] for a in result.activations] == ["action:1", "action:4"]


def test_single_value_in_is_plain_equality():
    compiled = compile_rule({"id": "R", "when": [
        {"as": "a", "fact": "action", "where": [["kind", "in", ["bet"]]]}]})
    assert compiled["all"][0]["a"]["$and"][-1] == {"kind": "bet"}


def test_booleans_travel_as_ints_but_never_match_ints(make_backend):
    rules = [{"id": "ALL-IN", "when": [{"as": "a", "fact": "action", "where": [["all_in", "==", True]]}]}]
    assert compile_rule(rules[0])["all"][0]["a"]["$and"][-1] == {"all_in": 1}
    backend = make_backend(rules)
    result = backend.run([action(1, all_in=True), action(2, all_in=False)])
    assert fired(result) == [("ALL-IN", {"a": "action:1"})]
    assert result.activations[0].matched["a"]["all_in"] is True      # caller's view kept
    with pytest.raises(FactError, match="all_in"):
        backend.run([action(1, all_in=1)])      # durable would say 1 == True (docs/durable-rules.md §1.3)


def test_string_where_an_int_is_compared_is_refused(make_backend):
    backend = make_backend([{"id": "BIG", "when": [
        {"as": "a", "fact": "action", "where": [["amount", ">", 10]]}]}])
    with pytest.raises(FactError, match="amount"):
        backend.run([action(1, amount="100")])   # durable: '100' vs 100 compares as garbage


def test_joined_fields_must_agree_in_kind_within_a_run(make_backend):
    backend = make_backend([{"id": "SAME", "when": [
        {"as": "a", "fact": "action", "where": []},
        {"as": "b", "fact": "seat", "where": [["number", "==", "@a.seat"]]}]}])
    assert fired(backend.run([action(1, seat=3), {"type": "seat", "id": "s3", "number": 3}])) == [
        ("SAME", {"a": "action:1", "b": "s3"})]
    with pytest.raises(FactError, match="number"):
        backend.run([action(1, seat=3), {"type": "seat", "id": "s3", "number": "3"}])


# ----------------------------------------------------------------------------- chaining, order

def test_forward_chaining_three_levels_in_trace_order(make_backend):
    backend = make_backend(CHAIN)
    result = backend.run(chain_facts())
    assert fired(result) == [
        ("D.facing_bet", {"a": "action:2"}),
        ("D.full_raise", {"a": "action:2", "f": "derived:D.facing_bet:action:2"}),
        ("D.reopened", {"r": "derived:D.full_raise:action:2,derived:D.facing_bet:action:2"}),
        ("D.facing_bet", {"a": "action:3"}),
        ("BET-OVERSIZED-CHIP", {"a": "action:3"}),
    ]
    reopened = result.activations[2].derived
    assert reopened == {"type": "derived", "name": "action_reopened", "after": "action:2",
                        "because": "D.reopened",
                        "id": "derived:D.reopened:derived:D.full_raise:action:2,"
                              "derived:D.facing_bet:action:2"}
    # no rule consumes action_reopened (durable does not store it, docs/durable-rules.md §1.7): still reported
    assert [d["name"] for d in result.derived_facts] == [
        "facing_bet", "full_raise", "action_reopened", "facing_bet"]
    assert result.activations[-1].derived is None


def test_priority_orders_firings_within_one_assert(make_backend):
    rules = [{"id": f"P{p}", "priority": p,
              "when": [{"as": "a", "fact": "action", "where": [["amount", ">", 0]]}]}
             for p in (5, 65535, 3, 0, 300)]
    backend = make_backend(rules)
    result = backend.run([action(1, amount=1), action(2, amount=2)])
    assert fired(result) == [(f"P{p}", {"a": f"action:{n}"})
                             for n in (1, 2) for p in (0, 3, 5, 300, 65535)]


@pytest.mark.parametrize("priority", [-1, 65536, 2**31, True, "1"])
def test_priorities_outside_durables_16_bits_are_rejected(priority):
    # trap E: durable stores 'pri' in 16 unsigned bits, so -2 fires last and 65536 first
    with pytest.raises(RuleCompileError, match="0 to 65535"):
        compile_rule(_rule(priority=priority))


def test_derived_fact_activations_wait_behind_higher_priority_ones(make_backend):
    rules = [
        {"id": "DERIVE", "priority": 1, "when": [{"as": "a", "fact": "action", "where": []}],
         "derive": {"fact": "flag", "name": "seen"}},
        {"id": "LATE", "priority": 9, "when": [{"as": "a", "fact": "action", "where": []}]},
        {"id": "ON-FLAG", "priority": 5, "when": [{"as": "f", "fact": "flag", "where": []}]},
    ]
    result = make_backend(rules).run([action(1)])
    assert [r for r, _ in fired(result)] == ["DERIVE", "ON-FLAG", "LATE"]


def test_duplicate_activations_are_dropped(make_backend, monkeypatch):
    # Our compiler never emits overlapping '$or' branches; inject one to prove the sink's
    # de-duplication (docs/durable-rules.md §1.5: durable fires once per true branch).
    real_compile = backend_durable.compile_rulebook
    raw_calls = []

    def overlapping(rules):
        book = real_compile(rules)
        spec = book.specs["OVERLAP"]
        pattern = spec.durable["all"][0]["a"]["$and"]
        pattern.append({"$or": [{"$gt": {"amount": 0}}, {"$gt": {"amount": 1}}]})
        return book

    real_make_action = backend_durable._make_action

    def counting(sink, spec):
        inner = real_make_action(sink, spec)

        def action_(c):
            raw_calls.append(spec.rule_id)
            inner(c)
        return action_

    monkeypatch.setattr(backend_durable, "compile_rulebook", overlapping)
    monkeypatch.setattr(backend_durable, "_make_action", counting)
    backend = make_backend([{"id": "OVERLAP", "when": [
        {"as": "a", "fact": "action", "where": [["amount", ">", -1]]}]}])
    result = backend.run([action(1, amount=5)])
    assert raw_calls == ["OVERLAP", "OVERLAP"]           # durable fired twice...
    assert fired(result) == [("OVERLAP", {"a": "action:1"})]   # ...the caller sees it once


# ----------------------------------------------------------------------------- errors

def test_exception_in_an_action_reaches_the_caller(make_backend):
    rules = [{"id": "NEEDS-SEAT", "when": [{"as": "a", "fact": "action", "where": []}],
              "derive": {"fact": "derived", "name": "x", "seat": "@a.seat"}}]
    backend = make_backend(rules)
    with pytest.raises(RuleActionError) as info:
        backend.run([action(1)])                # no 'seat': the derive cannot be built
    assert info.value.rule_id == "NEEDS-SEAT"
    assert isinstance(info.value.cause, KeyError)
    assert "seat" in str(info.value)
    for _ in range(1100):                        # the failed sessions were deleted (cap 1024)
        with pytest.raises(RuleActionError):
            backend.run([action(1)])
    assert [a.derived["seat"] for a in backend.run([action(1, seat=4)]).activations] == [4]


def test_engine_error_303_is_explained_and_the_backend_survives(make_backend):
    # trap D: one fact may satisfy at most 64 patterns of the whole ruleset
    rules = [{"id": f"R{i}", "when": [{"as": "a", "fact": "action", "where": [["amount", ">", -i]]}]}
             for i in range(65)]
    backend = make_backend(rules)
    with pytest.raises(EngineError, match="64 patterns"):
        backend.run([action(1, amount=1)])
    expected = sum(1 for i in range(65) if -i < -10)
    assert len(backend.run([action(1, amount=-10)]).activations) == expected == 54


@pytest.mark.parametrize("bad,message", [
    ({"id": 7, "type": "action"}, "'id' must be a non-empty string"),
    ({"id": "x"}, "'type'"),
    ({"id": "x", "type": "action", "amount": None}, "None"),
    ({"id": "x", "type": "action", "amount": 1.5}, "float"),
    ({"id": "x", "type": "action", "cards": ["As"]}, "list"),
    ({"id": "x", "type": "action", "t": "other"}, "reserved"),
    ({"id": "x", "type": "action", "sid": "s"}, "reserved"),
    ({"id": "x", "type": "action", "__id": "s"}, "reserved"),
    ({"id": "x", "type": "action", "amount": 2**60}, "too large"),
    ({"id": "derived:x", "type": "action"}, "reserved for derived"),
])
def test_bad_facts_are_refused_before_any_session(make_backend, bad, message):
    backend = make_backend(CHAIN)
    with pytest.raises(FactError, match=message):
        backend.run([bad])


def test_duplicate_fact_ids_are_refused(make_backend):
    with pytest.raises(FactError, match="duplicate"):
        make_backend(CHAIN).run([action(1), action(1)])


# ----------------------------------------------------------------------------- compile errors

def _rule(*where, fact="action", **extra):
    return {"id": "R1", "when": [{"as": "a", "fact": fact, "where": list(where)}], **extra}


def test_seventeen_patterns_are_rejected_at_compile_time():
    rule = {"id": "TOO-MANY", "when": [{"as": f"p{i}", "fact": "action", "where": []}
                                       for i in range(MAX_PATTERNS + 1)]}
    with pytest.raises(RuleCompileError) as info:
        compile_rule(rule)
    assert (info.value.rule_id, info.value.path) == ("TOO-MANY", "when")
    assert "16" in str(info.value)
    compile_rule(dict(rule, when=rule["when"][:MAX_PATTERNS]))   # 16 is fine


@pytest.mark.parametrize("rule,path,message", [
    (_rule({"$or": [["kind", "==", "bet"], ["kind", "==", "raise"]]}), "when[0].where[0]", "not supported"),
    (_rule(["kind", "or", "bet"]), "when[0].where[0]", "disjunction"),
    (_rule(["kind", "$not", "bet"]), "when[0].where[0]", "unknown operator"),
    ({"id": "R1", "when": [{"as": "a", "fact": "action", "not": [["x", "==", 1]]}]}, "when[0].not", "negation"),
    ({"id": "R1", "when": [{"as": "a", "fact": "action", "any": []}]}, "when[0].any", "disjunction"),
    (_rule(["amount", ">=", "@self.to_call * 2"]), "when[0].where[0]", "arithmetic"),
    (_rule(["amount", ">=", "@self.to_call+1"]), "when[0].where[0]", "arithmetic"),
    (_rule(["amount", "~=", 3]), "when[0].where[0]", "unknown operator"),
    (_rule(["amount", ">", None]), "when[0].where[0]", "None"),
    (_rule(["amount", ">", 2.5]), "when[0].where[0]", "float"),
    (_rule(["flag", ">", True]), "when[0].where[0]", "needs an int"),
    (_rule(["street", "<", "river"]), "when[0].where[0]", "needs an int"),
    (_rule(["kind", "in", ["bet", 3]]), "when[0].where[0]", "mixes"),
    (_rule(["kind", "in", []]), "when[0].where[0]", "empty"),
    (_rule(["kind", "in", "bet"]), "when[0].where[0]", "list"),
    (_rule(["kind", "==", ["bet"]]), "when[0].where[0]", "'in'"),
    (_rule(["kind", "in", ["@a.kind"]]), "when[0].where[0][0]", "literals only"),
    (_rule(["seat", "==", "@b.seat"]), "when[0].where[0]", "no pattern binds 'b'"),
    (_rule(["seat", "==", "@a.seat"]), "when[0].where[0]", "@self"),
    (_rule(["seat", "exists", 1]), "when[0].where[0]", "takes no value"),
    (_rule(["seat", "=="]), "when[0].where[0]", "needs a value"),
    (_rule("seat == 1"), "when[0].where[0]", "list"),
    (_rule(["chip.value", ">", 1]), "when[0].where[0]", "nested"),
    (_rule(["sid", "==", "x"]), "when[0].where[0]", "bad field"),
    (_rule(["seat", "absent"], ["seat", "==", 1]), "when[0]", "absent"),
    (_rule(["amount", "==", 1], ["amount", "==", "one"]), "when[0].where[1]", "type conflict"),
    (_rule(pri=3), "pri", "priority"),
    (_rule(priority="high"), "priority", "int"),
    (_rule(derive={"fact": "derived", "seat": "@self.seat"}), "derive.seat", "@self"),
    (_rule(derive={"fact": "derived", "id": "x"}), "derive.id", "set by the engine"),
    (_rule(derive={"fact": "derived", "seat": "@z.seat"}), "derive.seat", "no pattern binds"),
    ({"id": "R1", "when": []}, "when", "at least one"),
    ({"id": "R1", "when": [{"as": "self", "fact": "action"}]}, "when[0].as", "alias"),
    ({"id": "R1", "when": [{"as": "a", "fact": "action"}, {"as": "a", "fact": "hand"}]}, "when[1].as", "already bound"),
    ({"id": "bad id!", "when": []}, "id", "rule id"),
])
def test_unsafe_or_malformed_rules_are_rejected_with_rule_id_and_path(rule, path, message):
    with pytest.raises(RuleCompileError) as info:
        compile_rule(rule)
    assert info.value.path == path
    assert message in info.value.message
    assert str(info.value).startswith(f"rule {info.value.rule_id}: ")


def test_later_alias_reference_is_rejected():
    rule = {"id": "R1", "when": [
        {"as": "a", "fact": "action", "where": [["seat", "==", "@b.seat"]]},
        {"as": "b", "fact": "action", "where": []}]}
    with pytest.raises(RuleCompileError, match="no pattern binds 'b'"):
        compile_rule(rule)


def test_kind_conflicts_across_rules_and_duplicate_ids_are_rejected():
    with pytest.raises(RuleCompileError) as info:
        compile_rules([_rule(["declared", "==", "none"]),
                       dict(_rule(["declared", "==", 0]), id="R2")])
    assert (info.value.rule_id, info.value.path) == ("R2", "when[0].where[0]")
    assert "R1" in info.value.message
    with pytest.raises(RuleCompileError, match="duplicate"):
        compile_rules([_rule(), _rule()])


def test_compiler_output_is_plain_json_with_guards_first_and_or_last():
    compiled = compile_rule(CHAIN[1])
    assert compiled == {"pri": 1, "all": [
        {"a": {"$and": [{"t": "action"}, {"$ex": {"kind": 1}}, {"$ex": {"min_raise": 1}},
                        {"$ex": {"raise_by": 1}}, {"kind": "raise"},
                        {"$gte": {"raise_by": {"$m": "min_raise"}}}]}},
        {"f": {"$and": [{"t": "derived"}, {"$ex": {"action_id": 1}}, {"$ex": {"name": 1}},
                        {"name": "facing_bet"}, {"action_id": {"a": "__id"}},
                        {"$neq": {"__id": {"a": "__id"}}}]}}]}   # trap F: the always-true final join
    book = compile_rulebook(CHAIN)
    assert list(book.specs) == [r["id"] for r in CHAIN]
    assert book.patterns_per_type == {"action": 3, "derived": 2}


# ----------------------------------------------------------------------------- sessions, hosts

def test_two_thousand_runs_stay_under_the_session_cap(make_backend):
    # docs/durable-rules.md §2.1: 1024 live sessions per ruleset, created even when nothing matched
    backend = make_backend(CHAIN)
    partial = [{"type": "derived", "id": "d1", "name": "facing_bet", "action_id": "none"}]
    for i in range(2000):
        facts = [chain_facts(), [{"type": "unused", "id": "u"}], partial][i % 3]
        backend.run(facts)
    assert len(backend.run(chain_facts()).activations) == 5


def test_backend_starts_no_threads():
    before = threading.active_count()
    backends = [DurableBackend(CHAIN, name="threads") for _ in range(3)]
    for backend in backends:
        backend.run(chain_facts())
    assert threading.active_count() == before
    for backend in backends:
        backend.close()


def test_two_backends_with_the_same_rules_coexist(make_backend):
    first, second = make_backend(CHAIN, "same"), make_backend(CHAIN, "same")
    assert first.ruleset_name != second.ruleset_name
    assert fired(first.run(chain_facts())) == fired(second.run(chain_facts()))
    first.close()
    assert len(second.run(chain_facts()).activations) == 5


def test_close_frees_the_ruleset(make_backend):
    import durable_rules_engine

    backend = make_backend(CHAIN)
    handle = backend._ruleset._handle
    backend.close()
    backend.close()                              # idempotent
    assert backend.ruleset_name not in backend._host._ruleset_directory
    with pytest.raises(durable_rules_engine.error, match="111"):   # handle no longer exists
        durable_rules_engine.assert_fact(handle, '{"t": "action", "sid": "x"}')
    with pytest.raises(RuntimeError, match="closed"):
        backend.run(chain_facts())


def test_a_dropped_backend_is_freed_by_its_finalizer():
    import durable_rules_engine

    backend = DurableBackend(CHAIN, name="dropped")
    backend.run(chain_facts())
    handle = backend._ruleset._handle
    del backend
    gc.collect()
    with pytest.raises(durable_rules_engine.error, match="111"):
        durable_rules_engine.assert_fact(handle, '{"t": "action", "sid": "x"}')


def test_fresh_backend_survives_a_first_run_where_no_action_fires():
    # trap A: without priming, delete_state on such a session segfaults. Run in a
    # subprocess so a regression fails this test instead of killing the test run.
    code = textwrap.dedent("""
        from floorman.engine.backend_durable import DurableBackend
        rules = [{"id": "J", "when": [{"as": "a", "fact": "action", "where": [["seat", ">", 0]]},
                                      {"as": "b", "fact": "hand", "where": [["button", "==", "@a.seat"]]}]}]
        for i in range(20):
            backend = DurableBackend(rules, name="prime")
            assert backend.run([{"type": "other", "id": "o"}]).activations == []
            assert backend.run([{"type": "action", "id": "a", "seat": 1}]).activations == []
            backend.close()
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert done.stdout.strip() == "ok"


def test_runs_from_several_threads_are_serialised_correctly(make_backend):
    backend = make_backend(CHAIN)
    expected = fired(backend.run(chain_facts()))
    failures = []

    def worker():
        for _ in range(150):
            got = fired(backend.run(chain_facts()))
            if got != expected:
                failures.append(got)

    threads = [threading.Thread(target=worker) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


def test_matched_facts_are_the_callers_view(make_backend):
    backend = make_backend(CHAIN)
    result = backend.run(chain_facts())
    matched = result.activations[0].matched["a"]
    assert matched == chain_facts()[1]
    assert not {"t", "sid", "__id"} & set(matched)
    assert isinstance(result.activations[0], Activation)


# ----------------------------------------------------------------------------- differential

OPS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
       ">": operator.gt, ">=": operator.ge}
FIELDS = ("p", "q", "r")


def _random_rule(rng: random.Random, rid: str) -> dict:
    when = []
    for i in range(rng.randint(1, 3)):
        where = []
        for _ in range(rng.randint(0, 3)):
            field = rng.choice(FIELDS)
            roll = rng.random()
            if roll < 0.15:
                where.append([field, "in", rng.sample(range(4), rng.randint(1, 3))])
            elif roll < 0.22:
                where.append([field, rng.choice(["exists", "absent"])])
            elif roll < 0.45 and i:
                where.append([field, rng.choice(list(OPS)), f"@a{rng.randrange(i)}.{rng.choice(FIELDS)}"])
            elif roll < 0.55:
                where.append([field, rng.choice(list(OPS)), f"@self.{rng.choice(FIELDS)}"])
            else:
                where.append([field, rng.choice(list(OPS)), rng.randint(0, 3)])
        when.append({"as": f"a{i}", "fact": rng.choice(["x", "y"]), "where": where})
    return {"id": rid, "priority": rng.randint(0, 3), "when": when}


def _reference(rule: dict, facts: list[dict]) -> set:
    """What the rule means, in plain Python: distinct facts, missing fields never compare."""
    out = set()

    def holds(cond, fact, bound):
        field, op = cond[0], cond[1]
        if op == "exists":
            return field in fact
        if op == "absent":
            return field not in fact
        if field not in fact:
            return False
        value = cond[2]
        if op == "in":
            return fact[field] in value
        if isinstance(value, str):
            alias, other = value[1:].split(".")
            src = fact if alias == "self" else bound[alias]
            if other not in src:
                return False
            value = src[other]
        return OPS[op](fact[field], value)

    def walk(i, bound, used):
        if i == len(rule["when"]):
            out.add((rule["id"], tuple(bound[p["as"]]["id"] for p in rule["when"])))
            return
        pattern = rule["when"][i]
        for fact in facts:
            if fact["type"] == pattern["fact"] and fact["id"] not in used and \
                    all(holds(c, fact, bound) for c in pattern["where"]):
                walk(i + 1, {**bound, pattern["as"]: fact}, used | {fact["id"]})

    walk(0, {}, frozenset())
    return out


def test_backend_agrees_with_a_python_reference_on_random_rules():
    rng = random.Random(20261129)
    checked = 0
    for book in range(12):
        rules = []
        for k in range(8):
            try:
                rule = _random_rule(rng, f"R{book}-{k}")
                compile_rule(rule)
            except RuleCompileError:
                continue                         # e.g. absent + compared on one field
            rules.append(rule)
        backend = DurableBackend(rules, name="diff")
        try:
            for _ in range(25):
                facts = []
                for n in range(rng.randint(1, 5)):
                    fact = {"type": rng.choice(["x", "y"]), "id": f"f{n}"}
                    fact.update({f: rng.randint(0, 3) for f in FIELDS if rng.random() < 0.85})
                    facts.append(fact)
                result = backend.run(facts)
                got = [(a.rule_id, tuple(f["id"] for f in a.matched.values()))
                       for a in result.activations]
                assert len(got) == len(set(got))
                expected = set().union(*(_reference(r, facts) for r in rules))
                assert set(got) == expected, (rules, facts)
                checked += len(expected)
        finally:
            backend.close()
    assert checked > 100                         # the test really exercised matches


# ----------------------------------------------------------------------------- memory

def test_memory_stays_flat_over_20k_runs_quick_bench():
    spec = importlib.util.spec_from_file_location(
        "bench_engine_memory", ROOT / "bench" / "bench_engine_memory.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    report = bench.measure(20_000)
    assert report["runs"] == 20_000
    assert report["activations_per_run"] == 5
    assert report["growth_after_baseline_mb"] < 8, report


# ----------------------------------------------------------------------------- trap F

_TRAP_F_CHILD = r"""
from floorman.engine.backend_durable import DurableBackend
rules = [{"id": "SEAT-ACTS-TWICE", "when": [
    {"as": "a", "fact": "action", "where": [["kind", "==", "bet"]]},
    {"as": "b", "fact": "action", "where": [["seat", "==", "@a.seat"], ["order", ">", "@a.order"]]},
]}]
def action(i, **kw): return {"type": "action", "id": f"action:{i}", **kw}
keep = [DurableBackend(rules, name=f"k{i}") for i in range(300)]
for j in range(100):
    b = DurableBackend(rules, name="t")
    r = b.run([action(1, seat=3, kind="bet", order=1), action(2, seat=4, kind="call", order=2),
               action(3, seat=3, kind="raise", order=3), action(4, seat=5, kind="bet", order=4)])
    assert [a.rule_id for a in r.activations] == ["SEAT-ACTS-TWICE"], r
print("ok")
"""


def test_trap_f_failing_last_join_test_does_not_read_past_the_group():
    """durable's short-circuit skips a join group's end marker when the group's last test
    fails and reads on past the array: with a few hundred rulesets in a process it crashed
    (segfault) every time before the compiler ended each join group with an always-true join."""
    import subprocess
    import sys

    child = subprocess.run([sys.executable, "-c", _TRAP_F_CHILD], capture_output=True, text=True,
                           timeout=300)
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.strip() == "ok"


def test_every_join_group_ends_with_an_always_true_join():
    from floorman.engine.compiler import compile_rule

    compiled = compile_rule({"id": "J", "when": [
        {"as": "a", "fact": "x", "where": [["k", "==", 1]]},
        {"as": "b", "fact": "x", "where": [["seat", "==", "@a.seat"], ["n", ">", "@a.n"], ["m", "in", [1, 2]]]}]})
    conds = compiled["all"][1]["b"]["$and"]
    assert conds[-2] == {"$neq": {"__id": {"a": "__id"}}}     # the sentinel, before the '$or' (trap C)
    assert "$or" in conds[-1]


def test_patterns_per_type_counts_every_pattern_of_each_fact_type():
    """The safe bound `floorman rulebook lint` (L012) starts from: a rule with two wager patterns counts two."""
    compiled = compile_rulebook([
        {"id": "A", "when": [{"as": "a", "fact": "wager", "where": [["seat", "==", 1]]},
                             {"as": "b", "fact": "wager", "where": [["seat", "==", 2]]}]},
        {"id": "B", "when": [{"as": "p", "fact": "profile"}, {"as": "w", "fact": "wager"}]},
    ])
    assert compiled.patterns_per_type == {"wager": 3, "profile": 1}
