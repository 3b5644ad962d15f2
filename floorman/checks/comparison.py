"""A scenario check's expected and actual ruling, lined up key by key.

One row per key of the expectation (rule, decision, each param, each citation, each rule that
must or must not fire, no_ruling, hand_void, each pot value, each hand), its actual value always filled:
from the ruling compared (the expected rule's, else the ruling made instead), or "no ruling".
Then the params the ruling gave that the scenario did not check, and every other ruling made.
The rows are worked out from a result's `expected` and `actual` JSON, so the screen, the JUnit
body and a script reading `--json` see the same thing.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from floorman.checks.runner import _same, hand_name, pot_value, same_pot_value

NO_RULING = "no ruling"
NOT_RULED = "not ruled"            # the scenario could not be ruled at all (see its error)
NOT_GIVEN = "(not given)"          # the ruling has no such param


class Row(NamedTuple):
    field: str
    expected: str                  # '' where the scenario does not check the key
    actual: str
    differs: bool


def comparison_rows(result: Any) -> list[Row]:
    """The rows for a CheckResult (per-incident expectations: one block per incident, each field
    prefixed 'incident N')."""
    expected, actual = result.expected, result.actual
    if not actual:           # nothing was ruled: each key expected, none lined up
        rows = comparison_rows(_Ruled(expected, {"rulings": []}))
        return [row._replace(actual=NOT_RULED, differs=True) for row in rows]
    hand = {"pots": actual.get("pots") or [], "hands": actual.get("hands") or {}}
    if "incidents" in expected:
        per = actual.get("incidents") or []
        rows = []
        for index, expect in enumerate(expected["incidents"]):
            block = per[index] if index < len(per) else {}
            rows += _block(f"incident {index} ", expect, block, block.get("rulings") or [],
                           block.get("fired") or [], hand)
        return rows
    return _block("", expected, actual, actual.get("rulings") or [], actual.get("fired") or [], hand)


def _block(prefix: str, expect: dict[str, Any], ruled: dict[str, Any], rulings: list[dict[str, Any]],
           fired: list[str], hand: dict[str, Any]) -> list[Row]:
    rows: list[Row] = []

    def add(name: str, want: Any, have: Any, differs: bool) -> None:
        rows.append(Row(prefix + name, "" if want is None else text(want), text(have), differs))

    made = bool(ruled.get("rule"))
    for key in ("rule", "decision"):
        want = expect.get(key)
        have = ruled.get(key) if made else NO_RULING
        add(key, want, have, want is not None and want != have)
    params = ruled.get("params") or {}
    for name, want in (expect.get("params") or {}).items():
        have = params.get(name, NOT_GIVEN) if made else NO_RULING
        add(f"params.{name}", want, have, not _same(want, have))
    for name, have in params.items():
        if name not in (expect.get("params") or {}):
            add(f"params.{name}", None, have, False)
    cited = {(c["source"], c["edition"], c.get("rule")) for c in ruled.get("cites") or []}
    for cite in expect.get("cites") or []:
        label = " ".join(str(part) for part in (cite["source"], cite["edition"], cite.get("rule")) if part)
        found = (cite["source"], cite["edition"], cite.get("rule")) in cited
        add("cites", label, ("cited" if found else "not cited") if made else NO_RULING, not found)
    for rule_id in expect.get("fires") or []:
        add(f"fires {rule_id}", "fires", "fired" if rule_id in fired else "did not fire", rule_id not in fired)
    for rule_id in expect.get("not_fires") or []:
        add(f"not_fires {rule_id}", "does not fire", "fired" if rule_id in fired else "did not fire",
            rule_id in fired)
    if "no_ruling" in expect:
        want_none = expect["no_ruling"] is True
        have = NO_RULING if not rulings else ", ".join(r["rule"] for r in rulings)
        add("no_ruling", NO_RULING if want_none else "a ruling", have, want_none == bool(rulings))
    if expect.get("hand_void") is not None:
        void = bool(ruled.get("hand_void"))
        add("hand_void", expect["hand_void"], void, expect["hand_void"] != void)
    pots = hand["pots"]
    for index, wanted in enumerate(expect.get("pots") or []):
        got = pots[index] if index < len(pots) else None
        for key, value in wanted.items():
            value = pot_value(key, value)
            name = f"pots[{index}].{key}"
            if got is None:
                add(name, value, "no such pot", True)
            else:
                add(name, value, got.get(key, NOT_GIVEN), not same_pot_value(key, value, got.get(key)))
    for seat, name in (expect.get("hands") or {}).items():
        have = hand_name(hand["hands"].get(str(seat)) or {})
        add(f"hands.{seat}", name, have or "no hand read", have != name)
    shown = (ruled.get("rule"), ruled.get("decision"), ruled.get("params")) if made else None
    for other in rulings:
        if shown == (other["rule"], other["decision"], other.get("params")):
            shown = None            # the ruling lined up above; every other one is listed
            continue
        add("also ruled", None, ruling_line(other), False)
    return rows


class _Ruled(NamedTuple):
    expected: dict[str, Any]
    actual: dict[str, Any]


def ruling_line(ruling: dict[str, Any]) -> str:
    """'RULE decision (name=value, ...)': one ruling on one line."""
    params = ", ".join(f"{name}={text(value)}" for name, value in (ruling.get("params") or {}).items())
    return f"{ruling['rule']} {ruling['decision']}" + (f" ({params})" if params else "")


def text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def side_by_side_text(result: Any) -> str:
    """The rows as fixed-width text, each difference marked '!' (a JUnit failure body)."""
    rows = comparison_rows(result)
    if not rows:
        return "(nothing expected, nothing ruled)"
    width = max(len("field"), *(len(r.field) for r in rows))
    exp_w = max(len("expected"), *(len(r.expected) for r in rows))
    lines = [f"  {'field':<{width}}  {'expected':<{exp_w}}  actual"]
    for row in rows:
        lines.append(f"{'!' if row.differs else ' '} {row.field:<{width}}  {row.expected:<{exp_w}}  {row.actual}")
    return "\n".join(lines)
