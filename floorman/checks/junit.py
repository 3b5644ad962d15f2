"""A `floorman check` run as JUnit XML, the format CI servers (Jenkins, GitLab, GitHub Actions
reporters) read.

The file is valid against the Jenkins xunit plugin's `junit-10.xsd`, the schema pytest's own
JUnit output is tested against: one <testsuite> with <properties>, one <testcase> per scenario
(`classname` is the scenario's path with dots for folders; the exact path is the first line of
its <system-out>). A wrong ruling is a <failure> whose message is the problems and whose body
lines up the expected and the actual ruling key by key; a scenario that could not be checked at
all (it did not load, or its events cannot happen) is an <error> with the located message.
"""

from __future__ import annotations

import re
import socket
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from datetime import datetime
from pathlib import PurePath
from typing import Any

from floorman.checks.comparison import side_by_side_text
from floorman.checks.runner import NOT_LOADED

MESSAGE_LIMIT = 1000          # characters of a failure message attribute; the body has it all
# characters XML 1.0 cannot hold at all (a control character in a YAML title, say)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(value: str) -> str:
    """Text XML 1.0 can hold: a character it cannot is written as \\xNN (\\uNNNN)."""
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 256 else
                        f"\\u{ord(m.group()):04x}", value)


def classname(path: str) -> str:
    """'scenarios/betting/ymtc-1.yaml' -> 'scenarios.betting.ymtc-1': folders as packages, the
    file as the class, which is how Jenkins and GitLab group test cases."""
    parts = [part for part in PurePath(path).with_suffix("").parts if part not in ("/", ".", "..")]
    return ".".join(part.strip("/\\") for part in parts) or path


def junit_xml(results: Sequence[Any], *, name: str = "floorman check", time_taken: float | None = None,
              properties: dict[str, str] | None = None) -> str:
    """The JUnit XML document for a list of CheckResults."""
    errors = sum(1 for r in results if r.error is not None)
    failures = sum(1 for r in results if not r.passed and r.error is None)
    counts = {"tests": str(len(results)), "failures": str(failures), "errors": str(errors)}
    suite = ET.Element("testsuite", {"name": name, **counts, "skipped": "0",
                       "timestamp": datetime.now().isoformat(timespec="seconds"), "hostname": xml_text(socket.gethostname())})
    if time_taken is not None:
        suite.set("time", f"{time_taken:.3f}")
    listed = ET.SubElement(suite, "properties")
    for key, value in {"floorman.version": _version(), **(properties or {})}.items():
        ET.SubElement(listed, "property", name=xml_text(key), value=xml_text(str(value)))
    for result in results:
        _testcase(suite, result)
    suites = ET.Element("testsuites", {"name": name, **counts})
    if time_taken is not None:
        suites.set("time", f"{time_taken:.3f}")
    suites.append(suite)
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"


def _testcase(suite: ET.Element, result: Any) -> None:
    case = ET.SubElement(suite, "testcase", name=xml_text(result.title or PurePath(result.path).stem),
                         classname=xml_text(classname(result.path)))
    if result.seconds is not None:
        case.set("time", f"{result.seconds:.3f}")
    if result.error is not None:
        not_loaded = result.title == NOT_LOADED
        error = ET.SubElement(case, "error", message=xml_text(result.error[:MESSAGE_LIMIT]),
                              type="ScenarioNotLoaded" if not_loaded else "ScenarioNotRuled")
        body = result.error + ("" if not_loaded else "\n\n" + side_by_side_text(result))
        error.text = xml_text(body + "\n")
    elif not result.passed:
        failure = ET.SubElement(case, "failure", message=xml_text("; ".join(result.problems)[:MESSAGE_LIMIT]
                                                                  or "failed"), type="RulingMismatch")
        failure.text = xml_text("\n".join(result.problems) + "\n\n" + side_by_side_text(result) + "\n")
    out = ET.SubElement(case, "system-out")
    out.text = xml_text(f"scenario: {result.path}\n")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("floorman")
    except PackageNotFoundError:
        return "unknown"


def write_junit(path: Any, results: Sequence[Any], **kwargs: Any) -> None:
    from pathlib import Path

    from floorman.errors import FloormanError

    try:
        Path(path).write_text(junit_xml(results, **kwargs), encoding="utf-8")
    except OSError as exc:
        raise FloormanError(f"cannot write the JUnit file: {exc.strerror or exc}", field="--junit") from None
