"""Safe conclusion arithmetic: allowed forms evaluate, every other form is an ExpressionError."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.engine import expressions
from floorman.engine.expressions import ExpressionError, evaluate, validate

SCOPE = {
    "a": {"id": "action:3", "seat": 7, "chips_total": 1000, "to_call": 400, "min_raise_to": 800,
          "declared_amount": 600, "all_in": True, "declared": "none", "zero": 0, "neg": -7},
    "h": {"big_blind": 200, "street": "turn"},
}


@pytest.mark.parametrize("expr,expected", [
    ("a.chips_total - a.to_call", 600),
    ("max(a.min_raise_to, a.declared_amount)", 800),
    ("min(a.min_raise_to, a.declared_amount, h.big_blind)", 200),
    ("abs(a.neg)", 7),
    ("-a.to_call + 1", -399),
    ("a.chips_total // 3", 333),
    ("a.neg // 2", -4),                 # floor division, as Python
    ("a.chips_total % 3", 1),
    ("a.to_call * 2 + h.big_blind", 1000),
    ("(a.to_call + 100) * 2", 1000),
    ("a.chips_total > a.to_call", True),
    ("a.to_call <= a.min_raise_to < a.chips_total", True),
    ("a.to_call == a.min_raise_to", False),
    ("a.declared == 'none'", True),
    ("h.street != 'river'", True),
    ("a.all_in and a.chips_total > 0", True),
    ("not a.all_in or a.zero == 0", True),
    ("a.to_call if a.all_in else 0", 400),
    ("a.to_call if a.seat == 3 else h.big_blind", 200),
    ("'call'", "call"),
    ("42", 42),
    ("True", True),
    ("a.seat", 7),
])
def test_allowed_forms_evaluate(expr, expected):
    validate(expr, ["a", "h"])
    value = evaluate(expr, SCOPE)
    assert value == expected and type(value) is type(expected)


def test_and_or_short_circuit_like_python():
    # the right side would fail (missing field) but is never evaluated
    assert evaluate("not a.all_in and a.missing > 0", SCOPE) is False
    assert evaluate("a.all_in or a.missing > 0", SCOPE) is True


@pytest.mark.parametrize("expr,reason", [
    ("__import__('os')", "only min, max and abs can be called"),
    ("__import__('os').system('true')", "only min, max and abs"),
    ("open('/etc/passwd')", "only min, max and abs"),
    ("len(a.seat)", "only min, max and abs"),
    ("eval('1')", "only min, max and abs"),
    ("a.seat.bit_length()", "only min, max and abs"),
    ("a.b.c", "not an alias"),
    ("(1).real", "not an alias"),
    ("'x'.upper", "not an alias"),
    ("min.__self__", "starting with '_'"),
    ("min.x", "not an alias"),
    ("a.__class__", "starting with '_'"),
    ("a._private", "starting with '_'"),
    ("lambda: 1", "lambda is not allowed"),
    ("(lambda: 1)()", "only min, max and abs"),
    ("a['seat']", "subscripts are not allowed"),
    ("a.seat[0]", "subscripts are not allowed"),
    ("f'{a.seat}'", "f-strings are not allowed"),
    ("[a.seat]", "lists are not allowed"),
    ("(a.seat, 1)", "tuples are not allowed"),
    ("{1: 2}", "dicts are not allowed"),
    ("[x for x in a]", "comprehensions are not allowed"),
    ("(x := 3)", "':=' is not allowed"),
    ("a", "bare name"),
    ("seat", "bare name"),
    ("min", "can only be called"),
    ("a.seat ** 2", "Pow is not allowed"),
    ("a.seat / 2", "Div is not allowed"),
    ("a.seat << 2", "LShift is not allowed"),
    ("a.seat & 1", "BitAnd is not allowed"),
    ("~a.seat", "Invert is not allowed"),
    ("+a.seat", "UAdd is not allowed"),
    ("a.seat in 3", "In is not allowed"),
    ("a.seat is 3", "Is is not allowed"),
    ("1.5", "float"),
    ("None", "None"),
    ("b'x'", "bytes"),
    ("...", "ellipsis"),
    ("min(a.seat)", "at least 2"),
    ("abs(a.seat, 1)", "exactly 1"),
    ("max(a.seat, key=1)", "keyword"),
    ("max(*a)", "'*' unpacking"),
    ("a.seat +", "syntax error"),
    ("import os", "syntax error"),
    ("a.seat; 1", "syntax error"),
    ("", "empty"),
    ("   ", "empty"),
])
def test_forbidden_forms_are_expression_errors(expr, reason):
    with pytest.raises(ExpressionError) as info:
        validate(expr, ["a", "h"])
    assert reason in info.value.reason
    assert info.value.expr == expr
    with pytest.raises(ExpressionError):
        evaluate(expr, SCOPE)


@pytest.mark.parametrize("expr,reason", [
    ("a.missing + 1", "has no field 'missing'"),
    ("x.seat", "alias 'x' is not bound"),
    ("a.all_in + 1", "needs ints, got bool"),
    ("a.declared * 3", "needs ints, got str"),
    ("a.seat // a.zero", "division by zero"),
    ("a.seat % a.zero", "division by zero"),
    ("a.seat == '7'", "compares int 7 with str"),
    ("a.declared < 'z'", "needs ints, got str"),
    ("a.seat and a.all_in", "needs a bool, got int"),
    ("not a.seat", "needs a bool"),
    ("1 if a.seat else 2", "'if' condition needs a bool"),
    ("max(a.seat, a.declared)", "needs ints"),
    ("-a.declared", "needs ints"),
])
def test_evaluation_errors_name_the_problem(expr, reason):
    with pytest.raises(ExpressionError, match=None) as info:
        evaluate(expr, SCOPE)
    assert reason in info.value.reason
    assert repr(expr) in str(info.value)


def test_missing_field_is_an_error_never_zero():
    with pytest.raises(ExpressionError, match="no field 'to_call'"):
        evaluate("a.chips_total - a.to_call", {"a": {"chips_total": 5}})


def test_unusable_field_values_are_errors():
    for bad in (None, 1.5, [1], {"x": 1}):
        with pytest.raises(ExpressionError, match="only int, str and bool"):
            evaluate("a.x + 1", {"a": {"x": bad}})


def test_validate_checks_aliases():
    validate("a.seat + h.big_blind", ["a", "h"])
    with pytest.raises(ExpressionError, match="unknown alias 'h'"):
        validate("a.seat + h.big_blind", ["a"])


def test_non_string_and_oversized_expressions():
    with pytest.raises(ExpressionError, match="must be a string"):
        evaluate(42, SCOPE)  # type: ignore[arg-type]
    with pytest.raises(ExpressionError, match="must be a string"):
        validate(["a.seat"], ["a"])  # type: ignore[arg-type]
    with pytest.raises(ExpressionError, match="longer than"):
        validate("a.seat + " * 100 + "1", ["a"])
    with pytest.raises(ExpressionError, match="too complex"):
        validate(" + ".join(["1"] * 120), ["a"])              # 477 characters, 239 nodes
    with pytest.raises(ExpressionError, match="too complex"):
        validate("-" * 300 + "a.seat", ["a"])                 # deep, not long
    with pytest.raises(ExpressionError, match="syntax error"):
        validate("(" * 210 + "1" + ")" * 210, ["a"])          # the parser's own nesting limit


def test_nothing_is_ever_evaluated_by_python(monkeypatch):
    import ast
    import builtins

    real_compile = builtins.compile
    calls = []

    def forbidden(*args, **kwargs):
        raise AssertionError("eval/exec must never be called")

    def ast_only_compile(source, filename, mode, flags=0, *args, **kwargs):
        # ast.parse itself calls compile(..., PyCF_ONLY_AST): that builds a tree, runs nothing
        calls.append(flags)
        if not flags & ast.PyCF_ONLY_AST:
            raise AssertionError("compile() to code must never be called")
        return real_compile(source, filename, mode, flags, *args, **kwargs)

    monkeypatch.setattr(builtins, "eval", forbidden)
    monkeypatch.setattr(builtins, "exec", forbidden)
    monkeypatch.setattr(builtins, "compile", ast_only_compile)
    expressions._parse.cache_clear()
    try:
        assert evaluate("max(a.min_raise_to, a.declared_amount) - a.to_call", SCOPE) == 400
    finally:
        monkeypatch.undo()
        expressions._parse.cache_clear()
    assert calls and all(flags & ast.PyCF_ONLY_AST for flags in calls)


@settings(max_examples=200, deadline=None)
@given(x=st.integers(-10**6, 10**6), y=st.integers(-10**6, 10**6).filter(lambda v: v != 0),
       op=st.sampled_from(["+", "-", "*", "//", "%"]))
def test_arithmetic_matches_python_ints(x, y, op):
    scope = {"a": {"x": x, "y": y}}
    python = {"+": x + y, "-": x - y, "*": x * y, "//": x // y, "%": x % y}[op]
    assert evaluate(f"a.x {op} a.y", scope) == python
