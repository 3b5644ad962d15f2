"""A `floorman check` run as JUnit XML, the format CI servers (Jenkins, GitLab, GitHub Actions
reporters) read: one <testsuite>, one <testcase> per scenario; a failed scenario has a <failure>
whose message is its problems and whose body shows the expected and the actual ruling side by side.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def _flat(expect: dict[str, Any], actual: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """(field, expected, actual) rows: rule, decision, then each param; '' where one side has none."""
    rows = [(key, expect.get(key, ""), actual.get(key, "")) for key in ("rule", "decision")]
    exp_params = expect.get("params") or {}
    act_params = actual.get("params") or {}
    for name in list(exp_params) + [k for k in act_params if k not in exp_params]:
        rows.append((f"params.{name}", exp_params.get(name, ""), act_params.get(name, "")))
    return rows


def comparison_rows(result: Any) -> list[tuple[str, str, str, bool]]:
    """The expected and the actual ruling field by field: (field, expected, actual, differs).

    Per-incident scenarios give one block per incident (fields prefixed 'incident N')."""
    expected, actual = result.expected, result.actual
    if "incidents" in expected:
        blocks = [(f"incident {i} ", e, (actual.get("incidents") or [{}] * len(expected["incidents"]))[i]
                   if i < len(actual.get("incidents") or []) else {})
                  for i, e in enumerate(expected["incidents"])]
    else:
        blocks = [("", expected, actual)]
    out = []
    for prefix, exp, act in blocks:
        for name, want, have in _flat(exp, act):
            if want == "" and have == "":
                continue
            differs = want != "" and want != have
            out.append((prefix + name, _text(want), _text(have), differs))
    return out


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def side_by_side_text(result: Any) -> str:
    """The comparison as fixed-width text (a JUnit failure body)."""
    rows = comparison_rows(result)
    if not rows:
        return "(nothing ruled)"
    width = max(len("field"), *(len(r[0]) for r in rows))
    exp_w = max(len("expected"), *(len(r[1]) for r in rows))
    lines = [f"  {'field':<{width}}  {'expected':<{exp_w}}  actual"]
    for name, want, have, differs in rows:
        lines.append(f"{'!' if differs else ' '} {name:<{width}}  {want:<{exp_w}}  {have}")
    return "\n".join(lines)


def junit_xml(results: Sequence[Any], *, name: str = "floorman check", time_taken: float | None = None) -> str:
    """The JUnit XML document for a list of CheckResults."""
    failures = sum(1 for r in results if not r.passed)
    suite = ET.Element("testsuite", name=name, tests=str(len(results)), failures=str(failures), errors="0",
                       skipped="0")
    if time_taken is not None:
        suite.set("time", f"{time_taken:.3f}")
    for result in results:
        path = Path(result.path)
        case = ET.SubElement(suite, "testcase", classname=".".join(path.with_suffix("").parts[-2:]) or path.stem,
                             name=result.title or path.stem, file=str(result.path))
        if not result.passed:
            failure = ET.SubElement(case, "failure", message="; ".join(result.problems)[:1000] or "failed",
                                    type="RulingMismatch")
            failure.text = "\n".join(result.problems) + "\n\n" + side_by_side_text(result) + "\n"
    suites = ET.Element("testsuites", name=name, tests=str(len(results)), failures=str(failures), errors="0")
    suites.append(suite)
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"


def write_junit(path: Path, results: Sequence[Any], **kwargs: Any) -> None:
    from floorman.errors import FloormanError

    try:
        Path(path).write_text(junit_xml(results, **kwargs), encoding="utf-8")
    except OSError as exc:
        raise FloormanError(f"cannot write the JUnit file: {exc.strerror or exc}", field="--junit") from None
