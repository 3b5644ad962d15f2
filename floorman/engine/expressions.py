"""Safe arithmetic for rule conclusions: ``"a.chips_total - a.to_call"`` -> an int.

One job: parse a conclusion expression with ``ast.parse(mode='eval')``, accept only a small
whitelist of node types, and evaluate the tree by walking it. Nothing is ever passed to
eval/exec/compile, and no attribute is ever looked up on a Python object: ``alias.field`` reads
``scope[alias][field]`` from plain mappings.

The language:
* ``alias.field`` where alias is one of the rule's aliases (a bare alias is refused);
* int, str and bool constants (no None, no floats);
* ``+ - * // %`` and unary ``-`` on ints (bools are not ints here);
* comparisons ``== != < <= > >=`` (ordering on ints only; both sides of one kind);
* ``and``, ``or``, ``not`` on bools; ``x if cond else y`` with a bool condition;
* calls to ``min``, ``max`` (two or more ints) and ``abs`` (one int), positional only.

A missing field or alias is an error, never a silent 0. Every error is an `ExpressionError`
naming the expression and what was wrong.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Collection, Mapping
from typing import Any, cast

from floorman.errors import FloormanError

__all__ = ["ExpressionError", "evaluate", "validate", "MAX_LENGTH", "MAX_NODES"]

MAX_LENGTH = 500          # characters; conclusions are short, and parsing cost stays bounded
MAX_NODES = 200           # AST nodes
Value = int | str | bool

_BINOPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Mod: "%"}
_CMPOPS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}
_FUNCS = {"min": (2, None), "max": (2, None), "abs": (1, 1)}   # name -> (min args, max args)
_NAMES_FOR = {
    ast.Lambda: "lambda", ast.Subscript: "subscripts", ast.JoinedStr: "f-strings",
    ast.FormattedValue: "f-strings", ast.ListComp: "comprehensions",
    ast.SetComp: "comprehensions", ast.DictComp: "comprehensions",
    ast.GeneratorExp: "comprehensions", ast.NamedExpr: "':='", ast.Starred: "'*' unpacking",
    ast.List: "lists", ast.Tuple: "tuples", ast.Dict: "dicts", ast.Set: "sets",
    ast.Await: "await", ast.Yield: "yield", ast.YieldFrom: "yield", ast.Slice: "slices",
}


class ExpressionError(FloormanError, ValueError):
    """An expression is not in the conclusion language, or cannot be evaluated on its scope."""

    def __init__(self, expr: str, reason: str):
        self.expr = expr
        self.reason = reason
        super().__init__(f"expression {expr!r}: {reason}")


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, str):
        return "str"
    return "None" if value is None else type(value).__name__


def _where(node: ast.AST) -> str:
    col = getattr(node, "col_offset", None)
    return f" (at column {col + 1})" if col is not None else ""


def _check(expr: str, node: ast.AST, names: set[str]) -> None:
    """Structural whitelist; collects the alias names used into `names`."""
    def fail(why: str) -> ExpressionError:
        return ExpressionError(expr, why + _where(node))
    if isinstance(node, ast.Constant):
        if _kind(node.value) not in ("int", "str", "bool"):
            raise fail(f"constant {node.value!r} is {_kind(node.value)}; "
                       "only int, str and bool constants are allowed")
        return
    if isinstance(node, ast.Attribute):
        if not isinstance(node.value, ast.Name):
            raise fail(f"attribute {node.attr!r} is read from something that is not an alias; "
                       "only alias.field is allowed")
        if node.attr.startswith("_"):
            raise fail(f"field {node.attr!r}: fields starting with '_' are not readable")
        if node.value.id in _FUNCS:
            raise fail(f"{node.value.id}.{node.attr}: not an alias")
        names.add(node.value.id)
        return
    if isinstance(node, ast.Name):
        if node.id in _FUNCS:
            raise fail(f"{node.id} can only be called")
        raise fail(f"bare name {node.id!r}: write alias.field")
    if isinstance(node, ast.BinOp):
        if type(node.op) not in _BINOPS:
            raise fail(f"operator {type(node.op).__name__} is not allowed (+ - * // % only)")
        _check(expr, node.left, names)
        _check(expr, node.right, names)
        return
    if isinstance(node, ast.UnaryOp):
        if not isinstance(node.op, (ast.USub, ast.Not)):
            raise fail(f"unary {type(node.op).__name__} is not allowed (only '-' and 'not')")
        _check(expr, node.operand, names)
        return
    if isinstance(node, ast.BoolOp):
        for value in node.values:
            _check(expr, value, names)
        return
    if isinstance(node, ast.Compare):
        for op in node.ops:
            if type(op) not in _CMPOPS:
                raise fail(f"comparison {type(op).__name__} is not allowed "
                           "(== != < <= > >= only)")
        _check(expr, node.left, names)
        for comp in node.comparators:
            _check(expr, comp, names)
        return
    if isinstance(node, ast.IfExp):
        for part in (node.test, node.body, node.orelse):
            _check(expr, part, names)
        return
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCS:
            what = ast.unparse(node.func)
            raise fail(f"call to {what!r}: only min, max and abs can be called")
        if node.keywords:
            raise fail(f"{node.func.id}() takes no keyword arguments")
        if any(isinstance(arg, ast.Starred) for arg in node.args):
            raise fail("'*' unpacking is not allowed")
        low, high = _FUNCS[node.func.id]
        if len(node.args) < low or (high is not None and len(node.args) > high):
            want = f"exactly {low}" if low == high else f"at least {low}"
            raise fail(f"{node.func.id}() takes {want} argument(s), got {len(node.args)}")
        for arg in node.args:
            _check(expr, arg, names)
        return
    label = _NAMES_FOR.get(type(node), type(node).__name__)
    raise fail(f"{label} are not allowed" if label.endswith("s") else f"{label} is not allowed")


@functools.lru_cache(maxsize=2048)
def _parse(expr: str) -> tuple[ast.expr, frozenset[str]]:
    """Parse and whitelist-check once per distinct expression string."""
    if not expr.strip():
        raise ExpressionError(expr, "empty expression")
    if len(expr) > MAX_LENGTH:
        raise ExpressionError(expr, f"longer than {MAX_LENGTH} characters")
    try:
        tree = ast.parse(expr.strip(), mode="eval")
    except SyntaxError as exc:
        raise ExpressionError(expr, f"syntax error: {exc.msg}") from None
    except (RecursionError, MemoryError, ValueError) as exc:
        raise ExpressionError(expr, f"cannot parse: {type(exc).__name__}") from None
    count = sum(1 for _ in ast.walk(tree))
    if count > MAX_NODES:
        raise ExpressionError(expr, f"too complex ({count} nodes, max {MAX_NODES})")
    names: set[str] = set()
    try:
        _check(expr, tree.body, names)
    except RecursionError:
        raise ExpressionError(expr, "nested too deeply") from None
    return tree.body, frozenset(names)


def validate(expr: str, aliases: Collection[str]) -> None:
    """Raise ExpressionError unless `expr` is in the language and uses only `aliases`."""
    if not isinstance(expr, str):
        raise ExpressionError(repr(expr), "an expression must be a string")
    _, names = _parse(expr)
    unknown = sorted(names - set(aliases))
    if unknown:
        known = ", ".join(sorted(aliases)) or "none"
        raise ExpressionError(expr, f"unknown alias {unknown[0]!r} (the rule binds: {known})")


def evaluate(expr: str, scope: Mapping[str, Mapping[str, Any]]) -> Value:
    """Evaluate `expr` with ``alias.field`` read from ``scope[alias][field]``."""
    if not isinstance(expr, str):
        raise ExpressionError(repr(expr), "an expression must be a string")
    tree, _ = _parse(expr)
    return _Evaluator(expr, scope).eval(tree)


class _Evaluator:
    def __init__(self, expr: str, scope: Mapping[str, Mapping[str, Any]]):
        self.expr = expr
        self.scope = scope

    def fail(self, node: ast.AST, why: str) -> ExpressionError:
        return ExpressionError(self.expr, why + _where(node))

    def int_(self, node: ast.AST, value: Value, what: str) -> int:
        if _kind(value) != "int":
            raise self.fail(node, f"{what} needs ints, got {_kind(value)} {value!r}")
        return value  # type: ignore[return-value]

    def bool_(self, node: ast.AST, value: Value, what: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(node, f"{what} needs a bool, got {_kind(value)} {value!r}")
        return value

    def eval(self, node: ast.AST) -> Value:
        if isinstance(node, ast.Constant):
            return cast(Value, node.value)          # _check let int, str and bool through only
        if isinstance(node, ast.Attribute):
            alias = node.value.id  # type: ignore[attr-defined]
            if alias not in self.scope:
                raise self.fail(node, f"alias {alias!r} is not bound")
            fact = self.scope[alias]
            if node.attr not in fact:
                raise self.fail(node, f"{alias}.{node.attr}: the fact has no field "
                                      f"{node.attr!r}")
            value: Value = fact[node.attr]
            if _kind(value) not in ("int", "str", "bool"):
                raise self.fail(node, f"{alias}.{node.attr} is {_kind(value)}; "
                                      "only int, str and bool values are usable")
            return value
        if isinstance(node, ast.BinOp):
            sym = _BINOPS[type(node.op)]
            lhs = self.int_(node, self.eval(node.left), f"'{sym}'")
            rhs = self.int_(node, self.eval(node.right), f"'{sym}'")
            if sym in ("//", "%") and rhs == 0:
                raise self.fail(node, f"division by zero in '{sym}'")
            if sym == "+":
                return lhs + rhs
            if sym == "-":
                return lhs - rhs
            if sym == "*":
                return lhs * rhs
            if sym == "//":
                return lhs // rhs
            return lhs % rhs
        if isinstance(node, ast.UnaryOp):
            operand = self.eval(node.operand)
            if isinstance(node.op, ast.Not):
                return not self.bool_(node, operand, "'not'")
            return -self.int_(node, operand, "unary '-'")
        if isinstance(node, ast.BoolOp):
            is_and = isinstance(node.op, ast.And)
            word = "'and'" if is_and else "'or'"
            for value_node in node.values:           # short-circuits like Python
                value = self.bool_(value_node, self.eval(value_node), word)
                if value != is_and:
                    return value
            return is_and
        if isinstance(node, ast.Compare):
            left = self.eval(node.left)
            for op, comp in zip(node.ops, node.comparators):
                right = self.eval(comp)
                sym = _CMPOPS[type(op)]
                if _kind(left) != _kind(right):
                    raise self.fail(node, f"'{sym}' compares {_kind(left)} {left!r} with "
                                          f"{_kind(right)} {right!r}")
                if sym in ("<", "<=", ">", ">=") and _kind(left) != "int":
                    raise self.fail(node, f"'{sym}' needs ints, got {_kind(left)}")
                ok = {"==": left == right, "!=": left != right}.get(sym)
                if ok is None:
                    ok = {"<": left < right, "<=": left <= right,  # type: ignore[operator]
                          ">": left > right, ">=": left >= right}[sym]  # type: ignore[operator]
                if not ok:
                    return False
                left = right
            return True
        if isinstance(node, ast.IfExp):
            test = self.bool_(node.test, self.eval(node.test), "'if' condition")
            return self.eval(node.body if test else node.orelse)
        if isinstance(node, ast.Call):
            name = node.func.id  # type: ignore[attr-defined]
            args = [self.int_(node, self.eval(a), f"{name}()") for a in node.args]
            if name == "abs":
                return abs(args[0])
            return min(args) if name == "min" else max(args)
        raise self.fail(node, f"{type(node).__name__} is not allowed")  # unreachable: _check
